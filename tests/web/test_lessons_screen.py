"""The tutorial's screen (web/lesson.py) clicked through in CPython, as the page would (issue 13)."""

from __future__ import annotations

import re
from html import unescape

from mageduel import clauses, lessons

from web import lesson
from web.game.app import App
from web.game.panels import clause_box


def click(app: App, **data: str) -> str:
    app.handle("lesson", data)
    return app.render()


def test_the_first_screen_offers_to_learn_in_five_minutes():
    assert "Apprenez en cinq minutes" in App(lang="fr").render()
    assert "Learn in five minutes" in App(lang="en").render()


def test_a_whole_stage_is_played_by_choosing_the_offered_answers_in_french():
    app = App(lang="fr")
    html = click(app, do="menu")
    assert 'data-screen="lessons"' in html and "0 leçon faite sur" in html
    click(app, do="open", ref="1-1")
    for i, lv in enumerate(lessons.book().stages[0].levels, 1):
        assert app.tutor.ref == f"1-{i}"
        for step in lv.steps:
            html = app.render()
            offered = re.findall(r'data-do="choose" data-option="([^"]+)"', html)
            assert step.answer in offered and len(offered) == 1 + len(step.wrong)
            html = click(app, do="choose", option=step.answer)
        assert 'data-state="won"' in html and 'data-stars="3"' in html
        click(app, do="next")
    assert app.tutor.ref == "2-1"
    assert all(app.lesson_progress[f"1-{i}"] == 3 for i in range(1, len(lessons.book().stages[0].levels) + 1))
    kept = [e for e in app.effects if e[0] == "lessons-progress"]
    assert kept and '"1-1": 3' in kept[-1][1]  # the page is asked to keep the progress


def test_a_wrong_move_is_undone_with_why_and_the_hint_retry_and_skip_never_leave_one_stuck():
    app = App(lang="en")
    click(app, do="open", ref="2-1")
    step = app.tutor.play.level.steps[0]
    before = len(app.tutor.play.duel.events)
    html = click(app, do="choose", option=step.wrong[0].option)
    assert step.wrong[0].why.en.replace("'", "&#x27;") in html and "The move is undone" in html
    assert len(app.tutor.play.duel.events) == before and app.tutor.play.step_index == 0
    assert step.hint.en.replace("'", "&#x27;") in click(app, do="hint")
    click(app, do="retry")
    assert app.tutor.play.decisions == 0
    click(app, do="next")
    assert app.tutor.ref == "2-2"
    click(app, do="open", ref="99-1")
    assert app.tutor.play is None and 'data-screen="lessons"' in app.render()
    click(app, do="close")
    assert app.tutor is None and 'data-screen="setup"' in app.render()


def test_a_clause_box_offers_the_lesson_that_shows_it():
    box = clause_box("MD-16", "en")
    ref = lesson.lesson_for_clause("MD-16")
    assert ref is not None and f'data-ref="{ref}"' in box and "See it in a lesson" in box
    assert "MD-16" in lessons.level(ref).teaches
    # Every clause is taught now, the last six in stage 5 (MD-18 by refusing a dispel aimed at the zone).
    assert lesson.lesson_for_clause("MD-18") == "5-7" and 'data-ref="5-7"' in clause_box("MD-18", "fr")
    assert all(lesson.lesson_for_clause(c) for c in clauses.ids())


def test_stored_progress_is_read_forgivingly():
    assert lesson.parse_progress('{"1-1": 3, "1-2": 9, "x": "a"}') == {"1-1": 3}
    assert lesson.parse_progress("not json") == {} and lesson.parse_progress(None) == {}
    assert lesson.parse_progress("[1, 2]") == {}


def test_a_long_level_plays_in_slices_between_frames():
    app = App(lang="en")
    ref = next(r for r in lessons.refs() if lessons.level(r).id == "hour")  # 600 rounds
    click(app, do="open", ref=ref)
    html = click(app, do="choose", option=lessons.level(ref).steps[0].answer)
    assert app.automatic() and "The duel plays on" in html and "lesson-opt" not in html
    slices = 0
    while app.pump():
        slices += 1
    assert slices > 10 and not app.automatic()
    assert 'data-state="won"' in app.render() and app.lesson_progress[ref] == 3


