"""The board: the foundation's arena SVG (``web.arena``) with the game's layers on top.

Layers, all from the viewer's own view and the options the engine handed over (chessground's way: the board
knows no rules): hp and nonlethal rings and condition badges on each token, altitude for flyers, a spell's
range and area previews clipped at the zone's border (MD-10), legal targets and destinations as clickable
marks that report the option id, and a fallen or expelled duellist drawn as such.
"""

from __future__ import annotations

import math
import re
from html import escape
from typing import Any, NamedTuple

from web.arena import (
    SIDE_COLOURS,
    ArenaView,
    Token,
    _attr,
    first_name,
    grown,
    render_svg,
    text_width,
    token_radius,
)
from web.game import text
from web.game.choice import parse
from web.ground import Ground, ground_about
from web.i18n import t


def _bounds(view: Any) -> tuple[int, int]:
    """MD-5's bounds, as the engine's view states them (a plain duel has none)."""
    b = getattr(view, "zone_bounds", None)
    return (b.minimum, b.maximum) if b is not None else (0, 0)


def _people(view: Any) -> list[Any]:
    return ([view.me] if view.me is not None else []) + list(view.others)


def _before_their_places(view: Any, w: float) -> list[Any]:
    """The duellists as the board draws them. Until MD-8 sends them to wait outside, a mageduel's duellists
    still stand where the duel began them, on the faces of a provisional zone; while the zone's size is
    proposed (MD-4) and once it is settled (MD-5), they are drawn at the same places on the faces of the
    zone drawn, ``w`` feet a side, as the setup screen shows them.

    >>> from types import SimpleNamespace as Seen
    >>> start = Seen(kind="placed", data={"positions": {}, "zone": [30, 30]})
    >>> me = Seen(id="p1", position=[15.0, 30.0, 0.0])
    >>> view = Seen(phase="pre-fight", zone=[60, 60], events=[start], me=me, others=[])
    >>> _before_their_places(view, 60.0)[0].position
    [30.0, 60.0, 0.0]
    """
    people = _people(view)
    if getattr(view, "phase", None) != "pre-fight" or not view.zone:
        return people
    began: float | None = None
    for e in view.events:
        if e.kind == "placed" and e.data.get("outside"):  # MD-8: at their places; drawn where they stand
            return people
        if e.kind == "placed" and began is None and e.data.get("zone"):
            began = float(e.data["zone"][0])
    if not began or began == w:
        return people
    scale = w / began
    return [_moved(c, [c.position[0] * scale, c.position[1] * scale, *c.position[2:]]) for c in people]


def _moved(c: Any, position: list[float]) -> Any:
    if hasattr(c, "model_copy"):
        return c.model_copy(update={"position": position})
    return type(c)(**{**vars(c), "position": position})


def side_index(view: Any, side: str) -> int:
    sides: list[str] = []
    for c in sorted(_people(view), key=lambda c: c.side):
        if c.side not in sides:
            sides.append(c.side)
    return sides.index(side) if side in sides else 0


def ground(view: Any) -> Ground:
    """The square the board draws for ``view``: the zone, or (before it exists, or in a plain duel) the
    ground about the duellists' starting places, with a margin on every side (``web.ground.ground_about``),
    grown to hold whoever goes past it. It does not follow each move: a board that slid under the tokens would
    make every step look like two.

    >>> from types import SimpleNamespace as Seen
    >>> placed = Seen(kind="placed", data={"positions": {"p1": [0.0, 0.0, 0.0], "p2": [20.0, 0.0, 0.0]}})
    >>> me, kael = Seen(position=[0.0, 0.0, 0.0]), Seen(position=[20.0, 0.0, 0.0])
    >>> ground(Seen(zone=None, events=[placed], me=me, others=[kael]))  # 20 feet apart: centred
    Ground(side=30.0, x=-5.0, y=-15.0)
    >>> kael.position = [40.0, 0.0, 0.0]  # he walks 20 feet east: the ground grows to hold him
    >>> ground(Seen(zone=None, events=[placed], me=me, others=[kael]))
    Ground(side=50.0, x=-5.0, y=-25.0)
    >>> placed.data["positions"]["p2"] = kael.position = [0.0, 60.0, 0.0]  # 60 feet apart: 12 to spare
    >>> ground(Seen(zone=None, events=[placed], me=me, others=[kael]))
    Ground(side=84.0, x=-42.0, y=-12.0)
    """
    if view.zone:
        return Ground(float(view.zone[0]))
    spots = [
        (float(c.position[0]), float(c.position[1]))
        for c in _people(view) + list(getattr(view, "bystanders", None) or [])
        if math.isfinite(c.position[0]) and math.isfinite(c.position[1])
    ]
    began = next(
        (
            [(float(p[0]), float(p[1])) for p in e.data["positions"].values()]
            for e in getattr(view, "events", None) or []
            if e.kind == "placed" and e.data.get("positions")
        ),
        spots,
    )
    return ground_about(began, spots)


def on_ground(c: Any, g: Ground) -> Any:
    """``c`` (a duellist or a bystander) placed in the ground's feet, as the board draws it."""
    if not (g.x or g.y):
        return c
    return _moved(c, [*g.local(c.position), *c.position[2:]])


def drawn_people(view: Any, g: Ground) -> list[Any]:
    """The duellists as the board draws them, in the ground's feet (see :func:`_before_their_places`)."""
    return [on_ground(c, g) for c in _before_their_places(view, g.side)]


