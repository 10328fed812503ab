"""X-1: a plain duel has no zone, so the board draws only the ground, to scale. It is drawn about the
duellists' starting places with room on every side (a duellist at the duel's origin used to stand on its
edge, half off it), it stays put while they move inside it, and whatever the board marks on it (a
destination, a spell's range, a click back to the engine) is where the engine has it."""

from __future__ import annotations

import re
from html import unescape

from mageduel.views import build_view

from tests.engine.coretools import core_duel, run
from tests.web.test_game_flow import settle
from web.game import board
from web.game.app import App
from web.ground import GROUND_MARGIN_FT, Ground

TOKEN = re.compile(r'<g class="token" data-name="([^"]+)" data-side="\d" data-x="([^"]+)" data-y="([^"]+)"')


def _tokens(svg: str) -> dict[str, tuple[float, float]]:
    """Each token's centre as drawn, in the ground's feet (y north)."""
    return {name: (float(x), float(y)) for name, x, y in TOKEN.findall(svg)}


def _side(svg: str) -> float:
    m = re.search(r'data-zone-width="([-\d.]+)"', svg)
    assert m is not None
    return float(m.group(1))


def test_x1_a_plain_duels_ground_is_centred_on_the_duellists_with_room_on_every_side():
    app = App(lang="en")
    app.handle("start", {"kind": "duel", "character0": "ilse", "character1": "kael", "seed": "2"})
    settle(app)
    view = app.session.view()
    svg = board.render(view, "en")
    w, drawn = _side(svg), _tokens(svg)
    assert len(drawn) == 2
    for x, y in drawn.values():  # the whole token and more is on the ground, whichever edge
        assert min(x, y, w - x, w - y) >= GROUND_MARGIN_FT, (drawn, w)
    (x1, y1), (x2, y2) = drawn.values()
    assert ((x1 + x2) / 2, (y1 + y2) / 2) == (w / 2, w / 2)


def test_x1_at_any_distance_the_northmost_duellists_name_is_written_above_them_on_the_ground():
    for apart in (10.0, 30.0, 60.0, 120.0):
        d = core_duel(dice=[15, 5] + [10] * 30, pos_b=(0.0, apart))
        svg = board.render(build_view(d, "p1"), "en")
        w = _side(svg)
        m = re.search(
            r'data-y="([-\d.]+)">.*?<text class="token-label" x="[-\d.]+" y="([-\d.]+)"',
            svg.split('data-name="Kael')[1],
        )
        assert m is not None
        token_y, label_y = w - float(m.group(1)), float(m.group(2))  # on screen, y down
        assert 0 < label_y < token_y, (apart, w, token_y, label_y)


def test_x1_the_ground_stays_put_while_a_duellist_moves_inside_it_and_grows_when_one_leaves_it():
    d = core_duel(dice=[15, 5] + [10] * 30, pos_b=(20.0, 0.0))
    before = board.ground(build_view(d, "p1"))
    assert before == Ground(30.0, -5.0, -15.0)
    run(d, "p1: move 5,5")
    assert board.ground(build_view(d, "p1")) == before
    d.by_id["p2"].pos = (60.0, 0.0, 0.0)  # far east, past the ground's edge
    after = board.ground(build_view(d, "p1"))
    assert after.x == before.x and after.x + after.side == 65.0


def test_x1_a_destination_and_a_spells_range_are_drawn_where_the_engine_has_them():
    d = core_duel(dice=[15, 5] + [10] * 30, pos_b=(20.0, 0.0))
    view = build_view(d, "p1")
    g = board.ground(view)
    move = next(o.id for o in view.pending.options if o.id.startswith("move "))
    mm = next(o for o in view.pending.options if o.id == "cast magic_missile @p2")
    svg = board.render(view, "en", marks=[move], preview=mm.id)
    px, py = (float(v) for v in move.split()[1].split(",")[:2])
    gx, gy = g.local((px, py))
    assert f'data-option="{move}"' in svg
    assert re.search(
        rf'data-option="{re.escape(move)}"[^>]*><title>[^<]*</title><circle cx="{board._attr(gx)}" '
        rf'cy="{board._attr(g.side - gy)}"',
        svg,
    )
    mx, my = g.local(view.me.position)
    assert f'class="range" cx="{board._attr(mx)}" cy="{board._attr(g.side - my)}"' in svg
    # The drawing says where its corner is, so that a click on it goes back to the engine's feet.
    assert f'data-origin="{board._attr(g.x)} {board._attr(g.y)}"' in svg


def test_x1_a_mageduels_zone_is_drawn_from_its_own_corner():
    d = core_duel(kind="mageduel")
    view = build_view(d, "p1")
    assert board.ground(view) == Ground(float(view.zone[0]))
    assert "data-origin" not in board.render(view, "en")


def _grid(svg: str) -> tuple[list[float], list[float]]:
    """The grid's vertical and horizontal lines, in the drawing's feet (on screen, y down)."""
    m = re.search(r'class="zone-grid" d="([^"]+)"', svg)
    assert m is not None
    d = m.group(1)
    return [float(x) for x in re.findall(r"M([-\d.]+) 0V", d)], [
        float(y) for y in re.findall(r"M0 ([-\d.]+)H", d)
    ]


