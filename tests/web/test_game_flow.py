"""The game clicked through in CPython: the same App the page runs, driven by the buttons it renders.

A "click" here reads a button's ``data-act`` / ``data-option`` out of the rendered HTML and hands it to
``App.handle``, exactly what web/game/browser.py does in the page.
"""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from web.game.app import App, decode_fragment, encode_fragment
from web.game.session import Session, Setup, SideSetup

SETUP = {"kind": "mageduel", "character0": "tamsin", "character1": "bram", "seed": "1"}


def options(html: str) -> list[str]:
    return [unescape(o) for o in re.findall(r'data-act="decide" data-option="([^"]+)"', html)]


def picks(html: str) -> list[str]:
    return [unescape(o) for o in re.findall(r'data-act="pick" data-pick="([^"]+)"', html)]


def settle(app: App) -> None:
    while app.pump(10.0):
        pass


def choose_like_a_person(app: App, html: str) -> None:
    """One click a sensible person would make on the rendered screen: cast at the foe if a spell is
    offered, react when asked, propose the smallest zone, else end the turn / take the first option."""
    view = app.session.view()
    kind = view.pending.kind
    if 'data-screen="handoff"' in html:
        app.handle("take")
        return
    if kind == "rite:zone":
        lo = view.pending.context["bounds"]["minimum"]
        app.handle("zone", {"width": str(lo), "height": str(lo)})
        return
    if kind == "roll":
        app.handle("auto-roll")
        return
    opts = options(html)
    if kind == "turn":
        casts = [o for o in opts if o.startswith(("cast ", "use "))]
        if casts:
            app.handle("decide", {"option": casts[0]})
            return
        spells = picks(html)
        if spells:
            app.handle("pick", {"pick": spells[0]})
            return
        app.handle("decide", {"option": "end" if "end" in opts else opts[0]})
        return
    not_pass = [o for o in opts if o != "pass"]
    app.handle("decide", {"option": (not_pass or opts)[0]})


def play_to_the_end(app: App, limit: int = 3000) -> str:
    html = app.render()
    for _ in range(limit):
        settle(app)
        html = app.render()
        if app.session.over:
            return html
        choose_like_a_person(app, html)
    raise AssertionError("the duel did not end")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_whole_mageduel_against_the_computer_by_clicking(lang):
    app = App(lang=lang)
    setup_html = app.render()
    assert 'data-screen="setup"' in setup_html
    app.handle("start", {**SETUP, "control0": "human", "control1": "normal"})
    assert app.session is not None and app.session.viewer == "p1"
    html = play_to_the_end(app)
    assert 'data-screen="end"' in html
    out = app.session.duel.outcome
    assert out is not None
    title = re.search(r'<h2 id="end-title">([^<]+)</h2>', html)[1]
    if out.tie:
        assert ("tie" if lang == "en" else "nul") in unescape(title).lower()
    else:
        winner = app.session.display_names(lang)[out.winners[0]]
        assert winner in unescape(title)
    for c in out.clauses:
        assert f'data-clause="{c}"' in html
    # The log shows every roll with its breakdown.
    assert re.search(r"d20 \d+ .*= \d+", unescape(html))


def test_the_computer_answers_every_decision_of_a_computer_duel():
    s = Session(
        Setup(
            sides=[
                SideSetup(character="tamsin", control="easy"),
                SideSetup(character="bram", control="hard"),
            ],
            seed=5,
        )
    )
    s.run_computer(limit=5000)
    assert s.over
    assert s.viewer is None  # nobody's screen: an observer's view


def test_the_save_replays_the_same_duel():
    app = App(lang="en")
    app.handle("start", {**SETUP, "control0": "human", "control1": "normal"})
    html = app.render()
    for _ in range(12):
        settle(app)
        if app.session.over:  # a short duel (a shove out of a small zone): its save replays all the same
            break
        html = app.render()
        choose_like_a_person(app, html)
    settle(app)
    saved = app.session.save_json()
    again = Session.load(saved)
    assert again.duel.decisions == app.session.duel.decisions
    assert [e.to_dict() for e in again.duel.events] == [e.to_dict() for e in app.session.duel.events]
    # The share link carries the same save.
    assert decode_fragment(encode_fragment(saved)) == saved


def test_a_bad_save_is_refused_with_the_field_named():
    from web.game.session import SaveError

    with pytest.raises(SaveError, match="setup"):
        Session.load(
            json.dumps({"version": 2, "replay": {"scenario": {}, "dice": {"kind": "seeded", "seed": 1}}})
        )
    with pytest.raises(SaveError, match="participants"):
        Session.load(
            json.dumps(
                {
                    "version": 2,
                    "setup": {"sides": [{}, {}]},
                    "replay": {"scenario": {"participants": []}, "dice": {"kind": "seeded", "seed": 1}},
                }
            )
        )
    good = json.loads(
        Session(Setup(sides=[SideSetup(character="tamsin"), SideSetup(character="bram")])).save_json()
    )
    good["replay"]["decisions"] = ["p1: cast wish @p2"]
    with pytest.raises(SaveError, match="refuse.*step 1"):
        Session.load(json.dumps(good))