def drawn_at(c: Any, w: float) -> tuple[float, float]:
    """Where a token is drawn, in feet (engine axes): where it stands, or — for someone out of the zone (an
    expulsion, MD-22) — just outside the border on the side they left by, so the board still shows them.

    One outside the zone (waiting at their place, MD-8; excluded, MD-9; expelled, MD-22) is drawn clear of
    the shimmering wall, their rings included, however near it they stand: a disc across the wall would not
    say on which side they are, and for one out of the fight that side is the result.

    >>> from types import SimpleNamespace as Seen
    >>> drawn_at(Seen(position=(-0.5, 10.0), status="expelled"), 20.0)
    (-2.3, 10.0)
    >>> drawn_at(Seen(position=(0.0, 10.0), status="active"), 20.0)  # inside, on the wall: where it stands
    (0.0, 10.0)
    """
    x, y = float(c.position[0]), float(c.position[1])
    if not math.isfinite(x) or not math.isfinite(y):
        return 0.0, 0.0
    edge = w * 0.07
    if not (0 <= x <= w and 0 <= y <= w):
        unit = w / 100
        clear = round(_outside_ring(token_radius(w), unit) + unit, 3)  # the ring, and the wall's glow
        edge = max(edge, clear)
        x, y = _off_wall(x, w, clear), _off_wall(y, w, clear)
    return max(-edge, min(w + edge, x)), max(-edge, min(w + edge, y))


def _off_wall(v: float, w: float, clear: float) -> float:
    """A coordinate outside the zone's ``[0, w]`` moved at least ``clear`` past the face it is beyond."""
    if v < 0:
        return min(v, -clear)
    if v > w:
        return max(v, w + clear)
    return v


def outside(c: Any, view: Any) -> bool:
    if not view.zone:
        return False
    w = float(view.zone[0])
    x, y = c.position[0], c.position[1]
    return not (0 <= x <= w and 0 <= y <= w)


def render(
    view: Any,
    lang: str,
    marks: list[str] | None = None,
    preview: Any = None,
    hit: frozenset[str] = frozenset(),
    bolts: list[tuple[str, str]] | None = None,
    reach: bool = False,
    path: tuple[float, float] | None = None,
    size: float | None = None,
    area: Any = None,
) -> str:
    """The board for ``view``. ``marks`` are legal option ids to draw as clickable targets; ``preview`` is
    a cast option id whose range and area are previewed; ``hit`` the ids just hurt and ``bolts`` the
    (caster, target) pairs of spells just resolved — both short flashes that never wait for anyone; ``reach``
    draws how far the viewer can go with a move (their speed, from the view) and a 5-foot step; ``path`` a
    move being previewed (issue 12): the line from the viewer to its destination and a ghost of them there;
    ``size`` the zone's side while it is being proposed (MD-4): the board draws the zone at that size;
    ``area`` the engine's area for a ``preview`` aimed at a point not among the listed options
    (``mageduel.option_area``)."""
    g = Ground(float(size)) if size else ground(view)
    w = g.side
    people = drawn_people(view, g)
    me = next((c for c in people if view.me is not None and c.id == view.me.id), None)
    lo, hi = _bounds(view)
    unit = w / 100
    radius = token_radius(w)
    # The dashed ring of one out of the fight outside the zone, and the viewer's own ring (``_decorations``;
    # their outer edges), reach past the disc: the name clears them.
    halo = _outside_ring(radius, unit) + unit * 0.3 - radius
    # So does the ring round one casting a spell (MD-26): drawn after the names, it crossed them.
    casting = {cast.caster for cast in getattr(view, "casting", None) or []}
    cast_halo = radius * CASTING_RING + unit * 0.3 - radius
    # Whoever stands outside the zone — waiting at their place before the entry (MD-8), excluded (MD-9),
    # expelled (MD-22) — keeps their marks outside it; one out of the fight there is ringed too.
    out_of_zone = {c.id for c in people if outside(c, view)}
    ringed = {c.id for c in people if c.id in out_of_zone and c.out_of_fight}
    tokens = tuple(
        Token(
            text.person_name(c, lang),
            c.cls,
            c.level,
            *drawn_at(c, w),
            side_index(view, c.side),
            max(
                halo if c.id in out_of_zone or (view.me is not None and c.id == view.me.id) else 0.0,
                cast_halo if c.id in casting else 0.0,
            ),
            text.creature_short(c.creature, lang) if getattr(c, "creature", None) else first_name(c.name),
            bool(getattr(c, "creature", None)),
        )
        for c in people
    )
    name_boxes: list[tuple[float, float, float, float]] = []
    svg = render_svg(
        ArenaView(
            width=w,
            height=float(view.zone[1]) if view.zone else w,
            minimum=lo,
            maximum=hi,
            tokens=tokens,
            origin=(g.x, g.y),
        ),
        lang,
        uid="board",
        names=name_boxes,
    )
    names = dict(zip([c.id for c in people], name_boxes, strict=True))
    discs = [(dx, w - dy) for dx, dy in (drawn_at(c, w) for c in people)]  # on screen
    layers = [
        f'<clipPath id="board-clip"><rect x="0" y="0" width="{_attr(w)}" height="{_attr(w)}"/></clipPath>'
    ]
    for patch in getattr(view, "terrain", None) or []:  # grease, ice storm's sleet: hampering ground (C-13)
        layers.append(_terrain(patch, g, unit, lang))
    if reach and me is not None:
        layers.append(_reach(view, me, w, unit, lang))
    if preview:
        layers.append(_preview(view, me, preview, g, unit, area))
    if path is not None and me is not None:
        layers.append(_path(me, path, g, radius, unit))
    boxes: list[tuple[float, float, float, float]] = []  # what is written past a token (its status)
    for c in people:
        layers.append(
            _decorations(
                c,
                w,
                radius,
                unit,
                lang,
                me=view.me is not None and c.id == view.me.id,
                hit=c.id in hit,
                out_of_zone=c.id in out_of_zone,
                ringed=c.id in ringed,
                boxes=boxes,
                names=names,
                discs=discs,
            )
        )
    for wall in getattr(view, "walls", None) or []:  # a wall of force, drawn where it stands
        (sx, sy), (ex, ey) = g.screen(wall.start), g.screen(wall.end)
        layers.append(
            f'<line class="wall" data-spell="{escape(wall.spell)}" x1="{_attr(sx)}" '
            f'y1="{_attr(sy)}" x2="{_attr(ex)}" y2="{_attr(ey)}" '
            f'stroke-width="{_attr(unit * 1.5)}"><title>{escape(text.spell_name(wall.spell, lang))}</title>'
            "</line>"
        )
    outsiders = [on_ground(b, g) for b in getattr(view, "bystanders", None) or []]
    for b in outsiders:  # outsiders the scenario placed (MD-10, MD-19): grey, on no side, never a target
        bx, by = drawn_at(b, w)
        layers.append(
            f'<g class="bystander" data-id="{escape(b.id)}"><title>'
            f"{escape(t('lesson13.bystander', lang, name=b.name))}</title>"
            f'<circle cx="{_attr(bx)}" cy="{_attr(w - by)}" r="{_attr(radius)}" fill="#9aa3b8" '
            f'fill-opacity="0.35" stroke="#c8cfdd" stroke-width="{_attr(unit * 0.5)}" '
            f'stroke-dasharray="{_attr(unit * 1.2)} {_attr(unit * 0.8)}"/>'
            f'<text x="{_attr(bx)}" y="{_attr(w - by - radius * 1.5)}" text-anchor="middle" fill="#c8cfdd" '
            f'font-size="{_attr(max(unit * 3.5, radius * 0.9))}">{escape(b.name)}</text></g>'
        )
    where = {c.id: (drawn_at(c, w)[0], w - drawn_at(c, w)[1]) for c in people}
    for src, dst in bolts or []:
        if src in where and dst in where:
            (x1, y1), (x2, y2) = where[src], where[dst]
            layers.append(
                f'<line class="bolt" x1="{_attr(x1)}" y1="{_attr(y1)}" x2="{_attr(x2)}" '
                f'y2="{_attr(y2)}" stroke-width="{_attr(unit * 1.2)}"/>'
            )
    for cast in getattr(view, "casting", None) or []:  # a spell being cast: who, at whom — never what (MD-26)
        if cast.caster not in where:
            continue
        cx, cy = where[cast.caster]
        layers.append(
            f'<circle class="casting-ring" cx="{_attr(cx)}" cy="{_attr(cy)}" '
            f'r="{_attr(radius * CASTING_RING)}" '
            f'stroke-width="{_attr(unit * 0.6)}" stroke-dasharray="{_attr(unit * 1.6)} {_attr(unit * 1.1)}">'
            f"<title>{escape(t('board.casting', lang))}</title></circle>"
        )
        for tid in cast.targets:
            if tid in where and tid != cast.caster:
                tx, ty = where[tid]
                layers.append(
                    f'<line class="casting-line" x1="{_attr(cx)}" y1="{_attr(cy)}" x2="{_attr(tx)}" '
                    f'y2="{_attr(ty)}" stroke-width="{_attr(unit * 0.5)}" '
                    f'stroke-dasharray="{_attr(unit * 1.5)} {_attr(unit)}"/>'
                )
    names = text.names_of(view, lang)
    for oid in marks or []:
        layers.append(_mark(oid, view, people, g, radius, unit, lang, names))
    note_top = None
    if not view.zone:
        # Inside the ground's top edge, or above the highest name when a token stands near that edge (a
        # name drawn over the note could be read as neither).
        above = _ring_reach(radius, unit) + unit * 5  # a token's ring and its name over it
        names_top = min((w - drawn_at(c, w)[1] - above for c in people), default=w)
        note_y = min(unit * 5, names_top - unit * 1.5)
        note_top = note_y - unit * 4
        layers.append(
            f'<text class="board-note" x="{_attr(w / 2)}" y="{_attr(note_y)}" '
            f'text-anchor="middle" font-size="{_attr(unit * 4)}">{escape(t("board.nozone", lang))}</text>'
        )
    if not view.zone:  # a plain duel: the square is only the ground drawn to scale, not Mystra's zone;
        # where its corner stands in the engine's feet, for a click on it (``browser._floor_click``)
        svg = svg.replace(
            'class="arena-svg"',
            f'class="arena-svg no-zone" data-origin="{_attr(g.x)} {_attr(g.y)}"',
            1,
        )
    svg = _fit(svg, people + outsiders, w, radius, unit, note_top, boxes)
    return svg.replace("</svg>", f'<g class="layers">{"".join(layers)}</g></svg>')


