"""Option ids read back into parts, for labels and grouping: the engine's notation, never its rules.

The renderer is handed the legal option ids (``view.pending.options``) and only sorts and labels them;
whether an option is legal is the engine's business alone.

>>> c = parse("cast fireball slot4 @p2 def")
>>> (c.verb, c.spell, c.slot, c.target, c.defensive)
('cast', 'fireball', 4, 'p2', True)
>>> parse("react duel-counter magic_missile slot1").reaction
'duel-counter'
>>> parse("move 12.5,3").point
(12.5, 3.0)
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Choice:
    id: str
    verb: str
    spell: str | None = None
    slot: int | None = None
    target: str | None = None  # a combatant id
    point: tuple[float, float] | None = None
    defensive: bool = False
    reaction: str | None = None  # dodge, parry, effort, duel-counter, md-counter, counter
    weapon: str | None = None
    value: str | None = None  # roll N, prepare N, zone WxH, choose X, face-off skill


def _point(text: str) -> tuple[float, float] | None:
    parts = text.split(",")
    try:
        return (float(parts[0]), float(parts[1])) if len(parts) >= 2 else None
    except ValueError:
        return None


def parse(option_id: str) -> Choice:
    words = option_id.split()
    if not words:
        return Choice(option_id, "")
    verb, rest = words[0], words[1:]
    target = point = None
    slot = None
    defensive = False
    plain: list[str] = []
    for w in rest:
        if w.startswith("@"):
            p = _point(w[1:]) if "," in w else None
            if p is not None:
                point = p
            else:
                target = w[1:]
        elif w.startswith("slot") and w[4:].isdigit():
            slot = int(w[4:])
        elif w == "def":
            defensive = True
        else:
            plain.append(w)
    if verb == "cast":
        return Choice(
            option_id,
            verb,
            spell=plain[0] if plain else None,
            slot=slot,
            target=target,
            point=point,
            defensive=defensive,
        )
    if verb == "react":
        kind = plain[0] if plain else ""
        if kind == "parry":
            return Choice(option_id, verb, reaction=kind, weapon=plain[1] if len(plain) > 1 else None)
        return Choice(option_id, verb, reaction=kind, spell=plain[1] if len(plain) > 1 else None, slot=slot)
    if verb in ("attack", "full-attack", "aoo"):
        return Choice(option_id, verb, weapon=plain[0] if plain else None, target=target)
    if verb in ("move", "step"):
        return Choice(option_id, verb, point=_point(plain[0]) if plain else None)
    return Choice(
        option_id, verb, target=target, point=point, value=" ".join(plain) or None, defensive=defensive
    )
