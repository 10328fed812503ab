"""The wiki widget showing a tutorial level (``embed.html?lesson=<stage>-<level>``): the parameter checked
against the real levels, the build-time poster (the level's first decision, its goal as the caption), and
the level played inside the frame by the page's own Tutor: choices, a wrong move undone with why, hint,
retry, stars, and the full game's ``#lesson=`` link."""

from __future__ import annotations

import re
from html import unescape

import pytest
from mageduel import lessons

from web.embed import posters
from web.embed.params import problem_text, read, schema
from web.embed.viewer import Viewer
from web.lesson import tr


def lesson_viewer(ref: str, lang: str = "en") -> Viewer:
    return Viewer(read(f"?lesson={ref}", ""), lang)


def state_of(html: str) -> str:
    m = re.search(r'class="w-frame w-lesson"[^>]* data-state="(\w+)"', html)
    assert m
    return m[1]


def test_the_lesson_parameter_takes_every_real_level_and_names_a_bad_one_with_them():
    assert read("?lesson=1-1", "").problems == []
    assert read(f"?lesson={lessons.refs()[-1]}", "").params.lesson == lessons.refs()[-1]
    assert schema()["properties"]["lesson"]["anyOf"][0]["enum"] == lessons.refs()
    r = read("?lesson=9-99&scenario=draw", "")
    assert r.params.lesson is None and r.params.scenario == "draw"
    (p,) = r.problems
    assert (p.name, p.kind) == ("lesson", "bad")
    said = problem_text(p, "en")
    assert said.startswith("“lesson=9-99” ignored: use 1-1, 1-2,") and lessons.refs()[-1] in said


def test_a_bad_lesson_falls_back_to_the_default_scenario():
    html = Viewer(read("?lesson=duel", ""), "en").render()
    assert "w-lesson" not in html and 'data-action="play"' in html


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_lesson_poster_is_the_first_decision_with_the_goal_as_caption_and_a_play_control(lang):
    lv = lessons.level("1-1")
    html = lesson_viewer("1-1", lang).render()
    assert state_of(html) == "poster"
    assert 'class="arena-svg' in html and 'data-action="play"' in html
    caption = unescape(re.search(r'<p class="w-caption w-goal">([^<]*)</p>', html)[1])
    assert caption.endswith(tr(lv.goal_text, lang))
    assert 'data-do="choose"' not in html  # the choices come with the runtime, once play is pressed
    assert 'href="./index.html#lesson=1-1"' in html
    assert posters.data()["lessons"]["1-1"][lang] == html


def test_every_level_has_a_poster_in_both_languages():
    out = posters.data()["lessons"]
    assert list(out) == lessons.refs()
    assert all(state_of(p[lang]) == "poster" for p in out.values() for lang in ("en", "fr"))


def test_x2_play_offers_the_levels_choices_and_a_wrong_move_is_undone_with_why():
    v = lesson_viewer("1-1")
    v.act("play")
    html = v.render()
    assert state_of(html) == "playing"
    offered = re.findall(r'data-do="choose" data-option="([^"]+)"', html)
    assert offered == lessons.start("1-1").offered()
    step = lessons.level("1-1").steps[0]
    wrong = step.wrong[0]
    v.handle("lesson", {"do": "choose", "option": wrong.option})
    html = unescape(v.render())
    assert wrong.why.en in html and "The move is undone" in html
    assert state_of(html) == "playing" and v.lesson.tutor.play.step_index == 0
    v.handle("lesson", {"do": "hint"})
    assert step.hint.en in unescape(v.render())


def test_du5_the_right_answers_win_the_level_with_stars_and_retry_starts_it_again():
    ref = "1-1"
    v = lesson_viewer(ref, "fr")
    v.act("play")
    for step in lessons.level(ref).steps:
        v.handle("lesson", {"do": "choose", "option": step.answer})
        while v.pump():
            pass
    html = v.render()
    assert state_of(html) == "won"
    assert 'data-stars="3"' in html and "Réussi" in html
    assert 'data-do="next"' in html  # a next level exists: the widget moves on to it
    v.handle("lesson", {"do": "retry"})
    assert state_of(v.render()) == "playing"
    v.handle("lesson", {"do": "next"})
    assert 'data-lesson="1-2"' in v.render() and v.lesson.link() == "./index.html#lesson=1-2"


def test_a_lesson_ignores_the_replay_controls_and_try_mode():
    v = Viewer(read("?lesson=1-2&mode=try&step=3", ""), "en")
    assert v.app is None
    v.act("next")
    assert v.tick() is False
    assert state_of(v.render()) == "poster"


@pytest.mark.parametrize("ref", lessons.refs())
def test_every_level_is_completed_in_the_widget_with_three_stars_on_its_answers(ref):
    """The widget plays each level to its end, a long one in slices (its automatic decisions between frames)."""
    v = lesson_viewer(ref)
    v.act("play")
    for step in lessons.level(ref).steps:
        assert 'data-do="choose"' in v.render()
        v.handle("lesson", {"do": "choose", "option": step.answer})
        while v.pump():
            assert state_of(v.render()) == "playing"  # busy: "the duel plays on", no choices yet
    html = v.render()
    assert state_of(html) == "won" and 'data-stars="3"' in html
