"""The interface's strings in French and English, from ``messages.json`` (one catalogue for JS and Python)."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

LANGS = ("en", "fr")


@cache
def catalogue() -> dict[str, dict[str, str]]:
    return json.loads((Path(__file__).with_name("messages.json")).read_text(encoding="utf-8"))


def t(key: str, lang: str, **params: object) -> str:
    """The string ``key`` in ``lang`` (English when missing), with ``{name}`` filled from ``params``.

    >>> t("arena.unit", "fr")
    'pi'
    """
    entry = catalogue()[key]
    text = entry.get(lang) or entry["en"]
    return re.sub(r"\{(\w+)\}", lambda m: str(params.get(m[1], m[0])), text)


def number(value: float, lang: str) -> str:
    """A length for people: no trailing .0, and a decimal comma in French.

    >>> number(12.5, "fr"), number(20.0, "en")
    ('12,5', '20')
    """
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return text.replace(".", ",") if lang == "fr" else text