def test_x1_the_setup_preview_draws_a_plain_duel_on_the_same_ground_as_the_board():
    from mageduel import duel_scenario

    from web.arena import render_panel, render_svg
    from web.arena_view import view_of

    scenario = duel_scenario("ilse", "kael", "duel")
    preview = view_of(scenario, "en")
    app = App(lang="en")
    app.handle("start", {"kind": "duel", "character0": "ilse", "character1": "kael", "seed": "2"})
    settle(app)
    g = board.ground(app.session.view())
    assert (preview.width, *preview.origin) == tuple(g)
    svg = render_svg(preview, "en")
    w = _side(svg)
    for x, y in _tokens(svg).values():  # Ilse starts at the engine's origin: no longer on the edge
        assert min(x, y, w - x, w - y) >= GROUND_MARGIN_FT, (_tokens(svg), w)
    # The list beside it still says where the engine places them.
    assert "starts at (15, 0)" in render_panel(preview, "en")


def test_x1_the_grid_lies_on_the_engines_round_feet_wherever_the_ground_begins():
    d = core_duel(dice=[15, 5] + [10] * 30, pos_b=(20.0, 0.0))
    view = build_view(d, "p1")
    g = board.ground(view)
    assert (g.x, g.y) == (-5.0, -15.0)
    svg = board.render(view, "en")
    step = float(re.search(r'class="scale" data-feet="(\d+)"', svg).group(1))
    xs, ys = _grid(svg)
    assert xs and ys
    for x in xs:  # every vertical line at an engine x that is a multiple of the scale bar's step
        assert (x + g.x) % step == 0, (x, g, step)
    for y in ys:
        assert (g.side - y + g.y) % step == 0, (y, g, step)
    # The duellists stand at (0, 0) and (20, 0): on lines of the grid, as the engine's feet are.
    me = g.screen(view.me.position)
    assert me[0] in xs and me[1] in ys


def test_x1_a_plain_duels_move_hint_speaks_of_the_ground_not_a_zone():
    from web.game import decide

    for kind, en, fr in (
        ("duel", "anywhere on the ground.", "n'importe où sur le terrain."),
        ("mageduel", "anywhere on the zone's floor.", "n'importe où sur le sol de la zone."),
    ):
        view = build_view(core_duel(kind=kind, dice=[15, 5] + [10] * 30, pos_b=(0.0, 20.0)), "p1")
        ids = [o.id for o in view.pending.options]
        assert any(i.startswith("move ") for i in ids), ids
        for lang, words in (("en", en), ("fr", fr)):
            html = decide.turn(view, ids, lang, {"p1": "Ilse", "p2": "Kael"}, None)
            assert words in unescape(html), (kind, lang)


def test_x1_a_move_listed_past_the_ground_is_marked_where_it_leaves_it():
    d = core_duel(dice=[15, 5] + [10] * 30, pos_b=(0.0, 20.0))
    view = build_view(d, "p1")
    g = board.ground(view)
    moves = [o.id for o in view.pending.options if o.id.startswith(("move ", "step "))]
    away = [
        m for m in moves if not 0 <= g.local([float(v) for v in m.split()[1].split(",")[:2]])[1] <= g.side
    ]
    assert away, (moves, g)  # Ilse's move away from Kael goes 30 ft south, past the ground's 5 ft
    svg = board.render(view, "en", marks=moves)
    for oid in moves:
        m = re.search(
            rf'data-option="{re.escape(oid)}"([^>]*)><title>[^<]*</title><circle cx="([-\d.]+)" cy="([-\d.]+)"',
            svg,
        )
        assert m is not None, oid
        x, y = float(m.group(2)), float(m.group(3))
        beyond = 'data-beyond="true"' in m.group(1)
        assert beyond == (oid in away), oid
        if beyond:  # just past the edge, in the drawing's margin (an eighth of the side): seen, and clicked
            assert -g.side / 8 < min(x, y) and max(x, y) < g.side * 9 / 8, (oid, x, y)
            assert not (0 <= x <= g.side and 0 <= y <= g.side), (oid, x, y)
        else:
            assert 0 <= x <= g.side and 0 <= y <= g.side, (oid, x, y)
    # The arrow points the way the move goes: south, down the screen.
    arrow = re.search(r'data-beyond="true">.*?<path class="beyond" d="M([-\d.]+) ([-\d.]+)L', svg)
    me_y = g.screen(view.me.position)[1]
    assert arrow is not None and float(arrow.group(2)) > me_y


def test_x1_the_move_and_range_circles_go_past_a_plain_duels_ground_and_stop_at_a_mageduels_walls():
    """A plain duel's ground is only the floor drawn about the duellists: a move or a spell goes past its
    edge (a mark there says so), so its circles were wrongly cut at it. The zone's walls still cut them."""
    d = core_duel(dice=[15, 5] + [10] * 30, pos_b=(20.0, 0.0))
    view = build_view(d, "p1")
    g = board.ground(view)
    mm = next(o for o in view.pending.options if o.id == "cast magic_missile @p2")
    svg = board.render(view, "en", reach=True, preview=mm.id)
    speed = float(view.pending.turn_left.move_feet)
    mx, _ = g.local(view.me.position)
    assert mx - speed < 0 or mx + speed > g.side  # the circle does reach past the ground's edge
    assert re.search(r'<g class="reach"><title>', svg) and re.search(r'<g class="preview" data-spell=', svg)
    zoned = build_view(core_duel(kind="mageduel", dice=[15, 5] + [10] * 30), "p1")
    svg = board.render(zoned, "en", reach=True)
    assert re.search(r'<g class="reach" clip-path="url\(#board-clip\)">', svg)
