"""What one player may know: ``duel.view(player)`` (boardgame.io's player view).

Hidden from the other participants (MD-26): the spell being cast — no name, level or school — until they
identify it or it resolves; their prepared spells, known spells and remaining slots; private events
(``audience``); the options of a decision that is not theirs. ``player=None`` is an observer who sees only
what is public.

What the deciding player is told about their own options (``OptionView``), all computed here from the
engine's own numbers so the page never re-derives a rule:

- the save DC the engine will use (``Combatant.spell_dc``: the spell's level, the casting ability and Spell
  Focus; an item's own DC for wands, staves and scrolls);
- a chance (0..1): to hit (attack roll against the target's AC as it stands, natural 1 and 20, concealment
  and mirror images), that the target fails its save, that a check succeeds (defensive casting, a dispel
  or duel counterspell check, a bull rush). Each is ``core.chance`` of the very ``core.Check`` the rule
  rolls (``attacks.weapon_attack_check``, ``effects.spell_attack_check``, ``effects.save_check``,
  ``effects.defensive_casting_check``, ``maneuvers.bull_rush_check``,
  ``duel_counterspell.duel_counter_check``, ``duel_counterspell.counter_dispel_check``), times
  ``attacks.strikes_true_chance`` for an attack: no formula is written here a second time (issue 9).
  What a player may fairly know: their own bonuses, and the defences anyone sees at the table (as
  Baldur's Gate 3 shows them). Nothing is computed that depends on
  a hidden spell (no identification chance; a counterspell's chance only once the spell is known, or a
  dispel's, whose DC is the caster's level) — MD-26;
- MD-8 during the preparation: whether the casting will carry into the zone or be suppressed on entry
  (``rite.carries_into_zone``).

The pending decision carries a ``code`` and ``args`` for its sentence (the page translates it; ``prompt``
stays the engine's English) and ``reactions``, the reaction kinds its options belong to (Ask / Always /
Never applies to each).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any, TypeVar
from weakref import WeakKeyDictionary

from pydantic import BaseModel, ConfigDict

from . import actions as _actions
from . import geometry
from . import spell_options as _opts
from .attacks import strikes_true_chance, weapon_attack_check
from .core import OUT_STATUSES, chance
from .creatures import get as creature
from .duel_actions import crowd_standing
from .duel_counterspell import DISPELS, counter_dispel_check, duel_counter_check, same_or_counter
from .effects import (
    defensive_casting_check,
    immune_again,
    immune_to,
    item_dc,
    save_check,
    spell_attack_check,
)
from .events import Event, EventModel
from .maneuvers import bull_rush_check
from .rite import carries_into_zone
from .spell_lookup import spell_by_id
from .spells.model import AttackNode, ChoiceNode, SaveNode
from .terrain import patches as terrain_patches
from .walls import live as live_walls
from .zone import entrants_bounds

if TYPE_CHECKING:
    from .combatant import Combatant
    from .state import Duel


class _M(BaseModel):
    """Base of the view models. Built on first use (``defer_build``), not on import: the page's warm-up
    imports this module, then builds its models one per task (``compose.loading``; issue 15)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)


_Model = TypeVar("_Model", bound=BaseModel)
_setattr = object.__setattr__  # past pydantic's own __setattr__, as model_construct sets them
_TRUSTED_DEFAULTS: dict[type[BaseModel], tuple[dict[str, Any], tuple[str, ...]]] = {}


def _trusted(cls: type[_Model], fields: dict[str, Any]) -> _Model:
    """A view model made of ``fields`` the engine computed with the fields' own types, without validating
    them again: what ``cls.model_construct(**fields)`` does, without its walk over every field per call.
    The computer reads a view per decision, with a model per option and per participant, and validating
    them again was 5-7% of its decision (issue 15). ``test_views_trusted_parts_equal_validated_ones``
    checks, over whole duels, that each part equals the one validation builds.

    >>> _trusted(SpellSlotView, {"spell": "shield", "level": 1}) == SpellSlotView(spell="shield", level=1)
    True
    """
    known = _TRUSTED_DEFAULTS.get(cls)
    if known is None:
        # Every field in the model's order (a required one holds None until given): an update keeps a key
        # where it stands, so the model dumps its fields in the same order as a validated one.
        template = {n: None if f.is_required() else f.default for n, f in cls.model_fields.items()}
        mutable = tuple(n for n, v in template.items() if isinstance(v, (list, dict)))
        known = _TRUSTED_DEFAULTS[cls] = (template, mutable)
    template, mutable = known
    values = template.copy()
    values.update(fields)
    for n in mutable:
        if n not in fields:
            values[n] = type(template[n])()  # a fresh empty list or dict: never one shared by two models
    m = cls.__new__(cls)
    _setattr(m, "__dict__", values)
    _setattr(m, "__pydantic_fields_set__", set(fields))
    _setattr(m, "__pydantic_extra__", None)
    _setattr(m, "__pydantic_private__", None)
    return m


class ConditionView(_M):
    #: Frozen: one instance per (name, rounds, stat, value) is shared by every view (:func:`_conds`).
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    name: str
    rounds: int | None = None
    stat: str | None = None
    value: int | None = None


