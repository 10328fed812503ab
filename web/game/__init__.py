"""The game in the browser: setup, the rite, turns, reactions, the log, the end — as plain functions from the
engine's per-player view to HTML, and a controller (``session``) that drives the duel from the engine's
public API only (``new_duel``, ``pending``, ``apply``, ``view``, ``set_preference``).

Everything here runs in CPython too; only ``web/main.py`` touches the browser.
"""
