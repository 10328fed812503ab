"""What a lesson says and offers at its current step, as HTML: one renderer for the page's lesson screen
(``web/lesson.py``) and the wiki widget's lesson frame (``web/embed/lesson.py``).

The two differ only in their class names (the page's ``lesson-*``, the widget's ``w-*``), given by a
:class:`StepStyle`, and in the controls around this column, which each draws itself. The column holds,
by the level's state: the step's sentence, the last wrong move's reason (the move undone), the hint when
asked, and the step's options as numbered buttons; or "the duel plays on" while a long level runs; or the
result with its stars, the level's closing sentence and the decisions against the par; or the goal
missed.

>>> from web.lesson import Tutor
>>> tutor = Tutor()
>>> tutor.open("1-1")
True
>>> html = column(tutor, "en", {}, tutor.play.view(), PAGE)
>>> 'class="lesson-say"' in html and 'data-key="1"' in html and "data-autofocus" in html
True
>>> 'class="w-lesson-say"' in column(tutor, "en", {}, tutor.play.view(), WIDGET)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any

from web.game import text
from web.i18n import t

#: The keys of a step's options: 1 to 9, shown in each button and pressed from the keyboard.
DIGITS = "123456789"


def tr(txt: Any, lang: str) -> str:
    """A lesson text (engine data, French and English) in ``lang``."""
    return str(getattr(txt, lang, None) or txt.en)


def stars_html(n: int, lang: str) -> str:
    label = text.count("lesson.stars", n, lang)
    return (
        f'<span class="stars" role="img" aria-label="{escape(label)}" data-stars="{n}">'
        f"{'★' * n}{'☆' * (3 - n)}</span>"
    )


@dataclass(frozen=True)
class StepStyle:
    """The class names of one place the step is drawn in (see :data:`PAGE` and :data:`WIDGET`)."""

    say: str
    step: str
    wrong: str
    hint: str
    options: str
    option: str
    won: str
    result: str
    par: str
    #: The page gives the sentence an id (its buttons point at it) and focuses the first option.
    say_id: str | None = None
    autofocus: bool = False


PAGE = StepStyle(
    say="lesson-say",
    step="lesson-step",
    wrong="lesson-wrong",
    hint="lesson-hint",
    options="lesson-options",
    option="opt lesson-opt",
    won="lesson-won",
    result="lesson-result",
    par="lesson-par",
    say_id="lesson-say",
    autofocus=True,
)

WIDGET = StepStyle(
    say="w-lesson-say",
    step="w-step",
    wrong="w-lesson-wrong",
    hint="w-lesson-hint",
    options="w-lesson-options",
    option="w-btn w-opt",
    won="w-lesson-won",
    result="w-outcome",
    par="w-caption",
)


def _who_at(view: Any, option_id: str) -> str | None:
    """Who stands at the point an option aims at (``cast fireball @45,30``), if anyone: a learner reads
    "at (45, 30), where Tamsin stands", not bare coordinates."""
    aim = option_id.split()[-1] if option_id.startswith("cast ") else ""
    if not aim.startswith("@") or "," not in aim:
        return None
    try:
        x, y = (float(v) for v in aim[1:].split(",")[:2])
    except ValueError:
        return None
    people = [view.me, *view.others, *(getattr(view, "bystanders", None) or [])]
    for c in people:
        pos = getattr(c, "position", None)
        if pos is not None and abs(pos[0] - x) < 0.05 and abs(pos[1] - y) < 0.05:
            return str(c.name)
    return None


def option_text(option_id: str, lang: str, names: dict[str, str], view: Any) -> str:
    """An offered option in a person's words (the game's own labels, the point's occupant named)."""
    pending = getattr(view, "pending", None)
    options = {o.id: o for o in (pending.options or [])} if pending is not None else {}
    words = text.option_label(option_id, lang, names, options.get(option_id))
    who = _who_at(view, option_id)
    return t("lesson.aim.where", lang, label=words, name=who) if who else words


def column(tutor: Any, lang: str, names: dict[str, str], view: Any, style: StepStyle) -> str:
    """The step's column for ``tutor`` (a ``web.lesson.Tutor`` playing a level) in ``lang``; ``names``
    are the duellists' names in that language and ``view`` the learner's view, localized (for the
    options' labels)."""
    p = tutor.play
    lv = p.level
    step = p.step
    if step is not None:
        say_id = f' id="{style.say_id}"' if style.say_id else ""
        out = [
            f'<p class="{style.say}"{say_id}><span class="{style.step}">'
            f"{escape(t('lesson.step', lang, n=p.step_index + 1, total=len(lv.steps)))}</span> "
            f"{escape(tr(step.say, lang))}</p>"
        ]
        if tutor.wrong is not None:
            out.append(
                f'<p class="{style.wrong}" role="alert"><strong>{escape(t("lesson.wrong", lang))}</strong> '
                f"{escape(tr(tutor.wrong.why, lang))} {escape(t('lesson.undone', lang))}</p>"
            )
        if tutor.hint:
            label, hint = escape(t("lesson.hint.label", lang)), escape(tr(step.hint, lang))
            out.append(f'<p class="{style.hint}" role="note"><strong>{label}</strong> {hint}</p>')
        buttons = "".join(
            f'<button type="button" class="{style.option}" data-act="lesson" data-do="choose" '
            f'data-option="{escape(o)}" data-key="{DIGITS[i]}"'
            f"{' data-autofocus' if style.autofocus and i == 0 else ''}>"
            f"<kbd>{DIGITS[i]}</kbd> {escape(option_text(o, lang, names, view))}</button>"
            for i, o in enumerate(p.offered())
        )
        out.append(
            f'<div class="{style.options}" role="group" aria-label="{escape(t("lesson.options", lang))}">'
            f"{buttons}</div>"
        )
        return "".join(out)
    if p.busy:
        return f'<p class="{style.say}" role="status">{escape(t("lesson.busy", lang))}</p>'
    if p.state == "won":
        par_key = "lesson.par.one" if p.decisions == 1 else "lesson.par"
        return (
            f'<div class="{style.won}" role="status"><p class="{style.result}">'
            f"{escape(t('lesson.won', lang))} {stars_html(p.stars, lang)}</p>"
            f"<p>{escape(tr(lv.success, lang))}</p>"
            f'<p class="{style.par}">{escape(t(par_key, lang, n=p.decisions, par=lv.par))}</p></div>'
        )
    return f'<p class="{style.wrong}" role="alert">{escape(t("lesson.lost", lang))}</p>'
