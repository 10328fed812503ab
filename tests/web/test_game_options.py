"""What the page shows of the engine's per-player view: readable option labels, prompts from codes, the
engine's own DC and chances, the reach of a move, duel resources, ability damage, an expulsion."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from html import unescape
from types import SimpleNamespace
from typing import Any

import pytest
from mageduel import dice, roster, scenario
from mageduel.compose import new_duel

from web.game import board, decide, panels, text
from web.game.app import App

RAW = re.compile(r"_|@|\bslot\d|\bitem\d|\bdef\b|\brite:")


def _duels(count: int, seed: int = 5):
    """Random duels between roster characters: yields (duel, pending view) at every decision."""
    ids = [c.id for c in roster.all()]
    rng = random.Random(seed)
    pairs = [(a, b) for a in ids for b in ids if a != b]
    rng.shuffle(pairs)
    for a, b in pairs[:count]:
        for kind in ("mageduel", "duel"):
            d = new_duel(scenario.duel_scenario(a, b, kind), dice.Seeded(rng.randrange(10_000)))
            for _ in range(160):
                p = d.pending
                if p is None:
                    break
                yield d, d.view(p.player)
                choice = "enter" if p.kind == "rite:entry" else rng.choice(p.options).id
                d.apply(p.player, choice)


@pytest.fixture(scope="module")
def seen():
    """Every distinct kind of option and pending decision met in a spread of duels (collected once)."""
    options: dict[tuple[str, str], tuple[object, dict[str, str]]] = {}
    pendings: dict[str, object] = {}
    for _d, v in _duels(14):
        names = text.names_of(v, "en")
        pendings.setdefault(v.pending.code, v.pending)
        for o in v.pending.options or []:
            if o.kind == "roll":
                continue
            key = (o.id.split()[0], o.kind if o.kind != "choose" else o.id)
            options.setdefault(key, (o, names))
    return options, pendings


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_option_label_is_readable_text_in_the_language(seen, lang):
    options, _ = seen
    assert len(options) > 15
    for (verb, _kind), (o, names) in options.items():
        label = text.option_label(o.id, lang, names, o)
        assert label != o.id and not RAW.search(label), (o.id, label)
        if lang == "fr" and verb not in ("roll",):
            english = text.option_label(o.id, "en", names, o)
            assert label != english or label.isdigit() or verb == "face-off", (o.id, label)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_prompt_is_a_catalogue_sentence_from_its_code(seen, lang):
    _, pendings = seen
    assert {"turn", "casting", "rite:zone"} <= set(pendings)
    for code, p in pendings.items():
        if code == "roll":
            continue  # the table assistant's panel says it
        sentence = text.prompt(p, lang, {})
        assert sentence and sentence != p.prompt, (code, sentence)
        assert "{" not in sentence, (code, sentence)


def _turn_of(app: App, player: str = "p1", phase: str = "fight", limit: int = 200):
    from tests.web.test_game_flow import choose_like_a_person, settle

    for _ in range(limit):
        settle(app)
        v = app.session.view()
        if v.pending and v.pending.kind == "turn" and v.pending.player == player and v.phase == phase:
            return v
        if v.pending and v.pending.kind == "rite:prepare":
            app.handle("decide", {"option": "prepare 1"})
            continue
        choose_like_a_person(app, app.render())
    raise AssertionError("no such turn")


def test_the_picker_shows_the_engines_dc_with_spell_focus_and_the_chances():
    """Ilse has Spell Focus (evocation): flare's DC is 10 + 0 + Int 4 + 1 = 15, daze's (enchantment) 14."""
    app = App(lang="en")
    app.handle("start", {"kind": "mageduel", "character0": "ilse", "character1": "kael", "seed": "3"})
    v = _turn_of(app)
    opts = decide.options_of(v)
    flare = next(o for o in opts.values() if o.spell == "flare" and not o.defensive)
    daze = next(o for o in opts.values() if o.spell == "daze" and not o.defensive)
    assert (flare.dc, daze.dc) == (15, 14)
    html = unescape(app.render())
    row = re.search(r'data-spell="flare".*?</li>', html, re.S).group(0)
    assert "Will DC 15" in row or "Fort DC 15" in row or "Ref DC 15" in row
    app.handle("pick", {"pick": decide.group_key(flare)})
    html = unescape(app.render())
    pct = f"{round(flare.chance * 100)}% that the save fails"
    assert pct in html
    ray = next(o for o in opts.values() if o.spell == "ray_of_frost" and not o.defensive)
    app.handle("pick", {"pick": decide.group_key(ray)})
    assert f"{round(ray.chance * 100)}% to hit" in unescape(app.render())
    app.lang = "fr"
    assert f"{round(ray.chance * 100)}\u202f% de toucher" in unescape(app.render())


def test_while_moving_the_board_shows_the_reach_of_a_move_and_a_step():
    app = App(lang="en")
    app.handle("start", {"kind": "duel", "character0": "ilse", "character1": "kael", "seed": "2"})
    v = _turn_of(app)
    assert any(o.kind in ("move", "step") for o in v.pending.options)
    html = app.render()
    m = re.search(r'<circle class="reach-move" cx="[^"]+" cy="[^"]+" r="([^"]+)"', html)
    assert m and float(m.group(1)) == pytest.approx(v.me.speed)
    assert 'class="reach-step"' in html
    # A spell picked: its preview replaces the reach.
    cast = next(o for o in v.pending.options if o.kind == "cast")
    app.handle("pick", {"pick": decide.group_key(cast)})
    html = app.render()
    assert 'class="reach-move"' not in html and 'class="preview"' in html


def test_the_panel_shows_duel_resources_ability_damage_and_speed():
    app = App(lang="en")
    app.handle("start", {"kind": "mageduel", "character0": "ilse", "character1": "kael", "seed": "3"})
    v = _turn_of(app)
    duel = app.session.duel
    me = duel.by_id["p1"]
    me.ability_damage["int"] = 4
    me.duel_counter_round = duel.round
    v = app.session.view("en")
    html = unescape(panels.combatant(v, v.me, "en", own=True))
    assert re.search(r'data-ability="int" class="damaged">.*?−4 damage', html)
    assert "duel counterspell used this round" in html
    assert "mageduel counterspell ready this round" in html
    assert f"speed {text.number_ft(v.me.speed, 'en')}" in html
    fr = unescape(panels.combatant(v, v.me, "fr", own=True))
    assert "−4 affaiblissement" in fr and "contresort de duel utilisé ce round" in fr


def test_an_expelled_duellist_is_drawn_just_outside_the_zone_as_expelled():
    app = App(lang="en")
    app.handle("start", {"kind": "mageduel", "character0": "ilse", "character1": "kael", "seed": "3"})
    v = _turn_of(app)
    w = v.zone[0]
    other = v.others[0].model_copy(
        update={"position": [w + 40.0, w / 2, 0.0], "status": "expelled", "out_of_fight": True}
    )
    v = v.model_copy(update={"others": [other]})
    svg = board.render(v, "en")
    tok = re.findall(r'<g class="token" data-name="([^"]+)" data-side="\d" data-x="([^"]+)"', svg)
    xs = {name: float(x) for name, x in tok}
    assert w < xs[other.name] < w * 1.12  # inside the drawing's margin, past the border
    assert "expelled — out of the zone (MD-22)" in svg and 'class="outside-ring"' in svg


def _clear_of_circle(box: Sequence[float], cx: float, cy: float, r: float) -> bool:
    """The box's (left, top, right, bottom) nearest point to the centre is farther than the radius."""
    nx, ny = min(max(cx, box[0]), box[2]), min(max(cy, box[1]), box[3])
    return (nx - cx) ** 2 + (ny - cy) ** 2 > r**2


