"""Scenarios (the boundary model of a duel) and the manual dice source."""

import pytest
from mageduel import dice, roster
from mageduel.hooks import Hooks
from mageduel.scenario import Participant, Scenario, default_scenario
from mageduel.state import Duel, IllegalDecision, new_duel
from pydantic import ValidationError


def _locs(exc: ValidationError) -> set[str]:
    return {".".join(str(p) for p in e["loc"]) for e in exc.errors()}


def test_default_scenario_is_a_mageduel_between_the_level_5_wizard_and_sorcerer():
    s = default_scenario()
    chars = [p.resolve() for p in s.participants]
    assert s.kind == "mageduel" and s.terms.kind == "mageduel"
    assert sorted((c.cls, c.level) for c in chars) == [("sorcerer", 5), ("wizard", 5)]


def test_bad_scenarios_are_refused_naming_the_field():
    with pytest.raises(ValidationError) as e:
        Scenario.model_validate(
            {
                "kind": "brawl",
                "participants": [{"roster": "nobody"}, {"roster": "kael"}],
                "options": {"max_rounds": 0},
                "events": [{"kind": "meteor", "round": 1}],
            }
        )
    locs = _locs(e.value)
    assert {"kind", "participants.0.roster", "options.max_rounds", "events.0.kind"} <= locs
    with pytest.raises(ValidationError, match="exactly one of 'roster'"):
        Scenario.model_validate(
            {
                "participants": [
                    {"roster": "ilse", "character": roster.get("kael").model_dump()},
                    {"roster": "kael"},
                ]
            }
        )
    with pytest.raises(ValidationError, match="participants"):
        Scenario.model_validate({"participants": [{"roster": "ilse"}]})
    with pytest.raises(ValidationError, match="terms.kind"):
        Scenario.model_validate(
            {
                "kind": "duel",
                "terms": {"kind": "mageduel"},
                "participants": [{"roster": "ilse"}, {"roster": "kael"}],
            }
        )
    with pytest.raises(ValidationError, match="same side"):
        Scenario.model_validate(
            {"participants": [{"roster": "ilse", "side": "a"}, {"roster": "kael", "side": "a"}]}
        )


def test_an_inline_character_sheet_is_accepted():
    sheet = roster.get("kael").model_dump()
    sheet["id"] = "kael_copy"
    s = Scenario.model_validate({"kind": "duel", "participants": [{"roster": "ilse"}, {"character": sheet}]})
    d = new_duel(s, dice.Seeded(1))
    assert d.by_id["p2"].max_hp == roster.get("kael").max_hp


def test_manual_dice_ask_a_person_for_the_natural_and_check_its_range():
    s = Scenario(
        kind="duel", participants=[Participant(id="p1", roster="ilse"), Participant(id="p2", roster="kael")]
    )
    d = Duel(s, dice.Manual(), Hooks())
    p = d.pending
    assert (
        p.kind == "roll"
        and p.player == "p1"
        and p.option_ids[0] == "roll 1"
        and p.option_ids[-1] == "roll 20"
    )
    with pytest.raises(IllegalDecision):
        d.apply("p1", "roll 21")
    d.apply("p1", "roll 17")
    d.apply("p2", "roll 3")
    assert d.order == ["p1", "p2"] and d.pending.kind == "turn"
    assert [e.data["natural"] for e in d.events if e.kind == "roll"] == [17, 3]
    # The replay of a manual game keeps the rolls among its decisions.
    assert d.clone().order == ["p1", "p2"]


def test_starting_conditions_must_be_known_conditions_and_are_put_on_the_participant():
    with pytest.raises(ValidationError) as e:
        Scenario.model_validate(
            {"participants": [{"roster": "ilse", "conditions": ["dominated"]}, {"roster": "kael"}]}
        )
    assert _locs(e.value) == {"participants.0.conditions"} and "unknown condition 'dominated'" in str(e.value)
    s = Scenario.model_validate(
        {"kind": "duel", "participants": [{"roster": "ilse", "conditions": ["shaken"]}, {"roster": "kael"}]}
    )
    d = new_duel(s, dice.Seeded(1))
    assert d.by_id["p1"].has("shaken") and not d.by_id["p2"].conditions