#: Hampering ground, by kind: fill, stroke (grease: an oily amber; sleet: icy blue).
TERRAIN_COLOURS = {"grease": ("#b8860b", "#e0b84a"), "difficult": ("#9fd3ff", "#d6efff")}


def _terrain(patch: Any, g: Ground, unit: float, lang: str) -> str:
    """A patch of hampering ground (terrain.py): a hatched disc clipped at the zone, named on hover."""
    fill, stroke = TERRAIN_COLOURS.get(patch.kind, TERRAIN_COLOURS["difficult"])
    cx, cy = g.screen(patch.centre)
    title = t(f"terrain.{patch.kind}", lang, spell=text.spell_name(patch.spell, lang))
    return (
        f'<g class="terrain terrain-{escape(patch.kind)}" data-spell="{escape(patch.spell)}" '
        f'clip-path="url(#board-clip)"><title>{escape(title)}</title>'
        f'<circle cx="{_attr(cx)}" cy="{_attr(cy)}" r="{_attr(patch.radius)}" fill="{fill}" '
        f'fill-opacity="0.28" stroke="{stroke}" stroke-opacity="0.8" stroke-width="{_attr(unit * 0.5)}" '
        f'stroke-dasharray="{_attr(unit * 1.4)} {_attr(unit * 0.9)}"/></g>'
    )


#: The ring round one casting a spell (MD-26), in token radii.
CASTING_RING = 2.1


def _outside_ring(radius: float, unit: float) -> float:
    """The radius of the dashed ring round a duellist standing outside the zone (MD-22)."""
    return radius * 1.25 + unit * 3


def _ring_reach(radius: float, unit: float) -> float:
    """How far the outermost ring of a token reaches from its centre."""
    return radius * 1.25 + unit * 3.5


