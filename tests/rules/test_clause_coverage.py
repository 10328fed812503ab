"""Every clause of the rules digest is in the catalogue and has at least one test named for it.

A test covers a clause when its name starts with ``test_<id>_`` (``test_md17_...`` for MD-17). Test
names are read from the source files with ``ast``, without running them, so this works in Pyodide.
"""

from __future__ import annotations

from pathlib import Path

from mageduel import clauses

from tests.rules.rules_kit import collect_test_names

TESTS = Path(__file__).resolve().parent.parent

# The clause IDs of RULES.md: X-1..X-4, DU-1..DU-31, MD-1..MD-26, C-1..C-13.
EXPECTED = (
    [f"X-{i}" for i in range(1, 5)]
    + [f"DU-{i}" for i in range(1, 32)]
    + [f"MD-{i}" for i in range(1, 27)]
    + [f"C-{i}" for i in range(1, 14)]
)


def test_catalogue_holds_every_clause_of_the_digest():
    assert clauses.ids() == EXPECTED


def test_every_clause_has_a_title_and_statement_in_both_languages():
    for clause in clauses.all():
        for text in (clause.title, clause.statement):
            assert text.fr.strip() and text.en.strip(), clause.id
        # Titles may coincide ("Initiative"), statements are real translations.
        assert clause.statement.fr != clause.statement.en, clause.id


def test_every_clause_has_a_test():
    table = clauses.covering(n for n, _ in collect_test_names(TESTS))
    missing = [cid for cid, tests in table.items() if not tests]
    assert not missing, f"clauses with no test named test_<id>_...: {', '.join(missing)}"


def test_every_rules_clause_has_a_test_in_its_section_file():
    names = collect_test_names(TESTS)
    missing = []
    for clause in clauses.all():
        if clause.section == "C":
            continue
        prefix = clauses.test_prefix(clause.id)
        want = clauses.test_file(clause)
        if not any(n.startswith(prefix) and f == want for n, f in names):
            missing.append(f"{clause.id}: no {prefix}... in tests/{want}")
    assert not missing, "\n".join(missing)


def test_catalogue_lookup_is_forgiving_about_spelling_but_not_about_unknown_ids():
    assert clauses.get("md16").id == "MD-16"
    assert clauses.get("DU-5").title.fr
    try:
        clauses.get("MD-99")
    except KeyError as error:
        assert "MD-99" in str(error)
    else:
        raise AssertionError("MD-99 should not exist")
