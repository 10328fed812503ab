"""Casting spells and the effect resolver over the spell vocabulary (``spells.model``), plus the damage
pipeline.

Casting (C-9, C-10, MD-26): the action and the slot are spent, the public "casting" event names caster and
targets but never the spell, threatened casters provoke (or cast defensively), then the counter window
(``duel_counterspell.counter_window``) and the targets' defence windows (``reactions.defend_window``: the
duel dodge) run before the spell is revealed and resolved. The resolver walks the effect tree (Avrae's
automation model): containers (attack, save, missiles, area, tiered, choice, chain) call the resolver on
their children; leaves change the target.

Every hit point damage goes through ``damage.deal_damage``, which calls ``hooks.transform_damage`` first
(MD-14, MD-16, MD-17, DU-31 live there); ability damage goes through ``hooks.transform_ability``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from . import attacks as _atk
from . import checks, geometry
from . import duel_counterspell as _counter
from . import duel_dodge as _dodge
from . import duel_effort as _effort
from . import maneuvers as _man
from . import reactions as _rx
from . import spell_options as _opts
from . import terrain as _terrain
from . import walls as _walls
from . import weight as _weight
from .budget import spend
from .conditions import Condition
from .core import AbilityDamage, Casting, Check, Damage, Option
from .damage import deal_damage
from .events import RollPurpose
from .spell_lookup import hostile, spell_by_id  # re-exported: effects.spell_by_id
from .spells.model import SIZE_ORDER, at_level
from .summons import summon
from .walls import Wall

if TYPE_CHECKING:
    from .budget import Budget
    from .combatant import Combatant
    from .state import Duel, Gen

#: DU-19: what a delayed effect still resolves at once — containers (to find the conditions inside) and the
#: conditions themselves, which are added dormant; every other leaf waits for the end of the next turn.
_NOT_DEFERRED = frozenset({"condition", "tiered", "choice", "area", "missiles", "chain", "attack", "save"})


def _destroy_wall(duel: Duel, c: Combatant, sp: Any, index: int) -> None:
    """Disintegrate on a wall of force: the wall is gone at once (its condition leaves its caster)."""
    w = duel.walls[index]
    duel.emit("wall-destroyed", c.id, {"spell": w.spell, "by": sp.id, "owner": w.owner}, ("C-13",))
    duel.remove_condition(w.owner, w.cond, f"destroyed by {sp.id}")


# --- casting ---------------------------------------------------------------------------------------------


def cast_from_option(duel: Duel, c: Combatant, b: Budget, opt: Option) -> Gen:

    sp = spell_by_id(opt.data["spell"])
    ct = sp.casting_time
    spend(b, "full" if ct in ("full_round", "one_round") else ("swift" if ct == "swift" else "standard"))
    yield from cast_spell(
        duel,
        c,
        sp,
        opt.data["slot"],
        list(opt.data.get("targets", [])),
        opt.data.get("point"),
        bool(opt.data.get("defensive")),
        item=opt.data.get("item"),
        hold=bool(opt.data.get("hold")),
        wall=opt.data.get("wall"),
    )


def cast_spell(
    duel: Duel,
    c: Combatant,
    sp: Any,
    slot: int,
    targets: list[str],
    point: Any,
    defensive: bool,
    item: str | None = None,
    hold: bool = False,
    wall: int | None = None,
) -> Gen:
    """Cast ``sp`` from a slot (or from ``item``: its charges, caster level and DC). The public event says
    who casts at whom, never what (MD-26); the concentration DCs, which would give the level away, are not
    shown either. ``hold``: a touch spell cast with nobody touched keeps its charge (:func:`deliver_charge`).
    Casting any spell makes a charge already held dissipate."""
    for old in [x for x in c.conditions if x.stat == "held_charge"]:
        duel.remove_condition(c.id, old, "dissipated: another spell was cast")
    use = None
    if item is None:
        c.expend(sp.id, slot)
    else:
        use = next(u for u in c.item_uses if u["key"] == item)
        cost = next(k for s_id, k in use["spells"] if s_id == sp.id)
        use["left"] -= cost
    cast = Casting(c.id, sp, sp.level, targets, point, slot=slot, known_by={c.id})
    potion = use is not None and use["kind"] == "potion"
    duel.casting.append(cast)
    try:
        duel.emit(
            "casting",
            c.id,
            {
                "targets": targets,
                "point": list(point) if point else None,
                "defensive": defensive,
                # Drinking is seen by all (DU-12: nothing to identify); which potion is not said.
                **({"item_kind": "potion"} if potion else {}),
            },
            ("C-9", "MD-26"),
        )
        # MD-26: the item is the caster's secret too (a one-spell scroll or wand would name the spell).
        duel.emit(
            "casting-spell",
            c.id,
            # the spell's own level; the slot only when higher (C-8: a spell keeps its level there)
            {
                "spell": sp.id,
                "level": sp.level,
                "school": sp.school,
                **_slot_note(sp, slot),
                **({"item": item, "item_kind": use["kind"]} if use else {}),
            },
            # C-8: a spell of the day is spent (a prepared spell, or a sorcerer's slot); cantrips and
            # items spend none.
            ("MD-26", "C-8") if use is None and slot > 0 else ("MD-26",),
            audience=(c.id,),
        )
        # C-10: cast defensively, or provoke.

        if defensive:
            r = yield from duel.roll(
                c.id,
                "cast defensively (concentration)",
                defensive_casting_check(c, sp),
                hide_target=True,
                reveal_to=(c.id,),
            )
            if not r.success:
                return _lost(duel, cast, "failed to cast defensively")
        elif _atk.threatened_by(duel, c):
            taken = yield from _atk.attacks_of_opportunity(duel, c, "casting", None)
            if c.status != "active" or duel.outcome is not None:
                return _lost(duel, cast, "the caster fell")
            if taken > 0 and not potion:
                r = yield from duel.check(
                    c.id,
                    "concentration (hurt while casting)",
                    c.concentration_parts(),
                    checks.damage_concentration_dc(taken, sp.level),
                    ("C-10",),
                    hide_target=True,
                    reveal_to=(c.id,),
                    code=RollPurpose.CONCENTRATION_DAMAGE,
                )
                if not r.success:
                    return _lost(duel, cast, "concentration broken by damage")
        if c.has("entangled") and not potion:
            r = yield from duel.check(
                c.id,
                "concentration (entangled)",
                c.concentration_parts(),
                15 + sp.level,
                ("C-10", "C-11"),
                hide_target=True,
                reveal_to=(c.id,),
                code=RollPurpose.CONCENTRATION_ENTANGLED,
            )
            if not r.success:
                return _lost(duel, cast, "concentration failed while entangled")
        # A potion is drunk, not cast: nothing to identify or counter (it still provokes, C-10).
        countered = False if potion else (yield from _counter.counter_window(duel, cast))
        if countered or duel.outcome is not None:
            return None
        # DU-22: each participant the spell aims at may dodge before it is resolved.
        if hostile(sp):
            aimed = list(targets)
            if point is not None and not targets and sp.target.kind != "point":
                aimed = _area_targets(duel, c, sp, point)
            for tid in aimed:
                t = duel.by_id[tid]
                if t.side == c.side:
                    continue
                d = yield from _rx.defend_window(duel, t, c, "spell", sp)
                if "dodge" in d:
                    if not sp.attack_kinds and "ref" not in sp.save_kinds:
                        # DU-24: the immediate action is spent and the dodge "has no effect" (the French
                        # text: "n'a aucun effet"): no +4, and no -2 afterwards either (DU-25).
                        _dodge.dodge_wasted(duel, t, c.id)
                    else:
                        cast.dodgers.add(tid)
        cast.revealed = True
        duel.emit(
            "spell",
            c.id,
            {
                "spell": sp.id,
                "level": sp.level,
                "school": sp.school,
                **_slot_note(sp, slot),
                "targets": targets,
                "point": list(point) if point else None,
            },
            # DU-3: participants on the same side may help each other (a spell on an ally).
            ("MD-26", "DU-3") if any(_helps(duel, c, t) for t in targets) else ("MD-26",),
        )
        if use is None:
            ctx = Ctx(cast, c, sp, c.cl(), c.spell_dc(sp.level, sp.school))
        else:
            # Items cast at their own caster level, with the lowest casting modifier the level allows (a
            # staff may use its wielder's, if higher).
            ctx = Ctx(cast, c, sp, use["cl"], item_dc(c, use, sp))
        if hold:
            hold_charge(duel, c, sp, slot, ctx)
            return None
        if wall is not None:
            _destroy_wall(duel, c, sp, wall)
            return None
        if sp.target.kind == "point":
            yield from resolve(duel, ctx, sp.effects, c.id)
        elif sp.target.kind == "area" or (point is not None and not targets):
            affected = _area_targets(duel, c, sp, point, note=True)
            if sp.area is not None and sp.area.origin == "caster":
                affected = [a for a in affected if a != c.id]
            if "delayed_blast_delay_up_to_5_rounds" in sp.special and point is not None:
                delay = yield from _choose_delay(duel, c, sp)
                if delay > 0:
                    _delay_blast(duel, c, sp, ctx, point, delay)
                    affected = []
            if "sleep_hit_dice_pool" in sp.special:
                affected = _hit_dice_pool(duel, affected, 4, point)
            cast.area_rolls = {}  # one damage roll for the whole area
            for tid in affected:
                yield from resolve(duel, ctx, sp.effects, tid)
            cast.area_rolls = None
            if sp.area is not None and sp.area.drifts is not None and point is not None:
                _linger(duel, c, sp, ctx, point)
            if point is not None and _terrain.kind_of(sp) is not None:
                # Grease, ice storm: the ground stays hampering for the spell's duration (C-13).
                rounds = sp.duration.rounds_at(ctx.cl)
                shape = _opts.area_shape(sp, c, point, point, ctx.cl)
                _terrain.lay(duel, c, sp, shape, rounds or None, ctx.cl, ctx.dc)
        else:
            for tid in targets:
                yield from resolve(duel, ctx, sp.effects, tid)
        for tid in sorted(cast.dodgers):
            dodge_resolved(duel, cast, tid)  # DU-25, for those the spell never reached
        if c.has("invisible") and hostile(sp):
            for cond in [x for x in c.conditions if x.name == "invisible" and x.data.get("ends_on_attack")]:
                duel.remove_condition(c.id, cond, "attacked")
    finally:
        if cast in duel.casting:
            duel.casting.remove(cast)
    return None


def _helps(duel: Duel, c: Combatant, tid: str) -> bool:
    """DU-3: ``tid`` is another participant on ``c``'s side (not ``c``, not an outsider)."""
    t = duel.by_id.get(tid)
    return t is not None and t.id != c.id and t.side == c.side and not t.data.get("outsider")


