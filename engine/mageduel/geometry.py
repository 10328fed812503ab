"""Positions, movement, reach, ranges and area shapes, in feet (C-13).

Positions are points ``(x, y, z)`` in feet, not squares: a zone between two 1st-level casters is only 4 to 5
feet across (MD-5), so a grid of 5-foot squares could not even hold it. A creature is judged by its centre
point: it is in an area when its centre is, and within reach when the distance between centres is at most
the reach plus the 5-foot space a Medium creature occupies would allow (reach is measured centre to centre,
so a 5-foot reach touches a creature whose centre is up to 5 feet away).

Area shapes (burst, spread, cone, line, cylinder) are geometry with a ``contains(point)`` test. A spread is
a burst here, because the arena has no corners to go around. Clipping by the zone's faces (MD-10) is not
done here: the rules layer filters the points the shape contains (see ``state.Hooks.filter_area``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Point = tuple[float, float, float]

#: C-13: base speed of a Medium, unarmoured humanoid.
BASE_SPEED = 30.0
FIVE_FOOT_STEP = 5.0
EPSILON = 1e-9


def distance(a: Point, b: Point) -> float:
    """Straight-line distance in feet (Euclidean: the arena is continuous)."""
    return math.sqrt((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2)


def toward(a: Point, b: Point, feet: float) -> Point:
    """The point ``feet`` from ``a`` on the way to ``b`` (stops at ``b``)."""
    d = distance(a, b)
    if d <= feet or d < EPSILON:
        return b
    t = feet / d
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t)


def away(a: Point, b: Point, feet: float) -> Point:
    """The point ``feet`` from ``a`` directly away from ``b``."""
    d = distance(a, b)
    if d < EPSILON:
        return (a[0] + feet, a[1], a[2])
    t = feet / d
    return (a[0] + (a[0] - b[0]) * t, a[1] + (a[1] - b[1]) * t, a[2] + (a[2] - b[2]) * t)


def rounded(p: Point) -> Point:
    """A point rounded to a tenth of a foot, so option IDs and logs stay short and stable."""
    return (round(p[0], 1) + 0.0, round(p[1], 1) + 0.0, round(p[2], 1) + 0.0)


def within(a: Point, b: Point, feet: float) -> bool:
    return distance(a, b) <= feet + EPSILON


def spell_range(kind: str, caster_level: int) -> float:
    """Spell ranges in feet: personal/touch, close (25 + 5 per 2 levels), medium (100 + 10/level),
    long (400 + 40/level); a number is taken as feet.

    >>> spell_range("close", 5), spell_range("medium", 5), spell_range("long", 5)
    (35.0, 150.0, 600.0)
    """
    if kind in ("personal", "self"):
        return 0.0
    if kind == "touch":
        return 5.0
    if kind == "close":
        return 25.0 + 5.0 * (caster_level // 2)
    if kind == "medium":
        return 100.0 + 10.0 * caster_level
    if kind == "long":
        return 400.0 + 40.0 * caster_level
    if kind == "unlimited":
        return math.inf
    return float(kind)


@dataclass(frozen=True, slots=True)
class Burst:
    """A sphere of ``radius`` feet around ``centre`` (bursts, spreads and emanations)."""

    centre: Point
    radius: float

    def contains(self, p: Point) -> bool:
        return distance(self.centre, p) <= self.radius + EPSILON


#: In an open arena a spread reaches exactly where a burst does.
Spread = Burst


@dataclass(frozen=True, slots=True)
class Cylinder:
    """A vertical cylinder: floor circle of ``radius`` around ``centre`` and ``height`` up from it."""

    centre: Point
    radius: float
    height: float

    def contains(self, p: Point) -> bool:
        dx, dy = p[0] - self.centre[0], p[1] - self.centre[1]
        return math.hypot(dx, dy) <= self.radius + EPSILON and (
            self.centre[2] - EPSILON <= p[2] <= self.centre[2] + self.height + EPSILON
        )


@dataclass(frozen=True, slots=True)
class Cone:
    """A quarter-circle cone: from ``origin`` towards ``toward``, ``length`` feet long, 90 degrees wide."""

    origin: Point
    toward: Point
    length: float

    def contains(self, p: Point) -> bool:
        d = distance(self.origin, p)
        if d < EPSILON:
            return False  # the caster is the cone's apex, not inside it
        if d > self.length + EPSILON:
            return False
        axis = distance(self.origin, self.toward)
        if axis < EPSILON:
            return True
        dot = sum((p[i] - self.origin[i]) * (self.toward[i] - self.origin[i]) for i in range(3))
        return dot / (d * axis) >= math.cos(math.pi / 4) - EPSILON


@dataclass(frozen=True, slots=True)
class Line:
    """A line 5 feet wide from ``origin`` towards ``toward``, ``length`` feet long."""

    origin: Point
    toward: Point
    length: float
    width: float = 5.0

    def contains(self, p: Point) -> bool:
        axis = distance(self.origin, self.toward)
        if axis < EPSILON:
            return False
        u = [(self.toward[i] - self.origin[i]) / axis for i in range(3)]
        v = [p[i] - self.origin[i] for i in range(3)]
        t = sum(u[i] * v[i] for i in range(3))
        if t <= EPSILON or t > self.length + EPSILON:
            return False
        off = math.sqrt(max(0.0, sum(c * c for c in v) - t * t))
        return off <= self.width / 2 + EPSILON


Shape = Burst | Cylinder | Cone | Line


# --- outlines, for drawing ---------------------------------------------------------------------------------

#: How many sides a drawn circle (or a cone's arc, per quarter turn: 18) is given.
CIRCLE_SIDES = 72


def outline(shape: Shape) -> list[tuple[float, float]]:
    """The floor outline of ``shape`` as a polygon (x, y in feet), for drawing: a burst's or a cylinder's
    circle, a cone's quarter circle with its apex at the origin, a line's long rectangle. The same shapes
    as ``contains`` tests, so the page draws what the rules take in.

    >>> [tuple(round(v, 3) for v in p) for p in outline(Line((0.0, 0.0, 0.0), (10.0, 0.0, 0.0), 20.0))]
    [(0.0, 2.5), (20.0, 2.5), (20.0, -2.5), (0.0, -2.5)]
    >>> len(outline(Burst((0.0, 0.0, 0.0), 10.0))), len(outline(Cone((0.0, 0.0, 0.0), (0.0, 5.0, 0.0), 15.0)))
    (72, 20)
    """
    if isinstance(shape, Burst | Cylinder):
        cx, cy, r = shape.centre[0], shape.centre[1], shape.radius
        return [
            (
                cx + r * math.cos(2 * math.pi * i / CIRCLE_SIDES),
                cy + r * math.sin(2 * math.pi * i / CIRCLE_SIDES),
            )
            for i in range(CIRCLE_SIDES)
        ]
    ox, oy = shape.origin[0], shape.origin[1]
    dx, dy = shape.toward[0] - ox, shape.toward[1] - oy
    ang = math.atan2(dy, dx) if math.hypot(dx, dy) > EPSILON else math.pi / 2
    n = shape.length
    if isinstance(shape, Cone):  # a quarter circle: 45 degrees either side of the axis
        arc = CIRCLE_SIDES // 4
        pts = [(ox, oy)]
        for i in range(arc + 1):
            a = ang - math.pi / 4 + (math.pi / 2) * i / arc
            pts.append((ox + n * math.cos(a), oy + n * math.sin(a)))
        return pts
    half = shape.width / 2
    nx, ny = -math.sin(ang) * half, math.cos(ang) * half
    ex, ey = ox + n * math.cos(ang), oy + n * math.sin(ang)
    return [(ox + nx, oy + ny), (ex + nx, ey + ny), (ex - nx, ey - ny), (ox - nx, oy - ny)]


def clip_to_floor(polygon: list[tuple[float, float]], width: float) -> list[tuple[float, float]]:
    """``polygon`` cut at the faces of a zone ``width`` feet square (MD-10: an area stops at the zone),
    Sutherland–Hodgman; an empty list when nothing of it is inside.

    >>> clip_to_floor([(-5.0, -5.0), (5.0, -5.0), (5.0, 5.0), (-5.0, 5.0)], 10.0)
    [(0.0, 0.0), (5.0, 0.0), (5.0, 5.0), (0.0, 5.0)]
    """
    edges = (
        (lambda p: p[0] >= 0.0, lambda a, b: _cut_x(a, b, 0.0)),
        (lambda p: p[0] <= width, lambda a, b: _cut_x(a, b, width)),
        (lambda p: p[1] >= 0.0, lambda a, b: _cut_y(a, b, 0.0)),
        (lambda p: p[1] <= width, lambda a, b: _cut_y(a, b, width)),
    )
    out = list(polygon)
    for inside, cut in edges:
        if not out:
            break
        src, out = out, []
        prev = src[-1]
        for cur in src:
            if inside(cur):
                if not inside(prev):
                    out.append(cut(prev, cur))
                out.append(cur)
            elif inside(prev):
                out.append(cut(prev, cur))
            prev = cur
    return out


def _cut_x(a: tuple[float, float], b: tuple[float, float], x: float) -> tuple[float, float]:
    t = (x - a[0]) / (b[0] - a[0])
    return (x, a[1] + t * (b[1] - a[1]))


def _cut_y(a: tuple[float, float], b: tuple[float, float], y: float) -> tuple[float, float]:
    t = (y - a[1]) / (b[1] - a[1])
    return (a[0] + t * (b[0] - a[0]), y)
