"""Numbers below 0 are written with the minus sign the rolls use. Found in the log of a plain duel:
"Tamsin Quillfeather takes 26 damage (-16 hp left)", a hyphen beside rolls written "− 1 Str"; and in a
mageduel's, a duellist thrown out of the zone "pushed to (12, -5)"."""

from __future__ import annotations

from mageduel.events import Event, EventModel

from web.game import panels, text
from web.i18n import integer


def test_hit_points_below_zero_take_the_minus_sign_in_the_log_and_the_panel():
    names = text.Names({"p1": "Tamsin Quillfeather"})
    hit = EventModel.from_event(Event(1, 1, "damage", "p1", {"amount": 26, "hp": -16, "lethal": True}))
    assert text.event_line(hit, "en", names) == "Tamsin Quillfeather takes 26 damage (−16 hp left)."
    assert text.event_line(hit, "fr", names).endswith("(reste −16 pv).")
    healed = EventModel.from_event(Event(2, 1, "healed", "p1", {"amount": 5, "hp": -11}))
    assert "−11" in text.event_line(healed, "en", names)
    assert integer(0) == "0" and integer(7) == "7" and integer(None) == "None"


def test_the_panel_writes_a_dying_duellists_hit_points_with_the_minus_sign():
    from mageduel.compose import new_duel
    from mageduel.dice import Seeded
    from mageduel.scenario import duel_scenario

    duel = new_duel(duel_scenario("tamsin", "bram", "duel"), Seeded(1))
    tamsin = next(c for c in duel.participants if c.name.startswith("Tamsin"))
    tamsin.hp = -4
    view = duel.view(None)
    line = next(c for c in view.others if c.id == tamsin.id)
    assert f"−4 / {tamsin.max_hp} hp" in panels.combatant(view, line, "en")
    assert f"−4 / {tamsin.max_hp} pv" in panels.combatant(view, line, "fr")


def test_a_point_outside_the_zone_takes_the_minus_sign():
    names = text.Names({"p1": "Ilse Varro"})
    pushed = EventModel.from_event(Event(1, 1, "pushed", "p1", {"to": [12.0, -5.0, 0.0]}))
    assert text.event_line(pushed, "en", names) == "Ilse Varro is pushed to (12, −5)."
    assert text.event_line(pushed, "fr", names) == "Ilse Varro est repoussé en (12\u202f; −5)."
    assert text.point((-0.04, 3.0), "en") == "(0, 3)"  # no "-0"
