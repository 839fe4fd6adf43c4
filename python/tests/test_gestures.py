"""Gestures: a pointer's velocity, momentum projection, rubber banding, the item under a point,
dragging an item with a pointer, and poses at the display's time."""

import copy
import inspect
import math
import pathlib
import pickle
import re
import sys
from array import array

import numpy as np
import pytest

import anima

ROOT = pathlib.Path(__file__).resolve().parents[2]


def tracker_of(samples):
    tracker = anima.VelocityTracker()
    for time, point in samples:
        tracker.add(time, point)
    return tracker


# ------------------------------------------------------------------ velocity tracker

#: Pointer times at about 60 Hz with the jitter of real touch events (seconds).
JITTERED = [0.0, 0.0171, 0.0329, 0.0502, 0.0668, 0.0831, 0.1004, 0.1166]


def test_a_constant_velocity_comes_out_exact_whatever_the_timing():
    velocity = (612.5, -240.0)
    tracker = tracker_of([(t, (30 + velocity[0] * t, 400 + velocity[1] * t)) for t in JITTERED])
    assert tracker.velocity() == pytest.approx(velocity, abs=1e-9)
    assert tracker.velocity(JITTERED[-1] + 0.03) == pytest.approx(velocity, abs=1e-9)


def test_a_constant_acceleration_gives_the_velocity_at_the_newest_sample():
    # x = a t^2 / 2 is a quadratic, which the least-squares fit over three or more samples finds exactly
    acceleration = 3000.0
    tracker = tracker_of([(t, (acceleration * t * t / 2, 0.0)) for t in JITTERED])
    newest = JITTERED[-1]
    assert tracker.velocity() == pytest.approx((acceleration * newest, 0.0), abs=1e-6)


def test_two_samples_give_their_difference_and_one_gives_nothing():
    tracker = tracker_of([(1.0, (0, 0))])
    assert tracker.velocity() == (0.0, 0.0)
    tracker.add(1.01, (6, -3))
    assert tracker.velocity() == pytest.approx((600, -300), abs=1e-9)


def test_a_late_sample_gives_the_same_result_as_one_in_order():
    samples = [(t, (100 + 500 * t + 40 * math.sin(9 * t), 200 - 300 * t)) for t in JITTERED]
    in_order = tracker_of(samples)
    late = samples[:]
    late[-2], late[-1] = late[-1], late[-2]      # the second newest arrives after the newest
    shuffled = tracker_of(late)
    assert shuffled.samples == in_order.samples
    assert shuffled.velocity() == in_order.velocity()
    assert shuffled == in_order


def test_a_sample_with_the_time_of_one_held_replaces_it():
    tracker = tracker_of([(0.0, (0, 0)), (0.01, (5, 0)), (0.01, (6, 0))])
    assert tracker.samples == ((0.0, 0.0, 0.0), (0.01, 6.0, 0.0))


def test_a_pointer_stopped_for_50_ms_flings_nothing():
    tracker = tracker_of([(t, (600 * t, 0)) for t in JITTERED])
    newest = JITTERED[-1]
    assert tracker.velocity(newest + 0.039) == pytest.approx((600, 0), abs=1e-9)
    assert tracker.velocity(newest + 0.05) == (0.0, 0.0)


def test_a_pause_of_more_than_40_ms_starts_a_new_gesture():
    tracker = tracker_of([(t, (600 * t, 0)) for t in JITTERED])
    tracker.add(JITTERED[-1] + 0.05, (0, 0))
    assert len(tracker) == 1
    assert tracker.velocity() == (0.0, 0.0)


def test_only_the_last_100_ms_count():
    # a fast start then a slow 100 ms: only the slow part is fitted
    samples = [(k / 100, (50 * k, 0)) for k in range(5)]                       # 5000 pt/s for 40 ms
    samples += [(0.04 + k / 100, (200 + 2 * k, 0)) for k in range(1, 15)]     # then 200 pt/s for 140 ms
    assert tracker_of(samples).velocity() == pytest.approx((200, 0), abs=1e-9)


