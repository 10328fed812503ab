"""MD-19..MD-26: how a mageduel ends, what it gives back, and the hidden spell."""

from __future__ import annotations

import math

from mageduel import endings, state

from tests.rules.rules_kit import Driver, casting, scenario, zone_opts


def fight(d: Driver) -> state.Duel:
    return d.run(
        until=lambda du: du.phase == "fight" and du.pending is not None and du.pending.kind == "turn"
    )


def run_gen(gen) -> None:
    try:
        ask = next(gen)
    except StopIteration:
        return
    raise AssertionError(f"unexpected question {ask}")


def test_md19_a_bystander_walking_in_ends_it_in_a_tie():
    d = Driver(
        scenario(
            "ilse", "kael", options=zone_opts(20), events=[{"kind": "bystander", "round": 2, "who": "a page"}]
        )
    )
    d.run()
    out = d.duel.outcome
    assert (out.reason, out.tie, out.winners) == ("interference", True, [])
    assert "MD-19" in out.clauses and "a page" in out.text
    assert not [e for e in d.events("turn") if e.round == 2]  # it ends at once, before anyone acts


def test_md19_an_attack_from_outside_fails_and_ends_it():
    d = Driver(
        scenario("ilse", "kael", options=zone_opts(20), events=[{"kind": "outside_attack", "round": 3}])
    )
    d.run()
    (ev,) = d.events("interference")
    assert ev.data["fails"] is True and ev.round == 3
    assert d.duel.outcome.tie and d.duel.outcome.reason == "interference"


def test_md20_hit_points_and_abilities_come_back_and_the_duels_spells_vanish():
    d = Driver(
        scenario("ilse", "kael", options={**zone_opts(20)}, events=[{"kind": "bystander", "round": 3}]),
        plan=[
            ("p1", "prepare 1"),
            ("p2", "prepare 1"),
            ("p1", casting("shield")),  # during the preparation: a spell on oneself, carried in
            ("p1", casting("mirror_image")),  # during the mageduel
            ("p2", casting("scorching_ray", "p1")),
        ],
        rolls=[("initiative", 20), ("ranged touch", 18), ("scorching_ray damage", 20)],
    )
    d.run()
    ilse = d.duel.by_id["p1"]
    hurt = [e for e in d.events("damage") if e.actor == "p1"]
    assert hurt and hurt[-1].data["nonlethal"] > 0
    assert ilse.nonlethal == 0 and ilse.hp == ilse.max_hp
    names = {c.source for c in ilse.conditions}
    assert "shield" in names and "mirror_image" not in names and ilse.mirror_images == 0
    (restored,) = d.events("restored")
    assert restored.clauses == ("MD-20",)
    assert restored.data["participants"]["p1"]["nonlethal_healed"] == hurt[-1].data["nonlethal"]
    assert restored.seq == d.events("end")[0].seq + 1


def test_md20_drained_and_feebleminded_scores_and_negative_levels_come_back_and_the_log_says_so():
    # Aurelian drains Corvin's Dex (polar ray), gives him a negative level (enervation) and feeblemind
    # (Int and Cha 1); then both declare a draw. Everything comes back, and the report counts it.
    d = Driver(
        scenario("aurelian", "corvin", options=zone_opts(80), terms={"progress_check": True}),
        plan=[
            ("p1", casting("polar_ray", "p2")),
            ("p1", casting("enervation", "p2")),
            ("p1", casting("feeblemind", "p2")),
            ("p1", "declare-draw"),  # at round 4's progress check, once the three spells are cast
            *[("p2", "go-on")] * 3,
            ("p2", "declare-draw"),
        ],
        rolls=[("initiative", 20), ("polar_ray", 19), ("enervation", 19), ("save against feeblemind", 1)],
    )
    corvin = d.duel.by_id["p2"]
    base = {a: corvin.ability(a) for a in endings.ABILITIES}
    full = corvin.hp
    d.run(until=lambda du: du.outcome is None and du.round == 4 and du.pending.kind == "rite:progress")
    assert corvin.ability("dex") < base["dex"] and corvin.negative_levels == 1
    assert (corvin.ability("int"), corvin.ability("cha")) == (1, 1)
    lost = {a: base[a] - corvin.ability(a) for a in base if corvin.ability(a) != base[a]}
    hp_lost = full - corvin.hp  # the negative level's 5 hp
    d.run()
    assert d.duel.outcome.reason == "draw"
    assert {a: corvin.ability(a) for a in base} == base and corvin.negative_levels == 0
    assert corvin.hp == corvin.max_hp == full and corvin.nonlethal == 0
    (restored,) = d.events("restored")
    mine = restored.data["participants"]["p2"]
    assert mine["abilities_restored"] == lost and set(lost) == {"dex", "int", "cha"}
    assert mine["negative_levels_removed"] == 1 and mine["hp_healed"] == hp_lost > 0


