"""The character sheet: errors name the field; derived numbers match hand-computed table values."""

import json

import pytest
from mageduel.character import Character, modifier
from pydantic import ValidationError


def sheet(**over):
    """A valid level-5 wizard, with fields overridden."""
    base = {
        "id": "test_wizard",
        "name": {"en": "Test Wizard", "fr": "Magicien d'essai"},
        "tagline": {"en": "Exists to be tested.", "fr": "Existe pour être testé."},
        "cls": "wizard",
        "level": 5,
        "abilities": {"str": 10, "dex": 14, "con": 14, "int": 18, "wis": 12, "cha": 8},
    }
    base.update(over)
    return base


def build(**over) -> Character:
    return Character.model_validate(sheet(**over))


def error_fields(exc: ValidationError) -> list[tuple]:
    return [e["loc"] for e in exc.errors()]


# ---------------------------------------------------------------------------- validation errors


def test_level_25_wizard_is_refused_naming_level():
    with pytest.raises(ValidationError) as exc:
        build(level=25)
    assert error_fields(exc.value) == [("level",)]


def test_unknown_field_is_refused_by_name():
    with pytest.raises(ValidationError) as exc:
        build(hp=40)  # derived numbers are never typed in
    assert error_fields(exc.value) == [("hp",)]


def test_c8_prepared_spell_without_a_slot_names_prepared():
    # Level 5, Int 18: level 3 has 1 + 1 bonus = 2 slots.
    with pytest.raises(ValidationError) as exc:
        build(prepared={3: ["fireball", "fireball", "haste"]})
    assert error_fields(exc.value) == [("prepared",)]
    assert "level 3: more spells prepared (3) than slots (2)" in str(exc.value)


def test_c8_prepared_spell_above_the_casters_reach_is_refused():
    with pytest.raises(ValidationError) as exc:
        build(prepared={4: ["stoneskin"]})
    assert error_fields(exc.value) == [("prepared",)]


def test_c8_prepared_spell_in_too_low_a_slot_is_refused():
    with pytest.raises(ValidationError, match="'fireball' is a level 3 spell") as exc:
        build(prepared={2: ["fireball"]})
    assert error_fields(exc.value) == [("prepared",)]


def test_c8_lower_level_spell_may_fill_a_higher_slot():
    assert build(prepared={3: ["magic_missile"]}).prepared[3] == ("magic_missile",)


def test_unknown_spell_is_refused_naming_prepared():
    with pytest.raises(ValidationError, match="unknown spell 'fire_storm'") as exc:
        build(prepared={1: ["fire_storm"]})
    assert error_fields(exc.value) == [("prepared",)]


def test_c8_low_casting_score_gives_no_slots():
    # Int 12 may cast only up to 2nd-level spells.
    with pytest.raises(ValidationError, match=r"level 3: more spells prepared \(1\) than slots \(0\)"):
        build(
            abilities={"str": 10, "dex": 14, "con": 14, "int": 12, "wis": 12, "cha": 8},
            prepared={3: ["fireball"]},
        )


def test_skill_with_more_ranks_than_levels_names_the_skill():
    with pytest.raises(ValidationError) as exc:
        build(skills={"spellcraft": 6})
    assert error_fields(exc.value) == [("skills",)]
    assert "spellcraft: 6 ranks" in str(exc.value)


def test_skill_ranks_beyond_the_budget_are_refused():
    # Wizard, Int 18: (2 + 4 + 1 human) = 7 per level, 35 at 5th.
    with pytest.raises(ValidationError, match="36 ranks in all, but only 35"):
        build(
            skills={
                "spellcraft": 5,
                "knowledge_arcana": 5,
                "perception": 5,
                "fly": 5,
                "sense_motive": 5,
                "acrobatics": 5,
                "stealth": 5,
                "bluff": 1,
            }
        )


def test_unknown_skill_is_refused():
    with pytest.raises(ValidationError) as exc:
        build(skills={"basket_weaving": 1})
    assert exc.value.errors()[0]["loc"][0] == "skills"


def test_sorcerer_known_spells_over_the_table_are_refused():
    with pytest.raises(ValidationError, match=r"level 1: more spells known \(3\) than allowed \(2\)") as exc:
        build(
            cls="sorcerer",
            level=1,
            abilities={"str": 10, "dex": 14, "con": 14, "int": 10, "wis": 10, "cha": 18},
            known={1: ["magic_missile", "shield", "mage_armor"]},
        )
    assert error_fields(exc.value) == [("known",)]