def test_the_tracker_keeps_its_20_newest_samples():
    tracker = tracker_of([(k / 1000, (k, 0)) for k in range(30)])
    assert len(tracker) == 20
    assert [sample[0] for sample in tracker.samples] == pytest.approx([k / 1000 for k in range(10, 30)])


def test_reset_forgets_every_sample():
    tracker = tracker_of([(t, (600 * t, 0)) for t in JITTERED])
    tracker.reset()
    assert len(tracker) == 0 and tracker.samples == () and tracker.velocity() == (0.0, 0.0)
    assert tracker == anima.VelocityTracker()
    tracker.add(0, (1, 2))
    assert tracker.samples == ((0.0, 1.0, 2.0),)


def test_the_tracker_copies_pickles_and_shows_itself():
    tracker = tracker_of([(t, (600 * t, 0)) for t in JITTERED])
    for twin in (copy.copy(tracker), copy.deepcopy(tracker), pickle.loads(pickle.dumps(tracker))):
        assert twin == tracker and twin is not tracker
        assert twin.velocity() == tracker.velocity()
        twin.add(0.13, (1000, 0))
        assert twin != tracker and len(tracker) == len(JITTERED)
    assert repr(anima.VelocityTracker()) == "<anima.VelocityTracker empty>"
    assert repr(tracker).startswith(f"<anima.VelocityTracker {len(JITTERED)} samples, newest (69.96, 0) at 0.1166 s")
    assert "velocity (600, 0) pt/s" in repr(tracker)
    assert type(tracker).__module__ == "anima" and tracker.__hash__ is None


def test_the_tracker_refuses_bad_input_and_stays_as_it_was():
    tracker = tracker_of([(0.0, (0, 0)), (0.01, (5, 0))])
    before = tracker.samples
    for time, point, error in ((math.nan, (0, 0), anima.InvalidArgumentError),
                               (math.inf, (0, 0), anima.InvalidArgumentError),
                               (0.02, (math.nan, 0), anima.InvalidArgumentError),
                               (0.02, (0, -math.inf), anima.InvalidArgumentError),
                               ("0.02", (0, 0), TypeError), (None, (0, 0), TypeError),
                               (0.02, (0, 0, 0), TypeError), (0.02, 5, TypeError), (0.02, "ab", TypeError)):
        with pytest.raises(error):
            tracker.add(time, point)
    assert tracker.samples == before
    for time, error in ((math.nan, anima.InvalidArgumentError), (math.inf, anima.InvalidArgumentError),
                        ("now", TypeError)):
        with pytest.raises(error):
            tracker.velocity(time)


def test_bytes_that_are_no_tracker_are_refused_not_read():
    tracker = tracker_of([(0.0, (0, 0)), (0.01, (5, 0))])
    size = len(pickle.loads(pickle.dumps(tracker)).__getstate__())
    with pytest.raises(anima.InvalidArgumentError, match="bad cookie"):
        anima.VelocityTracker().__setstate__(bytes(size))
    with pytest.raises(anima.InvalidArgumentError, match="bytes"):
        anima.VelocityTracker().__setstate__(b"short")
    corrupt = bytearray(tracker.__getstate__())
    corrupt[4:8] = (1000).to_bytes(4, sys.byteorder, signed=True)  # a count beyond the capacity
    with pytest.raises(anima.InvalidArgumentError, match="corrupt"):
        anima.VelocityTracker().__setstate__(bytes(corrupt))
    with pytest.raises(TypeError):
        anima.VelocityTracker().__setstate__(None)


# ----------------------------------------------------------------- momentum projection

@pytest.mark.parametrize("rate", [0.998, 0.99, 0.95, 0.5])
def test_momentum_comes_to_rest_at_position_plus_velocity_over_lambda(rate):
    position, velocity = (120.0, -40.0), (1500.0, -800.0)
    decay = -1000 * math.log(rate)
    expected = (position[0] + velocity[0] / decay, position[1] + velocity[1] / decay)
    assert anima.project_momentum(position, velocity, rate) == pytest.approx(expected, rel=1e-12)


