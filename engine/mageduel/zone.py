"""The shimmering mageduel zone: its size bounds (MD-5), where the duellists stand (MD-8) and how its
faces clip every area and movement (MD-10, MD-11, MD-22).

The zone is a box with a square floor. Coordinates are feet, with the floor's south-west corner at
(0, 0, 0), x growing east, y growing north and z up. A point on a face counts as inside.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from .rule_error import RuleError

Point = tuple[float, float, float]
#: Tolerance for points that sit on a face (positions are rounded to a tenth of a foot).
_EPS = 1e-9


class Shape(Protocol):
    """Anything with a ``contains(point)`` test: the area shapes of ``mageduel.geometry``."""

    def contains(self, p: Point) -> bool: ...


@dataclass(frozen=True, slots=True)
class SizeBounds:
    """The smallest and largest side a zone may have, in feet (MD-5)."""

    minimum: int
    maximum: int
    #: True when five times the product fell below twice the sum and the maximum was raised to it.
    maximum_raised: bool = False

    def allows(self, feet: float) -> bool:
        """Whether a side of ``feet`` is within the bounds.

        >>> size_bounds([1, 1]).allows(5)
        True
        """
        return self.minimum <= feet <= self.maximum

    def clamp(self, feet: float) -> float:
        """The nearest allowed side to ``feet``."""
        return min(max(feet, self.minimum), self.maximum)


def size_bounds(caster_levels: list[int] | tuple[int, ...]) -> SizeBounds:
    """MD-5: at least twice the sum of the caster levels, at most five times their product.

    Ruling (MD-5): when the maximum is below the minimum, as with three 1st-level casters
    (minimum 6, maximum 5), the maximum equals the minimum.

    >>> size_bounds([1, 1])
    SizeBounds(minimum=4, maximum=5, maximum_raised=False)
    >>> size_bounds([1, 1, 1])
    SizeBounds(minimum=6, maximum=6, maximum_raised=True)
    """
    if len(caster_levels) < 2:
        raise RuleError("zone.participants", "a mageduel needs at least two participants")
    if any(level < 1 for level in caster_levels):
        raise RuleError("zone.caster_level", "every caster level must be at least 1")
    minimum = 2 * sum(caster_levels)
    maximum = 5 * math.prod(caster_levels)
    if maximum < minimum:
        return SizeBounds(minimum, minimum, maximum_raised=True)
    return SizeBounds(minimum, maximum)


def entrants_bounds(caster_levels: list[int] | tuple[int, ...]) -> SizeBounds:
    """MD-5 for the casters who enter, however the count stands: the one place the rite, the placement,
    the view and the page's preview get the zone's bounds from. A caster level below 1 (a creature with
    no casting) counts as 1, and a lone caster (a scenario still being set up) is measured against a
    1st-level one.

    >>> entrants_bounds([5, 0])
    SizeBounds(minimum=12, maximum=25, maximum_raised=False)
    >>> entrants_bounds([3])
    SizeBounds(minimum=8, maximum=15, maximum_raised=False)
    """
    levels = [max(1, level) for level in caster_levels]
    return size_bounds(levels + [1] if len(levels) == 1 else levels)


@dataclass(frozen=True, slots=True)
class Zone:
    """A zone of ``width`` × ``width`` feet of floor and ``height`` feet of height."""

    width: float
    height: float

    @property
    def centre(self) -> tuple[float, float]:
        return (self.width / 2, self.width / 2)

    def contains(self, x: float, y: float, z: float = 0.0) -> bool:
        """Whether a point is inside the zone or on its faces."""
        return 0 <= x <= self.width and 0 <= y <= self.width and 0 <= z <= self.height

    def holds(self, p: Point) -> bool:
        """``contains`` for a point given as a tuple, tolerant of rounding on the faces."""
        w, h = self.width, self.height
        return -_EPS <= p[0] <= w + _EPS and -_EPS <= p[1] <= w + _EPS and -_EPS <= p[2] <= h + _EPS

    # MD-10: spells do not leave the zone. Clipping is geometry: an area is the intersection of its
    # shape with the box, so a point or creature outside the box is never in it, whatever the shape.

    def clip(self, shape: Shape) -> ClippedArea:
        """MD-10: the part of ``shape`` inside the zone.

        >>> from mageduel.geometry import Burst
        >>> area = Zone(10, 10).clip(Burst((9.0, 5.0, 0.0), 20.0))
        >>> area.contains((9.0, 5.0, 0.0)), area.contains((25.0, 5.0, 0.0))
        (True, False)
        """
        return ClippedArea(self, shape)

    def clip_points(self, shape: Shape, points: Iterable[Point]) -> list[Point]:
        """MD-10: the points of ``points`` that ``shape`` touches once clipped at the faces."""
        area = self.clip(shape)
        return [p for p in points if area.contains(p)]

    def clip_segment(self, a: Point, b: Point) -> tuple[Point, Point] | None:
        """MD-10: the part of the segment ``a``-``b`` inside the zone (a line spell stops at the
        wall), or None if it misses the zone. Liang-Barsky clipping against the box.

        >>> Zone(10, 10).clip_segment((5.0, 5.0, 0.0), (25.0, 5.0, 0.0))
        ((5.0, 5.0, 0.0), (10.0, 5.0, 0.0))
        """
        lo = (0.0, 0.0, 0.0)
        hi = (float(self.width), float(self.width), float(self.height))
        t0, t1 = 0.0, 1.0
        for i in range(3):
            d = b[i] - a[i]
            if abs(d) < _EPS:
                if a[i] < lo[i] - _EPS or a[i] > hi[i] + _EPS:
                    return None
                continue
            ta, tb = (lo[i] - a[i]) / d, (hi[i] - a[i]) / d
            if ta > tb:
                ta, tb = tb, ta
            t0, t1 = max(t0, ta), min(t1, tb)
            if t0 > t1 + _EPS:
                return None

        def at(t: float) -> Point:
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t)

        return at(t0), at(t1)

    def exit_point(self, a: Point, b: Point) -> Point | None:
        """Where a straight move from ``a`` (inside) to ``b`` crosses a face, or None if ``b`` is
        inside too. A summoned creature is stopped there (MD-11); a participant who crosses it is
        out of the zone (MD-22).

        >>> Zone(10, 10).exit_point((5.0, 5.0, 0.0), (5.0, 30.0, 0.0))
        (5.0, 10.0, 0.0)
        """
        if self.holds(b):
            return None
        part = self.clip_segment(a, b)
        if part is None:
            return None
        return part[1]

    def confine(self, a: Point, b: Point) -> Point:
        """MD-11: where a creature that may not leave ends a move from ``a`` towards ``b``."""
        stop = self.exit_point(a, b)
        return b if stop is None else stop

    def outside_point(self, border: tuple[float, float], feet: float = 5.0) -> Point:
        """A point ``feet`` outside the border, straight out from the floor's centre through
        ``border`` (where a participant waits during preparation, MD-8)."""
        cx, cy = self.centre
        dx, dy = border[0] - cx, border[1] - cy
        # Push out along the face's normal so the point is outside whatever the corner.
        nx = 0.0 if abs(dx) < abs(dy) - _EPS else math.copysign(1.0, dx)
        ny = 0.0 if abs(dy) < abs(dx) - _EPS else math.copysign(1.0, dy)
        return (border[0] + nx * feet, border[1] + ny * feet, 0.0)

    def border_point(self, distance: float) -> tuple[float, float]:
        """The floor point ``distance`` feet along the border, counter-clockwise from the
        middle of the south side."""
        w = self.width
        d = distance % (4 * w)
        # Walk from the middle of the south side: east half-side, then north, west, south, east.
        legs = (
            (w / 2, (w / 2, 0.0), (1, 0)),
            (w, (w, 0.0), (0, 1)),
            (w, (w, w), (-1, 0)),
            (w, (0.0, w), (0, -1)),
            (w / 2, (0.0, 0.0), (1, 0)),
        )
        for length, (sx, sy), (dx, dy) in legs:
            if d <= length:
                return (sx + dx * d, sy + dy * d)
            d -= length
        raise AssertionError("unreachable: d is reduced modulo the perimeter")

    def entry_points(self, count: int) -> list[tuple[float, float]]:
        """MD-8: ``count`` places equally spaced along the border, the first at the middle of
        the south side.

        >>> Zone(4, 4).entry_points(2)
        [(2.0, 0.0), (2.0, 4.0)]
        """
        if count < 1:
            raise RuleError("zone.count", "count must be at least 1", count=count)
        step = 4 * self.width / count
        return [self.border_point(i * step) for i in range(count)]


@dataclass(frozen=True, slots=True)
class ClippedArea:
    """An area shape cut at the zone's faces (MD-10): a point is in it only if it is in both."""

    zone: Zone
    shape: Shape

    def contains(self, p: Point) -> bool:
        return self.zone.holds(p) and self.shape.contains(p)