class CombatantView(_M):
    """What anyone can see of a participant."""

    id: str
    name: str
    side: str
    cls: str
    level: int
    position: list[float]
    hp: int
    max_hp: int
    nonlethal: int
    temp_hp: int
    status: str
    conditions: list[ConditionView]
    mirror_images: int
    summoned_by: str | None = None
    wielding: str | None = None  # DU-27: the weapon in hand, the one a duel parry is rolled with
    #: Out of the fight (dead, unconscious, dying, expelled, withdrawn…): the engine's own list of statuses.
    out_of_fight: bool = False
    #: The sheet's grammatical gender ("f"), for the French words that agree with it ("tuée").
    gender: str | None = None
    #: A summoned creature's catalogue id (``mageduel.creature``): its name in the reader's language.
    creature: str | None = None


class SpellSlotView(_M):
    #: Frozen: one instance per (spell, level, used) is shared by every view (:func:`_slot_view`).
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    spell: str
    level: int
    used: bool = False


_SLOT_VIEWS: dict[tuple[str, int, bool], SpellSlotView] = {}


def _slot_view(spell: str, level: int, used: bool) -> SpellSlotView:
    """A prepared spell as the view shows it, built once per (spell, level, used): a wizard's sheet lists
    dozens, in every one of its views."""
    key = (spell, level, used)
    v = _SLOT_VIEWS.get(key)
    if v is None:
        if len(_SLOT_VIEWS) > 10_000:  # bounded whatever the sheets (the catalogue's spells are far fewer)
            _SLOT_VIEWS.clear()
        v = _SLOT_VIEWS[key] = SpellSlotView(spell=spell, level=level, used=used)
    return v


class ResourcesView(_M):
    """A participant's duel resources this round (DU-11..DU-18, MD-12, C-9, C-10)."""

    immediate_ready: bool
    swift_spent_next: bool  # an immediate action off one's turn spent the next turn's swift action (C-9)
    effort_used: bool
    duel_counter_used: bool  # DU-13: once per round (French text; the English variant has no limit)
    duel_counter_limited: bool
    md_counter_used: bool  # MD-12: the extra counterspell, once per round
    aoo_used: bool  # C-10: one attack of opportunity per round
    readied: str | None = None
    #: DU-30, with performance combat on: the crowd's attitude toward this participant's side ("hostile" …
    #: "helpful") and the side's victory points left; None without it.
    crowd: str | None = None
    victory_points: int | None = None


class SpellsLeftView(CombatantView):
    """A participant as the others see it, with the spells it has left: prepared (a wizard), known and
    the slots to cast them (a sorcerer) — what the computer weighs before declaring a draw (MD-25)."""

    prepared: list[SpellSlotView] = []
    known: dict[int, list[str]] = {}
    slots: dict[int, int] = {}


class OwnView(SpellsLeftView):
    """A participant's own sheet as it stands now."""

    ac: int
    touch_ac: int
    flat_footed_ac: int
    #: The same three ACs as named parts (C-4: base 10, armour, shield, Dex, dodge, deflection, natural
    #: armour, size, conditions…), from the formula the attack rolls use; each sums to its total.
    ac_parts: list[tuple[str, int]] = []
    touch_ac_parts: list[tuple[str, int]] = []
    flat_footed_ac_parts: list[tuple[str, int]] = []
    saves: dict[str, int]
    abilities: dict[str, int]
    immediate_ready: bool
    effort_used: bool
    readied: str | None = None
    speed: float = 0.0  # feet per move action, as it stands (haste, slow, conditions)
    base_abilities: dict[str, int] = {}
    ability_damage: dict[str, int] = {}  # MD-15 temporary damage, per ability (only those not 0)
    ability_drain: dict[str, int] = {}
    resources: ResourcesView | None = None
    #: During a mageduel's preparation (MD-8): the spells now on this participant that will carry into the
    #: zone and those that will be suppressed on entry (summoned creatures by id), as the rite will judge.
    entry_forecast: dict[str, list[str]] | None = None


class SpellInfo(_M):
    id: str
    level: int
    school: str


class CastingView(_M):
    caster: str
    targets: list[str]
    point: list[float] | None = None
    spell: SpellInfo | None = None  # None: hidden from this player (MD-26)
    #: DU-24: the spell, known to this player, allows neither an attack roll nor a Reflex save, so a duel
    #: dodge against it would be spent for nothing.
    dodge_useless: bool = False


class AreaView(_M):
    """Where an area option's spell falls, as the rules will judge it: its ``shape`` (burst, spread,
    emanation, cylinder, cone, line, square), its ``size`` in feet (radius or length) at the caster level in
    force, and its floor ``outline`` (a polygon, x and y in feet) already cut at the zone's faces (MD-10)."""

    shape: str
    size: float
    outline: list[list[float]]


class TurnLeftView(_M):
    """C-9: what is left of the deciding participant's turn, from the engine's action budget: a standard
    action, a move action, a swift action, a 5-foot step, a full-round action; ``move_feet`` how far a move
    action takes them now (None: no move action left), ``step_feet`` a 5-foot step's length."""

    standard: bool
    move: bool
    swift: bool
    step: bool
    full: bool
    move_feet: float | None = None
    step_feet: float


class ZoneBoundsView(_M):
    """MD-5: the zone's allowed side in feet, from the participants' caster levels (``maximum_raised``: the
    product rule gave less than the minimum, so the maximum is the minimum)."""

    minimum: int
    maximum: int
    maximum_raised: bool = False