def test_sorcerer_known_spell_must_be_of_that_level():
    with pytest.raises(ValidationError, match="'magic_missile' is a level 1 spell"):
        build(
            cls="sorcerer",
            known={2: ["magic_missile"]},
            abilities={"str": 10, "dex": 14, "con": 14, "int": 10, "wis": 10, "cha": 18},
        )


def test_wizard_cannot_have_known_spells_nor_sorcerer_prepared():
    with pytest.raises(ValidationError) as exc:
        build(known={1: ["magic_missile"]})
    assert error_fields(exc.value) == [("known",)]
    with pytest.raises(ValidationError) as exc:
        build(cls="sorcerer", prepared={1: ["magic_missile"]})
    assert error_fields(exc.value) == [("prepared",)]


def test_fighter_prepares_nothing():
    with pytest.raises(ValidationError) as exc:
        build(cls="fighter", prepared={1: ["magic_missile"]})
    assert error_fields(exc.value) == [("prepared",)]


def test_feat_prerequisites_are_checked_naming_feats():
    with pytest.raises(ValidationError, match="needs 'spell_focus' for the same school") as exc:
        build(
            feats=[
                {"id": "spell_focus", "school": "illusion"},
                {"id": "greater_spell_focus", "school": "evocation"},
            ]
        )
    assert error_fields(exc.value) == [("feats",)]
    with pytest.raises(ValidationError, match="needs Dex 13"):
        build(
            abilities={"str": 10, "dex": 12, "con": 14, "int": 18, "wis": 12, "cha": 8},
            feats=[{"id": "dodge"}],
        )
    with pytest.raises(ValidationError, match="needs a 'school'"):
        build(feats=[{"id": "spell_focus"}])
    with pytest.raises(ValidationError, match="unknown feat"):
        build(feats=[{"id": "cleave"}])


def test_too_many_feats_are_refused():
    # A level 5 human wizard has 3 + 1 = 4 feats (the wizard bonus feat is metamagic only).
    with pytest.raises(ValidationError, match="5 feats, but a level 5 human wizard has 4"):
        build(
            feats=[
                {"id": f}
                for f in ("toughness", "dodge", "iron_will", "improved_initiative", "combat_casting")
            ]
        )


def test_items_are_validated():
    with pytest.raises(ValidationError, match="a wand holds spells of level 4 or less"):
        build(items=[{"type": "wand", "spell": "cone_of_cold", "charges": 10, "caster_level": 9}])
    with pytest.raises(ValidationError, match="caster_level 1 is too low"):
        build(items=[{"type": "scroll", "spell": "fireball", "caster_level": 1}])
    with pytest.raises(ValidationError, match="unknown spell"):
        build(items=[{"type": "potion", "spell": "elixir", "caster_level": 1}])


# ---------------------------------------------------------------------------- derived numbers


def test_c2_ability_modifiers():
    assert [modifier(s) for s in (1, 3, 8, 9, 10, 11, 12, 17, 18, 30)] == [-5, -4, -1, -1, 0, 0, 1, 3, 4, 10]


def test_c6_hit_points_wizard_and_fighter():
    # Wizard 1, Con 14: 6 + 2.
    assert build(level=1).max_hp == 8
    # Wizard 5, Con 14: 6 + 2, then 4 × (4 + 2) = 32; Toughness +5.
    assert build().max_hp == 32
    assert build(feats=[{"id": "toughness"}]).max_hp == 37
    # Sorcerer 10, Con 10: 6 + 9 × 4.
    assert (
        build(
            cls="sorcerer",
            level=10,
            abilities={"str": 10, "dex": 14, "con": 10, "int": 10, "wis": 10, "cha": 18},
        ).max_hp
        == 42
    )
    # Fighter 6, Con 14: 10 + 2, then 5 × (6 + 2).
    assert build(cls="fighter", level=6).max_hp == 52
    # Con 3 (−4): at least 1 hit point per level: 2 + 1 + 1.
    assert (
        build(level=3, abilities={"str": 10, "dex": 14, "con": 3, "int": 18, "wis": 12, "cha": 8}).max_hp == 4
    )


