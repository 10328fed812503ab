"""The append-only event log.

Inside the hot loop an event is a slotted dataclass (no validation); :class:`EventModel` is its pydantic
twin for the boundary (saved games, replays, JSON lines of ``python -m mageduel play``). Every event names
the clause IDs it applied, so the interface can say "half damage (MD-16)".

Hidden information (MD-26): an event with an ``audience`` is seen only by those participants; ``None``
means everyone. The public "casting" event never holds the spell; the caster gets a private twin, an
identifier gets a private "identified" event, and the public "spell" event reveals it when it resolves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict


@dataclass(slots=True)
class Event:
    seq: int
    round: int
    kind: str
    actor: str | None
    data: dict[str, Any]
    clauses: tuple[str, ...] = ()
    audience: tuple[str, ...] | None = None

    def visible_to(self, player: str | None) -> bool:
        """Whether ``player`` may see this event (``None`` = an observer who sees only public events)."""
        return self.audience is None or (player is not None and player in self.audience)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "seq": self.seq,
            "round": self.round,
            "kind": self.kind,
            "actor": self.actor,
            "data": self.data,
            "clauses": list(self.clauses),
        }
        if self.audience is not None:
            d["audience"] = list(self.audience)
        return d


class EventModel(BaseModel):
    """One event of the log, as it crosses a boundary."""

    model_config = ConfigDict(extra="forbid")
    seq: int
    round: int
    kind: str
    actor: str | None = None
    data: dict[str, Any] = {}
    clauses: list[str] = []
    audience: list[str] | None = None

    @classmethod
    def from_event(cls, e: Event) -> EventModel:
        return cls.model_validate(e.to_dict())


def roll_data(
    purpose: str,
    die: str,
    natural: int,
    modifiers: list[tuple[str, int]],
    total: int,
    against: str | None,
    target: int | None,
    outcome: str | None,
) -> dict[str, Any]:
    """The data of a ``roll`` event: what it was for, the die, natural, each named modifier, total,
    what it was against (``DC``, ``AC``, ``touch AC``, ``flat-footed AC``, ``opposed``) and the outcome."""
    return {
        "purpose": purpose,
        "die": die,
        "natural": natural,
        "modifiers": [[n, v] for n, v in modifiers],
        "total": total,
        "against": against,
        "target": target,
        "outcome": outcome,
    }
