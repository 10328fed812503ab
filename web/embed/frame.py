"""The widget's frame as HTML: the arena, a one-line caption, the current log line with its roll breakdown
and clause chips, and the step controls. Plain functions from the engine's observer view (nothing hidden is
shown, MD-26), used at build time for the poster and in the page once Python runs.

>>> from mageduel import showcase
>>> html = render(watch_frame(showcase("counterspell"), 0, "en"), "en")
>>> 'data-action="play"' in html and 'class="arena-svg' in html and 'data-step="0"' in html
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import escape
from typing import Any

from mageduel import Replay, new_duel

from web.game import board, text
from web.game.session import localize, participant_names
from web.i18n import t

#: The controls' icons, drawn (a font may lack ⏮ and ⏭): 16x16 paths.
ICONS = {
    "start": "M3 2h2v12H3zM14 2v12L6 8z",
    "back": "M12 2v12L4 8z",
    "play": "M4 2v12l10-6z",
    "pause": "M4 2h3v12H4zM9 2h3v12H9z",
    "next": "M4 2v12l8-6z",
    "end": "M11 2h2v12h-2zM2 2v12l8-6z",
}


def icon(name: str) -> str:
    return (
        f'<svg class="w-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">'
        f'<path d="{ICONS[name]}" fill="currentColor"/></svg>'
    )


#: Events that only mark time: the current line skips them for what happened in the step.
QUIET = {"round", "turn", "placed"}


@dataclass
class Frame:
    """What one frame shows."""

    title: str
    caption: str
    view: Any
    step: int
    total: int
    #: The events of this step (those the observer sees), oldest first.
    fresh: list[Any] = field(default_factory=list)
    mode: str = "watch"
    playing: bool = False
    #: The board and the decision panel of a reader playing on (mode=try), drawn by ``viewer``.
    board_html: str | None = None
    panel_html: str = ""
    #: The full game's link, carrying the duel as far as it is shown (``#replay=...``).
    link: str = ""
    #: The clauses a showcase shows, listed under the line (with their titles) where there is room.
    clauses: list[str] = field(default_factory=list)


def display_names(replay: Replay, lang: str) -> dict[str, str]:
    """Each participant's name in the reader's language (the view carries one name); the same character
    on two sides is told apart as in the game ("Ilse Varro", "Ilse Varro II")."""
    return participant_names(replay.scenario, lang)


def replay_to(replay: Replay, step: int) -> Any:
    """The duel after the replay's first ``step`` decisions (the engine replays them, no rule here)."""
    from mageduel import parse_decision

    duel = new_duel(replay.scenario, replay.dice.source())
    for line in replay.decisions[:step]:
        duel.apply(*parse_decision(line))
    return duel


def fresh_events(view: Any, before: int) -> list[Any]:
    """The events of the view newer than sequence number ``before``."""
    return [e for e in view.events if e.seq > before]


def watch_frame(showcase: Any, step: int, lang: str, link: str = "") -> Frame:
    """A showcase's frame after ``step`` decisions (0: the start, as the poster shows it)."""
    replay = showcase.replay
    step = max(0, min(step, len(replay.decisions)))
    before = replay_to(replay, step - 1).view(None).events[-1].seq if step else -1
    view = localize(replay_to(replay, step).view(None), display_names(replay, lang))
    return Frame(
        title=getattr(showcase.title, lang),
        caption=getattr(showcase.caption, lang),
        view=view,
        step=step,
        total=len(replay.decisions),
        fresh=fresh_events(view, before),
        link=link,
    )


def current_lines(fresh: list[Any]) -> tuple[Any | None, Any | None]:
    """The step's telling event (the last one that applies a clause, else the last one not merely marking
    time) and the last roll before it in the same turn, whose breakdown is shown with it: a roll from before
    a new round or turn (the initiative's, say) is not this line's."""
    said = [e for e in fresh if e.kind not in QUIET]
    main = next((e for e in reversed(said) if e.clauses and e.kind != "roll"), None)
    main = main or (said[-1] if said else (fresh[-1] if fresh else None))
    if main is None:
        return None, None
    roll = None
    for e in fresh:
        if e.seq >= main.seq:
            break
        if e.kind == "roll":
            roll = e
        elif e.kind in ("round", "turn"):
            roll = None
    return main, roll


