"""The rules tutorial in the page (issue 13): stages 2, 3 and 4 played to the end by clicking in English, each
from its first level's address, every level won with three stars. The clicks each stage needs (one per step of
each level's solution, one "Next lesson" between levels) are counted and written, with those of stages 1 and
5 (played in French by test_lessons.py and test_lessons_stage5.py), to test-artifacts/lesson-clicks.json.
"""

from __future__ import annotations

import json

import pytest
from mageduel import lessons

from tests.browser.helpers import artifact, wait_ready
from tests.browser.test_game_play import game_site  # noqa: F401 - the fixture is used by name

pytestmark = pytest.mark.browser


def stage_clicks(stage) -> int:
    """Every step's answer, and "Next lesson" between two levels."""
    return sum(len(lv.steps) for lv in stage.levels) + len(stage.levels) - 1


@pytest.mark.parametrize("si", [2, 3, 4])
def test_lessons_a_whole_stage_by_clicking_in_english(browser, game_site, si):  # noqa: F811
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(f"{game_site}/?lang=en#lesson={si}-1")
    assert wait_ready(page) == "true"
    stage = lessons.book().stages[si - 1]
    clicks = 0
    for i, lv in enumerate(stage.levels, 1):
        ref = f"{si}-{i}"
        page.wait_for_selector(f'[data-screen="lesson"][data-lesson="{ref}"][data-state="playing"]')
        for n, step in enumerate(lv.steps):
            page.locator(f'.lesson-opt[data-option="{step.answer}"]').click()
            clicks += 1
            page.wait_for_function(
                "(() => { const s = document.querySelector('[data-screen=lesson]');"
                " return s.dataset.state !== 'playing' ||"
                f" document.querySelector('.lesson-step')?.textContent.startsWith('Step {n + 2}'); }})()",
                timeout=120_000,
            )
        page.wait_for_selector(
            f'[data-screen="lesson"][data-lesson="{ref}"][data-state="won"]', timeout=120_000
        )
        assert page.locator(".lesson-won [data-stars]").get_attribute("data-stars") == "3", ref
        if i < len(stage.levels):
            page.get_by_role("button", name="Next lesson").click()
            clicks += 1
    assert clicks == stage_clicks(stage)
    counts = {f"stage {n}": stage_clicks(s) for n, s in enumerate(lessons.book().stages, 1)}
    artifact("lesson-clicks.json").write_text(json.dumps(counts, indent=1) + "\n", encoding="utf-8")
    page.close()