def _fit(
    svg: str,
    people: list[Any],
    w: float,
    radius: float,
    unit: float,
    note_top: float | None = None,
    boxes: list[tuple[float, float, float, float]] | None = None,
) -> str:
    """Room for tokens standing on or past the border (waiting at their places before the entry, expelled):
    the drawing grows to hold their rings, and the scale bar moves down below the lowest one; for the
    plain duel's note when it stands above the ground (``note_top``: the top of its letters); and for what
    is written beside a token (``boxes``: left, top, right, bottom), such as an expelled duellist's status."""
    m = re.search(r'viewBox="([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+)"', svg)
    if m is None or not people:
        return svg
    x0, y0, vw, vh = (float(v) for v in m.groups())
    reach = _ring_reach(radius, unit)  # the outermost ring of a token
    xs = [drawn_at(c, w)[0] for c in people]
    ys = [w - drawn_at(c, w)[1] for c in people]
    left, top = min(x0, min(xs) - reach), min(y0, min(ys) - reach - unit * 5)  # and its name above
    if note_top is not None:
        top = min(top, note_top - unit)
    below = max(ys) + reach - w  # how far the lowest ring reaches under the zone's bottom edge
    shift = max(0.0, below + unit * 2) if below > -unit * 2 else 0.0
    right = max(x0 + vw, max(xs) + reach)
    bottom = y0 + vh + shift
    left, top, right, bottom = grown((left, top, right, bottom), boxes or [], unit)
    if (left, top, right, bottom) == (x0, y0, x0 + vw, y0 + vh):
        return svg
    svg = svg.replace(
        m.group(0), f'viewBox="{_attr(left)} {_attr(top)} {_attr(right - left)} {_attr(bottom - top)}"', 1
    )
    if shift:
        svg = svg.replace(
            '<g class="scale"', f'<g transform="translate(0 {_attr(shift)})"><g class="scale"', 1
        )
        svg = re.sub(r'(<g class="scale".*?</g>)', r"\1</g>", svg, count=1, flags=re.S)
    return svg


