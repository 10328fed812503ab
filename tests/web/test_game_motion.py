"""The effect animations are short, never waited for, and can be switched off ("m"): with them off the
board draws no bolt and no hit flash, and nothing else changes."""

from __future__ import annotations

from tests.web.test_game_flow import SETUP, choose_like_a_person, settle
from web.game.app import App


def test_with_effects_off_no_bolt_or_flash_is_drawn_and_the_duel_is_the_same():
    on, off = App(lang="en"), App(lang="en")
    for app in (on, off):
        app.handle("start", {**SETUP, "control0": "human", "control1": "normal"})
    off.handle("motion")
    assert 'aria-pressed="false"' in off.render() and 'aria-pressed="true"' in on.render()
    flashes = 0
    for _ in range(1000):
        settle(on)
        settle(off)
        if on.session.over:
            break
        a, b = on.render(), off.render()
        flashes += a.count('class="bolt"') + a.count('class="token-state hit"')
        assert 'class="bolt"' not in b and 'class="token-state hit"' not in b
        on.announce()
        off.announce()
        choose_like_a_person(on, a)
        choose_like_a_person(off, b)
        assert on.session.duel.decisions == off.session.duel.decisions
    assert flashes > 0
    # "m" again: the effects are back.
    off.handle("motion")
    assert off.motion and 'aria-pressed="true"' in off.render()
