"""The rules tutorial's fifth stage in the page (issue 13): its ten levels played by clicking in French from
the first one's address; the MD-10 level's wrong move undone with why, and its log saying where the zone
stopped the fireball; the moves the rules refuse (DU-10's fireball on an onlooker, MD-18's dispel aimed at
the zone) undone with the sentence citing the clause. 5-1 to 5-10 take 4 + 1 + 3 + 1 + 1 + 1 + 1 + 1 + 2 + 1
choices and 9 "next": 25 clicks (plus the three wrong moves tried on purpose).
Screenshots of the MD-10 and DU-10 levels at 1280x800 and 390x844 go to test-artifacts/."""

from __future__ import annotations

import pytest
from mageduel import lessons

from tests.browser.helpers import artifact, wait_ready
from tests.browser.test_game_play import game_site  # noqa: F401 - the fixture is used by name

pytestmark = pytest.mark.browser


def lesson_state(page, ref: str, state: str) -> None:
    page.wait_for_selector(
        f'[data-screen="lesson"][data-lesson="{ref}"][data-state="{state}"]', timeout=120_000
    )


def test_lessons_stage_five_by_clicking_in_french_with_wrong_and_refused_moves_undone(browser, game_site):  # noqa: F811
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(f"{game_site}/?lang=fr#lesson=5-1")
    assert wait_ready(page) == "true"
    stage = lessons.book().stages[4]
    clicks = 0
    for i, lv in enumerate(stage.levels, 1):
        ref = f"5-{i}"
        lesson_state(page, ref, "playing")
        refused = [w for w in lv.steps[0].wrong if w.refused]
        if lv.id == "zone-walls" or refused:
            wrong = refused[0] if refused else lv.steps[0].wrong[0]
            page.locator(f'.lesson-opt[data-option="{wrong.option}"]').click()
            page.wait_for_selector(".lesson-wrong")
            assert wrong.why.fr in page.locator(".lesson-wrong").inner_text()
            if refused:
                assert f"({wrong.refused})" in page.locator(".lesson-wrong").inner_text()
            lesson_state(page, ref, "playing")  # undone: the level goes on
        if lv.id == "onlookers":
            page.set_viewport_size({"width": 1280, "height": 800})
            page.screenshot(path=str(artifact("lesson-du10-fr-1280x800.png")), full_page=True)
            page.set_viewport_size({"width": 390, "height": 844})
            page.screenshot(path=str(artifact("lesson-du10-fr-390x844.png")), full_page=True)
            page.set_viewport_size({"width": 1280, "height": 800})
        for step in lv.steps:
            page.locator(f'.lesson-opt[data-option="{step.answer}"]').click()
            clicks += 1
        lesson_state(page, ref, "won")
        if lv.id == "zone-walls":
            body = page.locator('section[data-screen="lesson"]').inner_text()
            assert "s'arrête aux faces de la zone" in body and "Tamsin" in body
            page.screenshot(path=str(artifact("lesson-md10-fr-1280x800.png")), full_page=True)
            page.set_viewport_size({"width": 390, "height": 844})
            page.screenshot(path=str(artifact("lesson-md10-fr-390x844.png")), full_page=True)
            page.set_viewport_size({"width": 1280, "height": 800})
        if i < len(stage.levels):
            page.get_by_role("button", name="Leçon suivante").click()
            clicks += 1
    assert clicks == sum(len(lv.steps) for lv in stage.levels) + len(stage.levels) - 1 == 25
    page.close()
