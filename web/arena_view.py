"""The arena's view of a scenario before the duel: the zone sized by MD-5 and the duellists at their
MD-8 entry points — or, for a plain duel, the ground and the places the engine puts them. Uses only the
engine's public API (scenario, characters, zone, ``new_duel``).

>>> view = default_view("en")
>>> (view.width, view.minimum, view.maximum), [t.name for t in view.tokens]
((28, 28, 245), ['Maëlis Duskfen', 'Tobin Ashgale'])
>>> from mageduel import duel_scenario
>>> duel = view_of(duel_scenario("ilse", "kael", "duel"), "en")
>>> duel.kind, duel.width, duel.origin, [(t.x, t.y) for t in duel.tokens]  # the ground about them
('duel', 42.0, (-6.0, -6.0), [(21.0, 6.0), (21.0, 36.0)])
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from mageduel import Scenario, Seeded, Zone, new_duel

from web.arena import ArenaView, Token, first_name
from web.ground import ground_about


def view_of(scenario: Scenario, lang: str) -> ArenaView:
    """The zone agreed in the scenario, or else the smallest the rite allows (MD-5), as a cube; for a
    plain duel, the ground holding the duellists where the engine places them."""
    characters = [p.resolve() for p in scenario.participants]
    if scenario.kind == "duel":
        points = list(_start_places(scenario.model_dump_json()))[: len(characters)]
        g = ground_about(points)
        drawn = [g.local(p) for p in points]
        tokens = _tokens(scenario, characters, drawn, lang)
        return ArenaView(g.side, g.side, 0, 0, tokens, kind="duel", origin=(g.x, g.y))
    bounds = scenario.zone_bounds()
    assert bounds is not None  # a mageduel has a zone
    width = scenario.options.zone_width or bounds.minimum
    height = scenario.options.zone_height or width
    zone = Zone(width, height)
    points = zone.entry_points(len(characters))
    return ArenaView(
        width, height, bounds.minimum, bounds.maximum, _tokens(scenario, characters, points, lang)
    )


@lru_cache(maxsize=32)
def _start_places(scenario_json: str) -> tuple[tuple[float, float], ...]:
    """No zone (X-1): the engine's own starting places, its first event (placing draws no die). Cached:
    the setup form redraws the preview on every change, and a new duel costs milliseconds under Pyodide."""
    duel = new_duel(Scenario.model_validate_json(scenario_json), Seeded(0))
    placed = next(e.data["positions"] for e in duel.events if e.kind == "placed")
    return tuple((p[0], p[1]) for p in placed.values())


def _tokens(
    scenario: Scenario, characters: Sequence[Any], points: Sequence[tuple[float, float]], lang: str
) -> tuple[Token, ...]:
    sides: list[str] = []
    tokens = []
    for i, (participant, character, (x, y)) in enumerate(
        zip(scenario.participants, characters, points, strict=True)
    ):
        side = participant.side or f"side{i + 1}"
        if side not in sides:
            sides.append(side)
        name = getattr(character.name, lang, None) or character.name.en
        tokens.append(
            Token(name, character.cls, character.level, x, y, sides.index(side), short=first_name(name))
        )
    return tuple(tokens)


#: The pairing the setup offers first (issue 12: a mageduel of about ten rounds), drawn before Python's
#: setup screen takes over, so the page does not change its duellists as it becomes ready.
FIRST_PAIR = ("maelis", "tobin")


def default_view(lang: str = "en") -> ArenaView:
    from mageduel import duel_scenario

    return view_of(duel_scenario(*FIRST_PAIR), lang)
