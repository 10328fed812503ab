"""Benchmarks (run by `python3 build.py bench`; timings live here, never in test asserts).

Page load: time from navigation to <html data-ready="true"> for our page and for the floor — a bare page that
boots Pyodide from the same vendored files, loads the same wheels through the same lock file and imports the
engine, with no PyScript and no drawing. Cold is a fresh browser profile; warm is a reload in that profile
(HTTP cache revalidated; service workers off for both pages, so the comparison is like for like). Each is
measured in N fresh profiles: median, min, max, and the bytes that crossed the network.
Engine: full duels per second in CPython with the random policy between two level-5 casters.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path

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

    try:
        from mageduel.bench import duels_per_second
    except ImportError:
        print("Engine: mageduel.bench is not available in this build")
        return 0
    rate = duels_per_second(5.0)
    print(
        f"Engine: {rate:.0f} full duels per second (CPython {sys.version.split()[0]}, random policy, "
        "two level-5 casters; target 500)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
