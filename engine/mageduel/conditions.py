"""Conditions (C-11) and timed modifiers on a creature, with their durations.

A :class:`Condition` is either a named condition of C-11 (its rules are in :data:`RULES`) or a plain timed
modifier (``shield``'s +4 AC, a duel dodge's -2): the same bookkeeping serves both. Durations count down at
the start of the turn of ``tick_on`` (the creature whose initiative the effect runs on: the caster of a
spell, the dodger for DU-25), which is how "until the start of your next turn" and "N rounds" both work.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class ConditionRule:
    """What a C-11 condition does to the numbers and the action economy."""

    acts: str = "full"  # "full", "one-action" (staggered: one move or standard), "move-only", "none"
    loses_dex_ac: bool = False
    ac: int = 0
    attack: int = 0
    saves: int = 0
    checks: int = 0  # skill and ability checks
    str_dex: int = 0  # penalty to Strength and Dexterity
    speed_factor: float = 1.0
    can_cast: bool = True
    helpless: bool = False
    ends_duel: bool = False  # DU-5 ruling: unable to act for the rest of the fight
    miss_chance: int = 0  # percent, for attacks *made by* the creature (blinded)
    concealed: int = 0  # percent miss chance for attacks *against* the creature (invisible)


#: C-11: the conditions the spells of the game use.
RULES: dict[str, ConditionRule] = {
    "blinded": ConditionRule(loses_dex_ac=True, ac=-2, checks=-4, miss_chance=50),
    "confused": ConditionRule(),  # behaviour rolled each turn (state._confused_turn)
    "dazed": ConditionRule(acts="none"),
    "entangled": ConditionRule(attack=-2, str_dex=0, speed_factor=0.5),
    "exhausted": ConditionRule(str_dex=-6, speed_factor=0.5),
    "fatigued": ConditionRule(str_dex=-2),
    "frightened": ConditionRule(attack=-2, saves=-2, checks=-2),
    "nauseated": ConditionRule(acts="move-only", can_cast=False),
    "paralysed": ConditionRule(acts="none", loses_dex_ac=True, helpless=True, can_cast=False),
    "petrified": ConditionRule(acts="none", helpless=True, can_cast=False, ends_duel=True),
    "prone": ConditionRule(attack=-4),
    "shaken": ConditionRule(attack=-2, saves=-2, checks=-2),
    "sickened": ConditionRule(attack=-2, saves=-2, checks=-2),
    "staggered": ConditionRule(acts="one-action"),
    "stunned": ConditionRule(acts="none", loses_dex_ac=True, ac=-2, can_cast=False),
    "unconscious": ConditionRule(
        acts="none", loses_dex_ac=True, helpless=True, can_cast=False, ends_duel=True
    ),
    # Charm person: no numbers change; the charmed will not attack or harm its charmer (actions.turn_options)
    # and the charm breaks when the charmer's side hurts it (damage.deal_damage). MD-3: a compulsion.
    "charmed": ConditionRule(),
    # Sleep: helpless like unconscious, but any wound wakes the sleeper (damage.deal_damage), and it does not
    # end a plain duel (DU-5's ruling: asleep-but-wakeable is like hold person, a spell that passes — not a
    # fall into unconsciousness, and the French text says nothing of sleep that would overrule it).
    "asleep": ConditionRule(acts="none", loses_dex_ac=True, helpless=True, can_cast=False),
    "invisible": ConditionRule(concealed=50),
    "flying": ConditionRule(),
    "flat-footed": ConditionRule(loses_dex_ac=True),
}

ACTS_ORDER = {"full": 0, "one-action": 1, "move-only": 2, "none": 3}


@dataclass(slots=True)
class Condition:
    """A condition or timed modifier on a creature.

    ``stat`` / ``value`` / ``bonus_type`` describe a modifier (``ac``, ``touch_ac``, ``attack``, ``saves``,
    ``fort``, ``ref``, ``will``, ``str`` … with a bonus type for stacking: same-type bonuses do not stack,
    except ``dodge``, ``circumstance`` from different sources and ``untyped``). ``rounds`` is ``None``
    for "until removed".
    """

    name: str
    rounds: int | None = None
    tick_on: str = ""
    source: str = ""  # spell id or duel action that made it
    stat: str = ""
    value: int = 0
    bonus_type: str = "untyped"
    clauses: tuple[str, ...] = ()
    data: dict = field(default_factory=dict)

    def copy(self) -> Condition:
        return Condition(
            self.name,
            self.rounds,
            self.tick_on,
            self.source,
            self.stat,
            self.value,
            self.bonus_type,
            self.clauses,
            dict(self.data),
        )


#: Bonus types that add up (from different sources): dodge, circumstance and untyped bonuses; penalties too.
STACKING_TYPES = frozenset({"dodge", "untyped", "circumstance", "penalty"})


def named_modifiers(conditions: list[Condition], stats: tuple[str, ...]) -> list[tuple[str, int]]:
    """The modifiers to ``stats`` as (name, value) pairs, after Pathfinder's stacking rules — the one place
    they live:

    - one source never stacks with itself: of the modifiers one spell (or duel action) puts on the same
      stat, only the strongest bonus and the strongest penalty count;
    - penalties, and dodge, circumstance and untyped bonuses, from different sources add up;
    - of the other bonus types (armor, shield, deflection, enhancement, resistance …) only the highest
      of each type counts.
    """
    strongest: dict[tuple[str, str, bool], Condition] = {}
    for c in conditions:
        if c.stat in stats and c.value != 0 and c.source:
            key = (c.source, c.stat, c.value < 0)
            old = strongest.get(key)
            if old is None or abs(c.value) > abs(old.value):
                strongest[key] = c
    best: dict[str, tuple[str, int]] = {}
    out: list[tuple[str, int]] = []
    for c in conditions:
        if c.stat not in stats or c.value == 0:
            continue
        if c.source and strongest[(c.source, c.stat, c.value < 0)] is not c:
            continue  # the same source again: it does not stack
        if c.value < 0 or c.bonus_type in STACKING_TYPES:
            out.append((c.name, c.value))
        elif c.value > best.get(c.bonus_type, ("", 0))[1]:
            best[c.bonus_type] = (c.name, c.value)
    out.extend(best.values())
    return out


def total_modifier(conditions: list[Condition], stats: tuple[str, ...]) -> int:
    """The sum of the modifiers to any of ``stats`` after the stacking rules (:func:`named_modifiers`)."""
    return sum(v for _, v in named_modifiers(conditions, stats))


def renews(conditions: list[Condition], new: Condition) -> Condition | None:
    """The condition ``new`` renews instead of stacking with: the same effect of the same spell or duel
    action (same source, name, stat and value) already on the creature. Ongoing damage and summons are
    separate instances (a second cloud is a second cloud), never renewed."""
    if (
        not new.source
        or new.data.get("ongoing")
        or new.data.get("summon")
        or new.data.get("cloud")
        or new.data.get("delayed")
        or new.data.get("dormant")
    ):
        return None
    for old in conditions:
        if (
            old.source == new.source
            and old.name == new.name
            and old.stat == new.stat
            and old.value == new.value
            and not old.data.get("dormant")
            and not old.data.get("ongoing")
        ):
            return old
    return None


def rule_modifiers(names: set[str], field_name: str) -> list[tuple[str, int]]:
    """The C-11 condition penalties of one kind (``attack``, ``saves``, ``ac``, ``checks``)."""
    out = []
    for n in sorted(names):
        rule = RULES.get(n)
        if rule is not None:
            v = getattr(rule, field_name)
            if v:
                out.append((n, v))
    return out


def tick(conditions: list[Condition], creature_id: str) -> list[Condition]:
    """Start of ``creature_id``'s turn: count down what runs on its initiative; returns what expired."""
    expired = []
    for c in conditions:
        if c.tick_on == creature_id and c.rounds is not None:
            c.rounds -= 1
            if c.rounds <= 0:
                expired.append(c)
    if expired:
        conditions[:] = [c for c in conditions if c not in expired]
    return expired
