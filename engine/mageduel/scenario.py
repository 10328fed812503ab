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

from . import roster
from .bounds import MAX_FEET, MAX_NAME
from .character import AbilityName, Character
from .conditions import RULES
from .rule_error import RuleError
from .spells import catalogue
from .start_effects import default_caster_level, lasting_nodes, rounds_of
from .terms import Terms
from .zone import SizeBounds, entrants_bounds

Kind = Literal["duel", "mageduel"]
ParticipantId = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=20)]
#: A coordinate in feet: finite, and within MD-5's largest zone (``bounds.MAX_FEET``).
Feet = Annotated[float, Field(ge=-MAX_FEET, le=MAX_FEET, allow_inf_nan=False)]
#: A zone's side in feet (MD-5): at least 4 (two 1st-level casters), at most ``bounds.MAX_FEET``.
Side = Annotated[float, Field(ge=4, le=MAX_FEET, allow_inf_nan=False)]


class SpellOn(BaseModel):
    """A spell already on a participant when the duel starts, as if cast on them before: its lasting
    conditions and modifiers (what a failed save leaves), for ``rounds`` (its own duration if not given)."""

    model_config = ConfigDict(extra="forbid")
    spell: str
    #: Who cast it: a participant's id (a foe's spell may then be dispelled from an ally, DU-10), or None
    #: for someone before the duel.
    caster: ParticipantId | None = None
    #: The caster level it was cast at: the caster's own, or the lowest that casts it.
    caster_level: int | None = Field(default=None, ge=1, le=20)
    rounds: int | None = Field(default=None, ge=1, le=600)

    @model_validator(mode="after")
    def _lasts(self) -> SpellOn:
        try:
            sp = catalogue.get(self.spell)
        except KeyError:
            raise RuleError(
                "spell_on.unknown", f"spell: unknown spell {self.spell!r}", spell=self.spell
            ) from None
        nodes = lasting_nodes(sp)
        if not nodes:
            raise RuleError(
                "spell_on.not_lasting",
                f"spell: {self.spell} leaves no condition or modifier that lasts",
                spell=self.spell,
            )
        if self.rounds is None:
            cl = self.caster_level or default_caster_level(sp)
            for n in nodes:
                why = rounds_of(sp, n, cl)
                if isinstance(why, str):
                    # rounds_of's reason is one of two: the duration is rolled, or the spell is instantaneous.
                    said = f"rounds: {why}; say how many rounds are left"
                    if "rolled" in why:
                        raise RuleError("spell_on.rolled", said, spell=sp.id)
                    raise RuleError("spell_on.instantaneous", said, spell=sp.id)
        return self


def _known_roster(v: str | None) -> str | None:
    """A premade's id, checked against the roster (a participant's or a bystander's ``roster``)."""
    if v is None:
        return v
    try:
        roster.get(v)
    except KeyError as exc:
        raise RuleError("roster.unknown", str(exc.args[0]), character=v, known=roster.ids()) from None
    return v


def _one_source(premade: str | None, sheet: Character | None) -> None:
    if (premade is None) == (sheet is None):
        raise RuleError(
            "participant.one_source", "give exactly one of 'roster' (a premade id) or 'character' (a sheet)"
        )


def _resolve(premade: str | None, sheet: Character | None) -> Character:
    return sheet if sheet is not None else roster.get(premade)  # type: ignore[arg-type]


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
    #: Spells already on the participant (their conditions and modifiers), as if cast before the duel.
    spells_on: list[SpellOn] = Field(default=[], max_length=20)
    #: Ability damage and drain taken before the duel (MD-15: a mageduel gives back only what it took).
    ability_damage: dict[AbilityName, Annotated[int, Field(ge=1, le=50)]] = {}
    ability_drain: dict[AbilityName, Annotated[int, Field(ge=1, le=50)]] = {}

    @field_validator("conditions")
    @classmethod
    def _known_conditions(cls, v: tuple[str, ...]) -> tuple[str, ...]:
        for name in v:
            if name not in RULES:
                raise RuleError(
                    "condition.unknown",
                    f"unknown condition {name!r}; known: {', '.join(sorted(RULES))}",
                    condition=name,
                    known=sorted(RULES),
                )
        return v

    @field_validator("roster")
    @classmethod
    def _known(cls, v: str | None) -> str | None:
        return _known_roster(v)

    @model_validator(mode="after")
    def _one_source(self) -> Participant:
        _one_source(self.roster, self.character)
        return self

    def resolve(self) -> Character:
        return _resolve(self.roster, self.character)


