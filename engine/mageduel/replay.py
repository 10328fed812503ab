"""Replays: a scenario, a dice source and the decisions (scalachess / OpenSpiel playthroughs).

Replaying reproduces the event log exactly. :func:`verify` stops at the first illegal or diverging step,
keeps the valid prefix (the duel as it stood) and says which step and why. Decisions are written in the
compact notation of :mod:`notation` (``p1: cast magic_missile @p2``). ``events`` (optional) is the log
the replay must reproduce, for golden files.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from .bounds import MAX_DECISION, MAX_DECISIONS, MAX_EVENTS
from .compose import new_duel
from .dice import DiceSpec, Manual, Scripted, Seeded
from .events import EventModel
from .notation import format_decision, parse_decision
from .scenario import Scenario
from .state import Duel, EngineError, IllegalDecision


class Replay(BaseModel):
    """A whole duel as data."""

    model_config = ConfigDict(extra="forbid")
    version: Literal[1] = 1
    scenario: Scenario
    dice: DiceSpec
    decisions: list[Annotated[str, Field(max_length=MAX_DECISION)]] = Field(
        default_factory=list, max_length=MAX_DECISIONS
    )
    events: list[EventModel] | None = Field(default=None, max_length=MAX_EVENTS)
    outcome: dict[str, Any] | None = None


@dataclass(slots=True)
class ReplayCheck:
    """The result of :func:`verify`: ``ok``, how many decisions applied, and where and why it stopped."""

    ok: bool
    applied: int
    failed_step: int | None  # 1-based index of the decision that failed; 0: before the first decision
    reason: str
    duel: Duel

    def to_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "applied": self.applied,
            "failed_step": self.failed_step,
            "reason": self.reason,
            "outcome": self.duel.outcome.to_dict() if self.duel.outcome else None,
        }


def source_of(spec: Any) -> Seeded | Scripted | Manual:
    return spec.source()


def record(duel: Duel, with_events: bool = True) -> Replay:
    """The replay of ``duel`` as it stands."""
    return Replay(
        scenario=duel.scenario,
        dice=duel._dice_initial.spec(),  # noqa: SLF001
        decisions=[format_decision(p, o) for p, o in duel.decisions],
        events=[EventModel.from_event(e) for e in duel.events] if with_events else None,
        outcome=duel.outcome.to_dict() if duel.outcome else None,
    )


def _norm(x: Any) -> Any:
    return json.loads(json.dumps(x))


def _compare(duel: Duel, expected: list[dict[str, Any]] | None, start: int) -> tuple[int, str | None]:
    """Compare new events from ``start``; returns the new start and a divergence message or None."""
    if expected is None:
        return len(duel.events), None
    for i in range(start, len(duel.events)):
        got = _norm(EventModel.from_event(duel.events[i]).model_dump())
        if i >= len(expected):
            return (
                i,
                f"event #{i} ({got['kind']}) is not in the recorded log, which has {len(expected)} events",
            )
        if got != expected[i]:
            return i, f"event #{i} differs: recorded {expected[i]}, replayed {got}"
    return len(duel.events), None


def verify(replay: Replay) -> ReplayCheck:
    """Replay step by step; stop at the first illegal or diverging step."""
    expected = [_norm(e.model_dump()) for e in replay.events] if replay.events is not None else None
    try:
        duel = new_duel(replay.scenario, source_of(replay.dice))
    except EngineError as exc:
        raise ValueError(f"the duel cannot start: {exc}") from None
    seen, why = _compare(duel, expected, 0)
    if why:
        return ReplayCheck(False, 0, 0, f"before the first decision: {why}", duel)
    for n, line in enumerate(replay.decisions, start=1):
        try:
            player, option = parse_decision(line)
        except ValueError as exc:
            return ReplayCheck(False, n - 1, n, f"step {n}: {exc}", duel)
        if duel.pending is None:
            return ReplayCheck(False, n - 1, n, f"step {n} ({line!r}): the duel is already over", duel)
        try:
            duel.apply(player, option)
        except IllegalDecision as exc:
            return ReplayCheck(False, n - 1, n, f"step {n} ({line!r}) is illegal: {exc}", duel)
        except EngineError as exc:
            return ReplayCheck(False, n - 1, n, f"step {n} ({line!r}): {exc}", duel)
        seen, why = _compare(duel, expected, seen)
        if why:
            return ReplayCheck(False, n, n, f"step {n} ({line!r}) diverges: {why}", duel)
    if expected is not None and len(expected) != len(duel.events):
        return ReplayCheck(
            False,
            len(replay.decisions),
            len(replay.decisions),
            f"the recorded log has {len(expected)} events, the replay {len(duel.events)}",
            duel,
        )
    if replay.outcome is not None:
        got = duel.outcome.to_dict() if duel.outcome else None
        if _norm(got) != _norm(replay.outcome):
            return ReplayCheck(
                False,
                len(replay.decisions),
                len(replay.decisions),
                f"the outcome differs: recorded {replay.outcome}, replayed {got}",
                duel,
            )
    return ReplayCheck(True, len(replay.decisions), None, "ok", duel)


def events_jsonl(duel: Duel) -> list[str]:
    return [json.dumps(EventModel.from_event(e).model_dump(), ensure_ascii=False) for e in duel.events]
