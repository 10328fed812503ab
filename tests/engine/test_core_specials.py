"""Spell.special tags the resolver handles in code (documented in spells/catalogue.py)."""

import pytest
from mageduel import effects
from mageduel.conditions import Condition
from mageduel.spells.catalogue import get
from mageduel.state import Casting

from tests.engine.coretools import core_duel, drive, resolve_nodes, rolls, run


def _save_mods(d, spell_id, node, target="p2", struck=()):
    sp = get(spell_id)
    c = d.by_id["p1"]
    cast = Casting("p1", sp, sp.level, [target], None)
    cast.struck.update(struck)
    drive(effects.resolve(d, effects.Ctx(cast, c, sp, c.cl(), 15), (node,), target))
    return dict(rolls(d, "save against")[-1]["modifiers"])


def test_c5_meteor_swarm_a_creature_struck_by_the_sphere_saves_at_minus_4():
    save = get("meteor_swarm").effects[0].effects[1].effects[0]
    assert "struck by the sphere" not in _save_mods(core_duel(pos_b=(20.0, 0.0)), "meteor_swarm", save)
    mods = _save_mods(core_duel(pos_b=(20.0, 0.0)), "meteor_swarm", save, struck={"p2"})
    assert mods["struck by the sphere"] == -4


def test_c5_chain_lightning_secondary_targets_save_at_plus_2():
    save = get("chain_lightning").effects[0].secondary_effects[0]
    assert _save_mods(core_duel(pos_b=(20.0, 0.0)), "chain_lightning", save)["secondary target"] == 2
    primary = get("chain_lightning").effects[0].effects[0]
    assert "secondary target" not in _save_mods(core_duel(pos_b=(20.0, 0.0)), "chain_lightning", primary)


def test_c5_charm_person_plus_5_when_the_caster_side_threatens_the_target():
    save = get("charm_person").effects[0]
    assert _save_mods(core_duel(), "charm_person", save)["threatened by the caster's side"] == 5  # 5 ft
    assert "threatened by the caster's side" not in _save_mods(
        core_duel(pos_b=(20.0, 0.0)), "charm_person", save
    )


def test_c11_daze_leaves_its_target_immune_to_daze_for_a_minute():
    d = core_duel(pos_b=(20.0, 0.0))
    resolve_nodes(d, "p1", "p2", "daze", get("daze").effects[0].effects[0].tiers[0].effects)
    k = d.by_id["p2"]
    assert k.has("dazed")
    immune = next(x for x in k.conditions if x.name == "immune to daze")
    assert immune.rounds == 10
    n = len(d.events)
    resolve_nodes(d, "p1", "p2", "daze", get("daze").effects)
    assert [e.kind for e in d.events[n:]] == ["immune"]


def test_c8_feeblemind_leaves_a_caster_unable_to_cast():
    d = core_duel(pos_b=(20.0, 0.0))
    k = d.by_id["p2"]
    assert k.castable()
    resolve_nodes(d, "p1", "p2", "feeblemind", get("feeblemind").effects[0].effects)
    assert k.ability(k.casting_ability) == 1 and k.castable() == []
    from mageduel.actions import Budget, turn_options

    ids = [o.id for o in turn_options(d, k, Budget())]
    assert not any(i.startswith("cast ") for i in ids)  # a potion can still be drunk
    assert any(i.startswith("use ") for i in ids)


def test_c8_a_casting_ability_lowered_below_10_plus_level_forbids_that_level():
    d = core_duel(pos_b=(20.0, 0.0))
    k = d.by_id["p2"]
    score = k.ability(k.casting_ability)
    k.ability_damage[k.casting_ability] = score - 11  # 11: cantrips and 1st level only
    assert {lvl for _, lvl in k.castable()} == {0, 1}


def _spells_on(k, n):
    for i in range(n):
        k.conditions.append(Condition(f"s{i}", 10, "p2", ["shield", "mage_armor", "blur"][i], data={"cl": 1}))


def test_c12_greater_dispel_ends_one_spell_per_four_caster_levels():
    d = core_duel(dice=[15, 5, 19, 19, 19], pos_b=(20.0, 0.0))
    k = d.by_id["p2"]
    _spells_on(k, 3)
    sp = get("greater_dispel_magic")
    c = d.by_id["p1"]
    drive(effects.resolve(d, effects.Ctx(Casting("p1", sp, 6, ["p2"], None), c, sp, 8, 16), sp.effects, "p2"))
    assert len(rolls(d, "dispel check")) == 2 and len(k.conditions) == 1  # CL 8: two spells


