"""The widget's controller: a showcase or a shared replay, stepped through (``watch``) or taken over from the
step shown (``try``: the reader plays one side, the computer the other). Plain Python, clicked through in
CPython by tests/web/test_embed.py; only ``page`` touches the DOM.

It drives the engine through the game's own pieces: the replay is the engine's ``Replay``; playing on is a
``web.game.session.Session`` inside a ``web.game.app.App`` (whose handlers take the reader's clicks), drawn
by the same board and decision panel as the full game.
"""

from __future__ import annotations

from html import escape
from typing import Any

from mageduel import Replay, new_duel, parse_decision, showcase, verify

from web.embed import frame as frames
from web.embed.lesson import LessonWidget
from web.embed.lesson import render as render_lesson
from web.embed.params import Problem, Reading
from web.game import board, decide, text
from web.game.app import App, decode_fragment, encode_fragment
from web.game.session import COMPUTER, Save, SaveError, Session, Setup, SideSetup, localize
from web.i18n import t


def showcase_setup(replay: Replay, reader: str | None = None) -> Setup:
    """A setup for a showcase's duel: the reader (a person) plays ``reader``, the computer the rest."""
    sides = []
    for i, p in enumerate(replay.scenario.participants):
        pid = p.id or f"p{i + 1}"
        control = "human" if pid == reader else "normal"
        if p.character is not None:
            sides.append(SideSetup(sheet=p.character.model_dump(mode="json"), control=control))
        else:
            sides.append(SideSetup(character=p.roster, control=control))
    seed = getattr(replay.dice, "seed", 1)
    # The duel's own terms (melee only, a ban…): a save is refused when its setup's terms are not its game's.
    terms = replay.scenario.terms.model_dump(mode="json", exclude={"kind"}) if replay.scenario.terms else {}
    return Setup(kind=replay.scenario.kind, sides=sides, seed=seed, terms=terms)


