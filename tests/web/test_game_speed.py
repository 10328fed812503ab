"""What keeps the page quick is exact: the view's cached events, the log's cached lines and the warm-up
change nothing anyone sees. (How quick is measured by ``build.py bench``, never asserted here.)"""

from __future__ import annotations

from mageduel import ai, state
from mageduel.compose import new_duel
from mageduel.dice import Seeded
from mageduel.events import EventModel
from mageduel.scenario import duel_scenario

from tests.web.test_game_flow import SETUP, play_to_the_end
from web.game import panels, text
from web.game.app import WARM_DRAW_EVERY, App


def _play(duel: state.Duel, n: int) -> state.Duel:
    brains: dict[str, ai.Opponent] = {}
    while duel.pending is not None and len(duel.decisions) < n:
        who = duel.pending.player
        duel.apply(who, brains.setdefault(who, ai.Opponent("normal", 4)).choose(duel.view(who)))
    return duel


def _fresh(duel: state.Duel, who: str | None) -> list[dict]:
    return [EventModel.from_event(e).model_dump() for e in duel.events if e.visible_to(who)]


def test_each_view_holds_exactly_the_events_its_player_may_see_as_they_were_emitted():
    duel = _play(new_duel(duel_scenario("ilse", "kael", "mageduel"), Seeded(4)), 30)
    for who in (None, "p1", "p2"):
        assert [m.model_dump() for m in duel.view(who).events] == _fresh(duel, who)
    before = len(duel.view("p1").events)
    # The same duel later: the view carries on its log (new events added, the old ones unchanged).
    _play(duel, 80)
    for who in (None, "p1", "p2"):
        assert [m.model_dump() for m in duel.view(who).events] == _fresh(duel, who)
    later = duel.view("p1")
    assert len(later.events) > before
    # Private events never leak through the shared cache into another player's view.
    private = {e.seq for e in duel.events if e.audience is not None and "p1" not in e.audience}
    assert private and not private & {m.seq for m in later.events}


def test_the_log_written_from_its_cache_is_the_log_written_afresh():
    app = App(lang="fr")
    app.handle("start", SETUP)
    play_to_the_end(app)
    for lang in ("fr", "en"):
        view = app.session.view(lang)
        cached = panels.log(view, lang)
        panels._ITEMS.clear()
        assert panels.log(view, lang) == cached
        names = text.names_of(view, lang)
        for e in view.events[-250:]:
            assert text.event_line(e, lang, names) in cached.replace("&#x27;", "'").replace("&quot;", '"')


def test_the_warm_up_leaves_the_setup_screen_as_it_was():
    app = App(lang="en")
    before = app.render()
    app.warm_up()
    assert app.session is None and app.form.errors == {} and app.effects == []
    assert app.render() == before


def test_the_warm_up_comes_in_steps_the_page_takes_one_task_at_a_time():
    """Issue 15, goal 3: each rule module on its own, then the throwaway duel piece by piece."""
    from mageduel.compose import LAYERS

    steps = list(App(lang="fr").warming())
    before = steps[: steps.index("combat")]
    # The rule modules in their order, each module's deferred models after it, then the spells in pieces
    # (none of those if this process has them already).
    assert [s for s in before if s in LAYERS] == list(LAYERS)
    assert all(s in LAYERS or s.startswith(("model ", "spells ")) or s == "catalogue" for s in before)
    duel = steps[steps.index("combat") + 1 :]
    # Its first drawing in three steps: the board and the log, dearest the first time, before the rest.
    first = ["duel", "view", "think", "apply", "render board", "render log", "render"]
    assert duel[: len(first)] == first and duel[-1] == "render"
    # The throwaway duel is played on, a decision per step, and drawn every WARM_DRAW_EVERY decisions.
    played = duel[len(first) : -1]
    assert played.count("decision") > WARM_DRAW_EVERY and set(played) == {"decision", "render"}
    decisions = 1  # the first, in three steps
    for step in played:
        decisions += step == "decision"
        if step == "render":
            assert decisions % WARM_DRAW_EVERY == 0
    assert steps == [*before, "combat", *duel]


def test_the_warm_up_plays_its_throwaway_duel_to_the_end():
    """Every path a duel takes is run once before the player's (under Pyodide the first run of each costs
    several times the next)."""
    app = App(lang="en")
    steps = app.warming()
    for step in steps:
        if step == "render":
            break
    else:
        raise AssertionError("the warm-up never drew its duel")
    assert app.session is None


def test_the_warm_up_stops_when_the_player_starts_a_duel():
    from tests.web.test_game_flow import SETUP

    app = App(lang="en")
    steps = app.warming()
    for step in steps:
        if step == "decision":
            break
    app.handle("start", SETUP)  # the player's click, between two of the warm-up's tasks
    assert list(steps) == []  # no step more: the player's duel is not slowed by a throwaway one
    assert app.session is not None and app.session.duel.decisions == []


def test_a_duel_replayed_from_its_start_reuses_its_written_lines_and_another_duel_never_does(monkeypatch):
    """A step back in a replay (or an Undo) replays the duel from its start: the same events as new objects.
    Their lines are written once; a different duel's events at the same numbers get their own lines."""
    from web.game.session import Session, Setup, SideSetup

    def played(seed: int) -> Session:
        sides = [SideSetup(character=c, control="normal") for c in ("ilse", "kael")]
        s = Session(Setup(kind="mageduel", sides=sides, seed=seed))
        s.run_computer()
        return Session(s.setup, s.scenario, s.dice_spec, list(s.duel.decisions), replay=True)

    a, b = played(3), played(4)
    logs = {id(s): panels.log(s.view("en"), "en") for s in (b, a)}  # a's lines written last
    written: list[int] = []
    line = text.event_line
    monkeypatch.setattr(text, "event_line", lambda e, *rest: written.append(e.seq) or line(e, *rest))
    total = len(a.recorded)
    a.seek(total - 1)  # replayed from the start: every event a new object
    a.seek(total)
    assert panels.log(a.view("en"), "en") == logs[id(a)]
    assert written == []
    # Two duels taking turns: each its own lines, the same as written afresh.
    for s in (b, a, b):
        html = panels.log(s.view("en"), "en")
        assert html == logs[id(s)]
    assert written  # b's lines differ from a's at the same numbers, so they were written again
    panels._ITEMS.clear()
    assert [panels.log(s.view("en"), "en") for s in (a, b)] == [logs[id(a)], logs[id(b)]]
