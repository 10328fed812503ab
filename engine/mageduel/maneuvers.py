"""C-13, combat maneuvers: the bull rush, its CMB check against the target's CMD, and the push.

>>> BULL_RUSH_REACH > 5.0
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import geometry
from . import walls as _walls
from .attacks import attacks_of_opportunity
from .core import Check
from .events import RollPurpose

if TYPE_CHECKING:
    from .combatant import Combatant
    from .state import Duel, Gen


#: A bull rush reaches a foe within 5 feet.
BULL_RUSH_REACH = 5.0 + geometry.EPSILON


def maneuver_bonus(c: Combatant, maneuver: str) -> list[tuple[str, int]]:
    """CMB: base attack bonus + Str, + what the sheet or stat line adds (size), + a feat's bonus for this
    maneuver (Improved Bull Rush +2)."""
    parts = [("BAB", c.bab), ("Str", c.mod("str"))]
    static = c.data.get("cmb_static", 0)
    if static:
        parts.append(("size and other", static))
    extra = c.data.get("maneuver_extra", {}).get(maneuver, (0, 0))[0]
    if extra:
        parts.append(("feats", extra))
    return parts


def maneuver_defence(t: Combatant, maneuver: str) -> int:
    """CMD: 10 + base attack bonus + Str + Dex (only a penalty when it loses its Dex bonus) + dodge,
    deflection and size as on its sheet or stat line, + a feat's bonus against this maneuver."""
    dex = t.mod("dex")
    if t.loses_dex():
        dex = min(0, dex)
    extra = t.data.get("maneuver_extra", {}).get(maneuver, (0, 0))[1]
    return t.data.get("cmd_static", 10) + t.bab + t.mod("str") + dex + extra


def bull_rush_check(c: Combatant, t: Combatant) -> Check:
    """C-13: a bull rush's CMB check against the target's CMD: the one :class:`Check` rolled by
    :func:`bull_rush` and shown as a chance by the view."""
    return Check(
        tuple(maneuver_bonus(c, "bull_rush")),
        maneuver_defence(t, "bull_rush"),
        clauses=("C-13",),
        code=RollPurpose.BULL_RUSH,
        against="CMD",
    )


def bull_rush(duel: Duel, c: Combatant, t: Combatant) -> Gen:
    """A bull rush: it provokes an attack of opportunity from its target (not with Improved Bull Rush);
    a CMB check against the target's CMD pushes it 5 feet straight away, and 5 more for every 5 by which
    the check beats the CMD, stopped by a wall (C-13). Pushed out of a mageduel's zone, a participant is
    expelled (MD-22); a summoned creature stops at the face (MD-11)."""
    if "improved_bull_rush" not in c.feats:
        yield from attacks_of_opportunity(duel, c, "a bull rush", None, only=t.id)
        if c.status != "active" or duel.outcome is not None or t.status not in ("active", "dying"):
            return
    duel.emit("maneuver", c.id, {"maneuver": "bull_rush", "target": t.id}, ("C-13",))
    check = bull_rush_check(c, t)
    r = yield from duel.roll(c.id, "bull rush (CMB)", check)
    if not r.success:
        return
    cmd = check.dc or 0
    feet = 5.0 + 5.0 * ((r.total - cmd) // 5)
    frm = t.pos
    t.pos = geometry.rounded(_walls.stop_before(duel, t.pos, geometry.away(t.pos, c.pos, feet)))
    data = {"from": list(frm), "to": list(t.pos), "by": c.id, "maneuver": "bull_rush"}
    duel.emit("pushed", t.id, data, ("C-13",))
