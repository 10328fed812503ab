"""What a scenario may put on a participant before the duel starts: a named spell's conditions and
modifiers, as if it had been cast on them (``Participant.spells_on``), so that any rule situation can be
set up — a held participant's DU-5 question, a dispel on an ally (DU-10), the rite refused under a
compulsion (MD-3).

Only the effect a failed save would leave is put on (a spell's first stage: color spray's first band, a
tiered spell's first tier, a choice's first version); damage, pushes and the like are not effects that
last, and a spell with nothing that lasts is refused by the scenario model with the spell named.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .conditions import Condition
from .spells.model import at_level

if TYPE_CHECKING:
    from .combatant import Combatant


def lasting_nodes(spell: Any) -> list[Any]:
    """The ``condition`` and ``modifier`` nodes a failed save leaves (no ``then`` stages, no partial
    effects of a successful save)."""
    out: list[Any] = []

    def walk(nodes: tuple) -> None:
        for n in nodes:
            kind = getattr(n, "kind", "")
            if kind in ("condition", "modifier"):
                out.append(n)
            elif kind == "tiered" and n.tiers:
                walk(n.tiers[0].effects)
            elif kind == "choice" and n.options:
                walk(n.options[0].effects)
            else:
                walk(getattr(n, "effects", ()) or ())
                walk(getattr(n, "on_hit", ()) or ())

    walk(spell.effects)
    return out


def default_caster_level(spell: Any) -> int:
    """The lowest caster level that casts ``spell`` (a wizard's: 2 × level − 1, 1 for cantrips)."""
    return max(1, 2 * spell.level - 1)


def rounds_of(spell: Any, node: Any, caster_level: int) -> int | None | str:
    """The fixed duration in rounds of ``node`` at ``caster_level`` (None: until removed), or a reason
    string when it is rolled or instantaneous (the scenario must give ``rounds``)."""
    dur = node.duration if node.duration is not None else spell.duration
    if dur.dice is not None:
        return f"{spell.id}'s duration is rolled ({dur.dice.describe(caster_level)} {dur.unit})"
    n = dur.rounds_at(caster_level)
    if n == 0:
        return f"{spell.id} is instantaneous"
    return n


def put_on(c: Combatant, spell: Any, caster: Combatant | None, caster_level: int, rounds: int | None) -> None:
    """Put ``spell``'s lasting effect on ``c`` (``caster``: the participant who cast it, or None for
    someone before the duel). Durations count on the caster's turns, or on ``c``'s own."""
    tick_on = caster.id if caster is not None else c.id
    data = {"cl": caster_level, "caster": caster.id if caster is not None else None, "before_duel": True}
    for node in lasting_nodes(spell):
        left = rounds if rounds is not None else rounds_of(spell, node, caster_level)
        left = None if isinstance(left, str) else left
        if node.kind == "condition":
            for name in (node.condition, *node.also):
                c.conditions.append(
                    Condition(
                        name,
                        rounds=left,
                        tick_on=tick_on,
                        source=spell.id,
                        clauses=("C-11",),
                        data=dict(data),
                    )
                )
                if name == "flying":
                    c.flying = True
        else:
            c.conditions.append(
                Condition(
                    spell.id,
                    rounds=left,
                    tick_on=tick_on,
                    source=spell.id,
                    stat=node.stat,
                    value=at_level(node.value, caster_level),
                    bonus_type=node.bonus_type,
                    data={**data, "uses": node.uses},
                )
            )
    c.dirty()
