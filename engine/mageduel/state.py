"""The duel state: who must decide what (``pending``), ``apply``, ``view``, ``clone`` and the event log.

The shape follows OpenSpiel's state API and boardgame.io's stages (DESIGN.md). A duel is a scenario, a dice
source and the decisions taken so far; everything else is derived by the rules. Inside, the rules are
written as Python generators: a rule that needs a decision ``yield``\\ s an :class:`Ask` and receives the
chosen option id; ``yield from`` nests them, so a reaction window in the middle of a spell in the middle of a
turn is just a nested call. The duel keeps the outermost generator and advances it on every ``apply``.

Public API (stable; the web front end and the CLI use only this)::

    duel = new_duel(scenario, dice_source)     # dice.Seeded(s) | dice.Scripted([...]) | dice.Manual()
    duel.pending                               # Ask(player, kind, options=[Option(id, kind, data)]) | None
    duel.apply(player, option_id)              # IllegalDecision (state unchanged) if not legal
    duel.set_preference(player, reaction, mode)  # "ask" | "always" | "never" per reaction kind
    duel.view(player)                          # views.View (pydantic, JSON-able); player None = observer
    duel.clone()                               # an independent copy (replayed from the start)
    duel.events                                # append-only list of events.Event
    duel.outcome                               # Outcome | None
    duel.decisions                             # [(player, option_id)] applied so far (the replay's body)

Pending kinds: ``"turn"`` (the acting participant's action), ``"roll"`` (manual dice: options ``roll N``),
``"identify"`` (DU-12 / MD-26 Spellcraft, a free action), ``"counter"`` (DU-13 duel counterspell, MD-12 extra
counterspell, C-12 readied counterspell), ``"defend"`` (DU-22 duel dodge, DU-26 duel parry), ``"aoo"``
(attack of opportunity, C-10), ``"effort"`` (DU-18 duel effort), ``"choose"`` (a spell's choice node) and the
rules modules' own kinds (``"rite:..."``). Reaction kinds for preferences: ``identify``, ``counter``,
``dodge``, ``parry``, ``aoo``, ``effort``.

Option notation (see ``notation``): ``cast magic_missile @p2``, ``cast fireball @p2 def`` (defensively),
``cast fireball @12.5,3``, ``cast shield``, ``attack quarterstaff @p2``, ``move 12.5,3``, ``step 7,3``,
``full-attack longsword @p2``, ``use item2 magic_missile @p2`` (a wand, staff, scroll or potion: option
data ``item``), ``reload``, ``ready counterspell``, ``end``, ``identify``, ``pass``,
``react duel-counter fireball slot3``, ``react md-counter dispel_magic slot3``,
``react counter fireball slot3``, ``react dodge``, ``react parry quarterstaff``, ``react effort``,
``aoo quarterstaff``, ``choose <option or creature>``, ``face-off bluff``, ``roll 14``,
``prefer dodge never``; also ``cast greater_dispel_magic @12.5,3`` (an area at any point, DU-10),
``cast disintegrate @wall1`` (a wall of force), ``wake @p2`` (a slap for a sleeping ally),
``choose delay-3`` (delayed blast fireball), ``leave-zone`` (a disqualified mage, MD-23). A refused id
that is not listed says why when a rule can (``IllegalDecision``). Every roll event and manual-roll
question carries a stable ``code`` (``events.RollPurpose``) beside its ``purpose`` text.
A summoned creature's decisions are asked of its summoner (``Combatant.controller``);
``Ask.context["actor"]`` says which creature acts.

Hidden information (MD-26): the public ``casting`` event names the caster and the targets only; the caster
gets a private ``casting-spell`` event; an identifier a private ``identified`` event; the public ``spell``
event reveals it when it resolves (``countered`` when it is countered). DCs that would give the level away
(identification, concentration) are left out of the public roll and sent to the caster as ``roll-dc``.

Plug-in points for the rules modules are the fields of ``hooks.Hooks`` (documented there in full):
``pre_fight`` (the mageduel rite runs here, before initiative), ``initiative``, ``round_start`` /
``round_end``, ``transform_damage`` / ``transform_ability`` (the damage pipeline: nonlethal, halving,
MD-17 slay replacement), ``filter_area`` (MD-10 clipping), ``legal`` (DU-10 and terms), ``check_end``
(endings), ``on_end`` (MD-20). A rules module exposes ``install(hooks, scenario)``; ``rules.build_hooks``
calls it, in the order of ``rules.RULE_MODULES``. The helpers a hook may use on ``duel``: ``ask``,
``check``, ``roll_dice``, ``emit``, ``end``, ``place``, ``deal_damage``, ``add_condition``, ``run_rounds``,
``participants``, ``by_id``, ``zone``, ``phase``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import checks, geometry
from .conditions import RULES as CONDITION_RULES
from .conditions import Condition, renews
from .core import (  # re-exported: the value types live in core
    ALWAYS,
    ASK,
    NEVER,
    OUT_STATUSES,
    REACTION_KINDS,
    AbilityDamage,
    Ask,
    Casting,
    Check,
    CheckResult,
    Damage,
    Gen,
    Option,
    Outcome,
)
from .dice import DiceError, DiceSource, check_manual
from .events import Event, RollPurpose, roll_data
from .hooks import Hooks

if TYPE_CHECKING:
    from .combatant import Combatant
    from .rules import RuleState
    from .scenario import Scenario
    from .views import BriefView, View


@dataclass(frozen=True, slots=True)
class Combat:
    """What the kernel runs but does not hold: the line-up, the rule modules, the core combat rules and
    the view. ``compose.combat()`` hands it over, so this module imports nothing above it (issue 9), and
    a test may hand over its own."""

    build_combatants: Callable[[Scenario], list[Combatant]]
    build_bystanders: Callable[[Scenario], list[Combatant]]
    build_hooks: Callable[[Scenario], Hooks]
    rule_state: Callable[[], RuleState]
    default_placement: Callable[[Duel], None]
    default_initiative: Callable[[Duel], Gen]
    take_turn: Callable[[Duel, Combatant], Gen]
    deal_damage: Callable[[Duel, Damage], Gen]
    on_removed: Callable[[Combatant, Condition], None]
    build_view: Callable[[Duel, str | None], View]
    build_brief_view: Callable[[Duel, str | None], BriefView]


class IllegalDecision(ValueError):
    """A decision that is not legal now; the duel is unchanged."""


class EngineError(RuntimeError):
    """The rules reached a state they cannot go on from (a bug or exhausted scripted dice)."""


class Duel:
    """A duel in progress. Build with :func:`new_duel`."""

    def __init__(
        self, scenario: Scenario, dice: DiceSource, combat: Combat, hooks: Hooks | None = None
    ) -> None:
        self.scenario = scenario
        self.dice = dice
        self._dice_initial = dice.fresh()
        self.combat = combat
        self.hooks = hooks if hooks is not None else combat.build_hooks(scenario)
        self.kind: str = scenario.kind
        self.terms = scenario.terms
        self.options = scenario.options
        self.events: list[Event] = []
        self.decisions: list[tuple[str, str]] = []
        self.outcome: Outcome | None = None
        self.pending: Ask | None = None
        self.round = 0
        self.phase = "setup"
        self.turn_of: str | None = None
        self.order: list[str] = []
        self.prefs: dict[tuple[str, str], str] = {}
        self.casting: list[Casting] = []
        self.zone: Any = None
        self.walls: list[Any] = []  # walls.Wall: obstacles to movement and line of effect (wall of force)
        self.participants: list[Combatant] = combat.build_combatants(scenario)
        #: Outsiders placed by the scenario (DU-10, MD-10, MD-19): in ``by_id``, never in ``participants``.
        self.bystanders: list[Combatant] = combat.build_bystanders(scenario) if scenario.bystanders else []
        self.by_id: dict[str, Combatant] = {c.id: c for c in self.participants + self.bystanders}
        self.players: list[str] = [c.id for c in self.participants]
        self.hits: dict[str, int] = {}  # successful attacks per attacker (DU-5 end conditions)
        self.first_blood: str | None = None
        self.error: str | None = None
        #: Each rule module's own typed state (``rules.RuleState``: ``rite``, ``duel_actions``,
        #: ``zone_effects``, ``endings``).
        self.rule_state: RuleState = combat.rule_state()
        #: The last decision taken: whose it was (a summoned creature's, decided by its summoner) and the
        #: option itself, with what its offer said of it (``breaks_terms``, ``disqualifies``).
        self.taken: tuple[str, Option] | None = None
        #: DU-26: the weapon each defender parried with, for its DU-27 roll.
        self.parry_weapons: dict[str, str] = {}
        self._gen: Gen | None = self._main()
        self._advance(None)

    # --- driving -------------------------------------------------------------------------------------

    def _advance(self, answer: str | None) -> None:
        gen = self._gen
        if gen is None:
            self.pending = None
            return
        try:
            ask = gen.send(answer)  # type: ignore[arg-type]
        except DiceError as exc:
            self._gen = None
            self.pending = None
            self.error = str(exc)
            raise EngineError(f"the dice source failed: {exc}") from None
        except StopIteration:
            self._gen = None
            self.pending = None
            if self.outcome is None:
                self.end(Outcome("stopped", tie=True, text="the duel stopped"))
            return
        self.pending = ask

    def apply(self, player: str, option_id: str) -> None:
        """Take a decision. An illegal one raises :class:`IllegalDecision` and changes nothing."""
        p = self.pending
        if p is None:
            raise IllegalDecision("the duel is over: there is nothing to decide")
        if player != p.player:
            raise IllegalDecision(f"it is {p.player}'s decision ({p.kind}), not {player}'s")
        if not isinstance(option_id, str):
            raise IllegalDecision("a decision is an option id (a string)")
        if option_id.startswith("prefer "):
            self.set_preference_from_notation(player, option_id)
            return
        taken = p.find(option_id)
        if taken is None:
            why = p.explain(option_id) if p.explain is not None else None
            if why:
                raise IllegalDecision(f"{option_id!r} is not legal for {player}: {why}")
            raise IllegalDecision(
                f"{option_id!r} is not a legal {p.kind} option for {player}; legal: {', '.join(p.option_ids)}"
            )
        self.taken = (p.actor or player, taken)
        self.decisions.append((player, option_id))
        self._advance(option_id)

    def set_preference(self, player: str, reaction: str, mode: str) -> None:
        """Ask / Always / Never for one reaction kind; it is recorded in the decisions so replays agree."""
        if player not in self.by_id:
            raise IllegalDecision(f"no participant {player!r}")
        if reaction not in REACTION_KINDS:
            raise IllegalDecision(f"unknown reaction kind {reaction!r}; known: {', '.join(REACTION_KINDS)}")
        if mode not in (ASK, ALWAYS, NEVER):
            raise IllegalDecision(f"mode must be ask, always or never, not {mode!r}")
        self.prefs[(player, reaction)] = mode
        self.decisions.append((player, f"prefer {reaction} {mode}"))
        # The pending question may no longer need asking: re-resolve it under the new preference.
        p = self.pending
        if p is not None and p.player == player and p.reaction == reaction and mode != ASK:
            choice = _auto_choice(p.options, mode)
            if choice is not None:
                self._advance(choice)

    def set_preference_from_notation(self, player: str, text: str) -> None:
        parts = text.split()
        if len(parts) != 3:
            raise IllegalDecision(f"{text!r}: write 'prefer <reaction> <ask|always|never>'")
        self.set_preference(player, parts[1], parts[2])

    def clone(self) -> Duel:
        """An independent duel in the same state: replayed from the start with the same decisions."""
        twin = Duel(self.scenario, self._dice_initial.fresh(), self.combat, self.hooks)
        for player, option_id in self.decisions:
            twin.apply(player, option_id)
        return twin

    def view(self, player: str | None) -> View:
        return self.combat.build_view(self, player)

    def brief_view(self, player: str | None) -> BriefView:
        """What the computer opponent decides from: :meth:`view` without the player's own sheet."""
        return self.combat.build_brief_view(self, player)

    # --- helpers for rules (core and plug-ins) ----------------------------------------------------------

    def emit(
        self,
        kind: str,
        actor: str | None,
        data: dict[str, Any],
        clauses: tuple[str, ...] = (),
        audience: tuple[str, ...] | None = None,
    ) -> Event:
        e = Event(len(self.events), self.round, kind, actor, data, clauses, audience)
        self.events.append(e)
        if self.hooks.on_event is not None:
            self.hooks.on_event(self, e)
        return e

    def ask(
        self,
        player: str,
        kind: str,
        options: list[Option],
        prompt: str = "",
        context: dict[str, Any] | None = None,
        reaction: str | None = None,
        parametric: Any = None,
        explain: Any = None,
        budget: Any = None,
    ) -> Gen:
        """Ask ``player`` to choose; returns the option id. A lone option, or a reaction the player set to
        Always/Never, is decided without asking."""
        if not options:
            raise EngineError(f"asked {player} for a {kind} decision with no option")
        actor = player
        c = self.by_id.get(player)
        if c is not None and c.controller and c.controller != player:
            player = c.controller  # a summoned creature is decided by its summoner
        if reaction is not None:
            mode = self.prefs.get((player, reaction), ASK)
            if mode != ASK:
                choice = _auto_choice(options, mode)
                if choice is not None:
                    return choice
        if len(options) == 1 and parametric is None:
            return options[0].id
        answer = yield Ask(
            player,
            kind,
            options,
            prompt,
            context or {},
            reaction,
            parametric,
            explain,
            actor if actor != player else None,
            budget,
        )
        return answer

    def roll_dice(
        self,
        roller: str,
        count: int,
        sides: int,
        purpose: str,
        log: bool = True,
        clauses: tuple[str, ...] = (),
        *,
        code: RollPurpose,
        modifiers: tuple[tuple[str, int], ...] = (),
    ) -> Gen:
        """Roll ``count``d``sides``: a list of naturals (manual dice: one decision for the total, of the
        dice alone). Logged as a ``roll`` event unless ``log`` is False (d20 checks log their own, with
        modifiers and DC); ``modifiers`` are logged with it, named, in its total (a weapon's damage: C-4)."""
        if count <= 0:
            return []
        if self.dice.manual:
            c = self.by_id.get(roller)
            asker = c.controller if c is not None and c.controller else roller
            opts = [Option(f"roll {n}", "roll", {"value": n}) for n in range(count, count * sides + 1)]
            answer = yield Ask(
                asker,
                "roll",
                opts,
                f"{purpose}: roll {count}d{sides}",
                {"count": count, "sides": sides, "purpose": purpose, "code": code.value, "roller": roller},
            )
            result = [check_manual(count * sides, int(answer.split()[1]))]
        else:
            nat = self.dice.natural
            result = [nat(sides) for _ in range(count)]
        if log:
            natural = sum(result)
            total = natural + sum(v for _, v in modifiers)
            data = roll_data(
                purpose, f"{count}d{sides}", natural, list(modifiers), total, None, None, None, code
            )
            if len(result) > 1:
                data["dice"] = result
            self.emit("roll", roller, data, clauses)
        return result

    def d20(self, roller: str, purpose: str, log: bool = False, *, code: RollPurpose) -> Gen:
        r = yield from self.roll_dice(roller, 1, 20, purpose, log=log, code=code)
        return r[0]

    def check(
        self,
        roller: str,
        purpose: str,
        modifiers: list[tuple[str, int]],
        dc: int | None,
        clauses: tuple[str, ...] = (),
        kind: str = "check",
        against: str = "DC",
        audience: tuple[str, ...] | None = None,
        hide_target: bool = False,
        reveal_to: tuple[str, ...] | None = None,
        *,
        code: RollPurpose,
        target_parts: list[tuple[str, int]] | None = None,
    ) -> Gen:
        """A d20 roll with named modifiers against ``dc`` (C-1); ``kind`` ``"save"`` or ``"attack"`` makes
        natural 20/1 automatic. ``target_parts``: the named parts ``dc`` is the sum of (an AC's, C-4), logged
        with the roll so that it can show them. Logs a roll event and returns a :class:`CheckResult`.
        Success is :meth:`core.Check.succeeds`, the same test the view's chance counts (``core.chance``)."""
        natural = yield from self.d20(roller, purpose, code=code)
        total = natural + sum(v for _, v in modifiers)
        success = Check(tuple(modifiers), dc, kind).succeeds(natural)
        if dc is None:
            outcome = None
        elif kind == "attack":
            outcome = checks.HIT if success else checks.MISS
        else:
            outcome = checks.SUCCESS if success else checks.FAILURE
        self.emit(
            "roll",
            roller,
            roll_data(
                purpose,
                "d20",
                natural,
                modifiers,
                total,
                against if dc is not None else None,
                None if hide_target else dc,
                outcome,
                code,
                None if hide_target else target_parts,
            ),
            clauses,
            audience,
        )
        if hide_target and reveal_to and dc is not None:
            # The DC would tell others too much (MD-26: it gives the spell level away); its owner sees it.
            self.emit(
                "roll-dc", roller, {"purpose": purpose, "code": code.value, "target": dc}, clauses, reveal_to
            )
        return CheckResult(natural, total, success, modifiers)

    def roll(
        self,
        roller: str,
        purpose: str,
        check: Check,
        audience: tuple[str, ...] | None = None,
        hide_target: bool = False,
        reveal_to: tuple[str, ...] | None = None,
    ) -> Gen:
        """Roll a rule's :class:`core.Check` (the kernel's one way to throw a d20 against a formula): its
        modifiers, DC, kind, clauses, purpose code and target parts, logged as :meth:`check` logs them."""
        return (
            yield from self.check(
                roller,
                purpose,
                list(check.modifiers),
                check.dc,
                check.clauses,
                check.kind,
                check.against,
                audience,
                hide_target,
                reveal_to,
                code=RollPurpose(check.code),
                target_parts=list(check.target_parts) if check.target_parts is not None else None,
            )
        )

    def place(self, cid: str, point: geometry.Point) -> None:
        c = self.by_id[cid]
        c.pos = geometry.rounded(point)
        self.emit("placed", cid, {"at": list(c.pos)})

    def end(self, outcome: Outcome) -> None:
        """End the duel now (idempotent: the first ending stands)."""
        if self.outcome is not None:
            return
        earlier = self.rule_state.endings.earlier_results
        if earlier and not outcome.earlier:
            outcome.earlier = list(earlier)  # DU-9: a new duel followed a withdrawal
        self.outcome = outcome
        self.emit("end", None, outcome.to_dict(), outcome.clauses)
        self.hooks.on_end(self, outcome)

    def ended(self) -> bool:
        """Run the end check; True once the duel has an outcome."""
        if self.outcome is not None:
            return True
        hook = self.hooks.check_end
        out = hook(self) if hook is not None else default_end_check(self)
        if out is not None:
            self.end(out)
            return True
        return False

    def side_of(self, cid: str) -> str:
        return self.by_id[cid].side

    def opponents(self, cid: str) -> list[Combatant]:
        side = self.by_id[cid].side
        return [c for c in self.participants if c.side != side and c.status == "active"]

    def add_condition(self, cid: str, cond: Condition, announce: bool = True) -> None:
        c = self.by_id[cid]
        old = renews(c.conditions, cond)
        if old is not None:
            # The same effect of the same spell again: it does not stack; it lasts the longer of the two
            # durations (a second flare renews the first's minute).
            if cond.rounds is None or (old.rounds is not None and cond.rounds >= old.rounds):
                old.rounds, old.tick_on = cond.rounds, cond.tick_on
                old.data = {**old.data, **cond.data}
            c.dirty()
            self.emit(
                "condition-renewed",
                cid,
                {"condition": old.name, "rounds": old.rounds, "source": old.source},
                old.clauses,
            )
            return
        c.conditions.append(cond)
        c.dirty()
        if announce:
            self.emit(
                "condition",
                cid,
                {
                    "condition": cond.name,
                    "rounds": cond.rounds,
                    "source": cond.source,
                    **({"stat": cond.stat, "value": cond.value} if cond.stat else {}),
                },
                cond.clauses,
            )
        if cond.name in ("unconscious", "petrified") and not cond.data.get("dormant"):
            self.update_status(c)

    def remove_condition(self, cid: str, cond: Condition, why: str = "ended") -> None:
        c = self.by_id[cid]
        if cond in c.conditions:
            c.conditions.remove(cond)
            c.dirty()
            self.combat.on_removed(c, cond)
            self.emit("condition-ends", cid, {"condition": cond.name, "why": why}, cond.clauses)
            self.update_status(c)

    def update_status(self, c: Combatant) -> None:
        """Recompute a combatant's status from hp and conditions (C-6, C-11)."""
        if c.status in (
            "expelled",
            "withdrawn",
            "excluded",
            "disqualified",
            "dead",
            "slain",
            "gone",
            "vanished",
        ):
            return  # out for good: hit points and conditions no longer decide (a vanished summon stays gone)
        if c.effort_delay_hp:  # DU-20: acts normally until the end of their next turn
            c.status = "active"
            return
        con = c.ability("con")
        state = checks.hp_state(c.hp, c.nonlethal, con)
        if c.hp <= 0 and self.kind == "mageduel" and self.rule_state.rite.md_started:
            # MD-14: nobody dies in a mageduel; whatever brings a participant (or a summoned creature) to 0
            # hit points (a negative level's hit points, a wound) makes them "slain", never dying or dead.
            c.status = "slain"
            self.emit("status", c.id, {"status": "slain", "hp": c.hp, "nonlethal": c.nonlethal}, ("MD-14",))
            return
        names = c.active_condition_names()
        new = "active"
        if state == "dead":
            new = "dead"
        elif state == "dying":
            new = "dying"
        elif "petrified" in names:
            new = "petrified"
        elif state == "unconscious" or "unconscious" in names:
            new = "unconscious"
        if new != c.status:
            c.status = new
            self.emit(
                "status",
                c.id,
                {"status": new, "hp": c.hp, "nonlethal": c.nonlethal},
                ("C-6",) if new in ("dead", "dying", "unconscious") else ("C-11",),
            )

    # The damage pipeline, casting and turns live in their own modules; these delegate.

    def deal_damage(self, dmg: Damage) -> Gen:
        return (yield from self.combat.deal_damage(self, dmg))

    def run_rounds(self, count: int | None, phase: str = "fight") -> Gen:
        """Play ``count`` rounds (None: until the duel ends) in initiative order."""
        take_turn = self.combat.take_turn
        self.phase = phase
        played = 0
        max_rounds = self.options.max_rounds
        while count is None or played < count:
            if self.ended():
                return
            self.round += 1
            played += 1
            self.emit("round", None, {"round": self.round, "phase": phase})
            yield from self.hooks.round_start(self)
            if self.ended():
                return
            for cid in list(self.order):
                c = self.by_id.get(cid)
                if c is None or c.status not in ("active", "dying"):
                    continue
                yield from take_turn(self, c)
                if self.ended():
                    return
            yield from self.hooks.round_end(self)
            if self.ended():
                return
            if phase == "fight" and self.round >= max_rounds:
                # MD-24 is the rite's hour (600 rounds); a shorter limit set in the options is only a
                # limit of play, so it does not claim the clause.
                hour = self.kind == "mageduel" and self.round >= 600
                self.end(
                    Outcome(
                        "time",
                        tie=True,
                        clauses=("MD-24",) if hour else (),
                        text=f"{max_rounds} rounds passed",
                    )
                )
                return

    # --- the skeleton ---------------------------------------------------------------------------------

    def _main(self) -> Gen:
        self.emit(
            "start",
            None,
            {
                "kind": self.kind,
                "participants": [{"id": c.id, "name": c.name, "side": c.side} for c in self.participants],
            },
            ("X-2",),
        )
        self.combat.default_placement(self)
        self.phase = "pre-fight"
        yield from self.hooks.pre_fight(self)
        if self.ended():
            return
        self.phase = "initiative"
        if self.hooks.initiative is not None:
            yield from self.hooks.initiative(self)
        else:
            yield from self.combat.default_initiative(self)
        if self.ended():
            return
        yield from self.run_rounds(None, "fight")


