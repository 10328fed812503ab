"""The methods ``@dataclass`` writes, compiled at build time instead of at every start of the page (issue 15).

For each class, ``dataclasses`` writes ``__init__``, ``__repr__``, ``__eq__``... as Python source and
compiles it when the class is defined: 86 compilations on the page's way to ready (pydantic's classes and
ours), about 120 ms of the 800 ms its imports and first drawing take in Pyodide under Node.js.

``build.py``'s bytecode step plays the page's first steps (``web/bytecode_probe.py``) with :func:`record`
on, in the page's own Python, and ships what it recorded beside this module as :data:`TABLE_NAME` (marshal:
the runtime's version and ``{source: code}``). In the page, :func:`install` runs first: from then on,
``dataclasses`` takes a class's code from the table when its source is exactly one recorded, and compiles it
as before otherwise (a class changed since the build, or never seen by the probe). A table written by
another Python is ignored.

>>> from dataclasses import dataclass
>>> recorded = record()
>>> @dataclass
... class Point:
...     x: int
...     y: int = 0
>>> restore()
>>> blob = dump(recorded)
>>> install(blob)
True
>>> @dataclass
... class Point:
...     x: int
...     y: int = 0
>>> restore()
>>> Point(1), STATS["hits"] >= 1
(Point(x=1, y=0), True)
"""

import builtins
import dataclasses
import marshal
import os
import sys
from types import CodeType
from typing import Any

#: The table's file, beside this module in the page's copy of the web wheel (written by build.py).
TABLE_NAME = "dataclass_code.marshal"
#: How many classes took their code from the table, and how many were compiled (checked by the build's
#: tests: a page that compiles some again has a stale table).
STATS = {"hits": 0, "misses": 0}


def runtime() -> str:
    """The Python whose code objects a table holds: marshal's format and bytecode change between versions."""
    return sys.version


def _compile(source: str) -> CodeType:
    # As dataclasses' own exec(source, ...) compiles it: dataclasses.py has no __future__ import, so there
    # are no flags to inherit, and "<string>" is the name exec gives.
    return compile(source, "<string>", "exec", dont_inherit=True)


def record() -> dict[str, CodeType]:
    """From now on (until :func:`restore`), compile each source ``dataclasses`` runs once, keep its code in
    the returned dict, and run it as before."""
    recorded: dict[str, CodeType] = {}

    def exec_recording(source: Any, /, *args: Any, **kwargs: Any) -> None:
        if isinstance(source, str):
            source = recorded.setdefault(source, _compile(source))
        builtins.exec(source, *args, **kwargs)

    dataclasses.exec = exec_recording  # type: ignore[attr-defined]
    return recorded


def dump(recorded: dict[str, CodeType]) -> bytes:
    """The table's bytes, as :func:`install` reads them."""
    return marshal.dumps((runtime(), dict(sorted(recorded.items()))))


def load(path: str | None = None) -> bytes | None:
    """The table shipped beside this module, or None where there is none (the source tree, CPython)."""
    path = path or os.path.join(os.path.dirname(__file__), TABLE_NAME)
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def install(blob: bytes | None = None) -> bool:
    """Let ``dataclasses`` take its code from the table (``blob``, or the shipped one). Returns whether it
    does: False without a table, or with one from another Python."""
    blob = load() if blob is None else blob
    if not blob:
        return False
    try:
        built_for, table = marshal.loads(blob)
    except (EOFError, ValueError, TypeError):
        return False
    if built_for != runtime() or not isinstance(table, dict):
        return False

    def exec_cached(source: Any, /, *args: Any, **kwargs: Any) -> None:
        if isinstance(source, str):
            code = table.get(source)
            STATS["hits" if code is not None else "misses"] += 1
            source = code if code is not None else _compile(source)
        builtins.exec(source, *args, **kwargs)

    dataclasses.exec = exec_cached  # type: ignore[attr-defined]
    return True


def restore() -> None:
    """``dataclasses`` compiles its sources itself again."""
    dataclasses.__dict__.pop("exec", None)
