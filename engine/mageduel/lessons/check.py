"""``python -m mageduel lessons --check``: every level is also a test of the engine.

For each level: its solution is played through the public API and must meet the goal; every offered option
must be legal when offered, except a wrong move marked ``refused``, which the engine must refuse with a
sentence citing that clause (the rule acts by forbidding it: the level shows the refusal); every other
named wrong move is played in place of the answer (the rest of the solution after it, where legal) and
must leave the goal unmet; each level names at least one wrong move; every clause a level says it teaches
must be cited by an event of its solution or by such a refusal. Coverage: the clauses of the catalogue
that no level shows happening.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .. import clauses
from ..state import EngineError, IllegalDecision
from . import book
from .goals import describe, holds
from .model import Level
from .play import WON, LessonPlay


@dataclass
class LevelReport:
    ref: str
    id: str
    clauses: list[str] = field(default_factory=list)
    decisions: int = 0
    failures: list[str] = field(default_factory=list)
    #: Clauses shown by the engine refusing a named wrong move (a subset of ``clauses``).
    refused: list[str] = field(default_factory=list)


def _solve(lv: Level, wrong_at: int | None = None, wrong: str | None = None) -> LessonPlay:
    play = LessonPlay(lv)
    while play.step is not None:
        s = play.step
        legal = play.duel.pending
        option = wrong if play.step_index == wrong_at and wrong is not None else s.answer
        if legal is None or legal.find(option) is None:
            raise IllegalDecision(f"step {play.step_index + 1}: {option!r} is not legal here")
        play.force(option)
    return play


def check_level(ref: str, lv: Level) -> LevelReport:
    rep = LevelReport(ref, lv.id)
    name = f"{ref} ({lv.id})"
    try:
        # Every option offered must be legal at its step.
        play = LessonPlay(lv)
        refused: set[str] = set()
        while play.step is not None:
            ask = play.duel.pending
            assert ask is not None
            banned = {w.option: w.refused for w in play.step.wrong if w.refused}
            for o in play.offered():
                if o in banned:
                    why = _refusal(play, o)
                    if why is None:
                        rep.failures.append(
                            f"{name}: step {play.step_index + 1}: {o!r} is legal, not refused"
                        )
                    elif f"({banned[o]})" not in why:
                        rep.failures.append(
                            f"{name}: step {play.step_index + 1}: {o!r} is refused without citing "
                            f"{banned[o]}: {why}"
                        )
                    else:
                        refused.add(banned[o])
                elif ask.find(o) is None:
                    rep.failures.append(f"{name}: step {play.step_index + 1} offers {o!r}, not legal there")
            play.force(play.step.answer)
        rep.decisions = play.decisions
        seen = {c for e in play.duel.events for c in e.clauses}
        cited = [c for c in clauses.ids() if c in seen or c in refused]
        rep.clauses = cited
        rep.refused = [c for c in clauses.ids() if c in refused]
        if play.state != WON:
            unmet = [describe(g) for g in lv.goal if not _holds(g, play)]
            rep.failures.append(f"{name}: the solution does not meet the goal ({'; '.join(unmet)})")
        if play.step_index < len(lv.steps):
            rep.failures.append(f"{name}: the solution stopped at step {play.step_index + 1}")
        for cid in lv.teaches:
            if cid not in cited:
                rep.failures.append(
                    f"{name}: teaches {cid}, but no event of its solution cites it, nor a refusal"
                )
        wrongs = [(i, w) for i, s in enumerate(lv.steps) for w in s.wrong]
        if not wrongs:
            rep.failures.append(f"{name}: names no wrong move")
        for i, w in wrongs:
            if w.refused:
                continue  # never played: the engine refused it above
            try:
                bad = _solve(lv, i, w.option)
            except IllegalDecision:
                continue  # the rest of the solution no longer applies: the goal is out of reach
            if bad.state == WON:
                rep.failures.append(
                    f"{name}: the wrong move {w.option!r} at step {i + 1} still meets the goal"
                )
    except (EngineError, IllegalDecision, AssertionError) as exc:
        rep.failures.append(f"{name}: {type(exc).__name__}: {exc}")
    return rep


def _refusal(play: LessonPlay, option: str) -> str | None:
    """The engine's sentence refusing ``option`` now (through the public API: ``apply`` refuses and
    changes nothing), or None if it is legal."""
    ask = play.duel.pending
    assert ask is not None
    if ask.find(option) is not None:
        return None
    try:
        play.duel.apply(ask.player, option)
    except IllegalDecision as exc:
        return str(exc)
    raise AssertionError(f"{option!r} was not found among the options, yet the engine took it")


def _holds(g: Any, play: LessonPlay) -> bool:
    return holds(g, play.duel)


@dataclass
class Report:
    stages: int
    levels: list[LevelReport]

    @property
    def covered(self) -> list[str]:
        seen = {c for r in self.levels for c in r.clauses}
        return [c for c in clauses.ids() if c in seen]

    @property
    def missing(self) -> list[str]:
        seen = set(self.covered)
        return [c for c in clauses.ids() if c not in seen]

    @property
    def failures(self) -> list[str]:
        return [f for r in self.levels for f in r.failures]

    @property
    def ok(self) -> bool:
        return not self.failures and not self.missing

    def summary(self) -> dict[str, Any]:
        return {
            "stages": self.stages,
            "levels": len(self.levels),
            "clauses_covered": self.covered,
            "clauses_missing": self.missing,
            "failures": self.failures,
        }


def check_all() -> Report:
    b = book()
    reports = []
    for si, s in enumerate(b.stages, 1):
        for li, lv in enumerate(s.levels, 1):
            reports.append(check_level(f"{si}-{li}", lv))
    return Report(len(b.stages), reports)
