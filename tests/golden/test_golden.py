"""Replay every golden duel in this folder and compare the whole event log (OpenSpiel's playthroughs).

Each file is a replay: scenario, dice and decisions, with the full expected event log and outcome. The
files are read relative to this test, so the suite runs the same in CPython and in Pyodide. Regenerate
them with ``PYTHONPATH=engine python3 tests/tools/make_golden.py`` and read the new logs before committing.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from mageduel import replay
from mageduel.scenario import Scenario

HERE = Path(__file__).resolve().parent
FILES = sorted(HERE.glob("*.json"))

#: What each golden duel shows: its file name, the ending it must reach, a clause its log must apply.
EXPECTED = {
    "mageduel_defeat": ("defeat", "MD-21"),
    "mageduel_rite_negotiated": ("defeat", "MD-4"),
    "mageduel_expulsion": ("expulsion", "MD-22"),
    "mageduel_interference": ("interference", "MD-19"),
    "mageduel_time": ("time", "MD-24"),
    "mageduel_disqualification": ("disqualification", "MD-13"),
    "mageduel_three_way": ("defeat", "MD-21"),
    "mageduel_two_against_two": ("defeat", "MD-21"),
    "mageduel_draw": ("draw", "MD-25"),
    "mageduel_finger_of_death": ("defeat", "MD-17"),
    "duel_first_blood": ("first-blood", "DU-5"),
    "duel_decided_by_counterspell": ("first-blood", "DU-15"),
    "duel_withdrawal": ("withdrawal", "DU-9"),
    "duel_breach": ("breach", "DU-2"),
    "duel_new_after_withdrawal": ("defeat", "DU-9"),
    "duel_of_summoned_creatures": ("defeat", "DU-6"),
    "duel_duelist_parry": ("hits", "DU-28"),
    "duel_four_way_reactions": ("time", "DU-22"),
    "duel_area_dodged_by_two": ("time", "DU-25"),
}


def test_there_are_at_least_ten_golden_duels_and_each_is_described():
    assert len(FILES) >= 10
    assert {f.stem for f in FILES} == set(EXPECTED)


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_golden_replay_reproduces_the_whole_event_log(path):
    rep = replay.Replay.model_validate_json(path.read_text(encoding="utf-8"))
    assert rep.events, "a golden file holds its expected event log"
    check = replay.verify(rep)
    assert check.ok, check.reason
    assert check.applied == len(rep.decisions) and check.duel.pending is None
    assert len(check.duel.events) == len(rep.events)
    reason, clause = EXPECTED[path.stem]
    assert check.duel.outcome.reason == reason
    assert any(clause in e.clauses for e in check.duel.events)
    if rep.scenario.kind == "mageduel" and reason not in ("unqualified", "refused"):
        assert check.duel.events[-1].kind == "restored"  # MD-20: the final state gives everything back
    # The scenario is a valid input of `python -m mageduel play` as it stands in the file.
    Scenario.model_validate_json(rep.scenario.model_dump_json())
