"""C-9: one standard, one move, one swift and free actions, or a full-round action; a 5-foot step if no
other movement; one immediate action per round, spending the next turn's swift action."""

from mageduel.conditions import Condition

from tests.engine.coretools import core_duel, run


def _kinds(d):
    return {o.kind for o in d.pending.options}


def test_c9_after_a_standard_action_only_move_and_step_remain():
    d = core_duel(dice=[15, 5], pos_b=(20.0, 0.0))
    run(d, "p1: cast shield", "p2: pass")  # p2 lets the identification go
    assert d.pending.player == "p1"
    assert _kinds(d) == {"move", "step", "end"}


def test_c9_moving_forbids_a_five_foot_step_and_a_step_forbids_moving():
    d = core_duel(dice=[15, 5], pos_b=(40.0, 0.0))
    move = next(o.id for o in d.pending.options if o.kind == "move")
    run(d, f"p1: {move}")
    assert "step" not in _kinds(d)
    d2 = core_duel(dice=[15, 5], pos_b=(40.0, 0.0))
    step = next(o.id for o in d2.pending.options if o.kind == "step")
    run(d2, f"p2: {step}" if d2.pending.player == "p2" else f"p1: {step}")
    assert "move" not in _kinds(d2) and "step" not in _kinds(d2)


def test_c9_two_moves_use_the_standard_action_for_the_second():
    d = core_duel(dice=[15, 5], pos_b=(100.0, 0.0))
    run(d, "p1: move 30,0")
    run(d, "p1: move 60,0")
    assert d.by_id["p1"].pos == (60.0, 0.0, 0.0)
    # Nothing is left but ending the turn, which needs no question: it is p2's turn.
    assert d.pending.player == "p2" and d.events[-1].kind == "turn" and d.events[-1].actor == "p2"


def test_c9_a_move_farther_than_speed_is_illegal():
    d = core_duel(dice=[15, 5], pos_b=(100.0, 0.0))
    import pytest
    from mageduel.state import IllegalDecision

    with pytest.raises(IllegalDecision):
        d.apply("p1", "move 31,0")


def test_c9_staggered_allows_one_action_only():
    d2 = core_duel(dice=[5, 15], pos_b=(20.0, 0.0))  # p2 acts first; stagger p1 before its turn
    d2.by_id["p1"].conditions.append(Condition("staggered", rounds=5, tick_on="p2"))
    run(d2, "p2: end")
    assert d2.pending.player == "p1"
    run(d2, "p1: cast shield", "p2: pass")
    # One action taken: no move action any more, only a 5-foot step (not an action) or the end of the turn.
    assert d2.pending.player == "p1" and _kinds(d2) == {"step", "end"}


def test_c9_an_immediate_action_off_turn_spends_the_next_swift_action():
    d = core_duel(dice=[15, 5, 3, 1], pos_b=(5.0, 0.0))
    run(d, "p1: attack quarterstaff @p2", "p2: react dodge")
    k = d.by_id["p2"]
    assert not k.immediate_ready and k.swift_spent_next
    run(d, "p1: end")
    assert d.pending.player == "p2"
    assert not k.immediate_ready  # no immediate action this round: its swift action is spent


def test_c9_haste_gives_one_more_attack_at_the_full_bonus_on_a_full_attack():
    from mageduel.actions import Budget, turn_options
    from mageduel.attacks import full_attack_bonuses
    from mageduel.spells.catalogue import get

    from tests.engine.coretools import core_duel, resolve_nodes, run

    d = core_duel(dice=[15, 5, 3, 3, 4])  # 5 feet apart; two attack rolls that miss, then whatever
    p1 = d.by_id["p1"]
    assert full_attack_bonuses(p1) == p1.attacks == (p1.bab,)
    assert not any(o.kind == "full-attack" for o in turn_options(d, p1, Budget()))
    resolve_nodes(d, "p1", "p1", "haste", get("haste").effects)
    assert full_attack_bonuses(p1) == (p1.bab, p1.bab)
    d = core_duel(dice=[15, 5, 3, 3])
    resolve_nodes(d, "p1", "p1", "haste", get("haste").effects)
    d.pending.options[:] = turn_options(d, d.by_id["p1"], Budget())  # the turn began before the haste
    assert any(o.id == "full-attack quarterstaff @p2" for o in d.pending.options)
    run(d, "p1: full-attack quarterstaff @p2", "p2: pass", "p2: pass")
    assert len([e for e in d.events if e.kind == "attack"]) == 2