def chips(clauses: list[str], lang: str) -> str:
    """Clause chips: the id, with the clause's title as its tooltip and accessible name."""
    return "".join(
        f'<span class="w-chip" data-clause="{escape(c)}" title="{escape(text.clause_title(c, lang))}">'
        f"{escape(c)}</span>"
        for c in clauses
    )


def log_line(frame: Frame, lang: str) -> str:
    """The current log line: what happened in this step, its roll's breakdown, its clause chips."""
    names = text.names_of(frame.view, lang)
    main, roll = current_lines(frame.fresh)
    if main is None:  # a step the observer does not see (an identification, MD-26): the last line stays
        main, roll = current_lines(list(frame.view.events[-6:]))
    if main is None:
        return '<p class="w-line" data-kind=""></p>'
    roll_html = ""
    if roll is not None and roll is not main:
        own = [c for c in roll.clauses if c not in main.clauses]  # a chip is shown once
        roll_html = (
            f'<span class="w-roll" data-seq="{roll.seq}">{escape(text.event_line(roll, lang, names))}'
            f"{chips(own, lang)}</span>"
        )
    return (
        f'<p class="w-line" data-kind="{escape(main.kind)}" data-seq="{main.seq}" aria-live="polite">'
        f'<span class="w-text">{escape(text.event_line(main, lang, names))}</span>'
        f"{chips(list(main.clauses), lang)}{roll_html}</p>"
    )


def shown(clauses: list[str], lang: str) -> str:
    """The rules a showcase is about: each clause's id and title."""
    if not clauses:
        return ""
    items = "".join(
        f'<li><span class="w-chip" data-clause="{escape(c)}">{escape(c)}</span> '
        f"{escape(text.clause_title(c, lang))}</li>"
        for c in clauses
    )
    return f'<div class="w-shows"><h2>{escape(t("embed.shows", lang))}</h2><ul>{items}</ul></div>'


def controls(frame: Frame, lang: str, blank: bool = False) -> str:
    """Start, back, play/pause, next, end; the step; try; open in the full game. ``blank``: a replay not
    read yet, whose length is not known (every control but play waits for it)."""
    at_start, at_end = frame.step <= 0, frame.step >= frame.total and not blank
    playing = frame.playing

    def button(action: str, label: str, glyph: str, disabled: bool = False, extra: str = "") -> str:
        off = " disabled" if disabled else ""
        return (
            f'<button type="button" class="w-btn w-{action}" data-action="{action}" '
            f'aria-label="{escape(label)}" title="{escape(label)}"{off}{extra}>{glyph}</button>'
        )

    watch = frame.mode == "watch"
    play_label = t("embed.pause" if playing else "embed.play", lang)
    parts = [
        button("start", t("embed.start", lang), icon("start"), at_start or not watch),
        button("back", t("embed.back", lang), icon("back"), at_start or not watch),
        button(
            "play",
            play_label,
            icon("pause" if playing else "play"),
            at_end or not watch,
            f' aria-pressed="{str(playing).lower()}"',
        ),
        button("next", t("embed.next", lang), icon("next"), at_end or not watch),
        button("end", t("embed.end", lang), icon("end"), at_end or not watch),
        f'<span class="w-step" data-step="{frame.step}" data-total="{frame.total}">'
        f"{'' if blank else escape(t('embed.step', lang, n=frame.step, total=frame.total))}</span>",
    ]
    if watch and not blank and frame.total > 0:
        # Any step at once, as a video's bar; where the frame is too narrow for it, CSS hides it.
        parts.append(
            f'<input type="range" class="w-scrub" data-action="at" min="0" max="{frame.total}" step="1" '
            f'value="{frame.step}" aria-label="{escape(t("embed.scrub", lang))}" '
            f'aria-valuetext="{escape(t("embed.step", lang, n=frame.step, total=frame.total))}">'
        )
    parts.append('<span class="w-gap"></span>')
    if watch:
        parts.append(
            f'<button type="button" class="w-btn w-text-btn w-try" data-action="try">'
            f"{escape(t('embed.try', lang))}</button>"
        )
    else:
        parts.append(
            f'<button type="button" class="w-btn w-text-btn w-watch" data-action="watch">'
            f"{escape(t('embed.watch', lang))}</button>"
        )
    href = escape(frame.link or "./index.html")
    parts.append(
        f'<a class="w-btn w-text-btn w-open" data-action="open" href="{href}" '
        f'target="_blank" rel="noopener">{escape(t("embed.open", lang))} ↗</a>'
    )
    return f'<nav class="w-controls" aria-label="{escape(t("embed.controls", lang))}">{"".join(parts)}</nav>'


