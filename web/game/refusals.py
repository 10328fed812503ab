"""Refusals in the reader's language (issue 11): the one line that says why a save, a link or an imported
sheet was refused, in French or English, naming the field with the bad value cut short.

The engine words its refusals in English for the command line (``mageduel.bounds``); each one also comes as
data — a :class:`~mageduel.bounds.BoundsError`'s ``field``, ``code`` and ``params``, a pydantic error's
``loc``, ``type`` and ``ctx`` — and the page words that data from ``messages.json``:

- :func:`bound` — what ``mageduel.bounds.load_json`` refused before any model saw the text (a number that is
  not finite, an integer of 5,000 digits, nesting 1,000 deep, a text too long, not JSON);
- :func:`fields` — the fields a model refused, as many as one line of at most
  :data:`~mageduel.bounds.MAX_LINE` characters holds (``reliab.err.<type>``, else the setup form's
  ``setup.err.<type>``; the engine's own rule checks — a feat's prerequisites, a spell list — come as a
  :class:`~mageduel.RuleError` whose ``code`` and ``params`` :func:`rule` words from ``reliab.rule.<code>``);
- :func:`internal` — anything else, which should never happen: the error's kind, cut short.

>>> from mageduel import BoundsError, load_json
>>> try:
...     load_json('{"zone_width": Infinity}', "save")
... except BoundsError as exc:
...     print(bound(exc, "fr"))
zone_width : Infinity n'est pas un nombre fini
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from mageduel import MAX_LINE, BoundsError, RuleError, location

from web.i18n import catalogue, singular, t

if TYPE_CHECKING:
    from pydantic import ValidationError

#: French typography: a narrow no-break space before a colon or a semicolon, and between digit groups.
NNBSP = "\u202f"


_SPACES = re.compile(r"[^\S\u00a0\u202f]+")


def one_line(text: str) -> str:
    """``text`` on one line of at most :data:`MAX_LINE` characters, keeping the no-break spaces of French
    typography (``mageduel.bounds.one_line`` folds every kind of space).

    >>> one_line("a\\nb\\u2028c d\\u202f;")
    'a b c d\\u202f;'
    """
    flat = _SPACES.sub(" ", text).strip()
    return flat if len(flat) <= MAX_LINE else flat[: MAX_LINE - 1] + "…"


def count(value: object, lang: str) -> str:
    """A whole number grouped by thousands the reader's way; anything else as it is.

    >>> count("1100000", "en"), count("1100000", "fr"), count(800000.0, "fr")
    ('1,100,000', '1\u202f100\u202f000', '800\u202f000')
    >>> count(4.5, "fr"), count("x", "fr")
    ('4,5', 'x')
    """
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, str):
        digits = value.lstrip("-")
        if not digits.isdigit() or len(digits) > 30:
            return value
        value = int(value)
    if isinstance(value, float):
        if not value.is_integer() or abs(value) >= 1e21:
            text = repr(value)
            return text.replace(".", ",") if lang == "fr" else text
        value = int(value)
    if not isinstance(value, int):
        return str(value)
    grouped = f"{value:,}"
    return grouped.replace(",", NNBSP) if lang == "fr" else grouped


def _colon(lang: str) -> str:
    return f"{NNBSP}: " if lang == "fr" else ": "


def reason(exc: BoundsError, lang: str) -> str:
    """Why ``mageduel.bounds.load_json`` refused, in ``lang`` (without the field): ``reliab.bound.<code>``
    with its counts grouped the reader's way."""
    key = f"reliab.bound.{exc.code}"
    if key not in catalogue():
        return one_line(str(exc))
    return one_line(t(key, lang, **{k: count(v, lang) for k, v in exc.params.items()}))


def bound(exc: BoundsError, lang: str) -> str:
    """What ``mageduel.bounds.load_json`` refused, in ``lang``: the field (when the refusal has one), then
    the reason."""
    said = reason(exc, lang)
    return one_line(f"{exc.field}{_colon(lang)}{said}" if exc.field else said)


