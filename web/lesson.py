"""The rules tutorial in the page: the list of lessons and the lesson screen (issue 13).

Plain functions and a small state object, testable in CPython: :class:`Tutor` holds the lesson being played
(an engine ``lessons.LessonPlay``), the learner's progress (best stars per level, kept by the page where
storage exists) and what the last click said; :func:`render` draws the screen. The engine decides
everything: which options a step offers, whether a move is the answer or a named wrong move (then it is
undone, with the sentence that says why), when the goal is met, the stars against the par.

Links: ``#lesson=<stage>-<level>`` opens a level (``#lesson=2-3``); ``#lessons`` the list.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from html import escape
from typing import Any

from web.game import board, panels, text
from web.game.session import localize, participant_names
from web.i18n import t
from web.lesson_step import DIGITS, PAGE, column, stars_html, tr

__all__ = ["DIGITS", "PROGRESS_KEY", "Tutor", "render", "stars_html", "tr"]

PROGRESS_KEY = "mageduel.lessons"
#: Automatic decisions per slice in the page: a long level (the hour's 600 rounds) plays between frames.
SLICE = 120


def _lessons() -> Any:
    """The engine's public API, imported on first use (the page's boot does not load the lessons)."""
    import mageduel

    return mageduel


def parse_progress(raw: str | None) -> dict[str, int]:
    """The stored progress (``{"1-2": 3}``); anything unreadable is an empty progress, never an error."""
    if not raw:
        return {}
    try:
        data = json.loads(raw)
    except (ValueError, TypeError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): int(v) for k, v in data.items() if isinstance(v, int) and 0 <= v <= 3}


def lesson_for_clause(clause_id: str) -> str | None:
    """The first level that teaches ``clause_id`` (a ``<stage>-<level>`` name), if any."""
    lessons = _lessons()
    for ref in lessons.lesson_refs():
        if clause_id in lessons.lesson(ref).teaches:
            return ref
    return None


@dataclass
class Tutor:
    """The tutorial's state in the page: the list (``ref`` None) or one level being played."""

    ref: str | None = None
    play: Any = None
    progress: dict[str, int] = field(default_factory=dict)
    #: The last wrong move's sentence (in both languages), shown until the next click.
    wrong: Any = None
    hint: bool = False
    #: Effects for the page: ("lessons-progress", json), ("hash", fragment).
    effects: list[tuple[str, ...]] = field(default_factory=list)

    # --- what a click does ------------------------------------------------------------------------------

    def open(self, ref: str) -> bool:
        """Start level ``ref``; False (and the list) if there is no such level."""
        lessons = _lessons()
        try:
            lessons.lesson(ref)
        except KeyError:
            self.ref = None
            self.play = None
            self.effects.append(("hash", "lessons"))
            return False
        self.ref = ref
        self.play = lessons.LessonPlay(lessons.lesson(ref), slice=SLICE)
        self.wrong = None
        self.hint = False
        self.effects.append(("hash", f"lesson={ref}"))
        return True

    def menu(self) -> None:
        self.ref = None
        self.play = None
        self.wrong = None
        self.hint = False
        self.effects.append(("hash", "lessons"))

    def choose(self, option: str) -> None:
        p = self.play
        if p is None or p.step is None or option not in p.offered():
            return
        self.hint = False
        answer = p.choose(option)
        self.wrong = None if answer.ok else answer.why
        self._settle()

    def busy(self) -> bool:
        return self.play is not None and self.play.busy

    def pump(self) -> bool:
        """The next slice of a long level; True while more remains."""
        if self.play is None:
            return False
        more = bool(self.play.pump())
        self._settle()
        return more

    def _settle(self) -> None:
        p = self.play
        if p is not None and p.state == "won" and self.ref is not None:
            best = max(self.progress.get(self.ref, 0), p.stars)
            if best != self.progress.get(self.ref):
                self.progress[self.ref] = best
                self.effects.append(("lessons-progress", json.dumps(self.progress, sort_keys=True)))

    def show_hint(self) -> None:
        if self.play is not None and self.play.step is not None:
            self.play.hint()
            self.hint = True

    def retry(self) -> None:
        if self.ref is not None:
            self.open(self.ref)

    def next_ref(self) -> str | None:
        refs = _lessons().lesson_refs()
        if self.ref is None:
            return refs[0]
        i = refs.index(self.ref)
        return refs[i + 1] if i + 1 < len(refs) else None

    def next_unsolved(self) -> str:
        """Where "Start" leads: the first level without a star yet (the first one when all have some)."""
        refs = _lessons().lesson_refs()
        return next((r for r in refs if not self.progress.get(r)), refs[0])

    def go_next(self) -> None:
        """The next level (also the learner's way out of a level they cannot solve: skip)."""
        nxt = self.next_ref()
        if nxt is None:
            self.menu()
        else:
            self.open(nxt)


# --- drawing ------------------------------------------------------------------------------------------------


