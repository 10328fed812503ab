"""From the pydantic character sheet (``character.Character``) and creature stat lines
(``creatures.Creature``) to the duel's hot-loop :class:`combatant.Combatant`, once per duel."""

from __future__ import annotations

from typing import Any

from .checks import ability_mod
from .combatant import Combatant, PreparedSpell, WeaponUse
from .weapons import WEAPONS

#: Skills the duel rolls: identification (DU-12), the face-off (DU-8).
DUEL_SKILLS = ("spellcraft", "bluff", "intimidate", "sense_motive", "acrobatics")  # acrobatics: grease


def _weapon_use(ch: Any, wid: str) -> WeaponUse:
    w = WEAPONS[wid]
    # The sheet's attack bonus is BAB + ability + feats; the duel adds BAB and ability itself (they change
    # with conditions), so only the rest is kept here.
    ability = ch.mod("dex") if w.kind == "ranged" else ch.mod("str")
    extra_attack = ch.attack_bonus(wid) - ch.bab - ability
    extra_damage = ch.damage_bonus(wid) - (ch.mod("str") if w.kind == "melee" else 0)
    return WeaponUse(
        id=w.id,
        name=w.name_en,
        kind=w.kind,
        count=w.dice_count,
        die=w.die,
        crit_from=w.crit_from,
        crit_mult=w.crit_multiplier,
        reach=float(w.reach),
        range_increment=float(w.range_increment) if w.range_increment else None,
        dtype=w.damage_types[0],
        unarmed=w.category == "unarmed",
        firearm=False,
        nonlethal=w.nonlethal,
        magic=wid in ch.weapon_enhancements,  # DU-4: a magic weapon (its bonus is in attack_bonus)
        attack_bonus=extra_attack,
        damage_bonus=extra_damage,
    )


def combatant_from_character(ch: Any, cid: str, side: str) -> Combatant:
    abilities = {a: ch.score(a) for a in ("str", "dex", "con", "int", "wis", "cha")}
    weapons = [_weapon_use(ch, w) for w in ch.weapons]
    if not any(w.unarmed for w in weapons):
        weapons.append(_weapon_use(ch, "unarmed_strike"))
    skills: dict[str, int] = {}
    for s in DUEL_SKILLS:
        if s == "spellcraft" and ch.skills.get("spellcraft", 0) < 1:
            continue  # Spellcraft is trained-only: no identification without a rank
        skills[s] = ch.skill_total(s)
    dex = ch.mod("dex")
    slots_t = ch.slots if ch.is_caster else ()
    spontaneous = ch.cls == "sorcerer"
    prepared = []
    known: dict[int, list[str]] = {}
    slots: dict[int, int] = {}
    if ch.cls == "wizard":
        for lvl in sorted(ch.prepared):
            for sid in ch.prepared[lvl]:
                prepared.append(PreparedSpell(sid, lvl))
    elif spontaneous:
        known = {lvl: list(ids) for lvl, ids in sorted(ch.known.items())}
        slots = {lvl: n for lvl, n in enumerate(slots_t) if lvl > 0 and n}
    dc_school = {}
    for f in ch.feats:
        if f.id in ("spell_focus", "greater_spell_focus") and f.school:
            dc_school[f.school] = dc_school.get(f.school, 0) + 1
    c = Combatant(
        id=cid,
        name=ch.name.en,
        gender=ch.gender,
        side=side,
        level=ch.level,
        cls=ch.cls,
        caster_level=ch.caster_level,
        casting_ability=ch.casting_ability,
        spontaneous=spontaneous,
        base_abilities=abilities,
        max_hp=ch.max_hp,
        bab=ch.bab,
        attacks=tuple(ch.attacks) or (ch.bab,),
        base_saves={"fort": ch.fort - ch.mod("con"), "ref": ch.ref - dex, "will": ch.will - ch.mod("wis")},
        # AC without Dex and the Dodge feat, which the duel recomputes (they are lost when flat-footed).
        ac_static=ch.ac - ch.dex_to_ac - ch.dodge_bonus,
        speed=float(ch.speed),
        skills=skills,
        feats=frozenset(f.id for f in ch.feats),
        features=frozenset(ch.class_features),
        weapons=weapons,
        prepared=prepared,
        known=known,
        slots=slots,
        dc_bonus_school=dc_school,
        concentration_bonus=ch.concentration - ch.caster_level - ch.casting_mod,
        defensive_bonus=ch.concentration_bonus(True) - ch.concentration_bonus(False),
        initiative_bonus=ch.initiative - dex,
        counter_bonus=0,
        hd=ch.level,
        items=[type(i).__name__.lower() for i in ch.items],
        arcane=ch.is_caster,
    )
    n = 0
    for it in ch.items:
        kind = getattr(it, "type", "")
        if kind not in ("wand", "staff", "scroll", "potion"):
            continue
        n += 1
        if kind == "staff":
            spells = [(s.spell, s.cost) for s in it.spells]
            left = it.charges
        else:
            spells = [(it.spell, 1)]
            left = it.charges if kind == "wand" else 1
        c.item_uses.append(
            {"key": f"item{n}", "kind": kind, "spells": spells, "left": left, "cl": it.caster_level}
        )
    c.data["touch_static"] = ch.touch_ac - ch.dex_to_ac - ch.dodge_bonus
    # The same static AC by name (C-4: 10, armour, shield, deflection, natural armour), for the log and panel.
    c.data["ac_static_parts"] = [list(p) for p in ch.ac_static_parts()]
    c.data["touch_static_parts"] = [list(p) for p in ch.ac_static_parts("touch")]
    # Combat maneuvers (a bull rush, C-13): what the sheet's CMB and CMD hold beyond BAB, Str and Dex
    # (dodge, deflection), and the feats' extra for a given maneuver (Improved Bull Rush).
    c.data["cmb_static"] = ch.cmb() - ch.bab - ch.mod("str")
    c.data["cmd_static"] = ch.cmd() - ch.bab - ch.mod("str") - ch.mod("dex")
    c.data["maneuver_extra"] = {
        "bull_rush": (ch.cmb("bull_rush") - ch.cmb(), ch.cmd("bull_rush") - ch.cmd()),
    }
    c.data["max_dex"] = ch.max_dex_bonus
    if ch.weight is not None:
        c.data["weight"] = ch.weight  # telekinesis (weight.py); else the size's typical weight
    if ch.armor_data is not None and ch.armor_data.metal:
        c.data["metal_armor"] = True  # shocking grasp: +3 to hit
    c.hp = c.max_hp
    c.controller = cid
    return c


