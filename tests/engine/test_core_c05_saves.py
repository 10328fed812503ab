"""C-5: saves d20 + base + ability; spell DC = 10 + spell level + casting ability modifier."""

from mageduel import checks, roster

from tests.engine.coretools import core_duel, rolls, run


def test_c5_spell_dc_formula():
    assert checks.spell_dc(3, 18) == 17
    ilse = roster.get("ilse")
    assert ilse.spell_dc(2) == 10 + 2 + ilse.mod("int")


def test_c5_save_against_a_spell_uses_the_spell_dc_and_the_save_bonus():
    d = core_duel(b="bram", dice=[15, 5, 2], pos_b=(20.0, 0.0))
    run(d, "p1: cast daze @p2", "p2: pass", "p2: pass")  # no identification, no dodge
    r = rolls(d, "will save against daze")[0]
    kael = roster.get("bram")
    assert r["target"] == roster.get("ilse").spell_dc(0)
    assert r["total"] == 2 + kael.will
    assert r["outcome"] == ("success" if 2 + kael.will >= r["target"] else "failure")


def test_c5_a_failed_will_save_applies_the_condition():
    d = core_duel(b="bram", dice=[15, 5, 1], pos_b=(20.0, 0.0))
    run(d, "p1: cast daze @p2", "p2: pass", "p2: pass")  # no identification, no dodge
    assert d.pending.kind == "effort"  # DU-18: a failed Will save opens the duel effort window
    run(d, "p2: pass")
    assert d.by_id["p2"].has("dazed")