def render_menu(tutor: Tutor, lang: str) -> str:
    lessons = _lessons()
    stages = []
    for si, stage in enumerate(lessons.lesson_book().stages, 1):
        items = []
        for li, lv in enumerate(stage.levels, 1):
            ref = f"{si}-{li}"
            got = tutor.progress.get(ref, 0)
            items.append(  # the ordered list numbers the levels: their titles do not
                f'<li><a href="#lesson={ref}" class="lesson-link" data-act="lesson" data-do="open" '
                f'data-ref="{ref}">{escape(tr(lv.title, lang))}</a> {stars_html(got, lang)}</li>'
            )
        stages.append(
            f'<section class="lesson-stage" aria-labelledby="stage-{si}"><h3 id="stage-{si}">{si}. '
            f"{escape(tr(stage.title, lang))}</h3><p>{escape(tr(stage.intro, lang))}</p>"
            f'<ol class="lesson-levels">{"".join(items)}</ol></section>'
        )
    done = sum(1 for v in tutor.progress.values() if v)
    total = len(lessons.lesson_refs())
    first = tutor.next_unsolved()
    return (
        '<section class="screen lessons" data-screen="lessons" aria-labelledby="lessons-title">'
        f'<h2 id="lessons-title">{escape(t("lesson.menu.title", lang))}</h2>'
        f'<p class="lesson-progress">{escape(text.count("lesson.menu.done", done, lang, total=total))}</p>'
        '<div class="actions"><button type="button" class="primary" data-act="lesson" data-do="open" '
        f'data-ref="{first}" data-autofocus>{escape(t("lesson.menu.start", lang))}</button>'
        '<button type="button" class="secondary" data-act="lesson" data-do="close">'
        f"{escape(t('lesson.back', lang))}</button></div>"
        f'<div class="lesson-stages">{"".join(stages)}</div></section>'
    )


def _names(play: Any, lang: str) -> dict[str, str]:
    out = participant_names(play.level.scenario, lang)  # two Garricks are "Garrick" and "Garrick II"
    for b in play.level.scenario.bystanders:  # outsiders (MD-10, MD-19): named in the log too
        sheet = b.resolve().name
        out[b.id] = b.name or getattr(sheet, lang, None) or sheet.en
    # A wrong move may aim magic at the zone itself ("cast dispel_magic @zone", refused by MD-18).
    out.setdefault("zone", t("lesson.aim.zone", lang))
    return out


def render_level(tutor: Tutor, lang: str) -> str:
    p = tutor.play
    assert p is not None and tutor.ref is not None
    lessons = _lessons()
    lv = p.level
    stage = lessons.lesson_stage(tutor.ref)
    names = _names(p, lang)
    view = localize(p.view(), names)
    said = column(tutor, lang, names, view, PAGE)
    if p.step is not None:
        tools = (
            f'<button type="button" class="secondary" data-act="lesson" data-do="hint" data-key="h">'
            f"{escape(t('lesson.hint', lang))}</button>"
            f'<button type="button" class="secondary" data-act="lesson" data-do="retry">'
            f"{escape(t('lesson.retry', lang))}</button>"
            f'<button type="button" class="secondary" data-act="lesson" data-do="next" data-key="s">'
            f"{escape(t('lesson.skip', lang))}</button>"
        )
    elif p.busy:
        tools = ""
    elif p.state == "won":
        nxt = tutor.next_ref()
        tools = (
            f'<button type="button" class="primary" data-act="lesson" data-do="next" data-key="n" '
            f"data-autofocus>{escape(t('lesson.next' if nxt else 'lesson.finish', lang))}</button>"
            f'<button type="button" class="secondary" data-act="lesson" data-do="retry">'
            f"{escape(t('lesson.retry', lang))}</button>"
        )
    else:
        tools = (
            f'<button type="button" class="primary" data-act="lesson" data-do="retry" data-autofocus>'
            f"{escape(t('lesson.retry', lang))}</button>"
            f'<button type="button" class="secondary" data-act="lesson" data-do="next">'
            f"{escape(t('lesson.skip', lang))}</button>"
        )
    chips = " ".join(
        f'<button type="button" class="clause-link" data-act="clause" data-clause="{escape(c)}" '
        f'title="{escape(text.clause_title(c, lang))}">{escape(c)}</button>'
        for c in lv.teaches
    )
    return (
        f'<section class="screen lesson" data-screen="lesson" data-lesson="{escape(tutor.ref)}" '
        f'data-state="{escape(p.state)}" aria-labelledby="lesson-title">'
        f'<div class="lesson-head">{panels.keys_button(lang, "lesson-keys")}'
        f'<p class="lesson-where">{escape(tr(stage.title, lang))} · '
        f"{escape(t('lesson.level', lang, ref=tutor.ref))}</p>"
        f'<h2 id="lesson-title">{escape(tr(lv.title, lang))}</h2>'
        f'<p class="lesson-intro">{escape(tr(lv.intro, lang))}</p>'
        f'<p class="lesson-goal"><strong>{escape(t("lesson.goal", lang))}</strong> '
        f"{escape(tr(lv.goal_text, lang))}</p></div>"
        f'<div class="lesson-grid"><div class="board" aria-label="{escape(t("arena.label", lang))}">'
        f"{board.render(view, lang)}</div>"
        f'<div class="lesson-col"><section class="decision lesson-decision">{said}'
        f'<div class="actions lesson-tools">{tools}'
        f'<button type="button" class="secondary" data-act="lesson" data-do="menu">'
        f"{escape(t('lesson.menu', lang))}</button></div></section>"
        f'<p class="lesson-teaches">{escape(t("lesson.teaches", lang))} {chips}</p>'
        f"{panels.log(view, lang, 'all')}</div></div></section>"
    )


def render(tutor: Tutor, lang: str) -> str:
    return render_level(tutor, lang) if tutor.play is not None else render_menu(tutor, lang)
