"""The engine's assembly (``compose``): the rules a first duel loads can be loaded ahead, one module per step."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "engine"

# In a fresh interpreter: the API as the page's boot imports it, then each step of ``loading`` — which
# engine modules each step brought in, and what ``combat()`` still loaded after all of them.
PROBE = """
import json, sys
import mageduel
from mageduel import Scenario, new_duel, loading
from mageduel.compose import combat
def engine(): return {m for m in sys.modules if m.startswith("mageduel.")}
steps, seen = [], engine()
for name in loading():
    now = engine()
    steps.append([name, sorted(now - seen)])
    seen = now
print(json.dumps(steps))
"""


def _steps() -> list[tuple[str, list[str]]]:
    out = subprocess.run(
        [sys.executable, "-c", PROBE],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(ENGINE)},
    ).stdout
    return [(name, new) for name, new in json.loads(out)]


@pytest.mark.skipif(sys.platform == "emscripten", reason="a fresh interpreter in a subprocess; CPython only")
def test_loading_brings_in_one_module_per_step_and_leaves_the_first_duel_nothing_to_import():
    steps = _steps()
    assert steps[-1] == ("combat", []), "combat() imported what LAYERS does not list"
    for name, new in steps[:-1]:
        # Each step is the module it names alone (its own imports came before it), or nothing when the
        # API's boot already had it.
        assert set(new) <= {f"mageduel.{name}"}, f"{name} also loaded {new}"
    assert any(new for _, new in steps), "the boot already had every rule module: nothing is loaded ahead"


def test_loading_then_a_duel_plays_as_without_it():
    from mageduel import Seeded, duel_scenario, loading, new_duel

    for _ in loading():
        pass
    duel = new_duel(duel_scenario("ilse", "kael", "duel"), Seeded(1))
    assert duel.pending is not None and duel.pending.kind == "turn"
