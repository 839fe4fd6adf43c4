"""Snap: a 4 Hz spring to a point that turns the item upright; moving the point; bad input."""

import math

import pytest

import anima

START = (60.0, 60.0)
TARGET = (250.0, 400.0)


def frames_until_rest(anim, limit=3.0, each=lambda: None):
    """Advances in 1/60 s frames until the animator pauses; the simulated seconds, or None."""
    start = anim.elapsed_time
    while anim.elapsed_time - start < limit:
        anim.advance(1 / 60)
        each()
        if not anim.is_running:
            return anim.elapsed_time - start
    return None


@pytest.fixture
def snapped(animator):
    """A tilted 64 pt ball at (60, 60) snapping to (250, 400) in a 320 x 568 animator."""
    ball = anima.Item(animator, center=START, size=(64, 64), shape="ellipse", rotation=0.7)
    snap = anima.Snap(ball, TARGET)
    animator.add_behavior(snap)
    return animator, ball, snap


def test_snap_arrives_with_a_slight_overshoot_upright_and_rests_within_a_second(snapped):
    anim, ball, _ = snapped
    distance = math.dist(START, TARGET)
    ux, uy = (TARGET[0] - START[0]) / distance, (TARGET[1] - START[1]) / distance
    overshoot = 0.0

    def measure():
        nonlocal overshoot
        x, y = ball.center
        overshoot = max(overshoot, (x - TARGET[0]) * ux + (y - TARGET[1]) * uy)  # past the point

    seconds = frames_until_rest(anim, each=measure)
    assert seconds is not None and seconds < 1.2, f"rested after {seconds} s"
    assert math.dist(ball.center, TARGET) < 0.5
    assert 0 < overshoot < 0.15 * distance, f"overshoot {overshoot:.2f} pt of {distance:.1f} pt"
    assert abs(ball.rotation) < 0.01


def test_moving_the_point_while_paused_resumes_and_the_item_follows(snapped):
    anim, ball, snap = snapped
    assert frames_until_rest(anim) is not None
    assert not anim.is_running
    snap.point = (200, 300)
    assert snap.point == (200.0, 300.0)
    assert anim.is_running
    assert frames_until_rest(anim) is not None
    assert math.dist(ball.center, (200, 300)) < 0.5


def test_snap_defaults(animator, ball):
    snap = anima.Snap(ball, [10, 20])
    assert snap.point == (10.0, 20.0)
    assert snap.damping == 0.5
    assert snap.items == (ball,)
    assert snap.animator is animator
    assert isinstance(snap, anima.Behavior)


def test_more_damping_overshoots_less():
    def overshoot(damping):
        anim = anima.Animator(reference_bounds=(0, 0, 320, 568))
        item = anima.Item(anim, center=(160, 100), size=(40, 40))
        snap = anima.Snap(item, (160, 400))
        snap.damping = damping
        anim.add_behavior(snap)
        lowest = 0.0
        for _ in range(120):
            anim.advance(1 / 60)
            lowest = max(lowest, item.center[1] - 400)
        return lowest

    assert overshoot(0.1) > overshoot(0.5) > overshoot(1.0) >= 0.0


def test_damping_reads_back(ball):
    snap = anima.Snap(ball, (0, 0))
    snap.damping = 0.0
    assert snap.damping == 0.0
    snap.damping = 1
    assert snap.damping == 1.0


def test_snap_comes_back_as_a_snap(animator, ball):
    animator.add_behavior(anima.Snap(ball, (5, 6)))
    (snap,) = animator.behaviors
    assert type(snap) is anima.Snap
    assert snap.point == (5.0, 6.0)
    assert repr(snap) == "<anima.Snap point=(5.0, 6.0) damping=0.5, added>"


# -------------------------------------------------------------- bad input


def test_damping_outside_zero_to_one_is_refused(ball):
    snap = anima.Snap(ball, (0, 0))
    with pytest.raises(anima.InvalidArgumentError, match="damping"):
        snap.damping = 1.5
    with pytest.raises(anima.InvalidArgumentError, match="damping"):
        snap.damping = -0.1
    with pytest.raises(anima.InvalidArgumentError, match="damping"):
        snap.damping = math.nan
    assert snap.damping == 0.5


def test_bad_points_and_items_are_refused(animator, ball):
    with pytest.raises(anima.InvalidArgumentError, match=r"point\[0\]"):
        anima.Snap(ball, (math.nan, 0))
    with pytest.raises(TypeError, match="point"):
        anima.Snap(ball, (1, 2, 3))
    with pytest.raises(TypeError, match="anima.Item"):
        anima.Snap("ball", (0, 0))
    snap = anima.Snap(ball, (1, 2))
    with pytest.raises(anima.InvalidArgumentError):
        snap.point = (0, math.inf)
    with pytest.raises(AttributeError):
        del snap.point
    assert snap.point == (1.0, 2.0)
