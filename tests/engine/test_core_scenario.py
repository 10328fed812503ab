"""Scenarios (the boundary model of a duel) and the manual dice source."""

import pytest
from mageduel import dice, roster
from mageduel.compose import combat, new_duel
from mageduel.hooks import Hooks
from mageduel.scenario import Participant, Scenario, default_scenario
from mageduel.state import Duel, IllegalDecision
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
    d = Duel(s, dice.Manual(), combat(), Hooks())
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


def test_c11_a_participant_may_start_under_a_named_spell_cast_by_a_foe():
    """Kael starts held by Ilse's hold person (its conditions, its caster level, the rounds left)."""
    s = Scenario.model_validate(
        {
            "kind": "duel",
            "participants": [
                {"id": "p1", "roster": "ilse"},
                {
                    "id": "p2",
                    "roster": "kael",
                    "spells_on": [{"spell": "hold_person", "caster": "p1", "rounds": 3}],
                },
            ],
        }
    )
    from mageduel.lineup import build_combatants

    kael = build_combatants(s)[1]
    held = [c for c in kael.conditions if c.source == "hold_person"]
    assert [(c.name, c.rounds, c.tick_on, c.data["cl"], c.data["caster"]) for c in held] == [
        ("paralysed", 3, "p1", 5, "p1")
    ]
    assert kael.acts() == "none"


def test_c11_a_spell_s_modifiers_and_its_own_duration_when_no_rounds_are_given():
    s = Scenario.model_validate(
        {
            "kind": "duel",
            "participants": [
                {"id": "p1", "roster": "ilse", "spells_on": [{"spell": "flare", "caster": "p2"}]},
                {"id": "p2", "roster": "kael"},
            ],
        }
    )
    from mageduel.lineup import build_combatants

    ilse = build_combatants(s)[0]
    flare = sorted((c.stat, c.value, c.rounds) for c in ilse.conditions if c.source == "flare")
    assert flare == [("attack", -1, 10), ("perception", -1, 10)]


def test_md15_a_participant_may_start_with_ability_damage_and_drain():
    s = Scenario.model_validate(
        {
            "participants": [
                {"id": "p1", "roster": "ilse", "ability_damage": {"con": 4}, "ability_drain": {"str": 2}},
                {"id": "p2", "roster": "kael"},
            ],
        }
    )
    d = new_duel(s, dice.Seeded(1))
    ilse = d.by_id["p1"]
    assert ilse.ability("con") == 14 - 4 and ilse.ability("str") == 8 - 2


def test_a_spell_put_on_by_the_scenario_is_refused_naming_the_field_when_it_cannot_be():
    def refused(spell_on: dict) -> str:
        with pytest.raises(ValidationError) as exc:
            Scenario.model_validate(
                {"participants": [{"roster": "ilse", "spells_on": [spell_on]}, {"roster": "kael"}]}
            )
        return str(exc.value)

    assert "magic_missile leaves no condition or modifier that lasts" in refused({"spell": "magic_missile"})
    assert "unknown spell 'zap'" in refused({"spell": "zap"})
    assert "duration is rolled" in refused({"spell": "color_spray"})
    assert "no participant 'p9'" in refused({"spell": "flare", "caster": "p9"})
