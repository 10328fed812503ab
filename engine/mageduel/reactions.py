"""Reaction windows: the machinery every duel action and attack of opportunity is offered through.

A window opens on a trigger and asks, in a defined order, each participant who may react, before
resolution goes on (boardgame.io's stages). The order is the initiative order starting after the acting
creature. Each participant may set Ask / Always / Never per reaction kind (``duel.set_preference``).

The rules offered in the windows live in the modules named for their rulebook sections:

- a spell begins: identification and the counterspells, ``duel_counterspell`` (DU-11..DU-17, MD-12, C-12);
- an attack or a spell targets someone (:func:`defend_window`, here, as it offers both): the duel dodge,
  ``duel_dodge`` (DU-22..DU-25), and the duel parry, ``duel_parry`` (DU-26..DU-29);
- a Fortitude or Will save fails, or hit points drop below 0: ``duel_effort`` (DU-18..DU-21);
- casting or moving while threatened: the attack of opportunity, ``attacks`` (C-10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .core import ALWAYS, NEVER, Option
from .duel_dodge import dodge_options
from .duel_parry import feature_parry, parry_options

if TYPE_CHECKING:
    from .combatant import Combatant
    from .state import Duel, Gen


def duel_actions_on(duel: Duel) -> bool:
    """X-2: duel actions are on by default; a mageduel is a duel (X-1)."""
    return getattr(duel.terms, "duel_actions", True) and not duel.rule_state.endings.duel_actions_off


def can_react(c: Combatant) -> bool:
    return c.status == "active" and c.acts() != "none"


def use_immediate(duel: Duel, c: Combatant, what: str) -> None:
    """DU-11 / C-9: one immediate action per round; off one's own turn it spends the next turn's swift."""
    c.immediate_ready = False
    if duel.turn_of != c.id:
        c.swift_spent_next = True
    # a mageduel is a duel, so the duel actions are there too (the log says why they are offered).
    clauses = ("DU-11", "C-9", "X-1") if duel.kind == "mageduel" else ("DU-11", "C-9")
    duel.emit("immediate", c.id, {"action": what}, clauses)


def reaction_order(duel: Duel, actor: str) -> list[Combatant]:
    """Everyone but ``actor``, in initiative order starting after ``actor``."""
    order = duel.order or [c.id for c in duel.participants]
    if actor in order:
        i = order.index(actor)
        order = order[i + 1 :] + order[:i]
    return [duel.by_id[cid] for cid in order if cid != actor and cid in duel.by_id]


def react(
    duel: Duel, player: str, kind: str, options: list[Option], prompt: str, context: dict[str, Any]
) -> Gen:
    """Ask with per-reaction-kind preferences: options whose reaction kind is set to Never are dropped; an
    Always kind is taken without asking."""

    kept = []
    for o in options:
        mode = duel.prefs.get((player, o.data.get("reaction", kind)), "ask")
        if mode == NEVER:
            continue
        if mode == ALWAYS:
            return o.id
        kept.append(o)
    if not kept:
        return "pass"
    kept.append(Option("pass", "pass", {}))
    return (yield from duel.ask(player, kind, kept, prompt, context))


def defend_window(duel: Duel, target: Combatant, attacker: Combatant, source: str, what: Any) -> Gen:
    """DU-22 / DU-26: before an attack (``source`` "weapon") or a spell ("spell") of another participant is
    resolved, its target may duel dodge or (weapons only, never firearms) duel parry. Returns the set of
    defences declared."""

    if not duel_actions_on(duel) or target.side == attacker.side or not can_react(target):
        return set()
    free = feature_parry(duel, target, attacker, source, what)
    if not target.immediate_ready and not free:
        return set()
    opts = dodge_options(target) + parry_options(target, source, what, free)
    hook = duel.hooks.legal
    if hook is not None:
        opts = [o for o in opts if hook(duel, target.id, o) is None]
    if not opts:
        return set()
    choice = yield from react(
        duel,
        target.id,
        "defend",
        opts,
        f"{attacker.name} attacks you",
        {"attacker": attacker.id, "source": source},
    )
    if choice == "pass":
        return set()
    if free and choice.startswith("react parry"):
        # DU-28: the parry class feature in use parries once per round without the immediate action.
        target.feature_parry_round = duel.round
        duel.emit("parry-feature", target.id, {"attacker": attacker.id}, ("DU-28",))
    else:
        use_immediate(duel, target, choice)
    if choice == "react dodge":
        duel.emit("dodge", target.id, {"attacker": attacker.id}, ("DU-22", "DU-23"))
        return {"dodge"}
    duel.parry_weapons[target.id] = choice.split()[2]
    duel.emit("parry", target.id, {"attacker": attacker.id, "weapon": choice.split()[2]}, ("DU-26",))
    return {"parry"}
