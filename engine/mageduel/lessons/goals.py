"""The goal vocabulary: named checks over a duel's events and state, never code in the data.

- ``event``: an event of ``kind`` happened (by ``actor``, citing ``clause``, whose data holds ``data``);
  every argument given must match.
- ``no_event``: no such event happened.
- ``outcome``: the duel ended (for ``reason``, won by ``winner``, a ``tie`` or not).
- ``countered``: a spell (``spell`` if given) cast by ``who`` (if given) was countered by ``actor`` (if
  given): a ``countered`` event; ``clause`` names how (DU-15 a duel counterspell, MD-12 the rite's own).
- ``status``: participant ``who`` has ``status`` now (``slain``, ``unconscious``, ``expelled``…).
- ``condition``: participant ``who`` is under ``condition`` now.

>>> from .model import Goal
>>> describe(Goal(check="countered", spell="fireball"))
'countered(spell=fireball)'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .model import Goal

if TYPE_CHECKING:
    from ..events import Event
    from ..state import Duel


def _data_holds(have: dict[str, Any], want: dict[str, Any]) -> bool:
    for k, v in want.items():
        got = have.get(k)
        if isinstance(v, list) and isinstance(got, list):
            if not all(x in got for x in v):
                return False
        elif got != v:
            return False
    return True


def _event_matches(e: Event, g: Goal) -> bool:
    if g.kind is not None and e.kind != g.kind:
        return False
    if g.actor is not None and e.actor != g.actor:
        return False
    if g.clause is not None and g.clause not in e.clauses:
        return False
    if g.spell is not None and e.data.get("spell") != g.spell:
        return False
    return _data_holds(e.data, g.data)


def holds(g: Goal, duel: Duel) -> bool:
    """Whether goal ``g`` holds for ``duel`` as it stands."""
    if g.check == "event":
        return any(_event_matches(e, g) for e in duel.events)
    if g.check == "no_event":
        return not any(_event_matches(e, g) for e in duel.events)
    if g.check == "countered":
        for e in duel.events:
            if e.kind != "countered":
                continue
            if g.spell is not None and e.data.get("spell") != g.spell:
                continue
            if g.clause is not None and g.clause not in e.clauses:
                continue
            if g.actor is not None and e.actor != g.actor:
                continue
            if g.who is not None and e.data.get("caster") != g.who:
                continue
            return True
        return False
    if g.check == "outcome":
        out = duel.outcome
        if out is None:
            return False
        if g.reason is not None and out.reason != g.reason:
            return False
        if g.winner is not None and g.winner not in out.winners:
            return False
        return g.tie is None or out.tie == g.tie
    c = duel.by_id.get(g.who or "")
    if c is None:
        return False
    if g.check == "status":
        return c.status == g.status
    # condition: any condition or lasting spell effect by name (mage_armor, paralysed), unless dormant
    return any(cond.name == g.condition and not cond.data.get("dormant") for cond in c.conditions)


def all_hold(goals: list[Goal], duel: Duel) -> bool:
    return all(holds(g, duel) for g in goals)


def _countered_matches(e: Event, g: Goal) -> bool:
    return (
        e.kind == "countered"
        and (g.spell is None or e.data.get("spell") == g.spell)
        and (g.clause is None or g.clause in e.clauses)
        and (g.actor is None or e.actor == g.actor)
        and (g.who is None or e.data.get("caster") == g.who)
    )


class Tracker:
    """The same checks as :func:`all_hold`, read incrementally: each call looks only at the events added
    since the last one (the log only grows), so following a long level (the hour's 600 rounds) after every
    decision stays linear instead of rereading the whole log each time."""

    def __init__(self, goals: list[Goal]) -> None:
        self.goals = goals
        self.seen = 0
        self.found = [False] * len(goals)  # an event / countered goal met, or a no_event goal broken

    def holds(self, duel: Duel) -> bool:
        new = duel.events[self.seen :]
        self.seen = len(duel.events)
        ok = True
        for i, g in enumerate(self.goals):
            if g.check in ("event", "no_event", "countered"):
                if not self.found[i]:
                    match = _countered_matches if g.check == "countered" else _event_matches
                    self.found[i] = any(match(e, g) for e in new)
                met = self.found[i] if g.check != "no_event" else not self.found[i]
            else:
                met = holds(g, duel)
            ok = ok and met
        return ok


def describe(g: Goal) -> str:
    """A compact name for a check, for the command's report (``countered(spell=fireball)``)."""
    args = {k: v for k, v in g.model_dump(exclude={"check"}).items() if v not in (None, {})}
    return f"{g.check}({', '.join(f'{k}={v}' for k, v in args.items())})"
