"""MD-1..MD-9: the mageduel rite, before the first blow."""

from __future__ import annotations

import pytest
from mageduel import rite, state
from mageduel.conditions import Condition
from mageduel.zone import Zone

from tests.rules.rules_kit import Driver, casting, scenario, zone_opts


def test_md1_a_fighter_cannot_take_part_and_the_rite_does_not_start():
    d = Driver(scenario("ilse", "garrick"))
    d.run()
    out = d.duel.outcome
    assert out.reason == "unqualified" and "MD-1" in out.clauses
    assert "Garrick" in out.text and "wizard or sorcerer" in out.text
    (ev,) = d.rite("qualification")
    assert ev.data["unqualified"] == [{"id": "p2", "why": rite.unqualified_reason(d.duel.by_id["p2"])}]
    # The rite stopped at once: no zone, no initiative, no round.
    assert not d.events("zone") and not d.events("initiative") and not d.events("round")


def test_md1_casters_qualify_even_with_items():
    d = Driver(scenario("odile", "kael", options=zone_opts(16)))  # Odile carries a wand and a scroll
    d.run(until=lambda du: du.round >= 1)
    (ev,) = d.rite("qualification")
    assert ev.data["qualified"] == ["p1", "p2"]


def test_md2_the_defender_calls_for_a_mageduel_and_a_refusal_is_an_admission():
    d = Driver(scenario("ilse", "kael", terms={"challenge": "called"}), plan=[("p1", "refuse")])
    d.run()
    assert d.rite("call")[0].actor == "p2"
    (refusal,) = d.rite("refusal")
    assert "kill" in refusal.data["meaning"] and "MD-2" in refusal.clauses
    assert (refusal.actor, refusal.data["rival"]) == ("p1", "p2")  # whom the refuser admits wishing to kill
    assert d.duel.outcome.reason == "refused" and not d.events("zone")


def test_md2_the_challenger_accepts_the_call_and_the_rite_goes_on():
    d = Driver(scenario("ilse", "kael", terms={"challenge": "called"}, options=zone_opts(20)))
    d.run(until=lambda du: du.round >= 1)
    assert d.rite("acceptance") and d.events("zone")


def test_md3_acclimation_is_refused_under_a_compulsion():
    d = Driver(scenario("ilse", "kael"))
    duel = d.duel
    assert d.rite("acclimation")[0].data == {"step": "acclimation", "rounds": 1}
    # Kael is charmed (as if by a charm person before the rite): acclimation cannot be done.
    duel.by_id["p2"].conditions.append(Condition("charmed", source="charm_person"))
    assert rite.compulsion_on(duel.by_id["p2"]) is not None
    assert rite.acclimation(duel) is False
    assert duel.outcome.reason == "compulsion" and "MD-3" in duel.outcome.clauses
    assert "Kael" in duel.outcome.text


def test_md3_a_participant_who_arrives_charmed_cannot_acclimate_and_the_rite_stops():
    data = scenario("ilse", "kael")
    data["participants"][1]["conditions"] = ["charmed"]  # charmed before the rite, by someone outside it
    d = Driver(data)
    d.run()
    out = d.duel.outcome
    assert (out.reason, out.tie, out.clauses) == ("compulsion", True, ("MD-3",)) and "Kael" in out.text
    (ev,) = d.rite("acclimation")
    assert ev.data["refused"][0]["id"] == "p2" and "charmed" in ev.data["refused"][0]["compulsion"]
    assert not d.events("zone") and not d.events("initiative")  # nothing after the acclimation


def test_md4_disagreement_is_settled_by_int_and_cha_checks():
    d = Driver(
        scenario("ilse", "kael"),
        plan=[("p1", "zone 20x20"), ("p2", "zone 72x46")],
        rolls=[("zone: opposed", 5), ("zone: opposed", 15)],
    )
    d.run(until=lambda du: du.zone is not None and du.pending.kind == "rite:prepare")
    rolls = [e for e in d.events("roll") if e.data["purpose"].startswith("zone")]
    assert [e.actor for e in rolls] == ["p1", "p2"]
    assert rolls[0].data["modifiers"] == [["Int", 4]]  # the wizard rolls Intelligence
    assert rolls[1].data["modifiers"][0][0] == "Cha"  # the sorcerer Charisma
    (settled,) = d.rite("zone")
    assert settled.data["winner"] == "p2" and settled.data["value"] == [72, 46]
    assert (d.duel.zone.width, d.duel.zone.height) == (72, 46)


