"""How duels and mageduels end (DU-2, DU-5, DU-9, MD-6, MD-13, MD-14, MD-19..MD-25) and what ending gives
back (MD-20).

Plugged into the state machine's hooks (``hooks.Hooks``):

- ``check_end`` (after every decision, turn and round): marks the "slain" (MD-14: nonlethal damage at
  least equal to current hit points; MD-15: Constitution 0) and the expelled (MD-22: out of the zone),
  then decides: a one-on-one disqualification (MD-23 ruling), defeat (MD-21), a broken term (DU-2), and in
  a plain duel the agreed end condition (DU-5: default, to the death, first blood, first hit, N hits).
- ``round_start``: scenario interference (MD-19: someone walks in, an attack from outside), the animals'
  Will saves (MD-6), a disqualified participant's choice (MD-23), the progress check (DU-9 go on or
  withdraw; MD-25 declare a draw) when ``terms.progress_check`` is on.
- ``on_event``: an option marked as breaking the terms (``terms.legal``) or as an item attack
  (``zone_effects.legal``, MD-13) has its consequence the moment it is taken (``duel.taken``).
- ``on_end``: MD-20, every participant gets back lost hit points and ability points and the duel's spells
  vanish; the final state shows it.

Time (MD-24, 600 rounds) is the core's ``options.max_rounds`` check, logged with MD-24.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from . import geometry
from .core import OUT_STATUSES, Option, Outcome
from .events import RollPurpose
from .hooks import add_on_event
from .rite import mains
from .spells.catalogue import get as spell_by_id

if TYPE_CHECKING:
    from .combatant import Combatant
    from .events import Event
    from .hooks import Hooks
    from .scenario import Scenario
    from .state import Duel, Gen, Outcome
    from .zone import Zone

#: Statuses that take a participant out of a mageduel for good.
MAGEDUEL_OUT = frozenset({"slain", "expelled", "disqualified", "excluded", "withdrawn", "dead"})


@dataclass(slots=True)
class Breach:
    """DU-2: who broke the terms, their side (which has lost), and the term broken."""

    by: str
    side: str
    why: str


@dataclass(slots=True)
class EndingsState:
    """What the endings keep during a duel (``duel.rule_state.endings``)."""

    #: DU-2: the terms were broken (the first breach stands).
    breach: Breach | None = None
    #: DU-2: a plain duel whose terms were broken goes on as ordinary combat: no terms, no duel actions.
    ordinary_combat: bool = False
    duel_actions_off: bool = False
    #: DU-2: the last round in which the breaching side attacked; a round without ends the fight.
    aggressive_round: int | None = None
    stood_down: bool = False
    #: DU-5: who drew first blood (a summoned creature's summoner).
    first_blood: str | None = None
    #: MD-23 ruling: a one-on-one mageduel ends when one participant is disqualified.
    dq_one_on_one: Outcome | None = None
    #: DU-9: who withdrew from earlier duels, and those duels' results (oldest first).
    left_earlier: list[str] = field(default_factory=list)
    earlier_results: list[dict[str, Any]] = field(default_factory=list)
    #: MD-6: the animals in the zone (name, Will bonus, still inside).
    animals: list[dict[str, Any]] = field(default_factory=list)
    #: MD-20: what every participant had when the mageduel began.
    md20: dict[str, dict[str, Any]] | None = None
    #: DU-2, MD-13: the decision whose mark was last looked at (each decision's mark acts once).
    marks_seen: int | None = None


#: MD-24: one hour.
HOUR_ROUNDS = 600
#: MD-15, MD-20: the six ability scores.
ABILITIES = ("str", "dex", "con", "int", "wis", "cha")


def _outcome(**kw: Any) -> Outcome:
    return Outcome(**kw)


def contenders(duel: Duel) -> list[Combatant]:
    """The participants of the duel being fought: everyone but those who withdrew from an earlier one
    (DU-9's new, separate duel)."""
    gone = duel.rule_state.endings.left_earlier
    people = mains(duel)
    return [c for c in people if c.id not in gone] if gone else people


def names(duel: Duel, ids: list[str]) -> str:
    return ", ".join(duel.by_id[i].name for i in ids)


# --- marking the fallen -----------------------------------------------------------------------------------


def mark_mageduel_statuses(duel: Duel) -> None:
    """MD-14, MD-15 "slain"; MD-22 expelled (out of the zone, by walking or by being pushed)."""
    zone = duel.zone
    for c in duel.participants:
        if c.status in MAGEDUEL_OUT:
            continue
        if c.nonlethal > 0 and c.nonlethal >= c.hp:
            c.status = "slain"
            duel.emit("status", c.id, {"status": "slain", "hp": c.hp, "nonlethal": c.nonlethal}, ("MD-14",))
            continue
        if (
            (c.ability_damage or c.ability_drain or c.ability_set)  # most have none: no lookups then
            and (c.ability_damage.get("con") or c.ability_drain.get("con") or "con" in c.ability_set)
            and c.ability("con") <= 0
        ):
            c.status = "slain"
            duel.emit("status", c.id, {"status": "slain", "why": "Constitution 0"}, ("MD-15",))
            continue
        if c.summoned_by is None and zone is not None and not zone.holds(c.pos):
            c.status = "expelled"
            duel.emit("status", c.id, {"status": "expelled", "at": list(c.pos)}, ("MD-22",))


def standing_sides(duel: Duel, out: frozenset[str] | set[str]) -> dict[str, list[str]]:
    sides: dict[str, list[str]] = {}
    for c in mains(duel):
        if c.status not in out and not c.data.get("disqualified"):
            sides.setdefault(c.side, []).append(c.id)
    return sides


def _last_side(
    duel: Duel, sides: dict[str, list[str]], reason: str, clauses: tuple[str, ...], why: str
) -> Outcome | None:
    if len(sides) > 1:
        return None
    people = contenders(duel)
    if not sides:
        return _outcome(reason=reason, tie=True, clauses=clauses, text=f"nobody is left: {why}")
    side = next(iter(sides))
    winners = [c.id for c in people if c.side == side]
    losers = [c.id for c in people if c.side != side]
    return _outcome(
        reason=reason,
        winners=winners,
        losers=losers,
        clauses=clauses,
        text=f"{names(duel, winners)} won: {why}",
    )


# --- the end check ----------------------------------------------------------------------------------------


def mageduel_end(duel: Duel) -> Outcome | None:
    mark_mageduel_statuses(duel)
    dq = duel.rule_state.endings.dq_one_on_one
    if dq is not None:
        return dq
    people = contenders(duel)
    out = {c.id for c in people if c.status in MAGEDUEL_OUT}
    if not out:
        return None
    expelled = [c.id for c in people if c.status == "expelled"]
    sides = standing_sides(duel, MAGEDUEL_OUT)
    # X-3: the rite fixes how a mageduel ends (slain or expelled, MD-21, MD-22); DU-5's terms never apply.
    reason, clauses = "defeat", ("MD-21", "X-3")
    why = "every rival was slain"
    if expelled and any(duel.by_id[i].side not in sides for i in expelled):
        reason, clauses, why = (
            "expulsion",
            ("MD-22", "MD-21", "X-3"),
            "every rival was slain or left the zone",
        )
    return _last_side(duel, sides, reason, clauses, why)


def plain_duel_end(duel: Duel) -> Outcome | None:
    terms = duel.terms
    people = contenders(duel)
    end = terms.end
    if end in ("first_blood", "first_hit", "hits"):
        need = {"first_blood": None, "first_hit": 1, "hits": terms.hits}[end]
        if end == "first_blood":
            who = duel.rule_state.endings.first_blood
            label = "drew first blood"
        else:
            # duel.hits: the core's count of successful attacks (after parries, images and miss chances).
            who = next((cid for cid, n in duel.hits.items() if n >= (need or 1)), None)
            label = "landed the first hit" if end == "first_hit" else f"landed {need} successful attacks"
        if who is not None:
            side = duel.by_id[who].side
            winners = [c.id for c in people if c.side == side]
            losers = [c.id for c in people if c.side != side]
            return _outcome(
                reason=end.replace("_", "-"),
                winners=winners,
                losers=losers,
                clauses=("DU-5",),
                text=f"{duel.by_id[who].name} {label} (DU-5)",
            )
    if end == "to_the_death":
        sides: dict[str, list[str]] = {}
        for c in people:
            if c.status != "dead":
                sides.setdefault(c.side, []).append(c.id)
        return _last_side(duel, sides, "death", ("DU-5",), "every rival is dead (a duel to the death)")
    if terms.fought_by == "summoned":
        return _last_side(
            duel,
            proxy_sides(duel, people),
            "defeat",
            ("DU-6", "DU-5"),
            "every rival's creatures are down and no summoning is left to them",
        )
    # Default (and the fallback of the other conditions: someone who cannot go on ends any duel).
    standing: dict[str, list[str]] = {}
    for c in people:
        if c.status not in OUT_STATUSES and not c.ends_duel_condition():
            standing.setdefault(c.side, []).append(c.id)
    return _last_side(duel, standing, "defeat", ("DU-5",), "every rival is unconscious or cannot go on")


def proxy_sides(duel: Duel, people: list[Combatant]) -> dict[str, list[str]]:
    """DU-6, a duel of summoned creatures: a side stays in while one of its creatures stands or one of its
    casters, able to act, can still summon."""
    sides: dict[str, list[str]] = {}
    for c in people:
        able = c.status not in OUT_STATUSES and not c.ends_duel_condition()
        creatures = [s for s in duel.participants if s.summoned_by == c.id and s.status == "active"]
        if creatures or (able and can_summon(c)):
            sides.setdefault(c.side, []).append(c.id)
    return sides


def can_summon(c: Combatant) -> bool:
    """Whether ``c`` has a summoning spell left: prepared and unused, or known with a slot to cast it, or
    on an item with charges."""
    if any(not p.used and spell_by_id(p.spell).summons for p in c.prepared):
        return True
    for level, ids in c.known.items():
        if any(n > 0 for lvl, n in c.slots.items() if lvl >= level) and any(
            spell_by_id(i).summons for i in ids
        ):
            return True
    return any(
        it["left"] > 0 and any(spell_by_id(sid).summons for sid, _ in it["spells"]) for it in c.item_uses
    )


def check_end(duel: Duel) -> Outcome | None:
    if duel.outcome is not None:
        return None
    if duel.phase in ("setup", "pre-fight", "preparation", "initiative"):
        return None
    breach = duel.rule_state.endings.breach
    if breach is not None and duel.rule_state.endings.ordinary_combat:
        # DU-2: the breaching side has lost already; the fight goes on as ordinary combat until it is over.
        standing: dict[str, list[str]] = {}
        for c in mains(duel):
            if c.status not in OUT_STATUSES and not c.ends_duel_condition():
                standing.setdefault(c.side, []).append(c.id)
        if len(standing) > 1 and duel.round < duel.options.max_rounds:
            return None
        return breach_outcome(duel, breach)
    if breach is not None:
        return breach_outcome(duel, breach)
    if duel.kind == "mageduel":
        return mageduel_end(duel)
    return plain_duel_end(duel)


def breach_outcome(duel: Duel, breach: Breach) -> Outcome:
    people = contenders(duel)
    losers = [c.id for c in people if c.side == breach.side]
    winners = [c.id for c in people if c.side != breach.side]
    after = ""
    if duel.rule_state.endings.ordinary_combat:
        after = " The fight went on as ordinary combat"
        after += " until they stopped attacking." if duel.rule_state.endings.stood_down else "."
    return _outcome(
        reason="breach",
        winners=winners,
        losers=losers,
        clauses=("DU-2",),
        text=f"{duel.by_id[breach.by].name} broke the terms ({breach.why}) and lost the duel.{after}",
    )


# --- consequences of marked options (DU-2, MD-13) ---------------------------------------------------------


def taken_mark(duel: Duel) -> tuple[str, str, str] | None:
    """The mark of the decision just taken, once: (actor, key, reason). The legality hooks mark an option
    as they judge it (``breaks_terms``: ``terms.legal``; ``disqualifies``: ``zone_effects.legal``); the
    mark travels with the option, and the duel keeps the option taken (``duel.taken``) with whose it was:
    a summoned creature's, though its summoner decides."""
    mine = duel.rule_state.endings
    n = len(duel.decisions)
    if not n or duel.taken is None or mine.marks_seen == n:
        return None
    mine.marks_seen = n
    actor, option = duel.taken
    found = None
    for key in ("breaks_terms", "disqualifies"):
        if key in option.data:
            found = (actor, key, option.data[key])
    return found


def disqualify(duel: Duel, c: Combatant, why: str) -> None:
    """MD-13 / MD-23: a disqualified participant is outside interference from now on."""
    c.status = "disqualified"
    c.data["disqualified"] = True
    duel.emit("disqualified", c.id, {"why": why}, ("MD-13", "MD-23"))
    people = contenders(duel)
    if len(people) == 2:
        # MD-23 ruling: in a one-on-one mageduel the opponent of a disqualified participant wins.
        other = next(p for p in people if p.id != c.id)
        duel.rule_state.endings.dq_one_on_one = _outcome(
            reason="disqualification",
            winners=[other.id],
            losers=[c.id],
            clauses=("MD-23", "MD-13"),
            text=f"{c.name} was disqualified ({why}); {other.name} wins",
        )


def on_event(duel: Duel, e: Event) -> None:
    kind = e.kind
    mine = duel.rule_state.endings
    if mine.ordinary_combat and aggression(duel, e):
        mine.aggressive_round = duel.round
    if kind == "rite" and e.data.get("step") == "begin":
        snapshot(duel)
        return
    if kind == "damage" and duel.kind == "mageduel" and duel.rule_state.rite.md_started:
        c = duel.by_id.get(e.actor or "")
        if c is not None and c.status not in MAGEDUEL_OUT and c.nonlethal > 0 and c.nonlethal >= c.hp:
            # MD-14: "slain" the moment nonlethal damage reaches current hit points.
            c.status = "slain"
            duel.emit("status", c.id, {"status": "slain", "hp": c.hp, "nonlethal": c.nonlethal}, ("MD-14",))
    if kind == "damage" and e.data.get("amount", 0) > 0 and mine.first_blood is None:
        by = e.data.get("by")
        if by in duel.by_id and e.actor in duel.by_id and duel.by_id[by].side != duel.by_id[e.actor].side:
            mine.first_blood = duel.by_id[by].summoned_by or by  # DU-5: first hit point of damage
    mark = taken_mark(duel)
    if mark is None:
        return
    actor, key, why = mark
    c = duel.by_id[actor]
    if key == "disqualifies" and c.status not in MAGEDUEL_OUT:
        disqualify(duel, c, why)
    elif key == "breaks_terms" and mine.breach is None:
        mine.breach = Breach(by=actor, side=c.side, why=why)
        # The event cites the term that was broken too (DU-4 weapons, DU-6 summoning, DU-7 bans), as the
        # reason names it ("the terms allow only melee weapons (DU-4); breaking the terms loses the duel").
        broken = tuple(c for c in dict.fromkeys(re.findall(r"\((DU-\d+)\)", why)) if c != "DU-2")
        duel.emit("breach", actor, {"why": why, "loses": True}, ("DU-2", *broken))
        if duel.kind != "mageduel":
            # DU-2: ordinary combat from now on: no duel actions, no duel protections.
            mine.ordinary_combat = True
            mine.duel_actions_off = True
            mine.aggressive_round = duel.round  # the breach itself was an attack


def aggression(duel: Duel, e: Event) -> bool:
    """DU-2: an event by which the side that broke the terms keeps attacking: a weapon attack (its own or
    its creatures'), or a spell begun at someone of another side or at a point (an area, a summons)."""
    breach = duel.rule_state.endings.breach
    assert breach is not None  # ordinary combat follows a breach
    c = duel.by_id.get(e.actor or "")
    if c is None or c.side != breach.side:
        return False
    if e.kind in ("attack", "aoo"):
        return True
    if e.kind == "casting":
        if e.data.get("point") is not None:
            return True
        return any(t in duel.by_id and duel.by_id[t].side != c.side for t in e.data.get("targets") or ())
    return False


def stand_down(duel: Duel) -> None:
    """DU-2: the fight goes on as ordinary combat only while the breaching side stays aggressive; a whole
    round in which it attacks nobody ends it (its loss stands)."""
    mine = duel.rule_state.endings
    if not mine.ordinary_combat or duel.outcome is not None:
        return
    if mine.aggressive_round == duel.round:
        return
    assert mine.breach is not None  # ordinary combat follows a breach
    mine.stood_down = True
    duel.emit("stand-down", None, {"side": mine.breach.side}, ("DU-2",))
    duel.end(breach_outcome(duel, mine.breach))


# --- round start: interference, animals, disqualified, progress -------------------------------------------


def scenario_events(duel: Duel, kind: str) -> list[Any]:
    events = getattr(duel.scenario, "events", None) or []
    return [
        ev for ev in events if getattr(ev, "kind", None) == kind and getattr(ev, "round", None) == duel.round
    ]


def interference(duel: Duel) -> None:
    """MD-19: a non-participant walks in, or an attack comes from outside (it fails): a tie at once."""
    if duel.kind != "mageduel":
        return
    for kind, what in (("bystander", "walks into the zone"), ("outside_attack", "attacks from outside")):
        for ev in scenario_events(duel, kind):
            who = getattr(ev, "who", None) or "a stranger"
            data = {"who": who, "what": what}
            placed = duel.by_id.get(who)
            if placed is not None and placed.data.get("outsider"):
                who = placed.name
                if kind == "bystander":  # a placed bystander walks in: to the nearest point inside
                    z = duel.zone
                    frm = placed.pos
                    placed.pos = geometry.rounded(
                        (
                            min(max(frm[0], 0.0), z.width),
                            min(max(frm[1], 0.0), z.width),
                            min(max(frm[2], 0.0), z.height),
                        )
                    )
                    duel.emit(
                        "move",
                        placed.id,
                        {"from": list(frm), "to": list(placed.pos), "step": False},
                        ("MD-19",),
                    )
            if kind == "outside_attack":
                data["fails"] = True
            duel.emit("interference", None, data, ("MD-19",))
            duel.end(
                _outcome(
                    reason="interference",
                    tie=True,
                    clauses=("MD-19",),
                    text=f"{who} {what}: the mageduel ends at once and everyone is tied",
                )
            )
            return


def animals(duel: Duel) -> Gen:
    """MD-6: animals inside the zone make a Will save each round (DC 15 + 1 per participant) or flee.

    An animal comes from a scenario event of kind "animal": it is inside from that round on."""
    herd = duel.rule_state.endings.animals
    for ev in scenario_events(duel, "animal"):
        herd.append({"name": getattr(ev, "who", None) or "an animal", "will": ev.will, "inside": True})
    if not any(a["inside"] for a in herd):
        return
    dc = 15 + len(mains(duel))
    roller = mains(duel)[0].id  # with manual dice the first participant rolls for the beasts
    for a in herd:
        if not a["inside"]:
            continue
        r = yield from duel.check(
            roller,
            f"{a['name']}: Will save or flee the zone",
            [("Will", a["will"])],
            dc,
            ("MD-6",),
            kind="save",
            code=RollPurpose.ANIMAL_WILL,
        )
        if not r.success:
            a["inside"] = False
        duel.emit("animal", None, {"name": a["name"], "flees": not r.success, "dc": dc}, ("MD-6",))


def disqualified_choices(duel: Duel) -> Gen:
    """MD-23: a disqualified participant (three or more) may keep out of it, or interfere and end it."""
    for c in mains(duel):
        if not c.data.get("disqualified") or duel.outcome is not None:
            continue
        inside = duel.zone is not None and duel.zone.holds(c.pos)
        opts = [Option("stand-aside", "rite:disqualified", {})]
        if inside:
            # MD-23: being inside does not end the mageduel by itself; leaving is allowed (and coming back
            # in afterwards ends it, as attacking or using magic inside does).
            opts.append(Option("leave-zone", "rite:disqualified", {}))
            opts.append(
                Option(
                    "interfere",
                    "rite:disqualified",
                    {"act": "attacks or casts inside the zone", "ends_duel": True},
                )
            )
        else:
            opts.append(
                Option(
                    "re-enter", "rite:disqualified", {"act": "comes back into the zone", "ends_duel": True}
                )
            )
        ans = yield from duel.ask(c.id, "rite:disqualified", opts, "MD-23: you are disqualified")
        if ans == "stand-aside":
            continue
        if ans == "leave-zone":
            _leave_zone(duel, c)
            continue
        act = next(o for o in opts if o.id == ans).data["act"]
        rest = [p.id for p in mains(duel) if not p.data.get("disqualified") and p.status not in MAGEDUEL_OUT]
        duel.emit("interference", c.id, {"who": c.id, "what": act}, ("MD-23", "MD-19"))
        duel.end(
            _outcome(
                reason="interference",
                tie=True,
                losers=[c.id],
                clauses=("MD-23", "MD-19"),
                text=f"the disqualified {c.name} {act}: the mageduel ends for {names(duel, rest)}, tied",
            )
        )
        return


def _leave_zone(duel: Duel, c: Combatant) -> None:
    """MD-23: a disqualified participant walks out through the nearest face, to 5 feet beyond it."""
    z = duel.zone
    x, y = c.pos[0], c.pos[1]
    faces = [(x, (0.0, y)), (z.width - x, (z.width, y)), (y, (x, 0.0)), (z.width - y, (x, z.width))]
    border = min(faces, key=lambda f: f[0])[1]
    frm = c.pos
    c.pos = geometry.rounded(z.outside_point(border, 5.0))
    duel.emit("leaves-zone", c.id, {"from": list(frm), "to": list(c.pos)}, ("MD-23",))


def progress_check(duel: Duel) -> Gen:
    """DU-9 (and MD-25 in a mageduel): each participant still in says whether they go on."""
    active = [c for c in mains(duel) if c.status == "active" and not c.data.get("disqualified")]
    mage = duel.kind == "mageduel"
    answers: dict[str, str] = {}
    for c in active:
        opts = [
            Option("go-on", "rite:progress", {}),
            Option("withdraw", "rite:progress", {"ends_duel": "DU-9: the one who withdraws loses"}),
        ]
        if mage:
            opts.append(Option("declare-draw", "rite:progress", {}))
        answers[c.id] = yield from duel.ask(c.id, "rite:progress", opts, "DU-9: do you go on?")
    quitters = [cid for cid, a in answers.items() if a == "withdraw"]
    if quitters:
        sides = {duel.by_id[q].side for q in quitters}
        # Those who withdrew from an earlier duel (DU-9's new duel) are not in this one.
        people = contenders(duel)
        losers = [c.id for c in people if c.side in sides]
        rest = {c.side for c in people if c.side not in sides}
        winners = [c.id for c in people if c.side in rest] if len(rest) == 1 else []
        for q in quitters:
            duel.by_id[q].status = "withdrawn"
        duel.emit("withdrawal", None, {"who": quitters}, ("DU-9",))
        first = _outcome(
            reason="withdrawal",
            winners=winners,
            losers=losers,
            clauses=("DU-9",),
            text=f"{names(duel, quitters)} withdrew: the duel ends for everyone and they lose",
        )
        if not (yield from new_duel(duel, first, quitters)):
            duel.end(first)
        return
    draws = [cid for cid, a in answers.items() if a == "declare-draw"]
    if mage and active and len(draws) == len(active):
        duel.emit("draw", None, {"who": draws}, ("MD-25",))
        duel.end(
            _outcome(
                reason="draw",
                tie=True,
                clauses=("MD-25",),
                text="everyone still active declared a draw",
            )
        )
    elif draws:
        duel.emit("draw-offered", None, {"who": draws}, ("MD-25",))


def new_duel(duel: Duel, first: Outcome, quitters: list[str]) -> Gen:
    """DU-9: after a withdrawal, those who remain (on two sides or more) may agree to a new, separate duel
    without the ones who withdrew. Each is asked; only if all agree does it begin. Returns True then.

    The withdrawal's result stands and is logged as its own ``duel-result``; the final outcome lists it
    under ``earlier``. In a mageduel the ones who withdrew step out of the zone, so that nobody outside
    the new mageduel stands in it (MD-19)."""
    remaining = [c for c in mains(duel) if c.status == "active" and not c.data.get("disqualified")]
    if len({c.side for c in remaining}) < 2:
        return False
    agree = True
    for c in remaining:
        opts = [Option("part-ways", "rite:new-duel", {}), Option("new-duel", "rite:new-duel", {})]
        ans = yield from duel.ask(c.id, "rite:new-duel", opts, "DU-9: fight a new duel without them?")
        agree = agree and ans == "new-duel"
    if not agree:
        return False
    mine = duel.rule_state.endings
    mine.earlier_results.append(first.to_dict())
    mine.left_earlier = [*mine.left_earlier, *quitters]
    duel.emit("duel-result", None, first.to_dict(), first.clauses)
    left: dict[str, list[float]] = {}
    if duel.zone is not None:
        for q in quitters:
            c = duel.by_id[q]
            c.pos = step_out(duel.zone, c.pos)
            left[q] = list(c.pos)
    duel.emit(
        "new-duel",
        None,
        {"among": [c.id for c in remaining], "without": list(quitters), "left_zone": left},
        ("DU-9",),
    )
    return True


def step_out(zone: Zone, pos: tuple[float, float, float]) -> tuple[float, float, float]:
    """The point just outside the face nearest to ``pos`` (5 ft out), on the ground.

    >>> from mageduel.zone import Zone
    >>> step_out(Zone(20, 20), (3.0, 12.0, 0.0))
    (-5.0, 12.0, 0.0)
    """
    w = zone.width
    x = min(max(pos[0], 0.0), w)
    y = min(max(pos[1], 0.0), w)
    faces = {(0.0, y): x, (w, y): w - x, (x, 0.0): y, (x, w): w - y}
    border = min(faces, key=lambda b: faces[b])
    return zone.outside_point(border, 5.0)


def round_start(duel: Duel) -> Gen:
    if duel.phase == "preparation" or duel.outcome is not None:
        return
    interference(duel)
    if duel.outcome is not None:
        return
    if duel.kind == "mageduel":
        yield from animals(duel)
        yield from disqualified_choices(duel)
        if duel.outcome is not None:
            return
    if getattr(duel.terms, "progress_check", False) and not duel.rule_state.endings.ordinary_combat:
        yield from progress_check(duel)


# --- MD-20 ------------------------------------------------------------------------------------------------


def snapshot(duel: Duel) -> None:
    """What every participant had when the mageduel began (MD-20 gives it back at the end)."""
    snap = {}
    for c in duel.participants:
        snap[c.id] = {
            "hp": c.hp,
            "nonlethal": c.nonlethal,
            "max_hp": c.max_hp,
            "temp_hp": c.temp_hp,
            "ability_damage": dict(c.ability_damage),
            "ability_drain": dict(c.ability_drain),
            "ability_penalty": dict(c.ability_penalty),
            "ability_set": dict(c.ability_set),
            "negative_levels": c.negative_levels,
            "mirror_images": c.mirror_images,
            "dr": list(c.dr),
            "resist": dict(c.resist),
            "immune_spells": set(c.immune_spells),
            "flying": c.flying,
        }
        # The round counter restarts with the mageduel: per-round limits start afresh.
        c.duel_counter_round = c.md_counter_round = c.aoo_round = -1
        for cond in c.conditions:
            cond.data["pre_duel"] = True
    duel.rule_state.endings.md20 = snap


def restore(duel: Duel) -> None:
    """MD-20: hit points, nonlethal damage and ability points come back; the duel's spells vanish."""
    snap = duel.rule_state.endings.md20
    if snap is None:
        return
    report: dict[str, dict[str, Any]] = {}
    for c in duel.participants:
        before = snap.get(c.id)
        if before is None:  # summoned during the mageduel: the spell that brought it vanishes
            if c.status not in ("vanished",):
                c.status = "vanished"
                report[c.id] = {"vanished": True}
            continue
        # The scores as the mageduel left them (damage, drain, a score set by feeblemind, a spell's
        # penalty): the report gives back the difference, so it says every point that came back.
        scores = {a: c.ability(a) for a in ABILITIES}
        gone = []
        for cond in list(c.conditions):
            if cond.data.get("pre_duel") or not cond.source:
                continue
            try:
                spell_by_id(cond.source)
            except KeyError:
                continue  # not a spell (a duel dodge's -2 lasts past the end, DU-25)
            c.conditions.remove(cond)
            gone.append(cond.name)
        back: dict[str, Any] = {
            "nonlethal_healed": c.nonlethal - before["nonlethal"],
            "hp_healed": before["hp"] - c.hp,
        }
        levels = c.negative_levels - before["negative_levels"]
        c.hp = before["hp"]
        c.nonlethal = before["nonlethal"]
        c.max_hp = before["max_hp"]
        c.temp_hp = before["temp_hp"]
        c.ability_damage = dict(before["ability_damage"])
        c.ability_drain = dict(before["ability_drain"])
        c.ability_penalty = dict(before["ability_penalty"])
        c.ability_set = dict(before["ability_set"])
        c.negative_levels = before["negative_levels"]
        c.mirror_images = before["mirror_images"]
        c.dr = list(before["dr"])
        c.resist = dict(before["resist"])
        c.immune_spells = set(before["immune_spells"])
        c.flying = before["flying"]
        c.dirty()
        back["abilities_restored"] = {
            a: c.ability(a) - scores[a] for a in ABILITIES if c.ability(a) != scores[a]
        }
        if levels:
            back["negative_levels_removed"] = levels  # enervation's levels (and the hp they took)
        report[c.id] = {**back, "spells_vanished": gone}
    duel.emit("restored", None, {"participants": report}, ("MD-20",))


def on_end(duel: Duel, outcome: Outcome) -> None:
    if duel.kind == "mageduel":
        restore(duel)


# --- install ----------------------------------------------------------------------------------------------


def install(hooks: Hooks, scenario: Scenario) -> None:
    prev_end = hooks.check_end
    prev_start = hooks.round_start
    prev_on_end = hooks.on_end

    def f_end(duel: Duel) -> Outcome | None:
        if prev_end is not None:
            out = prev_end(duel)
            if out is not None:
                return out
        return check_end(duel)

    def f_start(duel: Duel) -> Gen:
        yield from prev_start(duel)
        if duel.outcome is None:
            yield from round_start(duel)

    def f_on_end(duel: Duel, outcome: Outcome) -> None:
        prev_on_end(duel, outcome)
        on_end(duel, outcome)

    prev_round_end = hooks.round_end

    def f_round_end(duel: Duel) -> Gen:
        yield from prev_round_end(duel)
        stand_down(duel)

    hooks.check_end = f_end
    add_on_event(hooks, on_event)
    hooks.round_start = f_start
    hooks.on_end = f_on_end
    hooks.round_end = f_round_end
