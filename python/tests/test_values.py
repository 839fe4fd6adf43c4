"""Animated values (anima.Value): numbers an animator's view animations move on its clock.

The checks mirror Tests/AnimaTests/ValueTests.swift and examples/c/values.c with the same
numbers: a tween's midpoint, velocity and exact end; the same values at 30, 60 and 120 Hz; a
spring taking over a moving value at each component's velocity; colours mixed in sRGB, linear
sRGB and Oklab as CSS Color 4 mixes them (premultiplied alpha); keyframes, staggers, timelines,
flings and the property-animator controls; the change callback; bad input refused with the
value unchanged; destroyed values and animators; many values read at once; and values carried
bit for bit through snapshots, pickles and copies.
"""

import copy
import math
import pickle
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import anima

RED, BLUE = (1.0, 0.0, 0.0, 1.0), (0.0, 0.0, 1.0, 1.0)
SPACES = ("srgb", "linear_srgb", "oklab")


def run(animator, seconds, hz=60):
    """Advance `seconds` in frames of 1/hz s."""
    for _ in range(round(seconds * hz)):
        animator.advance(1 / hz)


class Boom(Exception):
    pass


class Log:
    """A callable that keeps its calls (picklable, unlike a lambda or a list's bound append)."""

    def __init__(self):
        self.calls = []

    def __call__(self, *args):
        self.calls.append(args)


# Oklab from sRGB, with Ottosson's published matrices (https://bottosson.github.io/posts/oklab/),
# written here to check the library against a conversion it does not share.
def linear(c):
    """An encoded sRGB component in linear light (IEC 61966-2-1)."""
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def encoded(c):
    """A linear-light component encoded as sRGB."""
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def oklab(rgb):
    """(L, a, b) of an sRGB colour, components 0...1."""
    r, g, b = (linear(c) for c in rgb[:3])
    lc = np.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
    mc = np.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
    sc = np.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
    return (0.2104542553 * lc + 0.7936177850 * mc - 0.0040720468 * sc,
            1.9779984951 * lc - 2.4285922050 * mc + 0.4505937099 * sc,
            0.0259040371 * lc + 0.7827717662 * mc - 0.8086757660 * sc)


@pytest.fixture
def animator():
    return anima.Animator()


# ------------------------------------------------------------------- the object


def test_a_value_reads_back_as_it_was_made(animator):
    offset = anima.Value(animator)
    assert offset.value == 0.0 and isinstance(offset.value, float)
    assert offset.components == (0.0,)
    assert offset.count == 1 and offset.space == "components"
    assert offset.bounds == (-1e9, 1e9)
    assert offset.velocity == 0.0
    assert offset.is_valid and offset.animator is animator
    assert offset.on_change is None
    rect = anima.Value(animator, [10, 20, 300, 400.5])
    assert rect.value == (10.0, 20.0, 300.0, 400.5) and rect.count == 4
    assert rect.velocity == (0.0, 0.0, 0.0, 0.0)
    colour = anima.Value(animator, RED, space="oklab")
    assert colour.space == "oklab" and colour.bounds == (0.0, 1.0)
    bounded = anima.Value(animator, 5, bounds=(-10, 10))
    assert bounded.bounds == (-10.0, 10.0)
    assert repr(offset) == "<anima.Value 0.0>"
    assert repr(colour) == "<anima.Value (1.0, 0.0, 0.0, 1.0) space='oklab'>"


def test_the_animator_lists_its_values_in_creation_order(animator):
    made = [anima.Value(animator, float(k)) for k in range(4)]
    assert animator.values == tuple(made)
    assert all(listed is value for listed, value in zip(animator.values, made))
    made[1].destroy()
    later = anima.Value(animator, 9.0)
    assert [v.value for v in animator.values] == [0.0, 2.0, 3.0, 9.0]
    assert animator.values[-1] is later


def test_numbers_of_any_real_type_are_taken(animator):
    assert anima.Value(animator, np.float32(1.5)).value == 1.5
    assert anima.Value(animator, np.int64(3)).value == 3.0
    assert anima.Value(animator, Fraction(1, 4)).value == 0.25
    assert anima.Value(animator, np.array(2.5)).value == 2.5
    assert anima.Value(animator, np.array([1.0, 2.0])).value == (1.0, 2.0)
    assert anima.Value(animator, [np.float32(0.5), Fraction(3, 2)]).value == (0.5, 1.5)


def test_read_only_attributes_refuse_assignment(animator):
    v = anima.Value(animator, (1, 2))
    for name in ("components", "velocity", "count", "space", "bounds", "is_valid", "animator"):
        with pytest.raises(AttributeError):
            setattr(v, name, 1)
    with pytest.raises(AttributeError):
        del v.value
    assert v.value == (1.0, 2.0)


# ------------------------------------------------------------------- tweens


def test_scalar_tween_passes_the_midpoint_and_ends_exactly_with_its_completion(animator):
    offset = anima.Value(animator, 0.0)
    finished = []
    with animator.animate(1.0, completion=finished.append) as animation:
        offset.value = 300
        assert offset.value == 0.0, "recording leaves the value where it is"
    run(animator, 0.5)
    assert offset.value == pytest.approx(150, abs=1e-9), "ease-in-out is symmetric"
    # ease-in-out is cubic-bezier(0.42, 0, 0.58, 1): at its middle dy/ds = 1.5 and dx/ds = 0.87
    slope = anima.Timing(1.0).velocity(0.5)
    assert slope == pytest.approx(1.5 / 0.87, rel=1e-12)
    assert offset.velocity == pytest.approx(300 * slope, abs=1e-6)
    run(animator, 0.5)
    assert offset.value == 300.0
    assert finished == [True] and animation.position == "end"
    assert offset.velocity == 0.0
    animator.advance(1 / 60)
    assert not animator.is_running


