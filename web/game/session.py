"""The game controller: one duel, who controls each side, whose eyes are on the screen, and the save.

It drives the engine through its public API only (``new_duel``, ``duel.pending``, ``duel.apply``,
``duel.set_preference``, ``duel.view``, ``duel.decisions``, ``duel.outcome``). It never decides a rule:

- a side played by the computer is answered by ``mageduel.ai`` from that side's own ``view``;
- with a table-assistant side the dice are manual (``dice.Manual``): every roll is a decision ``roll N``;
  the person at the table types the number, and the rolls of the other sides are rolled here with our own
  seeded PRNG and entered the same way, so the replay holds every number;
- two people on one screen: when the decision passes from one to the other, the session waits on a
  hand-off (``handoff``) and shows nobody's view until the next person says they are there (MD-26).

The save is the replay: the scenario, the dice and the decisions (``Save``); loading one replays it.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from mageduel import (
    ASK,
    REACTION_KINDS,
    IllegalDecision,
    ManualSpec,
    Opponent,
    Replay,
    RuleError,
    SeededSpec,
    SplitMix64,
    format_decision,
    new_duel,
    parse_decision,
    verify,
)
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator
from pydantic_core import PydanticCustomError

from web.game.text import creature_name

Control = Literal["human", "easy", "normal", "hard", "table"]
COMPUTER = ("easy", "normal", "hard")
PEOPLE = ("human", "table")
SAVE_VERSION = 2


class SideSetup(BaseModel):
    """One side of the setup form: a premade from the roster (``character``) or an imported sheet."""

    model_config = ConfigDict(extra="forbid")
    character: str | None = None
    sheet: dict[str, Any] | None = None
    control: Control = "human"
    #: The side (1..4): equal numbers fight together; by default each fights for themself.
    team: int | None = Field(default=None, ge=1, le=4)


class Setup(BaseModel):
    """What the setup screen chose."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["duel", "mageduel"] = "mageduel"
    sides: list[SideSetup] = Field(min_length=2, max_length=4)
    seed: int = Field(default=1, ge=0, le=2**63)
    terms: dict[str, Any] = {}
    #: Always a way out (issue 12): each round starts with DU-9's progress check, answered "go on" for a
    #: person unless they asked to withdraw or to offer a draw (MD-25); asked aloud only when the terms say
    #: so (``terms.progress_check``). Off in saves made before it, so they replay as they were played.
    way_out: bool = False


class Save(BaseModel):
    """A game in progress, or finished (the kept game and the share link): who plays which side, and the
    engine's own replay of the duel (``mageduel.replay.Replay``: scenario, dice, decisions)."""

    model_config = ConfigDict(extra="forbid")
    version: Literal[2] = SAVE_VERSION
    setup: Setup
    replay: Replay

    @model_validator(mode="after")
    def _setup_matches_game(self) -> Save:
        """The setup must be the game's own (issue 11, finding 10): a save whose setup says one duel and
        whose replay holds another loaded, then broke on Rematch (which starts the setup's duel again)."""
        game = self.replay.scenario
        try:
            mine = build_scenario(self.setup)
        except ValidationError as exc:
            raise _mismatch(
                "setup", "save_setup", "does not make a duel ({reason})", reason=_first(exc)
            ) from None
        if mine.kind != game.kind:
            raise _mismatch(
                "setup.kind",
                "save_kind",
                "{mine}, but the replay's duel is a {game}",
                mine=repr(mine.kind),
                game=repr(game.kind),
            )
        if len(mine.participants) != len(game.participants):
            raise _mismatch(
                "setup.sides",
                "save_sides_count",
                "{mine} duellists, but the replay's duel has {game}",
                mine=len(mine.participants),
                game=len(game.participants),
            )
        for i, (a, b) in enumerate(zip(mine.participants, game.participants, strict=True)):
            if (a.roster, a.character, a.side) != (b.roster, b.character, b.side or f"side{i + 1}"):
                raise _mismatch(
                    f"setup.sides.{i}",
                    "save_side",
                    "not the replay's duellist {n} (who or side differ)",
                    n=i + 1,
                )
        if mine.terms != game.terms:
            raise _mismatch("setup.terms", "save_terms", "not the terms of the replay's duel")
        table = any(side.control == "table" for side in self.setup.sides)
        dice_kind = self.replay.dice.kind
        if table and dice_kind != "manual":
            raise _mismatch(
                "replay.dice", "save_table_dice", "a duel with a table assistant rolls manual dice"
            )
        if not table and (dice_kind != "seeded" or self.replay.dice.seed != self.setup.seed):  # type: ignore[union-attr]
            raise _mismatch(
                "replay.dice", "save_seed", "not the seeded dice of setup.seed {seed}", seed=self.setup.seed
            )
        return self


