"""The spell vocabulary and catalogue: issue 3's spells are all there in both languages, the numbers by
caster level match the SRD spell texts (values worked out by hand), and bad data is refused by field."""

import json
from collections import Counter
from importlib import resources

import pytest
from mageduel import creatures
from mageduel.spells import catalogue
from mageduel.spells.model import (
    EFFECT_KINDS,
    AttackNode,
    ChoiceNode,
    DamageNode,
    Dice,
    ImmunityNode,
    MirrorImagesNode,
    MissilesNode,
    Range,
    SaveNode,
    Scaling,
    Spell,
    SpellCatalogue,
    SummonNode,
    TieredNode,
    at_level,
    json_schema,
    walk,
)
from pydantic import ValidationError

#: Every spell issue 3 names, with its established French Pathfinder name.
ISSUE_3_SPELLS = {
    "magic_missile": "projectile magique",
    "shield": "bouclier",
    "mage_armor": "armure de mage",
    "shocking_grasp": "poigne électrique",
    "burning_hands": "mains brûlantes",
    "color_spray": "couleurs dansantes",
    "grease": "graisse",
    "ray_of_enfeeblement": "rayon affaiblissant",
    "scorching_ray": "rayon ardent",
    "glitterdust": "poussière scintillante",
    "mirror_image": "image miroir",
    "gust_of_wind": "bourrasque",
    "acid_arrow": "flèche acide",
    "fireball": "boule de feu",
    "lightning_bolt": "éclair",
    "hold_person": "immobilisation de personne",
    "haste": "rapidité",
    "slow": "lenteur",
    "dispel_magic": "dissipation de la magie",
    "fly": "vol",
    "ice_storm": "tempête de grêle",
    "dimension_door": "porte dimensionnelle",
    "stoneskin": "peau de pierre",
    "enervation": "énervation",
    "phantasmal_killer": "assassin imaginaire",
    "cone_of_cold": "cône de froid",
    "telekinesis": "télékinésie",
    "wall_of_force": "mur de force",
    "feeblemind": "débilité",
    "disintegrate": "désintégration",
    "flesh_to_stone": "pétrification",
    "greater_dispel_magic": "dissipation suprême",
    "repulsion": "répulsion",
    "chain_lightning": "chaîne d'éclairs",
    "finger_of_death": "doigt de mort",
    "polar_ray": "rayon polaire",
    "power_word_stun": "mot de pouvoir étourdissant",
    "meteor_swarm": "nuée de météores",
    "power_word_kill": "mot de pouvoir mortel",
    "summon_monster_i": "convocation de monstres I",
    "summon_monster_ii": "convocation de monstres II",
    "summon_monster_iii": "convocation de monstres III",
}


def first(spell: Spell, cls: type):
    return next(n for n in walk(spell.effects) if isinstance(n, cls))


# ---------------------------------------------------------------------------- the catalogue


@pytest.mark.parametrize(("spell_id", "french"), sorted(ISSUE_3_SPELLS.items()))
def test_every_issue_3_spell_is_in_the_catalogue_in_both_languages(spell_id, french):
    spell = catalogue.get(spell_id)
    assert spell.name.fr == french
    assert spell.name.en and spell.description.en and spell.description.fr
    assert spell.description.en != spell.description.fr


def test_catalogue_holds_at_least_40_spells_over_levels_0_to_9():
    spells = catalogue.all_spells()
    assert len(spells) >= 40
    assert set(Counter(s.level for s in spells)) == set(range(10))
    assert {"ray_of_frost", "acid_splash", "daze", "charm_person", "true_strike", "invisibility"} <= set(
        catalogue.ids()
    )


def test_levels_match_the_sorcerer_wizard_list():
    expected = {
        "magic_missile": 1,
        "scorching_ray": 2,
        "fireball": 3,
        "stoneskin": 4,
        "telekinesis": 5,
        "disintegrate": 6,
        "finger_of_death": 7,
        "polar_ray": 8,
        "meteor_swarm": 9,
        "daze": 0,
    }
    assert {k: catalogue.get(k).level for k in expected} == expected


def test_unknown_spell_is_a_key_error_naming_it():
    with pytest.raises(KeyError, match="fire_storm"):
        catalogue.get("fire_storm")