def _ilse_against_kael(lang: str) -> tuple[Any, float, float, float]:
    """Ilse's first turn of the fight against Kael: her view, the zone's side, a hundredth of it (the
    board's unit) and a token's radius, as the board draws them."""
    app = App(lang=lang)
    app.handle("start", {"kind": "mageduel", "character0": "ilse", "character1": "kael", "seed": "3"})
    v = _turn_of(app)
    w = v.zone[0]
    unit = w / 100
    return v, w, unit, max(unit * 2.8, min(1.25, unit * 6))


def _written_about(root: Any, c: Any) -> tuple[list[tuple[Any, ...]], float, float]:
    """What the board wrote about ``c`` (its name, status and badges, as named boxes) and its drawn centre."""
    ns = "{http://www.w3.org/2000/svg}"
    state = next(g for g in root.iter(f"{ns}g") if g.get("data-id") == c.id)
    track = next(e for e in state.iter(f"{ns}circle") if e.get("class") == "hp-track")
    boxes: list[tuple[Any, ...]] = []
    for badge in (g for g in state.iter(f"{ns}g") if g.get("class") == "badge"):
        rect = badge.find(f"{ns}rect")
        x, y, size = float(rect.get("x")), float(rect.get("y")), float(rect.get("width"))
        boxes.append(("badge", x, y, x + size, y + size))
        # The badge's own name (shown on keyboard focus) is written past it, not over it.
        said = next(e for e in badge.iter(f"{ns}text") if e.get("class") == "badge-name")
        ty, tsize = float(said.get("y")), float(said.get("font-size"))
        assert ty - tsize * 0.85 >= y + size or ty + tsize * 0.25 <= y, "badge name"
    for status in (e for e in state.iter(f"{ns}text") if e.get("class") == "out-label"):
        size, x, y = float(status.get("font-size")), float(status.get("x")), float(status.get("y"))
        width = len(status.text) * size * 0.56
        left = x if status.get("text-anchor") == "start" else x - width
        boxes.append(("status", left, y - size * 0.85, left + width, y + size * 0.25))
    name = next(e for e in root.iter(f"{ns}text") if e.get("class") == "token-label" and e.text == c.name)
    size, x, y = float(name.get("font-size")), float(name.get("x")), float(name.get("y"))
    half = len(name.text) * size * 0.56 / 2
    boxes.append(("name", x - half, y - size * 0.85, x + half, y + size * 0.25))
    return boxes, float(track.get("cx")), float(track.get("cy"))


