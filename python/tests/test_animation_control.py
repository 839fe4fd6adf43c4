"""View animations: the property animator, keyframes, flings, staggers and timelines."""

import math
import pickle

import pytest

import anima


def frames(animator, seconds, rate=60):
    for _ in range(round(seconds * rate)):
        animator.advance(1 / rate)


# ------------------------------------------------------------ property animator

#: Where the ball stands at each end of the linear move.
ENDS = {"start": (160, 100), "end": (260, 100)}


def linear_move(animator, ball, done=None):
    with animator.animate(1.0, curve="linear", completion=None if done is None else done.append) as animation:
        ball.center = ENDS["end"]
    return animation


def halfway_move(animator, ball, done=None):
    """The linear move after 0.5 s of its 1 s, the ball halfway."""
    animation = linear_move(animator, ball, done)
    frames(animator, 0.5)
    return animation


def assert_finished_at(position, animation, ball, done):
    """The move ended at `position` (its completion called once, finished) with the ball there."""
    assert ball.center == ENDS[position]
    assert done == [True] and animation.position == position


def test_pause_scrub_and_resume(animator, ball):
    animation = linear_move(animator, ball)
    frames(animator, 0.25)
    animation.pause()
    assert animation.is_paused
    frames(animator, 1.0)
    assert ball.center == pytest.approx((185, 100), abs=1e-9)
    assert not animator.is_running
    animation.fraction_complete = 0.8
    assert ball.center == pytest.approx((240, 100), abs=1e-9)
    assert animation.fraction_complete == pytest.approx(0.8, abs=1e-12)
    animation.resume()
    frames(animator, 0.2)
    assert ball.center == (260, 100) and animation.position == "end" and animation.finished


def test_scrubbing_needs_a_pause_and_a_fraction_in_range(animator, ball):
    animation = linear_move(animator, ball)
    with pytest.raises(anima.InvalidStateError):
        animation.fraction_complete = 0.5
    animation.pause()
    for bad in (-0.1, 1.1):
        with pytest.raises(anima.InvalidArgumentError):
            animation.fraction_complete = bad
    with pytest.raises(anima.InvalidArgumentError):
        animation.fraction_complete = math.nan


def test_reverse_returns_to_the_start(animator, ball):
    done = []
    animation = halfway_move(animator, ball, done)
    animation.is_reversed = True
    assert animation.is_reversed
    frames(animator, 0.25)
    assert ball.center == pytest.approx((185, 100), abs=1e-9)
    frames(animator, 0.3)
    assert_finished_at("start", animation, ball, done)


def test_reversed_and_continued_ends_at_the_start(animator, ball):
    # UIViewPropertyAnimator: paused, scrubbed, reversed and continued, it runs back to its start,
    # stays reversed, and its completion reports the start.
    done = []
    animation = halfway_move(animator, ball, done)
    animation.pause()
    animation.fraction_complete = 0.25
    animation.is_reversed = True
    animation.continue_animation(1.0)
    assert animation.is_reversed and not animation.is_paused
    frames(animator, 0.125, rate=120)   # 0.125 s exactly (at 60 Hz, round(7.5) = 8 frames would be 0.133 s)
    assert ball.center == pytest.approx((172.5, 100), abs=1e-9)   # halfway back over the remaining 0.25 s
    frames(animator, 0.2)
    assert_finished_at("start", animation, ball, done)


def test_continued_forward_after_a_reverse_ends_at_the_end(animator, ball):
    done = []
    animation = halfway_move(animator, ball, done)
    animation.is_reversed = True
    frames(animator, 0.25)
    animation.is_reversed = False
    animation.continue_animation(0.5)
    assert not animation.is_reversed
    frames(animator, 0.5)
    assert_finished_at("end", animation, ball, done)


def test_stopping_a_reversed_continue_at_either_end(animator, ball):
    # its tracks run to the original start: stopping at 'start' puts the ball there; the original
    # end is out of their reach, so stopping at 'end' leaves the ball where it is
    for position, center, reported in (("start", (160, 100), "start"), ("end", None, "current")):
        done = []
        animation = halfway_move(animator, ball, done)
        animation.is_reversed = True
        animation.continue_animation(1.0)
        frames(animator, 0.1)
        before = ball.center
        animation.stop(position)
        frames(animator, 1 / 60)
        assert ball.center == (center or before)
        assert animation.position == reported and done == [reported == "end"]
        ball.center = (160, 100)
        frames(animator, 0.1)


