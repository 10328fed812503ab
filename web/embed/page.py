"""The widget's glue under PyScript (``embed.html``, started by ``static/embed.js`` on the first press).

Reads the parameters with the pydantic model (the boot script has already shown any bad one), takes over
the frame, does the control that was pressed, then answers the controls, the arrow keys, autoplay, and —
in ``try`` mode — the reader's decisions and the computer's, in short slices so the frame never freezes.
"""

# ruff: noqa: E402 - the precompiled code goes in before any import that would compile it

from web import precompiled

precompiled.install()  # issue 15: what the stdlib compiles from strings comes compiled (web/precompiled.py)

from typing import Any

from pyodide.ffi import create_proxy  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

from web.embed.params import problem_text, read
from web.embed.viewer import Viewer
from web.lesson import DIGITS
from web.patching import put

AUTOPLAY_MS = 1100
SLICE_S = 0.02

root = document.documentElement
widget = document.getElementById("widget")
viewer = Viewer(read(str(window.location.search), str(window.location.hash)), str(root.lang) or "en")
_proxies: list[Any] = []
_timer: Any = None
_pumping = False


def found(x: Any) -> bool:
    return x is not None and type(x).__name__ not in ("JsNull", "JsUndefined")


def draw() -> None:
    # Only what changed: a control pressed from the keyboard keeps the focus, step after step. The bar is
    # drawn anew when its step changes, so it is given the focus back.
    active = document.activeElement
    scrubbing = found(active) and bool(active.matches(".w-scrub"))
    put(widget, viewer.render())
    if scrubbing:
        bar = widget.querySelector(".w-scrub")
        if found(bar):
            bar.focus()
    root.dataset.mode = "try" if viewer.app is not None else "watch"
    if viewer.app is None and viewer.lesson is None:
        window.mageduelKeepStep(viewer.step)


def act(action: str) -> None:
    """A widget control (start, back, play, next, end, try, watch)."""
    global _timer
    viewer.act(action)
    if viewer.playing and _timer is None:
        _timer = window.setTimeout(_tick_proxy, AUTOPLAY_MS)
    draw()
    schedule()


def _tick() -> None:
    global _timer
    _timer = None
    if not viewer.playing:
        return  # paused since (a drag of the bar is drawn when it is let go, not under the pointer)
    more = viewer.tick()
    draw()
    if more:
        _timer = window.setTimeout(_tick_proxy, AUTOPLAY_MS)


def schedule() -> None:
    """In try mode, let the computer decide in slices between frames until the reader must."""
    global _pumping
    app = viewer.app
    if _pumping:
        return
    if viewer.lesson is not None:
        if not viewer.lesson.busy():  # a long level's automatic decisions, in slices
            return
    elif app is None or app.session is None or not app.session.automatic():
        return
    _pumping = True
    window.setTimeout(_pump_proxy, 0)


def _pump() -> None:
    global _pumping
    try:
        more = viewer.pump(SLICE_S)
    except Exception as exc:  # noqa: BLE001 - shown, not swallowed; the duel stays as it was
        if viewer.app is not None:
            viewer.app.notice = f"{type(exc).__name__}: {exc}"
        window.mageduelEmbed.say(f"{type(exc).__name__}: {exc}")
        more = False
    draw()
    if more:
        window.setTimeout(_pump_proxy, 0)
    else:
        _pumping = False


def _data(el: Any) -> dict[str, str]:
    ds = el.dataset
    return {str(k): str(getattr(ds, k)) for k in window.Object.keys(ds)}


def on_click(event: Any) -> None:
    el = event.target.closest("[data-action], [data-act]")
    if not found(el) or not widget.contains(el):
        return
    if el.tagName == "INPUT":
        return  # the bar reports through its change (on_change)
    action = el.getAttribute("data-action")
    if found(action) and action:
        if str(action) != "open":
            event.preventDefault()
            act(str(action))
        return
    event.preventDefault()
    try:
        viewer.handle(str(el.getAttribute("data-act")), _data(el))
    except Exception as exc:  # noqa: BLE001 - a bug must not freeze the duel: say it, keep it
        if viewer.app is not None:
            viewer.app.notice = f"{type(exc).__name__}: {exc}"
    draw()
    schedule()


def on_change(event: Any) -> None:
    """The bar let go at a step (or moved by its keys): that step."""
    if event.target.matches(".w-scrub"):
        act(f"at:{event.target.value}")


def on_input(event: Any) -> None:
    """The bar being dragged stops the autoplay, with no redraw before it is let go: a redraw would put a
    fresh bar under the pointer and lose the drag."""
    if event.target.matches(".w-scrub"):
        viewer.playing = False


def on_lesson_key(event: Any) -> None:
    """In a lesson, a digit picks that choice and h asks for the hint (the page's lesson keys)."""
    key = str(event.key).lower()
    if key not in DIGITS and key != "h":
        return
    button = widget.querySelector(f'[data-act="lesson"][data-key="{key}"]')
    if key == "h":
        button = widget.querySelector('[data-act="lesson"][data-do="hint"]')
    if found(button):
        event.preventDefault()
        button.click()


def on_key(event: Any) -> None:
    if viewer.lesson is not None:
        if not (event.ctrlKey or event.metaKey or event.altKey):
            on_lesson_key(event)
        return
    if event.ctrlKey or event.metaKey or event.altKey or viewer.app is not None:
        return
    if found(event.target) and event.target.matches(".w-scrub"):
        return  # a focused bar moves itself, and says so through its change
    action = {"ArrowRight": "next", "ArrowLeft": "back", " ": "play"}.get(str(event.key))
    if action:
        event.preventDefault()
        act(action)


def _listen(target: Any, name: str, fn: Any) -> None:
    proxy = create_proxy(fn)
    _proxies.append(proxy)
    target.addEventListener(name, proxy)


_tick_proxy = create_proxy(_tick)
_pump_proxy = create_proxy(_pump)
_listen(widget, "click", on_click)
_listen(widget, "change", on_change)
_listen(widget, "input", on_input)
_listen(document, "keydown", on_key)


def show_problems() -> None:
    """What only Python can tell (a replay that does not play, a step past a replay's end), said like the
    boot script's lines: one per parameter, naming it and what is allowed."""
    shown = document.getElementById("w-problems")
    for p in viewer.problems:
        if found(shown.querySelector(f'[data-param="{p.name}"]')):
            continue
        li = document.createElement("li")
        li.dataset.param = p.name
        li.textContent = problem_text(p, viewer.lang)
        shown.append(li)
        shown.hidden = False
    window.mageduelEmbed.say(viewer.error)


show_problems()
draw()
root.dataset.state = "ready"
root.removeAttribute("data-booting")
for queued in list(window.mageduelQueue):
    act(str(queued))
window.mageduelQueue.length = 0
