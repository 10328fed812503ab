"""Issue 15, ready sooner: web/dataclass_code.py, the dataclasses' methods compiled at build time and taken
from a table in the page instead of compiled at each start."""

from __future__ import annotations

import dataclasses
import marshal
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from web import dataclass_code


@pytest.fixture(autouse=True)
def compiled_again_after(monkeypatch) -> Iterator[None]:
    monkeypatch.setattr(dataclass_code, "STATS", {"hits": 0, "misses": 0})
    yield
    dataclass_code.restore()


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
    recorded = dataclass_code.record()
    classes = kinds()
    dataclass_code.restore()
    assert len(recorded) >= len(classes)  # one source a class (Python 3.14) or one a method (3.11)
    for source, code in recorded.items():
        assert code == compile(source, "<string>", "exec", dont_inherit=True)
    assert exercise(classes) == exercise(kinds())


def test_the_table_serves_every_class_it_holds_with_the_same_methods():
    recorded = dataclass_code.record()
    kinds()
    dataclass_code.restore()
    compiled = kinds()
    assert dataclass_code.install(dataclass_code.dump(recorded))
    served = kinds()
    assert dataclass_code.STATS["misses"] == 0 and dataclass_code.STATS["hits"] >= len(served)
    assert methods(served) == methods(compiled)
    assert exercise(served) == exercise(compiled)


def test_a_class_the_table_lacks_is_compiled_as_before():
    recorded = dataclass_code.record()
    kinds()
    dataclass_code.restore()
    assert dataclass_code.install(dataclass_code.dump(recorded))

    @dataclass
    class Unseen:
        z: float = 1.5

    assert dataclass_code.STATS["hits"] == 0 and dataclass_code.STATS["misses"] >= 1
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
    recorded = dataclass_code.record()
    kinds()
    dataclass_code.restore()
    assert not dataclass_code.install(blob(recorded))
    assert "exec" not in vars(dataclasses)
    assert exercise(kinds())


def test_without_a_shipped_table_nothing_changes(tmp_path):
    assert dataclass_code.load(str(tmp_path / dataclass_code.TABLE_NAME)) is None
    # The source tree has none: build.py writes the table into the page's copy of the web wheel only.
    assert dataclass_code.load() is None
    assert not dataclass_code.install()
    assert "exec" not in vars(dataclasses)
