"""Every event the engine emits is a sentence in both languages, and every roll, modifier and condition a duel
shows is named in French. Found by playing performance combat (DU-30) in French: the log read "Séverine
Lamebrune — crowd: side=s2, attitude=friendly, victory_points=0", each attack "+ 1 crowd (friendly)", and the
checks "performance combat check after a duel dodge"; six more kinds (C-11's confusion, DU-21, DU-29, DU-2's
stand-down, MD-6's animals, an unplayed effect) fell to the same raw line."""

from __future__ import annotations

import re
from collections.abc import Callable
from html import unescape
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from mageduel.ai import Opponent
from mageduel.compose import new_duel
from mageduel.dice import Seeded
from mageduel.scenario import Participant, Scenario
from mageduel.terms import Terms
from mageduel.views import build_view

from web.game import panels, text
from web.game.app import App
from web.game.session import localize, participant_names

ENGINE = Path(__file__).resolve().parents[2] / "engine" / "mageduel"


def _emitted_kinds() -> set[str]:
    """Every event kind the engine's source emits (``duel.emit("kind", ...)``)."""
    kinds = set()
    for path in ENGINE.rglob("*.py"):
        kinds |= set(re.findall(r'\.emit\(\s*"([a-z_:-]+)"', path.read_text(encoding="utf-8")))
    return kinds


#: Data shaped as the engine emits each kind the catalogue's generic path would not cover; the others are
#: checked by name (``ev.<kind>`` in the catalogue, or a case of their own in ``text``).
SAMPLES = {
    "confused": [
        {"roll": 12, "does": "acts normally"},
        {"roll": 40, "does": "babbles"},
        {"roll": 60, "does": "hurts itself"},
        {"roll": 90, "does": "attacks the nearest", "target": "p2"},
    ],
    "animal": [{"name": "an animal", "flees": True, "dc": 17}, {"name": "Pip", "flees": False, "dc": 17}],
    "crowd": [{"side": "s1", "attitude": "friendly", "victory_points": 1}],
    "effort-spared": [{}],
    "parry-critical": [{"attacker": "p2"}],
    "stand-down": [{"side": "s1"}],
    "effect-unsupported": [{"effect": "polymorph", "spell": "magic_missile"}],
}


def _performance(first: str, second: str, victory_points: int = 1) -> Scenario:
    """A plain duel with performance combat on (DU-30) between two roster characters."""
    return Scenario(
        kind="duel",
        terms=Terms(kind="duel", performance_combat=True, victory_points=victory_points),
        participants=[
            Participant(id="p1", roster=first, side="s1"),
            Participant(id="p2", roster=second, side="s2"),
        ],
    )


def _computers(duel: Any, seed: int, until: Callable[[Any], bool] | None = None) -> None:
    """Two computers play ``duel`` on (normal level) until it ends or ``until(duel)``."""
    brains: dict[str, Opponent] = {}
    while duel.pending is not None and not (until is not None and until(duel)):
        who = duel.pending.player
        duel.apply(who, brains.setdefault(who, Opponent("normal", seed)).choose(duel.brief_view(who)))


def _names() -> text.Names:
    names = text.Names({"p1": "Ilse", "p2": "Kael"})
    names.feminine = frozenset({"p1"})
    return names


def test_every_event_kind_the_engine_emits_has_a_sentence_in_both_languages():
    import json

    catalogue = json.loads((Path(text.__file__).parents[1] / "messages.json").read_text(encoding="utf-8"))
    source = Path(text.__file__).read_text(encoding="utf-8")
    kinds = _emitted_kinds()
    assert {"crowd", "confused", "damage", "roll"} <= kinds, "the scan of the engine's source"
    unsaid = [
        k
        for k in sorted(kinds)
        if f"ev.{k}" not in catalogue
        and not any(key.startswith(f"ev.{k}.") for key in catalogue)
        and f'"{k}"' not in source
    ]
    assert unsaid == []


@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_an_event_once_said_raw_is_a_sentence_agreeing_in_french(kind):
    for data in SAMPLES[kind]:
        for lang in ("en", "fr"):
            e = SimpleNamespace(kind=kind, actor="p1", data=data, clauses=[])
            line = text.event_line(e, lang, _names())
            assert "=" not in line and f"{kind}:" not in line and "None" not in line, line
            assert line.endswith(".") and line[0].isupper(), line
    hurt = SimpleNamespace(kind="confused", actor="p1", data=SAMPLES["confused"][2], clauses=[])
    assert (
        text.event_line(hurt, "fr", _names()) == "Ilse est confuse (d100\u202f: 60) et se blesse elle-même."
    )
    at = SimpleNamespace(kind="confused", actor="p2", data=SAMPLES["confused"][3], clauses=[])
    assert text.event_line(at, "en", _names()).endswith("attacks the nearest creature, Kael.")
    stray = SimpleNamespace(kind="animal", actor=None, data=SAMPLES["animal"][0], clauses=[])
    assert (
        text.event_line(stray, "fr", _names()) == "Un animal rate son jet de Volonté (DD 17) et fuit la zone."
    )