def test_momentum_rates_by_name_and_the_default():
    assert anima.project_momentum((0, 0), (1000, 0)) == anima.project_momentum((0, 0), (1000, 0), "normal")
    assert anima.project_momentum((0, 0), (1000, 0), rate="fast") == anima.project_momentum((0, 0), (1000, 0), 0.99)
    assert anima.project_momentum((0, 0), (1000, 0))[0] == pytest.approx(499.49983316645, abs=1e-9)


def test_a_fling_lands_where_momentum_projects_it():
    animator = anima.Animator()
    card = anima.Item(animator, center=(10, 20))
    animator.fling(card, (1000, -400), rate="fast")
    animator.run_until_rest(max_seconds=20, progress=False)
    assert card.center == pytest.approx(anima.project_momentum((10, 20), (1000, -400), "fast"), abs=1e-6)


@pytest.mark.parametrize("args, error", [
    (((0, 0), (1, 1), 1.0), anima.InvalidArgumentError),
    (((0, 0), (1, 1), 0.0), anima.InvalidArgumentError),
    (((0, 0), (1, 1), -0.5), anima.InvalidArgumentError),
    (((0, 0), (1, 1), math.nan), anima.InvalidArgumentError),
    (((0, 0), (1, 1), "slow"), anima.InvalidArgumentError),
    (((math.inf, 0), (1, 1)), anima.InvalidArgumentError),
    (((0, 0), (math.nan, 1)), anima.InvalidArgumentError),
    (("ab", (1, 1)), TypeError),
    (((0, 0), None), TypeError),
    (((0, 0), (1, 1), None), TypeError),
])
def test_momentum_refuses_bad_input(args, error):
    with pytest.raises(error):
        anima.project_momentum(*args)


# ----------------------------------------------------------------------- rubber band

@pytest.mark.parametrize("offset", [0.0, 1.0, 37.5, 200.0, 5000.0])
@pytest.mark.parametrize("dimension, c", [(320.0, 0.55), (568.0, 0.55), (100.0, 1.0)])
def test_rubber_band_follows_apples_formula_with_odd_symmetry(offset, dimension, c):
    expected = (1 - 1 / (offset * c / dimension + 1)) * dimension
    shown = anima.rubber_band(offset, dimension, c)
    assert shown == pytest.approx(expected, rel=1e-12, abs=1e-12)
    assert anima.rubber_band(-offset, dimension, c) == -shown
    assert 0 <= shown < dimension


def test_rubber_band_shows_half_the_dimension_at_dimension_over_c_and_starts_with_slope_c():
    assert anima.rubber_band(320 / 0.55, 320) == pytest.approx(160, rel=1e-12)
    assert anima.rubber_band(1e-6, 320) / 1e-6 == pytest.approx(0.55, rel=1e-6)
    assert anima.rubber_band(100, 500) == anima.rubber_band(100, 500, 0.55)


def test_rubber_band_clamp_is_the_value_inside_and_an_end_plus_the_band_outside():
    assert anima.rubber_band_clamp(150, 0, 300, 320) == 150
    assert anima.rubber_band_clamp(0, 0, 300, 320) == 0
    assert anima.rubber_band_clamp(340, 0, 300, 320) == pytest.approx(300 + anima.rubber_band(40, 320), rel=1e-12)
    assert anima.rubber_band_clamp(-25, 0, 300, 320, 1.0) == pytest.approx(-anima.rubber_band(25, 320, 1.0), rel=1e-12)
    assert anima.rubber_band_clamp(7, 5, 5, 320) == pytest.approx(5 + anima.rubber_band(2, 320), rel=1e-12)


@pytest.mark.parametrize("args, error", [
    ((10, 0), anima.InvalidArgumentError),
    ((10, -320), anima.InvalidArgumentError),
    ((10, 320, 0), anima.InvalidArgumentError),
    ((10, 320, -0.55), anima.InvalidArgumentError),
    ((math.inf, 320), anima.InvalidArgumentError),
    ((math.nan, 320), anima.InvalidArgumentError),
    ((10, math.inf), anima.InvalidArgumentError),
    ((None, 320), TypeError),
    (("10", 320), TypeError),
])
def test_rubber_band_refuses_bad_input(args, error):
    with pytest.raises(error):
        anima.rubber_band(*args)


