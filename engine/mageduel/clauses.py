"""The product's own catalogue of the rule clauses (X-*, DU-*, MD-*, C-*).

Each clause has an ID, a title and a short statement in French and English, written for this game.
Events list the clause IDs they applied; the interface looks them up here to explain a result
("half damage (MD-16)").

>>> get("MD-16").title.en
'Half damage'
>>> test_prefix("MD-16")
'test_md16_'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from importlib import resources
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

Section = Literal["X", "DU", "MD", "C"]
#: The groups follow the rule texts' own headings; each has one test file (see ``test_file``).
Group = Literal[
    "combine",
    "starting",
    "fighting",
    "counterspell",
    "effort",
    "dodge",
    "parry",
    "results",
    "rite",
    "zone",
    "endings",
    "core",
]

_ID = re.compile(r"^(X|DU|MD|C)-([1-9][0-9]*)$")


class Text(BaseModel):
    """One sentence or title in both languages of the game."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    fr: str = Field(min_length=1)
    en: str = Field(min_length=1)


class Clause(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    section: Section
    group: Group
    title: Text
    statement: Text

    @field_validator("id")
    @classmethod
    def _id_shape(cls, value: str) -> str:
        if not _ID.match(value):
            raise ValueError(f"clause id {value!r} is not of the form X-1, DU-12, MD-3 or C-7")
        return value

    @model_validator(mode="after")
    def _section_matches_id(self) -> Clause:
        if self.id.split("-")[0] != self.section:
            raise ValueError(f"clause {self.id} is filed under section {self.section}")
        return self

    @property
    def number(self) -> int:
        return int(self.id.split("-")[1])


class Catalogue(BaseModel):
    """The file ``data/clauses.json``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    clauses: list[Clause]

    @model_validator(mode="after")
    def _unique(self) -> Catalogue:
        seen: set[str] = set()
        for clause in self.clauses:
            if clause.id in seen:
                raise ValueError(f"clause {clause.id} appears twice")
            seen.add(clause.id)
        return self


@cache
def _catalogue() -> tuple[tuple[Clause, ...], dict[str, Clause]]:
    raw = resources.files("mageduel").joinpath("data/clauses.json").read_text(encoding="utf-8")
    catalogue = Catalogue.model_validate_json(raw)
    return tuple(catalogue.clauses), {c.id: c for c in catalogue.clauses}


def normalise(clause_id: str) -> str:
    """``"md16"``, ``"md-16"`` and ``"MD-16"`` all name MD-16.

    >>> normalise("md16")
    'MD-16'
    """
    match = re.match(r"^\s*(x|du|md|c)-?([0-9]+)\s*$", clause_id, re.IGNORECASE)
    if not match:
        raise KeyError(f"{clause_id!r} is not a clause id (expected e.g. MD-16, DU-5, X-3, C-4)")
    return f"{match.group(1).upper()}-{int(match.group(2))}"


def get(clause_id: str) -> Clause:
    """The clause named ``clause_id``; a ``KeyError`` with a clear message if there is none."""
    key = normalise(clause_id)
    try:
        return _catalogue()[1][key]
    except KeyError:
        raise KeyError(f"no clause {key} in the catalogue") from None


def all() -> list[Clause]:  # the public name the brief asks for, shadowing the builtin here only
    """Every clause, in the order of the rules digest."""
    return list(_catalogue()[0])


def ids() -> list[str]:
    return [c.id for c in _catalogue()[0]]


def test_prefix(clause_id: str) -> str:
    """The start of the name of a test that covers the clause: ``test_md16_`` for MD-16."""
    section, number = normalise(clause_id).split("-")
    return f"test_{section.lower()}{number}_"


# pytest would collect ``test_prefix`` as a test if a test module imported it by name.
test_prefix.__test__ = False  # type: ignore[attr-defined]


def test_file(clause: Clause) -> str:
    """The test file, under ``tests/``, where the clause's tests are grouped."""
    if clause.section == "C":
        return "engine/"
    if clause.section == "X":
        return "rules/test_x.py"
    return f"rules/test_{clause.section.lower()}_{clause.group}.py"


test_file.__test__ = False  # type: ignore[attr-defined]


def covering(test_names: Iterable[str]) -> dict[str, list[str]]:
    """For each clause, the test names among ``test_names`` that cover it (by name prefix)."""
    names = sorted(set(test_names))
    table: dict[str, list[str]] = {}
    for clause_id in ids():
        prefix = test_prefix(clause_id)
        table[clause_id] = [n for n in names if n.startswith(prefix)]
    return table
