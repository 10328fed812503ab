"""Keyboard only: through the setup form and one full round of the fight, with visible focus and the listed
shortcuts — no mouse click anywhere."""

from __future__ import annotations

import pytest

import tests.browser.test_game_play as game_play
from tests.browser.helpers import artifact
from tests.browser.test_game_play import open_game, pending, screen, settle

pytestmark = pytest.mark.browser
game_site = game_play.game_site  # the served site (a fixture shared with test_game_play)

FOCUSED = "document.activeElement && document.querySelector('#game').contains(document.activeElement)"


def focus_is_visible(page) -> bool:
    return page.evaluate(
        "(() => { const el = document.activeElement; const s = getComputedStyle(el);"
        " return el.matches(':focus-visible') && s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0; })()"
    )


def tab_to(page, selector: str, limit: int = 60) -> None:
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(f"document.activeElement.matches({selector!r})"):
            return
    raise AssertionError(f"Tab never reached {selector}")


def test_keyboard_only_through_setup_and_one_full_round(page, game_site, requests):
    open_game(page, game_site, "en")
    # Setup: tab to the second duellist's "played by", choose the computer with the arrow keys, then start.
    tab_to(page, "#control1")
    assert focus_is_visible(page)
    assert page.locator("#control1").input_value() == "normal"
    page.keyboard.press("ArrowDown")  # the computer, easy
    assert page.locator("#control1").input_value() == "easy"
    assert page.evaluate("document.activeElement.id") == "control1"  # still there after the form redraws
    # The dice: fresh by default; the seed under "Advanced" opens and takes a number from the keyboard too.
    tab_to(page, "details.advanced summary")
    page.keyboard.press("Enter")
    tab_to(page, "#game input[name=seed]")
    page.keyboard.type("1")  # a duel known to reach its second round
    # The shortcuts are listed (?), and Escape closes the list.
    tab_to(page, 'form[data-act="start"] button[type="submit"]')
    page.keyboard.press("Enter")
    settle(page)
    assert screen(page) == "duel"
    assert page.evaluate(FOCUSED)
    page.keyboard.press("?")
    assert page.locator(".keys-box").is_visible()
    assert page.locator(".keys-box dt").count() >= 6
    page.keyboard.press("Escape")
    assert page.locator(".keys-box").count() == 0
    rounds_seen = set()
    for _ in range(120):
        settle(page)
        info = page.locator("#game [data-screen]")
        phase, rnd = info.get_attribute("data-phase"), int(info.get_attribute("data-round"))
        if phase == "fight":
            rounds_seen.add(rnd)
        if phase == "fight" and rnd >= 2 or screen(page) == "end":
            break
        kind = pending(page)
        assert page.evaluate(FOCUSED), f"focus lost at {kind}"
        if kind == "turn":
            if page.locator('#game [data-act="pick"]').count():
                page.keyboard.press("1")  # pick the first spell: its targets appear, the first is focused
                settle(page)
                assert page.evaluate("document.activeElement.matches('.opt.target')")
                assert focus_is_visible(page)
                page.keyboard.press("Enter")
            else:
                page.keyboard.press("e")
        elif kind in ("identify", "counter", "defend", "effort", "aoo"):
            page.keyboard.press("1")
        elif kind == "rite:zone":
            page.keyboard.press("Enter")  # the slider is focused: Enter proposes its value
        else:
            page.keyboard.press("1")
    assert 1 in rounds_seen and (2 in rounds_seen or screen(page) == "end")
    # Screen readers hear the new log lines from a live region that the redraws do not replace.
    live = page.locator("#game-live")
    assert live.get_attribute("aria-live") == "polite" and live.inner_text().strip()
    # The log can be reached from the keyboard too.
    page.keyboard.press("l")
    assert page.evaluate("document.activeElement.id") == "log-list"
    page.screenshot(path=artifact("game-keyboard-1280x800.png"))
    assert requests.outside(game_site) == []


def test_after_the_computers_last_move_the_focus_is_on_the_next_choice(page, game_site):
    """Two computers play a duel out; its end screen then holds the keyboard focus on its first choice. The
    focus moves at the frame after the computer's last drawing (issue 15, goal 3: focusing lays the page out
    at once, the longest part of that drawing), and the page stops "thinking" only once it is there."""
    open_game(page, game_site, "en")
    for i in (0, 1):
        page.locator(f"#control{i}").select_option("easy")
    page.locator("#game details.advanced summary").click()
    page.locator("#game input[name=seed]").fill("3")
    tab_to(page, 'form[data-act="start"] button[type="submit"]')
    page.keyboard.press("Enter")
    page.wait_for_selector('#game [data-screen="end"]', timeout=120_000)
    settle(page)
    assert page.evaluate("document.activeElement.matches('#game [data-screen=\"end\"] [data-autofocus]')")
    assert focus_is_visible(page)