def test_md4_agreement_needs_no_check():
    d = Driver(scenario("ilse", "kael"), plan=[("p1", "zone 46x20"), ("p2", "zone 46x20")])
    d.run(until=lambda du: du.zone is not None and du.pending.kind == "rite:prepare")
    assert not [e for e in d.events("roll") if e.data["purpose"].startswith("zone")]
    assert (d.duel.zone.width, d.duel.zone.height) == (46, 20)


def test_md5_proposals_outside_the_bounds_are_refused():
    d = Driver(scenario("ilse", "kael"))  # two 5th-level casters: 20 to 125 feet
    assert d.duel.pending.kind == "rite:zone"
    for bad in ("zone 19x20", "zone 20x126", "zone 500x500"):
        with pytest.raises(state.IllegalDecision):
            d.duel.apply("p1", bad)
    d.duel.apply("p1", "zone 33x21")  # any whole number within the bounds may be proposed
    assert d.rite("zone-proposal")[0].data["value"] == [33, 21]


def test_md5_three_first_level_casters_get_a_raised_maximum():
    d = Driver(scenario("tamsin", "bram", "tamsin"))
    ask = d.duel.pending
    assert ask.context["bounds"] == {"minimum": 6, "maximum": 6, "maximum_raised": True}
    assert ask.option_ids == ["zone 6x6"]


def test_md6_animals_inside_the_zone_save_each_round_or_flee():
    events = [{"kind": "animal", "round": 1, "who": "a fox", "will": 2}]
    d = Driver(scenario("ilse", "kael", options=zone_opts(20), events=events), rolls=[("a fox", 3)])
    d.run(until=lambda du: du.round >= 3)
    saves = [e for e in d.events("roll") if "a fox" in e.data["purpose"]]
    # One save only: DC 15 + 1 per participant, 3 + 2 = 5 fails, and a fled fox saves no more.
    assert [(s.data["target"], s.data["total"], s.data["outcome"]) for s in saves] == [(17, 5, "failure")]
    assert [a.data["flees"] for a in d.events("animal")] == [True]


def test_md6_an_animal_that_saves_stays_and_saves_again():
    events = [{"kind": "animal", "round": 1, "who": "a fox", "will": 2}]
    d = Driver(
        scenario("ilse", "kael", options=zone_opts(20), events=events),
        rolls=[("a fox", 18), ("a fox", 1)],
    )
    d.run(until=lambda du: du.round >= 3)
    animals = d.events("animal")
    assert [a.data["flees"] for a in animals] == [False, True]
    assert all("MD-6" in a.clauses for a in animals)


def test_md7_preparation_rounds_are_settled_by_checks_and_played():
    d = Driver(
        scenario("ilse", "kael", options=zone_opts(20)),
        plan=[("p1", "prepare 3"), ("p2", "prepare 1")],
        rolls=[("preparation: opposed", 18), ("preparation: opposed", 2)],
    )
    d.run(until=lambda du: du.phase == "fight" and du.round >= 1)
    (settled,) = d.rite("preparation")
    assert settled.data == {"step": "preparation", "agreed": False, "winner": "p1", "value": 3}
    prep_rounds = [e for e in d.events("round") if e.data["phase"] == "preparation"]
    assert len(prep_rounds) == 3
    fight = [e for e in d.events("round") if e.data["phase"] == "fight"]
    assert fight[0].data["round"] == 1  # the mageduel's own rounds count from 1 (MD-24)
    standard = {o.id: o.data["standard"] for o in rite_prepare_options()}
    assert [k for k, v in standard.items() if v] == ["prepare 1", "prepare 2", "prepare 3"]


def rite_prepare_options():
    d = Driver(scenario("ilse", "kael", options=zone_opts(20)))
    return d.duel.pending.options


def test_md8_only_touch_and_self_spells_enter_the_zone():
    # Nadira (p1) and Odile (p3) against Kael (p2). One preparation round: Nadira hastes Odile (a close
    # range spell on someone else: suppressed), Odile casts shield on herself (carried), Kael casts mage
    # armor by touch on himself (carried).
    d = Driver(
        scenario(
            "nadira", "kael", "odile", sides=["a", "b", "a"], options={**zone_opts(34), "max_rounds": 5}
        ),
        plan=[
            ("p1", "prepare 1"),
            ("p2", "prepare 1"),
            ("p3", "prepare 1"),
            ("p1", casting("haste", "p3")),
            ("p2", casting("mage_armor", "p2")),
            ("p3", casting("shield")),
        ],
    )
    d.run(until=lambda du: bool(d.rite("begin")))
    effects = d.rite("suppression")[0].data["effects"]
    assert effects["p3"] == {"carried": ["shield"], "suppressed": ["haste"]}
    assert effects["p2"] == {"carried": ["mage_armor"], "suppressed": []}
    assert not any(c.source == "haste" for c in d.duel.by_id["p3"].conditions)
    assert any(c.source == "shield" for c in d.duel.by_id["p3"].conditions)
    gone = [e for e in d.events("condition-ends") if e.data["why"].startswith("suppressed")]
    assert gone and all(e.actor == "p3" for e in gone)


