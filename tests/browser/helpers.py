"""Helpers shared by the browser tests."""

from __future__ import annotations

from pathlib import Path

import build

READY_TIMEOUT_MS = 120_000


def wait_ready(frame, timeout: int = READY_TIMEOUT_MS) -> str:
    """Wait until <html data-ready> leaves "false"; return its value ("true" or "error")."""
    frame.wait_for_function("document.documentElement.dataset.ready !== 'false'", timeout=timeout)
    return frame.evaluate("document.documentElement.dataset.ready")


def artifact(name: str) -> Path:
    build.ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return build.ARTIFACTS / name
