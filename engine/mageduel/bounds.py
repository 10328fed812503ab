"""Bounds at every boundary: what a file, a save or a link may hold before pydantic sees it, and the one
line that refuses it.

Every input of the game (a scenario, a character sheet, a replay, a save, a share link) goes through
:func:`load_json` first: the text is at most :data:`MAX_TEXT` characters (a share link's, decompressed, at
most :data:`MAX_LINK`), nested at most :data:`MAX_DEPTH` deep, with no number that is not finite and no
integer of more than :data:`MAX_DIGITS` digits. The models then bound each field by the rules (positions and
zone sides within :data:`MAX_FEET`, names of at most :data:`MAX_NAME` characters, list lengths).

Every refusal is one line of at most :data:`MAX_LINE` characters that names the field, with the bad value
cut short (:func:`cut`), whatever the input: the command line and the page say the same. The line is English
(the command line's); a :class:`BoundsError` also carries what it says as data — ``what``, ``field``, a
``code`` from :data:`CODES` and its ``params`` — so that a page can say it again in its reader's language.

>>> load_json('{"a": [1, 2]}', "scenario")
{'a': [1, 2]}
>>> try:
...     load_json('{"zone_width": Infinity}', "scenario")
... except BoundsError as exc:
...     print(exc)
invalid scenario: zone_width: Infinity is not a finite number
"""

from __future__ import annotations

import json
import re
from typing import Any

#: The longest refusal, in characters.
MAX_LINE = 300
#: A file's text (the command line), in characters.
MAX_TEXT = 8_000_000
#: A save or a share link's JSON once decompressed (the page), in bytes.
MAX_LINK = 1_000_000
#: How deep arrays and objects may nest (a scenario with a character sheet needs about 8).
MAX_DEPTH = 32
#: The most digits an integer may have (a 64-bit seed has 20).
MAX_DIGITS = 20
#: Positions and zone sides, in feet: MD-5's largest zone, five times the product of four 20th-level
#: casters' levels (800,000 feet); nothing of the rules reaches further.
MAX_FEET = 800_000.0
#: A name (a character's, a scenario's), in characters.
MAX_NAME = 80
#: A decision of the replay notation, in characters.
MAX_DECISION = 200
#: The decisions (and scripted dice) of one replay: a 600-round four-way duel takes some tens of thousands.
MAX_DECISIONS = 200_000
#: The events of one replay's recorded log.
MAX_EVENTS = 1_000_000


#: The refusals :func:`load_json` makes, by code, with the parameters each carries (all strings).
CODES: dict[str, tuple[str, ...]] = {
    "not_utf8": ("byte",),
    "too_long": ("size", "limit"),
    "too_deep": ("depth", "limit"),
    "big_integer": ("digits", "limit"),
    "not_finite": ("value",),
    "not_json": ("line", "column"),
    "unreadable": ("error",),
}


