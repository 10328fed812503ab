"""The end screen: MD-20's restoration read as a person would say it, in both languages."""

from __future__ import annotations

import re
from html import unescape

import pytest

from tests.web.test_game_flow import SETUP, play_to_the_end
from web.game import text
from web.game.app import App

NAMES = {"p1": "Tamsin", "p2": "Bram", "p3": "Wolf"}


def test_only_what_was_restored_is_said_with_plurals():
    data = {
        "participants": {
            "p1": {"nonlethal_healed": 9, "hp_healed": 0, "abilities_restored": {}, "spells_vanished": []},
            "p2": {
                "nonlethal_healed": 1,
                "hp_healed": 3,
                "abilities_restored": {"str": 2},
                "spells_vanished": [],
            },
        }
    }
    assert text.restoration(data, "en", NAMES) == [
        "Tamsin: 9 points of nonlethal damage healed.",
        "Bram: 3 hit points back, 1 point of nonlethal damage healed and 2 points of Str back.",
    ]
    assert text.restoration(data, "fr", NAMES) == [
        "Tamsin : 9 points de dégâts non létaux soignés.",
        "Bram : 3 points de vie rendus, 1 point de dégâts non létaux soigné et 2 points de For rendus.",
    ]


def test_ended_effects_nothing_to_restore_and_a_vanished_summons():
    data = {
        "participants": {
            "p1": {"nonlethal_healed": 0, "hp_healed": 0, "abilities_restored": {}, "spells_vanished": []},
            "p2": {
                "nonlethal_healed": 0,
                "hp_healed": 1,
                "abilities_restored": {},
                "spells_vanished": ["ice_storm", "blinded", "blinded"],
            },
            "p3": {"vanished": True},
        }
    }
    assert text.restoration(data, "en", NAMES) == [
        "Tamsin: nothing to restore.",
        "Bram: 1 hit point back; the Ice Storm, blinded effects end.",
        "Wolf, summoned during the duel, vanishes.",
    ]
    fr = text.restoration(data, "fr", NAMES)
    assert fr[0] == "Tamsin : rien à rétablir."
    assert fr[1].startswith("Bram : 1 point de vie rendu ; les effets « ") and fr[1].endswith(
        " » prennent fin."
    )
    assert "aveuglé" in fr[1] and "blinded" not in fr[1]
    assert fr[2] == "Wolf, invoqué pendant le duel, disparaît."


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_end_screen_lists_md20_per_participant_without_zeros(lang):
    app = App(lang=lang)
    app.handle("start", SETUP)
    html = play_to_the_end(app)
    box = re.search(r'<div class="restoration">(.*?)</div>', html, re.S)
    assert box is not None
    items = [unescape(re.sub(r"<[^>]+>", "", li)) for li in re.findall(r"<li>(.*?)</li>", box.group(1))]
    names = {c.name for c in [app.session.view(lang).me, *app.session.view(lang).others] if c is not None}
    # One line per duellist saying what came back, then one line each with where they stand now.
    said = [i for i in items if any(i.startswith(n + (" :" if lang == "fr" else ":")) for n in names)]
    now = [i for i in said if " / " in i]
    said = [i for i in said if i not in now]
    assert len(said) == 2 and len(now) == 2, items
    for line in said:
        assert not re.search(r"\b0 (hp|pv|points?)\b", line), line
        assert "(s)" not in line and "sort(s)" not in line, line
        assert line.endswith("."), line
    assert "MD-20" in box.group(1)


def test_a_roll_against_a_dc_the_roller_may_not_know_says_so():
    roll = {
        "die": "d20",
        "natural": 5,
        "modifiers": [["Spellcraft", 8]],
        "total": 13,
        "against": "DC",
        "target": None,
        "outcome": "failure",
    }
    assert text.breakdown(roll, "en").endswith("= 13 vs a hidden DC: failure")
    assert text.breakdown(roll, "fr").endswith("= 13 contre un DD caché : échec")
    assert text.breakdown({**roll, "target": 15}, "en").endswith("= 13 vs DC 15: failure")
