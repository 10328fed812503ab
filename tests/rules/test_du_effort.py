"""DU-18..DU-21: duel effort."""

from __future__ import annotations

from tests.rules.rules_kit import Driver, default_choice, scenario

HOLD = "will save against hold_person"


def held(rolls, first: str = "p1", nadira_rounds=(1,), effort: bool = True) -> Driver:
    """Nadira (p1) casts hold person on Ilse (p2) in the given rounds; Ilse uses duel effort if asked."""
    asked: list[str] = []
    cast_in: set[int] = set()  # the rounds in which Nadira has cast it
    init = (
        [("initiative", 20), ("initiative", 1)] if first == "p1" else [("initiative", 1), ("initiative", 20)]
    )

    def decide(ask):
        if ask.kind == "effort":
            asked.append(ask.player)
            return "react effort" if effort else "pass"
        if ask.kind == "turn" and ask.player == "p1" and d.duel.round in nadira_rounds:
            hold = [
                o.id
                for o in ask.options
                if o.data.get("spell") == "hold_person" and not o.data.get("defensive")
            ]
            if hold and d.duel.round not in cast_in:
                cast_in.add(d.duel.round)
                return hold[0]
        return default_choice(ask)

    d = Driver(scenario("nadira", "ilse", kind="duel"), rolls=init + list(rolls), fallback=decide)
    d.asked = asked  # type: ignore[attr-defined]
    return d


def test_du18_effort_after_a_failed_will_save_once_per_duel():
    d = held(
        [(HOLD, 1), ("duel effort", 1), ("will save again", 20), (HOLD, 1)],
        first="p2",
        nadira_rounds=(1, 3),
    )
    d.run(until=lambda du: du.round >= 4)
    assert d.asked == ["p2"]  # asked once; the second failed save (round 3) offers no effort
    assert [e.round for e in d.events("roll") if e.data["purpose"] == HOLD] == [1, 3]
    assert d.duel.by_id["p2"].has("paralysed") and d.duel.by_id["p2"].effort_used


def test_du18_effort_when_falling_below_zero_hit_points():
    d = Driver(
        scenario("garrick", "tamsin", kind="duel", positions=[(0, 0), (0, 4)]),
        plan=[("p1", "attack longsword @p2"), ("p2", "react effort")],
        rolls=[("initiative", 20), ("attack with longsword", 15), ("longsword damage", 8)],
    )
    d.run(until=lambda du: bool([e for e in du.events if e.kind == "effort"]))
    (ev,) = d.events("effort")
    assert ev.actor == "p2" and ev.data["hp"] < 0 and "DU-20" in ev.clauses


def test_du19_a_successful_reroll_delays_the_effect_to_the_end_of_the_next_turn():
    d = held([(HOLD, 1), ("duel effort", 20)])
    d.run(until=lambda du: du.pending.player == "p2" and du.pending.kind == "turn")
    ilse = d.duel.by_id["p2"]
    assert d.events("effort-delays")[0].data["conditions"] == ["paralysed"]
    assert not ilse.has("paralysed") and len(d.duel.pending.options) > 1  # she acts normally
    redo = [e for e in d.events("roll") if e.data["purpose"] == "duel effort: will save again"][0]
    first = [e for e in d.events("roll") if e.data["purpose"] == HOLD][0]
    assert redo.data["modifiers"] == first.data["modifiers"]  # the same bonus
    d.run(until=lambda du: bool([e for e in du.events if e.kind == "effort-ends"]))
    assert ilse.has("paralysed")
    cond = next(c for c in ilse.conditions if c.name == "paralysed")
    assert cond.rounds < 9  # its duration (1 round per level) counted from the casting


def test_du19_a_failed_reroll_lets_the_effect_apply_at_once():
    d = held([(HOLD, 1), ("duel effort", 1)])
    d.run(until=lambda du: any(e.kind == "condition" and e.actor == "p2" for e in du.events))
    assert d.duel.by_id["p2"].has("paralysed") and not d.events("effort-delays")


def below_zero_with_effort() -> Driver:
    """Garrick's longsword takes Tamsin below 0 hp; she answers with duel effort (DU-18); her turn comes."""
    d = Driver(
        scenario("garrick", "tamsin", kind="duel", positions=[(0, 0), (0, 4)]),
        plan=[("p1", "attack longsword @p2"), ("p2", "react effort")],
        rolls=[("initiative", 20), ("attack with longsword", 15), ("longsword damage", 8)],
    )
    d.run(until=lambda du: du.pending.player == "p2" and du.pending.kind == "turn")
    return d