def test_md6_md19_someone_from_outside_is_described_in_the_readers_language():
    """Lesson 3-1's fox and the interference showcase's page were "a fox" and "a page" in the French log
    ("Quelqu'un du dehors (a page) entre dans la zone"); a description the catalogue does not know is kept
    as the scenario wrote it."""
    fox = SimpleNamespace(
        kind="animal", actor=None, data={"name": "a fox", "flees": True, "dc": 17}, clauses=[]
    )
    assert (
        text.event_line(fox, "fr", _names()) == "Un renard rate son jet de Volonté (DD 17) et fuit la zone."
    )
    assert text.event_line(fox, "en", _names()) == "A fox fails its Will save (DC 17) and flees the zone."
    assert (
        text.purpose("a fox: Will save or flee the zone", "fr")
        == "Un renard\u202f: jet de Volonté, sinon il fuit la zone"
    )
    page = SimpleNamespace(
        kind="interference", actor=None, data={"who": "a page", "what": "walks into the zone"}, clauses=[]
    )
    assert text.event_line(page, "fr", _names()).startswith("Quelqu'un du dehors (un page) entre")
    owl = SimpleNamespace(
        kind="animal", actor=None, data={"name": "Pip the owl", "flees": False, "dc": 16}, clauses=[]
    )
    assert text.event_line(owl, "fr", _names()).startswith("Pip the owl réussit")
    # The fox as lesson 3-1 plays it: its save and its flight, in French.
    app = App(lang="fr")
    app.handle("lesson", {"do": "open", "ref": "3-1"})
    for step in app.tutor.play.level.steps:
        app.handle("lesson", {"do": "choose", "option": step.answer})
    log = unescape(re.sub(r"<[^>]+>", " ", app.render()))
    assert "Un renard\u202f: jet de Volonté" in log and "Un renard rate son jet de Volonté" in log, (
        "the fox of 3-1"
    )
    assert "a fox" not in log


@pytest.mark.parametrize(
    ("condition", "en", "fr"),
    [
        ("crowd (friendly)", "crowd (friendly)", "foule (amicale)"),
        ("crowd (hostile)", "crowd (hostile)", "foule (hostile)"),
        ("ray_of_enfeeblement (str)", "Ray of Enfeeblement (Str)", "rayon affaiblissant (For)"),
        ("effect (dex)", "ability penalty (Dex)", "malus de caractéristique (Dex)"),
        ("cloudkill cloud", "Cloudkill cloud", "nuage de brume mortelle"),
        ("held back", "held back", "tenue à distance"),  # about a woman
        ("dominated", "dominated", "dominée"),  # MD-3's other compulsion
    ],
)
def test_c11_a_condition_named_by_the_engine_is_named_in_french_too(condition, en, fr):
    assert text.word_of("f", "cond", condition, "fr") == fr
    assert text.word_of("f", "cond", condition, "en") == en


@pytest.mark.parametrize(
    ("purpose", "fr"),
    [
        ("performance combat check after a duel dodge", "test de combat de spectacle après une esquive de duel"),
        ("performance combat check after a duel counterspell", "test de combat de spectacle après un contresort de duel"),
        ("performance combat check after a duel effort", "test de combat de spectacle après un effort de duel"),
        ("concentration (entangled)", "concentration (enchevêtré)"),
        ("resist telekinesis (Strength)", "test de Force contre télékinésie"),
        ("an animal: Will save or flee the zone", "Un animal\u202f: jet de Volonté, sinon il fuit la zone"),
        ("cure_light_wounds healing", "soins légers, points de vie rendus"),  # a potion
    ],
)  # fmt: skip
def test_every_roll_the_engine_names_is_named_in_french(purpose, fr):
    assert text.purpose(purpose, "fr") == fr


def test_du30_performance_combat_reads_in_french_with_the_crowd_and_its_checks_named():
    sc = _performance("garrick", "severine")
    duel = new_duel(sc, Seeded(1))
    _computers(duel, 1)
    log = panels.log_text(localize(build_view(duel, None), participant_names(sc, "fr")), "fr")
    assert "La foule est amicale envers le camp de" in log, "the duel this test is about"
    assert "test de combat de spectacle après une esquive de duel" in log
    assert "+ 1 foule (amicale)" in log
    assert not re.search(r"crowd|performance|victory_points|attitude=", log)


