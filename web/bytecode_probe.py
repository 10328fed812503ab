"""What the page imports on its way to ready and in its first duel, played at build time (issue 15).

``build.py``'s bytecode step runs :func:`run` inside Pyodide under Node.js, with the wheels the page loads
installed, then compiles every module it finds in ``sys.modules`` to bytecode: those the page will not
compile again. Everything else stays source (smaller, and compiled only if ever imported). What it
returns, the code the stdlib compiled from strings on the way, ships beside ``web/precompiled.py``. Never
shipped.
"""

from __future__ import annotations

import importlib
from types import CodeType

#: What PyScript's own Python (its ``pyscript`` package, written to the page's file system at start) and
#: the page's glue (``web/main.py``, ``web/game/browser.py``, which need a browser) import of the stdlib.
PAGE_STDLIB = ("asyncio", "base64", "collections", "functools", "gc", "html", "inspect", "io", "json", "sys")
#: What web/lazy_stdlib.py needs to fetch the rest of the stdlib: it must not be in the rest itself.
LAZY_STDLIB = ("encodings.utf_16_le", "zipimport")


def run() -> dict[tuple[str, str], CodeType]:
    """Draw the first screen, warm up as the page does, let two computers play a duel to its end, and play
    the wiki widget's replay and lesson. Returns the code the stdlib compiled from strings on the way
    (``web/precompiled.py``), recorded from where the page's entry scripts install it: first."""
    for name in (*PAGE_STDLIB, *LAZY_STDLIB):
        importlib.import_module(name)
    from web import precompiled

    recorded = precompiled.record()
    try:
        play()
    finally:
        precompiled.restore()
    return recorded


def play() -> None:
    """The page's steps: its first screen in both languages, the warm-up, a duel between two computers, the
    widget's replay and lesson."""
    from web import arena
    from web.arena_view import default_view
    from web.game.app import App

    for lang in ("en", "fr"):
        arena.render(default_view(lang), lang)
        app = App(lang=lang)
        app.render()
        app.render_preview()
    app.warm_up()
    app.handle("start", {"control0": "hard", "control1": "normal"})
    while app.session is not None and app.pump(10.0):
        app.render()
    app.render()
    # The wiki widget (embed.html, web/embed/page.py): a scenario's replay stepped to its end, and a lesson.
    from web.embed.params import read
    from web.embed.viewer import Viewer

    for query in ("?scenario=counterspell&lang=en", "?lesson=1-1&lang=fr"):
        viewer = Viewer(read(query, ""), "en")
        viewer.render()
        viewer.act("play")
        for _ in range(200):
            if not viewer.tick():
                break
            viewer.render()
