"""The wiki widget's built-in scenarios (mageduel.showcases): at least eight whole duels, each of which plays
to its end under today's rules and shows the clauses it names happening in its own log."""

import json
from importlib import resources

import pytest
from mageduel import showcases
from mageduel.clauses import get as clause
from mageduel.replay import verify
from mageduel.showcases import Showcases
from pydantic import ValidationError


def test_at_least_eight_showcases_of_both_rule_texts():
    shown = showcases.all()
    assert len(shown) >= 8
    kinds = {s.replay.scenario.kind for s in shown}
    assert kinds == {"duel", "mageduel"}
    assert [s.id for s in shown] == showcases.ids()


@pytest.mark.parametrize("sid", showcases.ids())
def test_each_showcase_plays_to_its_end_and_shows_its_clauses(sid):
    s = showcases.get(sid)
    check = verify(s.replay)
    assert check.ok, check.reason
    assert check.duel.outcome is not None, "a showcase is a whole duel"
    seen = {c for e in check.duel.events for c in e.clauses}
    for c in s.clauses:
        assert clause(c).id == c  # a clause of the product's catalogue
        assert c in seen, f"{sid} names {c} but its log never applies it"


def test_texts_are_one_line_in_both_languages_with_french_spacing():
    for s in showcases.all():
        for text in (s.title, s.caption):
            assert "\n" not in text.en + text.fr
            for mark in ":;!?":
                assert f" {mark}" not in text.fr, f"{s.id}: a plain space before {mark!r} in French"


def test_unknown_id_is_a_key_error_listing_the_known():
    with pytest.raises(KeyError, match="unknown showcase 'nope'; known: counterspell"):
        showcases.get("nope")


def test_the_file_refuses_duplicate_ids_naming_them():
    raw = json.loads(resources.files("mageduel").joinpath("data/showcases.json").read_text(encoding="utf-8"))
    raw["showcases"].append(raw["showcases"][0])
    with pytest.raises(ValidationError, match="duplicate showcase ids: counterspell"):
        Showcases.model_validate(raw)
