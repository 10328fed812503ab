"""The duel's rule modules, composed in one explicit, ordered list.

Each rule module plugs into the duel's skeleton (``state.Duel``) through ``install(hooks, scenario)``,
which replaces or chains fields of :class:`hooks.Hooks`. The order matters: a later module wraps what an
earlier one installed (``add_legal`` keeps the first reason given; ``check_end`` chains to the previous).

1. ``terms`` — the terms of a duel agreed beforehand: bans, duel actions allowed (DU-2..DU-7, DU-10).
2. ``rite`` — the mageduel rite before the fight (MD-1..MD-9): qualification, challenge, the zone, entry.
3. ``duel_actions`` — duel counterspell, effort, dodge and parry's follow-ups (DU-11..DU-30).
4. ``zone_effects`` — inside Mystra's zone: nonlethal damage, halving, no slaying, clipping (MD-10..MD-19).
5. ``endings`` — how a duel ends and what the end gives back (DU-9, MD-20..MD-25, X-*).

There is no discovery and no silent skip: a rule module is added here, by name, or it does not play.

Each rule module that remembers something during a duel has its own typed state, a small dataclass;
:class:`RuleState` holds one of each, and the duel holds a ``RuleState`` (``duel.rule_state.endings.breach``,
``duel.rule_state.rite.md_started``). A module writes only its own state; others may read it.

>>> [m.__name__.removeprefix("mageduel.") for m in RULE_MODULES]
['terms', 'rite', 'duel_actions', 'zone_effects', 'endings']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING

from . import duel_actions, endings, rite, terms, zone_effects
from .duel_actions import DuelActionsState
from .endings import EndingsState
from .hooks import Hooks
from .rite import RiteState
from .zone_effects import ZoneEffectsState

if TYPE_CHECKING:
    from .scenario import Scenario

#: The rule modules, in the order their ``install`` runs.
RULE_MODULES: tuple[ModuleType, ...] = (terms, rite, duel_actions, zone_effects, endings)


@dataclass(slots=True)
class RuleState:
    """The rule modules' own state during one duel (``terms`` keeps none: the terms are the scenario's)."""

    rite: RiteState = field(default_factory=RiteState)
    duel_actions: DuelActionsState = field(default_factory=DuelActionsState)
    zone_effects: ZoneEffectsState = field(default_factory=ZoneEffectsState)
    endings: EndingsState = field(default_factory=EndingsState)


def build_hooks(scenario: Scenario) -> Hooks:
    """The hooks for ``scenario``: the skeleton's defaults, then each rule module's ``install`` in order."""
    hooks = Hooks()
    for module in RULE_MODULES:
        module.install(hooks, scenario)
    return hooks