def fit_labels(svg: str, view: Any, lang: str) -> str:
    """Room for the names under the tokens: a duellist standing at the ground's edge (fighters start there)
    has a name wider than the drawing's margin, which a small frame would cut. The drawing widens to hold
    each name (about 0.6 em a letter), centred on its token as the board draws it."""
    m = re.search(r'viewBox="([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+)"', svg)
    people = ([view.me] if view.me is not None else []) + list(view.others)
    if m is None or not people:
        return svg
    x0, y0, vw, vh = (float(v) for v in m.groups())
    g = board.ground(view)
    w = g.side
    half = [len(text.person_name(c, lang)) * (w / 100) * 4.2 * 0.3 for c in people]
    xs = [board.drawn_at(c, w)[0] for c in board.drawn_people(view, g)]
    left = min([x0] + [x - h for x, h in zip(xs, half, strict=True)])
    right = max([x0 + vw] + [x + h for x, h in zip(xs, half, strict=True)])
    if (left, right) == (x0, x0 + vw):
        return svg
    return svg.replace(m.group(0), f'viewBox="{left:.3f} {y0:.3f} {right - left:.3f} {vh:.3f}"', 1)


def render(frame: Frame, lang: str) -> str:
    """The whole frame: arena, caption, log line, controls."""
    art = frame.board_html if frame.board_html is not None else board.render(frame.view, lang)
    art = fit_labels(art, frame.view, lang)
    outcome = ""
    main, _ = current_lines(frame.fresh)
    if frame.view.outcome is not None and (main is None or main.kind != "end"):
        line = text.outcome_line(frame.view.outcome, lang, text.names_of(frame.view, lang))
        outcome = f'<p class="w-outcome">{escape(line)}</p>'
    return (
        f'<div class="w-frame" data-mode="{escape(frame.mode)}" data-step="{frame.step}" '
        f'data-total="{frame.total}" data-phase="{escape(frame.view.phase)}">'
        f'<div class="w-board" aria-label="{escape(t("arena.label", lang))}">{art}</div>'
        f'<div class="w-side"><h1 class="w-title">{escape(frame.title)}</h1>'
        f'<p class="w-caption">{escape(frame.caption)}</p>'
        f"{log_line(frame, lang)}{outcome}{frame.panel_html}{shown(frame.clauses, lang)}</div>"
        f"{controls(frame, lang)}</div>"
    )


def blank(title: str, caption: str, lang: str) -> str:
    """A frame with no arena yet: a shared replay's poster (its duel is read once Python runs)."""
    empty = Frame(title=title, caption=caption, view=None, step=0, total=0)
    return (
        f'<div class="w-frame w-blank" data-mode="watch" data-step="0" data-total="0" data-phase="">'
        f'<div class="w-board"><div class="sigil" aria-hidden="true"></div></div>'
        f'<div class="w-side"><h1 class="w-title">{escape(title)}</h1><p class="w-caption">{escape(caption)}'
        f"</p></div>{controls(empty, lang, blank=True)}</div>"
    )
