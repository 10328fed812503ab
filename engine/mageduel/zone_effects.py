"""Inside the zone (MD-10..MD-18), and the duelling arena (DU-31): the damage pipeline's transformations.

Plugged into the state machine's hooks (``hooks.Hooks``):

- ``filter_area``: MD-10, an area is clipped at the zone's faces (``zone.Zone.clip``): a creature outside
  the box is never in it, whatever the shape.
- ``transform_damage``: MD-14 all damage nonlethal; MD-16 half damage from spells and summoned creatures
  (round down, at least 1 on a damaging hit; the participants' own weapons hit in full); MD-17 a spell that
  would kill outright deals nonlethal damage equal to half the target's maximum hit points on a failed save
  (once per target and casting, not halved again); MD-13/MD-23 an attack by a disqualified participant
  fails; DU-31 a nonlethal arena makes damage nonlethal and stops killing spells.
- ``transform_ability``: MD-16 halves ability damage and drain from spells and summoned creatures (MD-15
  makes it temporary: ``endings`` gives it back, MD-20); DU-31 an arena turns drain into damage and
  prevents a score set for good.
- ``legal``: MD-11 summoned creatures may not move out; MD-13 an item used to attack a participant is
  marked as disqualifying (the option stays legal: a player may still do it, and loses by it); MD-18 magic
  aimed at the zone fails.
- ``on_event``: MD-11 a summoned creature pushed toward a face stops at it; MD-15 Constitution 0 is
  "slain"; MD-17 remembers each target's last save against each spell.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from . import geometry
from .hooks import add_legal, add_on_event
from .items import spell_attacks_directly
from .spells.catalogue import get as spell_by_id

if TYPE_CHECKING:
    from .events import Event
    from .hooks import Hooks
    from .scenario import Scenario
    from .state import AbilityDamage, Damage, Duel, Option

#: Damage sources MD-16 halves: spells and the attacks of summoned creatures (items cast spells too).
HALVED_SOURCES = frozenset({"spell", "summon", "item"})


@dataclass(slots=True)
class ZoneEffectsState:
    """What the zone's effects keep during a duel (``duel.rule_state.zone_effects``), for MD-17."""

    #: The sequence number of the last "spell" event: the casting being resolved (-1: none yet).
    cast: int = -1
    #: (target, casting) pairs whose killing result was already replaced by half maximum hit points.
    slay_replaced: set[tuple[str, int]] = field(default_factory=set)
    #: (target, spell id) -> (the last save's outcome, the casting it was against).
    saves: dict[tuple[str, str], tuple[str, int]] = field(default_factory=dict)


