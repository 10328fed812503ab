"""DU-1..DU-7: starting a duel, its terms."""

from __future__ import annotations

import pytest
from mageduel.scenario import Scenario
from pydantic import ValidationError

from tests.rules.rules_kit import Driver, casting, scenario, summoner

CLOSE4 = [(0, 0), (0, 4)]


def turn_options(d: Driver, player: str = "p1") -> list[str]:
    d.run(until=lambda du: du.phase == "fight" and du.pending.kind == "turn" and du.pending.player == player)
    return d.duel.pending.option_ids


def test_du1_a_defender_who_refuses_means_there_is_no_duel():
    d = Driver(
        scenario("ilse", "garrick", kind="duel", terms={"challenge": "offered"}), plan=[("p2", "refuse")]
    )
    d.run()
    out = d.duel.outcome
    assert out.reason == "refused" and "DU-1" in out.clauses and not d.events("initiative")
    assert "unwillingly" in out.text


def test_du1_accepting_starts_the_duel():
    d = Driver(
        scenario("ilse", "garrick", kind="duel", terms={"challenge": "offered"}), plan=[("p2", "accept")]
    )
    d.run(until=lambda du: du.round >= 1)
    assert d.rite("acceptance")[0].actor == "p2" and d.events("initiative")


def test_du2_breaking_the_terms_loses_then_ordinary_combat_goes_on():
    terms = {"weapon_forms": ["melee"], "breaches": "allowed"}
    d = Driver(
        scenario("ilse", "garrick", kind="duel", terms=terms, positions=[(0, 0), (0, 60)]),
        plan=[("p1", "attack light_crossbow @p2")],
        rolls=[("initiative", 20)],
    )
    d.run(until=lambda du: bool([e for e in du.events if e.kind == "breach"]))
    (breach,) = d.events("breach")
    assert breach.actor == "p1" and "DU-4" in breach.data["why"] and breach.clauses == ("DU-2", "DU-4")
    assert d.duel.outcome is None  # the fight is not over...
    assert d.duel.rule_state.endings.duel_actions_off  # ...but it is no longer a duel: no duel actions
    d.run()
    out = d.duel.outcome
    assert (out.reason, out.losers, out.winners) == ("breach", ["p1"], ["p2"])
    assert "ordinary combat" in out.text


def test_du2_ordinary_combat_goes_on_only_while_the_breaking_side_stays_aggressive():
    terms = {"weapon_forms": ["melee"], "breaches": "allowed"}

    def breach(plan: list) -> Driver:
        d = Driver(
            scenario("ilse", "garrick", kind="duel", terms=terms, positions=[(0, 0), (0, 60)]),
            plan=[("p1", "attack light_crossbow @p2"), *plan],
            rolls=[("initiative", 20), ("attack with light_crossbow", 1), ("attack with longbow", 1)],
        )
        d.run()
        return d

    # Ilse shoots, then does nothing more: at the end of round 2 the fight is over, her loss stands.
    calm = breach([])
    (down,) = calm.events("stand-down")
    assert down.round == 2 and down.data["side"] == calm.duel.by_id["p1"].side and "DU-2" in down.clauses
    out = calm.duel.outcome
    assert (out.reason, out.losers, out.winners) == ("breach", ["p1"], ["p2"])
    assert "until they stopped attacking" in out.text
    # Garrick shooting back in round 2 does not keep it going: it is the breaking side's aggression.
    shot = breach([("p2", "attack longbow @p1"), ("p2", "attack longbow @p1")])
    assert shot.events("stand-down")[0].round == 2
    # Ilse shooting again in round 2 does: the fight goes on into round 3.
    angry = breach([("p1", "reload"), ("p1", "attack light_crossbow @p2")])
    assert angry.events("stand-down")[0].round == 3 and len(angry.events("breach")) == 1


def test_du2_by_default_options_that_break_the_terms_are_not_offered():
    d = Driver(
        scenario(
            "ilse", "garrick", kind="duel", terms={"weapon_forms": ["melee"]}, positions=[(0, 0), (0, 60)]
        )
    )
    ids = turn_options(d)
    assert "attack light_crossbow @p2" not in ids


