"""DU-10 on the built page: an area spell aimed at any point of the board — by the keyboard (the "aim at a
point" button, then the arrow keys, then Enter) and by the mouse (a click on the floor, then "cast it
here") — previewed on the board before it is cast, like a move."""

from __future__ import annotations

import pytest

from tests.browser.helpers import artifact
from tests.browser.test_game_play import game_site, next_click, open_game, settle, start  # noqa: F401

pytestmark = pytest.mark.browser


def _to_fireball_turn(page) -> None:
    for _ in range(150):
        settle(page)
        game = page.locator("#game")
        if (
            game.locator("[data-screen]").get_attribute("data-phase") == "fight"
            and game.locator('.side-col [data-act="pick"][data-pick^="fireball|"]').count()
        ):
            return
        next_click(page)
    raise AssertionError("Ilse never had a fireball to cast")


def _aimed(page) -> tuple[float, float]:
    oid = page.locator("#game .aim-preview").get_attribute("data-aim")
    x, y = oid.split("@")[1].split(",")[:2]
    return float(x), float(y)


def _click_feet(page, x: float, y: float) -> None:
    """A mouse click on the board at (x, y) in feet (y north, as in the engine)."""
    page.locator("#game .board svg.arena-svg").scroll_into_view_if_needed()
    at = page.evaluate(
        """([x, y]) => {
            const svg = document.querySelector('#game .board svg.arena-svg');
            const w = parseFloat(svg.dataset.zoneWidth);
            const [ox, oy] = (svg.dataset.origin || '0 0').split(' ').map(parseFloat);
            const pt = svg.createSVGPoint(); pt.x = x - ox; pt.y = w - (y - oy);
            const p = pt.matrixTransform(svg.getScreenCTM());
            return [p.x, p.y];
        }""",
        [x, y],
    )
    page.mouse.click(at[0], at[1])


def test_du10_an_area_spell_aimed_at_a_point_by_keyboard_and_by_mouse(page, game_site):  # noqa: F811
    open_game(page, game_site, "en")
    page.evaluate("localStorage.removeItem('mageduel.save')")
    start(page, ("human", "normal"), characters=("ilse", "kael"), seed=3, kind="duel")
    _to_fireball_turn(page)
    game = page.locator("#game")
    game.locator('.side-col [data-act="pick"][data-pick^="fireball|"]').first.click()
    settle(page)
    # Keyboard: "aim at a point" starts on the first target; each arrow moves the point 5 feet.
    game.locator('.side-col [data-act="aim-point"]').focus()
    page.keyboard.press("Enter")
    settle(page)
    x0, y0 = _aimed(page)
    page.keyboard.press("ArrowRight")
    settle(page)
    page.keyboard.press("ArrowUp")
    settle(page)
    assert _aimed(page) == (x0 + 5, y0 + 5)
    assert game.locator(".board .preview").count() == 1
    assert "takes in" in game.locator(".aim-preview").inner_text()
    # Mouse: a click on the floor moves the aimed point there; the preview follows.
    svg = game.locator(".board svg.arena-svg")
    w = float(svg.get_attribute("data-zone-width"))
    ox, oy = (float(v) for v in (svg.get_attribute("data-origin") or "0 0").split())
    tx, ty = min(x0 + 3, ox + w - 1), max(y0 - 3, oy + 1.0)  # on the ground drawn, in the engine's feet
    _click_feet(page, tx, ty)
    settle(page)
    x, y = _aimed(page)
    assert abs(x - tx) <= 0.2 and abs(y - ty) <= 0.2, (x, y, tx, ty, w)
    page.screenshot(path=artifact("screen-aim-area-1280.png"))
    page.keyboard.press("Enter")
    settle(page)
    saved = page.evaluate("JSON.parse(localStorage.getItem('mageduel.save')).replay.decisions")
    cast = [line for line in saved if line.startswith("p1: cast fireball ")]
    assert cast and cast[-1].endswith(f"@{x:g},{y:g}"), saved[-4:]
    assert game.locator(".aim-preview").count() == 0


def test_c13_the_board_draws_ice_storm_s_lingering_sleet(page, game_site):  # noqa: F811
    # Corvin's ice storm at Kael: after the cast, the board shows the 20-ft circle of difficult terrain.
    open_game(page, game_site, "fr")
    page.evaluate("localStorage.removeItem('mageduel.save')")
    start(page, ("human", "normal"), characters=("corvin", "kael"), seed=3, kind="duel")
    game = page.locator("#game")
    for _ in range(150):
        settle(page)
        if (
            game.locator("[data-screen]").get_attribute("data-phase") == "fight"
            and game.locator('.side-col [data-act="pick"][data-pick^="ice_storm|"]').count()
        ):
            break
        next_click(page)
    game.locator('.side-col [data-act="pick"][data-pick^="ice_storm|"]').first.click()
    settle(page)
    game.locator('.side-col .targets [data-act="decide"][data-option^="cast ice_storm @p2"]').first.click()
    for _ in range(10):
        settle(page)
        if game.locator(".board .terrain-difficult").count():
            break
        next_click(page)
    sleet = game.locator(".board .terrain-difficult")
    assert sleet.count() == 1
    assert "terrain difficile" in sleet.locator("title").text_content()
    assert float(sleet.locator("circle").get_attribute("r")) == 20.0
    game.locator(".board").scroll_into_view_if_needed()
    page.screenshot(path=artifact("screen-ice-storm-terrain-1280.png"))
