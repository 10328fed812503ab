"""Issue 12, part 3, on the real page: a roll line against an AC opens on that AC's parts from the keyboard
(Tab to its disclosure, Enter), the parts add up to the number rolled against, and the disclosure stays open
while the page redraws. Shot at both sizes with the parts open (screen-ac-parts-*)."""

from __future__ import annotations

import re

import pytest

import tests.browser.test_game_play as game_play
from tests.browser.test_game_play import next_click, open_game, settle, shoot, start

pytestmark = pytest.mark.browser
game_site = game_play.game_site


def test_c4_a_roll_lines_ac_parts_open_from_the_keyboard(page, game_site, requests):
    open_game(page, game_site, "en")
    page.evaluate("localStorage.removeItem('mageduel.save')")
    start(page, controls=("human", "normal"), characters=("severine", "garrick"), kind="duel")
    disclosure = page.locator("#log-list details.ac-parts")
    for _ in range(120):
        settle(page)
        if disclosure.count():
            break
        next_click(page)
    assert disclosure.count(), "no roll against an AC in the log"
    first = disclosure.first
    summary = first.locator("summary")
    summary.focus()
    assert page.evaluate("document.activeElement.tagName") == "SUMMARY"
    page.keyboard.press("Enter")
    assert first.get_attribute("open") is not None
    body = first.locator("span").inner_text()
    head = summary.inner_text()
    m = re.search(r"AC (\d+): its parts", head)
    assert m is not None, head
    assert body.startswith("10 base") and body.endswith(f"= {m.group(1)}")
    numbers = re.findall(r"([+−]?) ?(\d+) [A-Za-z]", body)
    assert sum(int(n) * (-1 if s == "−" else 1) for s, n in numbers) == int(m.group(1))
    # The own panel: the AC line opens on its three ACs' parts.
    own = page.locator(".defences details.ac-parts").first
    own.locator("summary").click()
    assert own.locator("li").count() == 3
    seq = first.get_attribute("data-keep")
    page.evaluate("window.scrollTo(0, 0)")
    shoot(page, "ac-parts")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.locator(f'#log-list details[data-keep="{seq}"]').scroll_into_view_if_needed()
    page.screenshot(path="/tmp/ac-parts-1280x800.png")
    # A redraw (a decision) keeps what the reader opened.
    next_click(page)
    settle(page)
    assert page.locator(f'#log-list details[data-keep="{seq}"]').get_attribute("open") is not None
    assert requests.outside(game_site) == []
