"""MD-26 on one screen: two people, a hand-off between them, and the hidden spell nowhere in the defender's
page until it is identified. Also the scripted flows (and the seeds they need) the browser tests click.

A flow is a fixed way of playing: ``caster`` casts ``spell`` at ``defender`` as soon as the fight starts,
everyone else ends their turns, the defender identifies and (optionally) counters. The seed that makes the
identification succeed is found here, with the engine, so no test hard-codes a dice result.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from web.game.app import App
from web.game.choice import parse


@dataclass(frozen=True)
class Flow:
    caster: str
    defender: str
    spell: str
    counter: str | None = None  # "md-counter" / "duel-counter" / None (pass)


def scripted(flow: Flow, player: str, kind: str, ids: list[str], phase: str) -> str:
    """The option the flow takes (the browser tests click the button with this id)."""
    if kind == "rite:prepare":
        return "prepare 0" if "prepare 0" in ids else ids[0]
    if kind == "rite:answer":
        return "accept" if "accept" in ids else ids[0]
    if kind == "turn":
        if player == flow.caster and phase == "fight":
            wanted = [i for i in ids if i.startswith(f"cast {flow.spell}") and f"@{flow.defender}" in i]
            plain = [i for i in wanted if " def" not in i]
            if plain or wanted:
                return (plain or wanted)[0]
        return "end"
    if kind == "identify" and player == flow.defender:
        return "identify"
    if kind == "counter" and player == flow.defender and flow.counter:
        for i in ids:
            c = parse(i)
            if c.reaction == flow.counter and c.spell == flow.spell:
                return i
    return "pass" if "pass" in ids else ids[0]


def new_app(flow: Flow, seed: int, controls=("human", "human"), lang: str = "en") -> App:
    app = App(lang=lang)
    app.handle(
        "start",
        {
            "kind": "mageduel",
            "character0": "tamsin",
            "character1": "bram",
            "control0": controls[0],
            "control1": controls[1],
            "seed": str(seed),
        },
    )
    return app


def step(app: App, flow: Flow) -> None:
    """One click of the flow on ``app`` (CPython)."""
    while app.pump(10.0):
        pass
    s = app.session
    if s.handoff is not None:
        app.handle("take")
        return
    view = s.view()
    p = view.pending
    if p.kind == "rite:zone":
        lo = p.context["bounds"]["minimum"]
        app.handle("zone", {"width": str(lo), "height": str(lo)})
    elif p.kind == "roll":
        app.handle("auto-roll")
    else:
        app.handle(
            "decide", {"option": scripted(flow, p.player, p.kind, [o.id for o in p.options], view.phase)}
        )


def run_until(app: App, flow: Flow, done, limit: int = 400) -> None:
    for _ in range(limit):
        if done(app):
            return
        if app.session.over:
            raise AssertionError("the duel ended first")
        step(app, flow)
    raise AssertionError("the flow never got there")


def at_window(flow: Flow):
    """The defender is asked to identify the first spell ``caster`` casts at them."""

    def done(app: App) -> bool:
        s = app.session
        p = s.duel.pending
        return (
            s.handoff is None
            and p is not None
            and p.player == flow.defender
            and p.kind == "identify"
            and s.viewer == flow.defender
        )

    return done


def after_identify(flow: Flow):
    def done(app: App) -> bool:
        return any(e.kind in ("identified", "not-identified") for e in app.session.duel.events)

    return done


@cache
def seed_where(flow: Flow, identified: bool = True, countered: bool | None = None, tries: int = 80) -> int:
    """The first seed with which the flow's identification succeeds (and the counter works, if asked)."""
    for seed in range(1, tries):
        app = new_app(flow, seed)
        try:
            run_until(app, flow, after_identify(flow))
        except AssertionError:
            continue
        events = app.session.duel.events
        if any(e.kind == "identified" for e in events) != identified:
            continue
        if countered is not None:
            try:
                run_until(
                    app,
                    flow,
                    lambda a: any(
                        e.kind in ("countered", "counter-fails", "spell") for e in a.session.duel.events
                    ),
                )
            except AssertionError:
                continue
            if any(e.kind == "countered" for e in app.session.duel.events) != countered:
                continue
        return seed
    raise AssertionError(f"no seed below {tries} gives {flow} identified={identified} countered={countered}")


HIDDEN = Flow(caster="p1", defender="p2", spell="color_spray")  # Bram does not know color spray
COUNTERED = Flow(caster="p2", defender="p1", spell="magic_missile", counter="md-counter")


def spell_words(spell_id: str) -> list[str]:
    from mageduel.spells import catalogue

    sp = catalogue.get(spell_id)
    return [spell_id, sp.name.en, sp.name.fr, sp.name.en.lower(), sp.name.fr.lower()]


def test_md26_the_hidden_spell_is_nowhere_in_the_defenders_page_until_identified():
    seed = seed_where(HIDDEN)
    app = new_app(HIDDEN, seed)
    run_until(
        app,
        HIDDEN,
        lambda a: a.session.handoff == "p2" and any(e.kind == "casting" for e in a.session.duel.events),
    )
    assert 'data-screen="handoff"' in app.render()
    # The hand-off screen shows nobody's view.
    assert not any(w in app.render() for w in spell_words("color_spray"))
    run_until(app, HIDDEN, at_window(HIDDEN))
    for lang in ("en", "fr"):
        app.lang = lang
        html = app.render()
        assert 'data-kind="identify"' in html
        assert not any(w in html for w in spell_words("color_spray")), lang
    app.lang = "en"
    run_until(app, HIDDEN, after_identify(HIDDEN))
    while app.session.handoff is not None or app.session.viewer != "p2":
        step(app, HIDDEN)
    assert "Color Spray" in app.render()


def test_two_people_the_defender_identifies_and_counters():
    seed = seed_where(COUNTERED, identified=True, countered=True)
    app = new_app(COUNTERED, seed)
    run_until(app, COUNTERED, at_window(COUNTERED))
    assert app.session.viewer == "p1"
    run_until(app, COUNTERED, lambda a: any(e.kind == "countered" for e in a.session.duel.events))
    kinds = [e.kind for e in app.session.duel.events]
    assert kinds.index("identified") < kinds.index("countered")
    assert "spell" not in kinds[kinds.index("countered") :]  # countered: it never took effect


def test_after_a_reload_two_people_get_the_hand_off_first():
    app = new_app(COUNTERED, seed_where(COUNTERED, identified=True, countered=True))
    run_until(app, COUNTERED, at_window(COUNTERED))
    saved = app.session.save_json()
    again = App(lang="en")
    assert again.restore(saved) is None
    assert again.session.handoff == "p1"
    assert 'data-screen="handoff"' in again.render()
