"""Benchmarks (run by `python3 build.py bench`; timings live here, never in test asserts).

Page load (issue 15): for our page, the time from navigation to the setup screen on the page (``setup``: the
setup form is in the DOM, whoever put it there — the build-time poster or Python) and to
<html data-ready="true"> (``ready``: Python runs and the controls are live); for the floor — a bare page that
does ``await loadPyodide()`` alone from the same vendored files, no wheels, no PyScript, no drawing — the
time to that; and for the PyScript floor — a bare PyScript page on the same files, no package, one line of
Python — the time to its Python running, with its phases: the least any PyScript page does, so the part of the
gap that is ours. Cold is a fresh browser profile; warm is a reload in that profile (HTTP cache revalidated;
service workers off for both pages, so the comparison is like for like). Each is measured in N fresh
profiles, the two pages taking turns (one run for both sides of a ratio): median, min, max.
Bytes: a first visit through a server that compresses what compresses (gzip, as most hosts do), counted by
the server itself, until ready; and a repeat visit with the service worker on, counted the same way.
Engine: full duels per second in CPython with the random policy between two level-5 casters.
The computer opponent (issue 5: "answers within 100 ms and never freezes the page"): the time of one of its
decisions (its own view, ai.choose, apply) in CPython and in Pyodide (Node.js, the same runtime and wheels as
the page), and in the page itself a whole duel between two computers: the time per decision, drawing
included, and the longest task that held the page's main thread (Chromium's long tasks, over 50 ms), and
the same in the 3 s after the page is ready, while the warm-up loads the first duel's rules.
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
from tests.bench_profile import in_fresh_profile  # noqa: E402

# The floor: Pyodide's own boot and nothing else (issue 15 — a floor that loads our wheels flatters the ratio).
FLOOR = """<!doctype html><html data-ready="false"><head><meta charset="utf-8"><title>floor</title></head><body>
<script type="module">
const { loadPyodide } = await import("./pyodide/pyodide.mjs");
await loadPyodide();
document.documentElement.dataset.ready = "true";
</script></body></html>"""

# The PyScript floor: the least any PyScript page does before its Python runs — PyScript's start, then
# loadPyodide() with no package, then one line of Python. Its ratio to the floor above is the nearest a page
# built on PyScript can come to goal 2 (issue 15), with no wheel, import or drawing of ours.
PYSCRIPT_FLOOR = """<!doctype html><html data-ready="false"><head><meta charset="utf-8"><title>PyScript floor</title>
<script type="module" src="./pyscript/core.js"></script></head><body>
<script type="py" config='{"interpreter": "./pyodide/pyodide.mjs"}'>
from pyscript import document
document.documentElement.dataset.ready = "true"
</script></body></html>"""

# When the setup form is first in the page (then the next frame: painted), and when <html data-ready="true">.
READY_AT = """(() => {
  const seen = () => {
    if (!window.__setupAt && document.querySelector('#game form[data-act="start"]')) {
      window.__setupAt = -1;
      requestAnimationFrame(() => { window.__setupAt = performance.now(); });
    }
    if (document.documentElement.dataset.ready === "true" && !window.__readyAt) window.__readyAt = performance.now();
  };
  new MutationObserver(seen).observe(document, { attributes: true, childList: true, subtree: true });
  // PyScript's own progress: when it asks Pyodide for the interpreter and when it has it (packages loaded).
  window.__steps = {};
  addEventListener("py:progress", (event) => {
    const name = String(event.detail);
    if (!(name in window.__steps)) window.__steps[name] = performance.now();
  });
})();"""

# Where a page load's time goes, from PyScript's progress events (what the ratio to the floor is made of).
PHASES = (
    ("before_interpreter", None, "Loading interpreter"),  # the page and PyScript's start
    ("interpreter", "Loading interpreter", "Loaded interpreter"),  # loadPyodide, our packages included
    (
        "python_to_ready",
        "Loaded interpreter",
        None,
    ),  # PyScript's Python setup, main.py: imports, first drawing
)

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    # /dev/shm is small here (64 MB): a renderer that runs out of it crashes ("Target crashed"), as the
    # browser tests' conftest says.
    "--disable-dev-shm-usage",
]


def floor_site(directory: Path) -> Path:
    """The two floors' site in ``directory``: the bare floor as ``index.html``, the PyScript floor as
    ``pyscript.html``, and the site's own vendored Pyodide and PyScript (links into dist/)."""
    (directory / "index.html").write_text(FLOOR)
    (directory / "pyscript.html").write_text(PYSCRIPT_FLOOR)
    for vendored in ("pyodide", "pyscript"):
        (directory / vendored).symlink_to(build.DIST / vendored, target_is_directory=True)
    return directory


