"""Undo: a person takes back their last decision and all that followed it (the computer's answers, the rolls
the page made), as digital board games let one take a move back against the computer. At a real table it is
how a mistyped die is put right. The duel is replayed to just before the decision with the same dice, so the
same choice brings the same rolls again."""

from __future__ import annotations

import json
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mageduel import IllegalDecision

from tests.web.test_game_flow import SETUP, choose_like_a_person, settle
from web.game.app import App, decode_fragment, encode_fragment
from web.game.session import Save, Session, Setup, SideSetup


def _against_the_computer(lang: str = "en", decisions: int = 6) -> App:
    """A mageduel against the computer, a few of the person's decisions in."""
    app = App(lang=lang)
    app.handle("start", {**SETUP, "control0": "human", "control1": "normal"})
    for _ in range(decisions):
        settle(app)
        choose_like_a_person(app, app.render())
    settle(app)
    return app


def _state(s: Session) -> str:
    return s.duel.view(s.viewer).model_dump_json()


def test_undo_takes_back_the_persons_last_decision_and_the_computers_answers():
    app = _against_the_computer()
    s = app.session
    assert s is not None and s.can_undo()
    before = list(s.duel.decisions)
    mark = s.person_marks[-1]
    player, option = before[mark]
    assert player == "p1"
    app.announce()  # the screen has read out every line so far
    app.handle("undo")
    assert s.duel.decisions == before[:mark]
    assert s.duel.pending is not None and s.duel.pending.player == "p1"
    assert app.notice == "The last decision is taken back: decide again."
    # The same choice again: the same dice, so the same duel as before the undo.
    s.decide(option)
    settle(app)
    assert s.duel.decisions[: len(before)] == before
    # What follows the undo is new to the screen: read out again, though the log had reached it before.
    assert app.announce()


def test_undo_goes_back_one_decision_of_the_person_at_a_time_to_the_first():
    app = _against_the_computer(decisions=3)
    s = app.session
    assert s is not None
    made = len(s.person_marks)  # the decisions made (picking a spell to see its targets is not one)
    taken = 0
    while s.can_undo():
        app.handle("undo")
        taken += 1
    assert taken == made >= 2 and s.person_marks == []
    assert 'data-act="undo"' not in app.render()  # nothing of theirs left to take back
    try:
        s.undo()
    except IllegalDecision as exc:
        assert "left to take back" in str(exc)
    else:
        raise AssertionError("an undo with nothing to take back must be refused")


def test_the_undo_button_and_its_key_in_both_languages():
    app = App(lang="fr")
    app.handle("start", {**SETUP, "control0": "human", "control1": "normal"})
    settle(app)
    assert 'data-act="undo"' not in app.render()  # nothing decided yet
    choose_like_a_person(app, app.render())
    settle(app)
    html = app.render()
    assert (
        'data-act="undo" data-key="u" title="Revenir sur la dernière décision prise ici, et sur ce qui l&#x27;a '
        'suivie">↶ Annuler le coup</button>'
    ) in html
    app.handle("keys")
    assert "revenir sur la dernière décision prise ici" in app.render()


def test_a_mistyped_roll_at_the_table_is_put_right():
    """The table assistant: the person types the dice rolled at the table; a typo is taken back, and the
    roll asked again."""
    sides = [SideSetup(character="tamsin", control="table"), SideSetup(character="bram", control="table")]
    s = Session(Setup(kind="duel", sides=sides, seed=2))
    for _ in range(400):  # the first roll asked at the table (the initiative, DU-4)
        p = s.duel.pending
        assert p is not None
        if p.kind == "roll":
            break
        s.decide(next(o.id for o in p.options if o.id != "pass"))
    roll = s.duel.pending
    assert roll is not None and roll.kind == "roll"
    asked = len(s.duel.decisions)
    assert s.typed_roll("3") is None  # meant 13
    assert s.duel.decisions[asked] == (roll.player, "roll 3")
    if s.handoff is not None:  # the other player's screen next, behind the hand-off: taken first
        assert not s.can_undo()
        s.take_screen()
    s.undo()
    assert len(s.duel.decisions) == asked and s.duel.pending is not None and s.duel.pending.kind == "roll"
    if s.handoff is not None:  # the screen goes back to the one who rolled, through the hand-off
        assert s.handoff == s.person_of(roll.player)
        s.take_screen()
    assert s.typed_roll("13") is None
    assert s.duel.decisions[asked] == (roll.player, "roll 13")


def test_leaving_the_zone_by_mistake_is_taken_back_from_the_end_screen():
    app = App(lang="en")
    app.handle("start", {**SETUP, "control0": "human", "control1": "normal"})
    s = app.session
    assert s is not None
    for _ in range(200):  # to the person's first turn in the fight
        settle(app)
        if s.leave_point() is not None:
            break
        choose_like_a_person(app, app.render())
    app.handle("way-out", {"what": "leave"})
    app.handle("confirm-way-out")
    for _ in range(10):  # the rival's attack of opportunity as they walk out (C-10), then MD-22
        settle(app)
        if s.over:
            break
        app.handle("decide", {"option": "pass"})  # no duel dodge against it
    assert s.over and s.duel.outcome is not None
    html = app.render()
    assert 'data-screen="end"' in html and 'data-act="undo"' in html
    app.handle("undo")
    assert not s.over and s.duel.view("p1").me.status == "active"
    assert 'data-screen="duel"' in app.render()
    # What the page keeps is the duel as it now stands.
    saved = Save.model_validate(json.loads(app.effects[-1][1]))
    assert len(saved.replay.decisions) == len(s.duel.decisions)


