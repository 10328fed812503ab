"""The duel's terms (X-2, X-3, DU-1..DU-7, DU-14 variant, DU-31), fixed before it starts.

The scenario holds one :class:`Terms`. Validation refuses terms that contradict each other or the
kind of duel (X-3), with a message that names the field. The small functions below answer the
questions the legality filter asks while the duel runs: may this weapon be used (DU-4), may this spell
be cast (DU-6, DU-7), is this damage nonlethal (DU-31, MD-14), when does the duel end (DU-5).

>>> Terms().kind, Terms().end, Terms().duel_actions, Terms().performance_combat
('mageduel', 'default', True, False)
>>> Terms(kind="duel", end="hits", hits=3).end_text()
'after 3 successful attacks (DU-5)'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .hooks import add_legal
from .rule_error import RuleError
from .spells.catalogue import get as spell_by_id
from .weapons import WEAPONS

if TYPE_CHECKING:
    from .combatant import Combatant
    from .hooks import Hooks
    from .scenario import Scenario
    from .state import Duel, Option

Kind = Literal["duel", "mageduel"]
#: DU-4: the forms of weapon attack a duel may be limited to.
WeaponForm = Literal["melee", "ranged", "unarmed"]
#: DU-4: "the same kind of attack": a magic duel (spells only), a weapon duel (weapons only).
AttackKind = Literal["any", "magic", "weapons"]
#: DU-5: how a plain duel ends. "default": unconscious or unable to go on.
EndKind = Literal["default", "to_the_death", "first_blood", "first_hit", "hits"]
#: DU-1 / MD-2: how the duel came about. "agreed": settled beforehand, nobody is asked; "offered": the
#: challenger offers it and each defender accepts or refuses (DU-1); "called": the defender calls for a
#: mageduel the challenger did not offer, and the challenger accepts or refuses (MD-2).
Challenge = Literal["agreed", "offered", "called"]
#: DU-6: who fights. "participants": the duellists themselves; "summoned": the creatures they summon fight
#: each other on their behalf (the exception to a summoning ban), the casters only summon and support them.
FoughtBy = Literal["participants", "summoned"]
#: DU-14: the French text (DC 15 + spell level, once per round) or the English original as a variant
#: (DC 15 + the caster's level, no once-per-round limit).
CounterRule = Literal["fr", "en"]


class Terms(BaseModel):
    """What the participants agreed before the fight (X-2)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Kind = "mageduel"
    # DU-4 allowed weapons. None: every form is allowed (the DU-4 default).
    weapon_forms: tuple[WeaponForm, ...] | None = None
    magic_weapons_only: bool = False
    #: DU-4 "everyone uses the same weapons": the weapon id every weapon attack must use.
    same_weapon: str | None = None
    attack_kind: AttackKind = "any"
    # DU-5 end condition (plain duels only, X-3).
    end: EndKind = "default"
    hits: int | None = Field(default=None, ge=1, le=100)
    # DU-6, DU-7 bans.
    ban_summoning: bool = False
    ban_poison: bool = False
    ban_ranged: bool = False
    ban_magic_on_others: bool = False
    fought_by: FoughtBy = "participants"
    # X-2 switches.
    duel_actions: bool = True
    performance_combat: bool = False
    nonlethal_arena: bool = False
    #: DU-8 face-off: each participant rolls Bluff, Intimidate or Sense Motive instead of initiative.
    face_off: bool = False
    counter_rule: CounterRule = "fr"
    challenge: Challenge = "agreed"
    #: DU-9 / MD-25: ask every participant at the start of each round whether they go on (or, in a
    #: mageduel, declare a draw). When False everyone is taken to go on, and nobody is asked.
    progress_check: bool = False
    #: DU-2: "refused" drops the options that break the terms; "allowed" keeps them, marked, so a player
    #: may break the terms and lose the duel for it.
    breaches: Literal["refused", "allowed"] = "refused"
    #: DU-30: each side's starting victory points when performance combat is on.
    victory_points: int = Field(default=1, ge=0, le=100)

    @model_validator(mode="after")
    def _consistent(self) -> Terms:
        problems: list[RuleError] = []
        mage = self.kind == "mageduel"
        if mage and self.end != "default":
            problems.append(
                RuleError(
                    "terms.end_mageduel",
                    f"end: {self.end!r} is not possible in a mageduel, which ends only as the rite says "
                    "(slain, expelled, disqualified, interference, time, draw) (X-3); use 'default'",
                    end=self.end,
                )
            )
        if self.challenge == "called" and not mage:
            problems.append(
                RuleError(
                    "terms.challenge_called",
                    "challenge: only a mageduel can be called for by the defender (MD-2)",
                )
            )
        if self.same_weapon is not None and self.same_weapon not in WEAPONS:
            problems.append(
                RuleError(
                    "terms.same_weapon_unknown",
                    f"same_weapon: unknown weapon {self.same_weapon!r}; known: {', '.join(sorted(WEAPONS))}",
                    weapon=self.same_weapon,
                    known=sorted(WEAPONS),
                )
            )
        if self.end == "hits" and self.hits is None:
            problems.append(
                RuleError(
                    "terms.hits_missing",
                    "hits: the end condition 'hits' needs the number of successful attacks",
                )
            )
        if self.end != "hits" and self.hits is not None:
            problems.append(
                RuleError(
                    "terms.hits_unused",
                    f"hits: only meaningful with end 'hits', not {self.end!r}",
                    end=self.end,
                )
            )
        if self.weapon_forms is not None:
            if not self.weapon_forms:
                problems.append(
                    RuleError(
                        "terms.forms_empty",
                        "weapon_forms: an empty list allows no weapon; use attack_kind 'magic'",
                    )
                )
            if len(set(self.weapon_forms)) != len(self.weapon_forms):
                problems.append(RuleError("terms.forms_twice", "weapon_forms: a form is listed twice"))
        if self.attack_kind == "magic":
            for name in ("weapon_forms", "same_weapon"):
                if getattr(self, name) is not None:
                    problems.append(
                        RuleError(
                            "terms.magic_no_weapons",
                            f"{name}: a magic duel (attack_kind 'magic') uses no weapons",
                            name=name,
                        )
                    )
            if self.magic_weapons_only:
                problems.append(
                    RuleError(
                        "terms.magic_no_weapons",
                        "magic_weapons_only: a magic duel (attack_kind 'magic') uses no weapons",
                        name="magic_weapons_only",
                    )
                )
            if self.ban_magic_on_others:
                problems.append(
                    RuleError(
                        "terms.magic_ban_others",
                        "ban_magic_on_others: contradicts attack_kind 'magic', a duel fought with spells",
                    )
                )
        if mage:
            if self.attack_kind == "weapons":
                problems.append(
                    RuleError(
                        "terms.mageduel_weapons",
                        "attack_kind: a mageduel is fought with spells; 'weapons' contradicts it",
                    )
                )
            if self.ban_magic_on_others:
                problems.append(
                    RuleError(
                        "terms.mageduel_ban_others",
                        "ban_magic_on_others: a mageduel is fought with spells on each other",
                    )
                )
        if self.ban_ranged and self.weapon_forms is not None and "ranged" in self.weapon_forms:
            only = " only" if set(self.weapon_forms) == {"ranged"} else ""
            problems.append(
                RuleError(
                    "terms.ban_ranged_forms",
                    f"ban_ranged: contradicts weapon_forms {list(self.weapon_forms)}, which allows{only} "
                    "ranged weapons",
                    forms=list(self.weapon_forms),
                    only=bool(only),
                )
            )
        same = WEAPONS.get(self.same_weapon) if self.same_weapon is not None else None
        if same is not None:
            form = "unarmed" if same.category == "unarmed" else same.kind
            if self.weapon_forms is not None and form not in self.weapon_forms:
                problems.append(
                    RuleError(
                        "terms.same_weapon_form",
                        f"same_weapon: {same.id} is a {form} weapon, which weapon_forms "
                        f"{list(self.weapon_forms)} does not allow",
                        weapon=same.id,
                        form=form,
                        forms=list(self.weapon_forms),
                    )
                )
            if self.ban_ranged and form == "ranged":
                problems.append(
                    RuleError(
                        "terms.same_weapon_ranged",
                        f"same_weapon: {same.id} is a ranged weapon, which ban_ranged forbids",
                        weapon=same.id,
                    )
                )
        if self.magic_weapons_only and self.weapon_forms == ("unarmed",):
            problems.append(
                RuleError(
                    "terms.magic_unarmed",
                    "magic_weapons_only: contradicts weapon_forms ['unarmed']: "
                    "an unarmed strike is not a magic weapon",
                )
            )
        if self.counter_rule == "en" and not self.duel_actions:
            problems.append(
                RuleError(
                    "terms.counter_en",
                    "counter_rule: the 'en' variant changes the duel counterspell, "
                    "which duel_actions off removes",
                )
            )
        if self.fought_by == "summoned":
            if mage:
                problems.append(
                    RuleError(
                        "terms.summoned_mageduel",
                        "fought_by: a mageduel is fought by the mages themselves, not by creatures",
                    )
                )
            if self.ban_summoning:
                problems.append(
                    RuleError(
                        "terms.summoned_ban",
                        "ban_summoning: a duel fought by summoned creatures cannot ban summoning (DU-6)",
                    )
                )
            if self.attack_kind == "weapons":
                problems.append(
                    RuleError(
                        "terms.summoned_weapons",
                        "attack_kind: a duel of summoned creatures needs spells, not 'weapons'",
                    )
                )
            if self.ban_magic_on_others:
                problems.append(
                    RuleError(
                        "terms.summoned_ban_others",
                        "ban_magic_on_others: the casters summon and support their creatures, who are others",
                    )
                )
        if self.nonlethal_arena and self.end == "to_the_death":
            problems.append(
                RuleError(
                    "terms.nonlethal_death",
                    "nonlethal_arena: a nonlethal arena (DU-31) cannot host a duel to the death",
                )
            )
        if self.performance_combat and not self.duel_actions:
            problems.append(
                RuleError(
                    "terms.performance_actions",
                    "performance_combat: its duel-action checks (DU-30) need duel_actions on",
                )
            )
        if problems:
            if len(problems) == 1:
                raise problems[0]
            raise RuleError(
                "terms.several",
                "; ".join(str(p) for p in problems),
                problems=[{"code": p.code, "params": p.params} for p in problems],
            )
        return self

    # ----------------------------------------------------------------------------------------
    # Questions asked while the duel runs.

    @property
    def restricts(self) -> bool:
        """Whether any term limits weapons or spells (if not, the legality filter has nothing to do)."""
        return (
            self.weapon_forms is not None
            or self.magic_weapons_only
            or self.same_weapon is not None
            or self.attack_kind != "any"
            or self.ban_summoning
            or self.ban_poison
            or self.ban_ranged
            or self.ban_magic_on_others
            or self.fought_by == "summoned"
        )

    @property
    def is_mageduel(self) -> bool:
        return self.kind == "mageduel"

    @property
    def nonlethal(self) -> bool:
        """All damage is nonlethal: always in a mageduel (MD-14), in an arena if agreed (DU-31)."""
        return self.is_mageduel or self.nonlethal_arena

    def weapon_allowed(self, weapon_id: str, form: WeaponForm, magic: bool) -> tuple[bool, str, str]:
        """DU-4: may a weapon attack with ``weapon_id`` (of ``form``; ``magic`` if enchanted) be made?

        Returns ``(allowed, reason, clause)``; the reason is empty when allowed.

        >>> Terms(kind="duel", weapon_forms=("melee",)).weapon_allowed("light_crossbow", "ranged", False)
        (False, 'the terms allow only melee weapons', 'DU-4')
        """
        if self.attack_kind == "magic":
            return False, "a magic duel allows no weapon attacks", "DU-4"
        if self.weapon_forms is not None and form not in self.weapon_forms:
            return False, f"the terms allow only {' or '.join(self.weapon_forms)} weapons", "DU-4"
        if self.ban_ranged and form == "ranged":
            return False, "the terms ban ranged attacks", "DU-7"
        if self.magic_weapons_only and not magic:
            # An unarmed strike is no magic weapon either.
            return False, "the terms allow only magic weapons", "DU-4"
        if self.same_weapon is not None and weapon_id != self.same_weapon and form != "unarmed":
            return False, f"the terms require every participant to fight with {self.same_weapon}", "DU-4"
        return True, "", "DU-4"

    def spell_allowed(
        self, summons: bool, affects_others: bool, ranged_attack: bool = False
    ) -> tuple[bool, str, str]:
        """DU-6, DU-7, DU-4: may a spell be cast under these terms?

        ``summons``: it summons or calls creatures; ``affects_others``: it affects someone other than
        the caster; ``ranged_attack``: it makes a ranged (touch) attack roll.

        >>> Terms(ban_summoning=True).spell_allowed(True, True)
        (False, 'the terms ban summoning', 'DU-6')
        """
        if self.attack_kind == "weapons" and affects_others:
            return False, "a weapon duel allows no spells on other participants", "DU-4"
        if self.ban_summoning and summons:
            return False, "the terms ban summoning", "DU-6"
        if self.ban_magic_on_others and affects_others:
            return False, "the terms allow only spells that affect their caster", "DU-7"
        if self.ban_ranged and ranged_attack:
            return False, "the terms ban ranged attacks", "DU-7"
        return True, "", "DU-6"

    def poison_allowed(self) -> bool:
        """DU-7: poison may be banned (the legality filter then refuses poisonous attacks, :func:`breach`)."""
        return not self.ban_poison

    def end_text(self) -> str:
        """The end condition in words, for the log."""
        if self.is_mageduel:
            return "as the rite says (X-3)"
        return {
            "default": "when a participant is unconscious or cannot go on (DU-5)",
            "to_the_death": "to the death (DU-5)",
            "first_blood": "at first blood (DU-5)",
            "first_hit": "at the first hit (DU-5)",
            "hits": f"after {self.hits} successful attacks (DU-5)",
        }[self.end]


