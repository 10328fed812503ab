"""DU-8..DU-11: fighting a duel."""

from __future__ import annotations

import pytest
from mageduel import state
from mageduel.duel_actions import area_allowed
from mageduel.state import Option

from tests.rules.rules_kit import Driver, casting, scenario, zone_opts


def test_du8_everyone_rolls_initiative_and_there_is_no_surprise_round():
    d = Driver(scenario("ilse", "garrick", kind="duel"), rolls=[("initiative", 3), ("initiative", 17)])
    d.run(until=lambda du: du.round >= 2)
    rolls = [e for e in d.events("roll") if e.data["purpose"] == "initiative"]
    assert [e.actor for e in rolls] == ["p1", "p2"] and all("DU-8" in e.clauses for e in rolls)
    assert d.duel.order == ["p2", "p1"]
    first_round = [e.actor for e in d.events("turn") if e.round == 1]
    assert first_round == ["p2", "p1"]  # both act in round 1: nobody is caught flat in a surprise round


def test_du8_face_off_each_picks_bluff_intimidate_or_sense_motive():
    d = Driver(
        scenario("ilse", "kael", kind="duel", terms={"face_off": True}),
        plan=[("p1", "face-off sense_motive"), ("p2", "face-off bluff")],
        rolls=[("face-off, sense_motive", 12), ("face-off, bluff", 12)],
    )
    d.run(until=lambda du: du.round >= 1)
    rolls = [e for e in d.events("roll") if "face-off" in e.data["purpose"]]
    assert [e.data["purpose"] for e in rolls] == [
        "initiative (face-off, sense_motive)",
        "initiative (face-off, bluff)",
    ]
    ilse, kael = d.duel.by_id["p1"], d.duel.by_id["p2"]
    assert rolls[0].data["total"] == 12 + sum(v for _, v in ilse.skill_parts("sense_motive"))
    assert rolls[1].data["total"] == 12 + sum(v for _, v in kael.skill_parts("bluff"))


def test_du9_a_withdrawal_ends_the_duel_and_the_one_who_withdraws_loses():
    d = Driver(
        scenario("ilse", "kael", kind="duel", terms={"progress_check": True}),
        plan=[("p1", "go-on"), ("p2", "go-on"), ("p1", "go-on"), ("p2", "withdraw")],
    )
    d.run()
    out = d.duel.outcome
    assert (out.reason, out.winners, out.losers, out.clauses) == ("withdrawal", ["p1"], ["p2"], ("DU-9",))
    (w,) = d.events("withdrawal")
    assert w.round == 2 and not [e for e in d.events("turn") if e.round == 2]


def test_du9_in_a_three_way_the_one_who_withdraws_loses_and_nobody_wins():
    d = Driver(
        scenario("ilse", "kael", "odile", kind="duel", terms={"progress_check": True}),
        plan=[("p3", "withdraw")],
    )
    d.run()
    out = d.duel.outcome
    assert (out.reason, out.winners, out.losers) == ("withdrawal", [], ["p3"])


def test_du9_those_who_remain_may_agree_to_a_new_separate_duel_without_the_one_who_withdrew():
    d = Driver(
        scenario("ilse", "kael", "odile", kind="duel", terms={"progress_check": True}),
        plan=[("p3", "withdraw"), ("p1", "new-duel"), ("p2", "new-duel")],
    )
    d.run(until=lambda du: bool(d.events("new-duel")) and du.round >= 3)
    assert d.duel.outcome is None  # the new duel is being fought
    (res,) = d.events("duel-result")
    assert (res.data["reason"], res.data["winners"], res.data["losers"]) == ("withdrawal", [], ["p3"])
    (nd,) = d.events("new-duel")
    assert nd.data["among"] == ["p1", "p2"] and nd.data["without"] == ["p3"] and nd.clauses == ("DU-9",)
    # The one who withdrew is no longer a participant: no turn, and nobody may target them (DU-10).
    assert not [e for e in d.events("turn") if e.actor == "p3" and e.round > nd.round]
    assert "p3" not in {c.id for c in d.duel.opponents("p1")}


