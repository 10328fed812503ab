"""The premade characters (``data/roster.json``), validated once through importlib.resources.

>>> from mageduel import roster
>>> roster.get("ilse").cls, roster.get("ilse").level
('wizard', 5)
>>> "kael" in roster.ids()
True
"""

from __future__ import annotations

from functools import cache
from importlib import resources

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .character import Character


class Roster(BaseModel):
    """The roster file: characters with unique ids."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    version: int = 1
    characters: tuple[Character, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique_ids(self) -> Roster:
        ids = [c.id for c in self.characters]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"duplicate character ids: {', '.join(dupes)}")
        return self


@cache
def _roster() -> Roster:
    text = resources.files("mageduel").joinpath("data").joinpath("roster.json").read_text(encoding="utf-8")
    return Roster.model_validate_json(text)


@cache
def _by_id() -> dict[str, Character]:
    return {c.id: c for c in _roster().characters}


def get(character_id: str) -> Character:
    """The premade character with this id; an unknown id is a ``KeyError`` listing the known ones."""
    try:
        return _by_id()[character_id]
    except KeyError:
        raise KeyError(f"unknown character '{character_id}'; known: {', '.join(ids())}") from None


def all() -> list[Character]:  # noqa: A001 - the public API name the front end uses
    """Every premade character, in file order (by level)."""
    return list(_roster().characters)


def ids() -> list[str]:
    """Every premade character id."""
    return [c.id for c in _roster().characters]