def test_c8_slots_with_bonus_spells():
    assert build().slots == (4, 4, 3, 2, None, None, None, None, None, None)
    sorcerer = build(
        cls="sorcerer", level=4, abilities={"str": 10, "dex": 14, "con": 14, "int": 10, "wis": 10, "cha": 16}
    )
    # Sorcerer 4: 6 and 3 per day, Cha 16 (+3) adds one of each; cantrips at will.
    assert sorcerer.slots[:3] == (None, 7, 4)
    low = build(level=3, abilities={"str": 10, "dex": 14, "con": 14, "int": 11, "wis": 12, "cha": 8})
    assert low.slots[:3] == (4, 2, 0)


def test_c5_spell_dc_with_spell_focus():
    wiz = build(
        feats=[
            {"id": "spell_focus", "school": "evocation"},
            {"id": "greater_spell_focus", "school": "evocation"},
        ]
    )
    assert wiz.spell_dc(3, "evocation") == 10 + 3 + 4 + 2
    assert wiz.spell_dc(3, "illusion") == 17
    assert wiz.spell_dc(0) == 14


def test_c5_saves_add_ability_and_feats():
    wiz = build(feats=[{"id": "iron_will"}, {"id": "great_fortitude"}])
    assert (wiz.fort, wiz.ref, wiz.will) == (1 + 2 + 2, 1 + 2, 4 + 1 + 2)


def test_c2_skill_totals():
    wiz = build(skills={"spellcraft": 5, "perception": 2})
    assert wiz.skill_total("spellcraft") == 5 + 4 + 3  # class skill with ranks
    assert wiz.skill_total("perception") == 2 + 1  # not a wizard class skill
    assert wiz.skill_total("knowledge_arcana") == 4  # class skill, no rank: no +3
    with pytest.raises(KeyError):
        wiz.skill_total("basket_weaving")


def test_c3_initiative_with_improved_initiative():
    assert build().initiative == 2
    assert build(feats=[{"id": "improved_initiative"}]).initiative == 6


def test_c4_armor_class_touch_and_flat_footed():
    wiz = build(feats=[{"id": "dodge"}])
    assert (wiz.ac, wiz.touch_ac, wiz.flat_footed_ac) == (13, 13, 10)
    fighter = build(
        cls="fighter",
        level=6,
        armor="breastplate",
        shield="heavy_steel_shield",
        abilities={"str": 18, "dex": 13, "con": 14, "int": 10, "wis": 12, "cha": 8},
    )
    assert (fighter.ac, fighter.touch_ac, fighter.flat_footed_ac) == (19, 11, 18)
    # Breastplate −4 and heavy shield −2, armor training 1 at 3rd: −5.
    assert fighter.armor_check_penalty == -5
    assert fighter.skill_total("acrobatics") == 1 - 5
    assert fighter.arcane_spell_failure == 40


def test_c13_speed_in_armor():
    fighter = {"cls": "fighter", "armor": "breastplate"}
    assert build(level=6, **fighter).speed == 20
    assert build(level=7, **fighter).speed == 30  # armor training 2: medium armor at full speed
    assert build().speed == 30


def test_cmb_and_cmd_with_improved_bull_rush():
    fighter = build(
        cls="fighter",
        level=6,
        abilities={"str": 18, "dex": 13, "con": 14, "int": 10, "wis": 12, "cha": 8},
        feats=[{"id": "power_attack"}, {"id": "improved_bull_rush"}],
    )
    assert fighter.cmb() == 6 + 4
    assert fighter.cmb("bull_rush") == 12
    assert fighter.cmd() == 10 + 6 + 4 + 1
    assert fighter.cmd("bull_rush") == 23


def test_c10_concentration_and_combat_casting():
    wiz = build(feats=[{"id": "combat_casting"}])
    assert wiz.concentration_bonus() == 5 + 4
    assert wiz.concentration_bonus(defensive=True) == 13
    assert build().concentration_bonus(defensive=True) == 9


def test_c4_weapon_attack_and_damage():
    fighter = build(
        cls="fighter",
        level=6,
        abilities={"str": 18, "dex": 13, "con": 14, "int": 10, "wis": 12, "cha": 8},
        feats=[{"id": "weapon_focus", "weapon": "longsword"}],
        weapons=["longsword", "longbow"],
    )
    assert fighter.attack_bonus("longsword") == 6 + 4 + 1
    assert fighter.attack_bonus("longbow") == 6 + 1
    assert fighter.damage_bonus("longsword") == 4
    assert fighter.damage_bonus("longbow") == 0
    wiz = build(abilities={"str": 14, "dex": 14, "con": 14, "int": 18, "wis": 12, "cha": 8})
    assert wiz.damage_bonus("quarterstaff") == 3  # two-handed: 1.5 × Str
    assert wiz.attack_bonus("longsword") == 2 + 2 - 4  # not proficient
    assert (wiz.melee_touch, wiz.ranged_touch) == (4, 4)


