"""View animations: Animator.animate (UIView.animate) on the animator's clock."""

import math

import pytest

import anima


def frames(animator, seconds, rate=60):
    for _ in range(round(seconds * rate)):
        animator.advance(1 / rate)


def test_recording_leaves_items_alone_until_the_block_ends(animator, ball):
    with animator.animate(1.0) as animation:
        ball.center = (10, 20)
        assert ball.center == (160, 100)
        assert animator.is_recording_animation
        assert not animation.is_active and repr(animation) == "<anima.Animation recording>"
    assert not animator.is_recording_animation
    assert animation.is_active and repr(animation) == "<anima.Animation active>"
    assert animator.is_running and animator.animation_count == 1


def test_ease_in_out_is_half_way_at_half_time_and_exact_at_the_end(animator, ball):
    done = []
    with animator.animate(2.0, completion=done.append):
        ball.center = (260, 300)
        ball.alpha = 0.0
    frames(animator, 1.0)
    assert ball.center == pytest.approx((210, 200), abs=1e-9)
    assert ball.alpha == pytest.approx(0.5, abs=1e-12)
    frames(animator, 0.5)
    # ease-in-out, cubic-bezier(0.42, 0, 0.58, 1): ahead of linear after the midpoint
    assert ball.center[0] > 160 + 100 * 0.75
    assert done == []
    frames(animator, 0.5)
    assert ball.center == (260, 300) and ball.alpha == 0.0
    assert done == [True]
    assert not animator.is_running


@pytest.mark.parametrize("curve,at_quarter", [
    ("linear", 0.25),
    ("ease_in", None),
    ("ease_out", None),
    ((0.25, 0.1, 0.25, 1.0), None),
])
def test_curves(animator, ball, curve, at_quarter):
    with animator.animate(1.0, curve=curve):
        ball.alpha = 0.0
    frames(animator, 0.25)
    progress = 1 - ball.alpha
    if at_quarter is not None:
        assert progress == pytest.approx(at_quarter, abs=1e-12)
    elif curve == "ease_in":
        assert progress < 0.25      # starts slowly
    else:
        assert progress > 0.25      # starts fast
    frames(animator, 0.75)
    assert ball.alpha == 0.0


def test_spring_overshoots_by_the_damping_ratio_and_lands_exactly(animator, ball):
    # m 1, k 100, c 10: z = 0.5; first overshoot e^(-pi z / sqrt(1 - z^2)) = 16.3 %
    done = []
    with animator.animate(spring=(1, 100, 10), completion=done.append):
        ball.center = (260, 100)
    peak, t = 0.0, 0.0
    while not done and t < 5:
        frames(animator, 1 / 60)
        t += 1 / 60
        peak = max(peak, ball.center[0])
    assert peak == pytest.approx(160 + 100 * 1.163, abs=0.5)
    assert t == pytest.approx(1.27, abs=0.03)   # the 0.1 % settling time of this spring
    assert ball.center == (260, 100) and done == [True]


def test_damping_ratio_spring_settles_at_its_duration(animator, ball):
    done = []
    with animator.animate(0.5, damping_ratio=0.7, completion=done.append):
        ball.center = (160, 400)
    frames(animator, 0.25)
    assert done == []
    assert ball.center[1] > 100 + 300 * 0.9   # most of the way half way through (z = 0.7)
    frames(animator, 0.25 - 1 / 60)
    assert done == []
    assert abs(ball.center[1] - 400) < 300 * 0.002   # it last leaves the 0.1 % band at 0.5 s
    frames(animator, 2 / 60)
    assert done == [True] and ball.center == (160, 400)


def test_delay_repeat_and_autoreverse(animator, ball):
    done = []
    with animator.animate(0.5, delay=0.25, curve="linear", repeat_count=2, autoreverses=True,
                          completion=done.append):
        ball.alpha = 0.0
    frames(animator, 0.25)
    assert ball.alpha == 1.0
    frames(animator, 0.25)
    assert ball.alpha == pytest.approx(0.5, abs=1e-12)
    frames(animator, 0.5)
    assert ball.alpha == pytest.approx(0.5, abs=1e-12)   # on the way back
    frames(animator, 1.25)
    assert done == [True] and ball.alpha == 1.0


