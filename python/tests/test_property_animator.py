"""UIViewPropertyAnimator's contract on anima.Animation beyond pause, scrub, reverse, continue and
stop; a spring's rest threshold and clamp; the animator's reduced motion and time scale."""

import math
import pickle

import pytest

import anima


def frames(animator, seconds, hz=120):
    for _ in range(round(seconds * hz)):
        animator.advance(1 / hz)


@pytest.fixture
def animator():
    return anima.Animator(reference_bounds=(0, 0, 320, 568))


def test_completions_run_in_the_order_added(animator):
    card = anima.Item(animator, center=(0, 0), size=(10, 10))
    log = []
    with animator.animate(1.0, curve="linear", completion=lambda f: log.append(("first", f))) as move:
        card.center = (100, 0)
    move.add_completion(lambda f: log.append(("second", f)))
    move.add_completion(lambda f: log.append(("third", f)))
    animator.run_until_rest()
    assert log == [("first", True), ("second", True), ("third", True)]
    with pytest.raises(TypeError):
        move.add_completion(42)


def test_added_animations_wait_their_delay_factor_and_end_with_the_animation(animator):
    card = anima.Item(animator, center=(0, 0), size=(10, 10))
    log = []
    with animator.animate(1.0, curve="linear", completion=lambda f: log.append("move")) as move:
        card.center = (100, 0)
    frames(animator, 0.5)
    with move.add_animations(delay_factor=0.5, completion=lambda f: log.append("fade")):
        card.alpha = 0.0
    frames(animator, 0.25)
    assert card.alpha == 1.0, "the fade waits half of the 0.5 s left"
    frames(animator, 0.125)
    assert card.alpha == pytest.approx(0.5, abs=1e-12)
    assert card.center[0] == pytest.approx(87.5, abs=1e-12)
    frames(animator, 0.125)
    assert card.alpha == 0.0 and card.center == (100.0, 0.0)
    animator.advance(1 / 60)
    assert log == ["move", "fade"]
    with pytest.raises(anima.NotFoundError):
        with move.add_animations(0.5):
            card.alpha = 1.0


def test_added_animations_are_refused_on_a_repeating_animation(animator):
    card = anima.Item(animator, center=(0, 0), size=(10, 10))
    with animator.animate(1.0, repeat_count=2) as move:
        card.center = (100, 0)
    with pytest.raises(anima.InvalidStateError):
        with move.add_animations(0.5):
            card.alpha = 0.0
    assert not animator.is_recording_animation


def test_speed_and_state_of_a_running_animation(animator):
    v = anima.Value(animator, 0.0)
    card = anima.Item(animator, center=(0, 0), size=(10, 10))
    with animator.animate(1.0, curve="linear") as a:
        v.value = 60.0
        card.center = (120, 0)
    frames(animator, 0.25)
    assert a.state(v) == (15.0, 60.0)
    assert a.state(card, "center") == ((30.0, 0.0), (120.0, 0.0))
    assert card.animated_velocity("center") == (120.0, 0.0)
    assert card.animated_velocity("alpha") == 0.0
    a.speed = 2.0
    assert a.speed == 2.0 and a.state(v)[1] == 120.0
    frames(animator, 0.25)
    assert v.value == pytest.approx(45.0, abs=1e-9)
    with pytest.raises(anima.InvalidArgumentError):
        a.speed = 0.0
    with pytest.raises(anima.NotFoundError):
        a.state(card, "size")
    a.pause()
    assert a.state(v)[1] == 0.0, "a paused animation does not move"


def test_scrubbing_is_linear_by_default_and_follows_the_curve_when_asked(animator):
    v = anima.Value(animator, 0.0)
    with animator.animate(1.0) as a:
        v.value = 100.0
    a.pause()
    a.fraction_complete = 0.25
    assert v.value == 25.0
    a.resume()
    frames(animator, 0.375)
    assert v.value == pytest.approx(62.5, abs=1e-9), "from 25 to 100 over the 0.75 s left, ease-in-out"
    animator.run_until_rest()
    with animator.animate(1.0, scrubs_linearly=False) as b:
        v.value = 0.0
    b.pause()
    b.fraction_complete = 0.25
    assert v.value == pytest.approx(100 - 100 * anima.Timing(1.0).progress(0.25), abs=1e-9)


def test_pauses_on_completion_holds_reversibly_until_stopped(animator):
    v = anima.Value(animator, 0.0)
    ended = []
    with animator.animate(0.5, curve="linear", pauses_on_completion=True, completion=ended.append) as a:
        v.value = 10.0
    frames(animator, 1.0)
    assert v.value == 10.0 and a.is_active and a.is_paused and ended == []
    a.is_reversed = True
    a.resume()
    frames(animator, 0.25)
    assert v.value == pytest.approx(5.0, abs=1e-9)
    frames(animator, 0.5)
    assert v.value == 0.0 and a.is_paused and ended == []
    a.stop("end")
    animator.advance(1 / 60)
    assert v.value == 10.0 and ended == [True] and a.position == "end"