def load(page, url: str | None) -> tuple[float, float | None, dict[str, float]]:
    """One load: (ms to ready, ms to the setup screen painted or None if it never showed before ready,
    the :data:`PHASES` in ms, those PyScript announced: none for the floor)."""
    if url:
        page.goto(url)
    else:
        page.reload()
    page.wait_for_function("window.__readyAt !== undefined", timeout=180_000)
    page.wait_for_function("!(window.__setupAt < 0)", timeout=10_000)
    ready, setup, steps = page.evaluate("[window.__readyAt, window.__setupAt ?? null, window.__steps]")
    phases = {}
    for name, start, end in PHASES:
        if (start is None or start in steps) and (end is None or end in steps):
            phases[name] = (steps[end] if end else ready) - (steps[start] if start else 0.0)
    return ready, setup, phases


def measure(
    playwright, chromium: str, urls: dict[str, str], profiles: int
) -> dict[str, dict[str, list[float]]]:
    """Each page in ``profiles`` fresh profiles, the pages taking turns, so a burst of load on this shared
    machine hits both sides of a ratio alike."""
    out: dict[str, dict[str, list[float]]] = {
        name: {"cold": [], "warm": [], "setup_cold": [], "setup_warm": []} for name in urls
    }
    for _ in range(profiles):
        for name, url in urls.items():

            def both_loads(context: Any, url: str = url) -> list[tuple[str, tuple[Any, ...]]]:
                context.add_init_script(READY_AT)
                page = context.new_page()
                return [(kind, load(page, target)) for kind, target in (("cold", url), ("warm", None))]

            for kind, (ready, setup, phases) in in_fresh_profile(
                playwright, chromium, ARGS, both_loads, service_workers="block"
            ):
                out[name][kind].append(ready)
                if setup is not None:
                    out[name][f"setup_{kind}"].append(setup)
                for phase, ms in phases.items():
                    out[name].setdefault(f"{phase}_{kind}", []).append(ms)
    return out


