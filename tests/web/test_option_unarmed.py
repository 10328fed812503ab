"""An unarmed strike is offered as "unarmed" (« à mains nues »), not "with your unarmed strike". Found by a
French sweep of the decision panel: « Attaquer Kael avec votre combat à mains nues »."""

from __future__ import annotations

from web.game import text


def _names() -> text.Names:
    return text.Names({"p1": "Ilse Varro", "p2": "Kael Sunderwind"})


def test_an_unarmed_option_says_unarmed_not_with_your_unarmed_strike():
    for option, en, fr in (
        (
            "attack unarmed_strike @p2",
            "Attack Kael Sunderwind unarmed",
            "Attaquer Kael Sunderwind à mains nues",
        ),
        (
            "full-attack unarmed_strike @p2",
            "Full attack on Kael Sunderwind, unarmed",
            "Attaque à outrance sur Kael Sunderwind à mains nues",
        ),
        ("aoo unarmed_strike", "Attack of opportunity, unarmed", "Attaque d'opportunité à mains nues"),
        (
            "attack dagger @p2",
            "Attack Kael Sunderwind with your dagger",
            "Attaquer Kael Sunderwind avec votre dague",
        ),
    ):
        assert text.option_label(option, "en", _names()) == en
        assert text.option_label(option, "fr", _names()) == fr
