"""The browser glue of the game (PyScript): forwards clicks, keys and forms to ``App``, draws what it returns,
keeps the save in localStorage where storage works, and lets the computer think in short slices.

Only this module and ``web/main.py`` touch the DOM; everything they call is plain Python tested in CPython.
Pyodide runs on the page's main thread, so the computer's decisions are made in slices of a few
milliseconds between two frames (``setTimeout``): the page never freezes.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from typing import Any

from pyodide.ffi import create_proxy  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

from web.game import persistence, refusals
from web.game.app import App, decode_fragment, notice_inner
from web.game.persistence import SAVE_KEY
from web.game.session import SaveError
from web.i18n import t
from web.lesson import PROGRESS_KEY, parse_progress
from web.patching import put

SLICE_S = 0.02
#: A replay being watched (``App.replay_tick``): one decision this often.
REPLAY_STEP_MS = 700
TEXT_INPUTS = ("INPUT", "TEXTAREA", "SELECT")

app: App
root: Any
live: Any
_proxies: list[Any] = []
_pumping = False


def found(x: Any) -> bool:
    """Whether a DOM lookup found something: JavaScript's null arrives as ``JsNull``, not ``None``."""
    return x is not None and type(x).__name__ not in ("JsNull", "JsUndefined")


def attr(el: Any, name: str) -> str | None:
    """An attribute's value, or None (a missing ``dataset`` key is an AttributeError on a JsProxy)."""
    if not found(el) or not hasattr(el, "getAttribute"):
        return None
    v = el.getAttribute(name)
    return str(v) if found(v) else None


def _storage() -> Any:
    """localStorage, or None where the browser refuses it (a sandboxed or cross-site iframe)."""
    if attr(document.documentElement, "data-storage") == "memory":
        return None
    try:
        store = window.localStorage
        store.setItem("mageduel.probe", "1")
        store.removeItem("mageduel.probe")
        return store
    except Exception:  # noqa: BLE001 - SecurityError and friends: play on without keeping the game
        return None


def _focus_key(el: Any) -> str | None:
    if not found(el) or not hasattr(el, "getAttribute"):
        return None
    for attr in ("data-option", "data-pick", "id", "data-act"):
        v = el.getAttribute(attr)
        if v:
            return f'[{attr}="{v}"]' if attr != "id" else f"#{v}"
    kept = el.closest("details[data-keep]") if getattr(el, "tagName", "") == "SUMMARY" else None
    if found(kept):  # an AC's parts being read (issue 12): the same disclosure after the redraw
        return f'details[data-keep="{kept.getAttribute("data-keep")}"] > summary'
    return None


def _kept_open() -> list[str]:
    """The disclosures a reader opened (an AC's parts), to open again after a redraw."""
    return [str(d.getAttribute("data-keep")) for d in root.querySelectorAll("details[data-keep][open]")]


def _reopen(keys: list[str]) -> None:
    for k in keys:
        el = root.querySelector(f'details[data-keep="{k}"]')
        if found(el):
            el.open = True


