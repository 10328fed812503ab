"""MD-10..MD-18: inside the zone."""

from __future__ import annotations

import pytest
from mageduel import creatures, geometry, state
from mageduel.character_adapter import combatant_from_creature
from mageduel.effects import apply_ability
from mageduel.state import AbilityDamage, Option
from mageduel.zone import Zone

from tests.rules.rules_kit import Driver, casting, scenario, summoner, zone_opts


def fight(d: Driver) -> state.Duel:
    return d.run(
        until=lambda du: du.phase == "fight" and du.pending is not None and du.pending.kind == "turn"
    )


def test_md10_a_burst_is_clipped_at_the_faces():
    zone = Zone(10, 10)
    burst = geometry.Burst((9.0, 5.0, 0.0), 20.0)
    inside, outside = (9.0, 9.0, 0.0), (15.0, 5.0, 0.0)
    assert burst.contains(inside) and burst.contains(outside)
    area = zone.clip(burst)
    assert area.contains(inside) and not area.contains(outside)
    # A line spell stops at the wall.
    assert zone.clip_segment((5.0, 5.0, 0.0), (5.0, 65.0, 0.0)) == ((5.0, 5.0, 0.0), (5.0, 10.0, 0.0))


def test_md10_an_area_cast_inside_never_touches_a_creature_outside():
    d = Driver(scenario("ilse", "kael", "odile", options=zone_opts(24)))
    duel = fight(d)
    # Odile stands just outside the south face (as if pushed there this instant), in a fireball's reach.
    duel.by_id["p3"].pos = (12.0, -3.0, 0.0)
    fireball = geometry.Burst(duel.by_id["p2"].pos, 30.0)
    caught = ["p1", "p2", "p3"]
    assert all(fireball.contains(duel.by_id[c].pos) for c in caught)
    assert duel.hooks.filter_area(duel, "p1", fireball, caught) == ["p1", "p2"]


def test_md10_a_plain_duel_has_no_zone_to_clip():
    d = Driver(scenario("ilse", "kael", kind="duel"))
    duel = fight(d)
    assert duel.zone is None
    assert duel.hooks.filter_area(duel, "p1", geometry.Burst((0.0, 0.0, 0.0), 99.0), ["p1", "p2"]) == [
        "p1",
        "p2",
    ]


def _summon_beside(duel: state.Duel, owner: str, creature: str = "dog") -> str:
    """A summoned creature next to ``owner``, made as the core's summoning makes one."""
    cr = creatures.get(creature)
    s = combatant_from_creature(cr, f"{owner}s1", duel.by_id[owner].side, owner)
    s.pos = duel.by_id[owner].pos
    duel.participants.append(s)
    duel.by_id[s.id] = s
    return s.id


def test_md11_summoned_creatures_may_not_move_out():
    d = Driver(scenario("ilse", "kael", options=zone_opts(20)))
    duel = fight(d)
    sid = _summon_beside(duel, "p1")
    out = Option("move 10,-10", "move", {"point": (10.0, -10.0, 0.0)})
    inside = Option("move 10,10", "move", {"point": (10.0, 10.0, 0.0)})
    assert "MD-11" in duel.hooks.legal(duel, sid, out)
    assert duel.hooks.legal(duel, sid, inside) is None
    # A participant may walk out (and is expelled for it, MD-22); only the summoned are held in.
    assert duel.hooks.legal(duel, "p1", out) is None


def test_md11_a_summoned_dog_cannot_walk_out_of_the_zone():
    d = Driver(
        summoner(scenario("ilse", "kael", options=zone_opts(20))),
        plan=[("p1", casting("summon_monster_i")), ("p1", "choose dog")],
        rolls=[("initiative", 20)],
    )
    duel = d.run(until=lambda du: du.turn_of == "p1s1" and du.pending.kind == "turn")
    assert d.events("summoned")[0].data["id"] == "p1s1"
    moves = [o for o in duel.pending.options if o.kind in ("move", "step")]
    assert moves and all(duel.zone.holds(o.data["point"]) for o in moves)
    with pytest.raises(state.IllegalDecision):
        duel.apply("p1", "move 10,-10")  # its controller may not walk it out
    duel.apply("p1", "move 10,2")  # inside is fine
    d.run(until=lambda du: any(e.kind == "move" and e.actor == "p1s1" for e in du.events))
    assert duel.by_id["p1s1"].pos == (10.0, 2.0, 0.0)


