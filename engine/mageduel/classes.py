"""Class tables: wizard, sorcerer, fighter (Core Rulebook tables; Open Game License).

Hit dice, base attack and save progressions, spells per day, sorcerer spells known, bonus spells
for a high casting ability (C-8), class skills and weapon proficiencies. Plain data and small
functions: the character sheet (``mageduel.character``) derives its numbers from these.

>>> base_attack_bonus("wizard", 7), base_attack_bonus("fighter", 7)
(3, 7)
>>> base_save("sorcerer", "will", 5), base_save("sorcerer", "fort", 5)
(4, 1)
>>> spells_per_day("wizard", 5)
(4, 3, 2, 1, None, None, None, None, None, None)
>>> bonus_spells(4, 1), bonus_spells(4, 4), bonus_spells(4, 5)
(1, 1, 0)
"""

from __future__ import annotations

from typing import Literal

ClassName = Literal["wizard", "sorcerer", "fighter"]
CLASSES: tuple[ClassName, ...] = ("wizard", "sorcerer", "fighter")
Progression = Literal["full", "half"]
SaveName = Literal["fort", "ref", "will"]

#: Hit die size per class (C-6).
HIT_DIE: dict[str, int] = {"wizard": 6, "sorcerer": 6, "fighter": 10}
#: Skill ranks per level before the Intelligence modifier.
SKILL_RANKS: dict[str, int] = {"wizard": 2, "sorcerer": 2, "fighter": 2}
BAB_PROGRESSION: dict[str, Progression] = {"wizard": "half", "sorcerer": "half", "fighter": "full"}
#: Which saves are "good" (+2 at 1st, +1 per two levels) for each class.
GOOD_SAVES: dict[str, frozenset[str]] = {
    "wizard": frozenset({"will"}),
    "sorcerer": frozenset({"will"}),
    "fighter": frozenset({"fort"}),
}
#: The casting ability (C-5, C-8); fighters cast nothing.
CASTING_ABILITY: dict[str, Literal["int", "cha"] | None] = {
    "wizard": "int",
    "sorcerer": "cha",
    "fighter": None,
}
#: Wizards prepare (C-8); sorcerers cast any known spell from a slot.
PREPARES: dict[str, bool] = {"wizard": True, "sorcerer": False, "fighter": False}

