"""Reaction windows: identification, counterspells, duel dodge and parry, duel effort, attacks of opportunity.

A window opens on a trigger and asks, in a defined order, each participant who may react, before
resolution goes on (boardgame.io's stages). The order is the initiative order starting after the acting
creature. Each participant may set Ask / Always / Never per reaction kind (``duel.set_preference``).

Triggers and what is offered:

- a spell begins (``counter_window``): Spellcraft identification, a free action (DU-12, MD-26, C-12); then
  the duel counterspell (DU-11..DU-16, once per round, an immediate action), the mageduel's extra
  counterspell (MD-12, once per round, no action; separate from the duel counterspell, X-4) and a readied
  core counterspell (C-12, DU-17);
- an attack or a spell targets someone (``defend_window``): duel dodge (DU-22..DU-25), duel parry
  (DU-26..DU-29, never against spells or firearms);
- a Fortitude or Will save fails, or hit points drop below 0: duel effort (DU-18..DU-21, once per duel);
- casting or moving while threatened: attacks of opportunity (C-10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import checks, geometry
from .conditions import Condition
from .core import ALWAYS, NEVER, Check, Option
from .events import RollPurpose
from .spell_lookup import spell_by_id
from .spells.model import SIZE_ORDER

if TYPE_CHECKING:
    from .combatant import Combatant
    from .state import Casting, Duel, Gen


def _duel_actions(duel: Duel) -> bool:
    """X-2: duel actions are on by default; a mageduel is a duel (X-1)."""
    return getattr(duel.terms, "duel_actions", True) and not duel.rule_state.endings.duel_actions_off


def can_react(c: Combatant) -> bool:
    return c.status == "active" and c.acts() != "none"


def use_immediate(duel: Duel, c: Combatant, what: str) -> None:
    """DU-11 / C-9: one immediate action per round; off one's own turn it spends the next turn's swift."""
    c.immediate_ready = False
    if duel.turn_of != c.id:
        c.swift_spent_next = True
    # a mageduel is a duel, so the duel actions are there too (the log says why they are offered).
    clauses = ("DU-11", "C-9", "X-1") if duel.kind == "mageduel" else ("DU-11", "C-9")
    duel.emit("immediate", c.id, {"action": what}, clauses)


def reaction_order(duel: Duel, actor: str) -> list[Combatant]:
    """Everyone but ``actor``, in initiative order starting after ``actor``."""
    order = duel.order or [c.id for c in duel.participants]
    if actor in order:
        i = order.index(actor)
        order = order[i + 1 :] + order[:i]
    return [duel.by_id[cid] for cid in order if cid != actor and cid in duel.by_id]


def react(
    duel: Duel, player: str, kind: str, options: list[Option], prompt: str, context: dict[str, Any]
) -> Gen:
    """Ask with per-reaction-kind preferences: options whose reaction kind is set to Never are dropped; an
    Always kind is taken without asking."""

    kept = []
    for o in options:
        mode = duel.prefs.get((player, o.data.get("reaction", kind)), "ask")
        if mode == NEVER:
            continue
        if mode == ALWAYS:
            return o.id
        kept.append(o)
    if not kept:
        return "pass"
    kept.append(Option("pass", "pass", {}))
    return (yield from duel.ask(player, kind, kept, prompt, context))


# --- counterspells ---------------------------------------------------------------------------------------


def counter_window(duel: Duel, cast: Casting) -> Gen:
    """A spell begins: each opponent, in order, may identify it and counter it. Returns True if countered."""
    caster = duel.by_id[cast.caster]
    ctx = {
        "caster": cast.caster,
        "targets": list(cast.targets),
        "point": list(cast.point) if cast.point else None,
    }
    for r in reaction_order(duel, cast.caster):
        if r.side == caster.side or not can_react(r) or cast.countered:
            continue
        if "spellcraft" in r.skills and r.id not in cast.known_by and r.id not in cast.failed_identify:
            opts = [Option("identify", "identify", {"reaction": "identify"})]
            choice = yield from react(duel, r.id, "identify", opts, f"{caster.name} is casting a spell", ctx)
            if choice == "identify":
                yield from identify(duel, r, cast)
        while not cast.countered:
            opts = counter_options(duel, r, cast)
            if not opts:
                break
            choice = yield from react(duel, r.id, "counter", opts, f"{caster.name} is casting a spell", ctx)
            if choice == "pass":
                break
            opt = next(o for o in opts if o.id == choice)
            yield from resolve_counter(duel, r, cast, opt)
    return cast.countered


def identify(duel: Duel, r: Combatant, cast: Casting) -> Gen:
    """DU-12 / MD-26 / C-12: Spellcraft DC 15 + spell level, a free action. The roll's DC is not shown
    (it would give the level away); success tells the identifier, privately, which spell it is."""
    dc = checks.identify_dc(cast.level)
    res = yield from duel.check(
        r.id,
        "identify the spell (Spellcraft)",
        r.skill_parts("spellcraft"),
        dc,
        ("DU-12", "MD-26", "C-12"),
        audience=(r.id, cast.caster),
        hide_target=True,
        reveal_to=(cast.caster,),
        code=RollPurpose.IDENTIFY,
    )
    if res.success:
        cast.known_by.add(r.id)
        sp = cast.spell
        duel.emit(
            "identified",
            r.id,
            {"caster": cast.caster, "spell": sp.id, "level": cast.level, "school": sp.school},
            ("DU-12", "MD-26"),
            audience=(r.id,),
        )
    else:
        cast.failed_identify.add(r.id)
        duel.emit("not-identified", r.id, {"caster": cast.caster}, ("DU-12",), audience=(r.id, cast.caster))


DISPELS = checks.DISPELS


def same_or_counter(spell: Any, used: str) -> bool:
    """C-12: the same spell, or one that counters it (haste and slow)."""
    return used == spell.id or used in getattr(spell, "counters", ())


def counter_options(duel: Duel, r: Combatant, cast: Casting) -> list[Option]:

    if not r.can_cast():
        return []
    opts: list[Option] = []
    known = r.id in cast.known_by
    lvl = cast.level
    rule = getattr(duel.terms, "counter_rule", "fr")
    # DU-13..DU-16: the duel counterspell, once per round (the French text; DU-14 variant "en": no limit).
    if _duel_actions(duel) and r.immediate_ready and (r.duel_counter_round != duel.round or rule == "en"):
        seen: set[tuple[str, int]] = set()

        def offer(sid: str, slot: int) -> None:
            if (sid, slot) not in seen:
                seen.add((sid, slot))
                opts.append(
                    Option(
                        f"react duel-counter {sid} slot{slot}",
                        "duel-counter",
                        {"reaction": "counter", "spell": sid, "slot": slot},
                    )
                )

        if known:
            # DU-13: any spell or slot of a level at least that of the spell being cast.
            for sid, _ in r.castable():
                for slot in r.slot_levels_for(sid, lvl):
                    if slot >= max(lvl, 1):
                        offer(sid, slot)
        # DU-16: dispel magic needs no identification and works against a spell of any level, so it is
        # offered in any of its own slots, identified or not (not only in a slot of the spell's level).
        for sid in DISPELS:
            for slot in r.slot_levels_for(sid, 0):
                offer(sid, slot)
    if known:
        core: list[tuple[str, str]] = []
        if duel.kind == "mageduel" and r.md_counter_round != duel.round:
            core.append(("md-counter", "MD-12"))
        if r.readied == "counterspell":
            core.append(("counter", "C-12"))
        for kind, _clause in core:
            for sid, _ in r.castable():
                if not (same_or_counter(cast.spell, sid) or sid in DISPELS):
                    continue
                need = lvl if same_or_counter(cast.spell, sid) else 0
                for slot in r.slot_levels_for(sid, need)[:1]:
                    opts.append(
                        Option(
                            f"react {kind} {sid} slot{slot}",
                            kind,
                            {"reaction": "counter", "spell": sid, "slot": slot},
                        )
                    )
    hook = duel.hooks.legal
    if hook is not None:
        opts = [o for o in opts if hook(duel, r.id, o) is None]
    return opts


def duel_counter_check(duel: Duel, r: Combatant, cast: Casting, used: Any, slot: int) -> Check:
    """DU-14 / DU-16: ``r``'s duel counterspell against ``cast`` with ``used`` from ``slot``: the one
    :class:`Check` rolled here and turned into a chance by the view (``checks.duel_counter_check``)."""
    caster = duel.by_id[cast.caster]
    dc, mods, clauses = checks.duel_counter_check(
        getattr(duel.terms, "counter_rule", "fr"),
        cast.spell.id,
        cast.spell.school,
        cast.level,
        caster.cl(),
        used.id,
        used.school,
        slot,
        r.cl(),
        dispel_bonus=sum(v for _, v in _counter_bonus(used)),
        feats=r.counter_bonus,
    )
    return Check(tuple(mods), dc, clauses=clauses, code=RollPurpose.DUEL_COUNTER)


def counter_dispel_check(duel: Duel, r: Combatant, cast: Casting, used: Any, clause: str) -> Check:
    """C-12 / MD-12: a counterspell (the mageduel's extra one, or a readied one) made with dispel magic: a
    dispel check, d20 + caster level up to the spell's own cap (its dispel node's ``max_bonus``: +10, greater
    dispel magic +20), +4 for greater dispel magic used to counter, against 11 + the caster's level. The
    one :class:`Check` rolled here and turned into a chance by the view."""
    cap = next(n.max_bonus for n in used.nodes() if getattr(n, "kind", "") == "dispel")
    return Check(
        (("caster level", min(r.cl(), cap)), *_counter_bonus(used)),
        checks.dispel_dc(duel.by_id[cast.caster].cl()),
        clauses=(clause, "C-12", "C-7"),
        code=RollPurpose.COUNTER_DISPEL,
    )


def _counter_bonus(used: Any) -> list[tuple[str, int]]:
    """Greater dispel magic used to counter: +4 on the dispel check (``greater_dispel_counter_plus_4``)."""
    return [("greater dispel counter", 4)] if "greater_dispel_counter_plus_4" in used.special else []


def resolve_counter(duel: Duel, r: Combatant, cast: Casting, opt: Option) -> Gen:

    sid, slot = opt.data["spell"], opt.data["slot"]
    used = spell_by_id(sid)
    r.expend(sid, slot)
    target = cast.spell
    if opt.kind == "duel-counter":
        use_immediate(duel, r, "duel counterspell")
        r.duel_counter_round = duel.round
        duel.emit(
            "duel-counter",
            r.id,
            {"caster": cast.caster, "using": sid, "slot": slot},
            ("DU-13", "DU-17"),
            audience=None,
        )
        res = yield from duel.roll(
            r.id, "duel counterspell (caster level check)", duel_counter_check(duel, r, cast, used, slot)
        )
        if res.success:
            _countered(duel, cast, r, ("DU-15",))
        else:
            cast.save_penalty.add(r.id)  # DU-15: -2 on saves against it
            duel.emit("counter-fails", r.id, {"caster": cast.caster, "save_penalty": -2}, ("DU-15",))
        return
    # MD-12 extra counterspell, or a readied core counterspell (C-12).
    if opt.kind == "md-counter":
        r.md_counter_round = duel.round
        clause = "MD-12"
    else:
        r.readied = None
        clause = "C-12"
    duel.emit(
        "counterspell",
        r.id,
        {"caster": cast.caster, "using": sid, "slot": slot, "kind": opt.kind},
        (clause, "C-12", "X-4"),
    )
    if same_or_counter(target, sid):
        _countered(duel, cast, r, (clause, "C-12"))
        return
    res = yield from duel.roll(r.id, "dispel check", counter_dispel_check(duel, r, cast, used, clause))
    if res.success:
        _countered(duel, cast, r, (clause, "C-12"))
    else:
        duel.emit("counter-fails", r.id, {"caster": cast.caster}, (clause,))


def _countered(duel: Duel, cast: Casting, r: Combatant, clauses: tuple[str, ...]) -> None:
    cast.countered = True
    sp = cast.spell
    # A countered spell is resolved: it is no longer hidden (MD-26).
    cast.revealed = True
    duel.emit(
        "countered",
        r.id,
        {"caster": cast.caster, "spell": sp.id, "level": cast.level, "school": sp.school},
        clauses,
    )


# --- duel dodge and parry --------------------------------------------------------------------------------


def defend_window(duel: Duel, target: Combatant, attacker: Combatant, source: str, what: Any) -> Gen:
    """DU-22 / DU-26: before an attack (``source`` "weapon") or a spell ("spell") of another participant is
    resolved, its target may duel dodge or (weapons only, never firearms) duel parry. Returns the set of
    defences declared."""

    if not _duel_actions(duel) or target.side == attacker.side or not can_react(target):
        return set()
    free = feature_parry(duel, target, attacker, source, what)
    if not target.immediate_ready and not free:
        return set()
    opts = [Option("react dodge", "dodge", {"reaction": "dodge"})] if target.immediate_ready else []
    if source == "weapon" and not getattr(what, "firearm", False):  # DU-26: not spells, not firearms
        for w in target.parry_weapons():  # DU-27: the weapon wielded
            if w.kind == "melee":
                data = {"reaction": "parry", "weapon": w.id} | ({"feature": True} if free else {})
                opts.append(Option(f"react parry {w.id}", "parry", data))
    hook = duel.hooks.legal
    if hook is not None:
        opts = [o for o in opts if hook(duel, target.id, o) is None]
    if not opts:
        return set()
    choice = yield from react(
        duel,
        target.id,
        "defend",
        opts,
        f"{attacker.name} attacks you",
        {"attacker": attacker.id, "source": source},
    )
    if choice == "pass":
        return set()
    if free and choice.startswith("react parry"):
        # DU-28: the parry class feature in use parries once per round without the immediate action.
        target.feature_parry_round = duel.round
        duel.emit("parry-feature", target.id, {"attacker": attacker.id}, ("DU-28",))
    else:
        use_immediate(duel, target, choice)
    if choice == "react dodge":
        duel.emit("dodge", target.id, {"attacker": attacker.id}, ("DU-22", "DU-23"))
        return {"dodge"}
    duel.parry_weapons[target.id] = choice.split()[2]
    duel.emit("parry", target.id, {"attacker": attacker.id, "weapon": choice.split()[2]}, ("DU-26",))
    return {"parry"}


def feature_parry(duel: Duel, target: Combatant, attacker: Combatant, source: str, what: Any) -> bool:
    """DU-28: may ``target`` duel parry this attack with the parry class feature, free of the immediate
    action? Only while the feature is in use (an attack given up to hold a parry, ``parry_held``), once per
    round, against a melee weapon attack by an attacker no larger than the target (the duelist's parry)."""
    return (
        target.parry_held
        and "parry" in target.features
        and target.feature_parry_round != duel.round
        and source == "weapon"
        and getattr(what, "kind", "") == "melee"
        and SIZE_ORDER.index(attacker.size) <= SIZE_ORDER.index(target.size)
    )


def dodge_aftermath(duel: Duel, c: Combatant) -> None:
    """DU-25: once the attack is resolved, -2 to AC and Reflex saves until the start of the dodger's next
    turn — even if the duel ends (the rules modules must leave this condition in place at the end)."""
    for stat in ("ac", "ref"):
        duel.add_condition(
            c.id,
            Condition(
                "duel dodge (after)",
                rounds=1,
                tick_on=c.id,
                source="duel dodge",
                stat=stat,
                value=-2,
                bonus_type="penalty",
                clauses=("DU-25",),
                data={"survives_end": True},
            ),
        )


def dodge_wasted(duel: Duel, c: Combatant, attacker: str) -> None:
    duel.emit("dodge-wasted", c.id, {"attacker": attacker}, ("DU-24",))


def parry_roll(duel: Duel, c: Combatant, attack_total: int) -> Gen:
    """DU-27: an attack roll at the highest BAB -5 (-2 more unarmed) that meets the attack roll parries."""
    wid = duel.parry_weapons.get(c.id)
    w = next((w for w in c.weapons if w.id == wid), None)
    mods = c.attack_parts("melee", max(c.attacks) if c.attacks else c.bab)
    if w is not None and w.attack_bonus:
        # "An attack roll with the weapon they wield": the weapon's own modifiers count (Weapon Focus,
        # finesse, non-proficiency), as in the attack roll it is set against.
        mods.append(("weapon", w.attack_bonus))
    mods.append(("duel parry", -5))
    if w is None or w.unarmed:
        mods.append(("unarmed", -2))
    res = yield from duel.check(
        c.id, "duel parry", mods, attack_total, ("DU-27",), against="opposed", code=RollPurpose.DUEL_PARRY
    )
    duel.emit("parried" if res.success else "parry-fails", c.id, {}, ("DU-27", "DU-29"))
    return res.success


# --- duel effort -----------------------------------------------------------------------------------------


def _effort_available(duel: Duel, c: Combatant) -> bool:
    return _duel_actions(duel) and not c.effort_used and c.immediate_ready and c.status in ("active", "dying")


def effort_after_failed_save(
    duel: Duel, c: Combatant, save: str, mods: list[tuple[str, int]], dc: int
) -> Gen:
    """DU-18 / DU-19: after a failed Fortitude or Will save, reroll with the same bonus. Returns True when
    the reroll succeeds: the effect then only takes hold at the end of the participant's next turn."""

    if save not in ("fort", "will") or not _effort_available(duel, c) or c.acts() == "none":
        return False
    choice = yield from react(
        duel,
        c.id,
        "effort",
        [Option("react effort", "effort", {"reaction": "effort"})],
        "your save failed: duel effort?",
        {"save": save},
    )
    if choice == "pass":
        return False
    c.effort_used = True
    use_immediate(duel, c, "duel effort")
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
    choice = yield from react(
        duel,
        c.id,
        "effort",
        [Option("react effort", "effort", {"reaction": "effort"})],
        "you fall below 0 hit points: duel effort?",
        {"hp": c.hp},
    )
    if choice == "pass":
        return False
    c.effort_used = True
    use_immediate(duel, c, "duel effort")
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


def in_reach(a: Combatant, b: Combatant, reach: float) -> bool:
    return geometry.within(a.pos, b.pos, reach)
