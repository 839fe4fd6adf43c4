"""Timing curves and springs, compared with their defining formulas."""

import math
import re

import pytest

import anima

TS = [i / 200 for i in range(201)]


def bezier_value(x1, y1, x2, y2, t):
    """y at x = t on the unit cubic Bezier, by bisection on x(s) (independent of the engine)."""
    def coord(a, b, s):
        return 3 * (1 - s) ** 2 * s * a + 3 * (1 - s) * s * s * b + s ** 3
    lo, hi = 0.0, 1.0
    for _ in range(80):
        mid = (lo + hi) / 2
        if coord(x1, x2, mid) < t:
            lo = mid
        else:
            hi = mid
    return coord(y1, y2, (lo + hi) / 2)


@pytest.mark.parametrize("curve,points", [
    ("ease_in_out", (0.42, 0, 0.58, 1)),
    ("ease_in", (0.42, 0, 1, 1)),
    ("ease_out", (0, 0, 0.58, 1)),
    ((0.68, -0.55, 0.265, 1.55), (0.68, -0.55, 0.265, 1.55)),
    ((0.25, 0.1, 0.25, 1.0), (0.25, 0.1, 0.25, 1.0)),
])
def test_cubic_beziers_match_their_definition(curve, points):
    timing = anima.Timing(1.0, curve=curve)
    for t in TS:
        assert timing.progress(t) == pytest.approx(bezier_value(*points, t), abs=1e-9)


def penner_in(family, t):
    c1 = 1.70158
    if family == "quad":
        return t * t
    if family == "cubic":
        return t ** 3
    if family == "quart":
        return t ** 4
    if family == "quint":
        return t ** 5
    if family == "sine":
        return 1 - math.cos(t * math.pi / 2)
    if family == "expo":
        return 0.0 if t == 0 else 2 ** (10 * t - 10)
    if family == "circ":
        return 1 - math.sqrt(1 - t * t)
    if family == "back":
        return (c1 + 1) * t ** 3 - c1 * t * t
    raise ValueError(family)


@pytest.mark.parametrize("family", ["quad", "cubic", "quart", "quint", "sine", "expo", "circ", "back"])
def test_penner_families_match_easings_net(family):
    ease_in = anima.Timing(1.0, curve=f"{family}_in")
    ease_out = anima.Timing(1.0, curve=f"{family}_out")
    for t in TS:
        assert ease_in.progress(t) == pytest.approx(penner_in(family, t), abs=1e-12)
        assert ease_out.progress(t) == pytest.approx(1 - penner_in(family, 1 - t), abs=1e-12)


def test_bounce_out_matches_its_piecewise_parabolas():
    n1, d1 = 7.5625, 2.75

    def bounce_out(x):
        if x < 1 / d1:
            return n1 * x * x
        if x < 2 / d1:
            x -= 1.5 / d1
            return n1 * x * x + 0.75
        if x < 2.5 / d1:
            x -= 2.25 / d1
            return n1 * x * x + 0.9375
        x -= 2.625 / d1
        return n1 * x * x + 0.984375
    timing = anima.Timing(1.0, curve="bounce_out")
    for t in TS:
        assert timing.progress(t) == pytest.approx(bounce_out(t), abs=1e-12)


def test_steps_hold_and_jump():
    timing = anima.Timing(1.0, curve=("steps", 4))
    assert [timing.progress(t) for t in (0, 0.24, 0.25, 0.6, 0.99, 1)] == [0, 0, 0.25, 0.5, 0.75, 1]
    start = anima.Timing(1.0, curve=("steps", 4, "jump_start"))
    assert start.progress(0.1) == 0.25


def spring_closed_form(m, k, c, v0, t):
    """Progress of a spring released 1 from its target with velocity v0 toward it (z < 1)."""
    w0 = math.sqrt(k / m)
    z = c / (2 * math.sqrt(k * m))
    wd = w0 * math.sqrt(1 - z * z)
    a = z * w0
    x = math.exp(-a * t) * (math.cos(wd * t) + (-v0 + a) / wd * math.sin(wd * t))
    return 1 - x