# --------------------------------------------------------------------------------------------------
# The legality filter (hooks.legal): the terms' bans, DU-4, DU-6, DU-7; breaking them is DU-2.


def breach(duel: Duel, actor_id: str, option: Option) -> tuple[str, str] | None:
    """The (reason, clause) for which ``option`` would break the duel's terms, or None."""
    terms: Terms = duel.terms
    actor = duel.by_id[actor_id]
    kind = option.kind
    if terms.ban_poison and kind in ("attack", "full-attack", "aoo"):
        # DU-7: a poisonous attack (a summoned giant centipede's bite) breaks a ban on poison, whoever
        # makes it, the creatures of a duel fought by summoned creatures included.
        wid = option.data.get("weapon")
        if any(w.id == wid and w.poison for w in actor.weapons):
            return "the terms ban poison", "DU-7"
    if terms.fought_by == "summoned":
        found = proxy_breach(duel, actor, option)
        if found is not None or actor.summoned_by is not None:
            # The creatures are the duellists: the weapon terms (DU-4) bind the casters, not their claws.
            return found
    if kind in ("attack", "full-attack", "aoo"):
        wid = option.data.get("weapon")
        w = next((x for x in actor.weapons if x.id == wid), None)
        if w is None:
            return None
        form: WeaponForm = "unarmed" if w.unarmed else ("ranged" if w.kind == "ranged" else "melee")
        ok, why, clause = terms.weapon_allowed(w.id, form, w.magic)
        return None if ok else (why, clause)
    if kind == "bull-rush" and terms.attack_kind == "magic":
        return "a magic duel allows no physical attack, a bull rush included", "DU-4"
    if kind in ("cast", "touch"):  # a touch delivers a held spell: the same bans apply to it
        sp = spell_by_id(option.data["spell"])
        touched = set(option.data.get("targets", [])) | set(option.data.get("affected", []))
        if option.data.get("aim"):
            touched.add(option.data["aim"])
        others = bool(touched - {actor_id})
        ranged = "ranged_touch" in sp.attack_kinds
        ok, why, clause = terms.spell_allowed(sp.summons, others, ranged)
        return None if ok else (why, clause)
    return None


