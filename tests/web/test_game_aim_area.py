"""DU-10 in the page: an area spell may be centred on any point of the board, not only on a creature. With
the spell picked, a click on the floor (or "aim at a point", then the arrow keys) previews the area there
with who the engine says it takes in; "cast it here" casts ``cast <spell> @x,y``, and a point the engine
refuses is said so, with nothing cast."""

from __future__ import annotations

from tests.web.test_game_flow import choose_like_a_person, settle
from web.game.app import App

SETUP = {"kind": "duel", "character0": "ilse", "character1": "kael", "seed": "3"}


def _my_fireball_turn(lang: str = "en") -> App:
    app = App(lang=lang)
    app.handle("start", {**SETUP, "control0": "human", "control1": "normal"})
    for _ in range(300):
        settle(app)
        view = app.session.view()
        if view.phase == "fight" and view.pending.kind == "turn" and view.pending.player == "p1":
            if any(o.spell == "fireball" and o.point is not None for o in view.pending.options):
                return app
        choose_like_a_person(app, app.render())
    raise AssertionError("Ilse never had a fireball to cast")


def test_du10_a_click_on_the_board_aims_an_area_spell_there_then_confirm_casts_it():
    app = _my_fireball_turn()
    view = app.session.view()
    key = next(o for o in view.pending.options if o.spell == "fireball" and o.point is not None)
    app.handle("pick", {"pick": f"fireball|{key.slot}"})
    html = app.render()
    assert 'data-act="aim-point"' in html  # the keyboard's way in
    kael = next(c for c in view.others if c.id == "p2")
    x, y = kael.position[0] + 10.0, kael.position[1]  # 10 feet past Kael: the 20-ft burst still holds him
    app.handle("move-to", {"x": str(x), "y": str(y)})
    assert app.aim_point == (round(x, 1), round(y, 1)) and app.move_preview is None
    html = app.render()
    assert 'class="decision aim-preview"' in html and "takes in Kael" in html
    assert f'data-aim="cast fireball @{x:g},{y:g}"' in html
    assert '<g class="preview"' in html and 'data-act="confirm-aim"' in html
    decided = len(app.session.duel.decisions)
    app.handle("confirm-aim")
    assert app.notice is None and len(app.session.duel.decisions) == decided + 1
    cast = [e for e in app.session.duel.events if e.kind == "casting" and e.actor == "p1"][-1]
    assert cast.data["point"][:2] == [x, y] and cast.data["targets"] == []
    assert app.aim_point is None and app.picked is None


def test_du10_the_arrow_keys_move_the_aimed_point_and_a_refused_point_casts_nothing():
    app = _my_fireball_turn("fr")
    view = app.session.view()
    key = next(o for o in view.pending.options if o.spell == "fireball" and o.point is not None)
    app.handle("pick", {"pick": f"fireball|{key.slot}"})
    app.handle("aim-point")  # starts where the first target stands
    kael = next(c for c in view.others if c.id == "p2")
    assert app.aim_point == (kael.position[0], kael.position[1])
    html = app.render()
    for arrow in ("ArrowLeft", "ArrowUp", "ArrowDown", "ArrowRight"):
        assert f'data-key="{arrow}"' in html
    app.handle("aim-nudge", {"dx": "5", "dy": "0"})
    assert app.aim_point == (kael.position[0] + 5, kael.position[1])
    assert "centré en" in app.render() and "Kael" in app.render()
    # Far from anyone: no opponent in the burst (DU-10) — said, no "cast" button, and nothing is cast.
    for _ in range(20):
        app.handle("aim-nudge", {"dx": "0", "dy": "5"})
    html = app.render()
    assert "ne peut pas être centré là" in html and 'data-act="confirm-aim"' not in html
    decided = len(app.session.duel.decisions)
    app.handle("confirm-aim")
    assert len(app.session.duel.decisions) == decided and app.notice
    app.handle("cancel-aim")
    assert app.aim_point is None and 'class="decision aim-preview"' not in app.render()