def test_md21_the_side_not_slain_while_all_rivals_are_wins():
    d = Driver(scenario("ilse", "kael", "odile", sides=["a", "b", "a"], options=zone_opts(26)))
    duel = fight(d)
    run_gen(duel.deal_damage(state.Damage("p2", 50, source="weapon", attacker="p1")))
    assert duel.ended()
    out = duel.outcome
    assert (out.reason, sorted(out.winners), out.losers) == ("defeat", ["p1", "p3"], ["p2"])
    assert "MD-21" in out.clauses


def test_md21_a_three_way_goes_on_while_two_remain():
    d = Driver(scenario("ilse", "kael", "odile", options=zone_opts(26)))
    duel = fight(d)
    run_gen(duel.deal_damage(state.Damage("p2", 50, source="weapon", attacker="p1")))
    assert not duel.ended() and duel.by_id["p2"].status == "slain"


def test_md22_walking_out_of_the_zone_is_expulsion():
    d = Driver(
        scenario("ilse", "kael", options=zone_opts(20)),
        plan=[("p1", "move 10,-6")],
        rolls=[("initiative", 20)],
    )
    d.run()
    out = d.duel.outcome
    assert (out.reason, out.winners, out.losers) == ("expulsion", ["p2"], ["p1"])
    (ev,) = [e for e in d.events("status") if e.data["status"] == "expelled"]
    assert ev.actor == "p1" and "MD-22" in ev.clauses


def test_md22_being_pushed_out_by_telekinesis_is_expulsion():
    d = Driver(
        scenario("corvin", "tamsin", options=zone_opts(28)),
        plan=[("p1", casting("telekinesis", "p2")), ("p1", "choose sustained_force")],
        rolls=[("initiative", 20), ("will save against telekinesis", 1)],
    )
    d.run()
    (push,) = d.events("pushed")
    assert not d.duel.zone.holds(tuple(push.data["to"]))
    out = d.duel.outcome
    assert (out.reason, out.winners, out.losers) == ("expulsion", ["p1"], ["p2"])