def test_every_status_the_engine_sets_has_a_word_in_both_languages():
    """A summoned creature that vanishes at MD-20 was "vanished" in French too."""
    statuses = set()
    for path in ENGINE.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        statuses |= set(re.findall(r'\bstatus = "([a-z_]+)"', source))
        statuses |= set(re.findall(r'"status": "([a-z_]+)"', source))
    assert {"slain", "vanished", "gone", "stable"} <= statuses, "the scan of the engine's source"
    same = {"stable", "active"}  # the same word in both languages ("active": French for a woman)
    for status in sorted(statuses):
        assert text.has(f"status.{status}"), status
        assert status in same or text.status_word(status, "fr", None) != text.status_word(status, "en", None)


@pytest.mark.parametrize(
    ("modifier", "fr"),
    [
        ("size and other", "taille et autres"),  # a combat maneuver's bonus from the stat line
        ("acrobatics", "Acrobaties"),  # walking on grease
        ("metal armor", "armure métallique"),  # shocking grasp
        ("Will", "Vol"),  # an animal's save (MD-6)
        ("crowd (friendly)", "foule (amicale)"),  # DU-30
    ],
)
def test_every_part_of_a_roll_is_named_in_french(modifier, fr):
    assert text.word("mod", modifier, "fr") == fr


def test_du30_the_performance_prompt_says_the_action_it_follows_and_what_the_check_can_do():
    """The prompt read "DU-30: spend a victory point on a performance check?" ("test de représentation",
    where the log says "test de combat de spectacle"): now it names the duel action it follows, and what
    success and failure do to the crowd."""
    from web.game import decide

    sc = _performance("severine", "garrick")
    duel = new_duel(sc, Seeded(3))
    _computers(duel, 3, until=lambda d: d.pending.kind == "rite:perform")
    assert duel.pending is not None, "a performance check offered in this duel"
    who = duel.pending.player
    for lang, said in (
        (
            "fr",
            "DU-30\u202f: après votre esquive de duel, dépenser un point de victoire pour un test de combat de spectacle",
        ),
        ("en", "DU-30: after your duel dodge, spend a victory point on a performance combat check"),
    ):
        view = localize(build_view(duel, who), participant_names(sc, lang))
        html = decide.panel(view, lang, text.names_of(view, lang), None, {}, None)
        assert said in unescape(html)
        assert "représentation" not in html


def test_du30_a_duellists_panel_shows_the_crowd_and_their_victory_points_left():
    """With performance combat on, the victory points were said only in the log, after a check: the panel
    lists them with the crowd's attitude toward the side, from the start (indifferent, all points)."""
    sc = _performance("severine", "garrick", victory_points=2)
    duel = new_duel(sc, Seeded(3))
    view = build_view(duel, "p1")
    assert (view.me.resources.crowd, view.me.resources.victory_points) == ("indifferent", 2)
    assert "foule indifférente · 2 points de victoire" in panels.combatant(view, view.me, "fr", own=True)
    _computers(duel, 3)
    view = build_view(duel, "p1")
    crowd = duel.rule_state.duel_actions.crowd
    assert crowd is not None and (view.me.resources.crowd, view.me.resources.victory_points) == (
        crowd.attitude["s1"],
        crowd.vp["s1"],
    )
    assert f"crowd {crowd.attitude['s1']} · {crowd.vp['s1']} victory point" in panels.combatant(
        view, view.me, "en", own=True
    )
    plain = build_view(new_duel(sc.model_copy(update={"terms": Terms(kind="duel")}), Seeded(3)), "p1")
    assert plain.me.resources.crowd is None and "crowd" not in panels.combatant(
        plain, plain.me, "en", own=True
    )


