"""The computer opponent uses the zone's edges: a bull rush that would shove its foe out of a small zone
(an expulsion, MD-22) is taken at normal, with the CMB-against-CMD chance the view gives it. Also the
board's altitude of a flyer, on the same kind of view."""

from __future__ import annotations

from mageduel import ai
from mageduel.compose import new_duel
from mageduel.dice import Seeded
from mageduel.scenario import duel_scenario


def _a_view_with_a_shove_out() -> tuple[object, ai.Opponent]:
    for seed in range(10):
        duel = new_duel(duel_scenario("tamsin", "bram", "mageduel"), Seeded(seed))
        brains: dict[str, ai.Opponent] = {}
        while duel.pending is not None:
            who = duel.pending.player
            brain = brains.setdefault(who, ai.Opponent("normal", seed))
            view = duel.view(who)
            shoves = [o for o in view.pending.options or [] if o.id.startswith("bull-rush ")]
            if shoves and brain._shoved_out(view, shoves[0].targets[0]):
                return view, brain
            duel.apply(who, brain.choose(view))
    raise AssertionError("no turn next to a foe in a small zone")


def test_normal_shoves_a_foe_out_of_a_small_zone():
    view, brain = _a_view_with_a_shove_out()
    shove = next(o for o in view.pending.options if o.id.startswith("bull-rush "))
    assert shove.chance_of == "check" and 0 < shove.chance < 1
    assert brain.choose(view).startswith("bull-rush ")
    # Easy does not look for the edge: the shove scores no better than ending the turn.
    easy = ai.Opponent("easy", 1)
    assert easy.score(view, shove.id, shove.kind) < easy.score(view, "end", "end")


def test_away_from_the_border_a_shove_is_not_worth_its_attack_of_opportunity():
    view, brain = _a_view_with_a_shove_out()
    shove = next(o for o in view.pending.options if o.id.startswith("bull-rush "))
    me, foe = view.me, next(o for o in view.others if o.id == shove.targets[0])
    # The same two, in the middle of a zone twenty times as wide: the push would stay inside.
    wide = view.model_copy(
        update={
            "zone": [100.0, 100.0],
            "me": me.model_copy(update={"position": [50.0, 50.0, 0.0]}),
            "others": [foe.model_copy(update={"position": [50.0, 55.0, 0.0]})],
        }
    )
    assert not brain._shoved_out(wide, foe.id)
    assert brain.score(wide, shove.id, shove.kind) < brain.score(wide, "end", "end")


def test_the_turn_panel_shows_a_shoves_chance():
    from web.game import decide, text

    view, _ = _a_view_with_a_shove_out()
    shove = next(o for o in view.pending.options if o.id.startswith("bull-rush "))
    for lang, verb in (("en", "Bull rush"), ("fr", "Bousculer")):
        html = decide.turn(view, [o.id for o in view.pending.options], lang, text.names_of(view, lang), None)
        button = html.split(f'data-option="{shove.id}"', 1)[1].split("</button>", 1)[0]
        assert verb in button and "%" in button, button


def test_a_flyer_is_drawn_with_its_altitude():
    from web.game import board

    view, _ = _a_view_with_a_shove_out()
    foe = view.others[0]
    up = view.model_copy(update={"others": [foe.model_copy(update={"position": [*foe.position[:2], 12.5]})]})
    for lang, said in (("en", "↑12.5 ft"), ("fr", "↑12,5 pi")):
        assert said in board.render(up, lang)
        assert 'class="altitude"' not in board.render(view, lang)  # on the ground: no height shown
