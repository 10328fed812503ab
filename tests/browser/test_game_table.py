"""The table assistant: a person rolls real dice and types the numbers; typed results decide a counterspell,
and a mistyped one is taken back with Undo."""

from __future__ import annotations

import pytest

import tests.browser.test_game_play as game_play
from tests.browser.test_game_hidden import browser_step
from tests.browser.test_game_play import open_game, pending, screen, settle, shoot, start
from tests.web.test_game_hidden import Flow

pytestmark = pytest.mark.browser
game_site = game_play.game_site  # the served site (a fixture shared with test_game_play)

#: Bram (a person, dice rolled by the page) casts magic missile at Tamsin (a person with real dice),
#: who identifies it and answers with the duel counterspell — a caster level check she rolls herself.
FLOW = Flow(caster="p2", defender="p1", spell="magic_missile", counter="duel-counter")


def test_typed_dice_results_decide_a_counterspell(page, game_site, requests):
    open_game(page, game_site, "en")
    start(page, ("table", "human"), seed=3)
    typed = {}
    for _ in range(300):
        settle(page)
        if page.locator("#log-list .ev-countered, #log-list .ev-counter-fails").count():
            break
        assert screen(page) != "end"
        if pending(page) == "roll" and screen(page) != "handoff":
            panel = page.locator("#game .decision.roll")
            purpose = panel.get_attribute("data-purpose")
            if purpose.startswith(("identify", "duel counterspell")):
                field = page.locator("#roll-value")
                if purpose.startswith("identify") and "mistyped" not in typed:
                    # A die mistyped (2 for 20) is taken back with Undo, and the same roll asked again.
                    field.fill("2")
                    page.locator('#game form[data-act="typed-roll"] button[type="submit"]').click()
                    settle(page)
                    assert page.locator("#log-list .ev-roll", has_text="d20 2 ").count() == 1
                    if screen(page) == "handoff":
                        page.locator('#game [data-act="take"]').click()
                        settle(page)
                    page.locator('#game [data-act="undo"]').click()
                    settle(page)
                    assert pending(page) == "roll"
                    assert page.locator("#game .decision.roll").get_attribute("data-purpose") == purpose
                    assert page.locator("#log-list .ev-roll", has_text="d20 2 ").count() == 0
                    typed["mistyped"] = True
                    field = page.locator("#roll-value")
                if purpose.startswith("duel counterspell") and "range" not in typed:
                    # Out of range first: refused beside the field, nothing is decided.
                    field.fill("25")
                    page.locator('#game form[data-act="typed-roll"] button[type="submit"]').click()
                    assert page.locator("#roll-error").is_visible()
                    typed["range"] = True
                    shoot(page, "table-roll")
                    field = page.locator("#roll-value")
                field.fill("20")
                page.locator('#game form[data-act="typed-roll"] button[type="submit"]').click()
                typed[purpose] = 20
                continue
        browser_step(page, FLOW)
    assert typed.get("mistyped") and any(p.startswith("identify") for p in typed)
    assert any(p.startswith("duel counterspell") for p in typed)
    # The typed natural 20 is the roll in the log, and it countered the spell.
    rolls = page.locator("#log-list .ev-roll", has_text="duel counterspell")
    assert "d20 20" in rolls.last.inner_text()
    assert page.locator("#log-list .ev-countered").count() == 1
    assert requests.outside(game_site) == []
