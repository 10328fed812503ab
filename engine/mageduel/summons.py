"""Summoned creatures (summon monster I-III): they appear beside the caster, fight on the caster's side
under the caster's control, act right after the caster in the initiative order, and vanish when the spell
ends. MD-11 (they cannot leave the zone) and MD-16 (half damage) are the rules modules' hooks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import creatures, geometry
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
    for _ in range(n):
        k = sum(1 for x in duel.participants if x.summoned_by == c.id) + 1
        cid = f"{c.id}s{k}"
        while cid in duel.by_id:
            k += 1
            cid = f"{c.id}s{k}"
        s = combatant_from_creature(cr, cid, c.side, c.id)
        s.pos = geometry.rounded(point)
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


def dismiss(duel: Duel, cid: str) -> None:
    """The summoning ended: the creature vanishes."""
    s = duel.by_id.get(cid)
    if s is None:
        return
    s.status = "gone"
    if cid in duel.order:
        duel.order.remove(cid)
    duel.emit("vanishes", cid, {}, ())
