"""MD-26 in the page: two people on one screen, a hand-off between them; the hidden spell's name nowhere in
the defender's page (text, attributes, titles) until identified; the defender identifies and counters."""

from __future__ import annotations

import pytest

import tests.browser.test_game_play as game_play
from tests.browser.test_game_play import open_game, pending, screen, settle, shoot, start
from tests.web.test_game_hidden import COUNTERED, HIDDEN, Flow, scripted, seed_where, spell_words

pytestmark = pytest.mark.browser
game_site = game_play.game_site  # the served site (a fixture shared with test_game_play)


def browser_step(page, flow: Flow) -> str:
    """One click of ``flow`` in the page, the same choice the CPython flow makes."""
    settle(page)
    game = page.locator("#game")
    if screen(page) == "handoff":
        game.locator('[data-act="take"]').click()
        return "take"
    kind = pending(page)
    info = game.locator("[data-screen]")
    player, phase = info.get_attribute("data-viewer"), info.get_attribute("data-phase")
    if kind == "rite:zone":
        game.locator('form[data-act="zone"] button[type="submit"]').click()
        return "zone"
    if kind == "roll":
        game.locator('[data-act="auto-roll"]').click()
        return "auto-roll"
    buttons = game.locator('.side-col [data-act="decide"]')
    ids = [buttons.nth(i).get_attribute("data-option") for i in range(buttons.count())]
    if kind == "turn" and player == flow.caster and phase == "fight":
        pick = game.locator(f'.side-col [data-act="pick"][data-pick^="{flow.spell}|"]')
        if pick.count() and not any(i.startswith(f"cast {flow.spell}") for i in ids):
            pick.first.click()
            return "pick"
    choice = scripted(flow, player, kind, ids, phase)
    game.locator(f'.side-col [data-act="decide"][data-option="{choice}"]').first.click()
    return choice


def until(page, flow: Flow, done, limit: int = 200) -> None:
    for _ in range(limit):
        settle(page)
        if done():
            return
        assert screen(page) != "end", "the duel ended first"
        browser_step(page, flow)
    raise AssertionError("the flow never got there")


def page_text(page) -> str:
    """Everything the page holds: the serialised DOM (attributes and titles included) and the title."""
    return page.content() + page.title()


def test_md26_the_hidden_spell_is_nowhere_in_the_page_before_it_is_identified(page, game_site, requests):
    seed = seed_where(HIDDEN)
    open_game(page, game_site, "en")
    start(page, ("human", "human"), seed=seed)
    # Tamsin casts color spray at Bram; the screen goes to the hand-off, then to Bram's identify prompt.
    until(page, HIDDEN, lambda: pending(page) == "rite:zone")
    shoot(page, "zone")
    until(page, HIDDEN, lambda: screen(page) == "handoff")
    shoot(page, "handoff")
    until(
        page,
        HIDDEN,
        lambda: (
            pending(page) == "turn"
            and page.locator("#game [data-screen]").get_attribute("data-phase") == "fight"
            and page.locator("#game [data-screen]").get_attribute("data-viewer") == "p1"
        ),
    )
    page.locator('#game .side-col [data-act="pick"][data-pick^="color_spray|"]').click()
    settle(page)
    assert (
        page.locator("#game .preview .range").count() == 1
    )  # the spell's range, clipped at the zone (MD-10)
    assert page.locator('#game .mark[data-option^="cast color_spray"]').count() >= 1  # targets on the board
    shoot(page, "turn-spell-picked")
    until(page, HIDDEN, lambda: pending(page) == "identify")
    assert page.locator("#game [data-screen]").get_attribute("data-viewer") == "p2"
    shoot(page, "reaction")
    words = spell_words("color_spray")
    everything = page_text(page)
    assert not [w for w in words if w in everything]
    assert (
        page.locator(".decision.reaction h2")
        .inner_text()
        .startswith("Your opponent is casting a spell at you")
    )
    # The same in French, after switching language mid-duel.
    page.get_by_role("button", name="Français").click()
    page.wait_for_function(
        "document.querySelector('#game .decision.reaction h2').textContent.startsWith('Votre')"
    )
    everything = page_text(page)
    assert not [w for w in words if w in everything]
    page.get_by_role("button", name="English").click()
    # Bram identifies it: now, and only now, he is told.
    page.locator('#game [data-option="identify"]').click()
    until(
        page,
        HIDDEN,
        lambda: (
            page.locator("#game [data-screen]").get_attribute("data-viewer") == "p2"
            and screen(page) != "handoff"
            and "Color Spray" in page.content()
        ),
    )
    assert page.locator("#log-list .ev-identified").count() == 1
    assert requests.outside(game_site) == []


def test_two_people_the_defender_identifies_the_hidden_spell_and_counters_it(page, game_site, requests):
    seed = seed_where(COUNTERED, identified=True, countered=True)
    open_game(page, game_site, "en")
    start(page, ("human", "human"), seed=seed)
    until(page, COUNTERED, lambda: pending(page) == "identify")
    assert page.locator("#game [data-screen]").get_attribute("data-viewer") == "p1"
    page.locator('#game [data-option="identify"]').click()
    settle(page)
    assert page.locator("#log-list .ev-identified").count() == 1
    # Identified: the prompt now names the spell, and offers the counterspells.
    assert "Magic Missile" in page.locator(".decision.reaction").inner_text()
    counter = page.locator('#game .side-col [data-option^="react md-counter magic_missile"]')
    assert counter.count() == 1
    counter.click()
    settle(page)
    if screen(page) == "handoff":  # the caster's turn goes on: Bram takes the screen, and reads the log
        assert page.locator("#log-list").count() == 0
        page.locator('#game [data-act="take"]').click()
        settle(page)
    assert page.locator("#log-list .ev-countered").count() == 1
    assert "counters" in page.locator("#log-list .ev-countered").inner_text()
    assert requests.outside(game_site) == []