def _slot_note(sp: Any, slot: int) -> dict[str, int]:
    return {"slot": slot} if slot != sp.level else {}


def hold_charge(duel: Duel, c: Combatant, sp: Any, slot: int, ctx: Ctx) -> None:
    """A touch spell's held charge: a condition of its spell on the caster, so that it may be dispelled,
    enters a mageduel's zone as a touch spell (MD-8) and vanishes with the duel's spells (MD-20)."""
    c.conditions.append(
        Condition(
            "held charge",
            rounds=None,
            tick_on=c.id,
            source=sp.id,
            stat="held_charge",
            clauses=("MD-8",),
            data={"cl": ctx.cl, "dc": ctx.dc, "slot": slot},
        )
    )
    c.dirty()
    duel.emit("charge-held", c.id, {"spell": sp.id}, ("MD-8",))


def held_charge(c: Combatant) -> Condition | None:
    """The touch spell's charge ``c`` holds, if any."""
    for x in c.conditions:
        if x.stat == "held_charge" and not x.data.get("dormant"):
            return x
    return None


def deliver_charge(duel: Duel, c: Combatant, t: Combatant) -> Gen:
    """Touch ``t`` with the held charge (a standard action): the spell, already cast, takes effect on ``t``
    at the caster level and DC it was cast with (its touch attack, saves, damage). The target may duel
    dodge it (DU-22), as any spell of another participant; it cannot be countered any more."""
    cond = held_charge(c)
    assert cond is not None
    sp = spell_by_id(cond.source)
    duel.remove_condition(c.id, cond, "discharged")
    cast = Casting(c.id, sp, sp.level, [t.id], None, slot=cond.data["slot"], known_by={c.id}, revealed=True)
    duel.emit("touch", c.id, {"spell": sp.id, "target": t.id}, ("C-4",))
    if hostile(sp) and t.side != c.side:
        d = yield from _rx.defend_window(duel, t, c, "spell", sp)
        if "dodge" in d:
            if not sp.attack_kinds and "ref" not in sp.save_kinds:
                _dodge.dodge_wasted(duel, t, c.id)  # DU-24
            else:
                cast.dodgers.add(t.id)
    if duel.outcome is not None or c.status != "active":
        return
    yield from resolve(duel, Ctx(cast, c, sp, cond.data["cl"], cond.data["dc"]), sp.effects, t.id)
    dodge_resolved(duel, cast, t.id)  # DU-25


def _choose_delay(duel: Duel, c: Combatant, sp: Any) -> Gen:
    """Delayed blast fireball: the caster sets the delay, 0 to 5 rounds, on completing the spell."""
    opts = [Option(f"choose delay-{n}", "choose", {"choice": f"delay-{n}", "delay": n}) for n in range(6)]
    ans = yield from duel.ask(c.id, "choose", opts, f"{sp.id}: explode now, or after up to 5 rounds")
    return int(ans.rsplit("-", 1)[1])


def _delay_blast(duel: Duel, c: Combatant, sp: Any, ctx: Ctx, point: Any, delay: int) -> None:
    """The glowing bead waits ``delay`` rounds at ``point``; it bursts at the start of the caster's turn
    when the delay runs out (:func:`detonate`, from the condition's expiry)."""
    duel.add_condition(
        c.id,
        Condition(
            f"{sp.id} (delayed)",
            rounds=delay,
            tick_on=c.id,
            source=sp.id,
            stat="delayed_blast",
            data={"cl": ctx.cl, "caster": c.id, "delayed": {"point": tuple(point), "dc": ctx.dc}},
        ),
    )


def detonate(duel: Duel, c: Combatant, cond: Condition) -> Gen:
    """A delayed blast bursts where it waited: everyone in it then (one roll, each their own save)."""
    sp = spell_by_id(cond.source)
    point = cond.data["delayed"]["point"]
    duel.emit("detonates", c.id, {"spell": sp.id, "point": list(point)}, ())
    cast = Casting(c.id, sp, sp.level, [], point, known_by={c.id}, revealed=True)
    cast.area_rolls = {}
    ctx = Ctx(cast, c, sp, cond.data["cl"], cond.data["delayed"]["dc"])
    for tid in _area_targets(duel, c, sp, point, ctx.cl, note=True):
        if duel.outcome is not None:
            return
        yield from resolve(duel, ctx, sp.effects, tid)


def _hit_dice_pool(duel: Duel, affected: list[str], pool: int, point: Any) -> list[str]:
    """Sleep: ``pool`` Hit Dice of creatures in all, the fewest Hit Dice first (the nearest to the point
    first among equals); what is left when the next creature needs more is wasted."""
    ranked = sorted(
        affected,
        key=lambda cid: (duel.by_id[cid].hd, geometry.distance(duel.by_id[cid].pos, point), cid),
    )
    out: list[str] = []
    for cid in ranked:
        hd = duel.by_id[cid].hd
        if hd > pool:
            break
        pool -= hd
        out.append(cid)
    return [cid for cid in affected if cid in out]