def test_a_pickled_reversed_continue_still_ends_at_the_start(animator, ball):
    animation = halfway_move(animator, ball)
    animation.is_reversed = True
    animation.continue_animation(1.0)
    frames(animator, 0.1)
    twin_animator, twin_animation = pickle.loads(pickle.dumps((animator, animation)))
    assert twin_animation.is_reversed
    frames(animator, 0.5)
    frames(twin_animator, 0.5)
    assert twin_animator.find_item(ball.id).center == ball.center == (160, 100)
    assert (twin_animation.position, animation.position) == ("start", "start")
    assert twin_animator.state_hash() == animator.state_hash()


def test_continue_with_a_spring_from_a_pause(animator, ball):
    animation = halfway_move(animator, ball)
    animation.pause()
    animation.continue_animation(spring=(1, 200, 20))
    assert not animation.is_paused
    t = 0
    while animator.is_running and t < 5:
        frames(animator, 1 / 60)
        t += 1 / 60
    assert ball.center == (260, 100) and animation.position == "end"


@pytest.mark.parametrize("position,x,finished", [("end", 260, True), ("start", 160, False), ("current", 190, False)])
def test_stop_leaves_properties_where_asked(animator, ball, position, x, finished):
    done = []
    animation = linear_move(animator, ball, done)
    frames(animator, 0.3)
    animation.stop(position)
    assert ball.center == pytest.approx((x, 100), abs=1e-9)
    frames(animator, 1 / 60)
    assert done == [finished] and animation.position == position
    with pytest.raises(anima.NotFoundError):
        animation.pause()


def test_controls_on_unknown_animations_raise_not_found(animator):
    for call in (lambda: animator._pause_animation(99), lambda: animator._resume_animation(99),
                 lambda: animator._animation_fraction(99), lambda: animator._stop_animation(99, "end"),
                 lambda: animator._continue_animation(99, 1.0)):
        with pytest.raises(anima.NotFoundError):
            call()


def test_bad_control_arguments(animator, ball):
    animation = linear_move(animator, ball)
    with pytest.raises(anima.InvalidArgumentError):
        animation.stop("middle")
    with pytest.raises(anima.InvalidArgumentError):
        animation.continue_animation(0)
    with pytest.raises(anima.InvalidArgumentError):
        animation.continue_animation(1.0, spring=(1, 0, 1))
    assert animation.is_active


# ------------------------------------------------------------ keyframes

def test_linear_keyframes_follow_their_windows(animator, ball):
    with animator.animate_keyframes(2.0) as k:
        with k.keyframe(0.0, 0.25):
            ball.center = (260, 100)
        with k.keyframe(0.75, 0.25):
            ball.center = (260, 300)
            ball.alpha = 0.0
    frames(animator, 0.25)
    assert ball.center == pytest.approx((210, 100), abs=1e-9)
    frames(animator, 0.75)
    assert ball.center == (260, 100)
    frames(animator, 0.75)
    assert ball.center == pytest.approx((260, 200), abs=1e-9)
    assert ball.alpha == pytest.approx(0.5, abs=1e-9)   # its only keyframe runs from its start value
    frames(animator, 0.25)
    assert ball.center == (260, 300) and ball.alpha == 0.0


def test_values_outside_keyframes_span_the_whole_duration(animator, ball):
    with animator.animate_keyframes(1.0) as k:
        with k.keyframe(0.0, 0.5):
            ball.center = (260, 100)
        ball.alpha = 0.0
    frames(animator, 0.5)
    assert ball.alpha == pytest.approx(0.5, abs=1e-9)


def test_paced_keyframes_keep_an_even_speed(animator, ball):
    with animator.animate_keyframes(2.0, mode="paced") as k:
        with k.keyframe(0.0, 0.9):
            ball.center = (260, 100)
        with k.keyframe(0.9, 0.1):
            ball.center = (260, 400)
    frames(animator, 0.5)
    assert ball.center == pytest.approx((260, 100), abs=1e-9)
    frames(animator, 0.5)
    assert ball.center == pytest.approx((260, 200), abs=1e-9)


