"""C-11: the conditions the spells use, with durations counted on the initiative of their source."""

from mageduel.conditions import RULES, Condition, total_modifier

from tests.engine.coretools import core_duel, resolve_nodes, run

C11 = (
    "blinded",
    "confused",
    "dazed",
    "entangled",
    "exhausted",
    "fatigued",
    "frightened",
    "nauseated",
    "paralysed",
    "petrified",
    "prone",
    "shaken",
    "sickened",
    "staggered",
    "stunned",
    "unconscious",
    "invisible",
    "flying",
)


def test_c11_every_condition_of_the_list_has_rules():
    assert set(C11) <= set(RULES)


def test_c11_a_dazed_creature_takes_no_action():
    d = core_duel(dice=[15, 5], pos_b=(20.0, 0.0))
    d.by_id["p2"].conditions.append(Condition("dazed", rounds=1, tick_on="p1"))
    run(d, "p1: end")
    assert any(e.kind == "no-action" and e.actor == "p2" for e in d.events)


def test_c11_duration_ends_at_the_start_of_the_source_turn():
    d = core_duel(dice=[15, 5], pos_b=(20.0, 0.0))
    d.by_id["p2"].conditions.append(Condition("shaken", rounds=1, tick_on="p1"))
    run(d, "p1: end", "p2: end")
    assert not d.by_id["p2"].has("shaken")
    ends = [e for e in d.events if e.kind == "condition-ends"]
    assert ends and ends[0].data == {"condition": "shaken", "why": "duration"} and ends[0].round == 2


def test_c11_shaken_penalises_attacks_saves_and_checks():
    d = core_duel()
    k = d.by_id["p2"]
    base_will = sum(v for _, v in k.save_parts("will"))
    k.conditions.append(Condition("shaken", rounds=3, tick_on="p2"))
    assert sum(v for _, v in k.save_parts("will")) == base_will - 2
    assert ("shaken", -2) in k.attack_parts("melee")


def test_c11_bonuses_of_one_type_do_not_stack():
    conds = [
        Condition("a", stat="ac", value=4, bonus_type="armor"),
        Condition("b", stat="ac", value=6, bonus_type="armor"),
        Condition("c", stat="ac", value=1, bonus_type="dodge"),
        Condition("d", stat="ac", value=1, bonus_type="dodge"),
    ]
    assert total_modifier(conds, ("ac",)) == 6 + 2


def test_c11_paralysed_is_helpless_but_does_not_end_the_duel_petrified_does():
    d = core_duel()
    k = d.by_id["p2"]
    k.conditions.append(Condition("paralysed", rounds=3, tick_on="p1"))
    assert k.acts() == "none" and not k.ends_duel_condition()
    k.conditions.append(Condition("petrified"))
    assert k.ends_duel_condition()


def test_c11_an_invisible_attacker_gets_2_and_the_target_loses_dex():
    from tests.engine.coretools import rolls

    d = core_duel(dice=[15, 5, 10, 3])
    d.by_id["p1"].conditions.append(
        Condition("invisible", rounds=5, tick_on="p1", data={"ends_on_attack": True})
    )
    run(d, "p1: attack quarterstaff @p2", "p2: pass")
    r = rolls(d, "attack with quarterstaff")[0]
    assert ["invisible attacker", 2] in r["modifiers"] and r["against"] == "flat-footed AC"
    assert not d.by_id["p1"].has("invisible")  # attacking ended it


def test_c11_a_modifier_with_uses_is_spent_by_the_attack_roll():
    d = core_duel(dice=[15, 5, 10, 3])
    d.by_id["p1"].conditions.append(
        Condition(
            "true_strike",
            rounds=1,
            tick_on="p1",
            stat="attack",
            value=20,
            bonus_type="insight",
            data={"uses": 1},
        )
    )
    run(d, "p1: attack quarterstaff @p2", "p2: pass")
    assert not any(c.name == "true_strike" for c in d.by_id["p1"].conditions)


def test_c11_color_spray_blinds_and_stuns_too():
    from mageduel.spells.catalogue import get

    d = core_duel(pos_b=(20.0, 0.0))
    tiers = get("color_spray").effects[0].effects[0].tiers
    resolve_nodes(d, "p1", "p2", "color_spray", tiers[0].effects)  # 2 HD or less
    k = d.by_id["p2"]
    assert {c.name for c in k.conditions} == {"unconscious", "blinded", "stunned"}
    assert len({c.rounds for c in k.conditions}) == 1  # one roll of 2d4 for all three
    d2 = core_duel(pos_b=(20.0, 0.0))
    resolve_nodes(d2, "p1", "p2", "color_spray", tiers[1].effects)  # 3 or 4 HD
    assert {c.name for c in d2.by_id["p2"].conditions} == {"blinded", "stunned"}


def test_c11_color_spray_chain_follows_once_when_the_first_band_ends():
    from mageduel.actions import start_of_turn
    from mageduel.spells.catalogue import get

    from tests.engine.coretools import drive

    d = core_duel(pos_b=(20.0, 0.0))
    resolve_nodes(d, "p1", "p2", "color_spray", get("color_spray").effects[0].effects[0].tiers[0].effects)
    k = d.by_id["p2"]
    for c in k.conditions:
        c.rounds = 1
    drive(start_of_turn(d, d.by_id["p1"]))
    names = sorted(c.name for c in k.conditions)
    assert names == ["blinded", "stunned"]  # unconscious gone, the 1d4 band of blinded and stunned follows