def _mismatch(field: str, kind: str, template: str, **ctx: object) -> PydanticCustomError:
    """A save whose setup contradicts its game: the field, then what is wrong; ``kind`` is the error's type,
    which the page words from ``reliab.err.<kind>`` in its reader's language (``web.game.refusals``)."""
    return PydanticCustomError(kind, "{field}: " + template, {"field": field, **ctx})


def _first(exc: ValidationError) -> str:
    from mageduel import refusal

    return refusal(exc, "scenario")


class SaveError(ValueError):
    """A save or replay that cannot be loaded; the message names what is wrong. ``key`` and ``params`` say
    it again for the catalogue (``SaveError.said``), so a French page does not show an English reason."""

    def __init__(self, message: str, key: str = "", **params: object) -> None:
        super().__init__(message)
        self.key = key
        self.params = params

    def said(self, lang: str) -> str:
        from web.i18n import catalogue, t

        return t(self.key, lang, **self.params) if self.key in catalogue() else str(self)


def field_errors(exc: ValidationError, lang: str | None = None) -> list[tuple[str, str]]:
    """(field path, message) for each error of a pydantic validation, for showing beside a form; with
    ``lang``, the message from the catalogue for the common kinds of error (pydantic's English otherwise)."""
    from web.i18n import catalogue, t

    out = []
    for err in exc.errors():
        loc = ".".join(str(x) for x in err.get("loc", ())) or "(root)"
        msg = err.get("msg", "invalid")
        key = f"setup.err.{err.get('type', '')}"
        if lang is not None and isinstance((err.get("ctx") or {}).get("error"), RuleError):
            from web.game.refusals import rule

            msg = rule(err["ctx"]["error"], lang)  # issue 11: the engine's rule checks in the reader's words
        elif lang is not None and key in catalogue():
            ctx = {k: str(v) for k, v in (err.get("ctx") or {}).items()}
            msg = t(key, lang, **ctx)
        out.append((loc, msg))
    return out


def build_scenario(setup: Setup) -> Any:
    """The engine's Scenario for a setup (validated by the engine's own model)."""
    from mageduel import Scenario

    participants = []
    for i, side in enumerate(setup.sides):
        entry: dict[str, Any] = {"id": f"p{i + 1}", "side": f"side{side.team or i + 1}"}
        if side.sheet is not None:
            entry["character"] = side.sheet
        else:
            entry["roster"] = side.character
        participants.append(entry)
    data: dict[str, Any] = {"kind": setup.kind, "participants": participants}
    terms = {**setup.terms, "progress_check": True} if setup.way_out else setup.terms
    if terms:
        data["terms"] = {"kind": setup.kind, **terms}
    return Scenario.model_validate(data)


