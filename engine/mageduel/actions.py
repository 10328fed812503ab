"""Turns: placement, initiative (C-3, DU-8), the action economy (C-9), movement, weapon attacks (C-4) and
attacks of opportunity (C-10).

A turn asks its participant for one action at a time (pending kind ``"turn"``) from the options its action
budget still allows, until ``end`` or nothing is left.
"""

from __future__ import annotations

import math
from math import sqrt
from typing import TYPE_CHECKING

from . import damage as _damage
from . import duel_effort as _effort
from . import effects as _eff
from . import geometry
from . import spell_options as _opts
from . import terrain as _terrain
from . import walls as _walls
from .attacks import (  # re-exported: the attack rules are attacks'
    attacks_of_opportunity,
    best_melee,
    full_attack_bonuses,
    threatened_by,
    weapon_attack,
)
from .budget import Budget, spend  # re-exported: C-9's budget is budget's
from .charm import charm_filter
from .conditions import Condition, tick
from .core import Damage, Option
from .events import RollPurpose
from .maneuvers import BULL_RUSH_REACH, bull_rush
from .notation import fmt_point, parse_point
from .spells.model import SIZE_ORDER
from .summons import dismiss
from .zone import Zone, entrants_bounds

if TYPE_CHECKING:
    from .combatant import Combatant
    from .state import Duel, Gen

DEFAULT_DUEL_DISTANCE = 30.0
#: In a plain duel, "move away" is listed only while the opponent is nearer than this (feet).
PLAIN_DUEL_SPREAD = 60.0


# --- placement and initiative ----------------------------------------------------------------------------


def default_placement(duel: Duel) -> None:
    """Starting points: the scenario's, else (mageduel) equally spaced on the zone border (MD-8), else
    (duel) on a circle 30 feet across."""
    n = len(duel.participants)
    if duel.kind == "mageduel":
        bounds = entrants_bounds([c.caster_level for c in duel.participants if c.summoned_by is None])
        width = duel.options.zone_width or bounds.clamp(max(bounds.minimum, 30))
        height = duel.options.zone_height or width
        duel.zone = Zone(width, height)
        points = [(x, y, 0.0) for x, y in duel.zone.entry_points(n)]
    else:
        r = DEFAULT_DUEL_DISTANCE / 2
        points = [
            (
                round(r + r * math.sin(2 * math.pi * i / n), 1) + 0.0,
                round(r - r * math.cos(2 * math.pi * i / n), 1) + 0.0,
                0.0,
            )
            for i in range(n)
        ]
    for c, p, sp in zip(duel.participants, points, duel.scenario.participants, strict=False):
        given = tuple(sp.position) + (0.0,) * (3 - len(sp.position)) if sp.position is not None else None
        c.pos = geometry.rounded(given if given is not None else p)  # type: ignore[arg-type]
    duel.emit(
        "placed",
        None,
        {
            "positions": {c.id: list(c.pos) for c in duel.participants},
            **({"zone": [duel.zone.width, duel.zone.height]} if duel.zone else {}),
        },
        ("MD-8",) if duel.kind == "mageduel" else ("C-13",),
    )


FACE_OFF_SKILLS = ("bluff", "intimidate", "sense_motive")
#: Statuses of creatures that take no place in the initiative order.
NO_INITIATIVE = frozenset({"excluded", "gone", "vanished", "expelled", "withdrawn", "disqualified", "dead"})


