"""The wiki widget in CPython: its parameters (one pydantic model, its schema), the frame drawn from the
engine's observer view, the viewer stepping through a showcase or a shared replay, and try mode."""

from __future__ import annotations

import re
from html import unescape

import pytest
from mageduel import showcases

from web.embed import frame as frames
from web.embed import posters
from web.embed.params import EmbedParams, problem_text, read, schema
from web.embed.viewer import Viewer
from web.game.app import encode_fragment
from web.game.session import Session, Setup, SideSetup
from web.i18n import catalogue


def steps_of(html: str) -> tuple[int, int]:
    m = re.search(r'class="w-frame"[^>]* data-step="(\d+)" data-total="(\d+)"', html)
    assert m
    return int(m[1]), int(m[2])


# --- parameters -------------------------------------------------------------------------------------------


def test_good_parameters_are_kept_with_defaults_for_the_rest():
    r = read("?scenario=parry&lang=fr&theme=light&mode=try&autoplay=1", "#step=3")
    assert r.problems == []
    p = r.params
    assert (p.scenario, p.lang, p.theme, p.mode, p.autoplay, p.step) == (
        "parry",
        "fr",
        "light",
        "try",
        "1",
        3,
    )
    d = read("", "").params
    assert (d.scenario, d.step, d.lang, d.theme, d.mode, d.replay) == (
        showcases.ids()[0],
        0,
        None,
        "auto",
        "watch",
        None,
    )


@pytest.mark.parametrize(
    "query,name,said",
    [
        ("?theme=purple", "theme", "“theme=purple” ignored: use dark, light, auto."),
        ("?lang=de", "lang", "“lang=de” ignored: use fr, en."),
        ("?mode=play", "mode", "“mode=play” ignored: use watch, try."),
        ("?step=-1", "step", "“step=-1” ignored: a whole number from 0 to 9999."),
        ("?step=2.0", "step", "“step=2.0” ignored: a whole number from 0 to 9999."),
        ("?autoplay=yes", "autoplay", "“autoplay=yes” ignored: use 0, 1."),
        ("?scenario=chess", "scenario", "“scenario=chess” ignored: use " + ", ".join(showcases.ids()) + "."),
        ("?replay=%25%25", "replay", "“replay=%%” ignored: a replay link copied from the game."),
    ],
)
def test_a_bad_value_is_named_with_what_is_allowed_and_falls_back(query, name, said):
    r = read(query, "")
    assert [(p.name, p.kind) for p in r.problems] == [(name, "bad")]
    assert problem_text(r.problems[0], "en") == said
    assert getattr(r.params, name) == EmbedParams.model_fields[name].default


def test_an_unknown_parameter_is_named_with_every_parameter_the_widget_knows():
    r = read("?colour=red&scenario=draw", "")
    assert r.params.scenario == "draw"
    (p,) = r.problems
    assert (p.name, p.kind) == ("colour", "unknown")
    assert problem_text(p, "fr") == (
        "Paramètre inconnu «\u202fcolour\u202f» ignoré\u202f: le widget connaît "
        "scenario, replay, step, lang, theme, mode, lesson, autoplay."
    )


def test_the_published_schema_is_the_models_and_lists_the_showcases():
    s = schema()
    assert s == EmbedParams.model_json_schema()
    assert s["additionalProperties"] is False
    assert s["properties"]["scenario"]["enum"] == showcases.ids()
    assert s["properties"]["theme"]["enum"] == ["dark", "light", "auto"]
    assert posters.data()["schema"] == s


def test_the_widgets_french_strings_keep_french_spacing():
    for key, entry in catalogue().items():
        if key.startswith("embed."):
            for mark in ":;!?»":
                assert f" {mark}" not in entry["fr"], key
            assert "«" not in entry["fr"] or "«\u202f" in entry["fr"], key


# --- the frame --------------------------------------------------------------------------------------------