def test_c11_charmed_and_asleep_have_rules():
    assert {"charmed", "asleep"} <= set(RULES)


def test_c11_asleep_is_helpless_but_does_not_end_a_plain_duel():
    from mageduel.spells.catalogue import get

    d = core_duel(pos_b=(20.0, 0.0))
    resolve_nodes(d, "p1", "p2", "sleep", get("sleep").effects[0].effects[0].tiers[0].effects)  # 4 HD or less
    k = d.by_id["p2"]
    assert k.has("asleep") and k.acts() == "none" and not k.can_cast() and k.loses_dex()
    assert not k.ends_duel_condition()  # DU-5 ruling: asleep-but-wakeable does not end it, like hold person


def test_c11_a_wound_wakes_a_sleeper():
    from mageduel.spells.catalogue import get
    from mageduel.state import Damage

    from tests.engine.coretools import drive

    d = core_duel(pos_b=(20.0, 0.0))
    resolve_nodes(d, "p1", "p2", "sleep", get("sleep").effects[0].effects[0].tiers[0].effects)
    drive(d.deal_damage(Damage("p2", 2, attacker="p1", source="weapon")))
    k = d.by_id["p2"]
    assert not k.has("asleep") and k.acts() == "full"
    ends = [e.data for e in d.events if e.kind == "condition-ends"]
    assert ends == [{"condition": "asleep", "why": "woken by a wound"}]


def test_c11_a_charmed_creature_does_not_attack_its_charmer_until_hurt_by_its_side():
    from mageduel.actions import Budget, turn_options
    from mageduel.spells.catalogue import get
    from mageduel.state import Damage

    from tests.engine.coretools import drive

    d = core_duel()  # 5 feet apart
    k = d.by_id["p2"]
    before = [o.id for o in turn_options(d, k, Budget())]
    assert "cast magic_missile @p1" in before and any(o.startswith("attack") for o in before)
    resolve_nodes(d, "p1", "p2", "charm_person", get("charm_person").effects[0].effects)
    assert k.has("charmed")
    ids = [o.id for o in turn_options(d, k, Budget())]
    assert not any(o.endswith("@p1") and "magic_missile" in o for o in ids)
    assert not any(o.startswith("attack") for o in ids)
    assert any(o.startswith("move") for o in ids)
    drive(d.deal_damage(Damage("p2", 1, attacker="p1", source="weapon")))
    assert not d.by_id["p2"].has("charmed")


def test_c11_charmed_is_a_compulsion_for_md3_acclimation():
    from mageduel import rite
    from mageduel.spells.catalogue import get

    d = core_duel()
    resolve_nodes(d, "p1", "p2", "charm_person", get("charm_person").effects[0].effects)
    assert rite.compulsion_on(d.by_id["p2"]) == "charmed (charm_person)"


def test_c11_the_same_spell_again_renews_its_effect_instead_of_stacking():
    """Two flares on Kael, who fails both saves: still one -1 to attacks (one badge), its minute renewed."""
    from tests.rules.rules_kit import Driver, casting, scenario

    d = Driver(
        scenario("ilse", "kael", kind="duel"),
        plan=[("p1", casting("flare", "p2")), ("p1", casting("flare", "p2"))],
        rolls=[("initiative", 20), ("fort save", 1), ("fort save", 1)],
    )
    d.run(until=lambda du: du.round == 2 and du.turn_of == "p2")
    kael = d.duel.by_id["p2"]
    assert [p for p in kael.attack_parts("melee") if p[0] == "flare"] == [("flare", -1)]
    assert sorted(c.stat for c in kael.conditions if c.source == "flare") == ["attack", "perception"]
    renewed = d.events("condition-renewed")
    assert [e.data["condition"] for e in renewed] == ["flare", "flare"] and renewed[0].data["rounds"] == 10
    assert [v.name for v in d.duel.view("p2").me.conditions].count("flare") == 2  # attack and perception


def test_c11_modifiers_from_one_source_do_not_stack_penalties_and_circumstance_from_several_do():
    same = [
        Condition("flare", source="flare", stat="attack", value=-1, bonus_type="penalty"),
        Condition("flare", source="flare", stat="attack", value=-1, bonus_type="penalty"),
    ]
    assert total_modifier(same, ("attack",)) == -1
    two = [
        Condition("flare", source="flare", stat="attack", value=-1, bonus_type="penalty"),
        Condition("x", source="ray_of_enfeeblement", stat="attack", value=-2, bonus_type="penalty"),
    ]
    assert total_modifier(two, ("attack",)) == -3
    circ = [
        Condition("a", source="duel dodge", stat="ac", value=4, bonus_type="circumstance"),
        Condition("b", source="cover", stat="ac", value=2, bonus_type="circumstance"),
    ]
    assert total_modifier(circ, ("ac",)) == 6
