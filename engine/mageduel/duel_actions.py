"""Fighting a duel: what the rules engineer adds to the core's turns and reactions (DU-8, DU-10, DU-30).

The core (``actions``, the windows of ``reactions``) runs initiative, the turn options and the four duel
actions, each in the module named for it: ``duel_counterspell`` (DU-11..DU-17, MD-12), ``duel_effort``
(DU-18..DU-21), ``duel_dodge`` (DU-22..DU-25), ``duel_parry`` (DU-26..DU-29). This module holds the
rule functions it plugs in through ``hooks.Hooks``:

- DU-8 is the core's ``actions.default_initiative``: it reads ``terms.face_off`` (each participant picks
  Bluff, Intimidate or Sense Motive) and has no surprise round at all.
- DU-10 (``legal``): every action must affect oneself or a participant; an area must take in at least one
  opponent and may not catch outsiders while leaving the opponents out (:func:`area_allowed`).
- DU-30 (``on_event`` + ``after_action``): with performance combat on, a successful duel counterspell,
  dodge or effort lets the participant spend one of the side's victory points for a performance combat
  check (Charisma check + base attack bonus against the crowd's DC), as a free action: it is offered as
  soon as the action it answered is resolved (``round_end`` catches a success that came outside a turn's
  action, such as an effort at the end of a turn).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from . import checks
from .conditions import Condition
from .core import Option
from .events import RollPurpose
from .hooks import add_legal, add_on_event
from .spell_lookup import hostile, spell_by_id

if TYPE_CHECKING:
    from .combatant import Combatant
    from .events import Event
    from .hooks import Hooks
    from .scenario import Scenario
    from .state import Duel, Gen, Option

#: DU-30: the crowd's attitude toward a side, worst first, with the DC to improve it and its morale
#: modifier on attacks and saves (Ultimate Combat's performance combat).
ATTITUDES = ("hostile", "unfriendly", "indifferent", "friendly", "helpful")
ATTITUDE_DC = {"hostile": 20, "unfriendly": 15, "indifferent": 10, "friendly": 15, "helpful": 20}
ATTITUDE_MORALE = {"hostile": -2, "unfriendly": -1, "indifferent": 0, "friendly": 1, "helpful": 2}


@dataclass(slots=True)
class Crowd:
    """DU-30: the crowd's attitude toward each side, and each side's victory points left."""

    attitude: dict[str, str]
    vp: dict[str, int]


@dataclass(slots=True)
class Performance:
    """DU-30: the successful duel actions of this round that may earn a performance combat check."""

    #: Who declared a duel counterspell whose result is not known yet.
    counter: str | None = None
    #: A dodger and the attacker they dodge, until that attack misses (or the save succeeds).
    dodges: dict[str, Any] = field(default_factory=dict)
    #: (who, which duel action) offered a check at the next chance.
    pending: list[tuple[str, str]] = field(default_factory=list)


@dataclass(slots=True)
class DuelActionsState:
    """What the duel actions keep during a duel (``duel.rule_state.duel_actions``)."""

    crowd: Crowd | None = None
    performance: Performance | None = None


# --- DU-10 -----------------------------------------------------------------------------------------------


def is_outsider(duel: Duel, cid: str) -> bool:
    """Someone who is not a participant: not in the duel, or a bystander the scenario placed."""
    c = duel.by_id.get(cid)
    return c is None or bool(c.data.get("outsider"))


def area_allowed(duel: Duel, actor_id: str, affected: list[str]) -> str | None:
    """DU-10: an area must include an opposing participant; it may not reach outsiders while leaving
    every opponent out. Returns the reason it is not allowed, or None."""
    actor = duel.by_id[actor_id]
    foes = [cid for cid in affected if not is_outsider(duel, cid) and duel.by_id[cid].side != actor.side]
    if foes:
        return None
    if any(is_outsider(duel, cid) for cid in affected):
        return "an area may not catch outsiders while leaving the opponents out (DU-10)"
    return "an area spell must include at least one opposing participant (DU-10)"


def legal(duel: Duel, actor_id: str, option: Option) -> str | None:
    """DU-10 for turn options (X-1: in a mageduel too); ordinary combat after a breach has no such rule."""
    kind = option.kind
    if kind not in ("cast", "attack", "full-attack", "bull-rush", "touch"):
        return None  # moves, steps and the rest affect nobody (checked first: they are most options)
    if duel.rule_state.endings.ordinary_combat or duel.phase == "preparation":
        return None
    for t in option.data.get("targets", ()):
        if is_outsider(duel, t):
            return "a duellist may only affect themself or another participant (DU-10)"
    if kind == "cast" and "affected" in option.data:
        if hostile(spell_by_id(option.data["spell"])):
            affected = list(option.data["affected"])
            if duel.kind == "mageduel" and duel.zone is not None:
                # MD-10: judge the area as it will really fall, clipped at the zone's faces.
                affected = [cid for cid in affected if duel.zone.holds(duel.by_id[cid].pos)]
            return area_allowed(duel, actor_id, affected)
    return None


# --- DU-30 -----------------------------------------------------------------------------------------------


def performance_parts(c: Combatant) -> list[tuple[str, int]]:
    """A performance combat check: a Charisma check plus base attack bonus."""
    return [("Cha", checks.ability_mod(c.ability("cha"))), ("BAB", c.bab)]


def _crowd(duel: Duel) -> Crowd:
    mine = duel.rule_state.duel_actions
    if mine.crowd is None:
        sides = sorted({c.side for c in duel.participants if c.summoned_by is None})
        vp = getattr(duel.terms, "victory_points", 1)
        mine.crowd = Crowd(attitude=dict.fromkeys(sides, "indifferent"), vp=dict.fromkeys(sides, vp))
    return mine.crowd


def crowd_standing(duel: Duel, side: str) -> tuple[str, int] | None:
    """DU-30: the crowd's attitude toward ``side`` and the side's victory points left, as they stand (before
    the first check, what :func:`_crowd` would start them at), without changing the duel; None without
    performance combat."""
    if not getattr(duel.terms, "performance_combat", False):
        return None
    crowd = duel.rule_state.duel_actions.crowd
    start = getattr(duel.terms, "victory_points", 1)
    if crowd is None:
        return "indifferent", start
    return crowd.attitude.get(side, "indifferent"), crowd.vp.get(side, start)


def note_success(duel: Duel, e: Event) -> None:
    """DU-30: remember successful duel counterspells, dodges and efforts of this round."""
    kind = e.kind
    mine = duel.rule_state.duel_actions
    if mine.performance is None:
        mine.performance = Performance()
    track = mine.performance
    if kind == "duel-counter":
        track.counter = e.actor
    elif kind == "countered" and track.counter == e.actor:
        track.pending.append((e.actor, "duel counterspell"))
        track.counter = None
    elif kind == "counter-fails":
        track.counter = None
    elif kind == "dodge":
        track.dodges[e.actor] = e.data.get("attacker")
    elif kind == "miss" and e.data.get("target") in track.dodges:
        dodger = e.data["target"]
        if track.dodges.pop(dodger) == e.actor:
            track.pending.append((dodger, "duel dodge"))
    elif kind == "roll" and e.actor in track.dodges and e.data.get("purpose", "").startswith("ref save"):
        track.dodges.pop(e.actor)
        if e.data.get("outcome") == "success":
            track.pending.append((e.actor, "duel dodge"))
    elif kind in ("effort-delays", "effort"):
        track.pending.append((e.actor, "duel effort"))


def set_attitude(duel: Duel, side: str, attitude: str) -> None:
    """The crowd's attitude toward ``side``, with its morale modifier on the side's attacks and saves."""
    crowd = _crowd(duel)
    crowd.attitude[side] = attitude
    value = ATTITUDE_MORALE[attitude]
    for c in duel.participants:
        if c.side != side:
            continue
        c.conditions[:] = [x for x in c.conditions if x.source != "crowd"]
        if value:
            for stat in ("attack", "saves"):
                c.conditions.append(
                    Condition(
                        f"crowd ({attitude})",
                        source="crowd",
                        stat=stat,
                        value=value,
                        bonus_type="morale" if value > 0 else "penalty",
                        clauses=("DU-30",),
                    )
                )
        c.dirty()


def performance_checks(duel: Duel) -> Gen:
    """DU-30: offer each pending success a performance combat check for one victory point."""
    track = duel.rule_state.duel_actions.performance
    if track is None or not track.pending:
        return
    pending, track.pending = track.pending, []
    track.dodges = {}
    crowd = _crowd(duel)
    for cid, what in pending:
        c = duel.by_id.get(cid)
        if c is None or c.status != "active" or crowd.vp.get(c.side, 0) < 1:
            continue
        opts = [Option("perform", "rite:perform", {"after": what}), Option("pass", "pass", {})]
        ans = yield from duel.ask(
            cid,
            "rite:perform",
            opts,
            f"DU-30: spend a victory point on a performance check after your {what}",
        )
        if ans != "perform":
            continue
        crowd.vp[c.side] -= 1
        attitude = crowd.attitude[c.side]
        dc = ATTITUDE_DC[attitude]
        r = yield from duel.check(
            cid,
            f"performance combat check after a {what}",
            performance_parts(c),
            dc,
            ("DU-30",),
            code=RollPurpose.PERFORMANCE,
        )
        i = ATTITUDES.index(attitude)
        new = attitude
        if r.success:
            if attitude == "helpful":
                crowd.vp[c.side] += 1
            else:
                new = ATTITUDES[i + 1]
        elif r.total <= dc - 5 and i > 0:
            new = ATTITUDES[i - 1]
        if new != attitude:
            set_attitude(duel, c.side, new)
        duel.emit(
            "crowd", cid, {"side": c.side, "attitude": new, "victory_points": crowd.vp[c.side]}, ("DU-30",)
        )


def install(hooks: Hooks, scenario: Scenario) -> None:
    add_legal(hooks, legal)
    if not scenario.terms.performance_combat:
        return
    add_on_event(hooks, note_success)
    prev_end = hooks.round_end

    def f_round_end(duel: Duel) -> Gen:
        yield from prev_end(duel)
        if duel.outcome is None and duel.phase != "preparation":
            yield from performance_checks(duel)

    hooks.round_end = f_round_end
    prev_after = hooks.after_action

    def f_after_action(duel: Duel) -> Gen:
        yield from prev_after(duel)
        if duel.outcome is None and duel.phase != "preparation":
            yield from performance_checks(duel)
        track = duel.rule_state.duel_actions.performance
        if track is not None:
            track.dodges = {}  # a dodge answers one attack of this action, never a later one

    hooks.after_action = f_after_action
