"""Walls (wall of force) as obstacles: they block movement and line of effect (C-13).

A wall is a vertical rectangle standing on the ground: its foot is the segment ``a``–``b`` and it rises
``height`` feet. A straight path (a move, a spell's line of effect from its origin, a weapon attack) is
blocked when its ground projection crosses the foot and it passes the wall's plane below the top, so a
creature flying higher goes over it. A wall lasts while its condition (``cond``) stays on its caster: the
duration, a dispel or the end of the duel (MD-20) take it away with the rest of the caster's spells.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .geometry import EPSILON, Point

if TYPE_CHECKING:
    from .conditions import Condition
    from .state import Duel


@dataclass(slots=True)
class Wall:
    a: Point
    b: Point
    height: float
    owner: str
    spell: str
    cond: Condition


def _cross(w: Wall, p: Point, q: Point) -> float | None:
    """Where the path ``p``→``q`` goes through ``w`` (the fraction of the path), or None."""
    rx, ry = q[0] - p[0], q[1] - p[1]
    sx, sy = w.b[0] - w.a[0], w.b[1] - w.a[1]
    den = rx * sy - ry * sx
    if abs(den) < EPSILON:
        return None  # parallel: a path along the wall does not go through it
    qpx, qpy = w.a[0] - p[0], w.a[1] - p[1]
    t = (qpx * sy - qpy * sx) / den  # along the path
    u = (qpx * ry - qpy * rx) / den  # along the wall's foot
    if not (-EPSILON <= t <= 1 + EPSILON and -EPSILON <= u <= 1 + EPSILON):
        return None
    z = p[2] + (q[2] - p[2]) * t
    if z > w.height + EPSILON:
        return None  # over the top
    return t


def live(duel: Duel) -> list[Wall]:
    """The walls still standing (their condition is still on their caster)."""
    return [w for w in duel.walls if w.cond in duel.by_id[w.owner].conditions]


def blocked(duel: Duel, p: Point, q: Point) -> bool:
    """Whether a standing wall lies across the straight path from ``p`` to ``q``."""
    if not duel.walls:
        return False
    return any(_cross(w, p, q) is not None for w in live(duel))


def stop_before(duel: Duel, p: Point, q: Point) -> Point:
    """How far along ``p``→``q`` a creature forced that way gets: a foot short of the first wall, or ``q``."""
    if not duel.walls:
        return q
    ts = [t for w in live(duel) if (t := _cross(w, p, q)) is not None]
    if not ts:
        return q
    d = sum((q[i] - p[i]) ** 2 for i in range(3)) ** 0.5
    t = max(0.0, min(ts) - (1.0 / d if d > EPSILON else 0.0))
    return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t, p[2] + (q[2] - p[2]) * t)
