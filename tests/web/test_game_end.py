"""The end screen: MD-20's restoration read as a person would say it, in both languages."""

from __future__ import annotations

import re
from html import unescape

import pytest

from tests.web.test_game_flow import SETUP, play_to_the_end
from web.game import text
from web.game.app import App

NAMES = {"p1": "Tamsin", "p2": "Bram", "p3": "Wolf"}


def test_only_what_was_restored_is_said_with_plurals():
    data = {
        "participants": {
            "p1": {"nonlethal_healed": 9, "hp_healed": 0, "abilities_restored": {}, "spells_vanished": []},
            "p2": {
                "nonlethal_healed": 1,
                "hp_healed": 3,
                "abilities_restored": {"str": 2},
                "spells_vanished": [],
            },
        }
    }
    assert text.restoration(data, "en", NAMES) == [
        "Tamsin: 9 points of nonlethal damage healed.",
        "Bram: 3 hit points back, 1 point of nonlethal damage healed and 2 points of Str back.",
    ]
    assert text.restoration(data, "fr", NAMES) == [
        "Tamsin\u202f: 9 points de dégâts non létaux soignés.",
        "Bram\u202f: 3 points de vie rendus, 1 point de dégâts non létaux soigné et 2 points de For rendus.",
    ]


def test_ended_effects_nothing_to_restore_and_a_vanished_summons():
    data = {
        "participants": {
            "p1": {"nonlethal_healed": 0, "hp_healed": 0, "abilities_restored": {}, "spells_vanished": []},
            "p2": {
                "nonlethal_healed": 0,
                "hp_healed": 1,
                "abilities_restored": {},
                "spells_vanished": ["ice_storm", "blinded", "blinded"],
            },
            "p3": {"vanished": True},
        }
    }
    assert (
        text.restoration(data, "en", NAMES)
        == [
            "Tamsin: nothing to restore.",
            "Bram: 1 hit point back; the effects “Ice Storm” and “blinded” end.",  # it read "the Ice Storm, blinded effects end"
            "Wolf, summoned during the duel, vanishes.",
        ]
    )
    fr = text.restoration(data, "fr", NAMES)
    assert fr[0] == "Tamsin\u202f: rien à rétablir."
    assert fr[1].startswith("Bram\u202f: 1 point de vie rendu\u202f; les effets «\u202f") and fr[1].endswith(
        "\u202f» prennent fin."
    )
    assert "aveuglé" in fr[1] and "blinded" not in fr[1]
    assert fr[2] == "Wolf, invoqué pendant le duel, disparaît."


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_end_screen_lists_md20_per_participant_without_zeros(lang):
    app = App(lang=lang)
    app.handle("start", SETUP)
    html = play_to_the_end(app)
    box = re.search(r'<div class="restoration">(.*?)</div>', html, re.S)
    assert box is not None
    items = [unescape(re.sub(r"<[^>]+>", "", li)) for li in re.findall(r"<li>(.*?)</li>", box.group(1))]
    names = {c.name for c in [app.session.view(lang).me, *app.session.view(lang).others] if c is not None}
    # One line per duellist: where they stand now, then what came back, saying no zero.
    mine = [i for i in items if any(i.startswith(n + ("\u202f:" if lang == "fr" else ":")) for n in names)]
    assert len(mine) == 2 == len(items), items
    for line in mine:
        now, sep, back = line.partition(" — ")
        assert sep and re.search(r"\d+ / \d+ (hp|pv), 0 non", now), line
        assert not re.search(r"\b0 (hp|pv|points?)\b", back), line
        assert "(s)" not in back and "sort(s)" not in back, line
        assert back.endswith("."), line
    assert "MD-20" in box.group(1)


def test_a_roll_against_a_dc_the_roller_may_not_know_says_so():
    roll = {
        "die": "d20",
        "natural": 5,
        "modifiers": [["Spellcraft", 8]],
        "total": 13,
        "against": "DC",
        "target": None,
        "outcome": "failure",
    }
    assert text.breakdown(roll, "en").endswith("= 13 vs a hidden DC: failure")
    assert text.breakdown(roll, "fr").endswith("= 13 contre un DD caché\u202f: échec")
    assert text.breakdown({**roll, "target": 15}, "en").endswith("= 13 vs DC 15: failure")


def _counter_prompt(lang: str) -> App:
    """Ysolde (a 17th-level sorcerer, played here) asked to counter a spell, with a hundred duel
    counterspell options (every known spell × every slot that can power it)."""
    from mageduel.ai import Opponent

    app = App(lang=lang)
    app.handle(
        "start",
        {
            "kind": "mageduel",
            "character0": "ysolde",
            "character1": "aurelian",
            "seed": "1",
            "control1": "normal",
        },
    )
    me = Opponent("normal", 3)
    for _ in range(2000):
        while app.pump(10.0):
            pass
        s = app.session
        assert not s.over, "no counter prompt with many options before the end"
        view = s.view(lang)
        p = view.pending
        duel_counters = [o for o in p.options or [] if o.id.startswith("react duel-counter ")]
        if p.kind == "counter" and len(duel_counters) >= 7:
            return app
        app.handle("decide", {"option": me.choose(s.view())})
    raise AssertionError("no counter prompt")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_sorcerers_duel_counterspell_is_chosen_by_spell_then_slot(lang):
    app = _counter_prompt(lang)
    html = app.render()
    box = re.search(r'<div class="counter-chooser".*?</div>', html, re.S)
    assert box is not None
    chooser = box.group(0)
    legal = {o.id for o in app.session.view().pending.options}
    spells = re.findall(r'<option value="([a-z_]+)"', chooser)
    assert len(spells) >= 2
    # One button, for one exact legal option, instead of one per spell and slot.
    buttons = re.findall(r'data-option="([^"]+)"', chooser)
    assert len(buttons) == 1 and buttons[0] in legal
    assert html.count('data-option="react duel-counter ') == 1
    # Choosing another spell: the slots listed are that spell's, and the button is its option.
    other = next(s for s in spells if f"react duel-counter {s} " not in buttons[0])
    slot_now = re.search(r'data-field="spell" data-other="(\d+)"', chooser).group(1)
    app.handle("counter-choose", {"field": "spell", "value": other, "other": slot_now})
    chooser = re.search(r'<div class="counter-chooser".*?</div>', app.render(), re.S).group(0)
    slots = [int(n) for n in re.findall(r'<option value="(\d+)"', chooser)]
    assert slots == sorted(
        int(i.rsplit("slot", 1)[1]) for i in legal if i.startswith(f"react duel-counter {other} ")
    )
    # And another slot of it.
    app.handle("counter-choose", {"field": "slot", "value": str(slots[-1]), "other": other})
    html = app.render()
    want = f"react duel-counter {other} slot{slots[-1]}"
    assert re.findall(r'class="counter-chooser".*?data-option="([^"]+)"', html, re.S) == [want]
    label = unescape(re.search(r'data-option="' + want + r'".*?<span>(.*?)</span>', html, re.S).group(1))
    assert ("Duel counterspell" if lang == "en" else "Contresort de duel") in label
    app.handle("decide", {"option": want})
    assert app.session.duel.decisions[-1] == ("p1", want)


