"""Issue 9 on the page: the board and the spell picker draw and say what the view carries — the range at
the caster level in force (C-7: negative levels lower it), an area typed at any point with the engine's
outline (DU-10, MD-10)."""

from __future__ import annotations

from mageduel import option_area
from mageduel.effects import spell_by_id

from tests.engine.test_view_draws import _mageduel_turn, _turn_duel
from web.game import board, decide, text


def test_c07_the_page_draws_and_says_the_range_the_engine_uses():
    d = _turn_duel()
    d.by_id["p1"].negative_levels = 2
    view = d.view("p1")
    mm = next(o for o in view.pending.options if o.id == "cast magic_missile @p2")
    svg = board.render(view, "en", preview=mm.id)
    g = board.ground(view)
    x, y = g.local(view.me.position)  # the range is drawn about the caster, in the ground's feet
    assert (
        f'class="range" cx="{board._attr(x)}" cy="{board._attr(g.side - y)}" r="{board._attr(mm.range_ft)}"'
        in svg
    )
    facts = decide.spell_facts(view, "magic_missile", mm.slot, "en", mm)
    assert text.number_ft(mm.range_ft, "en") in facts
    assert text.number_ft(spell_by_id("magic_missile").range.feet_at(5), "en") not in facts


def test_md10_a_typed_aim_is_drawn_with_its_rows_range_and_the_engines_area():
    d = _mageduel_turn()
    view = d.view(d.pending.player)
    listed = next(o for o in view.pending.options if o.spell == "lightning_bolt" and o.area)
    oid = "cast lightning_bolt @" + ",".join(str(v) for v in listed.point[:2])
    svg = board.render(view, "en", preview=oid, area=option_area(d, oid))
    assert (
        f'class="range" cx="{board._attr(view.me.position[0])}"' in svg
        and f'r="{board._attr(listed.range_ft)}"' in svg
    )
    assert 'class="area" data-shape="line"' in svg


def test_c09_a_long_effect_says_roughly_how_long_beside_its_rounds():
    """Mage armour lasts an hour a caster level (C-9): 4,200 rounds at level 7, which the panel, the log
    and the spell picker also say in hours; a short effect keeps its rounds alone."""
    from mageduel import ai
    from mageduel.compose import new_duel
    from mageduel.dice import Seeded
    from mageduel.scenario import duel_scenario

    from web.game import panels

    d = new_duel(duel_scenario("maelis", "tobin"), Seeded(2))
    brains = {p: ai.Opponent("normal", i) for i, p in enumerate(("p1", "p2"))}

    def wearer(view):
        return next(
            (c for c in [view.me, *view.others] if any(k.name == "mage_armor" for k in c.conditions)), None
        )

    while d.pending is not None and wearer(d.view("p1")) is None:
        p = d.pending.player
        d.apply(p, brains[p].choose(d.view(p)))
    view = d.view("p1")
    people = [view.me, *view.others]
    c = wearer(view)
    armour = next(k for k in c.conditions if k.name == "mage_armor")
    html = panels.combatant(view, c, "fr")
    assert text.rounds(armour.rounds, "fr") in html and "environ " in text.rounds(armour.rounds, "fr")
    assert " h" in text.rounds(armour.rounds, "en")
    cast = next(e for e in view.events if e.kind == "condition" and e.data.get("condition") == "mage_armor")
    line = text.event_line(cast, "en", {x.id: x.name for x in people})
    assert f"{cast.data['rounds']} rd., about " in line and line.endswith(
        " h)"
    )  # "(+4 AC, 4200 rd., about 7 h)"
    assert line.count("(") == 1
    assert text.rounds(62, "en") == "(62 rd.)"
    # The spell picker says it too, before the spell is cast.
    assert text.spell_effect("mage_armor", 7, "", "fr").endswith(" · 4200 rounds, environ 7 h")
    assert text.spell_effect("shield", 7, "", "en").endswith(" · 70 rounds")


def test_md25_md24_du5_the_end_says_what_ended_the_duel_not_the_clauses_topic():
    """The end screen's head gives the reason the duel ended. Where the ending's clause is titled by its
    topic ("When a duel ends", "One hour", "A draw declared"), it says what happened instead, with the
    clause; a title that is already a reason ("Rivals defeated") stays."""
    import json
    from pathlib import Path

    golden = Path(__file__).parents[1] / "golden"
    expected = {
        "mageduel_draw": (
            "A tie (everyone still in it declared a draw, MD-25)",
            "Match nul (tous ceux encore en lice ont proclamé l'égalité, MD-25)",
        ),
        "mageduel_time": ("A tie (the hour is up, MD-24)", "Match nul (l'heure est écoulée, MD-24)"),
        "duel_new_after_withdrawal": (
            "Kael Sunderwind wins (no rival can fight on, DU-5)",
            "Kael Sunderwind l'emporte (aucun adversaire ne peut plus combattre, DU-5)",
        ),
        "duel_of_summoned_creatures": (
            "Ilse Varro wins (the rivals' creatures are down, with no summoning left, DU-6)",
            "Ilse Varro l'emporte (les créatures adverses sont à terre, sans invocation restante, DU-6)",
        ),
        "mageduel_defeat": (
            "Kael Sunderwind wins (Rivals defeated)",
            "Kael Sunderwind l'emporte (Adversaires vaincus)",
        ),
    }
    for name, heads in expected.items():
        events = json.loads((golden / f"{name}.json").read_text())["events"]
        out = [e["data"] for e in events if e["kind"] == "end"][-1]
        names = {
            p["id"]: p["name"] for e in events if e["kind"] == "start" for p in e["data"]["participants"]
        }
        assert (text.outcome_line(out, "en", names), text.outcome_line(out, "fr", names)) == heads, name


def test_md21_du5_everyone_down_at_once_is_said_as_such():
    """Both duellists caught in one fireball: a tie by MD-21 (or DU-5 in a plain duel) says that nobody is
    left standing, not "Rivals defeated" nor that no rival can fight on."""
    for clauses, en, fr in (
        (
            ["MD-21", "X-3"],
            "A tie (nobody is left standing, MD-21)",
            "Match nul (plus personne n'est debout, MD-21)",
        ),
        (["DU-5"], "A tie (nobody is left standing, DU-5)", "Match nul (plus personne n'est debout, DU-5)"),
    ):
        out = {"reason": "defeat", "tie": True, "winners": [], "clauses": clauses}
        assert (text.outcome_line(out, "en", {}), text.outcome_line(out, "fr", {})) == (en, fr)
