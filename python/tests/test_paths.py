"""Collision paths: convex outlines given as points, their rules, mass and rest."""

import math
import re

import pytest

import anima

#: A 100 pt square around the centre, counter-clockwise as seen on screen (y grows downward).
SQUARE = ((-50.0, -50.0), (-50.0, 50.0), (50.0, 50.0), (50.0, -50.0))


def shoelace_area(points):
    """The area enclosed by a simple polygon."""
    twice = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]))
    return abs(twice) / 2


def regular_polygon(count, radius=50.0, step=1):
    """count points on a circle, counter-clockwise on screen; step=2 with 5 points draws a pentagram."""
    return [(radius * math.cos(-math.pi / 2 - 2 * math.pi * step * k / count),
             radius * math.sin(-math.pi / 2 - 2 * math.pi * step * k / count)) for k in range(count)]


def equilateral_triangle(side):
    """An equilateral triangle with its centroid on the centre, one side down, counter-clockwise on screen."""
    radius = side / math.sqrt(3)
    return [(0.0, -radius), (-side / 2, radius / 2), (side / 2, radius / 2)]


def test_a_square_path_weighs_like_the_100pt_rectangle(animator):
    item = anima.Item(animator, path=SQUARE)
    assert item.shape == "path"
    assert item.mass == pytest.approx(1.0)
    assert item.mass == pytest.approx(anima.Item(animator).mass)


def test_a_right_triangles_mass_is_density_times_area_over_10000(animator):
    triangle = [(-30.0, -20.0), (-30.0, 40.0), (60.0, 40.0)]
    item = anima.Item(animator, path=triangle)
    assert item.mass == pytest.approx(shoelace_area(triangle) / 10000)
    animator.add_behavior(anima.ItemBehavior([item], density=3.0))
    assert item.mass == pytest.approx(3.0 * 2700.0 / 10000)


def test_a_path_scales_with_the_item(animator):
    item = anima.Item(animator, path=SQUARE, scale=(2.0, 0.5))
    assert item.mass == pytest.approx(1.0)
    item.transform = anima.Transform(scale_x=2.0, scale_y=2.0)
    assert item.mass == pytest.approx(4.0)


def test_the_bounds_size_leaves_a_path_alone(animator):
    item = anima.Item(animator, size=(10, 10), path=SQUARE)
    assert item.mass == pytest.approx(1.0)
    item.size = (300, 20)
    assert item.mass == pytest.approx(1.0)
    assert item.path == SQUARE


BROKEN_PATHS = {
    "clockwise": (list(reversed(SQUARE)), "clockwise"),
    "concave": ([(-50.0, -50.0), (-50.0, 50.0), (0.0, 0.0), (50.0, 50.0), (50.0, -50.0)], "not convex"),
    "pentagram": (regular_polygon(5, step=2), "intersects itself"),
    "collinear": ([(-50.0, -50.0), (-50.0, 0.0), (-50.0, 50.0), (50.0, 50.0), (50.0, -50.0)], "in a line"),
    "2 points": ([(-50.0, -50.0), (50.0, 50.0)], "3...16 points"),
    "17 points": (regular_polygon(17), "3...16 points"),
    "nan": ([(-50.0, -50.0), (-50.0, float("nan")), (50.0, 50.0)], "finite"),
}


@pytest.mark.parametrize("points, rule", BROKEN_PATHS.values(), ids=BROKEN_PATHS.keys())
def test_a_broken_path_raises_naming_the_rule_and_leaves_the_item_unchanged(animator, points, rule):
    item = anima.Item(animator, path=SQUARE)
    with pytest.raises(anima.InvalidArgumentError, match=re.escape(rule)):
        item.path = points
    assert item.path == SQUARE
    assert item.shape == "path"
    assert item.mass == pytest.approx(1.0)


@pytest.mark.parametrize("points, rule", BROKEN_PATHS.values(), ids=BROKEN_PATHS.keys())
def test_a_broken_path_leaves_a_rectangle_a_rectangle(animator, points, rule):
    item = anima.Item(animator)
    with pytest.raises(anima.InvalidArgumentError, match=re.escape(rule)):
        item.path = points
    assert item.path is None
    assert item.shape == "rectangle"