class Session:
    """A duel being played here. ``viewer`` is whose view the screen shows (None: an observer)."""

    def __init__(
        self,
        setup: Setup,
        scenario: Any | None = None,
        dice_spec: Any | None = None,
        decisions: list[tuple[str, str]] | tuple = (),
        replay: bool = False,
    ) -> None:
        self.setup = setup
        self.replaying = replay
        self.recorded = list(decisions)
        self.position = len(self.recorded)
        self.scenario = scenario if scenario is not None else build_scenario(setup)
        table = any(s.control == "table" for s in setup.sides)
        if dice_spec is None:
            dice_spec = ManualSpec() if table else SeededSpec(seed=setup.seed)
        self.dice_spec = dice_spec
        self.duel = new_duel(self.scenario, dice_spec.source())
        start = self.duel.view(None)
        ids = [c.id for c in start.others if c.summoned_by is None]
        self.main_ids = ids
        # Every duellist's own choice, the third and fourth's too (they were left to the normal computer).
        self.controls: dict[str, str] = {
            pid: side.control for pid, side in zip(ids, setup.sides, strict=False)
        }
        #: Where each decision a person made here stands in the duel's decisions (``undo``), found again
        #: when a saved game is replayed: a decision is a person's when it was not the page's to make (a
        #: preference, Ask / Always / Never, is always one).
        self.person_marks: list[int] = []
        self._summoners: dict[str, str | None] = {}
        for player, option in decisions:
            p = self.duel.pending
            if not replay and (option.startswith("prefer ") or (p is not None and self._by_person(p))):
                self.person_marks.append(len(self.duel.decisions))
            self.duel.apply(player, option)
        public = self.duel.view(None)
        self.names: dict[str, str] = {c.id: c.name for c in public.others}
        self.computers = {
            pid: Opponent(c, seed=setup.seed * 7 + i + 1)
            for i, (pid, c) in enumerate(self.controls.items())
            if c in COMPUTER
        }
        self.roller = SplitMix64(setup.seed ^ 0x5EED)
        self.people = [pid for pid, c in self.controls.items() if c in PEOPLE]
        self.viewer: str | None = self.people[0] if self.people and not replay else None
        self.handoff: str | None = None
        #: What a person asked for at the next progress check (DU-9, MD-25): "withdraw" or "declare-draw".
        self.intents: dict[str, str] = {}
        self._settle()

    # --- who decides --------------------------------------------------------------------------------

    def control_of(self, player: str) -> str:
        if player in self.controls:
            return self.controls[player]
        owner = self._summoner(player)
        return self.controls.get(owner, "normal") if owner else "normal"

    def person_of(self, player: str) -> str:
        """The main participant whose person decides for ``player`` (a summoned creature's summoner)."""
        return self._summoner(player) or player

    def _summoner(self, player: str) -> str | None:
        if player in self._summoners:
            return self._summoners[player]
        for c in self.duel.view(None).others:
            if c.id == player:
                # Kept: a creature's summoner never changes, and loading a game asks once per decision.
                self._summoners[player] = c.summoned_by
                return c.summoned_by
        return None

    def automatic(self) -> bool:
        """Whether the pending decision is the computer's or a roll the page makes (not a person's)."""
        p = self.duel.pending
        if p is None or self.handoff is not None or self.replaying:
            return False
        return not self._by_person(p)

    def _by_person(self, p: Any) -> bool:
        """Whether the pending question ``p`` is a person's to answer (not the computer's, not a roll the
        page makes for someone at this screen, not a progress check the page answers for them)."""
        control = self.control_of(p.player)
        if control in COMPUTER or self._answered_for(p):
            return False
        return p.kind != "roll" or control == "table"

    def _answered_for(self, p: Any) -> bool:
        """A person's progress check that the page answers for them (nobody asked aloud, see ``way_out``)."""
        return p.kind == "rite:progress" and self.setup.way_out and not self.setup.terms.get("progress_check")

    def waiting_for_person(self) -> str | None:
        p = self.duel.pending
        if p is None or self.replaying or self.automatic():
            return None
        return self.person_of(p.player)

    def _settle(self) -> None:
        """After a change: hand the screen over when the next decision is another person's and one of the
        two has something the other may not see (issue 12); otherwise the screen simply turns to them."""
        who = self.waiting_for_person()
        if who is None or self.handoff is not None:
            return
        if self.viewer is None or len(self.people) < 2:
            self.viewer = who
        elif who != self.viewer:
            if self.hidden_between(self.viewer, who):
                self.handoff = who
            else:
                self.viewer = who

    def hidden_between(self, a: str, b: str) -> bool:
        """Whether ``a``'s screen holds what ``b`` may not see, or the other way round: spells prepared or
        known (the choices still to come), or an event only one of them saw (a hidden spell, MD-26)."""
        for who in (a, b):
            me = self.duel.view(who).me
            if me is not None and (me.prepared or any(me.known.values())):
                return True
        for e in self.duel.events:
            if e.audience is not None and (a in e.audience) != (b in e.audience):
                return True
        return False

    def take_screen(self) -> None:
        """The next person is at the screen: show their view."""
        if self.handoff is not None:
            self.viewer = self.handoff
            self.handoff = None

    # --- deciding ------------------------------------------------------------------------------------

    def step(self) -> bool:
        """Make one automatic decision (computer or page roll); False when a person must decide."""
        if not self.automatic():
            return False
        p = self.duel.pending
        assert p is not None
        if self.control_of(p.player) not in COMPUTER and self._answered_for(p):
            ids = [o.id for o in p.options]
            wanted = self.intents.pop(p.player, "go-on")
            choice = wanted if wanted in ids else "go-on"
        elif p.kind == "roll" and self.control_of(p.player) not in COMPUTER:
            count, sides = int(p.context.get("count", 1)), int(p.context.get("sides", 20))
            choice = f"roll {sum(self.roller.below(sides) + 1 for _ in range(count))}"
        else:
            brain = self.computers.get(self.person_of(p.player))
            if brain is None:
                brain = self.computers.setdefault(p.player, Opponent("normal", seed=self.setup.seed))
            choice = brain.choose(self.duel.brief_view(p.player))
        self.duel.apply(p.player, choice)
        self._settle()
        return True

    def run_computer(self, limit: int = 400) -> int:
        """Let the computer decide until a person must (at most ``limit`` decisions)."""
        n = 0
        while n < limit and self.step():
            n += 1
        return n

    def decide(self, option_id: str) -> None:
        """The viewer's decision. Raises ``state.IllegalDecision`` (the duel unchanged) if not legal."""
        p = self.duel.pending
        if p is None:
            raise IllegalDecision("the duel is over")
        if self.handoff is not None or self.person_of(p.player) != self.viewer:
            raise IllegalDecision("it is not this screen's decision")
        mark = len(self.duel.decisions)
        self.duel.apply(p.player, option_id)
        self.person_marks.append(mark)
        self._settle()

    # --- taking a decision back -------------------------------------------------------------------------

    def can_undo(self) -> bool:
        """Whether the last decision a person made at this screen may be taken back: not in a replay, not
        while the screen is being handed over. In a hot seat it may be the other's (the people share the
        screen, as the players at a table share the assistant); ``undo`` hands the screen back to them."""
        return not self.replaying and self.handoff is None and bool(self.person_marks)

    def undo(self) -> None:
        """Take back the last decision a person made here and all that followed it (the computer's answers,
        the rolls the page made): the duel is replayed to just before it, with the same dice, so the same
        choice brings the same rolls. A roll mistyped at the table is taken back the same way. Raises
        ``state.IllegalDecision`` (nothing changed) if there is nothing to take back."""
        if not self.can_undo():
            raise IllegalDecision("no decision made at this screen is left to take back")
        self.duel = self._replayed(self.duel.decisions[: self.person_marks.pop()])
        self._summoners.clear()  # the creatures summoned after it are gone
        self._settle()

    def _replayed(self, decisions: list[tuple[str, str]]) -> Any:
        """A fresh duel of this scenario and dice after ``decisions``."""
        duel = new_duel(self.scenario, self.dice_spec.source())
        for player, option in decisions:
            duel.apply(player, option)
        return duel

    # --- a way out (issue 12) ---------------------------------------------------------------------------

    def ask_at_next_check(self, what: str) -> None:
        """The viewer withdraws (DU-9) or offers a draw (MD-25) at the next round's progress check; asking
        again the same thing takes it back."""
        if self.viewer is None or what not in ("withdraw", "declare-draw") or self.over:
            return
        if self.intents.get(self.viewer) == what:
            del self.intents[self.viewer]
        else:
            self.intents[self.viewer] = what

    def leave_point(self) -> tuple[float, float] | None:
        """Where the viewer steps out of the zone (MD-22): a foot past the nearest face, if a move is
        among their options now and the engine would take them there."""
        p = self.duel.pending
        zone = self.duel.zone
        if p is None or zone is None or self.viewer is None or p.player != self.viewer or p.kind != "turn":
            return None
        if not any(o.id.startswith("move ") for o in p.options):
            return None
        c = self.duel.view(self.viewer).me
        if c is None:
            return None
        x, y = c.position[0], c.position[1]
        w = zone.width
        faces = [(x, -1.0, y), (x, w + 1.0, w - y), (-1.0, y, x), (w + 1.0, y, w - x)]
        fx, fy, _ = min(faces, key=lambda f: f[2])
        return (round(fx, 1), round(fy, 1))

    def leave_zone(self) -> None:
        """MD-22: the viewer walks out of the zone and loses. Raises ``state.IllegalDecision`` if they
        cannot now (not their turn, no move left, the border beyond their speed)."""
        from mageduel import fmt_point

        point = self.leave_point()
        if point is None:
            raise IllegalDecision("leaving the zone is a move, on one's own turn")
        self.decide(f"move {fmt_point((point[0], point[1], 0.0))}")

    def auto_roll(self) -> None:
        """The table assistant's auto-roll button: roll the pending dice here instead of typing them."""
        p = self.duel.pending
        if p is None or p.kind != "roll":
            raise IllegalDecision("no roll is pending")
        count, sides = int(p.context.get("count", 1)), int(p.context.get("sides", 20))
        self.decide(f"roll {sum(self.roller.below(sides) + 1 for _ in range(count))}")

    def typed_roll(self, text: str) -> str | None:
        """A number typed for the pending roll: None if entered, else the reason it was refused."""
        p = self.duel.pending
        if p is None or p.kind != "roll":
            return "no-roll"
        count, sides = int(p.context.get("count", 1)), int(p.context.get("sides", 20))
        text = text.strip()
        if not text.isdigit():
            return "not-a-number"
        n = int(text)
        if not count <= n <= count * sides:
            return "out-of-range"
        self.decide(f"roll {n}")
        return None

    def prefer(self, reaction: str, mode: str) -> None:
        if self.viewer is None:
            return
        mark = len(self.duel.decisions)
        self.duel.set_preference(self.viewer, reaction, mode)
        self.person_marks.append(mark)  # a choice made at this screen, taken back like a decision
        self._settle()

    def preferences(self, player: str) -> dict[str, str]:
        """The viewer's Ask / Always / Never per reaction kind, read back from their own decisions."""
        prefs = {k: ASK for k in REACTION_KINDS}
        for who, option in self.duel.decisions:
            if who == player and option.startswith("prefer "):
                parts = option.split()
                if len(parts) == 3 and parts[1] in prefs:
                    prefs[parts[1]] = parts[2]
        return prefs

    # --- views -----------------------------------------------------------------------------------------

    def view(self, lang: str | None = None) -> Any:
        """What the screen may show: the viewer's own view (never another's), with the participants' names
        in ``lang`` when given (the view carries one name; the character sheets have both)."""
        v = self.duel.view(self.viewer)
        return v if lang is None else localize(v, self.display_names(lang))

    def display_names(self, lang: str) -> dict[str, str]:
        out = dict(self.names)
        if lang != "en":  # a summoned creature is named by the engine in English: its name in ``lang``
            for c in self.duel.view(None).others:
                if c.creature is not None:
                    out[c.id] = creature_name(c.creature, lang)
        return out | participant_names(self.scenario, lang)

    def gender_of(self, pid: str) -> str | None:
        """The grammatical gender the sheet of participant ``pid`` gives ("f", "m"), if any."""
        for i, p in enumerate(self.scenario.participants):
            if (p.id or f"p{i + 1}") == pid:
                return p.resolve().gender
        return None

    @property
    def over(self) -> bool:
        return self.duel.outcome is not None

    # --- saving ----------------------------------------------------------------------------------------

    def replay_record(self, with_events: bool = False) -> Replay:
        """The engine's replay of this duel (as far as it is watched, in a replay)."""
        decisions = self.recorded[: self.position] if self.replaying else self.duel.decisions
        replay = Replay(
            scenario=self.scenario,
            dice=self.dice_spec,
            decisions=[format_decision(p, o) for p, o in decisions],
        )
        if with_events:
            from mageduel import EventModel

            replay.events = [EventModel.from_event(e) for e in self.duel.events]
            replay.outcome = self.duel.outcome.to_dict() if self.duel.outcome else None
        return replay

    def save(self) -> Save:
        if self.replaying:
            replay = Replay(
                scenario=self.scenario,
                dice=self.dice_spec,
                decisions=[format_decision(p, o) for p, o in self.recorded],
            )
        else:
            replay = self.replay_record()
        return Save(setup=self.setup, replay=replay)

    def save_json(self) -> str:
        return self.save().model_dump_json(exclude_none=True)

    def replay_json(self) -> str:
        """The replay file: ``python -m mageduel replay`` checks it against its recorded events."""
        return self.replay_record(with_events=True).model_dump_json(indent=1, exclude_none=True)

    @classmethod
    def load(cls, text: str, replay: bool = False, lang: str = "en") -> Session:
        """A session from a save's JSON, read within the bounds (``web.game.persistence.load``). Raises
        :class:`SaveError` naming the field or the bad step, whatever ``text`` holds."""
        from web.game import persistence

        return persistence.load(text, replay, lang)

    @classmethod
    def from_save(cls, saved: Save, replay: bool = False) -> Session:
        """The engine's ``replay.verify`` replays the decisions and stops at the first bad one, naming it."""
        try:
            check = verify(saved.replay)
        except ValueError as exc:
            raise SaveError(str(exc), "save.err.unreadable", reason=str(exc)) from None
        if not check.ok:
            step = check.failed_step or 0
            line = saved.replay.decisions[step - 1] if 0 < step <= len(saved.replay.decisions) else ""
            raise SaveError(
                f"the replay stops at a step the rules refuse: {check.reason}",
                "save.err.step",
                reason=check.reason,
                step=step,
                line=line,
            )
        decisions = [parse_decision(line) for line in saved.replay.decisions]
        return cls(saved.setup, saved.replay.scenario, saved.replay.dice, decisions, replay=replay)

    # --- replay (watched, not played: the observer's view, so nothing hidden is shown) ----------------

    def seek(self, position: int) -> None:
        """Show the replayed duel after its first ``position`` decisions: forward from where it stands, so
        that Next or a tick of Watch costs one decision, not the whole replay again (the last of a
        757-decision duel took 57 ms in CPython); backward by replaying from the start."""
        position = max(0, min(position, len(self.recorded)))
        if position < self.position:
            self.duel = self._replayed([])
            self.position = 0
        for player, option in self.recorded[self.position : position]:
            self.duel.apply(player, option)
        self.position = position


