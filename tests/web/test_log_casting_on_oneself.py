"""A spell begun on oneself is said so. Found reading the log of a mageduel's preparation, where each
duellist guards themselves: "Ilse Varro begins casting a spell at Ilse Varro." It now reads "…on herself"
(« sur elle-même »), agreeing with the sheet's gender in both languages."""

from __future__ import annotations

from mageduel.compose import new_duel
from mageduel.dice import Seeded
from mageduel.events import Event, EventModel
from mageduel.policies import RandomPolicy
from mageduel.scenario import duel_scenario

from web.game import panels, text


def _line(targets: list[str], actor: str, lang: str, gender: dict[str, str]) -> str:
    names = text.Names({"p1": "Ilse Varro", "p2": "Kael Sunderwind"})
    names.feminine = frozenset(k for k, g in gender.items() if g == "f")
    names.masculine = frozenset(k for k, g in gender.items() if g == "m")
    event = EventModel.from_event(Event(1, 1, "casting", actor, {"targets": targets}))
    return text.event_line(event, lang, names)


def test_a_spell_begun_on_oneself_is_said_with_a_reflexive_in_both_languages():
    both = {"p1": "f", "p2": "m"}
    assert _line(["p1"], "p1", "en", both) == "Ilse Varro begins casting a spell on herself."
    assert _line(["p2"], "p2", "en", both) == "Kael Sunderwind begins casting a spell on himself."
    assert _line(["p1"], "p1", "fr", both) == "Ilse Varro commence à lancer un sort sur elle-même."
    assert _line(["p2"], "p2", "fr", both) == "Kael Sunderwind commence à lancer un sort sur lui-même."
    # A sheet with no gender: English says "themselves", French the masculine, as it does elsewhere.
    assert _line(["p2"], "p2", "en", {}) == "Kael Sunderwind begins casting a spell on themselves."
    assert _line(["p2"], "p2", "fr", {}) == "Kael Sunderwind commence à lancer un sort sur lui-même."
    # On another, or on oneself and another: their names, as before.
    assert _line(["p2"], "p1", "en", both) == "Ilse Varro begins casting a spell at Kael Sunderwind."
    assert _line(["p1", "p2"], "p1", "fr", both) == (
        "Ilse Varro commence à lancer un sort sur Ilse Varro, Kael Sunderwind."
    )


def test_the_preparation_of_a_real_mageduel_says_so():
    # Ilse (f) and Kael (m) guard themselves while they prepare (MD-7): the log names no one twice.
    duel = new_duel(duel_scenario("ilse", "kael", "mageduel"), Seeded(0))
    policy = RandomPolicy(0)
    while duel.pending is not None and duel.phase != "fight":
        duel.apply(duel.pending.player, policy.choose(duel))
    view = duel.view(None)
    for lang, who in (("en", ("herself", "himself")), ("fr", ("elle-même", "lui-même"))):
        names = panels.names_of(view, lang)
        lines = [text.event_line(e, lang, names) for e in view.events if e.kind == "casting"]
        on_self = [x for x in lines if x.endswith((f"{who[0]}.", f"{who[1]}."))]
        assert on_self, lines
        assert not any(x.count("Ilse Varro") > 1 or x.count("Kael Sunderwind") > 1 for x in lines), lines
