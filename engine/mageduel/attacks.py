"""C-4, weapon attacks, and C-10, attacks of opportunity: the attack roll as one :class:`Check`, its
windows for the defender (DU-22 dodge, DU-26 parry), concealment's miss chance, mirror images, damage.

An attack of opportunity is a weapon attack, so it lives here beside the attack it makes; a spell's ray or
touch attack (``effects``) reads the same miss chance, images and invisible attacker's +2 from here.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from . import checks, geometry
from . import duel_dodge as _dodge
from . import duel_parry as _parry
from . import reactions as _rx
from . import walls as _walls
from .conditions import RULES as CONDITION_RULES
from .core import Check, Damage, Option
from .events import RollPurpose

if TYPE_CHECKING:
    from .combatant import Combatant, WeaponUse
    from .state import Duel, Gen


def best_melee(c: Combatant) -> WeaponUse | None:
    melee = [w for w in c.weapons if w.kind == "melee"]
    return max(melee, key=lambda w: w.count * w.die) if melee else None


def threatened_by(duel: Duel, c: Combatant) -> list[tuple[Combatant, WeaponUse]]:
    """Opponents who threaten ``c`` with a melee weapon (C-10)."""
    out = []
    for o in duel.participants:
        if o.side == c.side or o.status != "active":
            continue
        if geometry.distance(o.pos, c.pos) > o.melee_reach() + geometry.EPSILON:
            continue  # out of every melee weapon's reach: no need to ask what it threatens with
        if duel.walls and _walls.blocked(duel, o.pos, c.pos):
            continue
        for w in o.threatens():
            if geometry.within(o.pos, c.pos, w.reach):
                out.append((o, w))
                break
    return out


def attacks_of_opportunity(duel: Duel, c: Combatant, why: str, point: Any, only: str | None = None) -> Gen:
    """Opponents threatening ``c`` may make one attack of opportunity each per round (``only``: just that
    one, as a bull rush provokes only its target). Returns the damage ``c`` took (for concentration,
    C-10). Here, beside the weapon attack it makes, not among the reaction windows: an attack of
    opportunity is a weapon attack (which may be parried, DU-26), so the windows need not import it."""

    taken = 0
    for o, w in threatened_by(duel, c):
        if o.aoo_round == duel.round or not _rx.can_react(o) or (only is not None and o.id != only):
            continue
        opts = [Option(f"aoo {w.id}", "aoo", {"reaction": "aoo", "weapon": w.id, "targets": [c.id]})]
        hook = duel.hooks.legal
        if hook is not None and hook(duel, o.id, opts[0]) is not None:
            continue  # the terms forbid it (DU-4, DU-6)
        choice = yield from _rx.react(
            duel, o.id, "aoo", opts, f"{c.name} provokes ({why})", {"provoker": c.id, "why": why}
        )
        if choice == "pass":
            continue
        o.aoo_round = duel.round
        before = c.hp - c.nonlethal
        duel.emit("aoo", o.id, {"target": c.id, "why": why}, ("C-10",))
        yield from weapon_attack(duel, o, w, c, full_attack=False, aoo=True)
        taken += max(0, before - (c.hp - c.nonlethal))
        if c.status != "active" or duel.outcome is not None:
            break
    return taken


def weapon_attack(
    duel: Duel,
    c: Combatant,
    w: WeaponUse,
    target: Combatant,
    full_attack: bool,
    aoo: bool = False,
    hold_parry: bool = False,
) -> Gen:
    """C-4: attack roll(s) with a weapon; each attack opens the defender's window (DU-22 dodge, DU-26
    parry) before it is resolved. ``hold_parry`` (the duelist's parry, DU-28): the full attack's last
    attack is given up, and a parry is held until the attacker's next turn."""

    if w.kind == "ranged" and not aoo:
        yield from attacks_of_opportunity(duel, c, "a ranged attack", None)
        if c.status != "active" or duel.outcome is not None:
            return
    c.wielding = w.id  # DU-27: the weapon attacked with is the one in hand
    bonuses = full_attack_bonuses(c) if full_attack else (c.attacks[0],)
    if hold_parry and len(bonuses) > 1:
        bonuses = bonuses[:-1]
        c.parry_held = True
        duel.emit("parry-held", c.id, {"weapon": w.id, "given_up": 1}, ("DU-28",))
    try:
        yield from _weapon_attacks(duel, c, w, target, bonuses, aoo)
    finally:
        # Invisibility that ends on attacking ends once the attack is made.
        for cond in [x for x in c.conditions if x.name == "invisible" and x.data.get("ends_on_attack")]:
            duel.remove_condition(c.id, cond, "attacked")


def _weapon_attacks(
    duel: Duel, c: Combatant, w: WeaponUse, target: Combatant, bonuses: tuple[int, ...], aoo: bool
) -> Gen:
    for bab in bonuses:
        if target.status not in ("active", "dying") or duel.outcome is not None or c.status != "active":
            return
        duel.emit("attack", c.id, {"weapon": w.id, "target": target.id, "aoo": aoo}, ("C-4",))
        defence = yield from _rx.defend_window(duel, target, c, "weapon", w)
        kind = w.kind
        if kind == "ranged" and w.range_increment:
            c.loaded = w.id != "light_crossbow" and w.id != "heavy_crossbow"
        check = weapon_attack_check(c, w, target, bab, dodging="dodge" in defence)
        ac = check.dc or 0
        r = yield from duel.roll(c.id, f"attack with {w.id}", check)
        chance = miss_chance(c, target)  # before the roll spends true strike, which ignores it
        spend_attack_uses(duel, c)
        hit = r.success
        critical = False
        if hit and checks.is_threat(r.natural, w.crit_from, True):
            confirm = replace(check, code=RollPurpose.CRITICAL_CONFIRMATION)
            conf = yield from duel.roll(c.id, "critical confirmation", confirm)
            critical = conf.success
        if "dodge" in defence:
            _dodge.dodge_aftermath(duel, target)
        if hit and "parry" in defence:
            parried = yield from _parry.parry_roll(duel, target, r.total)
            if parried:
                if critical:
                    critical = False  # DU-29: a parried critical still hits, for normal damage
                    duel.emit("parry-critical", target.id, {"attacker": c.id}, ("DU-29",))
                else:
                    hit = False
        if hit:
            hit = yield from roll_miss_chance(duel, c, chance)
        if hit and target.mirror_images > 0:
            hit = yield from mirror_image_check(duel, target, c)
        if not hit:
            if not r.success:
                near_miss_image(duel, target, r.total, ac)
            duel.emit("miss", c.id, {"target": target.id}, ("C-4",))
            continue
        duel.hits[c.id] = duel.hits.get(c.id, 0) + 1
        # C-4: a critical hit rolls the damage again for each multiple, with all the usual bonuses.
        times = w.crit_mult if critical else 1
        bonuses = (
            ("Str", c.mod("str") * times if w.kind == "melee" else 0),
            ("weapon", w.damage_bonus * times),
        )
        dice = yield from duel.roll_dice(
            c.id,
            w.count * times,
            w.die,
            f"{w.id} damage",
            code=RollPurpose.WEAPON_DAMAGE,
            modifiers=tuple(b for b in bonuses if b[1]),
        )
        amount = max(1, sum(dice) + sum(v for _, v in bonuses))  # at least 1 on a hit
        yield from duel.deal_damage(
            Damage(
                target.id,
                amount,
                lethal=not w.nonlethal,
                source="summon" if c.summoned_by else "weapon",
                attacker=c.id,
                dtype=w.dtype,
                critical=critical,
                clauses=["C-4"] + (["C-6"] if w.nonlethal else []),
            )
        )


def unseen_attacker(c: Combatant, target: Combatant) -> tuple[tuple[str, int], ...]:
    """C-11: an invisible attacker gets +2 on its attack rolls against a target that can see (not blinded);
    the one place this bonus is written (weapon and spell attacks, and the chances the view shows)."""
    return (("invisible attacker", 2),) if c.has("invisible") and not target.has("blinded") else ()


def weapon_attack_check(
    c: Combatant, w: WeaponUse, target: Combatant, bab: int, dodging: bool = False
) -> Check:
    """C-4: an attack roll with ``w`` at base attack bonus ``bab`` against ``target``'s AC as it stands:
    the weapon's own bonus, an invisible attacker's +2 (C-11), -2 per full range increment; the target's
    flat-footed AC when it loses its Dex bonus or cannot see the attacker (C-11), -4 against a melee attack
    when prone, +4 while it duel dodges (DU-23). The one :class:`Check` rolled by :func:`weapon_attack`
    and shown as a chance by the view."""
    mods = c.attack_parts(w.kind, bab)
    if w.attack_bonus:
        mods.append(("weapon", w.attack_bonus))
    mods += unseen_attacker(c, target)
    if w.kind == "ranged" and w.range_increment:
        inc = int(geometry.distance(c.pos, target.pos) // w.range_increment)
        if inc:
            mods.append(("range", -2 * inc))
    ac_kind = "flat-footed" if target.loses_dex() or c.has("invisible") else "normal"
    ac_parts = target.ac_parts(ac_kind)
    if dodging:
        ac_parts.append(_dodge.DODGE_BONUS)  # DU-23
    if w.kind == "melee" and target.has("prone"):
        ac_parts.append(("prone", -4))
    return Check(
        tuple(mods),
        sum(v for _, v in ac_parts),
        kind="attack",
        clauses=("C-4",),
        code=RollPurpose.WEAPON_ATTACK,
        against="AC" if ac_kind == "normal" else "flat-footed AC",
        target_parts=tuple(ac_parts),
    )


def full_attack_bonuses(c: Combatant) -> tuple[int, ...]:
    """The attack bonuses of a full attack: the iterative ones, plus one at the full bonus when hasted."""
    if c.conditions and any(x.stat == "extra_attack" and not x.data.get("dormant") for x in c.conditions):
        return (c.attacks[0],) + tuple(c.attacks)
    return tuple(c.attacks)


def spend_attack_uses(duel: Duel, c: Combatant) -> None:
    """Modifiers good for a number of attack rolls (true strike: the next one) are spent by a roll."""
    for cond in list(c.conditions):
        uses = cond.data.get("uses") if cond.data else None
        if uses and cond.stat in ("attack", "melee_attack", "ranged_attack"):
            cond.data["uses"] = uses - 1
            if uses - 1 <= 0:
                duel.remove_condition(c.id, cond, "used")


def miss_chance(c: Combatant, target: Combatant) -> int:
    """C-11 / C-4: the percent miss chance of an attack by ``c`` on ``target``: the target's concealment
    (invisible 50%, blur 20%, displacement 50%: the highest counts, they do not stack) or the attacker's
    blindness (50%). True strike's next attack ignores it."""
    chance = 0
    for cond in target.conditions:
        if cond.data and cond.data.get("dormant"):
            continue
        if cond.stat == "concealment":
            chance = max(chance, cond.value)
        else:
            rule = CONDITION_RULES.get(cond.name)
            if rule is not None and rule.concealed:
                chance = max(chance, rule.concealed)
    if c.has("blinded"):
        chance = max(chance, CONDITION_RULES["blinded"].miss_chance)
    if chance and any(x.data.get("ignores_concealment") for x in c.conditions if x.data):
        return 0
    return chance


def roll_miss_chance(duel: Duel, c: Combatant, chance: int) -> Gen:
    """Roll d100 against a miss chance (C-4, C-11): above it, the attack still hits."""
    if not chance:
        return True
    r = yield from duel.roll_dice(c.id, 1, 100, "miss chance", code=RollPurpose.MISS_CHANCE)
    hit = sum(r) > chance
    duel.emit("miss-chance", c.id, {"roll": sum(r), "chance": chance, "hit": hit}, ("C-11",))
    return hit


def strikes_true_chance(c: Combatant, target: Combatant) -> float:
    """The chance (0..1) that an attack roll that hits ``target`` strikes it: past concealment's miss chance
    (:func:`roll_miss_chance`, d100 above it; C-4, C-11) and its mirror images (:func:`mirror_image_check`,
    one chance in images + 1). The view multiplies an attack Check's chance by it."""
    p = 1 - miss_chance(c, target) / 100
    if target.mirror_images:
        p /= target.mirror_images + 1
    return p


def near_miss_image(duel: Duel, target: Combatant, total: int, ac: int) -> None:
    """Mirror image: an attack that misses the caster's AC by 5 or less still destroys one image."""
    if target.mirror_images > 0 and total >= ac - 5:
        target.mirror_images -= 1
        duel.emit("image-destroyed", target.id, {"left": target.mirror_images, "near_miss": True}, ())


def mirror_image_check(duel: Duel, target: Combatant, attacker: Combatant) -> Gen:
    """Mirror image: a hit picks at random among the real caster and the images; an image hit vanishes."""
    n = target.mirror_images
    r = yield from duel.roll_dice(attacker.id, 1, n + 1, "mirror image", code=RollPurpose.MIRROR_IMAGE)
    if r[0] == 1:
        return True
    target.mirror_images -= 1
    duel.emit("image-destroyed", target.id, {"left": target.mirror_images}, ())
    return False