def _decorations(
    c: Any,
    w: float,
    radius: float,
    unit: float,
    lang: str,
    me: bool,
    hit: bool = False,
    out_of_zone: bool = False,
    boxes: list[tuple[float, float, float, float]] | None = None,
    ringed: bool = False,
    names: dict[str, tuple[float, float, float, float]] | None = None,
    discs: list[tuple[float, float]] | None = None,
) -> str:
    """The marks drawn about a token: its hp rings, badges, altitude and, once out, its status (whose box
    goes into ``boxes``, so that the drawing grows to hold it). ``out_of_zone``: it stands outside the zone,
    and its marks stay outside too; ``ringed``: the dashed ring of one out of the fight there. ``names``
    (each token's name box, by id) and ``discs`` (each token's centre, on screen) are what its badges keep
    clear of."""
    dx, dy = drawn_at(c, w)
    x, y = dx, w - dy
    ring = radius * 1.25
    circ = 2 * math.pi * ring
    hp_frac = max(0.0, min(1.0, c.hp / c.max_hp)) if c.max_hp else 0.0
    nl_frac = max(0.0, min(1.0, c.nonlethal / c.max_hp)) if c.max_hp else 0.0
    out = [
        f'<g class="token-state{" hit" if hit else ""}" data-id="{escape(c.id)}" data-status='
        f'"{escape(c.status)}" '
        f'data-hp="{c.hp}" data-max-hp="{c.max_hp}" data-nonlethal="{c.nonlethal}">'
    ]
    sw = _attr(unit * 0.9)
    out.append(
        f'<circle class="hp-track" cx="{_attr(x)}" cy="{_attr(y)}" r="{_attr(ring)}" stroke-width="{sw}"/>'
    )
    out.append(
        f'<circle class="hp-ring" cx="{_attr(x)}" cy="{_attr(y)}" r="{_attr(ring)}" stroke-width="{sw}" '
        f'stroke-dasharray="{_attr(circ * hp_frac)} {_attr(circ)}" '
        f'transform="rotate(-90 {_attr(x)} {_attr(y)})"/>'
    )
    if nl_frac:
        out.append(
            f'<circle class="nl-ring" cx="{_attr(x)}" cy="{_attr(y)}" r="{_attr(ring + unit * 1.1)}" '
            f'stroke-width="{_attr(unit * 0.7)}" stroke-dasharray="{_attr(circ * nl_frac)} '
            f'{_attr(circ * 2)}" transform="rotate(-90 {_attr(x)} {_attr(y)})"/>'
        )
    if me:
        out.append(
            f'<circle class="me-ring" cx="{_attr(x)}" cy="{_attr(y)}" r="{_attr(ring + unit * 2.2)}" '
            f'stroke-width="{_attr(unit * 0.4)}"/>'
        )
    z = c.position[2] if len(c.position) > 2 else 0.0
    if z > 0.05:
        out.append(
            f'<text class="altitude" x="{_attr(x + ring)}" y="{_attr(y + ring + unit * 3)}" '
            f'font-size="{_attr(unit * 3.4)}">↑{escape(text.number_ft(z, lang))}</text>'
        )
    shown: list[Any] = []
    for cond in c.conditions:  # one badge per condition name (a dodge's -2 to AC and to Reflex is one)
        if all(x.name != cond.name for x in shown):
            shown.append(cond)
    labels = [text.word_of(text.gender_of(c, lang), "cond", cond.name, lang) for cond in shown[:4]]
    # MD-22: one who stands outside the zone keeps their marks outside it: the status on the side away from
    # the zone (the roomier side past its north or south face), the badges on the other side of the token.
    outer = _outside_ring(radius, unit)
    west, east = dx < 0, dx > w
    if out_of_zone and (west or east):
        status_right = east  # away from the zone
    else:
        status_right = x < w * (0.5 if out_of_zone else 0.6)
    step = unit * 4.2
    rings = ring + unit * (2.8 if me else 2)  # under the rings (the viewer's own dashed one included)
    badge = unit * 3.8
    row_width = (len(labels) - 1) * step + badge
    # The status clears the viewer's own dashed ring too (ring + 2.2 units), as the name does.
    reach = ring + unit * (1.4 if me else 0.0)
    side = "right" if status_right else "left"
    status = _status_label(c, x, y, w, unit, reach, outer, out_of_zone, west or east, side, lang)
    fixed = out_of_zone and (west or east)  # past a west or east face: away from the zone, always
    if status is not None and not fixed and _covered(status[1], names, discs, ring):
        # A name written beside the token (another stands over it) takes the side the status wanted: the
        # other side, under the token, over it; the first that covers no name, badge row or token, else the
        # one that covers least ("slain" over "Nadira Ashveil"). Never farther: it must read as this token's.
        tries = [status] + [
            _status_label(c, x, y, w, unit, reach, outer, out_of_zone, False, other, lang)
            for other in ("left" if status_right else "right", "below", "above")
        ]
        status = min((s for s in tries if s), key=lambda s: _covered(s[1], names, discs, ring))
    kept = names if names is not None else {}
    if status is not None:  # placed first: the badges keep clear of it, as of a name
        kept[f"status:{c.id}"] = status[1]
    room = Room(w, unit, _ring_reach(radius, unit), kept, discs or [], ring)
    row_x, row_y = x - ring, y + rings
    if labels and out_of_zone and (west or east):
        # Under the token and its dashed ring, running away from the zone; over it when its name is written
        # under it (past a southern corner, or with no room over it); else under or over that name.
        row_x = min(x + ring, -unit) - row_width if west else max(x - ring, w + unit)
        rows = _rows_about(row_x, y, outer + unit * 0.8, room.names.get(c.id), badge, unit)
        row_x, row_y = _first_free(rows, row_width, badge, (x, y), outer, False, room)
    elif labels and not out_of_zone:
        row_x, row_y = _badge_row(x, y, row_width, ring, rings, c.id, room)
    if labels and names is not None and not (out_of_zone and not (west or east)):
        # The next token's badges keep clear of these, as of a name (four duellists close together).
        names[f"badges:{c.id}"] = (row_x, row_y, row_x + row_width, row_y + badge)
    for i, (cond, label, letter) in enumerate(zip(shown[:4], labels, badge_letters(labels), strict=True)):
        bx, by = row_x + i * step, row_y
        over = by < y  # the badges over the token, and so each one's name (on focus) over it
        if out_of_zone and not (west or east):  # level with the token, on the side the status is not
            bx = x - outer - unit - (len(labels) - i) * step if status_right else x + outer + unit + i * step
            by = min(y - unit * 1.9, -unit * 4.8) if y < 0 else max(y - unit * 1.9, w + unit)
            over = False
        # The badge names itself on hover (its title) and on keyboard focus (its label, shown by CSS).
        said_y = by - unit * 1.2 if over else by + unit * 7.4
        out.append(
            f'<g class="badge" data-condition="{escape(cond.name)}" tabindex="0" role="img" '
            f'aria-label="{escape(label)}"><title>{escape(label)}</title>'
            f'<rect x="{_attr(bx)}" y="{_attr(by)}" width="{_attr(unit * 3.8)}" height="{_attr(unit * 3.8)}" '
            f'rx="{_attr(unit)}"/><text x="{_attr(bx + unit * 1.9)}" y="{_attr(by + unit * 2.9)}" '
            f'text-anchor="middle" font-size="{_attr(unit * 2.8)}">{escape(letter)}</text>'
            f'<text class="badge-name" x="{_attr(bx)}" y="{_attr(said_y)}" '
            f'font-size="{_attr(unit * 3)}" stroke-width="{_attr(unit * 0.8)}">{escape(label)}</text></g>'
        )
    if status is not None:
        s = radius * 0.9
        out.append(
            f'<path class="out-mark" d="M{_attr(x - s)} {_attr(y - s)}L{_attr(x + s)} {_attr(y + s)}'
            f'M{_attr(x + s)} {_attr(y - s)}L{_attr(x - s)} {_attr(y + s)}" stroke-width="{_attr(unit)}"/>'
        )
        out.append(status[0])
        if boxes is not None:
            boxes.append(status[1])
    if ringed:
        out.append(
            f'<circle class="outside-ring" cx="{_attr(x)}" cy="{_attr(y)}" '
            f'r="{_attr(outer)}" '
            f'stroke-width="{_attr(unit * 0.6)}" stroke-dasharray="{_attr(unit * 1.5)} {_attr(unit)}"/>'
        )
    out.append("</g>")
    return "".join(out)


def _status_label(
    c: Any,
    x: float,
    y: float,
    w: float,
    unit: float,
    ring: float,
    outer: float,
    out_of_zone: bool,
    beside: bool,
    side: str,
    lang: str,
) -> tuple[str, tuple[float, float, float, float]] | None:
    """The status written beside a token out of the fight ("dying", "expelled"), on its ``side`` ("right",
    "left", or centred "below" or "above" it): the text element and its box (left, top, right, bottom); None
    while it fights. ``beside``: it stands outside the zone past its west or east face."""
    if not c.out_of_fight:
        return None
    label = text.status_word(c.status, lang, text.gender_of(c, lang))
    if c.status == "expelled":
        label = t("board.expelled", lang, status=label)
    gap = (outer if out_of_zone else ring) + unit * 2  # past the dashed ring of one outside the zone
    size = unit * 3.6
    ly = {"below": y + gap + size * 0.85, "above": y - gap - size * 0.25}.get(side, y + unit * 1.2)
    if out_of_zone and not beside:  # its letters kept clear of the face it stands by
        ly = min(ly, -unit * 1.9) if y < 0 else max(ly, w + unit * 4.1)
    width = text_width(label, size)
    anchor, lx, start = {
        "right": ("start", x + gap, x + gap),
        "left": ("end", x - gap, x - gap - width),
    }.get(side, ("middle", x, x - width / 2))
    html = (
        f'<text class="out-label" x="{_attr(lx)}" '
        f'y="{_attr(ly)}" text-anchor="{anchor}" '
        f'font-size="{_attr(size)}" stroke-width="{_attr(unit * 0.8)}">{escape(label)}</text>'
    )
    return html, (start, ly - size * 0.85, start + width, ly + size * 0.25)


