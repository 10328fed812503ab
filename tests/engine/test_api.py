"""Issue 9: one public API. ``mageduel`` exports what the page, the command line and a library user need;
its docstring's examples run here (in CPython and in Pyodide), and every exported name resolves."""

from __future__ import annotations

import ast
import doctest
import inspect

import mageduel


def test_the_api_docstring_examples_run():
    result = doctest.testmod(mageduel, optionflags=doctest.ELLIPSIS, report=True)
    assert result.attempted >= 10
    assert result.failed == 0


def test_every_public_name_resolves_to_the_object_its_module_defines():
    for name in mageduel.__all__:
        module, attr = mageduel._EXPORTS[name]
        owner = __import__(f"mageduel.{module}", fromlist=("_",))
        assert getattr(mageduel, name) is getattr(owner, attr), name


def test_all_lists_exactly_the_exports():
    assert sorted(mageduel.__all__) == sorted(mageduel._EXPORTS)
    assert len(set(mageduel.__all__)) == len(mageduel.__all__)


def test_no_public_name_is_a_submodule_name():
    """``import mageduel.<sub>`` sets the attribute ``<sub>`` on the package, which would hide an export of
    the same name: no export shares a submodule's name."""
    submodules = {m.split(".")[0] for m, _ in mageduel._EXPORTS.values()}
    assert not submodules & set(mageduel.__all__)


def test_the_type_checking_imports_match_the_exports():
    """Type checkers read the ``if TYPE_CHECKING:`` block; the runtime reads ``_EXPORTS``: the same names,
    from the same places."""
    tree = ast.parse(inspect.getsource(mageduel))
    block = next(n for n in tree.body if isinstance(n, ast.If) and ast.unparse(n.test) == "TYPE_CHECKING")
    declared = {
        (alias.asname or alias.name): (node.module, alias.name)
        for node in block.body
        if isinstance(node, ast.ImportFrom) and node.level == 1
        for alias in node.names
    }
    assert declared == mageduel._EXPORTS


def test_an_unknown_name_is_an_attribute_error():
    try:
        mageduel.no_such_thing  # noqa: B018
    except AttributeError as exc:
        assert "no_such_thing" in str(exc)
    else:
        raise AssertionError("an unknown name resolved")
