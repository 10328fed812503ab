"""MD-8 during the preparation rounds: the rite's box says what entering will do with the player's effects.
Found in the page: before any spell, it read "your effects — carried into the zone: —; suppressed: —." It now
says what MD-8 does with a spell cast now, and once there are effects, names only the parts that hold
some."""

from __future__ import annotations

import re
from html import unescape

from tests.web.test_game_flow import choose_like_a_person, settle
from web.game.app import App


def _forecast(app: App) -> str:
    found = re.search(r'<p data-forecast="entry">(.*?)</p>', app.render())
    assert found is not None
    return unescape(found.group(1))


def _first_preparation_turn(lang: str) -> App:
    app = App(lang=lang)
    app.handle("start", {"seed": "1", "control1": "normal"})
    for _ in range(200):
        settle(app)
        view = app.session.view()
        if view.phase == "preparation" and view.pending.kind == "turn" and view.pending.player == "p1":
            return app
        choose_like_a_person(app, app.render())
    raise AssertionError("no preparation turn")


def test_md8_before_any_spell_the_forecast_says_what_entering_will_carry():
    for lang, said in (
        ("en", "only spells on yourself and a touch spell's held charge are carried into the zone"),
        ("fr", "seuls les sorts sur vous-même et la charge d'un sort de contact gardée en main"),
    ):
        app = _first_preparation_turn(lang)
        line = _forecast(app)
        assert said in line and "—" not in line, line


def test_md8_an_effect_on_oneself_is_named_as_carried_with_no_empty_part():
    app = _first_preparation_turn("en")
    app.handle("decide", {"option": "cast shield"})
    settle(app)
    assert _forecast(app) == "On entry (MD-8), your effects carried into the zone: Shield."