def _linger(duel: Duel, c: Combatant, sp: Any, ctx: Ctx, point: Any) -> None:
    """A lingering cloud (cloudkill): kept as a timed condition of its spell on the caster, with where it
    is and where it was cast from, so that it drifts and falls again on the caster's turns
    (:func:`lingering_clouds`), can be dispelled and vanishes with the duel's spells (MD-20)."""
    rounds = sp.duration.rounds_at(ctx.cl)
    cloud = {"origin": tuple(point), "from": c.pos, "dc": ctx.dc, "drifts": sp.area.drifts}
    duel.add_condition(
        c.id,
        Condition(
            f"{sp.id} cloud",
            rounds=rounds or None,
            tick_on=c.id,
            source=sp.id,
            stat="cloud",
            data={"cl": ctx.cl, "caster": c.id, "cloud": cloud},
        ),
    )


def lingering_clouds(duel: Duel, c: Combatant) -> Gen:
    """The start of ``c``'s turn: each of its lingering clouds drifts away from where it was cast (cloudkill:
    10 feet a round) and its effects fall again on everyone in it, with one roll for all (each saves on
    their own). MD-10 clips it at a mageduel zone's faces."""
    for cond in [x for x in c.conditions if x.stat == "cloud"]:
        cloud = cond.data["cloud"]
        sp = spell_by_id(cond.source)
        origin = geometry.rounded(geometry.away(cloud["origin"], cloud["from"], float(cloud["drifts"])))
        cloud["origin"] = origin
        duel.emit("cloud-drifts", c.id, {"spell": sp.id, "to": list(origin)}, ())
        cast = Casting(c.id, sp, sp.level, [], origin, known_by={c.id}, revealed=True)
        cast.area_rolls = {}
        ctx = Ctx(cast, c, sp, cond.data["cl"], cloud["dc"])
        for tid in _area_targets(duel, c, sp, origin, ctx.cl, note=True):
            if duel.outcome is not None:
                return
            yield from resolve(duel, ctx, sp.effects, tid)


def dodge_resolved(duel: Duel, cast: Casting, tid: str) -> None:
    """DU-25: the dodged attack is resolved, so the dodger's -2 to AC and Reflex begins now: a later ray of
    the same spell, a later sphere or a later Reflex save against it meets the -2, not the +4 (DU-23)."""
    if tid in cast.dodgers and tid not in cast.dodge_resolved:
        cast.dodge_resolved.add(tid)
        _dodge.dodge_aftermath(duel, duel.by_id[tid])


def _dodging(cast: Casting, tid: str) -> bool:
    """DU-23: the +4 holds against the dodged attack only, until it is resolved."""
    return tid in cast.dodgers and tid not in cast.dodge_resolved


def _lost(duel: Duel, cast: Casting, why: str) -> None:
    cast.lost = True
    duel.emit("spell-lost", cast.caster, {"why": why}, ("C-10",))


def _area_targets(
    duel: Duel, c: Combatant, sp: Any, point: Any, cl: int | None = None, note: bool = False
) -> list[str]:
    """Who an area of ``sp`` at ``point`` takes in. ``note``: the area falls now (not a look ahead, such
    as who may dodge it), so whoever the rules' filter leaves out is said in the log."""
    aim = point
    origin = point
    area = _opts.area_of(sp)
    if area is None:
        return []
    shape = _opts.area_shape(sp, c, origin, aim, cl)
    found = [x.id for x in _opts.creatures(duel) if x.status in ("active", "dying") and shape.contains(x.pos)]
    if duel.walls:  # an area does not reach through a wall (line of effect from its origin)
        src = c.pos if area.origin == "caster" or area.shape == "emanation" else origin
        found = [x for x in found if not _walls.blocked(duel, src, duel.by_id[x].pos)]
    kept = duel.hooks.filter_area(duel, c.id, shape, found)
    if note:
        _note_clipped(duel, c.id, sp.id, found, kept)
    return kept


def _note_clipped(duel: Duel, caster: str, spell: str, found: list[str], kept: list[str]) -> None:
    """MD-10: the only filter that leaves someone out of an area they stand in is the mageduel zone's (spells
    do not leave it): an ``area-clipped`` event names who the zone's faces spared."""
    spared = [x for x in found if x not in kept]
    if spared:
        duel.emit("area-clipped", caster, {"spell": spell, "spared": spared}, ("MD-10",))


@dataclass(slots=True)
class Ctx:
    cast: Casting
    caster: Combatant
    spell: Any
    cl: int
    dc: int
    half: bool = False
    critical: bool = False
    defer: list[Any] | None = None  # DU-19: conditions and later nodes collected instead of applied


def _dur_rounds(duel: Duel, ctx: Ctx, dur: Any) -> Gen:
    if dur is None:
        dur = ctx.spell.duration
    if dur.dice is not None:
        d = dur.dice
        r = yield from duel.roll_dice(
            ctx.caster.id,
            d.count_at(ctx.cl),
            d.die,
            f"{ctx.spell.id} duration",
            code=RollPurpose.SPELL_DURATION,
        )
        return dur.rounds_for(sum(r) + d.bonus_at(ctx.cl))
    n = dur.rounds_at(ctx.cl)
    if n == 0:
        return 0
    return n  # None: until removed


def immune_to(t: Combatant, sp: Any) -> bool:
    """Whether ``t`` is immune to ``sp`` or to one of its descriptors (shield against magic missile)."""
    return sp.id in t.immune_spells or any(d in t.immune_descriptors for d in sp.descriptors)


def immune_again(t: Combatant, sp: Any) -> bool:
    """Whether ``t`` may not be affected by ``sp`` again so soon (daze: not again within a minute)."""
    return any(x.data.get("immune_to") == sp.id for x in t.conditions if x.data)


def resolve(duel: Duel, ctx: Ctx, nodes: tuple, tid: str) -> Gen:
    """Apply effect ``nodes`` of ``ctx.spell`` to combatant ``tid``."""
    t = duel.by_id[tid]
    sp = ctx.spell
    if immune_to(t, sp):
        duel.emit("immune", tid, {"spell": sp.id}, ())
        return
    if nodes is sp.effects and "color_spray_sightless" in sp.special and t.has("blinded"):
        duel.emit("unaffected", tid, {"spell": sp.id, "why": "sightless"}, ("C-11",))
        return  # a creature that cannot see the colours is not affected
    if t.conditions:
        if immune_again(t, sp):
            duel.emit("immune", tid, {"spell": sp.id}, ())  # daze: not again within a minute
            return
        if sp.counters and nodes is sp.effects:
            # Haste and slow: each dispels the other on a creature it reaches, and is spent doing so.
            other = [x for x in t.conditions if x.source in sp.counters]
            if other:
                for x in other:
                    duel.remove_condition(tid, x, f"dispelled by {sp.id}")
                return
    for node in nodes:
        if duel.outcome is not None:
            return
        k = node.kind
        fn = _HANDLERS.get(k)
        if fn is None:
            duel.emit("effect-unsupported", tid, {"effect": k, "spell": sp.id}, ())
            continue
        if ctx.defer is not None and k not in _NOT_DEFERRED:
            ctx.defer.append(node)
            continue
        yield from fn(duel, ctx, node, t)


