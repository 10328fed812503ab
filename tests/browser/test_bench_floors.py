"""The bench's two floors (issue 15, goal 2) are what they say: a bare ``loadPyodide()`` page and a bare
PyScript page, both on the site's own vendored files, each reaching ``data-ready`` with nothing fetched from
outside its origin; the PyScript floor announces the progress the bench splits into phases. How long they
take is the bench's business, not asserted here."""

from __future__ import annotations

import pytest

import build
from tests.bench import PHASES, READY_AT, floor_site

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def floors(tmp_path_factory: pytest.TempPathFactory):
    server = build.serve_in_thread(floor_site(tmp_path_factory.mktemp("floors")))
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.mark.parametrize("path", ["/", "/pyscript.html"])
def test_the_bench_floors_boot_from_the_vendored_files_alone(context, page, requests, floors, path):
    context.add_init_script(READY_AT)
    page.goto(floors + path)
    page.wait_for_function("window.__readyAt !== undefined", timeout=120_000)
    assert requests.outside(floors) == []
    assert any("/pyodide/pyodide.asm.wasm" in u for u in requests.urls)
    steps = page.evaluate("Object.keys(window.__steps)")
    if path == "/pyscript.html":
        assert any("/pyscript/core" in u for u in requests.urls)
        announced = {name for _, start, end in PHASES for name in (start, end) if name}
        assert announced <= set(steps), f"PyScript did not announce {announced - set(steps)}"
    else:
        assert steps == [] and not any("/pyscript/" in u for u in requests.urls)
