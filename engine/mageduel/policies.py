"""Policies that decide for a player: uniformly random over the legal options, and a simple greedy one.

Each takes a PRNG of its own (``dice.SplitMix64``), never the global ``random``, so a simulation is a pure
function of its seeds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import geometry
from .dice import SplitMix64
from .spell_lookup import hostile, spell_by_id

if TYPE_CHECKING:
    from .state import Duel, Option


#: Option data keys the rules modules set on a choice that loses or ends the duel for its taker: breaking
#: the terms (DU-2), a disqualifying attack with an item (MD-13), a disqualified mage's interference (MD-23).
MARKS = ("breaks_terms", "disqualifies", "ends_duel")


def safe_options(opts: list[Option]) -> list[Option]:
    """The options that carry none of :data:`MARKS`; all of them when every option is marked."""
    for o in opts:  # most decisions have no marked option: no new list then
        d = o.data
        if d and ("breaks_terms" in d or "disqualifies" in d or "ends_duel" in d):
            break
    else:
        return opts
    safe = [o for o in opts if not (o.data and any(k in o.data for k in MARKS))]
    return safe if safe else opts


class RandomPolicy:
    """Picks uniformly among the pending options, leaving out those that lose or end the duel for it
    (:data:`MARKS`) unless nothing else is legal."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = SplitMix64(seed)

    def choose(self, duel: Duel) -> str:
        opts = safe_options(duel.pending.options)  # type: ignore[union-attr]
        return opts[self.rng.below(len(opts))].id


class GreedyPolicy:
    """One-ply heuristics: the strongest harmful spell at a foe, else a weapon attack, else close in;
    always identify, counter, dodge and use effort when offered; never what loses or ends the duel for it
    (:data:`MARKS`) unless nothing else is legal. Ties are broken by its own PRNG."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = SplitMix64(seed)

    def score(self, duel: Duel, o: Option) -> float:
        k = o.kind
        if k == "cast" and o.data.get("hold"):
            return 8.0  # holding a touch spell's charge: worth it only when nothing better is at hand
        if k == "touch":
            return 30.0  # a held charge delivered
        if k == "cast":
            sp = spell_by_id(o.data["spell"])
            me = duel.by_id[duel.pending.player]  # type: ignore[union-attr]
            affected = o.data.get("affected", ())
            targets = o.data.get("targets") or []
            base = 10.0 + 5 * o.data["slot"]
            if o.data.get("wall") is not None:
                return 9.0  # disintegrating a wall of force: only when nothing better is at hand
            if any(n.kind == "heal" for n in sp.nodes()):
                t = duel.by_id[targets[0]] if targets else me
                return 45.0 if t.hp - t.nonlethal < t.max_hp // 2 else 1.0  # heal only the badly hurt
            if hostile(sp) and targets and duel.by_id[targets[0]].side == me.side:
                return 25.0  # a dispel on oneself or an ally (DU-10): offered only with a foe's spell to end
            if hostile(sp):
                base += 20 + (3 if sp.deals_damage else 0) + 2 * len(affected)
                if any(duel.by_id[a].side == me.side for a in affected):
                    base -= 40  # do not catch oneself or an ally
            elif targets and any(x.source == sp.id for x in duel.by_id[targets[0]].conditions):
                base = 1.0  # already under this spell
            if o.data.get("defensive"):
                base -= 1
            return base
        if k in ("attack", "full-attack"):
            return 12.0 + (2 if k == "full-attack" else 0)
        if k in ("duel-counter", "md-counter", "counter"):
            return 50.0 - o.data.get("slot", 0)
        if k in ("identify", "dodge", "effort", "aoo"):
            return 40.0
        if k == "parry":
            return 35.0
        if k in ("move", "step"):
            # Close in: the nearer the move ends to the nearest rival, the better (by a hair, so that any
            # spell or attack still comes first).
            base = 5.0 if k == "move" else 3.0
            point = o.data.get("point")
            me = duel.pending.player  # type: ignore[union-attr]
            rivals = duel.opponents(me)
            if point is None or not rivals:
                return base
            return base - 0.001 * min(geometry.distance(point, r.pos) for r in rivals)
        if k == "ready":
            return 4.0
        if k == "end":
            return 2.0
        if k == "pass":
            return 1.0
        if k == "roll":
            return self.rng.below(1000) / 100.0
        return 6.0

    def choose(self, duel: Duel) -> str:
        opts = safe_options(duel.pending.options)  # type: ignore[union-attr]
        best = max(self.score(duel, o) for o in opts)
        top = [o for o in opts if self.score(duel, o) == best]
        return top[self.rng.below(len(top))].id


def make(name: str, seed: int) -> RandomPolicy | GreedyPolicy:
    if name == "random":
        return RandomPolicy(seed)
    if name == "greedy":
        return GreedyPolicy(seed)
    raise ValueError(f"unknown policy {name!r}: use random or greedy")


def play_out(
    duel: Duel,
    policies: dict[str, RandomPolicy | GreedyPolicy] | RandomPolicy | GreedyPolicy,
    max_decisions: int = 100_000,
) -> Duel:
    """Let policies decide until the duel ends (one policy for everyone, or one per player id)."""
    n = 0
    while duel.pending is not None:
        p = duel.pending.player
        pol = policies[p] if isinstance(policies, dict) else policies
        duel.apply(p, pol.choose(duel))
        n += 1
        if n > max_decisions:
            raise RuntimeError(f"no end after {max_decisions} decisions")
    return duel
