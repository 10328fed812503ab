"""The arena as SVG: the zone seen from above, drawn to scale in feet, with its shimmering border,
a scale bar and the duellists' tokens. Plain functions from an ``ArenaView`` to markup.

>>> view = ArenaView(width=4, height=4, minimum=4, maximum=5,
...                  tokens=(Token("Ada", "wizard", 1, 2, 0, 0), Token("Bo", "sorcerer", 1, 2, 4, 1)))
>>> svg = render_svg(view, "en")
>>> svg.startswith("<svg") and 'data-zone-width="4"' in svg and svg.count('class="token"') == 2
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
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
    #: How far past the disc the drawing around the token reaches (a ring that marks it): its name clears it.
    halo: float = 0.0
    #: A shorter name (a duellist's first name) written instead where the whole one finds no clear place.
    short: str = ""
    #: A summoned creature: where neither its name nor its short one finds a clear place, none is written
    #: (its token names itself on hover), rather than names drawn over each other in a crowd of creatures.
    minor: bool = False


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
    #: Where the drawing's south-west corner lies in the engine's feet (a plain duel's ground is about the
    #: duellists, web/ground.py); the tokens are in the drawing's own feet, from that corner.
    origin: tuple[float, float] = (0.0, 0.0)


def scale_length(width: float) -> int:
    """The longest round length that fits in a third of the zone's side.

    >>> scale_length(4), scale_length(20), scale_length(125)
    (1, 5, 25)
    """
    fitting = [n for n in NICE_LENGTHS if n <= width / 3]
    return fitting[-1] if fitting else 1


def first_name(name: str) -> str:
    """A duellist's first name, for ``Token.short``: the name's first word, when it has more than one.

    >>> first_name("Kael Sunderwind"), first_name("Séverine")
    ('Kael', '')
    """
    first, _, rest = name.strip().partition(" ")
    return first if rest.strip() else ""


def _attr(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".")


def token_radius(w: float) -> float:
    """A token's disc radius on a zone ``w`` feet wide: a fixed share of it, within bounds."""
    unit = w / 100
    return max(unit * 2.8, min(1.25, unit * 6))


def text_width(text: str, size: float) -> float:
    """About how wide ``text`` is written at font ``size`` (the typeface's average letter)."""
    return len(text) * size * 0.56


def grown(
    bounds: tuple[float, float, float, float], boxes: list[tuple[float, float, float, float]], margin: float
) -> tuple[float, float, float, float]:
    """``bounds`` (left, top, right, bottom) grown to hold each of ``boxes`` with ``margin`` to spare."""
    left, top, right, low = bounds
    for b in boxes:
        left, top = min(left, b[0] - margin), min(top, b[1] - margin)
        right, low = max(right, b[2] + margin), max(low, b[3] + margin)
    return left, top, right, low


