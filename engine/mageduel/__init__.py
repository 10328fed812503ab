"""Mageduel: wizard duels under the Pathfinder duel rules and the Forgotten Realms mageduel rite.

The engine is pure: no I/O, no browser, no global random, no clock. Given a scenario, a dice
source and the players' decisions it always produces the same events. Clause IDs (DU-*, MD-*,
X-*, C-*) name the rules; :func:`clause` states each in French and English.

This module is the engine's one public API: the page (``web/``), the command line and a library user
import from ``mageduel`` itself, never from its submodules. A duel is a state machine: ``pending`` says
who must decide what, with the legal options; ``apply`` takes a decision (and leaves the duel unchanged
on an illegal one); ``view`` is what one player may know (MD-26 hides the spell being cast).

>>> import mageduel
>>> duel = mageduel.new_duel(mageduel.duel_scenario("maelis", "tobin"), mageduel.Seeded(7))
>>> duel.pending.player, duel.pending.kind
('p1', 'rite:zone')
>>> view = duel.view("p1")
>>> view.kind, view.me.id
('mageduel', 'p1')
>>> try:
...     duel.apply("p2", duel.pending.options[0].id)
... except mageduel.IllegalDecision:
...     print("not p2's decision: the duel is unchanged")
not p2's decision: the duel is unchanged

A whole duel between two computer policies, recorded and replayed (the decision log is the replay):

>>> duel = mageduel.play_out(duel, mageduel.make_policy("greedy", 1))
>>> duel.outcome is not None
True
>>> mageduel.verify(mageduel.record(duel)).ok
True

Decisions are written in one line each (the notation is also the replay format):

>>> mageduel.parse_decision("p1: cast magic_missile @p2")
('p1', 'cast magic_missile @p2')

The catalogues are data, validated at the boundary:

>>> mageduel.spell("fireball").level
3
>>> mageduel.clause("MD-14").id
'MD-14'
>>> mageduel.lesson_refs()[0]
'1-1'

Names load on first use (PEP 562), so ``import mageduel`` stays as cheap as the page's boot needs: only
what is used is imported.
"""

#: ``typing.TYPE_CHECKING`` without importing ``typing`` or ``__future__``: the page's boot imports this
#: package first, and it costs no more than the package's docstring and one dict (issue 15).
TYPE_CHECKING = False

__version__ = "0.1.0"