def draw(later: bool = False) -> None:
    """Draw the game, keeping the keyboard focus where it was, or on the screen's first choice. ``later``
    (a drawing of the computer's move): the focus moves at the next frame (:func:`_settle`)."""
    _pending_focus.clear()  # a focus still waiting for its frame belongs to the screen drawn over
    active = document.activeElement
    inside = found(active) and root.contains(active)
    # Focus stays put in the log, the filters and the preferences; after a decision it moves to the next
    # decision's first choice, so a keyboard player carries on without hunting for it.
    keep = inside and found(
        active.closest(
            ".log, .prefs, .pref-inline, .setup, .chars, .keys-box, .clause-box, .counter-chooser,"
            " .embed-box, .replay-scrub"
        )
    )
    key = _focus_key(active) if keep else None
    html = _timed("mageduel:render", app.render)
    opened = _kept_open()
    _timed("mageduel:dom", put, root, html)
    _reopen(opened)
    screen = root.querySelector("[data-screen]")
    document.documentElement.dataset.screen = attr(screen, "data-screen") or ""
    arena = document.getElementById("arena")
    if found(arena):
        arena.hidden = app.session is not None or app.tutor is not None
        if app.session is None and app.tutor is None:
            arena.innerHTML = app.render_preview()
    target = None
    if key:
        try:
            target = root.querySelector(key)
        except Exception:  # noqa: BLE001 - a selector we could not build: fall back to autofocus
            target = None
    first_choice = not found(target) and not app.automatic()
    if first_choice:
        # The screen's first choice, when someone is to choose on it. While the computer plays there is
        # none to take: moving the focus then would only make the browser lay out the new screen in the
        # middle of this task (30-40 ms for a duel's first screen), where the frame does it anyway.
        target = root.querySelector("[data-autofocus]")
    moved = found(target) and not target.isSameNode(document.activeElement)
    if moved and (inside or app.session is not None):
        if later and first_choice:
            # Focusing lays the new screen out at once, in this task (16-26 ms for the end screen on a
            # slow machine, whose drawing is the longest of a computer duel's). At the next frame the
            # browser lays it out anyway, so the focus moves there (issue 15, goal 3).
            _pending_focus.append(target)
        else:
            _timed("mageduel:focus", target.focus, _options())
    # The log shows its newest line: scrolled at the next frame, so reading scrollHeight does not force a
    # layout of the whole page in the middle of this task (the frame lays it out once anyway).
    window.requestAnimationFrame(_scroll_log_proxy)
    # The live region lives outside the redrawn area, so only the new lines are read out.
    said = _timed("mageduel:announce", app.announce)
    if said:
        live.textContent = said
    _timed("mageduel:effects", _effects)


def _scroll_log(_time: Any = None) -> None:
    log = root.querySelector("#log-list")
    if found(log):
        log.scrollTop = log.scrollHeight


_scroll_log_proxy = create_proxy(_scroll_log)


def _options() -> Any:
    return window.Object.fromEntries(window.Array.of(window.Array.of("preventScroll", True)))


def _effects() -> None:
    store = _storage()
    while app.effects:
        effect = app.effects.pop(0)
        kind = effect[0]
        if kind == "save" and store is not None:
            try:
                store.setItem(SAVE_KEY, effect[1])
            except Exception:  # noqa: BLE001 - quota: the game still plays, and the page says it is not kept
                app.notice = t("reliab.save.failed", app.lang)
                note = root.querySelector(".notice")
                if found(note):
                    note.innerHTML = notice_inner(app.notice)
        elif kind == "clear" and store is not None:
            store.removeItem(SAVE_KEY)
        elif kind == "lessons-progress" and store is not None:
            try:
                store.setItem(PROGRESS_KEY, effect[1])
            except Exception:  # noqa: BLE001 - quota: the lesson still plays
                pass
        elif kind == "hash":
            # The address names the lesson on screen (#lesson=2-3), without a new history entry per click.
            url = f"{window.location.pathname}{window.location.search}" + (
                f"#{effect[1]}" if effect[1] else ""
            )
            window.history.replaceState(None, "", url)
        elif kind == "copy":
            _copy(effect[1])
        elif kind == "share":
            link = f"{window.location.origin}{window.location.pathname}#{effect[1]}"
            root.dataset.shareLink = link
            _copy(link)
        elif kind == "download":
            blob = window.Blob.new([effect[2]], _opts(type="application/json"))
            url = window.URL.createObjectURL(blob)
            a = document.createElement("a")
            a.href = url
            a.download = effect[1]
            document.body.appendChild(a)
            a.click()
            a.remove()
            root.dataset.downloaded = effect[1]
        elif kind == "resume" and store is not None:
            saved = store.getItem(SAVE_KEY)
            if found(saved) and saved:
                _restore_kept(store, str(saved))
                draw()


def _opts(**kw: Any) -> Any:
    return window.Object.fromEntries(window.Array.of(*[window.Array.of(k, v) for k, v in kw.items()]))


