"""C-13 with grease and ice storm: the board draws the hampering ground a spell laid (terrain.py), where it
lies and as large as it is, named on hover in the reader's language; the log says what happened."""

from __future__ import annotations

import re

from mageduel.views import build_view

from tests.engine.coretools import core_duel, run
from web.game import board, text


def _after(spell: str, at: float, dice: list[int]):
    d = core_duel(a="corvin", b="kael", dice=[15, 5] + dice + [3] * 40, pos_b=(at, 0.0))
    run(d, f"p1: cast {spell} @p2", "p2: pass", "p2: pass", "p1: end")
    return d


def _patch(svg: str, kind: str) -> tuple[str, float, float, float]:
    m = re.search(
        rf'<g class="terrain terrain-{kind}" data-spell="[a-z_]+" [^>]*><title>([^<]*)</title>'
        r'<circle cx="([-\d.]+)" cy="([-\d.]+)" r="([-\d.]+)"',
        svg,
    )
    assert m is not None, svg[-3000:]
    return m.group(1), float(m.group(2)), float(m.group(3)), float(m.group(4))


def _drawn(view, x: float, y: float) -> tuple[float, float]:
    """Where the board draws the engine's point (x, y): in its ground's feet, y down the screen."""
    g = board.ground(view)
    gx, gy = g.local((x, y))
    return gx, g.side - gy


def test_c13_the_board_draws_ice_storm_s_difficult_terrain_where_it_lies():
    d = _after("ice_storm", 60.0, [])
    view = build_view(d, "p2")
    assert [(p.kind, p.centre, p.radius) for p in view.terrain] == [("difficult", [60.0, 0.0, 0.0], 20.0)]
    svg = board.render(view, "fr")
    title, cx, cy, r = _patch(svg, "difficult")
    assert r == 20.0 and (cx, cy) == _drawn(view, 60.0, 0.0)
    assert title.startswith("tempête de grêle") and "terrain difficile" in title
    assert "difficult terrain" in _patch(board.render(view, "en"), "difficult")[0]


def test_c13_the_board_draws_grease_and_the_log_says_who_slipped():
    d = _after("grease", 30.0, [18, 3])
    run(d, "p2: move 5,0")  # Acrobatics 3 + 2 fails by 5: Kael falls where he stands
    view = build_view(d, "p1")
    title, cx, cy, r = _patch(board.render(view, "en"), "grease")
    assert r == 5.0 and (cx, cy) == _drawn(view, 30.0, 0.0) and "DC 10 Acrobatics" in title
    names = {"p1": "Corvin", "p2": "Kael"}
    lines = [text.event_line(e, "fr", names) for e in view.events if e.kind in ("terrain", "slips")]
    assert lines == [
        "Le sort graisse de Corvin gêne le sol à cet endroit\u202f: s'y déplacer coûte le double.",
        "Kael glisse sur la graisse et ne peut plus se déplacer de ce round.",
    ]
    said = [text.event_line(e, "fr", names) for e in view.events if e.kind == "roll"][-1]
    assert "marcher sur la graisse (Acrobaties)" in said
