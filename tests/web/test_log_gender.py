"""The log speaks of each duellist by the sheet's gender, in English as in French. Found reading the log of a
mageduel's preparation, where each duellist guards themselves: "Ilse Varro begins casting a spell at Ilse
Varro." It now reads "…on herself" (« sur elle-même »). The same reading found "Nadira Ashveil uses their
immediate action" for a character whose sheet says she is a woman: the duel actions and the hot seat's
hand-off now say "her" and "his" where the sheet gives a gender, and "their" where it gives none."""

from __future__ import annotations

from mageduel.compose import new_duel
from mageduel.dice import Seeded
from mageduel.events import Event, EventModel
from mageduel.policies import RandomPolicy
from mageduel.scenario import duel_scenario

from tests.web.test_creature_attacks import summoners_duel
from web.game import panels, text


def _cast(targets: list[str], lang: str, defensive: bool) -> str:
    names = text.Names({"p1": "Ilse Varro", "p2": "Kael Sunderwind"})
    names.feminine = frozenset({"p1"})
    data = {"targets": targets, "defensive": defensive}
    return text.event_line(EventModel.from_event(Event(1, 1, "casting", "p1", data)), lang, names)


def test_a_spell_begun_defensively_says_so_in_its_sentence():
    """The log read "Tobin Ashgale begins casting a spell at Maëlis Duskfen. (defensively)": the words
    now stand in the sentence, in both languages."""
    assert _cast(["p2"], "en", True) == "Ilse Varro begins casting a spell defensively at Kael Sunderwind."
    assert _cast(["p1"], "en", True) == "Ilse Varro begins casting a spell defensively on herself."
    assert _cast([], "en", True) == "Ilse Varro begins casting a spell defensively."
    assert (
        _cast(["p2"], "fr", True)
        == "Ilse Varro commence à lancer un sort sur Kael Sunderwind, sur la défensive."
    )
    assert (
        _cast(["p1"], "fr", True) == "Ilse Varro commence à lancer un sort sur elle-même, sur la défensive."
    )
    assert _cast(["p2"], "en", False) == "Ilse Varro begins casting a spell at Kael Sunderwind."
    assert (
        _cast(["p1", "p2"], "en", False)
        == "Ilse Varro begins casting a spell at Ilse Varro and Kael Sunderwind."
    )


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
        "Ilse Varro commence à lancer un sort sur Ilse Varro et Kael Sunderwind."
    )


def test_the_preparation_of_a_real_mageduel_says_so():
    # Ilse (f) and Kael (m) guard themselves while they prepare (MD-7): the log names no one twice.
    duel = new_duel(duel_scenario("ilse", "kael", "mageduel"), Seeded(0))
    policy = RandomPolicy(0)
    while duel.pending is not None and duel.phase != "fight":
        duel.apply(duel.pending.player, policy.choose(duel))
    view = duel.view(None)
    for lang, who in (("en", ("herself", "himself")), ("fr", ("elle-même", "lui-même"))):
        names = text.names_of(view, lang)
        lines = [text.event_line(e, lang, names) for e in view.events if e.kind == "casting"]
        on_self = [x for x in lines if x.endswith((f"{who[0]}.", f"{who[1]}."))]
        assert on_self, lines
        assert not any(x.count("Ilse Varro") > 1 or x.count("Kael Sunderwind") > 1 for x in lines), lines


def _said(kind: str, actor: str, lang: str, gender: dict[str, str]) -> str:
    names = text.Names({"p1": "Ilse Varro", "p2": "Kael Sunderwind"})
    names.feminine = frozenset(k for k, g in gender.items() if g == "f")
    names.masculine = frozenset(k for k, g in gender.items() if g == "m")
    return text.event_line(EventModel.from_event(Event(1, 1, kind, actor, {})), lang, names)


