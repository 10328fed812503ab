"""Pydantic models declared with ``defer_build`` are built on first use; :func:`building` builds a module's
ahead of it, one model per step, for a page that takes one step per task (issue 15: the page's boot imports
the spell vocabulary without building it, and no step of its warm-up holds the main thread for long).

>>> from mageduel import views
>>> steps = list(building(views))  # nothing left to build once they are built
>>> list(building(views))
[]
"""

from __future__ import annotations

import typing
from collections.abc import Iterator
from types import ModuleType

from pydantic import BaseModel
from typing_extensions import TypeAliasType


def building(module: ModuleType) -> Iterator[str]:
    """Build each model ``module`` defines that is not built yet, naming each (``model View``) once built.
    Those that stand on finished models alone come first, in the order ``module`` defines them; then the
    rest: a model built before the models of its fields builds them inside itself, in the same step (the
    spells' recursive effects, an effect holding effects, took twice as long built first)."""
    models = [
        (name, kind)
        for name, kind in list(vars(module).items())
        if isinstance(kind, type) and issubclass(kind, BaseModel) and kind.__module__ == module.__name__
    ]
    pending = {kind for _, kind in models if not kind.__pydantic_fields_complete__}
    # sorted() is stable: the definition order holds within each group.
    for name, kind in sorted(models, key=lambda m: bool(pending & _reached(m[1]))):
        if not kind.__pydantic_complete__:
            kind.model_rebuild()
            yield f"model {name}"


def _reached(kind: type[BaseModel]) -> set[type]:
    """``kind`` and every model its fields reach, through other models' fields and named aliases too."""
    seen: set[type] = set()
    todo: list[object] = [kind]
    while todo:
        t = todo.pop()
        if isinstance(t, type) and issubclass(t, BaseModel):
            if t in seen:
                continue
            seen.add(t)
            todo.extend(f.annotation for f in t.__pydantic_fields__.values())
        elif isinstance(t, TypeAliasType):  # a named alias (spells.model.Effect): what it stands for
            todo.append(t.__value__)
        else:
            todo.extend(typing.get_args(t))
    return seen
