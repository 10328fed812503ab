"""Browser glue under PyScript: draw the arena from the engine, mount the game, follow the language switch.

boot.js owns the language (``<html lang>``) and announces changes with a ``mageduel:lang`` event; this
module redraws on it, and sets ``data-ready="true"`` once the first drawing is on the page.
"""

# ruff: noqa: E402 - the precompiled code goes in before any import that would compile it

from web import precompiled

precompiled.install()  # issue 15: what the stdlib compiles from strings comes compiled (web/precompiled.py)

from js import CustomEvent, Object
from pyodide.ffi import create_proxy, to_js
from pyscript import document

from web import arena
from web.arena_view import default_view
from web.game.browser import mount
from web.i18n import LANGS


def current_lang() -> str:
    lang = document.documentElement.lang
    return lang if lang in LANGS else "en"


def announce_stage(key: str) -> None:
    detail = to_js({"detail": key}, dict_converter=Object.fromEntries)
    document.dispatchEvent(CustomEvent.new("mageduel:stage", detail))


def draw(_event: object = None) -> None:
    document.getElementById("arena").innerHTML = arena.render(default_view(current_lang()), current_lang())


announce_stage("loading.engine")
draw()
document.addEventListener("mageduel:lang", create_proxy(draw))
# The game (web/game): the setup screen, or the duel kept from the last visit, or a shared replay. It redraws
# the arena above as the preview of the duellists chosen in the setup form.
mount()
document.documentElement.dataset.ready = "true"