def test_velocity_is_the_curves_slope_times_distance_over_duration(animator):
    point = anima.Value(animator, (0, 0))
    with animator.animate(2.0):
        point.value = (300, -120)
    run(animator, 1.0)
    slope = anima.Timing(1.0).velocity(0.5)
    vx, vy = point.velocity
    assert vx == pytest.approx(slope * 300 / 2, abs=1e-6)
    assert vy == pytest.approx(slope * -120 / 2, abs=1e-6)
    # a quarter of the way in, ease-in-out is slower than at its middle
    other = anima.Value(animator)
    with animator.animate(1.0):
        other.value = 100
    run(animator, 0.25)
    assert other.velocity == pytest.approx(100 * anima.Timing(1.0).velocity(0.25), abs=1e-6)
    assert 0 < other.velocity < 100 * slope


def test_values_pass_the_same_numbers_at_any_frame_rate():
    seen = {}
    for hz in (30, 60, 120):
        a = anima.Animator()
        rect = anima.Value(a, (10, 20, 30, 40))
        fade = anima.Value(a)
        with a.animate(spring=(1, 170, 12)):
            rect.value = (110, -20, 30.5, 400)
        with a.animate(0.8, curve="back_out"):
            fade.value = 1
        samples = []
        for _ in range(3):
            run(a, 0.2, hz)   # 6, 12 or 24 frames
            samples.append((rect.value, fade.value))
        seen[hz] = samples
    assert seen[30] == seen[60] == seen[120]
    assert seen[60][1][0] != (10.0, 20.0, 30.0, 40.0) and seen[60][1][0] != (110.0, -20.0, 30.5, 400.0)


def test_setting_a_value_outside_a_block_takes_it_out_of_its_animation(animator):
    v = anima.Value(animator)
    finished = []
    with animator.animate(1.0, completion=finished.append) as animation:
        v.value = 100
    run(animator, 0.5)
    v.value = 7
    assert v.velocity == 0.0
    run(animator, 0.1)
    assert v.value == 7.0
    assert finished == [False] and animation.position == "current"


def test_autoreversing_repeats_end_where_they_began(animator):
    v = anima.Value(animator)
    finished = []
    with animator.animate(0.5, curve="linear", autoreverses=True, repeat_count=2, completion=finished.append):
        v.value = 10
    run(animator, 0.25)
    assert v.value == pytest.approx(5, abs=1e-9)
    run(animator, 0.25)
    assert v.value == pytest.approx(10, abs=1e-9)
    run(animator, 2.0)
    assert v.value == 0.0 and finished == [True]


def test_a_value_and_an_item_move_in_one_block(animator):
    ball = anima.Item(animator, center=(0, 0))
    offset = anima.Value(animator)
    with animator.animate(1.0, curve="linear"):
        ball.center = (100, 0)
        offset.value = 100
    run(animator, 0.5)
    assert ball.center[0] == pytest.approx(50, abs=1e-9) and offset.value == pytest.approx(50, abs=1e-9)


def test_a_failing_block_records_nothing_for_a_value(animator):
    v = anima.Value(animator, 1.0)
    with pytest.raises(Boom):
        with animator.animate(1.0):
            v.value = 100
            raise Boom
    run(animator, 1.0)
    assert v.value == 1.0 and animator.animation_count == 0


# ------------------------------------------------------------------- springs


def test_a_spring_on_a_scroll_offset_rests_exactly_with_a_call_per_step(animator):
    # examples/c/values.c: damping ratio 30 / (2 sqrt(300)) = 0.87, a slight overshoot
    offset = anima.Value(animator, 0.0)
    log = Log()
    offset.on_change = log
    with animator.animate(spring=(1, 300, 30)):
        offset.value = 480.0
    steps = animator.step_count
    highest = 0.0
    for _ in range(600):
        animator.advance(1 / 60)
        highest = max(highest, offset.value)
        if not animator.is_running:
            break
    assert offset.value == 480.0
    assert 480 < highest < 480 * 1.01
    assert len(log.calls) == animator.step_count - steps > 0
    assert log.calls[-1] == (offset, 480.0)


def test_a_spring_taking_over_a_moving_value_keeps_each_components_velocity(animator):
    p = anima.Value(animator, (0, 0))
    first = []
    with animator.animate(1.0, curve="linear", completion=first.append) as tween:
        p.value = (100, -50)
    run(animator, 0.5)
    assert p.velocity == (100.0, -50.0)
    before = p.value
    with animator.animate(spring=(1, 200, 20)):
        p.value = (0, 100)
    after = p.velocity
    assert after[0] == pytest.approx(100, abs=1e-9) and after[1] == pytest.approx(-50, abs=1e-9), "no kink"
    h = 1 / 120
    animator.advance(h)
    moved = p.value
    # one step on, each component moved v h + a h^2 / 2 (a = -k x - c v, x from the new target) to
    # second order; from rest it would have moved a h^2 / 2 only, 0.83 and 0.42 pt less
    a0 = -200 * (before[0] - 0) - 20 * 100
    a1 = -200 * (before[1] - 100) - 20 * -50
    assert moved[0] - before[0] == pytest.approx(100 * h + a0 * h * h / 2, abs=0.1)
    assert moved[1] - before[1] == pytest.approx(-50 * h + a1 * h * h / 2, abs=0.1)
    animator.advance(1 / 60)
    assert first == [False] and tween.position == "current", "the tween lost its only value"
    assert animator.run_until_rest(progress=False) is not None
    assert p.value == (0.0, 100.0)


