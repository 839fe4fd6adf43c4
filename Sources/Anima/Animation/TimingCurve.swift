#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// 2^x from the C library: exact at integers, which keeps the expo and elastic curves exact at 1.
@inline(__always) fileprivate func twoToThe(_ x: Double) -> Double { exp2(x) }
// The module's sine and cosine under names that the `.sine` case does not shadow.
@inline(__always) fileprivate func sinOf(_ x: Double) -> Double { sine(x) }
@inline(__always) fileprivate func cosOf(_ x: Double) -> Double { cosine(x) }

/// A timing curve: maps linear progress t in [0, 1] to eased progress.
///
/// `value(at:)` gives the eased progress and `slope(at:)` its derivative d value / d t, which
/// turns a tween's progress rate into a velocity to hand over to a spring
/// (velocity = slope x distance / duration). Every curve except `steps` is exactly 0 at t = 0
/// and exactly 1 at t = 1.
///
/// The named cubic curves use Core Animation's control points; the Penner families follow
/// Robert Penner's equations as published on easings.net; `steps` follows CSS Easing 2.
public enum TimingCurve: Sendable, Equatable {
    /// Which end of a Penner family eases. Each family is defined by its ease-in `in(t)`.
    public enum EaseKind: Sendable, Equatable, CaseIterable {
        /// Slow start: f(t) = in(t).
        case `in`
        /// Slow end, the mirror of `in`: f(t) = 1 - in(1 - t).
        case out
        /// Slow at both ends: f(t) = in(2t) / 2 for t < 0.5, else 1 - in(2 - 2t) / 2. `back` and
        /// `elastic` use their own in-out constants there (see those cases).
        case inOut
    }

    /// Where a `steps` curve jumps, as CSS's `<step-position>`; with n steps at t in [0, 1):
    /// f(t) = (floor(n t) + (1 if the start jumps)) / jumps, capped at 1, and f(1) = 1.
    public enum StepPosition: Sendable, Equatable, CaseIterable {
        /// `jump-start`: jumps at t = 0 and after each step; n jumps, f(0) = 1/n.
        case jumpStart
        /// `jump-end`: the first step holds 0 and the last jump is at t = 1; n jumps.
        case jumpEnd
        /// `jump-none`: holds 0 over the first step and 1 over the last; n - 1 jumps (n >= 2).
        case jumpNone
        /// `jump-both`: jumps at t = 0 and at t = 1; n + 1 jumps, f(0) = 1/(n + 1).
        case jumpBoth
    }

    /// No easing: f(t) = t. The same as the cubic Bezier (0, 0)(1, 1). CSS `linear`.
    case linear
    /// Core Animation's ease-in, the cubic Bezier (0.42, 0)(1, 1). CSS `ease-in`.
    case easeIn
    /// Core Animation's ease-out, the cubic Bezier (0, 0)(0.58, 1). CSS `ease-out`.
    case easeOut
    /// Core Animation's ease-in-ease-out (UIKit's default curve), the cubic Bezier
    /// (0.42, 0)(0.58, 1). CSS `ease-in-out`.
    case easeInOut
    /// Core Animation's default timing function, the cubic Bezier (0.25, 0.1)(0.25, 1). CSS `ease`.
    case `default`
    /// A cubic Bezier from (0, 0) to (1, 1) with control points (x1, y1) and (x2, y2):
    /// x(s) = 3(1-s)^2 s x1 + 3(1-s) s^2 x2 + s^3, y(s) likewise, and f(t) = y(s) where x(s) = t.
    /// x1 and x2 must be in [0, 1] (so that x is monotonic); y1 and y2 may overshoot. Build it
    /// with `bezier(_:_:_:_:)` to have the points checked; built directly, x values outside
    /// [0, 1] are clamped into it and a non-finite point gives the linear curve.
    case cubicBezier(Double, Double, Double, Double)
    /// Quadratic: in(t) = t^2.
    case quad(EaseKind)
    /// Cubic: in(t) = t^3.
    case cubic(EaseKind)
    /// Quartic: in(t) = t^4.
    case quart(EaseKind)
    /// Quintic: in(t) = t^5.
    case quint(EaseKind)
    /// Sinusoidal: in(t) = 1 - cos(pi t / 2).
    case sine(EaseKind)
    /// Exponential: in(t) = 2^(10t - 10) for t > 0, 0 at t = 0 (a step of 2^-10 there).
    case expo(EaseKind)
    /// Circular: in(t) = 1 - sqrt(1 - t^2). The slope is infinite at in's t = 1.
    case circ(EaseKind)
    /// Back (overshoots): in(t) = (c + 1) t^3 - c t^2 with c = 1.70158 (dips to about -0.1), and
    /// c = 1.70158 x 1.525 in the halves of `inOut`.
    case back(EaseKind)
    /// Elastic (oscillates): in(t) = -2^(10t - 10) sin((10t - 10.75) 2 pi / 3); `inOut` uses
    /// in(u) = -2^(10u - 10) sin((10u - 11.125) 2 pi / 4.5) in its halves.
    case elastic(EaseKind)
    /// Bounce, defined by its ease-out: out(t) = 7.5625 (t - c)^2 + h on the pieces split at
    /// 1/2.75, 2/2.75 and 2.5/2.75, with (c, h) = (0, 0), (1.5/2.75, 0.75), (2.25/2.75, 0.9375),
    /// (2.625/2.75, 0.984375); in(t) = 1 - out(1 - t). Stays in [0, 1].
    case bounce(EaseKind)
    /// CSS `steps(count, position)`: a staircase of `count` equal steps (see `StepPosition`).
    /// Build it with `steps(count:position:)` to have it checked; built directly, a count below 1
    /// (below 2 for `jumpNone`) is raised to that minimum.
    case steps(Int, StepPosition)
}