def _copy(text: str) -> None:
    root.dataset.copied = text
    try:
        window.navigator.clipboard.writeText(text)
    except Exception:  # noqa: BLE001 - no clipboard (insecure context): the text is still in data-copied
        pass


def _timed(name: str, fn: Any, *args: Any) -> Any:
    """Run ``fn`` under a User Timing measure (``mageduel:think``, ``mageduel:draw``…): DevTools shows them,
    and ``build.py bench`` reads them to say how long the page's main thread was held, and by what."""
    start = window.performance.now()
    try:
        return fn(*args)
    finally:
        window.performance.measure(name, _opts(start=start, end=window.performance.now()))


def act(name: str, data: dict[str, str]) -> None:
    start = window.performance.now()
    session, tutor = app.session, app.tutor
    try:
        _timed("mageduel:act", app.handle, name, data)
    except Exception as exc:  # noqa: BLE001 - a bug must not freeze the game silently: say it, keep the duel
        app.notice = f"{type(exc).__name__}: {exc}"
        window.console.error(str(exc))
    elsewhere = app.session is not session or app.tutor is not tutor
    if window.performance.now() - start > SLICE_S * 1000 or elsewhere:
        # A click that held the main thread for a slice already, or that opens another screen (Start, a
        # lesson, Back to the setup): its drawing is a task of its own, so the two never make one long task
        # together (issue 15, goal 3). A new screen drawn inside the click's task was also laid out inside
        # it, the browser updating what the pointer hovers (20-30 ms for a duel's first screen). Until it is
        # drawn the game is busy, as while the computer thinks.
        root.dataset.thinking = "true"
        window.setTimeout(_drawn_proxy, 0)
    else:
        _drawn()


def _drawn() -> None:
    _timed("mageduel:draw", draw)
    if not _pumping:
        root.dataset.thinking = "false"
    schedule()
    _watch()


def _watch() -> None:
    """While a replay is being watched, its next decision after :data:`REPLAY_STEP_MS` (one timer at most)."""
    global _watching
    if app.replay_playing and _watching is None:
        _watching = window.setTimeout(_watch_tick_proxy, REPLAY_STEP_MS)


def _watch_tick() -> None:
    global _watching
    _watching = None
    if not app.replay_playing:
        return  # paused since (a drag of the slider waits for its change to be drawn)
    try:
        app.replay_tick()
    except Exception as exc:  # noqa: BLE001 - shown, not swallowed; the replay stops where it stood
        app.notice = f"{type(exc).__name__}: {exc}"
        app.replay_playing = False
        window.console.error(str(exc))
    _timed("mageduel:draw", draw, True)
    _watch()


def schedule() -> None:
    """Let the computer decide in slices between frames until a person must decide."""
    global _pumping
    if _pumping or not app.automatic():
        return
    _pumping = True
    root.dataset.thinking = "true"
    window.setTimeout(_pump_proxy, 0)


def _pump() -> None:
    """One slice of the computer's thinking; the drawing of what it did is a task of its own (``_shown``),
    so the page's main thread is never held for a slice and a redraw together."""
    global _more
    try:
        _more = _timed("mageduel:think", app.pump, SLICE_S)
    except Exception as exc:  # noqa: BLE001 - shown, not swallowed; the duel stays as it was
        app.notice = f"{type(exc).__name__}: {exc}"
        window.console.error(str(exc))
        _more = False
    window.setTimeout(_shown_proxy, 0)


def _shown() -> None:
    global _pumping
    _timed("mageduel:draw", draw, True)
    if _more:
        window.setTimeout(_pump_proxy, 0)
    else:
        _pumping = False
        window.requestAnimationFrame(_settle_proxy)


def _settle(_time: Any = None) -> None:
    """The frame after the computer's last move: the focus goes to the person's first choice, and the page
    says it is no longer thinking (``data-thinking``: what the tests wait for) once the focus is there."""
    target = _pending_focus.pop() if _pending_focus else None
    if target is not None and target.isConnected:
        _timed("mageduel:focus", target.focus, _options())
    if not _pumping:
        root.dataset.thinking = "false"


