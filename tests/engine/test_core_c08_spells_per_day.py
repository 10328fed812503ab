"""C-8: spells per day from the class tables with bonus spells; wizards prepare, sorcerers cast known
spells from a slot."""

from mageduel import roster

from tests.engine.coretools import core_duel, run


def test_c8_sorcerer_slots_come_from_the_sheet_and_casting_spends_one():
    d = core_duel(dice=[15, 5], pos_b=(20.0, 0.0))
    k = d.by_id["p2"]
    sheet = roster.get("kael").slots
    assert k.slots == {lvl: n for lvl, n in enumerate(sheet) if lvl > 0 and n}
    d2 = core_duel(dice=[5, 15], pos_b=(20.0, 0.0))
    before = d2.by_id["p2"].slots[1]
    run(d2, "p2: cast shield")
    assert d2.by_id["p2"].slots[1] == before - 1


def test_c8_a_wizard_casts_only_what_is_prepared_and_cantrips_are_not_spent():
    d = core_duel(dice=[15, 5, 1, 1, 1, 1, 1, 1], pos_b=(20.0, 0.0))
    w = d.by_id["p1"]
    prepared = [p.spell for p in w.prepared]
    assert sorted(prepared) == sorted(roster.get("ilse").spell_ids())
    casts = {o.data["spell"] for o in d.pending.options if o.kind == "cast" and "item" not in o.data}
    assert casts <= set(prepared)
    run(d, "p1: cast shield")
    assert [p.used for p in w.prepared if p.spell == "shield"] == [True]
    assert ("shield", 1) not in w.castable()
    assert ("ray_of_frost", 0) in w.castable()


def test_c8_items_cast_from_their_charges_at_their_own_caster_level():
    d = core_duel(a="odile", dice=[15, 5, 3, 3, 3, 3], pos_b=(20.0, 0.0))
    wand = next(u for u in d.by_id["p1"].item_uses if u["kind"] == "wand")
    left = wand["left"]
    slots_before = [p.used for p in d.by_id["p1"].prepared]
    run(d, f"p1: use {wand['key']} magic_missile @p2", "p2: pass", "p2: pass")
    assert wand["left"] == left - 1 and [p.used for p in d.by_id["p1"].prepared] == slots_before
    dmg = [e for e in d.events if e.kind == "damage"]
    assert len(dmg) == 1  # a caster level 1 wand shoots one missile
    # MD-26 (issue 11): the item is named to the caster only, in the private twin of the casting event.
    casting = [e for e in d.events if e.kind == "casting-spell"][0]
    assert casting.data["item"] == wand["key"] and casting.audience == ("p1",)
    assert "item" not in [e for e in d.events if e.kind == "casting"][0].data
