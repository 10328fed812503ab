"""Drawing by patching (static/patch.js, issue 15 goal 3): each redraw leaves the page exactly as the drawn
HTML describes, while the nodes that did not change stay the same nodes (their layout and the zone's
shimmer carry on) and the log only grows."""

from __future__ import annotations

import pytest

import tests.browser.test_game_play as game_play
from tests.browser.test_game_play import next_click, open_game, screen, settle, start

pytestmark = pytest.mark.browser
game_site = game_play.game_site  # the served site (a fixture shared with test_game_play)

# Every patch is checked against the HTML it was given, parsed afresh: same nodes, same attributes, same
# text (isEqualNode), and the form controls' values as drawn.
WATCH = """(() => {
  const patch = window.mageduelPatch;
  window.__patches = 0;
  window.__differ = [];
  window.mageduelPatch = (root, html) => {
    patch(root, html);
    window.__patches += 1;
    const fresh = document.createElement("template");
    fresh.innerHTML = html;
    const a = [...root.childNodes], b = [...fresh.content.childNodes];
    const same = a.length === b.length && a.every((n, i) => n.isEqualNode(b[i]));
    const live = [...root.querySelectorAll("input, select, textarea")].map((c) => c.value);
    const drawn = [...fresh.content.querySelectorAll("input, select, textarea")].map((c) => c.value);
    if (!same || live.join("\\u0001") !== drawn.join("\\u0001")) window.__differ.push(html.slice(0, 200));
  };
})()"""


def test_every_redraw_leaves_the_page_as_drawn_through_a_whole_duel(page, game_site):
    open_game(page, game_site, "en")
    page.evaluate("localStorage.removeItem('mageduel.save')")
    page.evaluate(WATCH)
    # The setup form first: controls changed on the page, each followed by a redraw.
    page.locator('#game input[name="kind"][value="duel"]').check()
    page.locator("#character0").select_option("kael")
    start(page, ("human", "normal"), seed=3)
    for _ in range(60):
        settle(page)
        if screen(page) == "end":
            break
        next_click(page)
    assert page.evaluate("window.__patches") > 20
    assert page.evaluate("window.__differ") == []


def test_a_redraw_keeps_the_nodes_that_did_not_change_and_the_log_grows(page, game_site):
    open_game(page, game_site, "en")
    page.evaluate("localStorage.removeItem('mageduel.save')")
    start(page, ("human", "normal"), seed=3)
    mark = """(() => {
      const first = document.querySelector('#game #log-list > li');
      const keys = document.querySelector('#game .keys-button');
      first.__kept = keys.__kept = true;
      return document.querySelectorAll('#game #log-list > li').length;
    })()"""
    before = page.evaluate(mark)
    for _ in range(6):
        next_click(page)
        settle(page)
        if screen(page) == "end":
            break
    after = page.evaluate("document.querySelectorAll('#game #log-list > li').length")
    assert after > before
    assert page.evaluate("document.querySelector('#game .keys-button').__kept === true")
    assert page.evaluate("document.querySelector('#game #log-list > li').__kept === true")
