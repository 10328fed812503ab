"""MD-8 during the preparation rounds: the rite's box says what entering will do with the player's effects.
Found in the page: before any spell, it read "your effects — carried into the zone: —; suppressed: —." It now
says what MD-8 does with a spell cast now, and once there are effects, names only the parts that hold
some. The log's line at the entry read the same way ("Ilse — carried in: Shield; suppressed: —.")."""

from __future__ import annotations

import re
from html import unescape

from mageduel.events import Event, EventModel

from tests.web.test_game_flow import choose_like_a_person, settle
from web.game import text
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
    assert _forecast(app) == "When you enter (MD-8), you will carry into the zone: Shield."


def test_md8_the_logs_entry_line_names_only_the_parts_that_hold_something():
    names = text.Names({"p1": "Ilse Varro", "p2": "Kael Sunderwind", "p3": "Odile Marchétoile"})
    effects = {
        "p1": {"carried": ["mage_armor", "shield"], "suppressed": []},
        "p2": {"carried": [], "suppressed": ["wall_of_force"]},
        "p3": {"carried": [], "suppressed": []},
    }
    event = EventModel.from_event(Event(1, 1, "rite", None, {"step": "suppression", "effects": effects}))
    assert text.event_line(event, "en", names).endswith(
        "(MD-8). Ilse Varro — carried in: Mage Armor and Shield. Kael Sunderwind — suppressed: Wall of Force."
        " Odile Marchétoile — no effect to carry in."
    )
    assert "—." not in text.event_line(event, "fr", names)


def test_md9_once_staying_out_ends_the_duel_no_forecast_and_no_rite_step_still_ahead():
    """Found in the page: a player who stayed out (MD-9) was still told "your effects carried into the zone:
    Mage Armor" on the end screen, and the MD-8 step was lit as the current one after MD-9's tick."""
    app = _first_preparation_turn("en")
    app.handle("decide", {"option": "cast shield"})
    for _ in range(200):
        settle(app)
        view = app.session.view()
        if view.pending is not None and view.pending.kind == "rite:entry" and view.pending.player == "p1":
            break
        choose_like_a_person(app, app.render())
    app.handle("decide", {"option": "stay-out"})
    settle(app)
    view = app.session.view()
    assert view.outcome is not None and view.me.entry_forecast is None
    html = app.render()
    assert 'data-forecast="entry"' not in html
    states = {step: state for state, step in re.findall(r'<li class="rite-(\w+)" data-step="(\w+)"', html)}
    assert states["suppression"] == "done" and states["entry"] == "done", states
    assert "now" not in states.values()
