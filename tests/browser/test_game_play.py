"""A whole mageduel played by clicking on the built site, a person against the computer, to the end screen —
once in English, once in French. Also the helpers the other game tests use (``start``, ``next_click``…).

Quick on purpose: two 1st-level casters (Tamsin and Bram), seeded dice, one browser for the session.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

import build
from tests.browser.helpers import artifact, wait_ready

pytestmark = pytest.mark.browser

SETTLED = "document.querySelector('#game') && document.querySelector('#game').dataset.thinking !== 'true'"


@pytest.fixture(scope="session")
def game_site():
    """The built site (``MAGEDUEL_GAME_DIST`` may point at another built copy while developing)."""
    root = Path(os.environ.get("MAGEDUEL_GAME_DIST") or build.DIST)
    if not (root / "index.html").exists():
        pytest.fail("dist/ is not built: run python3 build.py test")
    server = build.serve_in_thread(root)
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


def open_game(page, site: str, lang: str = "en", query: str = "") -> None:
    page.goto(f"{site}/?lang={lang}{query}")
    assert wait_ready(page) == "true"
    page.wait_for_selector("#game [data-screen]")


def start(
    page, controls=("human", "normal"), characters=("tamsin", "bram"), seed: int = 1, kind: str = "mageduel"
) -> None:
    """Fill in the setup form and start."""
    page.locator(f'#game input[name="kind"][value="{kind}"]').check()
    for i, (ch, ctl) in enumerate(zip(characters, controls, strict=True)):
        page.locator(f"#character{i}").select_option(ch)
        page.locator(f"#control{i}").select_option(ctl)
    advanced = page.locator("#game details.advanced")  # the seed waits under the "advanced" fold
    if advanced.count() and advanced.get_attribute("open") is None:
        advanced.locator("summary").click()
    page.locator('#game input[name="seed"]').fill(str(seed))
    page.locator('#game form[data-act="start"] button[type="submit"]').click()
    settle(page)


SIZES = ((1280, 800), (390, 844))


def shoot(page, name: str) -> None:
    """Screenshots of the screen as it is, at a desktop and a phone size (test-artifacts/)."""
    before = page.viewport_size
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(50)
        page.screenshot(path=artifact(f"screen-{name}-{w}x{h}.png"), full_page=True)
        # Nothing may stick out sideways on a phone.
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), (name, w)
    # The narrowest layout the issue asks for (360 px): checked, not shot.
    page.set_viewport_size({"width": 360, "height": 740})
    page.wait_for_timeout(50)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), (name, 360)
    page.set_viewport_size(before)


def settle(page) -> None:
    page.wait_for_function(SETTLED, timeout=60_000)


def screen(page) -> str:
    return page.evaluate("document.querySelector('#game [data-screen]').dataset.screen")


def pending(page) -> str:
    return page.evaluate(
        "(document.querySelector('#game [data-pending]') || {dataset: {}}).dataset.pending || ''"
    )


def next_click(page) -> str:
    """Make the click a sensible person would make now; returns what was clicked (for the record)."""
    game = page.locator("#game")
    s = screen(page)
    if s == "handoff":
        game.locator('[data-act="take"]').click()
        return "take"
    kind = pending(page)
    if kind == "rite:zone":
        game.locator('form[data-act="zone"] button[type="submit"]').click()
        return "zone"
    if kind == "roll":
        game.locator('[data-act="auto-roll"]').click()
        return "auto-roll"
    decide = game.locator('.side-col [data-act="decide"]')
    if kind == "turn":
        casts = game.locator(
            '.side-col .targets [data-act="decide"][data-option^="cast "], '
            '.side-col .targets [data-act="decide"][data-option^="use "]'
        )
        if casts.count():
            oid = casts.first.get_attribute("data-option")
            casts.first.click()
            return oid
        picks = game.locator('.side-col [data-act="pick"]')
        if picks.count():
            picks.first.click()
            return "pick"
        game.locator('.side-col [data-option="end"]').click()
        return "end"
    ids = [decide.nth(i).get_attribute("data-option") for i in range(decide.count())]
    if not ids:
        raise AssertionError(f"nothing to click on screen {s!r}, pending {kind!r}")
    choice = next((i for i in ids if i != "pass"), ids[0])
    game.locator(f'.side-col [data-act="decide"][data-option="{choice}"]').first.click()
    return choice


def play_to_end(page, limit: int = 600) -> list[str]:
    clicks = []
    for _ in range(limit):
        settle(page)
        if screen(page) == "end":
            return clicks
        clicks.append(next_click(page))
    raise AssertionError(f"no end after {limit} clicks: {clicks[-10:]}")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_whole_mageduel_against_the_computer_by_clicking(page, game_site, requests, lang):
    open_game(page, game_site, lang)
    assert page.evaluate("document.documentElement.lang") == lang
    shoot(page, f"setup-{lang}")
    start(page, ("human", "normal"), seed=7 if lang == "en" else 4)
    assert screen(page) == "duel"
    clicks = play_to_end(page)
    assert len(clicks) > 5
    title = page.locator("#end-title").inner_text()
    outcome = page.locator(".end-panel").get_attribute("data-outcome")
    if outcome == "tie":
        assert ("tie" if lang == "en" else "nul") in title.lower()
    else:
        assert re.search(r"wins|l'emporte", title)
        assert "Tamsin" in title or "Bram" in title
    # The ending names its clause, linked to the clause's statement in this language.
    clause = page.locator(".end-panel .clause-link").first
    clause.click()
    box = page.locator(".clause-box")
    assert box.is_visible() and box.locator("p").first.inner_text()  # the statement; a lesson link may follow
    page.locator('.clause-box [data-act="close-clause"]').click()
    # The log has every roll with its breakdown.
    assert page.locator("#log-list .ev-roll").count() > 3
    assert re.search(r"d20 \d+ .*= \d+", page.locator("#log-list .ev-roll").first.inner_text())
    shoot(page, f"end-{lang}")
    assert requests.outside(game_site) == []


def test_a_click_on_the_zones_floor_is_a_move_there(page, game_site):
    open_game(page, game_site, "en")
    page.evaluate("localStorage.removeItem('mageduel.save')")
    start(page, ("human", "normal"), seed=4)  # a duel that reaches a fight turn before a shove ends it
    for _ in range(100):
        settle(page)
        info = page.locator("#game [data-screen]")
        if (
            info.get_attribute("data-phase") == "fight"
            and page.locator('#game .decision.turn [data-option^="move "]').count()
        ):
            break
        next_click(page)
    zone = page.locator("#game .board rect.zone")
    box = zone.bounding_box()
    # The middle of the zone's west half: x = a quarter of the side, y = half of it.
    page.mouse.click(box["x"] + box["width"] * 0.25, box["y"] + box["height"] * 0.5)
    settle(page)
    # Issue 12: the move is shown (path and destination) before it is made.
    assert page.locator("#game .board .move-path").count() == 1
    page.locator('#game [data-act="confirm-move"]').click()
    settle(page)
    saved = page.evaluate("JSON.parse(localStorage.getItem('mageduel.save')).replay.decisions")
    moves = [line[4:] for line in saved if line.startswith(("p1: move ", "p1: step "))]
    assert moves, saved[-5:]
    w = float(page.locator("#game .board svg").get_attribute("data-zone-width"))
    x, y = (float(v) for v in moves[-1].split()[1].split(","))
    assert abs(x - w * 0.25) <= 0.2 and abs(y - w * 0.5) <= 0.2
