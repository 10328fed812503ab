"""The compact decision notation, used in option ids, the log and replay files.

A decision is ``player: option`` on one line, e.g. ``p1: cast magic_missile @p2``. Option ids are short
words: a verb, then arguments; ``@`` marks a target (a combatant id or a point ``x,y[,z]`` in feet).

>>> fmt_point((12.5, 3.0, 0.0))
'12.5,3'
>>> parse_point("12.5,3")
(12.5, 3.0, 0.0)
>>> parse_decision("p1: cast fireball @p2")
('p1', 'cast fireball @p2')
>>> format_decision("p2", "pass")
'p2: pass'
"""

from __future__ import annotations

import math


def _num(v: float) -> str:
    r = round(v, 1)
    return str(int(r)) if r == int(r) else f"{r:.1f}"


def fmt_point(p: tuple) -> str:
    """A point as ``x,y`` (``x,y,z`` when off the floor), to a tenth of a foot."""
    if len(p) > 2 and abs(p[2]) > 1e-9:
        return f"{_num(p[0])},{_num(p[1])},{_num(p[2])}"
    return f"{_num(p[0])},{_num(p[1])}"


def parse_point(text: str) -> tuple[float, float, float] | None:
    """``x,y`` or ``x,y,z`` in feet; None if it is not one."""
    parts = text.split(",")
    if len(parts) not in (2, 3):
        return None
    try:
        vals = [float(p) for p in parts]
    except ValueError:
        return None
    if not all(math.isfinite(v) for v in vals):
        return None
    if len(vals) == 2:
        vals.append(0.0)
    return (vals[0], vals[1], vals[2])


def format_decision(player: str, option_id: str) -> str:
    return f"{player}: {option_id}"


def parse_decision(line: str) -> tuple[str, str]:
    """``player: option`` -> (player, option); raises ValueError naming what is wrong."""
    if ":" not in line:
        raise ValueError(f"{line!r}: a decision is written 'player: option'")
    player, _, option = line.partition(":")
    player, option = player.strip(), " ".join(option.split())
    if not player or not option:
        raise ValueError(f"{line!r}: both the player and the option are needed")
    return player, option