def default_initiative(duel: Duel) -> Gen:
    """C-3: d20 + Dex + Improved Initiative; ties by the higher modifier, then a roll-off. DU-8: never a
    surprise round; with the face-off option each participant rolls Bluff, Intimidate or Sense Motive."""
    face_off = duel.options.face_off or getattr(duel.terms, "face_off", False)
    results: list[tuple[int, int, list[int], str]] = []
    for c in duel.participants:
        if c.status in NO_INITIATIVE:
            continue  # a summon suppressed on entry (MD-8), one who did not enter (MD-9): not in the fight
        if face_off:
            opts = [Option(f"face-off {s}", "face-off", {"skill": s}) for s in FACE_OFF_SKILLS]
            choice = yield from duel.ask(c.id, "face-off", opts, "DU-8: choose the skill of your face-off")
            skill = choice.split()[1]
            mods = c.skill_parts(skill)
            r = yield from duel.check(
                c.id, f"initiative (face-off, {skill})", mods, None, ("DU-8",), code=RollPurpose.FACE_OFF
            )
        else:
            mods = [("Dex", c.mod("dex"))]
            if c.initiative_bonus:
                mods.append(("feats", c.initiative_bonus))
            r = yield from duel.check(
                c.id, "initiative", mods, None, ("C-3", "DU-8"), code=RollPurpose.INITIATIVE
            )
        results.append((r.total, sum(v for _, v in mods), [], c.id))
    # Roll-offs among those tied on total and modifier.
    groups: dict[tuple[int, int], list[int]] = {}
    for i, (t, m, _, _) in enumerate(results):
        groups.setdefault((t, m), []).append(i)
    for idxs in groups.values():
        while len(idxs) > 1:
            rolls = []
            for i in idxs:
                n = yield from duel.d20(
                    results[i][3], "initiative roll-off", log=True, code=RollPurpose.ROLL_OFF
                )
                results[i][2].append(n)
                rolls.append(n)
            duel.emit("roll-off", None, {"who": [results[i][3] for i in idxs], "rolls": rolls}, ("C-3",))
            if len(set(rolls)) == len(rolls):
                break
    results.sort(key=lambda r: (r[0], r[1], r[2]), reverse=True)
    duel.order = [r[3] for r in results]
    duel.emit(
        "initiative",
        None,
        {"order": list(duel.order), "totals": {r[3]: r[0] for r in results}},
        ("C-3", "DU-8"),
    )


# --- a turn ---------------------------------------------------------------------------------------------


def start_of_turn(duel: Duel, c: Combatant) -> Gen:
    duel.turn_of = c.id
    # C-9 / DU-11: an immediate action taken since the last turn spent this turn's swift action.
    swift = not c.swift_spent_next
    c.swift_spent_next = False
    c.immediate_ready = swift
    c.parry_held = False  # DU-28: a parry held with the class feature lasts until this turn
    if c.readied is not None:
        duel.emit("readied-lapses", c.id, {"readied": c.readied}, ("C-12",))
        c.readied = None
    for other in duel.participants:
        if not other.conditions:
            continue
        for cond in tick(other.conditions, c.id):
            other.dirty()
            duel.emit("condition-ends", other.id, {"condition": cond.name, "why": "duration"}, cond.clauses)
            yield from on_condition_expired(duel, other, cond)
            duel.update_status(other)

    yield from _damage.ongoing_damage(duel, c)
    if c.conditions and any(x.stat == "cloud" for x in c.conditions):
        yield from _eff.lingering_clouds(duel, c)  # cloudkill drifts and falls again
    return swift


def on_condition_expired(duel: Duel, c: Combatant, cond: Condition) -> Gen:
    """A condition ended: chain its ``then`` (color spray), or undo its side effects."""

    if cond.data.get("then"):
        yield from _eff.apply_followups(duel, c, cond)
    if cond.data.get("delayed"):
        yield from _eff.detonate(duel, c, cond)  # delayed blast fireball: the delay is over
    on_removed(c, cond)
    if cond.data.get("summon"):
        dismiss(duel, c.id)
    return None


def on_removed(c: Combatant, cond: Condition) -> None:
    """Undo what a condition kept up outside the conditions list, however it ends (duration, dispel)."""
    if cond.stat == "mirror_images":
        c.mirror_images = 0
    elif cond.stat == "temp_hp":
        c.temp_hp = 0  # temporary hp left at the end of the duration are lost
    elif cond.stat == "dr":
        c.dr = []  # stoneskin ended (duration, dispel, discharge)
    if cond.name == "flying":
        c.flying = False