def test_the_catalogue_loaded_in_steps_is_the_file_validated_at_once(monkeypatch):
    """Issue 15: the page validates the catalogue a piece per task (``catalogue.loading``); the result is
    the very catalogue ``SpellCatalogue.model_validate_json`` makes of the file."""
    monkeypatch.setattr(catalogue, "_loaded", [])
    steps = list(catalogue.loading())
    assert steps[-1] == "catalogue" and len([s for s in steps if s.startswith("spells ")]) > 1
    # The first spell alone (its validation carries the validators' first-time costs under Pyodide), then
    # SPELLS_PER_STEP at a time, every spell once.
    pieces = [s.split()[1].split("-") for s in steps if s.startswith("spells ")]
    assert pieces[0] == ["1", "1"] and pieces[1] == ["2", str(1 + catalogue.SPELLS_PER_STEP)]
    assert [int(a) for a, _ in pieces[1:]] == [int(b) + 1 for _, b in pieces[:-1]]
    assert int(pieces[-1][1]) == len(catalogue.all_spells())
    whole = SpellCatalogue.model_validate_json(catalogue._text())
    assert catalogue.catalogue() == whole
    assert catalogue.catalogue().model_dump(mode="json") == whole.model_dump(mode="json")
    assert list(catalogue.loading()) == []  # once loaded, nothing more to do


def test_a_spells_summary_is_what_the_validated_catalogue_says():
    """What a character sheet's or an item's check reads (level, arcane, range kind) comes from the file
    without building the catalogue's models (issue 15); it must agree with them, spell by spell."""
    for spell in catalogue.all_spells():
        assert catalogue.summary(spell.id) == (spell.level, spell.arcane, spell.range.kind), spell.id
    assert len(catalogue._summaries()) == len(catalogue.all_spells())
    with pytest.raises(KeyError, match="unknown spell 'nope'"):
        catalogue.summary("nope")


def test_data_file_ships_inside_the_package():
    text = resources.files("mageduel").joinpath("data").joinpath("spells.json").read_text(encoding="utf-8")
    assert len(json.loads(text)["spells"]) == len(catalogue.all_spells())


def test_every_effect_kind_is_in_the_union():
    assert len(EFFECT_KINDS) == len(set(EFFECT_KINDS))
    used = {n.kind for s in catalogue.all_spells() for n in s.nodes()}
    assert used <= set(EFFECT_KINDS)
    assert {"attack", "save", "damage", "condition", "summon", "dispel", "slay", "forced_movement"} <= used


# ---------------------------------------------------------------------------- numbers by caster level


def test_scaling_arithmetic():
    s = Scaling(base=1, per=1, every=4, after=3, maximum=3)
    assert [s.at(cl) for cl in (1, 3, 6, 7, 10, 11, 20)] == [1, 1, 1, 2, 2, 3, 3]
    assert at_level(7, 20) == 7
    assert Scaling(per=-1, minimum=-3).at(10) == -3


def test_c13_ranges_by_caster_level():
    assert [Range(kind="close").feet_at(cl) for cl in (1, 2, 5, 10)] == [25, 30, 35, 50]
    assert [Range(kind="medium").feet_at(cl) for cl in (1, 5, 10)] == [110, 150, 200]
    assert [Range(kind="long").feet_at(cl) for cl in (1, 5, 20)] == [440, 600, 1200]
    assert Range(kind="personal").feet_at(9) == 0
    assert Range(kind="touch").feet_at(9) is None
    assert catalogue.get("repulsion").range.feet_at(12) == 120


def test_magic_missile_one_missile_plus_one_per_two_levels_beyond_first():
    missiles = first(catalogue.get("magic_missile"), MissilesNode)
    assert [at_level(missiles.count, cl) for cl in (1, 2, 3, 5, 7, 9, 11, 20)] == [1, 1, 2, 3, 4, 5, 5, 5]
    dmg = first(catalogue.get("magic_missile"), DamageNode)
    assert (dmg.dice.describe(1), dmg.type) == ("1d4+1", "force")