// MARK: - Validating factories

extension TimingCurve {
    /// A cubic Bezier curve with control points (x1, y1) and (x2, y2), checked: all four must be
    /// finite and x1, x2 in [0, 1]. Same as CSS `cubic-bezier(x1, y1, x2, y2)`.
    /// Throws `AnimaError` (`.invalidArgument`) naming the bad value.
    public static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) throws(AnimaError) -> TimingCurve {
        for (name, value) in [("x1", x1), ("y1", y1), ("x2", x2), ("y2", y2)] where !value.isFinite {
            throw AnimaError(.invalidArgument, "TimingCurve.bezier: \(name) must be finite (got \(value))")
        }
        for (name, value) in [("x1", x1), ("x2", x2)] where !(value >= 0 && value <= 1) {
            throw AnimaError(.invalidArgument, "TimingCurve.bezier: \(name) must be in 0...1 (got \(value))")
        }
        return .cubicBezier(x1, y1, x2, y2)
    }

    /// A `steps` curve, checked: `count` >= 1, and >= 2 for `.jumpNone` (as CSS requires).
    /// `position` defaults to `.jumpEnd`, CSS's default. Throws `AnimaError` (`.invalidArgument`).
    public static func steps(count: Int, position: StepPosition = .jumpEnd) throws(AnimaError) -> TimingCurve {
        let minimum = position == .jumpNone ? 2 : 1
        if count < minimum {
            throw AnimaError(.invalidArgument, "TimingCurve.steps: count must be >= \(minimum) for \(position.cssName) (got \(count))")
        }
        return .steps(count, position)
    }
}

// MARK: - Evaluation

extension TimingCurve {
    /// The eased progress at linear progress `t`, after clamping t to [0, 1] (NaN counts as 0).
    /// Exactly 0 at t = 0 and 1 at t = 1, except for `steps` whose jump position decides its ends
    /// (`jumpStart` and `jumpBoth` start above 0). Penner `back` and `elastic` and Bezier curves
    /// with y outside [0, 1] leave [0, 1] in between.
    public func value(at t: Double) -> Double {
        let p = clampedProgress(t)
        if case .steps(let count, let position) = self { return stepValue(p, count, position) }
        if p == 0 { return 0 }
        if p == 1 { return 1 }
        switch self {
        case .linear:
            return p
        case .quad(let k), .cubic(let k), .quart(let k), .quint(let k), .sine(let k),
             .expo(let k), .circ(let k), .back(let k), .elastic(let k), .bounce(let k):
            let family = pennerFamily
            switch k {
            case .in: return family.easeIn(p, split: false)
            case .out: return 1 - family.easeIn(1 - p, split: false)
            case .inOut:
                return p < 0.5 ? family.easeIn(2 * p, split: true) / 2
                               : 1 - family.easeIn(2 - 2 * p, split: true) / 2
            }
        default:
            let b = UnitCubicBezier(normalizing: self)
            return b.y(b.parameter(forX: p))
        }
    }

