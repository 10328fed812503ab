"""A tutorial level in the widget (``embed.html?lesson=2-3``): the same :class:`web.lesson.Tutor` as the
page's lesson screen (the engine decides which options a step offers, undoes a wrong move with the sentence
that says why, meets the goal, counts the stars), drawn to fit the frame.

Before Python runs, the poster is the level at its first decision with the goal as its caption and a play
control; once the reader presses play, the same frame offers the step's choices, hint and retry.

>>> html = render(LessonWidget("1-1"), "en")
>>> 'data-lesson="1-1"' in html and 'data-action="play"' in html and 'href="./index.html#lesson=1-1"' in html
True
"""

from __future__ import annotations

from html import escape
from typing import Any

from web.embed import frame as frames
from web.game import board
from web.game.session import localize
from web.i18n import t
from web.lesson import Tutor, _names, tr
from web.lesson_step import WIDGET, column


class LessonWidget:
    """One level in one widget: the page's Tutor, and whether the reader has pressed play yet."""

    def __init__(self, ref: str, base: str = "./index.html") -> None:
        self.tutor = Tutor()
        if not self.tutor.open(ref):
            raise KeyError(ref)
        self.started = False
        self.base = base

    @property
    def ref(self) -> str:
        assert self.tutor.ref is not None
        return self.tutor.ref

    def act(self, action: str) -> None:
        """A widget control: ``play`` starts the level (the poster had no choices yet)."""
        if action in ("play", "try"):
            self.started = True

    def handle(self, data: dict[str, str]) -> None:
        """A click on a lesson control (``data-do``: choose, hint, retry, next)."""
        do = data.get("do", "")
        self.started = True
        if do == "choose":
            self.tutor.choose(data.get("option", ""))
        elif do == "hint":
            self.tutor.show_hint()
        elif do == "retry":
            self.tutor.retry()
        elif do == "next" and self.tutor.next_ref() is not None:
            self.tutor.go_next()
        self.tutor.effects.clear()  # the widget keeps nothing and moves no host URL

    def busy(self) -> bool:
        return self.tutor.busy()

    def pump(self) -> bool:
        return self.tutor.pump()

    def link(self) -> str:
        return f"{self.base}#lesson={self.ref}"


def _said(w: LessonWidget, lang: str, names: dict[str, str], view: Any) -> tuple[str, str]:
    """The lesson's column (what the step says, the wrong move, the hint, the choices) and its tools."""
    tutor, p = w.tutor, w.tutor.play
    lv = p.level

    def tool(do: str, key: str, primary: bool = False) -> str:
        cls = "w-btn w-text-btn w-play" if primary else "w-btn w-text-btn"
        return (
            f'<button type="button" class="{cls}" data-act="lesson" data-do="{do}">'
            f"{escape(t(key, lang))}</button>"
        )

    if not w.started:
        play = t("embed.lesson.play", lang)
        return (
            f'<p class="w-lesson-intro">{escape(tr(lv.intro, lang))}</p>',
            f'<button type="button" class="w-btn w-text-btn w-play" data-action="play" '
            f'aria-label="{escape(play)}">{frames.icon("play")} {escape(play)}</button>',
        )
    said = column(tutor, lang, names, view, WIDGET)
    if p.step is not None:
        tools = tool("hint", "lesson.hint") + tool("retry", "lesson.retry")
    elif p.busy:
        tools = ""
    elif p.state == "won":
        tools = tool("retry", "lesson.retry")
        if tutor.next_ref() is not None:
            tools = tool("next", "lesson.next", primary=True) + tools
    else:
        tools = tool("retry", "lesson.retry", primary=True)
    return said, tools


def render(w: LessonWidget, lang: str) -> str:
    """The level's frame: the arena, its title and goal, what the step says and offers, the controls."""
    p = w.tutor.play
    lv = p.level
    names = _names(p, lang)
    view = localize(p.view(), names)
    side, tools = _said(w, lang, names, view)
    goal = f"{t('lesson.goal', lang)} {tr(lv.goal_text, lang)}"
    where = t("lesson.level", lang, ref=w.ref)
    art = frames.fit_labels(board.render(view, lang), view, lang)
    chips = frames.chips(list(lv.teaches), lang)
    return (
        f'<div class="w-frame w-lesson" data-mode="lesson" data-lesson="{escape(w.ref)}" '
        f'data-state="{escape(p.state if w.started else "poster")}" data-step="{p.step_index}" '
        f'data-total="{len(lv.steps)}" data-phase="{escape(view.phase)}">'
        f'<div class="w-board" aria-label="{escape(t("arena.label", lang))}">{art}</div>'
        f'<div class="w-side"><h1 class="w-title">{escape(tr(lv.title, lang))}</h1>'
        f'<p class="w-caption w-goal">{escape(goal)}</p>{side}'
        f'<p class="w-lesson-teaches">{escape(t("lesson.teaches", lang))}{chips}</p></div>'
        f'<nav class="w-controls" aria-label="{escape(t("embed.controls", lang))}">{tools}'
        f'<span class="w-step">{escape(where)}</span><span class="w-gap"></span>'
        f'<a class="w-btn w-text-btn w-open" data-action="open" href="{escape(w.link())}" '
        f'target="_blank" rel="noopener">{escape(t("embed.open", lang))} ↗</a></nav></div>'
    )
