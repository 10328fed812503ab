"""The terms of the duel as the setup form sets them (X-2, DU-2, DU-4..DU-9, DU-30, DU-31, MD-25): what is
ticked reaches the engine's Terms, contradictions come back beside the form (X-3), and the terms change the
game that is then played by clicking."""

from __future__ import annotations

import re
from html import unescape

from tests.web.test_game_flow import SETUP, choose_like_a_person, options, play_to_the_end, settle
from web.game.app import App

DUEL = {
    **SETUP,
    "kind": "duel",
    "control0": "human",
    "control1": "normal",
    "terms": "1",
    "duel_actions": "on",
}


def test_the_duel_only_terms_reach_the_engine():
    app = App(lang="en")
    app.handle(
        "start",
        {
            **DUEL,
            "end": "hits",
            "hits": "2",
            "attack_kind": "any",
            "weapon_melee": "on",
            "weapon_unarmed": "on",
            "ban_summoning": "on",
            "ban_poison": "on",
            "nonlethal_arena": "on",
            "progress_check": "on",
            "performance_combat": "on",
            "breaches_allowed": "on",
        },
    )
    assert app.session is not None, app.form.errors
    terms = app.session.scenario.terms
    assert (terms.kind, terms.end, terms.hits) == ("duel", "hits", 2)
    assert terms.weapon_forms == ("melee", "unarmed")
    assert terms.ban_summoning and terms.ban_poison and terms.nonlethal_arena
    assert not terms.ban_ranged and not terms.magic_weapons_only
    assert terms.progress_check and terms.performance_combat and terms.breaches == "allowed"


def test_a_mageduel_takes_none_of_the_plain_duel_terms():
    app = App(lang="en")
    # A form switched from a duel keeps its duel-only fields; a mageduel's rite ignores them.
    app.handle(
        "start",
        {**DUEL, "kind": "mageduel", "end": "first_blood", "ban_poison": "on", "progress_check": "on"},
    )
    assert app.session is not None, app.form.errors
    terms = app.session.scenario.terms
    assert terms.kind == "mageduel" and terms.end == "default" and not terms.ban_poison
    assert terms.progress_check


def test_x3_contradictory_terms_are_shown_beside_the_form_naming_the_field():
    app = App(lang="en")
    # Ranged weapons allowed, and ranged attacks banned: X-3 refuses it.
    app.handle("start", {**DUEL, "end": "default", "weapon_ranged": "on", "ban_ranged": "on"})
    assert app.session is None
    html = unescape(app.render())
    assert 'data-screen="setup"' in html
    errors = re.findall(r'<p class="field-error" role="alert">(.*?)</p>', html)
    assert errors and any("ban_ranged" in e for e in errors)


def test_the_form_shows_the_duel_terms_only_for_a_duel_and_the_number_of_hits_only_when_it_counts():
    app = App(lang="fr")
    app.read_form({"kind": "mageduel"})
    html = app.render()
    assert 'name="end"' not in html and 'name="progress_check"' in html
    assert '<details class="terms">' in html  # closed until the player opens it
    app.read_form({"kind": "duel", "terms": "1", "end": "first_blood"})
    app.form.terms_open = True
    html = unescape(app.render())
    assert 'name="end"' in html and 'name="hits"' not in html and "au premier sang" in html
    assert '<details class="terms" open>' in html
    app.read_form({"kind": "duel", "terms": "1", "end": "hits", "attack_kind": "magic"})
    html = app.render()
    assert 'name="hits"' in html and 'name="weapon_melee"' not in html  # a magic duel has no weapons


def test_du5_a_duel_to_first_blood_set_on_the_form_ends_at_the_first_damage():
    app = App(lang="en")
    app.handle(
        "start",
        {**DUEL, "end": "first_blood", "weapon_melee": "on", "weapon_ranged": "on", "weapon_unarmed": "on"},
    )
    play_to_the_end(app)
    out = app.session.duel.outcome
    assert out is not None and out.reason == "first-blood" and "DU-5" in out.clauses, out
    hurt = [e for e in app.session.duel.events if e.kind == "damage" and e.data.get("amount", 0) > 0]
    assert hurt, "the duel ended at first blood, so someone bled"
    title = unescape(re.search(r'<h2 id="end-title">([^<]+)</h2>', app.render())[1])
    assert title.endswith("(first blood, DU-5)"), title


