"""A participant (or a summoned creature) as the duel sees it: plain, mutable, fast.

Built once from the pydantic character sheet (``character.Character``) when the duel starts; the hot loop
reads these slotted fields and never touches pydantic. Numbers that conditions change (AC, attack, saves)
are computed on demand from the base numbers and the conditions list.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from . import checks
from .conditions import ACTS_ORDER, RULES, Condition, named_modifiers, rule_modifiers, total_modifier

SAVE_ABILITY = {"fort": "con", "ref": "dex", "will": "wis"}
#: C-4: the bonus types a touch attack passes by.
_NOT_AGAINST_TOUCH = frozenset({"armor", "shield", "natural_armor"})


@dataclass(slots=True)
class WeaponUse:
    """A weapon the combatant can attack with."""

    id: str
    name: str
    kind: str  # "melee" / "ranged"
    count: int
    die: int
    crit_from: int
    crit_mult: int
    reach: float
    range_increment: float | None
    dtype: str
    unarmed: bool
    firearm: bool = False
    nonlethal: bool = False
    magic: bool = False
    attack_bonus: int = 0
    damage_bonus: int = 0
    #: The attack delivers poison (a giant centipede's bite): a term may ban it (DU-7).
    poison: bool = False


@dataclass(slots=True)
class PreparedSpell:
    spell: str
    level: int
    used: bool = False


@dataclass(slots=True)
class Combatant:
    id: str
    name: str
    side: str
    level: int
    cls: str  # "wizard", "sorcerer", "fighter", "creature"
    caster_level: int
    casting_ability: str | None  # "int" / "cha"
    spontaneous: bool
    base_abilities: dict[str, int]
    max_hp: int
    bab: int
    attacks: tuple[int, ...]  # iterative attack bonuses (BAB steps)
    base_saves: dict[str, int]  # fort/ref/will base + feats (without ability)
    ac_static: int  # 10 + armour + shield + natural + deflection + size + feats, without Dex
    speed: float
    skills: dict[str, int]  # totals without the d20 (spellcraft, bluff, intimidate, sense_motive, ...)
    feats: frozenset[str]
    weapons: list[WeaponUse]
    #: Class features beyond the base class (``parry``: the duelist's, DU-28).
    features: frozenset[str] = frozenset()
    prepared: list[PreparedSpell] = field(default_factory=list)
    known: dict[int, list[str]] = field(default_factory=dict)
    slots: dict[int, int] = field(default_factory=dict)
    dc_bonus_school: dict[str, int] = field(default_factory=dict)
    concentration_bonus: int = 0
    defensive_bonus: int = 0  # Combat Casting (+4 to cast defensively)
    initiative_bonus: int = 0  # Improved Initiative and the like, without Dex
    counter_bonus: int = 0
    size: str = "medium"
    hd: int = 1
    items: list[str] = field(default_factory=list)
    #: Usable items: {"key": "item1", "kind": "wand"|"staff"|"scroll"|"potion", "spells": [(id, cost)],
    #: "left": charges or uses, "cl": caster level}.
    item_uses: list[dict[str, Any]] = field(default_factory=list)
    summoned_by: str | None = None
    arcane: bool = True
    gender: str | None = None  # French grammar only (the sheet's ``gender``): "f" or None
    #: A summoned creature's catalogue id: the interface names it in the reader's language.
    creature: str | None = None
    # --- live state -------------------------------------------------------------------------------
    hp: int = 0
    nonlethal: int = 0
    temp_hp: int = 0
    ability_damage: dict[str, int] = field(default_factory=dict)
    ability_drain: dict[str, int] = field(default_factory=dict)
    ability_penalty: dict[str, int] = field(default_factory=dict)
    ability_set: dict[str, int] = field(default_factory=dict)
    negative_levels: int = 0
    pos: tuple[float, float, float] = (0.0, 0.0, 0.0)
    conditions: list[Condition] = field(default_factory=list)
    status: str = "active"
    immediate_ready: bool = True
    swift_spent_next: bool = False
    aoo_round: int = -1
    duel_counter_round: int = -1
    md_counter_round: int = -1
    effort_used: bool = False
    readied: str | None = None
    #: DU-28: an attack given up in a full attack to parry before the next turn (the parry feature in use),
    #: and the round of the last duel parry made with it (once per round).
    parry_held: bool = False
    feature_parry_round: int = -1
    #: DU-27: the weapon in hand (its id): the one last attacked with; None until then — see ``wielded``.
    wielding: str | None = None
    effort_delay_hp: bool = False  # DU-20 in force
    deferred: list[Any] = field(default_factory=list)  # DU-19 effects waiting for the end of next turn
    mirror_images: int = 0
    dr: list[int] = field(default_factory=list)  # [amount, remaining absorption]
    resist: dict[str, int] = field(default_factory=dict)
    immune_spells: set[str] = field(default_factory=set)
    immune_descriptors: set[str] = field(default_factory=set)
    flying: bool = False
    loaded: bool = True
    controller: str = ""
    data: dict[str, Any] = field(default_factory=dict)
    # melee_reach's cache, valid while the weapons list is the same one with the same length
    _reach: float = -1.0
    _reach_of: Any = None
    _reach_n: int = -1

    # --- derived numbers --------------------------------------------------------------------------

    def dirty(self) -> None:
        """Hook for caches of derived numbers (none yet: everything is computed on demand)."""

    def ability(self, name: str) -> int:
        """The current score: base, minus damage and drain, plus penalties, conditions (C-11) on Str/Dex."""
        if self.ability_set and name in self.ability_set:
            return self.ability_set[name]
        score = self.base_abilities.get(name, 10)
        if self.ability_damage:
            score -= self.ability_damage.get(name, 0)
        if self.ability_drain:
            score -= self.ability_drain.get(name, 0)
        if self.ability_penalty:
            score += self.ability_penalty.get(name, 0)
        if self.conditions:  # one pass; most creatures have few or none
            key = "ability:" + name
            str_dex = name == "str" or name == "dex"
            typed = []
            seen: set[str] = set()
            for c in self.conditions:
                if c.data and c.data.get("dormant"):
                    continue
                if c.stat == key:
                    typed.append(c)
                if str_dex and c.name not in seen:
                    seen.add(c.name)
                    rule = RULES.get(c.name)
                    if rule is not None and rule.str_dex:
                        score += rule.str_dex
                    if name == "dex" and c.name == "paralysed":
                        return 0
            if typed:
                score += total_modifier(typed, (key,))
        return max(0, score)

    def mod(self, name: str) -> int:
        return checks.ability_mod(self.ability(name))

    def active_conditions(self) -> list[Condition]:
        if not self.conditions:
            return []
        return [c for c in self.conditions if not c.data.get("dormant")]

    def active_condition_names(self) -> set[str]:
        if not self.conditions:
            return set()
        return {c.name for c in self.conditions if c.name in RULES and not c.data.get("dormant")}

    def has(self, name: str) -> bool:
        for c in self.conditions:
            if c.name == name and not c.data.get("dormant"):
                return True
        return False

    def ends_duel_condition(self) -> bool:
        """DU-5 ruling: petrified, unconscious (and the like) end the duel; held, stunned, dazed do not."""
        for c in self.conditions:
            if not c.data.get("dormant") and c.name in RULES and RULES[c.name].ends_duel:
                return True
        return False

    def acts(self, names: set[str] | None = None) -> str:
        """The action economy left by conditions (``names``: :meth:`active_condition_names` if known)."""
        worst = "full"
        for n in self.active_condition_names() if names is None else names:
            a = RULES[n].acts
            if ACTS_ORDER[a] > ACTS_ORDER[worst]:
                worst = a
        if self.nonlethal and self.nonlethal == self.hp and ACTS_ORDER[worst] < 1:
            worst = "one-action"  # C-6: staggered by nonlethal damage equal to current hp
        if self.hp == 0 and ACTS_ORDER[worst] < 1:
            worst = "one-action"  # C-6: disabled at 0 hp
        for c in self.conditions:
            if c.stat == "single_action" and ACTS_ORDER[worst] < 1:
                worst = "one-action"  # slow
        return worst

    def can_cast(self, names: set[str] | None = None) -> bool:
        return all(RULES[n].can_cast for n in (self.active_condition_names() if names is None else names))

    def loses_dex(self) -> bool:
        return any(RULES[n].loses_dex_ac for n in self.active_condition_names())

    def ac_parts(self, kind: str = "normal") -> list[tuple[str, int]]:
        """AC as named parts: ``normal``, ``touch`` (no armour/shield/natural) or ``flat-footed`` (no Dex,
        no dodge)."""
        conds = self.active_conditions()
        parts = self.ac_static_parts(kind)
        flat = kind == "flat-footed" or self.loses_dex()
        dex = self.mod("dex")
        cap = self.data.get("max_dex")  # C-4: worn armour or shield caps the Dex bonus to AC
        if cap is not None and dex > cap:
            dex = cap
        if not flat or dex < 0:
            parts.append(("Dex", dex))
        if not flat and "dodge" in self.feats:
            parts.append(("Dodge", 1))
        stats = ("ac", "touch_ac") if kind == "touch" else ("ac",)
        # C-4: a touch ignores armour, shield and natural armour bonuses (mage armor's, shield's); one
        # who is flat-footed loses dodge bonuses (haste's). Penalties always count.
        ignored = _NOT_AGAINST_TOUCH if kind == "touch" else frozenset()
        if flat:
            ignored |= {"dodge"}
        if ignored:
            conds = [c for c in conds if c.value < 0 or c.bonus_type not in ignored]
        for name, v in named_modifiers(conds, stats):
            parts.append((name, v))
        parts.extend(rule_modifiers(self.active_condition_names(), "ac"))
        return parts

    def ac_static_parts(self, kind: str = "normal") -> list[tuple[str, int]]:
        """The AC that Dex, dodge and conditions do not touch, by name (C-4: 10, armour, shield, deflection,
        natural armour, size), as the character or creature brought it; one "base" part if it came without
        names. The parts always sum to the static value the duel uses."""
        static = self.ac_static if kind != "touch" else self.data.get("touch_static", 10)
        named = self.data.get("touch_static_parts" if kind == "touch" else "ac_static_parts")
        if named and sum(int(v) for _, v in named) == static:
            return [(str(n), int(v)) for n, v in named]
        return [("base", static)]

    def ac(self, kind: str = "normal") -> int:
        return sum(v for _, v in self.ac_parts(kind))

    def save_parts(self, save: str) -> list[tuple[str, int]]:
        parts = [
            ("base", self.base_saves[save]),
            (SAVE_ABILITY[save].capitalize(), self.mod(SAVE_ABILITY[save])),
        ]
        parts.extend(named_modifiers(self.active_conditions(), ("saves", save)))
        parts.extend(rule_modifiers(self.active_condition_names(), "saves"))
        if self.negative_levels:
            parts.append(("negative levels", -self.negative_levels))
        return parts

    def attack_parts(self, kind: str, bab: int | None = None) -> list[tuple[str, int]]:
        """``kind``: ``melee``, ``ranged``, ``melee_touch``, ``ranged_touch``."""
        melee = kind.startswith("melee")
        parts = [
            ("BAB", self.bab if bab is None else bab),
            ("Str" if melee else "Dex", self.mod("str" if melee else "dex")),
        ]
        stats = ("attack", "melee_attack") if melee else ("attack", "ranged_attack")
        parts.extend(named_modifiers(self.active_conditions(), stats))
        parts.extend(rule_modifiers(self.active_condition_names(), "attack"))
        if self.negative_levels:
            parts.append(("negative levels", -self.negative_levels))
        return parts

    def cl(self) -> int:
        return max(0, self.caster_level - self.negative_levels)

    def concentration_parts(self) -> list[tuple[str, int]]:
        parts = [("caster level", self.cl())]
        if self.casting_ability:
            parts.append((self.casting_ability.capitalize(), self.mod(self.casting_ability)))
        if self.concentration_bonus:
            parts.append(("feats", self.concentration_bonus))
        parts.extend(named_modifiers(self.active_conditions(), ("concentration",)))
        return parts

    def skill_parts(self, skill: str) -> list[tuple[str, int]]:
        parts = [(skill, self.skills.get(skill, 0))]
        parts.extend(named_modifiers(self.active_conditions(), (skill,)))
        parts.extend(rule_modifiers(self.active_condition_names(), "checks"))
        return parts

    def spell_dc(self, level: int, school: str) -> int:
        score = self.ability(self.casting_ability) if self.casting_ability else 10
        return checks.spell_dc(level, score, self.dc_bonus_school.get(school, 0))

    def speed_now(self, names: set[str] | None = None) -> float:
        s = self.speed
        if not self.conditions:
            return s
        for n in self.active_condition_names() if names is None else names:
            s *= RULES[n].speed_factor
        s += total_modifier(self.active_conditions(), ("speed",))
        for c in self.conditions:
            if c.stat == "speed_factor":
                s *= c.value / 100
        return s

    # --- spells ------------------------------------------------------------------------------------

    def castable(self) -> list[tuple[str, int]]:
        """(spell id, slot level) pairs this combatant can cast now (one per distinct pair)."""
        out: list[tuple[str, int]] = []
        if self.casting_ability and (self.ability_set or self.ability_damage or self.ability_drain):
            # C-8: casting a spell needs a casting ability of 10 + its level (feeblemind's 1 leaves none).
            top = self.ability(self.casting_ability) - 10
            if top < 0:
                return out
            return [(s, lvl) for s, lvl in self._castable() if lvl <= top]
        return self._castable()

    def _castable(self) -> list[tuple[str, int]]:
        out: list[tuple[str, int]] = []
        if self.spontaneous:
            for lvl, ids in self.known.items():
                if lvl == 0:
                    out.extend((s, 0) for s in ids)
                elif self.slots.get(lvl, 0) > 0:
                    out.extend((s, lvl) for s in ids)
        else:
            seen = set()
            for p in self.prepared:
                if (not p.used or p.level == 0) and (p.spell, p.level) not in seen:
                    seen.add((p.spell, p.level))
                    out.append((p.spell, p.level))
        return out

    def slot_levels(self) -> dict[str, list[int]]:
        """For each spell it could cast or expend now, the slot levels it can come from, lowest first: a
        wizard's unused prepared copies (C-8), a sorcerer's open slots at or above the level the spell is
        known at. One pass for every spell: a counterspell window asks for each of them (DU-13)."""
        if self.spontaneous:
            open_levels = sorted(lvl for lvl, n in self.slots.items() if n > 0)
            out: dict[str, list[int]] = {}
            for known_at, ids in self.known.items():
                for s in ids:
                    if s not in out:  # the first level it is known at is its own
                        out[s] = [lvl for lvl in open_levels if lvl >= known_at]
            return out
        levels: dict[str, set[int]] = {}
        for p in self.prepared:
            if not p.used:
                levels.setdefault(p.spell, set()).add(p.level)
        return {s: sorted(v) for s, v in levels.items()}

    def expend(self, spell_id: str, level: int) -> None:
        """Spend the slot (sorcerer) or the prepared spell (wizard). Cantrips are never spent."""
        if level == 0:
            return
        if self.spontaneous:
            self.slots[level] -= 1
            return
        for p in self.prepared:
            if p.spell == spell_id and p.level == level and not p.used:
                p.used = True
                return
        raise ValueError(f"{self.id} has no prepared {spell_id} at level {level}")

    def wielded(self) -> WeaponUse | None:
        """DU-27: the weapon in hand — the one this combatant last attacked with; before any attack, the
        first manufactured melee weapon of its sheet (its main weapon), or bare hands if it has none."""
        if self.wielding is not None:
            for w in self.weapons:
                if w.id == self.wielding:
                    return w
        melee = [w for w in self.weapons if w.kind == "melee"]
        return next((w for w in melee if not w.unarmed), melee[0] if melee else None)

    def ready_melee(self) -> list[WeaponUse]:
        """DU-27, C-10: the melee weapons ready to strike with now — the one in hand (a bow or crossbow in
        hand strikes nothing in melee); a creature's natural weapons are always ready, so all of them."""
        if self.cls == "creature":
            return [w for w in self.weapons if w.kind == "melee"]
        w = self.wielded()
        return [w] if w is not None and w.kind == "melee" else []

    def parry_weapons(self) -> list[WeaponUse]:
        """DU-27: what a duel parry may be rolled with: the melee weapons ready (``ready_melee``)."""
        return self.ready_melee()

    def melee_reach(self) -> float:
        """The longest reach of its melee weapons (0 without one): nobody farther can be threatened."""
        r = self._reach
        if r < 0 or self._reach_of is not self.weapons or len(self.weapons) != self._reach_n:
            r = self._reach = max((w.reach for w in self.weapons if w.kind == "melee"), default=0.0)
            self._reach_of, self._reach_n = self.weapons, len(self.weapons)
        return r

    def threatens(self) -> list[WeaponUse]:
        """Melee weapons with which this combatant threatens (C-10 attacks of opportunity): only the one
        ready in hand (``ready_melee``, DU-27's notion), not every weapon carried; bare hands only with
        Improved Unarmed Strike, and then even with a weapon in hand."""
        if self.status != "active" or self.acts() == "none":
            return []
        fists = "improved_unarmed_strike" in self.feats
        ready = [w for w in self.ready_melee() if not w.unarmed or fists]
        if fists:
            ready += [w for w in self.weapons if w.unarmed and w.kind == "melee" and w not in ready]
        return ready
