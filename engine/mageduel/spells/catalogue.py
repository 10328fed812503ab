"""The spell catalogue: ``data/spells.json`` validated as a :class:`SpellCatalogue`.

Read through importlib.resources, so it works from a wheel and inside Pyodide. Validated once, on first
use or a piece at a time (:func:`loading`, the page's warm-up); what checking a character sheet or an item
asks of a spell (:func:`summary`) is read from the file alone, without the vocabulary's models, which are
built on first use (issue 15: the page draws its setup screen without them).

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

import json
from collections.abc import Iterator
from functools import cache
from importlib import resources
from typing import Any, NamedTuple

from ..deferred import building
from . import model
from .model import Spell, SpellCatalogue

#: Spells validated per step of :func:`loading` (under Pyodide about 2 ms each).
SPELLS_PER_STEP = 8

_loaded: list[SpellCatalogue] = []  # the catalogue once validated (a list: no global statement)


def _text() -> str:
    return resources.files("mageduel").joinpath("data").joinpath("spells.json").read_text(encoding="utf-8")


@cache
def _data() -> Any:
    """The file parsed, once: read for the summaries at boot, and again validated by :func:`loading`."""
    return json.loads(_text())


def catalogue() -> SpellCatalogue:
    """The whole catalogue, validated once."""
    if not _loaded:
        for _ in loading():
            pass
    return _loaded[0]


def loading() -> Iterator[str]:
    """Validate the catalogue a piece at a time, naming each piece once done: a page that takes one step per
    task never holds its main thread for the whole (issue 15). The vocabulary's models are built on first
    use (``defer_build``: the setup screen is drawn without them): one model per step
    (:func:`~mageduel.deferred.building`), then the spells a few at a time, then the file's own checks
    across spells.

    >>> all(step for step in loading())  # each step named, "catalogue" last
    True
    >>> list(loading()), catalogue().spells[0].id  # once loaded, nothing more
    ([], 'acid_splash')
    """
    if _loaded:
        return
    yield from building(model)
    data = _data()
    spells: list[Spell] = []
    raw = data.get("spells") if isinstance(data, dict) else None
    if isinstance(raw, list):
        # The first spell alone: under Pyodide its validation carries the validators' first-time costs.
        cuts = [0, *range(1, len(raw), SPELLS_PER_STEP), len(raw)] if raw else []
        for start, end in zip(cuts, cuts[1:], strict=False):
            for piece in raw[start:end]:
                spells.append(Spell.model_validate(piece))
                spells[-1].nodes()  # walked once and kept: the checks across spells below walk them all
            yield f"spells {start + 1}-{end}"
        data = {**data, "spells": spells}  # validated already: the catalogue takes them as they are
    if not _loaded:  # (a catalogue() call between two steps may have finished it)
        _loaded.append(SpellCatalogue.model_validate(data))
    yield "catalogue"


class Summary(NamedTuple):
    """What checking a character sheet or an item asks of a spell: read from the file alone, so
    the premade roster is checked without building the whole catalogue's models (issue 15: the setup screen
    is drawn before they are). ``test_spells`` checks it against the validated catalogue, spell by spell."""

    level: int
    arcane: bool
    range_kind: str


@cache
def _summaries() -> dict[str, Summary]:
    arcane = Spell.model_fields["arcane"].default
    return {
        s["id"]: Summary(s["level"], s.get("arcane", arcane), s["range"]["kind"]) for s in _data()["spells"]
    }


def summary(spell_id: str) -> Summary:
    """A spell's level, whether it is arcane and its range's kind; an unknown id is a ``KeyError``.

    >>> summary("fireball")
    Summary(level=3, arcane=True, range_kind='long')
    """
    try:
        return _summaries()[spell_id]
    except KeyError:
        raise KeyError(f"unknown spell '{spell_id}'") from None


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
    return spell_id in _summaries()


def all_spells() -> tuple[Spell, ...]:
    """Every spell, in file order (by level, then name)."""
    return catalogue().spells


def ids() -> list[str]:
    """Every spell id."""
    return [s.id for s in catalogue().spells]


def by_level(level: int) -> list[Spell]:
    """The spells of one sorcerer/wizard level."""
    return [s for s in catalogue().spells if s.level == level]