    /// The derivative d value / d t at `t` (clamped to [0, 1] like `value(at:)`), analytic.
    /// At t = 0 and t = 1 it is the one-sided derivative from inside, so `slope(at: 1)` is the
    /// rate at which a finishing tween moves (0 for ease-out curves, 1 for linear). Where the
    /// curve has a kink (bounce) it is the derivative of the piece that `value(at:)` uses there;
    /// where the tangent is vertical (circ, some Bezier curves) it is +/-infinity; `steps` gives 0.
    /// For a Bezier curve: dy/dx = y'(s) / x'(s) at the parameter s with x(s) = t.
    public func slope(at t: Double) -> Double {
        let p = clampedProgress(t)
        switch self {
        case .steps:
            return 0
        case .linear:
            return 1
        case .quad(let k), .cubic(let k), .quart(let k), .quint(let k), .sine(let k),
             .expo(let k), .circ(let k), .back(let k), .elastic(let k), .bounce(let k):
            let family = pennerFamily
            switch k {
            case .in: return family.easeInSlope(p, split: false)
            case .out: return family.easeInSlope(1 - p, split: false)
            case .inOut:
                // d/dt [in(2t)/2] = in'(2t);  d/dt [1 - in(2 - 2t)/2] = in'(2 - 2t)
                return p < 0.5 ? family.easeInSlope(2 * p, split: true)
                               : family.easeInSlope(2 - 2 * p, split: true)
            }
        default:
            let b = UnitCubicBezier(normalizing: self)
            return b.slope(atParameter: b.parameter(forX: p))
        }
    }

    /// The control points (x1, y1, x2, y2) of the Bezier curves: `linear` (0, 0, 1, 1), `easeIn`
    /// (0.42, 0, 1, 1), `easeOut` (0, 0, 0.58, 1), `easeInOut` (0.42, 0, 0.58, 1), `default`
    /// (0.25, 0.1, 0.25, 1) and `cubicBezier` as given; nil for the other curves.
    public var controlPoints: (x1: Double, y1: Double, x2: Double, y2: Double)? {
        switch self {
        case .linear: return (0, 0, 1, 1)
        case .easeIn: return (0.42, 0, 1, 1)
        case .easeOut: return (0, 0, 0.58, 1)
        case .easeInOut: return (0.42, 0, 0.58, 1)
        case .default: return (0.25, 0.1, 0.25, 1)
        case .cubicBezier(let x1, let y1, let x2, let y2): return (x1, y1, x2, y2)
        default: return nil
        }
    }

    @inline(__always) private func clampedProgress(_ t: Double) -> Double {
        if !(t > 0) { return 0 }  // also NaN
        return t < 1 ? t : 1
    }

    private var pennerFamily: PennerFamily {
        switch self {
        case .quad: return .quad
        case .cubic: return .cubic
        case .quart: return .quart
        case .quint: return .quint
        case .sine: return .sine
        case .expo: return .expo
        case .circ: return .circ
        case .back: return .back
        case .elastic: return .elastic
        default: return .bounce
        }
    }
}

// MARK: - Steps

extension TimingCurve.StepPosition {
    /// The CSS keyword, e.g. `jump-end`.
    var cssName: String {
        switch self {
        case .jumpStart: return "jump-start"
        case .jumpEnd: return "jump-end"
        case .jumpNone: return "jump-none"
        case .jumpBoth: return "jump-both"
        }
    }

    /// `count` raised to the minimum this position allows.
    func normalizedCount(_ count: Int) -> Int { Swift.max(count, self == .jumpNone ? 2 : 1) }

    /// How many jumps `count` steps make.
    func jumps(_ count: Int) -> Double {
        let n = Double(normalizedCount(count))
        switch self {
        case .jumpStart, .jumpEnd: return n
        case .jumpNone: return n - 1
        case .jumpBoth: return n + 1
        }
    }

    /// Whether the curve jumps at t = 0.
    var jumpsAtStart: Bool { self == .jumpStart || self == .jumpBoth }
}

/// CSS Easing 2, "step easing function", for progress p in [0, 1] with the before flag unset:
/// step = floor(p n), plus 1 if the start jumps, capped at the number of jumps; output step / jumps.
private func stepValue(_ p: Double, _ count: Int, _ position: TimingCurve.StepPosition) -> Double {
    let n = Double(position.normalizedCount(count))
    let jumps = position.jumps(count)
    var step = floorValue(p * n)
    if position.jumpsAtStart { step += 1 }
    if step > jumps { step = jumps }
    return step / jumps
}

