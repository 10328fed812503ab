"""Issue 11's findings in the page's Python, one regression test each (the browser tests play the same on
the built site: tests/browser/test_reliability.py).

2. One saved game bricked the page: ``zone_width: Infinity`` passed, crashed on load, and stayed.
   Links with an infinite zone, a 1e308 position, or a link inflating to 1.2 GB crashed the same way.
4. A game in progress lost without a word: "New duel" and "Play on" from a replay replaced the kept game.
7. A bad value echoed whole.
10. A save's setup was not checked against its game: Rematch then showed a raw ValidationError.
"""

from __future__ import annotations

import base64
import json
import re
import zlib

import pytest

from web.game.app import App, decode_fragment, encode_fragment
from web.game.persistence import MAX_LINK, load
from web.game.session import SaveError, Session, Setup, SideSetup

SETUP = Setup(kind="mageduel", sides=[SideSetup(character="tamsin"), SideSetup(character="bram")], seed=3)


def good_save(moves: int = 4) -> dict:
    s = Session(SETUP.model_copy(update={"sides": [SideSetup(character="tamsin", control="normal")] * 2}))
    s.run_computer(moves)
    return json.loads(s.save_json())


def test_finding2_a_save_with_an_infinite_zone_is_refused_and_nothing_raises():
    for poison in ("Infinity", "NaN", "1e999", "-Infinity"):
        text = json.dumps(good_save()).replace(
            '"max_rounds": 600', f'"zone_width": {poison}, "max_rounds": 600'
        )
        text = text.replace('"max_rounds":600', f'"zone_width":{poison},"max_rounds":600')
        assert poison in text
        app = App()
        why = app.restore(text)
        assert why is not None and "zone_width" in why and app.session is None
        assert len(why) <= 300 and "\n" not in why


@pytest.mark.parametrize(
    "where, value",
    [
        ("zone", 1e308),
        ("position", 1e308),
        ("position", -1e300),
    ],
)
def test_finding2_share_links_with_impossible_geometry_are_refused(where, value):
    data = good_save(0)
    if where == "zone":
        data["replay"]["scenario"]["options"]["zone_width"] = value
    else:
        data["replay"]["scenario"]["participants"][0]["position"] = [value, 0.0]
    app = App()
    why = app.restore(decode_fragment(encode_fragment(json.dumps(data))), replay=True)
    assert why is not None and app.session is None and len(why) <= 300
    assert ("zone_width" if where == "zone" else "position") in why


def test_finding2_a_link_that_inflates_past_1_mb_stops_there():
    bomb = zlib.compress(b'{"a":"' + b" " * (40 * MAX_LINK) + b'"}', 9)  # 40 MB of JSON, ~40 kB of link
    link = "replay=" + base64.urlsafe_b64encode(bomb).decode().rstrip("=")
    assert len(link) < 100_000
    with pytest.raises(SaveError) as exc:
        decode_fragment(link)
    assert exc.value.key == "reliab.link.big" and "1,000,000" in str(exc.value)


def test_finding2_a_save_nested_1000_deep_or_with_a_5000_digit_seed_is_refused_in_one_line():
    deep = '{"setup": ' + "[" * 1000 + "]" * 1000 + "}"
    with pytest.raises(SaveError) as exc:
        load(deep)
    assert "nested 1001 deep, more than the 32 allowed" in str(exc.value)
    digits = json.dumps(good_save(0)).replace('"seed": 3', '"seed": ' + "7" * 5000, 1)
    with pytest.raises(SaveError) as exc:
        load(digits)
    assert "seed: an integer of 5,000 digits" in str(exc.value)


def test_finding7_a_10_mb_value_is_not_echoed_back():
    data = good_save(0)
    data["setup"]["sides"][0]["character"] = "x" * 10_000_000
    app = App()
    why = app.restore(json.dumps(data))
    assert why is not None and len(why) <= 400  # the page's sentence around the 300-character reason


def test_finding10_a_save_whose_setup_contradicts_its_game_is_refused_naming_the_field():
    data = good_save()
    for field, value, said in [
        ("kind", "duel", "setup.kind"),
        ("seed", 4, "replay.dice"),
        ("sides", [{"character": "ilse"}, {"character": "bram"}], "setup.sides.0"),
        ("terms", {"face_off": True}, "setup.terms"),
    ]:
        bad = json.loads(json.dumps(data))
        bad["setup"][field] = value
        why = App().restore(json.dumps(bad))
        assert why is not None and said in why, (field, why)


def test_finding10_rematch_after_a_reload_starts_the_same_pairing():
    app = App()
    assert app.restore(json.dumps(good_save())) is None
    app.handle("rematch")
    assert app.session is not None and app.notice is None
    assert app.session.setup.seed == SETUP.seed + 1


def _replay_app(kept: bool) -> App:
    link = encode_fragment(json.dumps(good_save(6)))
    app = App(kept=kept)
    assert app.restore(decode_fragment(link), replay=True) is None
    return app


