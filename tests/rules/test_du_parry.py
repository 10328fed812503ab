"""DU-26..DU-29: the duel parry."""

from __future__ import annotations

from tests.rules.rules_kit import Driver, casting, scenario

CLOSE = [(0, 0), (0, 4)]


def test_du26_a_weapon_attack_can_be_parried_a_spell_cannot():
    d = Driver(
        scenario("garrick", "ilse", kind="duel", positions=CLOSE),
        plan=[("p1", "attack longsword @p2")],
        rolls=[("initiative", 20)],
    )
    d.run(until=lambda du: du.pending.player == "p2" and du.pending.kind == "defend")
    assert "react parry quarterstaff" in d.duel.pending.option_ids
    s = Driver(
        scenario("ilse", "kael", kind="duel"),
        plan=[("p2", casting("scorching_ray", "p1"))],
        rolls=[("initiative", 1)],
    )
    s.run(until=lambda du: du.pending.player == "p1" and du.pending.kind == "defend")
    assert not [i for i in s.duel.pending.option_ids if "parry" in i]


def parried(parry_weapon: str, attack: int, parry: int) -> Driver:
    d = Driver(
        scenario("garrick", "garrick", kind="duel", positions=CLOSE),
        plan=[("p1", "full-attack longsword @p2"), ("p2", f"react parry {parry_weapon}")],
        rolls=[
            ("initiative", 20),
            ("attack with longsword", attack),
            ("duel parry", parry),
            ("attack with longsword", 15),
        ],
    )
    d.run(until=lambda du: du.round >= 2)
    return d


def test_du27_the_parry_roll_is_highest_bab_minus_5_and_meets_or_beats_the_attack():
    d = parried("longsword", attack=12, parry=18)  # 12 + 11 = 23 against 18 + 6 + 4 - 5 = 23
    (roll,) = [e for e in d.events("roll") if e.data["purpose"] == "duel parry"]
    assert dict(roll.data["modifiers"]) == {"BAB": 6, "Str": 4, "duel parry": -5}
    assert roll.data["total"] == 23 and roll.data["target"] == 23 and d.events("parried")
    assert d.events("miss")[0].actor == "p1"


def test_du27_unarmed_the_parry_takes_2_more():
    d = parried("unarmed_strike", attack=12, parry=18)
    (roll,) = [e for e in d.events("roll") if e.data["purpose"] == "duel parry"]
    assert ["unarmed", -2] in roll.data["modifiers"] and roll.data["total"] == 21
    assert d.events("parry-fails")


def test_du28_no_one_here_has_the_parry_class_feature_so_a_parry_spends_the_immediate_action():
    d = parried("longsword", attack=12, parry=18)
    (imm,) = d.events("immediate")
    assert imm.actor == "p2" and "parry" in imm.data["action"]
    assert d.duel.by_id["p2"].swift_spent_next is False  # spent on the turn that followed


def test_du29_a_parry_covers_one_attack_the_next_resolves_normally():
    d = parried("longsword", attack=12, parry=18)
    attacks = [e for e in d.events("roll") if e.data["purpose"] == "attack with longsword"]
    assert len(attacks) == 2 and len(d.events("parry")) == 1
    assert [e for e in d.events("damage") if e.actor == "p2"]  # the second blow (15 + 6 = 21) landed


def test_du29_a_parried_critical_still_hits_for_normal_damage():
    d = Driver(
        scenario("ilse", "garrick", kind="duel", positions=CLOSE),
        plan=[("p1", "attack quarterstaff @p2"), ("p2", "react parry longsword")],
        rolls=[
            ("initiative", 20),
            ("attack with quarterstaff", 20),
            ("critical confirmation", 19),
            ("duel parry", 16),
            ("quarterstaff damage", 6),
        ],
    )
    d.run(until=lambda du: du.round >= 2)
    assert d.events("parried") and d.events("parry-critical")[0].clauses == ("DU-29",)
    (hit,) = [e for e in d.events("damage") if e.actor == "p2"]
    assert hit.data["critical"] is False and hit.data["amount"] == 6 - 1  # one die, Str -1: not doubled
