"""Issue 12, always a way out by the rules, clicked through in CPython: leave the zone (MD-22), withdraw at
the next progress check (DU-9), offer a draw the computer answers (MD-25), and a new duel, confirmed, whose
abandoned replay stays downloadable."""

from __future__ import annotations

import json
import re

from tests.web.test_game_flow import choose_like_a_person, settle
from web.game.app import App

SETUP = {"kind": "mageduel", "character0": "maelis", "character1": "tobin", "control1": "normal", "seed": "5"}


def started(setup: dict[str, str] | None = None) -> App:
    app = App()
    app.handle("start", setup or SETUP)
    settle(app)
    return app


def to_fight_turn(app: App, limit: int = 400) -> str:
    """Click as a person would until it is the person's own turn in the fight."""
    for _ in range(limit):
        settle(app)
        html = app.render()
        view = app.session.view()
        if view.outcome is not None:
            raise AssertionError("the duel ended before a fight turn")
        if view.phase == "fight" and view.pending is not None and view.pending.kind == "turn":
            return html
        choose_like_a_person(app, html)
    raise AssertionError("no fight turn")


def way_buttons(html: str) -> list[str]:
    return re.findall(r'data-act="way-out" data-what="([a-z-]+)"', html)


def test_the_duel_screen_always_shows_its_ways_out():
    app = started()
    html = to_fight_turn(app)
    assert way_buttons(html) == ["leave", "withdraw", "draw", "new"]
    # Setup made from the form plays DU-9's check each round, answered "go on" for the person.
    assert app.session.setup.way_out and app.session.scenario.terms.progress_check
    assert ("p1", "go-on") in app.session.duel.decisions


def test_md22_leaving_the_zone_asks_first_then_loses_at_once():
    app = started()
    to_fight_turn(app)
    app.handle("way-out", {"what": "leave"})
    html = app.render()
    assert 'data-confirm="leave"' in html and "MD-22" in html
    app.handle("cancel-way-out")
    assert app.session.view().outcome is None and "data-confirm" not in app.render()
    app.handle("way-out", {"what": "leave"})
    app.handle("confirm-way-out")
    settle(app)  # an attack of opportunity, perhaps, as the duellist walks off (C-10)
    out = app.session.view().outcome
    assert out is not None and out["reason"] == "expulsion" and out["losers"] == ["p1"]
    assert 'data-screen="end"' in app.render()


def test_du9_a_withdrawal_takes_effect_at_the_next_progress_check_and_can_be_taken_back():
    app = started()
    to_fight_turn(app)
    app.handle("way-out", {"what": "withdraw"})
    app.handle("confirm-way-out")
    html = app.render()
    assert 'data-way="withdraw"' in html and "keep-on" in way_buttons(html)
    app.handle("way-out", {"what": "keep-on"})
    assert app.session.intents == {}
    app.handle("way-out", {"what": "withdraw"})
    app.handle("confirm-way-out")
    r = app.session.duel.round
    for _ in range(200):
        if app.session.view().outcome is not None:
            break
        app.handle("decide", {"option": "end"}) if app.session.view().pending.kind == "turn" else None
        settle(app)
        if app.session.view().outcome is None and app.session.view().pending.kind != "turn":
            choose_like_a_person(app, app.render())
    out = app.session.view().outcome
    assert out is not None and out["reason"] == "withdrawal" and out["losers"] == ["p1"]
    assert app.session.duel.round == r + 1  # at the very next round's check


def _offer_and_wait(app: App) -> None:
    app.handle("way-out", {"what": "draw"})
    html = app.render()
    assert 'data-way="draw"' in html and 'aria-pressed="true"' in html
    r = app.session.duel.round
    for _ in range(200):
        view = app.session.view()
        if view.outcome is not None or app.session.duel.round > r:
            break
        if view.pending is not None and view.pending.kind == "turn":
            app.handle("decide", {"option": "end"})
        else:
            choose_like_a_person(app, app.render())
        settle(app)


def test_md25_a_draw_offered_to_a_computer_with_slots_left_is_refused_and_the_answer_shown():
    app = started()
    to_fight_turn(app)
    _offer_and_wait(app)
    assert app.session.view().outcome is None
    html = app.render()
    assert 'data-way="offered"' in html and 'data-way="refused"' in html
    assert "Tobin Ashgale refuses the draw and fights on." in html
    assert app.session.intents == {}  # asked once, at that check


def test_md25_a_draw_offered_to_a_spent_computer_is_accepted():
    app = started()
    to_fight_turn(app)
    tobin = app.session.duel.by_id["p2"]
    tobin.slots = {lvl: 0 for lvl in tobin.slots}  # Tobin has cast every spell slot he had (C-8)
    _offer_and_wait(app)
    out = app.session.view().outcome
    assert out is not None and out["reason"] == "draw" and out["tie"]
    assert 'data-outcome="tie"' in app.render()


def test_a_new_duel_asks_first_and_the_abandoned_duels_replay_stays_downloadable():
    app = started()
    to_fight_turn(app)
    played = list(app.session.duel.decisions)
    app.handle("way-out", {"what": "new"})
    html = app.render()
    assert 'data-confirm="new"' in html and 'data-act="download"' in html
    app.handle("confirm-way-out")
    assert app.session is None and ("clear",) in app.effects
    html = app.render()
    assert 'data-screen="setup"' in html and 'data-act="download-abandoned"' in html
    app.effects.clear()
    app.handle("download-abandoned")
    ((kind, name, body),) = app.effects
    assert kind == "download" and name.endswith(".json")
    replay = json.loads(body)
    assert len(replay["decisions"]) == len(played) and replay["events"]


def test_a_save_made_before_the_way_out_replays_without_progress_checks():
    from web.game.session import Setup, SideSetup, build_scenario

    old = Setup(sides=[SideSetup(character="maelis"), SideSetup(character="tobin", control="normal")])
    assert not build_scenario(old).terms.progress_check
