"""C-4: an AC as named parts (base 10, armour, shield, Dex, dodge, deflection, natural armour, size,
conditions, DU-23's duel dodge, DU-25's −2), from the one formula that gives the number: the parts the
log and the panel show always sum to the AC the roll was against."""

from __future__ import annotations

import pytest
from mageduel import creatures
from mageduel.character_adapter import combatant_from_creature
from mageduel.conditions import Condition
from mageduel.views import build_view

from tests.engine.coretools import core_duel, rolls, run
from tests.rules.rules_kit import Driver, scenario

ROSTER = ["tamsin", "bram", "odile", "ilse", "kael", "garrick", "severine", "nadira", "corvin", "ysolde"]


def _sum(parts) -> int:
    return sum(v for _, v in parts)


def test_c4_a_weapon_roll_logs_the_parts_of_the_ac_it_was_against():
    d = core_duel(b="garrick", dice=[15, 5, 12, 3])
    run(d, "p1: attack quarterstaff @p2", "p2: pass")
    r = rolls(d, "attack with quarterstaff")[0]
    parts = dict(r["target_parts"])
    g = d.by_id["p2"]
    assert _sum(r["target_parts"]) == r["target"] == g.ac()
    assert parts["base"] == 10 and parts["armour"] == 6 and parts["shield"] == 2  # breastplate, heavy steel
    assert parts["Dex"] == g.mod("dex") and parts["Dodge"] == 1


@pytest.mark.parametrize("who", ROSTER)
def test_c4_every_characters_ac_parts_sum_to_each_ac(who):
    c = core_duel(a=who, b="kael").by_id["p1"]
    for kind in ("normal", "touch", "flat-footed"):
        parts = c.ac_parts(kind)
        assert _sum(parts) == c.ac(kind)
        assert len({n for n, _ in parts}) == len(parts), parts  # each part named once
        assert all(v for n, v in parts if n != "base"), parts  # no empty part


def test_c4_touch_ac_leaves_out_armour_shield_and_natural_armour_but_keeps_deflection():
    c = core_duel(a="ysolde", b="kael").by_id["p1"]
    full, touch = dict(c.ac_parts()), dict(c.ac_parts("touch"))
    assert full["deflection"] > 0 and full["natural armour"] > 0
    assert touch["deflection"] == full["deflection"] and "natural armour" not in touch
    g = core_duel(a="garrick", b="kael").by_id["p1"]
    assert {"armour", "shield"} <= dict(g.ac_parts()).keys()
    assert not {"armour", "shield"} & dict(g.ac_parts("touch")).keys()


def test_c4_flat_footed_ac_parts_drop_dex_and_dodge():
    g = core_duel(a="garrick", b="kael").by_id["p1"]
    parts = dict(g.ac_parts("flat-footed"))
    assert "Dodge" not in parts and "Dex" not in parts and parts["armour"] == 6


def test_c4_a_ray_logs_the_touch_ac_parts():
    d = core_duel(b="ysolde", dice=[15, 5, 10, 2, 3, 4, 5, 6, 7, 8], pos_b=(20.0, 0.0))
    run(d, "p1: cast scorching_ray @p2")
    while d.pending is not None and d.pending.player == "p2":
        d.apply("p2", "pass")
    r = rolls(d, "ranged touch attack")[0]
    assert r["against"] == "touch AC" and _sum(r["target_parts"]) == r["target"]
    assert "deflection" in dict(r["target_parts"]) and "natural armour" not in dict(r["target_parts"])


@pytest.mark.parametrize("creature", [cr.id for cr in creatures.all_creatures()])
def test_c4_a_creatures_printed_ac_comes_back_as_parts(creature):
    cr = creatures.get(creature)
    c = combatant_from_creature(cr, "s1", "a", "p1")
    assert _sum(c.ac_parts()) == cr.ac and _sum(c.ac_parts("touch")) == cr.touch_ac
    size = dict(c.ac_parts()).get("size", 0)
    assert size == {"small": 1, "medium": 0}[cr.size]


def test_c4_the_own_view_gives_each_ac_with_its_parts():
    d = core_duel(a="garrick", b="kael")
    me = build_view(d, "p1").me
    assert me is not None
    assert _sum(me.ac_parts) == me.ac and _sum(me.touch_ac_parts) == me.touch_ac
    assert _sum(me.flat_footed_ac_parts) == me.flat_footed_ac
    assert ("armour", 6) in me.ac_parts