def _apart(boxes: list[tuple[Any, ...]], at: Any) -> None:
    """Nothing written about a token lies over anything else written: its name, status, each badge."""
    for i, (a, *p) in enumerate(boxes):
        for b, *q in boxes[i + 1 :]:
            assert p[2] <= q[0] or q[2] <= p[0] or p[3] <= q[1] or q[3] <= p[1], (at, a, b)


@pytest.mark.parametrize(
    "status",
    [
        "expelled",  # MD-22: pushed out
        "excluded",  # MD-9: not in the zone when the others entered
        "active",  # MD-8: waiting at their place, before the entry
    ],
)
def test_md22_one_outside_the_zone_keeps_their_marks_outside_it(status: str):
    """Past any face or corner of the zone, the name, status and condition badges of one standing outside it
    (expelled, excluded, or waiting to enter) are drawn outside the shimmering wall and inside the drawing,
    clear of the rings round them and of one another; one out of the fight is ringed, dashed."""
    from xml.etree import ElementTree

    from mageduel.views import ConditionView

    v, w, unit, radius = _ilse_against_kael("fr")
    outer = board._outside_ring(radius, unit)
    conditions = [ConditionView(name="invisible"), ConditionView(name="prone"), ConditionView(name="shield")]
    ns = "{http://www.w3.org/2000/svg}"
    faces = [[w / 2, w + d] for d in (0.3, 1.5)] + [[w / 2, -d] for d in (0.3, 1.5, 5.0)]
    faces += [[-d, w / 2] for d in (0.3, 1.5)] + [[w + d, w / 2] for d in (0.3, 1.5)]
    corners = [[w + 0.2, -0.2], [-0.3, w + 0.3], [-1.5, -1.5], [w + 1.5, w + 1.5]]
    out = status != "active"
    for at in [*faces, *corners, [w * 0.8, w + 40.0]]:
        other = v.others[0].model_copy(
            update={"position": [*at, 0.0], "status": status, "out_of_fight": out, "conditions": conditions}
        )
        svg = board.render(v.model_copy(update={"others": [other]}), "fr")
        root = ElementTree.fromstring(svg)
        boxes, cx, cy = _written_about(root, other)
        state = next(g for g in root.iter(f"{ns}g") if g.get("data-id") == other.id)
        rings = [e for e in state.iter(f"{ns}circle") if e.get("class") == "outside-ring"]
        assert len(rings) == (1 if out else 0), at
        assert [b[0] for b in boxes].count("status") == (1 if out else 0), at
        # The token and the rings round it clear the wall, however near it they stand.
        assert _clear_of_circle((0.0, 0.0, w, w), cx, cy, outer), at
        vx, vy, vw, vh = (float(n) for n in root.get("viewBox").split())
        for what, left, top, right, low in boxes:
            assert right < 0 or left > w or low < 0 or top > w, (at, what)  # clear of the zone's square
            assert vx <= left and right <= vx + vw and vy <= top and low <= vy + vh, (at, what)  # all drawn
        for what, *box in boxes:  # all of it clear of the rings round the token
            assert _clear_of_circle(box, cx, cy, outer), (at, what)
        _apart(boxes, at)