def test_the_poster_is_the_showcases_first_frame_drawn_by_the_pages_own_functions():
    data = posters.data()
    assert set(data["showcases"]) == set(showcases.ids())
    for sid in showcases.ids():
        for lang in ("en", "fr"):
            poster = data["showcases"][sid]["posters"][lang]
            assert poster == Viewer(read(f"?scenario={sid}", ""), lang).render()
            assert steps_of(poster) == (0, len(showcases.get(sid).replay.decisions))
            assert 'data-action="play"' in poster and "<svg" in poster
            assert unescape(getattr(showcases.get(sid).title, lang)) in unescape(poster)


def test_du14_the_line_shows_the_counter_check_with_its_breakdown_and_clause_chips():
    html = frames.render(frames.watch_frame(showcases.get("counterspell"), 3, "en"), "en")
    line = re.search(r'<p class="w-line".*?</p>', html, re.S)[0]
    assert "counters Kael Sunderwind" in unescape(line)
    assert 'data-clause="DU-15"' in line and 'data-clause="DU-14"' in line
    assert "d20 16 + 5 caster level + 10 same spell = 31 vs DC 16: success" in unescape(line)


def test_md26_the_frame_is_the_observers_view_and_hides_the_spell_being_cast():
    html = frames.render(frames.watch_frame(showcases.get("counterspell"), 1, "en"), "en")
    assert "begins casting a spell" in unescape(html)
    assert "Magic Missile" not in unescape(html)


# --- the viewer -------------------------------------------------------------------------------------------


def test_stepping_forward_and_back_matches_a_fresh_replay_of_each_step():
    v = Viewer(read("?scenario=withdrawal", ""), "en")
    total = v.total
    for action, expected in (("next", 1), ("next", 2), ("back", 1), ("end", total), ("start", 0)):
        v.act(action)
        assert v.step == expected
        fresh = frames.replay_to(v.replay, expected)
        assert [e.seq for e in v.duel.view(None).events] == [e.seq for e in fresh.view(None).events]
    v.act("back")
    assert v.step == 0


def test_the_bar_goes_to_any_step_at_once_and_stops_the_autoplay():
    """The widget's bar (``at:N``, as a video's): the step it is let go at, whatever the step shown; a value
    that is not a step is ignored, one past the end goes to the end."""
    v = Viewer(read("?scenario=withdrawal", ""), "en")
    total = v.total
    html = v.render()
    assert (
        f'<input type="range" class="w-scrub" data-action="at" min="0" max="{total}" step="1" value="0" '
        f'aria-label="Go to a step of the duel" aria-valuetext="Step 0/{total}">'
    ) in html
    v.act("play")
    v.act(f"at:{total - 2}")
    assert (v.step, v.playing) == (total - 2, False)
    assert f'value="{total - 2}" aria-label' in v.render()
    fresh = frames.replay_to(v.replay, total - 2)
    assert [e.seq for e in v.duel.view(None).events] == [e.seq for e in fresh.view(None).events]
    v.act("at:3")  # back: replayed from the start
    assert v.step == 3
    for bad in ("at:", "at:-1", "at:x", "at:2.5"):
        v.act(bad)
        assert v.step == 3, bad
    v.act(f"at:{total + 40}")
    assert v.step == total
    v.act("try")  # playing on: no bar, the duel is the reader's
    assert 'class="w-scrub"' not in v.render()
    fr = Viewer(read("?scenario=withdrawal&lang=fr", ""), "fr").render()
    assert 'aria-label="Aller à une étape du duel"' in fr
    assert "w-scrub" not in frames.blank("A replay", "", "en")  # a shared replay's length is not read yet


def test_autoplay_steps_to_the_end_and_stops_and_play_at_the_end_starts_over():
    v = Viewer(read("?scenario=draw&step=8", ""), "en")
    v.act("play")
    while v.tick():
        pass
    assert (v.step, v.playing) == (v.total, False)
    assert v.duel.outcome is not None
    v.act("play")
    assert (v.step, v.playing) == (0, True)


def test_a_step_past_the_end_is_named_and_the_duel_opens_at_its_start():
    v = Viewer(read("?scenario=draw&step=99", ""), "en")
    assert v.step == 0
    (p,) = v.problems
    assert problem_text(p, "en") == f"“step=99” ignored: a whole number from 0 to {v.total}."