def test_du23_du25_the_duel_dodge_is_a_named_part_of_the_ac():
    d = Driver(
        scenario("garrick", "ilse", kind="duel", positions=[(0, 0), (0, 4)]),
        plan=[("p1", "full-attack longsword @p2"), ("p2", "react dodge")],
        rolls=[("initiative", 20), ("attack with longsword", 2), ("attack with longsword", 2)],
    )
    d.run(until=lambda du: du.round >= 2)
    first, second = [e.data for e in d.events("roll") if e.data["purpose"] == "attack with longsword"]
    assert ["duel dodge", 4] in first["target_parts"]  # DU-23: +4 against that attack
    assert _sum(first["target_parts"]) == first["target"]
    assert -2 in [v for _, v in second["target_parts"]]  # DU-25: −2 to AC after the dodge
    assert _sum(second["target_parts"]) == second["target"]


def test_c4_armour_caps_the_dex_bonus_to_ac():
    # Garrick in full plate (maximum Dex bonus +1, +1 from armor training at 6th level) with Dex 18 (+4):
    # his AC counts +2 of Dex, not +4; a Dex penalty is never capped.
    from mageduel import roster
    from mageduel.compose import combat
    from mageduel.dice import Scripted
    from mageduel.hooks import Hooks
    from mageduel.scenario import Participant, Scenario
    from mageduel.state import Duel

    data = roster.get("garrick").model_dump()
    data["armor"], data["abilities"]["dex"] = "full_plate", 18
    ch = type(roster.get("garrick")).model_validate(data)
    assert ch.max_dex_bonus == 2 and ch.dex_to_ac == 2
    sc = Scenario(
        kind="duel",
        participants=[
            Participant(id="p1", character=ch, position=(0.0, 0.0)),
            Participant(id="p2", roster="kael", position=(5.0, 0.0)),
        ],
    )
    g = Duel(sc, Scripted([15, 5]), combat(), Hooks()).by_id["p1"]
    assert dict(g.ac_parts())["Dex"] == 2 and g.ac() == ch.ac
    assert _sum(g.ac_parts()) == g.ac()


def _cast_on_herself(d, *spells: str) -> None:
    """p1 casts each spell on a turn of her own; p2, far away, lets it be and ends his turns."""
    for spell in spells:
        assert d.pending.player == "p1" and d.pending.kind == "turn"
        d.apply("p1", f"cast {spell}")
        ended = False
        while not (ended and d.pending.player == "p1" and d.pending.kind == "turn"):
            ids = [o.id for o in d.pending.options]
            ended = ended or (d.pending.player == "p1" and "end" in ids)
            d.apply(d.pending.player, "pass" if "pass" in ids else "end")


def test_c4_touch_ac_leaves_out_mage_armor_and_shield_but_keeps_a_penalty():
    d = core_duel(a="nadira", b="kael", pos_b=(60.0, 0.0), seed=3)
    n = d.by_id["p1"]
    before = n.ac("touch")
    _cast_on_herself(d, "mage_armor @p1", "shield")
    full, touch = dict(n.ac_parts()), dict(n.ac_parts("touch"))
    assert full["mage_armor"] == 4 and full["shield"] == 4  # an armour and a shield bonus: both count
    assert "mage_armor" not in touch and "shield" not in touch and n.ac("touch") == before
    assert _sum(n.ac_parts("touch")) == n.ac("touch")
    n.conditions.append(Condition("slow", stat="ac", value=-1, bonus_type="penalty", source="slow"))
    assert dict(n.ac_parts("touch"))["slow"] == -1 and n.ac("touch") == before - 1


def test_c4_flat_footed_ac_leaves_out_hastes_dodge_bonus():
    d = core_duel(a="nadira", b="kael", pos_b=(60.0, 0.0), seed=3)
    n = d.by_id["p1"]
    flat = n.ac("flat-footed")
    _cast_on_herself(d, "haste @p1")
    assert dict(n.ac_parts())["haste"] == 1 and dict(n.ac_parts("touch"))["haste"] == 1
    assert "haste" not in dict(n.ac_parts("flat-footed")) and n.ac("flat-footed") == flat
