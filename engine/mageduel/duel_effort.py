"""Duel effort (DU-18..DU-21): once per duel, an immediate action to reroll a failed Fortitude or Will save
(DU-18, DU-19), or to go on acting below 0 hit points until the end of the next turn (DU-20), only
fatigued if the effect ends first (DU-21).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .conditions import Condition
from .core import Option
from .events import RollPurpose
from .reactions import duel_actions_on, react, use_immediate

if TYPE_CHECKING:
    from .combatant import Combatant
    from .state import Duel, Gen


def _effort_available(duel: Duel, c: Combatant) -> bool:
    ready = not c.effort_used and c.immediate_ready
    return duel_actions_on(duel) and ready and c.status in ("active", "dying")


def _take_effort(duel: Duel, c: Combatant, prompt: str, context: dict[str, Any]) -> Gen:
    """DU-18: offer the duel effort; taken, it is spent for the duel with the immediate action."""
    choice = yield from react(
        duel, c.id, "effort", [Option("react effort", "effort", {"reaction": "effort"})], prompt, context
    )
    if choice == "pass":
        return False
    c.effort_used = True
    use_immediate(duel, c, "duel effort")
    return True


def effort_after_failed_save(
    duel: Duel, c: Combatant, save: str, mods: list[tuple[str, int]], dc: int
) -> Gen:
    """DU-18 / DU-19: after a failed Fortitude or Will save, reroll with the same bonus. Returns True when
    the reroll succeeds: the effect then only takes hold at the end of the participant's next turn."""

    if save not in ("fort", "will") or not _effort_available(duel, c) or c.acts() == "none":
        return False
    if not (yield from _take_effort(duel, c, "your save failed: duel effort?", {"save": save})):
        return False
    res = yield from duel.check(
        c.id,
        f"duel effort: {save} save again",
        mods,
        dc,
        ("DU-18", "DU-19"),
        kind="save",
        code=RollPurpose.EFFORT_SAVE,
    )
    return res.success


def effort_below_zero(duel: Duel, c: Combatant) -> Gen:
    """DU-18 / DU-20: below 0 hp but not dead, act normally until the end of the next turn."""

    if not _effort_available(duel, c):
        return False
    if not (yield from _take_effort(duel, c, "you fall below 0 hit points: duel effort?", {"hp": c.hp})):
        return False
    c.effort_delay_hp = True
    c.deferred.append({"kind": "hp", "turns": 2 if duel.turn_of == c.id else 1})
    duel.emit("effort", c.id, {"hp": c.hp, "until": "end of next turn"}, ("DU-20",))
    c.status = "active"
    return True


def defer_effect(duel: Duel, c: Combatant, conds: list[Condition], later: Any = None) -> None:
    """DU-19: the effect's conditions are added dormant (their duration counts at once); ``later`` is a
    generator function run at the end of the next turn for effects that are not conditions."""
    for cond in conds:
        cond.data["dormant"] = True
        c.conditions.append(cond)
    c.deferred.append(
        {"kind": "effect", "turns": 2 if duel.turn_of == c.id else 1, "conds": conds, "later": later}
    )
    duel.emit("effort-delays", c.id, {"conditions": [x.name for x in conds]}, ("DU-19",))


def effort_end_of_turn(duel: Duel, c: Combatant) -> Gen:
    """The end of the turn after duel effort: the delayed effect takes hold, or — if it ended, or hp are
    back at 0 or more — the participant is only fatigued (DU-21)."""
    if not c.deferred:
        return
    keep = []
    for d in c.deferred:
        d["turns"] -= 1
        if d["turns"] > 0:
            keep.append(d)
            continue
        if d["kind"] == "hp":
            c.effort_delay_hp = False
            if c.hp > 0:  # DU-21: back above 0 hit points
                _fatigue(duel, c)
            else:
                duel.emit("effort-ends", c.id, {"hp": c.hp}, ("DU-20",))
                c.status = "active"
                duel.update_status(c)
        else:
            alive = [x for x in d["conds"] if x in c.conditions]
            if d["conds"] and not alive:
                _fatigue(duel, c)
                continue
            for x in alive:
                x.data.pop("dormant", None)
            duel.emit("effort-ends", c.id, {"conditions": [x.name for x in alive]}, ("DU-19",))
            if d.get("later") is not None:
                yield from d["later"]()
            duel.update_status(c)
    c.deferred[:] = keep


def _fatigue(duel: Duel, c: Combatant) -> None:
    duel.emit("effort-spared", c.id, {}, ("DU-21",))
    duel.add_condition(c.id, Condition("fatigued", rounds=None, source="duel effort", clauses=("DU-21",)))
