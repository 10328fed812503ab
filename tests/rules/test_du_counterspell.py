"""DU-12..DU-17: the duel counterspell."""

from __future__ import annotations

from tests.rules.rules_kit import Driver, casting, scenario

MM = "react duel-counter magic_missile slot1"


def kael_casts(spell: str, *more, identify: int = 20, counter_roll: int = 10, kind: str = "duel") -> Driver:
    """Kael (p2) casts ``spell`` at Ilse (p1), who identifies it (Spellcraft natural ``identify``)."""
    d = Driver(
        scenario("ilse", "kael", kind=kind),
        plan=[("p2", casting(spell, "p1")), ("p1", "identify"), *more],
        rolls=[("initiative", 1), ("Spellcraft", identify), ("duel counterspell", counter_roll)],
    )
    return d


def test_du12_a_failed_identification_forbids_that_duel_counter_but_not_other_duel_actions():
    d = kael_casts("scorching_ray", identify=1)
    d.run(until=lambda du: du.pending.player == "p1" and du.pending.kind in ("counter", "defend"))
    ask = d.duel.pending
    assert d.events("not-identified")[0].clauses == ("DU-12",)
    if ask.kind == "counter":  # only the dispels, which need no identification (DU-16)
        assert all("dispel_magic" in i for i in ask.option_ids if i != "pass")
        d.duel.apply("p1", "pass")
    assert d.duel.pending.kind == "defend" and "react dodge" in d.duel.pending.option_ids


def test_du12_identification_is_a_spellcraft_check_against_15_plus_level():
    d = kael_casts("scorching_ray")
    d.run(until=lambda du: du.pending.player == "p1" and du.pending.kind == "counter")
    (roll,) = [e for e in d.events("roll") if "Spellcraft" in e.data["purpose"]]
    assert roll.data["natural"] == 20 and "DU-12" in roll.clauses
    assert d.events("identified")[0].data["spell"] == "scorching_ray"
    assert "react duel-counter scorching_ray slot2" in d.duel.pending.option_ids


def test_du13_the_duel_counter_spends_a_slot_of_at_least_the_spell_s_level():
    d = kael_casts("scorching_ray")
    d.run(until=lambda du: du.pending.player == "p1" and du.pending.kind == "counter")
    ids = d.duel.pending.option_ids
    slots = {int(i.rsplit("slot", 1)[1]) for i in ids if i.startswith("react duel-counter")}
    assert slots and min(slots) >= 2  # scorching ray is 2nd level: no 1st-level slot will do
    d.duel.apply("p1", "react duel-counter fireball slot3")
    ilse = d.duel.by_id["p1"]
    assert [p.used for p in ilse.prepared if p.spell == "fireball"] == [True]
    assert not d.events("aoo")  # an immediate action that provokes nothing


def test_du13_a_sorcerer_names_the_exact_spell_and_the_slot():
    d = Driver(
        scenario("ilse", "kael", kind="duel"),
        plan=[("p1", casting("magic_missile", "p2")), ("p2", "identify")],
        rolls=[("initiative", 20), ("Spellcraft", 20)],
    )
    d.run(until=lambda du: du.pending.player == "p2" and du.pending.kind == "counter")
    ids = [i for i in d.duel.pending.option_ids if i.startswith("react duel-counter")]
    assert "react duel-counter shield slot1" in ids and "react duel-counter scorching_ray slot2" in ids
    before = dict(d.duel.by_id["p2"].slots)
    d.duel.apply("p2", "react duel-counter scorching_ray slot2")
    assert d.duel.by_id["p2"].slots[2] == before[2] - 1


def test_du14_caster_level_check_against_15_plus_level_with_table_3_10():
    def check(option: str) -> dict:
        d = kael_casts("magic_missile", ("p1", option))
        d.run(until=lambda du: du.round >= 2)
        (roll,) = [e for e in d.events("roll") if e.data["purpose"].startswith("duel counterspell")]
        assert "DU-14" in roll.clauses and roll.data["target"] == 16  # DC 15 + 1
        return dict(roll.data["modifiers"])

    assert check(MM) == {"caster level": 5, "same spell": 10}
    assert check("react duel-counter shield slot1") == {"caster level": 5, "different school": -2}
    assert check("react duel-counter scorching_ray slot2") == {
        "caster level": 5,
        "different spell, same school": 2,
        "expended spell 1 level higher": 1,
    }


