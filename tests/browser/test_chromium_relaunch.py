"""The browser tests' own safety net (conftest.py): after a renderer crash, the rerun gets a browser launched
afresh, not the one that crashed; any other failure leaves the browser as it is."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tests.browser import conftest

pytestmark = pytest.mark.browser


def _call(message: str) -> SimpleNamespace:
    return SimpleNamespace(excinfo=SimpleNamespace(value=Exception(message)))


def test_a_renderer_crash_gets_the_next_test_a_new_browser_and_other_failures_do_not(chromium):
    first = chromium.get()
    assert chromium.get() is first  # one browser for the worker's tests
    conftest.pytest_runtest_makereport(None, _call("AssertionError: the board is not drawn"))
    assert chromium.get() is first
    conftest.pytest_runtest_makereport(None, _call("Page.wait_for_function: Target crashed"))
    second = chromium.get()
    assert second is not first and second.is_connected() and not first.is_connected()
    page = second.new_page()
    page.set_content("<p>alive</p>")
    assert page.text_content("p") == "alive"
    page.close()
    assert chromium.get() is second