def test_du9_the_final_outcome_keeps_the_earlier_result():
    d = Driver(
        scenario("ilse", "kael", "odile", kind="duel", terms={"progress_check": True}),
        plan=[("p3", "withdraw"), ("p1", "new-duel"), ("p2", "new-duel"), ("p2", "withdraw")],
    )
    d.run()
    out = d.duel.outcome.to_dict()
    assert (out["reason"], out["winners"], out["losers"]) == ("withdrawal", ["p1"], ["p2"])
    assert [(e["reason"], e["losers"]) for e in out["earlier"]] == [("withdrawal", ["p3"])]


def test_du9_no_new_duel_unless_every_one_who_remains_agrees():
    d = Driver(
        scenario("ilse", "kael", "odile", kind="duel", terms={"progress_check": True}),
        plan=[("p3", "withdraw"), ("p1", "new-duel"), ("p2", "part-ways")],
    )
    d.run()
    out = d.duel.outcome
    assert (out.reason, out.losers) == ("withdrawal", ["p3"]) and not out.earlier
    assert not d.events("new-duel")


def test_du9_no_new_duel_is_offered_when_a_single_side_remains():
    d = Driver(
        scenario("ilse", "kael", kind="duel", terms={"progress_check": True}), plan=[("p2", "withdraw")]
    )
    d.run()
    assert not [k for k, _ in d.log if k == "rite:new-duel"]


def test_du9_in_a_mageduel_the_one_who_withdrew_steps_out_of_the_zone_before_the_new_one():
    d = Driver(
        scenario("ilse", "kael", "odile", terms={"progress_check": True}, options=zone_opts(24)),
        plan=[("p3", "withdraw"), ("p1", "new-duel"), ("p2", "new-duel")],
    )
    d.run(until=lambda du: bool(d.events("new-duel")) and du.round >= 3)
    (nd,) = d.events("new-duel")
    assert not d.duel.zone.holds(tuple(nd.data["left_zone"]["p3"]))
    assert d.duel.outcome is None  # no interference (MD-19) from the one who left


def test_du9_nobody_is_asked_when_the_progress_check_is_off():
    d = Driver(scenario("ilse", "kael", kind="duel"))
    d.run(until=lambda du: du.round >= 3)
    assert not [k for k, _ in d.log if k == "rite:progress"]
    assert all(ask != "go-on" for _, ask in d.log)


def test_du10_an_area_must_include_an_opponent():
    d = Driver(
        scenario("ilse", "kael", "odile", "bram", kind="duel", sides=["a", "b", "a", "b"]),
        rolls=[("initiative", 20)],
    )
    duel = d.run(until=lambda du: du.pending.kind == "turn" and du.pending.player == "p1")
    fireballs = [o for o in duel.pending.options if o.data.get("spell") == "fireball"]
    assert fireballs and all(any(duel.by_id[a].side == "b" for a in o.data["affected"]) for o in fireballs)
    only_friends = Option(
        "cast fireball @p3",
        "cast",
        {"spell": "fireball", "slot": 3, "targets": [], "point": duel.by_id["p3"].pos, "affected": ["p3"]},
    )
    assert "DU-10" in duel.hooks.legal(duel, "p1", only_friends)
    with_foe = Option(
        "cast fireball @p2",
        "cast",
        {
            "spell": "fireball",
            "slot": 3,
            "targets": [],
            "point": duel.by_id["p2"].pos,
            "affected": ["p2", "p3"],
        },
    )
    assert duel.hooks.legal(duel, "p1", with_foe) is None


def test_du10_no_outsider_may_be_caught_while_the_opponent_is_left_out():
    d = Driver(scenario("ilse", "kael", kind="duel"))
    duel = d.run(until=lambda du: du.pending.kind == "turn")
    duel.by_id["p2"].data["outsider"] = True  # as if Kael were a bystander, not a participant
    assert "outsiders" in area_allowed(duel, "p1", ["p2"])
    zap = Option("cast magic_missile @p2", "cast", {"spell": "magic_missile", "slot": 1, "targets": ["p2"]})
    assert "DU-10" in duel.hooks.legal(duel, "p1", zap)


