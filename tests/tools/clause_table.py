"""Print the table clause -> tests (``python3 build.py rules`` runs this).

Usage: PYTHONPATH=engine python3 tests/tools/clause_table.py [--missing]
Exit status 1 when some clause has no test.
"""

from __future__ import annotations

import sys
from pathlib import Path

from mageduel import clauses

TESTS = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(TESTS.parent))  # the repository root, for the tests' own helpers

from tests.rules.rules_kit import collect_test_names  # noqa: E402


def main(argv: list[str]) -> int:
    found = collect_test_names(TESTS)
    where = {}
    for name, file in found:
        where.setdefault(name, []).append(file)
    table = clauses.covering(where)
    only_missing = "--missing" in argv
    covered = 0
    for clause in clauses.all():
        tests = table[clause.id]
        covered += bool(tests)
        if only_missing and tests:
            continue
        print(f"{clause.id:<6} {clause.title.en}")
        for name in tests:
            for file in where[name]:
                print(f"         {file}::{name}")
        if not tests:
            print("         (no test)")
    total = len(table)
    print(f"\n{covered}/{total} clauses covered")
    return 0 if covered == total else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
