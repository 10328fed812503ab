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