def _short(text: str, limit: int = 40) -> str:
    """A value from the input (a union's tag, a field name) cut to ``limit`` characters."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


#: Ability scores and classes as the sheet names them (``needs Int 13``: « Intelligence 13 »).
_ABILITY = {
    "en": {"str": "Str", "dex": "Dex", "con": "Con", "int": "Int", "wis": "Wis", "cha": "Cha"},
    "fr": {
        "str": "Force",
        "dex": "Dextérité",
        "con": "Constitution",
        "int": "Intelligence",
        "wis": "Sagesse",
        "cha": "Charisme",
    },
}
#: Skills without a catalogue entry of their own (``skill.<id>`` holds the duel's three).
_SKILL = {
    "fr": {
        "acrobatics": "Acrobaties",
        "climb": "Escalade",
        "fly": "Vol",
        "knowledge_arcana": "Connaissances (mystères)",
        "perception": "Perception",
        "spellcraft": "Art de la magie",
        "stealth": "Discrétion",
        "swim": "Natation",
        "use_magic_device": "Utilisation d'objets magiques",
    },
}
#: Worn items (MD-15's headbands, belts, cloaks…) without a catalogue entry of their own.
_WORN = {
    "fr": {
        "headband": "bandeau",
        "belt": "ceinture",
        "cloak": "cape",
        "ring": "anneau",
        "amulet": "amulette",
    },
}


def _feat_name(feat_id: str, lang: str) -> str:
    """A feat as the reader knows it: its French or English name, else the id in words."""
    from mageduel import feat

    try:
        f = feat(feat_id)
    except KeyError:
        return feat_id.replace("_", " ")
    return f.name_fr if lang == "fr" else f.name_en


def _rule_value(name: str, value: object, lang: str) -> str:
    """One of a :class:`~mageduel.RuleError`'s params in words: ids by their names, counts grouped."""
    from web.game import text

    if isinstance(value, (list, tuple)):
        return ", ".join(_rule_value(name, v, lang) for v in value) or "—"
    if not isinstance(value, str):
        return count(value, lang)
    if name in ("feat", "needed"):
        return _feat_name(value, lang)
    if name == "spell":
        return text.spell_name(value, lang)
    if name in ("weapon", "carried"):
        return text.word("weapon", value, lang)
    if name == "ability":
        return _ABILITY.get(lang, _ABILITY["en"]).get(value, value)
    if name == "skill" and not text.has(f"skill.{value}"):
        words = value.replace("_", " ")
        return _SKILL[lang].get(value, words) if lang in _SKILL else words.capitalize()
    if name == "end":
        return text.tt(f"setup.end.{value}", lang, value.replace("_", " "))
    if name in ("school", "skill", "cls"):
        return text.tt(f"{name}.{value}", lang, value.replace("_", " "))
    if name == "kind" and lang in _WORN:
        return _WORN[lang].get(value, value)
    return _short(value)


def rule(exc: RuleError, lang: str) -> str:
    """An engine rule check's refusal (``reliab.rule.<code>``) in ``lang``; several terms at once are each
    said, joined the reader's way. A code the catalogue lacks keeps the engine's English."""
    if exc.code == "terms.several":
        sep = f"{NNBSP}; " if lang == "fr" else "; "
        parts = [RuleError(p["code"], "", **p["params"]) for p in exc.params.get("problems", [])]  # type: ignore[union-attr]
        return sep.join(rule(p, lang) for p in parts) if parts else str(exc)
    key = f"reliab.rule.{exc.code}"
    if key not in catalogue():
        return str(exc)
    return t(key, lang, **{k: _rule_value(k, v, lang) for k, v in exc.params.items()})


#: The errors whose sentence counts something, and the parameter that says how many.
_COUNTED = {"string_too_short": "min_length", "string_too_long": "max_length"}


def error(err: dict[str, Any], lang: str) -> tuple[str, str]:
    """One pydantic error as (field path, message in ``lang``)."""
    ctx = err.get("ctx") or {}
    loc = str(ctx.get("field") or location(err.get("loc", ())))
    kind = str(err.get("type", ""))
    if isinstance(ctx.get("error"), RuleError):
        msg = one_line(rule(ctx["error"], lang))
        return loc, msg if len(msg) <= 120 else msg[:119] + "…"
    for key in (f"reliab.err.{kind}", f"setup.err.{kind}"):
        how_many = ctx.get(_COUNTED.get(kind, ""))
        if isinstance(how_many, int) and f"{key}.one" in catalogue():  # "at least 1 character"
            key += ".one" if singular(how_many, lang) else ".many"
        if key in catalogue():
            msg = t(key, lang, **{k: _short(count(v, lang)) for k, v in ctx.items() if k != "field"})
            break
    else:
        msg = str(err.get("msg", "invalid")).removeprefix("Value error, ")
    msg = one_line(msg)
    return loc, msg if len(msg) <= 120 else msg[:119] + "…"


def fields(exc: ValidationError, lang: str) -> str:
    """Each bad field in ``lang``, once each (a union repeats its members' errors), as many as one line of
    at most :data:`MAX_LINE` characters holds, then how many more there are."""
    sep, colon = (f"{NNBSP}; ", _colon(lang)) if lang == "fr" else ("; ", ": ")
    errors = exc.errors(include_url=False)
    # A point is a pair or a triple: of a pair with a bad number, the triple's member also says its third
    # number is missing — noise beside the real error, so a missing item is left out where the same list
    # has another error.
    wrong = {tuple(e["loc"][:-1]) for e in errors if e.get("type") != "missing" and e.get("loc")}
    errors = [
        e
        for e in errors
        if not (
            e.get("type") == "missing"
            and e.get("loc")
            and isinstance(e["loc"][-1], int)
            and tuple(e["loc"][:-1]) in wrong
        )
    ]
    bits: list[str] = []
    for err in errors:
        loc, msg = error(err, lang)
        bit = f"{loc}{colon}{msg}"
        if bit not in bits:
            bits.append(bit)
    said: list[str] = []
    for n, bit in enumerate(bits):
        if said and len(sep.join([*said, bit])) > MAX_LINE - 25:
            return sep.join(said) + " " + t("reliab.err.more", lang, n=count(len(bits) - n, lang))
        said.append(bit)
    return one_line(sep.join(said))


def internal(exc: BaseException, lang: str) -> str:
    """An error nobody foresaw, in one line: the page's words, the error's kind and its text cut short."""
    text = one_line(str(exc))
    text = text if len(text) <= 120 else text[:119] + "…"
    return one_line(t("reliab.err.internal", lang, error=f"{type(exc).__name__}{_colon(lang)}{text}"))
