"""The benchmark ``build.py bench`` calls: full random duels per second between two level-5 casters.

Timing lives only here and in the CLI's "elapsed"; the engine itself never reads a clock.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from .ai import Opponent
from .compose import loading, new_duel
from .dice import Seeded
from .policies import RandomPolicy, play_out
from .scenario import default_scenario, duel_scenario


def duels_per_second(seconds: float = 2.0, clock: Callable[[], float] = time.perf_counter) -> float:
    """Play seeded duels of :func:`scenario.default_scenario` (the level-5 wizard against the level-5
    sorcerer, a mageduel with its rite) under the uniformly random policy for about ``seconds`` seconds
    of ``clock``; return whole duels finished per second. ``time.process_time`` as the clock gives the
    figure of one core of its own, whatever else the machine runs."""
    scenario = default_scenario()
    start = clock()
    done = 0
    while True:
        duel = new_duel(scenario, Seeded(done))
        play_out(duel, RandomPolicy(done))
        done += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            return done / elapsed


#: The pairings the computer's timing is measured on: low, middle and high levels, the rite and a plain duel
#: (the longest logs and the widest option lists are at the high levels).
AI_PAIRS = (
    ("tamsin", "bram", "mageduel"),
    ("ilse", "kael", "mageduel"),
    ("corvin", "nadira", "mageduel"),
    ("aurelian", "ysolde", "mageduel"),
    ("garrick", "severine", "duel"),
)


def ai_decision_times(
    level: str, seeds: int = 2, freeze_gc: bool = True, clock: Callable[[], float] = time.perf_counter
) -> dict[str, float]:
    """How long the computer takes per decision, as the page runs it: its own ``brief_view``, ``ai.choose``
    on it and ``apply`` — whole duels between two computers at ``level`` over :data:`AI_PAIRS`. Returns the
    median, 95th percentile and worst time in milliseconds and the number of decisions.

    The rules and the spell catalogue are loaded first, as the page's warm-up does. ``freeze_gc`` does
    what the page does after loading (``gc.freeze()``), so a full collection does not walk
    the engine's and pydantic's import-time objects in the middle of a decision. ``clock``: as for
    :func:`duels_per_second`."""
    import gc
    import statistics

    # What the page loads before its first duel (its warm-up): the rules and the spell catalogue, once, so
    # that the first decision timed is not also their loading.
    for _ in loading():
        pass
    if freeze_gc:
        gc.collect()
        gc.freeze()
    times: list[float] = []
    for a, b, kind in AI_PAIRS:
        for seed in range(seeds):
            duel = new_duel(duel_scenario(a, b, kind), Seeded(seed))  # type: ignore[arg-type]
            brains: dict[str, Opponent] = {}
            while duel.pending is not None and len(duel.decisions) < 3000:
                who = duel.pending.player
                brain = brains.setdefault(who, Opponent(level, seed))
                start = clock()
                duel.apply(who, brain.choose(duel.brief_view(who)))
                times.append(clock() - start)
    if freeze_gc:
        gc.unfreeze()
    times.sort()
    return {
        "median_ms": statistics.median(times) * 1e3,
        "p95_ms": times[int(len(times) * 0.95)] * 1e3,
        "max_ms": times[-1] * 1e3,
        "decisions": float(len(times)),
    }