def test_du14_even_the_same_spell_can_fail():
    d = kael_casts("magic_missile", ("p1", MM), counter_roll=1)  # 1 + 5 + 10 = 16: just enough
    d.run(until=lambda du: du.round >= 2)
    assert d.events("countered")
    d = kael_casts("scorching_ray", ("p1", "react duel-counter scorching_ray slot2"), counter_roll=1)
    d.run(until=lambda du: du.round >= 2)  # 1 + 5 + 10 = 16 < 17
    assert not d.events("countered") and d.events("counter-fails")


def test_du15_success_cancels_the_spell_failure_gives_minus_2_on_saves():
    won = kael_casts("magic_missile", ("p1", MM))
    won.run(until=lambda du: du.round >= 2)
    assert won.events("countered") and not [e for e in won.events("spell") if e.actor == "p2"]
    assert not [e for e in won.events("damage") if e.actor == "p1"]
    lost = Driver(
        scenario("ilse", "kael", kind="duel"),
        plan=[("p2", casting("daze", "p1")), ("p1", "identify"), ("p1", "react duel-counter shield slot1")],
        rolls=[("initiative", 1), ("Spellcraft", 20), ("duel counterspell", 1)],
    )
    lost.run(until=lambda du: du.round >= 2)
    assert lost.events("counter-fails")[0].data["save_penalty"] == -2
    (save,) = [e for e in lost.events("roll") if e.data["purpose"] == "will save against daze"]
    assert ["failed duel counterspell", -2] in save.data["modifiers"]


def test_du16_dispel_magic_counters_without_identification_against_11_plus_caster_level():
    d = kael_casts(
        "scorching_ray", ("p1", "react duel-counter dispel_magic slot3"), identify=1, counter_roll=11
    )
    d.run(until=lambda du: du.round >= 2)
    (roll,) = [e for e in d.events("roll") if e.data["purpose"].startswith("duel counterspell")]
    assert roll.data["target"] == 11 + 5 and roll.data["modifiers"] == [["caster level", 5]]  # no Table 3-10
    assert "DU-16" in roll.clauses and d.events("countered")


def test_du17_a_readied_counterspell_and_a_duel_counter_in_the_same_round():
    d = Driver(
        scenario("ilse", "kael", "bram", kind="duel"),
        plan=[
            ("p1", "ready counterspell"),
            ("p2", casting("magic_missile", "p1")),
            ("p1", "identify"),
            ("p1", MM),
            ("p3", casting("magic_missile", "p1")),
            ("p1", "identify"),
            ("p1", "react counter magic_missile slot1"),
        ],
        rolls=[
            ("initiative", 20),
            ("initiative", 10),
            ("initiative", 5),
            ("Spellcraft", 20),
            ("Spellcraft", 20),
        ],
    )
    d.run(until=lambda du: du.round >= 2)
    countered = d.events("countered")
    assert [e.data["caster"] for e in countered] == ["p2", "p3"]
    assert {e.round for e in countered} == {1}
    assert d.events("duel-counter")[0].actor == "p1" and d.events("counterspell")[0].data["kind"] == "counter"


def test_du16_dispel_magic_counters_an_identified_spell_above_its_own_level():
    # Nadira (sorcerer 9) identifies Corvin's phantasmal killer (4th level): dispel magic, a 3rd-level
    # spell, still counters it from a 3rd-level slot, because it works against a spell of any level.
    d = Driver(
        scenario("corvin", "nadira", kind="duel"),
        plan=[
            ("p1", casting("phantasmal_killer", "p2")),
            ("p2", "identify"),
            ("p2", "react duel-counter dispel_magic slot3"),
        ],
        rolls=[("initiative", 20), ("Spellcraft", 20), ("duel counterspell", 15)],
    )
    before = dict(d.duel.by_id["p2"].slots)
    d.run(until=lambda du: du.round >= 2)
    assert d.events("identified")
    (roll,) = [e for e in d.events("roll") if e.data["purpose"].startswith("duel counterspell")]
    assert roll.data["target"] == 11 + 13 and roll.data["modifiers"] == [["caster level", 9]]
    assert roll.data["total"] == 24 and d.events("countered")
    assert d.duel.by_id["p2"].slots[3] == before[3] - 1 and d.duel.by_id["p2"].slots[4] == before[4]


