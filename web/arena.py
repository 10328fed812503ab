"""The arena as SVG: the zone seen from above, drawn to scale in feet, with its shimmering border,
a scale bar and the duellists' tokens. Plain functions from an ``ArenaView`` to markup.

>>> view = ArenaView(width=4, height=4, minimum=4, maximum=5,
...                  tokens=(Token("Ada", "wizard", 1, 2, 0, 0), Token("Bo", "sorcerer", 1, 2, 4, 1)))
>>> svg = render_svg(view, "en")
>>> svg.startswith("<svg") and 'data-zone-width="4"' in svg and svg.count('class="token"') == 2
True
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from web.i18n import number, t

# Side colours: the Okabe–Ito palette (colour-blind safe), as in style.css.
SIDE_COLOURS = ("#e69f00", "#56b4e9", "#009e73", "#cc79a7")
NICE_LENGTHS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000)


@dataclass(frozen=True, slots=True)
class Token:
    name: str
    cls: str
    level: int
    x: float
    y: float
    side: int


@dataclass(frozen=True, slots=True)
class ArenaView:
    """What the arena shows: zone size (feet), the MD-5 bounds, and the tokens."""

    width: float
    height: float
    minimum: int
    maximum: int
    tokens: tuple[Token, ...]
    #: "duel": a plain duel has no zone (X-1): the square is only the ground, drawn to scale.
    kind: str = "mageduel"


def scale_length(width: float) -> int:
    """The longest round length that fits in a third of the zone's side.

    >>> scale_length(4), scale_length(20), scale_length(125)
    (1, 5, 25)
    """
    fitting = [n for n in NICE_LENGTHS if n <= width / 3]
    return fitting[-1] if fitting else 1


def _attr(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".")


def render_svg(view: ArenaView, lang: str, uid: str = "arena") -> str:
    """The zone, its border, a scale bar and the tokens, in a viewBox measured in feet.

    y grows north in the engine and south on screen, so points are flipped vertically.
    """
    w = view.width
    pad = w * 0.12
    bottom = w * 0.16  # room for the scale bar under the zone
    unit = w / 100  # one hundredth of the side: strokes and text scale with the zone
    flip = lambda y: w - y  # noqa: E731 - a tiny local conversion
    dash, gap = w / 12, w / 24
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="arena-svg" role="img" '
        f'viewBox="{_attr(-pad)} {_attr(-pad)} {_attr(w + 2 * pad)} {_attr(w + pad + bottom)}" '
        f'data-zone-width="{_attr(w)}" data-zone-height="{_attr(view.height)}" '
        f'aria-label="{escape(zone_caption(view, lang))}">',
        "<defs>",
        f'<radialGradient id="{uid}-floor"><stop offset="0" stop-color="#2b2f66"/>'
        f'<stop offset="1" stop-color="#161834"/></radialGradient>',
        f'<linearGradient id="{uid}-shimmer" x1="0" y1="0" x2="1" y2="1">'
        '<stop offset="0" stop-color="#7fd4ff"/><stop offset=".35" stop-color="#f5f0ff"/>'
        '<stop offset=".65" stop-color="#c7a6ff"/><stop offset="1" stop-color="#7fd4ff"/></linearGradient>',
        f'<filter id="{uid}-glow" x="-20%" y="-20%" width="140%" height="140%">'
        f'<feGaussianBlur stdDeviation="{_attr(unit * 0.9)}" result="b"/>'
        '<feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter>',
        "</defs>",
        f'<rect class="zone" x="0" y="0" width="{_attr(w)}" height="{_attr(w)}" fill="url(#{uid}-floor)"/>',
    ]
    step = scale_length(w)
    grid = [
        f"M{_attr(i * step)} 0V{_attr(w)}M0 {_attr(i * step)}H{_attr(w)}"
        for i in range(1, int(w // step) + 1)
        if i * step < w
    ]
    if grid:
        parts.append(f'<path class="zone-grid" d="{"".join(grid)}" stroke-width="{_attr(unit * 0.3)}"/>')
    parts.append(
        f'<rect class="zone-edge" x="0" y="0" width="{_attr(w)}" height="{_attr(w)}" '
        f'stroke-width="{_attr(unit * 0.6)}"/>'
    )
    parts.append(
        f'<rect class="zone-shimmer" x="0" y="0" width="{_attr(w)}" height="{_attr(w)}" '
        f'stroke="url(#{uid}-shimmer)" filter="url(#{uid}-glow)" stroke-width="{_attr(unit * 1.6)}" '
        f'stroke-dasharray="{_attr(dash)} {_attr(gap)}" style="--dash-cycle: {_attr(-(dash + gap) * 2)}"/>'
    )
    parts.append(_scale_bar(w, step, unit, lang))
    radius = max(unit * 2.8, min(1.25, unit * 6))
    for token in view.tokens:
        parts.append(_token(token, flip(token.y), radius, unit))
    parts.append("</svg>")
    svg = "".join(parts)
    if view.kind == "duel":  # the board's own class: no shimmering border, no edge
        svg = svg.replace('class="arena-svg"', 'class="arena-svg no-zone"', 1)
    return svg


def _scale_bar(w: float, step: int, unit: float, lang: str) -> str:
    y = w + w * 0.07
    h = unit * 1.4
    label = f"{step} {t('arena.unit', lang)}"
    return (
        f'<g class="scale" data-feet="{step}">'
        f'<rect class="scale-bar" x="0" y="{_attr(y)}" width="{_attr(step)}" height="{_attr(h)}"/>'
        f'<text class="scale-label" x="{_attr(step + unit * 2)}" y="{_attr(y + h)}" '
        f'font-size="{_attr(unit * 4)}">{escape(label)}</text></g>'
    )


def _token(token: Token, y: float, radius: float, unit: float) -> str:
    colour = SIDE_COLOURS[token.side % len(SIDE_COLOURS)]
    label_y = y - radius - unit * 2 if y > radius * 4 else y + radius + unit * 5
    return (
        f'<g class="token" data-name="{escape(token.name)}" data-side="{token.side}" '
        f'data-x="{_attr(token.x)}" data-y="{_attr(token.y)}">'
        f'<circle class="token-disc" cx="{_attr(token.x)}" cy="{_attr(y)}" r="{_attr(radius)}" '
        f'fill="{colour}" '
        f'stroke-width="{_attr(unit * 0.6)}"/>'
        f'<circle class="token-ring" cx="{_attr(token.x)}" cy="{_attr(y)}" r="{_attr(radius * 0.62)}" '
        f'stroke-width="{_attr(unit * 0.5)}"/>'
        f'<text class="token-label" x="{_attr(token.x)}" y="{_attr(label_y)}" text-anchor="middle" '
        f'font-size="{_attr(unit * 4.2)}" stroke-width="{_attr(unit * 1.2)}">{escape(token.name)}</text></g>'
    )


def zone_caption(view: ArenaView, lang: str) -> str:
    if view.kind == "duel":
        return t("board.nozone", lang)
    return t("arena.zone", lang, width=number(view.width, lang), height=number(view.height, lang))


def render_panel(view: ArenaView, lang: str) -> str:
    """The side panel: zone size, MD-5 bounds, and who enters where."""
    duel = view.kind == "duel"
    bounds = "" if duel else t("arena.bounds", lang, minimum=view.minimum, maximum=view.maximum)
    where = "arena.start" if duel else "arena.entry"
    items = "".join(
        f'<li><span class="swatch" style="background:{SIDE_COLOURS[tk.side % len(SIDE_COLOURS)]}"></span>'
        f"<span>{escape(t(where, lang, name=tk.name, cls=t('cls.' + tk.cls, lang), level=tk.level, x=number(tk.x, lang), y=number(tk.y, lang)))}</span></li>"  # noqa: E501
        for tk in view.tokens
    )
    return (
        f"<h2>{escape(t('arena.heading', lang))}</h2><ul>{items}</ul>"
        f'<p class="zone-size">{escape(zone_caption(view, lang))}</p>'
        + (f'<p class="zone-bounds">{escape(bounds)}</p>' if bounds else "")
    )


def render(view: ArenaView, lang: str) -> str:
    """The whole arena section: the board and its panel."""
    return (
        f'<div class="arena-board">{render_svg(view, lang)}</div>'
        f'<aside class="arena-side">{render_panel(view, lang)}</aside>'
    )
