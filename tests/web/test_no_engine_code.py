"""Issue 12: no engine code on screen. Every golden replay is played again in the page's own App and its
screens are rendered at many steps — the log, the badges, the panels, the decision being asked and the end
screen — in English and in French. None may show an engine identifier (a hyphenated or underscored id such
as ``draw-offered`` or ``shocking_grasp``), a ``key=value`` pair, or, on the French screen, an English word
that no French string of ours uses."""

from __future__ import annotations

import json
import re
from functools import cache
from html import unescape
from pathlib import Path

import pytest
from mageduel import roster
from mageduel.notation import parse_decision
from mageduel.replay import Replay

from web.game.app import App
from web.game.session import Session, Setup, SideSetup
from web.i18n import catalogue

GOLDEN = sorted((Path(__file__).resolve().parents[1] / "golden").glob("*.json"))
#: Screens rendered per golden duel and language, spread over its decisions (and always its end).
SAMPLES = 24


def visible_text(html: str) -> str:
    """What a reader sees or hears: text nodes, and the title / aria-label / placeholder attributes."""
    said = re.findall(r'(?:title|aria-label|placeholder)="([^"]*)"', html)
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    body = re.sub(r"<[^>]+>", "\n", body)
    return unescape("\n".join([body, *said]))


@cache
def engine_ids() -> frozenset[str]:
    """Identifiers the engine speaks in: event kinds, option verbs, statuses, conditions, reasons, spell and
    creature ids — those with a hyphen or an underscore, which no sentence of ours contains."""
    ids: set[str] = set()
    for f in GOLDEN:
        d = json.loads(f.read_text())
        for e in d.get("events", []):
            ids.add(e["kind"])
            for key in ("status", "condition", "reason", "spell", "step", "maneuver", "why", "creature"):
                v = (e.get("data") or {}).get(key)
                if isinstance(v, str):
                    ids.add(v)
        for line in d["decisions"]:
            _, option = parse_decision(line)
            ids.update(w for w in option.split() if not w.startswith("@"))
    from mageduel.spells import catalogue as spells

    ids.update(spells.ids())
    return frozenset(i for i in ids if re.fullmatch(r"[a-z]+(?:[-_][a-z0-9]+)+", i))


def clause_ids() -> list[str]:
    data = json.loads((Path(__file__).resolve().parents[2] / "engine/mageduel/data/clauses.json").read_text())
    items = data if isinstance(data, list) else data.get("clauses", data)
    return [c["id"] for c in items] if isinstance(items, list) else list(items)


WORD = re.compile(r"[A-Za-zÀ-ÿœŒ]+(?:['’][A-Za-zÀ-ÿ]+)?")


@cache
def english_only() -> frozenset[str]:
    """Words of our English strings that no French string, spell, creature or character name uses."""
    en: set[str] = set()
    fr: set[str] = set()
    for entry in catalogue().values():
        en.update(w.lower() for w in WORD.findall(entry.get("en", "")))
        fr.update(w.lower() for w in WORD.findall(entry.get("fr", "")))
    from mageduel import creatures
    from mageduel.spells import catalogue as spells

    for sp in spells.all_spells():
        fr.update(w.lower() for w in WORD.findall(sp.name.fr or ""))
    for c in creatures.all_creatures():
        fr.update(w.lower() for w in WORD.findall(c.name.fr or ""))
    for c in roster.all():
        fr.update(w.lower() for w in WORD.findall(f"{c.name.fr} {c.name.en}"))
    from web.game import text

    for cid in clause_ids():  # the clauses' own French titles and statements, shown beside the log
        fr.update(
            w.lower()
            for w in WORD.findall(text.clause_title(cid, "fr") + " " + text.clause_statement(cid, "fr"))
        )
    return frozenset(w for w in en - fr if len(w) >= 4)


def findings(text: str, lang: str) -> list[str]:
    out = []
    for token in re.findall(r"[A-Za-z0-9_]+(?:-[A-Za-z0-9_]+)*", text):
        if token in engine_ids():
            out.append(f"id {token!r}")
    out += [f"key=value {m!r}" for m in re.findall(r"\b[a-z_]+=[\w.-]+", text)]
    if lang == "fr":
        for w in WORD.findall(text):
            if w.lower() in english_only():
                out.append(f"English {w!r}")
    return out


def setup_of(replay: Replay) -> Setup:
    sides = []
    for p in replay.scenario.participants:
        if p.roster:
            sides.append(SideSetup(character=p.roster, control="human"))
        else:
            sides.append(SideSetup(sheet=p.character.model_dump(mode="json"), control="human"))
    return Setup(kind=replay.scenario.kind, sides=sides, seed=1)


def screens(path: Path, lang: str) -> list[tuple[int, str]]:
    """The duel screen rendered at SAMPLES steps of the golden duel (seen by whoever decides there) and at
    its end (seen by its first duellist and by an observer)."""
    replay = Replay.model_validate_json(path.read_text())
    decisions = [parse_decision(line) for line in replay.decisions]
    session = Session(setup_of(replay), replay.scenario, replay.dice, [])
    app = App(lang=lang, session=session)
    every = max(1, len(decisions) // SAMPLES)
    out = []
    for i, (player, option) in enumerate(decisions):
        if i % every == 0 and session.duel.pending is not None:
            session.viewer, session.handoff = session.person_of(player), None
            out.append((i, app.render()))
        session.duel.apply(player, option)
    assert session.duel.outcome is not None
    for viewer in (session.main_ids[0], None):
        session.viewer = viewer
        out.append((len(decisions), app.render()))
    return out


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_no_engine_code_on_any_screen_of_a_golden_duel(path, lang):
    seen: dict[str, str] = {}
    for step, html in screens(path, lang):
        text = visible_text(html)
        for what in findings(text, lang):
            line = next((ln for ln in text.splitlines() if what.split("'")[1] in ln), "")
            seen.setdefault(what, f"step {step}: {line.strip()[:140]}")
    assert not seen, "\n".join(f"{k} — {v}" for k, v in sorted(seen.items()))


def test_the_checks_find_what_they_look_for():
    assert findings("Kael Sunderwind — declare-draw: spell=shocking_grasp", "en") == [
        "id 'declare-draw'",
        "id 'shocking_grasp'",
        "key=value 'spell=shocking_grasp'",
    ]
    assert "English 'wins'" in findings("Kael l'emporte — Kael wins", "fr")
    assert findings("Vous proposez le match nul.", "fr") == []