@pytest.mark.parametrize("points, rule", BROKEN_PATHS.values(), ids=BROKEN_PATHS.keys())
def test_a_broken_path_at_creation_makes_no_item(animator, points, rule):
    with pytest.raises(anima.InvalidArgumentError, match=re.escape(rule)):
        anima.Item(animator, path=points)
    assert animator.items == ()


def test_an_equilateral_triangle_dropped_tipped_comes_to_rest_on_a_side():
    side = 60.0
    height = side * math.sqrt(3) / 2
    animator = anima.Animator(reference_bounds=(0, 0, 300, 300))
    triangle = anima.Item(animator, center=(150.0, 120.0), size=(side, height), rotation=0.45,
                          path=equilateral_triangle(side))
    animator.add_behavior(anima.Gravity([triangle]))
    animator.add_behavior(anima.Collision([triangle], translates_reference_bounds_into_boundary=True))
    animator.add_behavior(anima.ItemBehavior([triangle], friction=0.5))
    assert animator.run_until_rest(max_seconds=20) is not None
    assert not animator.is_running
    third = 2 * math.pi / 3
    turned = triangle.rotation / third
    assert abs(turned - round(turned)) * third < 0.01
    assert triangle.center[1] == pytest.approx(300 - height / 3, abs=0.5)


def test_path_round_trips_as_a_tuple_of_points(animator):
    item = anima.Item(animator)
    item.path = [[-50, -50], [-50, 50], [50, 50], [50, -50]]
    assert item.path == SQUARE
    assert all(isinstance(point, tuple) and all(isinstance(v, float) for v in point) for point in item.path)
    assert item.shape == "path"


def test_an_item_without_a_path_reads_none(animator):
    assert anima.Item(animator).path is None
    assert anima.Item(animator, shape="ellipse").path is None


def test_repr_shows_the_path_shape(animator):
    assert "shape='path'" in repr(anima.Item(animator, path=SQUARE))


def test_shape_path_may_be_named_beside_a_path(animator):
    item = anima.Item(animator, shape="path", path=SQUARE)
    assert item.shape == "path"
    assert item.path == SQUARE


def test_another_shape_beside_a_path_is_a_type_error(animator):
    for shape in ("rectangle", "ellipse"):
        with pytest.raises(TypeError, match="shape='path'"):
            anima.Item(animator, shape=shape, path=SQUARE)
    assert animator.items == ()


def test_shape_path_without_a_path_is_an_invalid_argument(animator):
    with pytest.raises(anima.InvalidArgumentError, match="needs path"):
        anima.Item(animator, shape="path")
    with pytest.raises(ValueError):
        anima.Item(animator, shape="path", path=None)
    assert animator.items == ()


def test_path_none_at_creation_means_no_path(animator):
    item = anima.Item(animator, shape="ellipse", path=None)
    assert item.shape == "ellipse"
    assert item.path is None


def test_setting_shape_path_without_a_path_is_an_invalid_state(animator):
    item = anima.Item(animator)
    with pytest.raises(anima.InvalidStateError):
        item.shape = "path"
    assert item.shape == "rectangle"


def test_the_path_is_kept_while_another_shape_is_chosen(animator):
    item = anima.Item(animator, path=SQUARE)
    item.shape = "ellipse"
    assert item.shape == "ellipse"
    assert item.path == SQUARE
    assert item.mass == pytest.approx(math.pi * 50 * 50 / 10000)
    item.shape = "path"
    assert item.shape == "path"
    assert item.mass == pytest.approx(1.0)


def test_assigning_a_path_makes_it_the_shape(animator):
    item = anima.Item(animator, shape="ellipse")
    item.path = SQUARE
    assert item.shape == "path"
    assert item.mass == pytest.approx(1.0)


def test_path_cannot_be_none_deleted_or_a_non_sequence(animator):
    item = anima.Item(animator, path=SQUARE)
    for value in (None, 3, "abc", [(0, 0, 0), (1, 1, 1), (2, 2, 2)], [(0, 0), "xy", (1, 1)]):
        with pytest.raises(TypeError):
            item.path = value
    with pytest.raises(AttributeError):
        del item.path
    assert item.path == SQUARE


def test_a_stale_item_has_no_path_to_read_or_set(animator):
    item = anima.Item(animator, path=SQUARE)
    item.destroy()
    with pytest.raises(anima.StaleHandleError):
        _ = item.path
    with pytest.raises(anima.StaleHandleError):
        item.path = SQUARE