@pytest.mark.parametrize("args, error", [
    ((10, 5, 0, 320), anima.InvalidArgumentError),           # lower > upper
    ((10, -math.inf, 0, 320), anima.InvalidArgumentError),
    ((math.nan, 0, 5, 320), anima.InvalidArgumentError),
    ((10, 0, 5, 0), anima.InvalidArgumentError),
    ((10, 0, 5, 320, math.nan), anima.InvalidArgumentError),
    ((10, 0, "5", 320), TypeError),
])
def test_rubber_band_clamp_refuses_bad_input(args, error):
    with pytest.raises(error):
        anima.rubber_band_clamp(*args)


# ----------------------------------------------------------------- the item at a point

def test_an_ellipse_is_hit_inside_its_outline_not_in_the_corners_of_its_frame(animator):
    ball = anima.Item(animator, center=(100, 100), size=(80, 60), shape="ellipse")
    assert animator.item_at((100, 100)) is ball
    assert animator.item_at((139, 100)) is ball and animator.item_at((100, 129)) is ball
    assert animator.item_at((137, 127)) is None                  # in the frame's corner, outside the ellipse
    assert animator.item_at((141, 100)) is None


def test_a_rotated_rectangle_is_hit_where_it_is_drawn(animator):
    bar = anima.Item(animator, center=(160, 200), size=(200, 20), rotation=math.pi / 4)
    along = (160 + 90 / math.sqrt(2), 200 + 90 / math.sqrt(2))   # 90 pt along its long axis
    assert animator.item_at(along) is bar
    assert animator.item_at((250, 200)) is None                  # where it would be unrotated
    across = (160 + 15 / math.sqrt(2), 200 - 15 / math.sqrt(2))  # 15 pt off its axis: past its half width
    assert animator.item_at(across) is None


def test_a_path_item_is_hit_inside_its_triangle_only(animator):
    side = 60.0
    r = side / math.sqrt(3)
    triangle = anima.Item(animator, center=(150, 100), size=(side, side * math.sqrt(3) / 2),
                          path=[(0, -r), (-side / 2, r / 2), (side / 2, r / 2)])
    assert animator.item_at((150, 100)) is triangle              # its centroid
    assert animator.item_at((150, 100 - r + 2)) is triangle      # just below its apex
    assert animator.item_at((150 - 25, 100 - 20)) is None        # inside its bounds, beside the triangle


def test_the_topmost_item_wins_and_hidden_or_missing_items_are_skipped(animator):
    class Card(anima.Item):
        pass

    under = anima.Item(animator, center=(100, 100), size=(100, 100))
    over = Card(animator, center=(130, 100), size=(100, 100))
    assert animator.item_at((120, 100)) is over
    assert animator.item_at((60, 100)) is under
    over.alpha = 0
    assert animator.item_at((120, 100)) is under
    under.destroy()
    assert animator.item_at((120, 100)) is None


def test_a_translated_and_scaled_item_is_hit_where_it_is_drawn(animator):
    item = anima.Item(animator, center=(100, 100), size=(20, 20), scale=(3, 1), translation=(50, 0))
    assert animator.item_at((150 + 28, 100)) is item
    assert animator.item_at((100, 100)) is None


def test_the_item_at_a_point_comes_back_as_a_fresh_item_once_the_object_is_gone(animator):
    anima.Item(animator, center=(100, 100), size=(50, 50))
    found = animator.item_at((100, 100))
    assert type(found) is anima.Item and found.center == (100, 100)


def test_item_at_refuses_bad_input(animator):
    for point, error in (((math.nan, 0), anima.InvalidArgumentError), ((0, math.inf), anima.InvalidArgumentError),
                         (None, TypeError), ((1, 2, 3), TypeError), ("ab", TypeError)):
        with pytest.raises(error):
            animator.item_at(point)
    animator.destroy()
    with pytest.raises(anima.StaleHandleError):
        animator.item_at((0, 0))


# ------------------------------------------------------------------------------ drags

