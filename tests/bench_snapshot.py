"""Issue 15, goal 6: is a Pyodide memory snapshot worth shipping? Measured in Node.js on the built site.

Two boots of the same files, taking turns, each in a fresh Node.js process: a normal ``loadPyodide()``, and
one restored from a snapshot of the started interpreter (``_makeSnapshot`` / ``_loadSnapshot``, Pyodide's
private snapshot options). After each boot the page's own start follows: its packages, then the imports
and the first drawing of the setup screen. The figure that matters is the total, since a restored
interpreter has not yet run (and so not yet tiered up) the code the next steps run. A snapshot taken after
the page's imports is tried too; Pyodide refuses it when Python holds JavaScript objects, and the reason
is reported.

    python3 tests/bench_snapshot.py [--runs 5]   (after python3 build.py build; also part of build.py bench)
"""

from __future__ import annotations

import argparse
import gzip
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

# What web/main.py does first, without the browser: the game's imports and its setup screen drawn.
FIRST_SCREEN = (
    "from web import precompiled\n"
    "precompiled.install()\n"
    "from web.game.app import App\n"
    "from web import arena\n"
    "from web.arena_view import default_view\n"
    "App(lang='en').render()\n"
    "arena.render(default_view('en'), 'en')\n"
)

SCRIPT = """import path from "node:path";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [mode, dirArg, snapPath] = process.argv.slice(2);
const dir = path.resolve(dirArg);
const { loadPyodide } = await import(pathToFileURL(path.join(dir, "pyodide.mjs")).href);
const lock = JSON.parse(readFileSync(path.join(dir, "pyodide-lock.json"), "utf8"));
const rest = path.join(dir, "python_stdlib_rest.zip");
const FIRST_SCREEN = FIRST_SCREEN_PY;
async function packages(py) {
  if (existsSync(rest)) py.FS.writeFile("/lib/python_stdlib_rest.zip", readFileSync(rest));
  await py.loadPackage(Object.keys(lock.packages), { messageCallback: () => {} });
}
if (mode === "make") {
  const py = await loadPyodide({ indexURL: dir + path.sep, _makeSnapshot: true });
  const snap = py.makeMemorySnapshot();
  writeFileSync(snapPath, snap);
  console.log(JSON.stringify({ bytes: snap.length }));
} else if (mode === "make-after-imports") {
  const py = await loadPyodide({ indexURL: dir + path.sep, _makeSnapshot: true });
  await packages(py);
  py.runPython(FIRST_SCREEN);
  let refused = null;
  try { py.makeMemorySnapshot(); } catch (error) { refused = String(error?.message || error); }
  console.log(JSON.stringify({ refused }));
} else {
  const t0 = performance.now();
  const options = { indexURL: dir + path.sep };
  if (mode === "restore") options._loadSnapshot = readFileSync(snapPath);
  const py = await loadPyodide(options);
  const t1 = performance.now();
  await packages(py);
  const t2 = performance.now();
  py.runPython(FIRST_SCREEN);
  const t3 = performance.now();
  console.log(JSON.stringify({ boot: t1 - t0, packages: t2 - t1, first_screen: t3 - t2, total: t3 - t0 }));
}
"""


PAGE = """<!doctype html><html data-ready="false"><head><meta charset="utf-8"><title>snapshot</title></head><body>
<script type="module">
// The same steps as the Node.js script's boots, in the browser: ?snap restores the interpreter first.
const snap = new URLSearchParams(location.search).has("snap");
const { loadPyodide } = await import("./pyodide/pyodide.mjs");
const options = {};
if (snap) options._loadSnapshot = fetch("./started.snapshot").then((r) => r.arrayBuffer()).then((b) => new Uint8Array(b));
const t0 = performance.now();
const py = await loadPyodide(options);
const t1 = performance.now();
await py.loadPackage(["mageduel", "mageduel-web"], { messageCallback: () => {} });
const t2 = performance.now();
py.runPython(FIRST_SCREEN_PY);
const t3 = performance.now();
window.__steps = { boot: t1 - t0, packages: t2 - t1, first_screen: t3 - t2 };
window.__readyAt = performance.now();
document.documentElement.dataset.ready = "true";
</script></body></html>"""