class Bystander(BaseModel):
    """Someone at ``position`` who is not in the duel (an outsider): never anyone's target, and never caught
    by an area that leaves the opponents out (DU-10); in a mageduel, spells cast inside never reach them
    outside the zone (MD-10), and an event may bring them in (MD-19: ``events[].who`` their id)."""

    model_config = ConfigDict(extra="forbid")
    id: ParticipantId
    #: How the log calls them ("a page"); the sheet's name if not given.
    name: Annotated[str, Field(min_length=1, max_length=40)] | None = None
    roster: str | None = None
    character: Character | None = None
    position: tuple[Feet, Feet] | tuple[Feet, Feet, Feet]

    @field_validator("roster")
    @classmethod
    def _known(cls, v: str | None) -> str | None:
        return _known_roster(v)

    @field_validator("position")
    @classmethod
    def _finite(cls, v: tuple[float, ...]) -> tuple[float, ...]:
        import math

        if not all(math.isfinite(x) and abs(x) <= 10_000 for x in v):
            raise RuleError(
                "position.bounds", "a position is finite feet, within 10,000 of the origin", limit=10_000
            )
        return v

    @model_validator(mode="after")
    def _one_source(self) -> Bystander:
        _one_source(self.roster, self.character)
        return self

    def resolve(self) -> Character:
        return _resolve(self.roster, self.character)


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
    #: Outsiders placed around (MD-10, MD-19, DU-10): not participants.
    bystanders: list[Bystander] = Field(default=[], max_length=8)

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
            raise RuleError(
                "scenario.terms_kind",
                f"terms.kind: {self.terms.kind!r} contradicts the scenario kind {self.kind!r}",
                terms_kind=self.terms.kind,
                kind=self.kind,
            )
        ids = [p.id or f"p{i + 1}" for i, p in enumerate(self.participants)]
        ids_all = ids + [b.id for b in self.bystanders]
        dupes = sorted({i for i in ids_all if ids_all.count(i) > 1})
        if dupes:
            raise RuleError(
                "scenario.duplicate_id", f"participants: duplicate id {', '.join(dupes)}", ids=dupes
            )
        for i, p in enumerate(self.participants):
            for j, s in enumerate(p.spells_on):
                if s.caster is not None and s.caster not in ids:
                    raise RuleError(
                        "scenario.no_caster",
                        f"participants.{i}.spells_on.{j}.caster: no participant {s.caster!r}; "
                        f"participants: {', '.join(ids)}",
                        field=f"participants.{i}.spells_on.{j}.caster",
                        caster=s.caster,
                        ids=ids,
                    )
        sides = {p.side or f"side{i + 1}" for i, p in enumerate(self.participants)}
        if len(sides) < 2:
            raise RuleError(
                "scenario.one_side", "participants: everyone is on the same side; a duel needs two sides"
            )
        return self

    def zone_bounds(self) -> SizeBounds | None:
        """MD-5: the bounds of the zone these participants' caster levels allow (``None`` in a plain
        duel, which has no zone) — what the setup screen shows before the duel exists.

        >>> duel_scenario("ilse", "kael").zone_bounds()
        SizeBounds(minimum=20, maximum=125, maximum_raised=False)
        >>> duel_scenario("ilse", "kael", "duel").zone_bounds() is None
        True
        """
        if self.kind != "mageduel":
            return None
        return entrants_bounds([p.resolve().caster_level for p in self.participants])


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
