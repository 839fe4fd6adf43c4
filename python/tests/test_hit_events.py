"""Hit events (Box2D v3's contact hit events): a contact's approach speed, normal, point and
impulse in the step of its impact, for the collision behaviors whose hit_threshold it passes."""

import math

import pytest

import anima


def dropped_ball(drop=200.0, elasticity=0.0, threshold=100.0):
    """A 40 pt ball at rest with its bottom `drop` pt above the floor of a 320 x 568 pt screen,
    under gravity (1000 pt/s^2), colliding with the reference bounds."""
    anim = anima.Animator(reference_bounds=(0, 0, 320, 568))
    ball = anima.Item(anim, center=(160, 568 - 20 - drop), size=(40, 40), shape="ellipse")
    anim.add_behavior(anima.Gravity([ball]))
    anim.add_behavior(anima.ItemBehavior([ball], elasticity=elasticity))
    walls = anima.Collision([ball], translates_reference_bounds_into_boundary=True)
    walls.hit_threshold = threshold
    anim.add_behavior(walls)
    return anim, ball, walls


def run(anim, seconds):
    hits = []
    for _ in range(round(seconds * 60)):
        anim.advance(1 / 60)
        hits += anim.hit_events
    return hits


def test_a_falling_ball_hits_the_floor_once_at_the_speed_of_its_fall():
    anim, ball, walls = dropped_ball()
    hits = run(anim, 2.0)
    assert len(hits) == 1
    hit = hits[0]
    assert isinstance(hit, anima.HitEvent)
    speed = math.sqrt(2 * 1000 * 200)        # v = sqrt(2 g h)
    assert hit.approach_speed == pytest.approx(speed, rel=0.01)
    assert hit.collision is walls and hit.item is ball and hit.other is None and hit.is_boundary
    assert hit.boundary_identifier is None
    assert hit.normal == pytest.approx((0.0, 1.0), abs=1e-9)    # from the ball toward the floor, y down
    assert hit.point[1] == pytest.approx(568, abs=1.0)
    # an inelastic ball stops: the impulse is its momentum m v
    assert hit.impulse == pytest.approx(ball.mass * speed, rel=0.05)
    assert repr(hit).startswith("HitEvent(item=")
    with pytest.raises(AttributeError):
        hit.impulse = 0.0
    # at rest on the floor, no more hits
    assert run(anim, 1.0) == []


def test_each_bounce_is_a_hit_until_it_is_slower_than_the_threshold():
    anim, _, _ = dropped_ball(elasticity=0.5)
    speeds = [hit.approach_speed for hit in run(anim, 10.0)]
    # 632, 316, 158 pt/s; the fourth impact, at 79 pt/s, is below 100
    assert len(speeds) == 3, speeds
    assert speeds[1] / speeds[0] == pytest.approx(0.5, abs=0.02)
    assert speeds[2] / speeds[1] == pytest.approx(0.5, abs=0.04)


def test_no_threshold_no_hit_and_the_motion_is_the_same():
    anim, ball, walls = dropped_ball(threshold=math.inf)
    assert walls.hit_threshold == math.inf
    assert anima.Collision([], animator=anim).hit_threshold == math.inf     # the default
    other, other_ball, _ = dropped_ball(threshold=700.0)      # above the impact's 632 pt/s
    assert run(anim, 2.0) == [] and run(other, 2.0) == []
    assert ball.center == other_ball.center and ball.velocity == other_ball.velocity


def test_two_items_meeting_head_on_report_their_closing_speed():
    anim = anima.Animator()
    left = anima.Item(anim, center=(0, 0), size=(40, 40), shape="ellipse")
    right = anima.Item(anim, center=(100, 0), size=(40, 40), shape="ellipse")
    anim.add_behavior(anima.ItemBehavior([left, right], elasticity=1.0))
    left.velocity, right.velocity = (300, 0), (-300, 0)
    loud = anima.Collision([left, right])
    loud.hit_threshold = 0.0
    anim.add_behavior(loud)
    anim.add_behavior(anima.Collision([left, right]))        # a second behavior, without a threshold
    hits = run(anim, 0.5)
    assert len(hits) == 1 and hits[0].collision is loud and not hits[0].is_boundary
    hit = hits[0]
    assert hit.approach_speed == pytest.approx(600, abs=1e-6)
    assert {hit.item, hit.other} == {left, right}
    dx, dy = (hit.other.center[0] - hit.item.center[0], hit.other.center[1] - hit.item.center[1])
    assert hit.normal[0] * dx + hit.normal[1] * dy == pytest.approx(math.hypot(dx, dy), rel=1e-6)
    assert hit.impulse == pytest.approx(2 * left.mass * 300, rel=0.01)


@pytest.mark.parametrize("bad, error", [(-1.0, ValueError), (math.nan, ValueError), (2e7, ValueError),
                                        ("fast", TypeError), (None, TypeError)])
def test_a_bad_threshold_is_refused_and_changes_nothing(bad, error):
    _, _, walls = dropped_ball(threshold=150.0)
    with pytest.raises(error):
        walls.hit_threshold = bad
    assert walls.hit_threshold == 150.0


def test_the_threshold_survives_a_snapshot_and_the_hits_replay():
    anim, _, walls = dropped_ball(threshold=150.0)
    anim.advance(0.1)
    copy = anima.Animator.restore(anim.snapshot())
    restored = [b for b in copy.behaviors if isinstance(b, anima.Collision)]
    assert restored[0].hit_threshold == 150.0
    mine = [(h.approach_speed, h.impulse, h.point) for h in run(anim, 1.0)]
    theirs = [(h.approach_speed, h.impulse, h.point) for h in run(copy, 1.0)]
    assert len(mine) == 1 and mine == theirs