@pytest.mark.parametrize("m,k,c,v0", [(1, 100, 10, 0), (1, 170, 26, 0), (2, 300, 10, 3), (0.5, 50, 2, -1)])
def test_spring_matches_the_closed_form(m, k, c, v0):
    timing = anima.Timing(spring=(m, k, c), initial_velocity=v0)
    for i in range(300):
        t = i * 0.01
        assert timing.progress(t) == pytest.approx(spring_closed_form(m, k, c, v0, t), abs=1e-12)
    assert timing.velocity(0) == pytest.approx(v0, abs=1e-12)


@pytest.mark.parametrize("options", [
    dict(spring=(1, 100, 10)),
    dict(spring=(1, 100, 5)),
    dict(spring=(1, 100, 30)),            # overdamped
    dict(spring=(1, 100, 20)),            # critical
    dict(response=0.5, damping_fraction=0.825),
    dict(duration=0.5, bounce=0.3),
    dict(duration=0.4, damping_ratio=0.6, initial_velocity=2),
])
def test_settling_duration_is_when_the_spring_stays_within_its_threshold(options):
    timing = anima.Timing(**options)
    settle = timing.duration
    # find by sampling the last time |1 - p| >= 0.001
    step = 1e-4
    last = 0.0
    t = 0.0
    while t < settle * 3 + 1:
        if abs(1 - timing.progress(t)) >= 0.001:
            last = t
        t += step
    assert settle == pytest.approx(last, rel=0.05, abs=2 * step)


def test_named_springs_and_uikit_figures():
    assert anima.Timing(spring=(1, 100, 5)).duration == pytest.approx(2.69, abs=0.01)
    assert anima.Timing(spring=(1, 100, 10)).duration == pytest.approx(1.27, abs=0.01)
    # damping_ratio settles at its duration
    assert anima.Timing(0.5, damping_ratio=0.5).duration == pytest.approx(0.5, abs=1e-6)
    # SwiftUI response 0.5 s, fraction 1: critically damped, no overshoot
    critical = anima.Timing(response=0.5, damping_fraction=1.0)
    assert max(critical.progress(i / 100) for i in range(300)) <= 1.0 + 1e-12


def test_css_linear_reads_back_within_its_error():
    css, seconds = anima.Timing(spring=(1, 100, 10)).css_linear(0.001)
    assert css.startswith("linear(0") and css.endswith(")")
    stops = re.findall(r"([-0-9.e]+) ([0-9.e]+)%", css)
    assert len(stops) > 10
    timing = anima.Timing(spring=(1, 100, 10))
    for value, percent in stops:
        t = float(percent) / 100 * seconds
        assert float(value) == pytest.approx(timing.progress(t), abs=2e-3)
    linear, _ = anima.Timing(1.0, curve="linear").css_linear()
    assert linear == "linear(0, 1)"


@pytest.mark.parametrize("options", [
    dict(duration=-1), dict(duration=math.nan), dict(curve=(-0.1, 0, 1, 1)), dict(curve=(0.2, 0, 1.1, 1)),
    dict(spring=(0, 100, 10)), dict(spring=(1, -100, 10)), dict(spring=(1, 100, 0)),
    dict(response=0, damping_fraction=1), dict(duration=0.5, bounce=-1), dict(duration=0.5, bounce=1.5),
    dict(curve=("steps", 0)), dict(curve=("steps", 1, "jump_none")), dict(curve=("steps", 2, "sideways")),
    dict(curve="back_sideways"), dict(damping_fraction=0.5),
])
def test_bad_timings_raise(options):
    with pytest.raises(anima.InvalidArgumentError):
        anima.Timing(**options)


def test_unknown_options_raise_type_error():
    with pytest.raises(TypeError):
        anima.Timing(1.0, curvature="linear")
    with pytest.raises(TypeError):
        anima.Animator().animate(1.0, colour="red").__enter__()