def test_a_shared_replay_in_the_fragment_opens_at_its_start_never_its_end():
    session = Session(
        Setup(
            kind="duel",
            sides=[
                SideSetup(character="ilse", control="normal"),
                SideSetup(character="kael", control="normal"),
            ],
        )
    )
    session.run_computer()
    assert session.over
    packed = encode_fragment(session.save_json())
    v = Viewer(read("?lang=en", "#" + packed), "en")
    assert v.problems == []
    assert (v.step, v.total) == (0, len(session.duel.decisions))
    v.act("end")
    assert v.duel.outcome == session.duel.outcome


def test_a_damaged_replay_is_named_and_the_default_showcase_plays_instead():
    v = Viewer(read("", "#replay=AAAA"), "fr")
    assert [p.name for p in v.problems] == ["replay"]
    assert v.error.startswith("La rediffusion n'a pas pu être lue")
    assert v.showcase.id == showcases.ids()[0]


def test_try_mode_hands_the_reader_the_pending_side_and_the_computer_answers():
    v = Viewer(read("?scenario=counterspell&mode=try", ""), "en")
    assert v.reader == "p2"  # Kael has the first turn
    html = v.render()
    assert "You play Kael Sunderwind." in html
    v.handle("pick", {"act": "pick", "pick": "magic_missile|1"})
    v.handle("decide", {"act": "decide", "option": "cast magic_missile @p1"})
    while v.pump(5.0):
        pass
    decisions = v.app.session.duel.decisions
    assert decisions[0] == ("p2", "cast magic_missile @p1")
    assert len(decisions) >= 2 and all(p == "p1" for p, _ in decisions[1:])  # Ilse's answers, not ours
    assert v.app.session.waiting_for_person() == "p2"
    assert 'data-mode="try"' in v.render()
    # The reader's own decision can be taken back, with the computer's answers; the showcase's cannot.
    assert 'data-act="undo"' in v.render()
    v.handle("undo", {"act": "undo"})
    assert v.app.session.duel.decisions == [] and 'data-act="undo"' not in v.render()
    assert "The last decision is taken back" in v.render()


def test_try_mode_from_a_later_step_takes_back_only_the_readers_own_decisions():
    v = Viewer(read("?scenario=counterspell&step=4", ""), "en")
    v.act("try")
    assert v.app is not None and len(v.app.session.duel.decisions) == 4
    assert not v.app.session.can_undo() and 'data-act="undo"' not in v.render()


def test_watch_after_try_returns_to_the_replay_where_it_was():
    v = Viewer(read("?scenario=counterspell&step=2", ""), "en")
    v.act("try")
    assert v.app is not None
    v.act("watch")
    assert v.app is None and v.step == 2
    assert steps_of(v.render()) == (2, v.total)


def test_the_height_and_data_contracts_are_in_the_page_shell():
    shell = frames.__file__.rsplit("/web/", 1)[0] + "/static/embed.html"
    text = open(shell, encoding="utf-8").read()
    assert 'data-state="loading"' in text and "embed-data.js" in text and "embed.js" in text
    js = open(shell.replace("embed.html", "embed.js"), encoding="utf-8").read()
    assert "{ mageduel: { height } }" in js
    assert 'root.dataset.state = "poster"' in js


# --- Share → Embed in the full game -----------------------------------------------------------------------


