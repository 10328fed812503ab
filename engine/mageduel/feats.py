"""The feats that matter in a duel, each with its effect stated as data for the engine.

A feat's ``effects`` are :class:`FeatEffect` rows: a number added to a stat, sometimes only in a
situation (``when``). The character sheet applies the unconditional ones itself (initiative,
saves, AC, hit points, spell DCs); the CORE reads the situational ones (``defensive_casting``,
``bull_rush``, ``spell_resistance``...) when that situation comes up.

>>> FEATS["improved_initiative"].effects[0].value
4
>>> FEATS["greater_spell_focus"].requires_feats
('spell_focus',)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

FeatStat = Literal[
    "initiative",
    "fort",
    "ref",
    "will",
    "ac",
    "cmd",
    "cmb",
    "hp",
    "hp_per_level_above_3",
    "spell_dc",
    "concentration",
    "caster_level_check",
    "attack",
    "damage",
    "counterspell",
]
FeatWhen = Literal[
    "always",
    "school",
    "weapon",
    "defensive_casting",
    "bull_rush",
    "spell_resistance",
    "power_attack",
    "light_weapon",
]
FeatParam = Literal["school", "weapon"]


@dataclass(frozen=True, slots=True)
class FeatEffect:
    """``value`` added to ``stat`` when ``when`` holds (``school``/``weapon``: the chosen one)."""

    stat: FeatStat
    value: int
    when: FeatWhen = "always"


@dataclass(frozen=True, slots=True)
class Feat:
    """A feat: names, a short description of our own, prerequisites, effects as data."""

    id: str
    name_en: str
    name_fr: str
    summary_en: str
    summary_fr: str
    effects: tuple[FeatEffect, ...] = ()
    #: The feat is taken for one school or weapon, chosen on the sheet.
    param: FeatParam | None = None
    requires_feats: tuple[str, ...] = ()
    requires_abilities: tuple[tuple[str, int], ...] = ()
    requires_bab: int = 0
    requires_caster_level: int = 0
    combat: bool = False  # a fighter bonus feat may be any combat feat


FEATS: dict[str, Feat] = {
    f.id: f
    for f in (
        Feat(
            "improved_initiative",
            "Improved Initiative",
            "Science de l'initiative",
            "+4 on initiative checks.",
            "+4 aux tests d'initiative.",
            (FeatEffect("initiative", 4),),
            combat=True,
        ),
        Feat(
            "combat_casting",
            "Combat Casting",
            "Incantation du guerrier",
            "+4 on concentration checks to cast defensively or while grappled.",
            "+4 aux tests de concentration pour lancer un sort sur la défensive ou agrippé.",
            (FeatEffect("concentration", 4, "defensive_casting"),),
        ),
        Feat(
            "spell_focus",
            "Spell Focus",
            "École renforcée",
            "+1 to the save DC of spells of the chosen school.",
            "+1 au DD des jets de sauvegarde contre les sorts de l'école choisie.",
            (FeatEffect("spell_dc", 1, "school"),),
            param="school",
        ),
        Feat(
            "greater_spell_focus",
            "Greater Spell Focus",
            "École supérieure",
            "A further +1 to the save DC of spells of a school already focused.",
            "Encore +1 au DD des sorts d'une école déjà renforcée.",
            (FeatEffect("spell_dc", 1, "school"),),
            param="school",
            requires_feats=("spell_focus",),
        ),
        Feat(
            "spell_penetration",
            "Spell Penetration",
            "Efficacité des sorts accrue",
            "+2 on caster level checks to beat spell resistance.",
            "+2 aux tests de niveau de lanceur pour vaincre la résistance à la magie.",
            (FeatEffect("caster_level_check", 2, "spell_resistance"),),
        ),
        Feat(
            "greater_spell_penetration",
            "Greater Spell Penetration",
            "Efficacité des sorts supérieure",
            "A further +2 on caster level checks against spell resistance.",
            "Encore +2 aux tests de niveau de lanceur contre la résistance à la magie.",
            (FeatEffect("caster_level_check", 2, "spell_resistance"),),
            requires_feats=("spell_penetration",),
        ),
        Feat(
            "improved_counterspell",
            "Improved Counterspell",
            "Contresort amélioré",
            "Counter with any higher-level spell of the same school, not only the same spell.",
            "Contrer avec n'importe quel sort de la même école et de plus haut niveau.",
            (FeatEffect("counterspell", 1),),
        ),
        Feat(
            "toughness",
            "Toughness",
            "Robustesse",
            "+3 hit points, and +1 per Hit Die beyond the third.",
            "+3 points de vie, et +1 par dé de vie au-delà du troisième.",
            (FeatEffect("hp", 3), FeatEffect("hp_per_level_above_3", 1)),
        ),
        Feat(
            "dodge",
            "Dodge",
            "Esquive",
            "+1 dodge bonus to AC (and CMD); lost whenever Dexterity to AC is lost.",
            "+1 d'esquive à la CA (et au DMD), perdu avec le bonus de Dextérité à la CA.",
            (FeatEffect("ac", 1), FeatEffect("cmd", 1)),
            requires_abilities=(("dex", 13),),
            combat=True,
        ),
        Feat(
            "iron_will",
            "Iron Will",
            "Volonté de fer",
            "+2 on Will saves.",
            "+2 aux jets de Volonté.",
            (FeatEffect("will", 2),),
        ),
        Feat(
            "lightning_reflexes",
            "Lightning Reflexes",
            "Réflexes surhumains",
            "+2 on Reflex saves.",
            "+2 aux jets de Réflexes.",
            (FeatEffect("ref", 2),),
        ),
        Feat(
            "great_fortitude",
            "Great Fortitude",
            "Vigueur surhumaine",
            "+2 on Fortitude saves.",
            "+2 aux jets de Vigueur.",
            (FeatEffect("fort", 2),),
        ),
        Feat(
            "weapon_focus",
            "Weapon Focus",
            "Arme de prédilection",
            "+1 on attack rolls with the chosen weapon.",
            "+1 aux jets d'attaque avec l'arme choisie.",
            (FeatEffect("attack", 1, "weapon"),),
            param="weapon",
            requires_bab=1,
            combat=True,
        ),
        Feat(
            "weapon_finesse",
            "Weapon Finesse",
            "Attaque en finesse",
            "Use Dexterity instead of Strength to attack with light weapons.",
            "Utiliser la Dextérité plutôt que la Force pour attaquer avec une arme légère.",
            (FeatEffect("attack", 0, "light_weapon"),),
            combat=True,
        ),
        Feat(
            "power_attack",
            "Power Attack",
            "Attaque en puissance",
            "Trade 1 point of melee attack for 2 of damage (3 two-handed), more at +4 BAB steps.",
            "Échanger 1 point d'attaque au contact contre 2 de dégâts (3 à deux mains), "
            "davantage tous les +4 de BBA.",
            (FeatEffect("attack", -1, "power_attack"), FeatEffect("damage", 2, "power_attack")),
            requires_abilities=(("str", 13),),
            requires_bab=1,
            combat=True,
        ),
        Feat(
            "improved_bull_rush",
            "Improved Bull Rush",
            "Science de la bousculade",
            "+2 to bull rush and to CMD against it; bull rushing provokes no attack of opportunity.",
            "+2 pour bousculer et au DMD contre la bousculade\u202f; "
            "bousculer ne provoque pas d'attaque d'opportunité.",
            (FeatEffect("cmb", 2, "bull_rush"), FeatEffect("cmd", 2, "bull_rush")),
            requires_feats=("power_attack",),
            requires_abilities=(("str", 13),),
            requires_bab=1,
            combat=True,
        ),
        Feat(
            "combat_reflexes",
            "Combat Reflexes",
            "Attaques réflexes",
            "Extra attacks of opportunity per round equal to the Dexterity modifier.",
            "Autant d'attaques d'opportunité en plus par round que le modificateur de Dextérité.",
            (),
            combat=True,
        ),
        Feat(
            "eschew_materials",
            "Eschew Materials",
            "Dispense de composants matériels",
            "Cast spells without inexpensive material components.",
            "Lancer des sorts sans leurs composantes matérielles peu coûteuses.",
        ),
    )
}


def feat(feat_id: str) -> Feat:
    """The feat with this id; an unknown id names the known ones."""
    try:
        return FEATS[feat_id]
    except KeyError:
        raise KeyError(f"unknown feat '{feat_id}'; known feats: {', '.join(sorted(FEATS))}") from None
