"""Putting a drawing on the page (the game's screen, the widget): ``el``'s content becomes ``html`` with only
the nodes that differ touched (``static/patch.js``, which the boot scripts hand over as
``window.mageduelPatch``). What did not change stays the very same node: the zone's shimmer runs on, the
browser lays out only what changed (issue 15, goal 3), and a focused control that is drawn again keeps the
keyboard focus."""

from __future__ import annotations

from typing import Any

from pyscript import window  # type: ignore[import-not-found]


def put(el: Any, html: str) -> None:
    """``el.innerHTML = html``, touching only what differs; a page without the patcher sets it whole."""
    patch = getattr(window, "mageduelPatch", None)
    if patch is None:
        el.innerHTML = html
    else:
        patch(el, html)