def test_du9_with_the_progress_check_on_a_person_can_withdraw_and_loses():
    app = App(lang="fr")
    app.handle(
        "start",
        {
            **DUEL,
            "end": "default",
            "weapon_melee": "on",
            "weapon_ranged": "on",
            "weapon_unarmed": "on",
            "progress_check": "on",
        },
    )
    for _ in range(500):
        settle(app)
        html = app.render()
        view = app.session.view()
        if view.pending is not None and view.pending.kind == "rite:progress" and view.pending.player == "p1":
            assert {"go-on", "withdraw"} <= set(options(html))
            assert "DU-9" in unescape(html)
            app.handle("decide", {"option": "withdraw"})
            break
        choose_like_a_person(app, html)
    else:
        raise AssertionError("the person was never asked whether they go on")
    settle(app)
    out = app.session.duel.outcome
    assert out is not None and out.reason == "withdrawal" and "p1" in out.losers
    assert 'data-screen="end"' in app.render()


def test_x1_the_preview_of_a_plain_duel_draws_the_ground_not_the_zone():
    app = App(lang="en")
    app.read_form({"kind": "duel", "character0": "ilse", "character1": "kael"})
    html = unescape(app.render_preview())
    assert 'class="arena-svg no-zone"' in html and "MD-5" not in html
    assert "starts at (15, 0)" in html and "starts at (15, 30)" in html  # where the engine places them
    app.read_form({"kind": "mageduel"})
    html = unescape(app.render_preview())
    assert "no-zone" not in html and "(MD-5)" in html and "enters at" in html


def test_three_duellists_each_for_themself_play_a_whole_mageduel_by_clicking():
    app = App(lang="en")
    app.handle("add-duellist")
    html = app.render()
    assert 'name="character2"' in html and 'name="team2"' in html and 'data-act="add-duellist"' in html
    app.handle(
        "start",
        {
            **SETUP,
            "character0": "ilse",
            "character1": "kael",
            "character2": "odile",
            "control0": "human",
            "control1": "normal",
            "control2": "hard",
        },
    )
    assert app.session is not None, app.form.errors
    sides = [p.side for p in app.session.scenario.participants]
    assert len(sides) == 3 and len(set(sides)) == 3
    play_to_the_end(app, limit=5000)
    assert 'data-screen="end"' in app.render()
    assert app.session.duel.outcome is not None


def test_the_third_and_fourth_duellists_are_played_as_the_form_says():
    """Who plays each duellist reaches the game for all four: the third and fourth were left to the normal
    computer whatever the form said, so a person could not play them."""
    app = App(lang="en")
    app.handle("add-duellist")
    app.handle("add-duellist")
    app.handle(
        "start",
        {
            **SETUP,
            "character0": "ilse",
            "character1": "kael",
            "character2": "odile",
            "character3": "corvin",
            "control0": "normal",
            "control1": "easy",
            "control2": "human",
            "control3": "hard",
        },
    )
    s = app.session
    assert s is not None, app.form.errors
    assert s.controls == {"p1": "normal", "p2": "easy", "p3": "human", "p4": "hard"}
    assert {pid: brain.level for pid, brain in s.computers.items()} == {
        "p1": "normal",
        "p2": "easy",
        "p4": "hard",
    }
    assert s.people == ["p3"] and s.viewer == "p3"
    settle(app)
    assert s.waiting_for_person() == "p3"  # the computers stop where the person at the screen decides
    assert 'data-viewer="p3"' in app.render()
    play_to_the_end(app, limit=5000)  # the person's clicks and the three computers, to the end
    assert s.duel.outcome is not None and 'data-screen="end"' in app.render()


