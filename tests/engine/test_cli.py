"""python -m mageduel: every command, and no traceback whatever the input. Runs subprocesses and writes
temporary files, so it is skipped inside Pyodide."""

import json
import subprocess
import sys

import pytest
from mageduel.scenario import default_scenario

pytestmark = pytest.mark.skipif(sys.platform == "emscripten", reason="subprocesses and files")


def mageduel(*args, cwd=None):
    p = subprocess.run(
        [sys.executable, "-m", "mageduel", *args], capture_output=True, text=True, cwd=cwd, timeout=300
    )
    assert "Traceback" not in p.stderr and "Traceback" not in p.stdout, p.stderr
    return p


def test_simulate_twice_gives_the_same_output_apart_from_elapsed():
    outs = []
    for _ in range(2):
        p = mageduel("simulate", "--a", "ilse", "--b", "kael", "--games", "30", "--seed", "1")
        assert p.returncode == 0, p.stderr
        d = json.loads(p.stdout)
        assert isinstance(d.pop("elapsed"), float)
        outs.append(d)
    assert outs[0] == outs[1]
    d = outs[0]
    assert d["games"] == 30 and d["wins"]["a"] + d["wins"]["b"] + d["draws"] == 30
    assert sum(d["end_reasons"].values()) == 30 and d["mean_rounds"] > 0


def test_simulate_on_every_core_gives_the_same_totals_as_one_process():
    """Issue 15: ``--jobs N`` plays the games in N processes (0: one per core); each duel depends only on
    its own seeds, so the totals are those of one process."""
    outs = []
    for jobs in ("1", "2", "0"):
        p = mageduel(
            "simulate", "--a", "tamsin", "--b", "bram", "--games", "12", "--seed", "5", "--jobs", jobs
        )
        assert p.returncode == 0, p.stderr
        d = json.loads(p.stdout)
        d.pop("elapsed")
        outs.append(d)
    assert outs[0] == outs[1] == outs[2]
    p = mageduel("simulate", "--a", "tamsin", "--b", "bram", "--jobs", "-1")
    assert p.returncode == 2 and "--jobs" in p.stderr


def test_simulate_greedy_and_bad_arguments():
    p = mageduel("simulate", "--a", "ilse", "--b", "kael", "--games", "3", "--policy", "greedy")
    assert p.returncode == 0 and json.loads(p.stdout)["policy"] == "greedy"
    p = mageduel("simulate", "--a", "nobody", "--b", "kael")
    assert p.returncode == 2 and "unknown character 'nobody'" in p.stderr
    p = mageduel("simulate", "--a", "ilse", "--b", "kael", "--games", "abc")
    assert p.returncode == 2


def test_play_prints_events_then_the_outcome_and_saves_a_replay(tmp_path):
    sc = tmp_path / "s.json"
    sc.write_text(default_scenario().model_dump_json())
    rep = tmp_path / "r.json"
    p = mageduel("play", str(sc), "--seed", "4", "--save", str(rep))
    assert p.returncode == 0, p.stderr
    lines = [json.loads(x) for x in p.stdout.splitlines()]
    assert lines[0]["kind"] == "start" and "outcome" in lines[-1]
    assert all("seq" in x for x in lines[:-1])
    r = mageduel("replay", str(rep))
    assert r.returncode == 0 and json.loads(r.stdout)["ok"] is True
    v = mageduel("validate", str(rep))
    assert v.returncode == 0 and json.loads(v.stdout)["kind"] == "replay"


def test_play_with_scripted_dice_and_decisions(tmp_path):
    sc = tmp_path / "s.json"
    sc.write_text(default_scenario().model_dump_json())
    dec = tmp_path / "d.txt"
    dec.write_text("# the first decision of the rite\np1: nonsense here\n")
    p = mageduel("play", str(sc), "--dice", "10,10,10", "--decisions", str(dec))
    assert p.returncode in (1, 2) and ("illegal" in p.stderr or "ran out" in p.stderr)
    p = mageduel("play", str(sc), "--dice", "1,x")
    assert p.returncode == 2 and "--dice" in p.stderr


def test_replay_divergence_exits_1_with_the_step(tmp_path):
    sc = tmp_path / "s.json"
    sc.write_text(default_scenario().model_dump_json())
    rep = tmp_path / "r.json"
    assert mageduel("play", str(sc), "--seed", "2", "--save", str(rep)).returncode == 0
    data = json.loads(rep.read_text())
    data["decisions"][3] = "p1: cast wish @p2"
    rep.write_text(json.dumps(data))
    p = mageduel("replay", str(rep))
    assert p.returncode == 1 and "step 4" in p.stderr


def test_validate_names_each_bad_field(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(
        json.dumps({"kind": "brawl", "participants": [{"roster": "nobody"}, {"roster": "kael", "side": ""}]})
    )
    p = mageduel("validate", str(bad))
    assert p.returncode == 2
    assert "kind:" in p.stderr and "participants.0.roster" in p.stderr and "participants.1.side" in p.stderr
    ch = tmp_path / "ch.json"
    ch.write_text(json.dumps({"id": "x", "cls": "bard", "level": 40, "abilities": {}}))
    p = mageduel("validate", str(ch))
    assert p.returncode == 2 and "cls" in p.stderr and "level" in p.stderr


@pytest.mark.parametrize("content", ["", "{", "[1, 2]", "null", "\x00\xff", '{"what": 1}', '"text"'])
def test_bad_files_give_messages_not_tracebacks(tmp_path, content):
    f = tmp_path / "f.json"
    f.write_bytes(content.encode("latin-1"))
    for cmd in ("validate", "replay", "play"):
        p = mageduel(cmd, str(f))
        assert p.returncode == 2 and p.stderr.strip()


def test_missing_files_and_directories(tmp_path):
    for cmd in ("validate", "replay", "play"):
        assert mageduel(cmd, str(tmp_path / "none.json")).returncode == 2
        assert mageduel(cmd, str(tmp_path)).returncode == 2
    assert mageduel().returncode == 2
    assert mageduel("dance").returncode == 2


def test_schema_and_roster():
    p = mageduel("schema")
    names = json.loads(p.stdout)
    assert {"scenario", "character", "replay", "event", "view", "terms", "spells"} <= set(names)
    p = mageduel("schema", "scenario")
    assert json.loads(p.stdout)["title"] == "Scenario"
    assert mageduel("schema", "nope").returncode == 2
    p = mageduel("roster")
    assert len(json.loads(p.stdout)) >= 8


def test_simulate_with_the_computers_level_reports_median_p95_and_end_reasons():
    p = mageduel("simulate", "--a", "maelis", "--b", "tobin", "--games", "6", "--policy", "normal", "--json")
    assert p.returncode == 0, p.stderr
    d = json.loads(p.stdout)
    assert d["policy"] == "normal" and d["progress_check"] is True  # as the page plays (DU-9, MD-25)
    assert d["median_rounds"] <= d["p95_rounds"] <= d["max_rounds"]
    assert sum(d["end_reasons"].values()) == 6
    p = mageduel("simulate", "--a", "ilse", "--b", "kael", "--policy", "brilliant")
    assert p.returncode == 2 and "--policy" in p.stderr and "normal" in p.stderr