class OptionView(_M):
    """One legal option, for the player who decides: its id and what it is about."""

    id: str
    kind: str
    spell: str | None = None
    slot: int | None = None
    targets: list[str] = []
    point: list[float] | None = None
    aim: str | None = None  # an area aimed at someone (its point where they stand)
    affected: list[str] = []  # who the area would take in, where everyone stands now
    weapon: str | None = None
    item: str | None = None
    item_kind: str | None = None
    reaction: str | None = None
    defensive: bool = False
    save: str | None = None  # fort / ref / will: the save the spell calls for
    dc: int | None = None  # the save DC the engine will use (C-5, Spell Focus, an item's own)
    chance: float | None = None  # 0..1: to hit, that the target fails its save, that the check succeeds
    chance_of: str | None = None  # "hit", "save" (the target fails it), "check", "sure", "none"
    #: Why an option cannot work (chance 0): "immune" (the target is immune to the spell, the spell that
    #: makes it so in ``why_spell``: shield against magic missile) or "dodge-useless" (DU-24).
    why: str | None = None
    why_spell: str | None = None
    concentration: float | None = None  # cast defensively: the chance the concentration check succeeds
    carries: bool | None = None  # MD-8 precasting: carried into the zone (True) or suppressed (False)
    #: A spell option's range in feet at the caster level in force (negative levels count; an item's own
    #: caster level): 0 personal, the reach for touch — the range the engine checks aims against.
    range_ft: float | None = None
    caster_level: int | None = None  # the caster level the spell is cast at (an item's own, or the caster's)
    area: AreaView | None = None  # an area option: where it falls, cut at the zone (MD-10)
    names: dict[str, str] = {}  # the option's own name from the engine's data, per language (a spell's
    # version, a summoned creature), when it has one
    data: dict[str, Any] = {}  # the rest of the option's data (plain values only)


class PendingView(_M):
    player: str
    kind: str
    prompt: str = ""  # the engine's English sentence (a fallback)
    code: str = ""  # the sentence's catalogue key, without "prompt." (the page translates it)
    args: dict[str, Any] = {}  # its parameters: combatant ids, numbers, spell ids the decider may know
    reactions: list[str] = []  # the reaction kinds of its options (Ask / Always / Never per kind)
    context: dict[str, Any] = {}
    options: list[OptionView] | None = None  # only for the player who decides
    turn_left: TurnLeftView | None = None  # a turn's decision: what its budget still allows (C-9)


class WallView(_M):
    """A standing wall (wall of force): its foot runs from ``start`` to ``end``, ``height`` feet tall."""

    spell: str
    owner: str
    start: list[float]
    end: list[float]
    height: float


class TerrainView(_M):
    """Hampering ground a spell laid (terrain.py): grease (``kind`` "grease") or difficult terrain (ice
    storm's sleet), a floor circle of ``radius`` feet around ``centre``."""

    spell: str
    owner: str
    kind: str
    centre: list[float]
    radius: float


class BriefView(_M):
    """What the computer opponent reads of a player's view (``ai.Opponent.choose``): the same parts, built by
    the same code as :class:`View`, with ``me`` shown by its public line and the spells it has left, and
    its options without their areas' outlines. The computer never reads the rest of its own sheet (ACs,
    saves, abilities, resources), which was about a fifth of its decision to build, nor where an area
    falls (issue 15); nothing hidden from the player is in either view (MD-26)."""

    player: str | None
    kind: str
    round: int
    phase: str
    zone: list[float] | None = None
    me: SpellsLeftView | None = None
    others: list[CombatantView]
    casting: list[CastingView]
    pending: PendingView | None = None
    events: list[EventModel]
    outcome: dict[str, Any] | None = None


class View(BriefView):
    """Everything ``player`` may see of the duel: what the page draws and a person decides from."""

    turn_of: str | None = None
    order: list[str]
    zone_bounds: ZoneBoundsView | None = None  # a mageduel: MD-5's bounds on the zone's side
    walls: list[WallView] = []
    terrain: list[TerrainView] = []
    me: OwnView | None = None
    #: Outsiders the scenario placed (DU-10, MD-10, MD-19): drawn, never anyone's target.
    bystanders: list[CombatantView] = []


_CONDITION_VIEWS: dict[tuple[Any, ...], ConditionView] = {}


def _conds(c: Combatant) -> list[ConditionView]:
    """A combatant's conditions as views show them; each (name, rounds, stat, value) is built once and
    shared (every view shows every combatant's conditions)."""
    out = []
    for x in c.conditions:
        if x.data.get("dormant"):
            continue
        key = (x.name, x.rounds, x.stat or None, x.value if x.stat else None)
        v = _CONDITION_VIEWS.get(key)
        if v is None:
            if len(_CONDITION_VIEWS) > 10_000:
                _CONDITION_VIEWS.clear()
            v = _CONDITION_VIEWS[key] = ConditionView(name=key[0], rounds=key[1], stat=key[2], value=key[3])
        out.append(v)
    return out


def _public(c: Combatant) -> dict[str, Any]:
    return {
        "id": c.id,
        "name": c.name,
        "side": c.side,
        "cls": c.cls,
        "level": c.level,
        "position": list(c.pos),
        "hp": c.hp,
        "max_hp": c.max_hp,
        "nonlethal": c.nonlethal,
        "temp_hp": c.temp_hp,
        "status": c.status,
        "conditions": _conds(c),
        "mirror_images": c.mirror_images,
        "summoned_by": c.summoned_by,
        "wielding": w.id if (w := c.wielded()) is not None else None,
        "out_of_fight": c.status in OUT_STATUSES,
        "gender": c.gender,
        "creature": c.creature,
    }