def grabbed_point(item, offset):
    """Where the point `offset` (from the centre, in the item's own coordinates) of an item is."""
    (x, y), angle = item.center, item.rotation
    return (x + offset[0] * math.cos(angle) - offset[1] * math.sin(angle),
            y + offset[0] * math.sin(angle) + offset[1] * math.cos(angle))


@pytest.fixture
def screen_ball(animator):
    """A 60 pt ball in the screen, colliding with its edges, with an item behavior."""
    ball = anima.Item(animator, center=(100, 300), size=(60, 60), shape="ellipse")
    behavior = anima.ItemBehavior([ball])
    animator.add_behavior(behavior)
    animator.add_behavior(anima.Collision([ball], translates_reference_bounds_into_boundary=True))
    return ball, behavior


def test_a_dragged_ball_follows_the_pointer_and_leaves_with_its_velocity(animator, screen_ball):
    ball, behavior = screen_ball
    drag = animator.begin_drag(ball, (110, 300), 0.0)             # 10 pt right of its centre
    assert drag.is_active and drag.item is ball
    assert drag.attachment in animator.behaviors and drag.attachment.type == "anchor"
    default = inspect.signature(animator.begin_drag).parameters["max_acceleration"].default
    assert drag.attachment.max_force == pytest.approx(default * ball.mass, rel=1e-12)
    gaps = []
    for frame in range(1, 13):                                    # 120 pt in 0.2 s at 60 Hz
        pointer = (110 + 10 * frame, 300)
        drag.move(pointer, frame / 60)
        assert drag.attachment.anchor_point == pointer
        animator.advance(1 / 60)
        gaps.append(math.dist(grabbed_point(ball, (10, 0)), pointer))
    assert max(gaps) < 7 and gaps[-1] < 3          # within a few points, closing in
    velocity = drag.end(12 / 60)
    assert velocity == pytest.approx((600, 0), abs=1e-6)
    assert behavior.linear_velocity(ball) == velocity and ball.velocity == velocity
    assert not drag.is_active and not drag.attachment.is_valid
    assert drag.attachment not in animator.behaviors
    animator.advance(1 / 60)
    assert ball.center[0] > 220


def test_begin_drag_takes_its_defaults_from_the_library():
    parameters = inspect.signature(anima.Animator.begin_drag).parameters
    assert list(parameters) == ["self", "item", "point", "time", "frequency", "damping", "max_acceleration"]
    assert (parameters["frequency"].default, parameters["damping"].default) == (0.0, 1.0)
    assert parameters["max_acceleration"].default == anima._anima._drag_defaults()[2]
    assert 1000 <= parameters["max_acceleration"].default < math.inf      # at least gravity 1.0, bounded
    assert f"{parameters['max_acceleration'].default:,.0f}".replace(",", " ") in anima.Animator.begin_drag.__doc__


def test_a_drag_takes_an_item_from_a_running_animation_without_a_jump(animator, ball):
    done = []
    with animator.animate(1.0, curve="linear", completion=done.append) as animation:
        ball.center = (260, 100)
    for _ in range(30):
        animator.advance(1 / 60)
    before = ball.center
    assert before == pytest.approx((210, 100), abs=1e-9)
    drag = animator.begin_drag(ball, (before[0] + 5, before[1]), 0.5)
    assert ball.center == before
    for frame in range(1, 11):                                    # the pointer holds still
        drag.move((before[0] + 5, before[1]), 0.5 + frame / 60)
        animator.advance(1 / 60)
        assert ball.center == pytest.approx(before, abs=1e-6)
    assert done == [False]
    assert animation.finished is False and animation.position == "current"
    assert drag.end(0.5 + 10 / 60) == (0.0, 0.0)


def test_a_springy_drag_and_an_unbounded_one(animator, screen_ball):
    ball, _ = screen_ball
    drag = animator.begin_drag(ball, (100, 300), 0.0, frequency=4.0, damping=0.7, max_acceleration=math.inf)
    assert drag.attachment.frequency == 4.0 and drag.attachment.damping == 0.7
    assert drag.attachment.max_force == math.inf
    drag.move((200, 300), 0.01)
    animator.advance(0.05)
    assert 100 < ball.center[0] < 200                              # on its way, not there at once
    drag.end(0.06)


