"""Helpers of the CORE tests: small duels with the core rules only (no rules-module hooks), scripted dice."""

from __future__ import annotations

from mageduel.compose import combat
from mageduel.dice import Scripted, Seeded
from mageduel.hooks import Hooks
from mageduel.scenario import Options, Participant, Scenario
from mageduel.state import Duel


def core_duel(
    a="ilse",
    b="kael",
    dice=None,
    pos_a=(0.0, 0.0),
    pos_b=(5.0, 0.0),
    kind="duel",
    seed=1,
    hooks=None,
    **options,
) -> Duel:
    """A duel of roster characters ``a`` (p1) and ``b`` (p2) at the given points; ``dice`` a list of
    naturals (scripted) or None (seeded). The core rules only, unless ``hooks`` are given."""
    sc = Scenario(
        kind=kind,
        participants=[
            Participant(id="p1", roster=a, position=pos_a),
            Participant(id="p2", roster=b, position=pos_b),
        ],
        options=Options(**options),
    )
    src = Scripted(dice) if dice is not None else Seeded(seed)
    return Duel(sc, src, combat(), hooks if hooks is not None else Hooks())


def run(duel: Duel, *decisions: str) -> None:
    """Apply ``"p1: option"`` decisions in order, checking each is asked of that player."""
    for line in decisions:
        player, _, option = line.partition(": ")
        assert duel.pending is not None, f"the duel is over before {line!r}"
        assert duel.pending.player == player, (
            f"{line!r}: pending is {duel.pending.player} ({duel.pending.kind})"
        )
        duel.apply(player, option)


def drive(gen):
    """Run a rules generator that does not ask anything; return its value."""
    try:
        while True:
            ask = next(gen)
            raise AssertionError(f"unexpected question: {ask}")
    except StopIteration as stop:
        return stop.value


def kinds(duel: Duel, since: int = 0) -> list[str]:
    return [e.kind for e in duel.events[since:]]


def rolls(duel: Duel, purpose_part: str) -> list[dict]:
    return [e.data for e in duel.events if e.kind == "roll" and purpose_part in e.data["purpose"]]


def resolve_nodes(d, caster, target, spell_id, nodes):
    """Resolve effect ``nodes`` of ``spell_id`` from ``caster`` on ``target`` (no question expected)."""
    from mageduel import effects
    from mageduel.spells.catalogue import get
    from mageduel.state import Casting

    sp = get(spell_id)
    c = d.by_id[caster]
    ctx = effects.Ctx(
        Casting(caster, sp, sp.level, [target], None), c, sp, c.cl(), c.spell_dc(sp.level, sp.school)
    )
    drive(effects.resolve(d, ctx, nodes, target))
