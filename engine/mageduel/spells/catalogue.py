"""The spell catalogue: ``data/spells.json`` validated as a :class:`SpellCatalogue`.

Read once, through importlib.resources, so it works from a wheel and inside Pyodide.

>>> get("fireball").level
3
>>> get("magic_missile").name.fr
'projectile magique'

``Spell.special`` tags name what the vocabulary does not say; the resolver handles each of them in code
(issue 10: no spell may do less than its text says):

- ``charm_person_threatened``: +5 on the save if the caster's side threatens the target (also a
  ``threatened`` save adjustment).
- ``color_spray_sightless``: sightless creatures (blinded ones) are unaffected.
- ``daze_humanoid``: only humanoids (also in ``target.creature``).
- ``daze_immunity_one_minute``: a creature dazed by it is immune to it for 1 minute.
- ``delayed_blast_delay_up_to_5_rounds``: the caster may delay the burst up to 5 rounds (``choose
  delay-N``); it bursts at the start of the caster's turn when the delay runs out.
- ``dimension_door_no_action``: after arriving the caster can take no other action that turn.
- ``enervation_undead``: an undead target gains 1d4 × 5 temporary hit points instead.
- ``feeblemind_no_casting``: an Int or Cha of 1 leaves the target unable to cast spells.
- ``glitterdust_stealth``: −40 on Stealth while covered (also a ``stealth`` modifier node, save or not).
- ``grease_terrain``: walking within or through the greased square needs a DC 10 Acrobatics check, one a
  round, and goes at half speed (each foot costs two); failure stops the walk for the round, with a Reflex
  save against falling prone (failure by 5 or more: it falls); no 5-foot step on it (``terrain.py``).
- ``greater_dispel_area_20_ft``: the area version is a 20-ft.-radius burst (``cast greater_dispel_magic
  @x,y``: a dispel on each creature in it, of what its foes cast on an ally, of its own spells on a foe).
- ``greater_dispel_counter_plus_4``: +4 on the dispel check when used to counter.
- ``greater_dispel_one_per_four_levels``: a targeted dispel ends one spell per 4 caster levels.
- ``gust_fly_checks``: flying creatures take −4 on Fly checks in the line (also a ``fly`` modifier node).
- ``gust_tumble_damage_per_10_feet``: a tiny creature on the ground is knocked prone and rolled 1d4 × 10
  feet, taking 1d4 nonlethal damage per 10 feet rolled.
- ``haste_counters_slow``, ``slow_counters_haste``: each dispels the other on a creature it targets.
- ``hold_person_humanoid``: only humanoids (also in ``target.creature``).
- ``horrid_wilting_water_and_plants_d8``: water elementals and plants take d8s instead of d6s.
- ``ice_storm_difficult_terrain``: the area is difficult terrain for the duration: moving through it
  costs double, no 5-foot step in it, flyers unhampered (``terrain.py``).
- ``invisibility_ends_on_attack``: also stated on the condition node.
- ``meteor_struck_penalty``: a creature struck by a sphere takes −4 on the save against its fire
  (also a ``struck`` save adjustment).
- ``mirror_image_misses``: an attack that misses the caster's AC by 5 or less destroys an image.
- ``power_word_current_hp``: the tiers read the target's *current* hit points.
- ``shocking_grasp_metal``: +3 on the attack roll if the target wears metal armor.
- ``sleep_hit_dice_pool``: 4 Hit Dice in all, the lowest first (the nearest first among equals).
- ``sleep_wakes_on_damage``: a wound or a slap (``wake @ally``, a standard action) wakes a sleeper.
- ``telekinesis_weight``: 25 lb./level (max 375 lb.) limits what can be moved or hurled: a heavier
  creature (``weight.py``: a sheet's or stat line's weight, else its size's typical one) is not offered as a
  target, and a casting that reaches it anyway takes no hold (no save, no maneuver, no push: no MD-22
  expulsion by it). Applied to all three versions.
- ``true_strike_concealment``: the next attack ignores the miss chance of concealment.
- ``wall_of_force_disintegrate``: disintegrate destroys a wall of force at once
  (``cast disintegrate @wallN``).
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from .model import Spell, SpellCatalogue


@cache
def catalogue() -> SpellCatalogue:
    """The whole catalogue, validated once."""
    text = resources.files("mageduel").joinpath("data").joinpath("spells.json").read_text(encoding="utf-8")
    return SpellCatalogue.model_validate_json(text)


@cache
def _by_id() -> dict[str, Spell]:
    return {s.id: s for s in catalogue().spells}


def get(spell_id: str) -> Spell:
    """The spell with this id; an unknown id is a ``KeyError`` naming it."""
    try:
        return _by_id()[spell_id]
    except KeyError:
        raise KeyError(f"unknown spell '{spell_id}'") from None


def has(spell_id: str) -> bool:
    """Whether the catalogue holds ``spell_id``."""
    return spell_id in _by_id()


def all_spells() -> tuple[Spell, ...]:
    """Every spell, in file order (by level, then name)."""
    return catalogue().spells


def ids() -> list[str]:
    """Every spell id."""
    return [s.id for s in catalogue().spells]


def by_level(level: int) -> list[Spell]:
    """The spells of one sorcerer/wizard level."""
    return [s for s in catalogue().spells if s.level == level]
