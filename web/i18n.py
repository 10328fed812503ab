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
    >>> t("status.turn", "fr", name="Ilse"), t("status.turn", "fr", name="Kael")
    ("au tour d'Ilse", 'au tour de Kael')
    """
    entry = catalogue()[key]
    text = entry.get(lang) or entry["en"]
    if lang == "fr" and params:
        # Elision before a filled-in word starting with a vowel: « au tour d'Ilse », « fin d'armure de mage ».
        text = _ELIDE.sub(lambda m: _elide(m, params), text)
    return re.sub(r"\{(\w+)\}", lambda m: str(params.get(m[1], m[0])), text)


_ELIDE = re.compile(r"\b([Dd]e|[Qq]ue) \{(\w+)\}")
_VOWELS = tuple("aeiouyàâéèêëîïôûüAEIOUYÀÂÉÈÊËÎÏÔÛÜ")


def _elide(m: re.Match[str], params: dict[str, object]) -> str:
    value = str(params.get(m[2], ""))
    if value.startswith(_VOWELS):
        return f"{m[1][0]}'{{{m[2]}}}"
    return m[0]


def singular(n: int, lang: str) -> bool:
    """Whether ``n`` of a thing takes the singular: 1 in English, 0 and 1 in French.

    >>> singular(0, "fr"), singular(0, "en"), singular(2, "fr")
    (True, False, False)
    """
    return n == 1 or (lang == "fr" and n == 0)


def integer(value: object) -> str:
    """A whole number as the page writes it: a negative one with the minus sign the rolls use (−4 hp).

    >>> integer(-16), integer(12)
    ('−16', '12')
    """
    return f"−{-value}" if isinstance(value, int) and value < 0 else str(value)


def number(value: float, lang: str) -> str:
    """A length for people: no trailing .0, a decimal comma in French, the minus sign below 0.

    >>> number(12.5, "fr"), number(20.0, "en"), number(-5.0, "fr"), number(-0.04, "en")
    ('12,5', '20', '−5', '0')
    """
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    text = "0" if text == "-0" else text.replace("-", "−")
    return text.replace(".", ",") if lang == "fr" else text
