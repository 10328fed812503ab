"""The built page boots Pyodide through PyScript from its own files only and draws the arena."""

from __future__ import annotations

import pytest

from tests.browser.helpers import artifact, wait_ready
from web.arena_view import default_view

pytestmark = pytest.mark.browser


def test_page_reaches_ready_with_no_request_outside_its_origin(page, site, requests):
    page.goto(f"{site}/")
    # The title and a progress indicator show while Python loads.
    assert page.locator("h1").inner_text() == "Mageduel"
    assert wait_ready(page) == "true"
    assert requests.outside(site) == []
    # The runtime really came from our own files: Pyodide's core, our lock file and our wheels.
    fetched = "\n".join(requests.urls)
    for name in (
        "pyodide/pyodide.mjs",
        "pyodide/pyodide.asm.wasm",
        "pyodide/pyodide-lock.json",
        "pyodide/mageduel-",
        "pyodide/pydantic_core-",
    ):
        assert name in fetched
    assert "micropip" not in fetched
    page.screenshot(path=artifact("page-1280x800.png"), full_page=True)


def test_arena_draws_the_md5_zone_and_both_duellists_at_their_entry_points(page, site):
    expected = default_view()
    page.goto(f"{site}/?lang=en")
    assert wait_ready(page) == "true"
    zone = page.locator("svg.arena-svg")
    assert float(zone.get_attribute("data-zone-width")) == expected.width
    assert expected.minimum <= expected.width <= expected.maximum
    assert page.locator("svg.arena-svg rect.zone").count() == 1
    assert page.locator("svg.arena-svg .zone-shimmer").count() == 1
    assert page.locator("svg.arena-svg .scale").count() == 1
    tokens = page.locator("svg.arena-svg g.token")
    assert tokens.count() == 2
    for i, token in enumerate(expected.tokens):
        drawn = tokens.nth(i)
        assert drawn.get_attribute("data-name") == token.name
        assert (float(drawn.get_attribute("data-x")), float(drawn.get_attribute("data-y"))) == (
            token.x,
            token.y,
        )
        assert page.locator("svg.arena-svg text", has_text=token.name).count() == 1


def test_shimmer_is_animated_and_still_under_reduced_motion(browser, site):
    for motion, animated in (("no-preference", True), ("reduce", False)):
        context = browser.new_context(reduced_motion=motion, service_workers="block")
        page = context.new_page()
        page.goto(f"{site}/")
        assert wait_ready(page) == "true"
        style = page.evaluate(
            "(() => { const s = getComputedStyle(document.querySelector('.zone-shimmer'));"
            " return {names: s.animationName, stroke: s.stroke}; })()"
        )
        assert (style["names"] != "none") is animated, (motion, style)
        # The border is painted with this SVG's own gradient (a missing id would leave it invisible).
        assert style["stroke"].startswith("url(") and "-shimmer" in style["stroke"], style
        context.close()


def test_language_switch_translates_the_page_and_the_arena(page, site):
    page.goto(f"{site}/?lang=en")
    assert wait_ready(page) == "true"
    assert page.locator(".scale-label").text_content().endswith("ft")
    page.get_by_role("button", name="Français").click()
    assert page.evaluate("document.documentElement.lang") == "fr"
    page.wait_for_function("document.querySelector('.scale-label').textContent.endsWith('pi')")
    assert "Les duellistes" in page.locator(".arena-side h2").inner_text()
    assert page.locator(".tagline").inner_text() == "Duels de mages dans la zone chatoyante de Mystra"
    page.get_by_role("button", name="English").click()
    page.wait_for_function("document.querySelector('.scale-label').textContent.endsWith('ft')")


def test_language_defaults_to_the_browsers(browser, site):
    context = browser.new_context(locale="fr-FR", service_workers="block")
    page = context.new_page()
    page.goto(f"{site}/")
    assert wait_ready(page) == "true"
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert page.locator("footer").inner_text().startswith("Fonctionne entièrement")
    context.close()


def test_a_load_failure_shows_a_readable_error_panel(page, site):
    # The engine wheel cannot be fetched: the page must say so instead of spinning forever.
    page.route("**/pyodide/mageduel-*.whl", lambda route: route.fulfill(status=404, body="missing"))
    page.goto(f"{site}/")
    assert wait_ready(page) == "error"
    panel = page.locator("#error")
    assert panel.is_visible()
    assert "could not start" in panel.locator("h2").inner_text()
    assert page.locator("#loading").is_hidden()
    page.screenshot(path=artifact("page-error.png"))


def test_the_site_works_offline_after_one_visit(browser, site):
    context = browser.new_context()  # service workers allowed
    page = context.new_page()
    page.goto(f"{site}/")
    assert wait_ready(page) == "true"
    page.wait_for_function(
        "navigator.serviceWorker.controller !== null || navigator.serviceWorker.ready.then(() => true)"
    )
    page.evaluate("navigator.serviceWorker.ready")
    # Wait until the precache holds every file, then cut the network.
    page.wait_for_function(
        "caches.keys().then(async ks => ks.length > 0 && (await (await caches.open(ks[0])).keys()).length > 20)",
        timeout=60_000,
    )
    context.set_offline(True)
    page.reload()
    assert wait_ready(page) == "true"
    assert page.locator("svg.arena-svg g.token").count() == 2
    context.close()
