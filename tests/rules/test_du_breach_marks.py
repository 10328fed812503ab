"""DU-2 with breaches allowed: an option that breaks the terms is offered, marked, and loses the duel the
moment it is taken, for whoever takes it: a summoned creature's breach is its side's (DU-6), though its
summoner decides for it. Issue 9: judging an option (the ``legal`` hook) changes nothing in the duel; the
mark travels with the option taken (``duel.taken``)."""

from __future__ import annotations

import copy

from mageduel import Option

from tests.rules.rules_kit import Driver, casting, scenario, summoner


def proxy_duel_with_breaches() -> tuple[Driver, str, str]:
    """Two Ilses fight through summoned creatures (DU-6) on terms whose breaches are allowed (and lose);
    p1's creature stands within reach of the rival caster and of the rival creature."""
    data = summoner(
        summoner(
            scenario("ilse", "ilse", kind="duel", terms={"fought_by": "summoned", "breaches": "allowed"}), 1
        )
    )
    d = Driver(
        data,
        plan=[("p1", casting("summon_monster_i")), ("p2", casting("summon_monster_i"))],
        rolls=[("initiative", 20)],
    )
    d.run(until=lambda du: len(d.events("summoned")) == 2 and du.pending.kind == "turn")
    mine = next(e.data["id"] for e in d.events("summoned") if e.actor == "p1")
    theirs = next(e.data["id"] for e in d.events("summoned") if e.actor == "p2")
    creature = d.duel.by_id[mine]
    creature.pos = (d.duel.by_id[theirs].pos[0], d.duel.by_id[theirs].pos[1] + 5, 0.0)
    d.duel.by_id["p2"].pos = (creature.pos[0] + 5, creature.pos[1], 0.0)
    d.run(until=lambda du: du.pending.kind == "turn" and du.pending.player == "p1" and du.turn_of == mine)
    return d, mine, theirs


def test_du2_du6_a_summoned_creatures_breach_is_marked_and_loses_its_side_the_duel():
    d, mine, _ = proxy_duel_with_breaches()
    ask = d.duel.pending
    assert ask.player == "p1" and ask.actor == mine  # the summoner decides for the creature
    breaking = [o for o in ask.options if o.id.startswith("attack") and o.id.endswith("@p2")]
    assert breaking and "DU-6" in breaking[0].data["breaks_terms"]
    d.duel.apply("p1", breaking[0].id)
    (breach,) = d.events("breach")
    assert breach.actor == mine and breach.clauses[0] == "DU-2"
    assert d.duel.rule_state.endings.breach.side == d.duel.by_id[mine].side
    d.run()
    out = d.duel.outcome
    assert out.reason == "breach" and "p1" in out.losers and "p2" in out.winners


def test_du2_judging_an_option_changes_nothing_in_the_duel():
    d, mine, _ = proxy_duel_with_breaches()
    before = (copy.deepcopy(d.duel.rule_state), d.duel.taken, len(d.duel.events), len(d.duel.decisions))
    for option in d.duel.pending.options:
        # The offered options, and the same ones as new options (a rule that judged an option by keeping
        # a note of it would keep a new note for these).
        d.duel.hooks.legal(d.duel, mine, option)
        d.duel.hooks.legal(d.duel, mine, Option(f"{option.id} again", option.kind, dict(option.data)))
    assert (d.duel.rule_state, d.duel.taken, len(d.duel.events), len(d.duel.decisions)) == before
    assert d.duel.rule_state.endings.breach is None


def test_du2_a_marked_option_offered_but_not_taken_has_no_consequence():
    d, mine, theirs = proxy_duel_with_breaches()
    fair = next(
        o.id for o in d.duel.pending.options if o.id.startswith("attack") and o.id.endswith(f"@{theirs}")
    )
    d.duel.apply("p1", fair)
    assert not d.events("breach") and d.duel.rule_state.endings.breach is None
