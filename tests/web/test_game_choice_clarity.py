"""Issue 12, know what a choice does before making it: each spell's effect in one line of our own words
(damage dice and what MD-16's halving and MD-14 leave, the save, the area, how long), and an option that
cannot work says why with its 0% (a target immune to the spell: shield against magic missile)."""

from __future__ import annotations

import re
from html import unescape

from mageduel import ai, dice, scenario, state
from mageduel.compose import new_duel
from mageduel.conditions import Condition

from web.game import decide, text


def test_md16_the_picker_states_each_spells_effect_halved_and_nonlethal():
    assert text.spell_effect("fireball", 7, "mageduel", "en") == (
        "7d6 fire, halved (MD-16): 3–21 nonlethal · Ref half · 20 ft spread · instantaneous"
    )
    assert (
        text.spell_effect("fireball", 7, "duel", "en") == "7d6 fire · Ref half · 20 ft spread · instantaneous"
    )
    # One point of damage is said in the singular, in French as in English (MD-16: at least 1).
    assert text.spell_effect("ray_of_frost", 7, "mageduel", "fr").startswith(
        "1d3 froid, réduits de moitié (MD-16)\u202f: 1 point non létal"
    )
    assert "4 × 1d4+1 force" in text.spell_effect("magic_missile", 7, "mageduel", "en")
    assert "(MD-17)" in text.spell_effect("phantasmal_killer", 7, "mageduel", "en")
    assert (
        text.spell_effect("glitterdust", 7, "mageduel", "fr")
        == "aveuglé · Vol annule · étendue de 10 pi · 7 rounds"
    )


def _fight_turn() -> state.Duel:
    d = new_duel(scenario.duel_scenario("maelis", "tobin"), dice.Seeded(3))
    brains = {"p1": ai.Opponent("normal", 1), "p2": ai.Opponent("normal", 2)}
    while not (d.phase == "fight" and d.pending.kind == "turn" and d.pending.player == "p1"):
        p = d.pending.player
        d.apply(p, brains[p].choose(d.view(p)))
    return d


def test_the_turn_panel_shows_the_effect_line_under_each_spell():
    d = _fight_turn()
    view = d.view("p1")
    html = decide.panel(view, "en", text.names_of(view, "en"), None, {}, None)
    lines = [unescape(x) for x in re.findall(r'<span class="fx">([^<]*)</span>', html)]
    assert any(line.startswith("7d6 fire, halved (MD-16)") for line in lines), lines


def test_a_spell_the_target_is_immune_to_says_why_with_0_percent():
    d = _fight_turn()
    tobin = d.by_id["p2"]
    tobin.immune_spells.add("magic_missile")  # what shield's immunity node does (effects._immunity)
    tobin.conditions.append(Condition("shield", 10, "p2", "shield"))
    view = d.view("p1")
    opt = next(o for o in view.pending.options if o.spell == "magic_missile" and "p2" in o.targets)
    assert (opt.chance, opt.why, opt.why_spell) == (0.0, "immune", "shield")
    assert text.chance(opt, "en") == "0%: Shield makes the target immune to it"
    assert text.chance(opt, "fr") == "0\u202f%\u202f: bouclier immunise la cible contre ce sort"


def test_md16_md14_a_damage_roll_shows_each_die_and_the_halving_before_the_nonlethal_damage():
    roll = {"purpose": "fireball damage", "die": "5d6", "natural": 21, "modifiers": [], "total": 21}
    assert text.breakdown({**roll, "dice": [6, 4, 3, 4, 4]}, "en") == "5d6 (6 + 4 + 3 + 4 + 4) = 21"

    class Hurt:
        kind, actor, seq = "damage", "p2", 1
        data = {"amount": 2, "lethal": False, "hp": 37, "nonlethal": 3, "notes": ["half of 5 (MD-16)"]}

    assert text.event_line(Hurt, "en", {"p2": "Kael"}) == (
        "Half of 5, rounded down (MD-16): Kael takes 2 nonlethal damage (3 nonlethal in all)."
    )
    assert text.event_line(Hurt, "fr", {"p2": "Kael"}).startswith(
        "La moitié de 5, arrondie à l'inférieur (MD-16)"
    )
