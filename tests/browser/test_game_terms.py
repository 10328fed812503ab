"""The terms of a plain duel set on the page (X-2): the box stays open while its own selects redraw the form,
the number of hits appears only when it counts, and a duel to first blood set there ends at first blood
(DU-5) — with the round-start question (DU-9) answered on the way. Shot at both sizes (screen-terms-*)."""

from __future__ import annotations

import pytest

import tests.browser.test_game_play as game_play
from tests.browser.test_game_play import open_game, pending, play_to_end, settle, shoot

pytestmark = pytest.mark.browser
game_site = game_play.game_site


def test_a_duel_to_first_blood_set_in_the_terms_box(page, game_site, requests):
    open_game(page, game_site, "fr")
    page.evaluate("localStorage.removeItem('mageduel.save')")
    page.locator('#game input[name="kind"][value="duel"]').check()
    settle(page)
    page.locator("#game details.terms summary").click()
    page.locator("#end").select_option("hits")
    settle(page)
    # The select redrew the form: the box is still open and now asks how many hits.
    assert page.locator("#game details.terms").get_attribute("open") is not None
    assert page.locator("#hits").is_visible()
    page.locator("#end").select_option("first_blood")
    settle(page)
    assert page.locator("#hits").count() == 0
    page.locator("#progress_check").check()
    shoot(page, "terms")
    page.locator("#control1").select_option("normal")
    page.locator('#game form[data-act="start"] button[type="submit"]').click()
    settle(page)
    asked = False
    for _ in range(40):
        settle(page)
        if pending(page) == "rite:progress":
            asked = True
            page.locator('.side-col [data-option="go-on"]').click()
            break
        game_play.next_click(page)
    assert asked, "the round-start question (DU-9) never came"
    play_to_end(page)
    assert "premier sang" in page.locator("#end-title").inner_text()
    assert requests.outside(game_site) == []


def test_a_three_way_mageduel_set_up_on_the_page(page, game_site, requests):
    open_game(page, game_site, "en")
    page.evaluate("localStorage.removeItem('mageduel.save')")
    page.locator('#game [data-act="add-duellist"]').click()
    settle(page)
    assert page.locator("#character2").is_visible() and page.locator("#team2").is_visible()
    assert page.locator("#arena .token").count() == 3  # the preview follows the form
    for i, (who, control) in enumerate((("tamsin", "human"), ("bram", "normal"), ("odile", "normal"))):
        page.locator(f"#character{i}").select_option(who)
        page.locator(f"#control{i}").select_option(control)
        settle(page)
    shoot(page, "setup-three")
    page.locator('#game form[data-act="start"] button[type="submit"]').click()
    settle(page)
    # A whole round among the three (the whole duel is played to its end in tests/web, quicker there).
    for _ in range(60):
        settle(page)
        if "Round 2" in page.locator("#log-list").inner_text() or game_play.screen(page) == "end":
            break
        game_play.next_click(page)
    else:
        raise AssertionError("the first round never ended")
    assert page.locator("#game .board .token").count() == 3
    order = page.locator("#log-list").inner_text()
    assert all(name in order for name in ("Tamsin", "Bram", "Odile"))
    shoot(page, "three-way")
    assert requests.outside(game_site) == []