def test_du3_participants_of_one_side_may_help_each_other():
    d = Driver(
        scenario("nadira", "kael", "odile", sides=["a", "b", "a"], options={"zone_width": 34}),
        rolls=[("initiative", 20)],
    )
    ids = turn_options(d)
    assert "cast haste @p3" in ids  # a boon on an ally of the same side
    assert not any(i.startswith("cast haste @p2") for i in ids)  # never on the rival
    # Nobody outside the duel can be reached: every target is a participant.
    assert all(t in d.duel.by_id for o in d.duel.pending.options for t in o.data.get("targets", []))


def test_du4_weapons_limited_to_melee():
    d = Driver(
        scenario(
            "ilse", "garrick", kind="duel", terms={"weapon_forms": ["melee"]}, positions=[(0, 0), (0, 4)]
        ),
        rolls=[("initiative", 20)],
    )
    ids = turn_options(d)
    assert "attack quarterstaff @p2" in ids and "attack light_crossbow @p2" not in ids


def test_du4_everyone_must_use_the_same_weapon():
    d = Driver(
        scenario(
            "ilse", "garrick", kind="duel", terms={"same_weapon": "quarterstaff"}, positions=[(0, 0), (0, 4)]
        ),
        rolls=[("initiative", 1)],
    )
    ids = turn_options(d, "p2")
    assert "attack longsword @p2" not in ids and not any(i.startswith("attack longsword") for i in ids)
    assert "attack unarmed_strike @p1" in ids


def magic_garrick() -> dict:
    """Garrick's sheet with a +1 longsword (his longbow, dagger and fists are not magic)."""
    from mageduel import roster

    sheet = roster.get("garrick").model_dump(mode="json")
    sheet["weapon_enhancements"] = {"longsword": 1}
    return sheet


def test_du4_magic_weapons_only():
    data = scenario(
        "garrick", "severine", kind="duel", terms={"magic_weapons_only": True}, positions=[(0, 0), (0, 4)]
    )
    data["participants"][0] = {"id": "p1", "character": magic_garrick(), "position": [0, 0]}
    d = Driver(data, rolls=[("initiative", 20)])
    attacks = [i for i in turn_options(d) if i.startswith(("attack", "full-attack"))]
    assert attacks and all(" longsword " in f"{i} " for i in attacks)  # only the +1 longsword
    d.duel.apply("p1", "attack longsword @p2")
    theirs = [i for i in turn_options(d, "p2") if i.startswith(("attack", "full-attack"))]
    assert theirs == []  # Séverine's rapier and fists are not magic
    roll = next(e for e in d.events("roll") if e.data["purpose"] == "attack with longsword")
    assert dict(roll.data["modifiers"])["weapon"] == 1 + 1  # Weapon Focus and the +1


def test_du4_unarmed_only():
    d = Driver(
        scenario("garrick", "severine", kind="duel", terms={"weapon_forms": ["unarmed"]}, positions=CLOSE4),
        rolls=[("initiative", 20)],
    )
    attacks = [i for i in turn_options(d) if i.startswith(("attack", "full-attack"))]
    assert attacks and all("unarmed_strike" in i for i in attacks)


def test_du4_a_magic_duel_allows_no_bull_rush_a_melee_one_does():
    def ids(terms: dict) -> list[str]:
        return turn_options(
            Driver(
                scenario("garrick", "ilse", kind="duel", terms=terms, positions=CLOSE4),
                rolls=[("initiative", 20)],
            )
        )

    assert "bull-rush @p2" in ids({"weapon_forms": ["melee"]})
    assert "bull-rush @p2" not in ids({"attack_kind": "magic"})


def test_du4_with_no_term_every_weapon_is_allowed():
    d = Driver(
        scenario("ilse", "garrick", kind="duel", positions=[(0, 0), (0, 4)]), rolls=[("initiative", 20)]
    )
    ids = turn_options(d)
    assert {"attack quarterstaff @p2", "attack light_crossbow @p2"} <= set(ids)


def test_du5_hold_person_does_not_end_the_duel():
    d = Driver(
        scenario("nadira", "ilse", kind="duel"),
        plan=[("p1", lambda o: o.data.get("spell") == "hold_person" and not o.data.get("defensive"))],
        rolls=[("initiative", 20), ("will save against hold_person", 2)],
    )
    d.run(until=lambda du: du.round >= 2)
    assert d.duel.by_id["p2"].has("paralysed") and d.duel.outcome is None