def test_c4_weapon_finesse_works_with_light_weapons_and_the_rapier():
    fencer = build(
        cls="fighter",
        level=2,
        abilities={"str": 12, "dex": 18, "con": 14, "int": 10, "wis": 12, "cha": 8},
        feats=[{"id": "weapon_finesse"}],
        weapons=["rapier", "dagger", "longsword"],
    )
    assert fencer.attack_bonus("rapier") == 2 + 4  # Dex, not Str: the feat names the rapier
    assert fencer.attack_bonus("dagger") == 2 + 4  # a light weapon
    assert fencer.attack_bonus("longsword") == 2 + 1  # neither: Str
    plain = build(
        cls="fighter",
        level=2,
        abilities={"str": 12, "dex": 18, "con": 14, "int": 10, "wis": 12, "cha": 8},
        weapons=["rapier"],
    )
    assert plain.attack_bonus("rapier") == 2 + 1  # no feat: Str


def test_c4_a_magic_weapons_enhancement_adds_to_attack_and_damage():
    fighter = build(
        cls="fighter",
        level=6,
        abilities={"str": 18, "dex": 13, "con": 14, "int": 10, "wis": 12, "cha": 8},
        weapons=["longsword", "longbow"],
        weapon_enhancements={"longsword": 2},
    )
    assert fighter.attack_bonus("longsword") == 6 + 4 + 2 and fighter.damage_bonus("longsword") == 4 + 2
    assert fighter.attack_bonus("longbow") == 6 + 1 and fighter.damage_bonus("longbow") == 0
    with pytest.raises(ValidationError) as exc:
        build(weapons=["quarterstaff"], weapon_enhancements={"dagger": 1})
    assert error_fields(exc.value) == [("weapon_enhancements",)] and "not among the weapons" in str(exc.value)
    with pytest.raises(ValidationError) as exc:
        build(weapons=["unarmed_strike"], weapon_enhancements={"unarmed_strike": 1})
    assert "cannot be enchanted" in str(exc.value)
    with pytest.raises(ValidationError):
        build(weapons=["quarterstaff"], weapon_enhancements={"quarterstaff": 6})  # +1 to +5


def test_worn_items_raise_the_numbers():
    wiz = build(
        items=[
            {"type": "worn", "item": "headband_of_vast_intelligence", "bonus": 2},
            {"type": "worn", "item": "cloak_of_resistance", "bonus": 2},
            {"type": "worn", "item": "ring_of_protection", "bonus": 1},
        ]
    )
    assert wiz.score("int") == 20
    assert wiz.spell_dc(1) == 16
    assert wiz.slots[:4] == (4, 3 + 2, 2 + 1, 1 + 1)
    assert wiz.will == 4 + 1 + 2
    assert (wiz.ac, wiz.touch_ac, wiz.flat_footed_ac) == (13, 13, 11)


def test_caster_level_and_fighter_is_no_caster():
    assert build().caster_level == 5
    fighter = build(cls="fighter")
    assert fighter.caster_level == 0 and not fighter.is_caster and fighter.casting_ability is None


def test_sheet_round_trips_through_json():
    wiz = build(
        feats=[{"id": "spell_focus", "school": "evocation"}],
        skills={"spellcraft": 5},
        prepared={1: ["magic_missile", "shield"], 3: ["fireball"]},
    )
    again = Character.model_validate_json(wiz.model_dump_json())
    assert again == wiz
    assert json.loads(json.dumps(wiz.derived()))["max_hp"] == 32


def test_character_json_schema_exports():
    schema = Character.model_json_schema()
    assert {"cls", "level", "abilities", "prepared", "known"} <= set(schema["properties"])
    assert schema["properties"]["level"]["maximum"] == 20


def test_docstring_examples_of_the_sheet_modules_hold():
    import doctest

    from mageduel import character, classes, feats, items, roster, weapons

    for module in (character, classes, feats, items, roster, weapons):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0, module.__name__