_more = False
#: The element :func:`draw` left to be focused at the next frame (none, or one).
_pending_focus: list[Any] = []
_drawn_proxy = create_proxy(_drawn)
_watch_tick_proxy = create_proxy(_watch_tick)
_watching: Any = None
_pump_proxy = create_proxy(_pump)
_shown_proxy = create_proxy(_shown)
_settle_proxy = create_proxy(_settle)


def _data(el: Any) -> dict[str, str]:
    out = {}
    ds = el.dataset
    for k in window.Object.keys(ds):
        out[k] = getattr(ds, k)
    return out


def _form_data(form: Any) -> dict[str, str]:
    out: dict[str, str] = {}
    for el in form.elements:
        name = el.name
        if not name:
            continue
        if el.type in ("radio", "checkbox") and not el.checked:
            continue
        out[name] = el.value
    return out


def _floor_click(event: Any) -> bool:
    """A click on the zone's floor in one's turn: the point in feet (y grows north, as in the engine)."""
    svg = event.target.closest("svg.arena-svg")
    if not found(svg) or not found(
        root.querySelector(
            '.decision.turn [data-option^="move "], .decision.turn [data-option^="step "], '
            '.decision.turn [data-act="aim-point"]'
        )
    ):
        return False
    pt = svg.createSVGPoint()
    pt.x, pt.y = event.clientX, event.clientY
    p = pt.matrixTransform(svg.getScreenCTM().inverse())
    w = float(attr(svg, "data-zone-width") or 0)
    if not (0 <= p.x <= w and 0 <= p.y <= w):
        return False
    # The drawing is in the ground's own feet; a plain duel's ground has its corner elsewhere (board.Ground).
    ox, oy = (float(v) for v in (attr(svg, "data-origin") or "0 0").split())
    act("move-to", {"x": str(p.x + ox), "y": str(w - p.y + oy)})
    return True


def _submit(form: Any) -> None:
    """Send a form of the game straight to ``App``: a sandboxed frame without ``allow-forms`` (a wiki's
    embed) blocks form submission before any submit event, so the page never relies on one."""
    act(attr(form, "data-act") or "", _form_data(form))


def on_click(event: Any) -> None:
    el = event.target.closest("[data-act]")
    if not found(el) and _floor_click(event):
        return
    if found(el) and el.tagName == "FORM" and root.contains(el):
        if found(event.target.closest('button[type="submit"], input[type="submit"]')):
            event.preventDefault()
            _submit(el)
        return
    if not found(el) or not root.contains(el):
        return
    if el.tagName == "INPUT":
        return  # radios report through "change"
    event.preventDefault()
    act(attr(el, "data-act") or "", _data(el))


def on_change(event: Any) -> None:
    el = event.target
    if el.tagName in ("INPUT", "SELECT") and attr(el, "data-act"):
        act(attr(el, "data-act") or "", {**_data(el), "value": str(el.value)})
        return
    form = el.closest("form")
    if found(form) and attr(form, "data-act") == "start":
        app.read_form(_form_data(form))
        if found(el.closest("details.terms")):
            app.form.terms_open = True  # its own selects redraw the form: keep the box open
        # Redraw for what changes the form (the kind, a character's tagline) — never for a text field, whose
        # change fires on blur, i.e. in the middle of the click on "Start" that would then hit a stale button.
        if el.tagName == "SELECT" or el.type == "radio":
            draw()


def on_input(event: Any) -> None:
    el = event.target
    if attr(el, "data-act") == "seek":
        # The replay's slider being dragged takes over from the watching, with no redraw until it is let go
        # (its change): a redraw would put a fresh slider under the pointer and lose the drag.
        app.replay_playing = False
    live = attr(el, "data-live")
    if live:
        out = document.getElementById(live)
        if found(out):
            out.textContent = el.value


def on_submit(event: Any) -> None:
    form = event.target
    event.preventDefault()
    if attr(form, "data-act"):
        act(attr(form, "data-act") or "", _form_data(form))


