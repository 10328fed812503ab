"""The first screen before Python (issue 15): the setup screen drawn at build time shows while Pyodide is
still loading (``<html data-state="poster">``), what the visitor chooses and a click on Start before Python
is ready are kept and honoured once it is (``data-state="ready"``), and a failure replaces it with the cause
(``data-state="error"``).

Python is held back by holding PyScript's own script (``pyscript/core.js``) until the test lets it through.
"""

from __future__ import annotations

import json
import re

import pytest

from tests.browser.helpers import artifact, wait_ready

pytestmark = pytest.mark.browser

STATE = "document.documentElement.dataset.state"


def hold_python(page) -> list:
    held: list = []
    page.route("**/pyscript/core.js", lambda route: held.append(route))
    return held


def release(page, held: list) -> None:
    """Let Python's start go on (waiting, within reason, until the page has asked for it)."""
    for _ in range(1200):
        if held:
            break
        page.wait_for_timeout(50)  # Playwright delivers the held request while it waits
    assert held, "the page never asked for pyscript/core.js"
    for route in held:
        route.continue_()


def test_the_setup_screen_shows_before_python_and_an_early_start_is_honoured(page, site):
    held = hold_python(page)
    page.goto(f"{site}/?lang=en")
    page.wait_for_function(f"{STATE} === 'poster'")
    assert page.evaluate("document.documentElement.dataset.ready") == "false"
    # The roster, the arena preview and the Start button, painted while Python is not even fetched.
    assert page.locator("#character0 option").count() >= 4
    assert page.locator("svg.arena-svg g.token").count() == 2
    assert page.locator("#loading").is_visible()
    # What the visitor chooses before Python (native controls) is kept: a plain duel, Corvin, two computers.
    page.locator('#game input[name="kind"][value="duel"]').check()
    page.locator("#character0").select_option("ilse")
    page.locator("#character1").select_option("corvin")
    page.locator("#control0").select_option("easy")
    page.locator("#control1").select_option("easy")
    page.locator("#game details.advanced summary").click()  # the seed waits under "Advanced" (issue 12)
    page.locator("#game input[name=seed]").fill("7")
    page.locator('#game form[data-act="start"] button[type="submit"]').click()
    assert page.locator("#poster-queued").is_visible()
    assert page.evaluate(STATE) == "poster"
    assert page.locator('#game [data-screen="setup"]').count() == 1
    page.screenshot(path=artifact("poster-start-waiting.png"))
    release(page, held)
    assert wait_ready(page) == "true"
    assert page.evaluate(STATE) == "ready"
    # The click was honoured: the duel started with the chosen pair, kind, controls and seed.
    page.wait_for_function("localStorage.getItem('mageduel.save') !== null", timeout=60_000)
    setup = json.loads(page.evaluate("localStorage.getItem('mageduel.save')"))["setup"]
    assert setup["kind"] == "duel"
    assert [s["character"] for s in setup["sides"]] == ["ilse", "corvin"]
    assert [s["control"] for s in setup["sides"]] == ["easy", "easy"]
    assert setup["seed"] == 7
    assert page.locator('#game [data-screen="setup"]').count() == 0
    assert page.locator("#poster-queued").is_hidden()


def test_the_shimmer_holds_still_until_python_runs(page, site):
    """The zone's animations (a blurred stroke repainted every frame) wait for the page to be ready: until
    then their frames would take a share of the cores Python's start needs."""
    states = (
        "[...document.querySelectorAll('.arena-svg :is(.zone-shimmer, .zone-haze, .zone-glint)')]"
        ".flatMap((e) => e.getAnimations().map((a) => a.playState))"
    )
    held = hold_python(page)
    page.goto(f"{site}/?lang=en")
    page.wait_for_function(f"{STATE} === 'poster'")
    before = page.evaluate(states)
    assert len(before) == 3 and set(before) == {"paused"}, before
    release(page, held)
    assert wait_ready(page) == "true"
    page.wait_for_function(f"{states}.length === 3 && {states}.every((s) => s === 'running')")


def test_the_poster_is_in_the_visitors_language_and_follows_the_switch(browser, site):
    context = browser.new_context(locale="fr-FR", service_workers="block")
    page = context.new_page()
    held = hold_python(page)
    page.goto(f"{site}/")
    page.wait_for_function(f"{STATE} === 'poster'")
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert "Commencer le duel" in page.locator('#game button[type="submit"]').inner_text()
    assert page.locator(".scale-label").text_content().endswith("pi")
    # The loading progress speaks French too, decimal comma included, as Python writes numbers.
    page.wait_for_function("document.getElementById('stage').textContent.includes(' Mo')")
    progress = page.locator("#stage").text_content()
    assert re.fullmatch(r"Chargement de l'environnement Python — \d+,\d sur \d+,\d Mo", progress), progress
    page.locator("#character0").select_option("corvin")
    page.get_by_role("button", name="English").click()
    assert "Start the duel" in page.locator('#game button[type="submit"]').inner_text()
    assert page.locator("#character0").input_value() == "corvin"
    release(page, held)
    assert wait_ready(page) == "true"
    # Python's live form took over the choice made on the poster.
    assert page.locator("#character0").input_value() == "corvin"
    context.close()


def test_a_saved_duel_gets_no_setup_poster(page, site):
    """A visitor with a duel kept from the last visit sees the loading panel, not a setup screen whose Start
    would replace their duel."""
    page.goto(f"{site}/?lang=en")
    assert wait_ready(page) == "true"
    page.locator("#control0").select_option("easy")
    page.locator("#control1").select_option("easy")
    page.locator('#game form[data-act="start"] button[type="submit"]').click()
    page.wait_for_function("localStorage.getItem('mageduel.save') !== null")
    held = hold_python(page)
    page.reload()
    page.wait_for_selector("#loading")
    assert page.evaluate(STATE) == "loading"
    assert page.locator('#game [data-screen="setup"]').count() == 0
    release(page, held)
    assert wait_ready(page) == "true"
    assert page.evaluate(STATE) == "ready"


def test_a_failure_replaces_the_poster_with_its_cause(page, site):
    page.route("**/pyodide/mageduel-*.whl", lambda route: route.fulfill(status=404, body="missing"))
    page.goto(f"{site}/?lang=en")
    assert wait_ready(page) == "error"
    assert page.evaluate(STATE) == "error"
    assert page.locator("#error").is_visible()
    assert page.locator("#error-details").text_content().strip()
    assert page.locator('#game [data-screen="setup"]').count() == 0
