"""Built-in scenarios (showcases): whole duels, kept as engine data, that show rules at work.

The wiki widget (``embed.html?scenario=<id>``) opens one at its start and lets a reader step through it or
play on from any step. Each is a replay (scenario, dice, decisions) with a title, a one-line caption in both
languages and the clauses it shows (``data/showcases.json``, written by ``tests/tools/make_showcases.py``).

>>> from mageduel import showcases
>>> showcases.ids()[0], showcases.get("counterspell").clauses[0]
('counterspell', 'DU-12')
>>> len(showcases.get("counterspell").replay.decisions)
7
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .replay import Replay

ShowcaseId = Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]*$", max_length=32)]
ClauseId = Annotated[str, Field(pattern=r"^(DU|MD|X|C)-\d+$")]


class Text(BaseModel):
    """A short text in both languages of the interface."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    en: str = Field(min_length=1, max_length=200)
    fr: str = Field(min_length=1, max_length=200)


class Showcase(BaseModel):
    """One built-in scenario: a whole duel to watch or to take over."""

    model_config = ConfigDict(extra="forbid")
    id: ShowcaseId
    title: Text
    #: One line under the arena: what the duel shows.
    caption: Text
    #: The rule clauses the duel shows (RULES.md ids).
    clauses: list[ClauseId] = Field(min_length=1)
    replay: Replay


class Showcases(BaseModel):
    """The showcases file: unique ids, the widget's default first."""

    model_config = ConfigDict(extra="forbid")
    version: int = 1
    showcases: list[Showcase] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique_ids(self) -> Showcases:
        ids = [s.id for s in self.showcases]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"duplicate showcase ids: {', '.join(dupes)}")
        return self


@cache
def _file() -> Showcases:
    text = resources.files("mageduel").joinpath("data").joinpath("showcases.json").read_text(encoding="utf-8")
    return Showcases.model_validate_json(text)


def all() -> list[Showcase]:  # noqa: A001 - the same public name as roster.all
    """Every showcase, in file order (the widget's default first)."""
    return list(_file().showcases)


def ids() -> list[str]:
    return [s.id for s in _file().showcases]


def get(showcase_id: str) -> Showcase:
    """The showcase with this id; an unknown id is a ``KeyError`` listing the known ones."""
    for s in _file().showcases:
        if s.id == showcase_id:
            return s
    raise KeyError(f"unknown showcase '{showcase_id}'; known: {', '.join(ids())}")
