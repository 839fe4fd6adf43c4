"""Spatial queries (Animator.ray_cast, ray_cast_first, ray_cast_many, nearest_item,
items_overlapping) against geometry worked out here and against Box2D v3 (pyb2d3) on the same
scene."""

import math
import random

import numpy as np
import pytest

import anima


def scene(shapes):
    """An animator of static items (no gravity) under one collision behavior: shapes are
    ('circle', (x, y), r) or ('box', (x, y), (w, h), rotation)."""
    animator = anima.Animator()
    items = []
    for shape in shapes:
        if shape[0] == "circle":
            items.append(anima.Item(animator, center=shape[1], size=(2 * shape[2], 2 * shape[2]), shape="ellipse"))
        else:
            items.append(anima.Item(animator, center=shape[1], size=shape[2], rotation=shape[3]))
    collision = anima.Collision(items)
    animator.add_behavior(collision)
    return animator, items, collision


def test_a_ray_enters_a_circle_where_the_quadratic_says():
    animator, (ball,), _ = scene([("circle", (100, 100), 20)])
    hit = animator.ray_cast_first((0, 112), (200, 112))
    # x^2 + 12^2 = 20^2: in at x = 84, where the outward normal is (-16, 12) / 20
    assert hit.item is ball
    assert hit.point == pytest.approx((84, 112), abs=1e-9) and hit.fraction == pytest.approx(0.42, abs=1e-12)
    assert hit.normal == pytest.approx((-0.8, 0.6), abs=1e-12)
    assert animator.ray_cast_first((0, 121), (200, 121)) is None          # passes above it
    assert animator.ray_cast_first((100, 100), (300, 100)) is None        # starts inside it
    assert animator.ray_cast((0, 100), (79, 100)) == []                   # stops short of it


def test_every_hit_comes_nearest_first_and_the_filter_chooses_the_behaviors():
    animator, items, _ = scene([("circle", (300, 50), 10), ("box", (100, 50), (20, 20), 0.0), ("circle", (200, 50), 10)])
    other = anima.Item(animator, center=(150, 50), size=(10, 10))
    second = anima.Collision([other])
    animator.add_behavior(second)
    anima.Item(animator, center=(250, 50), size=(10, 10))      # governed by nothing: never found
    hits = animator.ray_cast((0, 50), (400, 50))
    assert [h.item for h in hits] == [items[1], other, items[2], items[0]]
    assert [h.fraction for h in hits] == pytest.approx([90 / 400, 145 / 400, 190 / 400, 290 / 400], abs=1e-12)
    assert [h.item for h in animator.ray_cast((0, 50), (400, 50), collisions=[second])] == [other]
    many = animator.ray_cast_many([[(0, 50), (400, 50)], [(400, 50), (0, 50)], [(0, 0), (400, 0)]])
    assert [h and h.item for h in many] == [items[1], items[0], None]
    assert many[0] == animator.ray_cast_first((0, 50), (400, 50))
    assert animator.ray_cast_many(np.zeros((0, 4))) == []


def test_hit_slop_finds_the_button_the_finger_just_missed():
    animator, (button, ball), _ = scene([("box", (100, 100), (44, 24), 0.0), ("circle", (200, 100), 15)])
    # a touch 8 pt below the button's edge: found within 20 pt of slop, not within 5
    hit = animator.nearest_item((110, 120), 20)
    assert hit.item is button and hit.point == pytest.approx((110, 112)) and hit.distance == pytest.approx(8)
    assert animator.nearest_item((110, 120), 5) is None
    # inside the ball: negative, the depth to its outline
    inside = animator.nearest_item((205, 100))
    assert inside.item is ball and inside.distance == pytest.approx(-10) and inside.point == pytest.approx((215, 100))
    # outside both, nearer the box's corner (122, 112) than the ball
    corner = animator.nearest_item((125, 116))
    assert corner.item is button and corner.distance == pytest.approx(5)


def corners(center, size, angle):
    c, s = math.cos(angle), math.sin(angle)
    w, h = size[0] / 2, size[1] / 2
    return [(center[0] + c * x - s * y, center[1] + s * x + c * y) for x, y in ((-w, -h), (w, -h), (w, h), (-w, h))]


def boxes_meet(a, b):
    """Whether two convex quads share a point: a corner of one inside the other, or two edges cross."""
    def inside(quad, p):
        return all((quad[(i + 1) % 4][0] - quad[i][0]) * (p[1] - quad[i][1])
                   - (quad[(i + 1) % 4][1] - quad[i][1]) * (p[0] - quad[i][0]) >= 0 for i in range(4))

    def cross(p, q, r, s):
        d = (q[0] - p[0]) * (s[1] - r[1]) - (q[1] - p[1]) * (s[0] - r[0])
        if d == 0:
            return False
        t = ((r[0] - p[0]) * (s[1] - r[1]) - (r[1] - p[1]) * (s[0] - r[0])) / d
        u = ((r[0] - p[0]) * (q[1] - p[1]) - (r[1] - p[1]) * (q[0] - p[0])) / d
        return 0 <= t <= 1 and 0 <= u <= 1

    return (any(inside(b, p) for p in a) or any(inside(a, p) for p in b)
            or any(cross(a[i], a[(i + 1) % 4], b[j], b[(j + 1) % 4]) for i in range(4) for j in range(4)))