def test_duel_actions_say_her_or_his_from_the_sheet():
    both = {"p1": "f", "p2": "m"}
    assert _said("immediate", "p1", "en", both) == "Ilse Varro uses her immediate action."
    assert _said("immediate", "p2", "en", both) == "Kael Sunderwind uses his immediate action."
    assert _said("immediate", "p2", "en", {}) == "Kael Sunderwind uses their immediate action."
    assert _said("effort", "p1", "en", both) == "Ilse Varro calls on her duel effort."
    assert _said("effort-delays", "p2", "en", both).endswith("until the end of his next turn (DU-19).")
    assert _said("effort-spared", "p1", "en", both).endswith(
        "her hit points came back above 0: she is only fatigued."
    )
    assert _said("effort-spared", "p2", "fr", both).endswith(": il n'est que fatigué.")
    assert _said("immediate", "p1", "fr", both) == "Ilse Varro utilise son action immédiate."
    # The hand-off screen of a hot seat, as the game writes it.
    assert text.said_of("f", "handoff.body", "en", name="Ilse").startswith(
        "The next decision is Ilse's. Her screen"
    )
    assert text.said_of("m", "handoff.body", "en", name="Kael").startswith(
        "The next decision is Kael's. His screen"
    )
    assert text.said_of(None, "handoff.body", "en", name="Ash").startswith(
        "The next decision is Ash's. Their screen"
    )


def test_a_summoned_creature_is_its_in_english():
    """A log line read "Boar uses their immediate action": a summoned creature is "its" now; French keeps
    « son »."""
    duel = summoners_duel()
    view = duel.view(None)
    lines = {lang: panels.log_lines(view, lang) for lang in ("en", "fr")}
    said = {
        lang: [(e.actor in duel.players, x) for e, x in lines[lang] if e.kind == "immediate"]
        for lang in lines
    }
    creature = [x for person, x in said["en"] if not person]
    assert creature
    assert all(x.endswith("uses its immediate action.") for x in creature)
    assert all(x.endswith("utilise son action immédiate.") for p, x in said["fr"] if not p)


def _hyena_slain() -> tuple[object, object]:
    """Aurelian summons a hyena (summon monster II); the hyena then falls (MD-14's slain, as the engine says
    it)."""
    from tests.engine.coretools import core_duel, run

    d = core_duel(a="aurelian", b="kael", dice=[15, 5] + [3] * 200, pos_b=(10.0, 0.0))
    run(d, "p1: use item1 summon_monster_ii @5,0")
    while d.pending.player == "p2":
        d.apply("p2", "pass")
    run(d, "p1: choose one_second", "p1: choose hyena")
    hyena = d.by_id["p1s1"]
    hyena.status = "slain"
    d.emit("status", hyena.id, {"status": "slain"}, ("MD-14",))
    return d, d.view(None)


def test_a_creature_with_a_feminine_french_name_is_spoken_of_in_the_feminine():
    """« Hyène est désormais tué » took the masculine: the catalogue had no gender for a creature's French
    name. It says « tuée » now, on the log, the panel and the board; English still says "it"."""
    _, view = _hyena_slain()
    hyena = next(c for c in view.others if c.id == "p1s1")
    assert hyena.creature == "hyena" and hyena.status == "slain"
    line = {lang: panels.log_lines(view, lang)[-1][1] for lang in ("en", "fr")}
    assert line["fr"] == "Hyène est désormais tuée."
    assert line["en"] == "Hyena is now slain."
    assert '<p class="status">tuée</p>' in panels.combatant(view, hyena, "fr")
    names = text.names_of(view, "fr")
    assert "p1s1" in names.feminine and "p1s1" not in names.neuter
    assert "p1s1" in text.names_of(view, "en").neuter


def test_a_creature_with_a_masculine_french_name_keeps_the_masculine():
    from types import SimpleNamespace

    wolf = SimpleNamespace(id="p1s1", gender=None, summoned_by="p1", creature="wolf")
    assert text.gender_of(wolf, "fr") == "n" and text.gender_of(wolf, "en") == "n"
    assert text.status_word("slain", "fr", text.gender_of(wolf, "fr")) == "tué"