# Spells per day by class level (index 0 = 1st level), columns spell levels 0..9.
# None is "—" (no spell of that level, not even bonus spells). Sorcerer 0-level spells are
# cast at will, hence None in column 0 and the spells-known table below.
_ = None
_WIZARD_PER_DAY: tuple[tuple[int | None, ...], ...] = (
    (3, 1, _, _, _, _, _, _, _, _),
    (4, 2, _, _, _, _, _, _, _, _),
    (4, 2, 1, _, _, _, _, _, _, _),
    (4, 3, 2, _, _, _, _, _, _, _),
    (4, 3, 2, 1, _, _, _, _, _, _),
    (4, 3, 3, 2, _, _, _, _, _, _),
    (4, 4, 3, 2, 1, _, _, _, _, _),
    (4, 4, 3, 3, 2, _, _, _, _, _),
    (4, 4, 4, 3, 2, 1, _, _, _, _),
    (4, 4, 4, 3, 3, 2, _, _, _, _),
    (4, 4, 4, 4, 3, 2, 1, _, _, _),
    (4, 4, 4, 4, 3, 3, 2, _, _, _),
    (4, 4, 4, 4, 4, 3, 2, 1, _, _),
    (4, 4, 4, 4, 4, 3, 3, 2, _, _),
    (4, 4, 4, 4, 4, 4, 3, 2, 1, _),
    (4, 4, 4, 4, 4, 4, 3, 3, 2, _),
    (4, 4, 4, 4, 4, 4, 4, 3, 2, 1),
    (4, 4, 4, 4, 4, 4, 4, 3, 3, 2),
    (4, 4, 4, 4, 4, 4, 4, 4, 3, 3),
    (4, 4, 4, 4, 4, 4, 4, 4, 4, 4),
)
_SORCERER_PER_DAY: tuple[tuple[int | None, ...], ...] = (
    (_, 3, _, _, _, _, _, _, _, _),
    (_, 4, _, _, _, _, _, _, _, _),
    (_, 5, _, _, _, _, _, _, _, _),
    (_, 6, 3, _, _, _, _, _, _, _),
    (_, 6, 4, _, _, _, _, _, _, _),
    (_, 6, 5, 3, _, _, _, _, _, _),
    (_, 6, 6, 4, _, _, _, _, _, _),
    (_, 6, 6, 5, 3, _, _, _, _, _),
    (_, 6, 6, 6, 4, _, _, _, _, _),
    (_, 6, 6, 6, 5, 3, _, _, _, _),
    (_, 6, 6, 6, 6, 4, _, _, _, _),
    (_, 6, 6, 6, 6, 5, 3, _, _, _),
    (_, 6, 6, 6, 6, 6, 4, _, _, _),
    (_, 6, 6, 6, 6, 6, 5, 3, _, _),
    (_, 6, 6, 6, 6, 6, 6, 4, _, _),
    (_, 6, 6, 6, 6, 6, 6, 5, 3, _),
    (_, 6, 6, 6, 6, 6, 6, 6, 4, _),
    (_, 6, 6, 6, 6, 6, 6, 6, 5, 3),
    (_, 6, 6, 6, 6, 6, 6, 6, 6, 4),
    (_, 6, 6, 6, 6, 6, 6, 6, 6, 6),
)
# Table: Sorcerer Spells Known (index 0 = 1st level), spell levels 0..9.
_SORCERER_KNOWN: tuple[tuple[int | None, ...], ...] = (
    (4, 2, _, _, _, _, _, _, _, _),
    (5, 2, _, _, _, _, _, _, _, _),
    (5, 3, _, _, _, _, _, _, _, _),
    (6, 3, 1, _, _, _, _, _, _, _),
    (6, 4, 2, _, _, _, _, _, _, _),
    (7, 4, 2, 1, _, _, _, _, _, _),
    (7, 5, 3, 2, _, _, _, _, _, _),
    (8, 5, 3, 2, 1, _, _, _, _, _),
    (8, 5, 4, 3, 2, _, _, _, _, _),
    (9, 5, 4, 3, 2, 1, _, _, _, _),
    (9, 5, 5, 4, 3, 2, _, _, _, _),
    (9, 5, 5, 4, 3, 2, 1, _, _, _),
    (9, 5, 5, 4, 4, 3, 2, _, _, _),
    (9, 5, 5, 4, 4, 3, 2, 1, _, _),
    (9, 5, 5, 4, 4, 4, 3, 2, _, _),
    (9, 5, 5, 4, 4, 4, 3, 2, 1, _),
    (9, 5, 5, 4, 4, 4, 3, 3, 2, _),
    (9, 5, 5, 4, 4, 4, 3, 3, 2, 1),
    (9, 5, 5, 4, 4, 4, 3, 3, 3, 2),
    (9, 5, 5, 4, 4, 4, 3, 3, 3, 3),
)
del _

#: Skill ids the game uses and their key ability (C-2).
SKILL_ABILITY: dict[str, str] = {
    "acrobatics": "dex",
    "bluff": "cha",
    "climb": "str",
    "fly": "dex",
    "intimidate": "cha",
    "knowledge_arcana": "int",
    "perception": "wis",
    "sense_motive": "wis",
    "spellcraft": "int",
    "stealth": "dex",
    "swim": "str",
    "use_magic_device": "cha",
}
SkillName = Literal[
    "acrobatics",
    "bluff",
    "climb",
    "fly",
    "intimidate",
    "knowledge_arcana",
    "perception",
    "sense_motive",
    "spellcraft",
    "stealth",
    "swim",
    "use_magic_device",
]
#: Skills that take the armor check penalty.
ARMOR_CHECK_SKILLS: frozenset[str] = frozenset({"acrobatics", "climb", "fly", "stealth", "swim"})
#: Class skills among the skills above (the Core Rulebook lists are longer: Appraise, Craft...).
CLASS_SKILLS: dict[str, frozenset[str]] = {
    "wizard": frozenset({"fly", "knowledge_arcana", "spellcraft"}),
    "sorcerer": frozenset(
        {"bluff", "fly", "intimidate", "knowledge_arcana", "spellcraft", "use_magic_device"}
    ),
    "fighter": frozenset({"climb", "intimidate", "swim"}),
}