def test_md16_a_summoned_dog_bites_for_half_damage():
    d = Driver(
        summoner(scenario("ilse", "kael", options=zone_opts(20))),
        plan=[("p1", casting("summon_monster_i")), ("p1", "choose dog"), ("p1", "attack dog_0 @p2")],
        rolls=[("initiative", 20), ("attack with dog_0", 19), ("dog_0 damage", 4)],
    )
    d.run(until=lambda du: bool([e for e in du.events if e.kind == "damage"]))
    (bite,) = d.events("damage")
    dog = d.duel.by_id["p1s1"]
    full = 4 + dog.mod("str") + dog.weapons[0].damage_bonus
    assert bite.data["by"] == "p1s1" and "MD-16" in bite.clauses
    assert bite.data["amount"] == max(1, full // 2) and full > 1  # the bite, halved


def test_md11_a_summoned_creature_pushed_at_a_face_stops_there():
    d = Driver(scenario("ilse", "kael", options=zone_opts(20)))
    duel = fight(d)
    sid = _summon_beside(duel, "p1")
    s = duel.by_id[sid]
    frm = s.pos
    s.pos = (frm[0], -30.0, 0.0)  # a gust of wind's push, straight south
    duel.emit("pushed", sid, {"from": list(frm), "to": list(s.pos), "by": "p2", "spell": "gust_of_wind"})
    assert duel.zone.holds(s.pos) and s.pos[1] == 0.0
    assert d.events("confined")[-1].clauses == ("MD-11",)


def test_md12_each_participant_has_an_extra_counterspell_in_a_mageduel_only():
    def offered(kind: str) -> list[str]:
        opts = zone_opts(20) if kind == "mageduel" else None
        d = Driver(
            scenario("ilse", "kael", kind=kind, options=opts),
            plan=[("p2", casting("magic_missile", "p1")), ("p1", "identify")],
            rolls=[("initiative", 1), ("Spellcraft", 20)],
        )
        d.run(until=lambda du: du.pending.kind == "counter")
        return d.duel.pending.option_ids

    mage = offered("mageduel")
    assert "react md-counter magic_missile slot1" in mage
    assert any(i.startswith("react duel-counter") for i in mage)  # both, separately
    plain = offered("duel")
    assert not any("md-counter" in i for i in plain)


def test_md13_an_item_used_to_attack_a_participant_disqualifies():
    wand = "use item2 magic_missile @p2"  # Odile's wand of magic missile
    d = Driver(
        scenario("odile", "kael", options=zone_opts(16)), plan=[("p1", wand)], rolls=[("initiative", 20)]
    )
    d.run()
    (dq,) = d.events("disqualified")
    assert dq.actor == "p1" and "MD-13" in dq.clauses
    # The missiles of a disqualified participant fail, like an attack from outside (MD-23, MD-19).
    assert all(e.data["amount"] == 0 for e in d.events("damage") if e.actor == "p2")
    out = d.duel.outcome
    assert (out.reason, out.winners, out.losers) == ("disqualification", ["p2"], ["p1"])


def test_md13_items_that_attack_nobody_are_allowed():
    d = Driver(
        scenario("odile", "kael", options=zone_opts(16)),
        plan=[("p1", "use item1 mirror_image")],
        rolls=[("initiative", 20)],
    )
    d.run(until=lambda du: du.round >= 2)
    assert d.events("mirror-images") and not d.events("disqualified") and d.duel.outcome is None
    duel = d.duel
    wall = Option(
        "use staff wall_of_force", "cast", {"spell": "wall_of_force", "targets": [], "item": "staff"}
    )
    assert duel.hooks.legal(duel, "p1", wall) is None and "disqualifies" not in wall.data


def test_md14_all_damage_is_nonlethal_and_reaching_current_hp_is_slain():
    # Corvin (13th) against Tamsin (1st, 10 hp): a lightning bolt, failed save.
    d = Driver(
        scenario("corvin", "tamsin", options=zone_opts(28)),
        plan=[("p1", casting("lightning_bolt", "p2"))],
        rolls=[("initiative", 20), ("ref save", 2), ("lightning_bolt damage", 40)],
    )
    d.run()
    (dmg,) = [e for e in d.events("damage") if e.actor == "p2"]
    assert dmg.data["lethal"] is False and dmg.data["hp"] == 10 and dmg.data["nonlethal"] == 20
    assert "MD-14" in dmg.clauses
    slain = [e for e in d.events("status") if e.data["status"] == "slain"]
    assert slain[0].actor == "p2" and "MD-14" in slain[0].clauses
    assert not [e for e in d.events("status") if e.data["status"] in ("dead", "dying")]
    assert d.duel.outcome.winners == ["p1"] and "MD-21" in d.duel.outcome.clauses


def test_md14_nonlethal_exactly_equal_to_hit_points_is_slain():
    d = Driver(scenario("corvin", "tamsin", options=zone_opts(28)))
    duel = fight(d)
    t = duel.by_id["p2"]
    yield_from(duel, duel.deal_damage(state.Damage("p2", 20, source="weapon", attacker="p1")))
    assert t.nonlethal == 20 and t.hp == 10 and t.status == "slain"


def yield_from(duel: state.Duel, gen) -> None:
    """Run one of the engine's rule generators that asks nothing."""
    try:
        ask = next(gen)
    except StopIteration:
        return
    raise AssertionError(f"unexpected question {ask}")


def test_md15_ability_drain_lasts_only_for_the_mageduel():
    d = Driver(
        scenario("aurelian", "corvin", options=zone_opts(66), events=[{"kind": "bystander", "round": 2}]),
        plan=[("p1", casting("polar_ray", "p2"))],
        rolls=[("initiative", 20), ("ranged touch", 15), ("polar_ray ability", 4)],
    )
    d.run()
    drain = [e for e in d.events("ability") if e.actor == "p2"]
    assert drain[0].data["mode"] == "drain" and drain[0].data["amount"] == 2  # 4, halved (MD-16)
    assert "MD-15" in drain[0].clauses
    restored = d.events("restored")[0].data["participants"]["p2"]
    assert restored["abilities_restored"] == {"dex": 2}
    assert d.duel.by_id["p2"].ability_drain == {} and d.duel.by_id["p2"].ability("dex") == 14


def test_md15_constitution_zero_is_slain_not_dead():
    d = Driver(scenario("ilse", "kael", options=zone_opts(20)))
    duel = fight(d)
    apply_ability(
        duel, duel.hooks.transform_ability(duel, AbilityDamage("p2", "con", 40, "damage", "spell", "p1"))
    )
    assert duel.by_id["p2"].status == "slain"
    assert [e.clauses for e in d.events("status")][-1] == ("MD-15", "MD-14")


def test_md16_spells_deal_half_damage_rounded_down_minimum_one():
    d = Driver(
        scenario("ilse", "kael", options=zone_opts(20)),
        plan=[("p1", casting("magic_missile", "p2"))],
        rolls=[("initiative", 20), ("magic_missile damage", 1), ("magic_missile damage", 4)],
    )
    d.run(until=lambda du: du.round >= 2)
    hits = [e for e in d.events("damage") if e.data["spell"] == "magic_missile"]
    # 1d4+1 each: 2 -> 1, 5 -> 2 (two missiles at caster level 5... three at 5th: the third rolls 1 -> 2 -> 1)
    assert [h.data["amount"] for h in hits][:2] == [1, 2]
    assert all("MD-16" in h.clauses for h in hits)


def test_md16_participants_weapons_hit_in_full():
    d = Driver(
        scenario("tamsin", "bram", options=zone_opts(4)),
        plan=[("p1", "attack quarterstaff @p2")],
        rolls=[("initiative", 20), ("attack with quarterstaff", 19), ("quarterstaff damage", 5)],
    )
    d.run(until=lambda du: du.round >= 2)
    (hit,) = [e for e in d.events("damage") if e.data["source"] == "weapon"]
    # 5 rolled, Tamsin's Str -1: 4, not halved to 2.
    assert hit.data["amount"] == 4 and "MD-16" not in hit.clauses and hit.data["lethal"] is False


def test_md16_summoned_creatures_deal_half_damage():
    d = Driver(scenario("ilse", "kael", options=zone_opts(20)))
    duel = fight(d)
    sid = _summon_beside(duel, "p1")
    dmg = duel.hooks.transform_damage(duel, state.Damage("p2", 7, source="weapon", attacker=sid))
    assert dmg.amount == 3 and "MD-16" in dmg.clauses and dmg.lethal is False


def _finger(save: int) -> Driver:
    d = Driver(
        scenario("aurelian", "corvin", options=zone_opts(66)),
        plan=[("p1", casting("finger_of_death", "p2"))],
        rolls=[
            ("initiative", 20),
            ("fort save against finger_of_death", save),
            ("finger_of_death damage", 10),
        ],
    )
    d.run(until=lambda du: du.round >= 2)
    return d


def test_md17_finger_of_death_deals_half_max_hp():
    d = _finger(save=2)
    (hit,) = [e for e in d.events("damage") if e.actor == "p2"]
    assert hit.data["amount"] == 93 // 2 and hit.data["lethal"] is False  # not halved again
    assert "MD-17" in hit.clauses and d.duel.by_id["p2"].status == "active"
    assert not d.events("slay")


def test_md17_a_successful_save_gives_the_partial_effect_halved():
    d = _finger(save=19)
    (hit,) = [e for e in d.events("damage") if e.actor == "p2"]
    assert hit.data["amount"] == (10 + 20) // 2  # 3d6 (scripted total 10) + caster level 20, halved
    assert "MD-16" in hit.clauses and "MD-17" not in hit.clauses


def test_md17_power_word_kill_deals_half_max_hp():
    d = Driver(
        scenario("aurelian", "corvin", options=zone_opts(66)),
        plan=[("p1", casting("power_word_kill", "p2"))],
        rolls=[("initiative", 20)],
    )
    d.run(until=lambda du: du.round >= 2)
    (hit,) = [e for e in d.events("damage") if e.actor == "p2"]
    assert hit.data["amount"] == 46 and "MD-17" in hit.clauses
    assert d.duel.by_id["p2"].status == "active"


def test_md18_no_magic_can_affect_the_zone():
    d = Driver(
        scenario("ilse", "kael", options=zone_opts(20)),
        plan=[("p1", casting("dispel_magic", "p2"))],
        rolls=[("initiative", 20)],
    )
    duel = fight(d)
    zone = duel.zone
    aimed = Option(
        "cast dispel_magic @zone", "cast", {"spell": "dispel_magic", "targets": [], "target": "zone"}
    )
    assert "MD-18" in duel.hooks.legal(duel, "p1", aimed)
    d.run(until=lambda du: du.round >= 2)
    assert [e for e in d.events("spell") if e.data["spell"] == "dispel_magic"]
    assert duel.zone is zone and (zone.width, zone.height) == (20, 20)
    assert not duel.zone.holds((21.0, 10.0, 0.0))


@pytest.mark.parametrize("amount,halved", [(0, 0), (1, 1), (2, 1), (3, 1), (9, 4)])
def test_md16_the_rounding_ruling(amount, halved):
    from mageduel.zone_effects import halve

    assert halve(amount) == halved


def test_md17_each_killing_spell_is_replaced_once_per_casting():
    d = Driver(
        scenario("aurelian", "corvin", options=zone_opts(66)),
        plan=[("p1", casting("finger_of_death", "p2")), ("p1", casting("finger_of_death", "p2"))],
        rolls=[
            ("initiative", 20),
            ("fort save against finger_of_death", 2),
            ("fort save against finger_of_death", 2),
        ],
    )
    d.run(until=lambda du: du.round >= 3)
    hits = [e.data["amount"] for e in d.events("damage") if e.actor == "p2"]
    assert hits == [46, 46] and d.duel.by_id["p2"].nonlethal == 92


def test_md10_a_fireball_cast_inside_spares_a_bystander_standing_outside():
    """A page stands 4 feet beyond the south face; Ilse's fireball, centred 5 feet inside it, would take
    him in — but spells do not leave the zone."""
    d = Driver(
        scenario(
            "ilse",
            "kael",
            options=zone_opts(20),
            bystanders=[{"id": "page", "roster": "tamsin", "position": [10, -4]}],
        ),
        plan=[("p1", "cast fireball @10,5")],
        rolls=[("initiative", 20)],
    )
    duel = fight(d)
    assert duel.by_id["page"].pos == (10.0, -4.0, 0.0)
    assert geometry.Burst((10.0, 5.0, 0.0), 20.0).contains(duel.by_id["page"].pos)
    d.run(until=lambda du: du.turn_of == "p2" or du.outcome is not None)
    assert d.events("spell") and {e.actor for e in d.events("damage")} == {"p1", "p2"}
    assert duel.view("p1").bystanders[0].id == "page"


def _fireball_by_the_page(kind: str) -> Driver:
    """Ilse's fireball centred 5 feet inside the south face; a page stands 4 feet beyond it (in the burst).
    In a plain duel Ilse and Kael stand where the zone's entry would put them, 10 feet apart."""
    return Driver(
        scenario(
            "ilse",
            "kael",
            kind=kind,
            options=zone_opts(20) if kind == "mageduel" else None,
            positions=None if kind == "mageduel" else [(10, 25), (10, 15)],
            bystanders=[{"id": "page", "roster": "tamsin", "position": [10, -4]}],
        ),
        plan=[("p1", "cast fireball @10,5")],
        rolls=[("initiative", 20)],
    )


def test_md10_the_log_says_whom_the_zone_s_faces_spared():
    """The clipping is said where it acts: one ``area-clipped`` event citing MD-10, after the spell is
    revealed and before its damage, naming the page the burst would have taken in."""
    d = _fireball_by_the_page("mageduel")
    fight(d)
    d.run(until=lambda du: du.turn_of == "p2" or du.outcome is not None)
    (clip,) = d.events("area-clipped")
    assert clip.clauses == ("MD-10",) and clip.actor == "p1"
    assert clip.data == {"spell": "fireball", "spared": ["page"]}
    (spell,) = d.events("spell")
    first_damage = min(e.seq for e in d.events("damage"))
    assert spell.seq < clip.seq < first_damage
    assert "page" not in {e.actor for e in d.events("damage")}


def test_md10_no_clipping_is_said_where_no_zone_clips():
    """In a plain duel there is no zone: the burst takes the page in (DU-10 only makes the aim legal),
    and no event claims MD-10."""
    d = _fireball_by_the_page("duel")
    d.run(until=lambda du: du.phase == "fight" and du.round >= 2 or du.outcome is not None)
    assert d.events("spell") and not d.events("area-clipped")
    assert not [e for e in d.duel.events if "MD-10" in e.clauses]


def _cloudkill_duel(kind: str = "mageduel", **extra) -> Driver:
    """Aurelian (p1) lays a cloudkill over Corvin (p2, 13 HD: Constitution damage, Fortitude halves)."""
    corvin = {"id": "p2", "roster": "corvin", **extra}
    data = scenario("aurelian", "corvin", kind=kind, options=zone_opts(80) if kind == "mageduel" else None)
    data["participants"][1] = {**data["participants"][1], **corvin}
    return Driver(
        data,
        plan=[("p1", casting("cloudkill", "p2"))],
        rolls=[("initiative", 20), ("fort save", 1), ("cloudkill ability", 4)],
    )


def test_md15_cloudkill_s_constitution_damage_to_0_slays_in_play():
    """Corvin comes in with 12 points of Constitution damage (Con 2); the cloud's 1d4 (4, halved: 2,
    MD-16) brings him to 0: slain, not dead (MD-15). At the end the mageduel gives back only what it
    took (MD-20): the 12 he came with stay."""
    d = _cloudkill_duel(ability_damage={"con": 12})
    d.run()
    corvin = d.duel.by_id["p2"]
    (con,) = [e for e in d.events("ability") if e.actor == "p2"]
    assert con.data["ability"] == "con" and con.data["amount"] == 2 and "MD-15" in con.clauses
    (slain,) = [e for e in d.events("status") if e.actor == "p2"]
    assert slain.data["status"] == "slain" and "MD-15" in slain.clauses
    assert d.duel.outcome.winners == ["p1"]
    assert corvin.ability_damage == {"con": 12}  # MD-20: only what the mageduel took comes back


def test_cloudkill_lingers_drifts_10_feet_a_round_and_falls_again_on_the_caster_s_turn():
    d = _cloudkill_duel(kind="duel")
    d.rolls += [("fort save", 20), ("cloudkill ability", 3)]
    d.run(until=lambda du: du.round == 2 and du.turn_of == "p2" or du.outcome is not None)
    (cloud,) = [c for c in d.duel.by_id["p1"].conditions if c.stat == "cloud"]
    assert cloud.rounds == 10 * 20 - 1  # 1 minute per level, one of the caster's turns gone
    (drift,) = d.events("cloud-drifts")
    (spell,) = d.events("spell")
    assert round(geometry.distance(tuple(drift.data["to"]), tuple(spell.data["point"]))) == 10
    hits = [e.data["amount"] for e in d.events("ability") if e.actor == "p2"]
    assert hits == [4, 1]  # round 1: failed save, 4; round 2: made it, 3 halved to 1


def test_md17_cloudkill_s_no_save_death_below_4_hd_is_half_maximum_hit_points():
    """Tamsin (1 HD) in the cloud would die with no save: in the zone she takes half her maximum hit
    points as nonlethal damage instead, once for that casting."""
    d = Driver(
        scenario("aurelian", "tamsin", options=zone_opts(60)),
        plan=[("p1", casting("cloudkill", "p2"))],
        rolls=[("initiative", 20)],
    )
    d.run(until=lambda du: du.outcome is not None or du.turn_of == "p2")
    (hit,) = [e for e in d.events("damage") if e.actor == "p2"]
    tamsin = d.duel.by_id["p2"]
    assert hit.data["amount"] == tamsin.max_hp // 2 and "MD-17" in hit.clauses and not hit.data["lethal"]
    assert not [e for e in d.events("roll") if e.actor == "p2" and "save" in e.data["purpose"]]


def test_md18_magic_aimed_at_the_zone_is_refused_naming_md18():
    d = Driver(scenario("ilse", "kael", options=zone_opts(30)), rolls=[("initiative", 20)])
    duel = d.run(until=lambda du: du.pending.kind == "turn" and du.pending.player == "p1")
    before = len(duel.events)
    for option in ("cast dispel_magic @zone", "cast fireball @zone"):
        with pytest.raises(state.IllegalDecision, match=r"existence of the zone \(MD-18\)"):
            duel.apply("p1", option)
    assert len(duel.events) == before and duel.zone is not None  # nothing spent, the zone stands


def test_md18_a_plain_duel_has_no_zone_to_aim_at():
    d = Driver(scenario("ilse", "kael", kind="duel"), rolls=[("initiative", 20)])
    duel = d.run(until=lambda du: du.pending.kind == "turn" and du.pending.player == "p1")
    with pytest.raises(state.IllegalDecision, match="no zone here"):
        duel.apply("p1", "cast dispel_magic @zone")
