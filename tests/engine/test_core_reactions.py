"""Reaction windows of the core: the duel actions (DU-11..DU-29) and the mageduel's extra counterspell
(MD-12, X-4) as they are asked and resolved. The RULES engineer's tests/rules/ hold the clause tests; these
check the windows' mechanics with the core rules only."""

import pytest
from mageduel.state import Damage, IllegalDecision

from tests.engine.coretools import core_duel, drive, rolls, run


def test_dodge_adds_4_to_ac_against_that_attack_then_minus_2_until_the_dodger_turn():
    d = core_duel(dice=[15, 5, 2])
    run(d, "p1: attack quarterstaff @p2", "p2: react dodge")
    r = rolls(d, "attack with quarterstaff")[0]
    k = d.by_id["p2"]
    assert r["target"] == k.ac() + 2 + 4  # the -2 after the dodge is already on (DU-25); +4 was for it
    assert sum(v for n, v in k.ac_parts() if n == "duel dodge (after)") == -2
    assert ("duel dodge (after)", -2) in k.save_parts("ref")
    run(d, "p1: end")  # p2's turn starts: the -2 ends (DU-25)
    assert not any(c.name == "duel dodge (after)" for c in k.conditions)


def test_dodge_against_a_spell_without_attack_roll_or_reflex_save_is_wasted():
    d = core_duel(dice=[15, 5, 1, 1, 1], pos_b=(20.0, 0.0))
    run(d, "p1: cast magic_missile @p2", "p2: pass", "p2: react dodge")
    assert "dodge-wasted" in [e.kind for e in d.events]
    assert not d.by_id["p2"].immediate_ready


def test_parry_is_offered_against_weapons_only():
    d = core_duel(dice=[15, 5])
    run(d, "p1: attack quarterstaff @p2")
    assert "react parry spear" in d.pending.option_ids
    d2 = core_duel(dice=[15, 5], pos_b=(20.0, 0.0))
    run(d2, "p1: cast scorching_ray @p2", "p2: pass")
    assert d2.pending.kind == "defend"
    assert d2.pending.option_ids == ["react dodge", "pass"]


def test_parry_at_highest_bab_minus_5_that_meets_the_attack_roll_parries():
    d = core_duel(dice=[15, 5, 12, 20])
    run(d, "p1: attack quarterstaff @p2", "p2: react parry spear")
    p = rolls(d, "duel parry")[0]
    mods = dict((n, v) for n, v in p["modifiers"])
    assert mods["duel parry"] == -5 and mods["BAB"] == d.by_id["p2"].bab
    assert p["against"] == "opposed" and p["target"] == rolls(d, "attack with")[0]["total"]
    assert "parried" in [e.kind for e in d.events] and "miss" in [e.kind for e in d.events]


def test_unarmed_parry_takes_a_further_minus_2():
    d = core_duel(dice=[15, 5, 12, 20])
    d.by_id["p2"].wielding = "unarmed_strike"  # DU-27: Kael's hands are empty (his spear put away)
    run(d, "p1: attack quarterstaff @p2", "p2: react parry unarmed_strike")
    mods = dict((n, v) for n, v in rolls(d, "duel parry")[0]["modifiers"])
    assert mods["unarmed"] == -2


def test_a_parried_critical_still_hits_for_normal_damage():
    # Garrick (fighter, BAB 6) parries Ilse's confirmed critical: it still hits, for normal damage.
    d = core_duel(b="garrick", dice=[15, 5, 20, 20, 20, 3])
    run(d, "p1: attack quarterstaff @p2", "p2: react parry longsword")
    kinds = [e.kind for e in d.events]
    assert "parry-critical" in kinds
    dmg = [e for e in d.events if e.kind == "damage"][-1]
    assert dmg.data["critical"] is False and dmg.data["amount"] == max(1, 3 + d.by_id["p1"].mod("str"))


def test_only_one_immediate_action_per_round():
    d = core_duel(dice=[15, 5, 2], pos_b=(5.0, 0.0))
    run(d, "p1: attack quarterstaff @p2", "p2: react dodge")
    # A second attack in the same round: no immediate action is left, so nobody is asked.
    assert not d.by_id["p2"].immediate_ready


def test_effort_after_a_failed_will_save_delays_the_effect():
    d = core_duel(b="bram", dice=[15, 5, 1, 20], pos_b=(20.0, 0.0))
    run(d, "p1: cast daze @p2", "p2: pass", "p2: pass", "p2: react effort")
    b = d.by_id["p2"]
    assert "effort-delays" in [e.kind for e in d.events]
    assert not b.has("dazed") and any(c.name == "dazed" for c in b.conditions)  # dormant for now
    assert b.effort_used
    run(d, "p1: end", "p2: end")  # the end of p2's next turn: the daze takes hold
    assert "effort-ends" in [e.kind for e in d.events]


