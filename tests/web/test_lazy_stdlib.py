"""Issue 15, bytes: web/lazy_stdlib.py, the finder that fetches the stdlib's left-out modules on the first
import that needs one, and build.py's split of the stdlib into the two archives it reads."""

from __future__ import annotations

import sys
import types
import zipfile
from pathlib import Path

import pytest

import build
from web import lazy_stdlib


def user_defined(data: bytes) -> str:
    """What a browser hands back for ``data`` read as text in the x-user-defined charset."""
    return "".join(chr(b) if b < 0x80 else chr(0xF700 + b) for b in data)


def test_bytes_come_back_whole_from_the_x_user_defined_text():
    data = bytes(range(256)) * 3
    assert lazy_stdlib.user_defined_bytes(user_defined(data)) == data


@pytest.fixture
def rest(tmp_path, monkeypatch):
    """A second archive with a module, a package and a submodule of a package the first archive holds."""
    archive = tmp_path / "rest.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("lazy_probe_mod.py", "WHO = 'module'\n")
        z.writestr("lazy_probe_pkg/__init__.py", "WHO = 'package'\n")
        z.writestr("lazy_probe_pkg/inner.py", "WHO = 'inner'\n")
        z.writestr("email/lazy_probe_sub.py", "WHO = 'sub of email'\n")
    names = frozenset({"lazy_probe_mod", "lazy_probe_pkg", "lazy_probe_pkg.inner", "email.lazy_probe_sub"})
    target = tmp_path / "fetched.zip"
    monkeypatch.setattr(lazy_stdlib.RestFinder, "names", names)
    monkeypatch.setattr(lazy_stdlib.RestFinder, "path", str(target))
    monkeypatch.setattr(lazy_stdlib, "_state", {"busy": False, "failed": False})
    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, lazy_stdlib.RestFinder])
    yield archive, target
    for name in [n for n in sys.modules if "lazy_probe" in n]:
        del sys.modules[name]


def fake_js(monkeypatch, archive: Path | None, calls: list[str]) -> None:
    """A page's ``js`` and ``pyodide_js`` modules: a synchronous XMLHttpRequest serving ``archive``."""

    class Request:
        def open(self, method: str, url: str, sync: bool) -> None:
            assert method == "GET" and sync is False
            calls.append(url)

        def overrideMimeType(self, mime: str) -> None:  # noqa: N802 - the browser's name
            assert "x-user-defined" in mime

        def send(self, body: None) -> None:
            self.status = 200 if archive else 404
            self.responseText = user_defined(archive.read_bytes()) if archive else ""

    js = types.SimpleNamespace(XMLHttpRequest=types.SimpleNamespace(new=Request))
    config = types.SimpleNamespace(indexURL="https://example.invalid/pyodide/")
    monkeypatch.setitem(sys.modules, "js", js)
    monkeypatch.setitem(
        sys.modules, "pyodide_js", types.SimpleNamespace(_api=types.SimpleNamespace(config=config))
    )


def test_a_left_out_module_is_fetched_once_on_its_first_import(rest, monkeypatch):
    archive, target = rest
    calls: list[str] = []
    fake_js(monkeypatch, archive, calls)
    import email
    from email import lazy_probe_sub  # type: ignore[attr-defined]

    import lazy_probe_mod  # type: ignore[import-not-found]
    import lazy_probe_pkg.inner  # type: ignore[import-not-found]

    assert (lazy_probe_mod.WHO, lazy_probe_pkg.WHO, lazy_probe_pkg.inner.WHO) == (
        "module",
        "package",
        "inner",
    )
    assert lazy_probe_sub.WHO == "sub of email" and email.__file__ is not None
    assert calls == ["https://example.invalid/pyodide/python_stdlib_rest.zip"]
    assert target.read_bytes() == archive.read_bytes()


def test_a_module_not_listed_is_never_fetched(rest, monkeypatch):
    calls: list[str] = []
    fake_js(monkeypatch, rest[0], calls)
    with pytest.raises(ModuleNotFoundError):
        import lazy_probe_not_listed  # type: ignore[import-not-found]  # noqa: F401
    assert calls == []


def test_a_failed_fetch_fails_the_import_as_before_and_is_not_retried(rest, monkeypatch):
    calls: list[str] = []
    fake_js(monkeypatch, None, calls)
    for _ in range(3):
        with pytest.raises(ModuleNotFoundError):
            import lazy_probe_mod  # type: ignore[import-not-found]  # noqa: F401
    assert len(calls) == 1


def test_outside_a_page_nothing_is_fetched(rest, monkeypatch):
    monkeypatch.setitem(sys.modules, "js", None)
    monkeypatch.setitem(sys.modules, "pyodide_js", None)
    with pytest.raises(ModuleNotFoundError):
        import lazy_probe_mod  # type: ignore[import-not-found]  # noqa: F401


def test_the_built_stdlib_is_split_in_two_and_the_first_names_the_second():
    first = zipfile.ZipFile(build.DIST / "pyodide" / "python_stdlib.zip")
    second = zipfile.ZipFile(build.DIST / "pyodide" / build.STDLIB_REST)
    in_first = set(first.namelist())
    sources = [n for n in in_first if n.endswith(".py")]
    assert sources == ["sitecustomize.py"]  # the page's imports are compiled; the rest is in the second
    assert {"encodings/utf_16_le.pyc", "json/__init__.pyc", "asyncio/__init__.pyc"} <= in_first
    code = first.read("sitecustomize.py").decode()
    namespace: dict[str, object] = {"__name__": "lazy_stdlib_built"}
    exec(compile(code, "sitecustomize.py", "exec"), namespace)
    names = namespace["NAMES"]
    listed = {
        n[:-3].removesuffix("/__init__").replace("/", ".") for n in second.namelist() if n.endswith(".py")
    }
    assert names == listed and len(names) > 100
    # A package left out goes whole: no bare directory of it stays behind to import as a namespace.
    assert "unittest" in names and not any(n.startswith("unittest/") for n in in_first)
