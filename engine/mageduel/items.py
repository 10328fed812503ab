"""Armor, shields and a few magic items (Core Rulebook statistics; Open Game License).

Armor and shields are table rows (plain dataclasses). Magic items a character carries are pydantic
models (they are part of the character sheet): wands, staves, potions, scrolls that hold catalogue
spells, and a few worn items with a flat bonus. ``attacks_directly`` tells MD-13 whether using the
item against a participant attacks them directly (a wand of magic missile) or not (a staff of
summoning, a wand of wall of force, a potion).

>>> ARMORS["breastplate"].bonus, ARMORS["breastplate"].max_dex
(6, 3)
>>> Wand(spell="magic_missile", charges=20, caster_level=3).attacks_directly
True
>>> Wand(spell="summon_monster_i", charges=5, caster_level=1).attacks_directly
False
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .rule_error import RuleError
from .spells import catalogue
from .spells.model import (
    AbilityNode,
    AttackNode,
    ChainNode,
    ConditionNode,
    DamageNode,
    DispelNode,
    ForcedMovementNode,
    MissilesNode,
    NegativeLevelsNode,
    SaveNode,
    SlayNode,
    Spell,
    Text,
    TieredNode,
)

ArmorCategory = Literal["light", "medium", "heavy", "shield"]


@dataclass(frozen=True, slots=True)
class Armor:
    """Armor or shield: AC bonus, maximum Dex bonus (None: no limit), armor check penalty
    (a negative number), arcane spell failure chance in percent; ``metal``: made of metal (shocking
    grasp's +3)."""

    id: str
    name_en: str
    name_fr: str
    category: ArmorCategory
    bonus: int
    max_dex: int | None
    check_penalty: int
    spell_failure: int
    metal: bool = False


ARMORS: dict[str, Armor] = {
    a.id: a
    for a in (
        Armor("leather", "Leather armor", "Armure de cuir", "light", 2, 6, 0, 10),
        Armor("studded_leather", "Studded leather", "Armure de cuir clouté", "light", 3, 5, -1, 15),
        Armor("chain_shirt", "Chain shirt", "Chemise de mailles", "light", 4, 4, -2, 20, metal=True),
        Armor("breastplate", "Breastplate", "Cuirasse", "medium", 6, 3, -4, 25, metal=True),
        Armor("chainmail", "Chainmail", "Cotte de mailles", "medium", 6, 2, -5, 30, metal=True),
        Armor("full_plate", "Full plate", "Harnois", "heavy", 9, 1, -6, 35, metal=True),
    )
}
SHIELDS: dict[str, Armor] = {
    a.id: a
    for a in (
        Armor("buckler", "Buckler", "Targe", "shield", 1, None, -1, 5),
        Armor("light_steel_shield", "Light steel shield", "Écu en acier", "shield", 1, None, -1, 5),
        Armor("heavy_steel_shield", "Heavy steel shield", "Rondache en acier", "shield", 2, None, -2, 15),
    )
}


def min_caster_level(spell_level: int) -> int:
    """The lowest sorcerer/wizard caster level that casts a spell of ``spell_level`` (crafting CL)."""
    return max(1, 2 * spell_level - 1)


# Nodes that, aimed at another creature, harm it (MD-13: "attacks directly").
_HARMFUL = (
    AttackNode,
    MissilesNode,
    DamageNode,
    AbilityNode,
    NegativeLevelsNode,
    ForcedMovementNode,
    SlayNode,
    ChainNode,
    DispelNode,
    TieredNode,
)


def spell_attacks_directly(spell: Spell) -> bool:
    """Whether casting ``spell`` at a participant attacks them directly (MD-13).

    Spells on the caster alone, summons and walls do not; a harmful effect on a foe, or a save
    the foe must make against a condition, does."""
    if spell.affects_only_caster or spell.save.harmless:
        return False
    for node in spell.nodes():
        if isinstance(node, _HARMFUL):
            return True
        if isinstance(node, SaveNode) and any(isinstance(n, ConditionNode) for n in node.effects):
            return True
    return False


class _Item(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class _SpellItem(_Item):
    spell: str
    caster_level: int = Field(ge=1, le=20)

    @field_validator("spell")
    @classmethod
    def _known_spell(cls, value: str) -> str:
        if not catalogue.has(value):
            raise RuleError("spell.unknown", f"unknown spell '{value}'", spell=value)
        return value

    @model_validator(mode="after")
    def _caster_level_enough(self) -> _SpellItem:
        if not catalogue.summary(self.spell).arcane and getattr(self, "type", "") != "potion":
            raise RuleError(
                "item.not_arcane",
                f"'{self.spell}' is not a sorcerer/wizard spell: only a potion may hold it",
                spell=self.spell,
            )
        level = catalogue.summary(self.spell).level
        if self.caster_level < min_caster_level(level):
            raise RuleError(
                "item.caster_level",
                f"caster_level {self.caster_level} is too low for a level {level} spell "
                f"(at least {min_caster_level(level)})",
                caster_level=self.caster_level,
                spell_level=level,
                minimum=min_caster_level(level),
            )
        return self

    @property
    def spell_data(self) -> Spell:
        """The catalogue spell the item holds."""
        return catalogue.get(self.spell)

    @property
    def attacks_directly(self) -> bool:
        """MD-13: using it on a participant attacks them directly."""
        return spell_attacks_directly(self.spell_data)


class Wand(_SpellItem):
    """A wand: a spell of level 0–4, up to 50 charges, one charge per use (standard action)."""

    type: Literal["wand"] = "wand"
    charges: int = Field(ge=0, le=50)

    @model_validator(mode="after")
    def _wand_level(self) -> Wand:
        if catalogue.summary(self.spell).level > 4:
            raise RuleError(
                "item.wand_level",
                f"a wand holds spells of level 4 or less, not '{self.spell}'",
                spell=self.spell,
            )
        return self


class Potion(_SpellItem):
    """A potion: a spell of level 0–3 that affects the drinker (never an attack)."""

    type: Literal["potion"] = "potion"

    @model_validator(mode="after")
    def _potion_spell(self) -> Potion:
        spell = catalogue.summary(self.spell)
        if spell.level > 3:
            raise RuleError(
                "item.potion_level",
                f"a potion holds spells of level 3 or less, not '{self.spell}'",
                spell=self.spell,
            )
        if spell.range_kind == "personal":
            raise RuleError(
                "item.potion_personal",
                f"'{self.spell}' is a personal spell and cannot be a potion",
                spell=self.spell,
            )
        return self

    @property
    def attacks_directly(self) -> bool:
        """A potion affects only its drinker."""
        return False


class Scroll(_SpellItem):
    """A scroll: one use of one spell, read as the spell's casting time."""

    type: Literal["scroll"] = "scroll"


class StaffSpell(_Item):
    """One spell of a staff and the charges it costs."""

    spell: str
    cost: int = Field(default=1, ge=1, le=5)

    @field_validator("spell")
    @classmethod
    def _known_spell(cls, value: str) -> str:
        if not catalogue.has(value):
            raise RuleError("spell.unknown", f"unknown spell '{value}'", spell=value)
        return value


class Staff(_Item):
    """A staff: several spells, up to 10 charges, cast at the staff's caster level (or the
    wielder's, if higher, for DCs)."""

    type: Literal["staff"] = "staff"
    name: Text
    spells: tuple[StaffSpell, ...] = Field(min_length=1)
    charges: int = Field(ge=0, le=10)
    caster_level: int = Field(ge=1, le=20)

    @model_validator(mode="after")
    def _caster_level_enough(self) -> Staff:
        top = max(catalogue.summary(s.spell).level for s in self.spells)
        if self.caster_level < min_caster_level(top):
            raise RuleError(
                "item.staff_caster_level",
                f"caster_level {self.caster_level} is too low for a level {top} spell",
                caster_level=self.caster_level,
                spell_level=top,
                minimum=min_caster_level(top),
            )
        return self

    def attacks_directly_with(self, spell_id: str) -> bool:
        """MD-13 for one of the staff's spells."""
        return spell_attacks_directly(catalogue.get(spell_id))

    @property
    def attacks_directly(self) -> bool:
        """True when any of its spells attacks directly (a staff of summoning does not)."""
        return any(self.attacks_directly_with(s.spell) for s in self.spells)


WornKind = Literal[
    "cloak_of_resistance",
    "ring_of_protection",
    "amulet_of_natural_armor",
    "headband_of_vast_intelligence",
    "headband_of_alluring_charisma",
    "belt_of_mighty_constitution",
]
#: What each worn item improves and with which bonus type.
WORN_EFFECT: dict[str, tuple[str, str]] = {
    "cloak_of_resistance": ("saves", "resistance"),
    "ring_of_protection": ("ac", "deflection"),
    "amulet_of_natural_armor": ("ac", "natural_armor"),
    "headband_of_vast_intelligence": ("int", "enhancement"),
    "headband_of_alluring_charisma": ("cha", "enhancement"),
    "belt_of_mighty_constitution": ("con", "enhancement"),
}


class Worn(_Item):
    """A worn item with a flat bonus: +1–+5 (cloak, ring, amulet) or +2/+4/+6 (headband, belt)."""

    type: Literal["worn"] = "worn"
    item: WornKind
    bonus: int = Field(ge=1, le=6)

    @model_validator(mode="after")
    def _bonus_allowed(self) -> Worn:
        stat, _ = WORN_EFFECT[self.item]
        if stat in ("int", "cha", "con") and self.bonus not in (2, 4, 6):
            raise RuleError(
                "item.bonus_even",
                f"{self.item} gives +2, +4 or +6, not +{self.bonus}",
                item=self.item,
                bonus=self.bonus,
            )
        if stat not in ("int", "cha", "con") and self.bonus > 5:
            raise RuleError(
                "item.bonus_five",
                f"{self.item} gives +1 to +5, not +{self.bonus}",
                item=self.item,
                bonus=self.bonus,
            )
        return self

    @property
    def attacks_directly(self) -> bool:
        """Worn items never attack."""
        return False

    @property
    def stat(self) -> str:
        """The stat it improves (``saves``, ``ac``, or an ability)."""
        return WORN_EFFECT[self.item][0]

    @property
    def bonus_type(self) -> str:
        """Its bonus type (same types do not stack)."""
        return WORN_EFFECT[self.item][1]


Item = Annotated[Wand | Staff | Potion | Scroll | Worn, Field(discriminator="type")]
"""Any carried item; ``type`` says which."""