def test_ending_a_drag_lets_go_of_its_attachment_like_destroy(animator, screen_ball):
    ball, _ = screen_ball
    drag = animator.begin_drag(ball, (100, 300), 0.0)
    calls = []
    drag.attachment.action = lambda: calls.append(1)               # the animator now keeps the wrapper
    assert any(b is drag.attachment for b in animator._held.values())
    animator.advance(1 / 60)
    assert calls
    drag.end(1 / 60)
    assert not animator._held                                      # dropped, as Behavior.destroy drops it
    with pytest.raises(anima.StaleHandleError):
        drag.attachment.anchor_point = (0, 0)
    assert repr(drag).startswith("<anima.Drag ended")
    assert "(destroyed)" in repr(drag.attachment)


def test_a_drag_ends_once(animator, screen_ball):
    ball, _ = screen_ball
    drag = animator.begin_drag(ball, (100, 300), 0.0)
    assert repr(drag).startswith("<anima.Drag active, pointer=(100, 300)")
    drag.end(0.1)
    with pytest.raises(anima.InvalidStateError):
        drag.move((110, 300), 0.2)
    with pytest.raises(anima.InvalidStateError):
        drag.end(0.2)


def test_a_drag_whose_attachment_or_item_goes_has_ended(animator, screen_ball):
    ball, _ = screen_ball
    removed = animator.begin_drag(ball, (100, 300), 0.0)
    animator.remove_behavior(removed.attachment)
    assert not removed.is_active
    with pytest.raises(anima.InvalidStateError):
        removed.move((110, 300), 0.1)
    destroyed = animator.begin_drag(ball, (100, 300), 0.0)
    destroyed.attachment.destroy()
    assert not destroyed.is_active
    with pytest.raises(anima.StaleHandleError):
        destroyed.end(0.1)
    gone = animator.begin_drag(ball, (100, 300), 0.0)
    ball.destroy()
    assert not gone.is_active
    with pytest.raises(anima.InvalidStateError):
        gone.move((110, 300), 0.1)


def test_a_copied_animator_keeps_the_attachment_but_not_the_drag(animator, screen_ball):
    ball, _ = screen_ball
    drag = animator.begin_drag(ball, (100, 300), 0.0)
    drag.move((120, 300), 1 / 60)
    animator.advance(1 / 60)
    twin_animator, twin = pickle.loads(pickle.dumps((animator, drag)))
    assert not twin.is_active and twin.attachment in twin_animator.behaviors
    assert twin.attachment.anchor_point == (120, 300)
    with pytest.raises(anima.InvalidStateError):
        twin.move((130, 300), 2 / 60)
    assert drag.is_active                                           # the original goes on
    drag.end(2 / 60)


def test_begin_drag_refuses_bad_input_and_adds_nothing(animator, screen_ball, other_animator):
    ball, _ = screen_ball
    behaviors = animator.behaviors
    for args, options, error in (
        (("ball", (0, 0), 0), {}, TypeError),
        ((other_animator[1], (0, 0), 0), {}, anima.InvalidArgumentError),
        ((ball, (math.nan, 0), 0), {}, anima.InvalidArgumentError),
        ((ball, (0, 0), math.inf), {}, anima.InvalidArgumentError),
        ((ball, (0, 0), "now"), {}, TypeError),
        ((ball, None, 0), {}, TypeError),
        ((ball, (0, 0), 0), {"max_acceleration": 0}, anima.InvalidArgumentError),
        ((ball, (0, 0), 0), {"max_acceleration": -1}, anima.InvalidArgumentError),
        ((ball, (0, 0), 0), {"max_acceleration": math.nan}, anima.InvalidArgumentError),
        ((ball, (0, 0), 0), {"frequency": -1}, anima.InvalidArgumentError),
        ((ball, (0, 0), 0), {"damping": math.inf}, anima.InvalidArgumentError),
        ((ball, (0, 0), 0), {"damping": "high"}, TypeError),
        ((ball, (0, 0), 0), {"stiffness": 1}, TypeError),
    ):
        with pytest.raises(error):
            animator.begin_drag(*args, **options)
    assert animator.behaviors == behaviors
    drag = animator.begin_drag(ball, (100, 300), 0.0)
    for point, time, error in (((math.nan, 0), 0.1, anima.InvalidArgumentError),
                               ((0, 0), math.nan, anima.InvalidArgumentError),
                               ((0, 0, 0), 0.1, TypeError), ((0, 0), None, TypeError)):
        with pytest.raises(error):
            drag.move(point, time)
    with pytest.raises(anima.InvalidArgumentError):
        drag.end(math.inf)
    assert drag.is_active
    with pytest.raises(TypeError):
        anima.Drag(ball, "attachment")
    animator.destroy()
    with pytest.raises(anima.StaleHandleError):
        drag.end(0.1)
    with pytest.raises(anima.StaleHandleError):
        animator.begin_drag(ball, (0, 0), 0)