def test_the_downloaded_replay_is_the_engines_own_and_checks_out():
    from mageduel.replay import Replay, verify

    app = App(lang="en")
    app.handle("start", {**SETUP, "control0": "human", "control1": "normal"})
    play_to_the_end(app)
    app.handle("download")
    kind, name, body = (
        app.effects[-1]
        if app.effects[-1][0] == "download"
        else next(e for e in app.effects if e[0] == "download")
    )
    replay = Replay.model_validate_json(body)
    assert replay.events and replay.outcome == app.session.duel.outcome.to_dict()
    assert verify(replay).ok


def test_an_imported_sheet_with_a_bad_field_is_shown_beside_the_form():
    from mageduel import roster

    sheet = json.loads(roster.get("tamsin").model_dump_json())
    sheet["level"] = 0
    app = App(lang="en")
    app.handle(
        "start",
        {
            **SETUP,
            "character0": "import",
            "sheet0": json.dumps(sheet),
            "control0": "human",
            "control1": "normal",
        },
    )
    assert app.session is None
    html = app.render()
    assert 'class="field-errors"' in html and "<code>level</code>" in html
    app.handle("start", {**SETUP, "character0": "import", "sheet0": "{not json", "control0": "human"})
    assert "line 1" in app.render()
    sheet["level"] = 1
    app.handle(
        "start",
        {
            **SETUP,
            "character0": "import",
            "sheet0": json.dumps(sheet),
            "control0": "human",
            "control1": "normal",
        },
    )
    assert app.session is not None


def test_every_pending_kind_has_a_panel_and_unknown_kinds_get_the_generic_one():
    from types import SimpleNamespace

    from web.game import decide

    view = SimpleNamespace(
        pending=SimpleNamespace(
            kind="rite:something-new",
            player="p1",
            prompt="Choose",
            context={},
            options=[SimpleNamespace(id="alpha"), SimpleNamespace(id="beta gamma")],
        ),
        casting=[],
        events=[],
        me=None,
    )
    html = decide.panel(view, "fr", {}, None, {}, None)
    assert options(html) == ["alpha", "beta gamma"]
    assert 'data-kind="rite:something-new"' in html


def test_preferences_are_recorded_and_shown():
    app = App(lang="en")
    app.handle("start", {**SETUP, "control0": "human", "control1": "normal"})
    settle(app)
    app.handle("prefer", {"reaction": "dodge", "mode": "never"})
    assert app.session.preferences("p1")["dodge"] == "never"
    assert ("p1", "prefer dodge never") in app.session.duel.decisions
    assert 'data-reaction="dodge" data-mode="never" checked' in app.render()


def test_terms_from_the_setup_reach_the_engine_and_the_rite_is_shown_step_by_step():
    app = App(lang="en")
    app.handle(
        "start",
        {
            **SETUP,
            "control0": "human",
            "control1": "normal",
            "terms": "1",
            "challenge": "offered",
            "counter_rule": "en",
            "duel_actions": "on",
        },
    )
    terms = app.session.scenario.terms
    assert (terms.challenge, terms.counter_rule, terms.duel_actions, terms.face_off) == (
        "offered",
        "en",
        True,
        False,
    )
    settle(app)
    html = app.render()
    assert 'class="rite-steps"' in html and "aria-current=step" in html
    # An offered challenge: the defender (here the computer) is asked to accept or refuse.
    assert any(
        e.kind == "rite" and e.data.get("step") in ("acceptance", "refusal") for e in app.session.duel.events
    )
    play_to_the_end(app)
    steps = {e.data.get("step") for e in app.session.duel.events if e.kind == "rite"}
    assert {"qualification", "acclimation", "suppression", "entry"} <= steps


def test_new_log_lines_are_announced_once_and_the_hurt_token_flashes():
    app = App(lang="en")
    app.handle("start", {**SETUP, "control0": "human", "control1": "normal"})
    settle(app)
    first = app.announce()
    assert first  # the first lines of the log
    assert app.announce() == ""  # nothing new: nothing said again
    for _ in range(400):
        settle(app)
        html = app.render()
        if app.session.over or 'class="token-state hit"' in html:
            break
        app.announce()
        choose_like_a_person(app, html)
    assert app.session.over or 'class="token-state hit"' in html


