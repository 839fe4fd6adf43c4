"""Collision.add_boundary_path: lines and Bezier curves as boundaries; bad paths."""

import math

import pytest

import anima


@pytest.fixture
def collision():
    anim = anima.Animator()
    return anima.Collision([], animator=anim)


def test_ball_rolls_to_the_bottom_of_a_quadratic_bowl():
    # from (0, 0) to (200, 0) through the control point (100, 200): the lowest point is (100, 100)
    anim = anima.Animator()
    ball = anima.Item(anim, center=(60, 20), size=(20, 20), shape="ellipse")
    collision = anima.Collision([ball])
    collision.add_boundary_path("bowl", [("move", (0, 0)), ("quad", (100, 200), (200, 0))])
    anim.add_behavior(collision)
    anim.add_behavior(anima.Gravity([ball]))
    anim.add_behavior(anima.ItemBehavior([ball], friction=0.3, resistance=1.0))
    assert anim.run_until_rest(max_seconds=20) is not None
    x, y = ball.center
    assert x == pytest.approx(100, abs=2)
    assert y == pytest.approx(100 - 10, abs=1)  # on the curve, one radius above its lowest point


def cubic(p0, c1, c2, p1, t):
    u = 1 - t
    return tuple(u ** 3 * a + 3 * u * u * t * b + 3 * u * t * t * c + t ** 3 * d
                 for a, b, c, d in zip(p0, c1, c2, p1))


def test_curves_are_flattened_into_points_on_the_curve(collision):
    collision.add_boundary_path("bowl", [("move", (0, 0)), ("quad", (100, 200), (200, 0))])
    points = collision.boundary("bowl")
    assert len(points) > 10
    assert points[0] == (0.0, 0.0) and points[-1] == (200.0, 0.0)
    for x, y in points:
        t = x / 200  # B(t) = (200 t, 400 t (1 - t)) for this curve
        assert y == pytest.approx(400 * t * (1 - t), abs=1e-9)


def test_short_curves_are_cut_into_pieces_of_at_most_four_points(collision):
    # control polygon 2 x 111.8 pt: within the 64 pieces a curve may have, so every piece is <= 4 pt
    collision.add_boundary_path("arch", [("move", (0, 0)), ("quad", (50, -100), (100, 0))])
    points = collision.boundary("arch")
    assert max(math.dist(p, q) for p, q in zip(points, points[1:])) <= 4.0


def test_cubic_curve_is_followed_from_end_to_end(collision):
    ends = (0, 0), (0, 50), (50, -50), (50, 0)
    collision.add_boundary_path("s", [("move", ends[0]), ("cubic", *ends[1:])])
    points = collision.boundary("s")
    assert points[0] == (0.0, 0.0) and points[-1] == (50.0, 0.0)
    curve = [cubic(*ends, k / 10_000) for k in range(10_001)]
    assert all(min(math.dist(p, q) for q in curve) < 0.01 for p in points)
    assert max(math.dist(p, q) for p, q in zip(points, points[1:])) <= 4.0


def test_close_returns_to_the_start(collision):
    collision.add_boundary_path("triangle", [("move", (0, 0)), ("line", (100, 0)), ("line", (50, 80)),
                                             ("close",)])
    assert collision.boundary("triangle") == [(0.0, 0.0), (100.0, 0.0), (50.0, 80.0), (0.0, 0.0)]


def test_path_replaces_a_boundary_of_the_same_identifier(collision):
    collision.add_boundary("floor", (0, 500), (320, 500))
    collision.add_boundary_path("floor", [["move", [0, 400]], ["line", [320, 420]]])
    assert collision.boundary("floor") == [(0.0, 400.0), (320.0, 420.0)]
    assert collision.boundary_identifiers == ("floor",)


def test_path_may_be_any_iterable_of_elements(collision):
    elements = (element for element in [("move", (0, 0)), ("line", (10, 0))])
    collision.add_boundary_path(identifier="edge", path=elements)
    assert collision.boundary("edge") == [(0.0, 0.0), (10.0, 0.0)]


# -------------------------------------------------------------- bad input


@pytest.mark.parametrize("path, message", [
    ([("line", (1, 1)), ("line", (2, 2))], "starts with a move"),
    ([("move", (0, 0)), ("line", (1, 0)), ("move", (5, 5)), ("line", (6, 6))], "one continuous path"),
    ([("move", (0, 0)), ("close",), ("line", (1, 0))], "close must be the last"),
    ([("move", (0, 0)), ("line", (0, 0))], "two distinct points"),
    ([], "count"),
], ids=["no-leading-move", "two-moves", "close-not-last", "one-point", "empty"])
def test_paths_the_library_refuses(collision, path, message):
    with pytest.raises(anima.InvalidArgumentError, match=message):
        collision.add_boundary_path("x", path)
    assert collision.boundary_identifiers == ()


def test_non_finite_points_are_refused_naming_the_element(collision):
    with pytest.raises(anima.InvalidArgumentError, match=r"path\[1\]\[1\]\[0\] must be finite"):
        collision.add_boundary_path("x", [("move", (0, 0)), ("line", (math.nan, 0))])
    with pytest.raises(anima.InvalidArgumentError, match=r"path\[1\]\[2\]\[1\]"):
        collision.add_boundary_path("x", [("move", (0, 0)), ("quad", (1, 1), (2, math.inf))])
    assert collision.boundary_identifiers == ()


def test_unknown_verbs_are_value_errors(collision):
    with pytest.raises(ValueError, match="unknown verb 'arc'"):
        collision.add_boundary_path("x", [("move", (0, 0)), ("arc", (1, 1))])
    with pytest.raises(ValueError, match="unknown verb 'MOVE'"):
        collision.add_boundary_path("x", [("MOVE", (0, 0)), ("line", (1, 1))])


@pytest.mark.parametrize("element, message", [
    (("quad", (1, 1)), r"'quad' takes 2 points"),
    (("cubic", (1, 1), (2, 2)), r"'cubic' takes 3 points"),
    (("line",), r"'line' takes 1 point"),
    (("close", (0, 0)), r"'close' takes 0 points"),
    (("line", (1, 1, 1)), r"path\[1\]\[1\] must be a sequence of 2 numbers"),
    ((1, 2), "must start with a verb"),
    ((), "must start with a verb"),
    ("line", "must be a tuple"),
    (None, "must be a tuple"),
], ids=["quad-short", "cubic-short", "line-empty", "close-with-point", "bad-point", "no-verb", "empty",
        "string", "none"])
def test_malformed_elements_are_type_errors(collision, element, message):
    with pytest.raises(TypeError, match=message):
        collision.add_boundary_path("x", [("move", (0, 0)), element])


def test_path_and_identifier_types_are_checked(collision):
    with pytest.raises(TypeError, match="sequence of elements"):
        collision.add_boundary_path("x", "move 0 0")
    with pytest.raises(TypeError, match="sequence of elements"):
        collision.add_boundary_path("x", 5)
    with pytest.raises(TypeError, match="identifier"):
        collision.add_boundary_path(1, [("move", (0, 0)), ("line", (1, 0))])
    with pytest.raises(anima.InvalidArgumentError):
        collision.add_boundary_path("", [("move", (0, 0)), ("line", (1, 0))])
