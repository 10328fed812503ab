"""Playing one level through the engine's public API (``new_duel``, ``pending``, ``apply``, ``view``).

The dice are manual: every roll the engine asks for is answered from the level's script (by what the roll
is for), so the level plays the same every time. Decisions of the others come from the scripted replies
(or a quiet default: end the turn, pass a reaction, accept the rite's questions). The learner is asked only
at the level's steps, among the options the step offers; a wrong move is not played: the page shows why
and the learner tries again (``lessons --check`` plays it to prove the goal then fails).

>>> from . import level
>>> p = LessonPlay(level("1-1"))
>>> p.state, p.offered() == sorted(p.offered())
('playing', True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .. import dice, state
from ..compose import new_duel
from .goals import Tracker
from .model import Level, Step, Wrong

if TYPE_CHECKING:
    from ..views import View

PLAYING, WON, LOST = "playing", "won", "lost"
MAX_AUTO = 5000


def quiet_choice(ask: state.Ask) -> str:
    """What someone with no script decides: end the turn, pass a reaction, go on, accept the rite."""
    ids = ask.option_ids
    if ask.kind == "turn" and "end" in ids:
        return "end"
    if "pass" in ids:
        return "pass"
    for want in ("go-on", "stand-aside", "accept", "prepare 0"):
        if want in ids:
            return want
    return ids[0]


@dataclass
class Answer:
    """What happened to a decision of the learner: ``ok``; or a wrong move (with ``why``) left unplayed."""

    ok: bool
    why: Wrong | None = None


@dataclass
class LessonPlay:
    """One attempt at a level. ``state`` is ``playing`` (the learner is asked ``step``), ``won`` or
    ``lost`` (the level stopped with its goal unmet: retry)."""

    level: Level
    duel: state.Duel = field(init=False)
    step_index: int = 0
    decisions: int = 0
    mistakes: int = 0
    hints: int = 0
    state: str = PLAYING
    #: At most this many automatic decisions per call, then ``busy`` (a page plays a long level in slices
    #: between two frames, calling :meth:`pump`); None plays on in one go. Counted in decisions: no clock.
    slice: int | None = None
    busy: bool = False
    _auto: int = 0
    _dice: list[Any] = field(default_factory=list)
    _replies: list[Any] = field(default_factory=list)
    _goal: Any = None

    def __post_init__(self) -> None:
        lv = self.level
        self._goal = Tracker(lv.goal)
        self._dice = list(lv.dice)
        self._replies = list(lv.replies)
        self.duel = new_duel(lv.scenario, dice.Manual())
        self._run()

    # -- what the learner sees ------------------------------------------------------------------------

    @property
    def step(self) -> Step | None:
        if self.state != PLAYING or self.busy or self.step_index >= len(self.level.steps):
            return None
        return self.level.steps[self.step_index]

    def offered(self) -> list[str]:
        """The options offered now (the step's answer and named wrong moves), sorted."""
        s = self.step
        return s.offered if s is not None else []

    def view(self) -> View:
        return self.duel.view(self.level.learner)

    def hint(self) -> str | None:
        """The step's hint (in English; ``hint_text`` for both languages). Asking costs nothing."""
        s = self.step
        if s is None:
            return None
        self.hints += 1
        return s.hint.en

    @property
    def stars(self) -> int:
        """Three at or under par, two within two decisions of it, else one; none until won."""
        if self.state != WON:
            return 0
        if self.decisions <= self.level.par:
            return 3
        return 2 if self.decisions <= self.level.par + 2 else 1

    # -- deciding ---------------------------------------------------------------------------------------

    def choose(self, option: str) -> Answer:
        """The learner picks ``option``. The answer is played; a named wrong move is counted and left
        unplayed (``Answer.why`` says why); anything else raises ``ValueError``."""
        s = self.step
        if s is None:
            raise ValueError(f"nothing to decide: the level is {self.state}")
        if option == s.answer:
            self.decisions += 1
            self._apply(option)
            self.step_index += 1
            self._run()
            return Answer(True)
        for w in s.wrong:
            if w.option == option:
                self.decisions += 1
                self.mistakes += 1
                return Answer(False, w)
        raise ValueError(f"{option!r} is not offered here; offered: {', '.join(s.offered)}")

    def force(self, option: str) -> None:
        """Play ``option`` for the learner at this step, right or wrong (``lessons --check`` plays the
        wrong moves this way); the following steps are then taken where they are legal."""
        if self.step is None:
            raise ValueError(f"nothing to decide: the level is {self.state}")
        self.decisions += 1
        self._apply(option)
        self.step_index += 1
        self._run()

    def _apply(self, option: str) -> None:
        p = self.duel.pending
        assert p is not None
        self.duel.apply(p.player, option)

    # -- everything else --------------------------------------------------------------------------------

    def _roll(self, ask: state.Ask) -> str:
        purpose = str(ask.context.get("purpose", ask.prompt))
        count, sides = int(ask.context["count"]), int(ask.context["sides"])
        for i, rule in enumerate(self._dice):
            if rule.purpose in purpose:
                del self._dice[i]
                return f"roll {rule.roll}"
        if count == 1 and sides == 20:
            if "roll-off" in purpose:
                return f"roll {20 if ask.player == self.level.learner else 1}"
            return f"roll {self.level.default_d20}"
        return f"roll {count}"

    def _reply(self, ask: state.Ask) -> str:
        for i, r in enumerate(self._replies):
            if r.player != ask.player:
                continue
            if ask.find(r.option) is not None:
                del self._replies[i]
                return r.option
            break  # this player's next reply is not legal yet: keep it
        return quiet_choice(ask)

    def pump(self) -> bool:
        """Play the next slice of a level left ``busy``; True while there is more to play."""
        if self.busy:
            self._run()
        return self.busy

    def _run(self) -> None:
        """Play on until the learner's next step, the goal, the level's last round or the duel's end (or
        the end of the slice: ``busy``)."""
        lv = self.level
        duel = self.duel
        self.busy = False
        done = 0
        while self._auto < MAX_AUTO:
            # The goal counts once the learner has taken every step: a level is won by doing it.
            met = self._goal.holds(duel)  # read after every decision, so no event is missed
            if self.step_index >= len(lv.steps) and met:
                self.state = WON
                return
            ask = duel.pending
            if ask is None or duel.round > lv.last_round:
                self.state = LOST
                return
            if ask.player == lv.learner and ask.kind != "roll":
                s = self.step
                if s is not None and ask.find(s.answer) is not None:
                    return  # the learner's turn to decide
            if self.slice is not None and done >= self.slice:
                self.busy = True
                return
            done += 1
            self._auto += 1
            if ask.kind == "roll":
                duel.apply(ask.player, self._roll(ask))
            elif ask.player == lv.learner:
                duel.apply(ask.player, quiet_choice(ask))
            else:
                duel.apply(ask.player, self._reply(ask))
        raise state.EngineError(f"level {lv.id}: no end after {MAX_AUTO} automatic decisions")
