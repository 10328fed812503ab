"""A turn's spell options (C-7, C-13, DU-10): which spells and items may be cast now, at whom or where —
range at the caster level in force, the creatures and points an area may take in, what a charmed caster
may not aim at its charmer, the dispels aimed at a foe's spells — and the shape of an area, already
clipped where the view draws it. Casting them is ``effects``'.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import attacks as _atk
from . import geometry
from . import walls as _walls
from .charm import charm_allows
from .core import Option
from .notation import fmt_point, parse_point
from .spell_lookup import hostile, spell_by_id
from .spells.model import Area

if TYPE_CHECKING:
    from .budget import Budget
    from .combatant import Combatant
    from .state import Duel


#: Greater dispel magic's area version: a 20-ft.-radius burst.
_DISPEL_AREA = Area(shape="burst", size=20)


_RANGES: dict[tuple[str, int], float] = {}


def spell_range(spell: Any, c: Combatant, cl: int | None = None) -> float:
    """Range in feet at the caster level (cached: asked for every option of every turn)."""
    level = c.cl() if cl is None else cl
    key = (spell.id, level)
    r = _RANGES.get(key)
    if r is None:
        if spell.range.kind == "touch":
            r = 5.0
        else:
            f = spell.range.feet_at(level)
            r = float(f) if f is not None else 5.0
        _RANGES[key] = r
    return r


def cast_options(
    duel: Duel,
    c: Combatant,
    b: Budget,
    threatened: bool,
    opponents: list[Combatant] | None = None,
    castable: list[tuple[str, int]] | None = None,
) -> list[Option]:
    """``cast <spell>[ slotN] [@target] [def]`` for every spell castable now, at every legal aim
    (``opponents`` and ``castable``: the caller's, when it has them already)."""
    out: list[Option] = []
    full_ok = b.full
    if opponents is None:
        opponents = duel.opponents(c.id)
    allies = [a for a in duel.participants if a.side == c.side and a.status == "active"]
    cl = c.cl()
    for sid, slot in c.castable() if castable is None else castable:
        sp = spell_by_id(sid)
        ct = sp.casting_time
        if ct in ("full_round", "one_round") and not full_ok:
            continue
        if ct == "swift" and not b.swift:
            continue
        suffix = "" if slot == sp.level else f" slot{slot}"
        base = f"cast {sid}{suffix}"
        data = {"spell": sid, "slot": slot}
        for suffix2, extra in spell_aims(duel, c, sp, cl, opponents, allies):
            d = {**data, **extra}
            out.append(Option(base + suffix2, "cast", d))
            if threatened:
                out.append(Option(base + suffix2 + " def", "cast", {**d, "defensive": True}))
    return out


def _creature_ok(sp: Any, t: Combatant) -> bool:
    """Target restrictions by creature kind (hold person, daze, charm person: humanoids only). Telekinesis's
    weight limit binds only some of its versions (:func:`weight_bound`): a heavy creature is still a target
    of its combat manoeuvre."""
    kind = sp.target.creature
    return not (kind == "humanoid" and t.cls == "creature")


def weight_bound(version: Any) -> bool:
    """Whether a version of telekinesis is held to 25 lb. per caster level: sustained force and violent
    thrust are; its combat manoeuvre is resolved as any manoeuvre (CMB against CMD), with no weight limit.

    >>> from .spells.catalogue import get
    >>> [(v.id, weight_bound(v)) for v in get("telekinesis").effects[0].options]
    [('sustained_force', True), ('bull_rush', False), ('violent_thrust', True)]
    """
    todo = list(version.effects)
    while todo:
        n = todo.pop()
        if getattr(n, "kind", "") == "forced_movement" and getattr(n, "check", None) == "cmb_vs_cmd":
            return False
        todo.extend(getattr(n, "effects", None) or ())
    return True


def spell_aims(
    duel: Duel, c: Combatant, sp: Any, cl: int, opponents: list[Combatant], allies: list[Combatant]
) -> list[tuple[str, dict[str, Any]]]:
    """Where a spell can be aimed now: (id suffix, option data) pairs."""
    tk = sp.target.kind
    rng = spell_range(sp, c, cl)
    aims: list[tuple[str, dict[str, Any]]] = []
    if tk == "self":
        aims.append(("", {"targets": [c.id]}))
    elif tk == "point":  # summons and the like appear next to the caster, toward the nearest foe
        near = min(opponents, key=lambda o: geometry.distance(c.pos, o.pos), default=None)
        p = geometry.rounded(geometry.toward(c.pos, near.pos, 5.0) if near else c.pos)
        aims.append((f" @{fmt_point(p)}", {"targets": [], "point": p}))
    elif not hostile(sp):
        for a in allies:
            if a.id == c.id and not (sp.target.self_allowed or sp.range.kind == "touch"):
                continue
            if a.id != c.id and duel.walls and _walls.blocked(duel, c.pos, a.pos):
                continue
            if geometry.within(c.pos, a.pos, rng) and _creature_ok(sp, a):
                aims.append((f" @{a.id}", {"targets": [a.id]}))
    elif tk in ("creature", "creatures"):
        if duel.walls and sp.id == "disintegrate":
            # Wall of force: disintegrate destroys it at once (aimed at any point of it within range).
            for i, w in enumerate(duel.walls):
                if (
                    "wall_of_force_disintegrate" in spell_by_id(w.spell).special
                    and w.cond in duel.by_id[w.owner].conditions
                    and geometry.distance(c.pos, _nearest_on_foot(w, c.pos)) <= rng + geometry.EPSILON
                ):
                    aims.append((f" @wall{i + 1}", {"targets": [], "wall": i}))
        if _targeted_dispel(sp):
            # DU-10: oneself and one's allies are participants too: dispel magic may be aimed at them, to
            # end what their foes cast on them (offered only when there is something to dispel).
            for a in allies:
                if a.id != c.id and duel.walls and _walls.blocked(duel, c.pos, a.pos):
                    continue
                if geometry.within(c.pos, a.pos, rng) and foes_spells_on(duel, a):
                    aims.append((f" @{a.id}", {"targets": [a.id]}))
        for o in opponents:
            if duel.walls and _walls.blocked(duel, c.pos, o.pos):
                continue  # no line of effect through a wall
            if geometry.within(c.pos, o.pos, rng) and _creature_ok(sp, o):
                aims.append((f" @{o.id}", {"targets": [o.id]}))
        if sp.range.kind == "touch":
            # A touch spell may be cast with nobody touched: its charge is held, to be delivered by a later
            # touch (the held charge that may enter a mageduel's zone, MD-8).
            aims.append((" hold", {"targets": [], "hold": True}))
    elif tk == "area":
        area = sp.area
        for o in opponents:
            if area.origin == "caster":
                shape = area_shape(sp, c, c.pos, o.pos, cl)
                origin = c.pos
            elif geometry.within(c.pos, o.pos, rng):
                if duel.walls and _walls.blocked(duel, c.pos, o.pos):
                    continue  # the point must be in line of effect
                shape = area_shape(sp, c, o.pos, o.pos, cl)
                origin = o.pos
            else:
                continue
            affected = [
                x.id
                for x in creatures(duel)
                if x.status == "active"
                and shape.contains(x.pos)
                and not (area.origin == "caster" and x.id == c.id)
                and not (duel.walls and _walls.blocked(duel, origin, x.pos))
            ]
            aims.append((f" @{o.id}", {"targets": [], "point": o.pos, "aim": o.id, "affected": affected}))
    return aims


def creatures(duel: Duel) -> list[Combatant]:
    """Everyone an area may take in: the participants and the scenario's bystanders (DU-10, MD-10)."""
    return duel.participants + duel.bystanders if duel.bystanders else duel.participants


def _nearest_on_foot(w: Any, p: Any) -> Any:
    """The point of a wall's foot nearest to ``p``."""
    ax, ay = w.a[0], w.a[1]
    dx, dy = w.b[0] - ax, w.b[1] - ay
    n = dx * dx + dy * dy
    t = 0.0 if n < geometry.EPSILON else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / n))
    return (ax + dx * t, ay + dy * t, 0.0)