def test_a_bad_save_or_link_is_explained_in_the_pages_language():
    import json as _json

    from web.game.app import decode_fragment
    from web.game.session import SaveError, Session, Setup, SideSetup

    good = _json.loads(
        Session(Setup(sides=[SideSetup(character="tamsin"), SideSetup(character="bram")])).save_json()
    )
    good["replay"]["decisions"] = ["p1: cast wish @p2"]
    fr, en = App(lang="fr"), App(lang="en")
    assert fr.restore(_json.dumps(good)) == (
        "la rediffusion s'arrête à l'étape 1 (p1: cast wish @p2), que les règles refusent"
    )
    assert (
        en.restore(_json.dumps(good))
        == "the replay stops at step 1 (p1: cast wish @p2), which the rules refuse"
    )
    # French typography: a narrow no-break space before the colon and the semicolon (issue 11's refusals).
    assert fr.restore('{"version": 2}') == "setup\u202f: obligatoire\u202f; replay\u202f: obligatoire"
    assert fr.restore("{nope") == "ce n'est pas du JSON valide (ligne 1, colonne 2)"
    for link in ("#nothing", "#replay=%%%"):
        with pytest.raises(SaveError) as exc:
            decode_fragment(link)
        said = exc.value.said("fr")
        assert said.startswith("la rediffusion") or said.startswith("le lien"), said


def test_french_punctuation_and_spell_named_conditions():
    roll = {"purpose": "ray_of_frost: ranged touch attack", "die": "d20", "natural": 12, "total": 14}
    roll |= {"modifiers": [["Dex", 2]], "against": "touch AC", "target": 11, "outcome": "hit"}
    from mageduel.events import Event, EventModel

    e = EventModel.from_event(Event(1, 1, "roll", "p1", roll))
    fr = text.event_line(e, "fr", NAMES)
    # One colon before the roll: the spell and the kind of roll are parted by a comma.
    assert fr.startswith("Tamsin — rayon de givre, attaque de contact à distance\u202f: d20 12 ")
    assert fr.endswith("\u202f: touché")
    assert text.event_line(e, "en", NAMES).startswith("Tamsin — Ray of Frost, ranged touch attack: d20 12 ")
    assert (
        text.word("cond", "wall_of_force", "fr") == text.spell_name("wall_of_force", "fr") != "wall of force"
    )


def test_damage_is_counted_in_french():
    from mageduel.events import Event, EventModel

    def line(amount: int, lang: str) -> str:
        data = {"amount": amount, "lethal": False, "nonlethal": 8}
        return text.event_line(EventModel.from_event(Event(1, 1, "damage", "p2", data)), lang, NAMES)

    assert line(1, "fr") == "Bram subit 1 point de dégâts non létaux (8 au total)."
    assert line(5, "fr") == "Bram subit 5 points de dégâts non létaux (8 au total)."
    assert line(1, "en") == "Bram takes 1 nonlethal damage (8 nonlethal in all)."


def test_no_plural_hedge_is_left_in_the_catalogue():
    from web.i18n import catalogue

    hedged = {k: v for k, v in catalogue().items() for s in v.values() if "(s)" in s or "(x)" in s}
    assert not hedged, hedged


def test_every_roll_line_has_one_colon_before_its_roll():
    """A roll's line puts one colon before the dice: "Ilse — preparation, opposed ability check: d20 …". The
    purposes that carried their own colon read "Ilse — preparation: opposed ability check: d20 …"."""
    from mageduel.events import Event, EventModel

    purposes = [
        "ray_of_frost: ranged touch attack",
        "ray_of_enfeeblement ability",
        "mirror image",
        "zone: opposed ability check",
        "preparation: opposed ability check",
        "duel effort: will save again",
        "mage_armor duration",
        "false_life temporary hp",
        "enervation negative levels",
        "cure_light_wounds healing",
    ]
    for purpose in purposes:
        roll = {"purpose": purpose, "die": "d20", "natural": 12, "total": 14, "modifiers": [["Dex", 2]]}
        e = EventModel.from_event(Event(1, 1, "roll", "p1", roll))
        for lang in ("en", "fr"):
            line = text.event_line(e, lang, NAMES)
            head = line.split(" — ", 1)[1].split("d20 12")[0]
            assert head.count(":") == 1 and "_" not in head, (purpose, lang, line)
