"""anima.Timing's easing curves against Qt's QEasingCurve (PySide6, QtCore only: no display).

Qt's Penner curves (src/3rdparty/easing/easing.cpp, used by src/corelib/tools/qeasingcurve.cpp) and
Anima's are the same formulas for quad, cubic, quart, quint, sine, circ, back, elastic, bounce and
linear with Qt's default parameters (overshoot 1.70158, amplitude 1, period 0.3), so they must agree
to rounding. The curves that differ by definition are checked for the difference itself:

- expo: Qt shifts and scales its curves by 0.001 (in: 2^(10t - 10) - 0.001; out: 1.001 (1 - 2^(-10t));
  in_out: the halves by 0.0005 and 1.0005); Anima's are the plain 2^(10t - 10) forms.
- elastic_in_out: Anima uses the period 0.45 of the usual in-out form; Qt's InOutElastic keeps its
  period property, 0.3 by default, and matches with setPeriod(0.45).
- back_in_out: Qt scales the overshoot by the float literal 1.525f (1.52499997615814), Anima by the
  double 1.525; the curves differ by up to 3.0e-9.
- Bezier curves: Qt's BezierSpline solves x(s) = t by Cardano's formula with polynomial
  approximations of cos(acos(x) / 3) and no refinement (BezierEase::cosacos); Anima solves to 1e-12
  (docs/timing.md). Both are compared with a bisection of the Bezier itself.

Not compared, because the other side has no such curve (also listed in docs/timing.md): Qt's OutIn
curves of every family, InCurve, OutCurve, SineCurve, CosineCurve, TCBSpline and Custom; Qt's
amplitude, period and overshoot other than their defaults (Anima's curves have none); Anima's
steps and springs, which QEasingCurve lacks.
"""

import math

import pytest

import anima

try:
    from PySide6.QtCore import QEasingCurve, QPointF
except ImportError as error:   # the fixture fails every test with the install step
    QEasingCurve = QPointF = None
    QT_IMPORT_ERROR = error

FAMILIES = ["quad", "cubic", "quart", "quint", "sine", "expo", "circ", "back", "elastic", "bounce"]
KINDS = {"in": "In", "out": "Out", "in_out": "InOut"}

#: Anima name -> Qt type name, for the curves that are the same formula on both sides.
SAME = {f"{family}_{kind}": f"{qt_kind}{family.capitalize()}"
        for family in FAMILIES if family != "expo" for kind, qt_kind in KINDS.items()}
del SAME["back_in_out"], SAME["elastic_in_out"]   # compared on their own below
SAME["linear"] = "Linear"

#: Qt types compared in some test here, and the ones Anima has no counterpart for.
COMPARED = set(SAME.values()) | {
    "InExpo", "OutExpo", "InOutExpo", "InOutBack", "InOutElastic", "BezierSpline"}
NOT_IN_ANIMA = {f"OutIn{family.capitalize()}" for family in FAMILIES} | {
    "InCurve", "OutCurve", "SineCurve", "CosineCurve", "TCBSpline", "Custom", "NCurveTypes"}

#: 20001 evenly spaced times, the ends' neighbours, and both sides of every kink and half-way point.
KINKS = [4 / 11, 8 / 11, 10 / 11]
KINKS += [1 - k for k in KINKS] + [k / 2 for k in KINKS] + [0.5 + k / 2 for k in KINKS] + [0.5]
TIMES = sorted({i / 20000 for i in range(20001)} | {1e-12, 1e-9, 1 - 1e-9, 1 - 1e-12}
               | {math.nextafter(k, side) for k in KINKS for side in (0.0, 1.0)} | set(KINKS))


@pytest.fixture(scope="module")
def qt():
    if QEasingCurve is None:
        pytest.fail(f"PySide6 is not installed in the virtual environment ({QT_IMPORT_ERROR}): run "
                    "`build/venv/bin/python -m pip install PySide6-Essentials` (or `make deps`)",
                    pytrace=False)
    return QEasingCurve


def worst(anima_name, qt_curve, relation=lambda t, value: value):
    """The largest |relation(t, Anima's value) - Qt's value| over TIMES, and where."""
    timing = anima.Timing(1.0, curve=anima_name)
    return max((abs(relation(t, timing.progress(t)) - qt_curve.valueForProgress(t)), t) for t in TIMES)