def on_key(event: Any) -> None:
    if event.ctrlKey or event.metaKey or event.altKey:
        return
    target = event.target
    key = event.key
    tag = getattr(target, "tagName", "") if found(target) else ""
    # Shortcuts stay off while typing (text, numbers, lists); a slider or a radio button is not typing.
    typing = tag in TEXT_INPUTS and not (tag == "INPUT" and target.type in ("range", "radio", "checkbox"))
    fills_in = tag == "INPUT" and target.type not in ("radio", "checkbox", "button", "submit")
    form = target.form if fills_in else None
    if key == "Enter" and found(form) and attr(form, "data-act") and root.contains(form):
        event.preventDefault()
        _submit(form)  # a slider has no implicit submission, and a sandboxed frame may block it: Enter sends
        return
    if typing and key != "Escape":
        return
    if key == "l":
        log = root.querySelector("#log-list")
        if found(log):
            log.focus()
            event.preventDefault()
        return
    if key == "Enter" and getattr(target, "tagName", "") == "BUTTON":
        return  # the focused button's own click
    # Named keys up to "Escape", and the arrows (an area spell's aimed point moves with them).
    el = root.querySelector(f'[data-key="{key}"]') if len(key) <= 6 or key.startswith("Arrow") else None
    if found(el):
        event.preventDefault()
        el.click()


def on_lang(event: Any) -> None:
    app.lang = str(event.detail)
    draw()


def _listen(target: Any, name: str, fn: Any) -> None:
    proxy = create_proxy(fn)
    _proxies.append(proxy)
    target.addEventListener(name, proxy)


def mount(element_id: str = "game") -> App:
    """Start the game in ``#game``: restore a replay link or the saved duel, draw, and listen."""
    global app, root, live
    root = document.getElementById(element_id)
    live = document.createElement("div")
    live.id = "game-live"
    live.className = "visually-hidden"
    live.setAttribute("aria-live", "polite")
    live.setAttribute("role", "log")
    root.after(live)
    app = App(lang=document.documentElement.lang or "en")
    app.site = str(window.location.href).split("#")[0].split("?")[0].rsplit("/", 1)[0]  # for Share → Embed
    store = _storage()
    app.storage = store is not None
    hash_ = str(window.location.hash or "")
    if store is not None:
        kept = store.getItem(PROGRESS_KEY)
        app.lesson_progress = parse_progress(str(kept) if found(kept) else None)
    if hash_.startswith("#lesson=") or hash_ == "#lessons":
        # A linked lesson (issue 13); the duel kept from the last visit waits behind it.
        app.on_lesson({"do": "open", "ref": hash_[len("#lesson=") :]} if "=" in hash_ else {"do": "menu"})
        app.effects.clear()
        if store is not None:
            saved = store.getItem(SAVE_KEY)
            if found(saved) and saved:
                _restore_kept(store, str(saved))
    elif hash_.startswith("#replay="):
        _open_link(store, hash_)
    elif store is not None:
        saved = store.getItem(SAVE_KEY)
        if found(saved) and saved:
            _restore_kept(store, str(saved))
    gc.callbacks.append(_gc_timed)
    _listen(root, "click", on_click)
    _listen(root, "change", on_change)
    _listen(root, "input", on_input)
    _listen(root, "submit", on_submit)
    _listen(document, "keydown", on_key)
    _listen(document, "mageduel:lang", on_lang)
    try:
        draw()
    except Exception as exc:  # noqa: BLE001 - a restored game that cannot even be drawn: set aside, start clean
        if app.session is None:
            raise
        why = refusals.internal(exc, app.lang)
        _refuse(store, app.session.save_json(), "save.bad", why, kept=not app.session.replaying)
        draw()
    schedule()
    window.setTimeout(_warm_proxy, 300)  # after the page is ready, not on its way there
    return app


