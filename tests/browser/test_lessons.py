"""The rules tutorial in the page (issue 13): a whole stage by clicking in French, a level in English, a level
with the keyboard only, a level linked by its address, the wrong move undone with why, progress kept.

The first stage takes 9 levels x (1 choice + 1 "next") = 18 clicks, plus 2 to reach it from the first screen
("Learn in five minutes", "Start"): 20 clicks. Screenshots at 1280x800 and 390x844 go to test-artifacts/.
"""

from __future__ import annotations

import pytest
from mageduel import lessons

from tests.browser.helpers import artifact, wait_ready
from tests.browser.test_game_play import game_site, open_game  # noqa: F401 - the fixture is used by name

pytestmark = pytest.mark.browser


def lesson_state(page, ref: str, state: str) -> None:
    page.wait_for_selector(f'[data-screen="lesson"][data-lesson="{ref}"][data-state="{state}"]')


def test_lessons_a_whole_stage_by_clicking_in_french(browser, game_site):  # noqa: F811
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    open_game(page, game_site, "fr")
    clicks = 0
    page.get_by_text("Apprenez en cinq minutes").click()
    clicks += 1
    page.wait_for_selector('[data-screen="lessons"]')
    page.get_by_role("button", name="Commencer").click()
    clicks += 1
    stage = lessons.book().stages[0]
    for i, lv in enumerate(stage.levels, 1):
        ref = f"1-{i}"
        lesson_state(page, ref, "playing")
        assert page.locator(".lesson-goal").inner_text().startswith("But")
        for step in lv.steps:
            page.locator(f'.lesson-opt[data-option="{step.answer}"]').click()
            clicks += 1
        lesson_state(page, ref, "won")
        assert page.locator(".lesson-won [data-stars]").get_attribute("data-stars") == "3"
        if i == 1:
            page.screenshot(path=str(artifact("lesson-fr-1280x800.png")), full_page=True)
        page.get_by_role("button", name="Leçon suivante").click()
        clicks += 1
    lesson_state(page, "2-1", "playing")
    assert clicks == 2 + sum(len(lv.steps) + 1 for lv in stage.levels) == 20
    page.close()


def test_lessons_one_level_in_english_with_a_wrong_move_undone_and_progress_kept(browser, game_site):  # noqa: F811
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{game_site}/?lang=en#lesson=2-4")
    assert wait_ready(page) == "true"
    page.wait_for_selector('[data-screen="lesson"][data-lesson="2-4"]')
    lv = lessons.level("2-4")
    wrong = lv.steps[0].wrong[0]
    page.locator(f'.lesson-opt[data-option="{wrong.option}"]').click()
    page.wait_for_selector(".lesson-wrong")
    assert wrong.why.en in page.locator(".lesson-wrong").inner_text()
    lesson_state(page, "2-4", "playing")
    page.get_by_role("button", name="Hint").click()
    assert lv.steps[0].hint.en in page.locator(".lesson-hint").inner_text()
    page.screenshot(path=str(artifact("lesson-en-390x844.png")), full_page=True)
    page.locator(f'.lesson-opt[data-option="{lv.steps[0].answer}"]').click()
    lesson_state(page, "2-4", "won")
    assert page.locator(".lesson-won [data-stars]").get_attribute("data-stars") == "2"  # one mistake
    assert "#lesson=2-4" in page.url
    page.reload()
    assert wait_ready(page) == "true"
    page.wait_for_selector('[data-screen="lesson"][data-lesson="2-4"]')
    page.get_by_role("button", name="All lessons").click()
    page.wait_for_selector('[data-screen="lessons"]')
    assert page.locator('a[data-ref="2-4"] + .stars').get_attribute("data-stars") == "2"
    page.close()


