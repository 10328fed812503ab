"""Issue 11: the engine's rule checks (a feat's prerequisites, a spell list, an item, the terms…) are
refused in the reader's language: a French page says the reason in French, naming the field."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from mageduel import Character, RuleError, Scenario, Terms, duel_scenario, premade
from pydantic import BaseModel, ValidationError

from tests.web.test_no_engine_code import findings
from web.game.app import App
from web.game.refusals import error, fields, rule


def sheet(cid: str, **changes: Any) -> dict[str, Any]:
    data = premade(cid).model_dump(mode="json")
    data.update(changes)
    return data


def scenario(**changes: Any) -> dict[str, Any]:
    data = duel_scenario("maelis", "tobin").model_dump(mode="json", exclude_none=True)
    data.update(changes)
    return data


KAEL = premade("kael").model_dump(mode="json")
TAMSIN = premade("tamsin").model_dump(mode="json")

#: (code, model, bad input, the field the line names)
CASES: list[tuple[str, type[BaseModel], Callable[[], dict[str, Any]], str]] = [
    ("feat.unknown", Character, lambda: sheet("kael", feats=[{"id": "leadership"}]), "feats.0"),
    ("feat.needs_school", Character, lambda: sheet("kael", feats=[{"id": "spell_focus"}]), "feats.0"),
    (
        "feat.no_school",
        Character,
        lambda: sheet("kael", feats=[{"id": "toughness", "school": "evocation"}]),
        "feats.0",
    ),
    (
        "feat.twice",
        Character,
        lambda: sheet("kael", feats=[{"id": "toughness"}, {"id": "toughness"}]),
        "feats",
    ),
    (
        "feat.too_many",
        Character,
        lambda: sheet(
            "tamsin", feats=[{"id": "toughness"}, {"id": "improved_initiative"}, {"id": "combat_casting"}]
        ),
        "feats",
    ),
    ("weapon.unknown", Character, lambda: sheet("kael", weapons=["spear", "laser_sword"]), "weapons"),
    ("armor.unknown", Character, lambda: sheet("kael", armor="mithral_suit"), "armor"),
    ("skill.over_level", Character, lambda: sheet("tamsin", skills={"spellcraft": 5}), "skills"),
    (
        "spells.twice",
        Character,
        lambda: sheet(
            "kael",
            known={**KAEL["known"], "0": ["ray_of_frost", "ray_of_frost", "daze", "flare", "resistance"]},
        ),
        "known",
    ),
    (
        "spell.unknown_at",
        Character,
        lambda: sheet(
            "kael", known={**KAEL["known"], "1": ["magic_missile", "shield", "mage_armor", "lightning_lance"]}
        ),
        "known",
    ),
    (
        "spell.wrong_level",
        Character,
        lambda: sheet(
            "kael", known={**KAEL["known"], "1": ["magic_missile", "shield", "mage_armor", "fireball"]}
        ),
        "known",
    ),
    (
        "spells.slots",
        Character,
        lambda: sheet(
            "tamsin",
            prepared={
                **TAMSIN["prepared"],
                "1": ["magic_missile", "color_spray", "shield", "sleep", "grease"],
            },
        ),
        "prepared",
    ),
    (
        "item.caster_level",
        Character,
        lambda: sheet("tamsin", items=[{"type": "scroll", "spell": "fireball", "caster_level": 1}]),
        "items.0.scroll",
    ),
    (
        "spell.unknown",
        Character,
        lambda: sheet("tamsin", items=[{"type": "scroll", "spell": "lightning_lance", "caster_level": 3}]),
        "items.0.scroll.spell",
    ),
    ("feat.needs_weapon", Character, lambda: sheet("kael", feats=[{"id": "weapon_focus"}]), "feats.0"),
    (
        "weapon.not_carried",
        Character,
        lambda: sheet("kael", weapon_enhancements={"longsword": 1}),
        "weapon_enhancements",
    ),
    (
        "roster.unknown",
        Scenario,
        lambda: scenario(participants=[{"id": "p1", "roster": "merlin"}, {"id": "p2", "roster": "tobin"}]),
        "participants.0.roster",
    ),
    (
        "condition.unknown",
        Scenario,
        lambda: scenario(
            participants=[
                {"id": "p1", "roster": "maelis", "conditions": ["sleepy"]},
                {"id": "p2", "roster": "tobin"},
            ]
        ),
        "participants.0.conditions",
    ),
    (
        "scenario.duplicate_id",
        Scenario,
        lambda: scenario(participants=[{"id": "p1", "roster": "maelis"}, {"id": "p1", "roster": "tobin"}]),
        "",
    ),
    (
        "participant.one_source",
        Scenario,
        lambda: scenario(participants=[{"id": "p1"}, {"id": "p2", "roster": "tobin"}]),
        "participants.0",
    ),
    ("terms.hits_missing", Terms, lambda: {"kind": "duel", "end": "hits"}, ""),
    ("terms.end_mageduel", Terms, lambda: {"kind": "mageduel", "end": "first_blood"}, ""),
    (
        "terms.several",
        Terms,
        lambda: {"kind": "mageduel", "end": "first_blood", "attack_kind": "weapons"},
        "",
    ),
    ("scenario.terms_kind", Scenario, lambda: scenario(terms={"kind": "duel"}), ""),
]


def refusal(model: type[BaseModel], data: dict[str, Any]) -> ValidationError:
    with pytest.raises(ValidationError) as info:
        model.model_validate(data)
    return info.value


#: The fields a line names, which stay as the sheet and the scenario spell them.
FIELD_NAMES = {*Character.model_fields, *Scenario.model_fields, *Terms.model_fields}


def french_findings(line: str) -> list[str]:
    """English words on a French line, leaving out the field names it cites (``feats.0``, ``end``)."""
    words = re.split(r"([A-Za-z0-9_.]+)", line)
    kept = "".join(w for w in words if w.split(".")[0] not in FIELD_NAMES)
    return findings(kept, "fr")


def rule_errors(exc: ValidationError) -> list[RuleError]:
    return [
        e["ctx"]["error"] for e in exc.errors() if isinstance((e.get("ctx") or {}).get("error"), RuleError)
    ]


@pytest.mark.parametrize(("code", "model", "build", "field"), CASES, ids=[c[0] for c in CASES])
def test_rule_check_is_refused_in_french_naming_the_field(code, model, build, field):
    exc = refusal(model, build())
    assert code in [e.code for e in rule_errors(exc)], exc
    fr, en = fields(exc, "fr"), fields(exc, "en")
    assert fr != en
    assert not french_findings(fr), (fr, french_findings(fr))
    if field:
        assert fr.startswith(f"{field}\u202f: "), fr
    assert "Value error" not in fr and len(fr) <= 300


def test_french_names_of_feats_and_spells_are_shown_not_ids():
    exc = refusal(
        Character,
        sheet("kael", known={**KAEL["known"], "1": ["magic_missile", "shield", "mage_armor", "fireball"]}),
    )
    fr = fields(exc, "fr")
    assert "boule de feu" in fr.lower() and "fireball" not in fr, fr
    exc = refusal(Character, sheet("kael", feats=[{"id": "toughness", "school": "evocation"}]))
    assert "Robustesse" in fields(exc, "fr"), fields(exc, "fr")


def test_the_english_line_is_the_engines_sentence():
    """str(RuleError) is today's English sentence: pydantic's message and the command line are unchanged."""
    exc = refusal(Character, sheet("kael", feats=[{"id": "leadership"}]))
    [err] = rule_errors(exc)
    assert str(err).startswith("unknown feat 'leadership'; known feats: ")
    assert exc.errors()[0]["msg"] == f"Value error, {err}"


def test_an_imported_sheet_with_a_missing_prerequisite_is_refused_in_french_on_the_setup_screen():
    bad = sheet(
        "tamsin", feats=[{"id": "improved_initiative"}, {"id": "greater_spell_focus", "school": "evocation"}]
    )
    app = App(lang="fr")
    app.handle(
        "start",
        {
            "kind": "mageduel",
            "character0": "import",
            "sheet0": json.dumps(bad),
            "character1": "bram",
            "seed": "1",
        },
    )
    assert app.session is None
    [(loc, msg)] = app.form.errors["sheet0"]
    assert loc == "feats" and "demande" in msg and not french_findings(msg), msg
    html = app.render()
    assert msg.replace("'", "&#x27;") in html or msg in html, msg


def test_a_level_with_no_slot_is_said_without_a_count_that_disagrees():
    """'1 spells prepared but only 0 slots' (an imported sheet preparing a spell at a level it has no slot
    of): the count now stands in brackets, where no noun has to agree with it."""
    no_room = RuleError("spells.slots", "", level=3, count=1, room=0)
    assert rule(no_room, "en") == "level 3: more spells prepared (1) than slots (0)"
    assert rule(no_room, "fr") == "niveau 3\u202f: plus de sorts préparés (1) que d'emplacements (0)"
    known = RuleError("spells.known_room", "", level=1, count=1, room=0)
    assert rule(known, "fr") == "niveau 1\u202f: plus de sorts connus (1) que permis (0)"


def test_a_length_of_one_character_is_said_in_the_singular():
    """An empty name reads 'at least 1 character', in French 'au moins 1 caractère' (not 'caractères')."""
    short = {"type": "string_too_short", "loc": ("name",), "ctx": {"min_length": 1}}
    assert error(short, "en") == ("name", "is too short (at least 1 character)")
    assert error(short, "fr") == ("name", "est trop court (au moins 1 caractère)")
    assert error({**short, "ctx": {"min_length": 3}}, "fr")[1] == "est trop court (au moins 3 caractères)"
    long = {"type": "string_too_long", "loc": ("name",), "ctx": {"max_length": 80}}
    assert error(long, "fr")[1] == "est trop long (au plus 80 caractères)"
