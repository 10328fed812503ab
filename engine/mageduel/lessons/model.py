"""The lessons file (``data/lessons.json``): stages of levels, each a small scripted duel to play.

A level is data only, never code: a scenario (the engine's own model), the dice it rolls (by what each roll
is for), the opponents' scripted replies, the learner's steps (each with the options offered, narrowed to
what matters, the right answer, named wrong moves with a sentence saying why, a hint), a goal made of
named checks from :mod:`.goals`, a par in decisions for the stars, the clauses it teaches, and its words in
French and English (at most about 25 a step).
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ..clauses import Text
from ..scenario import Scenario

Slug = Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]*$", max_length=40)]
_CLAUSE = re.compile(r"^(X|DU|MD|C)-[1-9][0-9]*$")

#: A step's text is short: about 25 words at most, in either language (a little slack for French).
MAX_WORDS = 30


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ShortText(Text):
    """A step's sentence, in both languages, of at most about 25 words."""

    @model_validator(mode="after")
    def _short(self) -> ShortText:
        for lang in ("fr", "en"):
            words = len(getattr(self, lang).split())
            if words > MAX_WORDS:
                raise ValueError(f"{lang}: {words} words; a lesson step says it in at most {MAX_WORDS}")
        return self


class DiceRule(_M):
    """One scripted roll: the first roll not yet scripted whose purpose contains ``purpose`` shows ``roll``
    (the natural of a d20, the total of damage dice). Rolls that no rule names take the level's defaults."""

    purpose: str = Field(min_length=1, max_length=60)
    roll: int = Field(ge=1, le=200)


class Reply(_M):
    """A scripted decision of someone other than the learner: used the first time ``player`` is asked
    something that ``option`` answers (in order; a reply waits until it is legal)."""

    player: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    option: str = Field(min_length=1)


class Wrong(_M):
    """A named wrong move at a step, and why it is wrong (the page shows ``why`` and undoes the move;
    ``lessons --check`` plays it and checks the goal then fails).

    ``refused``: a move the rules forbid outright (an area that catches only an onlooker, DU-10; magic
    aimed at the zone, MD-18). The engine refuses it, with a sentence citing this clause: ``lessons
    --check`` asks the engine and checks that it does, and counts the clause as shown by the level."""

    option: str = Field(min_length=1)
    why: ShortText
    refused: str | None = None

    @field_validator("refused")
    @classmethod
    def _clause(cls, v: str | None) -> str | None:
        if v is not None and not _CLAUSE.match(v):
            raise ValueError(f"{v!r} is not a clause id (X-1, DU-12, MD-3, C-7)")
        return v


class Step(_M):
    """One decision of the learner in the solution."""

    say: ShortText
    answer: str = Field(min_length=1)
    hint: ShortText
    wrong: list[Wrong] = Field(default=[], max_length=4)

    @model_validator(mode="after")
    def _distinct(self) -> Step:
        ids = [self.answer, *[w.option for w in self.wrong]]
        if len(set(ids)) != len(ids):
            raise ValueError("the answer and the wrong moves must be different options")
        return self

    @property
    def offered(self) -> list[str]:
        """The options the learner sees, in a fixed order that does not give the answer away."""
        return sorted([self.answer, *[w.option for w in self.wrong]])


GoalName = Literal[
    "event",
    "no_event",
    "outcome",
    "countered",
    "status",
    "condition",
]


class Goal(_M):
    """A named check (see :mod:`.goals` for each name's meaning and arguments)."""

    check: GoalName
    kind: str | None = None
    clause: str | None = None
    actor: str | None = None
    who: str | None = None
    spell: str | None = None
    reason: str | None = None
    winner: str | None = None
    tie: bool | None = None
    status: str | None = None
    condition: str | None = None
    data: dict[str, Any] = {}

    @field_validator("clause")
    @classmethod
    def _clause(cls, v: str | None) -> str | None:
        if v is not None and not _CLAUSE.match(v):
            raise ValueError(f"{v!r} is not a clause id (X-1, DU-12, MD-3, C-7)")
        return v


class Level(_M):
    id: Slug
    title: Text
    intro: ShortText
    scenario: Scenario
    #: Who the learner plays.
    learner: str = "p1"
    dice: list[DiceRule] = []
    #: The natural of a d20 that no rule scripts; other dice show their lowest total.
    default_d20: int = Field(default=10, ge=1, le=20)
    replies: list[Reply] = []
    steps: list[Step] = Field(min_length=1, max_length=8)
    #: Every check must hold (all of them) once the level is played.
    goal: list[Goal] = Field(min_length=1)
    goal_text: ShortText
    success: ShortText
    #: The level stops once this round is over (or the duel ends, or the goal is met).
    last_round: int = Field(default=3, ge=1, le=600)
    #: Decisions for three stars; par+2 for two; more for one.
    par: int = Field(ge=1)
    teaches: list[str] = Field(min_length=1)

    @field_validator("teaches")
    @classmethod
    def _clauses(cls, v: list[str]) -> list[str]:
        for cid in v:
            if not _CLAUSE.match(cid):
                raise ValueError(f"{cid!r} is not a clause id (X-1, DU-12, MD-3, C-7)")
        return v

    @model_validator(mode="after")
    def _par(self) -> Level:
        if self.par < len(self.steps):
            raise ValueError(f"par {self.par} is below the {len(self.steps)} steps of the solution")
        ids = [p.id or f"p{i + 1}" for i, p in enumerate(self.scenario.participants)]
        if self.learner not in ids:
            raise ValueError(f"learner: no participant {self.learner!r} (participants: {', '.join(ids)})")
        return self


class Stage(_M):
    id: Slug
    title: Text
    intro: ShortText
    levels: list[Level] = Field(min_length=1, max_length=12)


class LessonBook(_M):
    """The file ``data/lessons.json``."""

    version: Literal[1] = 1
    stages: list[Stage] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique(self) -> LessonBook:
        seen: set[str] = set()
        for s in self.stages:
            if s.id in seen:
                raise ValueError(f"stages: duplicate id {s.id!r}")
            seen.add(s.id)
            lids = [lv.id for lv in s.levels]
            dupes = sorted({i for i in lids if lids.count(i) > 1})
            if dupes:
                raise ValueError(f"stage {s.id}: duplicate level id {', '.join(dupes)}")
        return self