def test_du5_flesh_to_stone_ends_the_duel():
    d = Driver(
        scenario("corvin", "ilse", kind="duel"),
        plan=[("p1", lambda o: o.data.get("spell") == "flesh_to_stone" and not o.data.get("defensive"))],
        rolls=[("initiative", 20), ("fort save against flesh_to_stone", 2)],
    )
    d.run()
    out = d.duel.outcome
    assert (out.reason, out.winners, out.losers) == ("defeat", ["p1"], ["p2"]) and "DU-5" in out.clauses
    assert d.duel.by_id["p2"].has("petrified")


def test_du5_first_blood():
    d = Driver(
        scenario("ilse", "kael", kind="duel", terms={"end": "first_blood"}),
        plan=[("p2", lambda o: o.data.get("spell") == "magic_missile" and not o.data.get("defensive"))],
        rolls=[("initiative", 1)],
    )
    d.run()
    out = d.duel.outcome
    assert (out.reason, out.winners) == ("first-blood", ["p2"]) and "first blood" in out.text


def test_du5_first_hit_and_a_number_of_hits():
    def duel(terms):
        d = Driver(
            scenario("garrick", "ilse", kind="duel", terms=terms, positions=[(0, 0), (0, 4)]),
            plan=[("p1", "attack longsword @p2")] * 3,
            rolls=[("initiative", 20)] + [("attack with longsword", 15)] * 3,
        )
        d.run()
        return d

    one = duel({"end": "first_hit"})
    assert one.duel.outcome.reason == "first-hit" and len(one.events("attack")) == 1
    three = duel({"end": "hits", "hits": 3})
    assert three.duel.outcome.reason == "hits" and three.duel.outcome.winners == ["p1"]
    assert three.duel.hits["p1"] == 3


def test_du5_to_the_death_goes_on_past_unconsciousness():
    d = Driver(
        scenario("garrick", "tamsin", kind="duel", terms={"end": "to_the_death"}, positions=[(0, 0), (0, 4)])
    )
    duel = d.run(until=lambda du: du.phase == "fight" and du.pending.kind == "turn")
    from mageduel import state

    gen = duel.deal_damage(state.Damage("p2", 11, source="weapon", attacker="p1"))  # 10 hp: -1, dying
    try:
        while True:
            ask = next(gen)
            gen.send("pass" if "pass" in ask.option_ids else ask.option_ids[0])
    except StopIteration:
        pass
    assert duel.by_id["p2"].status == "dying" and not duel.ended()


def test_du6_a_magic_duel_may_ban_summoning():
    terms = {"attack_kind": "magic", "ban_summoning": True}
    sc = Scenario.model_validate(scenario("ilse", "kael", kind="duel", terms=terms))
    assert sc.terms.spell_allowed(summons=True, affects_others=True) == (
        False,
        "the terms ban summoning",
        "DU-6",
    )
    d = Driver(scenario("ilse", "kael", kind="duel", terms=terms), rolls=[("initiative", 20)])
    ids = turn_options(d)
    assert not any(i.startswith("attack") for i in ids)  # a magic duel: no weapon attacks (DU-4)
    assert any(i.startswith("cast magic_missile") for i in ids)


def test_du6_banned_summoning_is_not_offered():
    free = Driver(summoner(scenario("ilse", "kael", kind="duel")), rolls=[("initiative", 20)])
    assert any(i.startswith("cast summon_monster_i") for i in turn_options(free))
    banned = Driver(
        summoner(scenario("ilse", "kael", kind="duel", terms={"ban_summoning": True})),
        rolls=[("initiative", 20)],
    )
    assert not any("summon" in i for i in turn_options(banned))


def test_du6_a_duel_fought_by_summoned_creatures_cannot_ban_summoning():
    bad = scenario(
        "ilse", "kael", kind="duel", terms={"fought_by": "summoned", "ban_summoning": True}, invalid=True
    )
    with pytest.raises(
        ValidationError, match="ban_summoning: a duel fought by summoned creatures cannot ban"
    ):
        Scenario.model_validate(bad)
    mage = scenario("ilse", "kael", terms={"fought_by": "summoned"}, invalid=True)
    with pytest.raises(ValidationError, match="fought_by: a mageduel is fought by the mages themselves"):
        Scenario.model_validate(mage)


