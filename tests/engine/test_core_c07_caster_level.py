"""C-7: caster level checks, d20 + caster level against a DC (dispel checks, the duel counterspell)."""

from mageduel import checks

from tests.engine.coretools import core_duel, rolls, run


def test_c7_dispel_dc_is_11_plus_enemy_caster_level():
    assert checks.dispel_dc(5) == 16


def test_c7_duel_counterspell_is_a_caster_level_check():
    # p1 casts magic missile; p2 identifies it (natural 19) and duel-counters with magic missile (natural 4).
    d = core_duel(dice=[15, 5, 19, 4], pos_b=(20.0, 0.0))
    run(d, "p1: cast magic_missile @p2", "p2: identify", "p2: react duel-counter magic_missile slot1")
    r = rolls(d, "duel counterspell")[0]
    mods = dict((n, v) for n, v in r["modifiers"])
    assert mods["caster level"] == 5 and mods["same spell"] == 10
    assert r["total"] == 4 + 5 + 10 and r["target"] == 15 + 1
    assert "countered" in [e.kind for e in d.events]
