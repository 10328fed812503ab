"""Ground that hampers movement, laid by a spell for its duration (C-13 with the spells' own text).

- ``grease_terrain`` (grease): a creature walks within or through the greased square only at half speed,
  and only after a DC 10 Acrobatics check, one a round. Failure: it cannot move that round (it stops where
  the grease begins, or stays where it stands in it) and must make a Reflex save against the spell or fall
  prone; failure by 5 or more: it falls. A creature that does not move makes no check.
- ``ice_storm_difficult_terrain`` (ice storm): the whole cylinder is difficult terrain while the sleet falls.

Movement through either costs double (each foot counts as two; where two patches overlap, four). A 5-foot
step is only possible where movement is not hampered, so never into or within a patch. Flying creatures are
not hampered by either (they do not walk on the ground).

Each patch is kept as a condition of its spell on the caster (``stat`` "terrain"), like a lingering cloud:
its duration ticks on the caster's turns, and a dispel or the end of a mageduel (MD-20) takes it away with
the caster's other spells. The engine keeps no other record of it.

>>> p = Patch("difficult", (10.0, 0.0, 0.0), 5.0, 40.0, "ice_storm", "p1")
>>> round(cost([p], (0.0, 0.0, 0.0), (20.0, 0.0, 0.0)), 3)  # 10 feet inside the circle count 20
30.0
>>> geometry.rounded(reach([p], (0.0, 0.0, 0.0), (30.0, 0.0, 0.0), 15.0))  # 5 free, then 10 for 5
(10.0, 0.0, 0.0)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import geometry
from .conditions import Condition
from .geometry import EPSILON, Point

if TYPE_CHECKING:
    from .combatant import Combatant
    from .state import Duel

#: The spells' special tags, and the kind of ground each lays.
KINDS: dict[str, str] = {"grease_terrain": "grease", "ice_storm_difficult_terrain": "difficult"}

#: Grease: the Acrobatics check to walk on it.
GREASE_DC = 10
#: Grease coats a solid surface: a creature this high or higher is not on it.
GROUND = 0.5


@dataclass(frozen=True, slots=True)
class Patch:
    """A patch of hampering ground: a floor circle of ``radius`` around ``centre`` (x, y; z the floor),
    ``height`` feet high (grease: the floor only)."""

    kind: str  # "grease" or "difficult"
    centre: Point
    radius: float
    height: float
    spell: str
    owner: str
    dc: int = 0  # grease: the Reflex save against falling

    def contains(self, p: Point) -> bool:
        dx, dy = p[0] - self.centre[0], p[1] - self.centre[1]
        top = self.centre[2] + max(self.height, GROUND)
        return dx * dx + dy * dy <= (self.radius + EPSILON) ** 2 and self.centre[2] - EPSILON <= p[2] <= top


def kind_of(sp: Any) -> str | None:
    """The ground spell ``sp`` lays, if any."""
    for tag in sp.special:
        if tag in KINDS:
            return KINDS[tag]
    return None


def lay(duel: Duel, c: Combatant, sp: Any, shape: Any, rounds: int | None, cl: int, dc: int) -> None:
    """The cast spell's ground, where its area lies (``shape``: the area's Burst or Cylinder), for ``rounds``
    rounds (None: until dismissed or dispelled)."""
    kind = kind_of(sp)
    if kind is None:
        return
    centre = shape.centre
    height = float(getattr(shape, "height", 0.0)) if kind == "difficult" else 0.0
    floor = (float(centre[0]), float(centre[1]), 0.0)
    patch = {"kind": kind, "centre": floor, "radius": float(shape.radius), "height": height, "dc": dc}
    cond = Condition(
        sp.id,  # named after its spell, as a wall of force: the caster's badge shows the spell
        rounds=rounds,
        tick_on=c.id,
        source=sp.id,
        stat="terrain",
        clauses=("C-13",),
        data={"cl": cl, "caster": c.id, "terrain": patch},
    )
    c.conditions.append(cond)
    c.dirty()
    duel.emit(
        "terrain",
        c.id,
        {"spell": sp.id, "kind": kind, "centre": list(floor), "radius": patch["radius"], "height": height},
        ("C-13",),
    )


def patches(duel: Duel) -> list[Patch]:
    """The patches lying now (their condition is still on their caster)."""
    out: list[Patch] = []
    for c in duel.participants:
        if not c.conditions:
            continue
        for x in c.conditions:
            if x.stat == "terrain" and not x.data.get("dormant"):
                t = x.data["terrain"]
                centre = tuple(t["centre"])
                out.append(Patch(t["kind"], centre, t["radius"], t["height"], x.source, c.id, t["dc"]))
    return out


def hampering(duel: Duel, c: Combatant) -> list[Patch]:
    """The patches that hamper ``c``'s movement: all of them, unless it flies."""
    if c.flying:
        return []
    return patches(duel)


