"""C-6: hit points; nonlethal damage (equal to hp: staggered; above: unconscious); dying below 0; dead at
minus the Constitution score."""

from mageduel import roster
from mageduel.state import Damage

from tests.engine.coretools import core_duel, drive


def test_c6_hit_points_come_from_the_sheet():
    d = core_duel()
    assert d.by_id["p1"].max_hp == d.by_id["p1"].hp == roster.get("ilse").max_hp


def test_c6_nonlethal_equal_to_hp_staggers_and_above_knocks_out():
    d = core_duel()
    k = d.by_id["p2"]
    drive(d.deal_damage(Damage("p2", k.hp, lethal=False)))
    assert k.nonlethal == k.hp and k.acts() == "one-action" and k.status == "active"
    drive(d.deal_damage(Damage("p2", 1, lethal=False)))
    assert k.status == "unconscious"


def test_c6_below_zero_is_dying_and_minus_con_is_dead():
    d = core_duel()
    d.prefs[("p2", "effort")] = "never"
    k = d.by_id["p2"]
    drive(d.deal_damage(Damage("p2", k.hp + 1)))
    assert k.hp == -1 and k.status == "dying"
    drive(d.deal_damage(Damage("p2", k.ability("con") - 1)))
    assert k.hp == -k.ability("con") and k.status == "dead"


def test_c6_zero_hp_is_disabled_one_action():
    d = core_duel()
    k = d.by_id["p2"]
    drive(d.deal_damage(Damage("p2", k.hp)))
    assert k.hp == 0 and k.status == "active" and k.acts() == "one-action"
