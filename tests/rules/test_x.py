"""X-1..X-4: how the two texts combine."""

from __future__ import annotations

import json

import pytest
from mageduel.scenario import Scenario
from mageduel.terms import Terms
from pydantic import ValidationError

from tests.rules.rules_kit import BUILT, Driver, casting, scenario


def test_x1_duel_actions_and_duel_rules_hold_inside_a_mageduel():
    d = Driver(
        scenario("ilse", "kael", options={"zone_width": 20}, terms={"progress_check": True}),
        plan=[("p2", casting("scorching_ray", "p1"))],
        rolls=[("initiative", 1)],
    )
    d.run(until=lambda du: du.pending.player == "p1" and du.pending.kind == "defend")
    assert "react dodge" in d.duel.pending.option_ids  # DU-22 in a mageduel
    assert [a for p, a in d.log if a == "go-on"]  # DU-9's progress check too


def test_x1_a_plain_duel_is_playable_without_rite_or_zone():
    d = Driver(
        scenario("ilse", "kael", kind="duel", terms={"end": "first_blood"}),
        plan=[("p2", casting("magic_missile", "p1"))],
        rolls=[("initiative", 1)],
    )
    d.run()
    assert d.duel.zone is None and not d.events("zone") and not d.rite("qualification")
    assert d.duel.outcome.reason == "first-blood"


def test_x2_terms_are_fixed_in_the_scenario_with_their_defaults():
    sc = Scenario.model_validate(scenario("ilse", "kael"))
    t = sc.terms
    assert (t.kind, t.duel_actions, t.performance_combat, t.nonlethal_arena, t.end) == (
        "mageduel",
        True,
        False,
        False,
        "default",
    )
    d = Driver(
        scenario("ilse", "kael", kind="duel", terms={"duel_actions": False}),
        plan=[("p2", casting("scorching_ray", "p1"))],
        rolls=[("initiative", 1)],
    )
    d.run(until=lambda du: du.round >= 2)
    assert not [k for k, a in d.log if "react" in a] and not d.events("dodge")
    assert d.events("start")[0].clauses == ("X-2",)


def test_x2_every_scenario_of_the_rules_tests_is_a_valid_play_input():
    import importlib

    for name in (
        "test_md_rite",
        "test_md_zone",
        "test_md_endings",
        "test_du_starting",
        "test_du_fighting",
        "test_du_counterspell",
        "test_du_effort",
        "test_du_dodge",
        "test_du_parry",
        "test_du_results",
    ):
        importlib.import_module(f"tests.rules.{name}")
    assert BUILT  # every helper call records its scenario
    from mageduel import cli

    for data in BUILT:
        # As `play` reads it: JSON text, then the command's own validation (which fails with exit 2).
        cli._validate(Scenario, json.loads(json.dumps(data)), "scenario")
        Scenario.model_validate_json(Scenario.model_validate(data).model_dump_json())


def test_x3_a_mageduel_refuses_a_duel_end_condition():
    with pytest.raises(ValidationError) as err:
        Scenario.model_validate(scenario("ilse", "kael", terms={"end": "first_blood"}, invalid=True))
    assert "end:" in str(err.value) and "X-3" in str(err.value)


@pytest.mark.parametrize(
    "terms,field",
    [
        ({"kind": "duel", "end": "hits"}, "hits"),
        ({"kind": "duel", "hits": 2}, "hits"),
        ({"kind": "duel", "attack_kind": "magic", "weapon_forms": ["melee"]}, "weapon_forms"),
        ({"kind": "duel", "nonlethal_arena": True, "end": "to_the_death"}, "nonlethal_arena"),
        ({"kind": "mageduel", "ban_magic_on_others": True}, "ban_magic_on_others"),
        ({"kind": "duel", "challenge": "called"}, "challenge"),
        ({"kind": "duel", "same_weapon": "lightsaber"}, "same_weapon"),
        ({"kind": "duel", "performance_combat": True, "duel_actions": False}, "performance_combat"),
        ({"kind": "duel", "same_weapon": "longsword", "weapon_forms": ["ranged"]}, "same_weapon"),
        ({"kind": "duel", "counter_rule": "en", "duel_actions": False}, "counter_rule"),
    ],
)
def test_x3_contradictory_terms_are_refused_naming_the_field(terms, field):
    with pytest.raises(ValidationError) as err:
        Terms(**terms)
    assert f"{field}:" in str(err.value)


def test_x4_the_extra_counterspell_and_the_duel_counter_in_one_round():
    d = Driver(
        scenario("ilse", "kael", "bram", sides=["a", "b", "b"], options={"zone_width": 22}),
        plan=[
            ("p2", casting("magic_missile", "p1")),
            ("p1", "identify"),
            ("p1", "react md-counter magic_missile slot1"),
            ("p3", casting("magic_missile", "p1")),
            ("p1", "identify"),
            ("p1", "react duel-counter magic_missile slot1"),
        ],
        rolls=[
            ("initiative", 20),
            ("initiative", 10),
            ("initiative", 5),
            ("Spellcraft", 20),
            ("Spellcraft", 20),
        ],
    )
    d.run(until=lambda du: du.round >= 2)
    countered = d.events("countered")
    assert [e.data["caster"] for e in countered] == ["p2", "p3"] and {e.round for e in countered} == {1}
    assert "MD-12" in d.events("counterspell")[0].clauses and d.events("duel-counter")


def test_x2_terms_without_a_kind_take_the_scenario_s():
    data = {
        "kind": "duel",
        "participants": [{"roster": "ilse"}, {"roster": "kael"}],
        "terms": {"end": "first_blood"},
    }
    sc = Scenario.model_validate(data)
    assert (sc.terms.kind, sc.terms.end) == ("duel", "first_blood")
    with pytest.raises(ValidationError) as err:
        Scenario.model_validate({**data, "terms": {"kind": "mageduel"}})
    assert "terms.kind" in str(err.value)


def test_x1_a_duel_action_used_inside_a_mageduel_cites_x1_and_not_in_a_plain_duel():
    for kind, cited in (("mageduel", True), ("duel", False)):
        d = Driver(
            scenario("ilse", "kael", kind=kind, options={"zone_width": 30} if kind == "mageduel" else None),
            plan=[("p2", casting("scorching_ray", "p1")), ("p1", "react dodge")],
            rolls=[("initiative", 1), ("initiative", 20)],
        )
        d.run(until=lambda du: bool([e for e in du.events if e.kind == "immediate"]))
        (used,) = d.events("immediate")
        assert used.actor == "p1" and ("X-1" in used.clauses) is cited and "DU-11" in used.clauses


def test_x3_a_mageduel_s_defeat_is_the_rite_s_end_and_cites_x3():
    d = Driver(
        scenario("ilse", "tamsin", options={"zone_width": 20}),
        plan=[("p1", casting("fireball", "p2"))],
        rolls=[("initiative", 20), ("initiative", 5), ("ref save", 2), ("fireball damage", 30)],
    )
    d.run()
    (end,) = d.events("end")
    assert d.duel.outcome.reason == "defeat" and {"MD-21", "X-3"} <= set(end.clauses)
    assert "DU-5" not in end.clauses


def test_x3_a_plain_duel_s_end_is_du5_s_not_the_rite_s():
    d = Driver(
        scenario("ilse", "kael", kind="duel", terms={"end": "first_blood"}),
        plan=[("p1", casting("magic_missile", "p2"))],
        rolls=[("initiative", 20)],
    )
    d.run()
    (end,) = d.events("end")
    assert "DU-5" in end.clauses and "X-3" not in end.clauses
