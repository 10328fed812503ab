"""The spell effect vocabulary: spells as data (issue 3, item 4).

A spell is a :class:`Spell`: its header (level, school, range, target, area, duration, save) and a
tree of small effect nodes in ``effects``. Every node has a ``kind`` (the pydantic discriminator).
Containers hold further nodes: ``attack`` (``on_hit``), ``save`` (``effects`` on a failed save,
``on_save`` on a success), ``missiles``, ``area``, ``tiered``, ``choice`` and ``chain``. The CORE
resolver walks the tree; a behaviour the vocabulary cannot say is named in ``Spell.special`` and
is handled in code there. The shape follows Avrae's automation tree (DESIGN.md).

Numbers that grow with caster level are a :class:`Scaling` (or a plain int, which never grows):

>>> Scaling(base=1, per=1, every=4, after=3, maximum=3).at(11)   # scorching ray's rays
3
>>> at_level(Scaling(base=25, per=5, every=2), 5)                # close range at CL 5
35
>>> at_level(4, 20)
4

Game statistics are Pathfinder SRD facts (Open Game License); descriptions are written fresh.
"""

from __future__ import annotations

from functools import cached_property
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator
from typing_extensions import TypeAliasType

# ---------------------------------------------------------------------------------------------
# Small closed vocabularies (JSON strings, so data files stay readable).

School = Literal[
    "abjuration",
    "conjuration",
    "divination",
    "enchantment",
    "evocation",
    "illusion",
    "necromancy",
    "transmutation",
    "universal",
]
#: Subschools matter to the rules: compulsion/charm forbid acclimation (MD-3), summoning can be
#: banned (DU-6), teleportation moves the caster (MD-22 expulsion).
Subschool = Literal[
    "calling",
    "charm",
    "compulsion",
    "creation",
    "figment",
    "glamer",
    "healing",
    "pattern",
    "phantasm",
    "polymorph",
    "scrying",
    "shadow",
    "summoning",
    "teleportation",
]
Descriptor = Literal[
    "acid",
    "air",
    "chaotic",
    "cold",
    "darkness",
    "death",
    "earth",
    "electricity",
    "evil",
    "fear",
    "fire",
    "force",
    "good",
    "language_dependent",
    "lawful",
    "light",
    "mind_affecting",
    "poison",
    "sonic",
    "water",
]
CastingTime = Literal["standard", "full_round", "one_round", "swift", "immediate"]
Ability = Literal["str", "dex", "con", "int", "wis", "cha"]
SaveKind = Literal["fort", "ref", "will"]
#: Damage types: the five energies, force, the three physical types, and untyped.
DamageType = Literal[
    "acid",
    "cold",
    "electricity",
    "fire",
    "sonic",
    "force",
    "bludgeoning",
    "piercing",
    "slashing",
    "untyped",
]
#: C-11 conditions (spelling as in RULES.md and conditions.py), plus ``charmed`` (charm person:
#: MD-3 compulsion) and ``asleep`` (sleep: helpless but woken by a slap or a wound, which the DU-5
#: ruling says does not end a duel, unlike ``unconscious``). The CORE adds both to its rules.
ConditionName = Literal[
    "blinded",
    "confused",
    "dazed",
    "entangled",
    "exhausted",
    "fatigued",
    "frightened",
    "nauseated",
    "paralysed",
    "petrified",
    "prone",
    "shaken",
    "sickened",
    "staggered",
    "stunned",
    "unconscious",
    "invisible",
    "flying",
    "charmed",
    "asleep",
]
Size = Literal["fine", "diminutive", "tiny", "small", "medium", "large", "huge", "gargantuan", "colossal"]
#: Order of :data:`Size`, smallest first, so ``tiered`` bands can compare sizes.
SIZE_ORDER: tuple[str, ...] = (
    "fine",
    "diminutive",
    "tiny",
    "small",
    "medium",
    "large",
    "huge",
    "gargantuan",
    "colossal",
)
BonusType = Literal[
    "armor",
    "shield",
    "natural_armor",
    "deflection",
    "dodge",
    "circumstance",
    "competence",
    "enhancement",
    "insight",
    "luck",
    "morale",
    "resistance",
    "size",
    "sacred",
    "profane",
    "untyped",
    "penalty",
]
Stat = Literal[
    "ac",
    "touch_ac",
    "flat_footed_ac",
    "attack",
    "melee_attack",
    "ranged_attack",
    "damage",
    "saves",
    "fort",
    "ref",
    "will",
    "cmb",
    "cmd",
    "initiative",
    "concentration",
    "spellcraft",
    "perception",
    "fly",
    "acrobatics",
    "stealth",
]