#: The second, third and fourth copy of one character: "Tobin Ashgale II".
NUMERALS = ("II", "III", "IV")


def participant_names(scenario: Any, lang: str) -> dict[str, str]:
    """Each participant's name in ``lang`` (English where the sheet has no other), by id; the same
    character on two sides told apart (:func:`distinct`). The game, the widget and the lessons all name
    them so."""
    names, order = {}, []
    for i, p in enumerate(scenario.participants):
        name = p.resolve().name
        order.append(p.id or f"p{i + 1}")
        names[order[-1]] = getattr(name, lang, None) or name.en
    return distinct(names, order)


def distinct(names: dict[str, str], order: list[str]) -> dict[str, str]:
    """The same character chosen twice gets two names: the later copies take II, III, IV (issue 12).

    >>> distinct({"p1": "Tobin", "p2": "Tobin", "p3": "Ilse"}, ["p1", "p2", "p3"])
    {'p1': 'Tobin', 'p2': 'Tobin II', 'p3': 'Ilse'}
    """
    out = dict(names)
    seen: dict[str, int] = {}
    for pid in order:
        name = names.get(pid)
        if name is None:
            continue
        n = seen.get(name, 0)
        seen[name] = n + 1
        if n:
            out[pid] = f"{name} {NUMERALS[min(n, len(NUMERALS)) - 1]}"
    return out


def localize(view: Any, names: dict[str, str]) -> Any:
    """The same view with each participant's (and outsider's) name in the reader's language."""

    def named(c: Any) -> Any:
        return c.model_copy(update={"name": names[c.id]}) if c is not None and c.id in names else c

    update = {"me": named(view.me), "others": [named(c) for c in view.others]}
    if getattr(view, "bystanders", None):
        update["bystanders"] = [named(c) for c in view.bystanders]
    return view.model_copy(update=update)


def dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
