"""Property tests: random duels between random roster pairs under the random policy end without error;
an illegal decision leaves the state unchanged; the defender's view holds no trace of a hidden spell."""

import json
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mageduel import dice, roster
from mageduel.compose import new_duel
from mageduel.policies import RandomPolicy
from mageduel.scenario import duel_scenario
from mageduel.state import IllegalDecision

IDS = [c.id for c in roster.all()]
KIND = st.sampled_from(["mageduel", "duel"])
ID = st.sampled_from(IDS)
SEED = st.integers(min_value=0, max_value=2**32)


def _play(a, b, kind, seed, check=None):
    d = new_duel(duel_scenario(a, b, kind), dice.Seeded(seed))
    pol = RandomPolicy(seed)
    n = 0
    while d.pending is not None:
        if check is not None:
            check(d)
        d.apply(d.pending.player, pol.choose(d))
        n += 1
        assert n < 200_000
    assert d.outcome is not None and d.round <= 600 + 10
    return d


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(a=ID, b=ID, kind=KIND, seed=SEED)
def test_random_duels_end(a, b, kind, seed):
    _play(a, b, kind, seed)


@pytest.mark.slow
@pytest.mark.skipif(
    sys.platform == "emscripten", reason="the 1,000-duel run is CPython's; Pyodide runs the 40"
)
@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(a=ID, b=ID, kind=KIND, seed=SEED)
def test_1000_random_duels_between_random_roster_pairs_end(a, b, kind, seed):
    _play(a, b, kind, seed)


@settings(max_examples=30, deadline=None)
@given(seed=SEED, steps=st.integers(min_value=0, max_value=120), junk=st.text(max_size=30))
def test_an_illegal_decision_leaves_the_state_unchanged(seed, steps, junk):
    d = new_duel(duel_scenario("ilse", "kael"), dice.Seeded(seed))
    pol = RandomPolicy(seed)
    for _ in range(steps):
        if d.pending is None:
            break
        d.apply(d.pending.player, pol.choose(d))
    before = json.dumps([e.to_dict() for e in d.events]), list(d.decisions), d.view(None).model_dump_json()
    pending = d.pending
    bad = [junk, "cast wish @p2", "move 9999,9999"]
    for option in bad:
        if pending is not None and pending.find(option) is not None:
            continue
        with pytest.raises(IllegalDecision):
            d.apply(pending.player if pending else "p1", option)
    if pending is not None:
        other = "p2" if pending.player == "p1" else "p1"
        with pytest.raises(IllegalDecision):
            d.apply(other, pending.options[0].id)
    after = json.dumps([e.to_dict() for e in d.events]), list(d.decisions), d.view(None).model_dump_json()
    assert before == after


def _no_trace(d):
    """For every spell being cast and every player who has not identified it: no trace in their view."""
    for cast in d.casting:
        if cast.revealed:
            continue
        start = max(e.seq for e in d.events if e.kind == "casting" and e.actor == cast.caster)
        sp = cast.spell
        traces = {sp.id, sp.name.en, sp.name.fr, sp.school}
        for p in d.players:
            if p in cast.known_by:
                continue
            v = d.view(p)
            assert all(c.spell is None for c in v.casting if c.caster == cast.caster)
            earlier = json.dumps([e.model_dump() for e in v.events if e.seq < start], ensure_ascii=False)
            later = json.dumps([e.model_dump() for e in v.events if e.seq >= start], ensure_ascii=False)
            # Only what the player could not know already counts (the same spell resolved before is public).
            fresh = {t for t in traces if t not in earlier}
            assert not any(t in later for t in fresh), (p, sp.id)
            assert '"level"' not in later
            if v.pending is not None:
                # The question itself (prompt, context) says nothing of the spell; the options are the
                # decider's own (their counterspells may name their own spells).
                ctx = json.dumps([v.pending.prompt, v.pending.context], ensure_ascii=False)
                assert not any(t in ctx for t in fresh), (p, sp.id, ctx)


@settings(max_examples=12, deadline=None)
@given(seed=SEED, kind=KIND)
def test_the_defender_view_holds_no_trace_of_a_hidden_spell(seed, kind):
    _play("ilse", "kael", kind, seed, check=_no_trace)