def _centres(html: str, view: Any) -> dict[str, tuple[float, float]]:
    """Each duellist's drawn centre on the board in ``html`` (screen axes: y grows southward)."""
    from xml.etree import ElementTree

    svg = re.search(r'<div class="board"[^>]*>\s*(<svg.*?</svg>)', html, re.S)
    assert svg is not None
    root = ElementTree.fromstring(svg.group(1))
    return {c.id: _written_about(root, c)[1:] for c in [view.me, *view.others]}


def test_md5_until_md8_the_duellists_stand_on_the_faces_of_the_zone_proposed_then_settled():
    """The duel starts its duellists on the faces of a provisional zone. While the size is proposed (MD-4)
    the board draws the zone at the slider's size, and once it is settled (MD-5) at that size: the
    duellists stand at the middle of its south and north faces, as on the setup screen, until MD-8 sends
    them to wait outside."""
    from tests.web.test_game_flow import options, settle

    app = App(lang="en")
    app.handle("start", {"kind": "mageduel", "character0": "maelis", "character1": "tobin", "seed": "2"})
    settle(app)
    view = app.session.view()
    assert view.pending.kind == "rite:zone" and view.zone[0] != 28  # the provisional zone
    for side in (28, 90):
        app.handle("zone-size", {"value": str(side)})
        at = _centres(app.render(), view)
        assert at == {"p1": (side / 2, side), "p2": (side / 2, 0.0)}, side
    app.handle("zone", {"width": "60", "height": "60"})
    settle(app)
    view = app.session.view()
    assert view.pending.kind == "rite:prepare" and view.zone[0] == 60
    assert _centres(app.render(), view) == {"p1": (30.0, 60.0), "p2": (30.0, 0.0)}
    app.handle("decide", {"option": options(app.render())[0]})
    settle(app)
    view = app.session.view()
    assert view.phase == "preparation"  # MD-8: a preparation round, waiting outside, clear of the wall
    at = _centres(app.render(), view)
    assert at["p1"][0] == 30.0 and at["p1"][1] > 60 and at["p2"][1] < 0


