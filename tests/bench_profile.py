"""A fresh browser profile for one of the bench's page loads, run again once if the renderer crashes.

A renderer crash under load is the machine's, not the page's (the browser tests' conftest says the same and
reruns such a test once). Before this, one crash among the bench's hundred-odd loads ended the whole run
with a traceback and no figures; now the load is made again in a new profile, and only the second crash
ends the run. A load's figures are kept only once it has finished, so a crashed load leaves none behind.
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

#: What Playwright's error says when the page's renderer died.
RENDERER_CRASHES = ("Target crashed", "Page crashed")


def in_fresh_profile(
    playwright: Any, chromium: str, args: list[str], run: Callable[[Any], T], **launch: Any
) -> T:
    """``run(context)`` in a new on-disk profile (so a second load meets a real HTTP cache), headless."""
    for attempt in (1, 2):
        with tempfile.TemporaryDirectory(prefix="mageduel-bench-") as profile:
            context = playwright.chromium.launch_persistent_context(
                profile, executable_path=chromium, args=args, headless=True, **launch
            )
            try:
                return run(context)
            except Exception as exc:
                if attempt == 2 or not any(c in str(exc) for c in RENDERER_CRASHES):
                    raise
                print("  (the renderer crashed; that load is made again in a new profile)", file=sys.stderr)
            finally:
                context.close()
    raise AssertionError("unreachable")