def test_a_rest_threshold_ends_a_spring_sooner(animator):
    durations = []
    for threshold in (5.0, None):
        v = anima.Value(animator, 0.0)
        with animator.animate(spring=(1, 100, 10), rest_threshold=threshold):
            v.value = 1000.0
        steps = 0
        while animator.is_running:
            animator.advance(1 / 120)
            steps += 1
        durations.append(steps / 120)
        assert v.value == 1000.0
    # the unit spring's settling at 0.005 and at 0.0001 of the distance
    assert durations[0] < durations[1]
    assert durations[0] == pytest.approx(0.92, abs=0.02) and durations[1] == pytest.approx(1.87, abs=0.02)
    with pytest.raises(anima.InvalidArgumentError):
        animator.animate(spring=(1, 100, 10), rest_threshold=0.0)
    with pytest.raises(anima.InvalidArgumentError):
        with animator.animate(spring=(1, 100, 10), rest_threshold=-1.0):
            pass
    assert not animator.is_recording_animation


def test_a_clamped_spring_never_overshoots(animator):
    v = anima.Value(animator, 0.0)
    with animator.animate(spring=(1, 200, 8), clamp=True) as a:
        v.value = 300.0
    peak, steps = 0.0, 0
    while animator.is_running:
        animator.advance(1 / 120)
        peak = max(peak, v.value)
        steps += 1
    assert peak == 300.0 and a.finished
    # the first crossing of x = e^(-a t)(cos wd t + B sin wd t): a = 4, wd = sqrt(184), B = a / wd
    wd = math.sqrt(184)
    crossing = (math.atan2(4 / wd, 1) + math.pi / 2) / wd
    assert abs(steps / 120 - crossing) <= 2 / 120
    with pytest.raises(anima.InvalidArgumentError):
        with animator.animate(spring=(1, 200, 8), clamp=True, repeat_count=2):
            v.value = 0.0


def test_reduced_motion_ends_animations_at_once_and_leaves_the_physics(animator):
    centers = []
    for reduced in (True, False):
        a = anima.Animator(reference_bounds=(0, 0, 320, 568))
        a.reduces_motion = reduced
        assert a.reduces_motion is reduced
        ball = anima.Item(a, center=(160, 100), size=(40, 40), shape="ellipse")
        a.add_behavior(anima.Gravity([ball]))
        v = anima.Value(a, 0.0)
        ended = []
        with a.animate(5.0, completion=ended.append):
            v.value = 42.0
        a.advance(1 / 60)
        if reduced:
            assert v.value == 42.0 and ended == [True]
        else:
            assert v.value < 42.0 and ended == []
        frames(a, 1.0)
        centers.append(ball.center)
    assert centers[0] == centers[1]


def test_time_scale_is_bit_identical_at_any_frame_rate():
    shown = []
    for hz in (30, 60, 120):
        a = anima.Animator(reference_bounds=(0, 0, 320, 568))
        a.time_scale = 0.25
        ball = anima.Item(a, center=(160, 100), size=(40, 40), shape="ellipse")
        a.add_behavior(anima.Gravity([ball]))
        v = anima.Value(a, 0.0)
        with a.animate(1.0, curve="linear"):
            v.value = 100.0
        frames(a, 2.0, hz)
        shown.append((v.value, ball.center, a.state_hash()))
    assert shown[0] == shown[1] == shown[2]
    assert shown[0][0] == 50.0
    a = anima.Animator(reference_bounds=(0, 0, 320, 568))
    with pytest.raises(anima.InvalidArgumentError):
        a.time_scale = 0.0
    with pytest.raises(anima.InvalidArgumentError):
        a.time_scale = math.nan
    assert a.time_scale == 1.0


def test_the_new_controls_survive_a_pickle(animator):
    animator.time_scale = 0.5
    v = anima.Value(animator, 0.0)
    with animator.animate(spring=(1, 150, 6), clamp=True, rest_threshold=0.5, pauses_on_completion=True) as a:
        v.value = 40.0
    a.speed = 1.5
    frames(animator, 0.1)
    copy = pickle.loads(pickle.dumps(animator))
    assert copy.time_scale == 0.5
    frames(animator, 0.5)
    frames(copy, 0.5)
    assert copy.values[0].value == v.value
    assert copy.state_hash() == animator.state_hash()