def build_view(duel: Duel, player: str | None) -> View:
    """Everything ``player`` may see now (``Duel.view``)."""
    # Every part is built as its own model, from the engine's own values: the whole is assembled without
    # validating again (which walked every event model of a long log on every view).
    return View.model_construct(
        **_common_parts(duel, player, own_sheet=True),
        turn_of=duel.turn_of,
        order=list(duel.order),
        zone_bounds=_zone_bounds(duel),
        walls=[
            WallView(spell=w.spell, owner=w.owner, start=list(w.a), end=list(w.b), height=w.height)
            for w in live_walls(duel)
        ]
        if duel.walls
        else [],
        terrain=[
            TerrainView(spell=p.spell, owner=p.owner, kind=p.kind, centre=list(p.centre), radius=p.radius)
            for p in terrain_patches(duel)
        ],
        bystanders=[CombatantView(**_public(c)) for c in duel.bystanders],
    )


def build_brief_view(duel: Duel, player: str | None) -> BriefView:
    """What the computer reads of ``player``'s view (``Duel.brief_view``): the parts it shares with
    :func:`build_view`."""
    return _trusted(BriefView, _common_parts(duel, player, own_sheet=False))


def _common_parts(duel: Duel, player: str | None, own_sheet: bool) -> dict[str, Any]:
    """The parts a :class:`BriefView` and a :class:`View` share; ``me`` with the player's whole sheet
    (:class:`OwnView`) and its options' areas if ``own_sheet``, else its public line and the spells it has
    left, and no area."""
    me: SpellsLeftView | None = None
    others = []
    for c in duel.participants:
        if c.id != player:
            others.append(_trusted(CombatantView, _public(c)))
            continue
        spells_left = {
            "prepared": [_slot_view(p.spell, p.level, p.used) for p in c.prepared],
            "known": {k: list(v) for k, v in c.known.items()},
            "slots": dict(c.slots),
        }
        if not own_sheet:
            me = _trusted(SpellsLeftView, _public(c) | spells_left)
        else:
            ac_parts, touch_parts, flat_parts = c.ac_parts(), c.ac_parts("touch"), c.ac_parts("flat-footed")
            me = OwnView(
                **_public(c),
                **spells_left,
                ac=sum(v for _, v in ac_parts),  # Combatant.ac: the sum of its parts, computed once
                touch_ac=sum(v for _, v in touch_parts),
                flat_footed_ac=sum(v for _, v in flat_parts),
                ac_parts=ac_parts,
                touch_ac_parts=touch_parts,
                flat_footed_ac_parts=flat_parts,
                saves={s: sum(v for _, v in c.save_parts(s)) for s in ("fort", "ref", "will")},
                abilities={a: c.ability(a) for a in ("str", "dex", "con", "int", "wis", "cha")},
                immediate_ready=c.immediate_ready,
                effort_used=c.effort_used,
                readied=c.readied,
                speed=c.speed_now(),
                base_abilities=dict(c.base_abilities),
                ability_damage={a: v for a, v in c.ability_damage.items() if v},
                ability_drain={a: v for a, v in c.ability_drain.items() if v},
                resources=_resources(duel, c),
                # Only while the entry is ahead, not once the rite has ended the duel (MD-9's exclusion).
                entry_forecast=_entry_forecast(duel, c)
                if duel.kind == "mageduel" and duel.phase == "preparation" and duel.outcome is None
                else None,
            )
    pending = None
    p = duel.pending
    if p is not None:
        mine = p.player == player
        code, args = prompt_of(duel, p) if mine else ("", {})
        pending = _trusted(
            PendingView,
            {
                "player": p.player,
                "kind": p.kind,
                "prompt": p.prompt if mine else "",
                "code": code,
                "args": args,
                "reactions": sorted(
                    {str(o.data["reaction"]) for o in p.options if o.data.get("reaction")} - {"rite"}
                )
                if mine
                else [],
                "context": dict(p.context or {}) if mine else {},  # a copy, never the engine's own
                "options": _options(duel, p, areas=own_sheet) if mine else None,
                "turn_left": _turn_left(duel, p) if mine else None,
            },
        )
    z = duel.zone
    return {
        "player": player,
        "kind": duel.kind,
        "round": duel.round,
        "phase": duel.phase,
        "zone": [float(z.width), float(z.height)] if z is not None else None,
        "me": me,
        "others": others,
        "casting": casting_views(duel, player),
        "pending": pending,
        "events": _visible_events(duel, player),
        "outcome": duel.outcome.to_dict() if duel.outcome else None,
    }


def _zone_bounds(duel: Duel) -> ZoneBoundsView | None:
    """MD-5's bounds in a mageduel: ``zone.entrants_bounds`` of the participants' caster levels, as the rite
    sets the zone (``rite.set_zone``) and the placement sizes it (``actions.default_placement``)."""
    if duel.kind != "mageduel":
        return None
    try:
        b = entrants_bounds([c.caster_level for c in duel.participants if c.summoned_by is None])
    except ValueError:
        return None
    return ZoneBoundsView(minimum=b.minimum, maximum=b.maximum, maximum_raised=b.maximum_raised)


def _turn_left(duel: Duel, ask: Any) -> TurnLeftView | None:
    """C-9: what the turn's action budget still allows (``Ask.budget``), and how far a move goes now —
    ``actions.movement``, the function that lists the moves and judges a typed point."""
    b = ask.budget
    if b is None:
        return None
    c = duel.by_id.get(ask.actor or ask.player)
    if c is None:
        return None
    move_feet, can_step = _actions.movement(duel, c, b, c.active_condition_names())
    return TurnLeftView(
        standard=b.standard,
        move=b.move or (b.standard and not b.one_action),  # a standard action may be taken as a move (C-9)
        swift=b.swift,
        step=can_step,
        full=b.full,
        move_feet=move_feet,
        step_feet=geometry.FIVE_FOOT_STEP,
    )


