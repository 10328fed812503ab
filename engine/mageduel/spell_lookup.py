"""Spells by id, kept at hand, and whether a spell is aimed at foes: what the resolver (``effects``), the
reaction windows, a rule module (``duel_actions``, DU-10), the view and the computer players all ask.

A small module of its own, below all of them, so that none needs to import the resolver for it.
"""

from __future__ import annotations

from typing import Any

from .spells import catalogue

HOSTILE_KINDS = frozenset(
    {
        "attack",
        "save",
        "missiles",
        "damage",
        "slay",
        "ability",
        "negative_levels",
        "forced_movement",
        "dispel",
        "tiered",
        "chain",
    }
)
_SPELLS: dict[str, Any] = {}
_HOSTILE: dict[str, bool] = {}


def spell_by_id(sid: str) -> Any:
    """The catalogue's spell ``sid``, kept at hand (asked for every option of every turn)."""
    sp = _SPELLS.get(sid)
    if sp is None:
        sp = _SPELLS[sid] = catalogue.get(sid)
    return sp


def hostile(spell: Any) -> bool:
    """Whether a spell is aimed at foes (attack, save, damage …) rather than a boon for oneself or allies."""
    h = _HOSTILE.get(spell.id)
    if h is None:
        if spell.save.harmless or spell.target.kind == "self":
            h = False
        else:
            h = any(getattr(n, "kind", "") in HOSTILE_KINDS for n in spell.nodes())
        _HOSTILE[spell.id] = h
    return h
