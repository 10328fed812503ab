"""Policies: random and greedy keep off options that lose or end the duel for them (DU-2, MD-13, MD-23)."""

from types import SimpleNamespace

from mageduel.compose import new_duel
from mageduel.dice import Seeded
from mageduel.policies import GreedyPolicy, RandomPolicy, play_out
from mageduel.scenario import Participant, Scenario
from mageduel.state import Option


def _pending(*opts):
    return SimpleNamespace(pending=SimpleNamespace(player="p1", options=list(opts)))


MARKED = (
    Option("attack light_crossbow @p2", "attack", {"breaks_terms": "ranged weapons are banned (DU-4)"}),
    Option("use item2 magic_missile @p2", "cast-item", {"disqualifies": "an item used to attack (MD-13)"}),
    Option("interfere", "rite:disqualified", {"ends_duel": True}),
)


def test_policies_never_take_a_marked_option_when_another_is_legal():
    duel = _pending(*MARKED, Option("end", "end", {}))
    for seed in range(40):
        assert RandomPolicy(seed).choose(duel) == "end"
    assert GreedyPolicy(1).choose(duel) == "end"  # the crossbow attack would score higher


def test_policies_take_a_marked_option_when_nothing_else_is_legal():
    duel = _pending(MARKED[2])
    assert RandomPolicy(1).choose(duel) == "interfere"
    assert GreedyPolicy(1).choose(duel) == "interfere"


def test_md13_greedy_does_not_disqualify_itself_with_a_wand():
    sc = Scenario(
        kind="mageduel",
        participants=[Participant(id="p1", roster="odile"), Participant(id="p2", roster="kael")],
    )
    for seed in range(1, 4):
        d = play_out(new_duel(sc, Seeded(seed)), GreedyPolicy(seed))
        assert not any(e.kind == "disqualified" for e in d.events), seed
