"""DU-22..DU-25: the duel dodge."""

from __future__ import annotations

from tests.rules.rules_kit import Driver, casting, scenario

CLOSE = [(0, 0), (0, 4)]


def garrick_full_attack(rolls, terms=None) -> Driver:
    d = Driver(
        scenario("garrick", "ilse", kind="duel", positions=CLOSE, terms=terms),
        plan=[("p1", "full-attack longsword @p2"), ("p2", "react dodge")],
        rolls=[("initiative", 20), *rolls],
    )
    return d


def test_du22_a_dodge_is_declared_before_the_attack_is_resolved():
    d = garrick_full_attack([])
    d.run(until=lambda du: du.round >= 2)
    dodge = d.events("dodge")[0]
    first_roll = [e for e in d.events("roll") if e.data["purpose"] == "attack with longsword"][0]
    assert dodge.actor == "p2" and dodge.seq < first_roll.seq and "DU-22" in dodge.clauses


def test_du22_a_spell_aimed_at_a_participant_can_be_dodged():
    d = Driver(
        scenario("ilse", "kael", kind="duel"),
        plan=[("p2", casting("scorching_ray", "p1"))],
        rolls=[("initiative", 1)],
    )
    d.run(until=lambda du: du.pending.player == "p1" and du.pending.kind == "defend")
    assert "react dodge" in d.duel.pending.option_ids


def test_du23_plus_4_against_that_attack_only():
    d = garrick_full_attack([("attack with longsword", 2), ("attack with longsword", 2)])
    d.run(until=lambda du: du.round >= 2)
    rolls = [e for e in d.events("roll") if e.data["purpose"] == "attack with longsword"]
    ilse_ac = 13
    # The first attack faces AC +4; the second one is resolved normally, and after the -2 (DU-25).
    assert [r.data["target"] for r in rolls] == [ilse_ac + 4, ilse_ac - 2]


def test_du23_plus_4_on_the_reflex_save_against_that_spell():
    d = Driver(
        scenario("ilse", "kael", kind="duel"),
        plan=[("p1", casting("fireball", "p2")), ("p2", "react dodge")],
        rolls=[("initiative", 20)],
    )
    d.run(until=lambda du: du.round >= 2)
    (save,) = [e for e in d.events("roll") if e.data["purpose"] == "ref save against fireball"]
    assert ["duel dodge", 4] in save.data["modifiers"]


def test_du24_against_an_attack_with_no_roll_and_no_reflex_save_the_dodge_is_wasted():
    d = Driver(
        scenario("ilse", "kael", kind="duel"),
        plan=[("p2", casting("magic_missile", "p1")), ("p1", "react dodge")],
        rolls=[("initiative", 1)],
    )
    d.run(until=lambda du: du.round >= 2)
    (wasted,) = d.events("dodge-wasted")
    assert wasted.actor == "p1" and wasted.clauses == ("DU-24",)
    assert d.events("immediate")[0].actor == "p1"  # the immediate action is spent all the same
    assert [e for e in d.events("damage") if e.actor == "p1"]  # and the missiles hit


def after_kaels_spell(du) -> bool:
    """Kael's spell is resolved and his turn goes on (Ilse's next turn, which ends a -2, is still to come)."""
    return (
        du.pending.kind == "turn" and du.pending.player == "p2" and any(e.kind == "spell" for e in du.events)
    )


def test_du24_a_wasted_dodge_has_no_effect_not_even_the_penalty_after_it():
    # "n'a aucun effet": magic missile needs no attack roll and no Reflex save, so the dodge gives no +4
    # and leaves no -2 behind (DU-25 follows a dodge that had an attack to meet).
    d = Driver(
        scenario("ilse", "kael", kind="duel"),
        plan=[("p2", casting("magic_missile", "p1")), ("p1", "react dodge")],
        rolls=[("initiative", 1)],
    )
    d.run(until=after_kaels_spell)
    assert not [c for c in d.duel.by_id["p1"].conditions if c.source == "duel dodge"]
    assert not [e for e in d.events("condition") if e.actor == "p1"]
    counted = Driver(
        scenario("ilse", "kael", kind="duel"),
        plan=[("p2", casting("scorching_ray", "p1")), ("p1", "react dodge")],
        rolls=[("initiative", 1)],
    )
    counted.run(until=after_kaels_spell)
    penalty = [c for c in counted.duel.by_id["p1"].conditions if c.source == "duel dodge"]
    assert sorted(c.stat for c in penalty) == ["ac", "ref"]  # a ray has an attack roll: the -2 stands


