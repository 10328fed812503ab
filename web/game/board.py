"""The board: the foundation's arena SVG (``web.arena``) with the game's layers on top.

Layers, all from the viewer's own view and the options the engine handed over (chessground's way: the board
knows no rules): hp and nonlethal rings and condition badges on each token, altitude for flyers, a spell's
range and area previews clipped at the zone's border (MD-10), legal targets and destinations as clickable
marks that report the option id, and a fallen or expelled duellist drawn as such.
"""

from __future__ import annotations

import math
from html import escape
from typing import Any

from web.arena import SIDE_COLOURS, ArenaView, Token, _attr, render_svg
from web.game import text
from web.game.choice import parse
from web.i18n import t

OUT = {
    "expelled",
    "withdrawn",
    "excluded",
    "disqualified",
    "dead",
    "slain",
    "unconscious",
    "dying",
    "petrified",
}


def _bounds(view: Any) -> tuple[int, int]:
    from mageduel.zone import size_bounds

    levels = [max(1, c.level) for c in _people(view) if c.summoned_by is None]
    try:
        b = size_bounds(levels if len(levels) >= 2 else levels + [1])
    except ValueError:
        return 0, 0
    return b.minimum, b.maximum


def _people(view: Any) -> list[Any]:
    return ([view.me] if view.me is not None else []) + list(view.others)


def side_index(view: Any, side: str) -> int:
    sides: list[str] = []
    for c in sorted(_people(view), key=lambda c: c.side):
        if c.side not in sides:
            sides.append(c.side)
    return sides.index(side) if side in sides else 0


def extent(view: Any) -> float:
    """The drawing's side in feet: the zone, or (before it exists, or in a plain duel) what holds everyone."""
    if view.zone:
        return float(view.zone[0])
    far = max((max(c.position[0], c.position[1]) for c in _people(view)), default=10.0)
    return max(10.0, math.ceil(far + 5))


def render(
    view: Any,
    lang: str,
    marks: list[str] | None = None,
    preview: Any = None,
    hit: frozenset[str] = frozenset(),
    bolts: list[tuple[str, str]] | None = None,
) -> str:
    """The board for ``view``. ``marks`` are legal option ids to draw as clickable targets; ``preview`` is
    a cast option id whose range and area are previewed; ``hit`` the ids just hurt and ``bolts`` the
    (caster, target) pairs of spells just resolved — both short flashes that never wait for anyone."""
    people = _people(view)
    w = extent(view)
    lo, hi = _bounds(view)
    tokens = tuple(
        Token(c.name, c.cls, c.level, c.position[0], c.position[1], side_index(view, c.side)) for c in people
    )
    svg = render_svg(
        ArenaView(
            width=w, height=float(view.zone[1]) if view.zone else w, minimum=lo, maximum=hi, tokens=tokens
        ),
        lang,
        uid="board",
    )
    unit = w / 100
    radius = max(unit * 2.8, min(1.25, unit * 6))
    layers = [
        f'<clipPath id="board-clip"><rect x="0" y="0" width="{_attr(w)}" height="{_attr(w)}"/></clipPath>'
    ]
    if preview:
        layers.append(_preview(view, preview, w, unit))
    for c in people:
        layers.append(
            _decorations(
                c, w, radius, unit, lang, me=view.me is not None and c.id == view.me.id, hit=c.id in hit
            )
        )
    for wall in getattr(view, "walls", None) or []:  # a wall of force, drawn where it stands
        layers.append(
            f'<line class="wall" data-spell="{escape(wall.spell)}" x1="{_attr(wall.start[0])}" '
            f'y1="{_attr(w - wall.start[1])}" x2="{_attr(wall.end[0])}" y2="{_attr(w - wall.end[1])}" '
            f'stroke-width="{_attr(unit * 1.5)}"><title>{escape(text.spell_name(wall.spell, lang))}</title>'
            "</line>"
        )
    where = {c.id: (c.position[0], w - c.position[1]) for c in people}
    for src, dst in bolts or []:
        if src in where and dst in where:
            (x1, y1), (x2, y2) = where[src], where[dst]
            layers.append(
                f'<line class="bolt" x1="{_attr(x1)}" y1="{_attr(y1)}" x2="{_attr(x2)}" '
                f'y2="{_attr(y2)}" stroke-width="{_attr(unit * 1.2)}"/>'
            )
    names = {c.id: c.name for c in people}
    for oid in marks or []:
        layers.append(_mark(oid, view, w, radius, unit, lang, names))
    if not view.zone:
        layers.append(
            f'<text class="board-note" x="{_attr(w / 2)}" y="{_attr(unit * 5)}" '
            f'text-anchor="middle" font-size="{_attr(unit * 4)}">{escape(t("board.nozone", lang))}</text>'
        )
    if not view.zone:  # a plain duel: the square is only the ground drawn to scale, not Mystra's zone
        svg = svg.replace('class="arena-svg"', 'class="arena-svg no-zone"', 1)
    return svg.replace("</svg>", f'<g class="layers">{"".join(layers)}</g></svg>')


