"""C-1: d20 + modifiers against a DC; natural 20 and 1 are automatic only for attack rolls and saves."""

from hypothesis import given, settings
from hypothesis import strategies as st
from mageduel import Check, check_chance
from mageduel.events import RollPurpose

from tests.engine.coretools import core_duel, drive


def test_c1_check_meets_or_beats_dc():
    check = Check((("skill", 5),), 15)
    assert check.succeeds(10) and not check.succeeds(9)
    assert check_chance(check) == 0.55  # 10 to 20 on the d20


def test_c1_natural_20_and_1_are_automatic_for_attacks_and_saves():
    for kind in ("attack", "save"):
        assert Check((("bonus", -99),), 99, kind=kind).succeeds(20)
        assert not Check((("bonus", 99),), 2, kind=kind).succeeds(1)
        assert check_chance(Check((("bonus", -99),), 99, kind=kind)) == 0.05
        assert check_chance(Check((("bonus", 99),), 2, kind=kind)) == 0.95
    assert check_chance(Check((("bonus", -99),), 99)) == 0.0
    assert check_chance(Check((("bonus", 99),), 2)) == 1.0


def test_c1_a_check_without_a_dc_always_succeeds():
    assert Check((("Dex", 2),), None, code="initiative").succeeds(1)


@settings(deadline=None, max_examples=40)
@given(
    st.lists(st.tuples(st.text(max_size=8), st.integers(-30, 30)), max_size=5),
    st.integers(-10, 60),
    st.sampled_from(["check", "save", "attack"]),
    st.integers(1, 20),
)
def test_c1_the_kernel_rolls_the_check_whose_chance_the_view_shows(mods, dc, kind, natural):
    # Duel.roll throws a Check; core.chance counts the faces Check.succeeds accepts: the same test.
    check = Check(tuple(mods), dc, kind=kind, clauses=("C-1",), code=RollPurpose.RITE_CHECK)
    d = core_duel(dice=[15, 5, natural])
    res = drive(d.roll("p1", "a check", check))
    assert res.natural == natural and res.total == natural + check.bonus
    assert res.success == check.succeeds(natural)
    faces = [n for n in range(1, 21) if check.succeeds(n)]
    assert check_chance(check) == len(faces) / 20
    ev = d.events[-1]
    assert ev.kind == "roll" and ev.data["code"] == "rite-check" and ev.clauses == ("C-1",)
    assert ev.data["modifiers"] == [[n, v] for n, v in mods] and ev.data["target"] == dc


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
