"""``soak --journal FILE`` (issue 11): a 100,000-duel soak outlasts a working session, so each part's summary is
kept as it is merged, and a soak run again with the same journal plays only what is missing — and still gives
exactly the summary one uninterrupted process gives."""

from __future__ import annotations

import json
import sys

import pytest
from mageduel import cli
from mageduel.soak import Summary, soak


def _cli(*argv: str, capsys) -> tuple[int, dict, str]:
    code = cli.main(["soak", *argv])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if out.strip().startswith("{") else {}), err


def _counts(d: dict) -> dict:
    return {k: v for k, v in d.items() if k not in ("elapsed_s", "duels_per_s", "decisions_per_s", "journal")}


def test_a_summary_survives_its_journal_form():
    s = soak(3, seed=5)
    back = Summary.from_state(json.loads(json.dumps(s.to_state())))
    assert back == s and back.to_dict() == s.to_dict()


def test_a_soak_resumed_from_its_journal_gives_the_uninterrupted_summary(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(cli, "SOAK_PART", 3)  # 8 duels in parts of 3, 3 and 2
    whole = soak(8, seed=21)
    journal = tmp_path / "soak.jsonl"
    args = ("--duels", "8", "--seed", "21", "--json", "--no-twin", "--journal", str(journal))
    code, first, _ = _cli(*args, capsys=capsys)
    assert code == 0 and _counts(first) == _counts(whole.to_dict())
    assert first["journal"] == {"resumed_duels": 0, "played_now": 8}
    lines = journal.read_text().splitlines()
    assert [json.loads(x)["start"] for x in lines] == [0, 3, 6]

    # Stopped during the second part's write: the first part and half a line are left.
    journal.write_text(lines[0] + "\n" + lines[1][: len(lines[1]) // 2])
    code, again, _ = _cli(*args, capsys=capsys)
    assert code == 0 and _counts(again) == _counts(first)
    assert again["journal"] == {"resumed_duels": 3, "played_now": 5}
    assert journal.read_text().splitlines() == lines  # the torn line replaced by the whole part

    seen: list[str] = []
    done = cli._soak(8, 21, jobs=1, journal=journal, resumed=(r := {}))
    seen.extend(done.digests)
    assert seen == whole.digests and r == {"duels": 8, "decisions": whole.decisions}


def test_a_journal_of_another_soak_is_refused_in_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(cli, "SOAK_PART", 3)
    journal = tmp_path / "soak.jsonl"
    assert _cli("--duels", "4", "--seed", "1", "--no-twin", "--journal", str(journal), capsys=capsys)[0] == 0
    code, _, err = _cli("--duels", "4", "--seed", "2", "--no-twin", "--journal", str(journal), capsys=capsys)
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert err.startswith("--journal:") and "another soak" in err
    journal.write_text("not json\n" + journal.read_text())
    code, _, err = _cli("--duels", "4", "--seed", "1", "--no-twin", "--journal", str(journal), capsys=capsys)
    assert code == 2 and "line 1" in err and "not a soak's part" in err


@pytest.mark.skipif(sys.platform == "emscripten", reason="worker processes; CPython only")
def test_a_soak_over_two_processes_resumes_from_its_journal(tmp_path, monkeypatch):
    monkeypatch.setattr(cli, "SOAK_PART", 4)  # 10 duels in parts of 4, 4 and 2
    whole = soak(10, seed=8)
    journal = tmp_path / "soak.jsonl"
    cli._soak(10, 8, jobs=2, journal=journal)
    journal.write_text(journal.read_text().splitlines()[0] + "\n")  # only the first part was kept
    again = cli._soak(10, 8, jobs=2, journal=journal, resumed=(r := {}))
    assert again.to_dict() == whole.to_dict() and again.digests == whole.digests
    assert r["duels"] == 4 and len(journal.read_text().splitlines()) == 3


def test_a_journal_made_by_another_engine_is_refused(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(cli, "SOAK_PART", 3)
    journal = tmp_path / "soak.jsonl"
    args = ("--duels", "4", "--seed", "1", "--no-twin", "--journal", str(journal))
    assert _cli(*args, capsys=capsys)[0] == 0
    monkeypatch.setattr(cli, "_engine_digest", lambda: "another-engine")
    code, _, err = _cli(*args, capsys=capsys)
    assert code == 2 and "another soak" in err and "same engine" in err
