"""The screens the other game tests do not reach, shot at 1280×800 and 390×844 (test-artifacts/screen-*):
a setup with an imported sheet's field errors; the zone settled by opposed checks; precasting with what will
carry into the zone or be suppressed (MD-8); a turn with the reach of a move; the shortcuts box; a clause's
text in French. Each is also checked for what it must say, so a screen that looks right is also right."""

from __future__ import annotations

import pytest

import tests.browser.test_game_play as game_play
from tests.browser.test_game_play import next_click, open_game, pending, settle, shoot, start

pytestmark = pytest.mark.browser
game_site = game_play.game_site


def phase(page) -> str:
    return page.locator("#game [data-screen]").get_attribute("data-phase") or ""


def test_the_screens_of_the_rite_the_turn_and_the_boxes(page, game_site, requests):
    open_game(page, game_site, "en")
    page.evaluate("localStorage.removeItem('mageduel.save')")
    # An imported sheet that is not a character: the field errors beside the form.
    page.locator("#character0").select_option("import")
    page.locator("#sheet0").fill('{"name": {"en": "X", "fr": "X"}, "level": 0}')
    page.locator('#game form[data-act="start"] button[type="submit"]').click()
    settle(page)
    assert page.locator("#sheet-errors0 li").count() >= 1
    shoot(page, "setup-errors")
    page.reload()
    open_game(page, game_site, "en")
    start(page, ("human", "normal"), characters=("odile", "bram"), seed=3)
    # The zone: propose the widest, so the computer's proposal differs and the opposed checks decide.
    for _ in range(20):
        settle(page)
        if pending(page) == "rite:zone":
            break
        next_click(page)
    slider = page.locator('form[data-act="zone"] input[name="width"]')
    slider.focus()
    page.keyboard.press("End")
    page.locator('form[data-act="zone"] button[type="submit"]').click()
    settle(page)
    detail = page.locator('.rite-detail [data-settled="zone"]')
    assert detail.count() == 1
    said = detail.inner_text()
    assert "proposed" in said and ("opposed checks" in said or "agree" in said)
    # Preparation rounds: one, so there is a precasting turn (MD-8).
    for _ in range(20):
        settle(page)
        if pending(page) == "rite:prepare":
            page.locator('.side-col [data-option="prepare 1"]').click()
            break
        next_click(page)
    for _ in range(30):
        settle(page)
        if pending(page) == "turn" and phase(page) == "preparation":
            break
        next_click(page)
    page.locator('.side-col [data-act="pick"]').first.click()
    settle(page)
    targets = page.locator(".side-col .targets").inner_text()
    assert "(MD-8)" in targets
    shoot(page, "precast")
    # On to the fight: a turn with moves shows the reach of a move on the board.
    for _ in range(80):
        settle(page)
        if (
            pending(page) == "turn"
            and phase(page) == "fight"
            and page.locator('#game .decision.turn [data-option^="move "]').count()
        ):
            break
        next_click(page)
    assert page.locator("#game .board .reach-move").count() == 1
    shoot(page, "turn-reach")
    # The shortcuts, listed.
    page.keyboard.press("?")
    box = page.locator(".keys-box")
    assert box.is_visible() and box.locator("dt").count() >= 8
    # The keys read at the size of the box's text: a bare monospace <kbd> was drawn about 10 px high.
    sizes = box.locator("kbd").evaluate_all("ks => ks.map(k => parseFloat(getComputedStyle(k).fontSize))")
    text_size = float(box.locator("dd").first.evaluate("d => parseFloat(getComputedStyle(d).fontSize)"))
    assert sizes and min(sizes) >= 0.8 * text_size >= 12, (sizes, text_size)
    shoot(page, "keys")
    page.keyboard.press("Escape")
    # A clause's text, in French.
    page.locator('nav.lang [data-lang="fr"]').click()
    page.wait_for_function("document.documentElement.lang === 'fr'")
    settle(page)
    page.locator("#log-list .clause-link").first.click()
    clause = page.locator(".clause-box")
    assert clause.is_visible() and clause.locator("p").first.inner_text()
    shoot(page, "clause-fr")
    assert requests.outside(game_site) == []


#: How much of a closed select Chromium keeps for its arrow, past the padding.
ARROW = 20

DUELLIST_SELECTS = '#game select[name^="character"], #game select[name^="control"]'

