"""Motion in the game: the zone's border shimmers and the effects flash, and under prefers-reduced-motion
the whole game is still — no animation runs at all, through a whole duel's worth of drawing."""

from __future__ import annotations

import pytest

import tests.browser.test_game_play as game_play
from tests.browser.test_game_play import next_click, open_game, screen, settle, start

pytestmark = pytest.mark.browser
game_site = game_play.game_site  # the served site (a fixture shared with test_game_play)

RUNNING = "document.getAnimations().filter(a => a.playState === 'running').length"


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_the_game_board_moves_only_when_motion_is_welcome(browser, game_site, motion):
    context = browser.new_context(reduced_motion=motion, service_workers="block")
    page = context.new_page()
    open_game(page, game_site, "en")
    page.evaluate("localStorage.removeItem('mageduel.save')")
    start(page, ("human", "normal"), seed=2)
    shimmer = page.evaluate("getComputedStyle(document.querySelector('#game .zone-shimmer')).animationName")
    running = []
    for _ in range(40):
        settle(page)
        running.append(page.evaluate(RUNNING))
        if screen(page) == "end":
            break
        next_click(page)
    if motion == "reduce":
        assert shimmer == "none"
        assert max(running) == 0, running
    else:
        assert shimmer != "none"
        assert min(running) > 0, running  # at least the border, all along
    context.close()
