"""A replay opened from a share link can be watched, not only stepped through: "Watch" plays it a decision at
a time (the page paces it, web/game/browser.py), "Pause" or any other replay control stops it. Found opening a
shared duel of 203 decisions in the game: it showed the end, and watching it meant pressing Next 203 times."""

from __future__ import annotations

import json
import re

from web.game.app import App, decode_fragment, encode_fragment
from web.game.session import Session, Setup, SideSetup


def _replay(lang: str = "en") -> App:
    sides = [SideSetup(character=c, control="normal") for c in ("tamsin", "bram")]  # two computers
    played = Session(Setup(kind="mageduel", sides=sides, seed=3))
    played.run_computer()
    assert played.over
    app = App(lang=lang)
    assert app.restore(decode_fragment(encode_fragment(played.save_json())), replay=True) is None
    return app


def _position(app: App) -> tuple[int, int]:
    s = app.session
    assert s is not None
    return s.position, len(s.recorded)


def test_watch_plays_the_replay_from_its_start_to_its_end_and_stops_there():
    app = _replay()
    n, total = _position(app)
    assert n == total > 20  # a link opens at the end
    html = app.render()
    assert 'data-act="seek" data-to="play" data-key="w" aria-pressed="false">▶ Watch<' in html
    app.handle("seek", {"to": "play"})
    assert app.replay_playing and _position(app) == (0, total)  # from the start, when it stood at the end
    assert 'aria-pressed="true">❚❚ Pause<' in app.render()
    ticks = 0
    while app.replay_tick():
        ticks += 1
        assert _position(app) == (ticks, total)
    assert _position(app) == (total, total) and ticks == total - 1 and not app.replay_playing
    assert 'data-screen="replay"' in app.render() or "end-title" in app.render()
    assert not any(e[0] == "save" for e in app.effects)  # watching a link never touches the kept game


def test_pause_and_any_other_replay_control_stop_the_watching():
    app = _replay("fr")
    app.handle("seek", {"to": "start"})
    app.handle("seek", {"to": "play"})
    app.replay_tick()
    app.replay_tick()
    assert _position(app)[0] == 2 and app.replay_playing
    assert "❚❚ Pause" in app.render()
    app.handle("seek", {"to": "play"})  # Pause
    assert not app.replay_playing and not app.replay_tick() and _position(app)[0] == 2
    assert "▶ Regarder" in app.render()
    app.handle("seek", {"to": "play"})
    assert _position(app)[0] == 2, "watching goes on from where it was paused"
    app.handle("seek", {"to": "back"})  # a step by hand takes over
    assert not app.replay_playing and _position(app)[0] == 1
    app.handle("seek", {"to": "play"})
    app.handle("play-on")  # leaving the replay stops it too
    assert not app.replay_tick()


def test_a_game_being_played_has_no_watch_button():
    app = App(lang="en")
    app.handle(
        "start", {"kind": "mageduel", "character0": "tamsin", "character1": "bram", "control1": "normal"}
    )
    assert app.session is not None and not app.session.replaying
    assert 'data-to="play"' not in app.render() and not app.replay_tick()
    assert re.search(r'data-screen="(duel|handoff)"', app.render())
    assert json.loads(app.session.save_json())["replay"]["scenario"]


def test_the_replay_has_its_own_keys_and_the_shortcuts_box_lists_them():
    app = _replay("fr")
    html = app.render()
    for to, key in (("start", "Home"), ("back", "ArrowLeft"), ("next", "ArrowRight"), ("end", "End")):
        assert f'data-to="{to}" data-key="{key}"' in html
    app.handle("keys")
    box = app.render()
    assert (
        "regarder la rediffusion, ou la mettre en pause" in box
        and "une décision en arrière ou en avant" in box
    )
    assert "finir le tour" not in box  # the game's own keys, which a replay has no use for


def test_the_slider_goes_to_any_decision_at_once_and_follows_the_replay():
    """A replay of hundreds of decisions is crossed with the slider, not the buttons: its value is the decision
    shown, and letting it go at a value shows that decision."""
    app = _replay()
    _, total = _position(app)
    html = app.render()
    assert f'type="range" min="0" max="{total}" step="1" value="{total}" data-act="seek" data-to="at"' in html
    assert f'<output id="replay-at">{total}</output>' in html  # the number redrawn while it is dragged
    assert f'aria-valuetext="Decision {total} of {total}"' in html
    app.handle("seek", {"to": "play"})
    app.handle("seek", {"to": "at", "value": "7"})
    assert _position(app) == (7, total) and not app.replay_playing  # a jump by hand stops the watching
    html = app.render()
    assert 'value="7" data-act="seek"' in html and 'Decision <output id="replay-at">7</output> of' in html
    for bad in ("", "-3", "x", "2.5", "1e3"):
        app.handle("seek", {"to": "at", "value": bad})
        assert _position(app) == (7, total), bad
    app.handle("seek", {"to": "at", "value": str(total + 50)})
    assert _position(app) == (total, total)
    app.handle("seek", {"to": "next"})  # the buttons move it too
    app.handle("seek", {"to": "start"})
    assert 'value="0" data-act="seek"' in app.render()
    fr = _replay("fr").render()
    assert 'aria-label="Aller à une décision de la rediffusion"' in fr and "Décision <output" in fr


def test_seeking_forward_goes_on_from_the_duel_shown_and_backward_replays_from_the_start():
    """Next, a tick of Watch and the slider moved forward apply only the decisions between: replaying the
    whole duel at each tick cost 57 ms for the last of a 757-decision duel in CPython, more in the page."""
    app = _replay()
    s = app.session
    assert s is not None
    total = len(s.recorded)
    s.seek(0)
    duel = s.duel
    assert duel.decisions == []
    for k in (1, 2, 5, total):
        s.seek(k)
        assert s.duel is duel and len(duel.decisions) == k
    whole = Session(s.setup, s.scenario, s.dice_spec, s.recorded, replay=True)
    assert duel.view(None).model_dump_json() == whole.duel.view(None).model_dump_json()
    s.seek(3)  # backward: the duel replayed from its start, as it was at decision 3
    assert s.duel is not duel and len(s.duel.decisions) == 3
    again = Session(s.setup, s.scenario, s.dice_spec, s.recorded[:3], replay=True)
    assert s.duel.view(None).model_dump_json() == again.duel.view(None).model_dump_json()
