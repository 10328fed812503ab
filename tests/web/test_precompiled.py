"""Issue 15, ready sooner: web/precompiled.py, what the stdlib compiles from strings (the dataclasses' methods,
string annotations) compiled at build time and taken from a table in the page instead of at each start."""

from __future__ import annotations

import dataclasses
import marshal
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from web import precompiled


@pytest.fixture(autouse=True)
def compiled_again_after(monkeypatch) -> Iterator[None]:
    monkeypatch.setattr(precompiled, "STATS", {"hits": 0, "misses": 0})
    yield
    precompiled.restore()


def kinds() -> list[type]:
    """Dataclasses of every shape the engine writes: defaults and factories, frozen, ordered, slots,
    keyword-only, and one with ``__post_init__``."""

    @dataclass
    class Plain:
        x: int
        y: int = 0

    @dataclass(frozen=True, slots=True)
    class Frozen:
        name: str
        tags: tuple[str, ...] = ()

    @dataclass(order=True)
    class Ordered:
        rank: int
        items: list[int] = field(default_factory=list)

    @dataclass(slots=True, kw_only=True)
    class KeywordOnly:
        a: int
        b: str = "b"

    @dataclass
    class Checked:
        n: int

        def __post_init__(self) -> None:
            if self.n < 0:
                raise ValueError("n")

    return [Plain, Frozen, Ordered, KeywordOnly, Checked]


def exercise(classes: list[type]) -> list[Any]:
    """What each kind's generated methods do."""
    plain, frozen, ordered, keyword_only, checked = classes
    f = frozen("a", ("t",))
    with pytest.raises(dataclasses.FrozenInstanceError):
        f.name = "b"
    with pytest.raises(ValueError, match="n"):
        checked(-1)
    with pytest.raises(TypeError):
        keyword_only(1)
    return [
        repr(plain(1)),
        plain(1, 2) == plain(1, 2),
        repr(f),
        hash(f) == hash(frozen("a", ("t",))),
        ordered(1) < ordered(2),
        ordered(3).items is not ordered(3).items,
        repr(keyword_only(a=1)),
        checked(2).n,
    ]


def methods(classes: list[type]) -> list[Any]:
    """The code of every method dataclasses wrote for ``classes``."""
    names = ("__init__", "__repr__", "__eq__", "__lt__", "__setattr__", "__hash__")
    return [getattr(getattr(c, n, None), "__code__", None) for c in classes for n in names]


def test_recorded_code_is_what_dataclasses_compiles():
    recorded = precompiled.record()
    classes = kinds()
    precompiled.restore()
    assert len(recorded) >= len(classes)  # one source a class (Python 3.14) or one a method (3.11)
    for (mode, source), code in recorded.items():
        assert mode == "exec" and code == compile(source, "<string>", "exec", dont_inherit=True)
    assert exercise(classes) == exercise(kinds())


def test_the_table_serves_every_class_it_holds_with_the_same_methods():
    recorded = precompiled.record()
    kinds()
    precompiled.restore()
    compiled = kinds()
    assert precompiled.install(precompiled.dump(recorded))
    served = kinds()
    assert precompiled.STATS["misses"] == 0 and precompiled.STATS["hits"] >= len(served)
    assert methods(served) == methods(compiled)
    assert exercise(served) == exercise(compiled)


def test_a_class_the_table_lacks_is_compiled_as_before():
    recorded = precompiled.record()
    kinds()
    precompiled.restore()
    assert precompiled.install(precompiled.dump(recorded))

    @dataclass
    class Unseen:
        z: float = 1.5

    assert precompiled.STATS["hits"] == 0 and precompiled.STATS["misses"] >= 1
    assert repr(Unseen()) == "test_a_class_the_table_lacks_is_compiled_as_before.<locals>.Unseen(z=1.5)"


@pytest.mark.parametrize(
    "blob",
    [
        pytest.param(lambda table: marshal.dumps(("Python 2.7.18", table)), id="another Python's"),
        pytest.param(lambda table: b"\x00not marshal", id="not a table"),
        pytest.param(lambda table: marshal.dumps([1, 2]), id="not a pair"),
        pytest.param(lambda table: b"", id="empty"),
    ],
)
def test_a_table_that_is_not_this_pythons_is_ignored(blob: Callable[[dict], bytes]):
    recorded = precompiled.record()
    kinds()
    precompiled.restore()
    assert not precompiled.install(blob(recorded))
    assert "exec" not in vars(dataclasses)
    assert exercise(kinds())


def test_without_a_shipped_table_nothing_changes(tmp_path):
    assert precompiled.load(str(tmp_path / precompiled.TABLE_NAME)) is None
    # The source tree has none: build.py writes the table into the page's copy of the web wheel only.
    assert precompiled.load() is None
    assert not precompiled.install()
    assert "exec" not in vars(dataclasses)


def test_a_string_annotations_code_comes_from_the_table_and_anything_else_is_compiled():
    """annotationlib's part (Python 3.14, the page's; CPython 3.11 has no annotationlib): its one call,
    ``compile(annotation, "<string>", "eval")``, is answered from the table; any other is passed on."""
    recorded: precompiled.Table = {}
    compile_ = precompiled.compile_with(lambda key, make: recorded.setdefault(key, make()))
    code = compile_("list[int] | None", "<string>", "eval")
    assert recorded == {("eval", "list[int] | None"): code}
    assert code == compile("list[int] | None", "<string>", "eval", dont_inherit=True)
    assert eval(code) == (list[int] | None)

    def served(key: tuple[str, str], make: Callable[[], object]) -> object:
        precompiled.STATS["hits" if key in recorded else "misses"] += 1
        return recorded.get(key) or make()

    compile_ = precompiled.compile_with(served)  # type: ignore[arg-type]
    assert compile_("list[int] | None", "<string>", "eval") is code
    assert eval(compile_("dict[str, int]", "<string>", "eval")) == dict[str, int]
    assert precompiled.STATS == {"hits": 1, "misses": 1}
    # A file's name, flags or an AST: Python's own compile, not counted.
    assert compile_("x = 1", "elsewhere.py", "exec").co_filename == "elsewhere.py"
    assert compile_("1 + 1", "<string>", "eval", 0, True) == compile("1 + 1", "<string>", "eval", 0, True)
    assert precompiled.STATS == {"hits": 1, "misses": 1}