def take_turn(duel: Duel, c: Combatant) -> Gen:

    swift = yield from start_of_turn(duel, c)
    if duel.ended():
        return
    if c.status == "dying":
        yield from _stabilise(duel, c)
        return
    if c.status != "active":
        return
    duel.emit("turn", c.id, {"round": duel.round})
    b = Budget(swift=swift)
    acts = c.acts()
    if acts == "none":
        duel.emit("no-action", c.id, {"conditions": sorted(c.active_condition_names())}, ("C-11",))
        yield from end_of_turn(duel, c)
        return
    if acts == "one-action":
        b.one_action = True
    if acts == "move-only":
        b.standard = False
    if c.has("confused"):
        done = yield from _confused_turn(duel, c)
        if done:
            yield from end_of_turn(duel, c)
            return
    while True:
        opts = turn_options(duel, c, b)
        choice = yield from duel.ask(
            c.id,
            "turn",
            opts,
            "your action",
            {"round": duel.round, "actor": c.id},
            # unlisted ids: a move or step to any point, an area spell at any point (only "end" left: none)
            parametric=(lambda oid, c=c, b=b: _parametric(duel, c, b, oid)) if len(opts) > 1 else None,
            explain=lambda oid, c=c, b=b: _explain(duel, c, b, oid),
            budget=b,  # the view says what is left of the turn from it (C-9)
        )
        opt = None
        for o in opts:
            if o.id == choice:
                opt = o
                break
        if opt is None:
            opt = _parametric(duel, c, b, choice)
        if opt is None or opt.kind == "end":
            break
        yield from do_option(duel, c, b, opt)
        if not duel.ended():
            yield from duel.hooks.after_action(duel)  # DU-30: what reacting to this action earned
        if duel.ended() or c.status != "active" or c.data.pop("turn_over", False):
            break
        if b.one_action and b.used_action:
            # Staggered: a single move or standard action, then only free actions.
            b.standard = b.move = False
    if duel.outcome is None:
        yield from end_of_turn(duel, c)
    duel.turn_of = None


def end_of_turn(duel: Duel, c: Combatant) -> Gen:

    yield from _eff.repeat_saves(duel, c)
    yield from _effort.effort_end_of_turn(duel, c)
    # C-9 / DU-11: an immediate action taken before this turn spent its swift action; it is available
    # again once this turn ends (not only at the start of the turn after), so one who acts after her
    # attacker may dodge or duel-counter every round.
    if not c.swift_spent_next:
        c.immediate_ready = True


def _stabilise(duel: Duel, c: Combatant) -> Gen:
    """C-6: a dying creature makes a DC 10 Constitution check (minus its negative hp) or loses 1 hp."""
    r = yield from duel.check(
        c.id,
        "stabilise",
        [("Con", c.mod("con")), ("negative hp", c.hp)],
        10,
        ("C-6",),
        code=RollPurpose.STABILISE,
    )
    if r.success:
        c.status = "unconscious"
        duel.emit("status", c.id, {"status": "stable", "hp": c.hp}, ("C-6",))
    else:
        c.hp -= 1
        duel.update_status(c)


def _confused_turn(duel: Duel, c: Combatant) -> Gen:
    """C-11 confused: d100 — 01-25 act normally, 26-50 babble, 51-75 hurt oneself, 76-100 attack the
    nearest creature. Returns True when the turn is used up."""
    r = yield from duel.roll_dice(c.id, 1, 100, "confusion", code=RollPurpose.CONFUSION)
    n = sum(r)
    if n <= 25:
        duel.emit("confused", c.id, {"roll": n, "does": "acts normally"}, ("C-11",))
        return False
    if n <= 50:
        duel.emit("confused", c.id, {"roll": n, "does": "babbles"}, ("C-11",))
        return True
    if n <= 75:
        d = yield from duel.roll_dice(
            c.id, 1, 8, "confusion: self-inflicted damage", code=RollPurpose.CONFUSION_DAMAGE
        )
        duel.emit("confused", c.id, {"roll": n, "does": "hurts itself"}, ("C-11",))
        yield from duel.deal_damage(
            Damage(c.id, max(1, sum(d) + c.mod("str")), source="effect", attacker=c.id, clauses=["C-11"])
        )
        return True
    others = [o for o in duel.participants if o.id != c.id and o.status == "active"]
    if others:
        near = min(others, key=lambda o: geometry.distance(c.pos, o.pos))
        w = best_melee(c)
        duel.emit("confused", c.id, {"roll": n, "does": "attacks the nearest", "target": near.id}, ("C-11",))
        if w is not None and geometry.within(c.pos, near.pos, w.reach):
            yield from weapon_attack(duel, c, w, near, full_attack=False)
    return True


