"""The square a plain duel draws (X-1: no zone): ground to scale about the duellists' starting places, with
room on every side, in the engine's feet. The setup's preview and the duel's board draw the same square.

>>> ground_about([(15.0, 0.0), (15.0, 30.0)])
Ground(side=42.0, x=-6.0, y=-6.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, NamedTuple

#: The ground drawn around everyone, on every side: at least this, and a fifth of the starting places'
#: spread, so that a name fits above the northmost token at any scale, even with the ring of one casting a
#: spell round it (MD-26).
GROUND_MARGIN_FT = 5.0


class Ground(NamedTuple):
    """The square the board draws, in the engine's feet: its side and its south-west corner. A mageduel's
    is its zone; a plain duel's is ground drawn to scale around everyone. The drawing is made in the
    ground's own feet (0 to ``side`` both ways), so every placement rule of the zone holds for it too."""

    side: float
    x: float = 0.0
    y: float = 0.0

    def local(self, point: Any) -> tuple[float, float]:
        """A point of the engine, in the ground's feet."""
        return float(point[0]) - self.x, float(point[1]) - self.y

    def screen(self, point: Any) -> tuple[float, float]:
        """A point of the engine where the drawing puts it: in the ground's feet, y growing down.

        >>> Ground(40.0, -5.0, -5.0).screen((15.0, 0.0))
        (20.0, 35.0)
        """
        x, y = self.local(point)
        return x, self.side - y


def ground_about(began: Sequence[tuple[float, float]], now: Sequence[tuple[float, float]] = ()) -> Ground:
    """The square centred on the starting places ``began``, a margin (:data:`GROUND_MARGIN_FT`) on every
    side, grown to hold each point of ``now`` (where everyone stands) with the same margin.

    >>> ground_about([(0.0, 0.0), (20.0, 0.0)], [(40.0, 0.0)])  # one walked 20 feet east: it grows
    Ground(side=50.0, x=-5.0, y=-25.0)
    """
    began = list(began) or [(0.0, 0.0)]
    xs, ys = [p[0] for p in began], [p[1] for p in began]
    spread = max(max(xs) - min(xs), max(ys) - min(ys))
    m = max(GROUND_MARGIN_FT, spread / 5)
    half = spread / 2 + m
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    left, low = min([cx - half] + [x - m for x, _ in now]), min([cy - half] + [y - m for _, y in now])
    right, top = max([cx + half] + [x + m for x, _ in now]), max([cy + half] + [y + m for _, y in now])
    side = float(max(10, math.ceil(max(right - left, top - low))))
    # The square about what it must hold, the longer way exactly, the shorter way centred.
    return Ground(side, left - (side - (right - left)) / 2, low - (side - (top - low)) / 2)