def test_md22_a_bull_rush_by_telekinesis_pushes_out_by_how_much_it_beats_the_cmd():
    d = Driver(
        scenario("corvin", "tamsin", options=zone_opts(28)),
        plan=[("p1", casting("telekinesis", "p2")), ("p1", "choose bull_rush")],
        rolls=[("initiative", 20), ("bull_rush (CMB)", 1)],
    )
    d.run()
    (check,) = [e for e in d.events("roll") if "bull_rush" in e.data["purpose"]]
    over = check.data["total"] - check.data["target"]  # 1 + 13 + 8 = 22 against CMD 11
    (push,) = d.events("pushed")
    assert math.dist(push.data["from"], push.data["to"]) == 5 + 5 * (over // 5) == 15
    assert not d.duel.zone.holds(tuple(push.data["to"]))
    out = d.duel.outcome
    assert (out.reason, out.winners, out.losers) == ("expulsion", ["p1"], ["p2"]) and "MD-22" in out.clauses


def test_md22_a_bull_rush_shoves_a_rival_out_of_a_small_zone():
    from mageduel import roster

    # Two 1st-level casters in a 4-foot zone: Tamsin shoves Bram. 15 + 0 (BAB) - 1 (Str) = 14 against
    # his CMD 13 (as on his sheet): 5 feet, and he stood a foot inside the face.
    d = Driver(
        scenario("tamsin", "bram", options=zone_opts(4)),
        plan=[("p1", "bull-rush @p2")],
        rolls=[("initiative", 20), ("bull rush (CMB)", 15)],
    )
    d.run()
    (check,) = [e for e in d.events("roll") if e.data["purpose"] == "bull rush (CMB)"]
    assert (check.data["total"], check.data["target"], check.data["against"]) == (14, 13, "CMD")
    assert check.data["target"] == roster.get("bram").cmd("bull_rush")
    (push,) = d.events("pushed")
    assert push.data["maneuver"] == "bull_rush" and math.dist(push.data["from"], push.data["to"]) == 5
    out = d.duel.outcome
    assert (out.reason, out.winners, out.losers) == ("expulsion", ["p1"], ["p2"]) and "MD-22" in out.clauses
    failed = Driver(
        scenario("tamsin", "bram", options=zone_opts(4)),
        plan=[("p1", "bull-rush @p2")],
        rolls=[("initiative", 20), ("bull rush (CMB)", 2)],
    )
    failed.run(until=lambda du: du.round >= 2)
    assert not failed.events("pushed") and failed.duel.outcome is None


def gusty_ilse() -> dict:
    """Ilse's sheet with gust of wind prepared instead of glitterdust."""
    from mageduel import roster

    sheet = roster.get("ilse").model_dump(mode="json")
    sheet["prepared"]["2"] = ["scorching_ray", "mirror_image", "gust_of_wind"]
    return sheet


def gust_duel(flying: bool) -> Driver:
    data = scenario("ilse", "kael", options=zone_opts(20))
    data["participants"][0] = {"id": "p1", "character": gusty_ilse()}
    d = Driver(
        data,
        plan=[("p1", casting("gust_of_wind"))],
        rolls=[("initiative", 20), ("fortitude save against gust_of_wind", 1), ("gust_of_wind distance", 6)],
    )
    d.run(until=lambda du: bool(d.rite("begin")))  # inside, before the first turn's options are built
    kael = d.duel.by_id["p2"]
    kael.flying = flying  # as by a fly spell cast in the preparation (MD-8 carries spells on oneself)
    kael.pos = (kael.pos[0], kael.pos[1], 5.0 if flying else 0.0)
    d.run()
    return d


def test_md22_a_medium_flyer_blown_back_by_gust_of_wind_is_expelled():
    d = gust_duel(flying=True)
    (push,) = d.events("pushed")
    assert push.actor == "p2" and push.data["spell"] == "gust_of_wind"
    # 1d6 (6) x 5 ft along the wind, straight away from Ilse (up as well, as Kael flies above her).
    assert round(math.dist(push.data["to"], push.data["from"])) == 30 and push.data["to"][1] > 20
    assert not d.duel.zone.holds(tuple(push.data["to"]))
    out = d.duel.outcome
    assert (out.reason, out.winners, out.losers) == ("expulsion", ["p1"], ["p2"]) and "MD-22" in out.clauses


def test_md22_gust_of_wind_only_holds_back_a_medium_walker():
    d = gust_duel(flying=False)
    assert not d.events("pushed")
    (held,) = [e for e in d.events("condition") if e.actor == "p2" and e.data.get("condition") == "held back"]
    assert d.duel.outcome.reason == "time"  # nobody struck again: still inside at the end


def test_md23_in_a_one_on_one_the_opponent_of_the_disqualified_wins():
    d = Driver(scenario("odile", "kael", options=zone_opts(16)))
    duel = fight(d)
    endings.disqualify(duel, duel.by_id["p1"], "used a wand against Kael (MD-13)")
    assert duel.ended() and duel.outcome.winners == ["p2"] and "MD-23" in duel.outcome.clauses


def test_md23_with_three_play_goes_on_until_the_disqualified_interferes():
    d = Driver(scenario("odile", "kael", "ilse", options=zone_opts(26)), plan=[("p1", "interfere")])
    duel = fight(d)
    endings.disqualify(duel, duel.by_id["p1"], "used a wand against Kael (MD-13)")
    assert not duel.ended()  # the other two fight on
    assert duel.opponents("p2") == [duel.by_id["p3"]]  # the disqualified is no longer anyone's rival
    d.run()
    out = duel.outcome
    assert out.reason == "interference" and out.tie and "MD-23" in out.clauses
    assert "Kael" in out.text and "Ilse" in out.text


def test_md23_a_disqualified_who_stands_aside_does_not_end_it():
    d = Driver(scenario("odile", "kael", "ilse", options={**zone_opts(26), "max_rounds": 4}))
    duel = fight(d)
    endings.disqualify(duel, duel.by_id["p1"], "used a wand")
    d.run()
    assert duel.outcome.reason == "time"
    asks = [c for p, c in d.log if p == "p1" and c == "stand-aside"]
    assert len(asks) >= 3


def test_md24_a_mageduel_ends_after_one_hour_in_a_tie():
    d = Driver(scenario("tamsin", "bram", options=zone_opts(4)))
    d.run()
    out = d.duel.outcome
    assert (out.reason, out.tie, out.clauses) == ("time", True, ("MD-24",))
    fight_rounds = [e for e in d.events("round") if e.data["phase"] == "fight"]
    assert len(fight_rounds) == endings.HOUR_ROUNDS == 600


def test_md24_a_shorter_limit_of_play_is_not_the_rite_s_hour():
    d = Driver(scenario("tamsin", "bram", options={**zone_opts(4), "max_rounds": 3}))
    d.run()
    out = d.duel.outcome
    assert (out.reason, out.tie) == ("time", True) and "MD-24" not in out.clauses
    assert not [e for e in d.duel.events if "MD-24" in e.clauses]


def test_md25_a_draw_declared_by_everyone_still_active_is_a_tie():
    d = Driver(
        scenario("ilse", "kael", options=zone_opts(20), terms={"progress_check": True}),
        plan=[("p1", "declare-draw"), ("p2", "go-on"), ("p1", "declare-draw"), ("p2", "declare-draw")],
    )
    d.run()
    assert d.events("draw-offered")[0].data["who"] == ["p1"] and d.events("draw-offered")[0].round == 1
    out = d.duel.outcome
    assert (out.reason, out.tie, out.clauses) == ("draw", True, ("MD-25",))
    assert d.events("draw")[0].round == 2


def test_md26_the_defender_does_not_learn_the_spell_before_deciding():
    d = Driver(
        scenario("ilse", "kael", options=zone_opts(20)),
        plan=[("p1", casting("fireball"))],
        rolls=[("initiative", 20)],
    )
    d.run(until=lambda du: du.pending.player == "p2" and du.pending.kind == "identify")
    seen = d.duel.view("p2").model_dump_json()
    assert "fireball" not in seen and "evocation" not in seen
    assert "casting" in seen  # told that a spell is being cast, by whom, at whom
    mine = d.duel.view("p1").model_dump_json()
    assert "fireball" in mine
    d.run(until=lambda du: bool([e for e in du.events if e.kind == "spell"]))
    assert "fireball" in d.duel.view("p2").model_dump_json()  # revealed once resolved


def test_md23_a_disqualified_participant_may_leave_the_zone_then_coming_back_ends_it():
    """Odile, disqualified inside the zone, walks out (that ends nothing); a round later she comes back in:
    the mageduel ends for Kael and Ilse, tied."""
    d = Driver(
        scenario("odile", "kael", "ilse", options=zone_opts(26)),
        plan=[("p1", "leave-zone"), ("p1", "re-enter")],
    )
    duel = fight(d)
    endings.disqualify(duel, duel.by_id["p1"], "used a wand against Kael (MD-13)")
    d.run(until=lambda du: du.outcome is not None or bool([e for e in du.events if e.kind == "leaves-zone"]))
    (left,) = d.events("leaves-zone")
    assert left.actor == "p1" and "MD-23" in left.clauses and duel.outcome is None
    assert not duel.zone.holds(duel.by_id["p1"].pos)
    d.run(until=lambda du: du.outcome is not None or du.pending.kind == "rite:disqualified")
    assert duel.pending.option_ids == ["stand-aside", "re-enter"]
    d.run()
    out = duel.outcome
    assert out.reason == "interference" and out.tie and "MD-23" in out.clauses
    assert out.losers == ["p1"] and "comes back into the zone" in out.text


def test_md19_a_placed_bystander_walks_into_the_zone_and_ends_it():
    d = Driver(
        scenario(
            "ilse",
            "kael",
            options=zone_opts(20),
            bystanders=[{"id": "page", "roster": "tamsin", "position": [10, -10], "name": "a page"}],
            events=[{"kind": "bystander", "round": 2, "who": "page"}],
        )
    )
    d.run()
    (ev,) = d.events("interference")
    assert ev.data["who"] == "page" and d.duel.zone.holds(d.duel.by_id["page"].pos)
    out = d.duel.outcome
    assert (out.reason, out.tie) == ("interference", True) and "a page walks into the zone" in out.text