def turn_options(duel: Duel, c: Combatant, b: Budget) -> list[Option]:
    """The options of ``c``'s turn now, in a stable order. The per-turn facts (opponents, distances, what
    can be cast) are computed once here and handed down: this runs several times a turn (hot loop)."""
    opts: list[Option] = []
    opponents = duel.opponents(c.id)
    acting = b.standard and not (b.one_action and b.used_action)
    names = c.active_condition_names()  # once for can_cast, speed_now and acts
    can_cast = acting and c.can_cast(names)
    castable = c.castable() if can_cast else None
    if can_cast:
        threatened = bool(threatened_by(duel, c))
        opts.extend(_opts.cast_options(duel, c, b, threatened, opponents, castable))
        if c.item_uses:
            opts.extend(_opts.item_options(duel, c, b, threatened))
    if acting:
        # A wall between them blocks weapon attacks (no line of effect).
        in_sight = (
            [o for o in opponents if not _walls.blocked(duel, c.pos, o.pos)] if duel.walls else opponents
        )
        pos = c.pos
        near = [(o, geometry.distance(pos, o.pos)) for o in in_sight]
        for w in c.weapons:
            if w.kind == "melee":
                reach = w.reach + geometry.EPSILON
                for o, d in near:
                    if d <= reach:
                        opts.append(
                            Option(f"attack {w.id} @{o.id}", "attack", {"weapon": w.id, "targets": [o.id]})
                        )
            elif w.range_increment and c.loaded:
                far = 10 * w.range_increment
                for o, d in near:
                    if d <= far:
                        opts.append(
                            Option(f"attack {w.id} @{o.id}", "attack", {"weapon": w.id, "targets": [o.id]})
                        )
        # A held touch spell's charge is delivered by touching a foe within reach (a standard action).
        charge = _eff.held_charge(c) if c.conditions else None
        if charge is not None:
            for o, d in near:
                if d <= BULL_RUSH_REACH:
                    data = {"spell": charge.source, "targets": [o.id]}
                    opts.append(Option(f"touch {charge.source} @{o.id}", "touch", data))
        # Sleep: an ally within reach may be woken with a slap or a shake (a standard action).
        for a in duel.participants:
            if (
                a.side == c.side
                and a.id != c.id
                and a.conditions
                and a.has("asleep")
                and geometry.within(pos, a.pos, BULL_RUSH_REACH)
            ):
                opts.append(Option(f"wake @{a.id}", "wake", {"targets": [a.id]}))
        # A bull rush (a combat maneuver, a standard action) shoves a foe within 5 feet, at most one size
        # larger, straight away: out of a mageduel's zone is out of the mageduel (MD-22).
        for o, d in near:
            if d <= BULL_RUSH_REACH and SIZE_ORDER.index(o.size) <= SIZE_ORDER.index(c.size) + 1:
                opts.append(Option(f"bull-rush @{o.id}", "bull-rush", {"targets": [o.id]}))
        if b.full and len(full_attack_bonuses(c)) > 1:
            for w in c.weapons:
                if w.kind != "melee":
                    continue
                reach = w.reach + geometry.EPSILON
                for o, d in near:
                    if d <= reach:
                        opts.append(
                            Option(
                                f"full-attack {w.id} @{o.id}",
                                "full-attack",
                                {"weapon": w.id, "targets": [o.id]},
                            )
                        )
                        if "parry" in c.features:  # DU-28: give up the last attack to hold a parry
                            opts.append(
                                Option(
                                    f"full-attack {w.id} @{o.id} hold-parry",
                                    "full-attack",
                                    {"weapon": w.id, "targets": [o.id], "hold_parry": True},
                                )
                            )
        if (
            c.readied is None
            and can_cast
            and duel.options.allow_ready
            and any(lvl > 0 for _, lvl in castable)  # type: ignore[union-attr]
        ):
            opts.append(Option("ready counterspell", "ready", {}))
    if not c.loaded and (b.move or b.standard):
        opts.append(Option("reload", "reload", {}))
    budget, can_step = movement(duel, c, b, names)
    if budget is not None and c.conditions and "prone" in names:
        # C-11 prone: standing up is a move action (no walking: allowed on grease after a slip), and it
        # provokes attacks of opportunity (C-10).
        opts.append(Option("stand", "stand", {}))
    can_move = bool(budget)  # a slip on grease leaves 0: standing up, no walking
    speed = budget or 0.0
    if can_move or can_step:
        ps = _terrain.hampering(duel, c)
        moves, steps = _destinations_both(duel, c, opponents, speed if can_move else None, can_step, ps)
        for p in moves:
            opts.append(Option("move " + _point_text(p), "move", {"point": p}))
        for p in steps:
            opts.append(Option("step " + _point_text(p), "step", {"point": p}))
    if c.conditions:
        opts = charm_filter(duel, c, opts)
    hook = duel.hooks.legal
    if hook is not None:
        cid = c.id
        opts = [o for o in opts if hook(duel, cid, o) is None]
    opts.append(Option("end", "end", {}))
    return opts