class CountingServer:
    """build.py's static server, compressing what compresses (gzip, as a host would) and counting the bytes
    it sends: what a visit costs on the wire."""

    def __init__(self, root: Path) -> None:
        import functools
        import gzip
        import threading

        counter = self
        self.sent = 0
        self.served: list[Path] = []  # the files sent whole (200), in order
        self.before_sw: tuple[int, int] | None = None  # (bytes sent, files served) when sw.js was asked for
        self.lock = threading.Lock()
        cache: dict[tuple[str, float], bytes] = {}

        class Handler(build.SiteHandler):
            def send_head(self):  # type: ignore[no-untyped-def]
                path = Path(self.translate_path(self.path))
                if path.is_dir():
                    path = path / "index.html"
                if path.is_file() and not self.not_modified(path):
                    with counter.lock:
                        if path.name == "sw.js" and counter.before_sw is None:
                            # The page registers its service worker once ready (boot.js): what came before
                            # is the visit until ready; the precache that follows races the count's wait.
                            counter.before_sw = (counter.sent, len(counter.served))
                        counter.served.append(path)
                if (
                    path.is_file()
                    and "gzip" in self.headers.get("Accept-Encoding", "")
                    and path.suffix in COMPRESSIBLE
                    and not self.not_modified(path)
                ):
                    key = (str(path), path.stat().st_mtime)
                    if key not in cache:
                        raw = path.read_bytes()
                        packed = gzip.compress(raw, compresslevel=9, mtime=0)
                        cache[key] = packed if len(packed) < len(raw) else b""
                    body = cache[key]
                    if not body:
                        return super().send_head()
                    self.send_response(200)
                    self.send_header("Content-Type", self.guess_type(str(path)))
                    self.send_header("Content-Encoding", "gzip")
                    self.send_header("Content-Length", str(len(body)))
                    self.send_header("Last-Modified", self.date_time_string(int(path.stat().st_mtime)))
                    self.end_headers()
                    import io

                    return io.BytesIO(body)
                return super().send_head()

            def not_modified(self, path: Path) -> bool:
                """A revalidation the parent answers with 304 Not Modified, as it does uncompressed."""
                import email.utils

                since = self.headers.get("If-Modified-Since")
                try:
                    when = email.utils.parsedate_to_datetime(since).timestamp() if since else None
                except (TypeError, ValueError):
                    return False
                return when is not None and int(path.stat().st_mtime) <= when

            def copyfile(self, source, outputfile):  # type: ignore[no-untyped-def]
                data = source.read()
                with counter.lock:
                    counter.sent += len(data)
                outputfile.write(data)

        handler = functools.partial(Handler, directory=str(root))
        self.server = build.Server(("127.0.0.1", 0), handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"


# What a host's gzip shrinks (a wheel or the stdlib zip is deflated already; gzip still tries them all here,
# as a host set to compress every type would, and keeps whichever is smaller).
COMPRESSIBLE = {
    ".html",
    ".js",
    ".mjs",
    ".css",
    ".json",
    ".wasm",
    ".svg",
    ".webmanifest",
    ".py",
    ".toml",
    ".whl",
    ".zip",
}


BROTLI_JS = """const { readFileSync } = require("node:fs");
const zlib = require("node:zlib");
const sizes = JSON.parse(readFileSync(0, "utf8")).map((file) => {
  const raw = readFileSync(file);
  const packed = zlib.brotliCompressSync(raw, { params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_LGWIN]: 24,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
  return Math.min(raw.length, packed.length);
});
console.log(JSON.stringify(sizes));"""


def brotli_bytes(files: list[Path]) -> float | None:
    """The same files as a host that compresses with brotli (quality 11) would send them: an estimate, from
    Node's zlib (Chromium asks loopback for gzip only), headers not counted."""
    import json
    import shutil
    import subprocess

    node = shutil.which("node")
    if node is None:
        return None
    proc = subprocess.run(
        [node, "-e", BROTLI_JS], input=json.dumps([str(f) for f in files]), capture_output=True, text=True
    )
    return float(sum(json.loads(proc.stdout))) if proc.returncode == 0 else None


def measure_bytes(playwright, chromium: str, root: Path) -> dict[str, float]:
    """Bytes sent by a compressing server: a first visit until ready, the service worker's precache after it,
    and a repeat visit with the service worker on (0 when the site is served from its cache)."""
    server = CountingServer(root)

    def visits(context: Any) -> dict[str, float]:
        server.sent, server.served, server.before_sw = 0, [], None  # a load made again after a crash
        out: dict[str, float] = {}
        context.add_init_script(READY_AT)
        page = context.new_page()
        page.goto(server.url)
        page.wait_for_function("window.__readyAt !== undefined", timeout=180_000)
        page.wait_for_timeout(300)
        # Until ready: up to the service worker's registration, which ready starts (its precache, counted
        # below, used to slip partly into these 300 ms: 8.94 to 9.03 MB in runs of one build); without a
        # service worker (no persistent storage), what 300 ms after ready had brought.
        sent, files = server.before_sw or (server.sent, len(server.served))
        out["first_visit"] = sent
        out["first_visit_brotli_estimate"] = brotli_bytes(server.served[:files])
        # The service worker installs once the page is ready; wait until it controls the page's origin.
        try:
            page.wait_for_function(
                "navigator.serviceWorker && navigator.serviceWorker.ready.then(() => true)", timeout=120_000
            )
            page.wait_for_timeout(1500)
        except Exception:  # noqa: BLE001 - no service worker: the repeat visit pays full price, as measured
            pass
        out["first_visit_with_precache"] = server.sent
        before = server.sent
        page.reload()
        page.wait_for_function("window.__readyAt !== undefined", timeout=180_000)
        page.wait_for_timeout(300)
        out["repeat_visit"] = server.sent - before
        return out

    out = in_fresh_profile(playwright, chromium, ARGS, visits)
    server.server.shutdown()
    return out


PYODIDE_RUN = """import path from "node:path";
import { existsSync, readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const dir = path.resolve(process.argv[2]);
const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: dir + path.sep });
// The stdlib's left-out modules: where the page would fetch them to (web/lazy_stdlib.py); Node.js cannot.
const rest = path.join(dir, "python_stdlib_rest.zip");
if (existsSync(rest)) pyodide.FS.writeFile("/lib/python_stdlib_rest.zip", readFileSync(rest));
const lock = JSON.parse(readFileSync(path.join(dir, "pyodide-lock.json"), "utf8"));
await pyodide.loadPackage(Object.keys(lock.packages), { messageCallback: () => {} });
console.log(await pyodide.runPythonAsync(process.argv[3]));
"""

AI_IN_PYODIDE = """import json, platform
from mageduel.bench import ai_decision_times
json.dumps({"python": platform.python_version(), **{lvl: ai_decision_times(lvl) for lvl in ("normal", "hard")}})"""

LONG_TASKS = """window.__long = [];
window.__longAt = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) {
  window.__long.push(e.duration); window.__longAt.push([e.startTime, e.duration]); } })
  .observe({ type: "longtask", buffered: true });
new MutationObserver(() => {
  if (document.documentElement.dataset.ready === "true" && !window.__readyAt) window.__readyAt = performance.now();
}).observe(document, { attributes: true, subtree: true });"""


def ai_line(name: str, r: dict[str, float]) -> str:
    return (
        f"    {name}: median {r['median_ms']:6.2f} ms  p95 {r['p95_ms']:6.2f}  max {r['max_ms']:6.1f}"
        f"  ({r['decisions']:.0f} decisions)"
    )


def in_pyodide(code: str) -> str | None:
    """What ``code``'s last expression gives, run in the site's own Pyodide under Node.js with every wheel
    the page loads; None without Node.js."""
    import shutil
    import subprocess

    node = shutil.which("node")
    if node is None:
        return None
    with tempfile.TemporaryDirectory(prefix="mageduel-bench-") as d:
        script = Path(d) / "run.mjs"
        script.write_text(PYODIDE_RUN)
        out = subprocess.run(
            [node, str(script), str(build.DIST / "pyodide"), code],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    return out.strip().splitlines()[-1]


def ai_in_pyodide() -> dict[str, dict[str, float]] | None:
    import json

    out = in_pyodide(AI_IN_PYODIDE)
    return None if out is None else json.loads(out)


def ai_in_page(
    playwright, chromium: str, url: str, level: str, pair: tuple[str, str], seed: int
) -> dict[str, Any]:
    """A whole mageduel between two computers in the page, seeded, from the click on Start to the end
    screen."""
    import json

    browser = playwright.chromium.launch(executable_path=chromium, args=ARGS, headless=True)
    page = browser.new_page(viewport={"width": 1280, "height": 800}, service_workers="block")
    page.add_init_script(LONG_TASKS)
    page.goto(url + "?lang=en")
    page.wait_for_function("document.documentElement.dataset.ready === 'true'", timeout=180_000)
    # The warm-up that follows ready (web/game/browser.py: the first duel's rules, loaded in steps).
    page.wait_for_timeout(3000)
    after_ready = page.evaluate("window.__longAt.filter(([at]) => at >= window.__readyAt).map(([, d]) => d)")
    for i, who in enumerate(pair):
        page.locator(f"#character{i}").select_option(who)
        page.locator(f"#control{i}").select_option(level)
    # A fixed seed, so that every run plays the same duel and its figures compare (the dice decided how long
    # an unseeded one lasted: 31 decisions in one run, 324 in another).
    advanced = page.locator("#game details.advanced")
    if advanced.count() and advanced.get_attribute("open") is None:
        advanced.locator("summary").click()
    page.locator('#game input[name="seed"]').fill(str(seed))
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
        "seed": seed,
        "ms_per_decision": elapsed / max(1, decisions),
        "decisions": decisions,
        "long_tasks": len(long_tasks),
        "longest_ms": max(long_tasks, default=0.0),
        "after_ready_long_tasks": len(after_ready),
        "after_ready_longest_ms": max(after_ready, default=0.0),
        **{
            f"{name[9:]}_{stat}": fn(values)
            for name, values in held.items()
            for stat, fn in (("median_ms", statistics.median), ("max_ms", max))
        },
    }


def summary(values: list[float]) -> str:
    if not values:
        return "—"
    return f"median {statistics.median(values):7.0f} ms  min {min(values):7.0f}  max {max(values):7.0f}"


def phase_medians(loads: dict[str, list[float]], kind: str) -> str:
    """The :data:`PHASES` of one page's ``kind`` loads, as medians in ms ("—" if PyScript announced none)."""
    parts = [
        f"{phase.replace('_', ' ')} {statistics.median(loads[f'{phase}_{kind}']):.0f}"
        for phase, _, _ in PHASES
        if loads.get(f"{phase}_{kind}")
    ]
    return ", ".join(parts) or "—"


def phase_stats(loads: dict[str, list[float]]) -> dict[str, Any]:
    """The :data:`PHASES` of one page's loads, cold and warm, as ``<phase>_<kind>_ms`` figures."""
    return {
        f"{phase}_{kind}_ms": stats(loads[f"{phase}_{kind}"])
        for phase, _, _ in PHASES
        for kind in ("cold", "warm")
        if loads.get(f"{phase}_{kind}")
    }


def stats(values: list[float]) -> dict[str, Any] | None:
    if not values:
        return None
    return {
        "median": statistics.median(values),
        "min": min(values),
        "max": max(values),
        "n": len(values),
        "values": [round(v, 1) for v in values],
    }


def engine_figures(figures: dict[str, Any]) -> None:
    """The engine's own figures (issue 15, goal 5), added to ``figures``: the computer's time per decision
    in CPython and Pyodide, and random-policy duels per second. Each CPython figure is given twice: by the
    wall clock (what a player waits) and by the process's CPU time (one core of its own: the figure to
    compare across runs on a shared, loaded machine)."""
    import time

    from mageduel.bench import ai_decision_times, duels_per_second

    print(
        "The computer opponent, one decision (its view, ai.choose, apply), whole computer duels (target 0.2 ms median)"
    )
    print(f"  CPython {sys.version.split()[0]}")
    figures["decision_cpython"] = {}
    figures["decision_cpython_cpu"] = {}
    for level in ("normal", "hard"):
        figures["decision_cpython"][level] = r = ai_decision_times(level)
        print(ai_line(level, r))
        figures["decision_cpython_cpu"][level] = r = ai_decision_times(level, clock=time.process_time)
        print(ai_line(level + ", CPU time", r))
    in_pyodide = ai_in_pyodide()
    figures["decision_pyodide"] = in_pyodide
    if in_pyodide is None:
        print("  Pyodide: node is not available")
    else:
        print(f"  Pyodide (Python {in_pyodide['python']}, Node.js)")
        for level in ("normal", "hard"):
            print(ai_line(level, in_pyodide[level]))
    rate = duels_per_second(5.0)
    figures["duels_per_second"] = rate
    cpu_rate = duels_per_second(5.0, clock=time.process_time)
    figures["duels_per_second_cpu"] = cpu_rate
    print(
        f"Engine: {rate:.1f} full duels per second, {cpu_rate:.1f} by CPU time (CPython {sys.version.split()[0]},"
        " random policy, two level-5 casters, one core; target 160)"
    )


def main() -> int:
    import json
    import time

    parser = argparse.ArgumentParser()
    parser.add_argument("--profiles", type=int, default=5)
    parser.add_argument("--json", type=Path, default=None, help="also write every figure to this file")
    parser.add_argument(
        "--engine-only", action="store_true", help="only the engine's figures: no page, no browser"
    )
    args = parser.parse_args()

    figures: dict[str, Any] = {
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "cores": os.cpu_count(),
        "load_average": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
        "profiles": args.profiles,
    }
    if args.engine_only:
        figures["engine_only"] = True
        engine_figures(figures)
        figures["load_average_after"] = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
        if args.json:
            args.json.parent.mkdir(parents=True, exist_ok=True)
            args.json.write_text(json.dumps(figures, indent=1))
            print(f"every figure: {args.json}")
        return 0
    from playwright.sync_api import sync_playwright

    floor_dir = floor_site(Path(tempfile.mkdtemp(prefix="mageduel-floor-")))
    ours = build.serve_in_thread(build.DIST)
    floor = build.serve_in_thread(floor_dir)
    chromium = os.environ.get("MAGEDUEL_CHROMIUM") or build.find_chromium()
    print(f"Page load, {args.profiles} fresh profiles each, taking turns (Chromium headless, loopback)")
    with sync_playwright() as p:
        floor_url = f"http://127.0.0.1:{floor.server_address[1]}/"
        ours_url = f"http://127.0.0.1:{ours.server_address[1]}/"
        loads = measure(
            p,
            chromium,
            {"floor": floor_url, "pyscript_floor": floor_url + "pyscript.html", "page": ours_url},
            args.profiles,
        )
        wire = measure_bytes(p, chromium, build.DIST)
        from tests.bench_embed import QUERIES, report, widget_times

        widgets = {
            q: widget_times(p, chromium, ARGS, ours_url.rstrip("/"), args.profiles, q) for q in QUERIES
        }
        page_ai = {
            level: ai_in_page(p, chromium, ours_url, level, pair, seed)
            for level, pair, seed in (("normal", ("ilse", "kael"), 1), ("hard", ("corvin", "nadira"), 2))
        }
        from tests.bench_snapshot import report as snapshot_report
        from tests.bench_snapshot import snapshot_figures

        snapshot = snapshot_figures(build.DIST / "pyodide", args.profiles, p, chromium)
    floor_r, pyscript_r, ours_r = loads["floor"], loads["pyscript_floor"], loads["page"]
    print("  floor (await loadPyodide() alone, same files)")
    for kind in ("cold", "warm"):
        print(f"    {kind}: {summary(floor_r[kind])}")
    print("  PyScript floor (a bare PyScript page on the same files: no package, one line of Python)")
    for kind in ("cold", "warm"):
        print(f"    {kind}: {summary(pyscript_r[kind])}")
        print(f"    {kind}, by phase (medians, ms): {phase_medians(pyscript_r, kind)}")
    print("  mageduel page")
    for kind in ("cold", "warm"):
        print(f"    setup on screen, {kind}: {summary(ours_r['setup_' + kind])}")
        print(f"    ready, {kind}:           {summary(ours_r[kind])}")
    for kind in ("cold", "warm"):
        print(f"    ready, {kind}, by phase (medians, ms): {phase_medians(ours_r, kind)}")
    ratios, pyscript_ratios, ours_over_pyscript = {}, {}, {}
    for kind in ("cold", "warm"):
        ratios[kind] = statistics.median(ours_r[kind]) / statistics.median(floor_r[kind])
        pyscript_ratios[kind] = statistics.median(pyscript_r[kind]) / statistics.median(floor_r[kind])
        ours_over_pyscript[kind] = {
            phase: statistics.median(ours_r[f"{phase}_{kind}"])
            - statistics.median(pyscript_r[f"{phase}_{kind}"])
            for phase, _, _ in PHASES
            if ours_r.get(f"{phase}_{kind}") and pyscript_r.get(f"{phase}_{kind}")
        }
        print(
            f"  ratio ready {kind} (ours / floor, medians of one run): {ratios[kind]:.2f}  (target 1.2 or less);"
            f" the PyScript floor's: {pyscript_ratios[kind]:.2f}"
        )
        print(
            f"    ours over the PyScript floor, {kind}, by phase (ms): "
            + ", ".join(
                f"{phase.replace('_', ' ')} {ms:+.0f}" for phase, ms in ours_over_pyscript[kind].items()
            )
        )
    for query, widget in widgets.items():
        print("\n".join(report(widget, args.profiles, query)))
    print(
        f"  bytes from a compressing host: first visit {wire['first_visit'] / 1e6:.2f} MB until ready (gzip;"
        f" brotli, estimated: {(wire['first_visit_brotli_estimate'] or 0) / 1e6:.2f} MB; target 9),"
        f" {wire['first_visit_with_precache'] / 1e6:.2f} MB with the service worker's precache;"
        f" repeat visit {wire['repeat_visit'] / 1e6:.3f} MB (target 0)"
    )
    figures["page"] = {
        "setup_cold_ms": stats(ours_r["setup_cold"]),
        "setup_warm_ms": stats(ours_r["setup_warm"]),
        "ready_cold_ms": stats(ours_r["cold"]),
        "ready_warm_ms": stats(ours_r["warm"]),
        **phase_stats(ours_r),
    }
    figures["floor"] = {"cold_ms": stats(floor_r["cold"]), "warm_ms": stats(floor_r["warm"])}
    figures["ratio_ready_to_floor"] = ratios
    figures["pyscript_floor"] = {
        "cold_ms": stats(pyscript_r["cold"]),
        "warm_ms": stats(pyscript_r["warm"]),
        **phase_stats(pyscript_r),
    }
    figures["ratio_pyscript_floor_to_floor"] = pyscript_ratios
    figures["page_over_pyscript_floor_ms"] = ours_over_pyscript
    figures["bytes"] = wire
    figures["widgets"] = {
        query: {
            "poster_cold_ms": stats(widget["poster cold"]),
            "poster_warm_ms": stats(widget["poster warm"]),
            "ready_after_click_cold_ms": stats(widget["ready cold"]),
            "ready_after_click_warm_ms": stats(widget["ready warm"]),
        }
        for query, widget in widgets.items()
    }
    print(
        "The computer opponent in the page: a whole mageduel between two computers (target: no task over 50 ms)"
    )
    for level, r in page_ai.items():
        print(
            f"  {level}, {r['pair']}: {r['ms_per_decision']:.1f} ms per decision, drawing included"
            f" ({r['decisions']:.0f} decisions); {r['long_tasks']:.0f} tasks over 50 ms, the longest"
            f" {r['longest_ms']:.0f} ms; in the 3 s after ready (the warm-up): {r['after_ready_long_tasks']:.0f}"
            f" over 50 ms, the longest {r['after_ready_longest_ms']:.0f} ms"
        )
        print(
            "    held by: "
            + ", ".join(
                f"{what} median {r[what + '_median_ms']:.1f} ms max {r[what + '_max_ms']:.0f}"
                for what in ("act", "think", "draw", "render", "dom", "focus", "announce", "effects")
                if what + "_max_ms" in r
            )
        )
    figures["page_duels"] = page_ai
    figures["longest_task_ms"] = max(r["longest_ms"] for r in page_ai.values())
    figures["longest_task_after_ready_ms"] = max(r["after_ready_longest_ms"] for r in page_ai.values())
    print("\n".join(snapshot_report(snapshot)))
    figures["snapshot"] = snapshot

    engine_figures(figures)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(figures, indent=1))
        print(f"every figure: {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
