"""A share link can open a duel at a given decision, as a link to a move opens a game record at that move.

Found reading a replay: the replay bar had no share link, so a moment of a duel could not be pointed at; the
end screen's link opened at the end. The widget's "Open in the full game" cut the duel at the step shown, so
the reader could not go on from there. Now a link carries the whole duel and ``&step=N`` (the widget's own
way of writing it), and the game opens it there."""

from __future__ import annotations

import json

import pytest

from web.embed.params import read
from web.embed.viewer import Viewer
from web.game.app import App, decode_fragment, encode_fragment
from web.game.persistence import decode_link, link_parts
from web.game.session import Save, Session, Setup, SideSetup


def _played() -> Session:
    sides = [SideSetup(character=c, control="normal") for c in ("tamsin", "bram")]  # two computers
    played = Session(Setup(kind="mageduel", sides=sides, seed=3))
    played.run_computer()
    assert played.over
    return played


def _open(fragment: str, lang: str = "en") -> App:
    app = App(lang=lang)
    body, step = link_parts(fragment)
    assert app.open_link(decode_fragment(body), step) is None
    return app


def test_a_link_with_a_step_opens_the_whole_duel_at_that_decision():
    played = _played()
    total = len(played.duel.decisions)
    app = _open(encode_fragment(played.save_json(), 9))
    s = app.session
    assert s is not None and s.replaying
    assert (s.position, len(s.recorded)) == (9, total)  # the rest is there to step through
    assert len(s.duel.decisions) == 9 and not app.notice
    assert 'Decision <output id="replay-at">9</output> of' in app.render()
    # Without a step, a link opens at the end, as before.
    end = _open(encode_fragment(played.save_json()))
    assert end.session is not None and end.session.position == total


@pytest.mark.parametrize(
    ("step", "said"),
    [
        ("x", "“step=x” ignored: a whole number from 0 to {total}."),
        ("-2", "“step=-2” ignored: a whole number from 0 to {total}."),
        ("99999", "“step=99999” ignored: a whole number from 0 to {total}."),
        ("", "“step=” ignored: a whole number from 0 to {total}."),
    ],
)
def test_a_step_that_is_not_one_of_the_duels_is_named_and_the_link_opens_at_its_end(step, said):
    played = _played()
    total = len(played.duel.decisions)
    app = _open(encode_fragment(played.save_json()) + "&step=" + step)
    assert app.session is not None and app.session.position == total
    assert app.notice == said.format(total=total)
    fr = _open(encode_fragment(played.save_json()) + "&step=x", "fr")
    assert fr.notice == f"«\u202fstep=x\u202f» ignoré\u202f: un nombre entier de 0 à {total}."


def test_the_replay_bar_shares_a_link_that_opens_where_it_stands():
    played = _played()
    app = _open(encode_fragment(played.save_json()))
    s = app.session
    assert s is not None
    total = len(s.recorded)
    assert app.render().count('data-act="share"') == 1  # in the replay bar, at the end too
    app.handle("seek", {"to": "at", "value": "12"})
    app.handle("share", {})
    [fragment] = [e[1] for e in app.effects if e[0] == "share"]
    assert fragment.endswith("&step=12")
    assert app.notice == "The link to this duel, opening at decision 12, was copied."
    again = _open(fragment)
    assert again.session is not None and (again.session.position, len(again.session.recorded)) == (12, total)
    # At its end, the link names no step: it opens at the end.
    app.handle("seek", {"to": "end"})
    app.effects.clear()
    app.handle("share", {})
    assert (
        "&step=" not in [e[1] for e in app.effects if e[0] == "share"][0]
        and app.notice == "The link to this duel was copied."
    )
    fr = _open(fragment, "fr")
    fr.handle("share", {})
    assert fr.notice == "Le lien vers ce duel, qui s'ouvre à la décision 12, a été copié."


def test_a_finished_duels_end_screen_shares_a_link_to_its_end():
    played = _played()
    app = App()
    app.session = played
    app.handle("share", {})
    [fragment] = [e[1] for e in app.effects if e[0] == "share"]
    assert "&step=" not in fragment
    assert json.loads(decode_fragment(fragment))["replay"]["decisions"] == [
        f"{p}: {o}" for p, o in played.duel.decisions
    ]


def test_the_link_parts_and_the_decoder_read_the_widgets_links_too():
    played = _played()
    fragment = encode_fragment(played.save_json(), 4)
    assert link_parts("#" + fragment)[1] == "4"
    assert link_parts(fragment + "&lang=fr")[1] == "4"  # other parameters are the widget's, not the game's
    assert decode_link("#" + fragment) == played.save_json()
    assert link_parts("#replay=abc") == ("replay=abc", None)


def test_the_widgets_full_game_link_opens_the_whole_duel_at_the_step_shown():
    v = Viewer(read("?scenario=breach", ""), "en")
    v.act("next")
    v.act("next")
    link = v.link()
    assert link.startswith("./index.html#replay=") and link.endswith("&step=2")
    fragment = link.split("#", 1)[1]
    saved = Save.model_validate_json(decode_fragment(link_parts(fragment)[0]))
    assert saved.replay.decisions == v.replay.decisions  # the whole duel, not cut at the step
    app = _open(fragment)
    assert app.session is not None and app.session.position == 2
    assert app.session.duel.view(None).model_dump_json() == v.duel.view(None).model_dump_json()
    v.act("end")
    assert "&step=" not in v.link()  # at its end: opens at its end