def _refuse(store: Any, text: str, key: str, why: str, kept: bool) -> None:
    """A save or link that would not load: set aside (kept under another key, offered for download), the
    kept save removed so that a reload starts clean (never a crash loop), and the notice says why."""
    app.session = None
    app.set_aside = text
    app.set_aside_stored = persistence.set_aside(store, text)
    app.notice = t(key, app.lang, why=why)
    if kept and store is not None:
        try:
            store.removeItem(SAVE_KEY)
        except Exception:  # noqa: BLE001 - a store that refuses even this: the set-aside copy is in memory
            pass


def _restore_kept(store: Any, saved: str) -> None:
    """The duel this browser keeps: restored, or set aside with a notice."""
    try:
        why = app.resume_kept(saved)
    except Exception as exc:  # noqa: BLE001 - whatever goes wrong, the page starts clean
        why = refusals.internal(exc, app.lang)
    if why:
        _refuse(store, saved, "save.bad", why, kept=True)


def _open_link(store: Any, fragment: str) -> None:
    """A ``#replay=`` link: the replay, or the notice and the link's text set aside. The duel this browser
    keeps is left alone (``app.kept``: "New duel" and "Play on" ask before replacing it)."""
    text = fragment
    try:
        body, step = persistence.link_parts(fragment)
        text = decode_fragment(body)
        why = app.open_link(text, step)
    except SaveError as exc:
        why = exc.said(app.lang)
    except Exception as exc:  # noqa: BLE001 - whatever goes wrong, the page starts clean
        why = refusals.internal(exc, app.lang)
    if why:
        _refuse(store, text, "replay.bad", why, kept=False)
        try:  # a reload then opens the page, not the same bad link again
            window.history.replaceState(None, "", window.location.pathname + window.location.search)
        except Exception:  # noqa: BLE001 - an opaque-origin frame may refuse it: the notice still shows
            pass
    if store is not None:
        kept = store.getItem(SAVE_KEY)
        # The kept duel is not this link's: the setup offers to resume it, and nothing replaces it unasked.
        app.kept = app.can_resume = found(kept) and bool(kept)


def _warm_plan() -> Iterator[str]:
    """The warm-up, step by step (see ``App.warming``), then the collector's clean-up."""
    if app.session is None:
        yield from app.warming()
    # Everything loaded so far (the engine, its spell catalogue, pydantic) lives as long as the page: moved
    # out of the collector's sight, a collection no longer walks it in the middle of a computer's turn (tens
    # of milliseconds each time under Pyodide before). Frozen without a collection first: under Pyodide's
    # Python 3.14 even a young one takes 50 ms here, against 11 for the freeze (the warm-up's few cycles,
    # its throwaway duel, stay in memory).
    gc.freeze()
    yield "freeze"


def _warm() -> None:
    """One step of the warm-up per task, started once the page is ready: the main thread is never held for
    long while the player reads the setup form (issue 15, goal 3)."""
    global _warming
    if _warming is None:
        _warming = _warm_plan()
    start = window.performance.now()
    try:
        step = next(_warming, None)
    except Exception as exc:  # noqa: BLE001 - a warm-up that fails costs speed, never the page
        window.console.error(f"warm-up: {exc}")
        step = None
    # Each step under its own name (``mageduel:warm views``…), for DevTools and ``build.py bench``.
    window.performance.measure(
        f"mageduel:warm {step or 'end'}", _opts(start=start, end=window.performance.now())
    )
    if step is not None:
        window.setTimeout(_warm_proxy, 0)


_warming: Iterator[str] | None = None
_warm_proxy = create_proxy(_warm)
_gc_start = 0.0


def _gc_timed(phase: str, info: dict[str, int]) -> None:
    """Each of Python's collections under a measure (``mageduel:gc``, its generation as the detail), so that
    a task the collector lengthened says so in DevTools and in ``build.py bench``."""
    global _gc_start
    if phase == "start":
        _gc_start = window.performance.now()
    else:
        when = _opts(start=_gc_start, end=window.performance.now(), detail=info.get("generation", -1))
        window.performance.measure("mageduel:gc", when)