def test_md22_with_someone_just_over_them_an_expelled_duellists_marks_still_find_room():
    """West or east of the zone, an expelled duellist's name goes over the token and the badges under it.
    When someone else stands just over them, the name goes under the token, and the badges leave it room:
    clear of it, of the other's token and name, and outside the zone."""
    from xml.etree import ElementTree

    from mageduel.views import ConditionView

    v, w, unit, radius = _ilse_against_kael("en")
    conditions = [ConditionView(name="invisible"), ConditionView(name="prone")]
    for x in (-1.5, w + 1.5):
        out = v.others[0].model_copy(
            update={
                "position": [x, w / 2, 0.0],
                "status": "expelled",
                "out_of_fight": True,
                "conditions": conditions,
            }
        )
        for crowded in (False, True):
            near = out.model_copy(
                update={"id": "p9", "name": "Oriane", "position": [x, w / 2 + 3.0, 0.0], "conditions": []}
            )
            view = v.model_copy(update={"others": [out, near] if crowded else [out]})
            root = ElementTree.fromstring(board.render(view, "en"))
            boxes, _, cy = _written_about(root, out)
            name = next(b for b in boxes if b[0] == "name")
            assert (name[2] > cy) == crowded, (x, crowded, "the name is under the token only when crowded")
            badges = [b for b in boxes if b[0] == "badge"]
            assert len(badges) == 2, (x, crowded)
            for _, *box in badges:
                assert box[2] < 0 or box[0] > w, (x, crowded, "outside the zone")
            if crowded:
                theirs, nx, ny = _written_about(root, near)
                boxes += [b for b in theirs if b[0] == "name"]
                for _, *box in badges:
                    assert _clear_of_circle(box, nx, ny, radius * 1.25), (x, "off the other's token")
            _apart(boxes, (x, crowded))


def test_the_badges_of_one_by_the_north_wall_clear_the_name_written_under_them():
    """Inside the zone by its north face a duellist's name is written under the token (not across the
    wall), where the badges go: they move over the token, inside the zone, and stay clear of every name."""
    from xml.etree import ElementTree

    from mageduel.views import ConditionView

    v, w, _, _ = _ilse_against_kael("en")
    conditions = [ConditionView(name="mage_armor"), ConditionView(name="shield")]
    ns = "{http://www.w3.org/2000/svg}"
    for north in (w, w - 0.5, w - 1.5):
        for x, near in ((w / 2, False), (0.5, False), (w - 0.5, False), (w / 2, True), (0.5, True)):
            there = [x + 2.0, north - 6.0] if near else [w / 2, w / 2]  # under their name, or far
            me = v.me.model_copy(update={"position": [x, north, 0.0], "conditions": conditions})
            other = v.others[0].model_copy(update={"position": [*there, 0.0], "conditions": conditions})
            root = ElementTree.fromstring(
                board.render(v.model_copy(update={"me": me, "others": [other]}), "en")
            )
            mine, cx, cy = _written_about(root, me)
            theirs, _, _ = _written_about(root, other)
            rings = float(next(e for e in root.iter(f"{ns}circle") if e.get("class") == "me-ring").get("r"))
            name = next(b for b in mine if b[0] == "name")
            assert name[2] > cy, (x, north, "the name is under the token")
            for what, *box in mine:
                if what == "badge":
                    assert 0 <= box[1] and box[3] <= w, (x, north, "inside the zone")
                    assert _clear_of_circle(box, cx, cy, rings), (x, north, "off the token's rings")
            _apart(mine + [b for b in theirs if b[0] == "name"], (x, north))
            _apart(theirs + [b for b in mine if b[0] == "name"], (x, north))


def test_an_imported_sheets_field_errors_are_in_the_language_of_the_page():
    app = App(lang="fr")
    app.handle(
        "start",
        {
            "kind": "mageduel",
            "character0": "import",
            "sheet0": '{"level": 0}',
            "character1": "kael",
            "seed": "1",
        },
    )
    errors = dict(app.form.errors["sheet0"])
    assert errors["level"] == "doit valoir au moins 1"
    assert errors["id"] == "obligatoire"
    html = unescape(app.render())
    assert "<code>level</code> doit valoir au moins 1" in html


