"""Plug-in points of the duel state machine for the rules modules (rite, terms, zone effects, endings).

The core (``state.Duel``) runs a fixed skeleton — pre-fight phases, initiative, rounds of turns with
reaction windows — and calls a :class:`Hooks` object at precise moments. Every field has a default that
plays a plain, sensible game, so the core works before the rules modules exist; a rules module plugs in by
defining a module-level function ``install(hooks: Hooks, scenario: Scenario) -> None`` that replaces or wraps
fields (keep the previous value to chain: ``prev = hooks.check_end; hooks.check_end = mine``).

``rules.build_hooks`` composes them: it calls ``install`` on each module of the explicit, ordered list
``rules.RULE_MODULES`` (terms, rite, duel_actions, zone_effects, endings). This module imports none of them,
so a rule module may import it at its top.

The hooks (``duel`` is the live ``state.Duel``; generator hooks may ``yield`` an ``state.Ask`` to ask a
player something and receive the chosen option id back, exactly like the core does —
``choice = yield from duel.ask(player, kind, options, prompt)`` is the helper; roll with
``r = yield from duel.check(...)``):

``pre_fight(duel) -> Generator``
    Called once, right after the participants are placed and before initiative. The mageduel rite
    (MD-1..MD-9) runs here: qualification, challenge, acclimation, zone size (set ``duel.zone``), preparation
    rounds (the rite may call ``yield from duel.run_rounds(n, phase="preparation")`` to play full rounds
    of turns; ``duel.phase`` is then ``"preparation"``), entry (move participants with
    ``duel.place(cid, point)``). It may end the duel with ``duel.end(...)``. Default: nothing.

``initiative(duel) -> Generator``
    Rolls initiative and sets ``duel.order`` (list of combatant ids, first to act first). Default: C-3
    (d20 + Dex + Improved Initiative, ties by modifier then roll-off); with
    ``scenario.options.face_off`` each participant chooses Bluff/Intimidate/Sense Motive (DU-8).

``round_start(duel) -> Generator`` / ``round_end(duel) -> Generator``
    At the start of each round before the first turn (DU-9 progress check, MD-6 animals' saves) and after
    the last. Default: nothing.

``after_action(duel) -> Generator``
    Right after each turn option is resolved (an attack, a spell with its reaction windows), while the
    turn goes on: DU-30's performance check after a successful duel counter, dodge or effort is offered
    here. Default: nothing.

``transform_damage(duel, dmg: Damage) -> Damage``
    Every hit point damage passes here before it is applied (``state.Damage``: ``target``, ``amount``,
    ``lethal`` (False = nonlethal), ``source`` in ``"spell" | "weapon" | "summon" | "effect"`` ("summon": a
    summoned creature's attack; spells cast from items are "spell"),
    ``attacker``, ``spell`` id or None, ``dtype``, ``slay`` (a SlayNode outcome string when a spell would
    kill outright: the default kills; MD-17 may replace it with nonlethal damage of half max hp and set
    ``slay = None``), ``critical``, ``clauses`` (append the IDs you apply), ``notes``). Return the
    (possibly new) Damage. Zone effects do MD-14 (nonlethal), MD-16 (halving, round down, min 1), MD-17
    here; DU-31 arena conversion likewise. Default: identity.

``transform_ability(duel, ad: AbilityDamage) -> AbilityDamage``
    Every ability damage / drain / penalty (``target``, ``ability``, ``amount``, ``mode``, ``source``,
    ``spell``, ``clauses``) before it is applied (MD-15, MD-16). Default: identity.

``filter_area(duel, caster_id: str, shape, affected: list[str]) -> list[str]``
    The combatant ids an area spell will affect, after geometry found ``affected`` inside ``shape``
    (``geometry.Burst``/``Cone``/``Line``/``Cylinder``). MD-10 clipping removes those outside the zone.
    Default: identity.

``legal(duel, actor_id: str, option: Option) -> str | None``
    Called for every turn option the core generates (``option.kind`` in ``"cast" | "attack" | "move" |
    "step" | "ready" | "end" …``, ``option.data`` holds ``spell``, ``targets`` (ids), ``affected`` (ids an
    area would catch), ``point``, ``weapon``). Return ``None`` to keep it or a reason string to drop it
    (DU-10, DU-4/DU-6/DU-7 terms bans). Default: keeps everything. Also called for reactions.

``check_end(duel) -> Outcome | None``
    Called after every resolved decision, after each turn and at each round's end. Return an
    ``state.Outcome`` to end the duel (the core logs it and stops). Default: the duel ends when at most one
    side still has a participant able to fight (not unconscious/dying/dead/petrified/slain/out), or after
    ``scenario.options.max_rounds`` rounds as a tie.

``on_end(duel, outcome) -> None``
    Called once when the duel ends (MD-20: restore hp and abilities, remove the duel's spells). Default:
    nothing. The duel dodge's -2 (DU-25) is a condition with ``data["survives_end"] = True``: it lasts until
    the start of the dodger's next turn even past the end, so leave it in place.

``on_event(duel, event) -> None``
    Called for every event appended (e.g. to notice a terms violation, DU-2). Default: None (not called).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

if TYPE_CHECKING:
    from .state import AbilityDamage, Damage, Duel, Option, Outcome

Gen = Generator[Any, str, None]


def _nothing(duel: Duel) -> Gen:
    return
    yield  # pragma: no cover - makes this a generator


def _same_damage(duel: Duel, dmg: Damage) -> Damage:
    return dmg


def _same_ability(duel: Duel, ad: AbilityDamage) -> AbilityDamage:
    return ad


def _same_area(duel: Duel, caster_id: str, shape: object, affected: list[str]) -> list[str]:
    return affected


def _no_end_hook(duel: Duel, outcome: Outcome) -> None:
    return None


@dataclass(slots=True)
class Hooks:
    pre_fight: Callable[[Duel], Gen] = _nothing
    initiative: Callable[[Duel], Gen] | None = None  # None: the core's C-3 / DU-8 initiative
    round_start: Callable[[Duel], Gen] = _nothing
    round_end: Callable[[Duel], Gen] = _nothing
    after_action: Callable[[Duel], Gen] = _nothing
    transform_damage: Callable[[Duel, Damage], Damage] = _same_damage
    transform_ability: Callable[[Duel, AbilityDamage], AbilityDamage] = _same_ability
    filter_area: Callable[[Duel, str, object, list[str]], list[str]] = _same_area
    legal: Callable[[Duel, str, Option], str | None] | None = None
    check_end: Callable[[Duel], Outcome | None] | None = None  # None: the core's default end check
    on_end: Callable[[Duel, Outcome], None] = _no_end_hook
    on_event: Callable[[Duel, Any], None] | None = None


#: The rules of each legality chain :func:`add_legal` made (kept weakly: one chain per duel's hooks).
_CHAINS: WeakKeyDictionary[Callable[..., Any], tuple[Callable[[Duel, str, Option], str | None], ...]] = (
    WeakKeyDictionary()
)


def add_legal(hooks: Hooks, rule: Callable[[Duel, str, Option], str | None]) -> None:
    """Chain a legality rule after the ones installed before it: the first reason given stands.

    The chain is one function over the rules in order, not a call per link: it judges every option of
    every turn (issue 15)."""
    prev = hooks.legal
    rules = (rule,) if prev is None else (*_CHAINS.get(prev, (prev,)), rule)

    def chained(duel: Duel, actor_id: str, option: Option) -> str | None:
        for r in rules:
            why = r(duel, actor_id, option)
            if why is not None:
                return why
        return None

    _CHAINS[chained] = rules
    hooks.legal = chained


def add_on_event(hooks: Hooks, listener: Callable[[Duel, Any], None]) -> None:
    """Chain an event listener after the ones installed before it."""
    prev = hooks.on_event

    def chained(duel: Duel, e: Any) -> None:
        if prev is not None:
            prev(duel, e)
        listener(duel, e)

    hooks.on_event = chained
