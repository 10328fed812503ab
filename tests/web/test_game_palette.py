"""The colour-blind-safe palette: every colour that carries a meaning on the board or in the prompts (sides,
rings, marks, previews, reactions, focus) is one of Okabe and Ito's eight — never a red against a green of
its own choosing. (Lighter tints of them are used for text only.)"""

from __future__ import annotations

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "static"
OKABE_ITO = {"#000000", "#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00", "#cc79a7"}
MEANINGFUL = (
    ".hp-ring",
    ".nl-ring",
    ".altitude",
    ".badge rect",
    ".out-mark",
    ".mark circle",
    ".mark-cast circle",
    ".preview .range",
    ".preview .area",
    ".decision.reaction",
    ".opt.target",
    ".react-identify",
    ".react-duel-counter",
    ".end-panel",
    ".bolt",
    ".wall",
    ".reach-move",
    ".casting-ring",
    ".casting-line",
    ".counter-chooser",
)


def _rules(css: str) -> dict[str, str]:
    out: dict[str, str] = {}
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", css):
        for sel in selectors.split(","):
            out[sel.strip()] = out.get(sel.strip(), "") + body
    return out


def test_meaningful_colours_are_okabe_ito():
    rules = _rules((STATIC / "game.css").read_text())
    for sel in MEANINGFUL:
        body = rules.get(sel)
        assert body is not None, sel
        hexes = {h.lower() for h in re.findall(r"#[0-9a-fA-F]{6}\b", body)}
        rgbas = re.findall(r"rgba\((\d+), *(\d+), *(\d+)", body)
        hexes |= {"#" + "".join(f"{int(v):02x}" for v in rgb) for rgb in rgbas}
        assert hexes, sel
        assert hexes <= OKABE_ITO | {"#0f1020"}, (sel, hexes - OKABE_ITO)


def test_side_colours_and_focus_are_okabe_ito():
    style = (STATIC / "style.css").read_text()
    named = dict(re.findall(r"--(side-\d|danger|focus): *(#[0-9a-fA-F]{6})", style))
    assert set(named) >= {"side-0", "side-1", "danger", "focus"}
    assert {v.lower() for v in named.values()} <= OKABE_ITO
