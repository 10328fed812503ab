"""Replays reproduce the event log exactly; an illegal or diverging step stops there and says which."""

import pytest
from mageduel import dice, replay
from mageduel.compose import new_duel
from mageduel.policies import GreedyPolicy, RandomPolicy, play_out
from mageduel.scenario import default_scenario, duel_scenario
from mageduel.state import IllegalDecision


def _played(seed=3, policy=RandomPolicy):
    d = new_duel(default_scenario(), dice.Seeded(seed))
    play_out(d, policy(seed))
    return d


def test_replay_reproduces_the_event_log_exactly():
    d = _played()
    rep = replay.record(d)
    again = replay.Replay.model_validate_json(rep.model_dump_json())
    check = replay.verify(again)
    assert check.ok, check.reason
    assert [e.to_dict() for e in check.duel.events] == [e.to_dict() for e in d.events]
    assert check.duel.outcome.to_dict() == d.outcome.to_dict()


def test_replay_with_scripted_dice():
    # Naturals small enough for every die (a d3 too); the replay's script is just what was used.
    d = new_duel(duel_scenario("ilse", "kael", "duel"), dice.Scripted([1, 2, 3, 2] * 5000))
    play_out(d, GreedyPolicy(1))
    rep = replay.record(d)
    assert rep.dice.kind == "scripted"
    check = replay.verify(rep)
    assert check.ok and check.duel.outcome.to_dict() == d.outcome.to_dict()


def test_illegal_step_stops_there_and_keeps_the_prefix():
    d = _played()
    rep = replay.record(d)
    rep.decisions[5] = rep.decisions[5].split(":")[0] + ": cast wish @p9"
    check = replay.verify(rep)
    assert not check.ok and check.failed_step == 6 and "illegal" in check.reason
    assert check.applied == 5 and len(check.duel.decisions) == 5


def test_diverging_step_is_reported():
    d = _played()
    rep = replay.record(d)
    rep.dice = dice.SeededSpec(seed=999)  # other dice: the log diverges (or a step becomes illegal)
    check = replay.verify(rep)
    assert not check.ok and check.failed_step is not None


def test_tampered_log_is_a_divergence():
    d = _played()
    rep = replay.record(d)
    rep.events[-1].data["tampered"] = True
    check = replay.verify(rep)
    assert not check.ok and "differs" in check.reason


def test_clone_is_real_and_independent():
    d = new_duel(default_scenario(), dice.Seeded(5))
    pol = RandomPolicy(5)
    for _ in range(30):
        d.apply(d.pending.player, pol.choose(d))
    twin = d.clone()
    assert [e.to_dict() for e in twin.events] == [e.to_dict() for e in d.events]
    assert twin.pending.option_ids == d.pending.option_ids
    twin.apply(twin.pending.player, twin.pending.option_ids[-1])
    assert len(twin.decisions) == len(d.decisions) + 1
    assert twin.by_id["p1"] is not d.by_id["p1"]


def test_illegal_decision_leaves_the_state_unchanged():
    d = new_duel(default_scenario(), dice.Seeded(2))
    before = (
        len(d.events),
        list(d.decisions),
        d.pending.player,
        d.pending.option_ids,
        d.view(None).model_dump(),
    )
    with pytest.raises(IllegalDecision):
        d.apply(d.pending.player, "not an option")
    with pytest.raises(IllegalDecision):
        d.apply("p9", d.pending.option_ids[0])
    after = (
        len(d.events),
        list(d.decisions),
        d.pending.player,
        d.pending.option_ids,
        d.view(None).model_dump(),
    )
    assert before == after


def test_a_different_legal_decision_diverges_at_that_step():
    d = _played()
    rep = replay.record(d)
    # Find a step whose pending question had another option, and take that one instead.
    probe = new_duel(rep.scenario, rep.dice.source())
    for k, line in enumerate(rep.decisions, start=1):
        player, option = line.split(": ", 1)
        others = [o for o in probe.pending.option_ids if o != option]
        if others and probe.pending.kind == "turn":
            rep.decisions[k - 1] = f"{player}: {others[0]}"
            break
        probe.apply(player, option)
    check = replay.verify(rep)
    assert not check.ok and check.failed_step == k
    assert "diverges" in check.reason or "illegal" in check.reason
