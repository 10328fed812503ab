"""C-4: attack rolls against AC / touch AC / flat-footed AC; critical threats confirmed by a second roll."""

from mageduel.conditions import Condition

from tests.engine.coretools import core_duel, rolls, run


def _attack(dice):
    d = core_duel(dice=[15, 5] + dice)
    run(d, "p1: attack quarterstaff @p2", "p2: pass")
    return d


def test_c4_critical_threat_needs_confirmation():
    d = _attack([20, 1, 4])  # threat, confirmation fails, then 1d6 damage
    conf = rolls(d, "critical confirmation")
    assert conf and conf[0]["outcome"] == "miss"
    dmg = [e for e in d.events if e.kind == "damage"][-1]
    assert dmg.data["critical"] is False
    assert dmg.data["amount"] == max(1, 4 + d.by_id["p1"].mod("str"))


def test_c4_confirmed_critical_doubles_the_dice():
    d = _attack([20, 19, 4, 5])  # threat, confirmed: 2d6 for a x2 weapon
    dmg = [e for e in d.events if e.kind == "damage"][-1]
    assert dmg.data["critical"] is True
    assert dmg.data["amount"] == max(1, 4 + 5 + 2 * d.by_id["p1"].mod("str"))


def test_c4_weapon_damage_roll_shows_the_strength_it_adds():
    # Found in the log: "quarterstaff damage: 1d6 5 = 5", then "takes 4 damage": the -1 Str was in the
    # damage but not in the roll's line.
    d = _attack([18, 5])  # a hit, then 1d6
    r = rolls(d, "quarterstaff damage")[0]
    strength = d.by_id["p1"].mod("str")
    assert strength != 0 and r["modifiers"] == [["Str", strength]]
    assert r["natural"] == 5 and r["total"] == 5 + strength
    assert [e for e in d.events if e.kind == "damage"][-1].data["amount"] == max(1, r["total"])


def test_c4_confirmed_critical_multiplies_every_damage_bonus():
    # "Roll your damage more than once, with all your usual bonuses": the weapon's own bonus too (a magic
    # weapon's enhancement, a two-handed weapon's extra half Strength), not only Strength.
    from dataclasses import replace

    d = core_duel(dice=[15, 5, 20, 19, 4, 5])
    p1 = d.by_id["p1"]
    p1.weapons = [replace(w, damage_bonus=2) if w.id == "quarterstaff" else w for w in p1.weapons]
    run(d, "p1: attack quarterstaff @p2", "p2: pass")
    strength = p1.mod("str")
    r = rolls(d, "quarterstaff damage")[0]
    assert r["modifiers"] == [["Str", 2 * strength], ["weapon", 4]]
    assert r["total"] == 4 + 5 + 2 * strength + 4
    assert [e for e in d.events if e.kind == "damage"][-1].data["amount"] == r["total"]


def test_c4_attack_roll_is_against_ac_with_bab_and_strength():
    d = _attack([12, 3])
    r = rolls(d, "attack with quarterstaff")[0]
    p1, p2 = d.by_id["p1"], d.by_id["p2"]
    mods = dict((n, v) for n, v in r["modifiers"])
    assert mods["BAB"] == p1.bab and mods["Str"] == p1.mod("str")
    assert r["against"] == "AC" and r["target"] == p2.ac()


def test_c4_rays_are_against_touch_ac():
    d = core_duel(dice=[15, 5, 10, 2, 3, 4, 5, 6, 7, 8], pos_b=(20.0, 0.0))
    run(d, "p1: cast scorching_ray @p2")
    while d.pending is not None and d.pending.player == "p2":
        d.apply("p2", "pass")
    r = rolls(d, "ranged touch attack")[0]
    assert r["against"] == "touch AC" and r["target"] == d.by_id["p2"].ac("touch")


def test_c4_a_target_that_loses_dex_is_hit_against_flat_footed_ac():
    d = core_duel(dice=[15, 5, 10, 3])
    d.by_id["p2"].conditions.append(Condition("stunned", rounds=3, tick_on="p2"))
    run(d, "p1: attack quarterstaff @p2")
    r = rolls(d, "attack with quarterstaff")[0]
    assert r["against"] == "flat-footed AC" and r["target"] == d.by_id["p2"].ac("flat-footed")


def _concealed(dice, spell_id):
    from mageduel.spells.catalogue import get

    from tests.engine.coretools import resolve_nodes

    d = core_duel(dice=[15, 5] + dice)
    resolve_nodes(d, "p2", "p2", spell_id, get(spell_id).effects)
    return d


def test_c4_blur_gives_attacks_against_the_subject_a_20_percent_miss_chance():
    d = _concealed([19, 20], "blur")  # the attack hits, d100 20: missed all the same
    run(d, "p1: attack quarterstaff @p2", "p2: pass")
    mc = [e.data for e in d.events if e.kind == "miss-chance"]
    assert mc == [{"roll": 20, "chance": 20, "hit": False}]
    assert rolls(d, "miss chance")[0]["natural"] == 20
    assert not any(e.kind == "damage" for e in d.events)
    d = _concealed([19, 21, 3], "blur")  # d100 21: the hit stands
    run(d, "p1: attack quarterstaff @p2", "p2: pass")
    assert [e.data["hit"] for e in d.events if e.kind == "miss-chance"] == [True]
    assert any(e.kind == "damage" for e in d.events)


def test_c4_displacement_gives_rays_a_50_percent_miss_chance():
    d = _concealed([19, 50], "displacement")
    d.by_id["p2"].pos = (20.0, 0.0, 0.0)
    run(d, "p1: cast scorching_ray @p2")
    while d.pending is not None and d.pending.player == "p2":
        d.apply("p2", "pass")
    assert [e.data for e in d.events if e.kind == "miss-chance"] == [{"roll": 50, "chance": 50, "hit": False}]
    assert not any(e.kind == "damage" for e in d.events)


def test_c4_true_strike_ignores_concealment():
    from mageduel.spells.catalogue import get

    from tests.engine.coretools import resolve_nodes

    d = _concealed([2, 3], "displacement")  # 2 + 20 insight hits; no d100 is rolled
    resolve_nodes(d, "p1", "p1", "true_strike", get("true_strike").effects)
    run(d, "p1: attack quarterstaff @p2", "p2: pass")
    assert not any(e.kind == "miss-chance" for e in d.events)
    assert any(e.kind == "damage" for e in d.events)