def test_visible_change_sets_when_a_spring_rests():
    # a 1000 pt move rests within min(1, visible_change): 0.1 by default, 1 with visible_change 5
    ends = {}
    a = anima.Animator()
    fine = anima.Value(a)
    coarse = anima.Value(a, visible_change=5.0)
    with a.animate(spring=(1, 100, 10), completion=lambda f: ends.setdefault("fine", a.elapsed_time)):
        fine.value = 1000
    with a.animate(spring=(1, 100, 10), completion=lambda f: ends.setdefault("coarse", a.elapsed_time)):
        coarse.value = 1000
    a.run_until_rest(progress=False)
    assert fine.value == coarse.value == 1000.0
    assert ends["coarse"] < ends["fine"] - 0.2


def test_a_values_bounds_hold_an_overshooting_spring(animator):
    v = anima.Value(animator, 0, bounds=(0, 100))
    free = anima.Value(animator, 0)
    with animator.animate(spring=(1, 100, 2)):
        v.value = 100
        free.value = 100
    highest = free_highest = 0.0
    while animator.is_running:
        animator.advance(1 / 120)
        highest = max(highest, v.value)
        free_highest = max(free_highest, free.value)
    assert highest == 100.0 and v.value == 100.0
    assert free_highest > 150, "without bounds the same spring overshoots by over half"


# ------------------------------------------------------------------- colours


def test_colours_mix_in_the_chosen_space_and_end_exactly(animator):
    mid = {}
    for space in SPACES:
        c = anima.Value(animator, RED, space=space)
        with animator.animate(1.0, curve="linear"):
            c.value = BLUE
        run(animator, 0.5)
        mid[space] = c.value
        run(animator, 0.5)
        assert c.value == BLUE, f"{space}: the end is the target exactly"
    assert mid["srgb"] == (0.5, 0.0, 0.5, 1.0)
    # in linear light the middle is half of each primary's light: encoded 0.7354
    assert mid["linear_srgb"][0] == pytest.approx(encoded(0.5), abs=1e-12)
    assert mid["linear_srgb"][0] == pytest.approx(0.7353569830524495, abs=1e-12)
    assert mid["linear_srgb"][1:] == (0.0, mid["linear_srgb"][0], 1.0)
    # in Oklab the middle is the mean of the ends in L, a and b
    m, r, b = oklab(mid["oklab"]), oklab(RED), oklab(BLUE)
    for k in range(3):
        assert m[k] == pytest.approx((r[k] + b[k]) / 2, abs=1e-7), f"Oklab component {k}"
    assert mid["oklab"][3] == 1.0
    assert len({mid[s] for s in SPACES}) == 3, "the three spaces give three middles"


def test_the_oklab_reference_of_these_tests_is_ottossons():
    # white is L = 1, a = b = 0 with Ottosson's matrices (normalised to D65 white)
    L, a, b = oklab((1.0, 1.0, 1.0))
    assert L == pytest.approx(1, abs=1e-6) and a == pytest.approx(0, abs=1e-6) and b == pytest.approx(0, abs=1e-6)
    assert encoded(linear(0.3)) == pytest.approx(0.3, abs=1e-15)


def test_a_colour_fading_in_from_transparent_keeps_its_targets_hue(animator):
    # premultiplied, as CSS Color 4 mixes: transparent red to opaque blue has no red in between
    c = anima.Value(animator, (1, 0, 0, 0), space="srgb")
    with animator.animate(1.0, curve="linear"):
        c.value = BLUE
    run(animator, 0.5)
    assert c.value == (0.0, 0.0, 1.0, 0.5)


def test_a_colour_without_alpha_mixes_as_an_opaque_one(animator):
    rgb = anima.Value(animator, RED[:3], space="oklab")
    rgba = anima.Value(animator, RED, space="oklab")
    with animator.animate(1.0, curve="linear"):
        rgb.value = BLUE[:3]
        rgba.value = BLUE
    run(animator, 0.5)
    assert rgb.count == 3 and rgb.value == rgba.value[:3]


# ------------------------------------------------------------------- keyframes, staggers, timelines


def test_keyframes_move_a_value_through_each_window(animator):
    v = anima.Value(animator, 0.0)
    with animator.animate_keyframes(1.0) as k:
        with k.keyframe(0, 0.5):
            v.value = 100
        with k.keyframe(0.5, 0.5):
            v.value = 40
    run(animator, 0.25)
    assert v.value == pytest.approx(50, abs=1e-9)
    run(animator, 0.5)
    assert v.value == pytest.approx(70, abs=1e-9)
    run(animator, 0.25)
    assert v.value == 40.0


