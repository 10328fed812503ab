"""MD-5 zone size bounds and MD-8 entry points (engine/mageduel/zone.py)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st
from mageduel.zone import Zone, size_bounds


def test_md5_two_first_level_casters_get_four_to_five_feet():
    bounds = size_bounds([1, 1])
    assert (bounds.minimum, bounds.maximum) == (4, 5)
    assert not bounds.maximum_raised
    assert bounds.allows(4) and bounds.allows(5)
    assert not bounds.allows(3.5) and not bounds.allows(6)


def test_md5_minimum_is_twice_the_sum_and_maximum_five_times_the_product():
    bounds = size_bounds([5, 7])
    assert bounds.minimum == 2 * (5 + 7) == 24
    assert bounds.maximum == 5 * 5 * 7 == 175


def test_md5_ruling_maximum_below_minimum_is_raised_to_it():
    # Three 1st-level casters: minimum 2 * 3 = 6, maximum 5 * 1 = 5, so the maximum becomes 6.
    bounds = size_bounds([1, 1, 1])
    assert (bounds.minimum, bounds.maximum) == (6, 6)
    assert bounds.maximum_raised
    assert bounds.allows(6) and not bounds.allows(5)


def test_md5_clamp_brings_a_proposal_within_bounds():
    bounds = size_bounds([2, 3])  # 10 to 30 feet
    assert bounds.clamp(3) == 10
    assert bounds.clamp(50) == 30
    assert bounds.clamp(17.5) == 17.5


@pytest.mark.parametrize("levels", [[], [3], [0, 4], [2, -1]])
def test_md5_refuses_impossible_caster_levels(levels):
    with pytest.raises(ValueError):
        size_bounds(levels)


@given(st.lists(st.integers(min_value=1, max_value=20), min_size=2, max_size=4))
def test_md5_bounds_are_ordered_and_the_minimum_is_allowed(levels):
    bounds = size_bounds(levels)
    assert bounds.minimum <= bounds.maximum
    assert bounds.allows(bounds.minimum) and bounds.allows(bounds.maximum)


@given(st.integers(min_value=2, max_value=4), st.floats(min_value=4, max_value=2000))
def test_md8_entry_points_are_on_the_border_and_equally_spaced(count, width):
    zone = Zone(width, width)
    points = zone.entry_points(count)
    assert len(points) == count
    for x, y in points:
        assert zone.contains(x, y)
        on_edge = min(abs(x), abs(y), abs(x - width), abs(y - width))
        assert on_edge == pytest.approx(0, abs=1e-9 * width)

    # Equal spacing, measured independently: the arc length from the middle of the south side,
    # counter-clockwise, for a point known to be on the border.
    def arc(x, y):
        w, tol = width, 1e-9 * width
        if abs(y) <= tol and x >= w / 2:
            return x - w / 2
        if abs(x - w) <= tol:
            return w / 2 + y
        if abs(y - w) <= tol:
            return 1.5 * w + (w - x)
        if abs(x) <= tol:
            return 2.5 * w + (w - y)
        return 3.5 * w + x

    arcs = [arc(x, y) for x, y in points]
    assert arcs[0] == pytest.approx(0, abs=1e-9 * width)
    for a, b in zip(arcs, arcs[1:], strict=False):
        assert b - a == pytest.approx(4 * width / count, rel=1e-9)


def test_md8_two_duellists_face_each_other_across_the_zone():
    assert Zone(20, 20).entry_points(2) == [(10.0, 0.0), (10.0, 20.0)]


def test_md8_four_duellists_take_the_middle_of_each_side():
    assert Zone(10, 10).entry_points(4) == [(5.0, 0.0), (10.0, 5.0), (5.0, 10.0), (0.0, 5.0)]