class _Frozen(BaseModel):
    """Base of every vocabulary model: immutable, unknown fields refused (a typo is an error). Each is built
    on first use (``defer_build``), not on import: the page imports the vocabulary on its way to ready and
    validates spells only later, a piece at a time (``catalogue.loading``; issue 15). The recursive ones
    (an effect holding effects) resolve ``Effect`` then, the whole module being defined."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class Text(_Frozen):
    """A short text in both languages of the product."""

    en: str = Field(min_length=1)
    fr: str = Field(min_length=1)


# ---------------------------------------------------------------------------------------------
# Numbers by caster level.


class Scaling(_Frozen):
    """``base + per × floor((CL − after) / every)``, clamped to [minimum, maximum].

    Nothing grows until the caster level passes ``after``. Examples: fireball's dice
    ``{"per": 1, "maximum": 10}``; magic missile's missiles ``{"base": 1, "per": 1, "every": 2,
    "after": 1, "maximum": 5}``; medium range ``{"base": 100, "per": 10}``.

    >>> missiles = Scaling(base=1, per=1, every=2, after=1, maximum=5)
    >>> missiles.at(1), missiles.at(3), missiles.at(9), missiles.at(20)
    (1, 2, 5, 5)
    """

    base: int = 0
    per: int = 0
    every: int = Field(default=1, ge=1)
    after: int = Field(default=0, ge=0)
    minimum: int | None = None
    maximum: int | None = None

    @model_validator(mode="after")
    def _bounds_ordered(self) -> Scaling:
        if self.minimum is not None and self.maximum is not None and self.minimum > self.maximum:
            raise ValueError("minimum must not exceed maximum")
        return self

    def at(self, caster_level: int) -> int:
        """The value at ``caster_level``."""
        steps = max(0, caster_level - self.after) // self.every
        value = self.base + self.per * steps
        if self.maximum is not None:
            value = min(value, self.maximum)
        if self.minimum is not None:
            value = max(value, self.minimum)
        return value


#: A number that may grow with caster level; a plain int is constant.
Scaled = int | Scaling


def at_level(value: Scaled, caster_level: int) -> int:
    """The value of a :data:`Scaled` number at ``caster_level``.

    >>> at_level(Scaling(per=1, maximum=10), 14)
    10
    """
    return value if isinstance(value, int) else value.at(caster_level)


DieSize = Literal[1, 2, 3, 4, 6, 8, 10, 12, 20, 100]


class Dice(_Frozen):
    """``count``d``die`` + ``bonus``, all × ``multiplier`` (gust of wind's 1d4 × 10 feet).

    ``count`` and ``bonus`` may scale with caster level: disintegrate is
    ``{"count": {"per": 2, "maximum": 40}, "die": 6}``. A count of 0 is a flat amount (finger of
    death's 10 per level is ``{"count": 0, "bonus": {"per": 10}}``). ``maximum`` caps the rolled
    total (mirror image: at most 8 images).

    >>> Dice(count=Scaling(per=1, maximum=10), die=6).count_at(7)
    7
    >>> Dice(count=1, die=4, bonus=1).describe(1)
    '1d4+1'
    """

    count: Scaled = 1
    die: DieSize = 6
    bonus: Scaled = 0
    multiplier: int = Field(default=1, ge=1)
    maximum: int | None = None

    def count_at(self, caster_level: int) -> int:
        """How many dice at ``caster_level``."""
        return at_level(self.count, caster_level)

    def bonus_at(self, caster_level: int) -> int:
        """The flat bonus at ``caster_level``."""
        return at_level(self.bonus, caster_level)

    def describe(self, caster_level: int) -> str:
        """Dice notation at ``caster_level``, e.g. ``"5d6"`` or ``"1d4+1"``."""
        count = self.count_at(caster_level)
        bonus = self.bonus_at(caster_level)
        if count == 0:
            text = str(bonus)
        else:
            text = f"{count}d{self.die}" + (f"{bonus:+d}" if bonus else "")
        if self.multiplier != 1:
            text += f"×{self.multiplier}"
        return text


# ---------------------------------------------------------------------------------------------
# The spell header: range, target, area, duration, save.

RangeKind = Literal["personal", "touch", "close", "medium", "long", "feet"]

_RANGE_SCALING: dict[str, Scaling] = {
    "close": Scaling(base=25, per=5, every=2),  # 25 ft. + 5 ft./2 levels
    "medium": Scaling(base=100, per=10),  # 100 ft. + 10 ft./level
    "long": Scaling(base=400, per=40),  # 400 ft. + 40 ft./level
}


class Range(_Frozen):
    """How far the spell reaches. ``feet`` only with kind ``feet`` (60 ft., or 10 ft./level).

    >>> Range(kind="close").feet_at(1), Range(kind="medium").feet_at(5), Range(kind="long").feet_at(20)
    (25, 150, 1200)
    >>> Range(kind="touch").feet_at(5) is None
    True
    """

    kind: RangeKind
    feet: Scaled | None = None

    @model_validator(mode="after")
    def _feet_only_for_fixed(self) -> Range:
        if (self.kind == "feet") != (self.feet is not None):
            raise ValueError("'feet' is required for range kind 'feet' and forbidden otherwise")
        return self

    def feet_at(self, caster_level: int) -> int | None:
        """Range in feet at ``caster_level``: 0 for personal, None for touch (the caster's reach)."""
        if self.kind == "personal":
            return 0
        if self.kind == "touch":
            return None
        if self.kind == "feet":
            assert self.feet is not None
            return at_level(self.feet, caster_level)
        return _RANGE_SCALING[self.kind].at(caster_level)


class Target(_Frozen):
    """Who the spell is aimed at. ``area`` means the spell's ``area`` picks the creatures.

    ``count`` creatures (haste: one per level; None: any number, as horrid wilting), no two more
    than ``within_feet`` apart; ``creature`` restricts the kind (hold person: humanoid).
    """

    kind: Literal["self", "creature", "creatures", "area", "point"]
    count: Scaled | None = 1
    within_feet: int | None = None
    creature: Literal["any", "humanoid", "living"] = "any"
    #: True when the caster may pick themself among the creatures (haste, fly).
    self_allowed: bool = False


AreaShape = Literal["burst", "spread", "emanation", "cone", "line", "cylinder", "square"]


class Area(_Frozen):
    """An area shape in feet: radius (burst, spread, emanation, cylinder), length (cone, line) or
    side (square). Lines are ``width`` feet wide; cylinders are ``height`` feet tall.
    ``origin`` says where it starts: the caster (cones, lines, emanations) or a chosen point."""

    shape: AreaShape
    size: Scaled
    width: int | None = None
    height: int | None = None
    origin: Literal["caster", "point"] = "point"
    #: A lingering cloud (cloudkill): the area stays for the spell's duration, drifts this many feet a
    #: round away from where it was cast, and its effects fall again on everyone in it on each of the
    #: caster's turns.
    drifts: int | None = Field(default=None, ge=0, le=60)

    @model_validator(mode="after")
    def _shape_fields(self) -> Area:
        if self.shape == "cylinder" and self.height is None:
            raise ValueError("a cylinder needs a 'height'")
        if self.shape != "cylinder" and self.height is not None:
            raise ValueError("'height' is only for cylinders")
        if self.width is not None and self.shape != "line":
            raise ValueError("'width' is only for lines")
        return self

    def size_at(self, caster_level: int) -> int:
        """The radius, length or side in feet at ``caster_level``."""
        return at_level(self.size, caster_level)


DurationUnit = Literal["instantaneous", "rounds", "minutes", "hours", "days", "permanent"]
_ROUNDS_PER: dict[str, int] = {"rounds": 1, "minutes": 10, "hours": 600, "days": 14400}


class Duration(_Frozen):
    """How long something lasts: ``amount`` units (may scale: 1 round/level is ``{"per": 1}``), or
    ``dice`` units rolled (1d4 rounds). ``concentration``: lasts while the caster concentrates
    (and, with an amount, at most that long). ``discharge``: ends when used (true strike).
    ``dismissible``: (D) in the SRD. ``permanent``: no timer, lasts until removed (a prone
    creature stands up; feeblemind needs a heal).

    >>> Duration(unit="minutes", amount=Scaling(per=1)).rounds_at(3)
    30
    >>> Duration(unit="instantaneous").rounds_at(5)
    0
    """

    unit: DurationUnit
    amount: Scaled | None = None
    dice: Dice | None = None
    concentration: bool = False
    discharge: bool = False
    dismissible: bool = False

    @model_validator(mode="after")
    def _amount_for_timed(self) -> Duration:
        timed = self.unit in _ROUNDS_PER
        given = self.amount is not None or self.dice is not None
        if self.amount is not None and self.dice is not None:
            raise ValueError("give 'amount' or 'dice', not both")
        if timed and not given and not self.concentration:
            raise ValueError(f"a duration in {self.unit} needs an 'amount' or 'dice'")
        if not timed and given:
            raise ValueError(f"an {self.unit} duration takes no 'amount' or 'dice'")
        return self

    @property
    def rolled(self) -> bool:
        """True when the length is rolled (the resolver rolls ``dice`` then calls ``rounds_for``)."""
        return self.dice is not None

    def rounds_for(self, units: int) -> int:
        """``units`` of this duration's unit in rounds (1 minute = 10 rounds, 1 hour = 600)."""
        return units * _ROUNDS_PER.get(self.unit, 0)

    def rounds_at(self, caster_level: int) -> int | None:
        """Fixed length in rounds at ``caster_level``: 0 if instantaneous, None if permanent,
        rolled, or concentration without a cap."""
        if self.unit == "instantaneous":
            return 0
        if self.unit == "permanent" or self.dice is not None or self.amount is None:
            return None
        return self.rounds_for(at_level(self.amount, caster_level))


SaveOutcome = Literal["negates", "half", "partial", "disbelief"]


class SaveSummary(_Frozen):
    """The spell's save line as printed (``none``, or the kind and what a success does).

    The actual saves are ``save`` nodes in ``effects``; this summary is for display, for the
    duel rules (DU-19 looks for Fortitude/Will, DU-24 for Reflex) and is checked against the tree.
    """

    kind: Literal["none", "fort", "ref", "will"] = "none"
    on_success: SaveOutcome | None = None
    #: A harmless save (a willing target does not resist): the tree needs no save node for it.
    harmless: bool = False

    @model_validator(mode="after")
    def _outcome_iff_save(self) -> SaveSummary:
        if (self.kind == "none") != (self.on_success is None):
            raise ValueError("'on_success' is required with a save and forbidden without one")
        if self.harmless and self.kind == "none":
            raise ValueError("'harmless' describes a save; give its 'kind'")
        return self


# ---------------------------------------------------------------------------------------------
# Effect nodes. Containers first, leaves after; all are joined in the ``Effect`` union.


class AttackNode(_Frozen):
    """Touch attack rolls (C-4): ``rays`` attacks (scorching ray: 1, +1 at CL 7 and 11), each
    resolving ``on_hit`` against its target. Rays can be aimed at different targets no more
    than ``within_feet`` apart. Spell touch attacks can threaten criticals (``can_crit``)."""

    kind: Literal["attack"] = "attack"
    attack: Literal["melee_touch", "ranged_touch"]
    rays: Scaled = 1
    within_feet: int | None = None
    can_crit: bool = True
    bonus: int = 0
    on_hit: tuple[Effect, ...] = ()


class SaveAdjustment(_Frozen):
    """A change to the target's save bonus for this save only (feeblemind: −4 for arcane casters;
    meteor swarm: −4 if struck by the sphere; charm person: +5 if threatened by the caster's side;
    chain lightning: +2 for secondary targets, whose DC is 2 lower)."""

    value: int
    when: Literal["arcane_caster", "struck", "threatened", "secondary"]


class SaveNode(_Frozen):
    """A saving throw (C-5) against the spell's DC. ``effects`` apply on a failed save. On a
    success: ``negates``/``disbelief`` — nothing; ``half`` — ``effects`` apply with every number
    halved (damage, ability penalties); ``partial`` — ``on_save`` applies instead."""

    kind: Literal["save"] = "save"
    save: SaveKind
    on_success: SaveOutcome
    effects: tuple[Effect, ...] = ()
    on_save: tuple[Effect, ...] = ()
    adjustments: tuple[SaveAdjustment, ...] = ()
    #: A new save each round ends the effect (hold person).
    repeat_each_round: bool = False

    @model_validator(mode="after")
    def _partial_has_on_save(self) -> SaveNode:
        if self.on_save and self.on_success != "partial":
            raise ValueError("'on_save' effects are only for a 'partial' save")
        if self.on_success == "partial" and not self.on_save:
            raise ValueError("a 'partial' save needs 'on_save' effects")
        return self


class MissilesNode(_Frozen):
    """Missiles that hit without an attack roll (magic missile) or each with their own ``effects``
    (meteor swarm's four spheres), aimed at creatures no more than ``within_feet`` apart."""

    kind: Literal["missiles"] = "missiles"
    count: Scaled
    within_feet: int | None = None
    effects: tuple[Effect, ...] = ()


class AreaNode(_Frozen):
    """An area inside the spell (each meteor of meteor swarm bursts on its own): ``effects`` apply
    to every creature in ``area``."""

    kind: Literal["area"] = "area"
    area: Area
    effects: tuple[Effect, ...] = ()


class Tier(_Frozen):
    """One band of a ``tiered`` node: targets with a measure at most ``at_most`` (None: any).
    ``flying``: the band holds only for a target in flight (True) or on the ground (False); None: either
    (gust of wind blows flyers back and knocks walkers down)."""

    at_most: int | Size | None = None
    flying: bool | None = None
    effects: tuple[Effect, ...] = ()


class TieredNode(_Frozen):
    """Effects that depend on the target (color spray by Hit Dice, power word stun by current hit
    points, gust of wind by size and flight). The first band whose ``at_most`` the target does not
    exceed (and whose ``flying``, if set, matches) applies; a target no band matches is unaffected."""

    kind: Literal["tiered"] = "tiered"
    measure: Literal["hit_dice", "hit_points", "size"]
    tiers: tuple[Tier, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _ascending(self) -> TieredNode:
        bounds = [t.at_most for t in self.tiers]
        for tier in bounds:
            if self.measure == "size" and tier is not None and not isinstance(tier, str):
                raise ValueError("size tiers take a size name")
            if self.measure != "size" and isinstance(tier, str):
                raise ValueError(f"{self.measure} tiers take a number")
        inf = len(SIZE_ORDER) + 10**9  # an open-ended band is above every bound
        keys = [
            (
                inf
                if t.at_most is None
                else SIZE_ORDER.index(t.at_most)
                if isinstance(t.at_most, str)
                else t.at_most
            )
            for t in self.tiers
        ]
        if keys != sorted(keys) or len(set(zip(keys, (t.flying for t in self.tiers), strict=True))) != len(
            keys
        ):
            raise ValueError("tiers must be in ascending order of 'at_most'")
        for i in range(len(keys) - 1):
            # Among bands of one bound, one for either flight state must come last (the rest would be dead).
            if keys[i] == keys[i + 1] and self.tiers[i].flying is None:
                what = "open-ended tier" if keys[i] == inf else "tier for either flight state"
                raise ValueError(f"only the last tier of a bound may be an {what}")
        return self


class Option(_Frozen):
    """One choice of a ``choice`` node."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: Text
    effects: tuple[Effect, ...] = ()
    #: This option's own duration when it differs from the spell's (telekinesis versions).
    duration: Duration | None = None


class ChoiceNode(_Frozen):
    """The caster picks one option when casting (telekinesis: sustained force, combat maneuver or
    violent thrust; summon monster II: one 2nd-list creature or 1d3 1st-list ones)."""

    kind: Literal["choice"] = "choice"
    options: tuple[Option, ...] = Field(min_length=2)


class ChainNode(_Frozen):
    """Chain lightning: ``effects`` on the primary target, then up to ``secondary`` more targets no
    more than ``within_feet`` from it, each taking ``secondary_effects``."""

    kind: Literal["chain"] = "chain"
    secondary: Scaled
    within_feet: int
    effects: tuple[Effect, ...] = ()
    secondary_effects: tuple[Effect, ...] = ()


class DamageNode(_Frozen):
    """Hit point damage: ``dice`` of ``type`` (a spell split between two types, like ice storm,
    is two damage nodes). ``rounds`` > 1 repeats it at the start of each of the caster's turns
    (acid arrow). ``nonlethal`` for effects that say so (gust of wind tumbling)."""

    kind: Literal["damage"] = "damage"
    dice: Dice
    type: DamageType
    rounds: Scaled = 1
    nonlethal: bool = False


class ConditionNode(_Frozen):
    """A C-11 condition for ``duration`` (None: the spell's duration), with the conditions in
    ``also`` for the same (single) roll of duration. ``then`` follows when it ends (color spray:
    unconscious, blinded and stunned for 2d4 rounds, then blinded and stunned for 1d4, then
    stunned for 1). ``ends_on_attack``: the subject attacking ends it (invisibility)."""

    kind: Literal["condition"] = "condition"
    condition: ConditionName
    also: tuple[ConditionName, ...] = ()
    duration: Duration | None = None
    ends_on_attack: bool = False
    then: tuple[Effect, ...] = ()


class AbilityNode(_Frozen):
    """Ability damage, drain or penalty (MD-15), or ``set`` (feeblemind: Int and Cha become 1).
    The amount is ``dice`` if given, else ``amount``."""

    kind: Literal["ability"] = "ability"
    mode: Literal["damage", "drain", "penalty", "set"]
    ability: Ability
    dice: Dice | None = None
    amount: Scaled | None = None
    duration: Duration | None = None

    @model_validator(mode="after")
    def _one_amount(self) -> AbilityNode:
        if (self.dice is None) == (self.amount is None):
            raise ValueError("give exactly one of 'dice' or 'amount'")
        return self


class NegativeLevelsNode(_Frozen):
    """Negative levels (enervation): −1 on attacks, saves, checks, CL and −5 hp per level."""

    kind: Literal["negative_levels"] = "negative_levels"
    dice: Dice | None = None
    amount: Scaled | None = None

    @model_validator(mode="after")
    def _one_amount(self) -> NegativeLevelsNode:
        if (self.dice is None) == (self.amount is None):
            raise ValueError("give exactly one of 'dice' or 'amount'")
        return self


class ForcedMovementNode(_Frozen):
    """Moving a creature against its will, or stopping it (MD-22 expulsion can follow).

    ``mode``: ``push`` (moved ``distance`` feet away from the caster), ``move`` (any direction
    the caster picks), ``hold_back`` (cannot move toward the caster while within ``distance``:
    gust of wind, repulsion). ``check`` resists it: ``cmb_vs_cmd`` (bull rush; with
    ``caster_maneuver`` the caster uses CL + casting modifier as CMB — telekinesis), ``strength``
    (a Strength check against ``dc``), ``none`` (a surrounding save already decided it)."""

    kind: Literal["forced_movement"] = "forced_movement"
    mode: Literal["push", "move", "hold_back"]
    distance: Scaled | None = None
    distance_dice: Dice | None = None
    check: Literal["none", "cmb_vs_cmd", "strength"] = "none"
    dc: int | None = None
    caster_maneuver: bool = False
    maneuver: Literal["bull_rush", "trip", "grapple", "disarm"] | None = None
    #: Creatures larger than this are unaffected.
    max_size: Size | None = None

    @model_validator(mode="after")
    def _check_fields(self) -> ForcedMovementNode:
        if self.check == "strength" and self.dc is None:
            raise ValueError("a 'strength' check needs a 'dc'")
        if self.check == "cmb_vs_cmd" and self.maneuver is None:
            raise ValueError("a 'cmb_vs_cmd' check needs a 'maneuver'")
        if self.distance is not None and self.distance_dice is not None:
            raise ValueError("give 'distance' or 'distance_dice', not both")
        return self


class ModifierNode(_Frozen):
    """A typed bonus or penalty to ``stat`` (bonuses of the same type do not stack, dodge and
    untyped do). ``uses``: spent after that many rolls (true strike). ``against``: only versus
    these damage types or attacks (shield's AC against incoming attacks is just ``ac``)."""

    kind: Literal["modifier"] = "modifier"
    stat: Stat
    value: Scaled
    bonus_type: BonusType
    duration: Duration | None = None
    uses: int | None = None


class ConcealmentNode(_Frozen):
    """A miss chance against attacks on the subject (blur 20%, displacement 50%)."""

    kind: Literal["concealment"] = "concealment"
    percent: int = Field(ge=1, le=100)


class TempHpNode(_Frozen):
    """Temporary hit points (false life, enervation on undead)."""

    kind: Literal["temp_hp"] = "temp_hp"
    dice: Dice
    duration: Duration | None = None


class HealNode(_Frozen):
    """Healing: ``dice`` hit points of damage cured (never above the maximum), and as much nonlethal
    damage (cure light wounds)."""

    kind: Literal["heal"] = "heal"
    dice: Dice


class DamageReductionNode(_Frozen):
    """Damage reduction ``amount``/``bypass`` that stops once it has absorbed ``absorbs`` damage
    (stoneskin: 10/adamantine, 10 per CL up to 150)."""

    kind: Literal["damage_reduction"] = "damage_reduction"
    amount: int
    bypass: Literal["adamantine", "magic", "silver", "cold_iron", "none"]
    absorbs: Scaled | None = None


class EnergyResistanceNode(_Frozen):
    """Resistance to one energy type (resist energy), chosen from ``types`` at casting."""

    kind: Literal["energy_resistance"] = "energy_resistance"
    types: tuple[DamageType, ...] = Field(min_length=1)
    amount: Scaled


class ImmunityNode(_Frozen):
    """Immunity to named spells (shield blocks magic missile) or descriptors."""

    kind: Literal["immunity"] = "immunity"
    spells: tuple[str, ...] = ()
    descriptors: tuple[Descriptor, ...] = ()


class MirrorImagesNode(_Frozen):
    """Illusory doubles: ``dice`` images (1d4 + 1 per 3 CL), at most ``maximum``; an attack that
    would hit first picks at random among the caster and the images."""

    kind: Literal["mirror_images"] = "mirror_images"
    dice: Dice
    maximum: int


class FlyingNode(_Frozen):
    """Flight (the ``flying`` condition of C-11) at ``speed`` feet with a maneuverability, and a
    Fly skill bonus (fly: half the caster level)."""

    kind: Literal["flying"] = "flying"
    speed: int
    maneuverability: Literal["clumsy", "poor", "average", "good", "perfect"]
    skill_bonus: Scaled = 0


class SpeedNode(_Frozen):
    """Haste/slow style changes to movement and actions: ``bonus_feet`` enhancement to speed (at
    most doubling it), ``factor`` multiplies speed (slow: half), ``extra_attack`` on a full
    attack (haste), ``single_action``: only a standard or a move action each turn (slow)."""

    kind: Literal["speed"] = "speed"
    bonus_feet: int = 0
    factor: float = 1.0
    extra_attack: bool = False
    single_action: bool = False


class SummonNode(_Frozen):
    """Summons ``count`` creatures from the summon monster list of ``list_level`` (see
    ``mageduel.creatures``); they appear where the caster chooses within range (MD-11)."""

    kind: Literal["summon"] = "summon"
    list_level: int = Field(ge=1, le=9)
    count: Dice | int = 1


class DispelNode(_Frozen):
    """Dispel checks (C-12): d20 + CL (at most +``max_bonus``) against 11 + the effect's CL.
    ``modes``: ``targeted`` (one creature's spells), ``area``, ``counterspell`` (usable to
    counter, DU-16)."""

    kind: Literal["dispel"] = "dispel"
    strength: Literal["normal", "greater"]
    max_bonus: int
    modes: tuple[Literal["targeted", "area", "counterspell"], ...] = Field(min_length=1)


SlayOutcome = Literal["death", "dust", "petrified", "destroyed"]


class SlayNode(_Frozen):
    """Kills or destroys outright. MD-17 finds these: in a mageduel the node deals nonlethal
    damage equal to half the target's maximum hit points instead. ``at_zero_hp``: only when the
    surrounding damage brings the target to 0 hp or less (disintegrate's dust)."""

    kind: Literal["slay"] = "slay"
    outcome: SlayOutcome
    at_zero_hp: bool = False


class TeleportNode(_Frozen):
    """Instant travel of the caster (and willing touched creatures) up to ``distance`` feet."""

    kind: Literal["teleport"] = "teleport"
    distance: Scaled
    self_only: bool = True
    #: Dimension door: the caster can take no other action until their next turn.
    ends_turn: bool = False


class WallNode(_Frozen):
    """A wall (wall of force): up to ``squares`` 10-foot squares, ``hit_points`` to destroy it,
    blocking movement and line of effect. It is not an attack (MD-13)."""

    kind: Literal["wall"] = "wall"
    material: Literal["force"]
    squares: Scaled
    hardness: int
    hit_points: Scaled
    blocks: tuple[Literal["movement", "line_of_effect", "spells", "breath"], ...] = ()


class RevealNode(_Frozen):
    """Outlines and reveals invisible creatures in the area (glitterdust), for the duration."""

    kind: Literal["reveal"] = "reveal"
    duration: Duration | None = None


# A named alias: its schema is one definition that each ``tuple[Effect, ...]`` field refers to. As a bare
# ``Annotated`` union it was generated again for each of those fields, about twenty times when the first
# recursive node was built: one 28-67 ms step of the page's warm-up (issue 15); now the work is spread over
# the nodes' steps, 4 ms at most in CPython, and the published spell schema is 35 kB instead of 55.
Effect = TypeAliasType(
    "Effect",
    Annotated[
        AttackNode
        | SaveNode
        | MissilesNode
        | AreaNode
        | TieredNode
        | ChoiceNode
        | ChainNode
        | DamageNode
        | ConditionNode
        | AbilityNode
        | NegativeLevelsNode
        | ForcedMovementNode
        | ModifierNode
        | TempHpNode
        | HealNode
        | DamageReductionNode
        | EnergyResistanceNode
        | ImmunityNode
        | ConcealmentNode
        | MirrorImagesNode
        | FlyingNode
        | SpeedNode
        | SummonNode
        | DispelNode
        | SlayNode
        | TeleportNode
        | WallNode
        | RevealNode,
        Field(discriminator="kind"),
    ],
)
"""One effect node; ``kind`` says which."""

EFFECT_KINDS: tuple[str, ...] = (
    "attack",
    "save",
    "missiles",
    "area",
    "tiered",
    "choice",
    "chain",
    "damage",
    "condition",
    "ability",
    "negative_levels",
    "forced_movement",
    "modifier",
    "temp_hp",
    "heal",
    "damage_reduction",
    "energy_resistance",
    "immunity",
    "concealment",
    "mirror_images",
    "flying",
    "speed",
    "summon",
    "dispel",
    "slay",
    "teleport",
    "wall",
    "reveal",
)


def children(node: BaseModel) -> tuple[BaseModel, ...]:
    """The nodes directly inside a container node (empty for leaves)."""
    out: list[BaseModel] = []
    for name in ("on_hit", "effects", "on_save", "secondary_effects", "then"):
        out.extend(getattr(node, name, ()))
    if isinstance(node, TieredNode):
        for tier in node.tiers:
            out.extend(tier.effects)
    if isinstance(node, ChoiceNode):
        for option in node.options:
            out.extend(option.effects)
    return tuple(out)


def walk(effects: tuple[BaseModel, ...]) -> list[BaseModel]:
    """Every node of an effect tree, depth first, parents before children."""
    out: list[BaseModel] = []
    stack = list(reversed(effects))
    while stack:
        node = stack.pop()
        out.append(node)
        stack.extend(reversed(children(node)))
    return out


# ---------------------------------------------------------------------------------------------
# The spell and the catalogue.

SpellId = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=60)]


class Spell(_Frozen):
    """One sorcerer/wizard spell.

    ``level`` is the sorcerer/wizard level (0 = cantrip). ``duration`` is the spell's; nodes may
    carry their own. ``special`` names behaviour the vocabulary cannot say, for the resolver to
    handle in code (each tag is documented in the catalogue module). ``counters`` lists spells
    this one counters besides itself (haste ↔ slow); the catalogue checks they are mutual.
    """

    id: SpellId
    name: Text
    description: Text
    level: int = Field(ge=0, le=9)
    school: School
    subschool: Subschool | None = None
    descriptors: tuple[Descriptor, ...] = ()
    components: tuple[Literal["V", "S", "M", "F"], ...] = ("V", "S")
    casting_time: CastingTime = "standard"
    range: Range
    target: Target
    area: Area | None = None
    duration: Duration
    save: SaveSummary = SaveSummary()
    spell_resistance: bool = True
    effects: tuple[Effect, ...] = Field(min_length=1)
    counters: tuple[SpellId, ...] = ()
    special: tuple[str, ...] = ()
    #: False: not a sorcerer/wizard spell; in the catalogue only for the potions anyone may drink (cure
    #: light wounds). No caster prepares or knows it, and no wand, staff or scroll holds it.
    arcane: bool = True

    @model_validator(mode="after")
    def _consistent(self) -> Spell:
        if self.target.kind == "area" and self.area is None:
            raise ValueError("target 'area' needs an 'area'")
        if self.range.kind == "personal" and self.target.kind != "self":
            raise ValueError("a personal range spell targets 'self'")
        nodes = walk(self.effects)
        if self.save.kind != "none" and not self.save.harmless:
            kinds = {n.save for n in nodes if isinstance(n, SaveNode)}
            if self.save.kind not in kinds:
                raise ValueError(f"save '{self.save.kind}' is declared but no save node uses it")
        elif self.save.kind == "none" and any(isinstance(n, SaveNode) for n in nodes):
            raise ValueError("a save node is used but the spell's 'save' is 'none'")
        if self.id in self.counters:
            raise ValueError("a spell always counters itself; do not list it in 'counters'")
        return self

    # Facts the rules ask about, read off the tree so they never disagree with it.

    def nodes(self) -> list[BaseModel]:
        """Every effect node of this spell (walked once: the engine asks on every legal-option check)."""
        return self._nodes

    @cached_property
    def _nodes(self) -> list[BaseModel]:
        return walk(self.effects)

    @cached_property
    def slays(self) -> bool:
        """Kills or destroys outright on a failed save (MD-17)."""
        return any(isinstance(n, SlayNode) for n in self.nodes())

    @cached_property
    def summons(self) -> bool:
        """Summons creatures (DU-6, MD-11)."""
        return any(isinstance(n, SummonNode) for n in self.nodes())

    @cached_property
    def attack_kinds(self) -> frozenset[str]:
        """Touch attack kinds it rolls (DU-22..DU-24 duel dodge)."""
        return frozenset(n.attack for n in self.nodes() if isinstance(n, AttackNode))

    @cached_property
    def save_kinds(self) -> frozenset[str]:
        """Saves it calls for (DU-19 duel effort: fort/will; DU-23 dodge: ref)."""
        return frozenset(n.save for n in self.nodes() if isinstance(n, SaveNode))

    @cached_property
    def deals_damage(self) -> bool:
        """Deals hit point damage (MD-16 halves it)."""
        return any(isinstance(n, DamageNode) for n in self.nodes())

    @cached_property
    def is_touch(self) -> bool:
        """A touch spell, whose held charge may enter the zone (MD-8)."""
        return self.range.kind == "touch"

    @cached_property
    def affects_only_caster(self) -> bool:
        """Affects only the caster (MD-8 entry, DU-7)."""
        return self.target.kind == "self"

    @cached_property
    def is_compulsion(self) -> bool:
        """A charm or compulsion (MD-3: no acclimation under one)."""
        return self.subschool in ("charm", "compulsion")


class SpellCatalogue(_Frozen):
    """The whole spell file: unique ids, every ``counters`` entry known and mutual."""

    version: int = 1
    spells: tuple[Spell, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _references(self) -> SpellCatalogue:
        ids = [s.id for s in self.spells]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"duplicate spell ids: {', '.join(dupes)}")
        by_id = {s.id: s for s in self.spells}
        for spell in self.spells:
            for other in spell.counters:
                if other not in by_id:
                    raise ValueError(f"spell '{spell.id}' counters unknown spell '{other}'")
                if spell.id not in by_id[other].counters:
                    raise ValueError(f"'{spell.id}' counters '{other}' but not the other way round")
            for node in spell.nodes():
                if isinstance(node, ImmunityNode):
                    for sid in node.spells:
                        if sid not in by_id:
                            raise ValueError(f"spell '{spell.id}' grants immunity to unknown spell '{sid}'")
        return self


def json_schema() -> dict[str, object]:
    """The JSON Schema of the spell file (``python -m mageduel schema spells``)."""
    return SpellCatalogue.model_json_schema()
