"""Ask / Always / Never per reaction kind, from the page: "never" and the person is not asked again and the
reaction is not made; "always" and it is made without asking; "ask" brings the prompt back."""

from __future__ import annotations

import pytest

from tests.web.test_game_flow import SETUP, choose_like_a_person, settle
from web.game.app import App


def _play(mode: str) -> tuple[App, int, int]:
    """A whole duel in which p1 answers 'identify' with ``mode`` from the start; (app, identify prompts
    shown to p1, identification rolls p1 made)."""
    app = App(lang="en")
    # Level-5 casters in a 20-foot zone: a duel of spells (two 1st-level casters' 4-foot zone is soon
    # decided by a shove out of it).
    pair = {"character0": "ilse", "character1": "kael"}
    app.handle("start", {**SETUP, **pair, "control0": "human", "control1": "normal"})
    settle(app)
    app.handle("prefer", {"reaction": "identify", "mode": mode})
    asked = 0
    for _ in range(3000):
        settle(app)
        if app.session.over:
            break
        p = app.session.view().pending
        if p.kind == "identify":
            asked += 1
        choose_like_a_person(app, app.render())
    rolls = sum(
        1
        for e in app.session.duel.events
        if e.kind == "roll" and e.actor == "p1" and str(e.data.get("purpose", "")).startswith("identify")
    )
    return app, asked, rolls


@pytest.mark.parametrize("mode", ["never", "always"])
def test_never_and_always_answer_without_asking(mode):
    app, asked, rolls = _play(mode)
    assert app.session.over
    casts = sum(1 for e in app.session.duel.events if e.kind == "casting" and e.actor == "p2")
    assert casts > 0  # Bram did cast spells p1 could have identified
    assert asked == 0
    assert (rolls == 0) if mode == "never" else (rolls > 0)


def test_ask_brings_the_prompt():
    _, asked, rolls = _play("ask")
    assert asked > 0 and rolls > 0


def test_every_key_the_game_answers_is_listed_in_its_shortcuts():
    import re

    from tests.web.test_game_hidden import HIDDEN, new_app, run_until
    from web.game.app import SHORTCUTS

    listed = set()
    for keys, _ in SHORTCUTS:
        listed |= {k.strip() for k in keys.replace("…", ",").split(",")}
    listed |= {str(n) for n in range(1, 10)}  # "1…9" is each of them
    listed = {"Escape" if k == "Esc" else k for k in listed}
    used: set[str] = set()
    app = App(lang="en")
    app.handle("keys")
    used |= set(re.findall(r'data-key="([^"]+)"', app.render()))
    app.handle("keys")
    app.handle("start", {**SETUP, "control0": "table", "control1": "human"})
    for _ in range(3000):
        settle(app)
        html = app.render()
        used |= set(re.findall(r'data-key="([^"]+)"', html))
        if app.session.over:
            break
        choose_like_a_person(app, html)
    two = new_app(HIDDEN, 1)
    run_until(two, HIDDEN, lambda a: a.session.handoff is not None)
    used |= set(re.findall(r'data-key="([^"]+)"', two.render()))
    assert {"Enter", "Escape", "r", "p", "e", "1"} <= used
    assert used <= listed, used - listed
