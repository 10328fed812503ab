"""Creatures for summon monster I–III (``data/creatures.json``; Bestiary statistics, Open Game License).

Each creature gives the stat line a summoned ally needs in a duel: hit points and Hit Dice, AC,
saves, speed, size, attacks. The celestial/fiendish templates of the summon tables are not applied
(their smite and resistances rarely matter against a caster within a few rounds). Descriptions
are written fresh.

>>> get("wolf").hp, get("wolf").attacks[0].bonus
(13, 2)
>>> sorted(c.id for c in for_list(3))[:2]
['boar', 'dretch']
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .spells.model import DamageType, Dice, Size, Text


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CreatureAttack(_Frozen):
    """``count`` natural attacks (2 claws) at ``bonus``, each dealing ``damage``. A ranged touch
    attack (the lantern archon's light rays) has a ``range_feet``. ``riders`` name extras
    resolved in code (trip, grab, poison, disease, burn)."""

    name: Text
    kind: Literal["melee", "ranged_touch"] = "melee"
    count: int = Field(default=1, ge=1)
    bonus: int
    damage: Dice
    type: DamageType = "bludgeoning"
    crit_from: int = 20
    crit_multiplier: int = 2
    range_feet: int | None = None
    riders: tuple[Literal["trip", "grab", "poison", "disease", "burn"], ...] = ()

    @model_validator(mode="after")
    def _range_for_ranged(self) -> CreatureAttack:
        if (self.kind == "ranged_touch") != (self.range_feet is not None):
            raise ValueError("'range_feet' is required for ranged touch attacks and only for them")
        return self


class Creature(_Frozen):
    """A summonable creature's stat line (MD-11: it cannot leave the zone; MD-16: its attacks
    deal half damage in a mageduel)."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: Text
    #: A shorter name for a crowded board, where the whole one finds no clear place ("Water elemental").
    short: Text | None = None
    #: The grammatical gender of the French name, which French sentences about the creature agree with
    #: (« Hyène est désormais tuée »). English speaks of any creature as "it".
    gender_fr: Literal["f", "m"] = "m"
    description: Text
    summon_list: int = Field(ge=1, le=9)
    size: Size
    creature_type: Literal["animal", "vermin", "outsider", "magical_beast", "plant", "undead"]
    #: Subtypes that rules read: ``water`` (horrid wilting's d8s), ``elemental``, ``extraplanar`` …
    subtypes: tuple[str, ...] = ()
    hit_dice: int = Field(ge=1)
    hp: int = Field(ge=1)
    ac: int
    touch_ac: int
    flat_footed_ac: int
    fort: int
    ref: int
    will: int
    initiative: int
    speed: int = Field(ge=0)
    fly_speed: int | None = None
    bab: int
    cmb: int
    cmd: int
    strength: int = Field(ge=0)
    dexterity: int = Field(ge=0)
    attacks: tuple[CreatureAttack, ...] = Field(min_length=1)
    #: Damage reduction "5/good"; energy resistance {"fire": 10}; immunities by name.
    damage_reduction: str | None = None
    resistances: dict[DamageType, int] = Field(default_factory=dict)
    immunities: tuple[str, ...] = ()
    special: tuple[str, ...] = ()
    #: Weight in pounds, as the Bestiary gives it; without it, its size's typical weight (``weight.py``).
    weight: float | None = Field(default=None, gt=0)


class CreatureCatalogue(_Frozen):
    """The creature file: unique ids, at least one creature in each of summon lists 1–3."""

    version: int = 1
    creatures: tuple[Creature, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _check(self) -> CreatureCatalogue:
        ids = [c.id for c in self.creatures]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"duplicate creature ids: {', '.join(dupes)}")
        for level in (1, 2, 3):
            if not any(c.summon_list == level for c in self.creatures):
                raise ValueError(f"summon list {level} has no creature")
        return self


@cache
def catalogue() -> CreatureCatalogue:
    """Every creature, validated once."""
    text = resources.files("mageduel").joinpath("data").joinpath("creatures.json").read_text(encoding="utf-8")
    return CreatureCatalogue.model_validate_json(text)


@cache
def _by_id() -> dict[str, Creature]:
    return {c.id: c for c in catalogue().creatures}


def get(creature_id: str) -> Creature:
    """The creature with this id; an unknown id is a ``KeyError`` naming it."""
    try:
        return _by_id()[creature_id]
    except KeyError:
        raise KeyError(f"unknown creature '{creature_id}'") from None


def all_creatures() -> tuple[Creature, ...]:
    """Every creature, by summon list."""
    return catalogue().creatures


def for_list(level: int) -> list[Creature]:
    """The creatures of summon monster list ``level``."""
    return [c for c in catalogue().creatures if c.summon_list == level]