def _covered(
    box: tuple[float, float, float, float],
    names: dict[str, tuple[float, float, float, float]] | None,
    discs: list[tuple[float, float]] | None,
    ring: float,
) -> float:
    """How much of the names (or rows of badges) drawn so far, and of the tokens' hp rings (``discs``: the
    tokens' centres on screen; its own is never within reach of its status), a status's ``box`` lies over:
    the overlapping area, a ring counted by its square. 0 when it covers nothing."""
    left, top, right, low = box

    def over(b: tuple[float, float, float, float]) -> float:
        return max(0.0, min(right, b[2]) - max(left, b[0])) * max(0.0, min(low, b[3]) - max(top, b[1]))

    hidden = sum(over(n) for n in (names or {}).values())
    return hidden + sum(
        over((cx - ring, cy - ring, cx + ring, cy + ring))
        for cx, cy in discs or []
        if _meets_circle(box, cx, cy, ring)
    )


def _meets_circle(box: tuple[float, float, float, float], cx: float, cy: float, r: float) -> bool:
    """Whether the box (left, top, right, bottom) reaches inside the circle: its nearest point does."""
    left, top, right, low = box
    return (min(max(cx, left), right) - cx) ** 2 + (min(max(cy, top), low) - cy) ** 2 < r**2


class Room(NamedTuple):
    """What a row of badges keeps clear of: the wall of the zone of side ``w`` (``unit``: a hundredth of
    it), the other tokens and their rings (their centres on screen, ``discs``; ``rings``: how far a token's
    outermost ring reaches; ``disc``: the radius of its hp ring, what a row must never hide) and every name
    and row of badges drawn so far (``names``: its box, left, top, right, bottom, by the token's id, or
    ``badges:`` and the id)."""

    w: float
    unit: float
    rings: float
    names: dict[str, tuple[float, float, float, float]]
    discs: list[tuple[float, float]]
    disc: float = 0.0


def _badge_row(
    x: float,
    y: float,
    width: float,
    ring: float,
    gap: float,
    own: str,
    room: Room,
) -> tuple[float, float]:
    """Where the badge row (``width`` long) of a token inside the zone starts (left, top). The token's hp
    ring has the radius ``ring`` and its rings reach ``gap`` from its centre. The row goes under the token;
    over it when a name or another token lies under it (a token by the north wall has its name written
    below); else under its own name; else over that name; else beside the token, right then left. The row
    stays inside the zone and off the token's rings; when nothing is free, under the token.

    >>> _badge_row(10, 10, 0.76, 1.5, 1.9, "a", Room(20, 0.2, 2.2, {}, []))  # nothing in the way: under it
    (8.5, 11.9)
    >>> name = {"a": (8, 2.3, 12, 3.3)}  # by the north wall, the name is under the token: under the name
    >>> _badge_row(10, 0.5, 0.76, 1.5, 1.9, "a", Room(20, 0.2, 2.2, name, []))
    (8.5, 3.46)
    """
    unit, w = room.unit, room.w
    size = unit * 3.8
    rows = _rows_about(x - ring, y, gap, room.names.get(own), size, unit)
    level = min(max(y - size / 2, unit * 0.5), w - unit * 0.5 - size)  # by a wall: as near level as inside
    rows += [(x + gap + unit, level), (x - gap - unit - width, level)]
    # Tokens close together leave none of those free: rows farther out, under then over, then beside a
    # step up and down, before the least covered of them all.
    for k in (1.5, 3.0):
        rows += [(x - ring, y + gap + size * k), (x - ring, y - gap - size * (k + 1))]
    for dy in (-size * 1.5, size * 1.5):
        rows += [(x + gap + unit, level + dy), (x - gap - unit - width, level + dy)]
    return _first_free(rows, width, size, (x, y), gap, True, room)


def _rows_about(
    left: float,
    y: float,
    clearance: float,
    name: tuple[float, float, float, float] | None,
    size: float,
    unit: float,
) -> list[tuple[float, float]]:
    """Rows of badges (left, top), ``size`` high, about a token at height ``y``: under it and over it,
    ``clearance`` from its centre, then under and over its ``name`` (its box), in that order."""
    rows = [(left, y + clearance), (left, y - clearance - size)]
    if name is not None:
        rows += [(left, name[3] + unit * 0.8), (left, name[1] - unit * 0.8 - size)]
    return rows


def _first_free(
    rows: list[tuple[float, float]],
    width: float,
    size: float,
    centre: tuple[float, float],
    reach: float,
    inside: bool,
    room: Room,
) -> tuple[float, float]:
    """The first of ``rows`` (left, top; a row ``width`` by ``size``) on its own side of the shimmering wall
    (``inside`` the zone, or clear of it), off the rings of the token at ``centre`` (reaching ``reach``),
    clear of every name and of the other tokens and their rings. When none is, the one that covers least:
    the fewest tokens' discs and names (what a reader must see), then the fewest rings and walls (the first
    such row on a tie)."""
    x, y = centre
    w, unit, rings, names, discs, disc = room

    def cost(left: float, top: float) -> tuple[int, int]:
        right, low = left + width, top + size
        if inside:
            wall = top < unit * 0.5 or low > w - unit * 0.5 or left < unit * 0.5 or right > w - unit * 0.5
        else:  # across it, from outside
            wall = not (
                right < -unit * 0.5 or left > w + unit * 0.5 or low < -unit * 0.5 or top > w + unit * 0.5
            )

        def on(cx: float, cy: float, r: float) -> bool:
            return _meets_circle((left, top, right, low), cx, cy, r)

        others = [(ox, oy) for ox, oy in discs if (ox, oy) != (x, y)]
        hidden = (
            on(x, y, min(reach, disc))
            + sum(on(ox, oy, disc) for ox, oy in others)
            + sum(left < n[2] and n[0] < right and top < n[3] and n[1] < low for n in names.values())
        )
        crossed = wall + on(x, y, reach) + sum(on(ox, oy, rings) for ox, oy in others)  # rings: dashed too
        return hidden, crossed

    costs = [cost(*r) for r in rows]
    left, top = rows[costs.index(min(costs))]
    return round(left, 3), round(top, 3)