# ---------------------------------------------------------------------- attachments

def test_an_attachments_max_force_is_unbounded_by_default_and_settable(animator, ball):
    rod = anima.Attachment(ball, (160, 0))
    assert rod.max_force == math.inf
    rod.max_force = 250.0
    assert rod.max_force == 250.0 and "max_force=250.0" in repr(rod)
    rod.max_force = math.inf
    assert rod.max_force == math.inf and "max_force" not in repr(rod)
    for bad, error in ((0, anima.InvalidArgumentError), (-1, anima.InvalidArgumentError),
                       (math.nan, anima.InvalidArgumentError), (-math.inf, anima.InvalidArgumentError),
                       ("strong", TypeError), (None, TypeError)):
        with pytest.raises(error):
            rod.max_force = bad
    assert rod.max_force == math.inf
    with pytest.raises(AttributeError):
        del rod.max_force


@pytest.mark.parametrize("max_force, sag", [(500.0, 62.5), (2000.0, 0.0), (math.inf, 0.0)])
def test_a_bounded_point_attachment_stretches_instead_of_pulling_harder(animator, max_force, sag):
    # a bob of mass 1 held at its centre (length 0) needs 1000 mass x pt/s^2 against gravity; held
    # with 500 it falls at 1000 - 500 pt/s^2: 62.5 pt in 0.5 s
    bob = anima.Item(animator, center=(160, 200), size=(100, 100))
    hold = anima.Attachment(bob, (160, 200), length=0)
    hold.max_force = max_force
    for behavior in (hold, anima.Gravity([bob]), anima.ItemBehavior([bob])):
        animator.add_behavior(behavior)
    animator.advance(0.5)
    assert bob.center[1] - 200 == pytest.approx(sag, abs=0.5)


# ---------------------------------------------------------------------- display poses

def frame_steps(rate, seconds=1.0):
    """A ball gliding at 600 pt/s, drawn at `rate` Hz: the x displacement between frames of
    display_poses() and of poses(), from 0.1 s on."""
    animator = anima.Animator()
    ball = anima.Item(animator, size=(40, 40), shape="ellipse")
    animator.add_behavior(anima.ItemBehavior([ball], resistance=0))
    ball.velocity = (600, 0)
    shown, stepped = [], []
    for frame in range(1, round(seconds * rate) + 1):
        animator.advance(1 / rate)
        assert 0 <= animator.display_fraction <= 1
        if frame / rate > 0.1:
            shown.append(animator.display_poses()[0, 0])
            stepped.append(animator.poses()[0, 0])
    return np.diff(shown), np.diff(stepped)


@pytest.mark.parametrize("rate", [144, 75])
def test_display_poses_move_evenly_where_poses_stutter(rate):
    shown, stepped = frame_steps(rate)
    assert shown.min() > 0 and shown.max() / shown.min() - 1 < 0.01
    assert shown.mean() == pytest.approx(600 / rate, rel=1e-9)
    assert stepped.max() > 1.5 * stepped.min()         # one step in some frames, two (or none) in others