def test_md8_stoneskin_a_touch_spell_is_carried_and_listed_a_summons_is_suppressed():
    # Corvin touches himself with stoneskin; Aurelian summons a creature by the border. Stoneskin's damage
    # reduction is an effect of a touch spell: it comes in, and the entry report names it; the summoned
    # creature is a conjured effect, neither touch nor on oneself: suppressed.
    d = Driver(
        scenario("corvin", "aurelian", options=zone_opts(100)),
        plan=[
            ("p1", "prepare 1"),
            ("p2", "prepare 1"),
            ("p1", casting("stoneskin", "p1")),
            ("p2", casting("summon_monster_iii")),
        ],
    )
    d.run(until=lambda du: bool(d.rite("begin")))
    effects = d.rite("suppression")[0].data["effects"]
    assert effects["p1"] == {"carried": ["stoneskin"], "suppressed": []}
    assert effects["p2"]["suppressed"] == ["p2s1"] and d.duel.by_id["p2s1"].status == "excluded"
    corvin = d.duel.by_id["p1"]
    assert corvin.dr and [c.source for c in corvin.conditions] == ["stoneskin"]


def grasping_ilse() -> dict:
    """Ilse's sheet with shocking grasp (a touch spell) in place of one magic missile."""
    from mageduel import roster

    sheet = roster.get("ilse").model_dump(mode="json")
    sheet["prepared"]["1"] = ["magic_missile", "shocking_grasp", "shield", "mage_armor"]
    return sheet


def test_md8_a_held_charge_enters_the_zone_and_is_delivered_by_touch():
    # Ilse casts shocking grasp during the preparation, touching nobody: she holds the charge, carries it
    # into the zone (a touch spell), walks up to Kael and delivers it: a melee touch attack, half damage.
    data = scenario("ilse", "kael", options=zone_opts(20))
    data["participants"][0] = {"id": "p1", "character": grasping_ilse()}
    d = Driver(
        data,
        plan=[
            ("p1", "prepare 1"),
            ("p2", "prepare 1"),
            ("p1", "cast shocking_grasp hold"),
            ("p1", "move 10,13"),
            ("p1", "touch shocking_grasp @p2"),
        ],
        rolls=[("initiative", 20), ("melee touch", 15), ("shocking_grasp damage", 15)],
    )
    d.run(until=lambda du: du.phase == "mageduel" and du.turn_of == "p2")
    (held,) = d.events("charge-held")
    assert held.actor == "p1" and held.round == 1 and "MD-8" in held.clauses
    assert d.rite("suppression")[0].data["effects"]["p1"] == {"carried": ["shocking_grasp"], "suppressed": []}
    (touch,) = d.events("touch")
    assert touch.data == {"spell": "shocking_grasp", "target": "p2"}
    (hit,) = [e for e in d.events("damage") if e.actor == "p2"]
    assert hit.data["spell"] == "shocking_grasp" and hit.data["amount"] == 15 // 2 and "MD-16" in hit.clauses
    assert not [c for c in d.duel.by_id["p1"].conditions if c.stat == "held_charge"]  # discharged


def test_md8_casting_another_spell_lets_a_held_charge_dissipate():
    data = scenario("ilse", "kael", options=zone_opts(20))
    data["participants"][0] = {"id": "p1", "character": grasping_ilse()}
    d = Driver(
        data,
        plan=[
            ("p1", "prepare 2"),
            ("p2", "prepare 2"),
            ("p1", "cast shocking_grasp hold"),
            ("p1", "cast shield"),
        ],
    )
    d.run(until=lambda du: bool(d.rite("suppression")))
    gone = [e for e in d.events("condition-ends") if e.data["condition"] == "held charge"]
    assert gone and gone[0].data["why"].startswith("dissipated")
    assert d.rite("suppression")[0].data["effects"]["p1"] == {"carried": ["shield"], "suppressed": []}