def test_a_zone_settled_by_opposed_checks_is_logged_and_shown_as_such():
    app = App(lang="en")
    app.handle(
        "start",
        {"kind": "mageduel", "character0": "tamsin", "character1": "bram", "seed": "3", "control1": "human"},
    )
    app.handle("zone", {"width": "4", "height": "4"})
    app.handle("take")
    app.handle("zone", {"width": "5", "height": "5"})
    app.handle("take")
    html = unescape(app.render())
    assert "wins the opposed checks: the zone is" in html
    assert "The zone is agreed" not in html
    detail = re.search(r'data-settled="zone">([^<]+)<', html).group(1)
    assert "proposed 4 × 4 ft, 4 ft high" in detail and "proposed 5 × 5 ft, 5 ft high" in detail
    assert "opposed checks" in detail


def test_a_spell_being_cast_is_marked_on_the_board_without_saying_which():
    from tests.engine.coretools import core_duel, run

    d = core_duel(dice=[15, 5] + [10] * 30, pos_b=(20.0, 0.0))
    run(d, "p1: cast scorching_ray @p2")
    v = d.view("p2")
    assert v.casting and v.casting[0].spell is None
    svg = board.render(v, "en")
    assert svg.count('class="casting-ring"') == 1 and svg.count('class="casting-line"') == 1
    assert "scorching" not in svg.lower() and "ardent" not in svg.lower()
    assert 'class="casting-ring"' not in board.render(core_duel().view("p2"), "en")


def test_the_french_log_has_no_english_left_in_a_spread_of_duels():
    """Every event line and roll purpose in French comes from the catalogue (a new kind would show as
    ``kind: a=b``, an unknown purpose in English, a raw id with an underscore)."""
    leftovers = {}
    for d, v in _duels(6, seed=2):
        if d.pending is not None and d.pending.kind != "turn":
            continue
        names = text.names_of(v, "en")
        for e in v.events:
            fr, en = text.event_line(e, "fr", names), text.event_line(e, "en", names)
            if e.kind in ("round",):
                continue
            if ("=" in fr and e.kind != "roll") or fr == en or re.search(r"[a-z]_[a-z]", fr):
                leftovers.setdefault(e.kind, fr)
            for name, _ in e.data.get("modifiers", []) if e.kind == "roll" else []:
                said = text.word("mod", str(name), "fr")
                if said == str(name) and not text.has(f"mod.{name}"):
                    leftovers.setdefault(f"mod {name}", fr)
    assert not leftovers, leftovers


def test_an_area_aimed_at_a_foe_is_labelled_with_them_and_their_chance():
    app = App(lang="en")
    app.handle("start", {"kind": "mageduel", "character0": "tamsin", "character1": "bram", "seed": "2"})
    v = _turn_of(app)
    spray = next(o for o in v.pending.options if o.spell == "color_spray" and not o.defensive)
    assert spray.aim == "p2" and spray.affected == ["p2"] and spray.chance_of == "save"
    app.handle("pick", {"pick": decide.group_key(spray)})
    html = unescape(app.render())
    button = re.search(
        rf'class="opt target" data-act="decide" data-option="{re.escape(spray.id)}"[^>]*>(.*?)</button>',
        html,
        re.S,
    ).group(1)
    assert "at Bram Emberlock" in button and f"{round(spray.chance * 100)}% that the save fails" in button