def halve(amount: int) -> int:
    """MD-16 ruling: half, rounded down, but at least 1 when the hit did any damage.

    >>> halve(7), halve(1), halve(0)
    (3, 1, 0)
    """
    if amount <= 0:
        return 0
    return max(1, amount // 2)


def in_mageduel(duel: Duel) -> bool:
    """The rite's rules apply: a mageduel whose participants are inside the zone."""
    return duel.kind == "mageduel" and duel.zone is not None and duel.rule_state.rite.md_started


def _spell(sid: str | None) -> Any:
    if not sid:
        return None
    try:
        return spell_by_id(sid)
    except KeyError:
        return None


# --- MD-10 ------------------------------------------------------------------------------------------------


def filter_area(duel: Duel, caster_id: str, shape: object, affected: list[str]) -> list[str]:
    """MD-10: only those inside the zone can be in an area cast inside it."""
    if not in_mageduel(duel):
        return affected
    zone = duel.zone
    area = zone.clip(shape)
    return [cid for cid in affected if area.contains(duel.by_id[cid].pos)]


# --- damage -----------------------------------------------------------------------------------------------


def _slay_key(duel: Duel, dmg: Damage) -> tuple[str, int]:
    """One MD-17 replacement per target and casting (a casting is known by its "spell" event)."""
    return (dmg.target, duel.rule_state.zone_effects.cast)


def _failed_branch(duel: Duel, dmg: Damage, spell: Any) -> bool:
    """Whether this damage belongs to the failed-save result of a killing spell (MD-17): the target's
    last save against the spell failed, or the spell allows none (power word kill)."""
    if not spell.save_kinds:
        return True
    mine = duel.rule_state.zone_effects
    saved = mine.saves.get((dmg.target, spell.id))
    if saved is None or saved[1] != mine.cast:
        return True  # no save against this casting: a band that kills with none (cloudkill, 3 HD or less)
    return saved[0] == "failure"


def transform_damage(duel: Duel, dmg: Damage) -> Damage:
    if in_mageduel(duel):
        return _mageduel_damage(duel, dmg)
    if getattr(duel.terms, "nonlethal_arena", False) and not duel.rule_state.endings.ordinary_combat:
        return _arena_damage(duel, dmg)
    return dmg


def _mageduel_damage(duel: Duel, dmg: Damage) -> Damage:
    attacker = duel.by_id.get(dmg.attacker) if dmg.attacker else None
    if attacker is not None and attacker.status == "disqualified":
        # MD-23: a disqualified participant counts as outside interference; an attack from outside fails.
        dmg.notes.append("an attack by a disqualified participant fails (MD-23, MD-19)")
        dmg.clauses.extend(["MD-23", "MD-19"])
        dmg.amount = 0
        dmg.slay = None
        dmg.lethal = False
        return dmg
    spell = _spell(dmg.spell)
    if spell is not None and spell.slays and _failed_branch(duel, dmg, spell):
        # MD-17: the failed-save result is replaced by half the maximum hit points, once, not halved again.
        done = duel.rule_state.zone_effects.slay_replaced
        key = _slay_key(duel, dmg)
        target = duel.by_id[dmg.target]
        if key in done:
            dmg.amount = 0
            dmg.notes.append("already replaced by half maximum hit points (MD-17)")
        else:
            done.add(key)
            dmg.amount = target.max_hp // 2
            dmg.notes.append(f"a killing spell deals half of {target.max_hp} maximum hit points (MD-17)")
        dmg.slay = None
        dmg.lethal = False
        dmg.clauses.extend(["MD-17", "MD-14"])
        return dmg
    if dmg.slay is not None:
        # A killing effect after a successful save (disintegrate's dust at 0 hp): nobody dies here (MD-14).
        dmg.notes.append(f"no {dmg.slay} in a mageduel (MD-14)")
        dmg.slay = None
        dmg.amount = 0
        dmg.lethal = False
        dmg.clauses.append("MD-14")
        return dmg
    if dmg.source in HALVED_SOURCES or (attacker is not None and attacker.summoned_by is not None):
        before = dmg.amount
        dmg.amount = halve(dmg.amount)
        if before:
            dmg.notes.append(f"half of {before} (MD-16)")
            dmg.clauses.append("MD-16")
    dmg.lethal = False
    dmg.clauses.append("MD-14")
    return dmg


def _arena_damage(duel: Duel, dmg: Damage) -> Damage:
    """DU-31: the arena turns all damage nonlethal and prevents spells that kill outright."""
    if dmg.slay is not None:
        dmg.notes.append(f"the arena prevents the {dmg.slay} (DU-31)")
        dmg.slay = None
        dmg.amount = 0
    dmg.lethal = False
    dmg.clauses.append("DU-31")
    return dmg


def transform_ability(duel: Duel, ad: AbilityDamage) -> AbilityDamage:
    """MD-16: ability damage and drain from spells (and summoned creatures) are halved in the zone.
    DU-31: a nonlethal arena undoes permanent harm to abilities: drain becomes (temporary) damage, and a
    score a spell would set for good (feeblemind) is left as it is."""
    if not in_mageduel(duel):
        if getattr(duel.terms, "nonlethal_arena", False) and not duel.rule_state.endings.ordinary_combat:
            if ad.mode == "drain":
                ad.mode = "damage"
                ad.clauses.append("DU-31")
            elif ad.mode == "set":
                ad.mode, ad.amount = "damage", 0
                ad.clauses.append("DU-31")
        return ad
    if ad.mode in ("damage", "drain") and ad.source in HALVED_SOURCES:
        ad.amount = halve(ad.amount)
        ad.clauses.append("MD-16")
    ad.clauses.append("MD-15")
    return ad


# --- legality ---------------------------------------------------------------------------------------------


def item_attack(option: Option, target_sides: list[str], actor_side: str) -> bool:
    """MD-13: an option that uses an item to attack a participant directly (a wand of magic missile at a
    rival does; a staff's wall of force or summons, or a spell on oneself or an ally, do not)."""
    if not option.data.get("item"):
        return False
    if option.kind in ("attack", "full-attack"):
        return True
    if option.kind != "cast" or not any(side != actor_side for side in target_sides):
        return False
    spell = _spell(option.data.get("spell"))
    return spell is None or spell_attacks_directly(spell)


def legal(duel: Duel, actor_id: str, option: Option) -> str | None:
    if duel.kind != "mageduel" or duel.zone is None:
        return None
    actor = duel.by_id[actor_id]
    zone = duel.zone
    data = option.data
    if not data:
        return None  # nothing below can apply to an option without data ("end", "ready", "reload")
    # Membership first (no call): this runs for every option of every turn, most of them moves.
    if ("target" in data and data["target"] == "zone") or ("zone" in data and data["zone"]):
        return "no magic can affect the existence of the zone (MD-18)"
    if actor.summoned_by is not None and option.kind in ("move", "step"):
        p = data.get("point")
        if p is not None and not zone.holds(p):
            return "summoned creatures cannot leave the zone (MD-11)"
    if "item" in data and data["item"] and duel.rule_state.rite.md_started:
        touched = list(option.data.get("targets", [])) + list(option.data.get("affected", []))
        if option.data.get("aim"):
            touched.append(option.data["aim"])
        sides = [duel.by_id[t].side for t in touched if t in duel.by_id]
        if item_attack(option, sides, actor.side):
            option.data["disqualifies"] = "using an item to attack a participant disqualifies (MD-13)"
    return None


# --- events -----------------------------------------------------------------------------------------------


def on_event(duel: Duel, e: Event) -> None:
    kind = e.kind
    if kind == "spell":
        duel.rule_state.zone_effects.cast = e.seq
        return
    if kind == "roll":
        purpose = e.data.get("purpose", "")
        if " save against " in purpose and e.data.get("outcome") in ("success", "failure"):
            spell = purpose.split(" save against ", 1)[1]
            mine = duel.rule_state.zone_effects
            mine.saves[(e.actor, spell)] = (e.data["outcome"], mine.cast)
        return
    if not in_mageduel(duel):
        return
    if kind in ("pushed", "move", "teleport") and e.actor in duel.by_id:
        c = duel.by_id[e.actor]
        if c.summoned_by is not None and not duel.zone.holds(c.pos):
            frm = tuple(e.data.get("from", c.pos))
            c.pos = geometry.rounded(duel.zone.confine(frm, c.pos))  # type: ignore[arg-type]
            duel.emit("confined", c.id, {"at": list(c.pos)}, ("MD-11",))
    elif kind == "ability" and e.data.get("ability") == "con":
        c = duel.by_id.get(e.actor or "")
        if c is not None and c.ability("con") <= 0 and c.status not in ("slain", "expelled", "disqualified"):
            # MD-15: Constitution 0 is "slain", never dead (MD-14).
            c.status = "slain"
            duel.emit("status", c.id, {"status": "slain", "why": "Constitution 0"}, ("MD-15", "MD-14"))


def install(hooks: Hooks, scenario: Scenario) -> None:
    prev_filter = hooks.filter_area
    prev_damage = hooks.transform_damage
    prev_ability = hooks.transform_ability

    def f_area(duel: Duel, caster_id: str, shape: object, affected: list[str]) -> list[str]:
        return filter_area(duel, caster_id, shape, prev_filter(duel, caster_id, shape, affected))

    def f_damage(duel: Duel, dmg: Damage) -> Damage:
        return transform_damage(duel, prev_damage(duel, dmg))

    def f_ability(duel: Duel, ad: AbilityDamage) -> AbilityDamage:
        return transform_ability(duel, prev_ability(duel, ad))

    hooks.filter_area = f_area
    hooks.transform_damage = f_damage
    hooks.transform_ability = f_ability
    add_legal(hooks, legal)
    add_on_event(hooks, on_event)
