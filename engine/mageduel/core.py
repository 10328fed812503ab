"""The duel's core value types, which hold no rule: a legal choice (:class:`Option`) and a pending decision
(:class:`Ask`), how a duel ended (:class:`Outcome`, its :class:`Ending`), who is out of the fight
(:data:`OUT_STATUSES`), a spell being cast (:class:`Casting`), damage on its way (:class:`Damage`,
:class:`AbilityDamage`), and a d20 roll to be made (:class:`Check`) with the chance it succeeds
(:func:`chance`) and its result (:class:`CheckResult`).

A rule states a roll as a :class:`Check` (what is added to the d20, against what, under which clauses); the
kernel rolls it (``Duel.roll``) and the view shows :func:`chance` of the very same value, so a formula is
written once and the odds a player is shown are the odds the dice are thrown at.

It imports no other engine module, so a rule module may import it at its top. ``state`` re-exports
every name it held before (``from mageduel.state import Option`` goes on working); the page reads them
from ``mageduel``.

>>> Option("cast magic_missile @p2", "cast", {"spell": "magic_missile", "targets": ["p2"]}).kind
'cast'
>>> Outcome("defeat", winners=["p1"], losers=["p2"], clauses=("MD-21",)).to_dict()["clauses"]
['MD-21']
>>> save = Check((("Will", 3),), 15, kind="save", clauses=("C-5",), code="save")
>>> save.bonus, chance(save)
(3, 0.45)
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field, replace
from enum import StrEnum
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


#: A rule written as a generator: it yields an :class:`Ask`, receives the chosen option id, returns its
#: result (``yield from duel.ask(…)`` nests reaction windows).
Gen = Generator["Ask", str, Any]

#: A player's standing answer to one kind of reaction (``Duel.set_preference``): ask each time, always
#: take the first option that is not ``pass``, never (``pass``).
ASK, ALWAYS, NEVER = "ask", "always", "never"
#: The reaction kinds a preference can be set for.
REACTION_KINDS = ("identify", "counter", "dodge", "parry", "aoo", "effort")


@dataclass(slots=True)
class Option:
    """One legal choice. ``id`` is its stable notation; ``data`` what the rules need to know about it."""

    id: str
    kind: str
    data: dict[str, Any] = field(default_factory=dict)


class Ending(StrEnum):
    """Why a duel ended (``Outcome.reason``), as python-chess's ``Termination``. A ``str`` enum: the
    ``end`` event and a replay's outcome carry its value, the same text as before it was an enum.

    >>> Ending("first-blood") is Ending.FIRST_BLOOD, Ending.TIME == "time"
    (True, True)
    """

    #: DU-5 / MD-21: one side is the last able to fight (or nobody is, a tie).
    DEFEAT = "defeat"
    #: MD-22, MD-21: every rival was slain or left the zone.
    EXPULSION = "expulsion"
    #: DU-5: a duel to the death, every rival dead.
    DEATH = "death"
    #: DU-5's agreed ends: first blood, the first hit, a number of hits.
    FIRST_BLOOD = "first-blood"
    FIRST_HIT = "first-hit"
    HITS = "hits"
    #: The round limit (MD-24's hour in a mageduel).
    TIME = "time"
    #: DU-2: the agreed terms broken.
    BREACH = "breach"
    #: MD-23: a participant disqualified in a one-on-one.
    DISQUALIFICATION = "disqualification"
    #: MD-19: someone from outside (or a disqualified mage, MD-23) interfered.
    INTERFERENCE = "interference"
    #: DU-9: a participant withdrew.
    WITHDRAWAL = "withdrawal"
    #: MD-25: everyone still active declared a draw.
    DRAW = "draw"
    #: DU-1, MD-2: the challenge was refused.
    REFUSED = "refused"
    #: MD-1: the rite cannot start (someone does not qualify).
    UNQUALIFIED = "unqualified"
    #: MD-9: a side did not enter the zone in time.
    EXCLUDED = "excluded"
    #: MD-3: acclimation is impossible.
    COMPULSION = "compulsion"
    #: The rules ran out of things to do (no rule ended it).
    STOPPED = "stopped"


@dataclass(slots=True)
class Outcome:
    """How the duel ended: ``reason`` (an :class:`Ending`; its text is accepted and made one), and
    ``winners`` and ``losers``, combatant ids; a tie has no winner."""

    reason: Ending
    winners: list[str] = field(default_factory=list)
    losers: list[str] = field(default_factory=list)
    tie: bool = False
    clauses: tuple[str, ...] = ()
    text: str = ""
    #: DU-9: the results of the duels that ended before this one, when those who remained fought on in a
    #: new, separate duel (oldest first).
    earlier: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.reason = Ending(self.reason)

    def to_dict(self) -> dict[str, Any]:
        out = {
            "reason": self.reason.value,
            "winners": self.winners,
            "losers": self.losers,
            "tie": self.tie,
            "clauses": list(self.clauses),
            "text": self.text,
        }
        if self.earlier:
            out["earlier"] = self.earlier
        return out


@dataclass(slots=True)
class Ask:
    """A pending decision: ``player`` must choose one of ``options`` (by id).

    ``parametric`` is an optional check for ids not listed (``move X,Y`` to any reachable point): it returns
    an :class:`Option` or ``None``. ``context`` is what the decider may know (never a hidden spell).
    """

    player: str
    kind: str
    options: list[Option]
    prompt: str = ""
    context: dict[str, Any] = field(default_factory=dict)
    reaction: str | None = None
    parametric: Any = None
    #: Optional: why an id that is not legal is not (a sentence naming the rule), or None.
    explain: Any = None
    #: Whose options these are when that is not ``player``: a summoned creature, decided by its summoner.
    actor: str | None = None
    #: A turn's decision: its action budget as it stands (``budget.Budget``, C-9), for the view.
    budget: Any = None

    def find(self, option_id: str) -> Option | None:
        for o in self.options:
            if o.id == option_id:
                return o
        if self.parametric is not None:
            return self.parametric(option_id)
        return None

    @property
    def option_ids(self) -> list[str]:
        return [o.id for o in self.options]


@dataclass(slots=True)
class Damage:
    """Hit point damage on its way to a target: the rules modules transform it (hooks.transform_damage)."""

    target: str
    amount: int
    lethal: bool = True
    source: str = "spell"  # "spell", "weapon", "summon", "item", "effect"
    attacker: str | None = None
    spell: str | None = None
    dtype: str = "untyped"
    slay: str | None = None  # a SlayNode outcome ("death", "dust", "petrified", "destroyed")
    critical: bool = False
    clauses: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


@dataclass(slots=True)
class AbilityDamage:
    """Ability damage, drain or penalty on its way to a target (hooks.transform_ability)."""

    target: str
    ability: str
    amount: int
    mode: str = "damage"  # "damage", "drain", "penalty", "set"
    source: str = "spell"
    attacker: str | None = None
    spell: str | None = None
    clauses: list[str] = field(default_factory=list)


@dataclass(slots=True)
class CheckResult:
    natural: int
    total: int
    success: bool
    modifiers: list[tuple[str, int]]


@dataclass(slots=True)
class Casting:
    """A spell being cast (the spell is hidden from others until ``known_by`` has them, MD-26)."""

    caster: str
    spell: Any  # spells.model.Spell
    level: int  # the spell's own level (DU-12..DU-14, C-10): a higher slot does not raise it
    targets: list[str]
    point: tuple[float, float, float] | None  # a geometry.Point
    slot: int = 0  # the slot it was cast from (or the level of the prepared spell it used)
    known_by: set[str] = field(default_factory=set)
    revealed: bool = False
    countered: bool = False
    lost: bool = False
    save_penalty: set[str] = field(default_factory=set)  # DU-15: -2 on saves against it
    dodgers: set[str] = field(default_factory=set)  # DU-23
    dodge_resolved: set[str] = field(default_factory=set)  # DU-25: their -2 has begun
    failed_identify: set[str] = field(default_factory=set)  # DU-12
    choice: str | None = None
    struck: set[str] = field(default_factory=set)  # hit by the current missile's attack (meteor swarm)
    #: While an area is resolved: its dice rolled so far, by effect node, so that every creature in it takes
    #: the same roll (each with its own save); None outside an area.
    area_rolls: dict[int, int] | None = None
    pushed: dict[str, float] = field(default_factory=dict)  # feet each creature was pushed by it


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