def test_a_click_on_the_floor_moves_there_if_the_engine_agrees():
    app = App(lang="en")
    app.handle("start", {**SETUP, "control0": "human", "control1": "normal"})
    for _ in range(200):
        settle(app)
        view = app.session.view()
        if (
            view.phase == "fight"
            and view.pending.kind == "turn"
            and any(o.id.startswith("move ") for o in view.pending.options)
        ):
            break
        choose_like_a_person(app, app.render())
    me = app.session.view().me
    w = app.session.view().zone[0]
    target = (round(w - me.position[0], 1) or 0.5, round(w / 2, 1))
    app.handle("move-to", {"x": str(target[0]), "y": str(target[1])})
    # Issue 12: the move is previewed (its path on the board, where it ends), and made on "confirm".
    html = app.render()
    assert 'class="move-path"' in html and 'data-act="confirm-move"' in html
    assert not any(e.kind == "move" and e.actor == "p1" for e in app.session.duel.events)
    app.handle("confirm-move")
    assert app.notice is None
    for _ in range(10):  # moving may provoke (C-10): the attack of opportunity comes first; let it through
        settle(app)
        if any(e.kind == "move" and e.actor == "p1" for e in app.session.duel.events) or app.session.over:
            break
        app.handle("decide", {"option": "pass"})
    if app.session.over:
        pytest.skip("the attack of opportunity ended the duel before the move")
    moved = [e for e in app.session.duel.events if e.kind == "move" and e.actor == "p1"][-1]
    assert moved.data["to"][:2] == list(target)
    # Far outside anyone's reach: the engine refuses, the page says so, nothing changes.
    before = len(app.session.duel.decisions)
    app.handle("move-to", {"x": "900", "y": "900"})
    app.handle("confirm-move")
    assert app.notice and len(app.session.duel.decisions) == before


def test_a_resolved_spell_flashes_from_caster_to_target_once():
    app = App(lang="en")
    app.handle("start", {**SETUP, "control0": "human", "control1": "normal"})
    shown = 0
    for _ in range(1000):
        settle(app)
        if app.session.over:
            break
        html = app.render()
        if 'class="bolt"' in html:
            shown += 1
            app.announce()  # the screen has now shown those events
            assert 'class="bolt"' not in app.render()
        app.announce()
        choose_like_a_person(app, app.render())
    assert shown > 0


def test_md8_precasting_says_which_effects_carry_into_the_zone():
    # Odile (wizard 3) prepares shield (personal) and resistance (touch); in a preparation round she is told
    # both will carry in.
    app = App(lang="en")
    app.handle("start", {**SETUP, "character0": "odile", "control0": "human", "control1": "normal"})
    for _ in range(100):
        settle(app)
        view = app.session.view()
        if view.phase == "preparation" and view.pending.kind == "turn" and view.pending.player == "p1":
            break
        if view.pending.kind == "rite:prepare":
            app.handle("decide", {"option": "prepare 1"})
            continue
        choose_like_a_person(app, app.render())
    else:
        raise AssertionError("no preparation turn")
    spells = picks(app.render())
    assert spells
    said = set()
    for key in spells:
        app.handle("pick", {"pick": key})
        html = unescape(app.render())
        said |= {w for w in ("carries into the zone (MD-8)", "suppressed on entry (MD-8)") if w in html}
    assert "carries into the zone (MD-8)" in said
    # And what entering will do with what is on her, as the rite will judge it (test_entry_forecast.py).
    assert "On entry (MD-8)" in unescape(app.render())


def test_rematch_starts_the_same_pairing_again_with_fresh_dice():
    app = App(lang="fr")
    app.handle("start", {**SETUP, "control0": "human", "control1": "easy"})
    play_to_the_end(app)
    first = app.session
    app.handle("rematch")
    assert app.session is not first and not app.session.over
    assert app.session.setup.sides == first.setup.sides and app.session.setup.seed == first.setup.seed + 1
    app.handle("new")
    assert app.session is None and 'data-screen="setup"' in app.render()


def test_a_standing_wall_is_drawn_on_the_board_where_the_view_puts_it():
    from types import SimpleNamespace as N

    from web.game import board

    wall = N(spell="wall_of_force", owner="p1", start=[1.0, 1.0], end=[10.0, 1.0], height=10.0)
    view = N(me=None, others=[], zone=[20.0, 20.0], events=[], walls=[wall], pending=None)
    svg = board.render(view, "en")
    assert '<line class="wall" data-spell="wall_of_force" x1="1" y1="19" x2="10" y2="19"' in svg


def test_names_follow_the_language_and_the_log_filters_and_copies():
    from mageduel import roster

    app = App(lang="fr")
    app.handle("start", {**SETUP, "control0": "human", "control1": "normal"})
    settle(app)
    fr = roster.get("tamsin").name.fr
    assert fr != roster.get("tamsin").name.en
    assert fr in app.render() and roster.get("tamsin").name.en not in app.render()
    app.lang = "en"
    assert roster.get("tamsin").name.en in app.render()
    for _ in range(40):  # into the fight, where rolls are made
        settle(app)
        if app.session.over:
            break
        choose_like_a_person(app, app.render())
    settle(app)
    app.handle("filter", {"filter": "rolls"})
    html = app.render()
    kinds = set(re.findall(r'<li class="ev ev-([a-z-]+)"', html))
    assert kinds and kinds <= {"roll", "roll-off", "initiative"}
    app.handle("copy-log")
    kind, copied = app.effects[-1]
    assert kind == "copy" and re.search(r"^R\d+ .+ \[", copied, re.M)  # round, line, [clauses]