def test_paced_keyframes_move_a_point_at_an_even_speed(animator):
    # legs of 50 and 40 pt in 0.9 s: 100 pt/s along the polyline, windows ignored
    p = anima.Value(animator, (0, 0))
    with animator.animate_keyframes(0.9, mode="paced") as k:
        with k.keyframe(0, 0.5):
            p.value = (30, 40)
        with k.keyframe(0.5, 0.5):
            p.value = (30, 0)
    expected = [(15, 20), (30, 40), (30, 20), (30, 0)]
    for seconds, (x, y) in zip((0.25, 0.25, 0.2, 0.2), expected):
        run(animator, seconds)
        assert p.value == pytest.approx((x, y), abs=1e-9)
    assert p.value == (30.0, 0.0)


def test_a_stagger_counts_values_as_it_counts_items(animator):
    row = [anima.Value(animator) for _ in range(3)]
    ended = []
    with animator.animate(0.5, curve="linear", stagger=0.25, completion=ended.append):
        for r in row:
            r.value = 1
    run(animator, 0.5)
    shown = anima.read_values(row)[:, 0]
    assert shown[0] == pytest.approx(1, abs=1e-12) and shown[1] == pytest.approx(0.5, abs=1e-9) and shown[2] == 0
    assert ended == []
    run(animator, 0.5 + 1 / 60)
    assert [r.value for r in row] == [1.0, 1.0, 1.0] and ended == [True], "one completion, after the last"
    # an item recorded first is the 0th of the stagger, the value after it the 1st
    ball = anima.Item(animator)
    v = anima.Value(animator)
    with animator.animate(0.5, curve="linear", stagger=0.25):
        ball.alpha = 0.0
        v.value = 1
    run(animator, 0.25)
    assert ball.alpha == pytest.approx(0.5, abs=1e-9) and v.value == 0.0


def test_a_timeline_chains_segments_of_a_value_and_seeks(animator):
    t = anima.Value(animator, 0.0)
    with animator.timeline() as timeline:
        with animator.animate(1.0, curve="linear"):
            t.value = 10
        with animator.animate(1.0, delay=1.0, curve="linear"):
            t.value = 30
    assert timeline.duration == 2.0
    timeline.seek(1.5)
    assert t.value == pytest.approx(20, abs=1e-9)
    timeline.seek(0.5)
    assert t.value == pytest.approx(5, abs=1e-9)
    timeline.play()
    run(animator, 1.5)
    assert t.value == 30.0


# ------------------------------------------------------------------- property-animator controls


def test_property_animator_controls_drive_a_value(animator):
    v = anima.Value(animator, 0.0)
    finished = []
    with animator.animate(1.0, curve="linear", completion=finished.append) as animation:
        v.value = 100
    animation.pause()
    assert animation.is_paused
    animation.fraction_complete = 0.25
    assert v.value == 25.0
    animation.is_reversed = True
    animation.resume()
    run(animator, 0.5)
    assert v.value == 0.0
    assert finished == [True] and animation.position == "start"


def test_stopping_and_continuing_a_value_animation(animator):
    stopped = anima.Value(animator)
    with animator.animate(1.0, curve="linear") as a:
        stopped.value = 100
    run(animator, 0.5)
    a.stop("end")
    assert stopped.value == 100.0
    animator.advance(1 / 60)
    assert a.finished is True and a.position == "end"

    continued = anima.Value(animator)
    with animator.animate(1.0, curve="linear") as b:
        continued.value = 100
    run(animator, 0.5)
    b.continue_animation(2.0)   # the remaining 0.5 s takes 1 s
    run(animator, 0.5)
    assert continued.value == pytest.approx(75, abs=1e-9)

    cancelled = anima.Value(animator)
    finished = []
    with animator.animate(1.0, curve="linear", completion=finished.append) as c:
        cancelled.value = 100
    run(animator, 0.5)
    c.cancel()
    animator.advance(1 / 60)
    assert cancelled.value == pytest.approx(50, abs=1e-9) and finished == [False] and c.position == "current"


# ------------------------------------------------------------------- flings


def test_a_flung_value_rests_at_x0_plus_v_over_lambda(animator):
    v = anima.Value(animator, 0.0)
    done = []
    fling = v.fling(1000, time_constant=0.2, completion=done.append)
    assert isinstance(fling, anima.Animation) and fling.is_active
    assert animator.run_until_rest(progress=False) is not None
    assert v.value == pytest.approx(1000 * 0.2, abs=1e-9)
    assert done == [True] and fling.finished is True and fling.position == "end"
    # UIScrollView's normal rate keeps 0.998 of the velocity per ms: lambda = -1000 ln 0.998
    w = anima.Value(animator, 10.0)
    w.fling(1000, rate="normal")
    seconds = animator.run_until_rest(progress=False)
    assert w.value == pytest.approx(10 + 1000 / (-1000 * math.log(0.998)), abs=1e-9)
    assert seconds == pytest.approx(math.log(1000 / (-1000 * math.log(0.998)) / 0.1) / 2.002, abs=0.02)


def test_a_flung_value_is_held_by_its_own_bounds(animator):
    bounded = anima.Value(animator, 0.0, bounds=(0, 50))
    bounded.fling(1000, time_constant=0.2)
    highest = 0.0
    while animator.is_running:
        animator.advance(1 / 60)
        highest = max(highest, bounded.value)
    assert highest == 50.0 and bounded.value == 50.0


