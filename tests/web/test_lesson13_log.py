"""The log's sentence for the MD-10 clipping event, and the names of the scenario's outsiders."""

from __future__ import annotations

import re

from mageduel import lessons, roster

from web import lesson
from web.game import board, session, text


class Clipped:
    kind, actor, seq = "area-clipped", "p1", 22
    data = {"spell": "fireball", "spared": ["b1"]}


def test_md10_the_log_says_the_area_stops_at_the_zone_s_faces_in_both_languages():
    names = {"p1": "Ilse", "b1": "Tamsin"}
    assert text.event_line(Clipped, "en", names) == (
        "Ilse's Fireball stops at the zone's faces: it does not reach Tamsin, outside."
    )
    assert text.event_line(Clipped, "fr", names) == (
        "Le sort boule de feu d'Ilse s'arrête aux faces de la zone\u202f: il n'atteint pas Tamsin, au-dehors."
    )


def test_md10_the_log_names_the_outsiders_a_scenario_placed():
    play = lessons.LessonPlay(lessons.level("5-4"))
    view = play.view()
    tamsin = roster.get("tamsin").name.en
    assert view.bystanders[0].id == "b1"
    assert text.names_of(view, "en")["b1"] == tamsin
    assert lesson._names(play, "fr")["b1"] == roster.get("tamsin").name.fr


def test_md10_the_board_draws_the_outsider_past_the_zone_s_face():
    """Tamsin stands 5 feet past the north face (y 45 of a 40-foot zone): drawn just outside it, named."""
    play = lessons.LessonPlay(lessons.level("5-4"))
    svg = board.render(session.localize(play.view(), lesson._names(play, "fr")), "fr")
    m = re.search(
        r'<g class="bystander" data-id="b1"><title>([^<]*)</title><circle cx="([-\d.]+)" cy="([-\d.]+)"', svg
    )
    assert m is not None
    assert (
        m.group(1) == f"{roster.get('tamsin').name.fr}, hors du duel"
    )  # her French name, as the duellists'"
    assert float(m.group(3)) < 0  # above the zone's top edge (svg y = 40 - y)
