"""The start of a duel and the mageduel rite (DU-1, MD-1..MD-9), as decisions and checks.

Plugged into the state machine's ``pre_fight`` hook (``hooks.Hooks``): the steps run once, before
initiative, and may end the duel before it starts. In order:

1. DU-1 / MD-2 the challenge (``terms.challenge``): "agreed" asks nobody; "offered" asks each defender to
   accept or refuse; "called" (mageduel) is the defender calling for a mageduel, the challenger accepting
   or refusing, a refusal being logged as the admission it is.
2. MD-1 qualification: every participant casts as a wizard or a sorcerer; otherwise the rite cannot
   start and the log names who and why.
3. MD-3 acclimation: one round facing each other; impossible under a compulsion (charmed, dominated).
4. MD-4 / MD-5 the zone: each participant proposes width × height within :func:`zone.size_bounds`; if
   they disagree, opposed Intelligence (wizard) / Charisma (sorcerer) checks pick the proposal that stands.
   A scenario that fixes ``options.zone_width`` has agreed already and nobody is asked.
5. MD-7 preparation rounds: proposed (0 to 5, 1-3 standard), settled by the same checks.
6. MD-8 the participants stand outside the border at equal intervals and play the preparation rounds:
   only spells on themselves or their own side are legal then (:func:`preparation_legal`).
7. MD-9 simultaneous entry from the entry points; one who cannot move in time, or chooses to stay out, is
   excluded. On entry every effect that is neither a touch spell nor a spell on oneself is suppressed
   (MD-8), and the log says which.

The round counter is reset when the mageduel begins, so fight rounds count from 1 (MD-24's 600 rounds).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import checks, geometry
from .core import Option, Outcome
from .events import RollPurpose
from .spells.catalogue import get as spell_by_id
from .zone import SizeBounds, Zone, entrants_bounds

if TYPE_CHECKING:
    from .combatant import Combatant
    from .hooks import Hooks
    from .scenario import Scenario
    from .state import Duel, Gen, Option


@dataclass(slots=True)
class RiteState:
    """What the rite keeps during a duel (``duel.rule_state.rite``)."""

    #: MD-9: everyone has entered the zone and the mageduel has begun; the zone's rules apply from now on.
    md_started: bool = False


#: MD-7: the rounds one may propose; more than 3 is allowed but not standard.
PREPARATION_CHOICES = (0, 1, 2, 3, 4, 5)
STANDARD_PREPARATION = (1, 2, 3)
#: MD-3: conditions that are a compulsion.
COMPULSIONS = frozenset({"charmed", "dominated"})
#: MD-8: how far outside the border each participant waits during the preparation.
WAIT_OUTSIDE = 5.0


def mains(duel: Duel) -> list[Combatant]:
    """The participants themselves (not summoned creatures), in scenario order."""
    return [c for c in duel.participants if c.summoned_by is None]


# --- MD-1 -------------------------------------------------------------------------------------------------


def unqualified_reason(c: Combatant) -> str | None:
    """MD-1: why ``c`` may not take part in a mageduel, or None if they may.

    A participant qualifies by casting arcane spells from their own slots as a wizard or a sorcerer;
    spell-like abilities and magic items do not count.
    """
    if c.cls not in ("wizard", "sorcerer"):
        what = {"fighter": "a fighter", "creature": "a creature"}.get(c.cls, f"a {c.cls}")
        items = [i for i in c.items if i.startswith(("wand", "staff", "scroll"))]
        extra = f" (their {', '.join(items)} does not count)" if items else ""
        return f"{what} casts no spells as a wizard or sorcerer{extra}"
    if c.caster_level < 1 or not c.arcane:
        return "has no arcane caster level"
    return None


# --- MD-3 -------------------------------------------------------------------------------------------------


def compulsion_on(c: Combatant) -> str | None:
    """MD-3: the compulsion ``c`` is under (a condition or a charm/compulsion spell), or None."""
    for cond in c.conditions:
        if cond.data.get("dormant"):
            continue
        if cond.name in COMPULSIONS:
            return cond.name if not cond.source else f"{cond.name} ({cond.source})"
        if cond.source:
            try:
                sp = spell_by_id(cond.source)
            except KeyError:
                continue
            if sp.is_compulsion:
                return sp.id
    return None


# --- MD-4, MD-5, MD-7: proposals and opposed checks ------------------------------------------------------


def size_choices(bounds: SizeBounds) -> list[int]:
    """A few listed sides within the MD-5 bounds (any other whole number in bounds may be proposed too).

    >>> size_choices(entrants_bounds([5, 5]))
    [20, 46, 72, 98, 125]
    >>> size_choices(entrants_bounds([1, 1]))
    [4, 5]
    """
    lo, hi = bounds.minimum, bounds.maximum
    values = {lo, hi}
    for i in range(1, 4):
        values.add(lo + (hi - lo) * i // 4)
    return sorted(values)


def casting_check_modifiers(c: Combatant) -> list[tuple[str, int]]:
    """MD-4: Intelligence for a wizard, Charisma for a sorcerer (C-2 ability check: d20 + modifier)."""
    ability = "cha" if c.cls == "sorcerer" else "int"
    return [(ability.capitalize(), checks.ability_mod(c.ability(ability)))]


def opposed_checks(duel: Duel, who: list[Combatant], purpose: str, clause: str) -> Gen:
    """MD-4 / MD-7: everyone rolls their casting ability check; the highest wins, ties roll again among
    the tied. Returns the winner."""
    contenders = list(who)
    while True:
        results: list[tuple[int, Combatant]] = []
        for c in contenders:
            r = yield from duel.check(
                c.id,
                purpose,
                casting_check_modifiers(c),
                None,
                (clause,),
                against="opposed",
                code=RollPurpose.RITE_CHECK,
            )
            results.append((r.total, c))
        best = max(t for t, _ in results)
        top = [c for t, c in results if t == best]
        if len(top) == 1:
            return top[0]
        duel.emit("rite", None, {"step": "tie", "purpose": purpose, "tied": [c.id for c in top]}, (clause,))
        contenders = top


def _parse_zone(oid: str, bounds: SizeBounds) -> tuple[int, int] | None:
    parts = oid.split()
    if len(parts) != 2 or parts[0] != "zone" or "x" not in parts[1]:
        return None
    w_text, _, h_text = parts[1].partition("x")
    if not (w_text.isdigit() and h_text.isdigit()):
        return None
    w, h = int(w_text), int(h_text)
    if not (bounds.allows(w) and bounds.allows(h)):
        return None
    return w, h


def zone_options(bounds: SizeBounds) -> tuple[list[Option], Callable[[str], Option | None]]:
    values = size_choices(bounds)
    opts = [
        Option(f"zone {w}x{h}", "rite:zone", {"width": w, "height": h, "reaction": "rite"})
        for w in values
        for h in values
    ]

    def parametric(oid: str) -> Option | None:
        wh = _parse_zone(oid, bounds)
        if wh is None:
            return None
        return Option(oid, "rite:zone", {"width": wh[0], "height": wh[1]})

    return opts, parametric


def settle(duel: Duel, who: list[Combatant], proposals: dict[str, Any], what: str, clause: str) -> Gen:
    """The agreed value, or (on disagreement) the proposal of the winner of opposed checks."""
    values = list(proposals.values())
    if all(v == values[0] for v in values):
        duel.emit("rite", None, {"step": what, "agreed": True, "value": values[0]}, (clause,))
        return values[0]
    winner = yield from opposed_checks(duel, who, f"{what}: opposed ability check", clause)
    value = proposals[winner.id]
    duel.emit(
        "rite", winner.id, {"step": what, "agreed": False, "winner": winner.id, "value": value}, (clause,)
    )
    return value


# --- MD-8 -------------------------------------------------------------------------------------------------


def carries_into_zone(spell: Any, bearer: str, caster: str, others_affected: bool) -> bool:
    """MD-8: whether an effect of ``spell`` on ``bearer`` (cast by ``caster``) survives entering the zone.

    Only touch spells and spells that affect their caster themself get in; everything else is suppressed
    as by an antimagic field. Ruling (the French text says "sorts de toucher" without restriction): any
    touch-range spell carries, whether its charge is still held or was already delivered by touch. A
    spell affects "the caster themself" when it is personal or when its caster cast it on nobody else.
    """
    if spell.is_touch:
        return True
    if spell.affects_only_caster:
        return True
    if spell.target.kind == "point":
        return False  # a conjured thing in the world (a wall of force), kept on its caster's record only
    return bearer == caster and not others_affected


def preparation_legal(duel: Duel, actor_id: str, option: Option) -> str | None:
    """MD-8: during the preparation the participants stay at their places and cast on themselves or their
    own side; nobody may aim at a rival before the mageduel begins."""
    kind = option.kind
    if kind in ("end", "pass", "identify", "roll", "choose"):
        return None
    if kind != "cast":
        return "before the mageduel begins the participants only cast spells where they stand (MD-8)"
    actor = duel.by_id[actor_id]
    touched = list(option.data.get("targets", [])) + list(option.data.get("affected", []))
    if option.data.get("aim"):
        touched.append(option.data["aim"])
    for tid in touched:
        t = duel.by_id.get(tid)
        if t is not None and t.side != actor.side:
            return "no spell may be aimed at a rival before the mageduel begins (MD-8)"
    return None


def _suppress_on_entry(duel: Duel) -> None:
    """MD-8: on entry, suppress every effect that is neither a touch spell nor a spell on oneself."""
    report: dict[str, dict[str, list[str]]] = {}
    # Who carries an effect of each (spell, caster): to tell "on oneself only" from "on others too".
    bearers: dict[tuple[str, str], set[str]] = {}
    for c in duel.participants:
        for cond in c.conditions:
            caster = cond.data.get("caster") or cond.tick_on
            if cond.source:
                bearers.setdefault((cond.source, caster), set()).add(c.id)
    for c in duel.participants:
        if c.summoned_by is not None:
            continue
        kept: list[str] = []
        gone: list[str] = []
        for cond in list(c.conditions):
            if not cond.source:
                continue
            try:
                sp = spell_by_id(cond.source)
            except KeyError:
                continue
            caster = cond.data.get("caster") or cond.tick_on
            others = bool(bearers.get((cond.source, caster), set()) - {caster})
            if carries_into_zone(sp, c.id, caster, others):
                cond.data["pre_duel"] = True  # MD-20: not "cast during" the mageduel
                if sp.id not in kept:
                    kept.append(sp.id)
            else:
                duel.remove_condition(c.id, cond, "suppressed by the zone (MD-8)")
                if sp.id not in gone:
                    gone.append(sp.id)
        if kept or gone:
            report[c.id] = {"carried": kept, "suppressed": gone}
    # Summoned creatures are conjured effects that are neither touch nor self spells: suppressed.
    for s in duel.participants:
        if s.summoned_by is not None and s.status == "active":
            s.status = "excluded"
            report.setdefault(s.summoned_by, {"carried": [], "suppressed": []})["suppressed"].append(s.id)
    duel.emit("rite", None, {"step": "suppression", "effects": report}, ("MD-8",))


# --- MD-9 -------------------------------------------------------------------------------------------------


def can_enter(c: Combatant) -> bool:
    """MD-9: able to step in at the end of the preparation (conscious, free to act and to move)."""
    return c.status == "active" and c.acts() != "none" and c.speed_now() > 0


def inside_point(zone: Zone, border: tuple[float, float]) -> geometry.Point:
    """Where a participant stands once in: the entry point moved toward the centre by a little, so that
    nobody starts exactly on a face (min(5 ft, a quarter of the width))."""
    cx, cy = zone.centre
    p = (border[0], border[1], 0.0)
    return geometry.rounded(geometry.toward(p, (cx, cy, 0.0), min(5.0, zone.width / 4)))


# --- the steps --------------------------------------------------------------------------------------------


def challenge(duel: Duel) -> Gen:
    """DU-1 / MD-2. Returns False when the duel does not take place."""
    people = mains(duel)
    how = getattr(duel.terms, "challenge", "agreed")
    mage = duel.kind == "mageduel"
    what = "mageduel" if mage else "duel"
    challenger = people[0]
    defenders = [c for c in people if c.side != challenger.side]
    if how == "agreed":
        duel.emit("rite", None, {"step": "terms", "accepted_by": [c.id for c in people]}, ("DU-1", "X-2"))
        return True
    if how == "offered":
        duel.emit("rite", challenger.id, {"step": "challenge", "offers": what}, ("DU-1",))
        for d in defenders:
            opts = [Option("accept", "rite:answer", {}), Option("refuse", "rite:answer", {})]
            ans = yield from duel.ask(d.id, "rite:answer", opts, f"{challenger.name} offers a {what}")
            if ans == "refuse":
                text = f"{d.name} refuses the {what}: nobody fights a duel unwillingly (DU-1)"
                clauses: tuple[str, ...] = ("DU-1",)
                if mage:
                    text = (
                        f"{d.name} refuses the mageduel, admitting the wish to kill {challenger.name} (MD-2)"
                    )
                    clauses = ("DU-1", "MD-2")
                duel.emit("rite", d.id, {"step": "refusal", "meaning": text, "rival": challenger.id}, clauses)
                duel.end(Outcome("refused", tie=True, clauses=clauses, text=text))
                return False
            duel.emit("rite", d.id, {"step": "acceptance"}, ("DU-1",))
        return True
    # "called": the defender calls for a mageduel the challenger did not offer (MD-2).
    caller = defenders[0]
    duel.emit("rite", challenger.id, {"step": "challenge", "offers": "a fight"}, ("MD-2",))
    duel.emit("rite", caller.id, {"step": "call", "calls_for": "mageduel"}, ("MD-2",))
    opts = [Option("accept", "rite:answer", {}), Option("refuse", "rite:answer", {})]
    ans = yield from duel.ask(challenger.id, "rite:answer", opts, f"{caller.name} calls for a mageduel")
    if ans == "refuse":
        text = f"{challenger.name} refuses the mageduel, admitting the wish to kill {caller.name} (MD-2)"
        duel.emit("rite", challenger.id, {"step": "refusal", "meaning": text, "rival": caller.id}, ("MD-2",))
        duel.end(Outcome("refused", losers=[], tie=True, clauses=("MD-2",), text=text))
        return False
    duel.emit("rite", challenger.id, {"step": "acceptance"}, ("MD-2", "DU-1"))
    return True


def qualification(duel: Duel) -> bool:
    """MD-1. Returns False (and ends the duel) when someone is unqualified."""
    bad = [(c, r) for c in mains(duel) if (r := unqualified_reason(c)) is not None]
    if bad:
        names = "; ".join(f"{c.name}: {r}" for c, r in bad)
        duel.emit(
            "rite",
            None,
            {"step": "qualification", "unqualified": [{"id": c.id, "why": r} for c, r in bad]},
            ("MD-1",),
        )
        duel.end(Outcome("unqualified", tie=True, clauses=("MD-1",), text=f"the rite cannot start: {names}"))
        return False
    duel.emit("rite", None, {"step": "qualification", "qualified": [c.id for c in mains(duel)]}, ("MD-1",))
    return True


def acclimation(duel: Duel) -> bool:
    """MD-3. Returns False (and ends the duel) when someone is under a compulsion."""
    held = [(c, w) for c in mains(duel) if (w := compulsion_on(c)) is not None]
    if held:
        names = "; ".join(f"{c.name} is under {w}" for c, w in held)
        duel.emit(
            "rite",
            None,
            {"step": "acclimation", "refused": [{"id": c.id, "compulsion": w} for c, w in held]},
            ("MD-3",),
        )
        duel.end(
            Outcome("compulsion", tie=True, clauses=("MD-3",), text=f"acclimation is impossible: {names}")
        )
        return False
    duel.emit("rite", None, {"step": "acclimation", "rounds": 1}, ("MD-3",))
    return True


def set_zone(duel: Duel) -> Gen:
    """MD-4 / MD-5: propose, settle, and build the zone."""
    people = mains(duel)
    bounds = entrants_bounds([c.caster_level for c in people])
    info = {"minimum": bounds.minimum, "maximum": bounds.maximum, "maximum_raised": bounds.maximum_raised}
    fixed_w = getattr(duel.options, "zone_width", None)
    if fixed_w:
        w = int(bounds.clamp(fixed_w))
        h = int(bounds.clamp(getattr(duel.options, "zone_height", None) or fixed_w))
        duel.emit("rite", None, {"step": "zone", "agreed": True, "value": [w, h], **info}, ("MD-4", "MD-5"))
    else:
        proposals: dict[str, Any] = {}
        for c in people:
            opts, parametric = zone_options(bounds)
            ans = yield from duel.ask(
                c.id,
                "rite:zone",
                opts,
                f"MD-4: propose the zone's width and height ({bounds.minimum} to {bounds.maximum} ft)",
                {"bounds": info},
                parametric=parametric,
            )
            wh = _parse_zone(ans, bounds)
            assert wh is not None  # the option was checked against the same bounds
            proposals[c.id] = [wh[0], wh[1]]
            duel.emit("rite", c.id, {"step": "zone-proposal", "value": proposals[c.id], **info}, ("MD-4",))
        w, h = yield from settle(duel, people, proposals, "zone", "MD-4")
    duel.zone = Zone(w, h)
    duel.emit("zone", None, {"width": w, "height": h, **info}, ("MD-5",))


def set_preparation(duel: Duel) -> Gen:
    """MD-7: the number of preparation rounds."""
    people = mains(duel)
    fixed = getattr(duel.options, "preparation_rounds", None)
    if fixed is not None:
        duel.emit("rite", None, {"step": "preparation", "agreed": True, "value": fixed}, ("MD-7",))
        return fixed
    proposals: dict[str, Any] = {}
    for c in people:
        opts = [
            Option(f"prepare {n}", "rite:prepare", {"rounds": n, "standard": n in STANDARD_PREPARATION})
            for n in PREPARATION_CHOICES
        ]
        ans = yield from duel.ask(
            c.id, "rite:prepare", opts, "MD-7: propose the preparation rounds (1-3 usual)"
        )
        proposals[c.id] = int(ans.split()[1])
        duel.emit("rite", c.id, {"step": "preparation-proposal", "value": proposals[c.id]}, ("MD-7",))
    return (yield from settle(duel, people, proposals, "preparation", "MD-7"))


def stand_around(duel: Duel) -> list[tuple[float, float]]:
    """MD-8: the participants wait outside the border, at equal intervals; returns the entry points."""
    zone: Zone = duel.zone
    people = mains(duel)
    points = zone.entry_points(len(people))
    for c, b in zip(people, points, strict=True):
        c.pos = geometry.rounded(zone.outside_point(b, WAIT_OUTSIDE))
    duel.emit(
        "placed",
        None,
        {
            "positions": {c.id: list(c.pos) for c in people},
            "zone": [zone.width, zone.height],
            "outside": True,
        },
        ("MD-8",),
    )
    return points


def enter(duel: Duel, points: list[tuple[float, float]]) -> Gen:
    """MD-9: everyone steps in at once; who cannot, or chooses not to, is excluded. Returns False if the
    duel is over.

    Each participant able to move is asked ``enter`` or ``stay-out``; the answers are logged together,
    after everyone has chosen, so nobody's choice is seen before the others make theirs (simultaneous).
    """
    zone: Zone = duel.zone
    people = mains(duel)
    stays: set[str] = set()
    for c in people:
        if not can_enter(c):
            continue
        opts = [
            Option("enter", "rite:entry", {}),
            Option("stay-out", "rite:entry", {"ends_duel": "MD-9: who does not enter is excluded"}),
        ]
        if (yield from duel.ask(c.id, "rite:entry", opts, "MD-9: enter the zone?")) == "stay-out":
            stays.add(c.id)
    entered: list[str] = []
    excluded: list[str] = []
    unable: list[str] = []
    for c, b in zip(people, points, strict=True):
        if can_enter(c) and c.id not in stays:
            c.pos = inside_point(zone, b)
            entered.append(c.id)
        else:
            if c.id not in stays:
                unable.append(c.id)
            c.status = "excluded"
            excluded.append(c.id)
    duel.emit(
        "rite",
        None,
        {
            "step": "entry",
            "entered": entered,
            "excluded": excluded,
            "stayed_out": [c.id for c in people if c.id in stays],
            "unable": unable,
            "positions": {cid: list(duel.by_id[cid].pos) for cid in entered},
        },
        ("MD-9",),
    )
    sides = {duel.by_id[cid].side for cid in entered}
    if len(sides) < 2:
        text = "nobody entered the zone" if not entered else "only one side entered the zone"
        duel.end(
            Outcome(
                "excluded",
                winners=entered,
                losers=excluded,
                tie=not entered,
                clauses=("MD-9",),
                text=f"{text}; who did not enter in time is excluded",
            )
        )
        return False
    return True


def run_rite(duel: Duel) -> Gen:
    """MD-1..MD-9 in order; the mageduel begins when it returns with no outcome."""
    if not qualification(duel):
        return
    if not acclimation(duel):
        return
    yield from set_zone(duel)
    rounds = yield from set_preparation(duel)
    points = stand_around(duel)
    if rounds:
        duel.order = [c.id for c in mains(duel)]
        yield from duel.run_rounds(rounds, phase="preparation")
        if duel.outcome is not None:
            return
    if not (yield from enter(duel, points)):
        return
    _suppress_on_entry(duel)
    duel.round = 0
    duel.phase = "mageduel"
    duel.rule_state.rite.md_started = True
    duel.emit("rite", None, {"step": "begin"}, ("MD-9",))


def pre_fight(prev: Callable[[Duel], Gen]) -> Callable[[Duel], Gen]:
    def run(duel: Duel) -> Gen:
        yield from prev(duel)
        if duel.outcome is not None:
            return
        ok = yield from challenge(duel)
        if not ok:
            return
        if duel.kind == "mageduel":
            yield from run_rite(duel)

    return run


def install(hooks: Hooks, scenario: Scenario) -> None:
    """Plug the challenge and the rite into ``pre_fight``, and the MD-8 preparation limits into
    ``legal``."""
    hooks.pre_fight = pre_fight(hooks.pre_fight)
    prev = hooks.legal

    def legal(duel: Duel, actor_id: str, option: Option) -> str | None:
        if duel.phase == "preparation":
            why = preparation_legal(duel, actor_id, option)
            if why is not None:
                return why
        return prev(duel, actor_id, option) if prev is not None else None

    hooks.legal = legal