#: Words a badge's letter never comes from ("protégé par bouclier" is B, not P).
_SMALL_WORDS = frozenset(
    {"de", "du", "des", "la", "le", "les", "par", "à", "au", "aux", "en", "of", "a", "an", "the"}
)


def badge_letters(labels: list[str]) -> list[str]:
    """One distinct letter per badge on a token (issue 12: two badges never share a letter): the first
    letter of the label's main word, else of another word, else any letter of it, else a digit.

    >>> badge_letters(["mirror image", "mage armour", "shielded"])
    ['M', 'A', 'S']
    >>> badge_letters(["image miroir", "armure de mage", "protégé par bouclier"])
    ['I', 'A', 'P']
    """
    used: set[str] = set()
    out = []
    for label in labels:
        words = [w for w in re.findall(r"[^\W\d_]+", label)]
        main = [w for w in words if w.lower() not in _SMALL_WORDS] or words
        tries = [w[0] for w in main] + [ch for w in main for ch in w[1:]]
        letter = next((c.upper() for c in tries if c.upper() not in used), None)
        if letter is None:
            letter = next(str(d) for d in range(1, 10) if str(d) not in used)
        used.add(letter)
        out.append(letter)
    return out


def _mark(
    oid: str,
    view: Any,
    people: list[Any],
    g: Ground,
    radius: float,
    unit: float,
    lang: str,
    names: dict[str, str],
) -> str:
    """A legal option drawn on the board: a destination, or a ring about its target (``people``: as drawn)."""
    c = parse(oid)
    w = g.side
    label = escape(text.option_label(oid, lang, names))
    common = (
        f'class="mark mark-{escape(c.verb)}" role="button" tabindex="-1" data-act="decide" '
        f'data-option="{escape(oid)}" aria-label="{label}"'
    )
    if c.point is not None and c.verb in ("move", "step"):
        x, y = g.screen(c.point)
        common = common.replace('data-act="decide"', 'data-act="preview-move"', 1)
        r = radius * 0.55
        me = next((p for p in people if view.me is not None and p.id == view.me.id), None)
        edge = _at_edge((x, y), me, w) if me is not None else None
        if edge is None:
            return (
                f'<g {common}><title>{label}</title><circle cx="{_attr(x)}" cy="{_attr(y)}" '
                f'r="{_attr(r)}" stroke-width="{_attr(unit * 0.5)}"/></g>'
            )
        # a plain duel's ground is drawn about the duellists; a move listed past it is marked just
        # past the edge where it leaves it (in the drawing's margin, clear of a mark on the edge), with an
        # arrow on the way it goes, so that every listed move can be seen and clicked.
        (ex, ey), (ux, uy) = edge
        ex, ey = ex + ux * (r + unit), ey + uy * (r + unit)
        tip, back = (ex + ux * r * 1.9, ey + uy * r * 1.9), (ex + ux * r * 1.1, ey + uy * r * 1.1)
        side = (-uy * r * 0.6, ux * r * 0.6)
        arrow = f"M{_attr(tip[0])} {_attr(tip[1])}" + "".join(
            f"L{_attr(back[0] + k * side[0])} {_attr(back[1] + k * side[1])}" for k in (1, -1)
        )
        return (
            f'<g {common} data-beyond="true"><title>{label}</title><circle cx="{_attr(ex)}" '
            f'cy="{_attr(ey)}" r="{_attr(r)}" stroke-width="{_attr(unit * 0.5)}"/>'
            f'<path class="beyond" d="{arrow}Z"/></g>'
        )
    target = next((p for p in people if p.id == c.target), None)
    if target is None:  # an item's option, or any option with its targets in the view's data
        opt = _option(view, oid)
        if opt is not None and len(opt.targets) == 1:
            target = next((p for p in people if p.id == opt.targets[0]), None)
    if target is not None:
        tx, ty = drawn_at(target, w)
        x, y = tx, w - ty
        return (
            f'<g {common}><title>{label}</title><circle cx="{_attr(x)}" cy="{_attr(y)}" '
            f'r="{_attr(radius * 1.8)}" stroke-width="{_attr(unit * 0.7)}"/></g>'
        )
    return ""


def _at_edge(
    point: tuple[float, float], me: Any, w: float
) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """Where the way from ``me`` (as drawn) to ``point`` (on screen) leaves the ground of side ``w``, and
    that way's direction; None when ``point`` is on the ground.

    >>> from types import SimpleNamespace as Seen
    >>> _at_edge((10.0, 30.0), Seen(position=[10.0, 10.0]), 20.0)  # 10 ft past the south edge
    ((10.0, 20.0), (0.0, 1.0))
    >>> _at_edge((10.0, 15.0), Seen(position=[10.0, 10.0]), 20.0) is None
    True
    """
    x, y = point
    if 0 <= x <= w and 0 <= y <= w:
        return None
    x0, y0 = float(me.position[0]), w - float(me.position[1])
    dx, dy = x - x0, y - y0
    n = math.hypot(dx, dy)
    if n < 1e-9:
        return None
    t = 1.0
    for start, d in ((x0, dx), (y0, dy)):
        if d > 0:
            t = min(t, (w - start) / d)
        elif d < 0:
            t = min(t, -start / d)
    t = max(t, 0.0)
    return (round(x0 + dx * t, 3), round(y0 + dy * t, 3)), (dx / n, dy / n)