def proxy_duel() -> Driver:
    """Two Ilses, each with one summon monster I, in a duel fought by their creatures (DU-6)."""
    data = summoner(summoner(scenario("ilse", "ilse", kind="duel", terms={"fought_by": "summoned"})), 1)
    return Driver(
        data,
        plan=[("p1", casting("summon_monster_i")), ("p2", casting("summon_monster_i"))],
        rolls=[("initiative", 20)],
    )


def test_du6_in_a_duel_of_summoned_creatures_the_casters_summon_but_do_not_fight():
    ids = turn_options(proxy_duel())
    assert any(i.startswith("cast summon_monster_i") for i in ids)
    assert "cast shield" in ids  # a spell on oneself is fine
    assert not [i for i in ids if "@p2" in i]  # no spell and no attack at the rival caster
    assert not [i for i in ids if i.startswith("attack")]


def test_du6_the_creatures_fight_each_other_never_the_rival_casters():
    d = proxy_duel()
    d.run(until=lambda du: len(d.events("summoned")) == 2 and du.pending.kind == "turn")
    mine = next(e.data["id"] for e in d.events("summoned") if e.actor == "p1")
    theirs = next(e.data["id"] for e in d.events("summoned") if e.actor == "p2")
    creature = d.duel.by_id[mine]
    creature.pos = (d.duel.by_id[theirs].pos[0], d.duel.by_id[theirs].pos[1] + 5, 0.0)
    d.duel.by_id["p2"].pos = (creature.pos[0] + 5, creature.pos[1], 0.0)  # the rival caster within reach too
    d.run(until=lambda du: du.pending.kind == "turn" and du.pending.player == "p1" and du.turn_of == mine)
    ids = d.duel.pending.option_ids
    assert any(i.startswith("attack") and i.endswith(f"@{theirs}") for i in ids)
    assert not [i for i in ids if i.endswith("@p2")]


def test_du6_a_side_whose_creatures_are_down_with_no_summoning_left_loses():
    d = proxy_duel()
    d.run(until=lambda du: len(d.events("summoned")) == 2 and du.pending.kind == "turn")
    assert d.duel.outcome is None  # both have a creature up
    theirs = next(e.data["id"] for e in d.events("summoned") if e.actor == "p2")
    d.duel.by_id[theirs].status = "dead"
    assert d.duel.ended()
    out = d.duel.outcome
    assert (out.reason, out.winners, out.losers) == ("defeat", ["p1"], ["p2"]) and "DU-6" in out.clauses


def test_du6_the_casters_do_not_counter_each_others_spells():
    d = proxy_duel()
    d.run(until=lambda du: du.pending is not None and du.pending.kind in ("counter", "identify"))
    assert not [i for i in d.duel.pending.option_ids if "counter" in i]


def test_du6_the_creatures_natural_attacks_are_not_weapon_terms_breaches_in_a_magic_duel():
    terms = {"fought_by": "summoned", "attack_kind": "magic"}
    near = [(0, 0), (0, 5)]  # each creature appears where it is aimed: by the rival, so beside the other
    data = summoner(summoner(scenario("ilse", "ilse", kind="duel", terms=terms)), 1)
    for part, at in zip(data["participants"], near, strict=True):
        part["position"] = list(at)
    d = Driver(data, plan=[("p1", casting("summon_monster_i")), ("p2", casting("summon_monster_i"))])
    d.run(until=lambda du: len(d.events("summoned")) == 2 and du.turn_of in ("p1s1", "p2s1"))
    assert any(i.startswith("attack") for i in d.duel.pending.option_ids)


def test_du6_before_anyone_summons_nobody_has_lost():
    d = proxy_duel()
    turn_options(d)
    assert d.duel.outcome is None and not d.events("summoned")


def test_du7_magic_on_others_may_be_banned_but_spells_on_oneself_stay():
    d = Driver(
        scenario("ilse", "garrick", kind="duel", terms={"ban_magic_on_others": True, "ban_ranged": True}),
        rolls=[("initiative", 20)],
    )
    ids = turn_options(d)
    assert "cast shield" in ids and "cast mage_armor @p1" in ids
    assert not any(i.startswith("cast") and "@p2" in i for i in ids)
    assert "attack light_crossbow @p2" not in ids


