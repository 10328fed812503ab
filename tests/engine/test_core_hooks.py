"""The plug-in points of the state machine (hooks.Hooks) are called where the documentation says."""

import dataclasses

import pytest
from mageduel.core import Ending
from mageduel.hooks import Hooks
from mageduel.rules import RULE_MODULES, build_hooks
from mageduel.scenario import default_scenario
from mageduel.state import Damage, Option, Outcome

from tests.engine.coretools import core_duel, drive, run


def test_pre_fight_runs_before_initiative_and_may_ask():
    seen = []

    def pre_fight(duel):
        seen.append(list(duel.order))
        choice = yield from duel.ask(
            "p1", "rite:test", [Option("go", "rite"), Option("wait", "rite")], "ready?"
        )
        duel.emit("rite", None, {"answer": choice})

    d = core_duel(dice=[15, 5], hooks=Hooks(pre_fight=pre_fight))
    assert d.pending.kind == "rite:test" and seen == [[]]
    run(d, "p1: go")
    assert d.order == ["p1", "p2"]
    kinds = [e.kind for e in d.events]
    assert kinds.index("rite") < kinds.index("initiative")


def test_transform_damage_sees_every_damage_and_may_change_it():
    def halve(duel, dmg):
        return dataclasses.replace(dmg, amount=dmg.amount // 2, lethal=False, clauses=dmg.clauses + ["MD-16"])

    d = core_duel(hooks=Hooks(transform_damage=halve))
    drive(d.deal_damage(Damage("p2", 9, source="spell")))
    ev = [e for e in d.events if e.kind == "damage"][0]
    assert ev.data["amount"] == 4 and ev.data["lethal"] is False and "MD-16" in ev.clauses
    assert d.by_id["p2"].nonlethal == 4


def test_a_slay_left_in_place_kills_and_one_removed_is_plain_damage():
    d = core_duel()
    drive(d.deal_damage(Damage("p2", 1, slay="death")))
    assert d.by_id["p2"].status == "dead"

    def md17(duel, dmg):
        if dmg.slay:
            t = duel.by_id[dmg.target]
            return dataclasses.replace(dmg, slay=None, amount=t.max_hp // 2, lethal=False)
        return dmg

    d2 = core_duel(hooks=Hooks(transform_damage=md17))
    drive(d2.deal_damage(Damage("p2", 1, slay="death")))
    k = d2.by_id["p2"]
    assert k.status == "active" and k.nonlethal == k.max_hp // 2


def test_legal_filters_turn_options():
    def no_spells(duel, actor, option):
        return "no spells today" if option.kind == "cast" else None

    d = core_duel(dice=[15, 5], hooks=Hooks(legal=no_spells))
    assert d.pending.kind == "turn" and not any(o.kind == "cast" for o in d.pending.options)


def test_check_end_and_on_end():
    ended = []

    def end_at_round_2(duel):
        return Outcome(Ending.DRAW, tie=True) if duel.round >= 2 else None

    d = core_duel(
        dice=[15, 5],
        pos_b=(40.0, 0.0),
        hooks=Hooks(check_end=end_at_round_2, on_end=lambda duel, o: ended.append(o.reason)),
    )
    run(d, "p1: end", "p2: end")
    assert d.outcome.reason is Ending.DRAW and d.pending is None and ended == ["draw"]


def test_outcome_ending_is_an_enum_whose_text_is_the_json():
    """Issue 9: an Outcome's ending is an :class:`Ending` (python-chess's Termination); its text is accepted
    and made one, the ``end`` event carries the same text as before, and an unknown ending is refused by
    name rather than ending a duel nobody can read."""
    out = Outcome("first-blood", winners=["p1"], losers=["p2"], clauses=("DU-5",))
    assert out.reason is Ending.FIRST_BLOOD
    assert out.to_dict()["reason"] == "first-blood" and type(out.to_dict()["reason"]) is str
    with pytest.raises(ValueError, match="'test' is not a valid Ending"):
        Outcome("test", tie=True)


def test_build_hooks_installs_the_rules_modules():
    hooks = build_hooks(default_scenario())
    assert hooks.check_end is not None  # endings.install replaced the core default


def test_rule_modules_are_composed_in_one_explicit_ordered_list(monkeypatch):
    """Issue 9: ``rules.RULE_MODULES`` names every rule module, in order; ``build_hooks`` installs each,
    in that order, with no discovery and no silent skip."""
    names = [m.__name__ for m in RULE_MODULES]
    assert names == [
        "mageduel.terms",
        "mageduel.rite",
        "mageduel.duel_actions",
        "mageduel.zone_effects",
        "mageduel.endings",
    ]
    called = []
    for module in RULE_MODULES:
        monkeypatch.setattr(
            module, "install", lambda hooks, scenario, name=module.__name__: called.append(name)
        )
    build_hooks(default_scenario())
    assert called == names


def test_a_rule_module_without_install_is_an_error_not_a_skip(monkeypatch):
    from mageduel import rite

    monkeypatch.delattr(rite, "install")
    with pytest.raises(AttributeError, match="install"):
        build_hooks(default_scenario())


def test_rules_doctests():
    import doctest

    from mageduel import rules

    result = doctest.testmod(rules)
    assert result.attempted >= 1 and result.failed == 0


def test_add_legal_chains_rules_in_order_and_the_first_reason_stands():
    """The chain ``add_legal`` builds is one function over the rules in the order installed, also across
    a hook that wraps it in between (as the rite's preparation limits do): the first reason given stands
    and the rules after it are not asked."""
    from mageduel.hooks import add_legal

    asked: list[str] = []

    def rule(name: str, refuses: str):
        def judge(duel, actor_id, option):
            asked.append(name)
            return f"{name} refuses" if option.id == refuses else None

        return judge

    hooks = Hooks()
    add_legal(hooks, rule("a", "x"))
    add_legal(hooks, rule("b", "y"))
    inner = hooks.legal

    def wrapper(duel, actor_id, option):  # a module wrapping the chain by hand
        asked.append("wrap")
        return "wrap refuses" if option.id == "w" else inner(duel, actor_id, option)

    hooks.legal = wrapper
    add_legal(hooks, rule("c", "y"))
    add_legal(hooks, rule("d", "z"))
    for option_id, why, seen in (
        ("go", None, ["wrap", "a", "b", "c", "d"]),
        ("x", "a refuses", ["wrap", "a"]),
        ("y", "b refuses", ["wrap", "a", "b"]),
        ("w", "wrap refuses", ["wrap"]),
        ("z", "d refuses", ["wrap", "a", "b", "c", "d"]),
    ):
        asked.clear()
        assert hooks.legal(None, "p1", Option(option_id, "turn")) == why
        assert asked == seen
