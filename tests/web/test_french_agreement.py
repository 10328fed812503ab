"""French agrees a participant's state with them: "Tamsin est désormais tuée", "Séverine : mourante". Found on
lesson 4-2's board ("Tamsin … tué") and in the log of a default duel ("Maëlis Brunemarais est désormais
tué"). The sheet says which characters French speaks of in the feminine (``gender``); English is unchanged."""

from __future__ import annotations

import re
from html import unescape
from types import SimpleNamespace

from mageduel import roster
from mageduel.views import build_view

from tests.engine.test_ai import against_a_waiting_foe
from web.game import board, panels, text


def test_every_roster_character_has_the_gender_french_gives_them():
    said = {c.id: c.gender for c in roster.all()}
    assert None not in said.values()
    assert {i for i, g in said.items() if g == "f"} == {
        "tamsin", "odile", "ilse", "severine", "nadira", "ysolde", "maelis"
    }  # fmt: skip


def test_md14_a_woman_is_tuee_and_a_man_tue_in_the_french_log():
    duel = against_a_waiting_foe("maelis", "tobin", "normal")  # Maëlis waits; Tobin's spells fell her
    view = build_view(duel, None)
    names = text.names_of(view, "fr")
    assert names.feminine == {"p1"}
    fallen = next(e for e in reversed(view.events) if e.kind == "status" and e.actor == "p1")
    line = text.event_line(fallen, "fr", names)
    assert re.search(r"est désormais (inconsciente|mourante|morte)\.$", line), line
    assert text.event_line(fallen, "en", names).endswith(f"is now {fallen.data['status']}.")
    him = SimpleNamespace(kind="status", actor="p2", data={"status": "slain"}, clauses=[])
    assert text.event_line(him, "fr", names).endswith("est désormais tué.")
    her = SimpleNamespace(kind="status", actor="p1", data={"status": "slain"}, clauses=[])
    assert text.event_line(her, "fr", names).endswith("est désormais tuée.")
    images = SimpleNamespace(kind="mirror-images", actor="p1", data={"images": 3}, clauses=[])
    assert "est entourée de 3 images miroir" in text.event_line(images, "fr", names)


def test_the_board_and_the_panel_write_a_fallen_womans_status_in_the_feminine():
    duel = against_a_waiting_foe("severine", "garrick", "normal")  # Séverine waits; Garrick's blade fells her
    view = build_view(duel, "p1")
    her = view.me
    assert her is not None and her.out_of_fight and her.gender == "f"
    feminine = text.status_word(her.status, "fr", "f")
    assert feminine != text.status_word(her.status, "fr", None)  # "mourante", not "mourant"
    label = re.search(r'class="out-label"[^>]*>([^<]+)<', board.render(view, "fr"))
    assert label is not None and unescape(label[1]) == feminine
    assert f'<p class="status">{feminine}</p>' in panels.combatant(view, her, "fr", own=True)
    assert text.status_word(her.status, "en", "f") == her.status


def test_the_hand_off_screen_speaks_of_a_woman_in_the_feminine():
    """ "Son écran peut montrer ce que lui seul sait": said of Maëlis, it is "ce qu'elle seule sait"."""
    from tests.web.test_game_flow import choose_like_a_person, settle
    from web.game.app import App

    app = App(lang="fr")
    app.handle(
        "start", {"kind": "mageduel", "character0": "maelis", "character1": "tobin", "control1": "human"}
    )
    said: dict[str, str] = {}
    for _ in range(200):
        settle(app)
        html = app.render()
        if 'data-screen="handoff"' in html:
            said[app.session.handoff] = unescape(re.search(r"<p>([^<]*)</p>", html)[1])
        if len(said) == 2 or app.session.over:
            break
        choose_like_a_person(app, html)
    assert "ce qu'elle seule sait" in said["p1"] and "ce que lui seul sait" in said["p2"], said


def test_c11_a_womans_conditions_agree_with_her_on_her_badges_and_her_panel():
    """ "Ilse : paralysée", "prise au dépourvu": a condition is said of the one it holds."""
    from mageduel import dice, scenario
    from mageduel.compose import new_duel
    from mageduel.views import ConditionView

    duel = new_duel(scenario.duel_scenario("ilse", "kael", "duel"), dice.Seeded(1))
    view = build_view(duel, "p1")
    held = [ConditionView(name="paralyzed", rounds=3), ConditionView(name="flat-footed")]
    her = view.me.model_copy(update={"conditions": held})
    him = view.others[0].model_copy(update={"conditions": held})
    view = view.model_copy(update={"me": her, "others": [him]})
    drawn = unescape(board.render(view, "fr"))
    assert 'aria-label="paralysée"' in drawn and 'aria-label="prise au dépourvu"' in drawn
    assert 'aria-label="paralysé"' in drawn and 'aria-label="pris au dépourvu"' in drawn  # Kael's
    assert "paralysée (3 rd)" in unescape(panels.combatant(view, her, "fr", own=True))
    assert "paralysé (3 rd)" in unescape(panels.combatant(view, him, "fr", own=False))
    assert 'aria-label="paralyzed"' in unescape(board.render(view, "en"))


