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


def _hidden_cast():
    """A duel stopped while a spell nobody else has identified is being cast, with its watch."""
    from mageduel.compose import new_duel
    from mageduel.dice import Seeded
    from mageduel.policies import RandomPolicy
    from mageduel.scenario import duel_scenario
    from mageduel.soak import Watch

    for seed in range(20):
        duel = new_duel(duel_scenario("ilse", "kael", "duel"), Seeded(seed))
        watch, policy = Watch(duel), RandomPolicy(seed)
        while duel.pending is not None:
            duel.apply(duel.pending.player, policy.choose(duel))
            watch.after_decision()
            if any(not c.revealed and len(c.known_by) < len(duel.players) for c in duel.casting):
                return duel, watch
    raise AssertionError("no hidden cast in 20 duels")


def test_md26_the_soak_checks_the_casts_exactly_as_the_view_shows_them():
    from mageduel.views import casting_views

    duel, _ = _hidden_cast()
    for who in (*duel.players, None):
        assert duel.view(who).casting == casting_views(duel, who)
    assert any(cv.spell is None for cv in casting_views(duel, "p1") + casting_views(duel, "p2"))


def test_md26_the_watch_catches_a_view_that_shows_a_hidden_spell(monkeypatch):
    from mageduel import views
    from mageduel.soak import Broken

    duel, watch = _hidden_cast()
    real = views.casting_views

    def leaky(d, player):
        return [
            cv.model_copy(update={"spell": real(d, cast.caster)[i].spell})
            for i, (cv, cast) in enumerate(zip(real(d, player), d.casting, strict=True))
        ]

    monkeypatch.setattr(views, "casting_views", leaky)
    watch.looked.clear()
    with pytest.raises(Broken) as exc:
        watch.after_decision()
    assert exc.value.what == "md26-view"


@SLOW
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_soak_stopped_from_outside_prints_the_summary_of_the_duels_done(jobs):
    # A 100,000-duel soak may not finish in the time there is: stopped (SIGINT, as Ctrl-C), it still
    # prints its JSON summary, of exactly the duels done, marked "interrupted", and exits 130.
    import json
    import os
    import signal
    import subprocess

    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "mageduel",
            "soak",
            "--duels",
            "100000",
            "--seed",
            "3",
            "--json",
            "--jobs",
            jobs,
            "--progress",
            "100",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its twin and workers with it, so that none outlives a failure
        # A run started in the background (`make test &`, a CI step) may hand SIGINT down ignored, and
        # Python then leaves it ignored: the soak is given Ctrl-C's default, as a terminal would.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        # Stopped once it is under way (its first progress line), however long a loaded machine took to
        # start it; then given the time to say what it did.
        assert proc.stderr is not None
        first = proc.stderr.readline()
        assert first.startswith('{"progress"'), first
        proc.send_signal(signal.SIGINT)
        got, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    assert proc.returncode == 130, err
    out = json.loads(got)
    assert out["interrupted"] == {"asked": 100000, "done": out["duels"]}
    assert out["hash_seeds"]["skipped"]
    assert out["exceptions"] == 0 and out["invariant_breaks"] == 0
    assert sum(out["by_kind"].values()) == out["duels"] == sum(out["by_participants"].values())
    if jobs == "2":
        assert out["duels"] % 100 == 0  # whole parts, merged in order