def test_cubic_keyframes_pass_through_their_values(animator, ball):
    done = []
    with animator.animate_keyframes(3.0, mode="cubic", completion=done.append) as k:
        for i, point in enumerate([(200, 200), (240, 100), (280, 200)]):
            with k.keyframe(i / 3, 1 / 3):
                ball.center = point
    frames(animator, 1.0)
    assert ball.center == pytest.approx((200, 200), abs=1e-9)
    frames(animator, 1.0)
    assert ball.center == pytest.approx((240, 100), abs=1e-9)
    frames(animator, 1.0)
    assert ball.center == (280, 200) and done == [True]


def test_bad_keyframes(animator, ball):
    with pytest.raises(anima.InvalidStateError):
        anima.Animation(animator).keyframe(0, 1)
    with pytest.raises(anima.InvalidArgumentError):
        with animator.animate_keyframes(1.0, mode="bumpy"):
            pass
    with pytest.raises(anima.InvalidArgumentError):
        with animator.animate_keyframes(1.0, spring=(1, 100, 10)):
            pass
    with pytest.raises(anima.InvalidArgumentError):
        with animator.animate_keyframes(1.0) as k:
            with k.keyframe(0.8, 0.5):
                ball.center = (0, 0)
    assert not animator.is_recording_animation
    with pytest.raises(anima.InvalidStateError):
        with animator.animate(1.0) as a:
            a.keyframe(0, 0.5)
    assert ball.center == (160, 100)


# ------------------------------------------------------------ clocks and hand-offs

def test_frame_rates_and_a_stall_pass_through_the_same_values():
    def run(frame_times):
        a = anima.Animator()
        item = anima.Item(a, center=(0, 0), size=(10, 10))
        with a.animate(2.0, curve="back_in_out"):
            item.center = (300, 0)
        with a.animate(spring=(1, 120, 9)):
            item.alpha = 0.2
        seen = {}
        t = 0.0
        for dt in frame_times:
            a.advance(dt)
            t += dt
            seen[round(t, 6)] = (item.center, item.alpha)
        return seen
    runs = [run([1 / rate] * (3 * rate)) for rate in (30, 60, 120, 240)]
    stalled = run([1 / 60] * 30 + [2.0] + [1 / 60] * 30)
    for t in (0.5, 1.0, 1.5, 3.0):
        values = [r[round(t, 6)] for r in runs if round(t, 6) in r]
        assert len(values) == 4 and all(v == values[0] for v in values), t
    assert stalled[2.5] == runs[1][2.5]


def test_an_animated_item_handed_to_dynamics_continues_from_where_the_tween_left_it(animator):
    ball = anima.Item(animator, center=(160, 100), size=(40, 40), shape="ellipse")
    with animator.animate(0.5):
        ball.center = (60, 300)
    frames(animator, 0.5)
    assert ball.center == (60, 300)
    animator.update_item_using_current_state(ball)
    gravity = anima.Gravity([ball])
    animator.add_behavior(gravity)
    frames(animator, 0.1)
    x, y = ball.center
    assert x == pytest.approx(60, abs=1e-9) and 300 < y < 300 + 0.5 * 1000 * 0.12 ** 2


def test_unknown_properties_raise_inside_a_block(animator, ball):
    with pytest.raises(AttributeError):
        with animator.animate(1.0):
            ball.colour = "red"
    assert not animator.is_recording_animation


def test_animating_a_destroyed_item_raises(animator, ball):
    ball.destroy()
    with pytest.raises(anima.StaleHandleError):
        with animator.animate(1.0):
            ball.center = (0, 0)
    assert not animator.is_recording_animation


# ------------------------------------------------------------ flings

def test_fling_follows_uiscrollview_deceleration(animator, ball):
    lam = -1000 * math.log(0.998)
    done = []
    animation = animator.fling(ball, (600, 0), completion=done.append)
    frames(animator, 0.5)
    assert ball.center[0] == pytest.approx(160 + 600 / lam * (1 - math.exp(-lam * 0.5)), abs=1e-9)
    animator.run_until_rest()
    assert ball.center == (160 + 600 / lam, 100) and done == [True] and animation.position == "end"


def test_fast_rate_and_time_constant(animator, ball):
    animator.fling(ball, (0, 100), rate="fast")
    animator.run_until_rest()
    assert ball.center[1] == pytest.approx(100 + 100 / (-1000 * math.log(0.99)), abs=1e-12)
    animator.fling(ball, (0, 100), time_constant=0.325)
    animator.run_until_rest()
    assert ball.center[1] == pytest.approx(100 + 100 / (-1000 * math.log(0.99)) + 32.5, abs=1e-9)


