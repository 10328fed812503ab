"""C-3: initiative d20 + Dex (+4 Improved Initiative); ties by the higher modifier, then a roll-off."""

from mageduel import roster

from tests.engine.coretools import core_duel


def test_c3_initiative_is_d20_plus_dex_plus_improved_initiative():
    d = core_duel(dice=[3, 12])
    ini = [e for e in d.events if e.kind == "initiative"][0].data["totals"]
    assert ini["p1"] == 3 + roster.get("ilse").initiative
    assert ini["p2"] == 12 + roster.get("kael").initiative
    assert d.order == ["p2", "p1"]


def test_c3_ties_go_to_the_higher_modifier():
    # Garrick's initiative modifier differs from Ilse's; equal totals are broken by the modifier alone.
    a, b = roster.get("ilse").initiative, roster.get("garrick").initiative
    assert a != b
    hi, lo = ("p1", "p2") if a > b else ("p2", "p1")
    top = max(a, b)
    nat_a, nat_b = (10, 10 + a - b) if a > b else (10 + b - a, 10)
    d = core_duel(a="ilse", b="garrick", dice=[nat_a, nat_b])
    totals = [e for e in d.events if e.kind == "initiative"][0].data["totals"]
    assert totals["p1"] == totals["p2"] == 10 + top
    assert d.order == [hi, lo]
    assert "roll-off" not in [e.kind for e in d.events]


def test_c3_equal_totals_and_modifiers_go_to_a_roll_off():
    d = core_duel(a="ilse", b="ilse", dice=[10, 10, 4, 17])
    offs = [e for e in d.events if e.kind == "roll-off"]
    assert offs and offs[0].data["rolls"] == [4, 17]
    assert d.order == ["p2", "p1"]


def test_c3_a_tied_roll_off_is_rolled_again():
    d = core_duel(a="ilse", b="ilse", dice=[10, 10, 6, 6, 9, 2])
    offs = [e for e in d.events if e.kind == "roll-off"]
    assert [o.data["rolls"] for o in offs] == [[6, 6], [9, 2]]
    assert d.order == ["p1", "p2"]