def area_view(duel: Duel, c: Combatant, sp: Any, point: Any, cl: int) -> AreaView | None:
    """Where ``sp``, cast by ``c`` at caster level ``cl`` and aimed at ``point``, falls: the shape the rules
    test (``spell_options.area_shape``: a cone or a line from the caster, anything else at the point), its
    floor outline cut at the zone's faces (MD-10). None for a spell with no area."""
    area = _opts.area_of(sp)
    if area is None or point is None:
        return None
    aim = (float(point[0]), float(point[1]), float(point[2]) if len(point) > 2 else 0.0)
    origin = c.pos if area.origin == "caster" else aim
    shape = _opts.area_shape(sp, c, origin, aim, cl)
    outline = _outline(shape, float(duel.zone.width) if duel.zone is not None else None)
    return AreaView.model_construct(
        shape=area.shape, size=float(area.size_at(cl)), outline=[list(p) for p in outline]
    )


@lru_cache(maxsize=1024)
def _outline(shape: geometry.Shape, width: float | None) -> tuple[tuple[float, float], ...]:
    """A shape's floor outline, cut at a zone ``width`` feet square (None: no zone), rounded to the
    thousandth of a foot; cached, since the same aims come back view after view of a turn."""
    points = geometry.outline(shape)
    if width is not None:
        points = geometry.clip_to_floor(points, width)
    return tuple((round(x, 3), round(y, 3)) for x, y in points)


def option_area(duel: Duel, option_id: str) -> AreaView | None:
    """The area of a pending cast option, listed or typed (``cast fireball @12,30``: an area aimed at any
    point, DU-10), as the deciding participant's view would carry it; None if it is not legal or has no
    area."""
    ask = duel.pending
    if ask is None:
        return None
    o = ask.find(option_id)
    c = duel.by_id.get(str((ask.context or {}).get("actor") or ask.player))
    if o is None or c is None or o.kind != "cast" or not isinstance((o.data or {}).get("spell"), str):
        return None
    try:
        sp = spell_by_id(o.data["spell"])
    except (KeyError, LookupError, ValueError):
        return None
    return area_view(duel, c, sp, o.data.get("point"), _cast_level(c, o.data.get("item")))


def _cast_level(c: Combatant, item: Any) -> int:
    """The caster level a spell option is cast at: an item's own (a wand's, a scroll's), else the caster's
    after negative levels (``Combatant.cl``), as ``effects.cast`` uses it."""
    use = next((u for u in c.item_uses if u["key"] == item), None) if item else None
    return int(use["cl"]) if use is not None else c.cl()


def casting_views(duel: Duel, player: str | None) -> list[CastingView]:
    """The spells being cast, as ``player`` sees them in their view (MD-26: the spell only once they have
    identified it or it is revealed). ``build_view`` uses exactly this; the soak checks it on its own."""
    casting = []
    for cast in duel.casting:
        info = None
        if cast.revealed or (player is not None and player in cast.known_by):
            info = SpellInfo(id=cast.spell.id, level=cast.level, school=cast.spell.school)
        casting.append(
            CastingView(
                caster=cast.caster,
                targets=list(cast.targets),
                point=list(cast.point) if cast.point else None,
                spell=info,
                dodge_useless=info is not None and _dodge_useless(cast.spell.id),
            )
        )
    return casting


class _Log:
    """One duel's events already turned into models, and each audience's share of them.

    The log is append-only and an event never changes once emitted, so a view converts only the events new
    since the last one (without this, every view of a long duel re-validated a thousand events), and each
    player's visible list (MD-26: an event with an audience is theirs only if they are in it) grows by the
    new events alone instead of the whole log being filtered again on every view."""

    __slots__ = ("pairs", "seen", "visible")

    def __init__(self) -> None:
        self.pairs: list[tuple[Event, EventModel]] = []
        #: player (None: an observer) -> their visible models, and how many of ``pairs`` were sorted so far.
        self.visible: dict[str | None, list[EventModel]] = {}
        self.seen: dict[str | None, int] = {}


_EVENT_MODELS: WeakKeyDictionary[Duel, _Log] = WeakKeyDictionary()


def _log(duel: Duel) -> _Log:
    events = duel.events
    log = _EVENT_MODELS.get(duel)
    if (
        log is None
        or len(log.pairs) > len(events)
        or (log.pairs and log.pairs[-1][0] is not events[len(log.pairs) - 1])
    ):
        log = _EVENT_MODELS[duel] = _Log()  # a log that is not the one cached (never expected): start again
    pairs = log.pairs
    if len(pairs) < len(events):
        pairs.extend((e, _event_model(e)) for e in events[len(pairs) :])
    return log


def _event_model(e: Event) -> EventModel:
    """``EventModel.from_event(e)`` without validating the engine's own event again (``_trusted``): the
    same fields set, a copy of its data and lists of its own. Converting each new event was the largest
    fixed part of the computer's view (3.7 events a decision, 5.1 µs each validated, 2 µs so; issue 15)."""
    fields = e.to_dict()
    fields["data"] = dict(e.data)  # as validation copies it: a reader's change never reaches the log
    return _trusted(EventModel, fields)