def spell_attack_check(c: Combatant, sp: Any, node: Any, t: Combatant, dodging: bool = False) -> Check:
    """C-4: a spell's attack roll (a ray, a touch) by ``c`` against ``t``'s touch AC: the attack node's own
    bonus, an invisible attacker's +2 (C-11), shocking grasp's +3 against metal armour, and +4 to the AC
    while ``t`` duel dodges (DU-23: against that attack only). The one :class:`Check` rolled by the attack
    node and shown as a chance by the view."""
    mods = c.attack_parts(node.attack)
    if node.bonus:
        mods.append(("spell", node.bonus))
    mods += _atk.unseen_attacker(c, t)
    if "shocking_grasp_metal" in sp.special and t.data.get("metal_armor"):
        mods.append(("metal armor", 3))
    parts = t.ac_parts("touch")
    if dodging:
        parts.append(_dodge.DODGE_BONUS)  # DU-23
    return Check(
        tuple(mods),
        sum(v for _, v in parts),
        kind="attack",
        clauses=("C-4",),
        code=RollPurpose.SPELL_ATTACK,
        against="touch AC",
        target_parts=tuple(parts),
    )


def save_check(
    duel: Duel, caster: Combatant, node: Any, t: Combatant, dc: int, cast: Casting | None
) -> Check:
    """C-5: ``t``'s saving throw against a spell's save node at ``dc``: its save bonus, the node's own
    adjustments (an arcane caster's, a target threatened by the caster's side, meteor swarm's struck, chain
    lightning's secondaries) and, once the spell is being resolved (``cast``), +4 to a Reflex save while duel
    dodging (DU-23) and -2 after a failed duel counterspell (DU-15). The one :class:`Check` rolled by the save
    node and shown, before the casting, as the chance the target fails it."""
    save = node.save
    mods = t.save_parts(save)
    if cast is not None:
        if save == "ref" and _dodging(cast, t.id):
            mods.append(_dodge.DODGE_BONUS)  # DU-23
        if t.id in cast.save_penalty:
            mods.append(("failed duel counterspell", -2))  # DU-15
    for adj in node.adjustments:
        w = adj.when
        if w == "arcane_caster" and t.arcane and t.casting_ability:
            mods.append(("arcane caster", adj.value))
        elif w == "struck" and cast is not None and t.id in cast.struck:
            mods.append(("struck by the sphere", adj.value))  # meteor swarm
        elif w == "secondary":
            mods.append(("secondary target", adj.value))  # chain lightning: only its secondaries' save
        elif w == "threatened" and any(o.side == caster.side for o, _ in _atk.threatened_by(duel, t)):
            mods.append(("threatened by the caster's side", adj.value))  # charm person
    return Check(tuple(mods), dc, kind="save", clauses=("C-5",), code=RollPurpose.SAVE)


def defensive_casting_check(c: Combatant, sp: Any) -> Check:
    """C-10: casting defensively: a concentration check (with Combat Casting's bonus) against DC 15 + twice
    the spell's own level (not the slot's). The one :class:`Check` rolled by :func:`cast` and shown as a
    chance by the view."""
    mods = c.concentration_parts()
    if c.defensive_bonus:
        mods.append(("Combat Casting", c.defensive_bonus))
    return Check(
        tuple(mods),
        checks.defensive_casting_dc(sp.level),
        clauses=("C-10",),
        code=RollPurpose.CONCENTRATION_DEFENSIVE,
    )


def item_dc(c: Combatant, use: dict[str, Any], sp: Any) -> int:
    """C-5: the save DC of a spell cast from an item (wand, staff, scroll): 10 + the spell's level + the
    lowest casting modifier that level allows (half the level); a staff may use its wielder's, if higher."""
    mod = sp.level // 2
    if use["kind"] == "staff" and c.casting_ability:
        mod = max(mod, c.mod(c.casting_ability))
    return 10 + sp.level + mod


def _attack(duel: Duel, ctx: Ctx, node: Any, t: Combatant) -> Gen:

    c = ctx.caster
    rays = at_level(node.rays, ctx.cl)
    kind = node.attack
    for _ in range(rays):
        if t.status not in ("active", "dying"):
            return
        check = spell_attack_check(c, ctx.spell, node, t, dodging=_dodging(ctx.cast, t.id))
        ac = check.dc or 0
        r = yield from duel.roll(c.id, f"{ctx.spell.id}: {kind.replace('_', ' ')} attack", check)
        dodge_resolved(duel, ctx.cast, t.id)  # DU-25: this ray is the dodged attack; later ones meet the -2
        chance = _atk.miss_chance(c, t)  # before the roll spends true strike, which ignores it
        _atk.spend_attack_uses(duel, c)
        if r.success and chance:
            hit = yield from _atk.roll_miss_chance(duel, c, chance)  # C-4, C-11: concealment
            if not hit:
                duel.emit("miss", c.id, {"target": t.id, "spell": ctx.spell.id}, ("C-4",))
                continue
        if not r.success:
            _atk.near_miss_image(duel, t, r.total, ac)
            duel.emit("miss", c.id, {"target": t.id, "spell": ctx.spell.id}, ("C-4",))
            continue
        if t.mirror_images > 0:
            real = yield from _atk.mirror_image_check(duel, t, c)
            if not real:
                continue
        crit = False
        if node.can_crit and r.natural == 20:
            confirm = replace(check, code=RollPurpose.CRITICAL_CONFIRMATION)
            conf = yield from duel.roll(c.id, "critical confirmation", confirm)
            crit = conf.success
        duel.hits[c.id] = duel.hits.get(c.id, 0) + 1
        ctx.cast.struck.add(t.id)
        sub = Ctx(ctx.cast, c, ctx.spell, ctx.cl, ctx.dc, ctx.half, crit, ctx.defer)
        yield from resolve(duel, sub, node.on_hit, t.id)


def _save(duel: Duel, ctx: Ctx, node: Any, t: Combatant) -> Gen:

    save = node.save
    check = save_check(duel, ctx.caster, node, t, ctx.dc, ctx.cast)
    mods = list(check.modifiers)
    r = yield from duel.roll(t.id, f"{save} save against {ctx.spell.id}", check)
    if save == "ref":
        dodge_resolved(duel, ctx.cast, t.id)  # DU-25
    if not r.success:
        delayed = yield from _effort.effort_after_failed_save(duel, t, save, mods, ctx.dc)
        if delayed:
            collect: list[Any] = []
            sub = Ctx(ctx.cast, ctx.caster, ctx.spell, ctx.cl, ctx.dc, ctx.half, ctx.critical, collect)
            before = list(t.conditions)
            yield from resolve(duel, sub, node.effects, t.id)
            new = [x for x in t.conditions if x not in before]
            for x in new:
                t.conditions.remove(x)
            later_nodes = tuple(n for n in collect)
            later = None
            if later_nodes:

                def later(nodes: tuple = later_nodes, t_id: str = t.id) -> Gen:
                    return resolve(duel, Ctx(ctx.cast, ctx.caster, ctx.spell, ctx.cl, ctx.dc), nodes, t_id)

            _effort.defer_effect(duel, t, new, later)
            return
        _mark_repeat(node, ctx, t, len(t.conditions))
        before_n = len(t.conditions)
        yield from resolve(duel, ctx, node.effects, t.id)
        if node.repeat_each_round:
            for x in t.conditions[before_n:]:
                x.data["repeat_save"] = (save, ctx.dc)
        return
    if node.on_success == "half":
        sub = Ctx(ctx.cast, ctx.caster, ctx.spell, ctx.cl, ctx.dc, True, ctx.critical, ctx.defer)
        yield from resolve(duel, sub, node.effects, t.id)
    elif node.on_success == "partial":
        yield from resolve(duel, ctx, node.on_save, t.id)


def _mark_repeat(node: Any, ctx: Ctx, t: Combatant, n: int) -> None:
    return None


