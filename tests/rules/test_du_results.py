"""DU-30, DU-31: performance combat, the duelling arena."""

from __future__ import annotations

from tests.rules.rules_kit import Driver, casting, scenario

MM = "react duel-counter magic_missile slot1"


def countering(terms) -> Driver:
    d = Driver(
        scenario("ilse", "kael", kind="duel", terms=terms),
        plan=[("p2", casting("magic_missile", "p1")), ("p1", "identify"), ("p1", MM), ("p1", "perform")],
        rolls=[("initiative", 1), ("Spellcraft", 20), ("performance combat check", 11)],
    )
    d.run(until=lambda du: du.round >= 2)
    return d


def test_du30_a_successful_duel_action_lets_one_spend_a_victory_point_on_a_performance_check():
    d = countering({"performance_combat": True, "victory_points": 1})
    assert d.events("countered")
    (roll,) = [e for e in d.events("roll") if e.data["purpose"].startswith("performance combat check")]
    assert roll.actor == "p1" and dict(roll.data["modifiers"]) == {"Cha": -1, "BAB": 2}
    assert (
        roll.data["total"] == 12 and roll.data["target"] == 10 and roll.data["outcome"] == "success"
    )  # DC 10
    (crowd,) = d.events("crowd")
    assert crowd.data == {"side": "side1", "attitude": "friendly", "victory_points": 0}
    ilse = d.duel.by_id["p1"]
    assert [(c.stat, c.value) for c in ilse.conditions if c.source == "crowd"] == [
        ("attack", 1),
        ("saves", 1),
    ]


def test_du30_the_check_comes_as_soon_as_the_countered_action_is_over():
    d = countering({"performance_combat": True, "victory_points": 1})
    (countered,) = d.events("countered")
    (roll,) = [e for e in d.events("roll") if e.data["purpose"].startswith("performance combat check")]
    ilse_turn = next(e for e in d.events("turn") if e.actor == "p1")
    # Kael (p2) acts first; the check follows his countered missile, before Ilse's own turn begins.
    assert countered.seq < roll.seq < ilse_turn.seq and roll.round == 1


def test_du30_a_dodge_that_makes_the_attack_miss_earns_the_check_a_hit_does_not():
    def dodging(natural: int) -> Driver:
        d = Driver(
            scenario(
                "garrick", "ilse", kind="duel", positions=[(0, 0), (0, 4)], terms={"performance_combat": True}
            ),
            plan=[("p1", "attack longsword @p2"), ("p2", "react dodge"), ("p2", "perform")],
            rolls=[("initiative", 20), ("attack with longsword", natural)],
        )
        d.run(until=lambda du: du.round >= 2)
        return d

    missed = dodging(2)
    assert missed.events("miss") and [a for p, a in missed.log if a == "perform"]
    (roll,) = [e for e in missed.events("roll") if e.data["purpose"].startswith("performance combat check")]
    assert roll.actor == "p2" and "duel dodge" in roll.data["purpose"]
    hit = dodging(19)
    assert not hit.events("miss") and not [a for p, a in hit.log if a == "perform"]


def test_du30_no_victory_point_no_check_and_off_by_default():
    broke = countering({"performance_combat": True, "victory_points": 0})
    assert broke.events("countered") and not broke.events("crowd")
    off = countering({})
    assert not [a for p, a in off.log if a == "perform"] and not off.events("crowd")


def test_du31_a_nonlethal_arena_turns_damage_nonlethal():
    d = Driver(
        scenario("ilse", "kael", kind="duel", terms={"nonlethal_arena": True}),
        plan=[("p2", casting("magic_missile", "p1"))],
        rolls=[("initiative", 1), ("magic_missile damage", 3)],
    )
    d.run(until=lambda du: du.round >= 2)
    hits = [e for e in d.events("damage") if e.actor == "p1"]
    assert hits and all(h.data["lethal"] is False and "DU-31" in h.clauses for h in hits)
    assert hits[0].data["amount"] == 4  # 1d4+1, full: the halving is the mageduel's (MD-16), not the arena's
    assert d.duel.by_id["p1"].hp == d.duel.by_id["p1"].max_hp


def test_du31_the_arena_prevents_a_spell_that_kills_outright():
    d = Driver(
        scenario("aurelian", "corvin", kind="duel", terms={"nonlethal_arena": True}),
        plan=[("p1", casting("power_word_kill", "p2"))],
        rolls=[("initiative", 20)],
    )
    d.run(until=lambda du: du.round >= 2)
    corvin = d.duel.by_id["p2"]
    assert corvin.status == "active" and corvin.hp == corvin.max_hp
    assert not [e for e in d.events("status") if e.data.get("status") == "dead"]
    plain = Driver(
        scenario("aurelian", "corvin", kind="duel"),
        plan=[("p1", casting("power_word_kill", "p2"))],
        rolls=[("initiative", 20)],
    )
    plain.run()
    assert plain.duel.by_id["p2"].status == "dead"  # without the arena it kills


def test_du31_the_arena_undoes_permanent_harm_drain_becomes_damage_feeblemind_fails():
    def arena(terms: dict) -> Driver:
        d = Driver(
            scenario("aurelian", "corvin", kind="duel", terms=terms),
            plan=[("p1", casting("polar_ray", "p2")), ("p1", casting("feeblemind", "p2"))],
            rolls=[("initiative", 20), ("polar_ray", 19), ("save against feeblemind", 1)],
        )
        d.run(until=lambda du: du.round >= 3)
        return d

    safe = arena({"nonlethal_arena": True})
    corvin = safe.duel.by_id["p2"]
    drained, *feeble = [e for e in safe.events("ability") if e.actor == "p2"]
    assert drained.data["mode"] == "damage" and "DU-31" in drained.clauses  # drain made temporary
    assert not corvin.ability_drain and corvin.ability_damage.get("dex", 0) > 0
    assert not corvin.ability_set and corvin.ability("int") > 1  # feeblemind's Int 1 prevented
    assert feeble and all("DU-31" in e.clauses and e.data["amount"] == 0 for e in feeble)
    plain = arena({})
    assert plain.duel.by_id["p2"].ability_drain and plain.duel.by_id["p2"].ability("int") == 1