_POINT_TEXT: dict[tuple, str] = {}


def _point_text(p: tuple) -> str:
    """``fmt_point`` memoised: the same few rounded points come back turn after turn."""
    t = _POINT_TEXT.get(p)
    if t is None:
        if len(_POINT_TEXT) > 50_000:
            _POINT_TEXT.clear()
        t = _POINT_TEXT[p] = fmt_point(p)
    return t


def _destinations(duel: Duel, c: Combatant, opponents: list[Combatant], feet: float) -> list[tuple]:
    """Listed movement targets: toward each opponent (stopping 5 feet away) and away from it, kept inside the
    zone; any other reachable point is accepted by the parametric check."""
    return _destinations_both(duel, c, opponents, feet, False, _terrain.hampering(duel, c))[0]


def _destinations_both(
    duel: Duel,
    c: Combatant,
    opponents: list[Combatant],
    feet: float | None,
    step: bool,
    ps: list[_terrain.Patch] | None = None,
) -> tuple[list[tuple], list[tuple]]:
    """:func:`_destinations` for a move of ``feet`` (None: no move) and for a 5-foot step at once, sharing
    the distances (the same arithmetic as ``geometry.toward`` / ``away``, so the same points). ``ps``: the
    ground that hampers ``c`` (terrain.py): a move goes only as far as its cost allows, and no 5-foot step
    goes into or within it."""
    lists: list[list[tuple]] = []
    zone = duel.zone
    check = bool(c.conditions or duel.walls)
    a = c.pos
    spans = [(feet, []), (geometry.FIVE_FOOT_STEP if step else None, [])]
    far = [(o, o.pos, geometry.distance(a, o.pos)) for o in opponents[:2]]
    for i, (span, out) in enumerate(spans):
        lists.append(out)
        if span is None:
            continue
        seen = set()
        for _o, bp, d in far:
            if d > 5.0 + 0.05:
                f = min(span, d - 5.0)
                if d <= f or d < geometry.EPSILON:
                    q = bp
                else:
                    t = f / d
                    q = (a[0] + (bp[0] - a[0]) * t, a[1] + (bp[1] - a[1]) * t, a[2] + (bp[2] - a[2]) * t)
                if ps:
                    q = _hampered(ps, a, q, span, i == 1)
                p = (round(q[0], 1) + 0.0, round(q[1], 1) + 0.0, round(q[2], 1) + 0.0)  # geometry.rounded
                if (
                    p not in seen
                    and sqrt((a[0] - p[0]) ** 2 + (a[1] - p[1]) ** 2 + (a[2] - p[2]) ** 2) > 0.05
                    and (not check or move_allowed(duel, c, p))
                ):
                    seen.add(p)
                    out.append(p)
            if zone is None and d >= PLAIN_DUEL_SPREAD:
                continue  # a plain duel has no walls: listing "away" forever would let it drift apart
            if d < geometry.EPSILON:
                q = (a[0] + span, a[1], a[2])
            else:
                t = span / d
                q = (a[0] + (a[0] - bp[0]) * t, a[1] + (a[1] - bp[1]) * t, a[2] + (a[2] - bp[2]) * t)
            if zone is not None:
                q = (
                    min(max(q[0], 0.0), zone.width),
                    min(max(q[1], 0.0), zone.width),
                    min(max(q[2], 0.0), zone.height),
                )
            if ps:
                q = _hampered(ps, a, q, span, i == 1)
            p = (round(q[0], 1) + 0.0, round(q[1], 1) + 0.0, round(q[2], 1) + 0.0)
            if (
                p not in seen
                and sqrt((a[0] - p[0]) ** 2 + (a[1] - p[1]) ** 2 + (a[2] - p[2]) ** 2) > 0.05
                and (not check or move_allowed(duel, c, p))
            ):
                seen.add(p)
                out.append(p)
    return lists[0], lists[1]


def _hampered(ps: list[_terrain.Patch], a: tuple, q: tuple, span: float, step: bool) -> tuple:
    """Where a move (or a 5-foot step) toward ``q`` ends on hampering ground: as far as ``span`` feet of
    movement carry it (C-13: double cost); a step that would touch such ground goes nowhere (``a``)."""
    if step:
        return a if _terrain.touches(ps, a, q) else q
    return _terrain.reach(ps, a, q, span)


