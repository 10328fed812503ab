"""The arena's view of a scenario before the duel: the zone sized by MD-5 and the duellists at their
MD-8 entry points. Uses only the engine's public API (scenario, characters, zone).

>>> view = default_view("en")
>>> (view.width, view.minimum, view.maximum), [t.name for t in view.tokens]
((20, 20, 125), ['Ilse Varro', 'Kael Sunderwind'])
"""

from __future__ import annotations

from mageduel.scenario import Scenario, default_scenario
from mageduel.zone import Zone, size_bounds

from web.arena import ArenaView, Token


def view_of(scenario: Scenario, lang: str) -> ArenaView:
    """The zone agreed in the scenario, or else the smallest the rite allows (MD-5), as a cube."""
    characters = [p.resolve() for p in scenario.participants]
    bounds = size_bounds([max(c.caster_level, 1) for c in characters])
    width = scenario.options.zone_width or bounds.minimum
    height = scenario.options.zone_height or width
    zone = Zone(width, height)
    sides: list[str] = []
    tokens = []
    for i, (participant, character, (x, y)) in enumerate(
        zip(scenario.participants, characters, zone.entry_points(len(characters)), strict=True)
    ):
        side = participant.side or f"side{i + 1}"
        if side not in sides:
            sides.append(side)
        name = getattr(character.name, lang, None) or character.name.en
        tokens.append(Token(name, character.cls, character.level, x, y, sides.index(side)))
    return ArenaView(width, height, bounds.minimum, bounds.maximum, tuple(tokens))


def default_view(lang: str = "en") -> ArenaView:
    return view_of(default_scenario(), lang)