def _auto_choice(options: list[Option], mode: str) -> str | None:
    """Always: the first option that is not ``pass``; Never: ``pass`` (None if not offered)."""
    if mode == NEVER:
        for o in options:
            if o.id == "pass":
                return "pass"
        return None
    for o in options:
        if o.id != "pass":
            return o.id
    return None


def default_end_check(duel: Duel) -> Outcome | None:
    """Default end (DU-5 default): at most one side still has a participant able to fight."""
    standing: dict[str, list[str]] = {}
    for c in duel.participants:
        if c.summoned_by is None and c.status not in OUT_STATUSES and not c.ends_duel_condition():
            standing.setdefault(c.side, []).append(c.id)
    if len(standing) > 1:
        return None
    main = [c for c in duel.participants if c.summoned_by is None]
    if not standing:
        return Outcome("defeat", tie=True, clauses=("DU-5",), text="nobody is left standing")
    side = next(iter(standing))
    winners = [c.id for c in main if c.side == side]
    losers = [c.id for c in main if c.side != side]
    return Outcome(
        "defeat",
        winners=winners,
        losers=losers,
        clauses=("DU-5",),
        text=f"side {side} is the last able to fight",
    )


__all__ = [
    "ALWAYS",
    "ASK",
    "NEVER",
    "AbilityDamage",
    "Ask",
    "Casting",
    "CheckResult",
    "Damage",
    "Duel",
    "EngineError",
    "IllegalDecision",
    "Option",
    "Outcome",
    "Combat",
    "CONDITION_RULES",
]