def test_c12_haste_dispels_slow_and_is_spent_doing_so():
    d = core_duel(pos_b=(20.0, 0.0))
    resolve_nodes(d, "p1", "p2", "slow", get("slow").effects[0].effects)
    k = d.by_id["p2"]
    assert k.has("staggered")
    resolve_nodes(d, "p1", "p2", "haste", get("haste").effects)
    assert k.conditions == [] and not k.has("staggered")


def test_c4_a_near_miss_still_destroys_a_mirror_image():
    d = core_duel()
    p1, p2 = d.by_id["p1"], d.by_id["p2"]
    mods = sum(v for _, v in p1.attack_parts("melee"))
    d2 = core_duel(dice=[15, 5, p2.ac() - 3 - mods])  # misses by 3
    d2.by_id["p2"].mirror_images = 3
    run(d2, "p1: attack quarterstaff @p2", "p2: pass")
    assert d2.by_id["p2"].mirror_images == 2
    assert [e.data for e in d2.events if e.kind == "image-destroyed"] == [{"left": 2, "near_miss": True}]
    d3 = core_duel(dice=[15, 5, p2.ac() - 6 - mods])  # misses by 6: the images stay
    d3.by_id["p2"].mirror_images = 3
    run(d3, "p1: attack quarterstaff @p2", "p2: pass")
    assert d3.by_id["p2"].mirror_images == 3


def test_c12_greater_dispel_magic_counters_at_plus_4():
    from mageduel.duel_counterspell import resolve_counter
    from mageduel.state import Option

    d = core_duel(a="aurelian", b="corvin", dice=[15, 5, 2], pos_b=(30.0, 0.0))
    sp = get("fireball")
    cast = Casting("p1", sp, 3, [], (30.0, 0.0, 0.0))
    opt = Option(
        "react md-counter greater_dispel_magic slot6",
        "md-counter",
        {"spell": "greater_dispel_magic", "slot": 6},
    )
    drive(resolve_counter(d, d.by_id["p2"], cast, opt))
    mods = dict(rolls(d, "dispel check")[0]["modifiers"])
    assert mods["greater dispel counter"] == 4


# --- the spells' special rules that had no effect in the engine -------------------------------------------


def _play(data, plan, rolls, until):
    from tests.rules.rules_kit import Driver

    d = Driver(data, plan=plan, rolls=rolls)
    d.run(until=until)
    return d


def test_c4_shocking_grasp_gets_plus_3_against_metal_armor():
    from tests.rules.rules_kit import casting, scenario

    def touch_mods(foe: str) -> dict:
        d = _play(
            scenario("kael", foe, kind="duel", positions=[(0, 0), (0, 5)]),
            [("p1", casting("shocking_grasp", "p2"))],
            [("initiative", 20)],
            lambda du: du.turn_of == "p2" or du.outcome is not None,
        )
        (roll,) = [e for e in d.events("roll") if e.data["purpose"].startswith("shocking_grasp:")]
        return dict(roll.data["modifiers"])

    assert touch_mods("garrick").get("metal armor") == 3  # a breastplate
    assert "metal armor" not in touch_mods("ilse")


def test_c11_color_spray_leaves_a_sightless_creature_unaffected():
    from tests.rules.rules_kit import casting, scenario

    data = scenario("tamsin", "bram", kind="duel", positions=[(0, 0), (0, 10)])
    data["participants"][1]["spells_on"] = [{"spell": "glitterdust", "caster": "p1", "rounds": 5}]
    d = _play(
        data,
        [("p1", casting("color_spray", "p2"))],
        [("initiative", 20)],
        lambda du: du.turn_of == "p2" or du.outcome is not None,
    )
    (un,) = d.events("unaffected")
    assert un.actor == "p2" and un.data["why"] == "sightless"
    assert not [e for e in d.events("roll") if e.actor == "p2" and "save" in e.data["purpose"]]


def test_c2_glitterdust_covers_even_a_creature_that_saves_minus_40_stealth():
    from tests.rules.rules_kit import casting, scenario

    d = _play(
        scenario("ilse", "kael", kind="duel"),
        [("p1", casting("glitterdust", "p2"))],
        [("initiative", 20), ("will save", 20)],
        lambda du: du.turn_of == "p2" or du.outcome is not None,
    )
    kael = d.duel.by_id["p2"]
    assert not kael.has("blinded") and ("glitterdust", -40) in kael.skill_parts("stealth")


