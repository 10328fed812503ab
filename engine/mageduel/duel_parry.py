"""The duel parry (DU-26..DU-29): against a weapon attack (never a spell or a firearm), an immediate action
to oppose the attack roll with one's own, at the highest base attack bonus -5, with the weapon wielded
(DU-27); the duelist's parry class feature parries once a round without it (DU-28); a parried critical
still hits for normal damage (DU-29, in ``attacks``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .core import Option
from .events import RollPurpose
from .spells.model import SIZE_ORDER

if TYPE_CHECKING:
    from .combatant import Combatant
    from .state import Duel, Gen


def parry_options(target: Combatant, source: str, what: Any, free: bool) -> list[Option]:
    """DU-26 / DU-27: a parry with each melee weapon wielded, against a weapon attack that is no firearm;
    ``free``: by the parry class feature (DU-28)."""
    if source != "weapon" or getattr(what, "firearm", False):  # DU-26: not spells, not firearms
        return []
    out = []
    for w in target.parry_weapons():  # DU-27: the weapon wielded
        if w.kind == "melee":
            data = {"reaction": "parry", "weapon": w.id} | ({"feature": True} if free else {})
            out.append(Option(f"react parry {w.id}", "parry", data))
    return out


def feature_parry(duel: Duel, target: Combatant, attacker: Combatant, source: str, what: Any) -> bool:
    """DU-28: may ``target`` duel parry this attack with the parry class feature, free of the immediate
    action? Only while the feature is in use (an attack given up to hold a parry, ``parry_held``), once per
    round, against a melee weapon attack by an attacker no larger than the target (the duelist's parry)."""
    return (
        target.parry_held
        and "parry" in target.features
        and target.feature_parry_round != duel.round
        and source == "weapon"
        and getattr(what, "kind", "") == "melee"
        and SIZE_ORDER.index(attacker.size) <= SIZE_ORDER.index(target.size)
    )


def parry_roll(duel: Duel, c: Combatant, attack_total: int) -> Gen:
    """DU-27: an attack roll at the highest BAB -5 (-2 more unarmed) that meets the attack roll parries."""
    wid = duel.parry_weapons.get(c.id)
    w = next((w for w in c.weapons if w.id == wid), None)
    mods = c.attack_parts("melee", max(c.attacks) if c.attacks else c.bab)
    if w is not None and w.attack_bonus:
        # "An attack roll with the weapon they wield": the weapon's own modifiers count (Weapon Focus,
        # finesse, non-proficiency), as in the attack roll it is set against.
        mods.append(("weapon", w.attack_bonus))
    mods.append(("duel parry", -5))
    if w is None or w.unarmed:
        mods.append(("unarmed", -2))
    res = yield from duel.check(
        c.id, "duel parry", mods, attack_total, ("DU-27",), against="opposed", code=RollPurpose.DUEL_PARRY
    )
    duel.emit("parried" if res.success else "parry-fails", c.id, {}, ("DU-27", "DU-29"))
    return res.success