#: Each visible select the selector matches: its name, its widest option as the select's font draws it, and
#: the width its chosen option has to show in.
SELECT_ROOM = """(which) => {
  const ctx = document.createElement('canvas').getContext('2d');
  const selects = document.querySelectorAll(which);
  return [...selects].filter(s => s.offsetParent).map(s => {
    const cs = getComputedStyle(s);
    ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const widest = Math.max(...[...s.options].map(o => ctx.measureText(o.text).width));
    return [s.name, widest, s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight)];
  });
}"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_duellists_name_and_way_of_play_show_whole_in_their_selects_from_360_px_up(
    page, game_site, lang
):
    """With two, three or four duellists, from a 360 px phone to a desktop, whichever duellist is chosen
    reads whole in the closed select ("Tobin Cendrebise — ensorceleur 7"), and so does who plays them ("Une
    personne avec de vrais dés"); nothing sticks out sideways. The "Add a duellist" button no longer takes
    a duellist's column, and a select goes under its label where beside it the name would be cut."""
    open_game(page, game_site, lang)
    for count in (2, 3, 4):
        for width in (1280, 1024, 768, 390, 360):
            page.set_viewport_size({"width": width, "height": 800})
            page.wait_for_timeout(50)
            rooms = page.evaluate(SELECT_ROOM, DUELLIST_SELECTS)
            assert len(rooms) == 2 * count
            for name, widest, room in rooms:
                assert widest <= room - ARROW, (lang, count, width, name, widest, room)
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
        if count < 4:
            page.locator('#game [data-act="add-duellist"]').click()
            settle(page)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_term_of_the_duel_reads_whole_in_its_select_from_360_px_up(page, game_site, lang):
    """Found on a 390 px phone in French: the DU-5 select showed "quand quelqu'un est inconscient ou ne", and
    the challenge's and the DU-14 rule's longer choices were cut as well. Every choice of every select among
    the terms, for a plain duel and for a mageduel, now reads whole in the closed select."""
    open_game(page, game_site, lang)
    for kind in ("duel", "mageduel"):
        page.locator(f'#game input[name="kind"][value="{kind}"]').check()
        settle(page)
        page.evaluate("document.querySelectorAll('#game details').forEach(d => { d.open = true; })")
        for width in (1280, 390, 360):
            page.set_viewport_size({"width": width, "height": 800})
            page.wait_for_timeout(50)
            rooms = page.evaluate(SELECT_ROOM, "#game details select")
            assert {"challenge", "counter_rule"} <= {name for name, _, _ in rooms}, rooms
            for name, widest, room in rooms:
                assert widest <= room - ARROW, (lang, kind, width, name, widest, room)


BOARD_IN_VIEW = """() => {
  const r = e => document.querySelector(e).getBoundingClientRect();
  const board = r('#game .board-cell > .board'), side = r('#game .side-col'), chars = r('#game .chars');
  return {top: board.top, bottom: board.bottom, height: board.height, sideHeight: side.height,
          charsTop: chars.top, innerHeight: window.innerHeight};
}"""


def _first_turn_of_a_duel(page, site: str, lang: str, characters: tuple[str, str]) -> None:
    """A fresh duel of ``characters`` against the computer, played up to the person's first turn."""
    open_game(page, site, lang)
    page.evaluate("localStorage.removeItem('mageduel.save')")
    start(page, controls=("human", "normal"), characters=characters, kind="duel")
    for _ in range(40):
        if pending(page) == "turn":
            break
        next_click(page)
        settle(page)
    assert pending(page) == "turn"


def test_the_board_stays_in_view_beside_a_long_turn_and_never_covers_the_duellists(page, game_site):
    """A 20th-level wizard's turn lists dozens of spells: the side column is several screens tall. On a
    desktop the board keeps to the top of its row and stays on screen while the list is scrolled, and it
    stops at its row's end, above the duellists' panels."""
    page.set_viewport_size({"width": 1280, "height": 720})
    _first_turn_of_a_duel(page, game_site, "en", ("aurelian", "ysolde"))
    at_top = page.evaluate(BOARD_IN_VIEW)
    assert at_top["sideHeight"] > 2 * at_top["innerHeight"], at_top  # the long turn this test is about
    # The board is its drawing's height, not the side column's.
    assert at_top["height"] < at_top["sideHeight"] / 2, at_top
    # Scrolled halfway down the spell list: the whole board is still on screen.
    page.evaluate("window.scrollBy(0, document.querySelector('#game .side-col').offsetHeight / 2)")
    page.wait_for_timeout(100)
    mid = page.evaluate(BOARD_IN_VIEW)
    assert 0 <= mid["top"] and mid["bottom"] <= mid["innerHeight"], mid
    # Scrolled to the duellists' panels: the board has gone up with its row and does not cover them.
    page.evaluate("document.querySelector('#game .chars').scrollIntoView()")
    page.wait_for_timeout(100)
    low = page.evaluate(BOARD_IN_VIEW)
    assert low["bottom"] <= low["charsTop"], low


def test_each_fact_of_a_spell_stays_whole_on_a_narrow_screen(page, game_site):
    """Found on a 390 px phone in French: the picker broke « Vol DD 14 » between « DD » and « 14 », and
    « portée 40 pi » before « pi ». A line breaks between a spell's facts now, never inside one."""
    page.set_viewport_size({"width": 360, "height": 800})
    _first_turn_of_a_duel(page, game_site, "fr", ("corvin", "nadira"))
    facts = page.evaluate(
        "[...document.querySelectorAll('#game .spell .fact')].map((f) => [f.textContent, f.getClientRects().length])"
    )
    assert len(facts) > 20 and any("DD" in said for said, _ in facts), facts
    assert all(lines == 1 for _, lines in facts), [said for said, lines in facts if lines != 1]
