"""The benchmark ``build.py bench`` calls: full random duels per second between two level-5 casters.

Timing lives only here and in the CLI's "elapsed"; the engine itself never reads a clock.
"""

from __future__ import annotations

import time

from .dice import Seeded
from .policies import RandomPolicy, play_out
from .scenario import default_scenario
from .state import new_duel


def duels_per_second(seconds: float = 2.0) -> float:
    """Play seeded duels of :func:`scenario.default_scenario` (the level-5 wizard against the level-5
    sorcerer, a mageduel with its rite) under the uniformly random policy for about ``seconds`` seconds;
    return whole duels finished per second."""
    scenario = default_scenario()
    start = time.perf_counter()
    done = 0
    while True:
        duel = new_duel(scenario, Seeded(done))
        play_out(duel, RandomPolicy(done))
        done += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed
