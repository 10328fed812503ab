"""build.py: pins, the lock file it writes, the site it assembles, and its one-line failures."""

from __future__ import annotations

import json
import re
import sys
import zipfile

import pytest

import build

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="build.py runs on the host")


def test_every_runtime_wheel_is_pinned_by_version_and_sha256():
    pins = build.pinned_wheels(build.ROOT / "pyodide-requirements.txt")
    names = {p.split("==")[0] for p in pins}
    assert names == {"pydantic", "pydantic-core", "typing-extensions", "annotated-types", "typing-inspection"}
    assert all(re.fullmatch(r"[0-9a-f]{64}", h) for h in pins.values())
    # The page's pydantic is the one the project itself depends on.
    assert "pydantic==2.14.4" in pins
    declared = re.search(r"^dependencies = \[(.*)\]$", (build.ROOT / "pyproject.toml").read_text(), re.M)
    assert declared is not None
    assert '"pydantic==2.14.4"' in declared[1].split(", ")
    # Each dependency of the engine is one the page loads.
    assert {d.strip('"').split("=")[0].split(">")[0] for d in declared[1].split(", ")} <= names


def test_npm_packages_are_locked_with_integrity_hashes():
    lock = json.loads((build.ROOT / "package-lock.json").read_text())
    for name in ("pyodide", "@pyscript/core", "fake-indexeddb", "@fontsource-variable/inter"):
        entry = lock["packages"][f"node_modules/{name}"]
        assert entry["integrity"].startswith("sha512-")
    declared = json.loads((build.ROOT / "package.json").read_text())["dependencies"]
    assert all(re.fullmatch(r"\d+\.\d+\.\d+", v) for v in declared.values()), "exact versions only"


@pytest.fixture(scope="module")
def dist():
    if not (build.DIST / "pyodide" / "pyodide-lock.json").exists():
        pytest.fail("dist/ is not built: run python3 build.py test")
    return build.DIST


def test_lock_file_lists_exactly_the_shipped_wheels_with_their_hashes(dist):
    lock = json.loads((dist / "pyodide" / "pyodide-lock.json").read_text())
    wheels = sorted(p.name for p in (dist / "pyodide").glob("*.whl"))
    assert sorted(p["file_name"] for p in lock["packages"].values()) == wheels
    for package in lock["packages"].values():
        assert build.sha256(dist / "pyodide" / package["file_name"]) == package["sha256"]
    assert sorted(lock["packages"]["mageduel"]["depends"]) == ["pydantic", "typing-extensions"]
    assert set(lock["packages"]["pydantic"]["depends"]) == {
        "pydantic-core",
        "typing-extensions",
        "annotated-types",
        "typing-inspection",
    }
    assert lock["info"]["python"].startswith("3.14")


def test_engine_wheel_is_pure_python(dist):
    (wheel,) = (dist / "pyodide").glob("mageduel-*.whl")
    assert wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        meta = z.read(next(n for n in names if n.endswith("METADATA"))).decode()
    assert "Requires-Python: >=3.11" in meta
    assert "mageduel/data/spells.json" in names
    assert not [n for n in names if n.endswith((".so", ".pyd"))]
    # Issue 15: the page's Python finds the engine compiled at build time (its own 3.14 bytecode, in
    # __pycache__, so any other Python ignores it), and every source is still beside it.
    pycs = [n for n in names if n.endswith(".pyc")]
    assert pycs and all(re.search(r"/__pycache__/[a-z_0-9]+\.cpython-314\.pyc$", n) for n in pycs)
    sources = set(names)
    for n in pycs:
        head, _, base = n.partition("__pycache__/")
        assert head + base.split(".")[0] + ".py" in sources, n


def test_pyscript_config_points_at_our_own_pyodide(dist):
    config = json.loads((dist / "pyscript.json").read_text())
    assert config["interpreter"] == "./pyodide/pyodide.mjs"
    assert config["packages_cache"] == "passthrough"
    # Issue 15: web/ comes as a wheel of its own, compiled at build time, not as one fetch per module.
    assert config["packages"] == ["mageduel", "mageduel-web"]
    assert "files" not in config
    lock = json.loads((dist / "pyodide" / "pyodide-lock.json").read_text())
    web = lock["packages"]["mageduel-web"]
    assert web["imports"] == ["web"] and web["depends"] == ["mageduel"]
    with zipfile.ZipFile(dist / "pyodide" / web["file_name"]) as z:
        names = set(z.namelist())
    assert {"web/game/app.py", "web/messages.json", "web/game/__pycache__/app.cpython-314.pyc"} <= names
    assert not {"web/main.py", "web/poster.py", "web/bytecode_probe.py"} & names


