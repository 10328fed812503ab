"""The shimmering mageduel zone: its size bounds (MD-5) and where the duellists stand (MD-8).

The zone is a box with a square floor. Coordinates are feet, with the floor's south-west corner at
(0, 0, 0), x growing east, y growing north and z up.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


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
        raise ValueError("a mageduel needs at least two participants")
    if any(level < 1 for level in caster_levels):
        raise ValueError("every caster level must be at least 1")
    minimum = 2 * sum(caster_levels)
    maximum = 5 * math.prod(caster_levels)
    if maximum < minimum:
        return SizeBounds(minimum, minimum, maximum_raised=True)
    return SizeBounds(minimum, maximum)


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
            raise ValueError("count must be at least 1")
        step = 4 * self.width / count
        return [self.border_point(i * step) for i in range(count)]