def _targeted_dispel(sp: Any) -> bool:
    return any(getattr(n, "kind", "") == "dispel" for n in sp.effects)


def foes_spells_on(duel: Duel, t: Combatant) -> list[str]:
    """The spells on ``t`` cast by someone not on its side, that a dispel may end (first cast first)."""
    out: list[str] = []
    for cond in t.conditions:
        src, by = cond.source, cond.data.get("caster")
        if not src or src in out or cond.data.get("cl") is None or cond.data.get("dormant"):
            continue
        caster = duel.by_id.get(by) if by else None
        if caster is not None and caster.side != t.side:
            out.append(src)
    return out


def cast_at_point(duel: Duel, c: Combatant, b: Budget, oid: str) -> Option | str | None:
    """``cast <spell>[ slotN] @x,y[ def]``: an area spell centred on (or, for a cone or a line, aimed at)
    any point, not only on a creature. Returns the option, or why it is not legal (a sentence naming the
    rule), or None if ``oid`` is not written so."""
    parts = oid.split()
    if len(parts) < 3 or parts[0] != "cast":
        return None
    defensive = parts[-1] == "def"
    if defensive:
        parts = parts[:-1]
    slot_txt = parts[2] if len(parts) == 4 and parts[2].startswith("slot") else None
    if len(parts) != (4 if slot_txt else 3) or not parts[-1].startswith("@"):
        return None
    if parts[-1] == "@zone":
        return _at_zone(duel, c, parts[1], slot_txt)
    p = parse_point(parts[-1][1:])
    if p is None:
        return None
    sid = parts[1]
    try:
        sp = spell_by_id(sid)
    except (KeyError, ValueError):
        return f"no spell {sid!r}"
    area = area_of(sp)
    if area is None:
        return f"{sid} is not an area spell: aim it at a creature (@id)"
    try:
        slot = int(slot_txt[4:]) if slot_txt else sp.level
    except ValueError:
        return f"{slot_txt!r}: write slotN"
    acting = b.standard and not (b.one_action and b.used_action)
    if not acting or not c.can_cast() or (sid, slot) not in c.castable():
        return f"{sid} cannot be cast from a level-{slot} slot now"
    ct = sp.casting_time
    if (ct in ("full_round", "one_round") and not b.full) or (ct == "swift" and not b.swift):
        return f"{sid} needs an action this turn no longer has (C-9)"
    threatened = bool(_atk.threatened_by(duel, c))
    if defensive and not threatened:
        return "nobody threatens you: there is nothing to cast defensively against (C-10)"
    point = geometry.rounded(p)
    caster_origin = area.origin == "caster"
    if not caster_origin:
        if not geometry.within(c.pos, point, spell_range(sp, c)):
            return f"{fmt_point(point)} is out of {sid}'s range"
        if duel.walls and _walls.blocked(duel, c.pos, point):
            return f"a wall stands between you and {fmt_point(point)} (no line of effect)"
    elif geometry.distance(c.pos, point) < geometry.EPSILON:
        return "aim a cone or a line at a point other than your own"
    origin = c.pos if caster_origin else point
    shape = area_shape(sp, c, origin, point)
    affected = [
        x.id
        for x in creatures(duel)
        if x.status == "active"
        and shape.contains(x.pos)
        and not (caster_origin and x.id == c.id)
        and not (duel.walls and _walls.blocked(duel, origin, x.pos))
    ]
    data: dict[str, Any] = {"spell": sid, "slot": slot, "targets": [], "point": point, "affected": affected}
    if defensive:
        data["defensive"] = True
    opt = Option(oid, "cast", data)
    hook = duel.hooks.legal
    why = hook(duel, c.id, opt) if hook is not None else None
    if why is None and c.conditions and not charm_allows(duel, c, opt):
        why = "a charmed creature casts nothing hostile that would catch its charmer (C-11)"
    return why if why is not None else opt


