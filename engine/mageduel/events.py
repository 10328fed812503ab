"""The append-only event log.

Inside the hot loop an event is a slotted dataclass (no validation); :class:`EventModel` is its pydantic
twin for the boundary (saved games, replays, JSON lines of ``python -m mageduel play``). Every event names
the clause IDs it applied, so the interface can say "half damage (MD-16)".

Hidden information (MD-26): an event with an ``audience`` is seen only by those participants; ``None``
means everyone. The public "casting" event never holds the spell; the caster gets a private twin, an
identifier gets a private "identified" event, and the public "spell" event reveals it when it resolves.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict


@dataclass(slots=True)
class Event:
    seq: int
    round: int
    kind: str
    actor: str | None
    data: dict[str, Any]
    clauses: tuple[str, ...] = ()
    audience: tuple[str, ...] | None = None

    def visible_to(self, player: str | None) -> bool:
        """Whether ``player`` may see this event (``None`` = an observer who sees only public events)."""
        return self.audience is None or (player is not None and player in self.audience)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "seq": self.seq,
            "round": self.round,
            "kind": self.kind,
            "actor": self.actor,
            "data": self.data,
            "clauses": list(self.clauses),
        }
        if self.audience is not None:
            d["audience"] = list(self.audience)
        return d


class EventModel(BaseModel):
    """One event of the log, as it crosses a boundary."""

    model_config = ConfigDict(extra="forbid")
    seq: int
    round: int
    kind: str
    actor: str | None = None
    data: dict[str, Any] = {}
    clauses: list[str] = []
    audience: list[str] | None = None

    @classmethod
    def from_event(cls, e: Event) -> EventModel:
        return cls.model_validate(e.to_dict())


class RollPurpose(StrEnum):
    """What a roll is for, as a stable code kept beside the readable ``purpose`` text in every roll event
    (and in a manual roll's question), so that a script or a game master's tool need not match words. The
    values never change meaning; new ones may be added."""

    INITIATIVE = "initiative"
    FACE_OFF = "face-off"  # DU-8: Bluff, Intimidate or Sense Motive as initiative
    ROLL_OFF = "roll-off"  # C-3: a tie on initiative
    STABILISE = "stabilise"  # C-6
    CONFUSION = "confusion"  # C-11: what a confused creature does (d%)
    CONFUSION_DAMAGE = "confusion-damage"
    WEAPON_ATTACK = "weapon-attack"  # C-4
    SPELL_ATTACK = "spell-attack"  # a ray or touch spell's attack roll
    CRITICAL_CONFIRMATION = "critical-confirmation"
    WEAPON_DAMAGE = "weapon-damage"
    SPELL_DAMAGE = "spell-damage"
    ONGOING_DAMAGE = "ongoing-damage"  # acid arrow and the like, each round
    ABILITY_DAMAGE = "ability-damage"  # a spell's ability damage, drain or penalty dice
    NEGATIVE_LEVELS = "negative-levels"
    HEALING = "healing"
    MISS_CHANCE = "miss-chance"  # d%: concealment, blindness
    MIRROR_IMAGE = "mirror-image"  # which figure an attack strikes
    MIRROR_IMAGE_COUNT = "mirror-image-count"
    BULL_RUSH = "bull-rush"  # CMB against CMD
    SPELL_MANEUVER = "spell-maneuver"  # a spell's combat maneuver (telekinesis)
    STRENGTH_CHECK = "strength-check"  # to resist a spell's push
    SPELL_DISTANCE = "spell-distance"
    SPELL_DURATION = "spell-duration"
    TEMPORARY_HP = "temporary-hp"
    SUMMON_COUNT = "summon-count"
    SAVE = "save"  # C-5
    SAVE_AGAIN = "save-again"  # a new save each round (hold person)
    EFFORT_SAVE = "duel-effort-save"  # DU-19
    CONCENTRATION_DEFENSIVE = "concentration-defensive"  # C-10
    CONCENTRATION_DAMAGE = "concentration-damage"  # C-10
    CONCENTRATION_ENTANGLED = "concentration-entangled"
    IDENTIFY = "identify"  # DU-12 / C-12 Spellcraft
    DUEL_COUNTER = "duel-counterspell"  # DU-14 / DU-16
    COUNTER_DISPEL = "counterspell-dispel-check"  # C-12 / MD-12 with dispel magic
    DISPEL = "dispel-check"  # dispel magic aimed at a creature
    DUEL_PARRY = "duel-parry"  # DU-27
    PERFORMANCE = "performance-check"  # DU-30
    ANIMAL_WILL = "animal-will-save"  # MD-6
    RITE_CHECK = "rite-check"  # MD-4 / MD-7: ability checks settling a disagreement
    ACROBATICS = "acrobatics"  # C-13: walking on grease (DC 10)


def roll_data(
    purpose: str,
    die: str,
    natural: int,
    modifiers: list[tuple[str, int]],
    total: int,
    against: str | None,
    target: int | None,
    outcome: str | None,
    code: RollPurpose | None = None,
    target_parts: list[tuple[str, int]] | None = None,
) -> dict[str, Any]:
    """The data of a ``roll`` event: what it was for (``purpose`` text and its stable ``code``), the die,
    natural, each named modifier, total, what it was against (``DC``, ``AC``, ``touch AC``, ``flat-footed
    AC``, ``opposed``), the named parts of that target when it has them (an AC's, C-4: ``target_parts``)
    and the outcome."""
    return {
        "purpose": purpose,
        **({"code": code.value} if code is not None else {}),
        "die": die,
        "natural": natural,
        "modifiers": [[n, v] for n, v in modifiers],
        "total": total,
        "against": against,
        "target": target,
        **({"target_parts": [[n, v] for n, v in target_parts]} if target_parts is not None else {}),
        "outcome": outcome,
    }