// MARK: - Penner families

/// The ease-in function of each Penner family and its derivative. `split` selects the constants
/// the in-out form uses in its halves (only `back` and `elastic` differ).
private enum PennerFamily {
    case quad, cubic, quart, quint, sine, expo, circ, back, elastic, bounce

    static let backC1 = 1.70158
    static let backC2 = backC1 * 1.525
    static let ln2 = 0.693_147_180_559_945_309_4

    /// Elastic's angular frequency and phase: sin((10u - phase) * omega).
    @inline(__always) static func elasticShape(split: Bool) -> (omega: Double, phase: Double) {
        split ? (2 * Double.pi / 4.5, 11.125) : (2 * Double.pi / 3, 10.75)
    }

    func easeIn(_ u: Double, split: Bool) -> Double {
        switch self {
        case .quad: return u * u
        case .cubic: return u * u * u
        case .quart: return (u * u) * (u * u)
        case .quint: return (u * u) * (u * u) * u
        case .sine: return 1 - cosOf(u * Double.pi / 2)
        case .expo: return u == 0 ? 0 : twoToThe(10 * u - 10)
        case .circ: return 1 - (1 - u * u).squareRoot()
        case .back:
            let c = split ? Self.backC2 : Self.backC1
            return (c + 1) * u * u * u - c * u * u
        case .elastic:
            if u == 0 { return 0 }
            let (omega, phase) = Self.elasticShape(split: split)
            return -twoToThe(10 * u - 10) * sinOf((10 * u - phase) * omega)
        case .bounce:
            return 1 - bounceOut(1 - u)
        }
    }

    func easeInSlope(_ u: Double, split: Bool) -> Double {
        switch self {
        case .quad: return 2 * u
        case .cubic: return 3 * u * u
        case .quart: return 4 * u * u * u
        case .quint: return 5 * (u * u) * (u * u)
        case .sine: return Double.pi / 2 * sinOf(u * Double.pi / 2)
        case .expo: return 10 * Self.ln2 * twoToThe(10 * u - 10)
        case .circ:
            let r = (1 - u * u).squareRoot()
            return r > 0 ? u / r : .infinity
        case .back:
            let c = split ? Self.backC2 : Self.backC1
            return 3 * (c + 1) * u * u - 2 * c * u
        case .elastic:
            // d/du [-2^(10u-10) sin(theta)], theta = (10u - phase) omega
            let (omega, phase) = Self.elasticShape(split: split)
            let theta = (10 * u - phase) * omega
            return -twoToThe(10 * u - 10) * (10 * Self.ln2 * sinOf(theta) + 10 * omega * cosOf(theta))
        case .bounce:
            return bounceOutSlope(1 - u)
        }
    }
}

private let bounceN1 = 7.5625
private let bounceD1 = 2.75

/// Which parabola of bounce-out covers x, as (centre, height): out(x) = n1 (x - centre)^2 + height.
@inline(__always) private func bouncePiece(_ x: Double) -> (centre: Double, height: Double) {
    if x < 1 / bounceD1 { return (0, 0) }
    if x < 2 / bounceD1 { return (1.5 / bounceD1, 0.75) }
    if x < 2.5 / bounceD1 { return (2.25 / bounceD1, 0.9375) }
    return (2.625 / bounceD1, 0.984375)
}

private func bounceOut(_ x: Double) -> Double {
    let (centre, height) = bouncePiece(x)
    let d = x - centre
    let v = bounceN1 * d * d + height
    return v > 1 ? 1 : v  // each piece peaks at exactly 1 in exact arithmetic
}

private func bounceOutSlope(_ x: Double) -> Double { 2 * bounceN1 * (x - bouncePiece(x).centre) }

// MARK: - Cubic Bezier solver

/// The cubic Bezier from (0, 0) to (1, 1) with control points (x1, y1), (x2, y2), in Bernstein
/// form: B(s) = 3(1-s)^2 s P1 + 3(1-s) s^2 P2 + s^3 P3.
struct UnitCubicBezier {
    var x1: Double, y1: Double, x2: Double, y2: Double