def _path(me: Any, point: tuple[float, float], g: Ground, radius: float, unit: float) -> str:
    """A previewed move: the straight line it takes (C-13) and a ghost token at its end (``me``: as drawn;
    ``point``: in the engine's feet)."""
    w = g.side
    x0, y0 = drawn_at(me, w)
    x1, y1 = g.screen(point)
    return (
        f'<g class="move-path" data-to="{_attr(point[0])},{_attr(point[1])}">'
        f'<line x1="{_attr(x0)}" y1="{_attr(w - y0)}" x2="{_attr(x1)}" y2="{_attr(y1)}" '
        f'stroke-width="{_attr(unit * 0.8)}" stroke-dasharray="{_attr(unit * 2)} {_attr(unit * 1.2)}"/>'
        f'<circle class="ghost" cx="{_attr(x1)}" cy="{_attr(y1)}" r="{_attr(radius)}" '
        f'stroke-width="{_attr(unit * 0.6)}"/></g>'
    )


def _option(view: Any, oid: str) -> Any:
    p = view.pending
    return next((o for o in (p.options or []) if o.id == oid), None) if p is not None else None


def _within_walls(view: Any) -> str:
    """The clip of a drawing that stops where movement and spells stop: the zone's walls (MD-10, MD-22).
    A plain duel has none (its ground is drawn about the duellists), so nothing is cut at its edge."""
    return ' clip-path="url(#board-clip)"' if view.zone else ""


def _reach(view: Any, me: Any, w: float, unit: float, lang: str) -> str:
    """While moving: how far a move action takes the viewer and a 5-foot step, as the turn's budget stands
    (the view's ``turn_left``: slowed, prone's crawl, a slip on grease), clipped at the zone (the engine
    still says which points are legal: the marks). A plain duel's ground is only the part of the floor
    drawn, not a wall: the circle goes on past it, as far as the drawing does (:func:`_within_walls`).
    ``me``: the viewer as drawn."""
    left = view.pending.turn_left if view.pending is not None else None
    if left is not None:
        speed = float(left.move_feet or 0)
        step = float(left.step_feet) if left.step else 0.0
    else:
        speed, step = float(getattr(me, "speed", 0) or 0), 0.0
    x, y = me.position[0], w - me.position[1]
    title = t("board.reach", lang, feet=text.number_ft(speed, lang))
    out = [f'<g class="reach"{_within_walls(view)}><title>{escape(title)}</title>']
    if speed > 0:
        out.append(
            f'<circle class="reach-move" cx="{_attr(x)}" cy="{_attr(y)}" r="{_attr(speed)}" '
            f'stroke-width="{_attr(unit * 0.5)}"/>'
        )
    if step > 0:
        out.append(
            f'<circle class="reach-step" cx="{_attr(x)}" cy="{_attr(y)}" r="{_attr(step)}" '
            f'stroke-width="{_attr(unit * 0.4)}" stroke-dasharray="{_attr(unit * 1.2)} {_attr(unit)}"/>'
        )
    out.append("</g>")
    return "".join(out)


def _preview(view: Any, me: Any, oid: str, g: Ground, unit: float, area: Any = None) -> str:
    """A spell's range around the caster and its area at the aim (a burst or spread at the target or the
    point, a cone or a line from the caster toward it) — the range and the area the engine's view gives
    (``OptionView.range_ft``, ``OptionView.area``: at the caster level in force, cut at the zone, MD-10).
    ``me``: the caster as drawn."""
    w = g.side
    c = parse(oid)
    opt = _option(view, oid)
    if opt is None:
        opt = next(iter(group_of(view, oid)), None)  # an area aimed at a point: its row's range
    spell_id = (opt.spell if opt is not None and opt.spell else None) or c.spell or ""
    if not spell_id or me is None:
        return ""
    out = [f'<g class="preview"{_within_walls(view)} data-spell="{escape(spell_id)}">']
    reach = float(opt.range_ft) if opt is not None and opt.range_ft is not None else 0.0
    x, y = me.position[0], w - me.position[1]
    if 0 < reach < 10_000:
        out.append(
            f'<circle class="range" cx="{_attr(x)}" cy="{_attr(y)}" r="{_attr(reach)}" '
            f'stroke-width="{_attr(unit * 0.5)}"/>'
        )
    listed = _option(view, oid)
    shape = area if area is not None else (listed.area if listed is not None else None)
    if shape is not None and len(shape.outline) >= 3:
        d = "M" + "L".join(f"{_attr(px)} {_attr(py)}" for px, py in map(g.screen, shape.outline)) + "Z"
        out.append(
            f'<path class="area" data-shape="{escape(shape.shape)}" d="{d}" '
            f'stroke-width="{_attr(unit * 0.5)}"/>'
        )
    target_id = c.target or (opt.targets[0] if opt is not None and len(opt.targets) == 1 else None)
    aim_c = next((p for p in _people(view) if p.id == target_id), None)
    if c.point is not None and aim_c is None:  # aimed at a point (DU-10): mark it
        (ax, ay), arm = g.screen(c.point), unit * 2.2
        out.append(
            f'<path class="aim-point" d="M{_attr(ax - arm)} {_attr(ay)}H{_attr(ax + arm)}'
            f'M{_attr(ax)} {_attr(ay - arm)}V{_attr(ay + arm)}" stroke="#f5f0ff" '
            f'stroke-width="{_attr(unit * 0.6)}"/>'
        )
    out.append("</g>")
    return "".join(out)


def group_of(view: Any, oid: str) -> list[Any]:
    """The listed cast options of the same spell (and slot or item) as ``oid``, a typed aim among them."""
    c = parse(oid)
    p = view.pending
    if p is None or not p.options or not c.spell:
        return []
    return [
        o
        for o in p.options
        if o.kind == "cast" and o.spell == c.spell and (c.slot is None or o.slot == c.slot)
    ]


def colour(view: Any, side: str) -> str:
    return SIDE_COLOURS[side_index(view, side) % len(SIDE_COLOURS)]