def test_the_badges_of_one_just_north_of_another_stay_off_the_others_rings():
    """Two duellists 5 feet apart, one north of the other (a melee's usual distance): the northern one's
    badges do not squeeze between the two tokens onto the other's rings; they go where there is room, and
    stay clear of both names."""
    from xml.etree import ElementTree

    from mageduel.views import ConditionView

    fight, _, _, _ = _ilse_against_kael("fr")
    ns = "{http://www.w3.org/2000/svg}"
    conditions = [ConditionView(name="shield"), ConditionView(name="mage_armor")]
    placements = [(w, x, south) for w in (20, 28, 40, 82) for x, south in ((w / 2, w / 2), (w / 4, w / 3))]
    for w, x, south in placements:
        v = fight.model_copy(update={"zone": [w, w]})
        me = v.me.model_copy(update={"position": [x, south, 0.0], "conditions": conditions})
        other = v.others[0].model_copy(update={"position": [x, south + 5.0, 0.0], "conditions": conditions})
        root = ElementTree.fromstring(board.render(v.model_copy(update={"me": me, "others": [other]}), "fr"))
        theirs, _, _ = _written_about(root, other)
        mine, mx, my = _written_about(root, me)
        rings = max(
            float(e.get("r"))
            for g in root.iter(f"{ns}g")
            if g.get("data-id") == me.id
            for e in g.iter(f"{ns}circle")
        )
        for what, *box in theirs:
            if what == "badge":
                assert _clear_of_circle(box, mx, my, rings), (w, x, south, "off the other's rings")
                assert 0 <= box[1] and box[3] <= w, (w, x, south, "inside the zone")
        _apart(theirs + [b for b in mine if b[0] == "name"], (w, x, south))


def test_c09_conditions_named_by_the_engine_not_after_a_spell_are_said_in_the_pages_language():
    """Acid arrow's damage each round, the immunity daze leaves and temporary hit points were shown in
    English on the French page, in the panel and in MD-20's restoration; acid arrow's two effects were
    also said twice when the duel ended."""
    from mageduel.views import ConditionView

    v, *_ = _ilse_against_kael("fr")
    held = [
        ConditionView(name="ongoing acid_arrow", rounds=2),
        ConditionView(name="immune to daze", rounds=9),
        ConditionView(name="temporary hp", rounds=600),
    ]
    me = v.me.model_copy(update={"conditions": held})
    said = {lang: unescape(panels.combatant(v, me, lang, own=True)) for lang in ("fr", "en")}
    for words in (
        "flèche acide, dégâts continus (2 rd)",
        "immunisée contre «\u202fhébétement\u202f»",  # Ilse: C-11 agreement
        "points de vie temp",
    ):
        assert words in said["fr"], words
    assert "Acid Arrow, ongoing damage" in said["en"] and "immune to Daze" in said["en"]
    assert not re.search(r"ongoing|immune|temporary", re.sub(r"<[^>]+>", " ", said["fr"]))  # as read
    ended = {"p1": {"nonlethal_healed": 4, "spells_vanished": ["ongoing acid_arrow", "acid_arrow", "daze"]}}
    assert text.restoration({"participants": ended}, "fr", {"p1": "Ilse"}) == [
        "Ilse\u202f: 4 points de dégâts non létaux soignés\u202f; les effets «\u202fflèche acide\u202f» et "
        "«\u202fhébétement\u202f» prennent fin."
    ]


def test_a_weapon_inside_a_sentence_is_written_as_a_common_noun_in_both_languages():
    """C-4: found on the French page, "Garrick attaque Tamsin avec Épée longue": the weapon's name, capital
    first, dropped into a sentence with no article. Options now say "your" (the same in French for any
    weapon: "votre"), the log names the weapon after the attack, and rolls and damage read the same way."""
    from types import SimpleNamespace

    names = {"p1": "Garrick", "p2": "Tamsin"}
    assert text.option_label("attack longsword @p2", "fr", names) == "Attaquer Tamsin avec votre épée longue"
    assert text.option_label("attack longsword @p2", "en", names) == "Attack Tamsin with your longsword"
    assert text.option_label("react parry dagger", "fr", names) == "Parade de duel avec votre dague"
    hit = SimpleNamespace(kind="attack", actor="p1", data={"target": "p2", "weapon": "longsword"}, clauses=[])
    assert text.event_line(hit, "fr", names) == "Garrick attaque Tamsin (épée longue)."
    assert text.event_line(hit, "en", names) == "Garrick attacks Tamsin (longsword)."
    assert text.purpose("longsword damage", "fr") == "dégâts d'épée longue"
    assert text.purpose("attack with dagger", "fr") == "attaque (dague)"


