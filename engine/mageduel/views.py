"""What one player may know: ``duel.view(player)`` (boardgame.io's player view).

Hidden from the other participants (MD-26): the spell being cast — no name, level or school — until they
identify it or it resolves; their prepared spells, known spells and remaining slots; private events
(``audience``); the options of a decision that is not theirs. ``player=None`` is an observer who sees only
what is public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict

from .events import EventModel
from .walls import live as live_walls

if TYPE_CHECKING:
    from .combatant import Combatant
    from .state import Duel


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ConditionView(_M):
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


class SpellSlotView(_M):
    spell: str
    level: int
    used: bool = False


class OwnView(CombatantView):
    """A participant's own sheet as it stands now."""

    prepared: list[SpellSlotView] = []
    known: dict[int, list[str]] = {}
    slots: dict[int, int] = {}
    ac: int
    touch_ac: int
    flat_footed_ac: int
    saves: dict[str, int]
    abilities: dict[str, int]
    immediate_ready: bool
    effort_used: bool
    readied: str | None = None


class SpellInfo(_M):
    id: str
    level: int
    school: str


class CastingView(_M):
    caster: str
    targets: list[str]
    point: list[float] | None = None
    spell: SpellInfo | None = None  # None: hidden from this player (MD-26)


class OptionView(_M):
    id: str
    kind: str


class PendingView(_M):
    player: str
    kind: str
    prompt: str = ""
    context: dict[str, Any] = {}
    options: list[OptionView] | None = None  # only for the player who decides


class WallView(_M):
    """A standing wall (wall of force): its foot runs from ``start`` to ``end``, ``height`` feet tall."""

    spell: str
    owner: str
    start: list[float]
    end: list[float]
    height: float


class View(_M):
    player: str | None
    kind: str
    round: int
    phase: str
    turn_of: str | None = None
    order: list[str]
    zone: list[float] | None = None
    walls: list[WallView] = []
    me: OwnView | None = None
    others: list[CombatantView]
    casting: list[CastingView]
    pending: PendingView | None = None
    events: list[EventModel]
    outcome: dict[str, Any] | None = None


def _conds(c: Combatant) -> list[ConditionView]:
    return [
        ConditionView(name=x.name, rounds=x.rounds, stat=x.stat or None, value=x.value if x.stat else None)
        for x in c.conditions
        if not x.data.get("dormant")
    ]


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
    }


def build_view(duel: Duel, player: str | None) -> View:
    me = None
    others = []
    for c in duel.participants:
        if c.id == player:
            me = OwnView(
                **_public(c),
                prepared=[SpellSlotView(spell=p.spell, level=p.level, used=p.used) for p in c.prepared],
                known={k: list(v) for k, v in c.known.items()},
                slots=dict(c.slots),
                ac=c.ac(),
                touch_ac=c.ac("touch"),
                flat_footed_ac=c.ac("flat-footed"),
                saves={s: sum(v for _, v in c.save_parts(s)) for s in ("fort", "ref", "will")},
                abilities={a: c.ability(a) for a in ("str", "dex", "con", "int", "wis", "cha")},
                immediate_ready=c.immediate_ready,
                effort_used=c.effort_used,
                readied=c.readied,
            )
        else:
            others.append(CombatantView(**_public(c)))
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
            )
        )
    pending = None
    p = duel.pending
    if p is not None:
        mine = p.player == player
        pending = PendingView(
            player=p.player,
            kind=p.kind,
            prompt=p.prompt if mine else "",
            context=p.context if mine else {},
            options=[OptionView(id=o.id, kind=o.kind) for o in p.options] if mine else None,
        )
    events = [EventModel.from_event(e) for e in duel.events if e.visible_to(player)]
    z = duel.zone
    return View(
        player=player,
        kind=duel.kind,
        round=duel.round,
        phase=duel.phase,
        turn_of=duel.turn_of,
        order=list(duel.order),
        zone=[z.width, z.height] if z is not None else None,
        walls=[
            WallView(spell=w.spell, owner=w.owner, start=list(w.a), end=list(w.b), height=w.height)
            for w in live_walls(duel)
        ]
        if duel.walls
        else [],
        me=me,
        others=others,
        casting=casting,
        pending=pending,
        events=events,
        outcome=duel.outcome.to_dict() if duel.outcome else None,
    )
