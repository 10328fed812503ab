"""The arithmetic of d20 checks (C-1 … C-7), with no dice and no state: pure functions the duel calls.

Rolling lives in ``state`` (a roll may have to wait for a person, with manual dice); whether a natural
result succeeds, with the natural 1/20 rule of attacks and saves (C-1, C-4, C-5), is ``core.Check.succeeds``,
the one test the kernel's roll and the view's chance share.
"""

from __future__ import annotations

from dataclasses import dataclass

# Outcomes written in roll events.
SUCCESS = "success"
FAILURE = "failure"
HIT = "hit"
MISS = "miss"
THREAT = "threat"


def ability_mod(score: int) -> int:
    """C-2: floor((score - 10) / 2).

    >>> ability_mod(10), ability_mod(11), ability_mod(9), ability_mod(18), ability_mod(1)
    (0, 0, -1, 4, -5)
    """
    return (score - 10) // 2


def skill_bonus(ranks: int, ability: int, class_skill: bool, other: int = 0) -> int:
    """C-2: ranks + ability modifier, +3 for a class skill with at least one rank, + other bonuses."""
    return ranks + ability_mod(ability) + (3 if class_skill and ranks >= 1 else 0) + other


def is_threat(natural: int, crit_range: int, hit: bool) -> bool:
    """C-4: a hit whose natural is within the weapon's threat range (e.g. 19 for 19-20) is a threat."""
    return hit and natural >= crit_range


def spell_dc(spell_level: int, casting_ability_score: int, bonus: int = 0) -> int:
    """C-5: 10 + spell level + casting ability modifier (+ Spell Focus and the like)."""
    return 10 + spell_level + ability_mod(casting_ability_score) + bonus


def defensive_casting_dc(spell_level: int) -> int:
    """C-10: concentration DC 15 + twice the spell level to cast defensively."""
    return 15 + 2 * spell_level


def damage_concentration_dc(damage: int, spell_level: int) -> int:
    """C-10: concentration DC 10 + damage dealt + spell level when hurt while casting."""
    return 10 + damage + spell_level


def identify_dc(spell_level: int) -> int:
    """DU-12 / C-12 / MD-26: Spellcraft DC 15 + spell level to identify a spell being cast."""
    return 15 + spell_level


#: The spells that counter any spell with a dispel check (C-12, DU-16, MD-12), in the order offered.
DISPELS = ("dispel_magic", "greater_dispel_magic")


def dispel_dc(enemy_caster_level: int) -> int:
    """C-12 / DU-16: a dispel check is d20 + caster level against 11 + the enemy caster's level."""
    return 11 + enemy_caster_level


def duel_counter_dc(spell_level: int, enemy_caster_level: int, rule: str = "fr") -> int:
    """DU-14: caster level check against 15 + the level of the spell being cast — the spell's own level,
    not the slot it was cast from (the French text); the scenario's ``"en"`` variant reads 15 + the enemy
    caster's level (Ultimate Combat's Dueling Counter).

    >>> duel_counter_dc(1, 5), duel_counter_dc(1, 5, "en")
    (16, 20)
    """
    return 15 + (spell_level if rule == "fr" else enemy_caster_level)


def duel_counter_check(
    rule: str,
    countered: str,
    countered_school: str,
    countered_level: int,
    enemy_caster_level: int,
    used: str,
    used_school: str,
    used_slot: int,
    counterer_level: int,
    dispel_bonus: int = 0,
    feats: int = 0,
) -> tuple[int, list[tuple[str, int]], tuple[str, ...]]:
    """The duel counterspell's caster level check as (DC, named modifiers, clauses): the one place its
    formula lives, rolled by ``duel_counterspell`` and turned into a chance by ``views``.

    With dispel magic (``used`` a dispel): DC 11 + the enemy caster's level, no Table 3-10 (DU-16);
    otherwise DC 15 + the spell's level with Table 3-10 (DU-14), where ``used_slot`` is the level of the
    expended spell or slot.

    >>> duel_counter_check("fr", "magic_missile", "evocation", 1, 5, "magic_missile", "evocation", 1, 5)
    (16, [('caster level', 5), ('same spell', 10)], ('DU-14', 'C-7'))
    >>> duel_counter_check("fr", "fireball", "evocation", 3, 7, "dispel_magic", "abjuration", 3, 5)
    (18, [('caster level', 5)], ('DU-16', 'C-7'))
    """
    mods: list[tuple[str, int]] = [("caster level", counterer_level)]
    if used in DISPELS:
        if dispel_bonus:
            mods.append(("greater dispel counter", dispel_bonus))
        dc = dispel_dc(enemy_caster_level)
        clauses: tuple[str, ...] = ("DU-16", "C-7")
    else:
        dc = duel_counter_dc(countered_level, enemy_caster_level, rule)
        mods += table_3_10(countered, countered_school, used, used_school, used_slot, countered_level)
        clauses = ("DU-14", "C-7")
    if feats:
        mods.append(("feats", feats))
    return dc, mods, clauses


def table_3_10(
    countered: str, countered_school: str, used: str, used_school: str, used_level: int, countered_level: int
) -> list[tuple[str, int]]:
    """DU-14, Table 3-10: the modifiers of a duel counterspell's caster level check.

    Same spell +10; otherwise same school +2 or different school -2; +1 per level the expended spell is
    above the countered one.

    >>> table_3_10("fireball", "evocation", "fireball", "evocation", 3, 3)
    [('same spell', 10)]
    >>> table_3_10("fireball", "evocation", "hold_person", "enchantment", 4, 3)
    [('different school', -2), ('expended spell 1 level higher', 1)]
    """
    mods: list[tuple[str, int]] = []
    if used == countered:
        mods.append(("same spell", 10))
    elif used_school == countered_school:
        mods.append(("different spell, same school", 2))
    else:
        mods.append(("different school", -2))
    above = used_level - countered_level
    if above > 0:
        mods.append((f"expended spell {above} level{'s' if above > 1 else ''} higher", above))
    return mods


@dataclass(frozen=True, slots=True)
class HpState:
    """C-6: what hit points and nonlethal damage mean for a creature."""

    state: str  # "ok", "staggered", "unconscious", "disabled", "dying", "dead"


def hp_state(hp: int, nonlethal: int, con_score: int) -> str:
    """C-6: lethal hp first (0 disabled, below 0 dying, at -Con dead), then nonlethal against current hp
    (equal: staggered; above: unconscious).

    >>> hp_state(10, 0, 12), hp_state(10, 10, 12), hp_state(10, 11, 12)
    ('ok', 'staggered', 'unconscious')
    >>> hp_state(0, 0, 12), hp_state(-1, 0, 12), hp_state(-12, 0, 12)
    ('disabled', 'dying', 'dead')
    """
    if hp <= -con_score:
        return "dead"
    if hp < 0:
        return "dying"
    if hp == 0:
        return "disabled"
    if nonlethal > hp:
        return "unconscious"
    if nonlethal == hp:
        return "staggered"
    return "ok"