def test_du11_a_duel_action_is_the_round_s_one_immediate_action():
    d = Driver(
        scenario("garrick", "ilse", kind="duel", positions=[(0, 0), (0, 4)]),
        plan=[("p1", "full-attack longsword @p2"), ("p2", "react dodge")],
        rolls=[("initiative", 20)],
        fallback=lambda ask: record(ask),
    )
    d.run(until=lambda du: du.pending.player == "p2" and du.pending.kind == "turn")
    (imm,) = d.events("immediate")
    assert imm.actor == "p2" and imm.data["action"] == "react dodge" and "DU-11" in imm.clauses
    # The second attack of the full attack found no immediate action left: no second defend question.
    assert len([e for e in d.events("attack") if e.actor == "p1"]) == 2
    assert sum(1 for ask in ASKED if ask == ("p2", "defend")) == 0
    # And the dodge spent the swift action of Ilse's next turn (this one).
    assert d.duel.by_id["p2"].immediate_ready is False


ASKED: list[tuple[str, str]] = []


def record(ask) -> str:
    from tests.rules.rules_kit import default_choice

    ASKED.append((ask.player, ask.kind))
    return default_choice(ask)


def test_du11_c9_the_immediate_action_is_back_once_the_turn_whose_swift_it_spent_ends():
    """Ilse acts after Kael. Her dodge in round 1 spends the swift action of her round-1 turn; once that
    turn ends she has an immediate action again, so she may dodge Kael's spell in round 2 as well."""
    d = Driver(
        scenario("ilse", "kael", kind="duel"),
        plan=[
            ("p2", casting("magic_missile", "p1")),
            ("p1", "react dodge"),
            ("p2", casting("magic_missile", "p1")),
        ],
        rolls=[("initiative", 1)],
    )
    d.run(until=lambda du: du.pending.player == "p1" and du.pending.kind == "turn")
    assert d.duel.by_id["p1"].immediate_ready is False  # her own turn: its swift action is spent
    d.run(until=lambda du: du.round == 3 or (du.pending.player == "p1" and du.pending.kind == "defend"))
    assert d.duel.round == 2 and "react dodge" in d.duel.pending.option_ids


def _ilse_turn(du) -> bool:
    return du.pending.player == "p1" and du.pending.kind == "turn"


def test_du10_an_area_may_be_centred_on_any_point_that_takes_in_an_opponent():
    """`cast fireball @x,y`: Ilse centres her fireball 5 feet short of Kael; it still takes him in."""
    import pytest
    from mageduel.state import IllegalDecision

    d = Driver(
        scenario("ilse", "kael", kind="duel", positions=[(0, 0), (60, 0)]),
        plan=[("p1", "cast fireball @55,0")],
        rolls=[("initiative", 20), ("ref save", 1)],
    )
    d.run(until=_ilse_turn)
    with pytest.raises(IllegalDecision):  # a point whose burst takes in no opponent (DU-10)
        d.duel.apply("p1", "cast fireball @120,0")
    with pytest.raises(IllegalDecision):  # out of range (400 ft + 40 ft per level)
        d.duel.apply("p1", "cast fireball @700,0")
    d.run(until=lambda du: du.turn_of == "p2")
    (spell,) = d.events("spell")
    assert spell.data["point"] == [55.0, 0.0, 0.0]
    assert [e.actor for e in d.events("damage")] == ["p2"]


def test_du10_an_area_at_a_point_may_not_catch_only_an_ally():
    import pytest
    from mageduel.state import IllegalDecision

    d = Driver(
        scenario(
            "ilse", "bram", "kael", kind="duel", sides=["a", "a", "b"], positions=[(0, 0), (30, 30), (90, 0)]
        ),
        rolls=[("initiative", 20)],
    )
    d.run(until=_ilse_turn)
    with pytest.raises(IllegalDecision, match="DU-10"):
        d.duel.apply("p1", "cast fireball @30,30")


