"""UIKit's discrete and cubic-paced keyframe modes and SwiftUI's per-keyframe timing."""

import math

import pytest

import anima


def frames(animator, seconds):
    for _ in range(round(seconds * 120)):
        animator.advance(1 / 120)


@pytest.fixture
def animator():
    return anima.Animator(reference_bounds=(0, 0, 320, 568))


def test_discrete_keyframes_appear_at_the_start_of_their_windows(animator):
    v = anima.Value(animator, 0.0)
    with animator.animate_keyframes(1.0, mode="discrete") as k:
        with k.keyframe(0.25, 0.25):
            v.value = 100.0
        with k.keyframe(0.5, 0.5):
            v.value = 40.0
    seen = []
    for _ in range(8):
        frames(animator, 0.125)
        seen.append(v.value)
    assert seen == [0.0, 100.0, 100.0, 40.0, 40.0, 40.0, 40.0, 40.0]


def test_cubic_paced_travels_at_an_even_speed(animator):
    ball = anima.Item(animator, center=(0, 0), size=(10, 10))
    with animator.animate_keyframes(1.0, mode="cubic_paced") as k:
        for (start, duration), corner in zip([(0, 0.1), (0.1, 0.1), (0.2, 0.8)], [(100, 0), (100, 100), (0, 100)]):
            with k.keyframe(start, duration):
                ball.center = corner
    points = [ball.center]
    for _ in range(120):
        animator.advance(1 / 120)
        points.append(ball.center)
    steps = [math.dist(a, b) for a, b in zip(points, points[1:])]
    assert points[-1] == (0.0, 100.0)
    assert max(steps) / min(steps) < 1.02


def test_each_keyframe_has_its_own_timing(animator):
    v = anima.Value(animator, 0.0)
    with animator.animate_keyframes(1.0) as k:
        with k.keyframe(0, 0.25, curve="ease_in_out"):
            v.value = 100.0
        with k.keyframe(0.25, 0.25, kind="move"):
            v.value = 50.0
        with k.keyframe(0.5, 0.25, kind="spring", damping_ratio=0.4):
            v.value = 150.0
        with k.keyframe(0.75, 0.25, kind="cubic"):
            v.value = 0.0
    frames(animator, 0.125)
    assert v.value == pytest.approx(50.0, abs=1e-9)
    frames(animator, 0.125)
    assert v.value == 50.0
    frames(animator, 0.25)
    peak = 0.0
    for _ in range(30):
        animator.advance(1 / 120)
        peak = max(peak, v.value)
    assert peak > 150.0 and v.value == 150.0
    frames(animator, 0.25)
    assert v.value == 0.0


def test_keyframe_timing_is_checked(animator):
    v = anima.Value(animator, 0.0)
    with pytest.raises(anima.InvalidArgumentError, match="linear mode"):
        with animator.animate_keyframes(1.0, mode="cubic") as k:
            with k.keyframe(0, 1, kind="move"):
                v.value = 1.0
    with pytest.raises(anima.InvalidArgumentError, match="damping ratio"):
        with animator.animate_keyframes(1.0) as k:
            with k.keyframe(0, 1, damping_ratio=1.5):
                v.value = 1.0
    with pytest.raises(anima.InvalidArgumentError, match="kind must be"):
        with animator.animate_keyframes(1.0) as k:
            with k.keyframe(0, 1, kind="bounce"):
                v.value = 1.0
    with pytest.raises(anima.InvalidArgumentError, match="curve goes with"):
        with animator.animate_keyframes(1.0) as k:
            with k.keyframe(0, 1, kind="move", curve="ease_in"):
                v.value = 1.0
    with pytest.raises(anima.InvalidArgumentError, match="count must be >= 1"):
        with animator.animate_keyframes(1.0) as k:
            with k.keyframe(0, 1, curve=("steps", 0)):
                v.value = 1.0
    assert not animator.is_recording_animation and v.value == 0.0
