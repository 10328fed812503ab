"""Issue 12, the setup a newcomer meets: fresh dice by default (the seed under an "advanced" fold, the
replay keeping its own), the same character twice under two names, a line on what each kind of fight is,
and a plain duel's agreed terms in sight during play (X-2)."""

from __future__ import annotations

import re

from tests.web.test_game_flow import choose_like_a_person, settle
from web.game.app import App
from web.game.session import Session


def test_fresh_dice_by_default_and_the_replay_keeps_its_own_seed():
    html = App().render()
    assert re.search(r'<details class="advanced">.*name="seed"[^>]*value=""', html, re.S)
    seeds = set()
    for _ in range(4):
        app = App()
        app.handle("start", {"character0": "maelis", "character1": "tobin"})
        seeds.add(app.session.setup.seed)
        again = Session.load(app.session.save_json())
        assert again.setup.seed == app.session.setup.seed  # a saved duel replays with its own dice
    assert len(seeds) > 1
    # A seed typed under the fold replays the same dice, and keeps the fold open.
    app = App()
    app.handle("start", {"character0": "maelis", "character1": "tobin", "seed": "42"})
    assert app.session.setup.seed == 42
    app.handle("way-out", {"what": "new"})
    app.handle("confirm-way-out")
    assert '<details class="advanced" open>' in app.render()


def test_the_same_character_twice_gets_two_names():
    for lang, first in (("en", "Tobin Ashgale"), ("fr", "Tobin Cendrebise")):
        app = App(lang=lang)
        app.handle("start", {"character0": "tobin", "character1": "tobin", "control1": "normal", "seed": "3"})
        settle(app)
        names = app.session.display_names(lang)
        assert names["p1"] == first and names["p2"] == f"{first} II"
        html = app.render()
        assert f"{first} II" in html


def test_choosing_real_dice_says_what_the_table_assistant_does_under_that_duellist():
    for lang, said in (
        ("en", "Table assistant: the page asks"),
        ("fr", "Assistant de table\u202f: la page demande"),
    ):
        app = App(lang=lang)
        assert said not in app.render()
        app.read_form({"control1": "table"})  # what the page sends when the select changes
        html = app.render()
        assert html.count(said) == 1
        second = html[html.index('data-side="1"') :]
        assert said in second[: second.index("</fieldset>")]


def test_a_line_says_what_a_mageduel_is_and_what_a_plain_duel_is():
    app = App()
    assert "nobody dies" in app.render()
    app.read_form({"kind": "duel"})  # what the page sends when the radio button changes
    assert "Pathfinder duel rules, with no zone" in app.render()
    fr = App(lang="fr")
    assert "personne ne meurt" in fr.render()


def test_a_plain_duels_agreed_terms_stay_in_sight_during_play():
    app = App(lang="fr")
    app.handle(
        "start",
        {
            "kind": "duel",
            "character0": "ilse",
            "character1": "garrick",
            "control1": "normal",
            "seed": "2",
            "terms": "1",
            "end": "first_blood",
            "attack_kind": "any",
            "weapon_melee": "on",
            "weapon_ranged": "on",
            "weapon_unarmed": "on",
            "duel_actions": "on",
            "ban_poison": "on",
        },
    )
    settle(app)
    html = app.render()
    box = re.search(r'<details class="agreed-terms" open>(.*?)</details>', html, re.S)
    assert box is not None
    assert "Fin du duel (DU-5)\u202f: au premier sang" in box.group(1)
    assert "Pas de poison (DU-7)" in box.group(1)
    mage = App()
    mage.handle("start", {"character0": "maelis", "character1": "tobin", "seed": "1"})
    assert "agreed-terms" not in mage.render()  # the rite fixes a mageduel's terms


def test_md4_the_board_draws_the_zone_at_the_size_being_proposed():
    app = App()
    app.handle("start", {"character0": "maelis", "character1": "tobin", "control1": "normal", "seed": "4"})
    settle(app)
    assert app.session.view().pending.kind == "rite:zone"
    lo = int(re.search(r'name="width" type="range" min="(\d+)"', app.render()).group(1))
    assert f'data-zone-width="{lo}"' in app.render()
    app.handle("zone-size", {"value": str(lo + 12)})
    html = app.render()
    assert f'data-zone-width="{lo + 12}"' in html  # the board, at the proposed side
    assert re.search(rf'name="width" type="range"[^>]*value="{lo + 12}"', html)  # the slider keeps it
    app.handle("zone", {"width": str(lo + 12), "height": str(lo + 12)})
    assert app.zone_size is None


def test_the_default_duel_clicked_as_a_newcomer_ends_in_minutes_with_any_dice():
    """Issue 12: the default pairing, nothing changed on the setup screen, a person who takes the first
    spell offered each turn — with twenty different dice, every duel ends, none drags past 40 rounds and
    half end within 20 (the old default took 119)."""
    rounds = []
    for seed in range(1, 21):
        app = App()
        app.handle("start", {"seed": str(seed)})
        for _ in range(2000):
            settle(app)
            view = app.session.view()
            if view.outcome is not None:
                break
            choose_like_a_person(app, app.render())
        assert view.outcome is not None, seed
        rounds.append(view.round)
    rounds.sort()
    assert rounds[-1] <= 40 and rounds[len(rounds) // 2] <= 20, rounds
