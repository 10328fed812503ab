"""The rules tutorial: stages of short levels, each a scripted duel with a goal (``data/lessons.json``).

A level is named ``<stage>-<level>``, both counted from 1 (``"2-3"``: the third level of the second stage),
as in the page's links ``#lesson=2-3``. For a page or a widget::

    play = start("2-3")        # a LessonPlay at its first decision
    play.view()                # the learner's view of the duel (views.View)
    play.offered()             # the options offered; play.choose(option_id) decides
    first_view("2-3")          # the learner's view at the level's first decision (the wiki widget)

>>> [s.id for s in book().stages][:1]
['duel']
>>> level("1-1") is level("duel/first-blood")
True
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

from .model import LessonBook, Level, Stage
from .play import LessonPlay

if TYPE_CHECKING:
    from ..views import View

__all__ = [
    "LessonBook",
    "LessonPlay",
    "Level",
    "Stage",
    "book",
    "first_view",
    "level",
    "refs",
    "start",
    "stage_of",
]


@cache
def book() -> LessonBook:
    """The lessons file, validated."""
    text = resources.files("mageduel").joinpath("data/lessons.json").read_text(encoding="utf-8")
    return LessonBook.model_validate(json.loads(text))


def refs() -> list[str]:
    """Every level's ``<stage>-<level>`` name, in teaching order."""
    return [f"{si}-{li}" for si, s in enumerate(book().stages, 1) for li, _ in enumerate(s.levels, 1)]


def _locate(ref: str) -> tuple[int, int]:
    b = book()
    if "/" in ref:
        sid, lid = ref.split("/", 1)
        for si, s in enumerate(b.stages):
            if s.id == sid:
                for li, lv in enumerate(s.levels):
                    if lv.id == lid:
                        return si, li
        raise KeyError(f"no lesson {ref!r}")
    try:
        si, li = (int(x) - 1 for x in ref.split("-", 1))
    except ValueError:
        raise KeyError(f"{ref!r} is not a lesson name like '2-3' or 'duel/terms'") from None
    if not (0 <= si < len(b.stages) and 0 <= li < len(b.stages[si].levels)):
        raise KeyError(f"no lesson {ref!r}: there are {len(b.stages)} stages ({', '.join(refs())})")
    return si, li


def level(ref: str) -> Level:
    """The level named ``ref`` (``"2-3"`` or ``"counter/identify"``); ``KeyError`` says what exists."""
    si, li = _locate(ref)
    return book().stages[si].levels[li]


def stage_of(ref: str) -> Stage:
    return book().stages[_locate(ref)[0]]


def start(ref: str) -> LessonPlay:
    """A fresh attempt at level ``ref``, played up to the learner's first decision."""
    return LessonPlay(level(ref))


def first_view(ref: str) -> View:
    """What the learner sees at level ``ref``'s first decision (for a page or a widget that shows a level).

    >>> v = first_view("1-1")
    >>> v.player, v.pending.kind
    ('p1', 'turn')
    """
    return start(ref).view()