def test_a_flings_bound_hands_the_value_to_a_spring(animator):
    # at the bound the decay has used s = 30 / 499.5 of its coast: the critically damped
    # spring (0.4 s response) starts at v0 (1 - s) and overshoots by v / (e w0)
    v = anima.Value(animator, 0.0)
    v.fling(1000, upper=30)
    highest = 0.0
    while animator.is_running:
        animator.advance(1 / 120)
        highest = max(highest, v.value)
    coast = 1000 / (-1000 * math.log(0.998))
    overshoot = 1000 * (1 - 30 / coast) / (math.e * 2 * math.pi / 0.4)
    assert highest == pytest.approx(30 + overshoot, abs=0.1)
    assert v.value == 30.0


def test_a_fling_snaps_and_takes_a_bound_per_component(animator):
    p = anima.Value(animator, (0, 0))
    p.fling((100, -100), snap=7)   # natural rests at +-49.95: the next multiples of 7 ahead
    animator.run_until_rest(progress=False)
    assert p.value == (56.0, -56.0)
    q = anima.Value(animator, (0, 0))
    q.fling((100, -100), lower=(None, -10), time_constant=0.2)
    animator.run_until_rest(progress=False)
    assert q.value[0] == pytest.approx(20, abs=1e-9) and q.value[1] == -10.0
    r = anima.Value(animator)
    r.fling(np.float32(100), upper=np.float32(5), time_constant=0.2)
    animator.run_until_rest(progress=False)
    assert r.value == 5.0


def test_bad_flings_are_refused(animator):
    colour = anima.Value(animator, (0, 0, 0), space="oklab")
    with pytest.raises(anima.InvalidArgumentError, match="colour"):
        colour.fling((1, 1, 1))
    v = anima.Value(animator)
    with pytest.raises(anima.InvalidArgumentError):
        v.fling((1, 2))
    with pytest.raises(TypeError, match="property"):
        v.fling(1, property="center")
    with pytest.raises(TypeError):
        v.fling(1, bogus=1)
    with pytest.raises(TypeError):
        v.fling("fast")
    with pytest.raises(anima.InvalidArgumentError):
        v.fling(math.nan)
    with pytest.raises(anima.InvalidArgumentError):
        v.fling(100, rate="slow")
    assert animator.animation_count == 0 and v.value == 0.0


# ------------------------------------------------------------------- on_change


def test_on_change_runs_once_per_step_that_moved_the_value(animator):
    v = anima.Value(animator, 0.0)
    calls = []
    v.on_change = lambda value, new: calls.append((value, new))
    v.value = 5
    assert calls == [], "setting it yourself does not call back"
    with animator.animate(0.5, curve="linear"):
        v.value = 65
    run(animator, 1.0)
    assert len(calls) == 60, "one call for each of the 60 steps of 1/120 s that moved it"
    assert all(value is v for value, _ in calls)
    assert calls[0][1] == pytest.approx(6, abs=1e-9) and calls[-1][1] == 65.0
    point = anima.Value(animator, (0, 0))
    seen = []
    point.on_change = lambda value, new: seen.append(new)
    with animator.animate(0.1, curve="linear"):
        point.value = (12, 24)
    run(animator, 0.2)
    assert len(seen) == 12 and seen[-1] == (12.0, 24.0) and seen[0] == pytest.approx((1, 2), abs=1e-9)


def test_on_change_can_be_read_replaced_and_cleared(animator):
    v = anima.Value(animator)
    first, second = Log(), Log()
    v.on_change = first
    assert v.on_change is first
    with animator.animate(0.1, curve="linear"):
        v.value = 1
    run(animator, 0.05)
    v.on_change = second
    run(animator, 0.05)
    assert len(first.calls) == 6 and len(second.calls) == 6
    v.on_change = None
    with animator.animate(0.1):
        v.value = 2
    run(animator, 0.2)
    assert v.on_change is None and len(second.calls) == 6
    v.on_change = first
    del v.on_change
    assert v.on_change is None
    with pytest.raises(TypeError, match="on_change"):
        v.on_change = 3


def test_on_change_calling_advance_gets_busy_error_inside(animator):
    v = anima.Value(animator)
    errors = []

    def reenter(value, new):
        for call in (lambda: animator.advance(0), animator.step, animator.destroy):
            try:
                call()
            except anima.BusyError as error:
                errors.append(str(error))

    v.on_change = reenter
    with animator.animate(0.05, curve="linear"):
        v.value = 6
    run(animator, 0.1)
    assert len(errors) == 3 * 6
    assert any("anima_animator_advance" in e for e in errors)
    assert animator.is_valid and v.value == 6.0


def test_an_uncaught_busy_error_propagates_from_advance(animator):
    v = anima.Value(animator)
    v.on_change = lambda value, new: animator.step()
    with animator.animate(0.1):
        v.value = 1
    with pytest.raises(anima.BusyError):
        animator.advance(1.0)


def test_on_change_raising_propagates_and_the_animator_stays_usable(animator):
    v = anima.Value(animator, 0.0)
    calls = []

    def explode_third(value, new):
        calls.append(new)
        if len(calls) == 3:
            raise Boom("third")

    v.on_change = explode_third
    finished = []
    with animator.animate(0.5, curve="linear", completion=finished.append):
        v.value = 100
    with pytest.raises(Boom, match="third"):
        animator.advance(1.0)
    # the advance stopped after the step whose callback raised
    assert animator.step_count == 3 and v.value == 5.0
    run(animator, 1.0)
    assert v.value == 100.0 and finished == [True] and len(calls) == 60
    assert not animator.is_running


