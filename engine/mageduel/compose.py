"""The one place the engine is put together: the kernel (``state.Duel``) with the line-up, the rule
modules (``rules.RULE_MODULES``), the core combat rules and the view.

The kernel imports nothing above it; it runs what :func:`combat` hands it. The rules load with the
first duel, not when the page's boot imports the API (issue 15), so the imports below sit inside
:func:`combat`, once.

>>> from mageduel import Seeded, duel_scenario
>>> duel = new_duel(duel_scenario("ilse", "kael", "duel"), Seeded(1))
>>> duel.pending.kind, duel.combat is combat()
('turn', True)
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING

from .deferred import building
from .spells import catalogue
from .state import Combat, Duel

if TYPE_CHECKING:
    from collections.abc import Iterator

    from .dice import DiceSource
    from .scenario import Scenario


@cache
def combat() -> Combat:
    """The engine's own rules, for the kernel (the same object on every call)."""
    # why: each import below loads a layer the page's boot does not need: the rules load with the
    # first duel (issue 15); the kernel (state) and the API import this module cheaply.
    from .actions import default_initiative, default_placement, on_removed, take_turn
    from .damage import deal_damage  # why: the damage pipeline, as above
    from .lineup import build_bystanders, build_combatants  # why: the combatant and its adapter, as above
    from .rules import RuleState, build_hooks  # why: the rule modules, as above
    from .views import build_brief_view, build_view  # why: the view reads the rules, as above

    return Combat(
        build_combatants=build_combatants,
        build_bystanders=build_bystanders,
        build_hooks=build_hooks,
        rule_state=RuleState,
        default_placement=default_placement,
        default_initiative=default_initiative,
        take_turn=take_turn,
        deal_damage=deal_damage,
        on_removed=on_removed,
        build_view=build_view,
        build_brief_view=build_brief_view,
    )


def new_duel(scenario: Scenario, dice_source: DiceSource) -> Duel:
    """A new duel of ``scenario`` with ``dice_source``; ``duel.pending`` is the first decision."""
    return Duel(scenario, dice_source, combat())


#: What :func:`combat` loads, each module after every engine module it imports (the order ``python -X
#: importtime`` finishes them in), so that importing them in this order loads one module per step.
#: ``tests/engine/test_compose.py`` checks it against the imports themselves.
LAYERS = (
    "duel_dodge",
    "spells.model",
    "spells",
    "duel_parry",
    "reactions",
    "duel_effort",
    "damage",
    "walls",
    "attacks",
    "spells.catalogue",
    "spell_lookup",
    "duel_counterspell",
    "maneuvers",
    "charm",
    "notation",
    "spell_options",
    "terrain",
    "weight",
    "budget",
    "creatures",
    "combatant",
    "weapons",
    "character_adapter",
    "summons",
    "effects",
    "rule_error",
    "zone",
    "actions",
    "start_effects",
    "lineup",
    "duel_actions",
    "rite",
    "endings",
    "terms",
    "items",
    "zone_effects",
    "rules",
    "views",
)


def loading() -> Iterator[str]:
    """Load what :func:`combat` needs one module at a time, naming each once it is loaded: a page that
    takes one step per task loads the rules while its player reads the setup, and never holds its main
    thread for all of them at once (issue 15). The first duel then imports nothing.

    >>> steps = list(loading())
    >>> steps[-1], "views" in steps
    ('combat', True)
    """
    for name in LAYERS:
        module = import_module(f"{__package__}.{name}")
        yield name
        yield from building(module)  # its models declared with defer_build (the views'), one per step
    yield from catalogue.loading()  # the spells, a piece at a time (built on first use, not at boot)
    combat()
    yield "combat"
