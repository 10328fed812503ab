"""The character sheet (issue 3, item 3): what a player types in, and the numbers derived from it.

A :class:`Character` holds only choices — class, level, ability scores, feats, skill ranks, gear,
prepared or known spells. Every game number (hit points, BAB, saves, AC, DCs, slots...) is a
computed property, never typed in, so a sheet cannot contradict the rules. Validation errors name
the field (``level``, ``skills``, ``prepared``...). The sheet is a boundary model; the CORE copies
the numbers it needs into its own hot-loop dataclasses once per duel.

All premade characters are human (speed 30, one bonus feat, one extra skill rank per level).

>>> from mageduel import roster
>>> wiz = roster.get("ilse")
>>> wiz.max_hp, wiz.bab, wiz.will, wiz.slots[:4]
(32, 2, 6, (4, 4, 3, 2))
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

from . import checks, classes
from .bounds import MAX_NAME
from .classes import ClassName, SkillName
from .feats import FEATS, FeatEffect
from .items import ARMORS, SHIELDS, Armor, Item, Worn
from .rule_error import RuleError
from .spells import catalogue
from .spells.model import School
from .weapons import WEAPONS, Weapon

AbilityName = Literal["str", "dex", "con", "int", "wis", "cha"]
ABILITIES: tuple[AbilityName, ...] = ("str", "dex", "con", "int", "wis", "cha")
Score = Annotated[int, Field(ge=1, le=40)]
Id = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=60)]
#: Base land speed of a Medium humanoid (C-13).
BASE_SPEED = 30


def modifier(score: int) -> int:
    """C-2: floor((score − 10) / 2), the duel's own formula (``checks.ability_mod``).

    >>> modifier(10), modifier(11), modifier(9), modifier(18), modifier(1)
    (0, 0, -1, 4, -5)
    """
    return checks.ability_mod(score)


class _Sheet(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Abilities(_Sheet):
    """The six ability scores, before item bonuses."""

    str: Score
    dex: Score
    con: Score
    int: Score
    wis: Score
    cha: Score

    def score(self, ability: str) -> int:
        """The score of ``ability`` ("str", "dex"...)."""
        return int(getattr(self, ability))


class FeatChoice(_Sheet):
    """A feat on the sheet; ``school`` or ``weapon`` for the feats taken for one of them."""

    id: str
    school: School | None = None
    weapon: str | None = None

    @model_validator(mode="after")
    def _param(self) -> FeatChoice:
        if self.id not in FEATS:
            raise RuleError(
                "feat.unknown",
                f"unknown feat '{self.id}'; known feats: {', '.join(sorted(FEATS))}",
                feat=self.id,
                known=sorted(FEATS),
            )
        param = FEATS[self.id].param
        if param == "school" and self.school is None:
            raise RuleError("feat.needs_school", f"feat '{self.id}' needs a 'school'", feat=self.id)
        if param == "weapon" and self.weapon is None:
            raise RuleError("feat.needs_weapon", f"feat '{self.id}' needs a 'weapon'", feat=self.id)
        if param != "school" and self.school is not None:
            raise RuleError("feat.no_school", f"feat '{self.id}' takes no 'school'", feat=self.id)
        if param != "weapon" and self.weapon is not None:
            raise RuleError("feat.no_weapon", f"feat '{self.id}' takes no 'weapon'", feat=self.id)
        if self.weapon is not None and self.weapon not in WEAPONS:
            raise RuleError("weapon.unknown", f"unknown weapon '{self.weapon}'", weapon=self.weapon)
        return self


SpellLists = dict[Annotated[int, Field(ge=0, le=9)], Annotated[tuple[str, ...], Field(max_length=60)]]


class Name(_Sheet):
    """A character's name in both languages: at most ``bounds.MAX_NAME`` characters each."""

    en: str = Field(min_length=1, max_length=MAX_NAME)
    fr: str = Field(min_length=1, max_length=MAX_NAME)


class Tagline(_Sheet):
    """The one line under a character's name."""

    en: str = Field(min_length=1, max_length=200)
    fr: str = Field(min_length=1, max_length=200)


