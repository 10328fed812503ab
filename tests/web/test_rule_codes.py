"""Issue 11: the engine's rule checks raise RuleError with a code, and every code raised has an English
and a French line in the catalogue (``reliab.rule.<code>``)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from web.i18n import catalogue

ENGINE = Path(__file__).resolve().parents[2] / "engine" / "mageduel"
#: The modules whose checks a player reaches through a boundary model (a sheet, a scenario, terms).
RULE_MODULES = ["character.py", "items.py", "scenario.py", "terms.py", "zone.py"]


def raised_codes() -> dict[str, str]:
    """Every ``RuleError("<code>", …)`` built in the engine: code -> module."""
    out: dict[str, str] = {}
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "RuleError"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                out[node.args[0].value] = path.name
    return out


@pytest.mark.parametrize("module", RULE_MODULES)
def test_no_bare_value_error_is_raised_by_a_rule_check(module):
    tree = ast.parse((ENGINE / module).read_text(encoding="utf-8"))
    bare = [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Raise)
        and isinstance(node.exc, ast.Call)
        and isinstance(node.exc.func, ast.Name)
        and node.exc.func.id == "ValueError"
    ]
    assert not bare, f"{module}: raise ValueError( at lines {bare}"
    built = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "RuleError"
    ]
    assert built and all(isinstance(n.args[0], ast.Constant) and n.args[0].value for n in built)


def test_every_code_raised_has_an_english_and_a_french_line():
    codes = raised_codes()
    assert len(codes) >= 70, sorted(codes)
    missing = [
        code
        for code in sorted(codes)
        if code != "terms.several"  # each of its problems is said with its own code
        and not (
            catalogue().get(f"reliab.rule.{code}", {}).get("en")
            and catalogue()[f"reliab.rule.{code}"].get("fr")
        )
    ]
    assert not missing, missing
