"""The examples in web/'s docstrings run, so that they stay true (one went stale unnoticed: the spell effect
line's wording changed and its example did not)."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "web"
WITH_EXAMPLES = sorted(
    ".".join(p.relative_to(WEB.parent).with_suffix("").parts)
    for p in WEB.rglob("*.py")
    if ">>> " in p.read_text(encoding="utf-8")
)


def test_some_web_modules_have_examples():
    assert len(WITH_EXAMPLES) >= 3


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_web_docstring_examples_run(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