@pytest.mark.parametrize("anima_name", sorted(SAME))
def test_qt_curve_with_same_definition_agrees_to_rounding(qt, anima_name):
    error, t = worst(anima_name, qt(getattr(qt.Type, SAME[anima_name])))
    assert error <= 1e-12, f"{anima_name} is {error:.3g} from Qt's {SAME[anima_name]} at t = {t!r}"


def test_qt_back_in_out_differs_only_by_its_float_overshoot_scale(qt):
    error, t = worst("back_in_out", qt(qt.Type.InOutBack))
    assert 1e-9 < error <= 3.1e-9, f"{error:.3g} at t = {t}"


def test_qt_in_out_elastic_with_period_045_is_anima_elastic_in_out(qt):
    curve = qt(qt.Type.InOutElastic)
    assert curve.period() == pytest.approx(0.3)
    default_error, _ = worst("elastic_in_out", curve)
    assert default_error > 0.1   # Qt's default period 0.3 is another curve
    curve.setPeriod(0.45)
    error, t = worst("elastic_in_out", curve)
    assert error <= 1e-12, f"{error:.3g} at t = {t}"


@pytest.mark.parametrize("anima_name,qt_name,relation", [
    ("expo_in", "InExpo", lambda t, p: p - 0.001 if 0 < t < 1 else p),
    ("expo_out", "OutExpo", lambda t, p: 1.001 * p if t < 1 else p),
    ("expo_in_out", "InOutExpo",
     lambda t, p: p if t in (0, 1) else p - 0.0005 if t < 0.5 else 1.0005 * p),
])
def test_qt_expo_is_anima_expo_shifted_by_a_thousandth(qt, anima_name, qt_name, relation):
    curve = qt(getattr(qt.Type, qt_name))
    error, t = worst(anima_name, curve, relation)
    assert error <= 1e-12, f"{error:.3g} at t = {t}"
    plain, _ = worst(anima_name, curve)
    assert 0.0004 < plain <= 0.001 + 1e-12   # the size of the difference docs/timing.md gives


def bezier_value(x1, y1, x2, y2, t):
    """y at x = t on the unit cubic Bezier, by bisection on x(s) (independent of both)."""
    def coord(a, b, s):
        return 3 * (1 - s) ** 2 * s * a + 3 * (1 - s) * s * s * b + s ** 3
    low, high = 0.0, 1.0
    for _ in range(60):
        middle = (low + high) / 2
        if coord(x1, x2, middle) < t:
            low = middle
        else:
            high = middle
    return coord(y1, y2, (low + high) / 2)


@pytest.mark.parametrize("anima_curve,points", [
    ("ease_in", (0.42, 0, 1, 1)),
    ("ease_out", (0, 0, 0.58, 1)),
    ("ease_in_out", (0.42, 0, 0.58, 1)),
    ((0.25, 0.1, 0.25, 1.0), (0.25, 0.1, 0.25, 1.0)),
    ((0.68, -0.55, 0.265, 1.55), (0.68, -0.55, 0.265, 1.55)),
])
def test_qt_bezier_spline_is_within_its_approximation_of_the_exact_curve(qt, anima_curve, points):
    curve = qt(qt.Type.BezierSpline)
    x1, y1, x2, y2 = points
    curve.addCubicBezierSegment(QPointF(x1, y1), QPointF(x2, y2), QPointF(1, 1))
    timing = anima.Timing(1.0, curve=anima_curve)
    times = [i / 2000 for i in range(2001)]
    exact = [bezier_value(*points, t) for t in times]
    anima_error = max(abs(timing.progress(t) - y) for t, y in zip(times, exact))
    qt_error = max(abs(curve.valueForProgress(t) - y) for t, y in zip(times, exact))
    assert anima_error <= 1e-12
    assert qt_error <= 2.6e-4, f"Qt's Bezier is {qt_error:.3g} from the curve"


def test_every_qt_curve_type_is_compared_or_listed_as_absent_from_anima(qt):
    types = {name for name in dir(qt.Type)
             if not name.startswith("_") and isinstance(getattr(qt.Type, name), qt.Type)}
    assert types - COMPARED - NOT_IN_ANIMA == set()
    assert COMPARED | NOT_IN_ANIMA <= types
