"""``soak --jobs N`` (issues 11 and 15): the duels split over processes give exactly the summary one
process gives — the same counts, findings and per-duel digests, in duel order."""

from __future__ import annotations

import sys

import pytest
from mageduel import cli
from mageduel.soak import Summary, soak

SLOW = pytest.mark.skipif(sys.platform == "emscripten", reason="worker processes; CPython only")


@SLOW
def test_soak_over_two_processes_gives_the_single_process_summary(monkeypatch):
    monkeypatch.setattr(cli, "SOAK_PART", 7)  # 30 duels in five parts, the last one short
    one = soak(30, seed=11)
    seen: list[int] = []
    two = cli._soak(30, 11, jobs=2, progress=lambda s: seen.append(s.duels), progress_every=10)
    assert two.to_dict() == one.to_dict()
    assert two.digests == one.digests and len(two.digests) == 30
    assert two.premades == one.premades
    assert seen and seen == sorted(seen) and seen[-1] < 30


def test_soak_parts_merged_in_order_are_the_whole():
    whole = soak(9, seed=4)
    merged = Summary()
    for start, stop in ((0, 4), (4, 5), (5, 9)):
        merged.merge(soak(stop, seed=4, start=start))
    assert merged.to_dict() == whole.to_dict() and merged.digests == whole.digests


def test_merged_findings_keep_the_first_ten_in_duel_order():
    early, late = Summary(), Summary()
    for n in range(8):
        early.finding("x", n, 1, "early")
    for n in range(8, 13):
        late.finding("y", n, 1, "late")
    early.merge(late)
    assert [f["duel"] for f in early.first] == list(range(10))
    assert early.breaks == {"x": 8, "y": 5}