def _enter_leave(p: Patch, a: Point, b: Point) -> tuple[float, float] | None:
    """Where the straight path ``a``→``b`` is inside ``p`` (fractions of the path), or None."""
    ax, ay = a[0] - p.centre[0], a[1] - p.centre[1]
    dx, dy = b[0] - a[0], b[1] - a[1]
    r = p.radius + EPSILON
    qa = dx * dx + dy * dy
    qc = ax * ax + ay * ay - r * r
    if qa < EPSILON * EPSILON:
        return (0.0, 1.0) if qc <= 0 and p.contains(a) else None
    qb = 2 * (ax * dx + ay * dy)
    disc = qb * qb - 4 * qa * qc
    if disc < 0:
        return None
    root = math.sqrt(disc)
    t0, t1 = max(0.0, (-qb - root) / (2 * qa)), min(1.0, (-qb + root) / (2 * qa))
    if t0 > t1:
        return None
    # The height: the path's z at its middle inside the circle (paths in the engine keep their height).
    mid = (t0 + t1) / 2
    z = a[2] + (b[2] - a[2]) * mid
    if not (p.centre[2] - EPSILON <= z <= p.centre[2] + max(p.height, GROUND)):
        return None
    return t0, t1


def _pieces(ps: list[Patch], a: Point, b: Point) -> list[tuple[float, float, int]]:
    """The path ``a``→``b`` cut where it enters or leaves a patch: (from, to, how many patches hold it)."""
    spans = [s for p in ps if (s := _enter_leave(p, a, b)) is not None]
    cuts = sorted({0.0, 1.0, *(t for s in spans for t in s)})
    out = []
    for lo, hi in zip(cuts, cuts[1:], strict=False):
        if hi - lo <= 1e-12:
            continue
        mid = (lo + hi) / 2
        n = sum(1 for s in spans if s[0] <= mid <= s[1])
        out.append((lo, hi, n))
    return out


def touches(ps: list[Patch], a: Point, b: Point, kind: str | None = None) -> bool:
    """Whether the path ``a``→``b`` goes within a patch (of ``kind``, if given)."""
    return any(_enter_leave(p, a, b) is not None for p in ps if kind is None or p.kind == kind)


def cost(ps: list[Patch], a: Point, b: Point) -> float:
    """The feet of movement the straight path ``a``→``b`` costs: double within a patch, four times where
    two overlap (C-13: difficult terrain; grease walked at half speed)."""
    d = geometry.distance(a, b)
    if not ps or d < EPSILON:
        return d
    return sum((hi - lo) * d * (2**n) for lo, hi, n in _pieces(ps, a, b))


def reach(ps: list[Patch], a: Point, b: Point, budget: float) -> Point:
    """How far along ``a``→``b`` (at most ``b``) ``budget`` feet of movement carry a walker."""
    d = geometry.distance(a, b)
    if d < EPSILON:
        return b
    left = budget
    for lo, hi, n in _pieces(ps, a, b) if ps else [(0.0, 1.0, 0)]:
        piece = (hi - lo) * d * (2**n)
        if piece <= left + 1e-9:
            left -= piece
            continue
        t = lo + (hi - lo) * (left / piece)
        return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t)
    return b


def grease_entry(ps: list[Patch], a: Point, b: Point) -> Point | None:
    """Where the path ``a``→``b`` first meets grease (``a`` itself when it starts in it), or None."""
    ts = [s[0] for p in ps if p.kind == "grease" and (s := _enter_leave(p, a, b)) is not None]
    if not ts:
        return None
    t = min(ts)
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t)


def grease_dc(ps: list[Patch], a: Point, b: Point) -> int:
    """The Reflex DC against falling on the first grease the path meets (its spell's DC)."""
    found = [(s[0], p.dc) for p in ps if p.kind == "grease" and (s := _enter_leave(p, a, b)) is not None]
    return min(found)[1] if found else 0
