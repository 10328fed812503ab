"""Issue 11 on the built site: a poisoned save and a poisoned link each leave the page working, with the
notice shown and the bad text downloadable; "New duel" from a replay asks before touching the kept game; a
sandboxed frame whose host omits the header says so instead of "Loading" forever."""

from __future__ import annotations

import functools
import http.server
import json
import threading

import pytest

import build
import tests.browser.test_game_play as game_play
from tests.browser.helpers import artifact, wait_ready
from tests.browser.test_game_play import next_click, open_game, screen, settle, start

pytestmark = pytest.mark.browser
game_site = game_play.game_site


def computer_save(moves: int, seed: int = 5) -> str:
    """A save of a computer-against-computer mageduel after ``moves`` decisions."""
    from web.game.session import Session, Setup, SideSetup

    side = SideSetup(character="tamsin", control="normal")
    s = Session(
        Setup(kind="mageduel", sides=[side, side.model_copy(update={"character": "bram"})], seed=seed)
    )
    s.run_computer(moves)
    return s.save_json()


def poisoned(save: str) -> str:
    """The save with an infinite zone: JSON that the old page accepted, then crashed on at every load."""
    data = json.loads(save)
    data["replay"]["scenario"]["options"]["zone_width"] = 1.0
    return json.dumps(data).replace('"zone_width": 1.0', '"zone_width": Infinity')


def shows_it_was_set_aside(page, notice: str, text: str) -> None:
    """The notice, the set-aside note with its download button, and the download is the bad text (the
    notice gives way to the next click, as every notice of the page; the set-aside note stays)."""
    assert notice in page.locator("#game .notice").inner_text()
    assert page.locator("#game [data-set-aside]").is_visible()
    with page.expect_download() as download:
        page.locator('#game [data-act="download-set-aside"]').click()
    assert download.value.suggested_filename == "mageduel-set-aside.json"
    assert open(download.value.path(), encoding="utf-8").read() == text


def still_plays(page) -> None:
    start(page, ("human", "normal"), seed=2)
    for _ in range(3):
        settle(page)
        next_click(page)
    settle(page)
    assert screen(page) in ("duel", "end")


def test_a_poisoned_save_leaves_the_page_working(page, game_site, requests):
    open_game(page, game_site, "en")
    bad = poisoned(computer_save(3))
    page.evaluate("(text) => localStorage.setItem('mageduel.save', text)", bad)
    page.reload()
    open_game(page, game_site, "en")
    assert screen(page) == "setup"
    assert "zone_width" in page.locator("#game .notice").inner_text()
    page.screenshot(path=artifact("reliab-poisoned-save.png"), full_page=True)
    shows_it_was_set_aside(page, "The saved duel could not be restored", bad)
    assert page.evaluate("localStorage.getItem('mageduel.set-aside')") == bad
    assert page.evaluate("localStorage.getItem('mageduel.save')") is None
    # No crash loop: the next visit starts clean, without the notice.
    page.reload()
    open_game(page, game_site, "en")
    assert page.locator("#game .notice").inner_text() == ""
    still_plays(page)
    assert requests.outside(game_site) == []


def test_a_poisoned_link_leaves_the_page_working_in_french(page, game_site, requests):
    from web.game.app import encode_fragment
    from web.game.persistence import decode_link

    fragment = encode_fragment(poisoned(computer_save(0)))
    bad = decode_link(fragment)
    page.goto(f"{game_site}/?lang=fr#{fragment}")
    assert wait_ready(page) == "true"
    page.wait_for_selector("#game [data-screen]")
    assert screen(page) == "setup"
    page.screenshot(path=artifact("reliab-poisoned-link.png"), full_page=True)
    said = page.locator("#game .notice").inner_text()
    assert "zone_width\u202f: Infinity n'est pas un nombre fini" in said, said  # the reason in French too
    shows_it_was_set_aside(page, "Le lien de rediffusion n'a pas pu être ouvert", bad)
    assert "Il a été mis de côté" in page.locator("#game [data-set-aside]").inner_text()
    assert "#replay=" not in page.url  # a reload opens the page, not the same bad link
    still_plays(page)
    assert requests.outside(game_site) == []