def test_lessons_one_level_by_keyboard_only(browser, game_site):  # noqa: F811
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(f"{game_site}/?lang=en#lesson=2-1")
    assert wait_ready(page) == "true"
    page.wait_for_selector('[data-screen="lesson"][data-lesson="2-1"]')
    page.keyboard.press("?")  # the lesson's own shortcuts, then back to it
    assert page.locator(".keys-box").is_visible() and "<kbd>h</kbd>" in page.locator(".keys-box").inner_html()
    page.keyboard.press("Escape")
    assert page.locator(".keys-box").count() == 0
    lv = lessons.level("2-1")
    for n, step in enumerate(lv.steps):
        key = str(sorted([step.answer, *[w.option for w in step.wrong]]).index(step.answer) + 1)
        page.keyboard.press(key)
        page.wait_for_function(
            f"document.querySelector('[data-screen=lesson]').dataset.state !== 'playing'"
            f" || document.querySelector('.lesson-step')?.textContent.startsWith('Step {n + 2}')"
        )
    lesson_state(page, "2-1", "won")
    page.keyboard.press("n")
    lesson_state(page, "2-2", "playing")
    page.close()


def test_lessons_a_clause_chip_offers_its_lesson(browser, game_site):  # noqa: F811
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(f"{game_site}/?lang=en#lesson=4-1")
    assert wait_ready(page) == "true"
    page.wait_for_selector('[data-screen="lesson"][data-lesson="4-1"]')
    page.locator('.lesson-teaches .clause-link[data-clause="MD-16"]').click()
    page.get_by_role("link", name="See it in a lesson").click()
    page.wait_for_selector('[data-screen="lesson"][data-lesson="4-1"]')
    page.close()


MENU = """() => {
  const box = document.querySelector('.lesson-stages').getBoundingClientRect();
  const stages = [...document.querySelectorAll('.lesson-stage')].map(s => s.getBoundingClientRect());
  return {height: box.height, top: box.top, tops: stages.map(r => r.top), heights: stages.map(r => r.height)};
}"""


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_lessons_the_menu_leaves_no_hole_beside_a_stage(browser, game_site, lang):  # noqa: F811
    """Found on the French menu at 1280 px: the stages were a grid of four columns, so the fifth stood alone
    on a second row under the tallest list, with three columns of nothing beside it. Read down the columns
    instead, the menu is only as tall as its fullest column: the tallest stage and the shortest at most."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(f"{game_site}/?lang={lang}#lessons")
    assert wait_ready(page) == "true"
    page.wait_for_selector('[data-screen="lessons"]')
    m = page.evaluate(MENU)
    assert len(m["heights"]) == 5
    assert m["height"] <= max(m["heights"]) + min(m["heights"]) + 2, m
    # Each column starts at the menu's top: no stage waits for a row of its own.
    assert sum(abs(top - m["top"]) < 2 for top in m["tops"]) == 4, m
    page.close()


NEWEST_SHOWN = """() => {
  const list = document.querySelector('.lesson #log-list');
  const last = list.lastElementChild.getBoundingClientRect();
  const boxes = [list, document.querySelector('.lesson .log')].map(e => e.getBoundingClientRect());
  return {text: list.lastElementChild.textContent,
          shown: boxes.every(b => last.top >= b.top - 1 && last.bottom <= b.bottom + 1)};
}"""


def test_lessons_the_log_shows_its_newest_line_when_the_lesson_is_won(browser, game_site):  # noqa: F811
    """Found on lesson 4-2 won: the list scrolled to its newest line inside a box that scrolled too, and the
    box stayed at its top, so "Tamsin est désormais tuée" (MD-14) and MD-20's line were under its fold."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{game_site}/?lang=fr#lesson=4-2")
    assert wait_ready(page) == "true"
    lesson_state(page, "4-2", "playing")
    for step in lessons.level("4-2").steps:
        page.locator(f'.lesson-opt[data-option="{step.answer}"]').click()
    lesson_state(page, "4-2", "won")
    page.wait_for_timeout(300)
    newest = page.evaluate(NEWEST_SHOWN)
    assert newest["shown"] and "MD-20" in newest["text"], newest
    page.close()
