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