def test_a_preference_set_on_a_question_is_taken_back_with_what_it_answered():
    app = _against_the_computer(decisions=2)
    s = app.session
    assert s is not None
    s.prefer("aoo", "always")
    assert s.preferences("p1")["aoo"] == "always"
    app.handle("undo")
    assert s.preferences("p1")["aoo"] == "ask"


def test_undo_survives_a_reload_of_the_kept_game():
    app = _against_the_computer(decisions=4)
    s = app.session
    assert s is not None
    loaded = Session.from_save(Save.model_validate_json(s.save_json()))
    assert loaded.person_marks == s.person_marks
    loaded.undo()
    s.undo()
    assert loaded.duel.decisions == s.duel.decisions and _state(loaded) == _state(s)


def test_in_a_hot_seat_the_hand_off_screen_takes_nothing_back_and_an_undo_hands_the_screen_back():
    """Two people at one screen: while it is handed over (a hidden spell on one side, issue 12) nothing is
    taken back; once taken, the last decision made at the screen may be, and the screen goes back to whoever
    made it, through the hand-off again when the other may not see theirs."""
    sides = [SideSetup(character="tamsin", control="human"), SideSetup(character="bram", control="human")]
    app = App(lang="en")
    app.session = Session(Setup(kind="mageduel", sides=sides, seed=1))
    s = app.session
    for _ in range(200):
        if s.handoff is not None and s.person_marks:
            break
        choose_like_a_person(app, app.render())
    else:
        raise AssertionError("the screen was never handed over")
    giver = s.person_of(s.duel.decisions[s.person_marks[-1]][0])
    assert not s.can_undo() and 'data-act="undo"' not in app.render()
    app.handle("take")
    taker = s.viewer
    assert taker != giver and s.can_undo()
    app.handle("undo")
    assert s.duel.pending is not None and s.person_of(s.duel.pending.player) == giver
    assert s.handoff == giver  # the taker may not see the giver's screen: handed back first
    assert re.search(r'data-screen="handoff"', app.render())


CHARACTERS = ("tamsin", "bram", "ilse", "kael", "odile", "corvin")


@settings(max_examples=30, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(
    kind=st.sampled_from(["mageduel", "duel"]),
    controls=st.lists(st.sampled_from(["human", "table", "normal", "easy"]), min_size=2, max_size=4),
    seed=st.integers(0, 50),
    script=st.lists(st.one_of(st.integers(0, 9), st.just("undo")), min_size=5, max_size=60),
)
def test_any_mix_of_decisions_and_undos_leaves_the_duel_its_decisions_replayed_give(
    kind, controls, seed, script
):
    """Whatever the people, the computers and the dice, after any mix of decisions (a choice by its index)
    and undos the duel is the one its decisions give when replayed, as a kept game reloads it, with the same
    decisions left to take back."""
    sides = [
        SideSetup(character=CHARACTERS[(seed + i) % len(CHARACTERS)], control=c)
        for i, c in enumerate(controls)
    ]
    s = Session(Setup(kind=kind, sides=sides, seed=seed))
    for step in script:
        s.run_computer(200)
        if s.handoff is not None:
            s.take_screen()
        p = s.duel.pending
        if step == "undo":
            if s.can_undo():
                before = len(s.person_marks)
                s.undo()
                assert len(s.person_marks) == before - 1
            continue
        if p is None or s.automatic():
            continue
        if p.kind == "roll":
            count, sides_ = int(p.context.get("count", 1)), int(p.context.get("sides", 20))
            s.typed_roll(str(count + step % (count * sides_ - count + 1)))
            continue
        ids = [o.id for o in p.options]
        s.decide(ids[step % len(ids)])
    loaded = Session.from_save(Save.model_validate_json(s.save_json()))
    assert loaded.duel.decisions == s.duel.decisions
    assert loaded.person_marks == s.person_marks
    assert loaded.duel.view(None).model_dump_json() == s.duel.view(None).model_dump_json()


def test_playing_on_from_a_replay_takes_back_only_what_is_played_from_there():
    app = _against_the_computer(decisions=4)
    s = app.session
    assert s is not None
    watcher = App(lang="en")
    assert watcher.restore(decode_fragment(encode_fragment(s.save_json())), replay=True) is None
    watcher.handle("play-on")
    played = watcher.session
    assert played is not None and not played.replaying and not played.can_undo()
    settle(watcher)
    choose_like_a_person(watcher, watcher.render())
    assert played.can_undo()


def test_undo_and_cancel_are_told_apart_on_one_screen_in_both_languages():
    """A move being previewed has its Cancel beside the ways out: "Annuler" was the French of both, for two
    different things."""
    for lang in ("en", "fr"):
        app = _against_the_computer(lang, decisions=8)
        s = app.session
        assert s is not None and s.can_undo()
        moves = [o.id for o in s.duel.pending.options if o.id.startswith("move ")]
        assert moves, s.duel.pending.kind
        x, y = moves[0].split()[1].split(",")[:2]
        app.handle("move-to", {"x": x, "y": y})
        html = app.render()
        labels: dict[str, set[str]] = {}
        for act, label in re.findall(
            r'<button type="button"[^>]* data-act="([^"]+)"[^>]*>([^<]+)</button>', html
        ):
            words = re.sub(r"[^\w ]", "", label).strip().casefold()  # "↶ Annuler" reads as "Annuler"
            labels.setdefault(words, set()).add(act)
        assert 'data-act="cancel-move"' in html and 'data-act="undo"' in html
        assert {label: acts for label, acts in labels.items() if len(acts) > 1} == {}, lang