def _missiles(duel: Duel, ctx: Ctx, node: Any, t: Combatant) -> Gen:

    n = at_level(node.count, ctx.cl)
    for _ in range(n):
        if t.status not in ("active", "dying") or duel.outcome is not None:
            return
        ctx.cast.struck.discard(t.id)  # each sphere's own hit counts for its own burst (meteor swarm)
        yield from resolve(duel, ctx, node.effects, t.id)


def _area(duel: Duel, ctx: Ctx, node: Any, t: Combatant) -> Gen:
    size = float(node.area.size_at(ctx.cl))
    shape = geometry.Burst(t.pos, size)
    found = [x.id for x in _opts.creatures(duel) if x.status in ("active", "dying") and shape.contains(x.pos)]
    if duel.walls:
        found = [x for x in found if not _walls.blocked(duel, t.pos, duel.by_id[x].pos)]
    outer, ctx.cast.area_rolls = ctx.cast.area_rolls, {}  # this burst's own roll, shared by all in it
    kept = duel.hooks.filter_area(duel, ctx.caster.id, shape, found)
    _note_clipped(duel, ctx.caster.id, ctx.spell.id, found, kept)
    for tid in kept:
        yield from resolve(duel, ctx, node.effects, tid)
    ctx.cast.area_rolls = outer


def _tiered(duel: Duel, ctx: Ctx, node: Any, t: Combatant) -> Gen:

    if node.measure == "hit_dice":
        m: Any = t.hd
    elif node.measure == "hit_points":
        m = t.hp - t.nonlethal
    else:
        m = SIZE_ORDER.index(t.size)
    for tier in node.tiers:
        if tier.flying is not None and tier.flying != t.flying:
            continue
        bound = tier.at_most
        if isinstance(bound, str):
            bound = SIZE_ORDER.index(bound)
        if bound is None or m <= bound:
            yield from resolve(duel, ctx, tier.effects, t.id)
            return
    duel.emit("unaffected", t.id, {"spell": ctx.spell.id, "measure": node.measure}, ())


def _choice(duel: Duel, ctx: Ctx, node: Any, t: Combatant) -> Gen:

    # Telekinesis: a creature heavier than 25 lb. per caster level is offered only the versions that
    # do not lift it (the combat manoeuvre).
    heavy = "telekinesis_weight" in ctx.spell.special and not _weight.movable(t, ctx.cl)
    if ctx.cast.choice is None:
        offered = [o for o in node.options if not (heavy and _opts.weight_bound(o))] or node.options
        opts = [Option(f"choose {o.id}", "choose", {"choice": o.id}) for o in offered]
        ans = yield from duel.ask(ctx.caster.id, "choose", opts, f"{ctx.spell.id}: choose a version")
        ctx.cast.choice = ans.split()[1]
    chosen = next((o for o in node.options if o.id == ctx.cast.choice), node.options[0])
    if heavy and _opts.weight_bound(chosen):
        _too_heavy(duel, ctx, t)
        return  # before any save: the spell cannot take hold of it
    yield from resolve(duel, ctx, chosen.effects, t.id)


def _chain(duel: Duel, ctx: Ctx, node: Any, t: Combatant) -> Gen:

    yield from resolve(duel, ctx, node.effects, t.id)
    n = at_level(node.secondary, ctx.cl)
    others = [
        x
        for x in duel.participants
        if x.id not in (t.id, ctx.caster.id)
        and x.status == "active"
        and geometry.within(t.pos, x.pos, node.within_feet)
        and x.side != ctx.caster.side
        and not (duel.walls and _walls.blocked(duel, t.pos, x.pos))
    ]
    for x in others[:n]:
        yield from resolve(duel, ctx, node.secondary_effects, x.id)