def combatant_from_creature(cr: Any, cid: str, side: str, owner: str) -> Combatant:
    """A summoned creature (MD-11, MD-16): its stat line is already final, so the base numbers are set so
    that the duel's formulas give the printed values back."""
    dex = ability_mod(cr.dexterity) if cr.dexterity else -5
    weapons = []
    for i, a in enumerate(cr.attacks):
        for n in range(a.count):
            weapons.append(
                WeaponUse(
                    id=f"{cr.id}_{i}_{n}" if a.count > 1 else f"{cr.id}_{i}",
                    name=a.name.en,
                    kind="melee" if a.kind == "melee" else "ranged",
                    count=a.damage.count_at(1),
                    die=a.damage.die,
                    crit_from=a.crit_from,
                    crit_mult=a.crit_multiplier,
                    reach=5.0,
                    range_increment=float(a.range_feet) if a.range_feet else None,
                    dtype=a.type,
                    unarmed=False,
                    attack_bonus=a.bonus - cr.bab - (ability_mod(cr.strength) if a.kind == "melee" else dex),
                    damage_bonus=a.damage.bonus_at(1)
                    - (ability_mod(cr.strength) if a.kind == "melee" else 0),
                    poison="poison" in a.riders,
                )
            )
    c = Combatant(
        id=cid,
        name=cr.name.en,
        side=side,
        level=cr.hit_dice,
        cls="creature",
        caster_level=0,
        casting_ability=None,
        spontaneous=False,
        base_abilities={"str": cr.strength, "dex": cr.dexterity, "con": 10, "int": 2, "wis": 10, "cha": 10},
        max_hp=cr.hp,
        bab=cr.bab,
        attacks=(cr.bab,),
        base_saves={"fort": cr.fort, "ref": cr.ref - dex, "will": cr.will},
        ac_static=cr.ac - dex,
        speed=float(cr.fly_speed or cr.speed),
        skills={},
        feats=frozenset(),
        weapons=weapons,
        size=cr.size,
        hd=cr.hit_dice,
        summoned_by=owner,
        creature=cr.id,
        arcane=False,
        initiative_bonus=cr.initiative - dex,
    )
    c.data["touch_static"] = cr.touch_ac - dex
    c.data["ac_static_parts"], c.data["touch_static_parts"] = _creature_ac_parts(cr, dex)
    strength = ability_mod(cr.strength) if cr.strength else 0
    c.data["cmb_static"] = cr.cmb - cr.bab - strength  # size, from the stat line
    c.data["cmd_static"] = cr.cmd - cr.bab - strength - dex
    c.resist = dict(cr.resistances)
    if cr.weight is not None:
        c.data["weight"] = cr.weight  # telekinesis (weight.py); else the size's typical weight
    c.data["kinds"] = frozenset((cr.creature_type, *cr.subtypes))  # undead, plant, water … (spells read them)
    # Immune to poison (a poison spell such as cloudkill does nothing to it); an elemental's traits
    # include it.
    if "poison" in cr.immunities or "elemental_traits" in cr.immunities:
        c.immune_descriptors.add("poison")
    # Mindless creatures (vermin, a lemure: Int —) are immune to mind-affecting effects (their stat line
    # says so): daze, charm, sleep, hold … do nothing to them.
    if "mind_affecting" in cr.immunities:
        c.immune_descriptors.add("mind_affecting")
    c.hp = c.max_hp
    c.controller = owner
    return c


#: C-4: the size modifier to AC (a small creature is harder to hit).
SIZE_AC = {
    "fine": 8,
    "diminutive": 4,
    "tiny": 2,
    "small": 1,
    "medium": 0,
    "large": -1,
    "huge": -2,
    "gargantuan": -4,
    "colossal": -8,
}


def _creature_ac_parts(cr: Any, dex: int) -> tuple[list[list[Any]], list[list[Any]]]:
    """A creature's printed AC without Dex, by name (C-4): 10, size, natural armour (what touch AC leaves
    out) and what stays beside Dex in its touch AC (a Dodge feat). Each list sums to the static value."""
    size = SIZE_AC.get(cr.size, 0)
    natural = cr.ac - cr.touch_ac
    rest = cr.touch_ac - 10 - size - dex
    touch = [["base", 10], ["size", size], ["Dodge", rest]]
    full = [*touch[:2], ["natural armour", natural], touch[2]]
    keep = [p for p in full if p[1] or p[0] == "base"]
    return keep, [p for p in touch if p[1] or p[0] == "base"]