    /// The curve's control points made safe to evaluate: x clamped to [0, 1]; any non-finite
    /// value gives the diagonal (0, 0)(1, 1).
    init(normalizing curve: TimingCurve) {
        let c = curve.controlPoints ?? (0, 0, 1, 1)
        if c.x1.isFinite && c.y1.isFinite && c.x2.isFinite && c.y2.isFinite {
            (x1, x2) = (Swift.min(Swift.max(c.x1, 0), 1), Swift.min(Swift.max(c.x2, 0), 1))
            (y1, y2) = (c.y1, c.y2)
        } else {
            (x1, y1, x2, y2) = (0, 0, 1, 1)
        }
    }

    @inline(__always) static func bernstein(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let r = 1 - s
        return 3 * r * r * s * p1 + 3 * r * s * s * p2 + s * s * s
    }

    /// B'(s) = 3(1-s)^2 P1 + 6(1-s)s (P2 - P1) + 3s^2 (1 - P2), written so no term overflows.
    @inline(__always) static func derivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let r = 1 - s
        return 3 * r * r * p1 + 6 * r * s * p2 - 6 * r * s * p1 + 3 * s * s - 3 * s * s * p2
    }

    /// B''(s) = 6(1-s)(P2 - 2 P1) + 6s(1 - 2 P2 + P1).
    @inline(__always) static func secondDerivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        6 * (1 - s) * (p2 - 2 * p1) + 6 * s * (1 - 2 * p2 + p1)
    }

    func x(_ s: Double) -> Double { Self.bernstein(s, x1, x2) }
    func y(_ s: Double) -> Double { Self.bernstein(s, y1, y2) }

    /// The tolerance on |x(s) - t| the solver promises.
    static let tolerance = 1e-12

    /// The parameter s in [0, 1] with x(s) = t, to `tolerance` in x. It iterates on to a hundredth
    /// of that, which costs about one more Newton step and keeps `value(at:)` smooth enough for
    /// finite differences.
    ///
    /// Newton's method, kept inside a bracket that shrinks around the root, falling back to a
    /// bisection step whenever a Newton step would leave the bracket or fails to halve the
    /// error (a flat x'(s), as at a control point with x = 0 or 1). WebKit's UnitBezier
    /// (Source/WebCore/platform/graphics/UnitBezier.h) solves CSS timing functions the same way:
    /// a few Newton iterations, then bisection if they did not converge. Because x1, x2 are in
    /// [0, 1], x(s) is non-decreasing, so the bracket is sound; s = t is the start, exact for
    /// the diagonal and close for the usual curves, so Newton typically needs 3 to 5 steps.
    func parameter(forX t: Double) -> Double {
        if !(t > 0) { return 0 }
        if t >= 1 { return 1 }
        var low = 0.0, high = 1.0
        var s = t
        var previousError = Double.infinity
        for _ in 0..<128 {
            let error = x(s) - t
            if abs(error) <= 0.01 * Self.tolerance { return s }
            if error > 0 { high = s } else { low = s }
            let d = Self.derivative(s, x1, x2)
            var next = d > 0 ? s - error / d : .nan
            if !(next > low && next < high) || abs(error) > 0.5 * previousError {
                next = 0.5 * (low + high)
            }
            previousError = abs(error)
            if next == s { return s }
            s = next
        }
        return s
    }

    /// dy/dx at parameter s: y'(s)/x'(s). Where x' vanishes with y' (a control point on an end
    /// point) the limit is taken from the first derivatives that do not both vanish.
    func slope(atParameter s: Double) -> Double {
        let dx = Self.derivative(s, x1, x2)
        let dy = Self.derivative(s, y1, y2)
        if dx != 0 { return dy / dx }
        if dy != 0 { return dy > 0 ? .infinity : -.infinity }  // x' >= 0 on both sides
        let ddx = Self.secondDerivative(s, x1, x2)
        let ddy = Self.secondDerivative(s, y1, y2)
        if ddx != 0 { return ddy / ddx }
        // x' = x'' = 0 here, so x' grows like (s - s0)^2 while y' ~ y''(s - s0): the sign of
        // y' is that of y'' after s0 and the opposite before it (the end s = 1 is approached from
        // below).
        if ddy != 0 { return (s < 1 ? ddy : -ddy) > 0 ? .infinity : -.infinity }
        // B''' = 6(1 - 3 P2 + 3 P1), a constant; x''' > 0 here since x rises.
        let dddx = 6 * (1 - 3 * x2 + 3 * x1), dddy = 6 * (1 - 3 * y2 + 3 * y1)
        return dddx != 0 ? dddy / dddx : 1
    }
}
