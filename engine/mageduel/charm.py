"""C-11, charmed (charm person): what a charmed creature may not do to its charmer.

A turn filters its options through :func:`charm_filter`, and a cast at a point (``effects``) asks
:func:`charm_allows` of the one option it builds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .core import Option
from .spell_lookup import hostile, spell_by_id

if TYPE_CHECKING:
    from .combatant import Combatant
    from .state import Duel


def charm_allows(duel: Duel, c: Combatant, opt: Option) -> bool:
    """C-11: may a charmed ``c`` take ``opt`` (nothing hostile that would catch its charmer)?"""
    return bool(charm_filter(duel, c, [opt]))


def charm_filter(duel: Duel, c: Combatant, opts: list[Option]) -> list[Option]:
    """C-11 charmed (charm person): no attack, and no hostile spell, that would catch the charmer."""
    charmers = {
        x.data.get("caster") for x in c.conditions if x.name == "charmed" and not x.data.get("dormant")
    }
    if not charmers:
        return opts
    out = []
    for o in opts:
        if o.kind in ("attack", "full-attack", "cast", "bull-rush", "touch"):
            hit = set(o.data.get("targets", ())) | set(o.data.get("affected", ()))
            spelled = o.kind in ("cast", "touch")
            if hit & charmers and (not spelled or hostile(spell_by_id(o.data["spell"]))):
                continue
        out.append(o)
    return out
