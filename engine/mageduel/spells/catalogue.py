"""The spell catalogue: ``data/spells.json`` validated as a :class:`SpellCatalogue`.

Read once, through importlib.resources, so it works from a wheel and inside Pyodide.

>>> get("fireball").level
3
>>> get("magic_missile").name.fr
'projectile magique'

``Spell.special`` tags name what the vocabulary does not say; the resolver handles each in code:

- ``shocking_grasp_metal``: +3 on the attack roll if the target wears metal armor.
- ``meteor_struck_no_save``: a creature struck by a sphere takes −4 on the save against its fire
  (also stated as a ``struck`` save adjustment).
- ``color_spray_sightless``: sightless creatures are unaffected.
- ``telekinesis_weight``: 25 lb./level (max 375 lb.) limits what can be moved or hurled.
- ``gust_fly_checks``: flying creatures take −4 on Fly checks; −4 on ranged attacks in the line.
- ``dimension_door_no_action``: after arriving the caster can take no other action that turn.
- ``glitterdust_stealth``: −40 on Stealth while covered.
- ``power_word_current_hp``: the tiers read the target's *current* hit points.
- ``haste_counters_slow``, ``slow_counters_haste``: each dispels the other on a creature it targets.
- ``enervation_undead``: an undead target gains temporary hit points instead.
- ``invisibility_ends_on_attack``: also stated on the condition node.
- ``true_strike_concealment``: the next attack ignores the miss chance of concealment.
- ``mirror_image_misses``: an attack that misses the caster's AC by 5 or less destroys an image.
- ``wall_of_force_disintegrate``: disintegrate destroys a wall of force at once.
- ``feeblemind_no_casting``: an Int or Cha of 1 leaves the target unable to cast spells.
- ``charm_person_threatened``: +5 on the save if the caster or allies are threatening the target.
- ``hold_person_humanoid``, ``daze_humanoid``: only humanoids (also in ``target.creature``).
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
