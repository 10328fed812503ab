"""Benchmarks (run by `python3 build.py bench`; timings live here, never in test asserts).

Page load: time from navigation to <html data-ready="true"> for our page and for the floor — a bare page that
boots Pyodide from the same vendored files, loads the same wheels through the same lock file and imports the
engine, with no PyScript and no drawing. Cold is a fresh browser profile; warm is a reload in that profile
(HTTP cache revalidated; service workers off for both pages, so the comparison is like for like). Each is
measured in N fresh profiles: median, min, max, and the bytes that crossed the network.
Engine: full duels per second in CPython with the random policy between two level-5 casters.
The computer opponent (issue 5: "answers within 100 ms and never freezes the page"): the time of one of its
decisions (its own view, ai.choose, apply) in CPython and in Pyodide (Node.js, the same runtime and wheels as
the page), and in the page itself a whole duel between two computers: the time per decision, drawing
included, and the longest task that held the page's main thread (Chromium's long tasks, over 50 ms).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

FLOOR = """<!doctype html><html data-ready="false"><head><meta charset="utf-8"><title>floor</title></head><body>
<script type="module">
const { loadPyodide } = await import("./pyodide/pyodide.mjs");
const pyodide = await loadPyodide({ packages: ["mageduel"] });
pyodide.runPython("import mageduel");
document.documentElement.dataset.ready = "true";
</script></body></html>"""

READY_AT = """new MutationObserver(() => {
  if (document.documentElement.dataset.ready === "true" && !window.__readyAt) window.__readyAt = performance.now();
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });"""

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def load(page, cdp_bytes: list[int], url: str | None) -> tuple[float, int]:
    cdp_bytes.clear()
    if url:
        page.goto(url)
    else:
        page.reload()
    page.wait_for_function("window.__readyAt !== undefined", timeout=180_000)
    ms = page.evaluate("window.__readyAt")
    page.wait_for_timeout(300)  # let the last loadingFinished events arrive
    return ms, sum(cdp_bytes)


def measure(playwright, chromium: str, url: str, profiles: int) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {"cold": [], "warm": [], "cold_bytes": [], "warm_bytes": []}
    for _ in range(profiles):
        # A fresh on-disk profile, so the warm load meets a real HTTP cache.
        with tempfile.TemporaryDirectory(prefix="mageduel-bench-") as profile:
            context = playwright.chromium.launch_persistent_context(
                profile, executable_path=chromium, args=ARGS, headless=True, service_workers="block"
            )
            measure_profile(context, url, out)
            context.close()
    return out


def measure_profile(context, url: str, out: dict[str, list[float]]) -> None:
    context.add_init_script(READY_AT)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    seen: list[int] = []
    cdp.on("Network.loadingFinished", lambda e, seen=seen: seen.append(int(e["encodedDataLength"])))
    ms, size = load(page, seen, url)
    out["cold"].append(ms)
    out["cold_bytes"].append(size)
    ms, size = load(page, seen, None)
    out["warm"].append(ms)
    out["warm_bytes"].append(size)


PYODIDE_RUN = """import path from "node:path";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const dir = path.resolve(process.argv[2]);
const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: dir + path.sep });
const lock = JSON.parse(readFileSync(path.join(dir, "pyodide-lock.json"), "utf8"));
await pyodide.loadPackage(Object.keys(lock.packages), { messageCallback: () => {} });
console.log(await pyodide.runPythonAsync(process.argv[3]));
"""

AI_IN_PYODIDE = """import json, platform
from mageduel.bench import ai_decision_times
json.dumps({"python": platform.python_version(), **{lvl: ai_decision_times(lvl) for lvl in ("normal", "hard")}})"""

LONG_TASKS = """window.__long = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__long.push(e.duration); })
  .observe({ type: "longtask", buffered: true });"""


def ai_line(name: str, r: dict[str, float]) -> str:
    return (
        f"    {name}: median {r['median_ms']:6.2f} ms  p95 {r['p95_ms']:6.2f}  max {r['max_ms']:6.1f}"
        f"  ({r['decisions']:.0f} decisions)"
    )


def ai_in_pyodide() -> dict[str, dict[str, float]] | None:
    import json
    import shutil
    import subprocess

    node = shutil.which("node")
    if node is None:
        return None
    with tempfile.TemporaryDirectory(prefix="mageduel-bench-") as d:
        script = Path(d) / "run.mjs"
        script.write_text(PYODIDE_RUN)
        out = subprocess.run(
            [node, str(script), str(build.DIST / "pyodide"), AI_IN_PYODIDE],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    return json.loads(out.strip().splitlines()[-1])


def ai_in_page(playwright, chromium: str, url: str, level: str, pair: tuple[str, str]) -> dict[str, Any]:
    """A whole mageduel between two computers in the page, from the click on Start to the end screen."""
    import json

    browser = playwright.chromium.launch(executable_path=chromium, args=ARGS, headless=True)
    page = browser.new_page(viewport={"width": 1280, "height": 800}, service_workers="block")
    page.add_init_script(LONG_TASKS)
    page.goto(url + "?lang=en")
    page.wait_for_function("document.documentElement.dataset.ready === 'true'", timeout=180_000)
    for i, who in enumerate(pair):
        page.locator(f"#character{i}").select_option(who)
        page.locator(f"#control{i}").select_option(level)
    page.wait_for_timeout(500)
    page.evaluate("window.__long = []")
    start = page.evaluate("performance.now()")
    page.locator('#game form[data-act="start"] button[type="submit"]').click()
    page.wait_for_selector('#game [data-screen="end"]', timeout=600_000)
    elapsed = page.evaluate("performance.now()") - start
    long_tasks = page.evaluate("window.__long")
    # The page's own User Timing measures (web/game/browser.py): what held the main thread.
    held = page.evaluate(
        """(() => { const out = {}; for (const m of performance.getEntriesByType("measure"))
             if (m.name.startsWith("mageduel:")) (out[m.name] ||= []).push(m.duration);
           return out; })()"""
    )
    decisions = len(json.loads(page.evaluate("localStorage.getItem('mageduel.save')"))["replay"]["decisions"])
    browser.close()
    return {
        "pair": f"{pair[0]} v {pair[1]}",
        "ms_per_decision": elapsed / max(1, decisions),
        "decisions": decisions,
        "long_tasks": len(long_tasks),
        "longest_ms": max(long_tasks, default=0.0),
        **{
            f"{name[9:]}_{stat}": fn(values)
            for name, values in held.items()
            for stat, fn in (("median_ms", statistics.median), ("max_ms", max))
        },
    }


def summary(values: list[float]) -> str:
    return f"median {statistics.median(values):7.0f} ms  min {min(values):7.0f}  max {max(values):7.0f}"


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--profiles", type=int, default=5)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    floor_dir = Path(tempfile.mkdtemp(prefix="mageduel-floor-"))
    (floor_dir / "index.html").write_text(FLOOR)
    (floor_dir / "pyodide").symlink_to(build.DIST / "pyodide", target_is_directory=True)
    ours = build.serve_in_thread(build.DIST)
    floor = build.serve_in_thread(floor_dir)
    chromium = os.environ.get("MAGEDUEL_CHROMIUM") or build.find_chromium()
    print(f"Page load, {args.profiles} fresh profiles each (Chromium headless, loopback)")
    with sync_playwright() as p:
        floor_url = f"http://127.0.0.1:{floor.server_address[1]}/"
        ours_url = f"http://127.0.0.1:{ours.server_address[1]}/"
        results = {
            "floor (bare Pyodide + same wheels)": measure(p, chromium, floor_url, args.profiles),
            "mageduel page": measure(p, chromium, ours_url, args.profiles),
        }
        from tests.bench_embed import QUERIES, report, widget_times

        widgets = {
            q: widget_times(p, chromium, ARGS, ours_url.rstrip("/"), args.profiles, q) for q in QUERIES
        }
        page_ai = {
            level: ai_in_page(p, chromium, ours_url, level, pair)
            for level, pair in (("normal", ("ilse", "kael")), ("hard", ("corvin", "nadira")))
        }
    for name, r in results.items():
        print(f"  {name}")
        for kind in ("cold", "warm"):
            print(
                f"    {kind}: {summary(r[kind])}   transferred {statistics.median(r[kind + '_bytes']) / 1e6:6.2f} MB"
            )
    (floor_r, ours_r) = results.values()
    for kind in ("cold", "warm"):
        ratio = statistics.median(ours_r[kind]) / statistics.median(floor_r[kind])
        print(f"  ratio {kind} (ours / floor, medians): {ratio:.2f}  (target 1.2 or less)")
    for query, widget in widgets.items():
        print("\n".join(report(widget, args.profiles, query)))
    print(
        "The computer opponent in the page: a whole mageduel between two computers (target: no task over 100 ms)"
    )
    for level, r in page_ai.items():
        print(
            f"  {level}, {r['pair']}: {r['ms_per_decision']:.1f} ms per decision, drawing included"
            f" ({r['decisions']:.0f} decisions); {r['long_tasks']:.0f} tasks over 50 ms, the longest"
            f" {r['longest_ms']:.0f} ms"
        )
        print(
            "    held by: "
            + ", ".join(
                f"{what} median {r[what + '_median_ms']:.1f} ms max {r[what + '_max_ms']:.0f}"
                for what in ("act", "think", "draw", "render", "dom", "announce")
                if what + "_max_ms" in r
            )
        )

    try:
        from mageduel.bench import duels_per_second
    except ImportError:
        print("Engine: mageduel.bench is not available in this build")
        return 0
    from mageduel.bench import ai_decision_times

    print(
        "The computer opponent, one decision (its view, ai.choose, apply), whole computer duels (target 100 ms)"
    )
    print(f"  CPython {sys.version.split()[0]}")
    for level in ("normal", "hard"):
        print(ai_line(level, ai_decision_times(level)))
    in_pyodide = ai_in_pyodide()
    if in_pyodide is None:
        print("  Pyodide: node is not available")
    else:
        print(f"  Pyodide (Python {in_pyodide['python']}, Node.js)")
        for level in ("normal", "hard"):
            print(ai_line(level, in_pyodide[level]))
    rate = duels_per_second(5.0)
    print(
        f"Engine: {rate:.0f} full duels per second (CPython {sys.version.split()[0]}, random policy, "
        "two level-5 casters; target 500)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
