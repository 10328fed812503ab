"""The known trap: PyScript opens IndexedDB at start, and a cross-site iframe (how a wiki embeds us) with
third-party storage blocked denies it. The page must still reach ready there."""

from __future__ import annotations

import pytest

import build
from tests.browser.helpers import artifact, wait_ready

pytestmark = pytest.mark.browser

PARENT = """<!doctype html><html><head><meta charset="utf-8"><title>A wiki page</title></head>
<body><h1>Duel rules</h1><iframe id="duel" title="Mageduel" style="width:960px;height:640px;border:0"></iframe>
<script>document.getElementById("duel").src = decodeURIComponent(location.hash.slice(1));</script></body></html>"""

PROBE = """() => new Promise((resolve) => {
  const idb = Object.getOwnPropertyDescriptor(Window.prototype, "indexedDB")?.get?.call(window)
    ?? Object.getOwnPropertyDescriptor(window, "indexedDB")?.get?.call(window);
  try {
    const request = idb.open("third-party-probe");
    request.onsuccess = () => resolve("allowed");
    request.onerror = () => resolve("denied: " + request.error);
  } catch (error) { resolve("denied: " + error); }
})"""


@pytest.fixture
def parent_site(tmp_path):
    (tmp_path / "index.html").write_text(PARENT)
    (tmp_path / "favicon.ico").write_bytes(b"")
    server = build.serve_in_thread(tmp_path)
    yield f"http://localhost:{server.server_address[1]}"
    server.shutdown()


def test_page_in_a_cross_site_iframe_with_blocked_storage_reaches_ready(fresh_profile, site, parent_site):
    context = fresh_profile(viewport={"width": 1100, "height": 800})
    page = context.new_page()
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url))
    page.goto(f"{parent_site}/#{site}/")
    frame = page.frame_locator("#duel")
    frame.locator("h1").wait_for()
    inner = next(f for f in page.frames if f.url.startswith(site))
    # The trap is real in this profile: the browser's own IndexedDB is denied to the embedded page.
    assert inner.evaluate(PROBE).startswith("denied")
    assert wait_ready(inner) == "true"
    assert inner.evaluate("document.documentElement.dataset.storage") == "memory"
    assert inner.locator("svg.arena-svg g.token").count() == 2
    assert inner.locator("#storage-note").is_visible()
    outside = [u for u in urls if not (u.startswith(site) or u.startswith(parent_site))]
    assert outside == []
    page.screenshot(path=artifact("iframe-cross-site.png"))


def test_page_at_top_level_keeps_real_storage(fresh_profile, site):
    page = fresh_profile().new_page()
    page.goto(f"{site}/")
    assert wait_ready(page) == "true"
    assert page.evaluate("document.documentElement.dataset.storage") == "persistent"
    assert page.locator("#storage-note").is_hidden()