@pytest.mark.parametrize("challenge", ["offered", "called"])
def test_du1_md2_a_refused_challenge_is_said_in_the_readers_language(challenge):
    """The French log read "Nadira Voilecendre refuse : Nadira Ashveil refuses the duel: nobody fights a duel
    unwillingly (DU-1)": the engine's English sentence after a French verb, and the English name."""
    from mageduel.roster import get

    kind = "mageduel" if challenge == "called" else "duel"
    sc = Scenario(
        kind=kind,
        terms=Terms(kind=kind, challenge=challenge),
        participants=[
            Participant(id="p1", roster="ilse", side="s1"),
            Participant(id="p2", roster="nadira", side="s2"),
        ],
    )
    duel = new_duel(sc, Seeded(1))
    while duel.pending is not None:
        duel.apply(duel.pending.player, "refuse" if duel.pending.kind == "rite:answer" else "pass")
    assert duel.outcome is not None and duel.outcome.reason == "refused"
    lines = {
        lang: panels.log_text(localize(build_view(duel, None), participant_names(sc, lang)), lang)
        for lang in ("en", "fr")
    }
    if challenge == "offered":  # Nadira refuses Ilse's duel (DU-1)
        assert "Nadira Voilecendre refuse le duel\u202f: nul ne se bat en duel contre son gré." in lines["fr"]
        assert "Nadira Ashveil refuses the duel: nobody fights a duel unwillingly." in lines["en"]
    else:  # Nadira calls for a mageduel; Ilse refuses it (MD-2)
        assert "Ilse Varro refuse le mageduel et avoue ainsi vouloir tuer Nadira Voilecendre." in lines["fr"]
        assert "Ilse Varro refuses the mageduel, and so admits wishing to kill Nadira Ashveil." in lines["en"]
    assert get("nadira").name.en not in lines["fr"] and "refuses" not in lines["fr"]
    assert (
        "A tie (the challenge is refused, " in lines["en"]
        and "Match nul (le défi est refusé, " in lines["fr"]
    )


def test_md1_md3_a_rite_that_cannot_start_says_who_and_why_instead_of_that_it_went_well():
    """A fighter in a mageduel: the log said "The duellists qualify for the rite (MD-1)" and then "A tie (Who
    may take part)". A charmed duellist: "Acclimation: the duellists face each other (MD-3)", then a tie."""
    fighter = Scenario(
        kind="mageduel",
        participants=[
            Participant(id="p1", roster="ilse", side="s1"),
            Participant(id="p2", roster="garrick", side="s2"),
        ],
    )
    charmed = Scenario.model_validate(
        {
            "kind": "mageduel",
            "participants": [
                {"id": "p1", "roster": "ilse", "side": "s1"},
                {"id": "p2", "roster": "kael", "side": "s2", "conditions": ["charmed"]},
            ],
        }
    )
    said = {}
    for name, sc in (("fighter", fighter), ("charmed", charmed)):
        duel = new_duel(sc, Seeded(1))
        assert duel.outcome is not None and duel.outcome.tie, name
        for lang in ("en", "fr"):
            said[name, lang] = panels.log_text(
                localize(build_view(duel, None), participant_names(sc, lang)), lang
            )
    assert "Garrick Stonehand may not take part in the rite" in said["fighter", "en"]
    assert "Garrick Poing-de-Pierre ne peut pas prendre part au rite" in said["fighter", "fr"]
    assert "qualify" not in said["fighter", "en"] and "sont admis" not in said["fighter", "fr"]
    assert (
        "Kael Sunderwind cannot acclimate under a compulsion (charmed): the rite stops"
        in said["charmed", "en"]
    )
    assert (
        "Kael Fendvent ne peut pas s'accorder sous une coercition (charmé)\u202f: le rite s'arrête"
        in said["charmed", "fr"]
    )
    assert "face each other" not in said["charmed", "en"] and "se font face" not in said["charmed", "fr"]
    # And the ending says why, not only the clause's title ("A tie (Who may take part)").
    assert "A tie (the rite cannot start: someone may not take part, MD-1)" in said["fighter", "en"]
    assert (
        "Match nul (le rite s'arrête\u202f: pas d'accord sous une coercition, MD-3)" in said["charmed", "fr"]
    )


@pytest.mark.parametrize(
    ("reason", "clauses", "tie", "en"),
    [
        ("excluded", ["MD-9"], False, "Ilse wins (the rivals did not enter the zone in time, MD-9)"),
        ("excluded", ["MD-9"], True, "A tie (nobody entered the zone in time, MD-9)"),
        ("death", ["DU-5"], False, "Ilse wins (a duel to the death, DU-5)"),
        ("unqualified", ["MD-1"], True, "A tie (the rite cannot start: someone may not take part, MD-1)"),
    ],
)
def test_an_ending_says_why_rather_than_a_clause_title(reason, clauses, tie, en):
    """The endings "Ilse wins (Entering together)" and "(When a duel ends)" named a clause, not what happened."""
    out = {"reason": reason, "clauses": clauses, "tie": tie, "winners": [] if tie else ["p1"]}
    assert text.outcome_line(out, "en", {"p1": "Ilse"}) == en
    assert text.clause_title(clauses[0], "fr") not in text.outcome_line(out, "fr", {"p1": "Ilse"})