def test_du10_dispel_magic_may_be_aimed_at_oneself_or_an_ally():
    """Kael flares Ilse; on her turn she may dispel it on herself, or on Bram, her ally, whom Kael also
    flared — and the dispel works on the effects their foes put on them."""
    d = Driver(
        scenario(
            "kael", "ilse", "bram", kind="duel", sides=["b", "a", "a"], positions=[(0, 0), (20, 0), (20, 10)]
        ),
        plan=[("p1", casting("flare", "p2")), ("p2", "cast dispel_magic @p2")],
        rolls=[("initiative", 20), ("fort save", 1), ("dispel check", 20)],
    )
    d.run(until=lambda du: du.pending.player == "p2" and du.pending.kind == "turn")
    ids = d.duel.pending.option_ids
    assert "cast dispel_magic @p2" in ids and "cast dispel_magic @p1" in ids
    assert "cast dispel_magic @p3" not in ids  # nothing on Bram to dispel
    d.run(until=lambda du: du.turn_of == "p3")
    assert not [c for c in d.duel.by_id["p2"].conditions if c.source == "flare"]
    assert [e.data["condition"] for e in d.events("condition-ends") if e.actor == "p2"] == ["flare", "flare"]


def test_du10_a_bystander_is_never_a_target_nor_caught_by_an_area_that_leaves_the_opponents_out():
    import pytest
    from mageduel.state import IllegalDecision

    d = Driver(
        scenario(
            "ilse",
            "kael",
            kind="duel",
            positions=[(0, 0), (100, 0)],
            bystanders=[{"id": "page", "roster": "tamsin", "position": [40, 0]}],
        ),
        rolls=[("initiative", 20)],
    )
    d.run(until=_ilse_turn)
    assert not [i for i in d.duel.pending.option_ids if "@page" in i]
    with pytest.raises(IllegalDecision, match="outsiders"):
        d.duel.apply("p1", "cast fireball @40,0")
    d.duel.apply("p1", "cast fireball @90,0")  # Kael is in it; the page, 50 feet off, is not


def _two_against_two() -> Driver:
    return Driver(
        scenario(
            "ilse",
            "kael",
            "maelis",
            "tobin",
            kind="duel",
            sides=["a", "b", "a", "b"],
            positions=[(20, 5), (20, 35), (25, 5), (25, 35)],
        ),
        rolls=[("initiative", 20), ("initiative", 5), ("initiative", 10), ("initiative", 15)],
    )


def test_du3_a_spell_on_an_ally_is_help_from_one_s_own_side():
    d = _two_against_two()
    duel = d.run(until=lambda du: du.pending.kind == "turn" and du.pending.player == "p1")
    duel.apply("p1", "cast mage_armor @p3")
    d.run(until=lambda du: any(e.kind == "spell" for e in du.events))
    (spell,) = d.events("spell")
    assert spell.data["targets"] == ["p3"] and "DU-3" in spell.clauses


def test_du3_a_spell_on_oneself_or_a_foe_is_no_help_and_does_not_cite_it():
    for option in ("cast mage_armor @p1", "cast magic_missile @p2"):
        d = _two_against_two()
        duel = d.run(until=lambda du: du.pending.kind == "turn" and du.pending.player == "p1")
        duel.apply("p1", option)
        d.run(until=lambda du: any(e.kind == "spell" for e in du.events))
        (spell,) = d.events("spell")
        assert "DU-3" not in spell.clauses, option


def test_du10_an_area_at_a_point_that_catches_only_an_onlooker_is_refused_saying_why():
    d = Driver(
        scenario(
            "ilse",
            "kael",
            kind="duel",
            positions=[(20, 0), (20, 30)],
            bystanders=[{"id": "b1", "roster": "tamsin", "position": [45, 30]}],
        ),
        rolls=[("initiative", 20)],
    )
    duel = d.run(until=lambda du: du.pending.kind == "turn" and du.pending.player == "p1")
    with pytest.raises(state.IllegalDecision, match=r"outsiders while leaving the opponents out \(DU-10\)"):
        duel.apply("p1", "cast fireball @45,30")
    assert duel.pending.find("cast fireball @p2") is not None  # Kael's own burst is fine