def test_repeating_for_ever_keeps_running_until_cancelled(animator, ball):
    done = []
    with animator.animate(0.2, curve="linear", repeat_count=math.inf, completion=done.append) as animation:
        ball.alpha = 0.0
    frames(animator, 5.1)
    assert animation.is_active and animator.is_running
    assert ball.alpha == pytest.approx(0.5, abs=1e-9)
    animation.cancel()
    frames(animator, 0.1)
    assert done == [False] and not animation.is_active
    assert ball.alpha == pytest.approx(0.5, abs=1e-9)


def test_a_new_animation_takes_over_from_the_current_value(animator, ball):
    first, second = [], []
    with animator.animate(1.0, curve="linear", completion=first.append):
        ball.center = (260, 100)
    frames(animator, 0.5)
    with animator.animate(1.0, curve="linear", completion=second.append):
        ball.center = (210, 300)
    frames(animator, 0.5)
    assert first == [False]
    assert ball.center == pytest.approx((210, 200), abs=1e-9)
    frames(animator, 0.5)
    assert second == [True] and ball.center == (210, 300)


def test_other_properties_of_a_taken_over_animation_keep_running(animator, ball):
    first = []
    with animator.animate(1.0, curve="linear", completion=first.append):
        ball.center = (260, 100)
        ball.alpha = 0.0
    frames(animator, 0.5)
    with animator.animate(1.0, curve="linear"):
        ball.center = (0, 0)
    frames(animator, 0.5)
    assert first == [True] and ball.alpha == 0.0


def test_the_same_calls_give_bit_identical_values_at_any_frame_rate(ball, animator):
    def trace(rate):
        a = anima.Animator()
        item = anima.Item(a, center=(3, 4), size=(10, 10))
        with a.animate(spring=(1, 170, 26), initial_velocity=2):
            item.center = (-70, 91)
        out = []
        for _ in range(30):
            frames(a, 1 / 30, rate)
            out.append(item.center)
        return out
    assert trace(60) == trace(60)
    assert trace(60) == trace(120) == trace(30)


def test_a_failing_block_records_nothing(animator, ball):
    with pytest.raises(ZeroDivisionError):
        with animator.animate(1.0):
            ball.center = (0, 0)
            1 / 0
    assert not animator.is_recording_animation and animator.animation_count == 0
    frames(animator, 1.0)
    assert ball.center == (160, 100)


@pytest.mark.parametrize("kwargs", [
    dict(duration=-1),
    dict(duration=math.nan),
    dict(duration=math.inf),
    dict(duration=1, delay=-0.1),
    dict(duration=1, repeat_count=0),
    dict(duration=1, repeat_count=math.nan),
    dict(duration=1, curve="bouncy"),
    dict(duration=1, curve=(1.5, 0, 0.5, 1)),
    dict(duration=1, curve=(0.2, math.nan, 0.5, 1)),
    dict(duration=1, spring=(1, 100, 0)),
    dict(duration=1, spring=(-1, 100, 10)),
    dict(duration=1, spring=(1, 100, 10), damping_ratio=0.5),
    dict(duration=0, damping_ratio=0.5),
    dict(duration=1, damping_ratio=0),
    dict(duration=1, spring=(1, 100, 10), initial_velocity=math.inf),
])
def test_bad_definitions_raise_and_leave_nothing_recording(animator, ball, kwargs):
    with pytest.raises(anima.InvalidArgumentError):
        with animator.animate(**kwargs):
            ball.center = (0, 0)
    assert not animator.is_recording_animation
    ball.center = (1, 2)
    assert ball.center == (1, 2)


