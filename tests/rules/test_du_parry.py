"""DU-26..DU-29: the duel parry."""

from __future__ import annotations

from tests.rules.rules_kit import Driver, casting, scenario

CLOSE = [(0, 0), (0, 4)]


def test_du26_a_weapon_attack_can_be_parried_a_spell_cannot():
    d = Driver(
        scenario("garrick", "ilse", kind="duel", positions=CLOSE),
        plan=[("p1", "attack longsword @p2")],
        rolls=[("initiative", 20)],
    )
    d.run(until=lambda du: du.pending.player == "p2" and du.pending.kind == "defend")
    assert "react parry quarterstaff" in d.duel.pending.option_ids
    s = Driver(
        scenario("ilse", "kael", kind="duel"),
        plan=[("p2", casting("scorching_ray", "p1"))],
        rolls=[("initiative", 1)],
    )
    s.run(until=lambda du: du.pending.player == "p1" and du.pending.kind == "defend")
    assert not [i for i in s.duel.pending.option_ids if "parry" in i]


def parried(parry_weapon: str, attack: int, parry: int, bare_handed: bool = False) -> Driver:
    """Garrick (p1) full-attacks Garrick (p2), who parries the first blow (``bare_handed``: p2 carries no
    weapon, so he parries with his fists)."""
    data = scenario("garrick", "garrick", kind="duel", positions=CLOSE)
    if bare_handed:
        from mageduel import roster

        sheet = roster.get("garrick").model_dump(mode="json")
        data["participants"][1]["character"] = {**sheet, "weapons": []}
        del data["participants"][1]["roster"]
    d = Driver(
        data,
        plan=[("p1", "full-attack longsword @p2"), ("p2", f"react parry {parry_weapon}")],
        rolls=[
            ("initiative", 20),
            ("attack with longsword", attack),
            ("duel parry", parry),
            ("attack with longsword", 15),
        ],
    )
    d.run(until=lambda du: du.round >= 2)
    return d


def test_du27_the_parry_roll_is_highest_bab_minus_5_and_meets_or_beats_the_attack():
    # 12 + 11 = 23 against 17 + 6 (BAB) + 4 (Str) + 1 (Weapon Focus, longsword) - 5 = 23: parried.
    d = parried("longsword", attack=12, parry=17)
    (roll,) = [e for e in d.events("roll") if e.data["purpose"] == "duel parry"]
    assert dict(roll.data["modifiers"]) == {"BAB": 6, "Str": 4, "weapon": 1, "duel parry": -5}
    assert roll.data["total"] == 23 and roll.data["target"] == 23 and d.events("parried")
    assert d.events("miss")[0].actor == "p1"
    short = parried("longsword", attack=12, parry=16)  # 22 < 23: the blow goes through
    assert short.events("parry-fails") and not short.events("miss")


def test_du27_the_parry_is_rolled_with_the_weapon_wielded_and_its_own_modifiers():
    # Séverine (fighter 8, Str 12, Dex 18) parries with her rapier: Weapon Finesse puts her Dex in place of
    # her Str (+3 more) and Weapon Focus adds 1, exactly as on her attack rolls with it.
    d = Driver(
        scenario("garrick", "severine", kind="duel", positions=CLOSE),
        plan=[("p1", "attack longsword @p2"), ("p2", "react parry rapier")],
        rolls=[("initiative", 20), ("attack with longsword", 10), ("duel parry", 10)],
    )
    d.run(until=lambda du: du.round >= 2)
    (parry,) = [e for e in d.events("roll") if e.data["purpose"] == "duel parry"]
    assert dict(parry.data["modifiers"]) == {"BAB": 8, "Str": 1, "weapon": 3 + 1, "duel parry": -5}
    severine = d.duel.by_id["p2"]
    rapier = next(w for w in severine.weapons if w.id == "rapier")
    assert sum(v for _, v in severine.attack_parts("melee")) + rapier.attack_bonus == 8 + 4 + 1
    assert parry.data["total"] == 10 + 8 + 4 + 1 - 5 and parry.data["target"] == 10 + 11


