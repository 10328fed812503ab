"""The duel's core value types, which hold no rule: a legal choice (:class:`Option`), how a duel ended
(:class:`Outcome`), and who is out of the fight (:data:`OUT_STATUSES`).

It imports no other engine module, so a rule module may import it at its top. ``state`` re-exports every
name (``from mageduel.state import Option`` goes on working); the page reads them from ``mageduel``.

>>> Option("cast magic_missile @p2", "cast", {"spell": "magic_missile", "targets": ["p2"]}).kind
'cast'
>>> Outcome("defeat", winners=["p1"], losers=["p2"], clauses=("MD-21",)).to_dict()["clauses"]
['MD-21']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: Combatant statuses that take a participant out of the fight.
OUT_STATUSES = frozenset(
    {
        "dead",
        "slain",
        "unconscious",
        "petrified",
        "expelled",
        "withdrawn",
        "excluded",
        "disqualified",
        "dying",
    }
)


@dataclass(slots=True)
class Option:
    """One legal choice. ``id`` is its stable notation; ``data`` what the rules need to know about it."""

    id: str
    kind: str
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Outcome:
    """How the duel ended: ``winners`` and ``losers`` are combatant ids; a tie has no winner."""

    reason: str
    winners: list[str] = field(default_factory=list)
    losers: list[str] = field(default_factory=list)
    tie: bool = False
    clauses: tuple[str, ...] = ()
    text: str = ""
    #: DU-9: the results of the duels that ended before this one, when those who remained fought on in a
    #: new, separate duel (oldest first).
    earlier: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        out = {
            "reason": self.reason,
            "winners": self.winners,
            "losers": self.losers,
            "tie": self.tie,
            "clauses": list(self.clauses),
            "text": self.text,
        }
        if self.earlier:
            out["earlier"] = self.earlier
        return out