def test_scorching_ray_one_ray_plus_one_at_7_and_11():
    attack = first(catalogue.get("scorching_ray"), AttackNode)
    assert attack.attack == "ranged_touch"
    assert [at_level(attack.rays, cl) for cl in (3, 6, 7, 10, 11, 20)] == [1, 1, 2, 2, 3, 3]
    assert first(catalogue.get("scorching_ray"), DamageNode).dice.describe(11) == "4d6"


@pytest.mark.parametrize(
    ("spell_id", "cl", "dice"),
    [
        ("fireball", 5, "5d6"),
        ("fireball", 12, "10d6"),
        ("lightning_bolt", 20, "10d6"),
        ("burning_hands", 3, "3d4"),
        ("burning_hands", 9, "5d4"),
        ("shocking_grasp", 9, "5d6"),
        ("cone_of_cold", 13, "13d6"),
        ("cone_of_cold", 20, "15d6"),
        ("disintegrate", 13, "26d6"),
        ("disintegrate", 20, "40d6"),
        ("chain_lightning", 20, "20d6"),
        ("polar_ray", 17, "17d6"),
        ("polar_ray", 20, "20d6"),
        ("finger_of_death", 13, "130"),
    ],
)
def test_damage_dice_by_caster_level_with_caps(spell_id, cl, dice):
    assert first(catalogue.get(spell_id), DamageNode).dice.describe(cl) == dice


def test_ice_storm_splits_bludgeoning_and_cold():
    damage = [n for n in catalogue.get("ice_storm").nodes() if isinstance(n, DamageNode)]
    assert [(d.dice.describe(7), d.type) for d in damage] == [("3d6", "bludgeoning"), ("2d6", "cold")]


def test_acid_arrow_lasts_one_round_plus_one_per_three_levels_max_six_more():
    dmg = first(catalogue.get("acid_arrow"), DamageNode)
    assert [at_level(dmg.rounds, cl) for cl in (1, 3, 5, 6, 18, 20)] == [1, 2, 2, 3, 7, 7]


def test_mirror_image_1d4_plus_one_per_three_levels_max_8():
    node = first(catalogue.get("mirror_image"), MirrorImagesNode)
    assert (node.dice.describe(9), node.maximum) == ("1d4+3", 8)


def test_stoneskin_absorbs_10_per_level_up_to_150():
    node = catalogue.get("stoneskin").effects[0]
    assert (node.amount, node.bypass) == (10, "adamantine")
    assert [at_level(node.absorbs, cl) for cl in (7, 12, 15, 20)] == [70, 120, 150, 150]


def test_ray_of_enfeeblement_penalty_1d6_plus_one_per_two_levels_max_5():
    spell = catalogue.get("ray_of_enfeeblement")
    ability = next(n for n in spell.nodes() if n.kind == "ability")
    assert [ability.dice.describe(cl) for cl in (1, 2, 5, 10, 20)] == [
        "1d6",
        "1d6+1",
        "1d6+2",
        "1d6+5",
        "1d6+5",
    ]
    assert first(spell, SaveNode).on_success == "half"


def test_durations_in_rounds():
    assert catalogue.get("haste").duration.rounds_at(7) == 7
    assert catalogue.get("mage_armor").duration.rounds_at(3) == 3 * 600
    assert catalogue.get("fly").duration.rounds_at(5) == 50
    assert catalogue.get("fireball").duration.rounds_at(5) == 0


def test_color_spray_tiers_by_hit_dice():
    tiers = first(catalogue.get("color_spray"), TieredNode)
    assert tiers.measure == "hit_dice"
    assert [t.at_most for t in tiers.tiers] == [2, 4, None]
    low = tiers.tiers[0].effects[0]
    assert (low.condition, low.also, low.duration.dice.describe(1)) == (
        "unconscious",
        ("blinded", "stunned"),
        "2d4",
    )


def test_power_word_stun_tiers_by_hit_points():
    tiers = first(catalogue.get("power_word_stun"), TieredNode)
    assert [(t.at_most, t.effects[0].duration.dice.describe(1)) for t in tiers.tiers] == [
        (50, "4d4"),
        (100, "2d4"),
        (150, "1d4"),
    ]


# ---------------------------------------------------------------------------- facts the rules read


def test_md17_slaying_spells_are_marked_as_data():
    assert {s.id for s in catalogue.all_spells() if s.slays} == {
        "phantasmal_killer",
        "disintegrate",
        "flesh_to_stone",
        "finger_of_death",
        "power_word_kill",
        "cloudkill",
    }


