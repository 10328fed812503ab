"""Shared test set-up: the repository root is importable, so tests can reach `web` and `build`.

The engine itself is imported as installed (the editable install in CPython, the built wheel in Pyodide).
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