def _sleeper_sheet() -> dict:
    from mageduel import roster

    sheet = roster.get("tamsin").model_dump(mode="json")
    sheet["prepared"]["1"] = ["sleep", "color_spray"]
    return sheet


def test_c11_sleep_takes_4_hit_dice_in_all_the_fewest_first():
    """Two 1-HD Brams and a 3-HD Odile stand in the burst: the Brams use 2 of the 4 Hit Dice; the 2 left
    do not reach Odile's 3, and are wasted."""
    from tests.rules.rules_kit import casting, scenario

    data = scenario(
        "tamsin",
        "bram",
        "odile",
        "bram",
        kind="duel",
        sides=["a", "b", "b", "b"],
        positions=[(0, 0), (40, 0), (42, 0), (40, 3)],
    )
    data["participants"][0] = {"id": "p1", "character": _sleeper_sheet(), "side": "a", "position": [0, 0]}
    d = _play(
        data,
        [("p1", casting("sleep", "p2"))],
        [("initiative", 20), ("will save", 1), ("will save", 1), ("will save", 1)],
        lambda du: any(e.kind == "spell" for e in du.events) and du.turn_of != "p1" or du.outcome is not None,
    )
    asleep = sorted(e.actor for e in d.events("condition") if e.data["condition"] == "asleep")
    assert asleep == ["p2", "p4"]
    assert not [e for e in d.events("roll") if e.actor == "p3" and "save" in e.data["purpose"]]


def test_c11_a_sleeping_ally_may_be_woken_with_a_slap():
    from tests.rules.rules_kit import scenario

    data = scenario(
        "ilse", "odile", "kael", kind="duel", sides=["a", "a", "b"], positions=[(0, 0), (0, 4), (60, 0)]
    )
    data["participants"][1]["spells_on"] = [{"spell": "sleep", "caster": "p3"}]
    d = _play(
        data, [], [("initiative", 20)], lambda du: du.pending.player == "p1" and du.pending.kind == "turn"
    )
    assert "wake @p2" in d.duel.pending.option_ids
    d.duel.apply("p1", "wake @p2")
    assert not d.duel.by_id["p2"].has("asleep")
    assert [e.data["why"] for e in d.events("condition-ends") if e.actor == "p2"] == ["woken by a slap"]


def _creature_in(d, cid: str, creature_id: str, **changes):
    """Put a creature of the catalogue (with ``changes``) in duel ``d`` as ``cid``, on Kael's side."""
    from mageduel import creatures
    from mageduel.character_adapter import combatant_from_creature

    cr = creatures.get(creature_id).model_copy(update=changes)
    c = combatant_from_creature(cr, cid, d.by_id["p2"].side, "p2")
    c.pos = (10.0, 0.0, 0.0)
    d.participants.append(c)
    d.by_id[cid] = c
    return c


def test_c6_horrid_wilting_takes_d8s_from_a_water_elemental():
    d = core_duel(a="aurelian", dice=[15, 5] + [8] * 40)
    el = _creature_in(d, "w1", "small_water_elemental")
    sp = get("horrid_wilting")
    resolve_nodes(d, "p1", "w1", "horrid_wilting", sp.effects[0].effects)  # the failed-save branch
    (roll,) = rolls(d, "horrid_wilting damage")
    assert roll["die"] == "20d8" and el.hp == el.max_hp - 20 * 8
    d2 = core_duel(a="aurelian", dice=[15, 5] + [6] * 40)
    resolve_nodes(d2, "p1", "p2", "horrid_wilting", sp.effects[0].effects)
    assert rolls(d2, "horrid_wilting damage")[0]["die"] == "20d6"


def test_c6_enervation_gives_an_undead_temporary_hit_points_instead_of_negative_levels():
    d = core_duel(a="aurelian", dice=[15, 5, 3])
    ghoul = _creature_in(d, "u1", "dire_rat", creature_type="undead")
    sp = get("enervation")
    resolve_nodes(d, "p1", "u1", "enervation", sp.effects[0].on_hit)
    assert ghoul.negative_levels == 0 and ghoul.temp_hp == 15