def test_two_against_two_and_everyone_on_one_side_is_refused():
    app = App(lang="fr")
    app.handle("add-duellist")
    app.handle("add-duellist")
    assert 'data-act="add-duellist"' not in app.render()  # four at most
    data = {
        **SETUP,
        "character0": "ilse",
        "character1": "kael",
        "character2": "odile",
        "character3": "corvin",
    }
    app.handle("start", {**data, "team0": "1", "team1": "1", "team2": "1", "team3": "1"})
    assert app.session is None
    assert "au moins deux camps" in unescape(app.render())
    app.handle("start", {**data, "team0": "1", "team1": "2", "team2": "1", "team3": "2"})
    assert app.session is not None, app.form.errors
    by_side = {}
    for p in app.session.scenario.participants:
        by_side.setdefault(p.side, []).append(p.roster)
    assert sorted(map(sorted, by_side.values())) == [["corvin", "kael"], ["ilse", "odile"]]
    app.handle("new")
    app.handle("remove-duellist")
    assert app.form.count == 3 and 'name="character3"' not in app.render()


def test_the_preview_shows_every_duellist_of_the_form():
    app = App(lang="en")
    app.handle("add-duellist")
    app.read_form({"kind": "mageduel", "character0": "ilse", "character1": "kael", "character2": "odile"})
    html = unescape(app.render_preview())
    assert html.count('class="token"') == 3 and "Odile" in html


def test_du25_a_dodge_s_two_penalties_are_two_distinct_log_lines_and_their_end_one():
    from types import SimpleNamespace as Ev

    from web.game import panels

    def ev(seq, kind, **data):
        return Ev(seq=seq, kind=kind, actor="p1", data=data, clauses=("DU-25",), round=1, audience=None)

    after = {"condition": "duel dodge (after)", "rounds": 1, "source": "duel dodge"}
    events = [
        ev(1, "condition", **after, stat="ac", value=-2),
        ev(2, "condition", **after, stat="ref", value=-2),
        ev(3, "condition-ends", condition="duel dodge (after)", why="duration"),
        ev(4, "condition-ends", condition="duel dodge (after)", why="duration"),
    ]
    me = Ev(id="p1", name="Bram")
    view = Ev(events=events, me=me, others=[])
    lines = [line for _, line in panels.log_lines(view, "fr")]
    assert lines == [
        "Bram\u202f: déséquilibre après une esquive de duel (−2 CA, 1 rd)",
        "Bram\u202f: déséquilibre après une esquive de duel (−2 Réflexes, 1 rd)",
        "Bram\u202f: l'effet «\u202fdéséquilibre après une esquive de duel\u202f» prend fin.",
    ]


def test_c11_the_end_of_an_effect_reads_whole_whether_it_is_named_by_a_word_or_by_its_spell():
    """ "Ilse : fin de paralysée" and "Ilse: no longer Acid Arrow, ongoing damage" were not sentences: the
    end of an effect names it, as the restoration at a duel's end does."""
    from types import SimpleNamespace as Ev

    from web.game import text
    from web.game.text import Names

    names = Names({"p1": "Ilse"})
    names.feminine = frozenset({"p1"})

    def ends(condition: str, lang: str) -> str:
        e = Ev(seq=1, kind="condition-ends", actor="p1", data={"condition": condition}, clauses=("C-11",))
        return text.event_line(e, lang, names)

    assert ends("paralyzed", "fr") == "Ilse\u202f: l'effet «\u202fparalysée\u202f» prend fin."
    assert ends("paralyzed", "en") == "Ilse: the effect “paralyzed” ends."
    assert ends("ongoing acid_arrow", "en") == "Ilse: the effect “Acid Arrow, ongoing damage” ends."
    assert (
        ends("ongoing acid_arrow", "fr")
        == "Ilse\u202f: l'effet «\u202fflèche acide, dégâts continus\u202f» prend fin."
    )
