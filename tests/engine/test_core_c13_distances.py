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


def _wall_between():
    from mageduel import effects
    from mageduel.spells.catalogue import get
    from mageduel.state import Casting

    from tests.engine.coretools import core_duel, drive

    d = core_duel(pos_b=(20.0, 0.0))
    sp = get("wall_of_force")
    c = d.by_id["p1"]
    cast = Casting("p1", sp, sp.level, [], (5.0, 0.0, 0.0))
    drive(effects.resolve(d, effects.Ctx(cast, c, sp, 5, 15), sp.effects, "p1"))
    return d


def test_c13_wall_of_force_blocks_movement_and_line_of_effect():
    from mageduel.actions import Budget, _parametric, turn_options

    d = _wall_between()
    wall = [e.data for e in d.events if e.kind == "wall"][0]
    assert wall["from"] == [5.0, 25.0, 0.0] and wall["to"] == [5.0, -25.0, 0.0]  # 5 squares across the line
    p1, p2 = d.by_id["p1"], d.by_id["p2"]
    ids = [o.id for o in turn_options(d, p2, Budget())]
    assert not any(i.endswith("@p1") for i in ids)  # no spell or attack through it
    assert not any(i.endswith("@p2") for i in (o.id for o in turn_options(d, p1, Budget())))
    assert _parametric(d, p2, Budget(), "move 3,0") is None  # cannot walk through
    assert _parametric(d, p2, Budget(), "move 10,0") is not None  # up to it is fine
    assert _parametric(d, p2, Budget(), "move 20,28") is not None  # around the end
    p1.pos, p2.pos = (0.0, 0.0, 15.0), (20.0, 0.0, 15.0)  # both flying above its one square of height
    assert any(i == "cast magic_missile @p1" for i in (o.id for o in turn_options(d, p2, Budget())))


def test_c13_wall_of_force_stands_for_its_duration():
    from mageduel.actions import Budget, start_of_turn, turn_options
    from mageduel.walls import live

    from tests.engine.coretools import drive

    d = _wall_between()
    assert len(live(d)) == 1
    cond = next(x for x in d.by_id["p1"].conditions if x.data.get("wall"))
    assert cond.rounds == 5  # 1 round per level
    cond.rounds = 1
    drive(start_of_turn(d, d.by_id["p1"]))
    assert live(d) == []
    assert "cast magic_missile @p1" in [o.id for o in turn_options(d, d.by_id["p2"], Budget())]


def test_c13_a_creature_pushed_into_a_wall_stops_at_it():
    from mageduel.walls import stop_before

    d = _wall_between()
    assert stop_before(d, (20.0, 0.0, 0.0), (0.0, 0.0, 0.0)) == (6.0, 0.0, 0.0)
    assert stop_before(d, (20.0, 0.0, 0.0), (30.0, 0.0, 0.0)) == (30.0, 0.0, 0.0)


def test_c13_a_standing_wall_is_in_every_view():
    d = _wall_between()
    v = d.view("p2").model_dump()
    assert v["walls"] == [
        {
            "spell": "wall_of_force",
            "owner": "p1",
            "start": [5.0, 25.0, 0.0],
            "end": [5.0, -25.0, 0.0],
            "height": 10.0,
        }
    ]


def test_md8_a_wall_of_force_cast_before_entry_does_not_come_into_the_zone():
    from mageduel.rite import carries_into_zone
    from mageduel.spells.catalogue import get

    # Its condition sits on the caster only as the wall's record: it is not a spell on oneself.
    assert carries_into_zone(get("wall_of_force"), "p1", "p1", False) is False
    assert carries_into_zone(get("mirror_image"), "p1", "p1", False) is True


def test_c13_a_bull_rush_provokes_its_target_and_pushes_5_feet_plus_5_per_5_over_the_cmd():
    # Tamsin (p1) shoves Garrick (p2, longsword, adjacent); initiative 15 against 5, so she acts first.
    d = core_duel("tamsin", "garrick", dice=[15, 5, 20], pos_b=(0.0, 5.0))
    run(d, "p1: bull-rush @p2")
    assert d.pending.player == "p2" and d.pending.kind == "aoo"  # the target's attack of opportunity
    d.apply("p2", "pass")
    from mageduel.maneuvers import maneuver_defence

    garrick = d.by_id["p2"]
    cmd = maneuver_defence(garrick, "bull_rush")
    assert "improved_bull_rush" in garrick.feats
    from mageduel import roster

    assert cmd == roster.get("garrick").cmd("bull_rush") == 10 + 6 + 4 + 1 + 1 + 2  # Dodge +1, the feat +2
    check = next(e for e in d.events if e.kind == "roll" and e.data["purpose"] == "bull rush (CMB)")
    assert check.data["target"] == cmd and check.data["outcome"] == "failure"  # 20 - 1 = 19 < 23
    assert not [e for e in d.events if e.kind == "pushed"]


def test_c13_improved_bull_rush_provokes_nothing_and_adds_2():
    from mageduel.maneuvers import bull_rush, maneuver_bonus

    from tests.engine.coretools import drive

    d = core_duel("garrick", "tamsin", dice=[15, 5, 18], pos_b=(0.0, 5.0))
    garrick, tamsin = d.by_id["p1"], d.by_id["p2"]
    assert "improved_bull_rush" in garrick.feats  # his sheet has the feat
    assert dict(maneuver_bonus(garrick, "bull_rush")) == {"BAB": 6, "Str": 4, "feats": 2}
    before = len(d.events)
    drive(bull_rush(d, garrick, tamsin))  # no attack of opportunity to ask about
    check = next(e for e in d.events[before:] if e.kind == "roll")
    over = check.data["total"] - check.data["target"]  # 18 + 12 against Tamsin's CMD
    (push,) = [e for e in d.events[before:] if e.kind == "pushed"]
    assert push.data["to"][1] - push.data["from"][1] == 5 + 5 * (over // 5)
