"""A summoned creature's natural attacks are named as its stat line names them. Found in a computer duel's
log: "Boar attacks Aurelian Vey (boar 0)", "Eagle — attack (eagle 0 1): d20 20 + 3 weapon", the engine's
ids of the attacks; the decision panel of a summoner read "Attack Aurelian Vey with your eagle 0 1"
(« avec votre eagle 0 1 »). They read "(gore)", "(talons 2 of 2)" and « Attaquer … (serres 2 sur 2) » now."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from mageduel.ai import Opponent
from mageduel.compose import new_duel
from mageduel.dice import Seeded
from mageduel.events import Event, EventModel
from mageduel.scenario import duel_scenario

from web.game import panels, text

NAMES = text.Names({"p1": "Ilse Varro", "s1": "Eagle"})


def test_a_creatures_attack_is_its_attacks_name_in_the_log_in_both_languages():
    def line(weapon: str, lang: str) -> str:
        event = Event(1, 1, "attack", "s1", {"target": "p1", "weapon": weapon})
        return text.event_line(EventModel.from_event(event), lang, NAMES)

    assert line("boar_0", "en").endswith("(gore).")
    assert line("eagle_0_1", "en").endswith("(talons 2 of 2).")
    assert line("eagle_1", "fr").endswith("(morsure).")
    assert line("small_water_elemental_0", "fr").endswith("(coup).")
    assert line("quarterstaff", "fr").endswith("(bâton).")  # a weapon of the catalogue, as before


def test_a_creatures_attack_options_name_the_attack_without_your():
    said = {
        (oid, lang): text.option_label(oid, lang, NAMES)
        for oid in ("attack eagle_0_1 @p1", "aoo eagle_1", "react parry boar_0")
        for lang in ("en", "fr")
    }
    assert said[("attack eagle_0_1 @p1", "en")] == "Attack Ilse Varro (talons 2 of 2)"
    assert said[("attack eagle_0_1 @p1", "fr")] == "Attaquer Ilse Varro (serres 2 sur 2)"
    assert said[("aoo eagle_1", "fr")] == "Attaque d'opportunité (morsure)"
    assert said[("react parry boar_0", "en")] == "Duel parry (gore)"
    assert (
        text.option_label("attack quarterstaff @p1", "en", NAMES)
        == "Attack Ilse Varro with your quarterstaff"
    )


@cache
def summoners_duel() -> Any:
    """A whole mageduel of two Aurelians, normal computers, who summon a dozen creatures between them."""
    duel = new_duel(duel_scenario("aurelian", "aurelian", "mageduel"), Seeded(0))
    brains = {who: Opponent("normal", 0) for who in duel.players}
    while duel.pending is not None and len(duel.decisions) < 800:
        who = duel.pending.player
        duel.apply(who, brains[who].choose(duel.brief_view(who)))
    return duel


def test_no_log_line_of_a_duel_full_of_summoned_creatures_shows_an_attacks_id():
    duel = summoners_duel()
    view = duel.view(None)
    ids = re.compile(r"\b[a-z]+ \d\b")  # "boar 0", "eagle 0 1", "small water elemental 0"
    nth = re.compile(r"\d+ (of|sur) \d+")  # "talons 2 of 2": which of a creature's two talons
    by_creatures = [e for e in view.events if e.kind == "attack" and e.actor not in duel.players]
    assert len(by_creatures) > 10
    for lang in ("en", "fr"):
        lines = [said for e, said in panels.log_lines(view, lang) if e.kind in ("attack", "roll")]
        assert not [x for x in lines if ids.search(nth.sub("", x))], lang
