"""C-8 in play: casting a spell spends one of the day's spells (a sorcerer's slot, a wizard's prepared
spell), and the caster's own casting event says so; a cantrip spends nothing."""

from __future__ import annotations

from tests.rules.rules_kit import Driver, scenario


def _first_turn(caster: str, option: str) -> Driver:
    d = Driver(scenario(caster, "ilse", kind="duel"), rolls=[("initiative", 20)])
    duel = d.run(until=lambda du: du.pending.kind == "turn" and du.pending.player == "p1")
    d.before = dict(duel.by_id["p1"].slots)  # type: ignore[attr-defined]
    duel.apply("p1", option)
    return d


def test_c8_a_sorcerer_s_spell_spends_a_slot_and_its_casting_event_cites_c8():
    d = _first_turn("kael", "cast magic_missile @p2")
    (private,) = d.events("casting-spell")
    assert private.audience == ("p1",) and "C-8" in private.clauses
    assert d.duel.by_id["p1"].slots[1] == d.before[1] - 1  # type: ignore[attr-defined]
    assert all("C-8" not in e.clauses for e in d.events("casting"))  # the public event says nothing of it


def test_c8_a_wizard_spends_a_prepared_spell():
    d = _first_turn("ilse", "cast magic_missile @p2")
    (private,) = d.events("casting-spell")
    assert "C-8" in private.clauses
    assert any(p.spell == "magic_missile" and p.used for p in d.duel.by_id["p1"].prepared)


def test_c8_a_cantrip_spends_nothing_and_does_not_cite_it():
    d = _first_turn("kael", "cast ray_of_frost @p2")
    (private,) = d.events("casting-spell")
    assert "C-8" not in private.clauses
    assert d.duel.by_id["p1"].slots == d.before  # type: ignore[attr-defined]
