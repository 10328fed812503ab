"""The duel counterspell (DU-11..DU-17) and the counterspells around it: identifying a spell being cast
(DU-12, MD-26, C-12), the duel counterspell and its table (DU-13..DU-16), dispel magic as a counter (DU-16,
C-12), the mageduel's extra counterspell (MD-12, X-4) and a readied core counterspell (C-12, DU-17).

The counter's DC is written once, in ``checks.duel_counter_check``; :func:`duel_counter_check` and
:func:`counter_dispel_check` return the :class:`~mageduel.core.Check` that is rolled here and shown as a
chance by the view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import checks
from .core import Check, Option
from .events import RollPurpose
from .reactions import can_react, duel_actions_on, react, reaction_order, use_immediate
from .spell_lookup import spell_by_id

if TYPE_CHECKING:
    from .combatant import Combatant
    from .state import Casting, Duel, Gen


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
    slot_levels = r.slot_levels()
    # DU-13..DU-16: the duel counterspell, once per round (the French text; DU-14 variant "en": no limit).
    if duel_actions_on(duel) and r.immediate_ready and (r.duel_counter_round != duel.round or rule == "en"):
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
                for slot in slot_levels.get(sid, ()):
                    if slot >= max(lvl, 1):
                        offer(sid, slot)
        # DU-16: dispel magic needs no identification and works against a spell of any level, so it is
        # offered in any of its own slots, identified or not (not only in a slot of the spell's level).
        for sid in DISPELS:
            for slot in slot_levels.get(sid, ()):
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
                slot = next((s for s in slot_levels.get(sid, ()) if s >= need), None)  # the lowest
                if slot is not None:
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
