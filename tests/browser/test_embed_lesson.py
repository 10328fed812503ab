"""The wiki widget showing a tutorial level (``embed.html?lesson=<stage>-<level>``), embedded as a wiki does
it: a host page on another origin, ``<iframe sandbox="allow-scripts">``. The level's poster paints with no
runtime; play boots only that widget; the reader completes the level inside the frame (a wrong move undone
with why, the hint, the right answer, the stars, the next level); a level that does not exist is named."""

from __future__ import annotations

import pytest
from mageduel import lessons

from tests.browser.helpers import artifact
from tests.browser.test_embed import READY_MS, host, state, wait_frames, wait_state, widget_site

pytestmark = pytest.mark.browser
__all__ = ["host", "widget_site"]  # the host page and the widget's site, as the widget's own tests use them


def test_a_lesson_widget_paints_its_level_then_is_completed_inside_the_frame(
    browser, host, widget_site, requests
):
    context = browser.new_context(viewport={"width": 700, "height": 1000}, service_workers="block")
    page = context.new_page()
    requests.attach(page)
    page.goto(host("?lesson=1-1&lang=en", "?lesson=9-99&lang=fr"))
    frames = wait_frames(page, widget_site, 2)
    assert len(frames) == 2
    lesson, bad = frames
    for frame in frames:
        wait_state(frame, "poster")
    # The poster: the level at its first decision, its goal as the caption, a play control, no runtime.
    level = lessons.level("1-1")
    assert lesson.locator(".w-lesson").get_attribute("data-lesson") == "1-1"
    assert lesson.locator(".w-goal").inner_text() == f"Goal: {level.goal_text.en}"
    assert lesson.locator("svg.arena-svg g.token").count() == 2
    assert lesson.locator('[data-do="choose"]').count() == 0
    href = lesson.locator('a[data-action="open"]').get_attribute("href")
    assert href == "./index.html#lesson=1-1"
    # A level that does not exist is named with what is allowed; the default scenario goes on.
    said = bad.locator("#w-problems li").inner_text()
    assert said.startswith("«\u202flesson=9-99\u202f» ignoré") and "1-1, 1-2" in said
    assert bad.locator(".w-lesson").count() == 0 and bad.locator('[data-action="play"]').is_enabled()
    assert not any("pyodide.asm.wasm" in u for u in requests.urls)

    # Play: only this widget boots; the step's choices come, as the full game's tutor offers them.
    lesson.locator('[data-action="play"]').click()
    wait_state(lesson, "ready", READY_MS)
    assert state(bad) == "poster"
    step = level.steps[0]
    offered = lesson.locator('[data-do="choose"]').evaluate_all("els => els.map(e => e.dataset.option)")
    assert offered == step.offered
    # A wrong move is undone, with the sentence that says why (keys: the digit of the choice).
    wrong = step.wrong[0]
    lesson.locator(f'[data-do="choose"][data-option="{wrong.option}"]').click()
    assert wrong.why.en in lesson.locator(".w-lesson-wrong").inner_text()
    assert lesson.locator(".w-lesson").get_attribute("data-state") == "playing"
    lesson.locator("body").press("h")
    assert step.hint.en in lesson.locator(".w-lesson-hint").inner_text()
    key = str(step.offered.index(step.answer) + 1)
    lesson.locator("body").press(key)
    lesson.wait_for_selector('.w-lesson[data-state="won"]', timeout=60_000)
    # Won: the stars against the par (the wrong move counted), and the next level in the same frame.
    assert lesson.locator(".stars").get_attribute("data-stars") == "2"
    page.screenshot(path=artifact("embed-lesson-won.png"))
    lesson.locator('[data-do="next"]').click()
    assert lesson.locator(".w-lesson").get_attribute("data-lesson") == "1-2"
    assert lesson.locator('a[data-action="open"]').get_attribute("href") == "./index.html#lesson=1-2"
    assert sum("pyodide.asm.wasm" in u for u in requests.urls) == 1
    assert requests.outside(widget_site, host.origin) == []
    context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_lesson_poster_fits_600x400_without_scrolling(browser, widget_site, lang):
    context = browser.new_context(viewport={"width": 600, "height": 400}, service_workers="block")
    page = context.new_page()
    page.goto(f"{widget_site}/embed.html?lesson=1-1&lang={lang}&theme=dark")
    wait_state(page.main_frame, "poster")
    assert page.evaluate("document.documentElement.scrollHeight <= innerHeight + 1")
    page.screenshot(path=artifact(f"embed-lesson-600x400-{lang}.png"))
    context.close()
