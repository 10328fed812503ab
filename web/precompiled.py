"""What Python compiles from strings at every start of the page, compiled at build time instead (issue 15).

Two parts of the standard library compile source text while the page imports its modules:
- ``dataclasses`` writes each class's ``__init__``, ``__repr__``, ``__eq__``... as source and compiles it when
  the class is defined: 86 classes (pydantic's and ours) on the way to ready;
- ``annotationlib`` (Python 3.14) compiles every string annotation it evaluates (our modules write
  annotations as strings, and pydantic evaluates the fields' types): 909 compilations of 307 strings.
Under Pyodide in Node.js they cost 120-160 ms and 45-75 ms of the 800 ms the page's imports and first
drawing take.

``build.py``'s bytecode step plays the page's steps (``web/bytecode_probe.py``) with :func:`record` on, in the
page's own Python, and ships what it recorded beside this module as :data:`TABLE_NAME` (marshal: the
runtime's version and ``{(mode, source): code}``). In the page, :func:`install` runs first: from then on, a
source that is exactly one recorded takes its code from the table, and anything else is compiled as before (a
class changed since the build, or a string the probe never met). A table written by another Python is
ignored.

>>> from dataclasses import dataclass
>>> recorded = record()
>>> @dataclass
... class Point:
...     x: int
...     y: int = 0
>>> restore()
>>> install(dump(recorded))
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
import importlib
import marshal
import os
import sys
from collections.abc import Callable
from types import CodeType, ModuleType
from typing import Any

#: The table's file, beside this module in the page's copy of the web wheel (written by build.py).
TABLE_NAME = "precompiled.marshal"
#: How many sources took their code from the table, and how many were compiled (checked by the build's
#: tests: a page that compiles some again has a stale table).
STATS = {"hits": 0, "misses": 0}
#: The name "<string>" exec and compile give source text.
FILENAME = "<string>"

#: A table: (mode, source) -> the code Python compiles from that source in that mode.
Table = dict[tuple[str, str], CodeType]
#: Given what to do with a source (its key and how to compile it), the code to run.
Lookup = Callable[[tuple[str, str], Callable[[], CodeType]], CodeType]


def runtime() -> str:
    """The Python whose code objects a table holds: marshal's format and bytecode change between versions."""
    return sys.version


def _compile(source: str, mode: str) -> CodeType:
    # As the stdlib's own exec(source, ...) and compile(source, "<string>", mode) compile it: dataclasses.py
    # and annotationlib.py have no __future__ import, so there are no flags to inherit.
    return builtins.compile(source, FILENAME, mode, dont_inherit=True)


def exec_with(lookup: Lookup) -> Callable[..., None]:
    """``exec`` for ``dataclasses``, taking a source's code from ``lookup``."""

    def exec_(source: Any, /, *args: Any, **kwargs: Any) -> None:
        if isinstance(source, str):
            source = lookup(("exec", source), lambda: _compile(source, "exec"))
        builtins.exec(source, *args, **kwargs)

    return exec_


def compile_with(lookup: Lookup) -> Callable[..., CodeType]:
    """``compile`` for ``annotationlib``, taking a string annotation's code from ``lookup``; any other call
    (a file name, flags, an AST) is passed on."""

    def compile_(source: Any, filename: Any, mode: str, *args: Any, **kwargs: Any) -> CodeType:
        if isinstance(source, str) and filename == FILENAME and not args and not kwargs:
            return lookup((mode, source), lambda: _compile(source, mode))
        return builtins.compile(source, filename, mode, *args, **kwargs)

    return compile_


#: What is compiled from strings, by module: the builtin it calls and its replacement, given a lookup.
#: annotationlib exists from Python 3.14 (the page's); in older Pythons only dataclasses is taken over.
HOOKS: dict[str, tuple[str, Callable[[Lookup], Callable[..., Any]]]] = {
    "dataclasses": ("exec", exec_with),
    "annotationlib": ("compile", compile_with),
}


def _modules() -> list[tuple[ModuleType, str, Callable[[Lookup], Callable[..., Any]]]]:
    out = []
    for name, (builtin, wrap) in HOOKS.items():
        try:
            out.append((importlib.import_module(name), builtin, wrap))
        except ImportError:
            continue
    return out


def _hook(lookup: Lookup) -> None:
    # A module's global of a builtin's name is found before the builtin itself.
    for module, builtin, wrap in _modules():
        setattr(module, builtin, wrap(lookup))


def record() -> Table:
    """From now on (until :func:`restore`), compile each source once, keep its code in the returned table,
    and run it as before."""
    recorded: Table = {}

    def lookup(key: tuple[str, str], compile_: Callable[[], CodeType]) -> CodeType:
        if key not in recorded:
            recorded[key] = compile_()
        return recorded[key]

    _hook(lookup)
    return recorded


def dump(recorded: Table) -> bytes:
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
    """Take code from the table (``blob``, or the shipped one). Returns whether it does: False without a
    table, or with one from another Python."""
    blob = load() if blob is None else blob
    if not blob:
        return False
    try:
        built_for, table = marshal.loads(blob)
    except (EOFError, ValueError, TypeError):
        return False
    if built_for != runtime() or not isinstance(table, dict):
        return False

    def lookup(key: tuple[str, str], compile_: Callable[[], CodeType]) -> CodeType:
        code = table.get(key)
        STATS["hits" if code is not None else "misses"] += 1
        return code if code is not None else compile_()

    _hook(lookup)
    return True


def restore() -> None:
    """The stdlib compiles its sources itself again."""
    for module, builtin, _ in _modules():
        module.__dict__.pop(builtin, None)
