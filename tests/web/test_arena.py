"""The arena drawing and the catalogue, tested in CPython without a browser."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

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
    assert {e.get("id") for e in root.iter() if e.get("id")} == {"w1-floor", "w1-shimmer", "w1-glow"}


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
