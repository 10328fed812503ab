"""Browser tests: Playwright for Python driving the system Chromium against the built site in dist/.

Every page is served from loopback by build.py's own static server; every request is recorded, and a test
fails if any leaves the page's own origin. Screenshots go to test-artifacts/.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

import build

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # /dev/shm is small on many CI machines; a renderer that runs out of it crashes ("Target crashed").
    "--disable-dev-shm-usage",
]

# A renderer crash under load is the machine's, not the page's: such a test runs once more, on a new page.
# Any other failure fails at once.
RENDERER_CRASHES = ["Target crashed", "Page crashed"]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=RENDERER_CRASHES))


def chromium_path() -> str:
    path = os.environ.get("MAGEDUEL_CHROMIUM") or next(
        (c for c in build.CHROMIUM_CANDIDATES if Path(c).exists()), None
    )
    if not path:
        pytest.fail("Chromium is missing: on Debian, apt-get install chromium (or set MAGEDUEL_CHROMIUM)")
    return path


@pytest.fixture(scope="session")
def dist() -> Path:
    if not (build.DIST / "index.html").exists():
        pytest.fail("dist/ is not built: run python3 build.py test")
    return build.DIST


@pytest.fixture(scope="session")
def site(dist: Path) -> Iterator[str]:
    server = build.serve_in_thread(dist)
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="session")
def playwright_instance():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


class Chromium:
    """A worker's browser, launched once and again after a renderer crash. Once a renderer has crashed, the
    same browser can crash every page after it: in one fresh-clone run, eight tests on one worker crashed and
    crashed again on their rerun, in that browser, while the same tests passed alone and in a second run."""

    def __init__(self, playwright: object) -> None:
        self.playwright = playwright
        self.current = None
        self.crashed = False

    def get(self):  # noqa: ANN201 - Playwright's Browser
        if self.current is not None and (self.crashed or not self.current.is_connected()):
            self.close()
        self.crashed = False
        if self.current is None:
            self.current = self.playwright.chromium.launch(
                executable_path=chromium_path(), args=CHROMIUM_ARGS
            )
        return self.current

    def close(self) -> None:
        if self.current is not None:
            try:
                self.current.close()
            except Exception:  # noqa: BLE001 - a browser that died already
                pass
            self.current = None


#: This worker's browser (one per process: pytest-xdist runs a process per core).
CHROMIUM: list[Chromium] = []


def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> None:
    """A renderer crash, in any phase: the next test (the rerun) gets a browser launched afresh."""
    if call.excinfo is not None and CHROMIUM and any(c in str(call.excinfo.value) for c in RENDERER_CRASHES):
        CHROMIUM[0].crashed = True


@pytest.fixture(scope="session")
def chromium(playwright_instance) -> Iterator[Chromium]:
    holder = Chromium(playwright_instance)
    CHROMIUM[:] = [holder]
    yield holder
    holder.close()
    CHROMIUM.clear()


@pytest.fixture
def browser(chromium: Chromium):
    return chromium.get()


@dataclass
class RequestLog:
    """Every URL a page asked for, to prove the site fetches nothing from outside its own origin."""

    urls: list[str] = field(default_factory=list)

    def attach(self, page) -> None:
        page.on("request", lambda request: self.urls.append(request.url))

    def outside(self, *origins: str) -> list[str]:
        allowed = {urlsplit(o)[:2] for o in origins}
        return [
            u
            for u in self.urls
            if urlsplit(u).scheme not in {"data", "blob"} and urlsplit(u)[:2] not in allowed
        ]


@pytest.fixture
def requests() -> RequestLog:
    return RequestLog()


@pytest.fixture(autouse=True)
def stdlib_rest_never_needed(request: pytest.FixtureRequest, requests: RequestLog) -> Iterator[None]:
    """Issue 15: whatever a browser test does on the page (play, a lesson, the widget, a replay, a link), it
    never needs the stdlib's left-out modules (web/lazy_stdlib.py); one that does belongs in
    web/bytecode_probe.py. Only a test marked ``stdlib_rest`` fetches them on purpose."""
    yield
    if request.node.get_closest_marker("stdlib_rest") is None:
        assert not [u for u in requests.urls if "python_stdlib_rest.zip" in u], (
            "the page needed the stdlib's rest"
        )


@pytest.fixture
def context(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    yield context
    context.close()


@pytest.fixture
def page(context, requests):
    page = context.new_page()
    requests.attach(page)
    yield page


@pytest.fixture
def fresh_profile(playwright_instance) -> Iterator:
    """A persistent context on a brand-new profile whose preferences block third-party cookies and storage."""

    def launch(**kwargs):
        directory = tempfile.mkdtemp(prefix="mageduel-profile-")
        created.append(directory)
        default = Path(directory) / "Default"
        default.mkdir()
        (default / "Preferences").write_text(
            json.dumps(
                {
                    "profile": {"cookie_controls_mode": 1, "block_third_party_cookies": True},
                }
            )
        )
        context = playwright_instance.chromium.launch_persistent_context(
            directory,
            executable_path=chromium_path(),
            args=CHROMIUM_ARGS,
            headless=True,
            **kwargs,
        )
        contexts.append(context)
        return context

    created: list[str] = []
    contexts: list = []
    yield launch
    for c in contexts:
        c.close()
    for d in created:
        shutil.rmtree(d, ignore_errors=True)