def render_svg(
    view: ArenaView,
    lang: str,
    uid: str = "arena",
    names: list[tuple[float, float, float, float]] | None = None,
) -> str:
    """The zone, its border, a scale bar and the tokens, in a viewBox measured in feet.

    y grows north in the engine and south on screen, so points are flipped vertically. ``names``, when
    given, receives the box (left, top, right, bottom) of each token's name, in the tokens' order: what the
    board draws about a token keeps clear of them.
    """
    w = view.width
    pad = w * 0.12
    bottom = w * 0.16  # room for the scale bar under the zone
    unit = w / 100  # one hundredth of the side: strokes and text scale with the zone
    flip = lambda y: w - y  # noqa: E731 - a tiny local conversion
    parts = [
        "",  # the <svg> tag, once the names are placed: the drawing grows to hold any name outside it
        "<defs>",
        f'<radialGradient id="{uid}-floor"><stop offset="0" stop-color="#2b2f66"/>'
        f'<stop offset="1" stop-color="#161834"/></radialGradient>',
        f'<linearGradient id="{uid}-shimmer" x1="0" y1="0" x2="1" y2="1">'
        '<stop offset="0" stop-color="#7fd4ff"/><stop offset=".35" stop-color="#f5f0ff"/>'
        '<stop offset=".65" stop-color="#c7a6ff"/><stop offset="1" stop-color="#7fd4ff"/></linearGradient>',
        f'<filter id="{uid}-glow" x="-20%" y="-20%" width="140%" height="140%">'
        f'<feGaussianBlur stdDeviation="{_attr(unit * 0.9)}" result="b"/>'
        '<feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter>',
        # The Weave's inner haze: a wide, blurred band of the shimmer's light, kept inside the wall.
        f'<filter id="{uid}-haze" x="-20%" y="-20%" width="140%" height="140%">'
        f'<feGaussianBlur stdDeviation="{_attr(unit * 3)}"/></filter>',
        f'<clipPath id="{uid}-inside"><rect x="0" y="0" width="{_attr(w)}" height="{_attr(w)}"/></clipPath>',
        "</defs>",
        f'<rect class="zone" x="0" y="0" width="{_attr(w)}" height="{_attr(w)}" fill="url(#{uid}-floor)"/>',
    ]
    step = scale_length(w)
    # The grid on the engine's round feet (the scale bar's step), counted from its origin, not the corner.
    ox, oy = view.origin
    grid = [f"M{_attr(x)} 0V{_attr(w)}" for x in _lines(ox, w, step)]
    grid += [f"M0 {_attr(flip(y))}H{_attr(w)}" for y in _lines(oy, w, step)]
    if grid:
        parts.append(f'<path class="zone-grid" d="{"".join(grid)}" stroke-width="{_attr(unit * 0.3)}"/>')
    parts.append(
        f'<rect class="zone-edge" x="0" y="0" width="{_attr(w)}" height="{_attr(w)}" '
        f'stroke-width="{_attr(unit * 0.6)}"/>'
    )
    # MD-6: the shimmering surface is a wall of the Weave, not a selection box: an unbroken glowing wall,
    # a haze of its light on the inside, and a glint that runs along it.
    parts.append(
        f'<rect class="zone-haze" x="0" y="0" width="{_attr(w)}" height="{_attr(w)}" '
        f'stroke="url(#{uid}-shimmer)" filter="url(#{uid}-haze)" clip-path="url(#{uid}-inside)" '
        f'stroke-width="{_attr(unit * 9)}"/>'
    )
    parts.append(
        f'<rect class="zone-shimmer" x="0" y="0" width="{_attr(w)}" height="{_attr(w)}" '
        f'stroke="url(#{uid}-shimmer)" filter="url(#{uid}-glow)" stroke-width="{_attr(unit * 1.6)}"/>'
    )
    glint = 4 * w
    parts.append(
        f'<rect class="zone-glint" x="0" y="0" width="{_attr(w)}" height="{_attr(w)}" '
        f'filter="url(#{uid}-glow)" stroke-width="{_attr(unit * 1.2)}" '
        f'stroke-dasharray="{_attr(glint * 0.12)} {_attr(glint * 0.88)}" '
        f'style="--glint-cycle: {_attr(-glint)}"/>'
    )
    scale, scale_box = _scale_bar(w, step, unit, lang)
    parts.append(scale)
    radius = token_radius(w)
    placed = [scale_box]  # what names must not cover: the scale bar, then the names drawn so far, as boxes
    # A short name that is another's name, or that two tokens of different names would share, would not say
    # whose it is: three water elementals may be "Water elemental", Ilse Varro and Ilse Varro II not "Ilse".
    for token in view.tokens:
        others = [(o.x, flip(o.y)) for o in view.tokens if o is not token]
        if token.short and any(
            o.name == token.short or (o.short == token.short and o.name != token.name)
            for o in view.tokens
            if o is not token
        ):
            token = replace(token, short="")
        parts.append(_token(token, flip(token.y), radius, unit, w, others, placed))
    # A token outside the zone (MD-22) and its name, past the margin: the drawing grows to hold them.
    discs = []
    for tk in view.tokens:
        r, ty = radius + tk.halo, flip(tk.y)
        discs.append((tk.x - r, ty - r, tk.x + r, ty + r))
    if names is not None:
        names.extend(placed[1:])  # placed[0] is the scale bar, inside the drawing already
    left, top, right, low = grown((-pad, -pad, w + pad, w + bottom), placed[1:] + discs, unit)
    parts[0] = (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="arena-svg" role="img" '
        f'viewBox="{_attr(left)} {_attr(top)} {_attr(right - left)} {_attr(low - top)}" '
        f'data-zone-width="{_attr(w)}" data-zone-height="{_attr(view.height)}" '
        f'aria-label="{escape(zone_caption(view, lang))}">'
    )
    parts.append("</svg>")
    svg = "".join(parts)
    if view.kind == "duel":  # the board's own class: no shimmering border, no edge
        svg = svg.replace('class="arena-svg"', 'class="arena-svg no-zone"', 1)
    return svg


