"""Issue 11's findings in the engine, one regression test each (they run in CPython and in Pyodide).

1. MD-14: a negative level's hit points took a mageduellist below 0, and they died.
5. Impossible geometry (NaN, Infinity, 1e308 positions; zones of 1e-300 to Infinity feet) was accepted.
6. JSON nested 1,000 deep and 5,000-digit integers reached the models (an internal error).
7. A bad value was echoed back whole.
9. Negative levels could take the maximum hit points to 0 or below with the character still active.
11. MD-26: the public casting event named the item (a one-spell scroll gives the spell away).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from mageduel import endings
from mageduel.bounds import MAX_LINE, BoundsError, load_json, refusal
from mageduel.character import Character
from mageduel.dice import Scripted
from mageduel.replay import Replay
from mageduel.scenario import Scenario
from mageduel.spells.catalogue import get
from pydantic import ValidationError

from tests.engine.coretools import core_duel, resolve_nodes

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def _duel(a: str, b: str, natural: int, kind: str):
    """A core duel at its first turn, whose next dice all show ``natural`` (the d4 of enervation's levels)."""
    d = core_duel(a, b, kind=kind)
    d.dice = Scripted([natural] * 50)
    return d


def _mageduel_at_war(a: str = "ilse", b: str = "tamsin", natural: int = 4):
    d = _duel(a, b, natural, "mageduel")
    endings.snapshot(d)
    d.rule_state.rite.md_started = True
    return d


def test_finding1_md14_negative_levels_never_kill_in_a_mageduel():
    d = _mageduel_at_war()
    t = d.by_id["p2"]  # Tamsin, a 1st-level wizard with 10 hp: 4 negative levels are 20 hp and 4 HD
    node = get("enervation").effects[0].on_hit
    resolve_nodes(d, "p1", "p2", "enervation", node)
    assert t.negative_levels == 4
    assert t.status == "slain", t.status
    statuses = [e.data.get("status") for e in d.events if e.kind == "status" and e.actor == "p2"]
    assert "dead" not in statuses and "dying" not in statuses
    assert any(e.kind == "status" and "MD-14" in e.clauses for e in d.events)


def test_finding1_md20_gives_back_what_enervation_took_and_the_slain_are_not_dead():
    d = _mageduel_at_war("tamsin", "ilse", natural=2)
    t = d.by_id["p2"]  # Ilse, 5th level, 32 hp: two negative levels (the d4 shows 2)
    before = (t.hp, t.max_hp)
    node = get("enervation").effects[0].on_hit
    resolve_nodes(d, "p1", "p2", "enervation", node)
    assert (t.hp, t.max_hp) == (before[0] - 10, before[1] - 10) and t.status == "active"
    endings.restore(d)
    assert (t.hp, t.max_hp, t.negative_levels) == (*before, 0)
    restored = next(e for e in d.events if e.kind == "restored")
    assert restored.data["participants"]["p2"]["negative_levels_removed"] == 2


def test_finding1_md15_constitution_0_is_slain_not_dead_in_a_mageduel():
    from mageduel import effects
    from mageduel.state import AbilityDamage

    d = _mageduel_at_war()
    t = d.by_id["p2"]
    effects.apply_ability(d, AbilityDamage("p2", "con", 40, "drain"))
    assert t.status == "slain"
    assert not [e for e in d.events if e.kind == "status" and e.data.get("status") == "dead"]


def test_finding9_negative_levels_leave_at_least_1_maximum_hit_point():
    d = _duel("tamsin", "ilse", 2, "duel")
    t = d.by_id["p2"]  # Ilse: 5 Hit Dice; her maximum set low, as a drained creature's may be
    t.max_hp = t.hp = 6
    node = get("enervation").effects[0].on_hit
    resolve_nodes(d, "p1", "p2", "enervation", node)
    assert t.negative_levels == 2
    assert t.max_hp >= 1 and t.hp <= t.max_hp
    assert t.status == "active"


def test_finding9_as_many_negative_levels_as_hit_dice_kill_in_a_plain_duel():
    d = _duel("ilse", "tamsin", 1, "duel")
    t = d.by_id["p2"]  # Tamsin: 1 Hit Die, so one negative level kills (C-6)
    node = get("enervation").effects[0].on_hit
    resolve_nodes(d, "p1", "p2", "enervation", node)
    assert t.negative_levels == 1 and t.status == "dead"


def test_finding11_md26_the_public_casting_event_names_no_item():
    rep = Replay.model_validate_json((GOLDEN / "mageduel_defeat.json").read_text(encoding="utf-8"))
    assert rep.decisions[2] == "p1: use item1 fly @p1"  # Ilse's scroll holds one spell: fly
    from mageduel.replay import verify

    check = verify(rep.model_copy(update={"decisions": rep.decisions[:3], "events": None, "outcome": None}))
    duel = check.duel
    public = [e for e in duel.events if e.kind == "casting" and e.actor == "p1"]
    assert public and all("item" not in e.data and "item_kind" not in e.data for e in public)
    private = next(e for e in duel.events if e.kind == "casting-spell" and e.actor == "p1")
    assert private.audience == ("p1",) and private.data["item"] == "item1"
    assert private.data["item_kind"] == "scroll"
    for e in duel.view("p2").events:
        if e.actor == "p1" and e.kind == "casting":
            assert "item" not in e.data and "fly" not in json.dumps(e.data)


def _scenario(**participant) -> dict:
    return {"kind": "duel", "participants": [{"roster": "ilse", **participant}, {"roster": "kael"}]}


@pytest.mark.parametrize(
    "position", [[float("nan"), 0.0], [float("inf"), 0.0], [1e308, 0.0], [0.0, -1e308], [1.0, 2.0, 1e300]]
)
def test_finding5_impossible_positions_are_refused(position):
    with pytest.raises(ValidationError) as exc:
        Scenario.model_validate(_scenario(position=position))
    line = refusal(exc.value, "scenario")
    assert "participants.0.position" in line and len(line) <= MAX_LINE and "\n" not in line


@pytest.mark.parametrize("side", [1e-300, 0.5, float("inf"), float("nan"), 1e308, -4.0])
def test_finding5_impossible_zone_sizes_are_refused(side):
    data = {**_scenario(), "kind": "mageduel", "options": {"zone_width": side}}
    with pytest.raises(ValidationError) as exc:
        Scenario.model_validate(data)
    assert "options.zone_width" in refusal(exc.value, "scenario")


def test_finding5_the_rules_limits_still_pass():
    Scenario.model_validate({**_scenario(position=[800_000.0, -800_000.0, 0.0])})
    Scenario.model_validate(
        {**_scenario(), "kind": "mageduel", "options": {"zone_width": 4, "zone_height": 20}}
    )


@pytest.mark.parametrize(
    "text, field",
    [
        ('{"options": {"zone_width": Infinity}}', "zone_width"),
        ('{"position": [NaN, 1]}', "position"),
        ('{"position": [1e999, 1]}', "position"),
        ('{"seed": ' + "9" * 5000 + "}", "seed"),
    ],
)
def test_finding2_and_5_non_finite_numbers_are_refused_before_the_models(text, field):
    with pytest.raises(BoundsError) as exc:
        load_json(text, "save")
    line = str(exc.value)
    assert line.startswith("invalid save: ") and field in line and len(line) <= MAX_LINE


def test_finding6_json_nested_1000_deep_is_refused_in_one_line():
    with pytest.raises(BoundsError) as exc:
        load_json("[" * 1000 + "]" * 1000, "replay")
    assert str(exc.value) == "invalid replay: nested 1000 deep, more than the 32 allowed"
    # Brackets inside strings do not count.
    assert load_json(json.dumps({"name": "[" * 1000}), "scenario") == {"name": "[" * 1000}


def test_finding6_a_5000_digit_integer_is_refused_naming_its_field():
    with pytest.raises(BoundsError) as exc:
        load_json('{"dice": {"kind": "seeded", "seed": ' + "1" * 5000 + "}}", "replay")
    assert str(exc.value) == "invalid replay: seed: an integer of 5,000 digits (at most 20)"


def test_finding2_a_decompressed_link_over_1_mb_is_refused_before_parsing():
    from mageduel.bounds import MAX_LINK

    with pytest.raises(BoundsError) as exc:
        load_json(" " * (MAX_LINK + 1), "link", limit=MAX_LINK)
    assert "more than the 1,000,000 allowed" in str(exc.value)


def test_finding7_a_bad_value_is_echoed_cut_short():
    data = _scenario()
    data["participants"][0]["roster"] = "x" * 10_000_000
    with pytest.raises(ValidationError) as exc:
        Scenario.model_validate(data)
    line = refusal(exc.value, "scenario")
    assert len(line) <= MAX_LINE and "participants.0.roster" in line and "10,000,000 characters" in line


def test_finding7_every_bad_field_fits_in_one_line():
    data = {"kind": "brawl", "participants": [{"roster": "nobody"}, {"roster": "kael", "side": ""}]}
    with pytest.raises(ValidationError) as exc:
        Scenario.model_validate(data)
    line = refusal(exc.value, "scenario")
    assert line.startswith("invalid scenario: kind: ") and "participants.0.roster" in line
    assert "\n" not in line and len(line) <= MAX_LINE


def test_names_are_at_most_80_characters():
    from mageduel import roster

    sheet = roster.get("ilse").model_dump()
    sheet["name"] = {"en": "N" * 81, "fr": "N"}
    with pytest.raises(ValidationError) as exc:
        Character.model_validate(sheet)
    assert "name.en" in refusal(exc.value, "character")
    sheet["name"] = {"en": "N" * 80, "fr": "N"}
    Character.model_validate(sheet)


@pytest.mark.parametrize(
    "text, line, field, code, params",
    [
        (
            '{"zone_width": Infinity}',
            "invalid scenario: zone_width: Infinity is not a finite number",
            "zone_width",
            "not_finite",
            {"value": "Infinity"},
        ),
        (
            '{"seed": ' + "7" * 5000 + "}",
            "invalid scenario: seed: an integer of 5,000 digits (at most 20)",
            "seed",
            "big_integer",
            {"digits": "5000", "limit": "20"},
        ),
        (
            "[" * 40 + "]" * 40,
            "invalid scenario: nested 40 deep, more than the 32 allowed",
            "",
            "too_deep",
            {"depth": "40", "limit": "32"},
        ),
        (
            "{nope",
            "invalid scenario: not valid JSON (line 1, column 2: Expecting property name enclosed in double "
            "quotes)",
            "",
            "not_json",
            {"line": "1", "column": "2"},
        ),
        (b"\xff{}", "invalid scenario: not UTF-8 text (byte 0)", "", "not_utf8", {"byte": "0"}),
    ],
    ids=["not_finite", "big_integer", "too_deep", "not_json", "not_utf8"],
)
def test_a_bounds_refusal_is_one_english_line_and_the_same_as_data(text, line, field, code, params):
    """The command line keeps its English line; the refusal also carries its field, a code of
    ``bounds.CODES`` and that code's parameters, so that a page words it in its reader's language."""
    from mageduel.bounds import CODES

    with pytest.raises(BoundsError) as exc:
        load_json(text, "scenario")
    e = exc.value
    assert str(e) == line and len(line) <= MAX_LINE
    assert (e.what, e.field, e.code, e.params) == ("scenario", field, code, params)
    assert set(e.params) == set(CODES[code])
