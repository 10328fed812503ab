"""Issue 15, bytes: the stdlib's modules the page never imports stay out of the first visit, in a second
archive fetched only by the import that needs one (web/lazy_stdlib.py) — and such an import still works.
That no page ever needs it to start, play, teach or embed is checked after every browser test
(tests/browser/conftest.py)."""

from __future__ import annotations

import pytest

from tests.browser.helpers import wait_ready

pytestmark = pytest.mark.browser
REST = "python_stdlib_rest.zip"


@pytest.mark.stdlib_rest
def test_an_import_of_a_module_left_out_fetches_it_once_and_works(page, site, requests):
    page.goto(f"{site}/?lang=en")
    assert wait_ready(page) == "true"
    # A script the page did not ship, run by PyScript in the page's own interpreter, imports two modules
    # from the second archive (a package and a module of a package that is in the first).
    page.evaluate(
        """() => {
        const s = document.createElement("script");
        s.type = "py";
        s.textContent = [
          "import sys, wave, email.mime.text",
          "from js import document",
          "document.documentElement.dataset.lazy = wave.__file__ + ' ' + email.mime.text.__name__",
        ].join("\\n");
        document.body.append(s);
    }"""
    )
    page.wait_for_function("document.documentElement.dataset.lazy !== undefined", timeout=60_000)
    said = page.evaluate("document.documentElement.dataset.lazy")
    assert said == f"/lib/{REST}/wave.py email.mime.text", said
    assert sum(REST in u for u in requests.urls) == 1
