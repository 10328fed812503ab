"""C-13: distances in feet, 30 feet of movement, positions as points (not squares)."""

from mageduel import geometry

from tests.engine.coretools import core_duel, run


def test_c13_ranges_by_caster_level():
    assert geometry.spell_range("close", 5) == 35 and geometry.spell_range("medium", 5) == 150
    assert geometry.spell_range("long", 1) == 440 and geometry.spell_range("touch", 9) == 5


def test_c13_positions_are_points_in_feet_and_movement_is_30_feet():
    d = core_duel(dice=[15, 5], pos_a=(0.0, 0.0), pos_b=(100.0, 0.0))
    assert d.by_id["p1"].speed == 30
    for o in d.pending.options:
        if o.kind == "move":
            assert geometry.distance(d.by_id["p1"].pos, o.data["point"]) <= 30 + 1e-6
    run(d, "p1: move 12.5,3")
    assert d.by_id["p1"].pos == (12.5, 3.0, 0.0)


def test_c13_out_of_range_targets_are_not_offered():
    d = core_duel(dice=[15, 5], pos_b=(36.0, 0.0))  # close range at CL 5 is 35 feet
    ids = d.pending.option_ids
    assert "cast daze @p2" not in ids and "cast magic_missile @p2" in ids  # magic missile is medium


def test_c13_area_shapes():
    burst = geometry.Burst((0, 0, 0), 20)
    assert burst.contains((20, 0, 0)) and not burst.contains((20.1, 0, 0))
    cone = geometry.Cone((0, 0, 0), (10, 0, 0), 15)
    assert cone.contains((10, 9, 0)) and not cone.contains((10, 11, 0)) and not cone.contains((-1, 0, 0))
    line = geometry.Line((0, 0, 0), (1, 0, 0), 120)
    assert (
        line.contains((100, 2.4, 0)) and not line.contains((100, 2.6, 0)) and not line.contains((121, 0, 0))
    )
    cyl = geometry.Cylinder((0, 0, 0), 20, 40)
    assert cyl.contains((0, 19, 39)) and not cyl.contains((0, 0, 41))


def test_c13_repulsion_holds_back_a_creature_that_failed_its_save():
    from mageduel.actions import Budget, _parametric, turn_options
    from mageduel.spells.catalogue import get

    from tests.engine.coretools import core_duel, resolve_nodes

    d = core_duel(pos_b=(20.0, 0.0))
    k = d.by_id["p2"]
    assert any(o.id == "move 5,0" for o in turn_options(d, k, Budget()))
    resolve_nodes(d, "p1", "p2", "repulsion", get("repulsion").effects[0].effects)  # the failed save
    moves = [o.data["point"] for o in turn_options(d, k, Budget()) if o.kind in ("move", "step")]
    assert moves and all(p[0] >= 20.0 for p in moves)  # only away from the caster
    assert _parametric(d, k, Budget(), "move 10,0") is None
    assert _parametric(d, k, Budget(), "step 15,0") is None
    assert _parametric(d, k, Budget(), "move 20,15") is not None  # sideways, no nearer
    # Beyond the repulsion's reach (10 feet per level) it may come as near as that edge, no nearer.
    k.pos = (60.0, 0.0, 0.0)
    assert _parametric(d, k, Budget(), "move 55,0") is not None
    assert _parametric(d, k, Budget(), "move 45,0") is None
