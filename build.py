#!/usr/bin/env python3
"""Build, serve, test and measure Mageduel. Standard library only: runs on a bare Python 3.11+.

    python3 build.py            # same as `build`: venv, engine wheel, pinned runtime, dist/
    python3 build.py serve      # build if stale, serve dist/ on 127.0.0.1, print the URL
    python3 build.py test       # build, then every test (engine, rules, web, browser, Pyodide)
    python3 build.py bench      # page load times against the bare-Pyodide floor, duels per second
    python3 build.py rules      # the table clause -> tests
    python3 build.py clean      # remove everything build.py made (downloads stay cached unless --all)

Everything fetched is pinned: npm packages by package-lock.json (npm ci checks their integrity), Pyodide
wheels by sha256 in pyodide-requirements.txt. Downloads are cached under .cache/, so a rebuild needs no
network and an unchanged tree rebuilds in seconds.
"""

from __future__ import annotations

import argparse
import base64
import functools
import hashlib
import http.server
import json
import os
import re
import shutil
import socketserver
import subprocess
import sys
import threading
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
CACHE = ROOT / ".cache"
BUILD = ROOT / "build"
DIST = ROOT / "dist"
NODE_MODULES = ROOT / "node_modules"
ARTIFACTS = ROOT / "test-artifacts"
PYODIDE_PLATFORM = ["--platform", "pyemscripten_2026_0_wasm32", "--python-version", "3.14"]
# The files of the npm package `pyodide` a page needs; the package's own lock file is replaced by ours.
PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# web/ modules that run only at build time, in CPython (the first screens): never shipped to the page.
BUILD_TIME_WEB = {
    ROOT / "web" / "poster.py",
    ROOT / "web" / "bytecode_probe.py",
    ROOT / "web" / "lazy_stdlib.py",  # shipped inside the stdlib archive instead, as its sitecustomize
    ROOT / "web" / "embed" / "posters.py",
}
# The typeface the pages use (static/style.css and embed.css name it), from the npm package.
FONT = "inter-latin-wght-normal.woff2"
# The stdlib's sources the page never imports, beside python_stdlib.zip (web/lazy_stdlib.py).
STDLIB_REST = "python_stdlib_rest.zip"
# The pages' entry scripts, fetched as files beside the wheel (index.html runs main.py, embed.html page.py).
ENTRY_SCRIPTS = (ROOT / "web" / "main.py", ROOT / "web" / "embed" / "page.py")
CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")
MIME_TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/x-python; charset=utf-8",
    ".svg": "image/svg+xml",
    ".woff2": "font/woff2",
    ".css": "text/css",
    ".html": "text/html; charset=utf-8",
    ".png": "image/png",
}


class BuildError(Exception):
    """A failure to report as one clear line, without a traceback."""


def say(message: str) -> None:
    print(f"[build] {message}", flush=True)


