"""The damage pipeline (C-6): every hit point of damage, from a weapon, a spell or a spell that goes on
hurting (acid arrow), goes through :func:`deal_damage`. The rule modules change it first through
``hooks.transform_damage`` (MD-14 nonlethal, MD-16 halving, MD-17 a slaying spell's replacement, DU-31);
then slaying, energy resistance, damage reduction and temporary hit points, the wound that wakes a sleeper
or breaks a charm (C-11), and a drop below 0 that opens the duel effort (DU-18, DU-20).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import duel_effort as _effort
from .conditions import Condition
from .core import Damage
from .events import RollPurpose

if TYPE_CHECKING:
    from .combatant import Combatant
    from .state import Duel, Gen


def deal_damage(duel: Duel, dmg: Damage) -> Gen:
    """Transform (hooks), then apply: temporary hp, resistance, damage reduction, hp or nonlethal (C-6).
    A drop below 0 hp opens the duel effort window (DU-18, DU-20)."""

    dmg = duel.hooks.transform_damage(duel, dmg)
    t = duel.by_id[dmg.target]
    if dmg.slay is not None:
        duel.emit(
            "slay", t.id, {"outcome": dmg.slay, "spell": dmg.spell, "by": dmg.attacker}, tuple(dmg.clauses)
        )
        if dmg.slay == "petrified":
            duel.add_condition(t.id, Condition("petrified", source=dmg.spell or "", clauses=("C-11",)))
        elif duel.kind == "mageduel" and duel.rule_state.rite.md_started:
            t.status = "slain"  # MD-14: nobody dies in a mageduel
            duel.emit("status", t.id, {"status": "slain", "why": dmg.slay}, ("MD-14",))
        else:
            t.hp = -t.ability("con")
            t.status = "dead"
            duel.emit("status", t.id, {"status": "dead", "why": dmg.slay}, ("C-6",))
        return
    amount = max(0, dmg.amount)
    res = resistance(t, dmg.dtype) if amount and (t.resist or t.conditions) else 0
    if res:
        cut = min(amount, res)
        amount -= cut
        dmg.notes.append(f"resistance {cut}")
    if amount and t.dr and dmg.source in ("weapon", "summon"):
        cut = min(amount, t.dr[0], t.dr[1])
        amount -= cut
        t.dr[1] -= cut
        dmg.notes.append(f"damage reduction {cut}")
        if t.dr[1] <= 0:
            t.dr = []
            for spent in [x for x in t.conditions if x.stat == "dr"]:
                duel.remove_condition(t.id, spent, "discharged")
    if amount and t.temp_hp:
        cut = min(amount, t.temp_hp)
        t.temp_hp -= cut
        amount -= cut
        dmg.notes.append(f"temporary hp {cut}")
    if amount and t.conditions:
        _wake_and_break_charms(duel, t, dmg.attacker)
    was_above = t.hp >= 0
    if dmg.lethal:
        t.hp -= amount
        if amount and duel.first_blood is None and dmg.attacker is not None:
            duel.first_blood = dmg.attacker
    else:
        t.nonlethal += amount
    duel.emit(
        "damage",
        t.id,
        {
            "amount": amount,
            "lethal": dmg.lethal,
            "type": dmg.dtype,
            "source": dmg.source,
            "by": dmg.attacker,
            "spell": dmg.spell,
            "critical": dmg.critical,
            "hp": t.hp,
            "nonlethal": t.nonlethal,
            "notes": dmg.notes,
        },
        tuple(dmg.clauses) + ("C-6",),
    )
    duel.update_status(t)
    if was_above and t.hp < 0 and t.status == "dying":
        yield from _effort.effort_below_zero(duel, t)


def _wake_and_break_charms(duel: Duel, t: Combatant, attacker: str | None) -> None:
    """C-11: a wound wakes a sleeper (sleep); harm from the charmer's side breaks a charm (charm person)."""
    a = duel.by_id.get(attacker) if attacker else None
    for cond in list(t.conditions):
        if cond.name == "asleep":
            duel.remove_condition(t.id, cond, "woken by a wound")
        elif cond.name == "charmed" and a is not None:
            charmer = duel.by_id.get(cond.data.get("caster", ""))
            if charmer is not None and charmer.side == a.side:
                duel.remove_condition(t.id, cond, "hurt by the charmer's side")


def ongoing_damage(duel: Duel, c: Combatant) -> Gen:
    """Damage that repeats at the start of the caster's turns (acid arrow)."""

    for t in duel.participants:
        for cond in list(t.conditions):
            node = cond.data.get("ongoing") if cond.tick_on == c.id else None
            if node is None or t.status not in ("active", "dying"):
                continue
            d = node.dice
            r = yield from duel.roll_dice(
                c.id,
                d.count_at(cond.data["cl"]),
                d.die,
                f"{cond.source} damage",
                code=RollPurpose.ONGOING_DAMAGE,
            )
            yield from deal_damage(
                duel,
                Damage(
                    t.id,
                    sum(r) + d.bonus_at(cond.data["cl"]),
                    lethal=not node.nonlethal,
                    source="spell",
                    attacker=c.id,
                    spell=cond.source,
                    dtype=node.type,
                ),
            )


def resistance(t: Combatant, dtype: str) -> int:
    """Energy resistance against ``dtype``: the creature's own or a spell's, whichever is higher."""
    best = t.resist.get(dtype, 0)
    if t.conditions:
        key = "resist:" + dtype
        for cond in t.conditions:
            if cond.stat == key and cond.value > best and not cond.data.get("dormant"):
                best = cond.value
    return best