def _visible_events(duel: Duel, player: str | None) -> list[EventModel]:
    """The models of the events ``player`` may see (``Event.visible_to``), in log order: a fresh list."""
    log = _log(duel)
    pairs = log.pairs
    seen = log.seen.get(player, 0)
    mine = log.visible.get(player)
    if mine is None:
        mine = log.visible[player] = []
    if seen < len(pairs):
        mine.extend(
            m for e, m in pairs[seen:] if e.audience is None or (player is not None and player in e.audience)
        )
        log.seen[player] = len(pairs)
    return list(mine)


# --- duel resources ---------------------------------------------------------------------------------------


def _resources(duel: Duel, c: Combatant) -> ResourcesView:
    limited = getattr(duel.terms, "counter_rule", "fr") != "en"
    crowd, vp = crowd_standing(duel, c.side) or (None, None)  # DU-30
    return ResourcesView(
        crowd=crowd,
        victory_points=vp,
        immediate_ready=c.immediate_ready,
        swift_spent_next=c.swift_spent_next,
        effort_used=c.effort_used,
        duel_counter_used=c.duel_counter_round == duel.round,
        duel_counter_limited=limited,
        md_counter_used=c.md_counter_round == duel.round,
        aoo_used=c.aoo_round == duel.round,
        readied=c.readied,
    )


def _entry_forecast(duel: Duel, c: Combatant) -> dict[str, list[str]]:
    """MD-8, before the entry: what the rite's suppression (``rite._suppress_on_entry``) will keep and
    take from ``c`` — the same test (``rite.carries_into_zone``) on the same facts, changing nothing."""
    bearers: dict[tuple[str, str], set[str]] = {}
    for x in duel.participants:
        for cond in x.conditions:
            if cond.source:
                bearers.setdefault((cond.source, cond.data.get("caster") or cond.tick_on), set()).add(x.id)
    kept: list[str] = []
    gone: list[str] = []
    for cond in c.conditions:
        if not cond.source:
            continue
        try:
            sp = spell_by_id(cond.source)
        except (KeyError, LookupError, ValueError):
            continue
        caster = cond.data.get("caster") or cond.tick_on
        others = bool(bearers.get((cond.source, caster), set()) - {caster})
        into = kept if carries_into_zone(sp, c.id, caster, others) else gone
        if sp.id not in into:
            into.append(sp.id)
    gone.extend(s.id for s in duel.participants if s.summoned_by == c.id and s.status == "active")
    return {"carried": kept, "suppressed": gone}


# --- the prompt as a code ---------------------------------------------------------------------------------

_CHOOSE = {"which creature?": "creature", "choose a version": "version", "choose the energy type": "energy"}


def prompt_of(duel: Duel, ask: Any) -> tuple[str, dict[str, Any]]:
    """The pending decision's sentence as a catalogue code and its parameters (ids and numbers, never a
    spell the decider may not know). Derived from the kind and the context the rules gave the Ask."""
    kind, ctx = ask.kind, ask.context or {}
    if kind == "turn":
        return "turn", {"actor": ctx.get("actor", ask.player)}
    if kind in ("identify", "counter"):
        return "casting", {"caster": ctx.get("caster"), "targets": list(ctx.get("targets") or [])}
    if kind == "defend":
        return "attack", {"attacker": ctx.get("attacker"), "source": ctx.get("source")}
    if kind == "aoo":
        return "provoke", {"provoker": ctx.get("provoker"), "why": ctx.get("why")}
    if kind == "effort":
        return (
            ("effort.save", {"save": ctx["save"]}) if "save" in ctx else ("effort.hp", {"hp": ctx.get("hp")})
        )
    if kind == "roll":
        keys = ("count", "sides", "purpose", "code", "roller")
        return "roll", {k: ctx.get(k) for k in keys}
    if kind == "rite:zone":
        b = ctx.get("bounds") or {}
        return "rite:zone", {"minimum": b.get("minimum"), "maximum": b.get("maximum")}
    if kind == "rite:answer":
        for e in reversed(duel.events):
            if e.kind == "rite" and e.data.get("step") == "call":
                return "rite:answer.call", {"caller": e.actor}
            if e.kind == "rite" and e.data.get("step") == "challenge":
                return "rite:answer.offer", {"challenger": e.actor, "what": duel.kind}
        return "rite:answer", {}
    if kind == "rite:perform":
        after = next((o.data.get("after") for o in ask.options if o.data.get("after")), "")
        return "rite:perform", {"after": after}
    if kind == "choose":
        spell, _, rest = ask.prompt.partition(": ")
        what = _CHOOSE.get(rest.strip(), "")
        return ("choose." + what if what else "choose"), {"spell": spell if what else None}
    plain = {k: v for k, v in ctx.items() if isinstance(v, str | int | float | bool) or v is None}
    return kind, plain


# --- options: what each is about, its DC and its chance ------------------------------------------------


def _plain(v: Any) -> bool:
    if isinstance(v, str | int | float | bool) or v is None:
        return True
    if isinstance(v, list | tuple):
        return all(isinstance(x, str | int | float | bool) for x in v)
    return False


def _str_or_none(v: Any) -> str | None:
    return v if isinstance(v, str) else None


def _int_or_none(v: Any) -> int | None:
    return v if isinstance(v, int) else None


def _ids(v: Any) -> list[str]:
    return [str(x) for x in v or []]


def _point(v: Any) -> list[float] | None:
    return [float(x) for x in v] if isinstance(v, list | tuple) else None