def test_haste_and_slow_counter_each_other():
    assert catalogue.get("haste").counters == ("slow",)
    assert catalogue.get("slow").counters == ("haste",)


def test_shield_blocks_magic_missile():
    assert first(catalogue.get("shield"), ImmunityNode).spells == ("magic_missile",)


def test_du16_dispels_can_counter():
    normal = catalogue.get("dispel_magic").effects[0]
    greater = catalogue.get("greater_dispel_magic").effects[0]
    assert (normal.max_bonus, greater.max_bonus) == (10, 20)
    assert "counterspell" in normal.modes and "counterspell" in greater.modes


def test_summons_point_at_creature_lists_that_exist():
    for spell in catalogue.all_spells():
        for node in spell.nodes():
            if isinstance(node, SummonNode):
                assert creatures.for_list(node.list_level), (spell.id, node.list_level)
    options = first(catalogue.get("summon_monster_iii"), ChoiceNode).options
    assert [o.id for o in options] == ["one_third", "several_second", "many_first"]
    assert (
        catalogue.get("summon_monster_i").summons
        and catalogue.get("summon_monster_i").casting_time == "one_round"
    )


def test_md3_charm_and_compulsion_are_flagged():
    assert catalogue.get("charm_person").is_compulsion
    assert catalogue.get("hold_person").is_compulsion
    assert not catalogue.get("fireball").is_compulsion


def test_du19_du23_save_and_attack_kinds():
    assert catalogue.get("fireball").save_kinds == {"ref"}
    assert catalogue.get("phantasmal_killer").save_kinds == {"will", "fort"}
    assert catalogue.get("disintegrate").attack_kinds == {"ranged_touch"}
    assert catalogue.get("shocking_grasp").attack_kinds == {"melee_touch"}
    assert catalogue.get("magic_missile").attack_kinds == frozenset()


def test_md8_touch_and_personal_spells():
    assert catalogue.get("shocking_grasp").is_touch
    assert catalogue.get("shield").affects_only_caster
    assert not catalogue.get("fireball").affects_only_caster


def test_feeblemind_is_worse_for_arcane_casters():
    adjustments = first(catalogue.get("feeblemind"), SaveNode).adjustments
    assert [(a.value, a.when) for a in adjustments] == [(-4, "arcane_caster")]


# ---------------------------------------------------------------------------- bad data is refused


def minimal(**over):
    base = {
        "id": "test_bolt",
        "name": {"en": "Test Bolt", "fr": "Trait d'essai"},
        "description": {"en": "A test.", "fr": "Un essai."},
        "level": 1,
        "school": "evocation",
        "range": {"kind": "close"},
        "target": {"kind": "creature"},
        "duration": {"unit": "instantaneous"},
        "effects": [{"kind": "damage", "dice": {"count": 1, "die": 6}, "type": "fire"}],
    }
    base.update(over)
    return base


def locs(exc):
    return [e["loc"] for e in exc.value.errors()]


def test_minimal_spell_validates():
    assert Spell.model_validate(minimal()).deals_damage


def test_unknown_effect_kind_is_refused():
    with pytest.raises(ValidationError) as exc:
        Spell.model_validate(minimal(effects=[{"kind": "explode"}]))
    assert locs(exc)[0][:2] == ("effects", 0)


def test_typo_in_a_node_field_is_refused_by_name():
    with pytest.raises(ValidationError) as exc:
        Spell.model_validate(
            minimal(
                effects=[{"kind": "damage", "dice": {"count": 1, "die": 6}, "type": "fire", "energy": "fire"}]
            )
        )
    assert locs(exc)[0] == ("effects", 0, "damage", "energy")


def test_level_10_spell_is_refused():
    with pytest.raises(ValidationError) as exc:
        Spell.model_validate(minimal(level=10))
    assert locs(exc) == [("level",)]


def test_die_must_be_a_real_die():
    with pytest.raises(ValidationError):
        Dice(count=1, die=7)


def test_declared_save_needs_a_save_node():
    with pytest.raises(ValidationError, match="no save node uses it"):
        Spell.model_validate(minimal(save={"kind": "ref", "on_success": "half"}))