def test_c13_gust_of_wind_rolls_a_tiny_walker_1d4_x_10_feet_with_1d4_nonlethal_per_10_feet():
    # initiative 15, 5; the rat's Fortitude save 1 (fails); rolled 3 x 10 feet; 3d4 (4+4+4) nonlethal.
    d = core_duel(b="kael", dice=[15, 5, 1, 3, 4, 4, 4], pos_b=(40.0, 0.0))
    rat = _creature_in(d, "r1", "dire_rat", size="tiny")
    rat.pos = (10.0, 0.0, 0.0)
    rat.effort_used = True  # no duel effort to ask about (DU-18)
    resolve_nodes(d, "p1", "r1", "gust_of_wind", get("gust_of_wind").effects)
    (dmg,) = rolls(d, "gust_of_wind damage")
    assert dmg["die"] == "3d4" and rat.nonlethal == 12 and rat.has("prone")
    assert round(rat.pos[0] - 10.0) == 30


def test_c13_gust_of_wind_puts_minus_4_on_a_flyer_s_fly_checks_save_or_not():
    d = core_duel(dice=[15, 5, 20], pos_b=(10.0, 0.0))
    kael = d.by_id["p2"]
    kael.flying = True
    resolve_nodes(d, "p1", "p2", "gust_of_wind", get("gust_of_wind").effects)
    assert ("gust_of_wind", -4) in kael.skill_parts("fly")
    ilse = d.by_id["p1"]
    assert ("gust_of_wind", -4) not in ilse.skill_parts("fly")


def test_c13_disintegrate_destroys_a_wall_of_force_at_once():
    from tests.rules.rules_kit import Driver, casting, scenario

    d = Driver(
        scenario("corvin", "aurelian", kind="duel", positions=[(0, 0), (60, 0)]),
        plan=[("p1", casting("wall_of_force"))],
        rolls=[("initiative", 20)],
    )
    d.run(until=lambda du: du.pending.player == "p2" and du.pending.kind == "turn")
    assert d.events("wall") and "cast disintegrate @wall1" in d.duel.pending.option_ids
    d.duel.apply("p2", "cast disintegrate @wall1")
    d.run(until=lambda du: du.turn_of == "p1" or du.outcome is not None)
    (gone,) = d.events("wall-destroyed")
    assert gone.data == {"spell": "wall_of_force", "by": "disintegrate", "owner": "p1"}
    assert not [c for c in d.duel.by_id["p1"].conditions if c.source == "wall_of_force"]
    assert not [e for e in d.events("damage") if e.data.get("spell") == "disintegrate"]


def test_c9_delayed_blast_fireball_may_wait_up_to_5_rounds_then_bursts_on_the_caster_s_turn():
    from tests.rules.rules_kit import Driver, casting, scenario

    d = Driver(
        scenario("corvin", "aurelian", kind="duel", positions=[(0, 0), (60, 0)]),
        plan=[("p1", casting("delayed_blast_fireball", "p2")), ("p1", "choose delay-2")],
        rolls=[("initiative", 20)],
    )
    d.run(
        until=lambda du: (
            du.outcome is not None
            or (du.round == 3 and du.pending.kind == "turn" and du.pending.player == "p1")
        )
    )
    (boom,) = d.events("detonates")
    assert boom.round == 3 and boom.data["point"] == [60.0, 0.0, 0.0]
    fire = [e for e in d.events("damage") if e.data.get("spell") == "delayed_blast_fireball"]
    assert fire and all(e.round == 3 for e in fire)


def test_c9_delayed_blast_fireball_offers_now_or_1_to_5_rounds():
    from tests.rules.rules_kit import Driver, casting, scenario

    d = Driver(
        scenario("corvin", "aurelian", kind="duel", positions=[(0, 0), (60, 0)]),
        plan=[("p1", casting("delayed_blast_fireball", "p2"))],
        rolls=[("initiative", 20)],
    )
    d.run(until=lambda du: du.pending.kind == "choose")
    assert d.duel.pending.option_ids == [f"choose delay-{n}" for n in range(6)]


