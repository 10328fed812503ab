"""The game's screens and what a click on each does: setup, hand-off, the duel, the end, a replay.

:class:`App` holds the interface state (which screen, the setup form, the log filter, the spell being
picked) and a :class:`session.Session`. :meth:`App.handle` takes what the page reports — an action name
and the clicked element's data — and :meth:`App.render` returns the HTML of the whole game area. The
browser glue (``web/main.py``) only forwards clicks, keys and form values, and stores the save; so the whole
game can be clicked through in CPython (``tests/web/test_game_*.py``).
"""

from __future__ import annotations

import base64
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from html import escape
from typing import Any

from pydantic import ValidationError

from web import lesson
from web.arena_view import FIRST_PAIR
from web.game import board, confirm, decide, panels, refusals, text
from web.game.session import (
    COMPUTER,
    Save,
    SaveError,
    Session,
    Setup,
    SideSetup,
    build_scenario,
    field_errors,
)
from web.i18n import integer, t

CONTROLS = ("human", "normal", "easy", "hard", "table")
#: The setup starts on a pair of level-7 casters whose mageduel lasts about ten rounds (issue 12); a third
#: and a fourth duellist (two to four, in sides or each for themself) are offered these first.
DEFAULT_SIDES = (*FIRST_PAIR, "ilse", "kael")
MAX_DUELLISTS = 4
#: The warm-up's throwaway duel stops here if it has not ended (the first pair's duels end in 25-105).
WARM_DECISIONS = 300
#: ... and its screen is drawn every this many decisions.
WARM_DRAW_EVERY = 20

SHORTCUTS = (
    ("1…9, 0", "keys.options"),
    ("Enter", "keys.enter"),
    ("e", "keys.end"),
    ("p", "keys.pass"),
    ("r", "keys.roll"),
    ("c", "keys.copy"),
    ("l", "keys.log"),
    ("m", "keys.motion"),
    ("u", "keys.undo"),
    ("?", "keys.help"),
    ("Esc", "keys.close"),
    ("← ↑ ↓ →", "aim.keys"),
)

#: A replay's own shortcuts: watch or pause, a step either way, its start and end (the replay bar's keys).
REPLAY_SHORTCUTS = (
    ("w", "keys.watch"),
    ("← →", "keys.step"),
    ("Home, End", "keys.ends"),
    ("c", "keys.copy"),
    ("l", "keys.log"),
    ("?", "keys.help"),
    ("Esc", "keys.close"),
)
#: The key of each of the replay bar's buttons (browser.on_key clicks the element with ``data-key``).
REPLAY_KEYS = {"play": "w", "start": "Home", "back": "ArrowLeft", "next": "ArrowRight", "end": "End"}

#: A lesson's own shortcuts (web/lesson.py): its numbered answers, the hint, skipping, the next lesson.
LESSON_SHORTCUTS = (
    ("1…9, 0", "keys.answers"),
    ("h", "keys.hint"),
    ("s", "keys.skip"),
    ("n", "keys.next"),
    ("c", "keys.copy"),
    ("l", "keys.log"),
    ("?", "keys.help"),
    ("Esc", "keys.close"),
)


def notice_inner(notice: str | None) -> str:
    """What the notice line holds: the notice in the box that stays at the window's foot for a while
    (``game.css``), or nothing.

    >>> notice_inner("Taken back."), notice_inner(None)
    ('<span>Taken back.</span>', '')
    """
    return f"<span>{escape(notice)}</span>" if notice else ""


def fresh_seed() -> int:
    """A dice seed nobody chose (the page's, never the engine's: the engine only ever gets the number)."""
    import secrets

    return secrets.randbelow(10**9)


def roster_entries() -> list[Any]:
    from mageduel import premades

    return list(premades())


def encode_fragment(save_json: str, step: int | None = None) -> str:
    """The replay in a URL fragment: deflated, URL-safe base64 (``#replay=...``), and the decision it opens
    at (``&step=N``; without it, a link opens at its end)."""
    packed = base64.urlsafe_b64encode(zlib.compress(save_json.encode("utf-8"), 9)).decode("ascii").rstrip("=")
    return "replay=" + packed + ("" if step is None else f"&step={step}")


def decode_fragment(fragment: str) -> str:
    """The save JSON from ``#replay=...``, inflated to at most 1 MB; raises :class:`SaveError` if it is not
    one (``web.game.persistence.decode_link``)."""
    from web.game.persistence import decode_link

    return decode_link(fragment)


#: DU-4's forms of weapon attack, and DU-4/DU-7/DU-31's switches that only a plain duel has.
WEAPON_FORMS = ("melee", "ranged", "unarmed")
DUEL_ONLY_BOXES = ("magic_weapons_only", "ban_poison", "ban_ranged", "ban_magic_on_others", "nonlethal_arena")
ENDS = ("default", "to_the_death", "first_blood", "first_hit", "hits")
ATTACK_KINDS = ("any", "magic", "weapons")


@dataclass
class Form:
    kind: str = "mageduel"
    #: How many duellists the form shows (2 to 4); the lists below always hold four.
    count: int = 2
    characters: list[str] = field(default_factory=lambda: list(DEFAULT_SIDES))
    controls: list[str] = field(default_factory=lambda: ["human", "normal", "normal", "normal"])
    sheets: list[str] = field(default_factory=lambda: ["", "", "", ""])
    #: Each duellist's side, 1 to 4: by default each fights for themself; equal numbers are allies.
    teams: list[int] = field(default_factory=lambda: [1, 2, 3, 4])
    #: Empty: fresh dice for every duel (a random seed, kept in the duel's save and replay); a number
    #: under the setup's "advanced" fold replays the same dice.
    seed: str = ""
    challenge: str = "agreed"
    counter_rule: str = "fr"
    duel_actions: bool = True
    face_off: bool = False
    #: DU-9 / MD-25: ask everyone at each round's start whether they go on (withdraw, or declare a draw).
    progress_check: bool = False
    #: DU-30: performance combat, with its victory points.
    performance_combat: bool = False
    #: DU-2: offer the options that break the terms (marked), so a player may break them and lose.
    breaches_allowed: bool = False
    # Plain duels only (X-3: the rite fixes a mageduel's ending and makes it nonlethal).
    end: str = "default"
    hits: str = "3"
    attack_kind: str = "any"
    weapon_forms: list[str] = field(default_factory=lambda: list(WEAPON_FORMS))
    magic_weapons_only: bool = False
    ban_summoning: bool = False
    ban_poison: bool = False
    ban_ranged: bool = False
    ban_magic_on_others: bool = False
    nonlethal_arena: bool = False
    #: The terms box stays open across the redraws its own selects cause.
    terms_open: bool = False
    errors: dict[str, list[tuple[str, str]]] = field(default_factory=dict)

    def terms(self) -> dict[str, Any]:
        """The terms that differ from the engine's defaults (the engine's Terms model checks them, X-3)."""
        out: dict[str, Any] = {}
        if self.challenge != "agreed":
            out["challenge"] = self.challenge
        if self.counter_rule != "fr":
            out["counter_rule"] = self.counter_rule
        if not self.duel_actions:
            out["duel_actions"] = False
        for name in ("face_off", "progress_check", "performance_combat", "ban_summoning"):
            if getattr(self, name):
                out[name] = True
        if self.breaches_allowed:
            out["breaches"] = "allowed"
        if self.kind != "duel":
            return out
        if self.end != "default":
            out["end"] = self.end
            if self.end == "hits":
                out["hits"] = int(self.hits) if self.hits.strip().isdigit() else self.hits
        if self.attack_kind != "any":
            out["attack_kind"] = self.attack_kind
        if self.attack_kind != "magic" and set(self.weapon_forms) != set(WEAPON_FORMS):
            out["weapon_forms"] = [w for w in WEAPON_FORMS if w in self.weapon_forms]
        for name in DUEL_ONLY_BOXES:
            if getattr(self, name):
                out[name] = True
        return out