#: The option data an :class:`OptionView` shows as fields of its own, each read as its field takes it.
_OWN: dict[str, Callable[[Any], Any]] = {
    "spell": _str_or_none,
    "slot": _int_or_none,
    "targets": _ids,
    "point": _point,
    "aim": _str_or_none,
    "affected": _ids,
    "weapon": _str_or_none,
    "item": _str_or_none,
    "item_kind": _str_or_none,
    "reaction": _str_or_none,
    "defensive": bool,
}


def _option_fields(o: Any) -> dict[str, Any]:
    """An option's fields for its :class:`OptionView`, in one pass over its data: its own fields, the
    rest of its plain values under ``data``."""
    data: dict[str, Any] = {}
    # ``names`` and the lists given, so that pydantic does not deep-copy a default for every option.
    fields: dict[str, Any] = {
        "id": o.id,
        "kind": o.kind,
        "targets": [],
        "affected": [],
        "names": {},
        "data": data,
    }
    for k, v in (o.data or {}).items():
        own = _OWN.get(k)
        if own is not None:
            fields[k] = own(v)
        elif _plain(v):
            data[k] = list(v) if isinstance(v, tuple) else v
    return fields


def _options(duel: Duel, ask: Any, areas: bool = True) -> list[OptionView]:
    """The options of ``ask``, each with its facts; ``areas=False`` leaves out where an area falls (its
    outline, drawn for a person: the computer never reads it, and it was the dearest fact to build)."""
    out = []
    actor = duel.by_id.get(str((ask.context or {}).get("actor") or ask.player))
    memo: dict[
        Any, Any
    ] = {}  # the facts' numbers, once per view (the state does not change while it is built)
    for o in ask.options:
        ov = _trusted(OptionView, _option_fields(o))
        if o.kind == "choose":
            try:
                ov.names = _choice_names(ask, o)
            except (KeyError, LookupError, ValueError, AttributeError):
                pass
        if actor is not None:
            facts: dict[str, Any] = {}
            try:
                _facts(duel, ask, actor, o, ov, memo, facts, areas)
            except (LookupError, ValueError, AttributeError, TypeError, StopIteration):
                pass  # an option the facts do not cover (a new kind): shown without them
            if facts:
                # Set as pydantic's own assignment does (these models do not validate assignments):
                # values of the fields' types, computed above, marked as set.
                ov.__dict__.update(facts)
                ov.__pydantic_fields_set__.update(facts)
        out.append(ov)
    return out


def _choice_names(ask: Any, o: Any) -> dict[str, str]:
    """A ``choose`` option's name in each language: a spell's version (telekinesis) or a creature."""
    d = o.data or {}
    if d.get("creature"):
        name = creature(str(d["creature"])).name
        return {"en": name.en, "fr": name.fr}
    if d.get("choice"):
        spell = ask.prompt.partition(": ")[0]
        try:
            sp = spell_by_id(spell)
        except (KeyError, LookupError, ValueError):
            return {}
        for n in sp.nodes():
            if isinstance(n, ChoiceNode):
                for opt in n.options:
                    if opt.id == d["choice"]:
                        return {"en": opt.name.en, "fr": opt.name.fr}
    return {}


def _once(memo: dict[Any, Any], key: Any, compute: Any, *args: Any) -> Any:
    """``compute(*args)``, computed once per view under ``key``."""
    try:
        return memo[key]
    except KeyError:
        value = memo[key] = compute(*args)
        return value


def _chance_once(memo: dict[Any, Any], key: Any, check: Any, *args: Any) -> float:
    """``core.chance`` of the check ``check(*args)`` builds, computed once per view under ``key``: a spell's
    plain and defensive options, and an area's aims, share it."""
    return _once(memo, key, _chance_of, check, *args)


def _chance_of(check: Any, *args: Any) -> float:
    return chance(check(*args))


def _immune(target: Combatant, sp: Any) -> bool:
    return immune_to(target, sp) or immune_again(target, sp)


_SPELL_NODES: dict[str, tuple[Any, Any, Any]] = {}


def _spell_nodes(spell_id: str) -> tuple[Any, Any, Any]:
    """A spell, its first save node and its first attack node; kept, as ``spell_by_id`` keeps the spell
    (the catalogue does not change, and every view of a turn asks again)."""
    found = _SPELL_NODES.get(spell_id)
    if found is None:
        sp = spell_by_id(spell_id)
        nodes = sp.nodes()
        save = next((n for n in nodes if isinstance(n, SaveNode)), None)
        attack = next((n for n in nodes if isinstance(n, AttackNode)), None)
        found = _SPELL_NODES[spell_id] = (sp, save, attack)
    return found