#: Class features a sheet may add to its base class (see ``Character.class_features``).
ClassFeature = Literal["parry"]


class Character(_Sheet):
    """A wizard, sorcerer or fighter of level 1–20, with derived numbers as properties."""

    id: Id
    name: Name
    tagline: Tagline
    cls: ClassName
    level: int = Field(ge=1, le=20)
    abilities: Abilities
    feats: tuple[FeatChoice, ...] = Field(default=(), max_length=60)
    skills: dict[SkillName, Annotated[int, Field(ge=0, le=40)]] = Field(default_factory=dict)
    weapons: tuple[str, ...] = Field(default=(), max_length=20)
    #: Magic weapons: the enhancement bonus (+1 to +5) of each enchanted weapon carried, added to its
    #: attack and damage rolls; a duel's terms may allow only magic weapons (DU-4).
    weapon_enhancements: dict[str, Annotated[int, Field(ge=1, le=5)]] = Field(default_factory=dict)
    armor: str | None = None
    shield: str | None = None
    items: tuple[Item, ...] = Field(default=(), max_length=40)
    #: Wizard: spell ids prepared in the slots of each spell level (a lower-level spell may fill a
    #: higher slot; the same spell may be prepared twice).
    prepared: SpellLists = Field(default_factory=dict)
    #: Sorcerer: spell ids known at each spell level (0-level spells are cast at will).
    known: SpellLists = Field(default_factory=dict)
    #: Class features beyond the base class. ``parry``: the duelist's parry (a prestige class feature,
    #: Core Rulebook): give up one attack of a full attack to parry a melee attack before the next turn;
    #: with it, a duel parry costs no immediate action once per round (DU-28).
    class_features: tuple[ClassFeature, ...] = ()
    #: Weight in pounds, with what the character carries (what telekinesis can move or hurl); without
    #: it, a Medium character's typical 175 lb. (``weight.py``).
    weight: float | None = Field(default=None, gt=0, le=100_000)
    #: The grammatical gender French gives the character's name ("f": Tamsin est « tuée »); without it,
    #: the masculine, as French says of anyone unnamed. English needs none.
    gender: Literal["f", "m"] | None = None

    # ---- validation, field by field (info.data holds the fields validated before) ---------------

    @field_validator("feats")
    @classmethod
    def _check_feats(cls, feats: tuple[FeatChoice, ...], info: ValidationInfo) -> tuple[FeatChoice, ...]:
        data = info.data
        keys = [(f.id, f.school, f.weapon) for f in feats]
        for key in keys:
            if keys.count(key) > 1:
                raise RuleError(
                    "feat.twice", f"feat '{key[0]}' is taken twice for the same choice", feat=key[0]
                )
        if "cls" in data and "level" in data:
            allowed = classes.feat_slots(data["cls"], data["level"])
            if len(feats) > allowed:
                raise RuleError(
                    "feat.too_many",
                    f"{len(feats)} feats, but a level {data['level']} human {data['cls']} has {allowed}",
                    count=len(feats),
                    level=data["level"],
                    cls=data["cls"],
                    allowed=allowed,
                )
        taken = {(f.id, f.school) for f in feats}
        ids = {f.id for f in feats}
        for choice in feats:
            feat = FEATS[choice.id]
            for needed in feat.requires_feats:
                if feat.param == "school" and (needed, choice.school) not in taken:
                    raise RuleError(
                        "feat.needs_feat_school",
                        f"'{choice.id}' ({choice.school}) needs '{needed}' for the same school",
                        feat=choice.id,
                        school=choice.school,
                        needed=needed,
                    )
                if feat.param != "school" and needed not in ids:
                    raise RuleError(
                        "feat.needs_feat",
                        f"'{choice.id}' needs the feat '{needed}'",
                        feat=choice.id,
                        needed=needed,
                    )
            if "abilities" in data:
                for ability, minimum in feat.requires_abilities:
                    if data["abilities"].score(ability) < minimum:
                        raise RuleError(
                            "feat.needs_ability",
                            f"'{choice.id}' needs {ability.capitalize()} {minimum}",
                            feat=choice.id,
                            ability=ability,
                            minimum=minimum,
                        )
            if "cls" in data and "level" in data:
                if classes.base_attack_bonus(data["cls"], data["level"]) < feat.requires_bab:
                    raise RuleError(
                        "feat.needs_bab",
                        f"'{choice.id}' needs base attack bonus +{feat.requires_bab}",
                        feat=choice.id,
                        bab=feat.requires_bab,
                    )
        return feats

    @field_validator("class_features")
    @classmethod
    def _check_class_features(
        cls, features: tuple[ClassFeature, ...], info: ValidationInfo
    ) -> tuple[ClassFeature, ...]:
        if len(set(features)) != len(features):
            raise RuleError("feature.twice", "a class feature is listed twice")
        data = info.data
        if "parry" in features and "cls" in data and "level" in data:
            # The duelist's entry: base attack +6, Dodge and Weapon Finesse (Mobility is not modelled).
            if classes.base_attack_bonus(data["cls"], data["level"]) < 6:
                raise RuleError(
                    "feature.parry_bab",
                    "'parry' (the duelist's class feature) needs base attack bonus +6",
                    bab=6,
                )
            ids = {f.id for f in data.get("feats", ())}
            for needed in ("dodge", "weapon_finesse"):
                if needed not in ids:
                    raise RuleError(
                        "feature.parry_feat",
                        f"'parry' (the duelist's class feature) needs the feat '{needed}'",
                        needed=needed,
                    )
        return features

    @field_validator("skills")
    @classmethod
    def _check_skills(cls, skills: dict[str, int], info: ValidationInfo) -> dict[str, int]:
        data = info.data
        level = data.get("level")
        if level is None:
            return skills
        for skill, ranks in skills.items():
            if ranks > level:
                raise RuleError(
                    "skill.over_level",
                    f"{skill}: {ranks} ranks, more than the character's level ({level})",
                    skill=skill,
                    ranks=ranks,
                    level=level,
                )
        if "cls" in data and "abilities" in data:
            per_level = max(1, classes.SKILL_RANKS[data["cls"]] + modifier(data["abilities"].int)) + 1
            budget = per_level * level
            if sum(skills.values()) > budget:
                raise RuleError(
                    "skill.budget",
                    f"{sum(skills.values())} ranks in all, but only {budget} to spend "
                    f"({per_level} per level, human bonus included)",
                    ranks=sum(skills.values()),
                    budget=budget,
                    per_level=per_level,
                )
        return skills

    @field_validator("weapons")
    @classmethod
    def _check_weapons(cls, weapons: tuple[str, ...]) -> tuple[str, ...]:
        for w in weapons:
            if w not in WEAPONS:
                raise RuleError(
                    "weapon.unknown",
                    f"unknown weapon '{w}'; known weapons: {', '.join(sorted(WEAPONS))}",
                    weapon=w,
                    known=sorted(WEAPONS),
                )
        return weapons

    @field_validator("weapon_enhancements")
    @classmethod
    def _check_enhancements(cls, enh: dict[str, int], info: ValidationInfo) -> dict[str, int]:
        carried = info.data.get("weapons", ())
        for w in enh:
            if w not in carried:
                raise RuleError(
                    "weapon.not_carried",
                    f"'{w}' is not among the weapons carried ({', '.join(carried) or 'none'})",
                    weapon=w,
                    carried=list(carried),
                )
            if WEAPONS[w].category == "unarmed":
                raise RuleError(
                    "weapon.unarmed_enhanced",
                    f"'{w}' cannot be enchanted: only a weapon can carry an enhancement bonus",
                    weapon=w,
                )
        return enh

    @field_validator("armor")
    @classmethod
    def _check_armor(cls, armor: str | None, info: ValidationInfo) -> str | None:
        if armor is None:
            return None
        if armor not in ARMORS:
            raise RuleError(
                "armor.unknown",
                f"unknown armor '{armor}'; known: {', '.join(sorted(ARMORS))}",
                armor=armor,
                known=sorted(ARMORS),
            )
        return armor

    @field_validator("shield")
    @classmethod
    def _check_shield(cls, shield: str | None) -> str | None:
        if shield is not None and shield not in SHIELDS:
            raise RuleError(
                "shield.unknown",
                f"unknown shield '{shield}'; known: {', '.join(sorted(SHIELDS))}",
                shield=shield,
                known=sorted(SHIELDS),
            )
        return shield

    @field_validator("prepared")
    @classmethod
    def _check_prepared(cls, prepared: SpellLists, info: ValidationInfo) -> SpellLists:
        data = info.data
        if not prepared or "cls" not in data or "level" not in data:
            return prepared
        if not classes.PREPARES[data["cls"]]:
            raise RuleError(
                "spells.not_prepared",
                f"a {data['cls']} does not prepare spells (use 'known' for a sorcerer)",
                cls=data["cls"],
            )
        slots = _slots(data["cls"], data["level"], _casting_score(data))
        for slot_level, spell_ids in sorted(prepared.items()):
            room = slots[slot_level] or 0
            if len(spell_ids) > room:
                raise RuleError(
                    "spells.slots",
                    f"level {slot_level}: more spells prepared ({len(spell_ids)}) than slots ({room})",
                    level=slot_level,
                    count=len(spell_ids),
                    room=room,
                )
            for spell_id in spell_ids:
                _check_spell(spell_id, slot_level, exact=False)
        return prepared

    @field_validator("known")
    @classmethod
    def _check_known(cls, known: SpellLists, info: ValidationInfo) -> SpellLists:
        data = info.data
        if not known or "cls" not in data or "level" not in data:
            return known
        if data["cls"] != "sorcerer":
            raise RuleError(
                "spells.not_known",
                f"a {data['cls']} has no 'known' spells list (a wizard uses 'prepared')",
                cls=data["cls"],
            )
        table = classes.spells_known(data["cls"], data["level"])
        score = _casting_score(data)
        for spell_level, spell_ids in sorted(known.items()):
            room = table[spell_level] or 0
            if score is not None and score < 10 + spell_level:
                room = 0
            if len(spell_ids) > room:
                raise RuleError(
                    "spells.known_room",
                    f"level {spell_level}: more spells known ({len(spell_ids)}) than allowed ({room})",
                    level=spell_level,
                    count=len(spell_ids),
                    room=room,
                )
            if len(set(spell_ids)) != len(spell_ids):
                raise RuleError(
                    "spells.twice", f"level {spell_level}: a spell is listed twice", level=spell_level
                )
            for spell_id in spell_ids:
                _check_spell(spell_id, spell_level, exact=True)
        return known

    @model_validator(mode="after")
    def _check_items(self) -> Character:
        worn = [(i.item) for i in self.items if isinstance(i, Worn)]
        for kind in worn:
            if worn.count(kind) > 1:
                raise RuleError("items.two", f"items: two {kind} (only one of each can be worn)", kind=kind)
        return self

    # ---- ability scores --------------------------------------------------------------------

    def score(self, ability: str) -> int:
        """Ability score including the best enhancement from worn items (headband, belt)."""
        bonus = max((i.bonus for i in self.items if isinstance(i, Worn) and i.stat == ability), default=0)
        return self.abilities.score(ability) + bonus

    def mod(self, ability: str) -> int:
        """C-2 modifier of the (item-enhanced) score."""
        return modifier(self.score(ability))

    def _feat_effects(self) -> list[tuple[FeatChoice, FeatEffect]]:
        return [(c, e) for c in self.feats for e in FEATS[c.id].effects]

    def _feat_total(self, stat: str, when: str = "always") -> int:
        return sum(e.value for _, e in self._feat_effects() if e.stat == stat and e.when == when)

    def has_feat(self, feat_id: str) -> bool:
        """Whether the sheet has this feat (any choice)."""
        return any(f.id == feat_id for f in self.feats)

    def _worn_bonus(self, stat: str) -> int:
        return max((i.bonus for i in self.items if isinstance(i, Worn) and i.stat == stat), default=0)

    # ---- hit points, attack, saves (C-4, C-5, C-6) --------------------------------------------

    @property
    def hit_die(self) -> int:
        """d6 for casters, d10 for fighters."""
        return classes.HIT_DIE[self.cls]

    @property
    def max_hp(self) -> int:
        """C-6: the full die at 1st level, then the rounded-up average per level, + Con modifier
        per level (at least 1 hp per level), + Toughness (3, or 1 per level if higher).

        >>> from mageduel import roster
        >>> roster.get("tamsin").max_hp   # 6 + 1 (Con 12) + 3 (Toughness)
        10
        """
        con = self.mod("con")
        average = self.hit_die // 2 + 1
        per_level = [self.hit_die] + [average] * (self.level - 1)
        hp = sum(max(1, die + con) for die in per_level)
        if self.has_feat("toughness"):
            hp += max(3, self.level)
        return hp

    @property
    def bab(self) -> int:
        """Highest base attack bonus."""
        return classes.base_attack_bonus(self.cls, self.level)

    @property
    def attacks(self) -> tuple[int, ...]:
        """Base attack bonuses of a full attack (+6/+1...)."""
        return classes.attacks_per_full_attack(self.cls, self.level)

    def _save(self, save: classes.SaveName, ability: str) -> int:
        return (
            classes.base_save(self.cls, save, self.level)
            + self.mod(ability)
            + self._feat_total(save)
            + self._worn_bonus("saves")
        )

    @property
    def fort(self) -> int:
        """Fortitude: base + Con (+ Great Fortitude, cloak)."""
        return self._save("fort", "con")

    @property
    def ref(self) -> int:
        """Reflex: base + Dex (+ Lightning Reflexes, cloak)."""
        return self._save("ref", "dex")

    @property
    def will(self) -> int:
        """Will: base + Wis (+ Iron Will, cloak). Fighters add :attr:`bravery` against fear."""
        return self._save("will", "wis")

    def save_bonus(self, save: str) -> int:
        """``fort``, ``ref`` or ``will`` by name."""
        return {"fort": self.fort, "ref": self.ref, "will": self.will}[save]

    @property
    def bravery(self) -> int:
        """Fighter bravery: bonus on Will saves against fear."""
        return classes.bravery(self.cls, self.level)

    # ---- spellcasting (C-5, C-7, C-8, C-10) ----------------------------------------------------

    @property
    def is_caster(self) -> bool:
        """Casts arcane spells from slots as a wizard or sorcerer (MD-1 qualification)."""
        return self.cls in ("wizard", "sorcerer")

    @property
    def caster_level(self) -> int:
        """Caster level: the class level for wizards and sorcerers, 0 for fighters."""
        return self.level if self.is_caster else 0

    @property
    def casting_ability(self) -> str | None:
        """``int`` (wizard), ``cha`` (sorcerer) or None."""
        return classes.CASTING_ABILITY[self.cls]

    @property
    def casting_mod(self) -> int:
        """Modifier of the casting ability (0 for fighters)."""
        return self.mod(self.casting_ability) if self.casting_ability else 0

    @property
    def slots(self) -> tuple[int | None, ...]:
        """Spells per day for levels 0–9 with bonus spells (C-8). None: no spell of that level.
        A sorcerer's level 0 is None: cantrips are cast at will. A casting score below
        10 + spell level gives 0 slots of that level."""
        score = self.score(self.casting_ability) if self.casting_ability else None
        return _slots(self.cls, self.level, score)

    @property
    def spells_known_limits(self) -> tuple[int | None, ...]:
        """Sorcerer spells known per level from the class table (None for other classes)."""
        return classes.spells_known(self.cls, self.level)

    @property
    def highest_spell_level(self) -> int | None:
        """Highest spell level with at least one slot (or known spell), None for fighters."""
        levels = [n for n, v in enumerate(self.slots) if v]
        return max(levels) if levels else None

    def spell_dc(self, spell_level: int, school: str | None = None) -> int:
        """C-5: 10 + spell level + casting modifier, + 1 per Spell Focus / Greater Spell Focus
        in the spell's school."""
        focus = sum(e.value for c, e in self._feat_effects() if e.stat == "spell_dc" and c.school == school)
        score = self.score(self.casting_ability) if self.casting_ability else 10
        return checks.spell_dc(spell_level, score, focus)  # the duel's own formula (Combatant.spell_dc)

    def spell_ids(self) -> list[str]:
        """Every spell this character can cast today: prepared (with repeats) or known."""
        lists = self.prepared if self.cls == "wizard" else self.known
        return [s for level in sorted(lists) for s in lists[level]]

    @property
    def concentration(self) -> int:
        """Concentration bonus: caster level + casting modifier (C-10)."""
        return self.caster_level + self.casting_mod

    def concentration_bonus(self, defensive: bool = False) -> int:
        """Concentration, with Combat Casting's +4 when casting defensively or grappled."""
        extra = self._feat_total("concentration", "defensive_casting") if defensive else 0
        return self.concentration + extra

    def caster_level_check_bonus(self, against_spell_resistance: bool = False) -> int:
        """C-7: caster level (+ Spell Penetration feats against spell resistance)."""
        extra = self._feat_total("caster_level_check", "spell_resistance") if against_spell_resistance else 0
        return self.caster_level + extra

    # ---- skills and initiative (C-2, C-3) -----------------------------------------------------

    def is_class_skill(self, skill: str) -> bool:
        """Whether ``skill`` is a class skill of this class."""
        return skill in classes.CLASS_SKILLS[self.cls]

    def skill_total(self, skill: str) -> int:
        """C-2: ranks + ability modifier + 3 if a class skill with a rank, + armor check penalty
        for Str/Dex skills."""
        if skill not in classes.SKILL_ABILITY:
            raise KeyError(f"unknown skill '{skill}'")
        ranks = self.skills.get(skill, 0)  # type: ignore[call-overload]
        total = ranks + self.mod(classes.SKILL_ABILITY[skill])
        if ranks >= 1 and self.is_class_skill(skill):
            total += 3
        if skill in classes.ARMOR_CHECK_SKILLS:
            total += self.armor_check_penalty
        return total

    @property
    def initiative(self) -> int:
        """C-3: Dex modifier (+4 Improved Initiative)."""
        return self.mod("dex") + self._feat_total("initiative")

    # ---- armor, AC, maneuvers -------------------------------------------------------------

    @property
    def armor_data(self) -> Armor | None:
        """The worn armor's table row."""
        return ARMORS[self.armor] if self.armor else None

    @property
    def shield_data(self) -> Armor | None:
        """The carried shield's table row."""
        return SHIELDS[self.shield] if self.shield else None

    @property
    def armor_check_penalty(self) -> int:
        """Armor + shield check penalty (≤ 0), reduced by fighter armor training."""
        penalty = sum(a.check_penalty for a in (self.armor_data, self.shield_data) if a)
        return min(0, penalty + classes.armor_training(self.cls, self.level))

    @property
    def arcane_spell_failure(self) -> int:
        """Percent chance that a spell with somatic components fails in this armor."""
        return sum(a.spell_failure for a in (self.armor_data, self.shield_data) if a)

    @property
    def max_dex_bonus(self) -> int | None:
        """The armor's maximum Dex bonus, raised by armor training (None: no limit)."""
        armor = self.armor_data
        if armor is None or armor.max_dex is None:
            return None
        return armor.max_dex + classes.armor_training(self.cls, self.level)

    @property
    def dex_to_ac(self) -> int:
        """Dex modifier as limited by armor."""
        dex = self.mod("dex")
        cap = self.max_dex_bonus
        return dex if cap is None else min(dex, cap)

    @property
    def speed(self) -> int:
        """Land speed in feet: 30, or 20 in medium/heavy armor (fighters keep 30 in medium armor
        from 7th level, in heavy armor from 11th)."""
        armor = self.armor_data
        if armor is None or armor.category == "light":
            return BASE_SPEED
        training = classes.armor_training(self.cls, self.level)
        if (armor.category == "medium" and training >= 2) or (armor.category == "heavy" and training >= 3):
            return BASE_SPEED
        return 20

    @property
    def dodge_bonus(self) -> int:
        """Dodge bonus to AC from feats (lost with Dex to AC)."""
        return self._feat_total("ac")

    def ac_static_parts(self, kind: str = "normal") -> list[tuple[str, int]]:
        """C-4: the parts of the AC that do not move during a duel, by name (zero parts left out):
        10, armour, shield, deflection, natural armour. A touch attack ignores armour, shield and natural
        armour. Dex and dodge come on top (:attr:`ac`); the duel adds them itself, since they can be lost."""
        parts: list[tuple[str, int]] = [("base", 10)]
        if kind != "touch":
            if self.armor_data is not None:
                parts.append(("armour", self.armor_data.bonus))
            if self.shield_data is not None:
                parts.append(("shield", self.shield_data.bonus))
        parts.append(("deflection", self._deflection))
        if kind != "touch":
            parts.append(("natural armour", self._natural))
        return [(n, v) for n, v in parts if v or n == "base"]

    @property
    def ac(self) -> int:
        """C-4: 10 + armor + shield + Dex (capped) + dodge + deflection + natural armor."""
        return sum(v for _, v in self.ac_static_parts()) + self.dex_to_ac + self.dodge_bonus

    @property
    def _deflection(self) -> int:
        return max(
            (i.bonus for i in self.items if isinstance(i, Worn) and i.item == "ring_of_protection"), default=0
        )

    @property
    def _natural(self) -> int:
        return max(
            (i.bonus for i in self.items if isinstance(i, Worn) and i.item == "amulet_of_natural_armor"),
            default=0,
        )

    @property
    def touch_ac(self) -> int:
        """AC against touch attacks and rays: no armor, shield or natural armor."""
        return sum(v for _, v in self.ac_static_parts("touch")) + self.dex_to_ac + self.dodge_bonus

    @property
    def flat_footed_ac(self) -> int:
        """AC without Dex or dodge bonuses (a Dex penalty still applies)."""
        return sum(v for _, v in self.ac_static_parts()) + min(0, self.dex_to_ac)

    def cmb(self, maneuver: str | None = None) -> int:
        """Combat maneuver bonus: BAB + Str (+2 to bull rush with Improved Bull Rush)."""
        extra = self._feat_total("cmb", maneuver) if maneuver else 0
        return self.bab + self.mod("str") + extra

    def cmd(self, maneuver: str | None = None) -> int:
        """Combat maneuver defense: 10 + BAB + Str + Dex + dodge + deflection (+2 against bull
        rush with Improved Bull Rush)."""
        extra = self._feat_total("cmd", maneuver) if maneuver else 0
        return (
            10
            + self.bab
            + self.mod("str")
            + self.mod("dex")
            + self._feat_total("cmd")
            + self._deflection
            + extra
        )

    # ---- weapons and touch attacks (C-4) ------------------------------------------------------

    def proficient(self, weapon_id: str) -> bool:
        """Whether the class is proficient with the weapon (−4 on attacks otherwise)."""
        w = WEAPONS[weapon_id]
        allowed = classes.WEAPON_PROFICIENCY[self.cls]
        return w.category == "unarmed" or w.id in allowed or w.category in allowed

    def attack_bonus(self, weapon_id: str) -> int:
        """Attack bonus with a weapon: BAB + Str (melee; Dex with Weapon Finesse and a light weapon or
        a rapier) or Dex (ranged), + Weapon Focus, + its enhancement bonus, −4 if not proficient."""
        w: Weapon = WEAPONS[weapon_id]
        if w.kind == "ranged":
            ability = self.mod("dex")
        elif (w.light or w.finesse) and self.has_feat("weapon_finesse"):
            ability = max(self.mod("str"), self.mod("dex"))
        else:
            ability = self.mod("str")
        focus = sum(e.value for c, e in self._feat_effects() if e.when == "weapon" and c.weapon == weapon_id)
        magic = self.weapon_enhancements.get(weapon_id, 0)
        return self.bab + ability + focus + magic + (0 if self.proficient(weapon_id) else -4)

    def damage_bonus(self, weapon_id: str) -> int:
        """Damage bonus: Str to melee and thrown weapons (1.5 × if two-handed, a penalty in full),
        nothing for crossbows and bows; plus the weapon's enhancement bonus."""
        w = WEAPONS[weapon_id]
        strength = self.mod("str")
        magic = self.weapon_enhancements.get(weapon_id, 0)
        if w.kind == "ranged":
            return magic
        if w.two_handed and strength > 0:
            return strength * 3 // 2 + magic
        return strength + magic

    @property
    def melee_touch(self) -> int:
        """Melee touch attack bonus: BAB + Str."""
        return self.bab + self.mod("str")

    @property
    def ranged_touch(self) -> int:
        """Ranged touch attack bonus (rays): BAB + Dex."""
        return self.bab + self.mod("dex")

    def weapon_list(self) -> list[Weapon]:
        """The weapons carried, as table rows."""
        return [WEAPONS[w] for w in self.weapons]

    def derived(self) -> dict[str, object]:
        """Every derived number, JSON-able, for the roster view and the CLI."""
        return {
            "max_hp": self.max_hp,
            "bab": self.bab,
            "fort": self.fort,
            "ref": self.ref,
            "will": self.will,
            "initiative": self.initiative,
            "ac": self.ac,
            "touch_ac": self.touch_ac,
            "flat_footed_ac": self.flat_footed_ac,
            "cmb": self.cmb(),
            "cmd": self.cmd(),
            "speed": self.speed,
            "caster_level": self.caster_level,
            "casting_ability": self.casting_ability,
            "concentration": self.concentration,
            "slots": list(self.slots),
            "spell_dcs": {level: self.spell_dc(level) for level, n in enumerate(self.slots) if n is not None}
            if self.is_caster
            else {},
            "skills": {s: self.skill_total(s) for s in classes.SKILL_ABILITY},
        }