def test_effort_reroll_that_fails_lets_the_effect_apply():
    d = core_duel(b="bram", dice=[15, 5, 1, 1], pos_b=(20.0, 0.0))
    run(d, "p1: cast daze @p2", "p2: pass", "p2: pass", "p2: react effort")
    assert d.by_id["p2"].has("dazed")


def test_effort_is_once_per_duel():
    d = core_duel(b="bram", dice=[15, 5, 1, 1], pos_b=(20.0, 0.0))
    run(d, "p1: cast daze @p2", "p2: pass", "p2: pass", "p2: react effort")
    b = d.by_id["p2"]
    b.immediate_ready = True
    d.prefs[("p2", "effort")] = "always"
    drive(d.deal_damage(Damage("p2", b.hp + 1)))
    assert b.status == "dying" and not b.effort_delay_hp


def test_effort_below_zero_keeps_acting_until_the_end_of_the_next_turn():
    d = core_duel(dice=[15, 5], pos_b=(20.0, 0.0))
    k = d.by_id["p2"]
    d.prefs[("p2", "effort")] = "always"
    drive(d.deal_damage(Damage("p2", k.hp + 2)))
    assert k.hp == -2 and k.status == "active" and k.effort_delay_hp
    run(d, "p1: end")
    assert d.pending.player == "p2" and d.pending.kind == "turn"  # acts normally
    run(d, "p2: end")
    assert k.status == "dying"


def test_duel_counterspell_once_per_round_and_md12_counter_is_separate():
    d = core_duel(dice=[15, 5, 19, 1], pos_b=(20.0, 0.0), kind="mageduel")
    run(d, "p1: cast magic_missile @p2", "p2: identify")
    ids = d.pending.option_ids
    assert "react duel-counter magic_missile slot1" in ids and "react md-counter magic_missile slot1" in ids
    run(d, "p2: react duel-counter shield slot1")  # natural 1: 1 + 5 - 2 (other school) < 16 (DU-15)
    assert "counter-fails" in [e.kind for e in d.events]
    ids = d.pending.option_ids  # the mageduel's extra counterspell is still there, the duel one is not
    assert "react md-counter magic_missile slot1" in ids
    assert not any(i.startswith("react duel-counter") for i in ids)
    run(d, "p2: react md-counter magic_missile slot1")
    assert "countered" in [e.kind for e in d.events]


def test_a_failed_duel_counter_gives_minus_2_on_saves_against_the_spell():
    d = core_duel(b="bram", dice=[15, 5, 19, 1, 10], pos_b=(20.0, 0.0))
    run(d, "p1: cast daze @p2", "p2: identify", "p2: react duel-counter magic_missile slot1")
    assert "counter-fails" in [e.kind for e in d.events]
    if d.pending is not None and d.pending.kind == "defend":
        run(d, "p2: pass")
    mods = dict((n, v) for n, v in rolls(d, "will save against daze")[0]["modifiers"])
    assert mods["failed duel counterspell"] == -2


def test_dispel_magic_duel_counter_needs_no_identification():
    d = core_duel(a="ilse", b="kael", dice=[5, 15, 11], pos_b=(20.0, 0.0))  # p2 (Kael) first
    run(d, "p2: cast magic_missile @p1", "p1: pass")  # Ilse does not identify
    assert "react duel-counter dispel_magic slot3" in d.pending.option_ids
    run(d, "p1: react duel-counter dispel_magic slot3")
    r = rolls(d, "duel counterspell")[0]
    assert r["target"] == 11 + 5 and [n for n, _ in r["modifiers"]] == ["caster level"]
    assert "countered" in [e.kind for e in d.events]


def test_preferences_never_and_always():
    d = core_duel(dice=[15, 5, 19, 1, 1, 1], pos_b=(20.0, 0.0))
    d.set_preference("p2", "identify", "always")
    d.set_preference("p2", "counter", "never")
    d.set_preference("p2", "dodge", "never")
    run(d, "p1: cast magic_missile @p2")
    assert rolls(d, "identify")  # identified without being asked
    assert not any(e.kind in ("duel-counter", "dodge") for e in d.events)
    assert ("p2", "prefer identify always") in d.decisions
    with pytest.raises(IllegalDecision):
        d.set_preference("p2", "identify", "sometimes")