def test_wrong_types_raise_type_error(animator):
    with pytest.raises(TypeError):
        animator.animate(1.0, completion=3)
    with pytest.raises(TypeError, match="duration must be a real number"):
        with animator.animate("long"):
            pass
    with pytest.raises(TypeError, match="unexpected keyword argument 'curves'"):
        animator.animate(1.0, curves="linear")
    assert not animator.is_recording_animation
    # the id-based controls behind Animation are private and still check their arguments
    with pytest.raises(TypeError):
        animator._cancel_animation("x")
    assert not hasattr(animator, "cancel_animation") and not hasattr(animator, "begin_animation")


def test_misuse_raises_invalid_state(animator, ball):
    with pytest.raises(anima.InvalidStateError):
        animator._commit_animation(None)
    with pytest.raises(anima.InvalidStateError):
        animator._discard_animation()
    with animator.animate(1.0):
        with pytest.raises(anima.InvalidStateError):
            with animator.animate(1.0):
                pass
    assert not animator.is_recording_animation


def test_unknown_ids_are_ignored(animator):
    animator._cancel_animation(12345)
    animator._cancel_animation(-1)
    animator._cancel_animation(2 ** 80)
    assert not animator._is_animation_active(12345)


def test_a_completion_that_raises_propagates_from_advance(animator, ball):
    def boom(finished):
        raise RuntimeError("completion failed")
    with animator.animate(0.1, completion=boom):
        ball.alpha = 0.0
    with pytest.raises(RuntimeError, match="completion failed"):
        frames(animator, 0.5)
    assert ball.alpha == 0.0
    # the animator stays usable
    with animator.animate(0.1):
        ball.alpha = 1.0
    frames(animator, 0.5)
    assert ball.alpha == 1.0 and not animator.is_running


def test_a_completion_may_chain_but_not_advance(animator, ball):
    errors = []

    def chain(finished):
        try:
            animator.advance(1 / 60)
        except anima.BusyError as e:
            errors.append(e)
        with animator.animate(0.5, curve="linear"):
            ball.center = (160, 200)

    with animator.animate(0.5, completion=chain):
        ball.alpha = 0.5
    frames(animator, 0.5)
    assert len(errors) == 1
    frames(animator, 0.25)
    assert ball.center == pytest.approx((160, 150), abs=1e-9)
    frames(animator, 0.3)
    assert ball.center == (160, 200)


def test_destroying_an_animated_item_or_the_animator_is_safe(animator, ball):
    other = anima.Item(animator, center=(0, 0), size=(10, 10))
    done = []
    with animator.animate(1.0, completion=done.append):
        ball.center = (0, 0)
        other.center = (50, 50)
    frames(animator, 0.5)
    ball.destroy()
    frames(animator, 0.6)
    assert done == [True] and other.center == (50, 50)
    with animator.animate(1.0, completion=done.append):
        other.center = (0, 0)
    animator.destroy()
    assert done == [True]


def test_an_overshooting_spring_stays_within_the_setters_ranges():
    """A bouncy spring to the largest scale, size and center the setters accept overshoots
    them; the animated values are held at those limits (scale 1e6, size 1e7 pt, coordinates
    1e9 pt), so the item's mass and pose stay finite."""
    animator = anima.Animator()
    item = anima.Item(animator, size=(40, 40))
    with animator.animate(1.0, damping_ratio=0.2, initial_velocity=50):
        item.transform = (0, 1e6, -1e6, 1e9, -1e9)
        item.size = (1e7, 1e7)
        item.center = (1e9, -1e9)
    largest = [0.0] * 6
    for _ in range(120):
        animator.advance(1 / 120)
        t = item.transform
        values = (abs(t[1]), abs(t[2]), abs(t[3]), max(item.size), abs(item.center[0]), abs(item.center[1]))
        largest = [max(a, b) for a, b in zip(largest, values)]
    assert largest == [1e6, 1e6, 1e9, 1e7, 1e9, 1e9]
    assert item.transform[2] == -1e6 and math.isfinite(item.mass)
