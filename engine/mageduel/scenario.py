"""A scenario: who duels whom, under which terms and options, and what happens from outside.

The boundary model of ``python -m mageduel play`` and of replays. Bad input is refused by pydantic with the
path of the bad field (``participants.1.roster: unknown character 'bob'``).

>>> s = default_scenario()
>>> s.kind, [p.roster for p in s.participants]
('mageduel', ['ilse', 'kael'])
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .bounds import MAX_FEET, MAX_NAME
from .character import Character
from .terms import Terms

Kind = Literal["duel", "mageduel"]
ParticipantId = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=20)]
#: A coordinate in feet: finite, and within MD-5's largest zone (``bounds.MAX_FEET``).
Feet = Annotated[float, Field(ge=-MAX_FEET, le=MAX_FEET, allow_inf_nan=False)]
#: A zone's side in feet (MD-5): at least 4 (two 1st-level casters), at most ``bounds.MAX_FEET``.
Side = Annotated[float, Field(ge=4, le=MAX_FEET, allow_inf_nan=False)]


class Participant(BaseModel):
    """One participant: a premade character (``roster``) or a full sheet (``character``), never both."""

    model_config = ConfigDict(extra="forbid")
    id: ParticipantId | None = None
    roster: str | None = Field(default=None, max_length=60)
    character: Character | None = None
    side: Annotated[str, Field(min_length=1, max_length=20)] | None = None
    position: tuple[Feet, Feet] | tuple[Feet, Feet, Feet] | None = None
    #: Conditions the participant arrives with (C-11 names), as if from before the duel: a participant
    #: who comes charmed cannot acclimate to the rite (MD-3).
    conditions: tuple[str, ...] = Field(default=(), max_length=20)

    @field_validator("conditions")
    @classmethod
    def _known_conditions(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        from .conditions import RULES

        for name in v:
            if name not in RULES:
                raise ValueError(f"unknown condition {name!r}; known: {', '.join(sorted(RULES))}")
        return v

    @field_validator("roster")
    @classmethod
    def _known(cls, v: str | None) -> str | None:
        if v is None:
            return v
        from . import roster

        try:
            roster.get(v)
        except KeyError as exc:
            raise ValueError(str(exc.args[0])) from None
        return v

    @model_validator(mode="after")
    def _one_source(self) -> Participant:
        if (self.roster is None) == (self.character is None):
            raise ValueError("give exactly one of 'roster' (a premade id) or 'character' (a sheet)")
        return self

    def resolve(self) -> Character:
        from . import roster

        return self.character if self.character is not None else roster.get(self.roster)  # type: ignore[arg-type]


class Options(BaseModel):
    """Play options that are not part of the duel's terms."""

    model_config = ConfigDict(extra="forbid")
    #: DU-8 face-off instead of initiative (the terms may also ask for it).
    face_off: bool = False
    #: Rounds before the duel stops as a tie (MD-24: one hour = 600 rounds).
    max_rounds: int = Field(default=600, ge=1, le=600)
    #: A zone already agreed (MD-4); None lets the rite settle it.
    zone_width: Side | None = None
    zone_height: Side | None = None
    #: Whether "ready counterspell" (C-12) is offered as a turn action.
    allow_ready: bool = True


class OutsideEvent(BaseModel):
    """Something from outside the duel at the start of round ``round`` (MD-19), or an animal found inside
    the zone from that round on (MD-6: its Will save each round, with bonus ``will``)."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["bystander", "outside_attack", "animal"]
    round: int = Field(ge=1, le=600)
    who: str | None = Field(default=None, max_length=MAX_NAME)
    will: int = Field(default=0, ge=-20, le=100)


class Scenario(BaseModel):
    model_config = ConfigDict(extra="forbid")
    version: Literal[1] = 1
    name: str | None = Field(default=None, max_length=200)  # a title: "Ilse and Odile against …"
    kind: Kind = "mageduel"
    participants: list[Participant] = Field(min_length=2, max_length=4)
    terms: Terms | None = None
    options: Options = Options()
    events: list[OutsideEvent] = Field(default=[], max_length=100)

    @model_validator(mode="before")
    @classmethod
    def _terms_inherit_kind(cls, data: object) -> object:
        # terms written without a kind are the scenario's kind (so {"kind": "duel", "terms": {"end":
        # "first_blood"}} is a duel to first blood, not a mageduel refusing first blood).
        if isinstance(data, dict) and isinstance(data.get("terms"), dict) and "kind" not in data["terms"]:
            data = {**data, "terms": {**data["terms"], "kind": data.get("kind", "mageduel")}}
        return data

    @model_validator(mode="after")
    def _consistent(self) -> Scenario:
        if self.terms is None:
            self.terms = Terms(kind=self.kind)
        elif self.terms.kind != self.kind:
            raise ValueError(f"terms.kind: {self.terms.kind!r} contradicts the scenario kind {self.kind!r}")
        ids = [p.id or f"p{i + 1}" for i, p in enumerate(self.participants)]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"participants: duplicate id {', '.join(dupes)}")
        sides = {p.side or f"side{i + 1}" for i, p in enumerate(self.participants)}
        if len(sides) < 2:
            raise ValueError("participants: everyone is on the same side; a duel needs two sides")
        return self


def default_scenario() -> Scenario:
    """A mageduel between the roster's level-5 wizard (Ilse) and level-5 sorcerer (Kael)."""
    return Scenario(
        name="Ilse against Kael",
        kind="mageduel",
        participants=[Participant(id="p1", roster="ilse"), Participant(id="p2", roster="kael")],
    )


def duel_scenario(a: str, b: str, kind: Kind = "mageduel") -> Scenario:
    """Two premade characters, one against one."""
    return Scenario(kind=kind, participants=[Participant(id="p1", roster=a), Participant(id="p2", roster=b)])
