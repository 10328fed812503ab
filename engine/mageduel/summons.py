"""Summoned creatures (summon monster I-III): they appear beside the caster, fight on the caster's side
under the caster's control, act right after the caster in the initiative order, and vanish when the spell
ends. MD-11 (they cannot leave the zone) and MD-16 (half damage) are the rules modules' hooks."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from . import creatures, geometry, walls
from .character_adapter import combatant_from_creature
from .conditions import Condition
from .core import Option
from .events import RollPurpose

if TYPE_CHECKING:
    from .core import Gen
    from .effects import Ctx
    from .state import Duel


def summon(duel: Duel, ctx: Ctx, node: Any) -> Gen:
    c = ctx.caster
    choices = creatures.for_list(node.list_level)
    if not choices:
        return
    opts = [Option(f"choose {cr.id}", "choose", {"creature": cr.id}) for cr in choices]
    ans = yield from duel.ask(c.id, "choose", opts, f"{ctx.spell.id}: which creature?")
    cr = creatures.get(ans.split()[1])
    if isinstance(node.count, int):
        n = node.count
    else:
        r = yield from duel.roll_dice(
            c.id,
            node.count.count_at(ctx.cl),
            node.count.die,
            "number summoned",
            code=RollPurpose.SUMMON_COUNT,
        )
        n = sum(r) + node.count.bonus_at(ctx.cl)
    rounds = ctx.spell.duration.rounds_at(ctx.cl) or 1
    point = ctx.cast.point or c.pos
    spots = _spots_about(duel, point)
    for _ in range(n):
        k = sum(1 for x in duel.participants if x.summoned_by == c.id) + 1
        cid = f"{c.id}s{k}"
        while cid in duel.by_id:
            k += 1
            cid = f"{c.id}s{k}"
        s = combatant_from_creature(cr, cid, c.side, c.id)
        s.pos = _free_spot(duel, spots)
        s.conditions.append(
            Condition("summoned", rounds=rounds, tick_on=c.id, source=ctx.spell.id, data={"summon": True})
        )
        duel.participants.append(s)
        duel.by_id[cid] = s
        i = duel.order.index(c.id) + 1 if c.id in duel.order else len(duel.order)
        while i < len(duel.order) and duel.by_id[duel.order[i]].summoned_by == c.id:
            i += 1
        duel.order.insert(i, cid)
        duel.emit(
            "summoned", c.id, {"creature": cr.id, "id": cid, "at": list(s.pos), "rounds": rounds}, ("MD-11",)
        )


#: C-13: how far a creature stands from the next one when the floor has room (a Medium creature's space).
SPACE = 5.0
#: The rings of points about the chosen point that a creature may appear on: (radius in feet, points).
_RINGS = ((2.5, 8), (5.0, 8), (7.5, 16), (10.0, 16), (15.0, 24))


def _spots_about(duel: Duel, point: tuple[float, float, float]) -> list[tuple[float, float, float]]:
    """Where summoned creatures may appear about ``point``, nearest first: the point, then rings about it
    (on the same side of the zone's faces as the point, with no wall between; an even spread, in a fixed
    order, so a replay places them again where they were)."""
    out = [geometry.rounded(point)]
    zone = duel.zone
    inside = zone.holds(point) if zone is not None else True
    for radius, count in _RINGS:
        for i in range(count):
            a = 2 * math.pi * i / count
            q = geometry.rounded((point[0] + radius * math.cos(a), point[1] + radius * math.sin(a), point[2]))
            if zone is not None and zone.holds(q) != inside:
                continue  # MD-11: a creature summoned in the zone appears in it
            if walls.blocked(duel, point, q) or q in out:
                continue
            out.append(q)
    return out


def _free_spot(duel: Duel, spots: list[tuple[float, float, float]]) -> tuple[float, float, float]:
    """C-13: a summoned creature appears on a point of its own: the first of ``spots`` a creature's space
    from everyone on the floor; in a zone too small for that (a 1st-level zone is 4-5 feet across), the one
    farthest from the nearest of them."""
    here = [x.pos for x in duel.participants if x.status != "gone"]

    def room(q: tuple[float, float, float]) -> float:
        return min((geometry.distance(q, p) for p in here), default=math.inf)

    for q in spots:
        if room(q) >= SPACE - 0.05:
            return q
    return max(spots, key=room)


def dismiss(duel: Duel, cid: str) -> None:
    """The summoning ended: the creature vanishes."""
    s = duel.by_id.get(cid)
    if s is None:
        return
    s.status = "gone"
    if cid in duel.order:
        duel.order.remove(cid)
    duel.emit("vanishes", cid, {}, ())