def test_finding4_new_duel_from_a_replay_asks_before_touching_the_kept_game():
    app = _replay_app(kept=True)
    app.handle("new")
    assert app.confirm == "new" and app.session is not None and app.session.replaying
    assert ("clear",) not in app.effects and not any(e[0] == "save" for e in app.effects)
    html = app.render()
    assert 'data-confirm="new"' in html and 'data-act="confirm" data-what="new"' in html
    assert 'data-act="resume"' in html and 'data-act="cancel-confirm"' in html
    app.handle("cancel-confirm")  # "Stay here": nothing touched
    assert app.confirm is None and app.session.replaying and ("clear",) not in app.effects
    app.handle("new")
    app.handle("confirm", {"what": "new"})
    assert app.session is None and ("clear",) in app.effects and not app.kept


def test_finding4_play_on_from_a_replay_asks_too_and_resume_brings_the_kept_game_back():
    app = _replay_app(kept=True)
    app.handle("play-on")
    assert app.confirm == "play-on" and app.session.replaying
    assert not any(e[0] == "save" for e in app.effects)
    app.handle("resume")
    assert app.confirm is None and ("resume",) in app.effects
    app = _replay_app(kept=True)
    app.handle("play-on")
    app.handle("confirm", {"what": "play-on"})
    assert not app.session.replaying and any(e[0] == "save" for e in app.effects)


def test_finding4_without_a_kept_game_nothing_is_asked():
    app = _replay_app(kept=False)
    app.handle("new")
    assert app.confirm is None and app.session is None


def test_finding4_the_question_speaks_french():
    app = _replay_app(kept=True)
    app.lang = "fr"
    app.handle("new")
    html = app.render()
    assert "Remplacer votre duel conservé\u202f?" in html and "Nouveau duel (le remplacer)" in html


def test_a_set_aside_save_is_offered_for_download():
    app = App(set_aside='{"bad": true}', set_aside_stored=True)
    html = app.render()
    assert 'data-act="download-set-aside"' in html and 'data-set-aside="stored"' in html
    app.handle("download-set-aside")
    assert ("download", "mageduel-set-aside.json", '{"bad": true}') in app.effects


def test_finding4_after_a_link_start_asks_before_replacing_the_kept_game():
    """A link opened (good or bad) with a duel kept in the browser: the setup offers to resume it, and
    Start asks before replacing it."""
    app = App(kept=True, can_resume=True)
    assert 'data-act="resume"' in app.render()
    app.handle("start", {"kind": "mageduel", "character0": "tamsin", "character1": "bram", "seed": "7"})
    assert app.confirm == "start" and app.session is None
    assert not any(e[0] in ("save", "clear") for e in app.effects)
    assert 'data-act="confirm" data-what="start"' in app.render()
    app.handle("confirm", {"what": "start"})
    assert app.session is not None and app.session.setup.seed == 7 and not app.kept
    assert any(e[0] == "save" for e in app.effects)


def test_finding4_an_imported_name_of_three_million_characters_is_refused_at_the_form():
    """It made the save exceed storage, silently; now the sheet is refused beside the form (names ≤ 80)."""
    from mageduel import roster

    sheet = roster.get("tamsin").model_dump(mode="json")
    sheet["name"] = {"en": "N" * 3_000_000, "fr": "N"}
    app = App()
    app.handle(
        "start",
        {
            "kind": "mageduel",
            "character0": "import",
            "sheet0": json.dumps(sheet),
            "character1": "bram",
            "seed": "1",
        },
    )
    assert app.session is None
    errors = app.form.errors["sheet0"]
    assert any(loc == "name.en" for loc, _ in errors), errors
    assert all(len(msg) < 300 for _, msg in errors)


def _poisons() -> list[tuple[str, str, str]]:
    """(name, save text, the field its refusal must name): the bounds' refusals and the models' alike."""
    text = json.dumps(good_save(0))
    out = [
        (
            "infinite zone",
            text.replace('"max_rounds": 600', '"zone_width": Infinity, "max_rounds": 600'),
            "zone_width",
        ),
        ("5,000-digit seed", text.replace('"seed": 3', '"seed": ' + "7" * 5000, 1), "seed"),
        ("nested 1,000 deep", '{"setup": ' + "[" * 1000 + "]" * 1000 + "}", ""),
        ("over 1 MB", json.dumps({"setup": "x" * 1_100_000}), ""),
        ("not JSON", "{nope", ""),
    ]

    def changed(name: str, field: str, change) -> None:
        data = json.loads(text)
        change(data)
        out.append((name, json.dumps(data), field))

    changed(
        "far position",
        "position",
        lambda d: d["replay"]["scenario"]["participants"][0].update(position=[1e308, 0]),
    )
    changed("tiny zone", "zone_width", lambda d: d["replay"]["scenario"]["options"].update(zone_width=1e-300))
    changed("long name", "replay.scenario.name", lambda d: d["replay"]["scenario"].update(name="y" * 500))
    changed("unknown dice", "replay.dice", lambda d: d["replay"].update(dice={"kind": "loaded"}))
    changed("extra field", "zz", lambda d: d.update(zz=1))
    changed("kind contradicts", "setup.kind", lambda d: d["setup"].update(kind="duel"))
    changed("seed contradicts", "replay.dice", lambda d: d["setup"].update(seed=4))
    return out


