"""C-5: saves d20 + base + ability; spell DC = 10 + spell level + casting ability modifier."""

from mageduel import checks, roster

from tests.engine.coretools import core_duel, rolls, run


def test_c5_spell_dc_formula():
    assert checks.spell_dc(3, 18) == 17
    ilse = roster.get("ilse")
    assert ilse.spell_dc(2) == 10 + 2 + ilse.mod("int")


def test_c5_save_against_a_spell_uses_the_spell_dc_and_the_save_bonus():
    d = core_duel(b="bram", dice=[15, 5, 2], pos_b=(20.0, 0.0))
    run(d, "p1: cast daze @p2", "p2: pass", "p2: pass")  # no identification, no dodge
    r = rolls(d, "will save against daze")[0]
    kael = roster.get("bram")
    assert r["target"] == roster.get("ilse").spell_dc(0)
    assert r["total"] == 2 + kael.will
    assert r["outcome"] == ("success" if 2 + kael.will >= r["target"] else "failure")


def test_c5_a_failed_will_save_applies_the_condition():
    d = core_duel(b="bram", dice=[15, 5, 1], pos_b=(20.0, 0.0))
    run(d, "p1: cast daze @p2", "p2: pass", "p2: pass")  # no identification, no dodge
    assert d.pending.kind == "effort"  # DU-18: a failed Will save opens the duel effort window
    run(d, "p2: pass")
    assert d.by_id["p2"].has("dazed")


def test_c5_an_area_rolls_its_damage_once_and_each_creature_saves_on_its_own():
    """A fireball over Kael and Bram: one damage roll (5d6 = 20) for both; Kael fails his Reflex save and
    takes 20, Bram makes his and takes half of the same roll, 10."""
    from tests.rules.rules_kit import Driver, casting, scenario

    d = Driver(
        scenario(
            "ilse", "kael", "bram", kind="duel", sides=["a", "b", "b"], positions=[(0, 0), (40, 0), (42, 0)]
        ),
        plan=[("p1", casting("fireball", "p2"))],
        rolls=[("initiative", 20), ("fireball damage", 20), ("ref save", 2), ("ref save", 19)],
    )
    d.run(until=lambda du: du.turn_of == "p2" or du.outcome is not None)
    assert [e.data["purpose"] for e in d.events("roll")].count("fireball damage") == 1
    hurt = {e.actor: e.data["amount"] for e in d.events("damage")}
    assert hurt == {"p2": 20, "p3": 10}
