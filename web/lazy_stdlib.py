"""The standard library the page never imports, fetched on the first import that needs it (issue 15).

``build.py`` splits Pyodide's stdlib in two: what the page imports on its way to ready and in a duel
(compiled, in ``python_stdlib.zip``, fetched at boot) and the sources of every other module (in
``python_stdlib_rest.zip``, beside it, left out of the first visit: about 1.4 MB on the wire from a host
that compresses). This file goes into the first archive as ``sitecustomize.py`` (Python's ``site`` imports
it at start) with :data:`NAMES` filled in: the dotted names of the modules in the second. When an import
misses and its name is one of them, the second archive is fetched once, synchronously (an import cannot
wait), written beside the first and imported from; the service worker keeps it for offline play.

Under Node.js (the Pyodide test runner) there is no ``XMLHttpRequest``: the runner writes the archive to
:data:`REST_ZIP` itself before any test runs.
"""

from __future__ import annotations

import os
import sys
import zipimport
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import Any

#: Where the second archive lives in the page's file system.
REST_ZIP = "/lib/python_stdlib_rest.zip"
#: Its file name beside ``python_stdlib.zip`` on the site.
REST_NAME = "python_stdlib_rest.zip"
#: The dotted names of the modules it holds (build.py writes them in).
NAMES: frozenset[str] = frozenset()


def user_defined_bytes(text: str) -> bytes:
    """The bytes of a response read as text in the ``x-user-defined`` charset, which maps byte ``b`` to
    ``b`` below 0x80 and to U+F700 + ``b`` above: the low byte of each UTF-16 unit is the byte itself.
    (Its codec is in the first archive: web/bytecode_probe.py imports it.)

    >>> user_defined_bytes("PK\\uf7ff\\x00")
    b'PK\\xff\\x00'
    """
    return text.encode("utf-16-le")[::2]


def index_url() -> str | None:
    """The URL of Pyodide's files (where ``python_stdlib.zip`` came from), or None outside a browser."""
    try:
        import pyodide_js  # type: ignore[import-not-found]

        return str(pyodide_js._api.config.indexURL)
    except Exception:  # noqa: BLE001 - any failure means: not in a page, nothing to fetch
        return None


def fetch(url: str) -> bytes | None:
    """``url``'s body by a synchronous request (the only kind an import can wait for), or None."""
    try:
        import js  # type: ignore[import-not-found]

        req = js.XMLHttpRequest.new()
    except Exception:  # noqa: BLE001 - no XMLHttpRequest here (Node.js): nothing to fetch
        return None
    req.open("GET", url, False)
    # A synchronous request cannot ask for an ArrayBuffer; text in this charset keeps every byte.
    req.overrideMimeType("text/plain; charset=x-user-defined")
    try:
        req.send(None)
    except Exception:  # noqa: BLE001 - offline and not cached: the import fails as it would have
        return None
    if req.status != 200:
        return None
    return user_defined_bytes(str(req.responseText))


#: Whether a fetch is under way (what it imports must not fetch again) or has failed (not asked twice).
_state = {"busy": False, "failed": False}


def ensure_rest(path: str = REST_ZIP) -> bool:
    """Whether the second archive is at ``path``, fetching it there the first time."""
    if os.path.exists(path):
        return True
    if _state["busy"] or _state["failed"]:
        return False
    _state["busy"] = True
    try:
        base = index_url()
        data = fetch(base.rstrip("/") + "/" + REST_NAME) if base else None
    finally:
        _state["busy"] = False
    if not data:
        _state["failed"] = True
        return False
    with open(path + ".part", "wb") as f:
        f.write(data)
    os.replace(path + ".part", path)
    return True


class RestFinder:
    """Last on ``sys.meta_path``: asked only once every usual finder has missed."""

    names: frozenset[str] = NAMES
    path: str = REST_ZIP

    @classmethod
    def find_spec(
        cls, fullname: str, path: Any = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname not in cls.names or not ensure_rest(cls.path):
            return None
        parent = fullname.rpartition(".")[0]
        where = cls.path + "/" + (parent.replace(".", "/") + "/" if parent else "")
        try:
            return zipimport.zipimporter(where).find_spec(fullname, target)
        except zipimport.ZipImportError:
            return None

    @classmethod
    def invalidate_caches(cls) -> None:
        return None


def install() -> None:
    """Put :class:`RestFinder` last on ``sys.meta_path`` (once)."""
    if not any(f is RestFinder for f in sys.meta_path):
        sys.meta_path.append(RestFinder)  # type: ignore[arg-type]


if __name__ == "sitecustomize":  # in the page's stdlib archive, as written by build.py
    install()
