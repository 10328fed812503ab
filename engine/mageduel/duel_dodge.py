"""The duel dodge (DU-22..DU-25): an immediate action against an attack or a spell of another participant,
+4 to AC against it (the attack's :class:`~mageduel.core.Check` carries it, ``attacks.weapon_attack_check``)
or to the Reflex save; wasted on a spell that needs neither (DU-24); -2 to AC and Reflex once the dodged
attack is resolved, until the start of the dodger's next turn (DU-25).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .conditions import Condition
from .core import Option

if TYPE_CHECKING:
    from .combatant import Combatant
    from .state import Duel


#: DU-23: the dodge's +4, to AC against the dodged attack or to the Reflex save against the dodged spell,
#: as a named modifier: the one place it is written (weapon and spell attacks, saves, and the view's odds).
DODGE_BONUS: tuple[str, int] = ("duel dodge", 4)


def dodge_options(target: Combatant) -> list[Option]:
    """DU-22: the dodge offered in a defence window, while the immediate action is there."""
    return [Option("react dodge", "dodge", {"reaction": "dodge"})] if target.immediate_ready else []


def dodge_aftermath(duel: Duel, c: Combatant) -> None:
    """DU-25: once the attack is resolved, -2 to AC and Reflex saves until the start of the dodger's next
    turn — even if the duel ends (the rules modules must leave this condition in place at the end)."""
    for stat in ("ac", "ref"):
        duel.add_condition(
            c.id,
            Condition(
                "duel dodge (after)",
                rounds=1,
                tick_on=c.id,
                source="duel dodge",
                stat=stat,
                value=-2,
                bonus_type="penalty",
                clauses=("DU-25",),
                data={"survives_end": True},
            ),
        )


def dodge_wasted(duel: Duel, c: Combatant, attacker: str) -> None:
    duel.emit("dodge-wasted", c.id, {"attacker": attacker}, ("DU-24",))
