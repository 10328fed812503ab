"""The wiki widget's timings, for `python3 build.py bench` (tests/bench.py prints them beside the page's).

Time to poster: from navigation to <html data-state="poster"> (the build-time first frame painted, no
runtime). Time to ready after a click: from the press on play (the boot script's `mageduel:boot` mark) to
<html data-state="ready"> (Python runs in the widget). Cold is a fresh browser profile; warm is a second visit
in that profile (HTTP cache revalidated; service workers off). Also the bytes the poster needed.
"""

from __future__ import annotations

import statistics
from typing import Any

from tests.bench_profile import in_fresh_profile

STATE_AT = """new MutationObserver(() => {
  const s = document.documentElement.dataset.state;
  if (s === "poster" && !window.__posterAt) window.__posterAt = performance.now();
  if (s === "ready" && !window.__readyAt) window.__readyAt = performance.now();
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-state"] });"""


def _one(page, seen: list[int], url: str) -> tuple[float, float, int]:
    # The warm visit is a new navigation in the same profile (HTTP cache warm), after a blank page, so
    # the time does not include tearing down the runtime the cold visit started.
    page.goto("about:blank")
    page.wait_for_timeout(1000)
    seen.clear()
    page.goto(url)
    page.wait_for_function("window.__posterAt !== undefined", timeout=60_000)
    poster = page.evaluate("window.__posterAt")
    page.wait_for_timeout(200)
    poster_bytes = sum(seen)
    page.locator('[data-action="play"]').click()
    page.wait_for_function("window.__readyAt !== undefined", timeout=240_000)
    ready = page.evaluate("window.__readyAt - performance.getEntriesByName('mageduel:boot')[0].startTime")
    return poster, ready, poster_bytes


#: The widgets measured: a built-in scenario, and a tutorial level (its poster is a file of its own).
QUERIES = ("?scenario=counterspell&lang=en", "?lesson=1-1&lang=en")


def widget_times(
    playwright: Any, chromium: str, args: list[str], site: str, profiles: int, query: str = QUERIES[0]
) -> dict[str, list[float]]:
    url = f"{site}/embed.html{query}"
    out: dict[str, list[float]] = {
        k: [] for k in ("poster cold", "poster warm", "ready cold", "ready warm", "bytes")
    }
    for _ in range(profiles):

        def two_visits(context: Any) -> tuple[tuple[float, float, int], tuple[float, float, int]]:
            context.add_init_script(STATE_AT)
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            seen: list[int] = []
            cdp.on("Network.loadingFinished", lambda e: seen.append(int(e["encodedDataLength"])))
            return _one(page, seen, url), _one(page, seen, url)

        cold, warm = in_fresh_profile(playwright, chromium, args, two_visits, service_workers="block")
        out["poster cold"].append(cold[0])
        out["ready cold"].append(cold[1])
        out["bytes"].append(cold[2])
        out["poster warm"].append(warm[0])
        out["ready warm"].append(warm[1])
    return out


def report(r: dict[str, list[float]], profiles: int, query: str = QUERIES[0]) -> list[str]:
    def line(values: list[float]) -> str:
        return f"median {statistics.median(values):7.0f} ms  min {min(values):7.0f}  max {max(values):7.0f}"

    return [
        f"The wiki widget (embed.html{query}), {profiles} fresh profiles",
        f"  time to poster, cold: {line(r['poster cold'])}   (poster bytes {statistics.median(r['bytes']) / 1e3:.0f} kB)",
        f"  time to poster, warm: {line(r['poster warm'])}",
        f"  click play -> ready, cold: {line(r['ready cold'])}",
        f"  click play -> ready, warm: {line(r['ready warm'])}",
    ]