def test_overlaps_agree_with_crossing_edges_and_contained_corners():
    rng = random.Random(5)
    meeting = 0
    for _ in range(200):
        center, angle = (rng.uniform(80, 120), rng.uniform(80, 120)), rng.uniform(-3, 3)
        animator, (card,), _ = scene([("box", center, (40, 25), angle)])
        zone = (rng.uniform(40, 160), rng.uniform(40, 160))
        size, turn = (rng.uniform(5, 60), rng.uniform(5, 60)), rng.uniform(-3, 3)
        meet = boxes_meet(corners(center, (40, 25), angle), corners(zone, size, turn))
        assert animator.items_overlapping(rect=(zone, size, turn)) == ([card] if meet else [])
        assert animator.items_overlapping(polygon=corners(zone, size, turn)[::-1]) == ([card] if meet else [])
        meeting += meet
    assert 40 < meeting < 160


def test_a_circle_overlaps_by_distance():
    animator, (ball, box), _ = scene([("circle", (0, 0), 10), ("box", (100, 0), (20, 20), 0.0)])
    assert animator.items_overlapping(circle=((25, 0), 15)) == [ball]
    assert animator.items_overlapping(circle=((25, 0), 14.9)) == []
    assert animator.items_overlapping(circle=((50, 0), 40)) == [ball, box]
    # the box's corner (90, -10) is sqrt(200) = 14.14 from (80, -20)
    assert animator.items_overlapping(circle=((80, -20), 14.2)) == [box]
    assert animator.items_overlapping(circle=((80, -20), 14.1)) == []


def test_bad_queries_raise():
    animator, (ball,), collision = scene([("circle", (0, 0), 10)])
    with pytest.raises(anima.InvalidArgumentError):
        animator.ray_cast((math.nan, 0), (1, 1))
    with pytest.raises(anima.InvalidArgumentError):
        animator.nearest_item((0, 0), -1)
    with pytest.raises(anima.InvalidArgumentError):
        animator.items_overlapping(circle=((0, 0), -1))
    with pytest.raises(anima.InvalidArgumentError):
        animator.items_overlapping(polygon=[(0, 0), (10, 0), (0, 10), (10, 10)])    # crosses itself
    with pytest.raises(TypeError):
        animator.items_overlapping(circle=((0, 0), 1), rect=((0, 0), (1, 1), 0))
    with pytest.raises(TypeError):
        animator.items_overlapping()
    with pytest.raises(anima.WrongKindError):
        animator.ray_cast((0, 0), (1, 1), collisions=[anima.Gravity([ball])])
    elsewhere = anima.Animator()
    with pytest.raises(anima.InvalidArgumentError):
        animator.ray_cast((0, 0), (1, 1), collisions=[anima.Collision([anima.Item(elsewhere)])])
    with pytest.raises(TypeError):
        animator.ray_cast((0, 0), (1, 1), collisions=5)
    with pytest.raises(anima.InvalidArgumentError):
        animator.ray_cast_many(np.zeros((3, 3)))
    assert animator.ray_cast((0, -50), (0, 50), collisions=[collision])[0].item is ball


def test_queries_see_an_item_moved_since_the_last_step():
    animator, (ball,), _ = scene([("circle", (0, 0), 10)])
    animator.advance(1 / 60)
    ball.center = (500, 500)
    assert animator.ray_cast_first((400, 500), (600, 500)).item is ball
    assert animator.nearest_item((0, 0), 50) is None


def test_the_closest_ray_hit_is_box2ds_on_the_same_scene():
    import pyb2d3 as b2      # make deps installs it
    rng = random.Random(17)
    shapes = []
    for _ in range(40):
        center = (rng.uniform(0, 400), rng.uniform(0, 400))
        if rng.random() < 0.5:
            shapes.append(("circle", center, rng.uniform(4, 25)))
        else:
            shapes.append(("box", center, (rng.uniform(6, 50), rng.uniform(6, 50)), rng.uniform(-3, 3)))
    animator, items, _ = scene(shapes)
    world = b2.World(gravity=(0, 0))
    for shape in shapes:
        body = world.create_static_body(position=shape[1], rotation=shape[3] if shape[0] == "box" else 0.0)
        if shape[0] == "circle":
            body.create_circle_shape(b2.shape_def(), b2.circle(radius=shape[2]))
        else:
            body.create_polygon_shape(b2.shape_def(), b2.box(shape[2][0] / 2, shape[2][1] / 2))
    agreed = hits = 0
    for _ in range(400):
        start = (rng.uniform(-50, 450), rng.uniform(-50, 450))
        end = (rng.uniform(-50, 450), rng.uniform(-50, 450))
        ours = animator.ray_cast_first(start, end)
        theirs = world.cast_ray_closest(start, (end[0] - start[0], end[1] - start[1]))
        assert (ours is not None) == bool(theirs.hit)
        if ours is None:
            continue
        hits += 1
        # Box2D computes in float32: its fraction and normal agree to its precision
        assert theirs.fraction == pytest.approx(ours.fraction, abs=2e-5)
        assert tuple(theirs.normal) == pytest.approx(ours.normal, abs=2e-4)
        assert tuple(theirs.point) == pytest.approx(ours.point, abs=2e-2)
        # Box2D's point lies on the outline of the item Anima hit (other shapes may overlap it there)
        agreed += ours.item in animator.items_overlapping(circle=(tuple(theirs.point), 0.05))
    assert hits > 100 and agreed == hits