def test_du27_unarmed_the_parry_takes_2_more():
    d = parried("unarmed_strike", attack=12, parry=18, bare_handed=True)
    (roll,) = [e for e in d.events("roll") if e.data["purpose"] == "duel parry"]
    assert ["unarmed", -2] in roll.data["modifiers"] and roll.data["total"] == 21
    assert d.events("parry-fails")


def test_du28_without_the_class_feature_a_parry_spends_the_immediate_action():
    d = parried("longsword", attack=12, parry=18)
    (imm,) = d.events("immediate")
    assert imm.actor == "p2" and "parry" in imm.data["action"]
    assert not d.events("parry-feature")


def duelist(plan: list, rolls: list | None = None) -> Driver:
    """Séverine (fighter 8 with the duelist's parry) against Garrick, side by side; she acts first."""
    d = Driver(
        scenario("severine", "garrick", kind="duel", positions=CLOSE),
        plan=plan,
        rolls=[("initiative", 20), *(rolls or [])],
    )
    d.run(until=lambda du: du.round >= 2 and du.turn_of == "p1")
    return d


def test_du28_holding_a_parry_gives_up_the_full_attacks_last_attack():
    d = duelist([("p1", "full-attack rapier @p2 hold-parry")])
    (held,) = d.events("parry-held")
    assert held.actor == "p1" and held.clauses == ("DU-28",)
    mine = [e for e in d.events("roll") if e.actor == "p1" and e.data["purpose"] == "attack with rapier"]
    assert len(mine) == 1  # +8/+3 less the last attack


def test_du28_with_the_feature_in_use_the_first_parry_of_the_round_is_free_the_next_is_not():
    d = duelist(
        [
            ("p1", "full-attack rapier @p2 hold-parry"),
            ("p2", "full-attack longsword @p1"),
            ("p1", "react parry rapier"),
            ("p1", "react parry rapier"),
        ]
    )
    (free,) = d.events("parry-feature")
    assert free.actor == "p1" and free.clauses == ("DU-28",)
    parries = d.events("parry")
    assert [e.actor for e in parries] == ["p1", "p1"]
    # Only the second parry of the round took the immediate action (DU-11).
    (imm,) = [e for e in d.events("immediate") if e.actor == "p1"]
    assert imm.seq > free.seq and imm.seq > parries[0].seq


def test_du28_the_free_parry_is_offered_even_with_the_immediate_action_spent():
    d = Driver(
        scenario("severine", "garrick", kind="duel", positions=CLOSE),
        plan=[("p1", "full-attack rapier @p2 hold-parry"), ("p2", "attack longsword @p1")],
        rolls=[("initiative", 20)],
    )
    d.run(until=lambda du: du.turn_of == "p2")
    d.duel.by_id["p1"].immediate_ready = False  # as if spent on something else since her turn
    d.run(until=lambda du: du.pending is not None and du.pending.kind == "defend")
    assert d.duel.pending.player == "p1"
    ids = d.duel.pending.option_ids
    assert "react parry rapier" in ids and "react dodge" not in ids  # the dodge needs the immediate action


def test_du28_a_full_attack_without_holding_a_parry_leaves_the_feature_unused():
    d = duelist(
        [("p1", "full-attack rapier @p2"), ("p2", "attack longsword @p1"), ("p1", "react parry rapier")]
    )
    assert not d.events("parry-feature") and not d.events("parry-held")
    assert [e.actor for e in d.events("immediate")] == ["p1"]


def test_du28_the_held_parry_lapses_at_the_start_of_her_next_turn():
    d = duelist([("p1", "full-attack rapier @p2 hold-parry")])
    assert d.duel.by_id["p1"].parry_held is False  # round 2, her turn