class Viewer:
    """One widget's duel: where it stands, and whether it is watched or played on."""

    def __init__(self, reading: Reading, lang: str, base: str = "./index.html") -> None:
        self.lang = lang
        self.base = base
        self.problems: list[Problem] = []
        self.error = ""
        params = reading.params
        self.title = self.caption = ""
        replay: Replay | None = None
        if params.replay:
            try:
                saved = Save.model_validate_json(decode_fragment("replay=" + params.replay))
                check = verify(saved.replay)
                if not check.ok:
                    raise SaveError(check.reason, "")
                replay = saved.replay
                self.title = replay.scenario.name or t("embed.replay.title", lang)
            except (SaveError, ValueError) as exc:
                self.error = t("embed.replay.bad", lang, why=str(exc)[:160])
                self.problems.append(Problem("replay", params.replay, "bad"))
        if replay is None:
            show = showcase(params.scenario)
            replay = show.replay
            self.title, self.caption = show.title.en, show.caption.en
            self.showcase: Any = show
        else:
            self.showcase = None
        self.replay = replay
        self.total = len(replay.decisions)
        step = params.step
        if step > self.total:
            self.problems.append(Problem("step", str(step), "bad", maximum=self.total))
            step = 0
        self._decisions = [parse_decision(line) for line in replay.decisions]
        self.duel = new_duel(replay.scenario, replay.dice.source())
        self.step = 0
        self._before = -1
        self.seek(step)
        self.playing = False
        self.app: App | None = None
        #: A tutorial level (``lesson=``): it takes the place of the duel above.
        self.lesson = LessonWidget(params.lesson, base) if params.lesson else None
        if params.mode == "try" and self.lesson is None:
            self.take_over()

    # --- watching --------------------------------------------------------------------------------------

    def seek(self, to: int) -> None:
        """Show the duel after its first ``to`` decisions: forward from here, backward by replaying."""
        to = max(0, min(to, self.total))
        if to < self.step:
            self.duel = new_duel(self.replay.scenario, self.replay.dice.source())
            self.step = 0
        while self.step < to:
            if self.step == to - 1:
                events = self.duel.view(None).events
                self._before = events[-1].seq if events else -1
            self.duel.apply(*self._decisions[self.step])
            self.step += 1
        if to == 0:
            self._before = -1

    def act(self, action: str) -> None:
        """A control: start, back, next, end, play (toggle), try, watch; ``at:N``: the bar let go at N."""
        if self.lesson is not None:
            self.lesson.act(action)
            return
        if action == "try":
            self.take_over()
            return
        if action == "watch":
            self.app = None
            return
        if self.app is not None:
            return
        if action.startswith("at:"):  # the bar, let go at a step (a drag stopped the autoplay already)
            self.playing = False
            if action[3:].isdigit():
                self.seek(int(action[3:]))
            return
        if action == "play":
            if self.step >= self.total:
                self.seek(0)
            self.playing = not self.playing
            return
        self.playing = False
        target = {"start": 0, "back": self.step - 1, "next": self.step + 1, "end": self.total}.get(action)
        if target is not None:
            self.seek(target)

    def tick(self) -> bool:
        """One step of autoplay; False once it has stopped (at the end, or paused)."""
        if not self.playing or self.app is not None or self.lesson is not None:
            return False
        if self.step >= self.total:
            self.playing = False
            return False
        self.seek(self.step + 1)
        if self.step >= self.total:
            self.playing = False
        return self.playing

    # --- playing on ------------------------------------------------------------------------------------

    def take_over(self) -> None:
        """Play on from the step shown: the reader takes the side whose decision is pending (or the first)."""
        self.playing = False
        ids = [p.id or f"p{i + 1}" for i, p in enumerate(self.replay.scenario.participants)]
        pending = self.duel.pending
        reader = ids[0]
        if pending is not None:
            owner = next((c.summoned_by for c in self.duel.view(None).others if c.id == pending.player), None)
            who = owner or pending.player
            reader = who if who in ids else reader
        session = Session(
            showcase_setup(self.replay, reader),
            self.replay.scenario,
            self.replay.dice,
            self._decisions[: self.step],
        )
        session.person_marks.clear()  # the reader takes back their own decisions, not the showcase's
        self.app = App(lang=self.lang)
        self.app.session = session
        self.reader = reader

    def handle(self, act: str, data: dict[str, str]) -> None:
        """A click in the played-on duel (a decision, a spell picked): the game's own handlers; in a
        lesson, the Tutor's."""
        if self.lesson is not None:
            if act == "lesson":
                self.lesson.handle(data)
            return
        if self.app is not None:
            self.app.handle(act, data)

    def pump(self, budget_s: float = 0.03) -> bool:
        """The computer's decisions (or a long lesson's automatic ones), in slices; True while more remain."""
        if self.lesson is not None:
            return self.lesson.pump()
        return self.app.pump(budget_s) if self.app is not None else False

    # --- drawing ---------------------------------------------------------------------------------------

    def save_json(self) -> str:
        """The duel as the game's save: the reader's own duel once they play on ("Try it"), else the whole
        replay."""
        if self.app is not None and self.app.session is not None:
            return self.app.session.save_json()
        return Save(setup=showcase_setup(self.replay), replay=self.replay).model_dump_json(exclude_none=True)

    def link(self) -> str:
        """The link of "Open in the full game": the whole duel, opening at the step shown (the reader can go
        on from there, or play on); the reader's own duel at its latest decision."""
        watching = self.app is None or self.app.session is None
        step = self.step if watching and self.step < self.total else None
        return f"{self.base}#{encode_fragment(self.save_json(), step)}"

    def texts(self) -> tuple[str, str]:
        if self.showcase is not None:
            return getattr(self.showcase.title, self.lang), getattr(self.showcase.caption, self.lang)
        return self.title, self.caption or t("embed.replay.caption", self.lang)

    def frame(self) -> frames.Frame:
        title, caption = self.texts()
        if self.app is not None and self.app.session is not None:
            return self._try_frame(title, caption)
        view = localize(self.duel.view(None), frames.display_names(self.replay, self.lang))
        return frames.Frame(
            title=title,
            caption=caption,
            view=view,
            step=self.step,
            total=self.total,
            fresh=frames.fresh_events(view, self._before),
            playing=self.playing,
            link=self.link(),
            clauses=list(self.showcase.clauses) if self.showcase is not None else [],
        )

    def _try_frame(self, title: str, caption: str) -> frames.Frame:
        """The reader's own view, their legal targets on the board and their decision beside it."""
        app = self.app
        assert app is not None and app.session is not None
        s = app.session
        app.lang = self.lang
        view = s.view(self.lang)
        names = text.names_of(view, self.lang)
        p = view.pending
        mine = p is not None and p.options is not None
        marks: list[str] = []
        preview = None
        reach = False
        if mine and p is not None and p.kind == "turn":
            ids = [o.id for o in p.options or []]
            marks = [i for i in ids if i.startswith(("move ", "step "))]
            reach = bool(marks) and not app.picked
            if app.picked:
                wanted = [o.id for o in decide.group(view, app.picked)]
                marks = [i for i in wanted if not decide.options_of(view)[i].defensive]
                preview = wanted[0] if wanted else None
        if view.outcome is not None:
            panel = ""
        elif mine:
            prefs = s.preferences(view.me.id)
            panel = decide.panel(view, self.lang, names, app.picked, prefs, app.roll_error)
        else:
            who = names.get(p.player, p.player) if p is not None else ""
            computer = p is not None and s.control_of(p.player) in COMPUTER
            waiting = t("embed.waiting" if computer else "wait.other", self.lang, name=who)
            panel = f'<p class="w-waiting" aria-live="polite">{escape(waiting)}</p>'
        you = names.get(self.reader, self.reader)
        notice = f'<p class="w-notice">{escape(app.notice)}</p>' if app.notice else ""
        undo = app.undo_button()
        if undo:
            panel += f'<div class="options w-undo">{undo}</div>'

        return frames.Frame(
            title=title,
            caption=t("embed.you", self.lang, name=you),
            view=view,
            step=len(s.duel.decisions),
            total=len(s.duel.decisions),
            fresh=list(view.events[-6:]),  # the latest: current_lines picks the telling one
            mode="try",
            board_html=board.render(view, self.lang, marks, preview, reach=reach),
            panel_html=f'<div class="w-panel game-root">{panel}{notice}</div>',
            link=self.link(),
        )

    def render(self) -> str:
        if self.lesson is not None:
            return render_lesson(self.lesson, self.lang)
        return frames.render(self.frame(), self.lang)