class BoundsError(ValueError):
    """Input refused before validation; the message is one line naming the field.

    The same refusal as data: ``what`` was refused (scenario, save …), ``field`` the key that holds the bad
    value ("" when the refusal is about the whole text), ``code`` one of :data:`CODES` and ``params`` its
    values as text: counts as plain digits (the page groups them its reader's way), a bad value cut short.

    >>> try:
    ...     load_json('{"seed": 123456789012345678901}', "save")
    ... except BoundsError as exc:
    ...     print(exc.field, exc.code, exc.params)
    seed big_integer {'digits': '21', 'limit': '20'}
    """

    def __init__(
        self,
        message: str,
        what: str = "",
        field: str = "",
        code: str = "",
        params: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.what = what
        self.field = field
        self.code = code
        self.params = dict(params or {})


def cut(value: object, limit: int = 40) -> str:
    """``value`` as it would be echoed in a message, cut to about ``limit`` characters.

    >>> cut("x" * 3_000_000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (3,000,000 characters)"
    """
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{value[: limit - 6]!r}"[:-1] + f"…' ({len(value):,} characters)"
    text = repr(value)
    if len(text) <= limit:
        return text
    return text[: limit - 1] + f"… ({len(text):,} characters)"


def one_line(message: str) -> str:
    """``message`` on one line of at most :data:`MAX_LINE` characters."""
    flat = " ".join(message.split())
    return flat if len(flat) <= MAX_LINE else flat[: MAX_LINE - 1] + "…"


_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_BRACKETS = re.compile(r"[\[\]{}]")


def _depth(text: str) -> int:
    """The deepest nesting of arrays and objects in JSON ``text`` (strings skipped), without parsing it."""
    depth = deepest = 0
    for m in _BRACKETS.finditer(_STRINGS.sub("", text)):
        if m.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


class _Refused(BoundsError):
    """A number the parser's hooks refused; ``literal`` is its text, to find the field it belongs to."""

    def __init__(self, message: str, literal: str, code: str, params: dict[str, str]) -> None:
        super().__init__(message, code=code, params=params)
        self.literal = literal


def _int(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > MAX_DIGITS:
        said = {"digits": str(len(digits)), "limit": str(MAX_DIGITS)}
        raise _Refused(
            f"an integer of {len(digits):,} digits (at most {MAX_DIGITS})", text, "big_integer", said
        )
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise _Refused(f"{text[:30]} is not a finite number", text, "not_finite", {"value": text[:30]})
    return value


def _constant(text: str) -> float:
    raise _Refused(f"{text} is not a finite number", text, "not_finite", {"value": text})


def _where(text: str, literal: str) -> str:
    """The key nearest before the first occurrence of ``literal`` in the raw text: the field that holds a
    refused number (the parser's hooks do not know where they are). Empty when there is none."""
    at = text.find(literal)
    if at == -1:
        return ""
    keys = list(re.finditer(r'"([^"\\]{1,60})"\s*:', text[max(0, at - 2000) : at]))
    return keys[-1].group(1) if keys else ""


def load_json(text: str | bytes, what: str, limit: int = MAX_TEXT) -> Any:
    """Parse ``text`` as the JSON of a ``what`` (scenario, character, replay, save), within the bounds.
    Raises :class:`BoundsError` with one line naming what is wrong."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            said = {"byte": str(exc.start)}
            raise BoundsError(
                f"invalid {what}: not UTF-8 text (byte {exc.start})", what, "", "not_utf8", said
            ) from None
    if len(text) > limit:
        said = {"size": str(len(text)), "limit": str(limit)}
        raise BoundsError(
            f"invalid {what}: {len(text):,} characters, more than the {limit:,} allowed",
            what,
            "",
            "too_long",
            said,
        )
    depth = _depth(text)
    if depth > MAX_DEPTH:
        said = {"depth": str(depth), "limit": str(MAX_DEPTH)}
        raise BoundsError(
            f"invalid {what}: nested {depth} deep, more than the {MAX_DEPTH} allowed",
            what,
            "",
            "too_deep",
            said,
        )
    try:
        return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except _Refused as exc:
        field = _where(text, exc.literal)
        line = one_line(f"invalid {what}: {field + ': ' if field else ''}{exc}")
        raise BoundsError(line, what, field, exc.code, exc.params) from None
    except json.JSONDecodeError as exc:
        said = {"line": str(exc.lineno), "column": str(exc.colno)}
        raise BoundsError(
            f"invalid {what}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})",
            what,
            "",
            "not_json",
            said,
        ) from None
    except (ValueError, RecursionError) as exc:
        error = f"{type(exc).__name__}: {cut(str(exc), 80)}"
        raise BoundsError(
            one_line(f"invalid {what}: {error}"), what, "", "unreadable", {"error": error}
        ) from None


def location(loc: Any) -> str:
    """A pydantic error location as a field path (``participants.0.position.0``), without the names of the
    union members pydantic tried (``tuple[constrained-float, …]``, ``seeded``)."""
    parts = [str(p) for p in loc if not (isinstance(p, str) and ("[" in p or p.startswith("function-")))]
    return ".".join(parts) or "(top level)"


def refusal(exc: Any, what: str) -> str:
    """One line for a pydantic ``ValidationError``: each bad field with its message and value cut short,
    as many as the line holds, then how many more there are."""
    errors = exc.errors(include_url=False)
    head = f"invalid {what}: "
    said: list[str] = []
    for n, err in enumerate(errors):
        msg = " ".join(str(err.get("msg", "invalid")).split())
        msg = msg if len(msg) <= 120 else msg[:119] + "…"
        bit = f"{location(err.get('loc', ()))}: {msg}"
        if "input" in err and err.get("type") not in ("missing", "extra_forbidden", "value_error"):
            bit += f" (got {cut(err['input'], 30)})"
        rest = len(errors) - n - 1
        tail = f" (and {rest} more)" if rest else ""
        if said and len(head) + len("; ".join([*said, bit])) + len(tail) > MAX_LINE:
            return one_line(head + "; ".join(said) + f" (and {len(errors) - n} more)")
        said.append(bit)
    return one_line(head + ("; ".join(said) or "(top level)"))


__all__ = [
    "MAX_DECISION",
    "MAX_DECISIONS",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_EVENTS",
    "MAX_FEET",
    "MAX_LINE",
    "MAX_LINK",
    "MAX_NAME",
    "MAX_TEXT",
    "CODES",
    "BoundsError",
    "cut",
    "load_json",
    "location",
    "one_line",
    "refusal",
]
