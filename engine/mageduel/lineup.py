"""The duel's line-up: the scenario's participants and bystanders made combatants when a duel starts.

Each character sheet becomes a :class:`combatant.Combatant` (``character_adapter``), with what the
scenario brings from before the duel: conditions, ability damage and drain, and spells already on them
(``Participant.spells_on``, put on by ``start_effects``). Its own module so that the combatant (the
type) never needs its adapter (the builder): ``character_adapter`` imports ``combatant``, and this
imports both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .character_adapter import combatant_from_character
from .conditions import Condition
from .spells import catalogue
from .start_effects import default_caster_level, put_on

if TYPE_CHECKING:
    from .combatant import Combatant
    from .scenario import Scenario


def build_combatants(scenario: Scenario) -> list[Combatant]:
    out = []
    for i, p in enumerate(scenario.participants):
        cid = p.id or f"p{i + 1}"
        c = combatant_from_character(p.resolve(), cid, p.side or f"side{i + 1}")
        for name in p.conditions:  # brought from before the duel, by nobody in it (MD-3: a compulsion)
            c.conditions.append(Condition(name, source="before the duel", clauses=("C-11",)))
            if name == "flying":
                c.flying = True
        c.ability_damage.update(p.ability_damage)
        c.ability_drain.update(p.ability_drain)
        out.append(c)
    if any(p.spells_on for p in scenario.participants):
        _spells_on(scenario, out)
    return out


def build_bystanders(scenario: Scenario) -> list[Combatant]:
    """The scenario's outsiders (``Scenario.bystanders``): creatures at their places, on no side of the
    duel, who take no turns (DU-10, MD-10, MD-19)."""
    out = []
    for b in scenario.bystanders:
        c = combatant_from_character(b.resolve(), b.id, "outside")
        if b.name:
            c.name = b.name
        c.pos = (
            float(b.position[0]),
            float(b.position[1]),
            float(b.position[2]) if len(b.position) > 2 else 0.0,
        )
        c.data["outsider"] = True
        out.append(c)
    return out


def _spells_on(scenario: Scenario, combatants: list[Combatant]) -> None:
    """The spells a scenario puts on participants before the duel (``Participant.spells_on``)."""
    by_id = {c.id: c for c in combatants}
    for p, c in zip(scenario.participants, combatants, strict=True):
        for s in p.spells_on:
            sp = catalogue.get(s.spell)
            caster = by_id.get(s.caster) if s.caster else None
            cl = s.caster_level or (
                caster.cl() if caster is not None and caster.cl() else default_caster_level(sp)
            )
            put_on(c, sp, caster, cl, s.rounds)