def _damage(duel: Duel, ctx: Ctx, node: Any, t: Combatant) -> Gen:

    d = node.dice
    count = d.count_at(ctx.cl) * (2 if ctx.critical else 1)
    die = d.die
    if "horrid_wilting_water_and_plants_d8" in ctx.spell.special and t.data.get("kinds", set()) & {
        "water",
        "plant",
    }:
        die = 8  # water elementals and plant creatures take d8s
    if (
        "gust_tumble_damage_per_10_feet" in ctx.spell.special
        and node.nonlethal
        and t.size == "tiny"
        and not t.flying
    ):
        count *= max(1, int(ctx.cast.pushed.get(t.id, 0.0) + geometry.EPSILON) // 10)  # per 10 feet rolled
    rolled = yield from _area_roll(
        duel, ctx, node, count, die, f"{ctx.spell.id} damage", RollPurpose.SPELL_DAMAGE
    )
    amount = (rolled + d.bonus_at(ctx.cl)) * d.multiplier
    if d.maximum is not None:
        amount = min(amount, d.maximum)
    notes = []
    if ctx.half:
        amount //= 2
        notes.append("half on a successful save")
    rounds = at_level(node.rounds, ctx.cl)
    if rounds > 1:
        duel.add_condition(
            t.id,
            Condition(
                f"ongoing {ctx.spell.id}",
                rounds=rounds - 1,
                tick_on=ctx.caster.id,
                source=ctx.spell.id,
                data={"ongoing": node, "cl": ctx.cl, "caster": ctx.caster.id},
            ),
        )
    yield from deal_damage(
        duel,
        Damage(
            t.id,
            amount,
            lethal=not node.nonlethal,
            source="spell",
            attacker=ctx.caster.id,
            spell=ctx.spell.id,
            dtype=node.type,
            critical=ctx.critical,
            clauses=[],
            notes=notes,
        ),
    )


def _area_roll(duel: Duel, ctx: Ctx, node: Any, count: int, die: int, purpose: str, code: RollPurpose) -> Gen:
    """The dice of ``node`` rolled: once per area (every creature in it takes the same roll, each with its
    own save), once per creature otherwise."""
    shared = ctx.cast.area_rolls
    if shared is not None and id(node) in shared:
        return shared[id(node)]
    rolls = yield from duel.roll_dice(ctx.caster.id, count, die, purpose, code=code)
    if shared is not None:
        shared[id(node)] = sum(rolls)
    return sum(rolls)


def _condition(duel: Duel, ctx: Ctx, node: Any, t: Combatant) -> Gen:
    rounds = yield from _dur_rounds(duel, ctx, node.duration)
    if rounds == 0:
        rounds = 1
    cond = Condition(
        node.condition,
        rounds=rounds,
        tick_on=ctx.caster.id,
        source=ctx.spell.id,
        clauses=("C-11",),
        data={"cl": ctx.cl, "caster": ctx.caster.id},
    )
    if node.then:
        cond.data["then"] = (node.then, ctx.cast, ctx.cl, ctx.dc)
    if node.ends_on_attack:
        cond.data["ends_on_attack"] = True
    # C-11: the conditions of ``also`` share the one duration roll; the ``then`` chain hangs on the first
    # only, so it follows once when they all end together.
    conds = [cond] + [
        Condition(
            name,
            rounds=rounds,
            tick_on=ctx.caster.id,
            source=ctx.spell.id,
            clauses=("C-11",),
            data={"cl": ctx.cl, "caster": ctx.caster.id},
        )
        for name in node.also
    ]
    if node.condition == "dazed" and "daze_immunity_one_minute" in ctx.spell.special:
        conds.append(
            Condition("immune to daze", 10, ctx.caster.id, ctx.spell.id, data={"immune_to": ctx.spell.id})
        )
    for x in conds:
        if ctx.defer is not None:
            t.conditions.append(x)  # collected by _save and made dormant (DU-19)
        else:
            duel.add_condition(t.id, x)


def _amount(duel: Duel, ctx: Ctx, node: Any, what: str, code: RollPurpose) -> Gen:
    """A node's ``dice`` rolled (``purpose``: "<spell> <what>") or its fixed ``amount`` at the caster's
    level, halved on a successful save that halves (``ctx.half``)."""
    if node.dice is not None:
        rolled = yield from _area_roll(
            duel, ctx, node, node.dice.count_at(ctx.cl), node.dice.die, f"{ctx.spell.id} {what}", code
        )
        amount = rolled + node.dice.bonus_at(ctx.cl)
    else:
        amount = at_level(node.amount, ctx.cl)
    return amount // 2 if ctx.half else amount


def _ability(duel: Duel, ctx: Ctx, node: Any, t: Combatant) -> Gen:
    amount = yield from _amount(duel, ctx, node, "ability", RollPurpose.ABILITY_DAMAGE)
    ad = duel.hooks.transform_ability(
        duel, AbilityDamage(t.id, node.ability, amount, node.mode, "spell", ctx.caster.id, ctx.spell.id, [])
    )
    apply_ability(duel, ad, ctx, node)


def apply_ability(duel: Duel, ad: Any, ctx: Ctx | None = None, node: Any = None) -> None:
    t = duel.by_id[ad.target]
    if ad.mode == "set":
        t.ability_set[ad.ability] = ad.amount
    elif ad.mode == "penalty":
        rounds = ctx.spell.duration.rounds_at(ctx.cl) if ctx is not None else None
        t.conditions.append(
            Condition(
                f"{ad.spell or 'effect'} ({ad.ability})",
                rounds=rounds or None,
                tick_on=ad.attacker or "",
                source=ad.spell or "",
                stat=f"ability:{ad.ability}",
                value=-ad.amount,
                bonus_type="penalty",
            )
        )
    elif ad.mode == "drain":
        t.ability_drain[ad.ability] = t.ability_drain.get(ad.ability, 0) + ad.amount
    else:
        t.ability_damage[ad.ability] = t.ability_damage.get(ad.ability, 0) + ad.amount
    duel.emit(
        "ability",
        ad.target,
        {
            "ability": ad.ability,
            "amount": ad.amount,
            "mode": ad.mode,
            "score": t.ability(ad.ability),
            "spell": ad.spell,
        },
        tuple(ad.clauses),
    )
    if ad.ability == "con" and t.ability("con") <= 0 and t.status not in ("dead", "slain"):
        if duel.kind == "mageduel":  # MD-15: Constitution 0 is "slain" in a mageduel, never dead (MD-14)
            t.status = "slain"
            duel.emit("status", t.id, {"status": "slain", "why": "Constitution 0"}, ("MD-15",))
        else:
            t.status = "dead"
            duel.emit("status", t.id, {"status": "dead", "why": "Constitution 0"}, ("C-6",))
    duel.update_status(t)


def _negative_levels(duel: Duel, ctx: Ctx, node: Any, t: Combatant) -> Gen:
    if "enervation_undead" in ctx.spell.special and "undead" in t.data.get("kinds", ()):
        # An undead creature is not drained: it gains 1d4 x 5 temporary hit points, for up to an hour.
        r = yield from duel.roll_dice(
            ctx.caster.id, 1, 4, f"{ctx.spell.id} temporary hp", code=RollPurpose.TEMPORARY_HP
        )
        gained = 5 * sum(r)
        if gained > t.temp_hp:
            t.temp_hp = gained
            _keep_timed(t, ctx, "temporary hp", "temp_hp", 600)
        duel.emit("temp-hp", t.id, {"temp_hp": t.temp_hp, "rounds": 600}, ())
        return
    n = yield from _amount(duel, ctx, node, "negative levels", RollPurpose.NEGATIVE_LEVELS)
    t.negative_levels += n
    # 5 hit points a level, from the maximum and the current alike; the maximum stays at least 1 (a
    # character with no hit points left to lose is not "active" at 0 maximum): as many negative levels as
    # Hit Dice kill (C-6), which a mageduel turns into "slain" (MD-14, :meth:`Duel.update_status`).
    lost = min(5 * n, t.max_hp - 1)
    t.max_hp -= lost
    t.hp -= lost
    duel.emit("negative-levels", t.id, {"levels": n, "total": t.negative_levels}, ())
    if t.negative_levels >= t.hd and t.status not in ("dead", "slain"):
        if duel.kind == "mageduel":
            t.hp = min(t.hp, 0)
        else:
            t.hp = -t.ability("con")
    duel.update_status(t)


def _forced(duel: Duel, ctx: Ctx, node: Any, t: Combatant) -> Gen:

    c = ctx.caster
    if node.max_size is not None and SIZE_ORDER.index(t.size) > SIZE_ORDER.index(node.max_size):
        duel.emit("unaffected", t.id, {"spell": ctx.spell.id, "why": "too large"}, ())
        return
    beaten_by: int | None = None
    if node.check == "cmb_vs_cmd":
        if node.caster_maneuver:
            cmb = [("caster level", ctx.cl), (c.casting_ability or "int", c.mod(c.casting_ability or "int"))]
        else:
            cmb = [("BAB", c.bab), ("Str", c.mod("str"))]
        cmd = _man.maneuver_defence(t, node.maneuver or "bull_rush")
        r = yield from duel.check(
            c.id,
            f"{ctx.spell.id}: {node.maneuver} (CMB)",
            cmb,
            cmd,
            ("C-1",),
            against="CMD",
            code=RollPurpose.SPELL_MANEUVER,
        )
        if not r.success:
            return
        beaten_by = r.total - cmd
    elif node.check == "strength":
        r = yield from duel.check(
            t.id,
            f"resist {ctx.spell.id} (Strength)",
            [("Str", t.mod("str"))],
            node.dc,
            ("C-2",),
            code=RollPurpose.STRENGTH_CHECK,
        )
        if r.success:
            return
    if node.mode == "hold_back":
        # Repulsion, gust of wind: the subject cannot move nearer the caster while within ``distance`` of them
        # (actions.move_allowed); it may stay, move away, fight and cast. None: anywhere (the wind's line).
        within = float(at_level(node.distance, ctx.cl)) if node.distance is not None else None
        rounds = ctx.spell.duration.rounds_at(ctx.cl)
        duel.add_condition(
            t.id,
            Condition(
                "held back",
                rounds=rounds or 1,
                tick_on=c.id,
                source=ctx.spell.id,
                clauses=("C-13",),
                data={"cl": ctx.cl, "caster": c.id, "hold_back": (c.id, within)},
            ),
        )
        return
    if node.distance_dice is not None:
        dd = node.distance_dice
        r2 = yield from duel.roll_dice(
            c.id, dd.count_at(ctx.cl), dd.die, f"{ctx.spell.id} distance", code=RollPurpose.SPELL_DISTANCE
        )
        feet = float((sum(r2) + dd.bonus_at(ctx.cl)) * dd.multiplier)
    elif node.distance is not None:
        feet = float(at_level(node.distance, ctx.cl))
    elif node.maneuver == "bull_rush" and beaten_by is not None:
        # A bull rush pushes 5 feet, and 5 more for every 5 by which the check beat the CMD.
        feet = 5.0 + 5.0 * (beaten_by // 5)
    else:
        feet = 10.0
    frm = t.pos
    t.pos = geometry.rounded(_walls.stop_before(duel, t.pos, geometry.away(t.pos, c.pos, feet)))
    ctx.cast.pushed[t.id] = geometry.distance(frm, t.pos)
    duel.emit(
        "pushed", t.id, {"from": list(frm), "to": list(t.pos), "by": c.id, "spell": ctx.spell.id}, ("C-13",)
    )


def _too_heavy(duel: Duel, ctx: Ctx, t: Combatant) -> None:
    """Telekinesis's sustained force and violent thrust move or hurl at most 25 lb. per caster level (375
    lb. at most): a heavier creature is neither moved nor thrown out of a mageduel's zone by them (MD-22)."""
    data = {"spell": ctx.spell.id, "why": "too heavy", "weight": _weight.of(t)}
    duel.emit("unaffected", t.id, {**data, "limit": _weight.limit_for(ctx.cl)}, ("MD-22",))


def _modifier(duel: Duel, ctx: Ctx, node: Any, t: Combatant) -> Gen:

    rounds = yield from _dur_rounds(duel, ctx, node.duration)
    duel.add_condition(
        t.id,
        Condition(
            ctx.spell.id,
            rounds=rounds or None,
            tick_on=ctx.caster.id,
            source=ctx.spell.id,
            stat=node.stat,
            value=at_level(node.value, ctx.cl),
            bonus_type=node.bonus_type,
            data={
                "cl": ctx.cl,
                "caster": ctx.caster.id,
                "uses": node.uses,
                # true strike: its attack also ignores concealment's miss chance (attacks.miss_chance)
                **({"ignores_concealment": True} if "true_strike_concealment" in ctx.spell.special else {}),
            },
        ),
    )


def _concealment(duel: Duel, ctx: Ctx, node: Any, t: Combatant) -> Gen:
    """Blur, displacement: a miss chance on attacks against the subject (read by attacks.miss_chance)."""
    rounds = ctx.spell.duration.rounds_at(ctx.cl)
    duel.add_condition(
        t.id,
        Condition(
            ctx.spell.id,
            rounds=rounds or None,
            tick_on=ctx.caster.id,
            source=ctx.spell.id,
            stat="concealment",
            value=node.percent,
            clauses=("C-11",),
            data={"cl": ctx.cl, "caster": ctx.caster.id},
        ),
    )
    return
    yield


def _keep_timed(t: Combatant, ctx: Ctx, name: str, stat: str, rounds: int | None) -> None:
    """A number the subject holds (temporary hp, damage reduction) kept as one timed condition of its
    spell, replacing an earlier one of the same kind, so it expires, can be dispelled and ends with the
    duel's spells (MD-20)."""
    for old in [x for x in t.conditions if x.stat == stat]:
        t.conditions.remove(old)
    t.conditions.append(
        Condition(
            name,
            rounds=rounds or None,
            tick_on=ctx.caster.id,
            source=ctx.spell.id,
            stat=stat,
            data={"cl": ctx.cl, "caster": ctx.caster.id},
        )
    )
    t.dirty()


def _temp_hp(duel: Duel, ctx: Ctx, node: Any, t: Combatant) -> Gen:
    d = node.dice
    r = yield from duel.roll_dice(
        ctx.caster.id,
        d.count_at(ctx.cl),
        d.die,
        f"{ctx.spell.id} temporary hp",
        code=RollPurpose.TEMPORARY_HP,
    )
    gained = sum(r) + d.bonus_at(ctx.cl)
    if gained <= t.temp_hp:
        duel.emit("temp-hp", t.id, {"temp_hp": t.temp_hp}, ())
        return  # temporary hp from different sources do not stack: the higher stands
    t.temp_hp = gained
    # They last for the duration (false life: 1 hour per level); what is left then is lost (on_removed).
    rounds = yield from _dur_rounds(duel, ctx, node.duration)
    _keep_timed(t, ctx, "temporary hp", "temp_hp", rounds)
    duel.emit("temp-hp", t.id, {"temp_hp": t.temp_hp, "rounds": rounds or None}, ())


def _heal(duel: Duel, ctx: Ctx, node: Any, t: Combatant) -> Gen:
    """Cure: hit point damage healed (never above the maximum) and as much nonlethal damage; a creature
    brought back above 0 hit points is no longer dying (C-6), and one under duel effort is spared (DU-21)."""
    d = node.dice
    r = yield from duel.roll_dice(
        ctx.caster.id, d.count_at(ctx.cl), d.die, f"{ctx.spell.id} healing", code=RollPurpose.HEALING
    )
    amount = sum(r) + d.bonus_at(ctx.cl)
    before = t.hp
    t.hp = min(t.max_hp, t.hp + amount)
    t.nonlethal = max(0, t.nonlethal - amount)
    duel.emit(
        "healed",
        t.id,
        {"amount": t.hp - before, "hp": t.hp, "nonlethal": t.nonlethal, "spell": ctx.spell.id},
        ("C-6",),
    )
    duel.update_status(t)


def _dr(duel: Duel, ctx: Ctx, node: Any, t: Combatant) -> Gen:
    """Damage reduction (stoneskin), kept as a timed condition of its spell so that it expires, can be
    dispelled, is told apart on entering a mageduel's zone (MD-8) and vanishes with the duel's spells
    (MD-20); the numbers themselves live in ``t.dr`` (amount, what it may still absorb)."""
    t.dr = [node.amount, at_level(node.absorbs, ctx.cl) if node.absorbs is not None else 10**6]
    _keep_timed(t, ctx, ctx.spell.id, "dr", ctx.spell.duration.rounds_at(ctx.cl))
    duel.emit("damage-reduction", t.id, {"amount": node.amount, "absorbs": t.dr[1]}, ())
    return
    yield


def _resist(duel: Duel, ctx: Ctx, node: Any, t: Combatant) -> Gen:
    """Resist energy: the caster picks one of ``types`` (a ``choose`` decision when there is a choice); the
    resistance is a timed condition (``resist:<type>``), so it expires and can be dispelled."""
    types = list(node.types)
    dtype = types[0]
    if len(types) > 1:
        opts = [Option(f"choose {x}", "choose", {"choice": x}) for x in types]
        ans = yield from duel.ask(ctx.caster.id, "choose", opts, f"{ctx.spell.id}: choose the energy type")
        dtype = ans.split()[1]
    amount = at_level(node.amount, ctx.cl)
    rounds = ctx.spell.duration.rounds_at(ctx.cl)
    t.conditions.append(
        Condition(
            f"{ctx.spell.id} ({dtype})",
            rounds=rounds or None,
            tick_on=ctx.caster.id,
            source=ctx.spell.id,
            stat=f"resist:{dtype}",
            value=amount,
            bonus_type="resistance",
            data={"cl": ctx.cl, "caster": ctx.caster.id},
        )
    )
    t.dirty()
    duel.emit("resistance", t.id, {"type": dtype, "amount": amount}, ())


def _immunity(duel: Duel, ctx: Ctx, node: Any, t: Combatant) -> Gen:
    t.immune_spells.update(node.spells)
    t.immune_descriptors.update(node.descriptors)
    duel.emit("immunity", t.id, {"spells": list(node.spells), "descriptors": list(node.descriptors)}, ())
    return
    yield


def _mirror(duel: Duel, ctx: Ctx, node: Any, t: Combatant) -> Gen:
    d = node.dice
    r = yield from duel.roll_dice(
        ctx.caster.id, d.count_at(ctx.cl), d.die, "mirror images", code=RollPurpose.MIRROR_IMAGE_COUNT
    )
    t.mirror_images = min(node.maximum, sum(r) + d.bonus_at(ctx.cl))
    rounds = ctx.spell.duration.rounds_at(ctx.cl)
    t.conditions.append(
        Condition(
            "mirror image",
            rounds=rounds or None,
            tick_on=ctx.caster.id,
            source=ctx.spell.id,
            stat="mirror_images",
        )
    )
    duel.emit("mirror-images", t.id, {"images": t.mirror_images}, ())


def _flying(duel: Duel, ctx: Ctx, node: Any, t: Combatant) -> Gen:
    t.flying = True
    rounds = ctx.spell.duration.rounds_at(ctx.cl)
    duel.add_condition(
        t.id,
        Condition(
            "flying", rounds=rounds or None, tick_on=ctx.caster.id, source=ctx.spell.id, clauses=("C-11",)
        ),
    )
    return
    yield


def _speed(duel: Duel, ctx: Ctx, node: Any, t: Combatant) -> Gen:
    rounds = ctx.spell.duration.rounds_at(ctx.cl) or None
    if node.bonus_feet:
        duel.add_condition(
            t.id,
            Condition(
                ctx.spell.id,
                rounds,
                ctx.caster.id,
                ctx.spell.id,
                "speed",
                min(node.bonus_feet, int(t.speed)),
                "enhancement",
            ),
        )
    if node.factor != 1.0:
        duel.add_condition(
            t.id,
            Condition(
                ctx.spell.id,
                rounds,
                ctx.caster.id,
                ctx.spell.id,
                "speed_factor",
                int(node.factor * 100),
                "penalty",
            ),
        )
    if node.extra_attack:
        # Haste: one more attack at the full bonus on a full attack (attacks.full_attack_bonuses).
        duel.add_condition(
            t.id, Condition(ctx.spell.id, rounds, ctx.caster.id, ctx.spell.id, "extra_attack", 1, "untyped")
        )
    if node.single_action:
        duel.add_condition(
            t.id, Condition(ctx.spell.id, rounds, ctx.caster.id, ctx.spell.id, "single_action", 1, "penalty")
        )
    return
    yield


def _slay(duel: Duel, ctx: Ctx, node: Any, t: Combatant) -> Gen:

    if node.at_zero_hp and t.hp > 0 and t.status == "active":
        return
    yield from deal_damage(
        duel,
        Damage(
            t.id,
            t.hp + t.ability("con") + 1,
            lethal=True,
            source="spell",
            attacker=ctx.caster.id,
            spell=ctx.spell.id,
            slay=node.outcome,
            clauses=[],
        ),
    )


def _dispel(duel: Duel, ctx: Ctx, node: Any, t: Combatant) -> Gen:
    spells_on = []
    if t.side == ctx.caster.side:
        spells_on = _opts.foes_spells_on(duel, t)  # DU-10: on oneself or an ally, what the foes cast
    else:
        for cond in t.conditions:
            if cond.source and cond.source not in spells_on and cond.data.get("cl") is not None:
                spells_on.append(cond.source)
    # Dispel magic ends the first spell it beats; greater dispel magic one per four caster levels.
    most = 1
    if node.strength == "greater":
        most = max(1, ctx.cl // 4) if "greater_dispel_one_per_four_levels" in ctx.spell.special else 10**6
    ended = 0
    for sid in spells_on:
        conds = [x for x in t.conditions if x.source == sid]
        cl = conds[0].data.get("cl", 1)
        r = yield from duel.check(
            ctx.caster.id,
            f"dispel check against {sid}",
            [("caster level", min(ctx.cl, node.max_bonus))],
            checks.dispel_dc(cl),
            ("C-12", "C-7"),
            code=RollPurpose.DISPEL,
        )
        if r.success:
            for x in conds:
                duel.remove_condition(t.id, x, "dispelled")
            ended += 1
            if ended >= most:
                return


def _summon(duel: Duel, ctx: Ctx, node: Any, t: Combatant) -> Gen:
    yield from summon(duel, ctx, node)


def _teleport(duel: Duel, ctx: Ctx, node: Any, t: Combatant) -> Gen:

    c = ctx.caster
    feet = float(at_level(node.distance, ctx.cl))
    foes = duel.opponents(c.id)
    frm = c.pos
    if foes:
        near = min(foes, key=lambda o: geometry.distance(c.pos, o.pos))
        p = geometry.away(c.pos, near.pos, feet)
    else:
        p = c.pos
    if duel.zone is not None:
        z = duel.zone
        p = (min(max(p[0], 0.0), z.width), min(max(p[1], 0.0), z.width), 0.0)
    c.pos = geometry.rounded(p)
    duel.emit("teleport", c.id, {"from": list(frm), "to": list(c.pos)}, ("C-13",))
    if node.ends_turn:
        c.data["turn_over"] = True
    return
    yield


def _wall(duel: Duel, ctx: Ctx, node: Any, t: Combatant) -> Gen:
    """Wall of force: a straight wall of ``squares`` 10-foot squares, one square high, standing across the
    aimed point square to the caster's line toward it (between the caster and the nearest foe). It blocks
    movement and line of effect (walls.py) for the spell's duration."""
    c = ctx.caster
    p = ctx.cast.point if ctx.cast.point is not None else c.pos
    dx, dy = p[0] - c.pos[0], p[1] - c.pos[1]
    n = (dx * dx + dy * dy) ** 0.5
    ux, uy = (dx / n, dy / n) if n > geometry.EPSILON else (1.0, 0.0)
    half = 5.0 * at_level(node.squares, ctx.cl)
    a = geometry.rounded((p[0] - uy * half, p[1] + ux * half, 0.0))
    b = geometry.rounded((p[0] + uy * half, p[1] - ux * half, 0.0))
    rounds = ctx.spell.duration.rounds_at(ctx.cl)
    cond = Condition(
        ctx.spell.id,
        rounds=rounds or None,
        tick_on=c.id,
        source=ctx.spell.id,
        clauses=("C-13",),
        data={"cl": ctx.cl, "caster": c.id, "wall": True},
    )
    duel.walls.append(Wall(a, b, 10.0, c.id, ctx.spell.id, cond))
    c.conditions.append(cond)
    c.dirty()
    duel.emit(
        "wall",
        c.id,
        {
            "spell": ctx.spell.id,
            "material": node.material,
            "from": list(a),
            "to": list(b),
            "height": 10.0,
            "rounds": rounds or None,
            "blocks": list(node.blocks),
        },
        ("C-13",),
    )
    return
    yield


def _reveal(duel: Duel, ctx: Ctx, node: Any, t: Combatant) -> Gen:
    for cond in [x for x in t.conditions if x.name == "invisible"]:
        duel.remove_condition(t.id, cond, "revealed")
    return
    yield


_HANDLERS = {
    "attack": _attack,
    "save": _save,
    "missiles": _missiles,
    "area": _area,
    "tiered": _tiered,
    "choice": _choice,
    "chain": _chain,
    "damage": _damage,
    "condition": _condition,
    "ability": _ability,
    "negative_levels": _negative_levels,
    "forced_movement": _forced,
    "modifier": _modifier,
    "temp_hp": _temp_hp,
    "heal": _heal,
    "concealment": _concealment,
    "damage_reduction": _dr,
    "energy_resistance": _resist,
    "immunity": _immunity,
    "mirror_images": _mirror,
    "flying": _flying,
    "speed": _speed,
    "slay": _slay,
    "dispel": _dispel,
    "summon": _summon,
    "teleport": _teleport,
    "wall": _wall,
    "reveal": _reveal,
}


def repeat_saves(duel: Duel, c: Combatant) -> Gen:
    """Hold person and the like: a new save at the end of each of the subject's turns ends the effect."""
    for cond in list(c.conditions):
        rs = cond.data.get("repeat_save")
        if rs is None or cond not in c.conditions:
            continue
        save, dc = rs
        r = yield from duel.check(
            c.id,
            f"{save} save again against {cond.source}",
            c.save_parts(save),
            dc,
            ("C-5",),
            kind="save",
            code=RollPurpose.SAVE_AGAIN,
        )
        if r.success:
            for x in [x for x in c.conditions if x.source == cond.source and x.data.get("repeat_save")]:
                duel.remove_condition(c.id, x, "saved")


def apply_followups(duel: Duel, c: Combatant, cond: Condition) -> Gen:
    nodes, cast, cl, dc = cond.data["then"]
    ctx = Ctx(cast, duel.by_id.get(cast.caster, c), cast.spell, cl, dc)
    yield from resolve(duel, ctx, nodes, c.id)
