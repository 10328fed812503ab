"""The plain duel's note on the board ("A duel: no zone, only the ground") never sits on a duellist's name:
inside the ground's top edge when nobody stands near it, above the highest name otherwise, and always within
the drawing."""

from __future__ import annotations

import re

from mageduel import lessons

from web.game import board


def _texts(svg: str, cls: str) -> list[tuple[float, float]]:
    """(baseline y, font size) of each ``<text class=cls>``."""
    return [
        (float(y), float(size))
        for y, size in re.findall(rf'<text class="{cls}"[^>]*? y="([-\d.]+)"[^>]*? font-size="([\d.]+)"', svg)
    ]


def test_x1_the_plain_duel_s_note_stays_clear_of_the_names_and_inside_the_drawing():
    for ref in ("1-1", "5-5", "5-6"):  # a duellist on the ground's top edge; two side by side; an onlooker
        svg = board.render(lessons.start(ref).view(), "fr")
        ((note_y, note_size),) = _texts(svg, "board-note")
        names = _texts(svg, "token-label")
        top_name = min(y - size for y, size in names)  # the top of the highest name's letters
        assert note_y <= top_name, ref
        view_top = float(re.search(r'viewBox="[-\d.]+ ([-\d.]+) ', svg).group(1))
        assert note_y - note_size >= view_top, ref


def test_x1_with_nobody_near_the_top_the_note_stays_inside_the_ground():
    view = lessons.start("1-1").view()
    low = view.model_copy(
        update={"others": [o.model_copy(update={"position": (15.0, 12.0, 0.0)}) for o in view.others]}
    )
    svg = board.render(low, "en")
    ((note_y, _),) = _texts(svg, "board-note")
    assert note_y > 0  # at the ground's own top edge, as before
