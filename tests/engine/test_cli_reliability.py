"""Issue 11 on the command line (findings 5, 6, 7): every bad input is refused in one line of at most 300
characters naming the field, before anything is played or written. Subprocesses and files: CPython only."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="subprocesses and files")

SCENARIO = {"kind": "duel", "participants": [{"roster": "ilse"}, {"roster": "kael"}]}


def mageduel(*args: str, cwd=None) -> subprocess.CompletedProcess:
    p = subprocess.run(
        [sys.executable, "-m", "mageduel", *args], capture_output=True, text=True, cwd=cwd, timeout=300
    )
    assert "Traceback" not in p.stderr and "internal error" not in p.stderr, p.stderr[:500]
    return p


def one_line(p: subprocess.CompletedProcess) -> str:
    assert p.returncode == 2, (p.returncode, p.stderr[:300])
    assert p.stderr.count("\n") == 1 and len(p.stderr) <= 301, p.stderr[:400]
    return p.stderr.strip()


def test_finding6_play_with_a_negative_seed_refuses_before_playing_and_writes_nothing(tmp_path):
    (tmp_path / "s.json").write_text(json.dumps(SCENARIO))
    p = mageduel("play", "s.json", "--seed", "-1", "--save", "x.json", cwd=tmp_path)
    assert one_line(p).startswith("--seed:") and p.stdout == ""
    assert not (tmp_path / "x.json").exists()


def test_finding7_a_replay_given_to_play_is_one_line_not_one_error_per_event(tmp_path):
    from pathlib import Path

    golden = Path(__file__).resolve().parents[1] / "golden" / "mageduel_time.json"
    p = mageduel("play", str(golden))
    assert "this is a replay, not a scenario" in one_line(p)


def test_finding7_a_10_mb_value_is_not_echoed_back(tmp_path):
    data = json.loads(json.dumps(SCENARIO))
    data["participants"][0]["roster"] = "x" * 5_000_000
    (tmp_path / "s.json").write_text(json.dumps(data))
    for command in ("validate", "play"):
        line = one_line(mageduel(command, str(tmp_path / "s.json")))
        assert "participants.0.roster" in line and "5,000,000 characters" in line


@pytest.mark.parametrize(
    "text, said",
    [
        (
            '{"kind": "duel", "participants": [{"roster": "ilse", "position": [NaN, 0]}, {"roster": "kael"}]}',
            "NaN",
        ),
        (
            '{"kind": "mageduel", "participants": [{"roster": "ilse"}, {"roster": "kael"}], '
            '"options": {"zone_width": Infinity}}',
            "zone_width: Infinity is not a finite number",
        ),
        (
            '{"kind": "duel", "participants": [{"roster": "ilse", "position": [1e308, 0]}, {"roster": "kael"}]}',
            "participants.0.position.0",
        ),
        ("[" * 1000 + "]" * 1000, "nested 1000 deep"),
        (
            '{"kind": "duel", "options": {"max_rounds": ' + "9" * 5000 + "}}",
            "max_rounds: an integer of 5,000 digits",
        ),
    ],
)
def test_finding5_and_6_hostile_files_are_refused_in_one_named_line(tmp_path, text, said):
    (tmp_path / "s.json").write_text(text)
    # Refused before any model: the same line whatever the command; a model's refusal: validate and play.
    commands = ("validate", "play") if said.startswith("participants") else ("validate", "play", "replay")
    for command in commands:
        assert said in one_line(mageduel(command, str(tmp_path / "s.json")))