@dataclass
class App:
    lang: str = "en"
    session: Session | None = None
    form: Form = field(default_factory=Form)
    log_filter: str = "all"
    picked: str | None = None
    roll_error: str | None = None
    clause: str | None = None
    notice: str | None = None
    show_keys: bool = False
    #: The effect animations (a bolt, a hit flash): short, never waited for, and off with one click or "m".
    motion: bool = True
    can_resume: bool = False
    storage: bool = True
    #: The last event each screen has shown: newer ones are announced (ARIA) and flashed on the board.
    seen: dict[str, int] = field(default_factory=dict)
    #: Effects for the page to carry out after a click: ("copy", text), ("download", name, text),
    #: ("save", json)…
    effects: list[tuple[str, ...]] = field(default_factory=list)
    #: Share → Embed (web/embed/share.py): the step the snippet opens at while its box is open, and the
    #: site's address the snippet points to (the page sets it; "." until then).
    embed_step: int | None = None
    site: str = "."
    #: A move being previewed (issue 12): its destination, drawn with its path, waiting for "confirm".
    move_preview: tuple[float, float] | None = None
    #: An area spell being aimed at a point of the board (DU-10, ``cast <spell> @x,y``): the point, drawn
    #: with the area around it, waiting for "confirm" — by a click on the floor or the arrow keys.
    aim_point: tuple[float, float] | None = None
    #: MD-4: the zone's side on the proposal's slider, drawn on the board before it is proposed.
    zone_size: int | None = None
    #: The previewed move's own verb ("move" or "step"); None for a click on the floor (either will do).
    move_verb: str | None = None
    #: A way out waiting for its confirmation on the duel screen: "leave", "withdraw" or "new".
    way_confirm: str | None = None
    #: The replay of a duel left for a new one: still downloadable from the setup screen.
    abandoned: str | None = None
    #: The rules tutorial (web/lesson.py) while it is on screen; its progress survives leaving it.
    tutor: lesson.Tutor | None = None
    lesson_progress: dict[str, int] = field(default_factory=dict)
    #: Issue 11: this browser keeps a duel other than the one on screen (a replay link was opened), so
    #: "New duel" and "Play on" ask before replacing it (``confirm``: what is being asked, or None).
    kept: bool = False
    confirm: str | None = None
    #: A save or link that would not load, set aside to download (``stored``: kept in storage too).
    set_aside: str | None = None
    set_aside_stored: bool = False
    #: A replay watched on its own (Watch), a decision at a time (``replay_tick``, paced by the page's
    #: ``browser.REPLAY_STEP_MS``), until it ends or another replay control is pressed.
    replay_playing: bool = False

    # --- what the page reports -----------------------------------------------------------------------

    def handle(self, act: str, data: dict[str, str] | None = None) -> None:
        data = data or {}
        self.notice = None
        fn = getattr(self, "on_" + act.replace("-", "_"), None)
        if fn is None:
            return
        fn(data)
        quiet = act in (
            "filter",
            "clause",
            "close-clause",
            "keys",
            "copy-log",
            "motion",
            "way-out",
            "cancel-way-out",
            "download-abandoned",
            "zone-size",
            "preview-move",
            "cancel-move",
            "aim-point",
            "aim-nudge",
            "cancel-aim",
            "lesson",
        )
        if not quiet and self.confirm is None:  # nothing is saved while a question is open
            self.persist()

    def on_lesson(self, data: dict[str, str]) -> None:
        """The tutorial (issue 13): ``do`` is open (``ref``), menu, choose (``option``), hint, retry, next
        (also skip) or close (back to the game)."""
        do = data.get("do", "menu")
        if do == "close":
            self.tutor = None
            self.effects.append(("hash", ""))
            return
        if self.tutor is None:
            self.tutor = lesson.Tutor(progress=self.lesson_progress)
        tu = self.tutor
        self.clause = None
        if do == "open":
            tu.open(data.get("ref", ""))
        elif do == "choose":
            tu.choose(data.get("option", ""))
        elif do == "hint":
            tu.show_hint()
        elif do == "retry":
            tu.retry()
        elif do == "next":
            tu.go_next()
        else:
            tu.menu()
        self.effects.extend(tu.effects)
        tu.effects.clear()

    def on_start(self, data: dict[str, str]) -> None:
        self.read_form(data)
        setup = self.validate_form()
        if setup is None:
            return
        if self.kept:
            self.confirm = "start"  # the browser keeps another duel (a link was opened): ask first
            return
        try:
            self.session = Session(setup)
        except ValidationError as exc:
            self.form.errors = {"scenario": field_errors(exc, self.lang)}
            self.session = None
            return
        self.picked = None

    def on_decide(self, data: dict[str, str]) -> None:
        s = self.session
        if s is None:
            return
        from mageduel import IllegalDecision

        try:
            s.decide(data.get("option", ""))
        except IllegalDecision as exc:
            self.notice = str(exc)
            return
        self._clear_choice()

    def _clear_choice(self) -> None:
        """What the screen held of a decision being made: the spell picked, a typed roll's error, the move
        previewed, the area's aimed point (gone once it is decided or taken back)."""
        self.picked = None
        self.roll_error = None
        self.move_preview = None
        self.aim_point = None

    def on_undo(self, data: dict[str, str]) -> None:
        """Take back the last decision made at the screen (``Session.undo``), and what followed it."""
        s = self.session
        if s is None or not s.can_undo():
            return
        s.undo()
        self._clear_choice()
        self.zone_size = None
        self.way_confirm = None
        # The log is shorter now: what comes next continues its numbering, and must be shown as new.
        last = s.duel.events[-1].seq if s.duel.events else -1
        self.seen = {key: min(seq, last) for key, seq in self.seen.items()}
        self.notice = t("undo.done", self.lang)

    def undo_button(self) -> str:
        """The Undo button, when there is a decision to take back (the game's screens and the widget's)."""
        s = self.session
        if s is None or not s.can_undo():
            return ""
        return (
            f'<button type="button" data-act="undo" data-key="u" title="{escape(t("undo.hint", self.lang))}">'
            f"{escape(t('undo', self.lang))}</button>"
        )

    def on_move_to(self, data: dict[str, str]) -> None:
        """A click on the zone's floor in one's turn: the move there is previewed (its path and where it
        ends); "confirm" makes it. With an area spell picked, the click aims the spell there instead."""
        s = self.session
        if s is None or s.duel.pending is None or s.duel.pending.kind != "turn":
            return
        try:
            point = (round(float(data.get("x", "")), 1), round(float(data.get("y", "")), 1))
        except ValueError:
            self.move_preview = None
            return
        if self.aiming_area() is not None:
            self.aim_point, self.move_preview = point, None
            return
        self.move_preview = point
        self.move_verb = None

    # --- an area spell aimed at a point (DU-10) -------------------------------------------------------------

    def aiming_area(self) -> Any:
        """The picked spell's first option when it is an area spell aimed by a point (its options carry
        one), else None: only then can the board aim it anywhere."""
        s = self.session
        if s is None or not self.picked or s.duel.pending is None or s.duel.pending.kind != "turn":
            return None
        members = decide.group(s.view(self.lang), self.picked)
        first = next((o for o in members if o.point is not None and not o.item), None)
        return first

    def aim_option(self) -> str | None:
        """The engine's id for casting the picked area spell at the aimed point:
        ``cast <spell>[ slotN] @x,y``."""
        opt = self.aiming_area()
        if opt is None or self.aim_point is None:
            return None
        from mageduel import fmt_point

        info = text.spell_info(opt.spell or "")
        slot = f" slot{opt.slot}" if info is not None and opt.slot and opt.slot != info.level else ""
        return f"cast {opt.spell}{slot} @{fmt_point((self.aim_point[0], self.aim_point[1], 0.0))}"

    def on_aim_point(self, data: dict[str, str]) -> None:
        """Start aiming the picked area spell at a point: where its first target stands (the keyboard
        then moves it 5 feet at a time)."""
        opt = self.aiming_area()
        if opt is None:
            return
        self.move_preview = None
        self.aim_point = (round(float(opt.point[0]), 1), round(float(opt.point[1]), 1))

    def on_aim_nudge(self, data: dict[str, str]) -> None:
        """Move the aimed point ``dx``, ``dy`` feet (the arrow keys: 5 feet; north is up)."""
        if self.aim_point is None or self.aiming_area() is None:
            return
        try:
            dx, dy = float(data.get("dx", "0")), float(data.get("dy", "0"))
        except ValueError:
            return
        x, y = self.aim_point
        self.aim_point = (round(x + dx, 1), round(y + dy, 1))

    def on_cancel_aim(self, data: dict[str, str]) -> None:
        self.aim_point = None

    def on_confirm_aim(self, data: dict[str, str]) -> None:
        """Cast the picked area spell at the aimed point, if the engine agrees (range, line of effect,
        DU-10: an opponent among those it takes in); else say so and keep aiming."""
        s, oid = self.session, self.aim_option()
        if s is None or oid is None:
            self.aim_point = None
            return
        from mageduel import IllegalDecision

        try:
            s.decide(oid)
        except IllegalDecision:
            self.notice = t("aim.illegal", self.lang)
            return
        self.aim_point = None
        self.picked = None

    def on_preview_move(self, data: dict[str, str]) -> None:
        """A move button or a marked point: preview that move before it commits."""
        from mageduel import parse_decision

        try:
            _, option = parse_decision("p: " + data.get("option", ""))
            verb, where = option.split()[:2]
            x, y = (float(v) for v in where.split(",")[:2])
        except (ValueError, IndexError):
            return
        self.move_preview = (round(x, 1), round(y, 1))
        self.move_verb = verb if verb in ("move", "step") else None

    def on_cancel_move(self, data: dict[str, str]) -> None:
        self.move_preview = None

    def on_confirm_move(self, data: dict[str, str]) -> None:
        """Make the previewed move (a move action, or a 5-foot step), if the engine agrees."""
        s, point, self.move_preview = self.session, self.move_preview, None
        if s is None or point is None or s.duel.pending is None or s.duel.pending.kind != "turn":
            return
        from mageduel import IllegalDecision, fmt_point

        x, y = point
        ids = [o.id for o in s.view().pending.options or []]
        verbs = [v for v in ("move", "step") if any(i.startswith(v + " ") for i in ids)]
        if self.move_verb in verbs:
            verbs = [self.move_verb]
        self.move_verb = None
        for verb in verbs:
            try:
                s.decide(f"{verb} {fmt_point((x, y, 0.0))}")
            except IllegalDecision:
                continue
            self.picked = None
            return
        self.notice = t("move.illegal", self.lang)

    def on_pick(self, data: dict[str, str]) -> None:
        key = data.get("pick")
        self.picked = None if self.picked == key else key
        self.aim_point = None

    def on_counter_choose(self, data: dict[str, str]) -> None:
        """The duel counterspell chooser: a new spell or slot picked in its lists (``data-other`` holds the
        other list's value); the prompt redraws with the button for that exact option."""
        value, other = data.get("value", ""), data.get("other", "")
        self.picked = f"{value}|{other}" if data.get("field") == "spell" else f"{other}|{value}"

    def on_take(self, data: dict[str, str]) -> None:
        if self.session is not None:
            self.session.take_screen()

    def on_typed_roll(self, data: dict[str, str]) -> None:
        if self.session is None:
            return
        self.roll_error = self.session.typed_roll(data.get("roll", ""))

    def on_auto_roll(self, data: dict[str, str]) -> None:
        if self.session is not None:
            self.session.auto_roll()
            self.roll_error = None

    def on_zone_size(self, data: dict[str, str]) -> None:
        """The width slider moved: the board draws the zone at the size being proposed (MD-4, MD-5)."""
        value = data.get("value", "")
        self.zone_size = int(value) if value.isdigit() else None

    def on_zone(self, data: dict[str, str]) -> None:
        self.zone_size = None
        self.on_decide({"option": f"zone {data.get('width', '')}x{data.get('height', '')}"})

    def on_prefer(self, data: dict[str, str]) -> None:
        if self.session is not None:
            self.session.prefer(data.get("reaction", ""), data.get("mode", "ask"))

    def on_filter(self, data: dict[str, str]) -> None:
        self.log_filter = data.get("filter", "all") if data.get("filter") in text.FILTERS else "all"

    def on_clause(self, data: dict[str, str]) -> None:
        self.clause = data.get("clause")

    def on_close_clause(self, data: dict[str, str]) -> None:
        self.clause = None
        self.show_keys = False

    def on_keys(self, data: dict[str, str]) -> None:
        self.show_keys = not self.show_keys

    def on_motion(self, data: dict[str, str]) -> None:
        self.motion = not self.motion

    def on_copy_log(self, data: dict[str, str]) -> None:
        if self.session is not None:
            self.effects.append(("copy", panels.log_text(self.session.view(self.lang), self.lang)))
            self.notice = t("log.copied", self.lang)

    def on_download(self, data: dict[str, str]) -> None:
        if self.session is not None:
            self.effects.append(("download", "mageduel-replay.json", self.session.replay_json()))

    def on_share(self, data: dict[str, str]) -> None:
        """Copy a link to this duel: the whole of it, opening where a replay stands (at its end otherwise),
        as a link to a move opens a game record at that move."""
        s = self.session
        if s is not None:
            step = s.position if s.replaying and s.position < len(s.recorded) else None
            self.effects.append(("share", encode_fragment(s.save_json(), step)))
            self.notice = (
                t("end.shared", self.lang) if step is None else t("end.shared.at", self.lang, n=step)
            )

    def _embed_total(self) -> int:
        s = self.session
        return 0 if s is None else len(s.recorded) if s.replaying else len(s.duel.decisions)

    def on_embed(self, data: dict[str, str]) -> None:
        """Share → Embed: open (at the replay's step, or the start: never the result) or close the box."""
        s = self.session
        if self.embed_step is not None or s is None:
            self.embed_step = None
        else:
            self.embed_step = s.position if s.replaying else 0

    def on_embed_step(self, data: dict[str, str]) -> None:
        value = data.get("value", "").strip()
        if self.embed_step is not None and value.isdigit():
            self.embed_step = min(int(value), self._embed_total())

    def on_copy_embed(self, data: dict[str, str]) -> None:
        from web.embed.share import snippet

        if self.session is not None and self.embed_step is not None:
            code = snippet(self.site, encode_fragment(self.session.save_json()), self.embed_step, self.lang)
            self.effects.append(("copy", code))
            self.notice = t("embed.share.copied", self.lang)

    def on_rematch(self, data: dict[str, str]) -> None:
        if self.session is not None:
            setup = self.session.setup
            try:
                self.session = Session(setup.model_copy(update={"seed": setup.seed + 1}))
            except ValidationError as exc:  # a setup the engine refuses: said, and the duel stays on screen
                self.notice = "; ".join(f"{loc}: {msg}" for loc, msg in field_errors(exc, self.lang))

    def on_new(self, data: dict[str, str]) -> None:
        if self.kept and self.session is not None and self.session.replaying:
            self.confirm = "new"  # the kept duel is not this replay: ask before it is replaced
            return
        self.session = None
        self.effects.append(("clear",))

    # --- a way out (issue 12): leave the zone, withdraw, offer a draw, a new duel ---------------------

    def on_way_out(self, data: dict[str, str]) -> None:
        """A way-out button: a draw offer (MD-25) is asked at once (a second click takes it back); leaving
        the zone (MD-22), withdrawing (DU-9) and a new duel first ask for a confirmation."""
        s = self.session
        what = data.get("what", "")
        if s is None or s.replaying or s.over:
            return
        if what == "draw":
            s.ask_at_next_check("declare-draw")
            return
        if what == "keep-on":  # a withdrawal taken back before the round's check
            if s.intents.get(s.viewer or "") == "withdraw":
                s.ask_at_next_check("withdraw")
            return
        if what in ("leave", "withdraw", "new"):
            self.way_confirm = what

    def on_cancel_way_out(self, data: dict[str, str]) -> None:
        self.way_confirm = None

    def on_confirm_way_out(self, data: dict[str, str]) -> None:
        s = self.session
        what, self.way_confirm = self.way_confirm, None
        if s is None or what is None:
            return
        if what == "new":
            self.abandoned = s.replay_json()
            self.session = None
            self.picked = None
            self.effects.append(("clear",))
        elif what == "withdraw":
            if s.intents.get(s.viewer or "") != "withdraw":
                s.ask_at_next_check("withdraw")
        elif what == "leave":
            from mageduel import IllegalDecision

            try:
                s.leave_zone()
            except IllegalDecision:
                self.notice = t("way.leave.cannot", self.lang)

    def on_download_abandoned(self, data: dict[str, str]) -> None:
        if self.abandoned is not None:
            self.effects.append(("download", "mageduel-replay.json", self.abandoned))

    def on_confirm(self, data: dict[str, str]) -> None:
        what, self.confirm = data.get("what"), None
        if what not in ("new", "play-on", "start"):
            return
        self.kept = self.can_resume = False
        if what == "new":
            self.session = None
            self.effects.append(("clear",))
        elif what == "start":
            self.on_start({})  # the form as it was read when Start was pressed
        else:
            self.on_play_on(data)

    def on_cancel_confirm(self, data: dict[str, str]) -> None:
        self.confirm = None

    def on_download_set_aside(self, data: dict[str, str]) -> None:
        from web.game.persistence import SET_ASIDE_FILE

        if self.set_aside is not None:
            self.effects.append(("download", SET_ASIDE_FILE, self.set_aside))

    def on_add_duellist(self, data: dict[str, str]) -> None:
        """A third or fourth duellist (two to four): each for themself until given a side."""
        f = self.form
        if f.count < MAX_DUELLISTS:
            f.teams[f.count] = f.count + 1
            f.count += 1

    def on_remove_duellist(self, data: dict[str, str]) -> None:
        f = self.form
        if f.count > 2:
            f.count -= 1

    def on_resume(self, data: dict[str, str]) -> None:
        self.confirm = None
        self.kept = self.can_resume = False
        self.effects.append(("resume",))

    def on_seek(self, data: dict[str, str]) -> None:
        s = self.session
        if s is not None and s.replaying:
            step = data.get("to", "")
            if step == "play":  # Watch / Pause: from the start when it stands at the end
                self.replay_playing = not self.replay_playing
                if self.replay_playing and s.position >= len(s.recorded):
                    s.seek(0)
                return
            self.replay_playing = False  # a step by hand takes over from the watching
            pos = {"start": 0, "end": len(s.recorded), "back": s.position - 1, "next": s.position + 1}.get(
                step
            )
            value = data.get("value", "")
            if step == "at" and value.isdigit():  # the slider: any decision at once
                pos = int(value)
            s.seek(pos if pos is not None else s.position)

    def replay_tick(self) -> bool:
        """One decision of a replay being watched (Watch): True while there is more to watch. It stops at
        the end, and when the screen is no longer the replay (Play on, New duel)."""
        s = self.session
        if not self.replay_playing or s is None or not s.replaying or self.confirm is not None:
            self.replay_playing = False
            return False
        s.seek(s.position + 1)
        if s.position >= len(s.recorded):
            self.replay_playing = False
        return self.replay_playing

    def on_play_on(self, data: dict[str, str]) -> None:
        """Leave the replay and take over from where it stands, with the original controls."""
        s = self.session
        if s is not None and s.replaying:
            if self.kept:
                self.confirm = "play-on"  # it would replace the kept duel: ask first
                return
            saved = Save(setup=s.setup, replay=s.replay_record())  # the decisions watched so far
            self.session = Session.from_save(saved)
            self.session.person_marks.clear()  # Undo takes back what is played from here, not the replay

    # --- the setup form -------------------------------------------------------------------------------

    def read_form(self, data: dict[str, str]) -> None:
        f = self.form
        f.kind = data.get("kind", f.kind)
        for i in range(f.count):
            f.characters[i] = data.get(f"character{i}", f.characters[i])
            f.controls[i] = data.get(f"control{i}", f.controls[i])
            f.sheets[i] = data.get(f"sheet{i}", f.sheets[i])
            team = data.get(f"team{i}", "")
            if team.isdigit() and 1 <= int(team) <= MAX_DUELLISTS:
                f.teams[i] = int(team)
        f.seed = data.get("seed", f.seed)
        if "terms" in data:  # the form's terms fieldset was sent: unchecked boxes are absent, i.e. off
            f.challenge = data.get("challenge", f.challenge)
            f.counter_rule = data.get("counter_rule", f.counter_rule)
            f.duel_actions = "duel_actions" in data
            for name in ("face_off", "progress_check", "performance_combat", "ban_summoning"):
                setattr(f, name, name in data)
            f.breaches_allowed = "breaches_allowed" in data
            if "end" in data:  # the duel-only part was on the form (it is not for a mageduel)
                f.end = data["end"] if data["end"] in ENDS else "default"
                f.hits = data.get("hits", f.hits)
                f.attack_kind = data.get("attack_kind", "any")
                f.weapon_forms = [w for w in WEAPON_FORMS if f"weapon_{w}" in data]
                for name in DUEL_ONLY_BOXES:
                    setattr(f, name, name in data)

    def validate_form(self) -> Setup | None:
        f = self.form
        f.errors = {}
        sides = []
        for i in range(f.count):
            sheet = None
            if f.characters[i] == "import":
                sheet = self._sheet(i)
                if sheet is None:
                    continue
            sides.append(
                SideSetup(
                    character=None if sheet else f.characters[i],
                    sheet=sheet,
                    control=f.controls[i] if f.controls[i] in CONTROLS else "human",
                    team=f.teams[i],
                )
            )
        seed = f.seed.strip() or str(fresh_seed())
        if not seed.isdigit():
            f.errors["seed"] = [("seed", t("setup.seed.error", self.lang))]
        if len(set(f.teams[: f.count])) < 2:  # a duel needs an opponent (DU-1)
            f.errors["scenario"] = [("team", t("setup.team.one", self.lang))]
        if f.errors:
            return None
        return Setup(
            kind=f.kind if f.kind in ("duel", "mageduel") else "mageduel",
            sides=sides,
            seed=int(seed),
            terms=f.terms(),
            way_out=True,
        )

    def _sheet(self, i: int) -> dict[str, Any] | None:
        from mageduel import BoundsError, Character, load_json

        raw = self.form.sheets[i].strip()
        key = f"sheet{i}"
        if not raw:
            self.form.errors[key] = [("(sheet)", t("setup.sheet.empty", self.lang))]
            return None
        try:
            # The same bounds as a save or a link (issue 11): finite numbers, no 5,000-digit integer, depth.
            data = load_json(raw, "character")
        except BoundsError as exc:
            if exc.code == "not_json":
                said = t("setup.sheet.json", self.lang, line=exc.params["line"], col=exc.params["column"])
                self.form.errors[key] = [("(json)", said)]
            else:
                self.form.errors[key] = [(exc.field or "(json)", refusals.reason(exc, self.lang))]
            return None
        try:
            Character.model_validate(data)
        except ValidationError as exc:
            self.form.errors[key] = field_errors(exc, self.lang)
            return None
        return data

    # --- saving ---------------------------------------------------------------------------------------

    def persist(self) -> None:
        s = self.session
        if s is None or s.replaying:
            return
        self.effects.append(("save", s.save_json()))

    def restore(self, save_json: str, replay: bool = False) -> str | None:
        """Load a saved game (or a replay); None if it worked, else the reason (in the page's language)."""
        try:
            self.session = Session.load(save_json, replay=replay, lang=self.lang)
        except SaveError as exc:
            return exc.said(self.lang)
        s = self.session
        if not replay and len(s.people) > 1 and s.handoff is None:
            # Two people on one screen: after a reload nobody's view shows until the one to decide says so.
            who = s.waiting_for_person()
            if who is not None:
                s.handoff = who
        return None

    def open_link(self, save_json: str, step: str | None = None) -> str | None:
        """A shared link's duel (``#replay=…``, decoded) opened as a replay: at its end, or at the decision
        its ``&step=N`` names (``persistence.link_parts``). None if it opened, else the reason (in the
        page's language). A step that is not one of the duel's is named in a notice, and the replay opens
        at its end."""
        why = self.restore(save_json, replay=True)
        s = self.session
        if why is None and s is not None and step is not None:
            total = len(s.recorded)
            if step.isascii() and step.isdigit() and int(step) <= total:
                s.seek(int(step))
            else:  # said as the widget says it
                from web.embed.params import Problem, problem_text

                self.notice = problem_text(Problem("step", step, "bad", maximum=total), self.lang)
        return why

    def resume_kept(self, save_json: str) -> str | None:
        """The duel this browser keeps, with the notice that says what it is: a duel in progress, to play on,
        or a finished one (issue 11, finding 10: it said "in progress"), shown at its end screen. None if it
        worked, else the reason (in the page's language)."""
        why = self.restore(save_json)
        if why is None and self.session is not None:
            self.notice = t("reliab.restored.over" if self.session.over else "save.restored", self.lang)
        return why

    def warm_up(self) -> None:
        """Every step of :meth:`warming` at once (the tests' way; the page takes them one task at a time)."""
        for _ in self.warming():
            pass

    def warming(self) -> Iterator[str]:
        """Load the rules, then play a throwaway duel of the form's pair between two computers to its end and
        draw its last screen, leaving the interface as it was: the first duel's imports, catalogue loads and
        first drawing happen while the player reads the setup form, not on their click on Start. Played
        through, not just opened: under Pyodide the first run of each path through the rules (a spell's
        save, a wall, a bull rush) costs several times the next ones — the engine's WebAssembly compiled on
        first use — and a first duel's computer took 10-27 ms for a decision it later takes in 5 (issue 15,
        goal 3). Yields after each step, naming it, so the page can take each in a task of its own and never
        hold its main thread for long; stops as soon as the player opens a duel or a lesson."""
        from mageduel import Opponent, loading

        yield from loading()
        setup = self.validate_form()
        self.form.errors = {}
        if setup is None:
            return
        try:
            session = Session(setup)
        except (ValidationError, ValueError):
            return
        yield "duel"
        duel = session.duel
        brains: dict[str, Opponent] = {}
        # Drawn by an App of its own, so nothing of this one (its log's cursors, its notices) is touched;
        # drawn every few decisions, so that no drawing has many new log lines to write at once.
        shown = App(lang=self.lang, session=session)

        def started() -> bool:  # the player opened a duel or a lesson: the real one warms the rest
            return self.session is not None or self.tutor is not None

        if duel.pending is not None and not started():
            # The first decision of all is the slowest (its view's first drawing of a turn's options), and
            # the first drawing of a duel carries its first-time costs: each a step of its own.
            who = duel.pending.player
            view = duel.view(who)
            yield "view"
            choice = brains.setdefault(who, Opponent("normal", 0)).choose(view)
            yield "think"
            duel.apply(who, choice)
            yield "apply"
            # A duel's first drawing was the warm-up's longest step (35-60 ms). Its board and its log cost
            # the most the first time (measured in the page: 3-9 and 11-23 ms): each is drawn first, in a
            # task of its own.
            seen = session.view(self.lang)
            board.render(seen, self.lang)
            yield "render board"
            panels.log(seen, self.lang)
            yield "render log"
            shown.render()
            yield "render"
        while duel.pending is not None and len(duel.decisions) < WARM_DECISIONS:
            if started():
                return
            who = duel.pending.player
            brain = brains.setdefault(who, Opponent("normal", len(brains)))
            duel.apply(who, brain.choose(duel.brief_view(who)))  # as the page's computer decides
            yield "decision"
            if len(duel.decisions) % WARM_DRAW_EVERY == 0:
                shown.render()
                yield "render"
        shown.render()
        yield "render"

    def automatic(self) -> bool:
        """Whether the page should let the engine play on without waiting for a click."""
        if self.tutor is not None:
            return self.tutor.busy()
        return self.session is not None and self.session.automatic()

    def pump(self, budget_s: float = 0.03, clock: Any = None) -> bool:
        """Let the computer decide for up to ``budget_s`` seconds; True if it has more to do (the page calls
        again after drawing, so the main thread is never held for long)."""
        import time

        clock = clock or time.perf_counter
        if self.tutor is not None:  # a long lesson plays in slices too (web/lesson.py)
            more = self.tutor.pump()
            self.effects.extend(self.tutor.effects)
            self.tutor.effects.clear()
            return more
        s = self.session
        if s is None:
            return False
        start = clock()
        moved = False
        while s.automatic():
            s.step()
            moved = True
            if clock() - start > budget_s:
                break
        if moved:
            self.persist()
        return s.automatic()

    # --- drawing --------------------------------------------------------------------------------------

    def render(self) -> str:
        lang = self.lang
        s = self.session
        if self.tutor is not None:
            body = lesson.render(self.tutor, lang)
        elif s is None:
            body = self.render_setup()
        elif s.handoff is not None:
            body = self.render_handoff()
        else:
            body = self.render_game()
        extra = ""
        if self.clause:
            extra += panels.clause_box(self.clause, lang)
        if self.show_keys:
            extra += self.render_keys()
        if self.embed_step is not None and s is not None:
            from web.embed.share import embed_box

            fragment = encode_fragment(s.save_json())
            extra += embed_box(self.site, fragment, self.embed_step, self._embed_total(), lang)
        if self.confirm:
            extra += confirm.ask_box(self.confirm, lang)
        notice = f'<p class="notice" role="status">{notice_inner(self.notice)}</p>'
        if self.set_aside is not None:
            notice += confirm.set_aside_note(lang, self.set_aside_stored)
        # A box first in the document, so its close button is the one that takes the focus.
        return extra + body + notice

    def render_preview(self) -> str:
        """The arena before the duel (the foundation's drawing) for the duellists chosen in the setup form."""
        from web import arena
        from web.arena_view import default_view, view_of

        f = self.form
        try:
            if "import" in f.characters[: f.count]:
                raise ValueError("an imported sheet is drawn once the duel starts")
            setup = Setup(
                kind=f.kind if f.kind in ("duel", "mageduel") else "mageduel",
                sides=[SideSetup(character=f.characters[i], team=f.teams[i]) for i in range(f.count)],
            )
            view = view_of(build_scenario(setup), self.lang)
        except (ValueError, KeyError):
            view = default_view(self.lang)
        return arena.render(view, self.lang)

    def render_keys(self) -> str:
        lang = self.lang
        listed = SHORTCUTS
        if self.tutor is not None and self.tutor.play is not None:
            listed = LESSON_SHORTCUTS
        elif self.session is not None and self.session.replaying:
            listed = REPLAY_SHORTCUTS
        rows = "".join(f"<dt><kbd>{escape(k)}</kbd></dt><dd>{escape(t(key, lang))}</dd>" for k, key in listed)
        return (
            f'<aside class="keys-box" role="dialog" aria-labelledby="keys-title"><h3 id="keys-title">'
            f'{escape(t("keys.title", lang))}</h3><dl>{rows}</dl><button type="button" '
            f'data-act="close-clause" data-key="Escape" data-autofocus>'
            f"{escape(t('ui.close', lang))}</button></aside>"
        )

    def render_setup(self) -> str:
        lang = self.lang
        f = self.form
        chars = roster_entries()
        casters = [c for c in chars if c.cls in ("wizard", "sorcerer")]
        kinds = "".join(
            f'<label><input type="radio" name="kind" value="{k}"{" checked" if f.kind == k else ""}> '
            f"{escape(t('setup.kind.' + k, lang))}</label>"
            for k in ("mageduel", "duel")
        )
        sides = []
        for i in range(f.count):
            opts = "".join(
                f'<option value="{escape(c.id)}"{" selected" if f.characters[i] == c.id else ""}>'
                f"{escape(getattr(c.name, lang))} — {escape(t('cls.' + c.cls, lang))} {c.level}</option>"
                for c in (casters if f.kind == "mageduel" else chars)
            )
            opts += (
                f'<option value="import"{" selected" if f.characters[i] == "import" else ""}>'
                f"{escape(t('setup.import', lang))}</option>"
            )
            ctrl = "".join(
                f'<option value="{c}"{" selected" if f.controls[i] == c else ""}>'
                f"{escape(t('control.' + c, lang))}</option>"
                for c in CONTROLS
            )
            errs = f.errors.get(f"sheet{i}", [])
            err_html = "".join(f"<li><code>{escape(loc)}</code> {escape(msg)}</li>" for loc, msg in errs)
            tagline = next((getattr(c.tagline, lang) for c in chars if c.id == f.characters[i]), "")
            table_hint = (  # what "real dice" means, once chosen: the name the README and the saves use
                f'<p class="tagline-small">{escape(t("control.table.hint", lang))}</p>'
                if f.controls[i] == "table"
                else ""
            )
            team = ""
            if f.count > 2:  # with three or four, who fights with whom: each for themself by default
                team_opts = "".join(
                    f'<option value="{n}"{" selected" if f.teams[i] == n else ""}>'
                    f"{escape(t('setup.team.n', lang, n=n))}</option>"
                    for n in range(1, MAX_DUELLISTS + 1)
                )
                team = (
                    f'<label>{escape(t("setup.team", lang))} <select name="team{i}" id="team{i}">{team_opts}'
                    "</select></label>"
                )
            remove = (
                f'<button type="button" class="secondary small" data-act="remove-duellist">'
                f"{escape(t('setup.remove', lang))}</button>"
                if i == f.count - 1 and f.count > 2
                else ""
            )
            sides.append(
                f'<fieldset class="side" data-side="{i}"><legend>{escape(t("setup.side", lang, n=i + 1))}'
                "</legend>"
                f'<label>{escape(t("setup.character", lang))} <select name="character{i}" id="character{i}"'
                f">{opts}</select></label>"
                f'<p class="tagline-small">{escape(tagline)}</p>'
                f'<label>{escape(t("setup.control", lang))} <select name="control{i}" id="control{i}">{ctrl}'
                "</select></label>"
                f"{table_hint}"
                f"{team}"
                f'<details class="import"{" open" if f.characters[i] == "import" or errs else ""}>'
                f"<summary>{escape(t('setup.import.title', lang))}</summary>"
                f'<label for="sheet{i}">{escape(t("setup.import.hint", lang))}</label>'
                f'<textarea id="sheet{i}" name="sheet{i}" rows="5" spellcheck="false"'
                f"{' aria-invalid=true aria-describedby=sheet-errors' + str(i) if errs else ''}"
                f">{escape(f.sheets[i])}</textarea>"
                + (
                    f'<ul class="field-errors" id="sheet-errors{i}" role="alert">{err_html}</ul>'
                    if errs
                    else ""
                )
                + f"</details>{remove}</fieldset>"
            )
        if f.count < MAX_DUELLISTS:
            sides.append(
                f'<div class="add-side"><button type="button" class="secondary" data-act="add-duellist">'
                f"{escape(t('setup.add', lang))}</button></div>"
            )
        seed_err = f.errors.get("seed") or f.errors.get("scenario") or []
        terms = self.render_terms()
        resume = (
            f'<button type="button" class="secondary" data-act="resume">{escape(t("setup.resume", lang))}'
            "</button>"
            if self.can_resume
            else ""
        )
        return (
            f'<section class="screen setup" data-screen="setup" aria-labelledby="setup-title">'
            f'<h2 id="setup-title">{escape(t("setup.title", lang))}</h2>'
            f'<p class="learn"><a href="#lessons" class="learn-link" data-act="lesson" data-do="menu">'
            f"{escape(t('lesson.learn', lang))}</a></p>"
            f'<form class="setup-form" data-act="start">'
            f'<fieldset class="kind"><legend>{escape(t("setup.kind", lang))}</legend>{kinds}'
            f'<p class="kind-help">{escape(t("ux.kind." + f.kind, lang))}</p></fieldset>'
            f'<div class="sides">{"".join(sides)}</div>{terms}'
            f'<details class="advanced"{" open" if f.errors.get("seed") or f.seed.strip() else ""}>'
            f"<summary>{escape(t('ux.advanced', lang))}</summary>"
            f'<label class="seed">{escape(t("setup.seed", lang))} <input name="seed" inputmode="numeric" '
            f'value="{escape(f.seed)}" placeholder="{escape(t("ux.seed.random", lang))}"></label>'
            f'<p class="note">{escape(t("ux.seed.help", lang))}</p></details>'
            + (
                "".join(
                    f'<p class="field-error" role="alert"><code>{escape(loc)}</code> {escape(msg)}</p>'
                    for loc, msg in seed_err
                )
            )
            + '<div class="actions"><button type="submit" class="primary" data-autofocus'
            f">{escape(t('setup.start', lang))}</button>{resume}"
            f'<button type="button" class="secondary" data-act="keys" data-key="?">'
            f"{escape(t('keys.title', lang))}</button></div>"
            + ("" if self.storage else f'<p class="note">{escape(t("save.none", lang))}</p>')
            + "</form>"
            + (
                '<p class="abandoned"><button type="button" class="secondary" data-act="download-abandoned">'
                f"{escape(t('way.abandoned', lang))}</button></p>"
                if self.abandoned is not None
                else ""
            )
            + "</section>"
        )

    def render_terms(self) -> str:
        lang = self.lang
        f = self.form

        def select(name: str, values: tuple[str, ...], current: str) -> str:
            opts = "".join(
                f'<option value="{v}"{" selected" if v == current else ""}>'
                f"{escape(t(f'setup.{name}.{v}', lang))}</option>"
                for v in values
            )
            label = escape(t("setup." + name, lang))
            return f'<label>{label} <select name="{name}" id="{name}">{opts}</select></label>'

        def box(name: str, on: bool) -> str:
            checked = " checked" if on else ""
            return (
                f'<label><input type="checkbox" name="{name}" id="{name}"{checked}> '
                f"{escape(t('setup.' + name, lang))}</label>"
            )

        challenges = ("agreed", "offered", "called") if f.kind == "mageduel" else ("agreed", "offered")
        duel_only = ""
        if f.kind == "duel":
            hits = (
                f'<label>{escape(t("setup.hits", lang))} <input type="number" name="hits" id="hits" min="1" '
                f'max="99" inputmode="numeric" value="{escape(f.hits)}"></label>'
                if f.end == "hits"
                else ""
            )
            forms = "".join(
                f'<label><input type="checkbox" name="weapon_{w}" id="weapon_{w}"'
                f"{' checked' if w in f.weapon_forms else ''}> {escape(t('setup.weapon_forms.' + w, lang))}"
                "</label>"
                for w in WEAPON_FORMS
            )
            duel_only = (
                select("end", ENDS, f.end)
                + hits
                + select("attack_kind", ATTACK_KINDS, f.attack_kind)
                + (
                    f'<fieldset class="weapon-forms"><legend>{escape(t("setup.weapon_forms", lang))}</legend>'
                    f"{forms}</fieldset>"
                    if f.attack_kind != "magic"
                    else ""
                )
                + "".join(box(name, getattr(f, name)) for name in DUEL_ONLY_BOXES)
            )
        return (
            f'<details class="terms"{" open" if f.terms_open else ""}>'
            f"<summary>{escape(t('setup.terms', lang))}</summary>"
            '<input type="hidden" name="terms" value="1">'
            + select("challenge", challenges, f.challenge)
            + select("counter_rule", ("fr", "en"), f.counter_rule)
            + duel_only
            + box("duel_actions", f.duel_actions)
            + box("face_off", f.face_off)
            + box("progress_check", f.progress_check)
            + box("performance_combat", f.performance_combat)
            + box("ban_summoning", f.ban_summoning)
            + box("breaches_allowed", f.breaches_allowed)
            + "</details>"
        )

    def render_handoff(self) -> str:
        s = self.session
        assert s is not None and s.handoff is not None
        name = s.display_names(self.lang).get(s.handoff, s.handoff)
        lang = self.lang
        return (
            f'<section class="screen handoff" data-screen="handoff" aria-labelledby="handoff-title">'
            f'<div class="handoff-card"><h2 id="handoff-title">{escape(t("handoff.title", lang, name=name))}'
            "</h2>"
            f"<p>{escape(text.said_of(s.gender_of(s.handoff), 'handoff.body', lang, name=name))}</p>"
            f'<button type="button" class="primary" data-act="take" data-key="Enter" data-autofocus>'
            f"{escape(t('handoff.ready', lang, name=name))}</button></div></section>"
        )

    def render_game(self) -> str:
        s = self.session
        assert s is not None
        lang = self.lang
        view = s.view(self.lang)
        names = text.names_of(view, lang)
        p = view.pending
        mine = p is not None and p.options is not None
        ids = [o.id for o in p.options] if mine and p is not None and p.options else []
        marks: list[str] = []
        preview = None
        area = None
        reach = False
        if mine and p is not None and p.kind == "turn":
            marks = [i for i in ids if i.startswith(("move ", "step "))]
            reach = bool(marks) and not self.picked
            if self.picked:
                wanted = [o.id for o in decide.group(view, self.picked)]
                marks = [i for i in wanted if not decide.options_of(view)[i].defensive]
                preview = wanted[0] if wanted else None
                aimed = self.aim_option() if self.aim_point is not None else None
                if aimed is not None:
                    preview = aimed  # the area drawn around the aimed point, where the engine puts it
                    from mageduel import option_area

                    area = option_area(s.duel, aimed)
        status = self.status_line(view, names)
        over = view.outcome is not None
        path = self.move_preview if mine and p is not None and p.kind == "turn" else None
        size = None
        if mine and p is not None and p.kind == "rite:zone":  # MD-4: the zone at the side on the slider
            size = self.zone_size or int((p.context.get("bounds") or {}).get("minimum", 0)) or None
        if s.replaying:
            decision = self.render_replay_bar() + (self.render_end(view, names, replay=True) if over else "")
        elif over:
            decision = self.render_end(view, names)
        elif mine:
            decision = (
                self.render_move_preview(view, path)
                + self.render_aim(view, names)
                + decide.panel(
                    view,
                    lang,
                    names,
                    self.picked,
                    s.preferences(view.me.id if view.me else ""),
                    self.roll_error,
                    self.zone_size,
                )
            )
        else:
            who = names.get(p.player, p.player) if p is not None else ""
            computer = p is not None and s.control_of(p.player) in COMPUTER
            waiting = t("wait.computer" if computer else "wait.other", lang, name=who)
            decision = (
                f'<section class="decision waiting" aria-live="polite"><p>{escape(waiting)}</p></section>'
            )
        own = self.render_agreed(view) + (
            panels.combatant(view, view.me, lang, own=True) if view.me is not None else ""
        )
        others = "".join(panels.combatant(view, c, lang) for c in view.others)
        prefs = (
            panels.preferences(s.preferences(view.me.id), lang) if view.me is not None and not over else ""
        )
        screen = "replay" if s.replaying else ("end" if over else "duel")
        rite = (
            self.render_rite(view)
            if view.kind == "mageduel" and view.phase in ("setup", "pre-fight", "preparation", "initiative")
            else ""
        )
        return (
            f'<section class="screen game" data-screen="{screen}" data-phase="{escape(view.phase)}" '
            f'data-round="{view.round}" data-viewer="{escape(view.player or "")}" '
            f'data-pending="{escape(p.kind if mine and p is not None else "")}">'
            f'<div class="statusbar">{status}<span class="status-buttons">'
            f'<button type="button" class="motion-button" data-act="motion" data-key="m" '
            f'aria-pressed="{str(self.motion).lower()}">'
            f"{escape(t('ui.motion.on' if self.motion else 'ui.motion.off', lang))}</button>"
            f"{panels.keys_button(lang)}</span></div>"
            # The board has a cell of its own that fills the grid row, so the board can stick within it.
            f'<div class="game-grid"><div class="board-cell">'
            f'<div class="board" aria-label="{escape(t("arena.label", lang))}">'
            + board.render(
                view, lang, marks, preview, *self._flashes(view), reach=reach, path=path, size=size, area=area
            )
            + "</div></div>"
            f'<div class="side-col">{self.render_way_out(view)}{rite}{decision}</div>'
            f'<div class="chars">{own}{others}{prefs}</div>'
            f'<div class="log-col">{panels.log(view, lang, self.log_filter)}</div></div></section>'
        )

    def render_aim(self, view: Any, names: dict[str, str]) -> str:
        """An area spell aimed at a point (DU-10): where, who the engine says it would take in, and cast or
        cancel; the arrow keys move the point 5 feet, a click on the board puts it there."""
        oid = self.aim_option() if self.aim_point is not None else None
        s = self.session
        if oid is None or s is None or s.duel.pending is None:
            return ""
        lang = self.lang
        found = s.duel.pending.find(oid)  # the engine's own check: range, line of effect, DU-10
        opt = self.aiming_area()
        spell = text.spell_name(opt.spell or "", lang) if opt is not None else ""
        at = text.point(self.aim_point, lang)
        if found is None:
            said = t("aim.illegal", lang)
        else:
            hit = [names.get(x, x) for x in found.data.get("affected", [])]
            said = (
                text.count("aim.preview", len(hit), lang, spell=spell, at=at, names=", ".join(hit))
                if hit
                else t("aim.nobody", lang, spell=spell, at=at)
            )
        nudges = "".join(
            f'<button type="button" class="aim-nudge" data-act="aim-nudge" data-dx="{dx}" data-dy="{dy}" '
            f'data-key="{key}" aria-label="{escape(t(f"aim.{way}", lang))}">{arrow}</button>'
            for way, key, arrow, dx, dy in (
                ("west", "ArrowLeft", "←", -5, 0),
                ("north", "ArrowUp", "↑", 0, 5),
                ("south", "ArrowDown", "↓", 0, -5),
                ("east", "ArrowRight", "→", 5, 0),
            )
        )
        confirm = (
            f'<button type="button" class="primary" data-act="confirm-aim" data-key="Enter" data-autofocus>'
            f"{escape(t('aim.confirm', lang))}</button>"
            if found is not None
            else ""
        )
        return (
            f'<section class="decision aim-preview" aria-live="polite" data-aim="{escape(oid)}">'
            f'<p>{escape(said)}</p><p class="hint">{escape(t("aim.hint", lang))}</p>'
            f'<div class="options aim-nudges" role="group" aria-label="{escape(t("aim.move", lang))}">'
            f"{nudges}</div>"
            f'<div class="options">{confirm}<button type="button" data-act="cancel-aim" data-key="Escape"'
            f"{'' if found is not None else ' data-autofocus'}>{escape(t('aim.cancel', lang))}</button>"
            "</div></section>"
        )

    def render_move_preview(self, view: Any, path: tuple[float, float] | None) -> str:
        """A move previewed, then confirmed (issue 12): where it ends and how far, before it commits."""
        if path is None or view.me is None:
            return ""
        lang = self.lang
        x0, y0 = view.me.position[0], view.me.position[1]
        feet = ((path[0] - x0) ** 2 + (path[1] - y0) ** 2) ** 0.5
        said = t(
            "ux.move.preview", lang, to=text.point(path, lang), feet=text.number_ft(round(feet, 1), lang)
        )
        return (
            f'<section class="decision move-preview" aria-live="polite"><p>{escape(said)}</p>'
            f'<div class="options"><button type="button" class="primary" data-act="confirm-move" '
            f'data-key="Enter" data-autofocus>{escape(t("ux.move.confirm", lang))}</button>'
            f'<button type="button" data-act="cancel-move" data-key="Escape">'
            f"{escape(t('ux.move.cancel', lang))}</button></div></section>"
        )

    def render_agreed(self, view: Any) -> str:
        """A plain duel's agreed terms (X-2: DU-4 to DU-7, DU-30, DU-31), kept in sight during play."""
        s = self.session
        if s is None or view.kind != "duel":
            return ""
        lang = self.lang
        terms = s.scenario.terms
        c = text.colon(lang)
        end = str(terms.end)
        said = t(f"setup.end.{end}", lang) + (f" ({terms.hits})" if end == "hits" and terms.hits else "")
        lines = [t("setup.end", lang) + c + said]
        attack = str(terms.attack_kind)
        lines.append(t("setup.attack_kind", lang) + c + t(f"setup.attack_kind.{attack}", lang))
        forms = terms.weapon_forms
        if forms is not None and attack != "magic":
            named = ", ".join(t(f"setup.weapon_forms.{w}", lang) for w in forms) or "—"
            lines.append(t("setup.weapon_forms", lang) + c + named)
        for name in (*DUEL_ONLY_BOXES, "ban_summoning", "performance_combat", "face_off"):
            if getattr(terms, name, False):
                lines.append(t(f"setup.{name}", lang))
        if not terms.duel_actions:
            lines.append(t("ux.terms.no_duel_actions", lang))
        items = "".join(f"<li>{escape(line)}</li>" for line in lines)
        return (
            f'<details class="agreed-terms" open><summary>{escape(t("ux.terms.title", lang))}</summary>'
            f"<ul>{items}</ul></details>"
        )

    def render_way_out(self, view: Any) -> str:
        """Always a way out, by the rules (issue 12): leave the zone (MD-22), withdraw (DU-9) and offer or
        accept a draw (MD-25) at the next progress check, or a new duel; the last draw offer's answer."""
        s = self.session
        if s is None or s.replaying or view.outcome is not None or view.me is None:
            return ""
        lang = self.lang
        me = view.me.id
        names = text.names_of(view, lang)
        if self.way_confirm is not None:
            what = self.way_confirm
            download = (
                f'<button type="button" data-act="download">{escape(t("way.download", lang))}</button>'
                if what == "new"
                else ""
            )
            return (
                f'<section class="way-out confirm" role="alertdialog" aria-labelledby="way-confirm" '
                f'data-confirm="{what}"><p id="way-confirm">{escape(t("way.confirm." + what, lang))}</p>'
                f'<div class="options"><button type="button" class="danger" data-act="confirm-way-out" '
                f"data-autofocus>{escape(t('way.yes.' + what, lang))}</button>{download}"
                f'<button type="button" data-act="cancel-way-out" data-key="Escape">'
                f"{escape(t('way.no', lang))}</button></div></section>"
            )
        lines: list[str] = []
        buttons: list[str] = []
        checks = s.setup.way_out and not s.setup.terms.get("progress_check")
        intent = s.intents.get(me)
        mage = view.kind == "mageduel"
        if mage and view.phase == "fight":
            can = s.leave_point() is not None
            hint = t("way.leave.hint", lang) if can else t("way.leave.turn", lang)
            buttons.append(
                f'<button type="button" data-act="way-out" data-what="leave" title="{escape(hint)}"'
                f"{'' if can else ' disabled'}>{escape(t('way.leave', lang))}</button>"
            )
        if checks and intent == "withdraw":
            lines.append(("withdraw", t("way.pending.withdraw", lang)))
        elif checks:
            buttons.append(
                f'<button type="button" data-act="way-out" data-what="withdraw" '
                f'title="{escape(t("way.withdraw.hint", lang))}">{escape(t("way.withdraw", lang))}</button>'
            )
        if checks and mage:
            offers = [e for e in view.events if e.kind == "draw-offered"]
            last = offers[-1] if offers else None
            fresh = last is not None and last.round >= view.round
            if fresh and last is not None:
                who = [str(x) for x in last.data.get("who", [])]
                said = ", ".join(names.get(x, x) for x in who)
                lines.append(("offered", text.count("way.offered", len(who), lang, names=said)))
                rest = [
                    c.id
                    for c in ([view.me] + list(view.others))
                    if c.status == "active" and c.summoned_by is None and c.id not in who
                ]
                if rest:
                    no = ", ".join(names.get(x, x) for x in rest)
                    lines.append(("refused", text.count("way.refused", len(rest), lang, names=no)))
            if intent == "declare-draw":
                lines.append(("draw", t("way.pending.draw", lang)))
                buttons.append(
                    f'<button type="button" data-act="way-out" data-what="draw" aria-pressed="true">'
                    f"{escape(t('way.draw.takeback', lang))}</button>"
                )
            else:
                rival_offer = fresh and last is not None and me not in last.data.get("who", [])
                label = t("way.draw.accept" if rival_offer else "way.draw", lang)
                buttons.append(
                    f'<button type="button" data-act="way-out" data-what="draw" '
                    f'title="{escape(t("way.draw.hint", lang))}">{escape(label)}</button>'
                )
        if intent == "withdraw":
            buttons.append(
                f'<button type="button" data-act="way-out" data-what="keep-on">'
                f"{escape(t('way.takeback', lang))}</button>"
            )
        buttons.append(
            f'<button type="button" data-act="way-out" data-what="new">{escape(t("way.new", lang))}</button>'
        )
        buttons.append(self.undo_button())
        said = "".join(f'<p data-way="{k}">{escape(line)}</p>' for k, line in lines)
        return (
            f'<section class="way-out" aria-label="{escape(t("way.title", lang))}">{said}'
            f'<div class="options">{"".join(buttons)}</div></section>'
        )

    def status_line(self, view: Any, names: dict[str, str]) -> str:
        lang = self.lang
        bits = [
            t("status.phase." + view.phase, lang) if text.has("status.phase." + view.phase) else view.phase
        ]
        if view.round:
            bits.append(t("status.round", lang, round=view.round))
        if view.turn_of:
            bits.append(t("status.turn", lang, name=names.get(view.turn_of, view.turn_of)))
        if view.player:
            bits.append(t("status.you", lang, name=names.get(view.player, view.player)))
        return f'<p class="status-text">{" · ".join(escape(b) for b in bits)}</p>'

    def render_end(self, view: Any, names: dict[str, str], replay: bool = False) -> str:
        lang = self.lang
        out = view.outcome or {}
        head = text.outcome_line(out, lang, names)
        clauses = "".join(
            '<p class="end-clause"><button type="button" class="clause-link" data-act="clause" data-clause='
            f'"{escape(c)}">'
            f"{escape(c)}</button> <strong>{escape(text.clause_title(c, lang))}</strong> — "
            f"{escape(text.clause_statement(c, lang))}</p>"
            for c in out.get("clauses", [])
        )
        end_seq = next((e.seq for e in view.events if e.kind == "end"), None)
        after = [e for e in view.events if end_seq is not None and e.seq > end_seq]
        restoration = ""
        if after or view.kind == "mageduel":
            # One line per duellist: where they stand now, then what MD-20 gave back; a creature summoned in
            # the duel vanishes; any other event after the end as logged.
            back: dict[str, str | None] = {}
            for e in after:
                if e.kind == "restored":
                    back.update(text.restored(e.data, lang))
            people = ([view.me] if view.me else []) + list(view.others)
            lines = []
            for c in people:
                if c.summoned_by is not None:
                    continue
                line = t("end.state", lang, name=c.name, hp=integer(c.hp), max=c.max_hp, nl=c.nonlethal)
                if c.id in back:
                    line = t("end.back", lang, state=line, what=back[c.id] or t("end.nothing", lang))
                lines.append(line)
            lines += [
                t("restored.vanished", lang, name=names.get(cid, cid)) for cid, w in back.items() if w is None
            ]
            lines += [text.event_line(e, lang, names) for e in after if e.kind != "restored"]
            items = "".join(f"<li>{escape(line)}</li>" for line in lines)
            restoration = (
                f'<div class="restoration"><h3>{escape(t("end.restoration", lang))}</h3>'
                + (
                    '<p><button type="button" class="clause-link" data-act="clause" data-clause="MD-20">'
                    f"MD-20</button> {escape(t('end.restored', lang))}</p>"
                    if any(e.kind == "restored" for e in after)
                    else ""
                )
                + f"<ul>{items}</ul></div>"
            )
        return (
            f'<section class="decision end-panel" data-outcome="{"tie" if out.get("tie") else "win"}" '
            f'aria-labelledby="end-title"><h2 id="end-title">{escape(head)}</h2>{clauses}{restoration}'
            + ("" if replay else self._end_buttons())
            + "</section>"
        )

    def _end_buttons(self) -> str:
        lang = self.lang
        return (
            '<div class="options">'
            f'<button type="button" class="primary" data-act="rematch" data-autofocus>'
            f"{escape(t('end.rematch', lang))}</button>"
            f'<button type="button" data-act="download">{escape(t("end.download", lang))}</button>'
            f'<button type="button" data-act="share">{escape(t("end.share", lang))}</button>'
            f'<button type="button" data-act="embed">{escape(t("embed.share", lang))}</button>'
            f'<button type="button" data-act="new">{escape(t("end.new", lang))}</button>'
            f"{self.undo_button()}</div>"
        )

    def fresh(self, view: Any) -> list[Any]:
        """Events this screen has not shown yet (and mark them shown)."""
        key = view.player or ""
        last = self.seen.get(key, -1)
        new = [e for e in view.events if e.seq > last]
        if view.events:
            self.seen[key] = view.events[-1].seq
        return new

    def announce(self) -> str:
        """The new log lines, for the page's live region (read by screen readers as they come)."""
        s = self.session
        if s is None or s.handoff is not None:
            return ""
        view = s.view(self.lang)
        names = text.names_of(view, self.lang)
        return "\n".join(text.event_line(e, self.lang, names) for e in self.fresh(view)[-8:])

    def _bolts(self, view: Any) -> list[tuple[str, str]]:
        """(caster, target) of the spells that took effect since this screen last looked: a short flash."""
        last = self.seen.get(view.player or "", -1)
        return [
            (e.actor, tg)
            for e in view.events
            if e.seq > last and e.kind == "spell" and e.actor
            for tg in (e.data.get("targets") or [])
            if tg != e.actor
        ]

    def _flashes(self, view: Any) -> tuple[frozenset[str], list[tuple[str, str]]]:
        """The short effect animations of what just happened (none when the player turned them off)."""
        if not self.motion:
            return frozenset(), []
        return self._hit(view), self._bolts(view)

    def _hit(self, view: Any) -> frozenset[str]:
        last = self.seen.get(view.player or "", -1)
        return frozenset(e.actor for e in view.events if e.seq > last and e.kind == "damage" and e.actor)

    def render_rite(self, view: Any) -> str:
        """The rite, step by step (MD-1..MD-9): done, now, to come — read off the rite's own events."""
        lang = self.lang
        seen = {str(e.data.get("step")) for e in view.events if e.kind == "rite"}
        if any(e.kind == "zone" for e in view.events):
            seen.add("zone")
        items = []
        # The steps come in order: one is behind the duellists once it or any later one has happened (MD-8's
        # suppression has no event when nobody enters). Once the duel is over no step is the current one.
        reached = [any(st in seen for st in steps) for _, steps, _ in text.RITE_STEPS]
        current_marked = view.outcome is not None
        for i, (key, _steps, clause) in enumerate(text.RITE_STEPS):
            done = any(reached[i:])
            state = "done" if done else ("now" if not current_marked else "next")
            if not done:
                current_marked = True
            items.append(
                f'<li class="rite-{state}" data-step="{key}"{" aria-current=step" if state == "now" else ""}>'
                f'<span class="rite-clause">{clause}</span> {escape(t("ritestep." + key, lang))}</li>'
            )
        names = text.names_of(view, lang)
        details = "".join(
            f'<p data-settled="{what}">{escape(line)}</p>'
            for what in ("zone", "preparation")
            if (line := text.settlement(view.events, what, lang, names))
        )
        forecast = getattr(view.me, "entry_forecast", None) if view.me is not None else None
        if forecast is not None:
            carried = text.md8_effects(forecast["carried"], lang, names)
            suppressed = text.md8_effects(forecast["suppressed"], lang, names)
            # With nothing on the player yet, ``.none`` says what MD-8 will do with a spell cast now.
            key = text.md8_key("precast.forecast", carried, suppressed)
            said = t(key, lang, carried=carried, suppressed=suppressed)
            details += f'<p data-forecast="entry">{escape(said)}</p>'
        return (
            f'<nav class="rite-steps" aria-label="{escape(t("ritestep.title", lang))}">'
            f"<ol>{''.join(items)}</ol></nav>"
            + (
                f'<div class="rite-detail" aria-label="{escape(t("ritestep.title", lang))}">{details}</div>'
                if details
                else ""
            )
        )

    def render_replay_bar(self) -> str:
        s = self.session
        assert s is not None
        lang = self.lang
        playing = self.replay_playing
        watch = (
            f'<button type="button" data-act="seek" data-to="play" data-key="{REPLAY_KEYS["play"]}" '
            f'aria-pressed="{str(playing).lower()}">'
            f"{escape(t('replay.pause' if playing else 'replay.watch', lang))}</button>"
        )
        btn = watch + "".join(
            f'<button type="button" data-act="seek" data-to="{k}" data-key="{REPLAY_KEYS[k]}">'
            f"{escape(t('replay.' + k, lang))}</button>"
            for k in ("start", "back", "next", "end")
        )
        total = len(s.recorded)
        # The decision shown, its number redrawn as the slider is dragged (browser.on_input, data-live); the
        # duel itself moves when the slider is let go (its change).
        position = escape(t("replay.position", lang, n="\x00", total=total)).replace(
            "\x00", f'<output id="replay-at">{s.position}</output>'
        )
        scrub = (
            f'<input id="replay-scrub" class="replay-scrub" type="range" min="0" max="{total}" step="1" '
            f'value="{s.position}" data-act="seek" data-to="at" data-live="replay-at" '
            f'aria-label="{escape(t("replay.scrub", lang))}" '
            f'aria-valuetext="{escape(t("replay.position", lang, n=s.position, total=total))}">'
        )
        return (
            f'<section class="decision replay-bar" aria-labelledby="replay-title"><h2 id="replay-title">'
            f"{escape(t('replay.title', lang))}</h2><p>{position}</p>{scrub}"
            f'<div class="options">{btn}<button type="button" data-act="play-on"'
            f">{escape(t('replay.play', lang))}</button>"
            f'<button type="button" data-act="share">{escape(t("end.share", lang))}</button>'
            f'<button type="button" data-act="embed">{escape(t("embed.share", lang))}</button>'
            f'<button type="button" data-act="new">{escape(t("end.new", lang))}</button></div></section>'
        )


__all__ = ["App", "Save", "decode_fragment", "encode_fragment"]