def test_du25_minus_2_until_the_start_of_the_next_turn_even_if_the_duel_ends():
    d = garrick_full_attack(
        [("attack with longsword", 19), ("critical confirmation", 1)], terms={"end": "first_hit"}
    )
    d.run()
    assert d.duel.outcome.reason == "first-hit"
    ilse = d.duel.by_id["p2"]
    after = [c for c in ilse.conditions if c.source == "duel dodge"]
    assert sorted((c.stat, c.value) for c in after) == [("ac", -2), ("ref", -2)]
    assert all("DU-25" in c.clauses for c in after)


def test_du25_the_penalty_survives_the_end_of_a_mageduel():
    d = Driver(
        scenario("ilse", "kael", options={"zone_width": 20}, events=[{"kind": "bystander", "round": 2}]),
        plan=[("p2", casting("scorching_ray", "p1")), ("p1", "react dodge")],
        rolls=[("initiative", 20)],  # Ilse acts first: the bystander comes before her next turn
    )
    d.run()
    assert d.events("restored")  # MD-20 took back the duel's spells...
    assert [c.stat for c in d.duel.by_id["p1"].conditions if c.source == "duel dodge"] == ["ac", "ref"]


def test_du25_the_minus_2_starts_when_the_dodged_ray_is_resolved_so_later_rays_meet_it():
    """Nadira (9th level) fires two scorching rays at Ilse, who dodges: the first ray meets touch AC + 4
    (DU-23), the second the touch AC - 2 of the dodge's aftermath (DU-25), not the plain touch AC."""
    d = Driver(
        scenario("nadira", "ilse", kind="duel"),
        plan=[("p1", casting("scorching_ray", "p2")), ("p2", "react dodge")],
        rolls=[("initiative", 20)],
    )
    d.run(until=lambda du: du.pending.player == "p2" and du.pending.kind == "turn")
    rays = [e for e in d.events("roll") if e.data["purpose"] == "scorching_ray: ranged touch attack"]
    touch = sum(v for _, v in d.duel.by_id["p2"].ac_parts("touch"))  # her turn: the -2 is over
    assert [r.data["target"] for r in rays] == [touch + 4, touch - 2]


def test_du25_meteor_swarm_s_later_spheres_and_saves_meet_the_minus_2():
    """Meteor swarm's spheres are four attacks: the dodge's +4 meets the first sphere's touch attack;
    once it is resolved the later spheres' attacks and every Reflex save against the swarm meet the -2."""
    d = Driver(
        scenario("aurelian", "ilse", kind="duel", positions=[(0, 0), (60, 0)]),
        plan=[("p1", casting("meteor_swarm", "p2")), ("p2", "react dodge")],
        rolls=[("initiative", 20), ("ref save", 20)],
    )
    d.run(
        until=lambda du: du.outcome is not None or (du.pending.player == "p2" and du.pending.kind == "turn")
    )
    spheres = [e for e in d.events("roll") if e.data["purpose"].startswith("meteor_swarm: ")]
    saves = [e for e in d.events("roll") if e.data["purpose"] == "ref save against meteor_swarm"]
    assert len(spheres) >= 2 and saves
    touch = spheres[0].data["target"]
    assert [r.data["target"] for r in spheres] == [touch] + [touch - 6] * (len(spheres) - 1)
    assert all(dict(x.data["modifiers"]).get("duel dodge (after)") == -2 for x in saves)
    assert all("duel dodge" not in dict(x.data["modifiers"]) for x in saves)