def test_c12_greater_dispel_magic_s_area_version_is_a_20_foot_burst_at_any_point():
    from tests.rules.rules_kit import Driver, scenario

    data = scenario("corvin", "aurelian", kind="duel", positions=[(0, 0), (60, 0)])
    data["participants"][1]["spells_on"] = [{"spell": "haste", "caster": "p2", "rounds": 20}]
    d = Driver(
        data, plan=[("p1", "cast greater_dispel_magic @70,0")], rolls=[("initiative", 20), ("dispel", 20)]
    )
    d.run(until=lambda du: du.turn_of == "p2" or du.outcome is not None)
    (spell,) = d.events("spell")
    assert spell.data["spell"] == "greater_dispel_magic" and spell.data["point"] == [70.0, 0.0, 0.0]
    assert not [c for c in d.duel.by_id["p2"].conditions if c.source == "haste"]
    assert [e.data["why"] for e in d.events("condition-ends") if e.actor == "p2"][0] == "dispelled"


def _terrain_duel(spell: str, dice: list[int], at: float):
    """Corvin casts ``spell`` at Kael, ``at`` feet away (Kael neither identifies it nor dodges), and ends
    his turn: Kael's turn is next."""
    d = core_duel(a="corvin", b="kael", dice=[15, 5] + dice + [3] * 40, pos_b=(at, 0.0))
    run(d, f"p1: cast {spell} @p2", "p2: pass", "p2: pass", "p1: end")
    assert d.pending.player == "p2" and d.pending.kind == "turn"
    return d


def test_c13_ice_storm_difficult_terrain_makes_moving_through_it_cost_double():
    # Kael stands at the centre of the storm (20-ft radius): walking 20 feet out of
    # it costs 40, so his 30 feet of speed carry him 15 feet toward Corvin (to x=45), not 30 (x=30); and no
    # 5-foot step in difficult terrain.
    from mageduel.state import IllegalDecision
    from mageduel.terrain import hampering

    d = _terrain_duel("ice_storm", [], 60.0)
    ids = d.pending.option_ids
    assert "move 45,0" in ids and "move 30,0" not in ids
    assert not any(i.startswith("step") for i in ids)
    with pytest.raises(IllegalDecision):
        d.apply("p2", "move 30,0")
    d.apply("p2", "move 47,0")  # any point within the cost (13 feet: 26), by the parametric move
    assert d.by_id["p2"].pos == (47.0, 0.0, 0.0)
    ground = next(x for x in d.by_id["p1"].conditions if x.stat == "terrain")
    assert ground.source == "ice_storm" and ground.rounds == 13  # 1 round per level
    d.by_id["p2"].flying = True  # flying creatures are not hampered by difficult terrain
    assert hampering(d, d.by_id["p2"]) == []


def test_c13_grease_walking_needs_a_dc_10_acrobatics_check_and_a_failure_stops_and_may_fell():
    # Reflex 18 against the grease as cast (Kael stays up). Then Kael walks out: the 5 greased
    # feet cost 10, so his 30 feet still reach x=5. Acrobatics natural 6 + 2 = 8 fails DC 10 (by less than
    # 5): he cannot move this round, stays put, and saves against falling — natural 2 fails: prone.
    d = _terrain_duel("grease", [18, 6, 2], 30.0)
    assert "move 5,0" in d.pending.option_ids
    assert not any(i.startswith("step") for i in d.pending.option_ids)
    run(d, "p2: move 5,0")
    (acro,) = rolls(d, "walk on grease")
    assert acro["code"] == "acrobatics" and acro["target"] == 10 and acro["outcome"] == "failure"
    kael = d.by_id["p2"]
    assert kael.pos == (30.0, 0.0, 0.0) and kael.has("prone")
    assert rolls(d, "falling on grease")[0]["outcome"] == "failure"
    assert not any(i.startswith(("move", "step")) for i in d.pending.option_ids)
    # C-11: standing up is a move action (not a walk, so the slip does not stop it); Corvin is too far to
    # make an attack of opportunity.
    run(d, "p2: stand")
    assert not kael.has("prone") and "stand" not in d.pending.option_ids
    # Natural 12 + 2 = 14: he walks on, at half speed through the grease (counted in the cost).
    d2 = _terrain_duel("grease", [18, 12], 30.0)
    run(d2, "p2: move 5,0")
    assert d2.by_id["p2"].pos == (5.0, 0.0, 0.0) and not d2.by_id["p2"].has("prone")
    # Natural 3 + 2 = 5 fails by 5: he falls, no save.
    d3 = _terrain_duel("grease", [18, 3], 30.0)
    run(d3, "p2: move 5,0")
    assert d3.by_id["p2"].has("prone") and not rolls(d3, "falling on grease")


