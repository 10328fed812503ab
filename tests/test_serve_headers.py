"""Issue 11, finding 8: ``build.py serve`` sends what an opaque-origin (sandboxed) frame needs, so the page
starts inside any host's ``<iframe sandbox="allow-scripts">`` (tests/browser/test_game_save.py plays there;
tests/browser/test_reliability.py shows what the page says when a host does not send it)."""

from __future__ import annotations

import sys
import urllib.error
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


def _reset_mid_file(port: int, name: str) -> None:
    """Asks for ``name`` and resets the connection after its first bytes, as a closed tab does."""
    import socket
    import struct

    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(f"GET /{name} HTTP/1.1\r\nHost: localhost\r\n\r\n".encode())
        assert sock.recv(64).startswith(b"HTTP/1.")
        # Linger 0: close() sends a reset instead of a polite end, while the server is still writing.
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))


def test_serve_is_silent_when_a_visitor_leaves_mid_file_and_still_reports_real_errors(tmp_path, capfd):
    import functools
    import threading
    import time

    (tmp_path / "big.wasm").write_bytes(b"\0" * 8_000_000)  # larger than the sockets' buffers

    class Failing(build.SiteHandler):
        def do_GET(self) -> None:
            if self.path == "/broken":
                raise ValueError("a fault in the server's own code")
            super().do_GET()

    server = build.Server(("127.0.0.1", 0), functools.partial(Failing, directory=str(tmp_path)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    try:
        for _ in range(3):
            _reset_mid_file(port, "big.wasm")
        time.sleep(0.5)  # the handler threads meet the reset
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/big.wasm", timeout=30) as r:
            assert len(r.read()) == 8_000_000  # and the server goes on serving
        assert "Exception occurred" not in capfd.readouterr().err
        # The handler's fault closes the connection with no answer.
        with pytest.raises((ConnectionError, urllib.error.URLError)):
            urllib.request.urlopen(f"http://127.0.0.1:{port}/broken", timeout=30)
        time.sleep(0.2)
        err = capfd.readouterr().err
        assert "Exception occurred" in err and "a fault in the server's own code" in err
    finally:
        server.shutdown()
