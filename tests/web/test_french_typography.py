"""French puts a narrow no-break space (U+202F) before « : ; ? ! » and inside guillemets, so a colon never
starts a line on a narrow screen. The catalogue wrote it in 108 entries and a plain space in 132, and
`text.colon` wrote the plain one: every French text now uses the narrow no-break space."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from mageduel.feats import FEATS

from tests.web.test_creature_attacks import summoners_duel
from web.game import panels, text
from web.game.app import App

#: A plain or ordinary no-break space where French wants the narrow one.
WIDE = re.compile(r"[ \u00a0][:;?!»]|«[ \u00a0]")
CATALOGUE = Path(__file__).resolve().parents[2] / "web" / "messages.json"


def _french(node: Any, where: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "fr" and isinstance(value, str):
                yield where, value
            else:
                yield from _french(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _french(value, f"{where}[{i}]")


def _data(name: str) -> Any:
    return json.loads(resources.files("mageduel").joinpath("data", name).read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    "name", ["clauses.json", "creatures.json", "lessons.json", "roster.json", "showcases.json", "spells.json"]
)
def test_the_engines_french_texts_space_their_punctuation_narrowly(name):
    wide = [f"{where}: {said}" for where, said in _french(_data(name)) if WIDE.search(said)]
    assert not wide, "\n".join(wide[:10])


def test_the_interfaces_catalogue_spaces_its_punctuation_narrowly():
    catalogue = json.loads(CATALOGUE.read_text(encoding="utf-8"))
    wide = [f"{key}: {said}" for key, said in _french(catalogue) if WIDE.search(said)]
    assert not wide, "\n".join(wide[:10])
    feats = [f.id for f in FEATS.values() if WIDE.search(f.name_fr + f.summary_fr)]
    assert not feats


def test_what_the_interface_writes_itself_spaces_narrowly():
    assert text.colon("fr") == "\u202f: " and text.colon("en") == ": "
    assert text.point((12.5, 20.0), "fr") == "(12,5\u202f; 20)"
    setup = App(lang="fr").render()
    assert not WIDE.search(setup)


def test_a_whole_duels_french_log_spaces_its_punctuation_narrowly():
    view = summoners_duel().view(None)
    lines = [said for _, said in panels.log_lines(view, "fr")]
    assert len(lines) > 200
    wide = [said for said in lines if WIDE.search(said)]
    assert not wide, "\n".join(wide[:10])