def test_du28_only_a_fighter_with_the_duelists_entry_may_have_the_feature():
    import pytest
    from mageduel import roster
    from mageduel.character import Character
    from pydantic import ValidationError

    garrick = roster.get("garrick").model_dump()
    with pytest.raises(ValidationError, match="(?s)class_features.*needs the feat 'weapon_finesse'"):
        Character.model_validate({**garrick, "class_features": ["parry"]})
    ilse = roster.get("ilse").model_dump()
    with pytest.raises(ValidationError, match=r"(?s)class_features.*base attack bonus \+6"):
        Character.model_validate({**ilse, "class_features": ["parry"]})


def test_du29_a_parry_covers_one_attack_the_next_resolves_normally():
    d = parried("longsword", attack=12, parry=18)
    attacks = [e for e in d.events("roll") if e.data["purpose"] == "attack with longsword"]
    assert len(attacks) == 2 and len(d.events("parry")) == 1
    assert [e for e in d.events("damage") if e.actor == "p2"]  # the second blow (15 + 6 = 21) landed


def test_du29_a_parried_critical_still_hits_for_normal_damage():
    d = Driver(
        scenario("ilse", "garrick", kind="duel", positions=CLOSE),
        plan=[("p1", "attack quarterstaff @p2"), ("p2", "react parry longsword")],
        rolls=[
            ("initiative", 20),
            ("attack with quarterstaff", 20),
            ("critical confirmation", 19),
            ("duel parry", 16),
            ("quarterstaff damage", 6),
        ],
    )
    d.run(until=lambda du: du.round >= 2)
    assert d.events("parried") and d.events("parry-critical")[0].clauses == ("DU-29",)
    (hit,) = [e for e in d.events("damage") if e.actor == "p2"]
    assert hit.data["critical"] is False and hit.data["amount"] == 6 - 1  # one die, Str -1: not doubled


def _garrick_attacks_garrick(*plan, p2_first: bool = False) -> Driver:
    return Driver(
        scenario("garrick", "garrick", kind="duel", positions=CLOSE),
        plan=list(plan),
        rolls=[("initiative", 1 if p2_first else 20)],
    )


def _at_p2_defence(du) -> bool:
    return du.pending.player == "p2" and du.pending.kind == "defend"


def test_du27_only_the_weapon_in_hand_can_parry():
    """Garrick holds his longsword: he parries with it, not with the dagger at his belt nor bare-handed."""
    d = _garrick_attacks_garrick(("p1", "attack longsword @p2"))
    d.run(until=_at_p2_defence)
    parries = [i for i in d.duel.pending.option_ids if i.startswith("react parry")]
    assert parries == ["react parry longsword"]
    assert d.duel.view("p2").me.wielding == "longsword"


def test_du27_the_weapon_last_attacked_with_is_the_one_in_hand():
    """Garrick (p2) stabs with his dagger on his turn: in round 2 he parries with the dagger."""
    d = _garrick_attacks_garrick(("p2", "attack dagger @p1"), ("p1", "attack longsword @p2"), p2_first=True)
    d.run(until=_at_p2_defence)
    assert [i for i in d.duel.pending.option_ids if i.startswith("react parry")] == ["react parry dagger"]


def test_du27_a_ranged_weapon_in_hand_cannot_parry():
    """Garrick (p2) shoots his longbow on his turn: holding a bow, he has no weapon to parry a blade with."""
    d = _garrick_attacks_garrick(
        ("p2", lambda o: o.id.startswith("attack longbow @p1")), ("p1", "attack longsword @p2"), p2_first=True
    )
    d.run(until=lambda du: du.turn_of == "p1" and du.pending.player == "p2")
    assert d.events("attack")[0].data.get("weapon") == "longbow"
    assert d.duel.pending.kind == "defend" and "react dodge" in d.duel.pending.option_ids
    assert not [i for i in d.duel.pending.option_ids if i.startswith("react parry")]