def test_display_poses_lie_between_the_last_two_steps(animator):
    ball = anima.Item(animator, size=(40, 40))
    animator.add_behavior(anima.ItemBehavior([ball]))
    ball.velocity = (600, 0)
    animator.advance(1 / 144)
    assert animator.poses()[0, 0] == 0 and animator.display_fraction == pytest.approx(120 / 144)
    animator.advance(1 / 144)                                 # one step of 5 pt, and 2/3 of the next
    assert animator.display_fraction == pytest.approx(2 / 3, rel=1e-12)
    assert animator.poses()[0, 0] == 5.0
    assert animator.display_poses()[0, 0] == pytest.approx(5 * 2 / 3, rel=1e-12)


def test_display_poses_have_the_form_of_poses_and_copy_into_a_buffer(animator, falling_ball):
    anima.Item(animator, center=(60, 60), size=(20, 20))
    for _ in range(7):
        animator.advance(1 / 75)
    poses = animator.display_poses()
    assert poses.shape == (2, 3) and poses.dtype == np.float64 and not poses.flags.writeable
    buffer = np.zeros((2, 3))
    assert animator.copy_display_poses_into(buffer) == 2
    assert np.array_equal(buffer, poses)
    flat = array("d", bytes(8 * 6))
    assert animator.copy_display_poses_into(flat) == 2 and list(flat) == poses.ravel().tolist()
    for bad, error in ((np.zeros((1, 3)), anima.InvalidArgumentError), (np.zeros((2, 3), np.float32), ValueError),
                       (np.zeros((2, 3))[:, :2], ValueError), (b"x" * 48, ValueError), (5, TypeError)):
        with pytest.raises(error):
            animator.copy_display_poses_into(bad)
    assert anima.Animator().display_poses().shape == (0, 3)


def test_an_items_display_pose_is_its_row_of_display_poses(animator):
    """Item.display_center and display_rotation read one item's row of display_poses(), for
    toolkit bindings that write widget by widget."""
    wheel = anima.Item(animator, center=(50, 50), size=(40, 40), shape="ellipse")
    box = anima.Item(animator, center=(200, 80), size=(30, 30))
    animator.add_behavior(anima.ItemBehavior([wheel, box], resistance=0, angular_resistance=0))
    wheel.velocity, wheel.angular_velocity, box.velocity = (600, 0), 3.0, (0, -240)
    for _ in range(5):
        animator.advance(1 / 144)
    assert 0 < animator.display_fraction < 1
    rows = animator.display_poses()
    for row, item in zip(rows, (wheel, box)):
        assert item.display_center == (row[0], row[1]) and item.display_rotation == row[2]
    assert wheel.display_center[0] < wheel.center[0] and wheel.display_rotation < wheel.rotation
    box.destroy()
    with pytest.raises(anima.StaleHandleError):
        box.display_center


def test_a_paused_animator_shows_its_poses(animator, falling_ball):
    animator.run_until_rest(progress=False)
    assert animator.display_fraction == 1.0
    assert np.array_equal(animator.display_poses(), animator.poses())


def test_an_item_moved_from_outside_shows_where_it_was_put(animator, falling_ball):
    ball, _, _ = falling_ball
    animator.advance(0.3 + 1 / 240)
    ball.center = (50, 50)
    assert tuple(animator.display_poses()[0, :2]) == (50, 50)


def test_display_values_are_read_only_and_refused_on_a_destroyed_animator(animator):
    with pytest.raises(AttributeError):
        animator.display_fraction = 0.5
    animator.destroy()
    for read in (lambda: animator.display_fraction, animator.display_poses,
                 lambda: animator.copy_display_poses_into(np.zeros(3))):
        with pytest.raises(anima.StaleHandleError):
            read()


# ----------------------------------------------------------------------------- docs

def test_the_gestures_section_of_the_python_docs_runs(capsys):
    path = ROOT / "docs" / "python.md"
    if not path.is_file():
        pytest.skip("docs/python.md is not available (tests run outside the source tree)")
    text = path.read_text(encoding="utf-8")
    section = text[text.index("## Gestures"):]
    section = section[: section.index("\n## ", 1)]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert blocks
    exec(compile("\n".join(blocks), "docs/python.md", "exec"), {})
    printed = capsys.readouterr().out
    assert "(600.0, 0.0)" in printed
