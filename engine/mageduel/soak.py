"""The soak: many random duels, checking the rules' invariants after every decision.

``python -m mageduel soak --duels N --seed S`` plays random-policy duels — both kinds, two to four
participants (each for themself or in two sides), every premade, random terms, seeded or manual dice (the
random policy then types the numbers) — and after every decision checks:

- **hp bookkeeping** (C-6): every hit point figure an event reports is the combatant's own; nonlethal
  damage and temporary hp are never negative, current hp never above the maximum, the maximum at least 1
  while a combatant is active (a negative level cannot leave it at 0);
- **nobody dead in a mageduel** (MD-14, MD-15): no combatant of a mageduel is ever "dead" or "dying";
- **MD-20's restoration complete**: when a mageduel ends, every participant has the hit points, maximum,
  nonlethal damage, ability scores and levels they entered with, and every creature summoned in it is gone;
- **no hidden spell given away** (MD-26): while a spell is being cast, nobody who has not identified it sees
  its name, level, school or the item it comes from — not in a public event, not in their view;
- **the same events under two hash seeds**: each duel's event log is digested (:func:`digest`), so that the
  command can replay the same duels in a process with another ``PYTHONHASHSEED`` and compare.

Pure: no I/O, no clock, no global random; the command line (``cli.py``) times it and runs the twin process.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from typing import Any

from . import roster, views
from .compose import new_duel
from .dice import Manual, Seeded, SplitMix64
from .policies import RandomPolicy
from .scenario import Scenario
from .state import Duel

#: Keys that would name a hidden spell in an event or a view (MD-26).
SECRET_KEYS = ("spell", "level", "school", "item", "item_kind")
#: A cap on one duel's decisions: a random duel that never ends is itself a finding.
MAX_DECISIONS = 20_000
#: Random terms: each switch and its values (validated by ``Terms``; a contradiction is drawn again).
TERM_CHOICES: dict[str, tuple[Any, ...]] = {
    "end": ("default", "default", "to_the_death", "first_blood", "first_hit", "hits"),
    "attack_kind": ("any", "any", "magic", "weapons"),
    "weapon_forms": (None, None, ("melee",), ("ranged",), ("melee", "unarmed")),
    "magic_weapons_only": (False, False, True),
    "ban_summoning": (False, False, True),
    "ban_poison": (False, True),
    "ban_ranged": (False, False, True),
    "ban_magic_on_others": (False, False, False, True),
    "duel_actions": (True, True, False),
    "performance_combat": (False, False, True),
    "nonlethal_arena": (False, False, True),
    "face_off": (False, False, True),
    "counter_rule": ("fr", "en"),
    "challenge": ("agreed", "agreed", "offered", "called"),
    "progress_check": (False, False, True),
    "breaches": ("refused", "refused", "allowed"),
}


@dataclass
class Summary:
    """What a soak found: counts, and the first few findings in full (duel number, seed, what broke)."""

    duels: int = 0
    decisions: int = 0
    events: int = 0
    exceptions: int = 0
    invariant_breaks: int = 0
    by_kind: dict[str, int] = field(default_factory=dict)
    by_size: dict[str, int] = field(default_factory=dict)
    manual_dice: int = 0
    premades: set[str] = field(default_factory=set)
    breaks: dict[str, int] = field(default_factory=dict)
    first: list[dict[str, Any]] = field(default_factory=list)
    digests: list[str] = field(default_factory=list)

    def finding(self, what: str, duel_no: int, seed: int, detail: str) -> None:
        self.breaks[what] = self.breaks.get(what, 0) + 1
        if len(self.first) < 10:
            self.first.append({"duel": duel_no, "seed": seed, "what": what, "detail": detail[:300]})

    def merge(self, later: Summary) -> None:
        """Add the summary of the duels that come right after these (``soak --jobs``): counts add up, the
        findings and digests follow in duel order, so merging the parts in order gives exactly the summary
        one process playing them all would."""
        self.duels += later.duels
        self.decisions += later.decisions
        self.events += later.events
        self.exceptions += later.exceptions
        self.invariant_breaks += later.invariant_breaks
        for mine, theirs in (
            (self.by_kind, later.by_kind),
            (self.by_size, later.by_size),
            (self.breaks, later.breaks),
        ):
            for key, value in theirs.items():
                mine[key] = mine.get(key, 0) + value
        self.manual_dice += later.manual_dice
        self.premades |= later.premades
        self.first.extend(later.first[: 10 - len(self.first)])
        self.digests.extend(later.digests)

    def to_state(self) -> dict[str, Any]:
        """Everything this summary holds, as JSON (a soak's journal keeps one per part); see
        :meth:`from_state`.

        >>> s = Summary(duels=2, premades={"kael", "ilse"}, digests=["ab", "cd"])
        >>> Summary.from_state(s.to_state()) == s
        True
        """
        return {**asdict(self), "premades": sorted(self.premades)}

    @classmethod
    def from_state(cls, data: dict[str, Any]) -> Summary:
        """The summary :meth:`to_state` wrote (``KeyError`` / ``TypeError`` if it is not one)."""
        counts = ("duels", "decisions", "events", "exceptions", "invariant_breaks", "manual_dice")
        if not all(type(data[k]) is int and data[k] >= 0 for k in counts):
            raise TypeError("a count is not a whole number")
        tallies = ("by_kind", "by_size", "breaks")
        if not all(isinstance(data[k], dict) for k in tallies):
            raise TypeError("a tally is not an object")
        if not all(isinstance(data[k], list) for k in ("premades", "first", "digests")):
            raise TypeError("a list is not a list")
        return cls(
            **{k: data[k] for k in counts},
            **{k: {str(n): int(v) for n, v in data[k].items()} for k in tallies},
            premades={str(x) for x in data["premades"]},
            first=[dict(f) for f in data["first"]],
            digests=[str(d) for d in data["digests"]],
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "duels": self.duels,
            "decisions": self.decisions,
            "events": self.events,
            "exceptions": self.exceptions,
            "invariant_breaks": self.invariant_breaks,
            "by_kind": dict(sorted(self.by_kind.items())),
            "by_participants": dict(sorted(self.by_size.items())),
            "manual_dice": self.manual_dice,
            "premades": len(self.premades),
            "breaks": dict(sorted(self.breaks.items())),
            "first_findings": self.first,
        }


class Broken(AssertionError):
    """An invariant does not hold; ``what`` names it."""

    def __init__(self, what: str, detail: str) -> None:
        super().__init__(detail)
        self.what = what


def random_scenario(rng: SplitMix64, turn: int) -> Scenario:
    """A random valid scenario: kind, 2-4 premades (``turn`` walks the roster so that every premade plays),
    sides, terms."""
    ids = roster.ids()
    kind = "mageduel" if rng.below(2) else "duel"
    count = 2 + rng.below(3)
    people = [ids[(turn + i * (1 + rng.below(len(ids) - 1))) % len(ids)] for i in range(count)]
    teams = list(range(count))
    if count == 4 and rng.below(2):
        teams = [0, 0, 1, 1]
    elif count == 3 and rng.below(3) == 0:
        teams = [0, 0, 1]
    parts = [
        {"id": f"p{i + 1}", "roster": who, "side": f"side{teams[i] + 1}"} for i, who in enumerate(people)
    ]
    # Random play wanders: most duels are cut at 12 to 40 rounds (a limit of play, not MD-24's hour), one in
    # eight runs to the full 600, so the soak covers many duels and some very long ones.
    rounds = 600 if rng.below(8) == 0 else 12 + rng.below(29)
    data: dict[str, Any] = {"kind": kind, "participants": parts, "options": {"max_rounds": rounds}}
    for _attempt in range(8):
        terms: dict[str, Any] = {"kind": kind}
        for name, values in TERM_CHOICES.items():
            if rng.below(3) == 0:  # most duels keep most defaults
                terms[name] = values[rng.below(len(values))]
        if terms.get("end") == "hits":
            terms["hits"] = 1 + rng.below(4)
        try:
            return Scenario.model_validate({**data, "terms": terms})
        except ValueError:
            continue
    return Scenario.model_validate(data)


def digest(duel: Duel) -> str:
    """A short digest of the whole event log (what two hash seeds must agree on)."""
    h = hashlib.sha256()
    for e in duel.events:
        h.update(json.dumps(e.to_dict(), sort_keys=True, separators=(",", ":"), default=str).encode())
        h.update(b"\n")
    return h.hexdigest()[:16]


def duels(count: int, seed: int, start: int = 0) -> Iterator[tuple[int, int, Scenario, bool, int]]:
    """(number, dice seed, scenario, manual dice?, policy seed) of each duel of a soak, from duel number
    ``start`` (the seeds before it are drawn and skipped: a part of a soak is the same duels as the whole)."""
    seeds = SplitMix64(seed)
    for _ in range(start):
        seeds.next_u64()
    for n in range(start, count):
        rng = SplitMix64(seeds.next_u64())
        scenario = random_scenario(rng, n)
        manual = rng.below(4) == 0
        yield n, rng.next_u64(), scenario, manual, rng.next_u64()


def play(scenario: Scenario, dice_seed: int, manual: bool, policy_seed: int, check: bool = True) -> Duel:
    """One random duel to its end, checking every invariant after every decision (``check``)."""
    duel = new_duel(scenario, Manual() if manual else Seeded(dice_seed))
    policy = RandomPolicy(policy_seed)
    watch = Watch(duel) if check else None
    n = 0
    while duel.pending is not None:
        duel.apply(duel.pending.player, policy.choose(duel))
        n += 1
        if watch is not None:
            watch.after_decision()
        if n > MAX_DECISIONS:
            raise Broken("endless", f"no end after {MAX_DECISIONS} decisions")
    if watch is not None:
        watch.at_end()
    return duel


class Watch:
    """The invariants of one duel, checked as it goes."""

    def __init__(self, duel: Duel) -> None:
        self.duel = duel
        self.seen = 0
        self.entered: dict[str, dict[str, Any]] | None = None
        #: id(Casting) -> (the cast, the seq of its public "casting" event): MD-26 watches what follows it.
        self.cast_seq: dict[int, tuple[Any, int]] = {}
        self.looked: set[tuple[int, int | None, str]] = set()

    def after_decision(self) -> None:
        duel = self.duel
        mage = duel.kind == "mageduel"
        for e in duel.events[self.seen :]:
            if e.kind == "rite" and e.data.get("step") == "begin":
                self.entered = {c.id: self._sheet(c) for c in duel.participants}
            if e.kind == "casting":
                for key in SECRET_KEYS:
                    # A potion is drunk in plain sight (DU-12: nothing to identify); which one is not said.
                    if key in e.data and not (key == "item_kind" and e.data[key] == "potion"):
                        raise Broken("md26-public-casting", f"event #{e.seq} 'casting' holds {key!r}")
                for cast in duel.casting:
                    if cast.caster == e.actor and self._since(cast) is None:
                        self.cast_seq[id(cast)] = (cast, e.seq)
            if e.kind in ("damage", "status") and e.actor in duel.by_id and "hp" in e.data:
                if not isinstance(e.data["hp"], int):
                    raise Broken("hp-bookkeeping", f"event #{e.seq} reports hp {e.data['hp']!r}")
            if mage and e.kind == "status" and e.data.get("status") in ("dead", "dying"):
                raise Broken("md14-death", f"event #{e.seq}: {e.actor} is {e.data['status']} in a mageduel")
        self.seen = len(duel.events)
        for c in duel.participants:
            if c.nonlethal < 0 or c.temp_hp < 0:
                raise Broken("hp-bookkeeping", f"{c.id}: nonlethal {c.nonlethal}, temporary hp {c.temp_hp}")
            if c.hp > c.max_hp:
                raise Broken("hp-bookkeeping", f"{c.id}: {c.hp} hp above its maximum {c.max_hp}")
            if c.status == "active" and c.max_hp < 1:
                raise Broken("max-hp", f"{c.id} is active with a maximum of {c.max_hp} hp")
            if mage and c.status in ("dead", "dying"):
                raise Broken("md14-death", f"{c.id} is {c.status} in a mageduel")
        if duel.casting:
            self._hidden()

    def _hidden(self) -> None:
        """MD-26: a cast nobody has identified is secret to everyone but its caster: in the public events
        and the rolls that follow it until it resolves, and in each player's view (looked at once per cast
        and player). The view's part that shows casts is ``views.casting_views``, the very function
        ``duel.view`` builds it with: only that part is built here (a whole view converted the whole log,
        and was half the soak's time)."""
        duel = self.duel
        for cast in duel.casting:
            if cast.revealed:
                continue
            since = self._since(cast)
            secret = (cast.spell.id, cast.spell.id.replace("_", " "))
            if since is not None:
                for e in duel.events[since:]:
                    if e.kind in ("spell", "countered") and e.data.get("spell") == cast.spell.id:
                        break  # this spell (or another cast of it) is in the open: its name tells nothing
                    if e.actor != cast.caster:
                        continue
                    if e.kind in ("spell", "countered", "spell-lost"):
                        break  # the spell resolved or stopped: no longer secret
                    if e.kind not in ("casting", "roll") or e.audience is not None:
                        continue  # the caster's other doings (a counter of its own) name their own spells
                    purpose = str(e.data.get("purpose", "")).lower()
                    if e.data.get("spell") == cast.spell.id or any(x in purpose for x in secret):
                        raise Broken("md26-event", f"public event #{e.seq} {e.kind} names {cast.spell.id}")
            for player in duel.players:
                if player in cast.known_by or (id(cast), since, player) in self.looked:
                    continue
                self.looked.add((id(cast), since, player))
                for cv in views.casting_views(duel, player):
                    if cv.caster == cast.caster and cv.spell is not None:
                        raise Broken(
                            "md26-view", f"{player} sees {cast.caster}'s {cv.spell.id} before knowing"
                        )

    def _since(self, cast: Any) -> int | None:
        entry = self.cast_seq.get(id(cast))
        return entry[1] if entry is not None and entry[0] is cast else None

    @staticmethod
    def _sheet(c: Any) -> dict[str, Any]:
        """What MD-20 gives back at the end: hit points, nonlethal damage, levels, and the ability scores
        as the spells and the damage left them. DU-21's fatigue after a duel effort is none of these (a
        condition of the exertion, not ability points lost nor a spell cast in the zone), so its -2 to
        Strength and Dexterity stays out of the scores compared."""
        kept = c.conditions
        if kept:
            c.conditions = [x for x in kept if not (x.name == "fatigued" and x.source == "duel effort")]
        try:
            abilities = {a: c.ability(a) for a in ("str", "dex", "con", "int", "wis", "cha")}
        finally:
            c.conditions = kept
        return {
            "hp": c.hp,
            "max_hp": c.max_hp,
            "nonlethal": c.nonlethal,
            "negative_levels": c.negative_levels,
            "abilities": abilities,
        }

    def at_end(self) -> None:
        duel = self.duel
        self.after_decision()
        if duel.kind != "mageduel" or self.entered is None or duel.outcome is None:
            return
        if not any(e.kind == "restored" for e in duel.events):
            raise Broken("md20-restoration", "the mageduel ended without MD-20's restoration")
        for c in duel.participants:
            before = self.entered.get(c.id)
            if before is None:
                if c.status != "vanished":
                    raise Broken("md20-restoration", f"{c.id}, summoned in the mageduel, is {c.status}")
                continue
            now = self._sheet(c)
            if now != before:
                diff = {k: (before[k], now[k]) for k in before if before[k] != now[k]}
                raise Broken("md20-restoration", f"{c.id} is not restored: {diff}")


def _names(data: Any, secret: str) -> bool:
    if isinstance(data, str):
        return data == secret
    if isinstance(data, dict):
        return any(_names(v, secret) for v in data.values())
    if isinstance(data, list | tuple):
        return any(_names(v, secret) for v in data)
    return False


def soak(
    count: int,
    seed: int,
    check: bool = True,
    every: int = 1,
    progress: Any = None,
    progress_every: int = 0,
    start: int = 0,
    out: Summary | None = None,
) -> Summary:
    """Play ``count`` random duels from ``seed`` (only every ``every``-th one: a twin process digesting a
    sample); every exception and broken invariant is counted, the first ten in full. ``progress(summary)``
    is called every ``progress_every`` duels. ``start``: play only duels ``start`` to ``count - 1`` of the
    same soak (one part of ``soak --jobs``; :meth:`Summary.merge` puts the parts together). ``out``: the
    summary to add to; a duel counts in it only once played out, so a soak stopped from outside (Ctrl-C)
    leaves in it exactly the duels done."""
    out = Summary() if out is None else out
    for n, dice_seed, scenario, manual, policy_seed in duels(count, seed, start):
        if n % every:
            continue
        if progress is not None and progress_every and n and n % progress_every == 0:
            progress(out)
        try:
            duel = play(scenario, dice_seed, manual, policy_seed, check=check)
        except Broken as exc:
            _count(out, scenario, manual)
            out.invariant_breaks += 1
            out.finding(exc.what, n, seed, str(exc))
            out.digests.append("broken")
            continue
        except Exception as exc:  # noqa: BLE001 - counted and reported: the soak's whole point
            _count(out, scenario, manual)
            out.exceptions += 1
            out.finding(f"exception {type(exc).__name__}", n, seed, str(exc))
            out.digests.append("exception")
            continue
        _count(out, scenario, manual)
        out.decisions += len(duel.decisions)
        out.events += len(duel.events)
        out.digests.append(digest(duel))
    return out


def _count(out: Summary, scenario: Scenario, manual: bool) -> None:
    """One more duel played: its kind, size, dice and premades."""
    out.duels += 1
    out.by_kind[scenario.kind] = out.by_kind.get(scenario.kind, 0) + 1
    size = str(len(scenario.participants))
    out.by_size[size] = out.by_size.get(size, 0) + 1
    out.manual_dice += manual
    out.premades.update(p.roster or "" for p in scenario.participants)