def _lines(corner: float, w: float, step: int) -> list[float]:
    """Where the grid lines fall across a side of ``w`` feet that starts at ``corner`` in the engine's feet:
    at the multiples of ``step``, strictly inside.

    >>> _lines(0.0, 20.0, 5), _lines(-6.0, 42.0, 10)
    ([5.0, 10.0, 15.0], [6.0, 16.0, 26.0, 36.0])
    """
    out = []
    k = math.floor(corner / step) + 1
    while (at := k * step - corner) < w - 1e-9:
        if at > 1e-9:
            out.append(float(at))
        k += 1
    return out


def _scale_bar(w: float, step: int, unit: float, lang: str) -> tuple[str, tuple[float, float, float, float]]:
    """The scale bar's markup, and the box it and its label take (a name outside the zone avoids it)."""
    y = w + w * 0.07
    h = unit * 1.4
    label = f"{step} {t('arena.unit', lang)}"
    size = unit * 4
    markup = (
        f'<g class="scale" data-feet="{step}">'
        f'<rect class="scale-bar" x="0" y="{_attr(y)}" width="{_attr(step)}" height="{_attr(h)}"/>'
        f'<text class="scale-label" x="{_attr(step + unit * 2)}" y="{_attr(y + h)}" '
        f'font-size="{_attr(size)}">{escape(label)}</text></g>'
    )
    return markup, (0.0, y + h - size, step + unit * 2 + text_width(label, size), y + h + size * 0.25)


def label_box(
    token: Token,
    y: float,
    radius: float,
    unit: float,
    w: float,
    others: list[tuple[float, float]] | None = None,
    placed: list[tuple[float, float, float, float]] | None = None,
) -> tuple[float, float, float, str]:
    """Where a token's name goes (x, baseline y, font size) and the name written there: above the token,
    else below it, else beside — the first place that crosses no face of the zone (names never lie over the
    shimmering wall), covers no other token and nothing already drawn. The font shrinks so that a long name
    fits inside the zone. Where the whole name finds no such place (duellists side by side in a small
    drawing), the token's short name (``Token.short``) is tried in the same places, as a crowded map writes
    less; failing both, the short name goes where the whole one would have gone, and a summoned creature's
    (``Token.minor``) is not written: the name returned is "".

    A token outside the zone (MD-22: expelled) keeps its name outside too: north or south of the zone, on
    the side away from it first; west or east of it, above then below, the name drawn back from the wall (the
    side away from the zone is for the status the board writes there); then the other places that do not
    cross the wall. The drawing grows to hold it (``render_svg``).

    >>> label_box(Token("Ada", "wizard", 1, 10, 10, 0), 10, 1.25, 0.2, 20)
    (10.0, 8.35, 0.84, 'Ada')
    >>> label_box(Token("Ada", "wizard", 1, 10, 21, 0), -1, 1.25, 0.2, 20)  # just north of it: above
    (10.0, -2.65, 0.84, 'Ada')
    """
    names = [token.name] + ([token.short] if token.short and token.short != token.name else [])
    spot: tuple[float, float, float, tuple[float, float, float, float]] | None = None
    for name in names:
        spot, clear = _label_spot(token, name, y, radius, unit, w, others or [], placed or [])
        if clear:
            break
    assert spot is not None  # names holds at least the token's own name
    x, base, size, box = spot
    if token.minor and not clear:
        # No name written: an empty box at the token's centre keeps ``placed`` one box per token.
        name, box = "", (token.x, y, token.x, y)
    if placed is not None:
        placed.append(box)
    return round(float(x), 3), round(float(base), 3), round(size, 3), name


