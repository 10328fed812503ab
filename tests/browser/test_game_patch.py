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


# static/patch.js on its own, on a detached element: each case gives the HTML before and after, and the
# nodes that must survive (by a mark set before the patch) or must be new.
PATCHER = """async () => {
  const { patch } = await import("./patch.js");
  const li = (n) => `<li data-seq="${n}">line ${n}</li>`;
  const list = (a, b) => `<ul>${Array.from({ length: b - a }, (_, i) => li(a + i)).join("")}</ul>`;
  const run = (before, after, setup = () => {}) => {
    const root = document.createElement("div");
    root.innerHTML = before;
    let i = 0;
    for (const el of root.querySelectorAll("*")) el.__mark = i++;
    setup(root);
    patch(root, after);
    const fresh = document.createElement("div");
    fresh.innerHTML = after;
    const kept = [...root.querySelectorAll("*")].map((el) => el.__mark ?? null);
    const values = [...root.querySelectorAll("input")].map((el) => el.value);
    return { same: root.isEqualNode(fresh), kept, values };
  };
  return {
    grown: run(list(0, 3), list(0, 5)),
    moved_on: run(list(0, 250), list(3, 253)),
    attribute: run('<p class="a" title="t">x</p>', '<p class="b">x</p>'),
    text: run("<p>old</p>", "<p>new</p>"),
    tag: run("<p>x</p>", "<div>x</div>"),
    typed: run('<input name="a" value="1"><input name="b" value="2">', '<input name="a" value="1"><input name="b" value="2">',
      (root) => { root.querySelector("input").value = "typed"; }),
  };
}"""


def test_the_patcher_keeps_what_is_equal_and_makes_the_page_what_was_drawn(page, game_site):
    open_game(page, game_site, "en")
    r = page.evaluate(PATCHER)
    assert all(case["same"] for case in r.values()), {k: v["same"] for k, v in r.items()}
    # A list that grew: the three old lines are the same nodes, two new ones follow.
    assert r["grown"]["kept"] == [0, 1, 2, 3, None, None]
    # A capped list that moved on by 3: lines 3..249 stay the same nodes (marks 4..250: the <ul> is 0), in
    # place, and 3 new ones follow; nothing is rewritten in place.
    assert r["moved_on"]["kept"] == [0, *range(4, 251), None, None, None]
    assert r["attribute"]["kept"] == [0]  # the same <p>, its class changed and its title gone
    assert r["text"]["kept"] == [0]
    assert r["tag"]["kept"] == [None]
    # A control typed in since it was drawn is drawn anew (the drawn value wins); the untouched one stays.
    assert r["typed"]["kept"] == [None, 1] and r["typed"]["values"] == ["1", "2"]