def test_md18_a_move_the_rules_refuse_is_offered_named_and_undone_with_the_clause():
    for lang, label, why in (
        ("en", "Dispel Magic at the zone", "Refused (MD-18)"),
        ("fr", "Dissipation de la magie sur la zone", "Refusé (MD-18)"),
    ):
        app = App(lang=lang)
        click(app, do="menu")
        html = click(app, do="open", ref="5-7")
        assert label in html
        html = click(app, do="choose", option="cast dispel_magic @zone")
        assert 'class="lesson-wrong" role="alert"' in html and why in html
        assert app.tutor.play.step_index == 0  # not played: the learner tries again
        html = click(app, do="choose", option="cast magic_missile @p2")
        assert 'data-state="won"' in html and 'data-stars="2"' in html


def test_du10_an_option_aimed_at_a_point_names_who_stands_there():
    for lang, words in (
        ("en", "Fireball at (20, 55), where Tamsin Quillfeather stands"),
        ("fr", "Boule de feu sur (20\u202f; 55), là où se tient Tamsin Plumevive"),
    ):
        app = App(lang=lang)
        click(app, do="menu")
        html = click(app, do="open", ref="5-6")
        assert words in html
        html = click(app, do="choose", option="cast fireball @20,55")
        assert "(DU-10)" in html and 'data-state="playing"' in html


def test_the_lessons_list_numbers_each_level_once():
    """The levels are an ordered list, which numbers them: their titles do not number them again
    ("1. 1. First blood")."""
    html = click(App(lang="en"), do="menu")
    stages = re.findall(r'<ol class="lesson-levels">(.*?)</ol>', html, re.S)
    assert len(stages) == len(lessons.book().stages)
    for stage, levels in zip(stages, lessons.book().stages, strict=True):
        titles = [unescape(x) for x in re.findall(r'class="lesson-link"[^>]*>([^<]*)</a>', stage)]
        assert titles == [lesson.tr(lv.title, "en") for lv in levels.levels]
        assert not any(re.match(r"\d", title) for title in titles)


def test_a_lessons_keys_are_the_ones_its_shortcuts_box_lists():
    """ "?" opens the shortcuts from the setup screen and in a lesson, and in a lesson the box lists the
    lesson's own keys (hint, skip, next) rather than the duel's."""
    from web.game.app import LESSON_SHORTCUTS

    listed = {"Escape" if k == "Esc" else k for keys, _ in LESSON_SHORTCUTS for k in keys.split(", ")}
    listed |= {str(n) for n in range(10)} - {"1…9"}
    assert 'data-act="keys" data-key="?"' in App(lang="en").render()  # the setup screen
    app = App(lang="en")
    used: set[str] = set()
    html = click(app, do="open", ref="2-1")
    for step in lessons.level("2-1").steps:
        used |= set(re.findall(r'data-key="([^"]+)"', html))
        html = click(app, do="choose", option=step.answer)
    used |= set(re.findall(r'data-key="([^"]+)"', html))  # won: the next lesson
    app.handle("keys")
    box = app.render().split('class="keys-box"')[1]
    used |= set(re.findall(r'data-key="([^"]+)"', box))
    assert {"h", "s", "n", "?", "Escape", "1"} <= used
    assert used <= listed, used - listed
    assert "<kbd>h</kbd>" in box and "<kbd>e</kbd>" not in box  # no "end the turn" in a lesson


def test_a_lesson_with_the_same_character_on_both_sides_tells_them_apart_as_the_game_does():
    """Lesson 2-6 sets Garrick against another Garrick: both tokens and every line said "Garrick
    Stonehand". The second is "Garrick Stonehand II" now, on the board and in the log, as in the game."""
    app = App(lang="en")
    click(app, do="open", ref="2-6")
    step = app.tutor.play.level.steps[0]
    html = unescape(click(app, do="choose", option=step.answer))
    names = sorted(re.findall(r'class="token" data-name="([^"]+)"', html))
    assert names == ["Garrick Stonehand", "Garrick Stonehand II"]
    assert "Garrick Stonehand II" in re.sub(r"<svg.*?</svg>", "", html, flags=re.S)  # named in the lines too
