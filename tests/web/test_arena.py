"""The arena drawing and the catalogue, tested in CPython without a browser."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from mageduel.compose import new_duel

from web import i18n
from web.arena import ArenaView, Token, render, render_svg, scale_length

SVG = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parents[2]


def two_casters(width: float = 20) -> ArenaView:
    return ArenaView(
        width=width,
        height=width,
        minimum=20,
        maximum=125,
        tokens=(Token("Ada", "wizard", 5, width / 2, 0, 0), Token("Bo", "sorcerer", 5, width / 2, width, 1)),
    )


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def test_svg_is_well_formed_and_the_viewbox_contains_the_zone():
    root = parse(render_svg(two_casters(), "en"))
    x, y, w, h = map(float, root.get("viewBox").split())
    assert x < 0 and y < 0 and x + w > 20 and y + h > 20
    zone = root.find(f"{SVG}rect[@class='zone']")
    assert (zone.get("width"), zone.get("height")) == ("20", "20")


def test_tokens_are_drawn_to_scale_with_north_up():
    root = parse(render_svg(two_casters(), "en"))
    tokens = root.findall(f"{SVG}g[@class='token']")
    assert [t.get("data-name") for t in tokens] == ["Ada", "Bo"]
    discs = [t.find(f"{SVG}circle[@class='token-disc']") for t in tokens]
    # Engine y = 0 (south side) is drawn at the bottom of the zone: screen y = width.
    assert (float(discs[0].get("cx")), float(discs[0].get("cy"))) == (10, 20)
    assert (float(discs[1].get("cx")), float(discs[1].get("cy"))) == (10, 0)
    assert discs[0].get("fill") != discs[1].get("fill")


@pytest.mark.parametrize(("width", "feet"), [(4, 1), (5, 1), (20, 5), (60, 20), (125, 25), (2000, 500)])
def test_scale_bar_is_a_round_length_drawn_in_feet(width, feet):
    assert scale_length(width) == feet
    root = parse(render_svg(two_casters(width), "en"))
    bar = root.find(f"{SVG}g[@class='scale']")
    assert bar.get("data-feet") == str(feet)
    assert float(bar.find(f"{SVG}rect").get("width")) == feet


def test_names_are_escaped():
    view = ArenaView(4, 4, 4, 5, (Token('<b>"Eve"</b>', "wizard", 1, 2, 0, 0),))
    svg = render_svg(view, "en")
    parse(svg)
    assert "<b>" not in svg


def test_the_shimmer_border_has_its_own_element_and_ids_are_scoped():
    svg = render_svg(two_casters(), "en", uid="w1")
    root = parse(svg)
    shimmer = root.find(f"{SVG}rect[@class='zone-shimmer']")
    assert shimmer.get("stroke") == "url(#w1-shimmer)"
    assert {e.get("id") for e in root.iter() if e.get("id")} == {
        "w1-floor",
        "w1-shimmer",
        "w1-glow",
        "w1-haze",
        "w1-inside",
    }


def test_md6_the_zone_is_a_shimmering_wall_with_an_inner_haze_not_a_dashed_box():
    root = parse(render_svg(two_casters(), "en", uid="w2"))
    shimmer = root.find(f"{SVG}rect[@class='zone-shimmer']")
    assert shimmer.get("stroke-dasharray") is None  # an unbroken wall, not marching ants
    haze = root.find(f"{SVG}rect[@class='zone-haze']")
    assert haze.get("clip-path") == "url(#w2-inside)" and haze.get("filter") == "url(#w2-haze)"
    glint = root.find(f"{SVG}rect[@class='zone-glint']")
    on, off = (float(x) for x in glint.get("stroke-dasharray").split())
    assert on < off  # one glint running along the wall


def test_french_uses_french_units_and_words():
    html = render(two_casters(12.5), "fr")
    assert "12,5" in html and "pieds" in html and "magicien" in html and "ensorceleur" in html
    assert re.search(r">\d+ pi<", html)


def test_catalogue_has_every_string_in_both_languages():
    for key, entry in i18n.catalogue().items():
        assert set(entry) == {"en", "fr"}, key
        assert entry["en"].strip() and entry["fr"].strip(), key
        # The same placeholders in both languages.
        assert set(re.findall(r"\{\w+\}", entry["en"])) == set(re.findall(r"\{\w+\}", entry["fr"])), key


def test_every_string_the_page_shows_comes_from_the_catalogue():
    page = (ROOT / "static" / "index.html").read_text(encoding="utf-8")
    keys = set(re.findall(r'data-i18n(?:-aria)?="([^"]+)"', page)) | set(
        re.findall(r"\{\{([a-z0-9_.]+)\}\}", page)
    )
    keys.discard("catalogue")
    keys.discard("boot_bytes")
    assert keys <= set(i18n.catalogue())
    used_in_python = set()
    for source in (ROOT / "web").glob("*.py"):
        used_in_python |= set(
            re.findall(r"""\bt\(\s*["']([a-z0-9_.]+)["']""", source.read_text(encoding="utf-8"))
        )
    used_in_python = {k for k in used_in_python if not k.endswith(".")}  # prefixes such as "cls." + name
    assert used_in_python <= set(i18n.catalogue())


def _labels(svg: str) -> list[tuple[float, float, float, str]]:
    root = parse(svg)
    return [
        (float(e.get("x")), float(e.get("y")), float(e.get("font-size")), e.text)
        for e in root.iter(f"{SVG}text")
        if e.get("class") == "token-label"
    ]


def test_names_never_lie_over_the_wall_nor_over_another_token():
    w = 28.0
    # Two duellists 5 ft apart on one line, one 2 ft from the north face: the names must go elsewhere.
    view = ArenaView(
        w,
        w,
        28,
        245,
        (
            Token("Maëlis Brunemarais", "wizard", 7, 14, 5, 0),
            Token("Tobin Cendrebise", "sorcerer", 7, 14, 10, 1),
            Token("Garrick Poing-de-Pierre", "fighter", 6, 26.5, 26, 2),
        ),
    )
    svg = render_svg(view, "fr")
    radius = max(w / 100 * 2.8, min(1.25, w / 100 * 6))
    tokens = [(t.x, w - t.y) for t in view.tokens]
    for x, y, size, name in _labels(svg):
        half = len(name) * size * 0.56 / 2
        left, right, top, bottom = x - half, x + half, y - size * 0.85, y + size * 0.25
        assert 0 <= left and right <= w and 0 <= top and bottom <= w, name  # inside the wall
        for tx, ty in tokens:
            assert not (left - radius < tx < right + radius and top - radius < ty < bottom + radius), name


def test_a_name_wider_than_a_tiny_zone_shrinks_to_fit_inside_it():
    view = ArenaView(4, 4, 4, 5, (Token("Tamsin Quillfeather", "wizard", 1, 2, 0.5, 0),))
    ((x, _, size, name),) = _labels(render_svg(view, "en"))
    assert len(name) * size * 0.56 <= 4 * 0.96 + 1e-9 and x == 2


def test_condition_badges_never_share_a_letter_and_name_themselves_on_focus():
    from mageduel import ai, dice, scenario
    from mageduel.conditions import Condition

    from web.game import board

    d = new_duel(scenario.duel_scenario("maelis", "tobin"), dice.Seeded(3))
    brains = {"p1": ai.Opponent("normal", 1), "p2": ai.Opponent("normal", 2)}
    while d.phase != "fight":
        p = d.pending.player
        d.apply(p, brains[p].choose(d.view(p)))
    me = d.by_id["p1"]
    for name in ("mirror image", "mage armor", "shield"):
        me.conditions.append(Condition(name, 10, "", name.replace(" ", "_")))
    for lang in ("en", "fr"):
        svg = board.render(d.view("p1"), lang, [], None, frozenset(), [])
        mine = svg[svg.index('data-id="p1"') :]
        mine = mine[
            : mine.index('<g class="token-state', 10) if '<g class="token-state' in mine[10:] else None
        ]
        letters = re.findall(r'font-size="[\d.]+">([A-Z0-9])</text>', mine)
        assert len(letters) >= 3 and len(set(letters)) == len(letters), (lang, letters)
        assert mine.count('tabindex="0" role="img" aria-label=') == len(letters)
        assert mine.count('class="badge-name"') == len(letters)


@pytest.mark.parametrize(
    "a, b, others",
    [("maelis", "tobin", ()), ("ilse", "kael", ()), ("ilse", "kael", ("maelis",)), ("bram", "odile", ())],
)
def test_md5_the_setup_preview_shows_the_bounds_the_duel_s_view_carries(a: str, b: str, others: tuple):
    """Issue 9: the page's preview asks the scenario for MD-5's bounds (``Scenario.zone_bounds``) instead
    of working them out, so it shows what the duel's own view carries once the duel has begun."""
    from mageduel import Seeded, duel_scenario, new_duel
    from mageduel.scenario import Participant

    from web.arena_view import view_of

    scenario = duel_scenario(a, b)
    scenario.participants += [Participant(id=f"p{3 + i}", roster=r) for i, r in enumerate(others)]
    preview = view_of(scenario, "en")
    carried = new_duel(scenario, Seeded(1)).view(None).zone_bounds
    assert (preview.minimum, preview.maximum) == (carried.minimum, carried.maximum)


def test_md22_an_expelled_duellist_keeps_its_name_outside_the_wall():
    """A token just outside a face of the zone (MD-22: expelled) has its name outside too: never across the
    shimmering wall, never off the drawing (which grows to hold it), never over the scale bar."""
    w = 30.0
    radius = max(w / 100 * 2.8, min(1.25, w / 100 * 6))
    places = [(15, w + 1.5), (15, -1.5), (-1.5, 15), (w + 1.5, 15), (-1, w + 1), (1, -2), (w + 4, -3)]
    for x, y in places:
        view = ArenaView(
            w,
            w,
            30,
            245,
            (
                Token("Kael Fendvent", "sorcerer", 5, x, y, 1),
                Token("Ilse Marchombre", "wizard", 5, 15, 15, 0),
            ),
        )
        svg = render_svg(view, "fr")
        (kx, ky, size, name), _ = _labels(svg)
        half = len(name) * size * 0.56 / 2
        left, right, top, low = kx - half, kx + half, ky - size * 0.85, ky + size * 0.25
        crosses = not (right < 0 or left > w or low < 0 or top > w)
        assert not crosses, (x, y, (left, right, top, low))
        vx, vy, vw, vh = (float(v) for v in re.search(r'viewBox="([^"]+)"', svg).group(1).split())
        assert vx <= left and right <= vx + vw and vy <= top and low <= vy + vh, (x, y)
        root = parse(svg)
        bar = next(e for e in root.iter(f"{SVG}rect") if e.get("class") == "scale-bar")
        text = next(e for e in root.iter(f"{SVG}text") if e.get("class") == "scale-label")
        fs = float(text.get("font-size"))
        scale_left, scale_top = float(bar.get("x")), float(bar.get("y"))
        scale_right = float(text.get("x")) + len(text.text) * fs * 0.56
        scale_low = float(text.get("y")) + fs * 0.25
        overlaps_scale = left < scale_right and scale_left < right and top < scale_low and scale_top < low
        assert not overlaps_scale, (x, y)
        ty = w - y
        assert not (left - radius < x < right + radius and top - radius < ty < low + radius), (x, y)
