"""Issue 12, part 3: an AC's parts on request. A roll line against an AC has a disclosure (a <details>, which
the keyboard reaches and opens) giving the parts of that AC as the engine logged them with the roll (C-4: base
10, armour, shield, Dex, Dodge, deflection, natural armour, size, conditions; DU-23's duel dodge +4, DU-25's
−2), and the own panel's AC opens on the parts of each of its three ACs. Both languages; no engine word."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
from mageduel import replay

from tests.rules.rules_kit import Driver, scenario
from web.game import panels
from web.game.app import App

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
NNBSP = "\u202f"


def _duel(name: str):
    rep = replay.Replay.model_validate_json((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    check = replay.verify(rep)
    assert check.ok, check.reason
    return check.duel


def _disclosures(html: str) -> list[tuple[str, str]]:
    """(summary, body) of each AC disclosure, as read."""
    found = re.findall(
        r'<details class="ac-parts"[^>]*><summary[^>]*>(.*?)</summary>(.*?)</details>', html, re.S
    )
    return [(unescape(s), unescape(re.sub(r"<[^>]+>", "\n", b)).strip()) for s, b in found]


def _total(body: str) -> int:
    return int(body.rsplit("= ", 1)[1])


@pytest.mark.parametrize(
    ("lang", "summary", "parts"),
    [
        ("en", r"^(AC|touch AC|flat-footed AC) (\d+): its parts$", ("armour", "shield", "Dodge feat")),
        (
            "fr",
            rf"^(CA|CA de contact|CA pris au dépourvu) (\d+){NNBSP}: le détail$",
            ("armure", "bouclier", "don Esquive"),
        ),
    ],
)
def test_c4_every_roll_against_an_ac_opens_on_its_parts_summing_to_the_number(lang, summary, parts):
    d = _duel("duel_duelist_parry")  # Garrick (breastplate, heavy shield) and Séverine fight with weapons
    view = d.view("p1")
    html = panels.log(view, lang, limit=10_000)
    against_ac = [e for e in view.events if e.kind == "roll" and (e.data or {}).get("target_parts")]
    shown = _disclosures(html)
    assert len(shown) == len(against_ac) > 0
    seen: set[str] = set()
    for (head, body), e in zip(shown, against_ac, strict=True):
        m = re.match(summary, head)
        assert m is not None, head
        assert (
            int(m.group(2)) == e.data["target"] == _total(body)
        )  # the parts add up to the AC rolled against
        assert body.startswith("10 base")
        seen.update(w for w in parts if w in body)
    assert seen == set(parts)  # Garrick's armour and shield, and a Dodge feat, are all named somewhere


def test_c4_the_copied_log_is_unchanged_and_the_line_keeps_its_breakdown():
    d = _duel("duel_duelist_parry")
    view = d.view("p1")
    html = panels.log(view, "en", limit=10_000)
    line = next(li for li in re.findall(r"<li class=\"ev ev-roll\".*?</li>", html, re.S) if "ac-parts" in li)
    assert re.search(r'<span class="ev-text">[^<]* vs (flat-footed )?AC \d+: (hit|miss)</span>', line)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_du23_du25_the_duel_dodge_and_its_penalty_are_named_parts(lang):
    d = Driver(
        scenario("garrick", "ilse", kind="duel", positions=[(0, 0), (0, 4)]),
        plan=[("p1", "full-attack longsword @p2"), ("p2", "react dodge")],
        rolls=[("initiative", 20), ("attack with longsword", 2), ("attack with longsword", 2)],
    )
    d.run(until=lambda du: du.round >= 2)
    html = panels.log(d.duel.view("p2"), lang, limit=10_000)
    bodies = [b for _, b in _disclosures(html)]
    dodge, after = (
        ("duel dodge", "after a duel dodge")
        if lang == "en"
        else ("esquive de duel", "après une esquive de duel")
    )
    assert any(f"+ 4 {dodge} = 17" in b for b in bodies), bodies  # Ilse's 13, +4 against that attack (DU-23)
    assert any(f"− 2 {after} = 11" in b for b in bodies), bodies  # then −2 until her next turn (DU-25)


@pytest.mark.parametrize(
    ("lang", "rows"),
    [
        (
            "en",
            [
                "AC: 10 base + 2 Dex + 1 Dodge feat = 13",
                "touch AC: 10 base + 2 Dex + 1 Dodge feat = 13",
                "flat-footed AC: 10 base = 10",
            ],
        ),
        (
            "fr",
            [
                f"CA{NNBSP}: 10 base + 2 Dex + 1 don Esquive = 13",
                f"CA de contact{NNBSP}: 10 base + 2 Dex + 1 don Esquive = 13",
                f"CA pris au dépourvu{NNBSP}: 10 base = 10",
            ],
        ),
    ],
)
def test_c4_the_own_panel_ac_opens_on_the_parts_of_each_ac(lang, rows):
    app = App(lang=lang)
    app.handle(
        "start",
        {
            "kind": "duel",
            "character0": "ilse",
            "character1": "kael",
            "control0": "human",
            "control1": "normal",
            "seed": "1",
        },
    )
    html = app.render()
    m = re.search(
        r'<div class="defences"><details class="ac-parts"[^>]*><summary[^>]*>([^<]*)</summary><ul[^>]*>(.*?)</ul>',
        html,
        re.S,
    )
    assert m is not None
    head = unescape(m.group(1))
    assert head.startswith("AC 13 (" if lang == "en" else "CA 13 (")
    assert [unescape(x) for x in re.findall(r"<li[^>]*>([^<]*)</li>", m.group(2))] == rows
