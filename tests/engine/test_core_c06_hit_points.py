"""C-6: hit points; nonlethal damage (equal to hp: staggered; above: unconscious); dying below 0; dead at
minus the Constitution score."""

from mageduel import roster
from mageduel.state import Damage

from tests.engine.coretools import core_duel, drive


def test_c6_hit_points_come_from_the_sheet():
    d = core_duel()
    assert d.by_id["p1"].max_hp == d.by_id["p1"].hp == roster.get("ilse").max_hp


def test_c6_nonlethal_equal_to_hp_staggers_and_above_knocks_out():
    d = core_duel()
    k = d.by_id["p2"]
    drive(d.deal_damage(Damage("p2", k.hp, lethal=False)))
    assert k.nonlethal == k.hp and k.acts() == "one-action" and k.status == "active"
    drive(d.deal_damage(Damage("p2", 1, lethal=False)))
    assert k.status == "unconscious"


def test_c6_below_zero_is_dying_and_minus_con_is_dead():
    d = core_duel()
    d.prefs[("p2", "effort")] = "never"
    k = d.by_id["p2"]
    drive(d.deal_damage(Damage("p2", k.hp + 1)))
    assert k.hp == -1 and k.status == "dying"
    drive(d.deal_damage(Damage("p2", k.ability("con") - 1)))
    assert k.hp == -k.ability("con") and k.status == "dead"


def test_c6_zero_hp_is_disabled_one_action():
    d = core_duel()
    k = d.by_id["p2"]
    drive(d.deal_damage(Damage("p2", k.hp)))
    assert k.hp == 0 and k.status == "active" and k.acts() == "one-action"


def _resist_energy(d, answer):
    from mageduel import effects
    from mageduel.spells.catalogue import get
    from mageduel.state import Casting

    sp = get("resist_energy")
    c = d.by_id["p1"]
    gen = effects.resolve(d, effects.Ctx(Casting("p1", sp, 2, ["p1"], None), c, sp, 5, 15), sp.effects, "p1")
    ask = next(gen)
    assert ask.kind == "choose" and [o.id for o in ask.options] == [
        "choose acid",
        "choose cold",
        "choose electricity",
        "choose fire",
        "choose sonic",
    ]
    try:
        gen.send(answer)
    except StopIteration:
        pass


def test_c6_energy_resistance_is_against_the_type_chosen():
    d = core_duel()
    _resist_energy(d, "choose cold")
    drive(d.deal_damage(Damage("p1", 15, dtype="fire", attacker="p2")))
    drive(d.deal_damage(Damage("p1", 15, dtype="cold", attacker="p2")))
    dmg = [e.data for e in d.events if e.kind == "damage"]
    assert [x["amount"] for x in dmg] == [15, 5]  # 10 against cold at CL 5, nothing against fire
    assert dmg[1]["notes"] == ["resistance 10"]


def test_c6_energy_resistance_ends_with_its_duration():
    from mageduel.actions import start_of_turn

    d = core_duel()
    _resist_energy(d, "choose fire")
    cond = next(x for x in d.by_id["p1"].conditions if x.stat == "resist:fire")
    assert cond.rounds == 500  # 10 minutes per level
    cond.rounds = 1
    drive(start_of_turn(d, d.by_id["p1"]))
    drive(d.deal_damage(Damage("p1", 15, dtype="fire", attacker="p2")))
    assert [e.data["amount"] for e in d.events if e.kind == "damage"] == [15]


def test_c6_temporary_hp_are_lost_when_their_duration_ends():
    from mageduel.actions import start_of_turn
    from mageduel.spells.catalogue import get

    from tests.engine.coretools import resolve_nodes

    d = core_duel()
    resolve_nodes(d, "p1", "p1", "false_life", get("false_life").effects)
    c = d.by_id["p1"]
    gained = c.temp_hp
    assert gained >= 1 + 5
    drive(d.deal_damage(Damage("p1", 2, attacker="p2")))
    assert c.temp_hp == gained - 2 and c.hp == c.max_hp
    cond = next(x for x in c.conditions if x.stat == "temp_hp")
    assert cond.rounds == 3000  # 1 hour per level
    cond.rounds = 1
    drive(start_of_turn(d, c))
    assert c.temp_hp == 0