def test_md8_nobody_may_aim_at_a_rival_during_the_preparation():
    d = Driver(
        scenario("ilse", "kael", options=zone_opts(20)), plan=[("p1", "prepare 1"), ("p2", "prepare 1")]
    )
    d.run(until=lambda du: du.phase == "preparation" and du.pending.kind == "turn")
    ids = d.duel.pending.option_ids
    assert "cast shield" in ids
    assert not any("@p2" in i for i in ids) and not any(i.startswith(("move", "attack")) for i in ids)
    # Everyone waits outside the border, at equal intervals.
    zone = d.duel.zone
    assert not zone.holds(d.duel.by_id["p1"].pos) and not zone.holds(d.duel.by_id["p2"].pos)


def test_md9_everyone_enters_at_once_from_the_entry_points():
    d = Driver(scenario("ilse", "kael", "odile", options=zone_opts(24)))
    d.run(until=lambda du: bool(d.rite("begin")))
    (entry,) = d.rite("entry")
    assert entry.data["entered"] == ["p1", "p2", "p3"] and entry.data["excluded"] == []
    zone = d.duel.zone
    expected = [rite.inside_point(zone, b) for b in zone.entry_points(3)]
    assert [tuple(entry.data["positions"][p]) for p in ("p1", "p2", "p3")] == expected
    assert all(zone.holds(p) for p in expected)


def test_md9_who_cannot_enter_in_time_is_excluded():
    d = Driver(scenario("ilse", "kael", "odile", options=zone_opts(24)), plan=[("p1", "prepare 1")] * 0)
    # Odile is paralysed while the others prepare (as by a spell from outside the rite).
    d.duel.add_condition("p3", Condition("paralysed", rounds=10, tick_on="p1", clauses=("C-11",)))
    d.run(until=lambda du: bool(d.rite("entry")))
    (entry,) = d.rite("entry")
    assert entry.data["excluded"] == ["p3"] and d.duel.by_id["p3"].status == "excluded"
    d.run(until=lambda du: du.round >= 1)
    assert d.duel.outcome is None  # the others fight on


def test_md9_if_only_one_side_enters_there_is_no_mageduel():
    d = Driver(scenario("ilse", "kael", options=zone_opts(20)))
    d.duel.add_condition("p2", Condition("paralysed", rounds=10, tick_on="p1", clauses=("C-11",)))
    d.run()
    out = d.duel.outcome
    assert out.reason == "excluded" and out.winners == ["p1"] and out.losers == ["p2"]


def test_md9_one_who_chooses_to_stay_out_is_excluded_and_the_others_fight_on():
    d = Driver(scenario("ilse", "kael", "odile", options=zone_opts(24)), plan=[("p2", "stay-out")])
    d.run(until=lambda du: bool(d.rite("entry")))
    (entry,) = d.rite("entry")
    assert entry.data["entered"] == ["p1", "p3"] and entry.data["excluded"] == ["p2"]
    assert entry.data["stayed_out"] == ["p2"] and entry.data["unable"] == []
    assert d.duel.by_id["p2"].status == "excluded"
    d.run(until=lambda du: du.round >= 1)
    assert d.duel.outcome is None


def test_md9_the_entry_choice_is_asked_of_each_and_logged_only_once_all_have_chosen():
    d = Driver(scenario("ilse", "kael", options=zone_opts(20)))
    d.run(until=lambda du: du.pending is not None and du.pending.kind == "rite:entry")
    first = d.duel.pending.player
    assert [o.id for o in d.duel.pending.options] == ["enter", "stay-out"]
    d.duel.apply(first, "stay-out")
    # The second one decides without any trace of the first one's choice in what they can see.
    assert d.duel.pending.kind == "rite:entry" and d.duel.pending.player != first
    seen = d.duel.view(d.duel.pending.player)
    assert not [e for e in seen.events if e.data.get("step") == "entry"]
    d.duel.apply(d.duel.pending.player, "enter")
    out = d.duel.outcome
    assert out.reason == "excluded" and out.losers == [first] and "MD-9" in out.clauses


def test_md9_staying_out_is_marked_as_losing_so_policies_avoid_it():
    d = Driver(scenario("ilse", "kael", options=zone_opts(20)))
    d.run(until=lambda du: du.pending is not None and du.pending.kind == "rite:entry")
    stay = next(o for o in d.duel.pending.options if o.id == "stay-out")
    assert "MD-9" in stay.data["ends_duel"]


def test_md9_inside_points_are_never_on_a_face():
    zone = Zone(4, 4)
    for b in zone.entry_points(2):
        x, y, _ = rite.inside_point(zone, b)
        assert 0 < x < 4 and 0 < y < 4