def test_the_table_assistants_prompt_sets_the_rolls_purpose_apart_in_both_languages():
    """Found on the table assistant in French: "Lancez 1d20 pour attaque (bâton)". The purposes are labels
    (the log writes "Tamsin — attaque (bâton) : …"), so a sentence that puts one after "pour" / "for" lacks
    its article ("pour initiative", "for attack"). The prompt sets the label apart instead, which reads for
    every purpose."""

    def prompt(purpose: str, lang: str) -> str:
        html = decide.roll({"count": 1, "sides": 20, "purpose": purpose}, lang, None, "Tamsin")
        return unescape(re.search(r'<p class="prompt">(.*?)</p>', html).group(1))

    assert prompt("attack with quarterstaff", "fr") == "Lancez 1d20 — attaque (bâton) — puis tapez le total."
    assert (
        prompt("attack with quarterstaff", "en") == "Roll 1d20 — attack (quarterstaff) — then type the total."
    )
    assert prompt("initiative", "fr") == "Lancez 1d20 — initiative — puis tapez le total."
    for lang in ("fr", "en"):
        assert not re.search(r"\b(pour|for) (attaque|attack|initiative)\b", prompt("initiative", lang))


def test_a_spell_on_oneself_reads_on_yourself_and_targets_are_listed_in_words():
    """The picker read "at Maëlis Duskfen" on Maëlis's own Shield: her own spell reads "on yourself" now
    (« sur vous-même »), and a spell on another still names them."""
    app = App(lang="en")
    app.handle("start", {"kind": "mageduel", "character0": "ilse", "character1": "kael", "seed": "3"})
    v = _turn_of(app)
    opts = decide.options_of(v)
    own = next(o for o in opts.values() if o.spell == "mage_armor" and list(o.targets) == ["p1"])
    ray = next(o for o in opts.values() if o.spell == "ray_of_frost" and o.targets == ["p2"])
    for option, said in ((own, ("on yourself", "sur vous-même")), (ray, ("at Kael", "sur Kael"))):
        app.handle("pick", {"pick": decide.group_key(option)})
        for lang, words in zip(("en", "fr"), said, strict=True):
            app.lang = lang
            html = unescape(app.render())
            button = re.search(rf'<button[^>]*data-option="{re.escape(option.id)}".*?</button>', html, re.S)
            mark = re.search(rf'<g[^>]*data-option="{re.escape(option.id)}"[^>]*aria-label="([^"]*)"', html)
            assert words in button.group(0) and "Ilse Varro" not in button.group(0), button.group(0)
            assert words in mark.group(1), mark.group(1)  # the board's mark for it says the same
    names = {"p1": "Ilse", "p2": "Kael", "p3": "Odile"}
    both = SimpleNamespace(targets=["p2", "p3"], aim=None, point=None, id="cast x", defensive=False)
    assert decide._target_label(both, "en", names) == "at Kael and Odile"
    assert decide._target_label(both, "fr", names) == "sur Kael et Odile"


def test_french_spell_names_begin_with_a_capital_where_they_stand_alone():
    """The French picker read « aspersion acide », « lueur »: French spell names are written in lower case
    inside a sentence, but a button's words and a list's items begin with a capital."""
    app = App(lang="fr")
    app.handle("start", {"kind": "mageduel", "character0": "ilse", "character1": "kael", "seed": "3"})
    _turn_of(app)
    html = unescape(app.render())
    rows = re.findall(r'data-act="pick"[^>]*>(?:<kbd[^>]*>[^<]*</kbd>)?<span>([^<]+)</span>', html)
    items = re.findall(r"<li(?: class=\"used\")?>([^<]+) <small>\d</small></li>", html)
    assert "Rayon de givre" in rows and len(rows) > 5 and len(items) > 5, (rows, items)
    assert all(x[0].isupper() for x in rows + items), [x for x in rows + items if not x[0].isupper()]
    assert "Parchemin\u202f: vol" in rows, rows  # an item's spell after its colon, as a sentence goes on
