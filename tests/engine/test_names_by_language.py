"""The texts the product shows about the roster's characters (the lessons, the showcases, the roster's own
taglines) name each of them by that language's name: found on the French page, two lesson intros and a
showcase's caption said "Aurelian" where his French name is Aurélien."""

from __future__ import annotations

import json
import re

import pytest
from mageduel import lessons, roster, showcases


def _misnamed(node: object, where: str = "") -> list[str]:
    """Every ``{"en": ..., "fr": ...}`` text under ``node`` that names a character by the other language's
    name (a word of it that differs between the two)."""
    pairs = [(c.name.en.split(), c.name.fr.split()) for c in roster.all()]
    wrong: list[str] = []
    if isinstance(node, dict):
        for lang, other in (("en", 1), ("fr", 0)):
            said = node.get(lang)
            if not isinstance(said, str):
                continue
            for words in pairs:
                for bad, good in zip(words[other], words[1 - other], strict=False):
                    if bad != good and re.search(rf"\b{re.escape(bad)}\b", said):
                        wrong.append(f"{where} ({lang}): {bad} for {good}")
        for k, v in node.items():
            wrong += _misnamed(v, f"{where}/{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            wrong += _misnamed(v, f"{where}[{i}]")
    return wrong


@pytest.mark.parametrize(
    "texts",
    [
        lambda: lessons.book().model_dump_json(),
        lambda: json.dumps([s.model_dump(mode="json") for s in showcases.all()]),
        lambda: json.dumps([c.model_dump(mode="json") for c in roster.all()]),
    ],
    ids=["lessons", "showcases", "roster"],
)
def test_every_text_names_the_duellists_as_the_roster_does_in_its_language(texts):
    assert _misnamed(json.loads(texts())) == []


def test_a_french_text_naming_aurelian_in_english_is_caught():
    assert _misnamed({"fr": "Vous jouez Aurelian."}) == [" (fr): Aurelian for Aurélien"]
    assert _misnamed({"en": "You play Aurélien."}) == [" (en): Aurélien for Aurelian"]