#: Every public name: where it lives (a module of this package) and its name there.
_EXPORTS: dict[str, tuple[str, str]] = {
    # The duel: build one, ask who decides what, apply a decision, read a player's view.
    "new_duel": ("compose", "new_duel"),
    # The rules a first duel loads, one module per step (a page loads them in short tasks ahead of time).
    "loading": ("compose", "loading"),
    "Duel": ("state", "Duel"),
    "Option": ("core", "Option"),
    "Ask": ("core", "Ask"),
    "Outcome": ("core", "Outcome"),
    "Ending": ("core", "Ending"),
    "IllegalDecision": ("state", "IllegalDecision"),
    "EngineError": ("state", "EngineError"),
    "REACTION_KINDS": ("core", "REACTION_KINDS"),
    "ASK": ("core", "ASK"),
    "ALWAYS": ("core", "ALWAYS"),
    "NEVER": ("core", "NEVER"),
    "OUT_STATUSES": ("core", "OUT_STATUSES"),
    # A d20 roll a rule asks for, and the chance it succeeds (what the view shows, what the kernel rolls).
    "Check": ("core", "Check"),
    "check_chance": ("core", "chance"),
    # Scenarios and the terms of a duel.
    "Scenario": ("scenario", "Scenario"),
    "duel_scenario": ("scenario", "duel_scenario"),
    "default_scenario": ("scenario", "default_scenario"),
    "Terms": ("terms", "Terms"),
    # Dice: our SplitMix64 and the three sources (seeded, scripted, manual), with their file specs.
    "SplitMix64": ("dice", "SplitMix64"),
    "DiceSource": ("dice", "DiceSource"),
    "Seeded": ("dice", "Seeded"),
    "Scripted": ("dice", "Scripted"),
    "Manual": ("dice", "Manual"),
    "DiceSpec": ("dice", "DiceSpec"),
    "SeededSpec": ("dice", "SeededSpec"),
    "ScriptedSpec": ("dice", "ScriptedSpec"),
    "ManualSpec": ("dice", "ManualSpec"),
    "DiceError": ("dice", "DiceError"),
    # Views and events: what a player may see (MD-26), and what happened.
    "View": ("views", "View"),
    "BriefView": ("views", "BriefView"),
    "OptionView": ("views", "OptionView"),
    "PendingView": ("views", "PendingView"),
    "CombatantView": ("views", "CombatantView"),
    "AreaView": ("views", "AreaView"),
    "option_area": ("views", "option_area"),
    "Event": ("events", "Event"),
    "EventModel": ("events", "EventModel"),
    "RollPurpose": ("events", "RollPurpose"),
    # The decision notation and replays.
    "parse_decision": ("notation", "parse_decision"),
    "format_decision": ("notation", "format_decision"),
    "fmt_point": ("notation", "fmt_point"),
    "parse_point": ("notation", "parse_point"),
    "Replay": ("replay", "Replay"),
    "ReplayCheck": ("replay", "ReplayCheck"),
    "record": ("replay", "record"),
    "verify": ("replay", "verify"),
    # Who decides: whole-duel policies and the computer opponent.
    "make_policy": ("policies", "make"),
    "play_out": ("policies", "play_out"),
    "RandomPolicy": ("policies", "RandomPolicy"),
    "GreedyPolicy": ("policies", "GreedyPolicy"),
    "Opponent": ("ai", "Opponent"),
    # The zone (MD-5, MD-10).
    "Zone": ("zone", "Zone"),
    "SizeBounds": ("zone", "SizeBounds"),
    "size_bounds": ("zone", "size_bounds"),
    "halve": ("zone_effects", "halve"),  # MD-16: half, rounded down, at least 1
    # Bounds and refusals for untrusted input: one line naming the field, never a traceback.
    "BoundsError": ("bounds", "BoundsError"),
    "MAX_TEXT": ("bounds", "MAX_TEXT"),
    "MAX_LINK": ("bounds", "MAX_LINK"),
    "MAX_LINE": ("bounds", "MAX_LINE"),
    "load_json": ("bounds", "load_json"),
    "refusal": ("bounds", "refusal"),
    "cut": ("bounds", "cut"),
    "one_line": ("bounds", "one_line"),
    "location": ("bounds", "location"),
    "RuleError": ("rule_error", "RuleError"),
    # The catalogues: characters, spells, creatures, weapons, clauses, showcases.
    "Character": ("character", "Character"),
    "Feat": ("feats", "Feat"),
    "feat": ("feats", "feat"),
    "Roster": ("roster", "Roster"),
    "premade": ("roster", "get"),
    "premades": ("roster", "all"),
    "premade_ids": ("roster", "ids"),
    "Spell": ("spells.model", "Spell"),
    "SpellCatalogue": ("spells.model", "SpellCatalogue"),
    "at_level": ("spells.model", "at_level"),
    "spell": ("spells.catalogue", "get"),
    "all_spells": ("spells.catalogue", "all_spells"),
    "spell_ids": ("spells.catalogue", "ids"),
    "Creature": ("creatures", "Creature"),
    "CreatureCatalogue": ("creatures", "CreatureCatalogue"),
    "creature": ("creatures", "get"),
    "all_creatures": ("creatures", "all_creatures"),
    "Weapon": ("weapons", "Weapon"),
    "WEAPONS": ("weapons", "WEAPONS"),
    "weapon": ("weapons", "weapon"),
    "Clause": ("clauses", "Clause"),
    "clause": ("clauses", "get"),
    "all_clauses": ("clauses", "all"),
    "clause_ids": ("clauses", "ids"),
    "Showcase": ("showcases", "Showcase"),
    "Showcases": ("showcases", "Showcases"),
    "showcase": ("showcases", "get"),
    "all_showcases": ("showcases", "all"),
    "showcase_ids": ("showcases", "ids"),
    # The tutorial's lessons.
    "LessonBook": ("lessons", "LessonBook"),
    "LessonPlay": ("lessons", "LessonPlay"),
    "lesson": ("lessons", "level"),
    "lesson_refs": ("lessons", "refs"),
    "lesson_book": ("lessons", "book"),
    "lesson_stage": ("lessons", "stage_of"),
    "start_lesson": ("lessons", "start"),
    "first_lesson_view": ("lessons", "first_view"),
    "check_lessons": ("lessons.check", "check_all"),
    # Soak: random duels with invariants checked.
    "run_soak": ("soak", "soak"),
    "SoakSummary": ("soak", "Summary"),
}

