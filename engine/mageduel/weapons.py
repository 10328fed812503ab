"""Weapons (Core Rulebook weapon table, Medium sizes; Open Game License).

Damage die, critical threat range and multiplier (C-4), melee or ranged, range increment,
hands, and proficiency category. Plain frozen dataclasses: the CORE reads them in the hot loop.

>>> WEAPONS["longsword"].threat_range
(19, 20)
>>> WEAPONS["light_crossbow"].reload
'move'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

WeaponKind = Literal["melee", "ranged"]
Category = Literal["unarmed", "simple", "martial"]
DamageKind = Literal["bludgeoning", "piercing", "slashing"]


@dataclass(frozen=True, slots=True)
class Weapon:
    """One weapon. ``crit_from`` 19 means a threat on 19–20. ``range_increment`` is for ranged
    and thrown weapons (feet); ``reload`` is the action to reload a crossbow."""

    id: str
    name_en: str
    name_fr: str
    category: Category
    kind: WeaponKind
    dice_count: int
    die: int
    crit_from: int = 20
    crit_multiplier: int = 2
    damage_types: tuple[DamageKind, ...] = ("bludgeoning",)
    hands: Literal[1, 2] = 1
    light: bool = False
    range_increment: int | None = None
    thrown: bool = False
    reload: Literal["free", "move", "full_round"] | None = None
    reach: int = 5
    nonlethal: bool = False
    #: Weapon Finesse works with light weapons and a few others named by the feat (the rapier).
    finesse: bool = False

    @property
    def two_handed(self) -> bool:
        """Wielded in two hands (1.5 × Strength to damage)."""
        return self.hands == 2

    @property
    def threat_range(self) -> tuple[int, int]:
        """Natural results that threaten a critical hit (C-4)."""
        return (self.crit_from, 20)

    @property
    def dice(self) -> str:
        """Damage dice notation, e.g. ``"1d8"``."""
        return f"{self.dice_count}d{self.die}"


WEAPONS: dict[str, Weapon] = {
    w.id: w
    for w in (
        Weapon(
            "unarmed_strike",
            "Unarmed strike",
            "Combat à mains nues",
            "unarmed",
            "melee",
            1,
            3,
            light=True,
            nonlethal=True,
        ),
        Weapon(
            "dagger",
            "Dagger",
            "Dague",
            "simple",
            "melee",
            1,
            4,
            crit_from=19,
            damage_types=("piercing", "slashing"),
            light=True,
            range_increment=10,
            thrown=True,
        ),
        Weapon("club", "Club", "Gourdin", "simple", "melee", 1, 6, range_increment=10, thrown=True),
        Weapon("quarterstaff", "Quarterstaff", "Bâton", "simple", "melee", 1, 6, hands=2),
        Weapon(
            "spear",
            "Spear",
            "Lance",
            "simple",
            "melee",
            1,
            8,
            crit_multiplier=3,
            damage_types=("piercing",),
            hands=2,
            range_increment=20,
            thrown=True,
        ),
        Weapon(
            "light_crossbow",
            "Light crossbow",
            "Arbalète légère",
            "simple",
            "ranged",
            1,
            8,
            crit_from=19,
            damage_types=("piercing",),
            hands=2,
            range_increment=80,
            reload="move",
        ),
        Weapon(
            "heavy_crossbow",
            "Heavy crossbow",
            "Arbalète lourde",
            "simple",
            "ranged",
            1,
            10,
            crit_from=19,
            damage_types=("piercing",),
            hands=2,
            range_increment=120,
            reload="full_round",
        ),
        Weapon(
            "longsword",
            "Longsword",
            "Épée longue",
            "martial",
            "melee",
            1,
            8,
            crit_from=19,
            damage_types=("slashing",),
        ),
        Weapon(
            "rapier",
            "Rapier",
            "Rapière",
            "martial",
            "melee",
            1,
            6,
            crit_from=18,
            damage_types=("piercing",),
            finesse=True,
        ),
        Weapon(
            "greatsword",
            "Greatsword",
            "Épée à deux mains",
            "martial",
            "melee",
            2,
            6,
            crit_from=19,
            damage_types=("slashing",),
            hands=2,
        ),
        Weapon(
            "longbow",
            "Longbow",
            "Arc long",
            "martial",
            "ranged",
            1,
            8,
            crit_multiplier=3,
            damage_types=("piercing",),
            hands=2,
            range_increment=100,
            reload="free",
        ),
    )
}


def weapon(weapon_id: str) -> Weapon:
    """The weapon with this id; an unknown id names the known ones."""
    try:
        return WEAPONS[weapon_id]
    except KeyError:
        raise KeyError(f"unknown weapon '{weapon_id}'; known weapons: {', '.join(sorted(WEAPONS))}") from None