def test_site_names_no_outside_address_in_our_own_files(dist):
    ours = [
        dist / "index.html",
        dist / "boot.js",
        dist / "bootwatch.js",
        dist / "idbfallback.js",
        dist / "sw.js",
        dist / "pyscript.json",
        dist / "embed.html",
        dist / "embed.js",
        dist / "embed-data.js",
        *(dist / "web").rglob("*"),
    ]
    for path in ours:
        if path.is_file():
            # XML namespace names (www.w3.org) are identifiers, never fetched.
            assert not re.search(
                r"https?://(?!127\.0\.0\.1|localhost|www\.w3\.org/)", path.read_text(encoding="utf-8")
            ), path


def test_service_worker_precaches_every_file_the_page_may_fetch(dist):
    sw = (dist / "sw.js").read_text()
    files = json.loads(re.search(r"const FILES = (\[.*?\]);", sw, re.S)[1])
    on_disk = {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()} - {"sw.js"}
    left_out = on_disk - set(files)
    assert set(files) - {"./"} <= on_disk
    # Only what the page never fetches under a service worker (issue 15), and every such file.
    assert left_out == {f for f in on_disk if f.startswith(build.NEVER_OFFLINE)}
    assert not [f for f in left_out if f.startswith(("pyodide/", "web/")) or f.endswith(".html")]
    assert {"pyscript/core.js", "pyodide/pyodide.asm.wasm", "index.html", "boot.js", "poster.js"} <= set(
        files
    )
    assert {"patch.js", f"fonts/{build.FONT}", "fonts/LICENSE-Inter.txt"} <= set(files)


def test_the_typeface_ships_with_its_licence_and_the_pages_name_and_preload_it(dist):
    font = dist / "fonts" / build.FONT
    assert font.read_bytes()[:4] == b"wOF2"
    assert "SIL Open Font License" in (dist / "fonts" / "LICENSE-Inter.txt").read_text()
    css = (dist / "style.css").read_text()
    assert f"url(./fonts/{build.FONT})" in css and 'font-family: "Inter"' in css
    for page in ("index.html", "embed.html"):
        html = (dist / page).read_text()
        assert (
            f'<link rel="preload" href="./fonts/{build.FONT}" as="font" type="font/woff2" crossorigin>'
            in html
        )


