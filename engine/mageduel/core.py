"""The duel's core value types, which hold no rule: a legal choice (:class:`Option`), how a duel ended
(:class:`Outcome`), who is out of the fight (:data:`OUT_STATUSES`), and a d20 roll to be made
(:class:`Check`) with the chance it succeeds (:func:`chance`).

A rule states a roll as a :class:`Check` (what is added to the d20, against what, under which clauses); the
kernel rolls it (``Duel.roll``) and the view shows :func:`chance` of the very same value, so a formula is
written once and the odds a player is shown are the odds the dice are thrown at.

It imports no other engine module, so a rule module may import it at its top. ``state`` re-exports every
name (``from mageduel.state import Option`` goes on working); the page reads them from ``mageduel``.

>>> Option("cast magic_missile @p2", "cast", {"spell": "magic_missile", "targets": ["p2"]}).kind
'cast'
>>> Outcome("defeat", winners=["p1"], losers=["p2"], clauses=("MD-21",)).to_dict()["clauses"]
['MD-21']
>>> save = Check((("Will", 3),), 15, kind="save", clauses=("C-5",), code="save")
>>> save.bonus, chance(save)
(3, 0.45)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
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


#: The kinds of :class:`Check`: a plain check (C-1: natural 1 and 20 mean nothing special), a saving
#: throw (C-5) and an attack roll (C-4), both of which succeed on a natural 20 and fail on a natural 1.
CHECK_KINDS = ("check", "save", "attack")


@dataclass(frozen=True, slots=True)
class Check:
    """A d20 roll a rule asks for (C-1): the d20 plus its named ``modifiers`` against ``dc`` (a DC, an AC,
    a CMD, or an opposed total; None: no target, as initiative). ``kind`` is ``"check"``, ``"save"`` or
    ``"attack"`` (natural 20 and 1 count for the last two). ``clauses`` are the rule clauses it applies,
    ``code`` its purpose code (an ``events.RollPurpose`` value), ``against`` what the roll event names its
    target (``DC``, ``touch AC``, ``CMD``…) and ``target_parts`` the named parts ``dc`` is the sum of (an
    AC's, C-4), when it has them.

    >>> Check((("caster level", 5), ("same spell", 10)), 16, clauses=("DU-14", "C-7")).bonus
    15
    """

    modifiers: tuple[tuple[str, int], ...]
    dc: int | None
    kind: str = "check"
    clauses: tuple[str, ...] = ()
    code: str = ""
    against: str = "DC"
    target_parts: tuple[tuple[str, int], ...] | None = None

    @property
    def bonus(self) -> int:
        """What is added to the d20: the sum of the named modifiers."""
        return sum(v for _, v in self.modifiers)

    @property
    def natural_rules(self) -> bool:
        """C-4 / C-5: an attack roll or a save always succeeds on a natural 20 and fails on a natural 1."""
        return self.kind in ("save", "attack")

    def succeeds(self, natural: int) -> bool:
        """Whether the d20's ``natural`` result succeeds (meets or beats the DC, C-1; no DC: always)."""
        if self.dc is None:
            return True
        if self.natural_rules:
            if natural == 20:
                return True
            if natural == 1:
                return False
        return natural + self.bonus >= self.dc

    def with_modifiers(self, *more: tuple[str, int]) -> Check:
        """The same check with more named modifiers (a duel dodge's +4, a failed counterspell's -2)."""
        return replace(self, modifiers=self.modifiers + more)


def chance(check: Check) -> float:
    """The chance (0..1) that ``check`` succeeds on a fair d20: the faces ``Check.succeeds`` accepts, out
    of 20 (counted here without rolling each; a property test checks the two agree). What the view shows a
    player and what the kernel rolls are the same value.

    >>> chance(Check((("caster level", 5),), 16))  # 11 or more on the d20
    0.5
    >>> sure = Check((("attack", 30),), 12, kind="attack")
    >>> hopeless = Check((("attack", -30),), 12, kind="attack")
    >>> chance(sure), chance(hopeless)  # C-4: a natural 1 misses, a natural 20 hits
    (0.95, 0.05)
    >>> chance(Check((("Str", 30),), 12)), chance(Check((("Str", -30),), 12))
    (1.0, 0.0)
    """
    if check.dc is None:
        return 1.0
    faces = 21 - (check.dc - check.bonus)  # the naturals from the one needed up to 20
    lo, hi = (1, 19) if check.natural_rules else (0, 20)  # C-4 / C-5: a natural 20 succeeds, a 1 fails
    return max(lo, min(hi, faces)) / 20