def test_fling_snaps_to_the_grid_and_a_bound_catches_it(animator, ball):
    animator.fling(ball, (0, 700), snap=100)
    animator.run_until_rest()
    assert ball.center == (160, 500)        # 100 + 349.6 rests at 449.6: the grid point ahead is 500
    peak = 0
    animator.fling(ball, (0, 2000), upper=(None, 540))
    while animator.is_running:
        frames(animator, 1 / 60)
        peak = max(peak, ball.center[1])
    lam = -1000 * math.log(0.998)
    crossing_speed = 2000 * (1 - 40 / (2000 / lam))      # v0 (1 - s), s = share of the coast used
    w0 = 2 * math.pi / 0.4                                # the default critical spring
    assert ball.center == (160, 540)
    assert peak - 540 == pytest.approx(crossing_speed / (math.e * w0), rel=0.01)


@pytest.mark.parametrize("kwargs", [
    dict(velocity=(1,)), dict(velocity=(math.nan, 0)), dict(velocity=(1, 0), rate=1.0),
    dict(velocity=(1, 0), rate="slow"), dict(velocity=(1, 0), time_constant=0), dict(velocity=(1, 0), snap=0),
    dict(velocity=(1, 0), lower=(10, 0), upper=(0, 0)), dict(velocity=(1, 0), property="colour"),
    dict(velocity=(1, 0), bound_spring=(1, 0, 1)), dict(velocity=(1, 0), rest_distance=-1),
])
def test_bad_flings_raise(animator, ball, kwargs):
    velocity = kwargs.pop("velocity")
    with pytest.raises(anima.InvalidArgumentError):
        animator.fling(ball, velocity, **kwargs)
    assert animator.animation_count == 0


def test_fling_of_another_animators_item_is_refused(animator, other_animator):
    item = other_animator[1]
    with pytest.raises(anima.InvalidArgumentError):
        animator.fling(item, (1, 0))


def test_stagger_starts_each_item_later(animator):
    balls = [anima.Item(animator, center=(40 * i, 0), size=(10, 10)) for i in range(3)]
    done = []
    with animator.animate(0.5, curve="linear", stagger=0.2, completion=done.append):
        for ball in balls:
            ball.center = (ball.center[0], 100)
    frames(animator, 0.4)
    assert [b.center[1] for b in balls] == pytest.approx([80, 40, 0], abs=1e-9)
    frames(animator, 0.5)
    assert done == [True] and all(b.center[1] == 100 for b in balls)
    with pytest.raises(anima.InvalidArgumentError):
        with animator.animate(0.5, stagger=-1):
            pass


# ------------------------------------------------------------ timelines

def test_timeline_chains_seeks_and_plays(animator, ball):
    log = []
    with animator.timeline() as timeline:
        with animator.animate(1.0, curve="linear", completion=lambda f: log.append("move")):
            ball.center = (260, 100)
        with animator.animate(1.0, delay=1.0, curve="linear", completion=lambda f: log.append("drop")):
            ball.center = (260, 300)
            ball.alpha = 0.0
    assert timeline.duration == 2.0
    timeline.seek(1.5)
    assert ball.center == pytest.approx((260, 200), abs=1e-9) and ball.alpha == pytest.approx(0.5, abs=1e-9)
    timeline.seek(0.25)
    assert ball.center == pytest.approx((185, 100), abs=1e-9) and ball.alpha == 1.0
    frames(animator, 0.5)     # a sought timeline holds: the animator comes to rest
    assert not animator.is_running and ball.center == pytest.approx((185, 100), abs=1e-9)
    timeline.play()
    frames(animator, 1.75)
    assert ball.center == (260, 300) and log == ["move", "drop"]
    timeline.seek(2.0)
    timeline.seek(0.0)
    assert ball.center == (160, 100) and ball.alpha == 1.0
    with pytest.raises(anima.InvalidArgumentError):
        timeline.seek(3.0)
    with pytest.raises(anima.InvalidArgumentError):
        timeline.seek(math.nan)


def test_timeline_misuse(animator):
    with pytest.raises(anima.InvalidStateError):
        animator._commit_timeline()
    with pytest.raises(anima.NotFoundError):
        animator._seek_timeline(77, 0.0)
    with animator.timeline() as outer:
        with pytest.raises(anima.InvalidStateError):
            with animator.timeline():
                pass
    assert outer.duration == 0.0
    assert not hasattr(animator, "seek_timeline") and not hasattr(anima.Timeline, "id")