#: Weapon proficiencies: explicit weapon ids, or the categories "simple" / "martial".
WEAPON_PROFICIENCY: dict[str, frozenset[str]] = {
    "wizard": frozenset({"club", "dagger", "heavy_crossbow", "light_crossbow", "quarterstaff"}),
    "sorcerer": frozenset({"simple"}),
    "fighter": frozenset({"simple", "martial"}),
}
#: Armor categories each class wears without penalty.
ARMOR_PROFICIENCY: dict[str, frozenset[str]] = {
    "wizard": frozenset(),
    "sorcerer": frozenset(),
    "fighter": frozenset({"light", "medium", "heavy", "shield"}),
}


def _check_level(level: int) -> int:
    if not 1 <= level <= 20:
        raise ValueError(f"class level must be 1 to 20, not {level}")
    return level - 1


def base_attack_bonus(cls: str, level: int) -> int:
    """Highest base attack bonus: full (fighter) = level, half (casters) = level // 2."""
    _check_level(level)
    return level if BAB_PROGRESSION[cls] == "full" else level // 2


def attacks_per_full_attack(cls: str, level: int) -> tuple[int, ...]:
    """Iterative attacks: +6/+1 and so on, one more for every 5 points of BAB above +1.

    >>> attacks_per_full_attack("fighter", 11)
    (11, 6, 1)
    """
    bab = base_attack_bonus(cls, level)
    return tuple(range(bab, 0, -5)) if bab > 0 else (0,)


def base_save(cls: str, save: SaveName, level: int) -> int:
    """Base save: good = 2 + level // 2, poor = level // 3."""
    _check_level(level)
    return 2 + level // 2 if save in GOOD_SAVES[cls] else level // 3


def spells_per_day(cls: str, level: int) -> tuple[int | None, ...]:
    """The class table's spells per day for spell levels 0..9, before bonus spells (None: "—")."""
    i = _check_level(level)
    if cls == "wizard":
        return _WIZARD_PER_DAY[i]
    if cls == "sorcerer":
        return _SORCERER_PER_DAY[i]
    return (None,) * 10


def spells_known(cls: str, level: int) -> tuple[int | None, ...]:
    """Sorcerer spells known for spell levels 0..9 (wizards learn into a spellbook: no limit here).

    >>> spells_known("sorcerer", 9)
    (8, 5, 4, 3, 2, None, None, None, None, None)
    """
    i = _check_level(level)
    if cls == "sorcerer":
        return _SORCERER_KNOWN[i]
    return (None,) * 10


def highest_spell_level(cls: str, level: int) -> int | None:
    """Highest spell level the class table gives at ``level`` (None for fighters)."""
    levels = [n for n, v in enumerate(spells_per_day(cls, level)) if v is not None]
    if cls == "sorcerer":
        levels = [n for n, v in enumerate(spells_known(cls, level)) if v is not None]
    return max(levels) if levels else None


def bonus_spells(modifier: int, spell_level: int) -> int:
    """Bonus spells per day for a casting ability ``modifier`` (Table: Ability Modifiers and
    Bonus Spells): none at spell level 0; otherwise 1 + (modifier − spell level) // 4 when the
    modifier is at least the spell level.

    >>> [bonus_spells(5, n) for n in range(0, 7)]
    [0, 2, 1, 1, 1, 1, 0]
    """
    if spell_level == 0 or modifier < spell_level:
        return 0
    return 1 + (modifier - spell_level) // 4


def armor_training(cls: str, level: int) -> int:
    """Fighter armor training: 1 at 3rd, +1 every 4 levels (2 at 7th, 3 at 11th, 4 at 15th)."""
    if cls != "fighter" or level < 3:
        return 0
    return min(4, 1 + (level - 3) // 4)


def bravery(cls: str, level: int) -> int:
    """Fighter bravery: +1 on Will saves against fear at 2nd, +1 every 4 levels after."""
    if cls != "fighter" or level < 2:
        return 0
    return 1 + (level - 2) // 4


def feat_slots(cls: str, level: int, human: bool = True) -> int:
    """How many feats a character may have: one at 1st and every odd level, +1 for a human,
    fighter bonus feats at 1st and every even level; the wizard's bonus feats (5th, 10th...)
    take metamagic or item creation feats, which the game does not model, so they are not
    counted here."""
    _check_level(level)
    count = (level + 1) // 2 + (1 if human else 0)
    if cls == "fighter":
        count += 1 + level // 2
    return count
