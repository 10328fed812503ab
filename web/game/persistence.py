"""Saves and links that cannot hurt the page (issue 11).

Whatever the browser's storage or a share link holds, loading it ends in one of two ways: a session, or a
:class:`~web.game.session.SaveError` whose message is one line naming what is wrong. Never a traceback,
never a crash loop: the page sets the bad text aside (:data:`SET_ASIDE_KEY`), offers it for download and
starts clean with a notice in the reader's language.

- :func:`link_parts` splits a link's ``#replay=…&step=N`` into its replay and the step it opens at;
- :func:`decode_link` inflates ``#replay=…`` to at most :data:`mageduel.bounds.MAX_LINK` bytes, stopping
  there (a 1.5 MB link that inflates to 1.2 GB is refused after reading 1 MB of it);
- :func:`load` reads the save through :func:`mageduel.bounds.load_json` (finite numbers, depth, size)
  before pydantic sees it, then checks the setup against the game (``Save``'s own validator) and replays
  it; any error at all becomes a :class:`SaveError`, its reason worded in the reader's language
  (``web.game.refusals``).

The same bounds as ``python -m mageduel`` (``mageduel.bounds``): same rules in the command line and the page.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from typing import TYPE_CHECKING
from urllib.parse import parse_qsl

from mageduel import MAX_LINK, BoundsError, cut, load_json, one_line, refusal
from pydantic import ValidationError

from web.game import refusals
from web.game.session import Save, SaveError, Session

if TYPE_CHECKING:
    from typing import Any

#: Where the page keeps the duel being played.
SAVE_KEY = "mageduel.save"
#: Where a save or a link that would not load is kept, to download (never loaded again by itself).
SET_ASIDE_KEY = "mageduel.set-aside"
#: The file name the set-aside text downloads as.
SET_ASIDE_FILE = "mageduel-set-aside.json"
#: The longest ``#replay=`` fragment read: base64 of a deflated save that inflates to at most MAX_LINK.
MAX_FRAGMENT = 2 * MAX_LINK


def link_parts(fragment: str) -> tuple[str, str | None]:
    """A link's fragment as its replay and the step it opens at (None when it names none), as the
    widget's links write them.

    >>> link_parts("#replay=eJyr&step=12")
    ('replay=eJyr', '12')
    >>> link_parts("#replay=eJyr")
    ('replay=eJyr', None)
    """
    body, _, rest = fragment.lstrip("#").partition("&")
    return body, dict(parse_qsl(rest, keep_blank_values=True)).get("step")  # the last given, as the widget


def decode_link(fragment: str) -> str:
    """The save JSON from ``#replay=...`` (a ``&step=N`` after it is the page's: :func:`link_parts`);
    raises :class:`SaveError` if it is not one, or inflates to more than :data:`MAX_LINK` bytes (checked
    while inflating, so a zip bomb stops at the limit)."""
    body = link_parts(fragment)[0]
    if not body.startswith("replay="):
        raise SaveError("the link holds no replay", "save.err.nolink")
    data = body[len("replay=") :]
    if len(data) > MAX_FRAGMENT:
        raise SaveError(
            f"the link is {len(data):,} characters long, more than a replay link may be",
            "reliab.link.long",
            size=f"{len(data):,}",
        )
    try:
        packed = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_LINK + 1)  # stops there: never the whole 1.2 GB
        big = len(raw) > MAX_LINK or bool(inflater.unconsumed_tail)
        if not big and not inflater.eof:
            raise zlib.error("incomplete or truncated stream")
        text = "" if big else raw.decode("utf-8")
    except (ValueError, binascii.Error, zlib.error, UnicodeDecodeError) as exc:
        why = f"the replay in the link is damaged ({cut(str(exc), 60)})"
        raise SaveError(why, "save.err.damaged") from None
    if big:
        raise SaveError(
            f"the replay in the link inflates to more than {MAX_LINK:,} bytes",
            "reliab.link.big",
            limit=f"{MAX_LINK:,}",
        )
    return text


def load(text: str, replay: bool = False, lang: str = "en") -> Session:
    """A session from a save's JSON (the kept game, or a link's). Raises :class:`SaveError` with one line
    naming the field or the bad step; nothing else escapes, whatever ``text`` holds."""
    try:
        data = load_json(text, "save", limit=MAX_LINK)
    except BoundsError as exc:
        raise SaveError(str(exc), "save.err.fields", fields=refusals.bound(exc, lang)) from None
    try:
        saved = Save.model_validate(data)
    except ValidationError as exc:
        raise SaveError(refusal(exc, "save"), "save.err.fields", fields=refusals.fields(exc, lang)) from None
    except RecursionError as exc:
        line = "invalid save: nested too deep"
        raise SaveError(line, "save.err.fields", fields=refusals.internal(exc, lang)) from None
    try:
        return Session.from_save(saved, replay)
    except SaveError:
        raise
    except Exception as exc:  # noqa: BLE001 - the engine refusing a save must never reach the page as a crash
        line = one_line(f"the duel cannot be rebuilt: {type(exc).__name__}: {cut(str(exc), 120)}")
        raise SaveError(line, "save.err.unreadable", reason=line) from None


def set_aside(store: Any, text: str) -> bool:
    """Keep ``text`` (a save or a link that would not load) under :data:`SET_ASIDE_KEY`, to download; False
    when storage refuses it (too big, blocked): the page then offers it for download from memory only."""
    if store is None:
        return False
    try:
        store.setItem(SET_ASIDE_KEY, text)
    except Exception:  # noqa: BLE001 - quota or a blocked store: the text stays in memory for this visit
        return False
    return True
