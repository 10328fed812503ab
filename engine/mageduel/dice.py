"""Dice: our own PRNG and the three dice sources (seeded, scripted, manual).

Why our own PRNG: ``random.Random`` is not promised to give the same sequence across Python versions and
platforms, and a replay must give the same rolls forever, in CPython 3.11 and in Pyodide's 3.14 alike. So the
generator is SplitMix64 (Steele, Lea & Flood, 2014), written in plain integer arithmetic: Python integers are
exact, every step is masked to 64 bits, and nothing depends on floats or the platform.

A die of ``n`` sides is drawn without bias by rejection: 64-bit outputs at or above the largest multiple of
``n`` below 2**64 are thrown away and drawn again, so every face has exactly the same chance.

Dice sources (the engine only asks a source for a natural result):

- :class:`Seeded` — the PRNG above, from a seed.
- :class:`Scripted` — a list of naturals given in advance (tests, tutorial); running out raises
  :class:`DiceExhausted`, which names how many were used.
- :class:`Manual` — a person at a real table rolls; the engine turns every roll into a pending decision
  of kind ``"roll"`` whose options are the faces (``roll 1`` … ``roll 20``) and checks the range.

>>> g = SplitMix64(1)
>>> g.next_u64()
10451216379200822465
>>> Seeded(1).natural(20)
6
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

MASK64 = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15


class DiceError(Exception):
    """Base class of dice-source errors."""


class DiceExhausted(DiceError):
    """A scripted dice source has no result left."""


class DiceRangeError(DiceError):
    """A scripted or manual natural result is outside the die's faces."""


@dataclass(slots=True)
class SplitMix64:
    """SplitMix64: one 64-bit state word, advanced by the golden gamma and mixed by two multiply-xorshifts.

    Passes BigCrush, needs no warm-up, and every seed (including 0) is fine.
    """

    state: int

    def __post_init__(self) -> None:
        self.state &= MASK64

    def next_u64(self) -> int:
        self.state = (self.state + GOLDEN_GAMMA) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, by rejection so that no face is favoured."""
        if n < 1:
            raise ValueError("n must be at least 1")
        limit = ((1 << 64) // n) * n
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def die(self, sides: int) -> int:
        """A natural result of a die with ``sides`` faces, 1..sides."""
        return self.below(sides) + 1


class DiceSource:
    """What the engine asks for a natural result. ``manual`` sources are asked through decisions instead."""

    manual: bool = False

    def natural(self, sides: int) -> int:
        raise NotImplementedError

    def fresh(self) -> DiceSource:
        """A new source in this source's *initial* state (used to replay a duel from its start)."""
        raise NotImplementedError

    def spec(self) -> DiceSpec:
        """The boundary model that recreates this source's initial state."""
        raise NotImplementedError


class Seeded(DiceSource):
    """Dice from :class:`SplitMix64` with the given seed."""

    __slots__ = ("seed", "_gen", "used")

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError("seed must be an integer")
        self.seed = seed
        self._gen = SplitMix64(seed)
        self.used = 0

    def natural(self, sides: int) -> int:
        self.used += 1
        return self._gen.die(sides)

    def fresh(self) -> Seeded:
        return Seeded(self.seed)

    def spec(self) -> DiceSpec:
        return SeededSpec(seed=self.seed)

    def __repr__(self) -> str:
        return f"Seeded({self.seed})"


class Scripted(DiceSource):
    """Dice read in order from a list of naturals; each is checked against the die it is used for."""

    __slots__ = ("results", "used")

    def __init__(self, results: list[int] | tuple[int, ...]) -> None:
        self.results = tuple(int(r) for r in results)
        self.used = 0

    def natural(self, sides: int) -> int:
        if self.used >= len(self.results):
            raise DiceExhausted(
                f"scripted dice ran out: all {len(self.results)} results were used"
                f" before a d{sides} was asked for"
            )
        value = self.results[self.used]
        if not 1 <= value <= sides:
            raise DiceRangeError(
                f"scripted result #{self.used + 1} is {value}, which a d{sides} cannot show (1..{sides})"
            )
        self.used += 1
        return value

    def fresh(self) -> Scripted:
        return Scripted(self.results)

    def spec(self) -> DiceSpec:
        return ScriptedSpec(results=list(self.results))

    def __repr__(self) -> str:
        return f"Scripted({list(self.results)!r})"


class Manual(DiceSource):
    """A person rolls: the engine asks for each natural through a pending decision of kind ``"roll"``."""

    manual = True
    __slots__ = ()

    def natural(self, sides: int) -> int:
        raise DiceError("manual dice are asked for through a pending 'roll' decision, not drawn")

    def fresh(self) -> Manual:
        return Manual()

    def spec(self) -> DiceSpec:
        return ManualSpec()

    def __repr__(self) -> str:
        return "Manual()"


def check_manual(sides: int, value: int) -> int:
    """The range check of a natural entered by a person."""
    if not 1 <= value <= sides:
        raise DiceRangeError(f"a d{sides} shows 1..{sides}, not {value}")
    return value


# --- boundary models -------------------------------------------------------------------------------------


class SeededSpec(BaseModel):
    """Seeded dice: the seed of our SplitMix64."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["seeded"] = "seeded"
    seed: int = Field(ge=0, le=MASK64)

    def source(self) -> Seeded:
        return Seeded(self.seed)


class ScriptedSpec(BaseModel):
    """Scripted dice: the naturals, in the order the engine asks for them."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["scripted"] = "scripted"
    results: list[Annotated[int, Field(ge=1, le=100)]] = Field(max_length=200_000)

    def source(self) -> Scripted:
        return Scripted(self.results)


class ManualSpec(BaseModel):
    """Manual dice: the naturals are decisions of kind ``roll`` in the decision list."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["manual"] = "manual"

    def source(self) -> Manual:
        return Manual()


DiceSpec = Annotated[SeededSpec | ScriptedSpec | ManualSpec, Field(discriminator="kind")]


@dataclass(slots=True)
class Modifier:
    """One named term of a roll's total (``Dex``, ``Improved Initiative``, ``duel dodge`` …)."""

    name: str
    value: int


@dataclass(slots=True)
class RollResult:
    """A finished roll, as the rules see it (the event log gets a copy)."""

    purpose: str
    die: int
    natural: int
    modifiers: list[Modifier] = field(default_factory=list)
    total: int = 0
    against: str | None = None  # "DC", "AC", "touch AC", "flat-footed AC", "opposed"
    target: int | None = None
    outcome: str | None = None
    clauses: tuple[str, ...] = ()
