"""C-12: the core counterspell — ready an action, identify the foe's spell (Spellcraft DC 15 + level), then
cast the same spell (automatic) or dispel magic (dispel check)."""

from tests.engine.coretools import core_duel, rolls, run


def test_c12_readied_counterspell_with_the_same_spell_counters_automatically():
    d = core_duel(dice=[5, 15, 20], pos_b=(20.0, 0.0))  # p2 first; p2's Spellcraft natural 20
    assert d.pending.player == "p2"
    run(d, "p2: ready counterspell", "p2: end", "p1: cast magic_missile @p2", "p2: identify")
    assert "react counter magic_missile slot1" in d.pending.option_ids
    run(d, "p2: react counter magic_missile slot1")
    assert [e.kind for e in d.events if e.kind in ("countered", "spell")] == ["countered"]
    assert not rolls(d, "dispel check") and not rolls(d, "duel counterspell")
    assert d.by_id["p2"].readied is None


def test_c12_identification_is_spellcraft_dc_15_plus_level():
    d = core_duel(dice=[5, 15, 1], pos_b=(20.0, 0.0))
    run(d, "p2: ready counterspell", "p2: end", "p1: cast magic_missile @p2", "p2: identify")
    r = rolls(d, "identify")[0]
    total = 1 + d.by_id["p2"].skills["spellcraft"]
    assert r["total"] == total and r["outcome"] == ("success" if total >= 16 else "failure")
    if total < 16:
        assert not any(o.kind == "counter" for o in (d.pending.options if d.pending else []))


def test_c12_readied_counterspell_lapses_at_the_readier_next_turn():
    d = core_duel(dice=[5, 15], pos_b=(20.0, 0.0))
    run(d, "p2: ready counterspell", "p2: end", "p1: end")
    assert d.by_id["p2"].readied is None
    assert any(e.kind == "readied-lapses" for e in d.events)