def test_partial_save_needs_its_own_effects():
    with pytest.raises(ValidationError, match="'partial' save needs 'on_save'"):
        Spell.model_validate(
            minimal(
                save={"kind": "fort", "on_success": "partial"},
                effects=[{"kind": "save", "save": "fort", "on_success": "partial"}],
            )
        )


def test_range_and_area_shapes_are_checked():
    with pytest.raises(ValidationError, match="'feet' is required"):
        Range(kind="feet")
    with pytest.raises(ValidationError, match="cylinder needs a 'height'"):
        Spell.model_validate(minimal(target={"kind": "area"}, area={"shape": "cylinder", "size": 20}))
    with pytest.raises(ValidationError, match="needs an 'area'"):
        Spell.model_validate(minimal(target={"kind": "area"}))


def test_scaling_bounds_must_be_ordered():
    with pytest.raises(ValidationError):
        Scaling(per=1, minimum=5, maximum=3)


def test_tiers_must_ascend():
    with pytest.raises(ValidationError, match="ascending"):
        TieredNode(measure="hit_points", tiers=[{"at_most": 100}, {"at_most": 50}])


def test_tiers_by_flight_share_a_bound_only_with_the_either_way_band_last():
    ok = TieredNode(measure="size", tiers=[{"at_most": "small", "flying": True}, {"at_most": "small"}])
    assert [t.flying for t in ok.tiers] == [True, None]
    with pytest.raises(ValidationError, match="either flight state"):
        TieredNode(measure="size", tiers=[{"at_most": "small"}, {"at_most": "small", "flying": True}])
    with pytest.raises(ValidationError, match="ascending"):
        TieredNode(measure="size", tiers=[{"at_most": "small", "flying": True}] * 2)


def test_gust_of_wind_blows_flyers_back_by_size_and_knocks_walkers_down():
    from mageduel.effects import spell_by_id

    save = next(e for e in spell_by_id("gust_of_wind").effects if e.kind == "save")
    bands = [(t.at_most, t.flying, [x.kind for x in t.effects]) for t in save.effects[0].tiers]
    assert bands == [
        ("tiny", True, ["forced_movement", "damage"]),
        ("tiny", None, ["forced_movement", "condition", "damage"]),  # knocked down (prone) and rolled
        ("small", True, ["forced_movement"]),
        ("small", None, ["condition"]),
        ("medium", True, ["forced_movement"]),
        ("medium", None, ["forced_movement"]),
    ]


def test_catalogue_refuses_duplicates_and_one_way_counters():
    one = minimal()
    with pytest.raises(ValidationError, match="duplicate spell ids: test_bolt"):
        SpellCatalogue.model_validate({"spells": [one, one]})
    other = minimal(id="other_bolt")
    with pytest.raises(ValidationError, match="not the other way round"):
        SpellCatalogue.model_validate({"spells": [minimal(counters=["other_bolt"]), other]})
    with pytest.raises(ValidationError, match="unknown spell 'nothing'"):
        SpellCatalogue.model_validate({"spells": [minimal(counters=["nothing"])]})


def test_json_schema_export():
    schema = json_schema()
    text = json.dumps(schema)
    assert "$defs" in schema and "spells" in schema["properties"]
    for kind in ("AttackNode", "SaveNode", "SlayNode", "SummonNode", "DispelNode"):
        assert kind in schema["$defs"]
    assert len(text) > 10_000


def test_catalogue_round_trips_through_json():
    cat = catalogue.catalogue()
    assert SpellCatalogue.model_validate_json(cat.model_dump_json()) == cat


def test_docstring_examples_of_the_spell_modules_hold():
    import doctest

    from mageduel import creatures as creature_module
    from mageduel.spells import model

    for module in (model, catalogue, creature_module):
        assert doctest.testmod(module).failed == 0, module.__name__


def test_every_special_tag_is_documented_for_the_resolver():
    used = {t for s in catalogue.all_spells() for t in s.special}
    documented = {part.split("``")[0] for part in catalogue.__doc__.split("- ``")[1:]}
    documented |= {"slow_counters_haste"}  # listed on the same line as haste_counters_slow
    assert used <= documented, sorted(used - documented)
    assert documented <= used, sorted(documented - used)
