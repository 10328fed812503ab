"""Summoned creatures: they appear where the summoner chose, act right after the summoner (from the next
round), are decided by
the summoner, and their attacks are tagged as a summoned creature's (MD-16 halves them in a zone)."""

from tests.engine.coretools import core_duel, run


def _summoned(dice=None):
    d = core_duel(a="aurelian", b="kael", dice=dice or [15, 5] + [3] * 200, pos_b=(10.0, 0.0))
    cast = next(x for x in d.pending.option_ids if x.startswith("use ") and "summon_monster_i @" in x)
    run(d, f"p1: {cast}")
    while d.pending.player == "p2":
        d.apply("p2", "pass")
    assert d.pending.kind == "choose" and "choose dire_rat" in d.pending.option_ids
    run(d, "p1: choose dire_rat")
    return d


def test_a_summoned_creature_appears_and_acts_after_its_summoner():
    d = _summoned()
    ev = [e for e in d.events if e.kind == "summoned"][0]
    assert ev.data["creature"] == "dire_rat" and ev.data["id"] == "p1s1"
    assert d.order == ["p1", "p1s1", "p2"]
    rat = d.by_id["p1s1"]
    assert rat.summoned_by == "p1" and rat.side == d.by_id["p1"].side
    run(d, "p1: end", "p2: end", "p1: end")  # it acts from the next round on, right after its summoner
    assert d.pending.player == "p1" and d.pending.context["actor"] == "p1s1"  # the summoner decides


def test_a_summoned_creature_attack_is_tagged_summon():
    # The rat's bite: natural 20 (a hit and a threat), confirmation 1 (no critical), 1d4 damage 3.
    d = _summoned(dice=[15, 5, 20, 1, 3] + [3] * 50)
    run(d, "p1: end", "p2: end", "p1: end")
    attack = next((o.id for o in d.pending.options if o.kind == "attack"), None)
    assert attack is not None
    d.apply("p1", attack)
    while d.pending is not None and d.pending.player == "p2" and d.pending.kind != "turn":
        d.apply("p2", "pass")
    dmg = [e for e in d.events if e.kind == "damage" and e.data["by"] == "p1s1"]
    hits = [e for e in d.events if e.kind == "roll" and e.actor == "p1s1" and e.data["outcome"] == "hit"]
    assert len(hits) == 1 and len(dmg) == 1
    assert dmg[0].data["source"] == "summon" and dmg[0].data["amount"] == 3 + d.by_id["p1s1"].mod("str")


def test_a_summoned_creature_that_vanishes_stays_gone_and_gets_no_turn():
    d = _summoned()
    rat = d.by_id["p1s1"]
    next(x for x in rat.conditions if x.data.get("summon")).rounds = 1  # ends at p1's next turn
    run(d, "p1: end", "p2: end")
    assert rat.status == "gone" and d.order == ["p1", "p2"]
    assert [e.actor for e in d.events if e.kind == "vanishes"] == ["p1s1"]
    assert d.pending.player == "p1" and d.pending.context["actor"] == "p1"
    run(d, "p1: end")
    assert d.pending.player == "p2"  # not the rat's turn: it is gone
    assert not any(e.kind == "turn" and e.actor == "p1s1" for e in d.events)


def test_a_summon_suppressed_before_the_fight_rolls_no_initiative():
    from mageduel.actions import default_initiative
    from mageduel.dice import Seeded

    from tests.engine.coretools import drive

    d = _summoned()
    d.by_id["p1s1"].status = "excluded"  # as the MD-8 entry does to a summon from the preparation
    d.dice = Seeded(3)  # fresh dice for the initiative rolls (and any roll-off)
    n = len(d.events)
    drive(default_initiative(d))
    rolled = [e.actor for e in d.events[n:] if e.kind == "roll" and e.data["purpose"] == "initiative"]
    assert rolled == ["p1", "p2"] and d.order == ["p1", "p2"]


def test_c11_a_mindless_summoned_creature_is_immune_to_mind_affecting_spells():
    # A fire beetle is vermin (mindless, Int —): its stat line lists immunity to mind-affecting effects,
    # so daze (a mind-affecting compulsion) does nothing to it; a dire rat (an animal) has a mind.
    from mageduel.spells.catalogue import get

    from tests.engine.coretools import resolve_nodes

    d = core_duel(a="aurelian", b="kael", dice=[15, 5] + [1] * 200, pos_b=(10.0, 0.0))
    cast = next(x for x in d.pending.option_ids if x.startswith("use ") and "summon_monster_i @" in x)
    run(d, f"p1: {cast}")
    while d.pending.player == "p2":
        d.apply("p2", "pass")
    run(d, "p1: choose fire_beetle")
    beetle = d.by_id["p1s1"]
    resolve_nodes(d, "p2", "p1s1", "daze", get("daze").effects)
    assert not beetle.has("dazed")
    assert [e.actor for e in d.events if e.kind == "immune"] == ["p1s1"]
    assert "mind_affecting" not in _summoned().by_id["p1s1"].immune_descriptors


def _positions(d, ids):
    return {i: d.by_id[i].pos for i in ids}


def test_c13_summoned_creatures_appear_each_on_a_point_of_their_own():
    """All the creatures of one summoning appeared on the same point, the point chosen, even when it was the
    foe's own (a foe 5 feet away: the aim "toward the nearest foe" ends on them). Each now appears on a
    point a creature's space (5 feet) from everyone, nearest the point chosen."""
    from mageduel.geometry import distance

    d = core_duel(a="aurelian", b="kael", dice=[15, 5] + [3] * 200, pos_b=(5.0, 0.0))
    cast = next(x for x in d.pending.option_ids if x.startswith("use ") and "summon_monster_ii @" in x)
    assert cast.endswith("@5,0")  # on Kael
    run(d, f"p1: {cast}")
    while d.pending.player == "p2":
        d.apply("p2", "pass")
    run(d, "p1: choose several_first", "p1: choose dire_rat")
    rats = [c.id for c in d.participants if c.summoned_by == "p1"]
    assert len(rats) == 3  # 1d3 (a natural 3)
    everyone = [c.pos for c in d.participants]
    for i, a in enumerate(everyone):
        for b in everyone[i + 1 :]:
            assert distance(a, b) >= 5.0 - 0.05, (a, b)
    said = [tuple(e.data["at"]) for e in d.events if e.kind == "summoned"]
    assert said == [d.by_id[r].pos for r in rats]
    assert all(distance(p, (5.0, 0.0, 0.0)) <= 10.0 + 0.05 for p in said)  # near the point chosen


def test_c13_with_no_point_a_space_away_a_creature_takes_the_roomiest():
    """A 1st-level zone is 4-5 feet across (C-13): no point is a space from everyone, so a creature appears
    where it stands farthest from the nearest one."""
    from types import SimpleNamespace

    from mageduel.summons import _free_spot

    duel = SimpleNamespace(
        participants=[
            SimpleNamespace(pos=(0.0, 0.0, 0.0), status="active"),
            SimpleNamespace(pos=(4.0, 0.0, 0.0), status="active"),
            SimpleNamespace(pos=(2.0, 2.0, 0.0), status="gone"),  # vanished: takes no room
        ]
    )
    spots = [(0.0, 0.0, 0.0), (2.0, 0.0, 0.0), (2.0, 2.0, 0.0), (2.0, 4.0, 0.0), (4.0, 4.0, 0.0)]
    assert _free_spot(duel, spots) == (2.0, 4.0, 0.0)
