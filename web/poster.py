"""The first screen before Python starts (issue 15): the setup screen — roster, arena preview, Start — drawn
at build time in CPython by the page's own drawing functions, so the page shows it within a fraction of a
second while Pyodide boots, and Python's first drawing replaces it with the same markup.

``python -m web.poster`` prints a JSON object: a poster's name (``index`` fills ``{{poster:index}}`` in
``static/index.html``) and the HTML that ``build.py``'s ``render_posters()`` puts in its place. A page's
poster is one ``<template>`` per language and part (``poster-game-en``, ``poster-arena-fr``…); the page's
inline script copies the one for its language in, and marks ``<html data-state="poster">``.

>>> parts = index_parts("fr")
>>> 'data-screen="setup"' in parts["game"], 'id="character0"' in parts["game"], "arena-svg" in parts["arena"]
(True, True, True)
>>> "Commencer le duel" in parts["game"]
True
"""

from __future__ import annotations

import json
import sys
from html import escape

from web.game.app import App
from web.i18n import LANGS


def index_parts(lang: str) -> dict[str, str]:
    """The game area and the arena preview of ``index.html``'s first screen in ``lang``: what
    ``web/game/browser.py`` draws at mount for a visitor with no saved duel and no replay link."""
    app = App(lang=lang)
    return {"game": app.render(), "arena": app.render_preview()}


def templates(page: str, parts_of: dict[str, dict[str, str]]) -> str:
    """One ``<template id="poster-{part}-{lang}">`` per part and language."""
    return "".join(
        f'<template id="poster-{escape(part)}-{escape(lang)}" data-poster="{escape(page)}">{html}</template>'
        for lang, parts in parts_of.items()
        for part, html in parts.items()
    )


#: The posters of the site: the name of the ``{{poster:NAME}}`` placeholder each fills, and its maker.
POSTERS = {
    "index": lambda: templates("index", {lang: index_parts(lang) for lang in LANGS}),
}


def render_all() -> dict[str, str]:
    return {name: make() for name, make in POSTERS.items()}


if __name__ == "__main__":
    json.dump(render_all(), sys.stdout, ensure_ascii=False)
