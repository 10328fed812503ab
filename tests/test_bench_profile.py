"""The bench survives one renderer crash per load (tests/bench_profile.py): the load is made again in a new
profile; any other error, or a second crash, still ends the run."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.bench_profile import in_fresh_profile


class FakeChromium:
    """Stands for ``playwright.chromium``: records each profile launched and whether it was closed."""

    def __init__(self) -> None:
        self.profiles: list[str] = []
        self.closed: list[str] = []

    def launch_persistent_context(self, profile: str, **launch: Any) -> Any:
        assert Path(profile).is_dir() and launch["headless"] is True
        self.profiles.append(profile)
        return FakeContext(self, profile)


class FakeContext:
    def __init__(self, chromium: FakeChromium, profile: str) -> None:
        self.chromium, self.profile = chromium, profile

    def close(self) -> None:
        self.chromium.closed.append(self.profile)


class FakePlaywright:
    def __init__(self) -> None:
        self.chromium = FakeChromium()


def failing(*errors: str) -> Any:
    """A load that raises ``errors`` in turn, then returns which attempt it was."""
    left = list(errors)
    calls: list[int] = []

    def run(context: FakeContext) -> int:
        calls.append(1)
        if left:
            raise RuntimeError(left.pop(0))
        return len(calls)

    return run


def test_a_crashed_load_is_made_again_in_a_new_profile():
    pw = FakePlaywright()
    got = in_fresh_profile(pw, "chromium", [], failing("Page.wait_for_function: Target crashed "))
    assert got == 2
    assert len(pw.chromium.profiles) == 2 and len(set(pw.chromium.profiles)) == 2  # a new profile
    assert pw.chromium.closed == pw.chromium.profiles  # each context closed


def test_a_load_that_does_not_crash_is_made_once():
    pw = FakePlaywright()
    assert in_fresh_profile(pw, "chromium", [], failing(), service_workers="block") == 1
    assert len(pw.chromium.profiles) == 1


def test_other_errors_and_a_second_crash_end_the_run():
    pw = FakePlaywright()
    with pytest.raises(RuntimeError, match="Timeout"):
        in_fresh_profile(pw, "chromium", [], failing("Timeout 180000ms exceeded"))
    assert len(pw.chromium.profiles) == 1
    pw = FakePlaywright()
    with pytest.raises(RuntimeError, match="Page crashed"):
        in_fresh_profile(pw, "chromium", [], failing("Target crashed", "Page crashed"))
    assert len(pw.chromium.profiles) == 2 and pw.chromium.closed == pw.chromium.profiles
