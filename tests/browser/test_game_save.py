"""Keep the game: the duel in progress survives a reload; the end screen's share link opens the same duel
as a replay; the replay downloads as JSON; where storage is blocked (a cross-site iframe) the game still
plays, it just is not kept."""

from __future__ import annotations

import json

import pytest

import build
import tests.browser.test_game_play as game_play
from tests.browser.test_game_play import (
    next_click,
    open_game,
    pending,
    play_to_end,
    screen,
    settle,
    shoot,
    start,
)

pytestmark = pytest.mark.browser
game_site = game_play.game_site  # the served site (a fixture shared with test_game_play)


def decisions(page) -> list:
    return json.loads(page.evaluate("localStorage.getItem('mageduel.save')"))["replay"]["decisions"]


def test_the_duel_in_progress_survives_a_reload(page, game_site, requests):
    open_game(page, game_site, "en")
    page.evaluate("localStorage.removeItem('mageduel.save')")
    start(page, ("human", "normal"), seed=6)
    for _ in range(6):
        settle(page)
        next_click(page)
    settle(page)
    before = decisions(page)
    kind, rnd = pending(page), page.locator("#game [data-screen]").get_attribute("data-round")
    log = page.locator("#log-list li").count()
    page.reload()
    open_game(page, game_site, "en")  # waits for ready and the game's first screen
    assert screen(page) == "duel"
    assert pending(page) == kind
    assert page.locator("#game [data-screen]").get_attribute("data-round") == rnd
    assert page.locator("#log-list li").count() == log
    assert decisions(page) == before
    assert "restored" in page.locator("#game .notice").inner_text()
    assert requests.outside(game_site) == []


def test_the_share_link_opens_the_same_duel_as_a_replay(page, browser, game_site, requests):
    open_game(page, game_site, "en")
    start(page, ("human", "normal"), seed=8)
    play_to_end(page)
    title = page.locator("#end-title").inner_text()
    with page.expect_download() as download:
        page.locator('#game [data-act="download"]').click()
    replay = json.loads(open(download.value.path(), encoding="utf-8").read())
    # The engine's own replay file, with its events: python -m mageduel replay checks it.
    from mageduel.replay import Replay, verify

    assert verify(Replay.model_validate(replay)).ok
    assert replay["scenario"]["kind"] == "mageduel" and replay["events"]
    page.locator('#game [data-act="share"]').click()
    # The link is set among the click's effects, which can land after the click returns (read as None once,
    # in a fresh-clone run while the machine was also building the site).
    page.wait_for_function("document.getElementById('game').dataset.shareLink !== undefined")
    link = page.locator("#game").get_attribute("data-share-link")
    assert link.startswith(game_site) and "#replay=" in link
    other = browser.new_context(service_workers="block").new_page()
    other.goto(link)
    other.wait_for_function("document.documentElement.dataset.ready === 'true'", timeout=120_000)
    other.wait_for_selector('#game [data-screen="replay"], #game [data-screen="end"]')
    assert other.locator("#game .replay-bar").count() == 1
    shoot(other, "replay")
    # The replay shows the observer's view (nothing hidden), from the start to the same ending.
    assert other.locator("#game [data-screen]").get_attribute("data-viewer") == ""
    # Watch plays it from its start, a decision at a time; Pause stops it where it stands.
    watch = other.locator('#game [data-act="seek"][data-to="play"]')
    watch.click()
    at = "+/Decision (\\d+) of/.exec(document.querySelector('#game .replay-bar p').textContent)[1]"
    other.wait_for_function(f"{at} >= 2", timeout=30_000)
    watch.click()
    paused = other.evaluate(at)
    other.wait_for_timeout(1500)  # two steps' time
    assert other.evaluate(at) == paused and watch.get_attribute("aria-pressed") == "false"
    other.locator("body").press("ArrowRight")  # the replay's keys: a step forward
    other.wait_for_function(f"{at} === {paused + 1}")
    # The slider: any decision at once; focused, an arrow key steps once (the replay's own arrow keys stand
    # aside), and the focus stays on it through the redraw.
    scrub = other.locator("#replay-scrub")
    scrub.fill("5")
    other.wait_for_function("document.getElementById('replay-scrub').getAttribute('value') === '5'")
    assert other.evaluate(at) == 5
    scrub.focus()
    scrub.press("ArrowRight")
    other.wait_for_function("document.getElementById('replay-scrub').getAttribute('value') === '6'")
    other.wait_for_timeout(300)
    assert other.evaluate(at) == 6 and other.evaluate("document.activeElement.id") == "replay-scrub"
    # Dragged while the replay is watched: the watching stops, and the drag is not lost to its next step.
    watch.click()
    other.wait_for_function(f"{at} === 7")
    box = scrub.bounding_box()
    middle = box["y"] + box["height"] / 2
    other.mouse.move(box["x"] + 4, middle)
    other.mouse.down()
    other.mouse.move(box["x"] + box["width"] * 0.3, middle, steps=4)
    other.wait_for_timeout(1600)  # two steps' time, in the middle of the drag
    other.mouse.move(box["x"] + box["width"] * 0.5, middle, steps=4)
    dragged = other.evaluate(at)
    other.mouse.up()
    other.wait_for_function(f"document.getElementById('replay-scrub').getAttribute('value') === '{dragged}'")
    total = int(scrub.get_attribute("max"))
    assert abs(dragged - total / 2) <= 2 and watch.get_attribute("aria-pressed") == "false", (dragged, total)
    other.wait_for_timeout(800)
    assert other.evaluate(at) == dragged
    # The replay bar's own share link opens the whole duel at the decision shown.
    other.locator('#game .replay-bar [data-act="share"]').click()
    other.wait_for_function("document.getElementById('game').dataset.shareLink !== undefined")
    moment = other.locator("#game").get_attribute("data-share-link")
    assert moment.endswith(f"&step={dragged}"), moment
    third = other.context.new_page()
    third.goto(moment)
    third.wait_for_function("document.documentElement.dataset.ready === 'true'", timeout=120_000)
    third.wait_for_selector("#game .replay-bar")
    assert third.evaluate(at) == dragged
    assert third.locator("#replay-scrub").get_attribute("max") == str(total)
    third.close()
    other.locator('#game [data-act="seek"][data-to="start"]').click()
    assert other.locator("#log-list .ev-end").count() == 0
    other.locator('#game [data-act="seek"][data-to="end"]').click()
    assert other.locator("#end-title").inner_text() == title
    other.context.close()
    # Rematch: the same pairing again, with fresh dice, from the rite's first decision.
    page.locator('#game [data-act="rematch"]').click()
    settle(page)
    assert screen(page) == "duel"
    saved = json.loads(page.evaluate("localStorage.getItem('mageduel.save')"))
    assert saved["setup"]["seed"] == 9 and len(saved["replay"]["decisions"]) < 5
    assert requests.outside(game_site) == []


