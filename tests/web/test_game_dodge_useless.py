"""Issue 12, DU-24: a duel dodge against a spell that allows neither an attack roll nor a Reflex save (flare,
a Fortitude spell) is spent for nothing. Once the defender knows the spell (MD-26), the page says so with 0%
on the dodge button and in the intent line, in both languages; against a spell a dodge helps with (a ray's
attack roll), or one the defender does not know, it says nothing of the kind."""

from __future__ import annotations

import re
from html import unescape

import pytest

from tests.web.test_game_flow import options, picks, settle
from web.game.app import App

NNBSP = "\u202f"


def _defend_against(spell: str, identify: bool, lang: str = "en") -> App:
    """Ilse (p1) against Kael (p2), both played on the page: Kael casts ``spell`` at Ilse, who identifies it
    or not, passes on countering, and stands at the defence window (a duel dodge or pass)."""
    app = App(lang=lang)
    app.handle(
        "start",
        {
            "kind": "duel",
            "character0": "ilse",
            "character1": "kael",
            "control0": "human",
            "control1": "human",
            "seed": "1",
            "terms": "1",
            "duel_actions": "on",
        },
    )
    for _ in range(80):
        settle(app)
        html = app.render()
        if 'data-screen="handoff"' in html:
            app.handle("take")
            continue
        p = app.session.view().pending
        assert p is not None, "the duel ended before the defence window"
        opts = options(html)
        if p.kind == "defend" and p.player == "p1" and app.session.view().casting:
            return app
        if p.kind == "roll":
            app.handle("auto-roll")
        elif p.kind == "turn" and p.player == "p2":
            cast = [o for o in opts if o == f"cast {spell} @p1"]
            if cast:
                app.handle("decide", {"option": cast[0]})
            else:
                app.handle("pick", {"pick": next(x for x in picks(html) if x.startswith(spell + "|"))})
        elif p.kind == "identify":
            app.handle("decide", {"option": "identify" if identify else "pass"})
        else:
            app.handle("decide", {"option": "pass" if "pass" in opts else "end"})
    raise AssertionError("no defence window against " + spell)


def _dodge_button(html: str) -> str:
    m = re.search(r'data-option="react dodge"[^>]*>(.*?)</button>', html, re.S)
    assert m is not None, "the duel dodge is offered"
    label = re.sub(r"<kbd[^>]*>.*?</kbd>", "", m.group(1))  # the key to press is not part of the label
    return unescape(re.sub(r"<[^>]+>", "", label)).strip()


def _intent(html: str) -> str:
    m = re.search(r'<p class="intent"[^>]*>([^<]*)</p>', html)
    assert m is not None
    return unescape(m.group(1))


@pytest.mark.parametrize(
    ("lang", "button", "intent"),
    [
        (
            "en",
            "Duel dodge (+4 AC, immediate action) — 0%: no attack roll and no Reflex save to dodge; the action "
            "would be spent for nothing (DU-24)",
            "A duel dodge would do nothing against it: no attack roll, no Reflex save (DU-24).",
        ),
        (
            "fr",
            f"Esquive de duel (+4 CA, action immédiate) — 0{NNBSP}%{NNBSP}: ni jet d'attaque ni jet de Réflexes "
            f"à esquiver{NNBSP}; l'action serait perdue (DU-24)",
            f"Une esquive de duel n'y changerait rien{NNBSP}: ni jet d'attaque, ni jet de Réflexes (DU-24).",
        ),
    ],
)
def test_du24_a_dodge_against_a_known_fortitude_spell_says_0_percent_and_why(lang, button, intent):
    app = _defend_against("flare", identify=True, lang=lang)
    dodge = next(o for o in app.session.view().pending.options if o.id == "react dodge")
    assert (dodge.chance, dodge.why) == (0.0, "dodge-useless")  # the engine's answer, not the page's
    html = app.render()
    assert _dodge_button(html) == button
    said = _intent(html)
    assert said.endswith(intent)
    # The intent no longer offers the dodge it says is useless (it used to: "+4 to AC and Reflex").
    assert "+4" not in said


def test_du24_against_a_ray_the_dodge_is_worth_its_4_and_no_0_percent_is_shown():
    app = _defend_against("ray_of_frost", identify=True)
    html = app.render()
    assert "0%" not in _dodge_button(html) and "DU-24" not in html
    assert "a duel dodge, +4 to AC and Reflex against it (DU-23)" in _intent(html)


def test_md26_against_a_spell_not_identified_the_page_does_not_tell_the_dodge_is_useless():
    app = _defend_against("flare", identify=False)
    v = app.session.view()
    assert all(c.spell is None for c in v.casting)  # Ilse does not know it is flare
    html = app.render()
    assert "0%" not in _dodge_button(html) and "DU-24" not in html