def test_a_poisoned_save_says_why_in_french(page, game_site, requests):
    """A French page sets aside a save that contradicts its game (its setup says a plain duel, its replay a
    mageduel): the notice, and the reason inside it, read in French — one line naming the field."""
    open_game(page, game_site, "fr")
    data = json.loads(computer_save(3))
    data["setup"]["kind"] = "duel"
    bad = json.dumps(data)
    page.evaluate("(text) => localStorage.setItem('mageduel.save', text)", bad)
    page.reload()
    open_game(page, game_site, "fr")
    assert screen(page) == "setup"
    said = page.locator("#game .notice").inner_text()
    assert said.startswith("Le duel sauvegardé n'a pas pu être restauré"), said
    assert "setup.kind\u202f: 'duel', mais le duel de la rediffusion est un 'mageduel'" in said, said
    assert "but the replay" not in said and "Value error" not in said
    page.screenshot(path=artifact("reliab-poisoned-save-fr.png"), full_page=True)
    shows_it_was_set_aside(page, "Le duel sauvegardé n'a pas pu être restauré", bad)
    assert "Il a été mis de côté" in page.locator("#game [data-set-aside]").inner_text()
    still_plays(page)
    assert requests.outside(game_site) == []


def test_a_finished_duel_reloads_at_its_end_and_says_it_is_over(page, game_site, requests):
    """Finding 10: a kept duel that had ended came back as "Your duel in progress was restored". The page now
    says the last duel is over and shows its end screen, from which a new duel or a rematch starts."""
    from web.game.session import Session, Setup, SideSetup

    side = SideSetup(character="tamsin", control="normal")
    s = Session(Setup(kind="mageduel", sides=[side, side.model_copy(update={"character": "bram"})], seed=5))
    s.run_computer(20_000)
    assert s.over
    open_game(page, game_site, "fr")
    page.evaluate("(text) => localStorage.setItem('mageduel.save', text)", s.save_json())
    page.reload()
    open_game(page, game_site, "fr")
    assert screen(page) == "end"
    said = page.locator("#game .notice").inner_text()
    assert said == "Votre dernier duel est terminé\u202f: voici comment il s'est achevé.", said
    assert "en cours" not in said
    page.screenshot(path=artifact("reliab-finished-restored-fr.png"), full_page=True)
    page.locator('#game [data-act="rematch"]').first.click()
    settle(page)
    assert screen(page) in ("duel", "end", "handoff")
    assert requests.outside(game_site) == []


def test_a_link_that_inflates_to_gigabytes_is_refused_at_1_mb(page, game_site):
    import base64
    import zlib

    bomb = zlib.compress(b'{"setup":"' + b"x" * 60_000_000 + b'"}', 9)
    fragment = "replay=" + base64.urlsafe_b64encode(bomb).decode().rstrip("=")
    page.goto(f"{game_site}/?lang=en#{fragment}")
    assert wait_ready(page) == "true"
    page.wait_for_selector("#game [data-screen]")
    assert "inflates to more than 1,000,000 bytes" in page.locator("#game .notice").inner_text()
    still_plays(page)


def test_new_duel_from_a_replay_asks_before_touching_the_kept_game(page, game_site, requests):
    from web.game.app import encode_fragment

    open_game(page, game_site, "en")
    start(page, ("human", "normal"), seed=6)
    for _ in range(3):
        settle(page)
        next_click(page)
    settle(page)
    kept = page.evaluate("localStorage.getItem('mageduel.save')")
    assert kept
    page.goto("about:blank")  # a new document: a hash change alone does not reload the page
    page.goto(f"{game_site}/?lang=en#{encode_fragment(computer_save(8))}")
    assert wait_ready(page) == "true"
    page.wait_for_selector('#game [data-screen="replay"], #game [data-screen="end"]')
    page.locator('#game .replay-bar [data-act="new"]').click()
    box = page.locator("#game .confirm-box")
    box.wait_for()
    assert "Replace your kept duel?" in box.inner_text()
    page.screenshot(path=artifact("reliab-new-asks.png"), full_page=True)
    assert page.evaluate("localStorage.getItem('mageduel.save')") == kept
    page.keyboard.press("Escape")  # "Stay here": still the replay, the kept game untouched
    assert box.count() == 0 and screen(page) in ("replay", "end")
    assert page.locator("#game .replay-bar").count() == 1
    assert page.evaluate("localStorage.getItem('mageduel.save')") == kept
    page.locator('#game .replay-bar [data-act="play-on"]').click()  # "Play on" asks too
    assert page.locator('#game .confirm-box[data-confirm="play-on"]').count() == 1
    page.locator('#game .confirm-box [data-act="resume"]').click()  # "Resume my kept duel"
    settle(page)
    assert screen(page) == "duel"
    assert page.evaluate("localStorage.getItem('mageduel.save')") == kept
    assert requests.outside(game_site) == []


