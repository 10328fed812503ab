"""Issue 9: the engine's architecture, checked.

- import-linter's contracts (``[tool.importlinter]`` in pyproject.toml) hold: ``web/`` imports the engine
  only through ``mageduel`` itself, the engine never imports ``web/``, the leaves import no other engine
  module, the model imports none of the duel's driver or rules.
- A broken contract fails the check (a throwaway front end that reaches into ``mageduel.state``).
- ``import mageduel`` loads no submodule: the page's boot pays only for what it uses (issue 15).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="runs tools on the host")


def lint_imports(cwd: Path) -> subprocess.CompletedProcess[str]:
    if not LINT_IMPORTS.exists():
        pytest.fail(f"{LINT_IMPORTS} is missing: python3 build.py installs the test extras (import-linter)")
    env = {**os.environ, "PYTHONPATH": str(cwd), "NO_COLOR": "1", "COLUMNS": "200"}
    return subprocess.run(
        # Through this interpreter, not the script's shebang: a copied virtualenv's shebang names another.
        [sys.executable, str(LINT_IMPORTS), "--no-cache"],
        cwd=cwd,
        env=env,
        text=True,
        capture_output=True,
        timeout=300,
    )


def test_import_linter_contracts_hold():
    done = lint_imports(ROOT)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "0 broken" in done.stdout


def test_a_front_end_that_reaches_into_the_engine_breaks_the_contract(tmp_path: Path):
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    web = tmp_path / "web"
    web.mkdir()
    (web / "__init__.py").write_text("")
    (web / "fine.py").write_text("from mageduel import new_duel\n")
    (web / "bad.py").write_text("from mageduel.state import new_duel\n")
    done = lint_imports(tmp_path)
    assert done.returncode == 1, done.stdout
    assert "web.bad -> mageduel.state" in done.stdout
    assert "web.fine" not in done.stdout


def test_importing_the_package_loads_no_submodule():
    code = "import sys, mageduel; print(sorted(m for m in sys.modules if m.startswith('mageduel.')))"
    out = subprocess.run([sys.executable, "-c", code], text=True, capture_output=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_duel_module_loads_the_rule_modules_only_with_the_first_duel():
    """The page's boot imports mageduel.state long before a duel starts (issue 15): the rule modules load
    with the first duel, as when they were found by name."""
    code = (
        "import sys, mageduel, mageduel.state\n"
        "rules = ('rules', 'terms', 'rite', 'duel_actions', 'zone_effects', 'endings')\n"
        "before = [m for m in rules if 'mageduel.' + m in sys.modules]\n"
        "mageduel.new_duel(mageduel.duel_scenario('maelis', 'tobin'), mageduel.Seeded(1))\n"
        "after = [m for m in rules if 'mageduel.' + m in sys.modules]\n"
        "print(before, after)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], text=True, capture_output=True, check=True).stdout
    assert out.strip() == "[] ['rules', 'terms', 'rite', 'duel_actions', 'zone_effects', 'endings']"
