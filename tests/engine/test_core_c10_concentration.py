"""C-10: casting while threatened provokes attacks of opportunity unless cast defensively (concentration
DC 15 + 2 x spell level); damage while casting calls for concentration (DC 10 + damage + spell level)."""

from mageduel import checks

from tests.engine.coretools import core_duel, rolls, run


def test_c10_dcs():
    assert checks.defensive_casting_dc(2) == 19
    assert checks.damage_concentration_dc(7, 3) == 20


def test_c10_a_threatened_caster_may_cast_defensively():
    d = core_duel(dice=[15, 5], pos_b=(5.0, 0.0))
    ids = d.pending.option_ids
    assert "cast magic_missile @p2" in ids and "cast magic_missile @p2 def" in ids
    far = core_duel(dice=[15, 5], pos_b=(20.0, 0.0))
    assert not any(i.endswith(" def") for i in far.pending.option_ids)


def test_c10_failing_to_cast_defensively_loses_the_spell():
    d = core_duel(dice=[15, 5, 1], pos_b=(5.0, 0.0))
    run(d, "p1: cast magic_missile @p2 def")
    r = rolls(d, "cast defensively")[0]
    assert r["target"] is None and r["outcome"] == "failure"  # the DC would give the level away (MD-26)
    dc = [e for e in d.events if e.kind == "roll-dc"][0]
    assert dc.data["target"] == 15 + 2 * 1 and dc.audience == ("p1",)
    assert "spell-lost" in [e.kind for e in d.events]
    assert not any(e.kind == "spell" for e in d.events)
    assert [p.used for p in d.by_id["p1"].prepared if p.spell == "magic_missile"].count(True) == 1


def test_c10_casting_while_threatened_provokes_and_damage_calls_for_concentration():
    # p2's attack of opportunity: natural 19 hits, 1d8 spear damage 6; concentration natural 2 fails.
    d = core_duel(dice=[15, 5, 19, 6, 2], pos_b=(5.0, 0.0))
    run(d, "p1: cast magic_missile @p2")
    assert d.pending.player == "p2" and d.pending.kind == "aoo"
    run(d, "p2: aoo spear", "p1: pass")  # p1 does not dodge the attack of opportunity
    conc = rolls(d, "concentration (hurt")
    dmg = [e for e in d.events if e.kind == "damage"][0].data["amount"]
    dc = [e.data["target"] for e in d.events if e.kind == "roll-dc" and "hurt" in e.data["purpose"]]
    assert conc and conc[0]["target"] is None and dc == [10 + dmg + 1]
    assert "spell-lost" in [e.kind for e in d.events]


def test_c10_a_five_foot_step_does_not_provoke_but_moving_away_does():
    d = core_duel(dice=[15, 5], pos_b=(5.0, 0.0))
    step = next(o.id for o in d.pending.options if o.kind == "step")
    run(d, f"p1: {step}")
    assert not any(e.kind == "aoo" for e in d.events) and d.pending.player == "p1"
    d2 = core_duel(dice=[15, 5], pos_b=(5.0, 0.0))
    move = next(o.id for o in d2.pending.options if o.kind == "move")
    run(d2, f"p1: {move}")
    assert d2.pending.player == "p2" and d2.pending.kind == "aoo"


def test_c10_only_the_weapon_in_hand_threatens():
    # Kael carries a spear and a light crossbow. With the spear in hand he threatens Ilse 5 feet away, and
    # her moving away provokes; with the crossbow in hand (the one he last attacked with, DU-27) he
    # threatens nobody, and the same move provokes nothing.
    from mageduel.attacks import threatened_by

    d = core_duel(dice=[15, 5], pos_b=(5.0, 0.0))
    assert [w.id for _, w in threatened_by(d, d.by_id["p1"])] == ["spear"]
    d.by_id["p2"].wielding = "light_crossbow"
    assert threatened_by(d, d.by_id["p1"]) == []
    move = next(o.id for o in d.pending.options if o.kind == "move")
    run(d, f"p1: {move}")
    assert not any(e.kind == "aoo" for e in d.events) and d.pending.player == "p1"
