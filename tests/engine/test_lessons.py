"""The rules tutorial's lessons (engine data): each level is a test of the engine.

``python -m mageduel lessons --check`` is run here in-process (so it runs in Pyodide too): every level's
solution meets its goal, every named wrong move fails it, every clause a level claims appears in its
solution's events (or in the engine's refusal of a named wrong move), and every clause of the catalogue
is shown by some level.
"""

from __future__ import annotations

import doctest
import io
import json
from contextlib import redirect_stderr, redirect_stdout

import pytest
from mageduel import clauses, cli, lessons
from mageduel.lessons import check, goals, model, play
from mageduel.lessons.model import LessonBook, Level
from pydantic import ValidationError


@pytest.fixture(scope="module")
def report() -> check.Report:
    return check.check_all()


def test_lessons_every_level_passes_its_check(report):
    assert report.failures == []


def test_lessons_have_at_least_four_stages_and_sixteen_levels(report):
    assert report.stages >= 4 and len(report.levels) >= 16


def test_lessons_show_every_clause_of_the_catalogue(report):
    assert report.missing == [], f"no level shows {report.missing}"
    assert report.failures == [] and report.ok


def test_lessons_every_clause_is_named_by_a_level_that_teaches_it():
    # The log's clause box offers "see it in a lesson" from ``teaches``: every clause needs one.
    taught = {c for ref in lessons.refs() for c in lessons.level(ref).teaches}
    assert [c for c in clauses.ids() if c not in taught] == []


def test_lessons_a_refusal_counts_only_where_the_engine_refuses_citing_the_clause(report):
    # DU-10 and MD-18 act by forbidding a move: 5-6 and 5-7 show them by the engine's refusal.
    by_ref = {r.ref: r for r in report.levels}
    assert by_ref["5-6"].refused == ["DU-10"] and by_ref["5-7"].refused == ["MD-18"]
    lv = lessons.level("5-6").model_copy(deep=True)
    lv.steps[0].wrong[0].refused = "MD-18"  # the engine refuses it, but for DU-10
    rep = check.check_level("5-6", lv)
    assert any("without citing MD-18" in f for f in rep.failures) and "MD-18" not in rep.clauses
    lv = lessons.level("5-6").model_copy(deep=True)
    lv.steps[0].wrong[1].refused = "DU-10"  # 'end' is legal: no refusal to show
    assert any("is legal, not refused" in f for f in check.check_level("5-6", lv).failures)


def test_lessons_a_refused_wrong_move_is_undone_with_its_reason_like_any_other():
    p = lessons.start("5-7")
    wrong = next(w for w in p.level.steps[0].wrong if w.refused)
    answer = p.choose(wrong.option)
    assert not answer.ok and answer.why is wrong and "MD-18" in wrong.why.en and "MD-18" in wrong.why.fr
    assert p.choose(p.level.steps[0].answer).ok and p.state == play.WON


def test_lessons_check_command_ends_with_the_json_summary():
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli.main(["lessons", "--check", "--json"])
    summary = json.loads(out.getvalue().strip().splitlines()[-1])
    assert set(summary) == {"stages", "levels", "clauses_covered", "clauses_missing", "failures"}
    assert summary["failures"] == [] and summary["levels"] == len(lessons.refs())
    assert summary["clauses_missing"] == [] and code == 0


def test_lessons_check_fails_on_a_wrong_move_that_still_wins():
    lv = lessons.level("1-1").model_copy(deep=True)
    lv.steps[0].wrong[0].option = "cast scorching_ray @p2"  # a ray also draws first blood
    rep = check.check_level("1-1", lv)
    assert any("still meets the goal" in f for f in rep.failures)


def test_lessons_check_fails_on_a_level_whose_goal_is_not_met():
    lv = lessons.level("1-1").model_copy(deep=True)
    lv.goal[0].winner = "p2"
    assert any("does not meet the goal" in f for f in check.check_level("1-1", lv).failures)


def test_lessons_check_fails_on_a_clause_taught_but_not_shown():
    lv = lessons.level("1-1").model_copy(deep=True)
    lv.teaches.append("MD-24")
    assert any("teaches MD-24" in f for f in check.check_level("1-1", lv).failures)


def test_lessons_a_wrong_move_is_not_played_and_costs_a_star():
    p = lessons.start("1-1")
    before = len(p.duel.events)
    wrong = p.level.steps[0].wrong[0]
    answer = p.choose(wrong.option)
    assert not answer.ok and answer.why is wrong and len(p.duel.events) == before
    assert p.state == play.PLAYING and p.choose(p.level.steps[0].answer).ok
    assert p.state == play.WON and p.decisions == p.level.par + 1 and p.stars == 2


def test_lessons_a_clean_solution_earns_three_stars_and_a_hint_costs_nothing():
    p = lessons.start("1-1")
    assert p.hint() == p.level.steps[0].hint.en
    p.choose(p.level.steps[0].answer)
    assert p.stars == 3


def test_lessons_an_option_not_offered_is_refused_with_the_offer():
    p = lessons.start("1-1")
    with pytest.raises(ValueError, match="not offered here"):
        p.choose("cast fireball @p2")


def test_lessons_level_names_and_unknown_names():
    assert lessons.level("1-1") is lessons.book().stages[0].levels[0]
    assert lessons.level("duel/first-blood") is lessons.level("1-1")
    for bad in ("9-9", "x", "duel/nothing"):
        with pytest.raises(KeyError):
            lessons.level(bad)


def _one_level() -> dict:
    return lessons.level("1-1").model_dump(mode="json")


def test_lessons_a_step_of_more_than_about_25_words_is_refused():
    data = _one_level()
    data["steps"][0]["say"]["en"] = "word " * 40
    with pytest.raises(ValidationError, match="steps.0.say"):
        Level.model_validate(data)


def test_lessons_goals_are_named_checks_never_code():
    data = _one_level()
    data["goal"] = [{"check": "lambda duel: True"}]
    with pytest.raises(ValidationError, match="goal.0.check"):
        Level.model_validate(data)


def test_lessons_bad_clause_ids_learners_and_duplicate_levels_are_named():
    data = _one_level()
    data["teaches"] = ["MD16"]
    with pytest.raises(ValidationError, match="teaches"):
        Level.model_validate(data)
    data = _one_level()
    data["learner"] = "p9"
    with pytest.raises(ValidationError, match="learner"):
        Level.model_validate(data)
    lv = _one_level()
    with pytest.raises(ValidationError, match="duplicate level id"):
        LessonBook.model_validate(
            {"stages": [{"id": "a", "title": lv["title"], "intro": lv["intro"], "levels": [lv, lv]}]}
        )


def test_lessons_schema_is_published():
    schema = cli.schemas()["lessons"]
    assert schema["title"] == "LessonBook" and "Level" in schema["$defs"]


def test_lessons_french_texts_use_a_narrow_no_break_space_before_high_punctuation():
    bad = []
    for ref in lessons.refs():
        for text in _texts(lessons.level(ref)):
            for i, ch in enumerate(text):
                if ch in ";:!?" and i and text[i - 1] != "\u202f":
                    bad.append(f"{ref}: {text!r}")
    assert not bad, bad[:5]


def _texts(lv: Level) -> list[str]:
    out = [lv.title.fr, lv.intro.fr, lv.goal_text.fr, lv.success.fr]
    for s in lv.steps:
        out += [s.say.fr, s.hint.fr] + [w.why.fr for w in s.wrong]
    return out


def test_lessons_doctests():
    for module in (lessons, play, goals, model):
        assert doctest.testmod(module).failed == 0, module.__name__
