"""How heavy a creature is, in pounds: what telekinesis can move or hurl (``telekinesis_weight``).

A character sheet or a creature's stat line may give its ``weight`` (with what it carries); without one,
the typical weight of its size: a Medium humanoid weighs what an average human man does in the Core
Rulebook's height-and-weight table (120 lb. + 2d10 × 5 lb.: 175 lb.), a Small one what a halfling or gnome
does (about 35 lb.); other sizes take a middle value of their size band (Tiny 1–8 lb., Large 500–4,000
lb., …).

>>> limit_for(5), limit_for(13), limit_for(20)  # 25 lb. per caster level, at most 375 lb. (15th level)
(125, 325, 375)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .combatant import Combatant

#: Pounds, by size, when no weight is given.
TYPICAL: dict[str, float] = {
    "fine": 0.1,
    "diminutive": 0.5,
    "tiny": 4.0,
    "small": 35.0,
    "medium": 175.0,
    "large": 1000.0,
    "huge": 8000.0,
    "gargantuan": 64000.0,
    "colossal": 250000.0,
}

#: Telekinesis: 25 pounds per caster level, up to 375 pounds at 15th level.
PER_LEVEL = 25
MAX_LEVEL = 15


def typical(size: str) -> float:
    """The typical weight of a creature of ``size``."""
    return TYPICAL.get(size, TYPICAL["medium"])


def of(c: Combatant) -> float:
    """``c``'s weight: its own, or its size's typical one."""
    w = c.data.get("weight")
    return float(w) if w is not None else typical(c.size)


def limit_for(caster_level: int) -> int:
    """What telekinesis moves or hurls at ``caster_level``: 25 lb. per level, at most 375 lb."""
    return PER_LEVEL * min(max(caster_level, 0), MAX_LEVEL)


def movable(c: Combatant, caster_level: int) -> bool:
    """Whether telekinesis at ``caster_level`` can move or hurl ``c``."""
    return of(c) <= limit_for(caster_level)