PARENT = """<!doctype html><html><head><meta charset="utf-8"><title>A wiki page</title></head>
<body><iframe id="duel" title="Mageduel" style="width:1000px;height:760px;border:0"></iframe>
<script>document.getElementById("duel").src = decodeURIComponent(location.hash.slice(1));</script></body></html>"""


def test_where_storage_is_blocked_the_game_still_plays(fresh_profile, game_site, tmp_path):
    (tmp_path / "index.html").write_text(PARENT)
    (tmp_path / "favicon.ico").write_bytes(b"")
    server = build.serve_in_thread(tmp_path)
    parent = f"http://localhost:{server.server_address[1]}"
    try:
        page = fresh_profile(viewport={"width": 1100, "height": 800}).new_page()
        page.goto(f"{parent}/#{game_site}/?lang=en")
        page.frame_locator("#duel").locator("h1").wait_for()
        frame = next(f for f in page.frames if f.url.startswith(game_site))
        plays_without_keeping(frame, "will not be kept")
    finally:
        server.shutdown()


def test_in_a_sandboxed_iframe_without_storage_the_game_still_plays(browser, tmp_path):
    """``<iframe sandbox="allow-scripts">``: an opaque origin, so no localStorage, IndexedDB or service
    worker at all. Served by a host that allows cross-origin reads (GitHub Pages sends
    ``Access-Control-Allow-Origin: *``), the page loads, says the duel will not be kept, and plays."""
    import functools
    import threading

    class CrossOrigin(build.SiteHandler):
        def end_headers(self) -> None:
            self.send_header("Access-Control-Allow-Origin", "*")
            super().end_headers()

    host = build.Server(("127.0.0.1", 0), functools.partial(CrossOrigin, directory=str(build.DIST)))
    threading.Thread(target=host.serve_forever, daemon=True).start()
    site = f"http://127.0.0.1:{host.server_address[1]}"
    (tmp_path / "index.html").write_text(
        '<!doctype html><html><head><meta charset="utf-8"><title>A wiki page</title></head><body>'
        f'<iframe id="duel" sandbox="allow-scripts" style="width:1000px;height:760px;border:0" src="{site}/?lang=fr">'
        "</iframe></body></html>"
    )
    (tmp_path / "favicon.ico").write_bytes(b"")
    parent = build.serve_in_thread(tmp_path, host="localhost")
    context = browser.new_context(viewport={"width": 1100, "height": 800})
    try:
        page = context.new_page()
        page.goto(f"http://localhost:{parent.server_address[1]}/")
        page.frame_locator("#duel").locator("h1").wait_for()
        frame = next(f for f in page.frames if f.url.startswith(site))
        assert frame.evaluate("self.origin") == "null"  # really sandboxed: an opaque origin
        plays_without_keeping(frame, "ne sera pas conservé")
    finally:
        context.close()
        parent.shutdown()
        host.shutdown()


def plays_without_keeping(frame, notice: str) -> None:
    """The framed page reaches ready on an in-memory store, says the duel will not be kept, and plays."""
    frame.wait_for_function("document.documentElement.dataset.ready === 'true'", timeout=120_000)
    assert frame.evaluate("document.documentElement.dataset.storage") == "memory"
    assert notice in frame.locator("#game .setup").inner_text()
    start(frame, ("human", "normal"), seed=2)
    for _ in range(4):
        settle(frame)
        next_click(frame)
    settle(frame)
    assert screen(frame) in ("duel", "end")
    assert frame.locator("#log-list li").count() > 3