def _touched(duel: Duel, actor_id: str, option: Option) -> set[str]:
    """Who a weapon attack or a spell option reaches besides its actor."""
    out = set(option.data.get("targets", [])) | set(option.data.get("affected", []))
    if option.data.get("aim"):
        out.add(option.data["aim"])
    return out - {actor_id}


def proxy_breach(duel: Duel, actor: Combatant, option: Option) -> tuple[str, str] | None:
    """DU-6, a duel fought by summoned creatures: the casters do not fight (no weapon attack, no
    counterspell, no spell reaching anyone but themselves and their own side's creatures); the creatures
    fight creatures, never the rival casters."""
    if option.kind in ("duel-counter", "counter", "md-counter"):
        # The casters are not the duellists: they do not counter each other's spells either.
        if actor.summoned_by is None:
            return "in a duel of summoned creatures the casters do not counter each other", "DU-6"
        return None
    if option.kind not in ("attack", "full-attack", "aoo", "cast", "bull-rush", "touch"):
        return None
    touched = [duel.by_id[t] for t in _touched(duel, actor.id, option) if t in duel.by_id]
    if actor.summoned_by is None:
        if option.kind != "cast":
            return "in a duel of summoned creatures the casters do not fight", "DU-6"
        if any(t.side != actor.side or t.summoned_by is None for t in touched):
            return "in a duel of summoned creatures a caster's spells go only to their own creatures", "DU-6"
        return None
    if any(t.side != actor.side and t.summoned_by is None for t in touched):
        return "the summoned creatures fight each other, never the rival casters", "DU-6"
    return None


def legal(duel: Duel, actor_id: str, option: Option) -> str | None:
    """Refuse (or, with ``breaches`` "allowed", mark) what the terms forbid."""
    if duel.rule_state.endings.ordinary_combat:
        return None  # DU-2: the duel is over; ordinary combat has no terms
    found = breach(duel, actor_id, option)
    if found is None:
        return None
    why, clause = found
    if duel.terms.breaches == "allowed":
        option.data["breaks_terms"] = f"{why} ({clause}); breaking the terms loses the duel (DU-2)"
        return None
    return f"{why} ({clause})"


def install(hooks: Hooks, scenario: Scenario) -> None:
    if scenario.terms is None or not scenario.terms.restricts:
        return  # nothing to forbid: keep the hot loop free of a call per option
    add_legal(hooks, legal)