def _label_spot(
    token: Token,
    name: str,
    y: float,
    radius: float,
    unit: float,
    w: float,
    others: list[tuple[float, float]],
    placed: list[tuple[float, float, float, float]],
) -> tuple[tuple[float, float, float, tuple[float, float, float, float]], bool]:
    """``label_box``'s search for ``name``: the first clear place (x, baseline, size, box) and True, or the
    place it falls back on and False."""
    size = unit * 4.2
    width = text_width(name, size)
    if width > w * 0.96:
        size *= w * 0.96 / width
        width = w * 0.96
    half = width / 2
    inside = 0 <= token.x <= w and 0 <= y <= w
    clearance = radius + token.halo
    # Inside, a name is kept inside the wall; outside, it stays by its token and the drawing grows to hold it.
    x = (min(max(token.x, half + unit), w - half - unit) if width < w else w / 2) if inside else token.x
    above = y - clearance - unit * 2
    below = y + clearance + size * 1.1
    if not inside and 0 <= y <= w:  # west or east of it: above or below, drawn back from the wall (the side
        x = min(x, -unit * 2 - half) if token.x < 0 else max(x, w + unit * 2 + half)  # away is the status's)
    candidates = [(x, below), (x, above)] if not inside and y > w else [(x, above), (x, below)]  # away first
    beside = y + size * 0.35
    if inside:  # a token against a face: its name beside it, drawn just inside the wall
        beside = min(max(beside, unit * 1.01 + size * 0.85), w - unit * 1.01 - size * 0.25)
    for dx in (1, -1):  # beside it, right or left
        bx = token.x + dx * (clearance + unit * 2 + half)
        candidates.append((min(max(bx, half + unit), w - half - unit) if inside else bx, beside))
    if inside:  # tokens close together: a line farther over or under it, as a crowded map stacks its names
        candidates += [(x, above - size * 1.1), (x, below + size * 1.1)]

    def box(cx: float, cy: float) -> tuple[float, float, float, float]:
        return (cx - half, cy - size * 0.85, cx + half, cy + size * 0.25)

    def clear(b: tuple[float, float, float, float]) -> bool:
        if inside:
            if b[1] < unit or b[3] > w - unit or b[0] < 0 or b[2] > w:
                return False
        elif not (b[2] < -unit or b[0] > w + unit or b[3] < -unit or b[1] > w + unit):
            return False  # across the wall
        for ox, oy in others:
            if b[0] - radius < ox < b[2] + radius and b[1] - radius < oy < b[3] + radius:
                return False
        return not any(b[0] < p[2] and p[0] < b[2] and b[1] < p[3] and p[1] < b[3] for p in placed)

    for c in candidates:
        if clear(box(*c)):
            return (c[0], c[1], size, box(*c)), True
    fallback = (candidates[0] if y > radius * 4 else candidates[1]) if inside else candidates[0]
    return (fallback[0], fallback[1], size, box(*fallback)), False


def _token(
    token: Token,
    y: float,
    radius: float,
    unit: float,
    w: float = 0.0,
    others: list[tuple[float, float]] | None = None,
    placed: list[tuple[float, float, float, float]] | None = None,
) -> str:
    colour = SIDE_COLOURS[token.side % len(SIDE_COLOURS)]
    lx, label_y, size, name = label_box(token, y, radius, unit, w or token.x * 2 or 1.0, others, placed)
    label = (
        f'<text class="token-label" x="{_attr(lx)}" y="{_attr(label_y)}" text-anchor="middle" '
        f'font-size="{_attr(size)}" stroke-width="{_attr(unit * 1.2)}">{escape(name)}</text>'
        if name
        else f"<title>{escape(token.name)}</title>"  # a creature in a crowd: named on hover
    )
    return (
        f'<g class="token" data-name="{escape(token.name)}" data-side="{token.side}" '
        f'data-x="{_attr(token.x)}" data-y="{_attr(token.y)}">'
        f'<circle class="token-disc" cx="{_attr(token.x)}" cy="{_attr(y)}" r="{_attr(radius)}" '
        f'fill="{colour}" '
        f'stroke-width="{_attr(unit * 0.6)}"/>'
        f'<circle class="token-ring" cx="{_attr(token.x)}" cy="{_attr(y)}" r="{_attr(radius * 0.62)}" '
        f'stroke-width="{_attr(unit * 0.5)}"/>'
        f"{label}</g>"
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
        f"<span>{escape(t(where, lang, name=tk.name, cls=t('cls.' + tk.cls, lang), level=tk.level, x=number(tk.x + view.origin[0], lang), y=number(tk.y + view.origin[1], lang)))}</span></li>"  # noqa: E501
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
