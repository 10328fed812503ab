"""Issue 12, hot seat: the hand-off screen comes only when the next decider is another person and one of
them has something the other may not see (their spells, a hidden spell being cast, MD-26)."""

from __future__ import annotations

from tests.web.test_game_flow import choose_like_a_person, settle
from web.game.app import App


def hot_seat(first: str, second: str, kind: str) -> tuple[int, int]:
    """Two people at one screen: (hand-offs shown, times the screen turned to the other person)."""
    app = App()
    setup = {"kind": kind, "character0": first, "character1": second, "control1": "human", "seed": "3"}
    app.handle("start", setup)
    handoffs = turned = 0
    viewer = app.session.viewer
    for _ in range(300):
        settle(app)
        if app.session.over:
            break
        html = app.render()
        if 'data-screen="handoff"' in html:
            handoffs += 1
        elif app.session.viewer != viewer:
            turned += 1
        viewer = app.session.viewer
        choose_like_a_person(app, html)
    return handoffs, turned


def test_two_fighters_with_nothing_hidden_pass_the_screen_without_a_hand_off():
    # Séverine twice: Garrick carries a potion (DU-21), and what one carries is hidden from the other.
    handoffs, turned = hot_seat("severine", "severine", "duel")
    assert handoffs == 0 and turned > 2


def test_two_casters_hand_the_screen_over_with_their_spells_hidden():
    handoffs, _ = hot_seat("maelis", "tobin", "mageduel")
    assert handoffs > 2


def test_a_caster_and_a_fighter_still_hand_over_the_casters_spells():
    app = App()
    app.handle("start", {"kind": "duel", "character0": "ilse", "character1": "garrick", "control1": "human"})
    assert app.session.hidden_between("p1", "p2")