def test_du7_poison_may_be_banned():
    sc = Scenario.model_validate(scenario("garrick", "ilse", kind="duel", terms={"ban_poison": True}))
    assert sc.terms.poison_allowed() is False


def centipede_duel(terms: dict) -> Driver:
    """Ilse summons a giant centipede (summon monster II), whose bite is poisonous, beside Kael."""
    from mageduel import roster

    data = scenario("ilse", "kael", kind="duel", terms=terms, positions=[(0, 0), (0, 10)])
    sheet = roster.get("ilse").model_dump(mode="json")
    sheet["prepared"]["2"] = ["scorching_ray", "mirror_image", "summon_monster_ii"]
    data["participants"][0] = {"id": "p1", "character": sheet, "position": [0, 0]}
    d = Driver(
        data,
        plan=[("p1", casting("summon_monster_ii")), ("p1", "choose giant_centipede")],
        rolls=[("initiative", 20)],
    )
    d.run(until=lambda du: du.pending.kind == "turn" and du.turn_of == "p1s1")
    return d


def test_du7_a_ban_on_poison_forbids_a_poisonous_bite():
    bite = "attack giant_centipede_0 @p2"
    assert bite in centipede_duel({}).duel.pending.option_ids  # no ban: the bite is an ordinary attack
    assert bite not in centipede_duel({"ban_poison": True}).duel.pending.option_ids
    allowed = centipede_duel({"ban_poison": True, "breaches": "allowed"})
    marked = allowed.duel.pending.find(bite)
    assert "the terms ban poison (DU-7)" in marked.data["breaks_terms"]
    allowed.duel.apply("p1", bite)  # taken anyway: the side breaks the terms and loses (DU-2)
    (breach,) = allowed.events("breach")
    assert breach.actor == "p1s1" and "DU-7" in breach.data["why"] and breach.clauses == ("DU-2", "DU-7")


def test_du4_contradictory_weapon_terms_are_refused():
    with pytest.raises(ValidationError) as err:
        Scenario.model_validate(
            scenario(
                "garrick",
                "ilse",
                kind="duel",
                terms={"weapon_forms": ["ranged"], "ban_ranged": True},
                invalid=True,
            )
        )
    assert "ban_ranged" in str(err.value)


@pytest.mark.parametrize(
    "terms,message",
    [
        (
            {"same_weapon": "longsword", "weapon_forms": ["ranged"]},
            "same_weapon: longsword is a melee weapon",
        ),
        ({"same_weapon": "light_crossbow", "ban_ranged": True}, "which ban_ranged forbids"),
        ({"weapon_forms": ["melee", "ranged"], "ban_ranged": True}, "ban_ranged: contradicts weapon_forms"),
        ({"weapon_forms": ["unarmed"], "magic_weapons_only": True}, "magic_weapons_only: contradicts"),
    ],
)
def test_du4_a_same_weapon_the_other_weapon_terms_forbid_is_refused(terms, message):
    with pytest.raises(ValidationError, match=message):
        Scenario.model_validate(scenario("garrick", "ilse", kind="duel", terms=terms, invalid=True))


def test_du5_sleep_does_not_end_the_duel():
    # Tamsin with sleep prepared instead of colour spray: asleep-but-wakeable is like hold person (DU-5 ruling).
    import json
    from importlib import resources

    roster = json.loads(resources.files("mageduel").joinpath("data/roster.json").read_text("utf-8"))
    tamsin = next(c for c in roster["characters"] if c["id"] == "tamsin")
    sheet = {**tamsin, "prepared": {**tamsin["prepared"], "1": ["sleep", "magic_missile"]}}
    sc = scenario("tamsin", "bram", kind="duel")
    sc["participants"][0] = {"id": "p1", "character": sheet}
    d = Driver(
        sc,
        plan=[("p1", lambda o: o.data.get("spell") == "sleep" and not o.data.get("defensive"))],
        rolls=[("initiative", 20), ("will save against sleep", 2)],
    )
    d.run(until=lambda du: du.round >= 2)
    assert d.duel.by_id["p2"].has("asleep") and d.duel.outcome is None