def _facts(
    duel: Duel,
    ask: Any,
    c: Combatant,
    o: Any,
    ov: OptionView,
    memo: dict[Any, Any],
    f: dict[str, Any],
    areas: bool = True,
) -> None:
    """The facts of option ``ov`` (its chance, DC, range…) written into ``f``: set on the option in one
    step by the caller, not a pydantic ``__setattr__`` each (the computer's hot loop, issue 15)."""
    kind = o.kind
    target = duel.by_id.get(ov.targets[0]) if len(ov.targets) == 1 else None
    if target is None and not ov.targets and ov.aim:
        target = duel.by_id.get(ov.aim)  # an area aimed at someone: the chance against them
    if kind == "cast" and ov.spell:
        sp, save, attack = _spell_nodes(ov.spell)
        use = next((u for u in c.item_uses if u["key"] == ov.item), None) if ov.item else None
        cl = int(use["cl"]) if use is not None else _once(memo, "cl", c.cl)
        f["caster_level"] = cl
        f["range_ft"] = _once(memo, ("range", sp.id, cl), _opts.spell_range, sp, c, cl)
        if areas and ov.point is not None:
            f["area"] = area_view(duel, c, sp, ov.point, cl)
        if use is None:
            # the engine's own (effects.cast)
            f["dc"] = _once(memo, ("dc", sp.level, sp.school), c.spell_dc, sp.level, sp.school)
        else:
            f["dc"] = item_dc(c, use, sp)  # the item's DC, as effects.cast computes it
        if save is not None:
            f["save"] = save.save
        else:
            f["dc"] = None  # no save: no DC to show
        if ov.defensive:
            f["concentration"] = _chance_once(memo, ("defensive", sp.level), defensive_casting_check, c, sp)
        # The resolver's own tests (effects.resolve): immune to the spell or its descriptor, or not again so
        # soon (daze).
        if (
            target is not None
            and target.side != c.side
            and _once(memo, ("immune", sp.id, target.id), _immune, target, sp)
        ):
            f["chance"], f["chance_of"], f["why"] = 0.0, "none", "immune"
            f["why_spell"] = next(
                (x.source for x in target.conditions if x.source and _grants_immunity(x.source, sp)), None
            )
        elif target is not None and target.side != c.side:
            if attack is not None:
                p = _chance_once(
                    memo, ("spell-attack", sp.id, target.id), spell_attack_check, c, sp, attack, target
                )
                f["chance"], f["chance_of"] = p * strikes_true_chance(c, target), "hit"
            elif save is not None and f["dc"] is not None:
                key = ("save", sp.id, target.id, f["dc"])
                fails = 1 - _chance_once(memo, key, save_check, duel, c, save, target, f["dc"], None)
                f["chance"], f["chance_of"] = fails, "save"
        if duel.phase == "preparation" and duel.kind == "mageduel":
            touched = set(ov.targets) | {str(x) for x in (o.data or {}).get("affected") or []}
            bearer = ov.targets[0] if ov.targets else c.id
            f["carries"] = carries_into_zone(sp, bearer, c.id, bool(touched - {c.id}))
        return
    if kind == "aoo" and ov.weapon:
        target = duel.by_id.get(str((ask.context or {}).get("provoker")))
    if kind in ("attack", "full-attack", "aoo") and ov.weapon and target is not None:
        w = next((w for w in c.weapons if w.id == ov.weapon), None)
        if w is None:
            return  # a weapon of another creature (a summon's, decided by its summoner): no chance shown
        bab = c.attacks[0] if c.attacks else c.bab
        p = _chance_once(memo, ("weapon", w.id, target.id), weapon_attack_check, c, w, target, bab)
        f["chance"], f["chance_of"] = p * strikes_true_chance(c, target), "hit"
        return
    if kind in ("duel-counter", "md-counter", "counter") and ov.spell:
        _counter_chance(duel, ask, c, ov, f)
        return
    if kind == "dodge" and (ask.context or {}).get("source") == "spell":
        # DU-24: against a spell the defender knows (identified or revealed) with neither an attack roll
        # nor a Reflex save, a duel dodge is spent for nothing.
        caster = (ask.context or {}).get("attacker")
        cast = next((x for x in reversed(duel.casting) if x.caster == caster), None)
        if cast is not None and (c.id in cast.known_by or cast.revealed) and _dodge_useless(cast.spell.id):
            f["chance"], f["chance_of"], f["why"] = 0.0, "none", "dodge-useless"
        return
    if kind == "bull-rush" and target is not None:
        # C-13: the CMB check against the target's CMD (what anyone at the table can work out).
        f["chance"], f["chance_of"] = chance(bull_rush_check(c, target)), "check"
        return


def _dodge_useless(spell_id: str) -> bool:
    """DU-24: a spell with neither an attack roll nor a Reflex save leaves a duel dodge nothing to do."""
    sp = spell_by_id(spell_id)
    return not sp.attack_kinds and "ref" not in sp.save_kinds


def _grants_immunity(source: str, sp: Any) -> bool:
    try:
        src = spell_by_id(source)
    except (KeyError, LookupError, ValueError):
        return False
    for n in src.nodes():
        if getattr(n, "kind", "") == "immunity":
            if sp.id in n.spells or any(d in n.descriptors for d in sp.descriptors):
                return True
    return source == sp.id


def _counter_chance(duel: Duel, ask: Any, r: Combatant, ov: OptionView, f: dict[str, Any]) -> None:
    """A counterspell's chance — only what the defender may know: a dispel check's DC is the caster's
    level; a duel counterspell's or a same-spell counter's needs the spell, which is then known (MD-26).
    The chance is that of the very :class:`~mageduel.core.Check` ``duel_counterspell.resolve_counter``
    rolls."""
    cast = next((x for x in reversed(duel.casting) if x.caster == (ask.context or {}).get("caster")), None)
    if cast is None:
        return
    known = r.id in cast.known_by or cast.revealed
    used = spell_by_id(str(ov.spell))
    if ov.kind == "duel-counter":
        if used.id in DISPELS or known:  # DU-16 needs no identification; DU-14 needs the spell
            f["chance"] = chance(duel_counter_check(duel, r, cast, used, ov.slot or 0))
            f["chance_of"] = "check"
        return
    if not known:
        return
    if same_or_counter(cast.spell, used.id):  # C-12: no roll
        f["chance"], f["chance_of"] = 1.0, "sure"
        return
    clause = "MD-12" if ov.kind == "md-counter" else "C-12"
    f["chance"], f["chance_of"] = chance(counter_dispel_check(duel, r, cast, used, clause)), "check"