def test_share_embed_gives_the_snippet_for_the_replay_at_its_step_with_a_preview_and_copies_it():
    from web.game.app import App

    session = Session(
        Setup(
            kind="mageduel",
            sides=[
                SideSetup(character="tamsin", control="normal"),
                SideSetup(character="bram", control="normal"),
            ],
        )
    )
    session.run_computer()
    app = App(lang="fr", site="https://wiki.example/mageduel")
    assert app.restore(session.save_json(), replay=True) is None
    app.handle("seek", {"to": "start"})
    for _ in range(3):
        app.handle("seek", {"to": "next"})
    assert 'data-act="embed"' in app.render()
    app.handle("embed")
    html = app.render()
    box = re.search(r'<aside class="embed-box".*?</aside>', html, re.S)[0]
    code = unescape(re.search(r'<textarea class="embed-code"[^>]*>(.*?)</textarea>', box, re.S)[1])
    assert code.startswith('<iframe src="https://wiki.example/mageduel/embed.html?lang=fr#replay=')
    assert 'step=3"' in code and 'sandbox="allow-scripts"' in code and "aspect-ratio:3/2" in code
    assert 'loading="lazy"' in code and 'title="Mageduel"' in code
    # The live preview is the widget itself, on the same address.
    src = unescape(re.search(r'<div class="embed-preview"><iframe src="([^"]+)"', box)[1])
    assert src.replace("&", "&amp;") in code  # the snippet is HTML: its & is written &amp;
    # The snippet's duel is this one, and the widget reads it back at that step.
    query, fragment = src.split("?", 1)[1].split("#", 1)
    v = Viewer(read("?" + query, "#" + fragment), "fr")
    assert v.problems == [] and (v.step, v.total) == (3, len(session.duel.decisions))
    # Another step, then the copy.
    app.handle("embed-step", {"value": "5"})
    app.handle("copy-embed")
    assert app.effects[-1][0] == "copy" and "step=5" in app.effects[-1][1]
    assert app.notice == "Le code a été copié."
    app.handle("embed")
    assert "embed-box" not in app.render()


@pytest.mark.parametrize("sid", showcases.ids())
def test_a_lines_roll_is_from_its_own_turn_at_every_step(sid):
    """Found at step 2 of the counterspell showcase (an identification the observer does not see, MD-26):
    the line kept, "Kael begins casting a spell at Ilse", came with Kael's initiative roll from before the
    first round. At every step of every showcase, the roll shown with the line is this turn's."""
    show = showcases.get(sid)
    for step in range(len(show.replay.decisions) + 1):
        frame = frames.watch_frame(show, step, "en")
        html = frames.render(frame, "en")
        line = re.search(r'<p class="w-line"[^>]*data-seq="(\d+)"', html)
        roll = re.search(r'<span class="w-roll" data-seq="(\d+)"', html)
        if line is None or roll is None:
            continue
        between = [e.kind for e in frame.view.events if int(roll[1]) < e.seq < int(line[1])]
        assert "turn" not in between and "round" not in between, (sid, step, between)
    step2 = frames.render(frames.watch_frame(showcases.get("counterspell"), 2, "en"), "en")
    assert "begins casting a spell" in unescape(step2) and "initiative" not in unescape(step2)


def test_a_summoned_creature_is_named_in_the_readers_language_on_the_board_and_in_the_line():
    """Found in the French widget of the summoned showcase: the line said "Rat sanguinaire" but the board
    drew "Dire rat", the engine's English name. Every frame of it names the creature in French."""
    show = showcases.get("summoned")
    seen = False
    for step in range(min(len(show.replay.decisions), 12) + 1):
        html = unescape(frames.render(frames.watch_frame(show, step, "fr"), "fr"))
        assert "Dire rat" not in html, step
        seen = seen or 'data-name="Rat sanguinaire"' in html
    assert seen
    english = unescape(frames.render(frames.watch_frame(show, 8, "en"), "en"))
    assert 'data-name="Dire rat"' in english


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_same_character_on_both_sides_has_two_names_in_the_widget_as_in_the_game(lang):
    """Found in the summoned showcase (Ilse against Ilse): the widget's line read "Initiative order: Ilse
    Varro, Ilse Varro." and both tokens were "Ilse Varro", where the game names the second "Ilse Varro II"."""
    show = showcases.get("summoned")
    html = unescape(frames.render(frames.watch_frame(show, 0, lang), lang))
    assert re.findall(r'class="token" data-name="([^"]+)"', html) == ["Ilse Varro", "Ilse Varro II"]
    assert "Ilse Varro II, Ilse Varro." in html  # the initiative order
    assert "Ilse Varro II — initiative" in html
    # The names the game gives the same duel, played on from the widget (mode=try).
    game = Session(
        Setup(kind="duel", sides=[SideSetup(character="ilse", control="human")] * 2),
        show.replay.scenario,
        show.replay.dice,
    )
    assert frames.display_names(show.replay, lang) == game.display_names(lang)