#: Words of the English refusals that no French one contains.
ENGLISH = re.compile(
    r"\b(is not|more than|nested|digits|should|Input|Value error|but the|allowed|at most|at least|characters|"
    r"valid|field|must|required|tag|dice of)\b"
)


@pytest.mark.parametrize("name, text, field", _poisons(), ids=[p[0] for p in _poisons()])
def test_a_refusal_reads_in_the_readers_language(name, text, field):
    """Issue 11: a French notice held the engine's English reason. Each refusal of a save — by the bounds
    before any model (``mageduel.bounds``), by a model's field, by the save's own check of its setup — now
    reads in the page's language, still one line of at most 300 characters naming the field; the command
    line's English line is unchanged (``SaveError``'s message)."""
    said = {}
    for lang in ("en", "fr"):
        app = App(lang=lang)
        why = app.restore(text)
        assert why is not None and app.session is None
        assert "\n" not in why and len(why) <= 300, why
        assert field in why, why
        said[lang] = why
    assert not ENGLISH.search(said["fr"]), said["fr"]
    assert ":" not in said["fr"].replace("\u202f:", ""), said["fr"]  # French typography before a colon
    with pytest.raises(SaveError) as exc:
        load(text, lang="fr")
    assert str(exc.value).startswith(("invalid save: ", "the ")), str(exc.value)  # the English line


def test_a_refusal_groups_counts_the_readers_way():
    text = json.dumps(good_save(0)).replace('"seed": 3', '"seed": ' + "7" * 5000, 1)
    assert App(lang="en").restore(text) == "seed: an integer of 5,000 digits (at most 20)"
    assert App(lang="fr").restore(text) == "seed\u202f: un entier de 5\u202f000 chiffres (au plus 20)"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_imported_sheet_meets_the_same_bounds_as_a_save(lang):
    """A sheet with a 5,000-digit level raised Python's own ValueError out of the form (json.loads); a NaN
    passed the parser. Both are refused beside the form, in the reader's language, naming the field."""
    from mageduel import roster

    base = json.dumps(roster.get("tamsin").model_dump(mode="json"))
    for value, words in [
        ("7" * 5000, {"en": "5,000 digits", "fr": "5\u202f000 chiffres"}),
        ("NaN", {"en": "NaN is not a finite number", "fr": "NaN n'est pas un nombre fini"}),
    ]:
        app = App(lang=lang)
        sheet = base.replace('"level": 1', f'"level": {value}', 1)
        app.handle(
            "start",
            {"kind": "mageduel", "character0": "import", "sheet0": sheet, "character1": "bram", "seed": "1"},
        )
        assert app.session is None
        [(loc, msg)] = app.form.errors["sheet0"]
        assert loc == "level" and words[lang] in msg, msg


def finished_save() -> str:
    s = Session(SETUP.model_copy(update={"sides": [SideSetup(character="tamsin", control="normal")] * 2}))
    s.run_computer(20_000)
    assert s.over
    return s.save_json()


@pytest.mark.parametrize(
    "lang, said",
    [
        ("en", "Your last duel is over: here is how it ended."),
        ("fr", "Votre dernier duel est terminé\u202f: voici comment il s'est achevé."),
    ],
)
def test_finding10_a_finished_duel_reloads_at_its_end_and_says_it_is_over(lang, said):
    """Reloading a finished duel said "Your duel in progress was restored". It now says the last duel is over
    and shows its end screen (rematch, new duel, the replay to download) — not a duel to play on."""
    app = App(lang=lang)
    assert app.resume_kept(finished_save()) is None
    assert app.notice == said
    html = app.render()
    assert 'data-screen="end"' in html and said.replace("'", "&#x27;") in html
    assert 'data-act="rematch"' in html


def test_finding10_a_duel_in_progress_still_reloads_as_in_progress():
    app = App()
    assert app.resume_kept(json.dumps(good_save())) is None
    assert app.notice == "Your duel in progress was restored." and not app.session.over
    assert 'data-screen="end"' not in app.render()


def test_finding10_a_kept_save_that_will_not_load_sets_no_restored_notice():
    app = App(lang="fr")
    assert app.resume_kept('{"zone_width": Infinity}') is not None
    assert app.notice is None and app.session is None


def test_a_point_out_of_bounds_is_said_once_without_the_triples_noise():
    """A position is a pair or a triple: a pair at 1e308 made pydantic report the bound twice (once per
    member) and, from the triple, a missing third number. The reader gets the bound, once."""
    data = good_save(0)
    data["replay"]["scenario"]["participants"][0]["position"] = [1e308, 0.0]
    field = "replay.scenario.participants.0.position.0"
    assert App(lang="en").restore(json.dumps(data)) == f"{field}: must be at most 800,000"
    assert App(lang="fr").restore(json.dumps(data)) == f"{field}\u202f: doit valoir au plus 800\u202f000"
    data["replay"]["scenario"]["participants"][0]["position"] = [5.0]  # a real missing number is still said
    assert "position.1: required" in App(lang="en").restore(json.dumps(data))