def test_only_the_first_exception_of_a_step_propagates(animator):
    calls = []

    def explode(value, new):
        calls.append(value)
        raise Boom(len(calls))

    a, b = anima.Value(animator), anima.Value(animator)
    a.on_change = b.on_change = explode
    with animator.animate(0.5):
        a.value = b.value = 1
    with pytest.raises(Boom) as caught:
        animator.advance(1 / 60)
    assert caught.value.args == (1,) and len(calls) == 1
    a.on_change = b.on_change = None
    run(animator, 0.6)
    assert a.value == b.value == 1.0


def test_on_change_can_destroy_its_value(animator):
    v = anima.Value(animator)
    v.on_change = lambda value, new: value.destroy()
    with animator.animate(0.5):
        v.value = 1
    run(animator, 0.1)
    assert not v.is_valid and animator.values == () and animator.animation_count == 0


def test_a_value_destroyed_in_a_callback_still_ends_its_animation_unfinished(animator):
    v = anima.Value(animator)
    finished = []
    v.on_change = lambda value, new: value.destroy()
    with animator.animate(0.5, completion=finished.append) as animation:
        v.value = 1
    run(animator, 0.1)
    assert finished == [False] and animation.position == "current"


# ------------------------------------------------------------------- bad input


@pytest.mark.parametrize("make, message", [
    (lambda a: anima.Value(a, (1, 2, 3, 4, 5)), "1 to 4 components"),
    (lambda a: anima.Value(a, ()), "1 to 4 components"),
    (lambda a: anima.Value(a, math.nan), "finite"),
    (lambda a: anima.Value(a, (0, math.inf)), "finite"),
    (lambda a: anima.Value(a, (math.nan, 0, 0), space="oklab"), "finite"),
    (lambda a: anima.Value(a, (1.5, 0, 0), space="srgb"), "0.0...1.0"),
    (lambda a: anima.Value(a, (0, 0, -0.1, 1), space="linear_srgb"), "0.0...1.0"),
    (lambda a: anima.Value(a, (0, 0), space="srgb"), "3 components"),
    (lambda a: anima.Value(a, 0, bounds=(1, 0)), "lower < upper"),
    (lambda a: anima.Value(a, 0, bounds=(1, 1)), "lower < upper"),
    (lambda a: anima.Value(a, 0, bounds=(0, math.inf)), "finite"),
    (lambda a: anima.Value(a, 5, bounds=(0, 1)), "0.0...1.0"),
    (lambda a: anima.Value(a, 2e9), "component 0"),
    (lambda a: anima.Value(a, 0, space="hsl"), "space"),
    (lambda a: anima.Value(a, 0, visible_change=0), "visible_change"),
    (lambda a: anima.Value(a, 0, visible_change=-1), "visible change"),
    (lambda a: anima.Value(a, 10 ** 400), "finite"),
])
def test_bad_values_are_refused_and_nothing_is_made(animator, make, message):
    with pytest.raises(anima.InvalidArgumentError, match=message):
        make(animator)
    assert animator.values == ()


@pytest.mark.parametrize("bad", ["12", b"12", bytearray(b"12"), None, {1: 2}, {1.0, 2.0}, iter([1, 2]),
                                 ("a", 1), (1, (2,)), 1 + 2j, object()])
def test_non_numbers_are_a_type_error(animator, bad):
    with pytest.raises(TypeError):
        anima.Value(animator, bad)
    v = anima.Value(animator, (1, 2))
    with pytest.raises(TypeError):
        v.value = bad
    assert v.value == (1.0, 2.0)
    assert animator.values == (v,)


def test_non_animators_are_a_type_error(animator):
    with pytest.raises(TypeError, match="animator"):
        anima.Value("animator", 0)
    with pytest.raises(TypeError, match="animator"):
        anima.Value(anima.Item(animator), 0)


@pytest.mark.parametrize("bad, message", [
    (1, "has 2 components"),
    ((1, 2, 3), "has 2 components"),
    ((1, math.inf), "finite"),
    ((math.nan, 0), "finite"),
    ((0, 11), "0.0...10.0"),
    ((1, 10 ** 400), r"value\[1\] must be finite"),
])
def test_a_refused_set_leaves_the_value_unchanged(animator, bad, message):
    v = anima.Value(animator, (1, 2), bounds=(0, 10))
    with pytest.raises(anima.InvalidArgumentError, match=message):
        v.value = bad
    assert v.value == (1.0, 2.0)
    with pytest.raises(anima.InvalidArgumentError, match=message):
        with animator.animate(1.0):
            v.value = bad
    run(animator, 1.0)
    assert v.value == (1.0, 2.0) and animator.animation_count == 0


def test_a_refused_colour_leaves_the_colour_unchanged(animator):
    # examples/c/values.c: a component of 1.5 and three components for a four are refused
    colour = anima.Value(animator, BLUE, space="oklab")
    for bad in ((1.5, 0, 0, 1), RED[:3], (0, 0, math.nan, 1)):
        with pytest.raises(anima.InvalidArgumentError):
            colour.value = bad
    assert colour.value == BLUE


def test_a_value_never_initialised_is_stale(animator):
    v = anima.Value.__new__(anima.Value)
    with pytest.raises(anima.StaleHandleError, match="never initialised"):
        v.value
    assert not v.is_valid
    with pytest.raises(anima.StaleHandleError):
        v.destroy()
    v.__init__(animator, 3.0)
    assert v.value == 3.0 and animator.values == (v,)