def move_allowed(duel: Duel, c: Combatant, p: tuple) -> bool:
    """Whether ``c`` may move in a straight line to ``p``: not nearer a creature that holds it back
    (repulsion, gust of wind) while within that creature's distance."""
    if duel.walls and _walls.blocked(duel, c.pos, p):
        return False
    for cond in c.conditions:
        hb = cond.data.get("hold_back") if cond.data else None
        if hb is None or cond.data.get("dormant"):
            continue
        src = duel.by_id.get(hb[0])
        if src is None or src.status not in ("active", "dying"):
            continue
        after = geometry.distance(p, src.pos)
        if after < geometry.distance(c.pos, src.pos) - 0.05 and (hb[1] is None or after <= hb[1] + 0.05):
            return False
    return True


def movement(duel: Duel, c: Combatant, b: Budget, names: set[str]) -> tuple[float | None, bool]:
    """How far ``c`` may go with a move action now (``None``: no move action left for it) and whether a
    5-foot step is open: the action budget (C-9), the speed its conditions leave, prone's crawl (C-11) and a
    slip on grease (C-13). The listed moves and a typed point both ask here."""
    speed = c.speed_now(names)
    budget: float | None = speed if speed > 0 else None
    if not ((b.move or (b.standard and not b.one_action)) and not b.stepped) or (
        b.one_action and b.used_action
    ):
        budget = None
    can_step = not b.moved and not b.stepped and speed > 0 and c.acts(names) != "none"
    if c.conditions and "prone" in names:
        # C-11 prone: the only way to move is to crawl 5 feet as a move action, which provokes like any
        # move; a 5-foot step is a step, not a crawl.
        budget = None if budget is None else min(budget, CRAWL)
        can_step = False
    if c.data.get("grease_stuck") == duel.round:
        can_step = (
            False  # grease: a failed Acrobatics check, no more walking this round (standing is allowed)
        )
        budget = None if budget is None else 0.0
    return budget, can_step


def _parametric(duel: Duel, c: Combatant, b: Budget, oid: str) -> Option | None:
    """``move X,Y[,Z]`` / ``step X,Y[,Z]`` to any point within reach of the budget; ``cast <area spell>
    @X,Y`` centred on any point (DU-10: as long as it takes in an opponent)."""

    parts = oid.split()
    if parts and parts[0] == "cast":
        found = _opts.cast_at_point(duel, c, b, oid)
        return found if isinstance(found, Option) else None
    if len(parts) != 2 or parts[0] not in ("move", "step"):
        return None
    p = parse_point(parts[1])
    if p is None:
        return None
    d = geometry.distance(c.pos, p)
    budget, can_step = movement(duel, c, b, c.active_condition_names())
    ps = _terrain.hampering(duel, c)
    if parts[0] == "move":
        if ps:
            d = _terrain.cost(ps, c.pos, p)  # C-13: hampered ground costs double
        if not budget or d > budget + 0.05:
            return None
    else:
        if not can_step or d > geometry.FIVE_FOOT_STEP + 0.05:
            return None
        if ps and _terrain.touches(ps, c.pos, p):
            return None  # no 5-foot step where movement is hampered
    if (c.conditions or duel.walls) and not move_allowed(duel, c, p):
        return None
    opt = Option(oid, parts[0], {"point": geometry.rounded(p)})
    hook = duel.hooks.legal
    if hook is not None and hook(duel, c.id, opt) is not None:
        return None
    return opt


def _explain(duel: Duel, c: Combatant, b: Budget, oid: str) -> str | None:
    """Why an unlisted turn option is not legal, when a rule can say (an area cast at a point)."""
    found = _opts.cast_at_point(duel, c, b, oid)
    return found if isinstance(found, str) else None