def _decorations(c: Any, w: float, radius: float, unit: float, lang: str, me: bool, hit: bool = False) -> str:
    x, y = c.position[0], w - c.position[1]
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
    for i, cond in enumerate(c.conditions[:4]):
        bx = x - ring + i * unit * 4.2
        by = y + ring + unit * 2
        label = text.word("cond", cond.name, lang)
        out.append(
            f'<g class="badge" data-condition="{escape(cond.name)}"><title>{escape(label)}</title>'
            f'<rect x="{_attr(bx)}" y="{_attr(by)}" width="{_attr(unit * 3.8)}" height="{_attr(unit * 3.8)}" '
            f'rx="{_attr(unit)}"/><text x="{_attr(bx + unit * 1.9)}" y="{_attr(by + unit * 2.9)}" '
            f'text-anchor="middle" font-size="{_attr(unit * 2.8)}">{escape(label[:1].upper())}</text></g>'
        )
    if c.status in OUT:
        s = radius * 0.9
        out.append(
            f'<path class="out-mark" d="M{_attr(x - s)} {_attr(y - s)}L{_attr(x + s)} {_attr(y + s)}'
            f'M{_attr(x + s)} {_attr(y - s)}L{_attr(x - s)} {_attr(y + s)}" stroke-width="{_attr(unit)}"/>'
        )
        label = text.word("status", c.status, lang)
        out.append(
            f'<text class="out-label" x="{_attr(x + ring + unit * 2)}" y="{_attr(y + unit * 1.2)}" '
            f'text-anchor="start" font-size="{_attr(unit * 3.6)}">{escape(label)}</text>'
        )
    out.append("</g>")
    return "".join(out)


def _mark(oid: str, view: Any, w: float, radius: float, unit: float, lang: str, names: dict[str, str]) -> str:
    c = parse(oid)
    label = escape(text.option_label(oid, lang, names))
    common = (
        f'class="mark mark-{escape(c.verb)}" role="button" tabindex="-1" data-act="decide" '
        f'data-option="{escape(oid)}" aria-label="{label}"'
    )
    if c.point is not None and c.verb in ("move", "step"):
        x, y = c.point[0], w - c.point[1]
        return (
            f'<g {common}><title>{label}</title><circle cx="{_attr(x)}" cy="{_attr(y)}" '
            f'r="{_attr(radius * 0.55)}" stroke-width="{_attr(unit * 0.5)}"/></g>'
        )
    target = next((p for p in _people(view) if p.id == c.target), None)
    if target is not None:
        x, y = target.position[0], w - target.position[1]
        return (
            f'<g {common}><title>{label}</title><circle cx="{_attr(x)}" cy="{_attr(y)}" '
            f'r="{_attr(radius * 1.8)}" stroke-width="{_attr(unit * 0.7)}"/></g>'
        )
    return ""


def _preview(view: Any, oid: str, w: float, unit: float) -> str:
    """A spell's range around the caster and its area at the aim, both clipped at the zone (MD-10)."""
    c = parse(oid)
    sp = text.spell_info(c.spell or "")
    me = view.me
    if sp is None or me is None:
        return ""
    out = ['<g class="preview" clip-path="url(#board-clip)">']
    try:
        feet = sp.range.feet_at(max(1, me.level))
        reach = 5.0 if feet is None else float(feet)
    except Exception:  # noqa: BLE001 - a range the data cannot express in feet: no circle
        reach = 0.0
    x, y = me.position[0], w - me.position[1]
    if 0 < reach < 10_000:
        out.append(
            f'<circle class="range" cx="{_attr(x)}" cy="{_attr(y)}" r="{_attr(reach)}" '
            f'stroke-width="{_attr(unit * 0.5)}"/>'
        )
    area = getattr(sp, "area", None)
    aim = next((p for p in _people(view) if p.id == c.target), None)
    shape = getattr(area, "shape", "")
    radius = area.size_at(max(1, me.level)) if area is not None else None
    if radius and aim is not None and shape not in ("cone", "line"):
        ax, ay = (x, y) if getattr(area, "origin", "") == "caster" else (aim.position[0], w - aim.position[1])
        out.append(
            f'<circle class="area" cx="{_attr(ax)}" cy="{_attr(ay)}" r="{_attr(float(radius))}" '
            f'stroke-width="{_attr(unit * 0.5)}"/>'
        )
    out.append("</g>")
    return "".join(out)


def colour(view: Any, side: str) -> str:
    return SIDE_COLOURS[side_index(view, side) % len(SIDE_COLOURS)]
