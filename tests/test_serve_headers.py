"""Issue 11, finding 8: ``build.py serve`` sends what an opaque-origin (sandboxed) frame needs, so the page
starts inside any host's ``<iframe sandbox="allow-scripts">`` (tests/browser/test_game_save.py plays there;
tests/browser/test_reliability.py shows what the page says when a host does not send it)."""

from __future__ import annotations

import sys
import urllib.request

import pytest

import build

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="a server and sockets")


def test_finding8_serve_allows_any_origin_on_every_file(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><title>x</title>")
    (tmp_path / "boot.js").write_text("export {};")
    (tmp_path / "engine.wasm").write_bytes(b"\0asm")
    server = build.serve_in_thread(tmp_path)
    try:
        for name, mime in (("index.html", "text/html"), ("boot.js", "javascript"), ("engine.wasm", "wasm")):
            url = f"http://127.0.0.1:{server.server_address[1]}/{name}"
            request = urllib.request.Request(url, headers={"Origin": "null"})
            with urllib.request.urlopen(request, timeout=30) as response:
                assert response.headers["Access-Control-Allow-Origin"] == "*"
                assert response.headers["Cross-Origin-Resource-Policy"] == "cross-origin"
                assert mime in response.headers["Content-Type"]
    finally:
        server.shutdown()


def test_finding8_a_subclass_that_sends_the_header_itself_does_not_get_it_twice(tmp_path):
    import functools
    import threading

    class CrossOrigin(build.SiteHandler):
        def end_headers(self) -> None:
            self.send_header("Access-Control-Allow-Origin", "*")
            super().end_headers()

    (tmp_path / "index.html").write_text("<!doctype html><title>x</title>")
    server = build.Server(("127.0.0.1", 0), functools.partial(CrossOrigin, directory=str(tmp_path)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with urllib.request.urlopen(
            f"http://127.0.0.1:{server.server_address[1]}/index.html", timeout=30
        ) as r:
            assert r.headers.get_all("Access-Control-Allow-Origin") == ["*"]
    finally:
        server.shutdown()