class NoCorsHandler(http.server.SimpleHTTPRequestHandler):
    """A host that serves the right MIME types but not the header a sandboxed frame needs."""

    extensions_map = build.SiteHandler.extensions_map

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the stdlib's signature
        pass


def test_a_sandboxed_frame_whose_host_omits_the_header_says_so(browser, tmp_path):
    host = build.Server(("127.0.0.1", 0), functools.partial(NoCorsHandler, directory=str(build.DIST)))
    threading.Thread(target=host.serve_forever, daemon=True).start()
    site = f"http://127.0.0.1:{host.server_address[1]}"
    (tmp_path / "index.html").write_text(
        '<!doctype html><html><head><meta charset="utf-8"><title>A wiki page</title></head><body>'
        f'<iframe id="duel" sandbox="allow-scripts" style="width:900px;height:600px;border:0" src="{site}/?lang=en">'
        "</iframe></body></html>"
    )
    (tmp_path / "favicon.ico").write_bytes(b"")
    parent = build.serve_in_thread(tmp_path, host="localhost")
    context = browser.new_context(viewport={"width": 1000, "height": 700})
    try:
        page = context.new_page()
        page.goto(f"http://localhost:{parent.server_address[1]}/")
        page.frame_locator("#duel").locator("h1").wait_for()
        frame = next(f for f in page.frames if f.url.startswith(site))
        assert frame.evaluate("self.origin") == "null"
        assert wait_ready(frame, timeout=30_000) == "error"  # at once, not after a boot timeout
        assert frame.evaluate("document.documentElement.dataset.state") == "error"
        assert frame.locator("#error").is_visible() and frame.locator("#loading").is_hidden()
        said = frame.locator("#error").inner_text()
        assert "Access-Control-Allow-Origin: *" in said
        assert "boot.js" in frame.locator("#error-details").text_content()
        page.screenshot(path=artifact("reliab-sandbox-no-header.png"))
    finally:
        context.close()
        parent.shutdown()
        host.shutdown()


def test_the_widget_and_the_game_share_one_watch_and_each_says_why_its_runtime_failed(page, game_site):
    """One watch over the runtime's start (static/bootwatch.js) serves both pages: with the engine's wheel
    missing, the game shows its error panel and the widget, once pressed, says the cause in its status line
    (data-state="error") — neither says "Loading" forever."""
    page.route("**/pyodide/mageduel-*.whl", lambda route: route.fulfill(status=404, body="missing"))
    page.goto(f"{game_site}/embed.html?scenario=draw&lang=fr")
    page.wait_for_function("document.documentElement.dataset.state === 'poster'")
    page.locator('[data-action="play"]').first.click()
    page.wait_for_function("document.documentElement.dataset.state === 'error'", timeout=120_000)
    said = page.locator("#w-status").inner_text()
    assert said.startswith("Le moteur de règles n'a pas pu démarrer"), said
    # The cause in one line: the error a traceback ends with, not its first line.
    assert "Error" in said and "Traceback" not in said, said
    loaded = page.evaluate("performance.getEntriesByType('resource').map((e) => e.name)")
    assert any(name.endswith("/bootwatch.js") for name in loaded)
    page.screenshot(path=artifact("reliab-widget-runtime-failed.png"))
    page.goto(f"{game_site}/?lang=en")
    assert wait_ready(page) == "error"
    assert page.locator("#error").is_visible() and page.locator("#loading").is_hidden()
    assert "mageduel" in page.locator("#error-details").text_content()