def _casting_score(data: dict[str, object]) -> int | None:
    """The casting ability score (with a headband) from the fields validated so far."""
    cls = data["cls"]
    ability = classes.CASTING_ABILITY[str(cls)]
    abilities = data.get("abilities")
    if ability is None or not isinstance(abilities, Abilities):
        return None
    items = data.get("items", ())
    bonus = max((i.bonus for i in items if isinstance(i, Worn) and i.stat == ability), default=0)  # type: ignore[union-attr]
    return abilities.score(ability) + bonus


def _slots(cls: str, level: int, score: int | None) -> tuple[int | None, ...]:
    table = classes.spells_per_day(cls, level)
    if score is None:
        return table
    mod = modifier(score)
    out: list[int | None] = []
    for spell_level, base in enumerate(table):
        if base is None:
            out.append(None)
        elif score < 10 + spell_level:
            out.append(0)
        else:
            out.append(base + classes.bonus_spells(mod, spell_level))
    return tuple(out)


def _check_spell(spell_id: str, slot_level: int, exact: bool) -> None:
    if not catalogue.has(spell_id):
        raise RuleError(
            "spell.unknown_at",
            f"level {slot_level}: unknown spell '{spell_id}'",
            level=slot_level,
            spell=spell_id,
        )
    if not catalogue.summary(spell_id).arcane:
        raise RuleError(
            "spell.not_arcane_at",
            f"level {slot_level}: '{spell_id}' is not a sorcerer/wizard spell",
            level=slot_level,
            spell=spell_id,
        )
    level = catalogue.summary(spell_id).level
    if (exact and level != slot_level) or level > slot_level:
        raise RuleError(
            "spell.wrong_level",
            f"level {slot_level}: '{spell_id}' is a level {level} spell",
            level=slot_level,
            spell=spell_id,
            spell_level=level,
        )