def do_option(duel: Duel, c: Combatant, b: Budget, opt: Option) -> Gen:

    kind = opt.kind
    if kind == "cast":
        yield from _eff.cast_from_option(duel, c, b, opt)
    elif kind in ("attack", "full-attack"):
        w = next(w for w in c.weapons if w.id == opt.data["weapon"])
        target = duel.by_id[opt.data["targets"][0]]
        spend(b, "full" if kind == "full-attack" else "standard")
        hold = bool(opt.data.get("hold_parry"))
        yield from weapon_attack(duel, c, w, target, full_attack=kind == "full-attack", hold_parry=hold)
    elif kind == "move":
        spend(b, "move")
        b.moved = True
        yield from move(duel, c, opt.data["point"], provoke=True)
    elif kind == "step":
        b.stepped = True
        yield from move(duel, c, opt.data["point"], provoke=False)
    elif kind == "touch":
        spend(b, "standard")
        yield from _eff.deliver_charge(duel, c, duel.by_id[opt.data["targets"][0]])
    elif kind == "bull-rush":
        spend(b, "standard")
        yield from bull_rush(duel, c, duel.by_id[opt.data["targets"][0]])
    elif kind == "ready":
        spend(b, "standard")
        c.readied = "counterspell"
        duel.emit("ready", c.id, {"action": "counterspell"}, ("C-12", "DU-17"))
    elif kind == "stand":
        spend(b, "move")
        yield from attacks_of_opportunity(duel, c, "standing up", None)
        if c.status in ("active", "dying") and duel.outcome is None:
            for cond in [x for x in c.conditions if x.name == "prone"]:
                duel.remove_condition(c.id, cond, "stood up")
    elif kind == "reload":
        spend(b, "move")
        c.loaded = True
        duel.emit("reload", c.id, {}, ("C-9",))
    elif kind == "wake":
        spend(b, "standard")
        t = duel.by_id[opt.data["targets"][0]]
        for cond in [x for x in t.conditions if x.name == "asleep"]:
            duel.remove_condition(t.id, cond, "woken by a slap")


#: C-11: how far a prone creature crawls with a move action.
CRAWL = 5.0


def move(duel: Duel, c: Combatant, point: tuple, provoke: bool) -> Gen:
    """Move in a straight line. Leaving the reach of an opponent who threatens provokes (C-10); a 5-foot
    step never does. A walk within or through grease first needs its Acrobatics check (terrain.py)."""
    if provoke:
        yield from attacks_of_opportunity(duel, c, "moving", point)
        if c.status != "active" or duel.outcome is not None:
            return
    ps = _terrain.hampering(duel, c)
    if ps and _terrain.touches(ps, c.pos, point, "grease"):
        point = yield from _grease_check(duel, c, ps, point)
    frm = c.pos
    c.pos = geometry.rounded(point)
    if c.pos != frm:
        duel.emit("move", c.id, {"from": list(frm), "to": list(c.pos), "step": not provoke}, ("C-9", "C-13"))


def _grease_check(duel: Duel, c: Combatant, ps: list[_terrain.Patch], point: tuple) -> Gen:
    """Grease (its ``grease_terrain`` text): walking within or through it needs a DC 10 Acrobatics check,
    one a round. Success: the walk goes on (at half speed, already counted in its cost). Failure: no more
    moving this round — the walker stops where the grease begins — and a Reflex save against the spell or
    it falls prone; failure by 5 or more: it falls. Returns where the walk ends."""
    if c.data.get("grease_ok") == duel.round:
        return point
    parts = c.skill_parts("acrobatics")
    if "acrobatics" not in c.skills:  # a creature's stat line: untrained, Dex alone (C-2)
        parts = [("Dex", c.mod("dex")), *parts[1:]]
    r = yield from duel.check(
        c.id,
        "walk on grease (Acrobatics)",
        parts,
        _terrain.GREASE_DC,
        ("C-13",),
        code=RollPurpose.ACROBATICS,
    )
    if r.success:
        c.data["grease_ok"] = duel.round
        return point
    c.data["grease_stuck"] = duel.round
    entry = _terrain.grease_entry(ps, c.pos, point)
    stop = c.pos if entry is None else entry
    falls = r.total <= _terrain.GREASE_DC - 5
    if not falls:
        dc = _terrain.grease_dc(ps, c.pos, point)
        save = yield from duel.check(
            c.id,
            "save against falling on grease",
            c.save_parts("ref"),
            dc,
            ("C-5", "C-13"),
            kind="save",
            code=RollPurpose.SAVE,
        )
        falls = not save.success
    duel.emit("slips", c.id, {"at": list(geometry.rounded(stop)), "falls": falls}, ("C-13",))
    if falls and not c.has("prone"):
        duel.add_condition(c.id, Condition("prone", source="grease", clauses=("C-11",)))
    return stop
