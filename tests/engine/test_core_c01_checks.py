"""C-1: d20 + modifiers against a DC; natural 20 and 1 are automatic only for attack rolls and saves."""

from mageduel import checks
from mageduel.events import RollPurpose

from tests.engine.coretools import core_duel, drive


def test_c1_check_meets_or_beats_dc():
    assert checks.check_succeeds(15, 15) and not checks.check_succeeds(14, 15)


def test_c1_natural_20_and_1_are_automatic_for_attacks_and_saves():
    assert checks.attack_hits(20, 0, 99) and not checks.attack_hits(1, 99, 2)
    assert checks.save_succeeds(20, 0, 99) and not checks.save_succeeds(1, 99, 2)


def test_c1_natural_20_is_not_automatic_for_a_check():
    d = core_duel(dice=[15, 5, 20])
    res = drive(d.check("p1", "a plain check", [("penalty", -10)], 15, code=RollPurpose.RITE_CHECK))
    assert res.natural == 20 and res.total == 10 and not res.success
    ev = d.events[-1]
    assert ev.kind == "roll" and ev.data["outcome"] == "failure" and ev.data["against"] == "DC"
    assert ev.data["modifiers"] == [["penalty", -10]] and ev.data["target"] == 15


def test_c1_a_save_on_natural_1_fails_in_the_log():
    d = core_duel(dice=[15, 5, 1])
    res = drive(d.check("p1", "save", [("base", 30)], 5, kind="save", code=RollPurpose.SAVE))
    assert not res.success and d.events[-1].data["outcome"] == "failure"