def test_du14_the_english_variant_sets_the_dc_at_15_plus_the_caster_s_level():
    # Ultimate Combat's "Dueling Counter", offered as a named variant: DC 15 + the enemy caster's level
    # (Kael is 5th level) instead of the French text's 15 + the spell's level (magic missile: 1st).
    def dc(rule: str) -> int:
        d = Driver(
            scenario("ilse", "kael", kind="duel", terms={"counter_rule": rule}),
            plan=[("p2", casting("magic_missile", "p1")), ("p1", "identify"), ("p1", MM)],
            rolls=[("initiative", 1), ("Spellcraft", 20), ("duel counterspell", 10)],
        )
        d.run(until=lambda du: du.round >= 2)
        (roll,) = [e for e in d.events("roll") if e.data["purpose"].startswith("duel counterspell")]
        assert "DU-14" in roll.clauses and dict(roll.data["modifiers"])["same spell"] == 10
        return roll.data["target"]

    assert dc("fr") == 15 + 1
    assert dc("en") == 15 + 5


def _ilse_casts_mm_in_a_2nd_level_slot(*more, counter_roll: int = 10) -> Driver:
    """Ilse (p1) has magic missile prepared in a 2nd-level slot (no metamagic: it stays a 1st-level spell)
    and casts it at Kael (p2), who identifies it."""
    from mageduel import roster

    data = scenario("ilse", "kael", kind="duel")
    sheet = roster.get("ilse").model_dump(mode="json")
    sheet["prepared"]["2"] = ["magic_missile", "mirror_image", "glitterdust"]
    data["participants"][0] = {"id": "p1", "character": sheet}
    return Driver(
        data,
        plan=[("p1", "cast magic_missile slot2 @p2"), ("p2", "identify"), *more],
        rolls=[("initiative", 20), ("Spellcraft", 20), ("duel counterspell", counter_roll)],
    )


def _at_kael_counter(du) -> bool:
    return du.pending.player == "p2" and du.pending.kind == "counter"


def test_du12_identification_dc_uses_the_spell_s_level_not_the_slot_s():
    """Magic missile cast from a 2nd-level slot is still a 1st-level spell: Spellcraft DC 16, not 17."""
    d = _ilse_casts_mm_in_a_2nd_level_slot()
    d.run(until=_at_kael_counter)
    (dc,) = [e for e in d.events("roll-dc") if "Spellcraft" in e.data["purpose"]]
    assert dc.data["target"] == 16
    assert d.events("identified")[0].data["level"] == 1
    (spell,) = d.events("casting-spell")
    assert spell.data["level"] == 1 and spell.data["slot"] == 2


def test_du13_a_spell_in_a_higher_slot_may_be_duel_countered_from_a_slot_of_its_own_level():
    d = _ilse_casts_mm_in_a_2nd_level_slot()
    d.run(until=_at_kael_counter)
    assert MM in d.duel.pending.option_ids  # a 1st-level slot counters a 1st-level spell


def test_du14_counter_dc_is_15_plus_the_spell_s_level_whatever_its_slot():
    d = _ilse_casts_mm_in_a_2nd_level_slot(("p2", MM), counter_roll=1)  # 1 + 5 + 10 = 16 against DC 16
    d.run(until=lambda du: du.round >= 2)
    (roll,) = [e for e in d.events("roll") if e.data["purpose"].startswith("duel counterspell")]
    assert roll.data["target"] == 16
    assert dict(roll.data["modifiers"]) == {"caster level": 5, "same spell": 10}
    assert d.events("countered")


def test_du14_the_view_s_counter_chance_uses_the_same_dc_as_the_roll():
    d = _ilse_casts_mm_in_a_2nd_level_slot()
    d.run(until=_at_kael_counter)
    (ov,) = [o for o in d.duel.view("p2").pending.options if o.id == MM]
    assert ov.chance == 1.0  # d20 + 5 + 10 meets DC 16 on any roll


def test_du12_a_potion_is_drunk_not_cast_there_is_nothing_to_identify_or_counter():
    asked: list[str] = []

    def note(ask) -> str:
        from tests.rules.rules_kit import default_choice

        asked.append(f"{ask.player} {ask.kind}")
        return default_choice(ask)

    d = Driver(
        scenario("ilse", "kael", kind="duel"),
        plan=[("p2", lambda o: o.kind == "cast" and o.data.get("item_kind") == "potion")],
        rolls=[("initiative", 1)],
        fallback=note,
    )
    d.run(until=lambda du: du.turn_of == "p1" or du.outcome is not None)
    assert [e.data.get("item_kind") for e in d.events("casting")] == ["potion"]
    assert d.events("spell") and not d.events("identified") and not d.events("not-identified")
    assert not [a for a in asked if a in ("p1 identify", "p1 counter")]