def _at_zone(duel: Duel, c: Combatant, sid: str, slot_txt: str | None) -> str:
    """``cast <spell> @zone``: magic aimed at the zone itself (a dispel to end it). Never legal: the
    rules say why (MD-18 in a mageduel, through the legality hooks)."""
    if duel.zone is None:
        return "there is no zone here to aim at"
    try:
        sp = spell_by_id(sid)
    except (KeyError, ValueError):
        return f"no spell {sid!r}"
    data: dict[str, Any] = {"spell": sp.id, "slot": sp.level, "targets": [], "target": "zone"}
    hook = duel.hooks.legal
    why = hook(duel, c.id, Option(f"cast {sid} @zone", "cast", data)) if hook is not None else None
    return why or f"{sid} cannot be aimed at the zone"


def item_options(duel: Duel, c: Combatant, b: Budget, threatened: bool) -> list[Option]:
    """``use itemN <spell> [@target] [def]``: wands, staves and scrolls (casters only: spell trigger and
    spell completion) and potions (anyone; the drinker is the target). MD-13 reads ``data["item"]``."""
    out: list[Option] = []
    if not c.item_uses:
        return out
    opponents = duel.opponents(c.id)
    allies = [a for a in duel.participants if a.side == c.side and a.status == "active"]
    for it in c.item_uses:
        if it["left"] <= 0:
            continue
        if it["kind"] != "potion" and not c.casting_ability:
            continue
        for sid, cost in it["spells"]:
            if cost > it["left"]:
                continue
            sp = spell_by_id(sid)
            if sp.casting_time in ("full_round", "one_round") and not b.full:
                continue
            data = {"spell": sid, "slot": sp.level, "item": it["key"], "item_kind": it["kind"], "cost": cost}
            if it["kind"] == "potion":
                aims = [("", {"targets": [c.id]})]
            else:
                aims = spell_aims(duel, c, sp, it["cl"], opponents, allies)
            for suffix, extra in aims:
                d = {**data, **extra}
                out.append(Option(f"use {it['key']} {sid}{suffix}", "cast", d))
                if threatened and it["kind"] != "potion":
                    out.append(Option(f"use {it['key']} {sid}{suffix} def", "cast", {**d, "defensive": True}))
    return out


def area_of(sp: Any) -> Any:
    """The area a spell may be cast over: its own, or greater dispel magic's area version (a 20-ft.
    burst, ``greater_dispel_area_20_ft``); None for a spell with no area."""
    if sp.area is not None and sp.target.kind == "area":
        return sp.area
    if "greater_dispel_area_20_ft" in sp.special:
        return _DISPEL_AREA
    return None


def area_shape(sp: Any, c: Combatant, origin: tuple, aim: tuple, cl: int | None = None) -> Any:
    area = area_of(sp)
    size = float(area.size_at(c.cl() if cl is None else cl))
    s = area.shape
    if s in ("burst", "spread", "emanation"):
        return geometry.Burst(c.pos if s == "emanation" else origin, size)
    if s == "cylinder":
        return geometry.Cylinder((origin[0], origin[1], 0.0), size, float(area.height or 0))
    if s == "cone":
        return geometry.Cone(c.pos, aim, size)
    if s == "line":
        return geometry.Line(c.pos, aim, size, float(area.width or 5))
    return geometry.Burst(origin, size / 2)  # square: its inscribed circle