def _node(node: str, script: Path, *args: str) -> dict[str, Any]:
    out = subprocess.run([node, str(script), *args], capture_output=True, text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def _median(rows: list[dict[str, float]], key: str) -> float:
    return statistics.median(row[key] for row in rows)


def snapshot_figures(
    pyodide_dir: Path, runs: int = 5, playwright: Any = None, chromium: str | None = None
) -> dict[str, Any] | None:
    """Boot times with and without a snapshot (medians of ``runs`` each) in Node.js and, given Playwright
    and a Chromium, in the browser (fresh profiles, cold and warm); the snapshot's size raw and gzipped;
    whether an after-imports snapshot is accepted. None without Node.js."""
    node = shutil.which("node")
    if node is None:
        return None
    with tempfile.TemporaryDirectory(prefix="mageduel-snapshot-") as d:
        script = Path(d) / "snapshot.mjs"
        script.write_text(SCRIPT.replace("FIRST_SCREEN_PY", json.dumps(FIRST_SCREEN)))
        snap = Path(d) / "started.snapshot"
        made = _node(node, script, "make", str(pyodide_dir), str(snap))
        packed = len(gzip.compress(snap.read_bytes(), compresslevel=9, mtime=0))
        after = _node(node, script, "make-after-imports", str(pyodide_dir), str(snap) + ".after")
        rows: dict[str, list[dict[str, float]]] = {"normal": [], "restore": []}
        for i in range(runs):
            for mode in ("normal", "restore") if i % 2 == 0 else ("restore", "normal"):
                rows[mode].append(_node(node, script, mode, str(pyodide_dir), str(snap)))
        browser = None
        if playwright is not None and chromium is not None:
            browser = _in_browser(playwright, chromium, pyodide_dir, snap, runs)
    figures: dict[str, Any] = {
        "runs": runs,
        "snapshot_bytes": made["bytes"],
        "snapshot_gzip_bytes": packed,
        "after_imports_refused": after["refused"],
    }
    for mode, got in rows.items():
        figures[mode] = {key: _median(got, key) for key in ("boot", "packages", "first_screen", "total")}
    figures["browser"] = browser
    return figures


def _in_browser(playwright: Any, chromium: str, pyodide_dir: Path, snap: Path, runs: int) -> dict[str, Any]:
    """The page above with and without ``?snap``, served gzipped as a host would (tests/bench.py's
    counting server, its compression done once before timing), each in ``runs`` fresh profiles: the
    time to ready from navigation, cold and warm, and the cold steps' medians."""
    import urllib.request

    from tests.bench import ARGS, CountingServer
    from tests.bench_profile import in_fresh_profile

    site = snap.parent / "site"
    site.mkdir()
    (site / "pyodide").symlink_to(pyodide_dir, target_is_directory=True)
    (site / "started.snapshot").symlink_to(snap)
    (site / "index.html").write_text(PAGE.replace("FIRST_SCREEN_PY", json.dumps(FIRST_SCREEN)))
    server = CountingServer(site)
    for rel in ("started.snapshot", "pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip"):
        request = urllib.request.Request(server.url + rel, headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(request) as response:
            response.read()
    out: dict[str, dict[str, list[float]]] = {
        mode: {"cold": [], "warm": [], "boot": [], "packages": [], "first_screen": []}
        for mode in ("normal", "restore")
    }
    for i in range(runs):
        for mode in ("normal", "restore") if i % 2 == 0 else ("restore", "normal"):

            def two_boots(context: Any, mode: str = mode) -> list[tuple[str, float, dict[str, float]]]:
                page = context.new_page()
                got = []
                for kind in ("cold", "warm"):
                    if kind == "cold":
                        page.goto(server.url + ("?snap" if mode == "restore" else ""))
                    else:
                        page.reload()
                    page.wait_for_function(
                        "document.documentElement.dataset.ready === 'true'", timeout=180_000
                    )
                    steps = page.evaluate("window.__steps") if kind == "cold" else {}
                    got.append((kind, page.evaluate("window.__readyAt"), steps))
                return got

            for kind, ready, steps in in_fresh_profile(
                playwright, chromium, ARGS, two_boots, service_workers="block"
            ):
                out[mode][kind].append(ready)
                for key, value in steps.items():
                    out[mode][key].append(value)
    return {mode: {key: statistics.median(v) for key, v in got.items()} for mode, got in out.items()}


def report(figures: dict[str, Any] | None) -> list[str]:
    if figures is None:
        return ["  snapshot: node is not available"]
    normal, restore = figures["normal"], figures["restore"]
    lines = [
        f"Memory snapshot of the started interpreter (goal 6; Node.js, medians of {figures['runs']} each)",
        f"  snapshot: {figures['snapshot_bytes'] / 1e6:.1f} MB, {figures['snapshot_gzip_bytes'] / 1e6:.2f} MB gzip",
    ]
    for name, r in (("normal boot", normal), ("from snapshot", restore)):
        lines.append(
            f"  {name:13}: boot {r['boot']:5.0f} ms, packages {r['packages']:4.0f}, imports and setup screen"
            f" {r['first_screen']:4.0f}, total {r['total']:5.0f}"
        )
    refused = figures["after_imports_refused"]
    browser = figures.get("browser")
    if browser:
        for name, mode in (("normal boot", "normal"), ("from snapshot", "restore")):
            r = browser[mode]
            lines.append(
                f"  Chromium, {name:13}: ready cold {r['cold']:5.0f} ms (boot {r['boot']:4.0f}, packages"
                f" {r['packages']:4.0f}, imports and setup screen {r['first_screen']:4.0f}), warm {r['warm']:5.0f}"
            )
    lines.append(
        "  a snapshot after the page's imports: "
        + (f"refused by Pyodide ({refused})" if refused else "accepted")
    )
    return lines


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from playwright.sync_api import sync_playwright

    import build

    with sync_playwright() as p:
        figures = snapshot_figures(build.DIST / "pyodide", args.runs, p, build.find_chromium())
    print("\n".join(report(figures)))
    print(json.dumps(figures, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