def test_a_value_cannot_be_initialised_twice(animator):
    v = anima.Value(animator, 1.0)
    with pytest.raises(anima.AnimaError):
        v.__init__(animator, 2.0)
    assert v.value == 1.0 and animator.values == (v,)


# ------------------------------------------------------------------- destroy


def test_a_destroyed_value_is_stale_and_its_animation_ends_unfinished(animator):
    v = anima.Value(animator, (1, 2))
    finished = []
    with animator.animate(1.0, completion=finished.append) as animation:
        v.value = (3, 4)
    animator.advance(1 / 60)
    v.destroy()
    animator.advance(1 / 60)
    assert finished == [False] and animation.position == "current" and not animation.is_active
    assert not v.is_valid and animator.values == ()
    assert repr(v) == "<anima.Value (destroyed)>"
    for read in (lambda: v.value, lambda: v.components, lambda: v.velocity, lambda: v.count, lambda: v.space,
                 lambda: v.bounds, v.destroy, lambda: v.fling(1)):
        with pytest.raises(anima.StaleHandleError, match="stale or destroyed"):
            read()
    with pytest.raises(anima.StaleHandleError):
        v.value = (5, 6)
    with pytest.raises(anima.StaleHandleError):
        v.on_change = print
    reused = anima.Value(animator, 7.0)
    assert reused.is_valid and not v.is_valid and reused != v
    assert animator.values == (reused,)


def test_an_animation_keeps_moving_the_values_left_in_it(animator):
    gone, kept = anima.Value(animator), anima.Value(animator)
    finished = []
    with animator.animate(0.5, completion=finished.append):
        gone.value = kept.value = 10
    run(animator, 0.1)
    gone.destroy()
    run(animator, 0.5)
    assert kept.value == 10.0 and finished == [True]


def test_values_of_a_destroyed_animator_are_stale(animator):
    v = anima.Value(animator, 3.0)
    animator.destroy()
    assert not v.is_valid
    with pytest.raises(anima.StaleHandleError, match="animator was destroyed"):
        v.value
    with pytest.raises(anima.StaleHandleError):
        v.value = 4
    with pytest.raises(anima.StaleHandleError):
        animator.values
    with pytest.raises(anima.StaleHandleError):
        anima.Value(animator, 0)
    assert repr(v) == "<anima.Value (destroyed)>"


# ------------------------------------------------------------------- read_values


def test_read_values_gives_a_row_of_four_per_value(animator):
    values = [anima.Value(animator, 1.5), anima.Value(animator, (1, 2)), anima.Value(animator, (1, 2, 3)),
              anima.Value(animator, (0.25, 0.5, 0.75, 1), space="srgb")]
    rows = anima.read_values(values)
    assert rows.shape == (4, 4) and rows.dtype == np.float64
    assert rows.tolist() == [[1.5, 0, 0, 0], [1, 2, 0, 0], [1, 2, 3, 0], [0.25, 0.5, 0.75, 1]]
    assert not rows.flags.writeable
    with pytest.raises(ValueError):
        rows[0, 0] = 9
    # in the order given, repeats included, from any iterable; a copy, not a view
    again = anima.read_values(v for v in (values[2], values[0], values[2]))
    assert again[:, 0].tolist() == [1, 1.5, 1]
    with animator.animate(0.1):
        values[0].value = 100
    run(animator, 0.2)
    assert rows[0, 0] == 1.5 and anima.read_values(values[:1])[0, 0] == 100
    empty = anima.read_values([])
    assert empty.shape == (0, 4) and not empty.flags.writeable


def test_read_values_refuses_mixed_animators_and_destroyed_values(animator):
    other = anima.Animator()
    mine, theirs = anima.Value(animator, 1), anima.Value(other, 2)
    with pytest.raises(anima.InvalidArgumentError, match="more than one animator"):
        anima.read_values([mine, theirs])
    gone = anima.Value(animator, 3)
    gone.destroy()
    with pytest.raises(anima.StaleHandleError, match=r"values\[1\]"):
        anima.read_values([mine, gone, mine])
    with pytest.raises(TypeError, match="anima.Value"):
        anima.read_values([mine, 3])
    with pytest.raises(TypeError):
        anima.read_values([anima.Item(animator)])
    other.destroy()
    with pytest.raises(anima.StaleHandleError):
        anima.read_values([theirs])


def test_read_values_reads_a_large_row_as_the_values_do(animator):
    values = [anima.Value(animator, (k, -k)) for k in range(1000)]
    with animator.animate(0.5, curve="linear", stagger=0.001):
        for v in values:
            v.value = (1000, 1000)
    run(animator, 0.5)
    rows = anima.read_values(values)
    assert rows.shape == (1000, 4)
    assert rows[:, :2].tolist() == [list(v.value) for v in values]
    assert not np.any(rows[:, 2:])


# ------------------------------------------------------------------- snapshots, pickles, copies


def _moving_values():
    """An animator whose three values are mid-way through a spring, a colour spring and a tween."""
    a = anima.Animator()
    colour = anima.Value(a, (0.2, 0.4, 0.6, 1), space="oklab")
    scroll = anima.Value(a, 0.0, bounds=(-50, 500))
    point = anima.Value(a, (0, 0), visible_change=0.01)
    scroll.on_change = Log()
    with a.animate(spring=(1, 120, 9), initial_velocity=2):
        colour.value = (0.9, 0.1, 0.3, 0.5)
        scroll.value = 420
    with a.animate(1.5, curve="back_in_out"):
        point.value = (40, -30)
    run(a, 0.3)
    return a


