"""The game in the browser: setup, the rite, turns, reactions, the log, the end — as plain functions from the
engine's per-player view to HTML, and a controller (``session``) that drives the duel from the engine's
public API only (``new_duel``, ``pending``, ``apply``, ``view``, ``set_preference``, ``replay``).

Everything here runs in CPython too; only ``browser.py`` (and ``web/main.py``) touch the DOM.

Components, each usable alone (the wiki widget and the tutorial reuse them), all taking a ``views.View``:

- ``board.render(view, lang, marks=[option ids], preview=cast option id)`` — the arena SVG with hp and
  nonlethal rings, condition badges, altitude, walls, range/area previews clipped at the zone (MD-10) and
  clickable legal targets (``data-act="decide" data-option=...``);
- ``decide.panel(view, lang, names, picked, prefs, roll_error)`` — the pending decision: ``generic`` for any
  kind, ``turn`` (spell picker), ``reaction``, ``roll`` (table assistant), ``zone`` (MD-4/MD-5);
- ``panels.combatant(view, c, lang, own)``, ``panels.log(view, lang, filter)``,
  ``panels.clause_box(id, lang)``;
- ``app.App`` — the screens (setup, hand-off, duel, end, replay) and what each click does;
- ``session.Session`` — one duel, who controls each side (a person, the computer, a person with real dice),
  whose eyes are on the screen, and the save (setup + the engine's ``replay.Replay``).
"""