def run(cmd: list[str], *, quiet: bool = True, cwd: Path = ROOT, what: str = "", **kw: object) -> None:
    """Run a command; on failure show its output and raise a one-line BuildError."""
    try:
        proc = subprocess.run(
            cmd,
            cwd=cwd,
            text=True,
            stdout=subprocess.PIPE if quiet else None,
            stderr=subprocess.STDOUT if quiet else None,
            **kw,  # type: ignore[arg-type]
        )
    except FileNotFoundError as exc:
        raise BuildError(f"{cmd[0]} is missing: {exc}") from None
    if proc.returncode != 0:
        if quiet and proc.stdout and os.environ.get("MAGEDUEL_VERBOSE"):
            print(proc.stdout[-4000:], file=sys.stderr)
        verbose = os.environ.get("MAGEDUEL_VERBOSE") or not quiet
        hint = "" if verbose else " (MAGEDUEL_VERBOSE=1 shows its output)"
        raise BuildError(f"{what or ' '.join(cmd[:3])} failed (exit {proc.returncode}){hint}")


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(functools.partial(f.read, 1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def tree_digest(*paths: Path) -> str:
    """A digest of the names and contents of every file under ``paths`` (caches ignored)."""
    h = hashlib.sha256()
    for base in paths:
        files = [base] if base.is_file() else sorted(p for p in base.rglob("*") if p.is_file())
        for p in files:
            if "__pycache__" in p.parts or p.suffix == ".pyc":
                continue
            h.update(str(p.relative_to(ROOT)).encode())
            h.update(p.read_bytes())
    return h.hexdigest()


def stamp_ok(name: str, digest: str) -> bool:
    path = CACHE / "stamps" / name
    return path.exists() and path.read_text() == digest


def stamp_write(name: str, digest: str) -> None:
    path = CACHE / "stamps" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(digest)


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


# --- steps -------------------------------------------------------------------------------------------


def ensure_venv() -> None:
    """Create .venv and install the project with its test and dev extras (only when pyproject changes)."""
    digest = tree_digest(ROOT / "pyproject.toml") + sys.version
    if venv_python().exists() and stamp_ok("venv", digest):
        return
    if not venv_python().exists():
        say("creating .venv")
        run(
            [sys.executable, "-m", "venv", str(VENV)],
            what="python3 -m venv (on Debian: apt-get install python3-venv)",
        )
    say("installing the project and its test extras into .venv (pip)")
    run([str(venv_python()), "-m", "pip", "install", "-q", "--upgrade", "pip"], what="pip upgrade")
    run(
        [str(venv_python()), "-m", "pip", "install", "-q", "hatchling==1.33.0", "-e", ".[test,dev]"],
        what="pip install -e .[test,dev]",
    )
    stamp_write("venv", digest)


def ensure_npm() -> None:
    """npm ci: Pyodide's core, PyScript, fake-indexeddb and the typeface, exactly as package-lock.json pins
    them."""
    digest = tree_digest(ROOT / "package-lock.json")
    if NODE_MODULES.exists() and stamp_ok("npm", digest):
        return
    if shutil.which("npm") is None:
        raise BuildError(
            "npm is missing: install Node.js 20+ and npm (on Debian: apt-get install nodejs npm)"
        )
    say("fetching the pinned browser runtime (npm ci: pyodide, @pyscript/core, fake-indexeddb, the typeface)")
    run(
        ["npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts"],
        what="npm ci (is the npm registry reachable?)",
    )
    stamp_write("npm", digest)


def pinned_wheels(requirements: Path) -> dict[str, str]:
    """Name==version -> sha256 from a requirements file."""
    pins = {}
    for line in requirements.read_text().splitlines():
        m = re.match(r"^([A-Za-z0-9_.-]+)==(\S+)\s+--hash=sha256:([0-9a-f]{64})", line.strip())
        if m:
            pins[f"{m[1]}=={m[2]}"] = m[3]
    return pins


def ensure_wheels(requirements: Path, dest: Path) -> list[Path]:
    """Download the pinned Pyodide wheels once, and check every file's sha256 on each build."""
    pins = pinned_wheels(requirements)
    wanted = set(pins.values())
    dest.mkdir(parents=True, exist_ok=True)
    have = {sha256(p): p for p in dest.glob("*.whl")}
    if not wanted <= set(have):
        say(f"downloading {len(pins)} pinned Pyodide wheels ({requirements.name})")
        pip = str(venv_python()) if venv_python().exists() else sys.executable
        run(
            [
                pip,
                "-m",
                "pip",
                "download",
                "-q",
                *PYODIDE_PLATFORM,
                "--only-binary=:all:",
                "--no-deps",
                "--require-hashes",
                "-r",
                str(requirements),
                "-d",
                str(dest),
            ],
            what=f"pip download of the Pyodide wheels in {requirements.name} (is PyPI reachable?)",
        )
        have = {sha256(p): p for p in dest.glob("*.whl")}
    missing = wanted - set(have)
    if missing:
        raise BuildError(f"downloaded wheels do not match the pinned sha256 in {requirements.name}")
    return sorted(have[h] for h in wanted)


def ensure_engine_wheel() -> Path:
    """Build the pure-Python engine wheel with hatchling (only when engine/ or pyproject change)."""
    out = BUILD / "wheel"
    digest = tree_digest(ROOT / "engine", ROOT / "pyproject.toml", ROOT / "README.md")
    wheels = list(out.glob("mageduel-*.whl"))
    if len(wheels) == 1 and stamp_ok("wheel", digest):
        return wheels[0]
    say("building the engine wheel")
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    run(
        [
            str(venv_python()),
            "-c",
            "import sys, hatchling.build as b; print(b.build_wheel(sys.argv[1]))",
            str(out),
        ],
        what="wheel build",
    )
    wheels = list(out.glob("mageduel-*-py3-none-any.whl"))
    if len(wheels) != 1:
        raise BuildError("the engine wheel was not built as a single py3-none-any wheel")
    stamp_write("wheel", digest)
    return wheels[0]


# Compiles Python archives to bytecode inside Pyodide itself (under Node.js), so the magic number and the
# code objects are exactly the page's Python's. First it installs the wheels and plays the page's first steps
# (web/bytecode_probe.py: what boot, the setup screen and a computer duel import); the modules that imports
# are compiled, the rest stays source (smaller on the wire, compiled in the page only if ever imported).
# argv = pyodide dir, repo root, JSON jobs.
BYTECODE_JS = r"""
import path from "node:path";
import { pathToFileURL } from "node:url";
const [dir, repo, jobs] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(path.resolve(dir), "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: path.resolve(dir) + path.sep });
pyodide.FS.mkdirTree("/work");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(repo) }, "/work");
const wheels = JSON.parse(jobs).filter((j) => j.src.endsWith(".whl"))
  .map((j) => j.src.replace("/work", repo));
await pyodide.loadPackage(wheels, { messageCallback: () => {} });
pyodide.globals.set("JOBS", jobs);
console.log(pyodide.runPython(`
import importlib.util, json, os, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

spec = importlib.util.spec_from_file_location("bytecode_probe", "/work/web/bytecode_probe.py")
probe = importlib.util.module_from_spec(spec)
spec.loader.exec_module(probe)
RECORDED = probe.run()  # web/ itself comes from its wheel, as in the page
SPECS = [getattr(m, "__spec__", None) for m in list(sys.modules.values())]
USED = {spec.origin for spec in SPECS if spec is not None and spec.origin}
EPOCH = (1980, 1, 1, 0, 0, 0)
TAG = sys.implementation.cache_tag


# With rest, the sources of everything else go to that second archive, and the first gets lazy
# (web/lazy_stdlib.py) as its sitecustomize, with the names of the modules it can fetch.
def compile_archive(src, dst, where, keep_source, stored, rest=None, lazy=None, drop=()):
    method = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
    count = 0
    names = []
    zrest = zipfile.ZipFile(rest + ".part", "w") if rest else None
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst + ".part", "w") as zout:
        listed = set(zin.namelist())
        # A package the page never imports goes whole to the second archive, its data files and directory
        # entries too: left in the first, a bare directory would import as an empty namespace package.
        unused = {
            n[: -len("/__init__.py")] for n in listed if n.endswith("/__init__.py") and where + n not in USED
        }

        def in_unused(name):
            parts = name.rstrip("/").split("/")
            return any("/".join(parts[:i]) in unused for i in range(1, len(parts) + (name.endswith("/"))))

        for info in zin.infolist():
            if info.filename.startswith(tuple(drop)):
                continue
            data = zin.read(info)
            entries = [(info.filename, data)]
            target = zout
            if zrest is not None and not info.filename.endswith(".py") and in_unused(info.filename):
                target = zrest
            if info.filename.endswith(".py") and where + info.filename in USED:
                code = compile(data, where + info.filename, "exec", dont_inherit=True)
                count += 1
                pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), False)
                if keep_source:
                    head, _, base = info.filename.rpartition("/")
                    cached = (head + "/" if head else "") + f"__pycache__/{base[:-3]}.{TAG}.pyc"
                    entries.append((cached, pyc))
                else:
                    entries = [(info.filename + "c", pyc)]
            elif info.filename.endswith(".py") and zrest is not None:
                target = zrest
                names.append(info.filename[:-3].removesuffix("/__init__").replace("/", "."))
            for name, body in entries:
                out = zipfile.ZipInfo(name, EPOCH)
                out.compress_type = method
                out.external_attr = info.external_attr
                target.writestr(out, body, compresslevel=None if stored else 9)
        if "web/precompiled.py" in listed:
            # The web wheel: what the stdlib compiled from strings while the probe ran (web/precompiled.py).
            from web import precompiled

            out = zipfile.ZipInfo("web/" + precompiled.TABLE_NAME, EPOCH)
            out.compress_type = method
            out.external_attr = 0o644 << 16
            zout.writestr(out, precompiled.dump(RECORDED), compresslevel=None if stored else 9)
        if zrest is not None:
            zrest.close()
            text = open(lazy, encoding="utf-8").read()
            empty = "NAMES: frozenset[str] = frozenset()"
            assert text.count(empty) == 1, "web/lazy_stdlib.py: its NAMES line moved"
            text = text.replace(empty, "NAMES: frozenset[str] = frozenset(" + repr(sorted(names)) + ")")
            out = zipfile.ZipInfo("sitecustomize.py", EPOCH)
            out.compress_type = method
            out.external_attr = 0o644 << 16
            zout.writestr(out, text.encode("utf-8"))
    os.replace(dst + ".part", dst)
    if rest:
        os.replace(rest + ".part", rest)
    return count


done = {}
for job in json.loads(JOBS):
    args = [job[k] for k in ("src", "dst", "where", "keep_source", "stored")]
    done[os.path.basename(job["dst"])] = compile_archive(*args, job.get("rest"), job.get("lazy"), job["drop"])
json.dumps(done)
`));
"""


#: What a running page never imports, left out of its copy of a wheel (issue 15, goal 4: 133 kB of the first
#: visit): pydantic's first version, kept for programs migrating from it, and its plugin for the mypy type
#: checker. By wheel name prefix.
PAGE_DROPS = {"pydantic-": ("pydantic/v1/", "pydantic/mypy.py")}


def ensure_bytecode(wheels: list[Path]) -> tuple[Path, Path, list[Path]]:
    """Issue 15: nothing the page imports on its way to ready is compiled in the page. The stdlib zip and
    the wheels are compiled at build time by Pyodide's own Python (unchecked-hash .pyc: an import reads no
    source to validate it) — only the modules the page imports (BYTECODE_JS), the others stay source. The
    stdlib and the third-party wheels go sourceless; our engine keeps its sources beside its __pycache__, for
    readable tracebacks and its docstring examples. The stdlib's modules the page never imports leave the
    first archive for a second one, fetched only on the import that needs one (web/lazy_stdlib.py).
    Cached until an input changes."""
    out = BUILD / "bytecode"
    stdlib = NODE_MODULES / "pyodide" / "python_stdlib.zip"
    where = "/lib/python314.zip/"
    jobs = [{"src": stdlib, "dst": out / stdlib.name, "where": where, "keep_source": False, "drop": []}]
    for w in wheels:
        jobs.append(
            {
                "src": w,
                "dst": out / w.name,
                "where": "/lib/python3.14/site-packages/",
                "keep_source": w.name.startswith(("mageduel-", "mageduel_web-")),
                "drop": [p for start, paths in PAGE_DROPS.items() if w.name.startswith(start) for p in paths],
            }
        )
    digest = hashlib.sha256(BYTECODE_JS.encode() + (ROOT / "web" / "bytecode_probe.py").read_bytes())
    digest.update(tree_digest(ROOT / "web").encode())  # lazy_stdlib.py included
    for job in jobs:
        digest.update(f"{job['dst'].name} {sha256(job['src'])} {job['keep_source']} {job['drop']}".encode())
    digest.update(sha256(NODE_MODULES / "pyodide" / "pyodide.asm.wasm").encode())
    results = (out / stdlib.name, out / STDLIB_REST, [out / w.name for w in wheels])
    ready = all(j["dst"].exists() for j in jobs) and (out / STDLIB_REST).exists()
    if ready and stamp_ok("bytecode", digest.hexdigest()):
        return results
    say(
        "compiling what the page imports to bytecode (Pyodide's Python under Node.js):"
        f" the stdlib and {len(wheels)} wheels"
    )
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    script = out / "compile.mjs"
    script.write_text(BYTECODE_JS)
    split = {
        "rest": "/work/" + (out / STDLIB_REST).relative_to(ROOT).as_posix(),
        "lazy": "/work/web/lazy_stdlib.py",
    }
    inside = json.dumps(
        [
            {
                **job,
                "src": "/work/" + job["src"].relative_to(ROOT).as_posix(),
                "dst": "/work/" + job["dst"].relative_to(ROOT).as_posix(),
                "stored": job["src"] == stdlib,
                **(split if job["src"] == stdlib else {}),
            }
            for job in jobs
        ]
    )
    node = shutil.which("node")
    if node is None:
        raise BuildError("Node.js is missing: install Node.js 20+ (on Debian: apt-get install nodejs)")
    run([node, str(script), str(NODE_MODULES / "pyodide"), str(ROOT), inside], what="bytecode compilation")
    script.unlink()
    stamp_write("bytecode", digest.hexdigest())
    return results


def web_wheel() -> Path:
    """web/ (the front end, all but its entry script main.py and the build-time modules) as a wheel the page
    loads with the engine (issue 15): one fetch instead of one per module, and compiled to bytecode at build
    time with the rest. Written by hand, deterministically: it is never installed anywhere but the page."""
    version = re.search(r'^version = "([^"]+)"', (ROOT / "pyproject.toml").read_text(), re.M)[1]  # type: ignore[index]
    name = f"mageduel_web-{version}"
    out = BUILD / "webwheel" / f"{name}-py3-none-any.whl"
    sources = sorted(
        p
        for p in (ROOT / "web").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p not in ENTRY_SCRIPTS and p not in BUILD_TIME_WEB
    )
    files = {p.relative_to(ROOT).as_posix(): p.read_bytes() for p in sources}
    files[f"{name}.dist-info/METADATA"] = (
        f"Metadata-Version: 2.1\nName: mageduel-web\nVersion: {version}\nRequires-Dist: mageduel\n"
        "Summary: Mageduel's front end in the page (built by build.py)\n"
    ).encode()
    files[f"{name}.dist-info/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    record = "".join(
        f"{n},sha256={base64.urlsafe_b64encode(hashlib.sha256(b).digest()).rstrip(b'=').decode()},{len(b)}\n"
        for n, b in files.items()
    )
    files[f"{name}.dist-info/RECORD"] = (record + f"{name}.dist-info/RECORD,,\n").encode()
    out.parent.mkdir(parents=True, exist_ok=True)
    part = out.with_suffix(".part")
    with zipfile.ZipFile(part, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for n, b in files.items():
            info = zipfile.ZipInfo(n, (1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, b)
    if out.exists() and out.read_bytes() == part.read_bytes():
        part.unlink()
    else:
        part.replace(out)
    return out


def ensure_schemas(engine_wheel: Path) -> dict[str, dict]:
    """The JSON Schemas of every boundary model, as the engine's CLI prints them (cached per wheel)."""
    cached = BUILD / "schemas.json"
    digest = sha256(engine_wheel)
    if cached.exists() and stamp_ok("schemas", digest):
        return json.loads(cached.read_text())
    proc = subprocess.run(
        [str(venv_python()), "-m", "mageduel", "schema"], cwd=ROOT, text=True, capture_output=True
    )
    if proc.returncode != 0:
        raise BuildError(
            f"python -m mageduel schema failed (exit {proc.returncode}): {proc.stderr.strip()[-300:]}"
        )
    cached.write_text(proc.stdout)
    stamp_write("schemas", digest)
    return json.loads(proc.stdout)


def wheel_metadata(path: Path) -> tuple[str, str, list[str], list[str]]:
    """(name, version, top-level imports, dependency names) read from a wheel."""
    with zipfile.ZipFile(path) as z:
        meta_name = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
        meta = z.read(meta_name).decode()
        tops = sorted(
            {
                n.split("/")[0]
                for n in z.namelist()
                if not n.split("/")[0].endswith((".dist-info", ".data")) and "/" in n
            }
        )
    name = re.search(r"^Name: (.+)$", meta, re.M)[1].strip()  # type: ignore[index]
    version = re.search(r"^Version: (.+)$", meta, re.M)[1].strip()  # type: ignore[index]
    deps = []
    for line in re.findall(r"^Requires-Dist: (.+)$", meta, re.M):
        if "extra ==" in line:
            continue
        deps.append(normalise(re.match(r"[A-Za-z0-9_.-]+", line)[0]))  # type: ignore[index]
    return normalise(name), version, tops, deps


def normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pyodide_lock(wheels: list[Path]) -> dict:
    """Our pyodide-lock.json: Pyodide's own header, and only the packages we ship."""
    upstream = json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())
    names = {wheel_metadata(w)[0] for w in wheels}
    packages = {}
    for w in wheels:
        name, version, imports, deps = wheel_metadata(w)
        packages[name] = {
            "name": name,
            "version": version,
            "file_name": w.name,
            "install_dir": "site",
            "sha256": sha256(w),
            "package_type": "package",
            "imports": imports,
            "depends": sorted(d for d in deps if d in names),
            "unvendored_tests": False,
            "shared_library": False,
        }
    return {"info": upstream["info"], "packages": packages}


def render_posters() -> dict[str, str]:
    """The first screens painted before Python starts (issue 15): ``python -m web.poster`` in the venv draws
    them with the page's own drawing functions and prints {placeholder: HTML}; each page template has its
    ``{{poster:NAME}}`` placeholder filled with it. Cached until web/ or the engine changes."""
    cached = BUILD / "posters.json"
    digest = tree_digest(ROOT / "web", ROOT / "engine")
    if cached.exists() and stamp_ok("posters", digest):
        return json.loads(cached.read_text(encoding="utf-8"))
    proc = subprocess.run(
        [str(venv_python()), "-m", "web.poster"], cwd=ROOT, capture_output=True, text=True, encoding="utf-8"
    )
    if proc.returncode != 0:
        raise BuildError(
            f"python -m web.poster failed (exit {proc.returncode}): {proc.stderr.strip()[-300:]}"
        )
    cached.parent.mkdir(parents=True, exist_ok=True)
    cached.write_text(proc.stdout, encoding="utf-8")
    stamp_write("posters", digest)
    return json.loads(proc.stdout)


def load_messages() -> dict:
    return json.loads((ROOT / "web" / "messages.json").read_text(encoding="utf-8"))


#: A message key as the scripts before Python name it: ``t("loading.progress")``, ``say("reliab.host.hint")``,
#: ``data-i18n="title"``, and the stages Python announces (``announce_stage("loading.engine")``).
BOOT_KEY = re.compile(r'(?:\b(?:t|say|announce_stage)\(|data-i18n(?:-aria)?=)"([a-z0-9_.-]+)"')


def boot_keys(template_text: str) -> set[str]:
    """The message keys the page uses before Python speaks: in its template (its elements and inline
    script), in the scripts it runs (every one in static/ but the widget's and the service worker's) and
    the loading stages ``web/main.py`` announces. Only these are inlined (issue 15: the whole catalogue was
    113 kB of the page's 137, 32 of its 38 kB gzipped, before the first paint)."""
    texts = [template_text, (ROOT / "web" / "main.py").read_text(encoding="utf-8")]
    texts += [
        p.read_text(encoding="utf-8")
        for p in sorted((ROOT / "static").glob("*.js"))
        if p.name not in ("embed.js", "sw.js")
    ]
    return {key for text in texts for key in BOOT_KEY.findall(text)}


def render_page(template: Path, messages: dict, boot_bytes: int, posters: dict[str, str]) -> str:
    """Fill {{key}} with the English string and inline the strings the scripts before Python use
    (``boot_keys``), so the page speaks before Python; fill {{poster:NAME}} with the first screen drawn at
    build time (``render_posters``)."""
    text = template.read_text(encoding="utf-8").replace("{{boot_bytes}}", str(boot_bytes))
    for name, html in posters.items():
        text = text.replace("{{poster:" + name + "}}", html)
    if "{{catalogue}}" in text:  # the game's page; the widget's strings come in embed-data.js
        wanted = boot_keys(text)
        missing = sorted(wanted - messages.keys())
        if missing:
            lacks = ", ".join(missing)
            raise BuildError(f"{template.name} uses message keys web/messages.json lacks: {lacks}")
        used = {key: messages[key] for key in sorted(wanted)}
        catalogue = json.dumps(used, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
        text = text.replace("{{catalogue}}", catalogue)
    return re.sub(r"\{\{([a-z0-9_.]+)\}\}", lambda m: messages[m[1]]["en"], text)


def pyscript_config() -> dict:
    """PyScript's config: our Pyodide, our lock file, no package cache; the engine and web/ as wheels."""
    return {
        # Without `interpreter` PyScript would fetch Pyodide from a CDN.
        "interpreter": "./pyodide/pyodide.mjs",
        # Resolved by Pyodide from ./pyodide/pyodide-lock.json, loaded at start, with no micropip.
        "packages": ["mageduel", "mageduel-web"],
        "packages_cache": "passthrough",
    }


def render_embed_data() -> dict:
    """The wiki widget's build-time data (embed.html): every built-in scenario's first frame in both
    languages, drawn in CPython by the same functions the page runs (web/embed/posters.py), with the
    parameters' JSON Schema and the boot script's strings. Cached on the digest of web/ and engine/."""
    cached = BUILD / "embed-data.json"
    digest = tree_digest(ROOT / "web", ROOT / "engine")
    if cached.exists() and stamp_ok("embed-data", digest):
        return json.loads(cached.read_text(encoding="utf-8"))
    say("drawing the widget's posters (web/embed/posters.py)")
    proc = subprocess.run(
        [str(venv_python()), "-m", "web.embed.posters"], cwd=ROOT, text=True, capture_output=True
    )
    if proc.returncode != 0:
        why = proc.stderr.strip()[-300:]
        raise BuildError(f"web/embed/posters.py failed (exit {proc.returncode}): {why}")
    cached.parent.mkdir(parents=True, exist_ok=True)
    cached.write_text(proc.stdout, encoding="utf-8")
    stamp_write("embed-data", digest)
    return json.loads(proc.stdout)


def copy_file(src: Path, dst: Path) -> None:
    if (
        dst.exists()
        and dst.stat().st_size == src.stat().st_size
        and dst.stat().st_mtime >= src.stat().st_mtime
    ):
        return
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src, dst)


def write_text(dst: Path, text: str) -> None:
    if dst.exists() and dst.read_text(encoding="utf-8") == text:
        return
    dst.parent.mkdir(parents=True, exist_ok=True)
    dst.write_text(text, encoding="utf-8")


def assemble_dist(engine_wheel: Path, runtime_wheels: list[Path]) -> None:
    """dist/: every file the site needs, and nothing from outside its own origin."""
    wanted: dict[Path, Path | str] = {}
    stdlib, rest, wheels = ensure_bytecode([*runtime_wheels, engine_wheel, web_wheel()])
    for name in PYODIDE_CORE:
        wanted[Path("pyodide") / name] = stdlib if name == stdlib.name else NODE_MODULES / "pyodide" / name
    wanted[Path("pyodide") / rest.name] = rest
    for w in wheels:
        wanted[Path("pyodide") / w.name] = w
    wanted[Path("pyodide/pyodide-lock.json")] = json.dumps(pyodide_lock(wheels), indent=1)
    # Published JSON Schemas of the boundary models (scenario, character, replay, save, …).
    for name, schema in ensure_schemas(engine_wheel).items():
        wanted[Path("schemas") / f"{name}.schema.json"] = json.dumps(schema, indent=1, ensure_ascii=False)
    for src in (NODE_MODULES / "@pyscript" / "core" / "dist").iterdir():
        if src.is_file() and src.suffix in {".js", ".css"}:
            wanted[Path("pyscript") / src.name] = src
    esm = NODE_MODULES / "fake-indexeddb" / "build" / "esm"
    for src in esm.rglob("*.js"):
        wanted[Path("vendor/fake-indexeddb") / src.relative_to(esm)] = src
    wanted[Path("vendor/fake-indexeddb/LICENSE")] = NODE_MODULES / "fake-indexeddb" / "LICENSE"
    # The interface's typeface, its Latin subset (French included; 48 kB for every weight): the same letters
    # on every system, and no font lookup of the system's for each new text size (issue 15: a first duel
    # screen spent 30-60 ms in them).
    inter = NODE_MODULES / "@fontsource-variable" / "inter"
    wanted[Path("fonts") / FONT] = inter / "files" / FONT
    wanted[Path("fonts/LICENSE-Inter.txt")] = inter / "LICENSE"
    messages = load_messages()
    posters = render_posters()
    boot_bytes = sum(
        item.stat().st_size
        for rel, item in wanted.items()
        if isinstance(item, Path) and rel.parts[0] == "pyodide" and rel.name != STDLIB_REST
    )
    wanted[Path("pyscript.json")] = json.dumps(pyscript_config(), indent=1)
    # The wiki widget: its posters and strings as a classic script (no CORS needed to paint), its schema.
    embed = render_embed_data()
    # A tutorial level's poster (lesson=2-3) is fetched only by a widget showing that level.
    for ref, lesson_posters in embed.pop("lessons", {}).items():
        wanted[Path("embed-lessons") / f"{ref}.js"] = (
            "window.MAGEDUEL_LESSON = "
            + json.dumps(lesson_posters, ensure_ascii=False).replace("</", "<\\/")
            + ";\n"
        )
    wanted[Path("embed-data.js")] = (
        "window.MAGEDUEL_EMBED = " + json.dumps(embed, ensure_ascii=False).replace("</", "<\\/") + ";\n"
    )
    wanted[Path("schemas/embed.schema.json")] = json.dumps(embed["schema"], indent=1, ensure_ascii=False)
    for src in sorted((ROOT / "static").rglob("*")):
        if not src.is_file():
            continue
        rel = src.relative_to(ROOT / "static")
        if src.suffix == ".html":
            wanted[rel] = render_page(src, messages, boot_bytes, posters)
        elif rel.name != "sw.js":
            wanted[rel] = src
    # The page's entry script; the rest of web/ is in its wheel.
    for entry in ENTRY_SCRIPTS:
        wanted[entry.relative_to(ROOT)] = entry
    # The service worker precaches every file under a version named by their digest.
    version = hashlib.sha256()
    for rel in sorted(wanted):
        item = wanted[rel]
        version.update(str(rel).encode())
        version.update(item.encode() if isinstance(item, str) else sha256(item).encode())
    files = sorted(str(rel).replace(os.sep, "/") for rel in wanted if not never_offline(rel))
    sw = (ROOT / "static" / "sw.js").read_text(encoding="utf-8")
    sw = sw.replace("__VERSION__", version.hexdigest()[:16]).replace("__FILES__", json.dumps(["./", *files]))
    wanted[Path("sw.js")] = sw
    for rel, item in wanted.items():
        dst = DIST / rel
        if isinstance(item, str):
            write_text(dst, item)
        else:
            copy_file(item, dst)
    keep = {DIST / rel for rel in wanted}
    for path in sorted(DIST.rglob("*"), reverse=True):
        if path.is_file() and path not in keep:
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()


# What the page never fetches where the service worker runs (issue 15: it precached 1.4 MB nobody used):
# PyScript's editor, terminal, MicroPython and TOML chunks (we use none), the published JSON Schemas (for
# people and tools, not the page), and the in-memory IndexedDB (only where storage is blocked, and there no
# service worker is registered). They stay on the site.
NEVER_OFFLINE = (
    "pyscript/codemirror",
    "pyscript/xterm",
    "pyscript/mpy-",
    "pyscript/toml-",
    "schemas/",
    "vendor/",
)


def never_offline(rel: Path) -> bool:
    return rel.as_posix().startswith(NEVER_OFFLINE)


def build() -> None:
    started = time.perf_counter()
    if sys.version_info < (3, 11):  # noqa: UP036 - build.py may be started by any python3
        raise BuildError(f"Python 3.11 or newer is needed (this is {sys.version.split()[0]})")
    ensure_venv()
    ensure_npm()
    runtime = ensure_wheels(ROOT / "pyodide-requirements.txt", CACHE / "wheels" / "runtime")
    wheel = ensure_engine_wheel()
    assemble_dist(wheel, runtime)
    size = sum(p.stat().st_size for p in DIST.rglob("*") if p.is_file())
    say(f"dist/ ready: {size / 1e6:.1f} MB in {time.perf_counter() - started:.1f} s")


# --- serving -----------------------------------------------------------------------------------------


#: What a page embedded in a sandboxed frame needs (an opaque origin, "null"): its module scripts, wasm and
#: wheels are fetched in CORS mode, so every file must allow any origin; and a host page that isolates itself
#: (Cross-Origin-Embedder-Policy) takes only resources that allow being embedded cross-origin.
EMBED_HEADERS = {"Access-Control-Allow-Origin": "*", "Cross-Origin-Resource-Policy": "cross-origin"}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a folder with the MIME types the site needs; revalidates so reloads are cheap and fresh; sends
    :data:`EMBED_HEADERS`, so the page starts inside any host's sandboxed iframe."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        # Once only: a subclass that already sent one of them must not make it a list ("*, *" is refused).
        sent = b"".join(getattr(self, "_headers_buffer", [])).lower()
        for name, value in EMBED_HEADERS.items():
            if f"\r\n{name.lower()}:".encode() not in sent:
                self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the stdlib's signature
        if os.environ.get("MAGEDUEL_SERVE_LOG"):
            super().log_message(format, *args)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request: object, client_address: object) -> None:
        # A visitor who closes the tab or reloads while a large file is on its way resets the connection:
        # that is the visitor's choice, not the server's fault, and a traceback for it buried real errors.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]


def make_server(root: Path, port: int = 0, host: str = "127.0.0.1") -> Server:
    """A threaded static server for ``root`` (port 0 picks a free one)."""
    handler = functools.partial(SiteHandler, directory=str(root))
    return Server((host, port), handler)


def serve_in_thread(root: Path, port: int = 0, host: str = "127.0.0.1") -> Server:
    server = make_server(root, port, host)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def serve(port: int) -> None:
    build()
    try:
        server = make_server(DIST, port)
    except OSError as exc:
        raise BuildError(f"cannot listen on 127.0.0.1:{port}: {exc.strerror} (try --port N)") from None
    print(f"Mageduel is served at http://127.0.0.1:{server.server_address[1]}/  (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped")


# --- testing -----------------------------------------------------------------------------------------


def find_chromium() -> str:
    env = os.environ.get("MAGEDUEL_CHROMIUM")
    for candidate in ([env] if env else []) + list(CHROMIUM_CANDIDATES):
        if candidate and Path(candidate).exists():
            return candidate
    raise BuildError(
        "Chromium is missing for the browser tests: on Debian, apt-get install chromium "
        "(or set MAGEDUEL_CHROMIUM to a Chromium binary)"
    )


def find_node() -> str:
    node = shutil.which("node")
    if node is None:
        raise BuildError(
            "Node.js is missing for the Pyodide tests: install Node.js 20+ (apt-get install nodejs)"
        )
    return node


def test(pytest_args: list[str]) -> int:
    build()
    env = {**os.environ, "MAGEDUEL_CHROMIUM": find_chromium(), "PYTHONDONTWRITEBYTECODE": "1"}
    node = find_node()
    test_wheels = ensure_wheels(ROOT / "pyodide-test-requirements.txt", CACHE / "wheels" / "test")
    cpython_cmd = [str(venv_python()), "-m", "pytest", *pytest_args]
    if picks_tests(pytest_args):
        # The arguments pick tests (paths, -k, -m): run just those, in CPython, as asked.
        return subprocess.run(cpython_cmd, cwd=ROOT, env=env).returncode
    # The whole suite: CPython's tests on every core (up to four), a file to a worker, so that one browser
    # test's page boots while another's waits; Pyodide's suite runs alongside, and its report is printed
    # after CPython's.
    cpython_cmd += test_workers(os.cpu_count() or 1)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    pyodide_log = ARTIFACTS / "pyodide-tests.log"
    with pyodide_log.open("w") as log:
        pyodide_proc = subprocess.Popen(
            pyodide_test_command(node, test_wheels), cwd=ROOT, stdout=log, stderr=subprocess.STDOUT
        )
        say("CPython: engine, rules, web and browser tests (pytest); Pyodide's suite runs alongside")
        cpython = subprocess.run(cpython_cmd, cwd=ROOT, env=env).returncode
        pyodide = pyodide_proc.wait()
    say("Pyodide (Python 3.14 under Node.js, offline, from the built wheels): engine and rules tests")
    print(pyodide_log.read_text(), end="", flush=True)
    if cpython or pyodide:
        say(f"FAILED: CPython suite exit {cpython}, Pyodide suite exit {pyodide}")
        return 1
    say("all tests passed, in CPython and in Pyodide")
    return 0


def test_workers(cores: int) -> list[str]:
    """pytest-xdist's arguments for ``cores`` cores: one worker a core, four at most, whole files to a worker
    (a file's fixtures and its pages are set up once); none on one core.

    >>> test_workers(1), test_workers(2), test_workers(16)
    ([], ['-n', '2', '--dist', 'loadfile'], ['-n', '4', '--dist', 'loadfile'])
    """
    n = min(cores, 4)
    return ["-n", str(n), "--dist", "loadfile"] if n > 1 else []


def picks_tests(pytest_args: list[str]) -> bool:
    """Whether pytest arguments select tests (a path, -k or -m) rather than only change the output."""
    return any(not a.startswith("-") or a in ("-k", "-m") or a.startswith(("-k", "-m")) for a in pytest_args)


def pyodide_test_command(node: str, test_wheels: list[Path], *paths: str) -> list[str]:
    wheels = sorted((DIST / "pyodide").glob("*.whl")) + test_wheels
    cmd = [
        node,
        str(ROOT / "tests" / "pyodide" / "run_pytest.mjs"),
        "--pyodide",
        str(DIST / "pyodide"),
        "--tests",
        str(ROOT / "tests"),
        *[f"--wheel={w}" for w in wheels],
        "--",
        *(paths or ("engine", "rules", "golden")),
    ]
    return cmd


def rules_table() -> int:
    build()
    script = ROOT / "tests" / "tools" / "clause_table.py"
    if not script.exists():
        raise BuildError("tests/tools/clause_table.py is missing")
    return subprocess.run([str(venv_python()), str(script)], cwd=ROOT).returncode


def bench(rounds: int, as_json: bool, engine_only: bool = False) -> int:
    build()
    if engine_only:
        # The engine's figures alone (no browser), in a file of their own: bench.json stays one whole run.
        env = dict(os.environ)
        extra = ["--engine-only"] + (["--json", str(ARTIFACTS / "bench-engine.json")] if as_json else [])
    else:
        env = {**os.environ, "MAGEDUEL_CHROMIUM": find_chromium()}
        extra = ["--json", str(ARTIFACTS / "bench.json")] if as_json else []
    return subprocess.run(
        [str(venv_python()), str(ROOT / "tests" / "bench.py"), "--profiles", str(rounds), *extra],
        cwd=ROOT,
        env=env,
    ).returncode


def clean(everything: bool) -> None:
    for path in (DIST, BUILD, ARTIFACTS, VENV, NODE_MODULES) + ((CACHE,) if everything else ()):
        if path.exists():
            say(f"removing {path.relative_to(ROOT)}/")
            shutil.rmtree(path)
    if not everything:
        shutil.rmtree(CACHE / "stamps", ignore_errors=True)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("build", help="build dist/ (the default)")
    p_serve = sub.add_parser("serve", help="build if stale and serve dist/ on 127.0.0.1")
    p_serve.add_argument("--port", type=int, default=8000)
    p_test = sub.add_parser("test", help="build, then run every test; extra arguments go to pytest")
    p_test.add_argument("pytest_args", nargs=argparse.REMAINDER)
    p_bench = sub.add_parser("bench", help="page load times against the bare-Pyodide floor, duels per second")
    p_bench.add_argument("--profiles", type=int, default=5)
    p_bench.add_argument(
        "--json", action="store_true", help="also write every figure to test-artifacts/bench.json"
    )
    p_bench.add_argument(
        "--engine-only",
        action="store_true",
        help="only the engine's figures (duels per second, the computer's decision times; no browser);"
        " --json writes them to test-artifacts/bench-engine.json",
    )
    sub.add_parser("rules", help="print the table clause -> tests")
    p_clean = sub.add_parser("clean", help="remove build output, .venv and node_modules")
    p_clean.add_argument("--all", action="store_true", help="also drop the download cache")
    # Everything after `test` goes to pytest untouched, options such as -q or -k included.
    args, extra = parser.parse_known_args(argv)
    if extra and args.command != "test":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    if args.command == "test":
        args.pytest_args = argv[argv.index("test") + 1 :]
    try:
        # No `match` here: build.py must still parse on an old Python, to say it is too old.
        if args.command in (None, "build"):
            build()
        elif args.command == "serve":
            serve(args.port)
        elif args.command == "test":
            return test(args.pytest_args)
        elif args.command == "bench":
            return bench(args.profiles, args.json, args.engine_only)
        elif args.command == "rules":
            return rules_table()
        elif args.command == "clean":
            clean(args.all)
    except BuildError as exc:
        print(f"build.py: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("build.py: interrupted", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
