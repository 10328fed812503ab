"""Issue 12: the computer's spell being cast shows its intent — at whom, named once known (MD-26), and what
the defender may still do about it this round (DU-12, MD-12, DU-13, DU-22)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from mageduel.views import build_view

from tests.engine.coretools import core_duel, run
from tests.web.test_game_flow import choose_like_a_person, settle
from web.game import board
from web.game.app import App


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            "Intent: Tobin Ashgale casts a spell you do not know yet aimed where you stand. You may: identify it (Spellcraft, "
            "DC 15 + its level, DU-12); counter it with the mageduel's extra counterspell (MD-12)",
        ),
        (
            "fr",
            "Intention\u202f: Tobin Cendrebise lance un sort que vous ne connaissez pas encore visant l'endroit où vous êtes. Vous "
            "pouvez\u202f: l'identifier (Art de la magie, DD 15 + son niveau, DU-12)\u202f; le contrer",
        ),
    ],
)
def test_a_rival_casting_at_you_shows_its_intent_and_what_you_may_do(lang, expected):
    app = App(lang=lang)
    app.handle("start", {"character0": "maelis", "character1": "tobin", "control1": "normal", "seed": "5"})
    for _ in range(300):
        settle(app)
        v = app.session.view()
        if v.pending is not None and v.pending.kind == "identify" and v.phase == "fight":
            break
        choose_like_a_person(app, app.render())
    m = re.search(r'<p class="intent"[^>]*>([^<]*)</p>', app.render())
    assert m is not None and unescape(m.group(1)).startswith(expected), m and unescape(m.group(1))


def test_md26_the_name_of_one_casting_a_spell_clears_the_ring_drawn_round_them():
    d = core_duel(dice=[15, 5] + [10] * 30, pos_b=(0.0, 30.0))
    run(d, "p1: cast magic_missile @p2")
    svg = board.render(build_view(d, "p2"), "en")
    ring = re.search(r'<circle class="casting-ring" cx="([-\d.]+)" cy="([-\d.]+)" r="([-\d.]+)"', svg)
    label = re.search(
        r'data-name="Ilse[^"]*"[^>]*>.*?<text class="token-label" x="([-\d.]+)" y="([-\d.]+)" '
        r'text-anchor="middle" font-size="([-\d.]+)"[^>]*>([^<]+)<',
        svg,
    )
    assert ring is not None and label is not None
    cx, cy, r = (float(v) for v in ring.groups())
    x, y, size = (float(v) for v in label.groups()[:3])
    half = len(label.group(4)) * size * 0.56 / 2  # the board's own estimate of a name's width
    box = (x - half, y - size * 0.85, x + half, y + size * 0.25)
    nearest = (min(max(cx, box[0]), box[2]) - cx, min(max(cy, box[1]), box[3]) - cy)
    assert nearest[0] ** 2 + nearest[1] ** 2 > r**2, (box, (cx, cy, r))
