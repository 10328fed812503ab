"""A sorcerer's duel counterspell in the page: the spell, then the slot, from two lists (DU-12), by mouse and by
keyboard; the duel is brought to that prompt by a save (the kept game, as after a reload)."""

from __future__ import annotations

import json

import pytest

import tests.browser.test_game_play as game_play
from tests.browser.test_game_play import open_game, pending, settle, shoot
from tests.web.test_game_end import _counter_prompt

pytestmark = pytest.mark.browser
game_site = game_play.game_site  # the served site (a fixture shared with test_game_play)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_duel_counterspell_chooser_by_spell_then_slot(page, game_site, requests, lang):
    app = _counter_prompt(lang)
    legal = [o.id for o in app.session.view().pending.options if o.id.startswith("react duel-counter ")]
    open_game(page, game_site, lang)
    page.evaluate("save => localStorage.setItem('mageduel.save', save)", app.session.save_json())
    page.reload()
    open_game(page, game_site, lang)
    settle(page)
    assert pending(page) == "counter"
    chooser = page.locator("#game .counter-chooser")
    assert chooser.is_visible()
    assert page.locator('#game .side-col [data-option^="react duel-counter "]').count() == 1
    spells = page.locator("#counter-spell option").evaluate_all("els => els.map(e => e.value)")
    other = next(s for s in spells if s != page.locator("#counter-spell").input_value())
    page.locator("#counter-spell").select_option(other)
    settle(page)
    slots = page.locator("#counter-slot option").evaluate_all("els => els.map(e => e.value)")
    assert slots and all(f"react duel-counter {other} slot{n}" in legal for n in slots)
    # By keyboard: the slot list keeps the focus across the redraw its change makes.
    page.locator("#counter-slot").focus()
    page.keyboard.press("End")
    settle(page)
    assert page.evaluate("document.activeElement.id") == "counter-slot"
    want = f"react duel-counter {other} slot{slots[-1]}"
    button = page.locator(f'#game .counter-chooser [data-option="{want}"]')
    assert button.count() == 1
    shoot(page, f"reaction-chooser-{lang}")
    button.click()
    settle(page)
    saved = json.loads(page.evaluate("localStorage.getItem('mageduel.save')"))["replay"]["decisions"]
    assert f"p1: {want}" in saved
    assert requests.outside(game_site) == []
