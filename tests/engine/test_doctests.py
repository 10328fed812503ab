"""Every example in the engine's docstrings runs (in CPython and in Pyodide), so none goes stale."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import mageduel
import pytest

MODULES = sorted(
    m.name for m in pkgutil.walk_packages(mageduel.__path__, "mageduel.") if m.name != "mageduel.__main__"
)


@pytest.mark.parametrize("name", MODULES)
def test_engine_docstring_examples_run(name):
    assert doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS).failed == 0


def test_the_engine_has_examples():
    assert sum(doctest.testmod(importlib.import_module(n)).attempted for n in MODULES) >= 30