def test_du20_below_zero_the_participant_acts_normally_until_the_end_of_the_next_turn():
    d = below_zero_with_effort()
    tamsin = d.duel.by_id["p2"]
    assert tamsin.hp < 0 and tamsin.status == "active" and not tamsin.has("staggered")
    assert len(d.duel.pending.options) > 1
    d.run(until=lambda du: bool([e for e in du.events if e.kind == "effort-ends"]))
    assert tamsin.status == "dying"


def test_du21_if_the_effect_ends_first_the_participant_is_only_fatigued():
    d = held([(HOLD, 1), ("duel effort", 20)])
    d.run(until=lambda du: du.pending.player == "p2" and du.pending.kind == "turn")
    ilse = d.duel.by_id["p2"]
    dormant = next(c for c in ilse.conditions if c.name == "paralysed")
    d.duel.remove_condition("p2", dormant, "dispelled")  # the effect ends before the end of her turn
    d.run(until=lambda du: bool([e for e in du.events if e.kind == "effort-spared"]))
    assert ilse.has("fatigued") and not ilse.has("paralysed")
    assert d.events("effort-spared")[0].clauses == ("DU-21",)


def test_du21_back_above_zero_hit_points_before_the_turn_ends_leaves_only_fatigue():
    d = below_zero_with_effort()
    tamsin = d.duel.by_id["p2"]
    assert tamsin.hp < 0
    tamsin.hp = 3  # healed during her turn (as by a potion): back above 0 before the turn is over
    d.run(until=lambda du: bool([e for e in du.events if e.kind in ("effort-spared", "effort-ends")]))
    assert d.events("effort-spared") and not d.events("effort-ends")
    assert tamsin.has("fatigued") and tamsin.status == "active" and not tamsin.has("staggered")


def test_du21_a_potion_of_cure_light_wounds_in_play_brings_her_back_above_zero_only_fatigued():
    """Tamsin carries a potion of cure light wounds. Below 0 hp under duel effort (DU-20), she drinks it
    on her turn (1d8 + 1: 7 hp back); at the end of that turn she is only fatigued (DU-21)."""
    from mageduel import roster

    data = scenario("garrick", "tamsin", kind="duel", positions=[(0, 0), (0, 4)])
    sheet = roster.get("tamsin").model_dump(mode="json")
    sheet["items"] = [
        *sheet.get("items", []),
        {"type": "potion", "spell": "cure_light_wounds", "caster_level": 1},
    ]
    data["participants"][1] = {"id": "p2", "character": sheet, "position": [0, 4]}
    d = Driver(
        data,
        plan=[
            ("p1", "attack longsword @p2"),
            ("p2", "react effort"),
            ("p2", lambda o: o.kind == "cast" and o.data.get("spell") == "cure_light_wounds"),
        ],
        rolls=[("initiative", 20), ("attack with longsword", 15), ("longsword damage", 8), ("healing", 6)],
    )
    d.run(until=lambda du: bool([e for e in du.events if e.kind in ("effort-spared", "effort-ends")]))
    tamsin = d.duel.by_id["p2"]
    (healed,) = d.events("healed")
    assert healed.actor == "p2" and healed.data["amount"] == 7 and tamsin.hp > 0
    assert d.events("effort-spared")[0].clauses == ("DU-21",) and not d.events("effort-ends")
    assert tamsin.has("fatigued") and tamsin.status == "active"


def test_cure_light_wounds_is_no_sorcerer_or_wizard_spell():
    import pytest
    from mageduel import roster
    from mageduel.character import Character
    from pydantic import ValidationError

    ilse = roster.get("ilse").model_dump(mode="json")
    ilse["prepared"]["1"] = ["cure_light_wounds", "magic_missile", "shield", "mage_armor"]
    with pytest.raises(ValidationError, match="not a sorcerer/wizard spell"):
        Character.model_validate(ilse)
    ilse = roster.get("ilse").model_dump(mode="json")
    ilse["items"] = [{"type": "wand", "spell": "cure_light_wounds", "caster_level": 1, "charges": 5}]
    with pytest.raises(ValidationError, match="only a potion may hold it"):
        Character.model_validate(ilse)