if TYPE_CHECKING:
    from typing import Any

    from .ai import Opponent
    from .bounds import MAX_LINE, MAX_LINK, MAX_TEXT, BoundsError, cut, load_json, location, one_line, refusal
    from .character import Character
    from .clauses import Clause
    from .clauses import all as all_clauses
    from .clauses import get as clause
    from .clauses import ids as clause_ids
    from .compose import loading, new_duel
    from .core import ALWAYS, ASK, NEVER, OUT_STATUSES, REACTION_KINDS, Ask, Check, Ending, Option, Outcome
    from .core import chance as check_chance
    from .creatures import Creature, CreatureCatalogue, all_creatures
    from .creatures import get as creature
    from .dice import (
        DiceError,
        DiceSource,
        DiceSpec,
        Manual,
        ManualSpec,
        Scripted,
        ScriptedSpec,
        Seeded,
        SeededSpec,
        SplitMix64,
    )
    from .events import Event, EventModel, RollPurpose
    from .feats import Feat, feat
    from .lessons import (
        LessonBook,
        LessonPlay,
    )
    from .lessons import book as lesson_book
    from .lessons import first_view as first_lesson_view
    from .lessons import level as lesson
    from .lessons import refs as lesson_refs
    from .lessons import stage_of as lesson_stage
    from .lessons import start as start_lesson
    from .lessons.check import check_all as check_lessons
    from .notation import fmt_point, format_decision, parse_decision, parse_point
    from .policies import GreedyPolicy, RandomPolicy, play_out
    from .policies import make as make_policy
    from .replay import Replay, ReplayCheck, record, verify
    from .roster import Roster
    from .roster import all as premades
    from .roster import get as premade
    from .roster import ids as premade_ids
    from .rule_error import RuleError
    from .scenario import Scenario, default_scenario, duel_scenario
    from .showcases import Showcase, Showcases
    from .showcases import all as all_showcases
    from .showcases import get as showcase
    from .showcases import ids as showcase_ids
    from .soak import Summary as SoakSummary
    from .soak import soak as run_soak
    from .spells.catalogue import all_spells
    from .spells.catalogue import get as spell
    from .spells.catalogue import ids as spell_ids
    from .spells.model import Spell, SpellCatalogue, at_level
    from .state import Duel, EngineError, IllegalDecision
    from .terms import Terms
    from .views import AreaView, BriefView, CombatantView, OptionView, PendingView, View, option_area
    from .weapons import WEAPONS, Weapon, weapon
    from .zone import SizeBounds, Zone, size_bounds
    from .zone_effects import halve

__all__ = [
    "ALWAYS",
    "ASK",
    "AreaView",
    "Ask",
    "BriefView",
    "BoundsError",
    "Character",
    "Feat",
    "RuleError",
    "Check",
    "Clause",
    "CombatantView",
    "Creature",
    "CreatureCatalogue",
    "DiceError",
    "DiceSource",
    "DiceSpec",
    "Duel",
    "Ending",
    "EngineError",
    "Event",
    "EventModel",
    "GreedyPolicy",
    "IllegalDecision",
    "LessonBook",
    "LessonPlay",
    "MAX_LINE",
    "MAX_LINK",
    "MAX_TEXT",
    "Manual",
    "ManualSpec",
    "NEVER",
    "OUT_STATUSES",
    "Opponent",
    "Option",
    "OptionView",
    "option_area",
    "Outcome",
    "PendingView",
    "REACTION_KINDS",
    "RandomPolicy",
    "Replay",
    "ReplayCheck",
    "RollPurpose",
    "Roster",
    "Scenario",
    "Scripted",
    "ScriptedSpec",
    "Seeded",
    "SeededSpec",
    "Showcase",
    "Showcases",
    "SizeBounds",
    "SoakSummary",
    "Spell",
    "SpellCatalogue",
    "SplitMix64",
    "Terms",
    "View",
    "WEAPONS",
    "Weapon",
    "Zone",
    "all_clauses",
    "all_creatures",
    "all_showcases",
    "all_spells",
    "at_level",
    "check_lessons",
    "check_chance",
    "clause",
    "clause_ids",
    "creature",
    "cut",
    "default_scenario",
    "duel_scenario",
    "first_lesson_view",
    "fmt_point",
    "format_decision",
    "halve",
    "lesson",
    "lesson_book",
    "lesson_refs",
    "lesson_stage",
    "load_json",
    "loading",
    "location",
    "feat",
    "make_policy",
    "new_duel",
    "one_line",
    "parse_decision",
    "parse_point",
    "play_out",
    "premade",
    "premade_ids",
    "premades",
    "record",
    "refusal",
    "run_soak",
    "showcase",
    "showcase_ids",
    "size_bounds",
    "spell",
    "spell_ids",
    "start_lesson",
    "verify",
    "weapon",
]


def __getattr__(name: str) -> "Any":
    """Load a public name on first use and keep it (PEP 562)."""
    try:
        module, attr = _EXPORTS[name]
    except KeyError:
        raise AttributeError(f"module 'mageduel' has no attribute {name!r}") from None
    # __import__ rather than importlib: importing importlib would cost the page's boot (issue 15).
    value = getattr(__import__(f"{__name__}.{module}", fromlist=("_",)), attr)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
