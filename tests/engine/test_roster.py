"""The premade roster: at least 8 original characters across levels 1-20, every one valid, casting only
catalogue spells within its slots; the public API roster.get / all / ids."""

import json
from importlib import resources

import pytest
from mageduel import roster
from mageduel.character import Character
from mageduel.items import Staff, Wand
from mageduel.roster import Roster
from mageduel.spells import catalogue
from pydantic import ValidationError


def test_at_least_eight_premades_across_levels_1_to_20_and_all_three_classes():
    chars = roster.all()
    assert len(chars) >= 8
    levels = {c.level for c in chars}
    assert min(levels) == 1 and max(levels) == 20
    assert {c.cls for c in chars} == {"wizard", "sorcerer", "fighter"}


def test_the_first_roster_asked_for_is_there():
    pairs = {(c.cls, c.level) for c in roster.all()}
    assert {("wizard", 5), ("sorcerer", 5), ("wizard", 1), ("sorcerer", 1)} <= pairs


def test_ids_are_unique_and_get_returns_them():
    ids = roster.ids()
    assert len(ids) == len(set(ids))
    assert [c.id for c in roster.all()] == ids
    for cid in ids:
        assert roster.get(cid).id == cid


def test_unknown_id_is_a_key_error_listing_the_known():
    with pytest.raises(KeyError, match="unknown character 'merlin'; known: "):
        roster.get("merlin")


@pytest.mark.parametrize("cid", roster.ids())
def test_every_premade_revalidates_from_its_json(cid):
    char = roster.get(cid)
    again = Character.model_validate(json.loads(char.model_dump_json()))
    assert again == char


@pytest.mark.parametrize("cid", roster.ids())
def test_every_premade_has_names_and_a_tagline_in_both_languages(cid):
    char = roster.get(cid)
    for text in (char.name, char.tagline):
        assert text.en.strip() and text.fr.strip()
    assert char.tagline.en != char.tagline.fr


@pytest.mark.parametrize("cid", roster.ids())
def test_c8_every_premade_casts_only_catalogue_spells_within_its_slots(cid):
    char = roster.get(cid)
    if char.cls == "wizard":
        assert not char.known
        for slot_level, spell_ids in char.prepared.items():
            assert len(spell_ids) <= (char.slots[slot_level] or 0)
            for sid in spell_ids:
                assert catalogue.get(sid).level <= slot_level
    elif char.cls == "sorcerer":
        assert not char.prepared
        for spell_level, spell_ids in char.known.items():
            assert len(spell_ids) <= (char.spells_known_limits[spell_level] or 0)
            assert all(catalogue.get(sid).level == spell_level for sid in spell_ids)
    else:
        assert not char.prepared and not char.known and not char.is_caster
    for item in char.items:
        for sid in [getattr(item, "spell", None)] + [s.spell for s in getattr(item, "spells", ())]:
            assert sid is None or catalogue.has(sid)


@pytest.mark.parametrize("cid", [c.id for c in roster.all() if c.is_caster])
def test_md1_every_premade_caster_has_something_to_cast(cid):
    char = roster.get(cid)
    assert char.spell_ids()
    assert char.highest_spell_level is not None


def test_premade_numbers_spot_checks():
    # Ilse: wizard 5, Con 14: 6 + 2 + 4 × 6 = 32; Will 4 + 1 (Wis 12) + 1 (cloak).
    ilse = roster.get("ilse")
    assert (ilse.max_hp, ilse.will, ilse.slots[3]) == (32, 6, 2)
    # Garrick: fighter 6, Con 14, Toughness: 52 + 6; breastplate + heavy shield + Dex 1 + Dodge = 20.
    garrick = roster.get("garrick")
    assert (garrick.max_hp, garrick.ac, garrick.speed) == (58, 20, 20)
    # Aurelian: wizard 20, Int 24 + headband 6 = 30 (+10): 9th-level slots 4 + 1.
    assert roster.get("aurelian").slots[9] == 5


def test_md13_items_that_attack_directly_are_marked():
    odile = roster.get("odile")
    wand = next(i for i in odile.items if isinstance(i, Wand))
    assert wand.spell == "magic_missile" and wand.attacks_directly
    sealed = next(i for i in roster.get("corvin").items if isinstance(i, Staff))
    assert not sealed.attacks_directly  # dimension door and wall of force attack no one
    summons = next(i for i in roster.get("aurelian").items if isinstance(i, Staff))
    assert not summons.attacks_directly


def test_roster_file_ships_inside_the_package_and_refuses_duplicates():
    text = resources.files("mageduel").joinpath("data").joinpath("roster.json").read_text(encoding="utf-8")
    data = json.loads(text)
    assert len(data["characters"]) == len(roster.all())
    data["characters"].append(data["characters"][0])
    with pytest.raises(ValidationError, match="duplicate character ids"):
        Roster.model_validate(data)


def test_roster_json_schema_exports():
    schema = Roster.model_json_schema()
    assert "Character" in schema["$defs"]
    json.dumps(schema)