def test_missing_chromium_is_one_clear_line(monkeypatch, capsys):
    monkeypatch.setattr(build, "CHROMIUM_CANDIDATES", ("/nonexistent/chromium",))
    monkeypatch.delenv("MAGEDUEL_CHROMIUM", raising=False)
    monkeypatch.setattr(build, "build", lambda: None)
    assert build.main(["test"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [
        "build.py: Chromium is missing for the browser tests: on Debian, apt-get install chromium "
        "(or set MAGEDUEL_CHROMIUM to a Chromium binary)"
    ]


def test_missing_npm_is_one_clear_line(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(build, "NODE_MODULES", tmp_path / "none")
    monkeypatch.setattr(build.shutil, "which", lambda name: None)
    monkeypatch.setattr(build, "ensure_venv", lambda: None)
    assert build.main(["build"]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("build.py: npm is missing") and "apt-get install" in err[0]


def test_a_failed_command_is_one_line_without_a_traceback(monkeypatch, capsys):
    monkeypatch.delenv("MAGEDUEL_VERBOSE", raising=False)
    with pytest.raises(build.BuildError) as failure:
        build.run([sys.executable, "-c", "import sys; print('noise'); sys.exit(3)"], what="pip download")
    assert str(failure.value).startswith("pip download failed (exit 3)")
    assert "noise" not in capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "picks"),
    [
        ([], False),
        (["-q"], False),
        (["-x", "-q"], False),
        (["tests/web"], True),
        (["-k", "md5"], True),
        (["-mslow"], True),
    ],
)
def test_test_arguments_that_pick_tests_run_only_those(args, picks):
    # Without a selection, `build.py test` also runs the Pyodide suite.
    assert build.picks_tests(args) is picks


def test_json_schemas_of_the_boundary_models_are_published(dist):
    names = {p.name for p in (dist / "schemas").glob("*.schema.json")}
    assert {
        "scenario.schema.json",
        "character.schema.json",
        "replay.schema.json",
        "event.schema.json",
    } <= names
    scenario = json.loads((dist / "schemas" / "scenario.schema.json").read_text())
    assert scenario["type"] == "object" and "participants" in scenario["properties"]


def test_nothing_fetched_or_built_is_committed():
    import subprocess

    if not (build.ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    files = subprocess.run(["git", "ls-files"], cwd=build.ROOT, capture_output=True, text=True).stdout.split()
    assert not [f for f in files if f.startswith(("dist/", ".venv/", "node_modules/", ".cache/", "build/"))]
    assert not [f for f in files if f.endswith((".whl", ".wasm", ".zip", "pyodide.mjs", "pyodide.asm.mjs"))]


def test_what_the_page_imports_ships_as_bytecode_and_the_rest_as_source(dist):
    """Issue 15: the stdlib and the third-party wheels carry the modules the page imports as Pyodide's own
    bytecode (sourceless .pyc), the rest as source (the stdlib's in a second archive, fetched only by an
    import that needs it); the stdlib zips are stored, so the host compresses them."""
    with zipfile.ZipFile(dist / "pyodide" / "python_stdlib.zip") as z:
        names = set(z.namelist())
        assert {i.compress_type for i in z.infolist()} == {zipfile.ZIP_STORED}
        magic = z.read("json/__init__.pyc")[:4]
    assert {"json/__init__.pyc", "dataclasses.pyc", "typing.pyc"} <= names
    assert "json/__init__.py" not in names
    assert "smtplib.py" not in names and "smtplib.pyc" not in names  # never imported by the page: …
    with zipfile.ZipFile(dist / "pyodide" / "python_stdlib_rest.zip") as z:
        assert "smtplib.py" in z.namelist()  # … left as source in the second archive (web/lazy_stdlib.py)
        assert {i.compress_type for i in z.infolist()} == {zipfile.ZIP_STORED}
    assert magic[2:] == b"\r\n"
    (pydantic,) = (dist / "pyodide").glob("pydantic-2*.whl")
    with zipfile.ZipFile(pydantic) as z:
        names = set(z.namelist())
    assert "pydantic/main.pyc" in names and "pydantic/main.py" not in names
    # What no running page imports is left out of the page's copy (build.PAGE_DROPS): pydantic's first
    # version and its mypy plugin; pydantic's other unused modules stay as source.
    assert not [n for n in names if n.startswith("pydantic/v1/")] and "pydantic/mypy.py" not in names
    assert "pydantic/root_model.py" in names


PAGE_WITH_THE_TABLE = """import json
from web import precompiled
installed = precompiled.install()
probe = {}
exec(compile(PROBE, "bytecode_probe.py", "exec"), probe)
probe["play"]()
_, table = __import__("marshal").loads(precompiled.load())
same = all(code == compile(src, "<string>", mode, dont_inherit=True) for (mode, src), code in table.items())
kinds = {mode: sum(1 for m, _ in table if m == mode) for mode in ("exec", "eval")}
json.dumps({"installed": installed, "same": same, **kinds, **precompiled.STATS})"""


def test_the_page_compiles_nothing_the_build_compiled(dist):
    """Issue 15: in the site's own Pyodide, with the shipped wheels, the page's steps (web/bytecode_probe.py:
    both first screens, the warm-up, a duel, the widget) take every dataclass's methods and every string
    annotation's code from the table the build compiled (web/precompiled.py), and each entry is exactly
    what Python compiles from its source."""
    import json

    from tests.bench import in_pyodide

    probe = (build.ROOT / "web" / "bytecode_probe.py").read_text(encoding="utf-8")
    out = in_pyodide(f"PROBE = {probe!r}\n{PAGE_WITH_THE_TABLE}")
    if out is None:
        pytest.fail("Node.js is missing: python3 build.py test installs what the tests need")
    result = json.loads(out)
    assert result["installed"] and result["same"]
    assert result["misses"] == 0
    # When this was written: 99 classes' methods and 300-odd annotations, met 1,000-odd times.
    assert result["exec"] >= 80 and result["eval"] >= 250
    assert result["hits"] >= result["exec"] + result["eval"]


def test_the_whole_suite_runs_a_worker_a_core_up_to_four_and_none_on_one_core():
    assert build.test_workers(1) == []
    assert build.test_workers(2) == ["-n", "2", "--dist", "loadfile"]
    assert build.test_workers(64) == ["-n", "4", "--dist", "loadfile"]


def test_the_page_inlines_only_the_strings_its_scripts_before_python_use(dist, tmp_path):
    # The whole catalogue (the log's sentences, every screen's words) was 113 kB of index.html's 137, read
    # before the first paint; Python brings its own. What the page's own scripts name must all be there.
    html = (dist / "index.html").read_text(encoding="utf-8")
    inlined = json.loads(re.search(r'id="messages">(.*?)</script>', html, re.S).group(1))
    scripts = [
        (build.ROOT / "static" / name).read_text(encoding="utf-8") for name in ("boot.js", "bootguard.js")
    ]
    named = set(re.findall(r'\b(?:t|say)\("([a-z0-9_.-]+)"', "".join(scripts)))
    named |= set(re.findall(r'data-i18n(?:-aria)?="([a-z0-9_.-]+)"', html))
    named |= {"loading.engine"}  # announced by web/main.py as Python starts
    assert named <= inlined.keys(), named - inlined.keys()
    assert {"loading.progress", "reliab.host.hint", "title", "error.title"} <= inlined.keys()
    messages = build.load_messages()
    assert all(inlined[k] == messages[k] and {"en", "fr"} <= messages[k].keys() for k in inlined)
    assert len(inlined) < 40 and not any(k.startswith(("ev.", "panel.", "lesson.")) for k in inlined)
    # A key the template names but the catalogue lacks stops the build with its name.
    page = tmp_path / "index.html"
    page.write_text(
        '<script type="application/json" id="messages">{{catalogue}}</script><p data-i18n="no.such">'
    )
    with pytest.raises(build.BuildError, match="no.such"):
        build.render_page(page, messages, 0, {})