def test_md23_a_disqualified_woman_who_acts_again_is_disqualifiee():
    """MD-23's interference line speaks of who acted ("{who}, disqualifié, …"), in her gender."""
    names = text.Names({"p1": "Ilse", "p2": "Kael"})
    names.feminine = frozenset({"p1"})

    def line(who: str, what: str) -> str:
        e = SimpleNamespace(kind="interference", actor=who, data={"who": who, "what": what}, clauses=[])
        return text.event_line(e, "fr", names)

    assert line("p1", "casts inside the zone").startswith("Ilse, disqualifiée, attaque ou lance un sort")
    assert line("p1", "comes back into the zone").startswith("Ilse, disqualifiée, revient")
    assert line("p2", "comes back into the zone").startswith("Kael, disqualifié, revient")


def test_counted_words_agree_with_their_number_in_both_languages():
    """One of a thing is singular, and French counts 0 as singular too: "1 round de préparation", "0 étoile
    sur 3", "1 point de vie temporaire". Found on the rite's MD-7 choice ("1 rounds de préparation", "1
    preparation rounds") and the lessons' menu ("0 leçons faites")."""
    from web.game.app import App
    from web.lesson_step import stars_html

    def line(kind: str, lang: str, **data: object) -> str:
        event = SimpleNamespace(kind=kind, actor="p1", data={"actor": "p1", **data}, clauses=[])
        return text.event_line(event, lang, {"p1": "Kael", "s1": "Rat"})

    said = {
        (n, lang): (
            text.option_label(f"prepare {n}", lang, {}),
            line("rite", lang, step="preparation-proposal", value=n),
            line("rite", lang, step="preparation", agreed=False, winner="p1", value=n),
            line("summoned", lang, creature="dire_rat", rounds=n),
            line("temp-hp", lang, temp_hp=n),
            line("ability", lang, mode="damage", ability="str", amount=n, score=10),
            line("ability", lang, mode="drain", ability="con", amount=n, score=10),
            stars_html(n, lang),
        )
        for n in (0, 1, 2)
        for lang in ("en", "fr")
    }
    assert said[(1, "en")] == (
        "1 preparation round",
        "Kael proposes 1 preparation round.",
        "Kael wins the opposed checks: 1 preparation round.",
        "Kael summons Dire rat for 1 round.",
        "Kael gains 1 temporary hit point.",
        "Kael takes 1 Str damage (10 now).",
        "Kael loses 1 Con to drain (10 now).",
        '<span class="stars" role="img" aria-label="1 star out of 3" data-stars="1">★☆☆</span>',
    ), said[(1, "en")]
    assert said[(0, "en")][0] == "0 preparation rounds" and "0 stars out of 3" in said[(0, "en")][-1]
    for n in (0, 1):
        fr = said[(n, "fr")]
        assert fr[0] == f"{n} round de préparation" and f"propose {n} round de préparation." in fr[1]
        assert f": {n} round de préparation." in fr[2] and f"pour {n} round." in fr[3]
        assert (
            f"gagne {n} point de vie temporaire." in fr[4] and f"subit {n} point d'affaiblissement" in fr[5]
        )
        assert f"perd {n} point de" in fr[6] and f'aria-label="{n} étoile sur 3"' in fr[7]
    two = said[(2, "fr")]
    assert two[0] == "2 rounds de préparation" and "pour 2 rounds." in two[3] and "2 étoiles sur 3" in two[7]
    assert "2 points de vie temporaires" in two[4] and "2 points d'affaiblissement" in two[5]
    rite = [
        SimpleNamespace(kind="rite", actor="p1", data={"step": "preparation-proposal", "value": 1}),
        SimpleNamespace(kind="rite", actor="p2", data={"step": "preparation-proposal", "value": 1}),
        SimpleNamespace(kind="rite", actor=None, data={"step": "preparation", "value": 1, "agreed": True}),
    ]
    names = {"p1": "Kael", "p2": "Ilse"}
    assert text.settlement(rite, "preparation", "fr", names) == (
        "Kael a proposé 1 round de préparation\u202f; Ilse a proposé 1 round de préparation. "
        "Les propositions concordent\u202f: 1 round de préparation."
    )
    assert text.settlement(rite, "preparation", "en", names).endswith(
        "The proposals agree: 1 preparation round."
    )
    view = SimpleNamespace(kind="mageduel", player=None, me=None, others=[])
    for n, word in ((1, "1 image miroir"), (0, None), (2, "2 images miroir")):
        one = SimpleNamespace(
            id="p1", name="Kael", side="s1", hp=10, max_hp=20, nonlethal=max(n, 1), temp_hp=max(n, 1),
            status="active", gender=None, mirror_images=n, conditions=[], summoned_by=None, cls="sorcerer",
            level=5, creature=None,
        )  # fmt: skip
        panel = unescape(panels.combatant(view, one, "fr"))
        assert (word in panel) if word else ("image" not in panel), panel
        if n == 1:
            assert "1 non létal" in panel and "+1 temporaire<" in panel, panel
    menu = App(lang="fr")
    menu.handle("lesson", {"do": "menu"})
    assert "0 leçon faite sur" in menu.render()