def _state(a):
    return anima.read_values(a.values).tobytes(), [v.velocity for v in a.values]


def test_snapshots_pickles_and_copies_carry_values_mid_animation_bit_for_bit():
    a = _moving_values()
    bytes_ = a.snapshot()
    restored = anima.Animator.restore(bytes_)
    assert restored.snapshot() == bytes_, "a restored animator snapshots to the same bytes"
    copies = [restored, pickle.loads(pickle.dumps(a)), copy.deepcopy(a), copy.copy(a)]
    for b in copies:
        assert [(v.count, v.space, v.bounds) for v in b.values] == [(v.count, v.space, v.bounds) for v in a.values]
        assert _state(b) == _state(a)
        assert b.state_hash() == a.state_hash()
    for _ in range(50):
        for animator in (a, *copies):
            animator.advance(1 / 60)
        assert all(_state(b) == _state(a) for b in copies)
    assert all(b.state_hash() == a.state_hash() for b in copies)
    assert a.is_running, "still moving: the checks were made mid-animation"
    while a.is_running:
        for animator in (a, *copies):
            animator.advance(1 / 60)
    assert all(_state(b) == _state(a) and not b.is_running for b in copies)
    assert a.values[1].value == 420.0


def test_the_state_hash_sees_a_values_change():
    a, b = _moving_values(), _moving_values()
    assert a.state_hash() == b.state_hash()
    b.values[2].value = (40, -30)
    assert a.state_hash() != b.state_hash()


class Sheet(anima.Animator):
    """A bottom sheet: its height and tint are values it holds (pickled by reference, so at module level)."""

    def __init__(self):
        super().__init__()
        self.height = anima.Value(self, 100.0)
        self.tint = anima.Value(self, RED, space="oklab")
        self.ended = Log()


def test_values_held_by_a_subclass_travel_with_its_animator():
    sheet = Sheet()
    with sheet.animate(1.0, completion=sheet.ended):
        sheet.height.value = 400
        sheet.tint.value = BLUE
    run(sheet, 0.5)
    for twin in (pickle.loads(pickle.dumps(sheet)), copy.deepcopy(sheet)):
        assert type(twin) is Sheet and twin.height is twin.values[0] and twin.tint is twin.values[1]
        assert twin.height.animator is twin and twin.height.value == sheet.height.value
        run(twin, 0.6)
        assert twin.height.value == 400.0 and twin.tint.value == BLUE
        assert twin.ended.calls == [(True,)], "the completion came along"
    assert sheet.ended.calls == [] and sheet.height.value < 400


def test_a_value_pickled_alone_brings_its_animator():
    a = anima.Animator()
    v = anima.Value(a, (3, 4))
    copied = copy.deepcopy(v)
    assert copied.value == (3.0, 4.0) and copied.animator is not a and copied.animator.values == (copied,)
    assert copy.copy(v) is v
    gone = anima.Value(a)
    gone.destroy()
    with pytest.raises(anima.StaleHandleError):
        pickle.dumps(gone)


def test_values_made_after_a_restore_join_the_restored_animator():
    a = _moving_values()
    b = anima.Animator.restore(a.snapshot())
    fresh = anima.Value(b, 1.0)
    assert b.values[-1] is fresh and len(b.values) == 4 and len(a.values) == 3
    with b.animate(0.5):
        fresh.value = 2
    run(b, 0.6)
    assert fresh.value == 2.0


# ------------------------------------------------------------------- properties


_finite = st.floats(min_value=-1e9, max_value=1e9, allow_nan=False, allow_infinity=False)


@settings(max_examples=200, deadline=None)
@given(first=st.lists(_finite, min_size=1, max_size=4), data=st.data())
def test_any_finite_components_round_trip_exactly(first, data):
    a = anima.Animator()
    v = anima.Value(a, first)
    assert v.components == tuple(first)
    assert v.value == (first[0] if len(first) == 1 else tuple(first))
    second = data.draw(st.lists(_finite, min_size=len(first), max_size=len(first)))
    v.value = second
    assert v.components == tuple(second)
    assert anima.read_values([v])[0].tolist() == second + [0.0] * (4 - len(second))


_unit = st.floats(min_value=0, max_value=1, allow_nan=False)
_colour = st.tuples(_unit, _unit, _unit, _unit)


@settings(max_examples=40, deadline=None)
@given(start=_colour, end=_colour, space=st.sampled_from(SPACES),
       timing=st.sampled_from([{"curve": "linear"}, {"curve": "back_in_out"}, {"curve": "elastic_out"},
                               {"spring": (1, 300, 5)}]))
def test_any_colour_animated_to_another_stays_in_range_and_ends_exactly(start, end, space, timing):
    a = anima.Animator()
    colour = anima.Value(a, start, space=space)
    seen = []
    colour.on_change = lambda value, new: seen.append(new)
    with a.animate(0.5, **timing):
        colour.value = end
    for _ in range(600):
        a.advance(1 / 60)
        if not a.is_running:
            break
    assert not a.is_running
    assert colour.value == end
    assert all(0.0 <= c <= 1.0 for new in seen for c in new)