def test_md22_telekinesis_weight_limits_what_it_can_move_or_hurl():
    # 25 lb. per caster level, at most 375 lb.: Corvin (CL 13) moves up to 325 lb. Kael, at the typical
    # 175 lb. of a Medium character, can be hurled; the same Kael at 400 lb. (a sheet's weight) cannot be
    # moved or hurled — no save is rolled, nothing moves — but the combat manoeuvre version, which the
    # spell's text resolves "as normal" with no weight limit, is still offered against him.
    from mageduel import roster, weight
    from mageduel.compose import combat
    from mageduel.dice import Scripted
    from mageduel.hooks import Hooks
    from mageduel.scenario import Participant, Scenario
    from mageduel.state import Duel

    assert weight.limit_for(13) == 325 and weight.limit_for(40) == 375
    light = core_duel(a="corvin", b="kael", dice=[15, 5], pos_b=(30.0, 0.0))
    assert "cast telekinesis @p2" in light.pending.option_ids
    heavy_kael = roster.get("kael").model_copy(update={"weight": 400.0})

    def heavy_duel():
        sc = Scenario(
            kind="duel",
            participants=[
                Participant(id="p1", roster="corvin", position=(0.0, 0.0)),
                Participant(id="p2", character=heavy_kael, position=(30.0, 0.0)),
            ],
        )
        return Duel(sc, Scripted([15, 5] + [1] * 20), combat(), Hooks())

    d = heavy_duel()
    assert weight.of(d.by_id["p2"]) == 400.0
    assert "cast telekinesis @p2" in d.pending.option_ids  # a target still: of the combat manoeuvre
    sp = get("telekinesis")
    c = d.by_id["p1"]
    ctx = effects.Ctx(
        Casting("p1", sp, sp.level, ["p2"], None), c, sp, c.cl(), c.spell_dc(sp.level, sp.school)
    )
    drive(effects.resolve(d, ctx, sp.effects, "p2"))  # the manoeuvre, the one version left: not asked
    assert ctx.cast.choice == "bull_rush" and not any(e.kind == "unaffected" for e in d.events)
    assert [e.data["code"] for e in d.events if e.kind == "roll"][-1] == "spell-maneuver"
    for version in ("sustained_force", "violent_thrust"):  # a version chosen before (one choice a cast)
        d = heavy_duel()
        ctx = effects.Ctx(
            Casting("p1", sp, sp.level, ["p2"], None),
            c := d.by_id["p1"],
            sp,
            c.cl(),
            c.spell_dc(sp.level, sp.school),
        )
        ctx.cast.choice = version
        before = len(d.events)  # the roll for initiative is older
        drive(effects.resolve(d, ctx, sp.effects, "p2"))
        new = d.events[before:]
        assert d.by_id["p2"].pos == (30.0, 0.0, 0.0)
        assert not any(e.kind in ("pushed", "roll") for e in new)  # no save, no manoeuvre
        (e,) = [e for e in new if e.kind == "unaffected"]
        assert e.data["why"] == "too heavy" and e.data["limit"] == 325
    # A summoned pony (600 lb., the Bestiary's weight) is beyond even a 20th-level caster's 375 lb.
    pony = _creature_in(light, "s1", "pony")
    assert weight.of(pony) == 600 and not weight.movable(pony, 20)


def test_c11_a_prone_creature_only_crawls_5_feet_and_takes_no_step():
    # Kael, knocked prone on open ground 60 feet from Corvin, may crawl 5 feet as a move action (his 30 feet
    # of speed do not count) or stand up; a 5-foot step is not a crawl.
    from mageduel.state import IllegalDecision

    d = core_duel(a="corvin", b="kael", dice=[15, 5] + [3] * 40, pos_b=(60.0, 0.0))
    run(d, "p1: end")
    kael = d.by_id["p2"]
    d.add_condition("p2", Condition("prone", source="test", clauses=("C-11",)))
    d.apply("p2", "end")
    run(d, "p1: end")
    ids = d.pending.option_ids
    assert "stand" in ids and "move 55,0" in ids
    assert "move 50,0" not in ids and not any(i.startswith("step") for i in ids)
    with pytest.raises(IllegalDecision):
        d.apply("p2", "move 40,0")
    d.apply("p2", "move 56,0")  # any point within the 5-foot crawl
    assert kael.pos == (56.0, 0.0, 0.0) and kael.has("prone")
