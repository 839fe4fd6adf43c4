#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Spring constants, their conversions, and the exact solution of a damped spring.
// Conventions (docs/springs.md): x is the displacement from the target, x(0) = 1; progress
// p = 1 - x runs 0 -> 1; a positive initial velocity points toward the target, as in UIKit.

/// e^x - 1 without cancellation near 0.
@inline(__always) fileprivate func exponentialMinusOne(_ x: Double) -> Double { expm1(x) }
/// Inverse hyperbolic tangent, |x| < 1.
@inline(__always) fileprivate func inverseHyperbolicTangent(_ x: Double) -> Double { atanh(x) }

/// |dampingRatio - 1| below this is solved with the critically damped formula.
let criticalDampingTolerance = 1.0e-9

// MARK: - Parameters

/// The constants of a damped spring m x'' + c x' + k x = 0, as in `CASpringAnimation`.
///
/// Natural frequency w0 = sqrt(k / m) (rad/s); damping ratio z = c / (2 sqrt(k m)): z < 1
/// oscillates, z = 1 is critical, z > 1 creeps. Build one from the physical constants or from
/// UIKit's and SwiftUI's designer-facing pairs (damping ratio + duration, response + damping
/// fraction, duration + bounce).
public struct SpringParameters: Sendable, Equatable {
    /// Mass m, finite and > 0 (CASpringAnimation default 1).
    public let mass: Double
    /// Stiffness k in force per unit displacement, finite and > 0 (CASpringAnimation default 100).
    public let stiffness: Double
    /// Damping coefficient c in force per unit velocity, finite and >= 0 (CASpringAnimation
    /// default 10).
    public let damping: Double

    /// A spring from its physical constants (`CASpringAnimation`'s mass, stiffness, damping);
    /// the defaults are CASpringAnimation's 1, 100, 10 (w0 = 10 rad/s, z = 0.5).
    /// Throws `.invalidArgument` for a mass or stiffness that is not finite and > 0, a damping
    /// that is not finite and >= 0, or constants whose sqrt(k / m) or c / (2 sqrt(k m))
    /// overflows.
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10) throws(AnimaError) {
        try requirePositive(mass, "mass")
        try requirePositive(stiffness, "stiffness")
        try requireNonNegative(damping, "damping")
        let rootK = stiffness.squareRoot(), rootM = mass.squareRoot()
        let w0 = rootK / rootM, z = damping / (2 * rootK * rootM)
        if !(w0.isFinite && w0 > 0 && z.isFinite && (2 * z * w0).isFinite) {
            throw AnimaError(.invalidArgument,
                             "spring constants out of range: sqrt(stiffness / mass) = \(w0), damping / mass = \(damping / mass)")
        }
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// Natural (undamped) angular frequency w0 = sqrt(k / m), in rad/s.
    public var naturalFrequency: Double { stiffness.squareRoot() / mass.squareRoot() }

    /// Damping ratio z = c / (2 sqrt(k m)), dimensionless: 0 undamped, 1 critical.
    public var dampingRatio: Double { damping / (2 * stiffness.squareRoot() * mass.squareRoot()) }

    /// SwiftUI's perceptual duration (its `response`): the undamped period
    /// 2 pi / w0 = 2 pi sqrt(m / k), in seconds. CASpringAnimation's defaults give 0.628 s.
    public var perceptualDuration: Double { 2 * Double.pi / naturalFrequency }

    /// SwiftUI's bounce, in -1 < b <= 1: b = 1 - z for z <= 1, b = 1 / z - 1 for z > 1
    /// (the inverse of `duration(_:bounce:)`). CASpringAnimation's defaults give 0.5.
    public var bounce: Double {
        let z = dampingRatio
        return z <= 1 ? 1 - z : 1 / z - 1
    }

    /// SwiftUI's `spring(response:dampingFraction:)`: m = 1, k = (2 pi / r)^2, c = 4 pi z / r.
    /// `response` r is the undamped period in seconds, finite and > 0 (SwiftUI default 0.5);
    /// `dampingFraction` z is finite and >= 0 (SwiftUI default 0.825). Throws
    /// `.invalidArgument` otherwise.
    public static func response(_ r: Double, dampingFraction z: Double) throws(AnimaError) -> SpringParameters {
        try requirePositive(r, "response")
        try requireNonNegative(z, "dampingFraction")
        let w0 = 2 * Double.pi / r
        return try SpringParameters(mass: 1, stiffness: w0 * w0, damping: 2 * z * w0)
    }

    /// SwiftUI's `Spring(duration:bounce:)` and UIKit's `UISpringTimingParameters(duration:bounce:)`:
    /// response r = d and z = 1 - b for b >= 0, z = 1 / (1 + b) for b < 0; then m = 1,
    /// k = (2 pi / d)^2, c = 4 pi z / d. `d` in seconds, finite and > 0 (SwiftUI default 0.5);
    /// `b` in -1...1 (default 0, critical), where b = 1 is undamped and b = -1, infinite
    /// damping, is rejected. Apple's check: (0.5 s, 0.3) -> k 157.9, c 17.6.
    public static func duration(_ d: Double, bounce b: Double) throws(AnimaError) -> SpringParameters {
        try requirePositive(d, "duration")
        try requireRange(b, -1, 1, "bounce")
        if b == -1 {
            throw AnimaError(.invalidArgument, "bounce -1 means infinite damping; use a value in -1 < bounce <= 1")
        }
        return try response(d, dampingFraction: b >= 0 ? 1 - b : 1 / (1 + b))
    }

    /// UIKit's `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:...)`
    /// and `UISpringTimingParameters(dampingRatio:)`: a spring of damping ratio z that settles at
    /// `duration`. Apple does not publish its choice of stiffness; Anima picks m = 1 and the w0
    /// at which the exact curve from rest (v0 = 0) last leaves the band |x| < 0.001 of the
    /// distance at t = `duration`. From rest the curve depends on time only through w0 t, so
    /// w0 = T1(z) / duration, where T1 is the settling time of the spring with w0 = 1; then
    /// k = w0^2 and c = 2 z w0. Examples: z 0.5, 0.5 s -> w0 = 25.4 rad/s; z 1, 0.5 s ->
    /// w0 = 18.5 rad/s. `z` finite and > 0 (z = 0 never settles); `duration` in seconds, finite
    /// and > 0. Throws `.invalidArgument` otherwise.
    public static func dampingRatio(_ z: Double, duration: Double) throws(AnimaError) -> SpringParameters {
        try requirePositive(z, "dampingRatio")
        try requirePositive(duration, "duration")
        let unit = SpringCurve(uncheckedParameters: SpringParameters(unitFrequencyDampingRatio: z), initialVelocity: 0)
        let w0 = unit.settlingDuration(epsilon: 0.001) / duration
        return try SpringParameters(mass: 1, stiffness: w0 * w0, damping: 2 * z * w0)
    }

    /// m = 1, k = 1, c = 2 z: the spring of natural frequency 1 rad/s (z finite and > 0).
    fileprivate init(unitFrequencyDampingRatio z: Double) {
        mass = 1
        stiffness = 1
        damping = 2 * z
    }
}

// MARK: - Curve

/// The exact motion of a spring released at displacement 1 from its target with initial
/// velocity v0 (in distances per second, positive toward the target, UIKit's
/// `initialSpringVelocity` convention), reported as progress p(t) = 1 - x(t), 0 -> 1.
///
/// With w0 = sqrt(k/m), z = c / (2 sqrt(k m)), a = z w0, x0 = 1 and u0 = x'(0) = -v0:
/// - z < 1: wd = w0 sqrt(1 - z^2),
///   x = e^(-a t) [x0 cos wd t + (u0 + a x0)/wd sin wd t];
/// - z = 1 (|z - 1| < 1e-9): x = (x0 + (u0 + w0 x0) t) e^(-w0 t);
/// - z > 1: g = w0 sqrt(z^2 - 1), x = e^(-a t) [x0 cosh g t + (u0 + a x0)/g sinh g t],
///   evaluated as e^(-(a - g) t) (1 + e^(-2 g t)) / 2 and e^(-(a - g) t) (1 - e^(-2 g t)) / 2,
///   so no term overflows however large t is.
/// A value type, frame-rate independent: sample it at any time.
public struct SpringCurve: Sendable {
    /// The spring's constants.
    public let parameters: SpringParameters
    /// Initial velocity v0 in distances per second (d progress / dt at t = 0); positive moves
    /// toward the target. UIKit: points per second divided by the distance animated.
    public let initialVelocity: Double

    fileprivate enum Regime: Sendable { case under, critical, over }
    fileprivate let regime: Regime
    /// w0 = sqrt(k / m).
    fileprivate let w0: Double
    /// a = z w0, the decay rate of the envelope (under) or the mean rate (over).
    fileprivate let a: Double
    /// wd = w0 sqrt(1 - z^2) (under) or g = w0 sqrt(z^2 - 1) (over); 0 when critical.
    fileprivate let w: Double
    /// a - g = w0 / (z + sqrt(z^2 - 1)), the slow overdamped rate; w0 when critical.
    fileprivate let slowRate: Double
    /// (u0 + a x0) / w: the coefficient of sin or sinh in x.
    fileprivate let sineCoefficient: Double
    /// (w0^2 x0 + a u0) / w: the coefficient of sin or sinh in x'.
    fileprivate let velocitySineCoefficient: Double

    /// A curve for `parameters` (already validated) with initial velocity `initialVelocity`
    /// (distances per second, positive toward the target; default 0). A non-finite velocity
    /// gives NaN values.
    public init(parameters: SpringParameters, initialVelocity: Double = 0) {
        self.init(uncheckedParameters: parameters, initialVelocity: initialVelocity)
    }

    fileprivate init(uncheckedParameters p: SpringParameters, initialVelocity v0: Double) {
        parameters = p
        initialVelocity = v0
        let z = p.dampingRatio
        w0 = p.naturalFrequency
        a = z * w0
        let u0 = -v0
        if abs(z - 1) < criticalDampingTolerance {
            regime = .critical
            w = 0
            slowRate = w0
            sineCoefficient = u0 + w0
            velocitySineCoefficient = w0 * (u0 + w0)
        } else {
            regime = z < 1 ? .under : .over
            let root = abs(z - 1).squareRoot() * (z + 1).squareRoot()  // sqrt(|z^2 - 1|)
            w = w0 * root
            slowRate = z < 1 ? a : w0 / (z + root)
            sineCoefficient = (u0 + a) / w
            velocitySineCoefficient = (w0 * w0 + a * u0) / w
        }
    }

    /// Displacement x and its rate x' at time t >= 0 (x(0) = 1, x'(0) = -v0).
    @inline(__always) fileprivate func displacement(_ t: Double) -> (x: Double, rate: Double) {
        let u0 = -initialVelocity
        switch regime {
        case .under:
            let e = exponential(-a * t), c = cosine(w * t), s = sine(w * t)
            return (e * (c + sineCoefficient * s), e * (u0 * c - velocitySineCoefficient * s))
        case .critical:
            let e = exponential(-w0 * t)
            return (e * (1 + sineCoefficient * t), e * (u0 - velocitySineCoefficient * t))
        case .over:
            let slow = exponential(-slowRate * t), m = exponentialMinusOne(-2 * w * t)
            let ch = slow * (2 + m) / 2, sh = -slow * m / 2  // e^(-a t) cosh(g t), e^(-a t) sinh(g t)
            return (ch + sineCoefficient * sh, u0 * ch - velocitySineCoefficient * sh)
        }
    }

    /// Displacement and rate at t, with t <= 0 read as 0 and t = +infinity as the rest state.
    fileprivate func state(_ t: Double) -> (x: Double, rate: Double) {
        if t.isNaN { return (.nan, .nan) }
        if t <= 0 { return (1, -initialVelocity) }
        if t == .infinity { return a > 0 ? (0, 0) : (.nan, .nan) }
        return displacement(t)
    }

    /// Progress p(t) = 1 - x(t) at `t` seconds: 0 at t = 0, tending to 1; it passes 1 and
    /// comes back when z < 1. Times before 0 read as 0; t = +infinity gives 1 (NaN when
    /// undamped).
    public func value(at t: Double) -> Double { 1 - state(t).x }

    /// Velocity dp/dt = -x'(t) at `t` seconds, in distances per second; `velocity(at: 0)` is
    /// `initialVelocity`. Times before 0 read as 0.
    public func velocity(at t: Double) -> Double { -state(t).rate }

    /// The first time t > 0 at which the progress reaches 1 (the target), or nil when it never
    /// does before settling (a critically or overdamped spring that approaches from one side).
    /// Closed form: underdamped x = e^(-a t)(cos wd t + B sin wd t) is 0 where wd t = phi + pi / 2
    /// (mod pi), phi = atan2(B, 1); critical x = e^(-w0 t)(1 + S t) at t = -1 / S; overdamped
    /// x = e^(-a t)(cosh g t + S sinh g t) where tanh(g t) = -1 / S.
    public func firstTargetCrossing() -> Double? {
        switch regime {
        case .under:
            var angle = arcTangent2(sineCoefficient, 1) + Double.pi / 2
            while angle <= 0 { angle += Double.pi }
            while angle - Double.pi > 0 { angle -= Double.pi }
            return angle / w
        case .critical:
            return sineCoefficient < 0 ? -1 / sineCoefficient : nil
        case .over:
            guard sineCoefficient < -1 else { return nil }
            return inverseHyperbolicTangent(-1 / sineCoefficient) / w
        }
    }

    // MARK: Settling

    /// The time after which |1 - p(t)| < `epsilon` for good, in seconds (default 0.001 of the
    /// distance, SwiftUI's and Motion's choice). Underdamped: the envelope
    /// A e^(-a t), A = sqrt(1 + ((u0 + a)/wd)^2), and the exact ratio -e^(-a pi / wd) between
    /// successive extremes (spaced pi / wd) give the last extreme beyond epsilon; critical and
    /// overdamped curves have at most one extreme, at tanh(g t) = u0 g / (w0^2 + a u0). The
    /// crossing x = +-epsilon after that extreme is then solved by Newton's method safeguarded
    /// by bisection, to machine precision. 0 if the curve never leaves the band after t = 0;
    /// +infinity when undamped or when `epsilon` is not > 0.
    public func settlingDuration(epsilon: Double = 0.001) -> Double {
        guard epsilon > 0 else { return .infinity }
        switch regime {
        case .under: return underdampedSettling(epsilon)
        case .critical, .over: return monotoneTailSettling(epsilon)
        }
    }

    private func underdampedSettling(_ epsilon: Double) -> Double {
        // extremes of x where x' = 0: u0 cos(wd t) = B sin(wd t), wd t = atan2(u0, B) + k pi
        let halfPeriod = Double.pi / w
        var phase = arcTangent2(-initialVelocity, velocitySineCoefficient)
        if phase < 0 { phase += Double.pi }
        let first = phase / w
        let peak0 = abs(displacement(first).x)
        if peak0 < epsilon {
            // x is monotone on [0, first] and ends inside the band
            return 1 < epsilon ? 0 : solveDisplacement(equalTo: epsilon, from: 0, to: first)
        }
        if a == 0 { return .infinity }
        // |x(t_k)| = peak0 q^k with q = e^(-a pi / wd): the last k with |x(t_k)| >= epsilon
        var k = ((logarithm(peak0 / epsilon) / (a * halfPeriod))).rounded(.down)
        if !(k < 1.0e12) { return logarithm(peak0 / epsilon) / a + first }  // envelope bound
        func peak(_ k: Double) -> Double { abs(displacement(first + k * halfPeriod).x) }
        var guardCount = 0
        while peak(k + 1) >= epsilon && guardCount < 8 { k += 1; guardCount += 1 }
        while k > 0 && peak(k) < epsilon && guardCount < 16 { k -= 1; guardCount += 1 }
        let start = first + k * halfPeriod
        let sign: Double = displacement(start).x >= 0 ? 1 : -1
        return solveDisplacement(equalTo: sign * epsilon, from: start, to: start + halfPeriod)
    }

    private func monotoneTailSettling(_ epsilon: Double) -> Double {
        // at most one extreme for t > 0: x' = 0 where tanh(g t) / g = u0 / (w0^2 + a u0)
        let u0 = -initialVelocity
        let denominator = w0 * w0 + a * u0
        var extreme = 0.0
        if u0 != 0 && denominator != 0 {
            let ratio = u0 / denominator
            if regime == .critical {
                if ratio > 0 { extreme = ratio }
            } else {
                let r = ratio * w
                if r > 0 && r < 1 { extreme = inverseHyperbolicTangent(r) / w }
            }
        }
        let peak = displacement(extreme).x
        if abs(peak) < epsilon {
            return 1 < epsilon ? 0 : solveDisplacement(equalTo: epsilon, from: 0, to: extreme)
        }
        // after the extreme |x| falls monotonically to 0: bracket the crossing by doubling
        var span = 1 / slowRate
        var doublings = 0
        while abs(displacement(extreme + span).x) >= epsilon && doublings < 2000 {
            span *= 2
            doublings += 1
        }
        return solveDisplacement(equalTo: peak > 0 ? epsilon : -epsilon, from: extreme, to: extreme + span)
    }

    /// The root of x(t) = target in [low, high], where x is monotone and crosses the target.
    private func solveDisplacement(equalTo target: Double, from low: Double, to high: Double) -> Double {
        var lo = low, hi = high
        let loAbove = displacement(lo).x > target
        var t = 0.5 * (lo + hi)
        for _ in 0..<300 {
            let s = displacement(t)
            let f = s.x - target
            if f == 0 { return t }
            if (f > 0) == loAbove { lo = t } else { hi = t }
            var next = t - f / s.rate
            if !(next > lo && next < hi) { next = 0.5 * (lo + hi) }
            if abs(next - t) <= 2 * t.ulp || hi - lo <= 2 * hi.ulp { return next }
            t = next
        }
        return t
    }

    // MARK: Rest

    /// Displacement and speed below which a spring counts as at rest, in the animated
    /// property's own units.
    public struct RestThresholds: Sendable, Equatable {
        /// Largest |value - target| at rest, in the property's units.
        public var displacement: Double
        /// Largest |velocity| at rest, in the property's units per second.
        public var speed: Double
    }

    /// Rest thresholds that scale with the distance animated:
    /// displacement = min(visibleChange, |distance| / 256), speed = 62.5 / s x displacement.
    /// `visibleChange` (default 0.5, half a point: one pixel on a 2x screen) caps long moves;
    /// 1/256 of the distance (one 8-bit step) governs short ones, so a 0-to-1 alpha settles to
    /// 1/256 and a 10 pt move to 0.04 pt instead of stopping half a point short. The speed is
    /// one displacement threshold per 16 ms frame (Android's 1000 / 16). Examples: 1000 pt ->
    /// 0.5 pt and 31.25 pt/s; alpha 0 -> 1 -> 0.0039 and 0.24 /s.
    public static func restThresholds(distance: Double, visibleChange: Double = 0.5) -> RestThresholds {
        let displacement = min(abs(visibleChange), abs(distance) / 256)
        return RestThresholds(displacement: displacement, speed: 62.5 * displacement)
    }

    /// Whether, at `t` seconds, a move of `distance` units driven by this curve is within both
    /// `restThresholds(distance:)`: |distance (1 - p)| <= displacement and
    /// |distance p'| <= speed. An instantaneous test, unlike `settlingDuration`.
    public func isAtRest(at t: Double, distance: Double) -> Bool {
        let thresholds = SpringCurve.restThresholds(distance: distance)
        let s = state(t)
        return abs(distance * s.x) <= thresholds.displacement && abs(distance * s.rate) <= thresholds.speed
    }

    // MARK: Retargeting

    /// Interrupts this curve, animating a property from `start` to `end`, at `t` seconds, and
    /// continues toward `newTarget` with the same velocity (or with `parameters`, if given).
    ///
    /// The property is y(t) = start + (end - start) p(t), moving at (end - start) p'(t) units/s.
    /// The new segment runs from y(t) to `newTarget`, distance D' = newTarget - y(t), and its
    /// normalized initial velocity is v0' = (end - start) p'(t) / D' (UIKit's unit: units/s
    /// divided by the distance), so position and velocity are continuous at the switch.
    /// Returns the new curve and its start value y(t). Throws `.invalidArgument` when
    /// `newTarget` equals y(t) while it still moves (v0' would be infinite), or for non-finite
    /// input.
    public func retargeted(at t: Double, from start: Double, to end: Double, newTarget: Double,
                           parameters newParameters: SpringParameters? = nil) throws(AnimaError) -> (curve: SpringCurve, start: Double) {
        try requireFinite(t, "t")
        try requireFinite(start, "start")
        try requireFinite(end, "end")
        try requireFinite(newTarget, "newTarget")
        let distance = end - start
        let s = state(t)
        let current = start + distance * (1 - s.x)
        let speed = -distance * s.rate
        let newDistance = newTarget - current
        if newDistance == 0 {
            if speed == 0 { return (SpringCurve(uncheckedParameters: newParameters ?? parameters, initialVelocity: 0), current) }
            throw AnimaError(.invalidArgument,
                             "newTarget \(newTarget) equals the current value while it moves at \(speed) units/s")
        }
        let v0 = speed / newDistance
        try requireFinite(v0, "retargeted initial velocity")
        return (SpringCurve(uncheckedParameters: newParameters ?? parameters, initialVelocity: v0), current)
    }

    // MARK: CSS

    /// The CSS animation-duration, in seconds, for `cssLinear(maxError:)`:
    /// `settlingDuration(epsilon: maxError / 4)`, or 20 s for an undamped spring, which never
    /// settles (its bake ends with a jump to 1). `maxError` is clamped to 1e-6...0.5.
    public func cssLinearDuration(maxError: Double = 0.001) -> Double {
        let tolerance = SpringCurve.clampedCSSError(maxError)
        let settle = settlingDuration(epsilon: tolerance / 4)
        return settle.isFinite ? max(settle, 1.0e-9) : 20
    }

    private static func clampedCSSError(_ e: Double) -> Double { e.isNaN ? 0.001 : min(max(e, 1.0e-6), 0.5) }

    /// The curve as a CSS `linear()` easing, e.g. `linear(0, 0.218 6.25%, ..., 1)`: progress
    /// stops at percentages of `cssLinearDuration(maxError:)`, chosen greedily so that the
    /// piecewise-linear read-back stays within `maxError` (default 0.001, clamped to
    /// 1e-6...0.5) of p(t) everywhere on [0, duration], and ending at 1. The budget: 0.55 for
    /// the chords at a sample grid, 0.1 between samples (step h with h^2 max|x''| / 8 bounded by
    /// the exact peak of x''), 0.25 for the final snap to 1, 0.05 for rounding the printed digits.
    public func cssLinear(maxError: Double = 0.001) -> String {
        let tolerance = SpringCurve.clampedCSSError(maxError)
        let duration = cssLinearDuration(maxError: maxError)
        // sample grid fine enough that linear interpolation between samples errs <= 0.1 tolerance
        let u0 = -initialVelocity
        let x2 = -2 * a * u0 - w0 * w0 * 1  // x''(0)
        let x3 = -2 * a * x2 - w0 * w0 * u0  // x'''(0)
        let curvature = max(peakMagnitude(initial: x2, rate: x3), 1.0e-12)
        let slope = max(peakMagnitude(initial: u0, rate: x2), 1.0e-12)
        let step = (0.8 * tolerance / curvature).squareRoot()
        let count = min(max(clampedInt((duration / step).rounded(.up)), 16), 2_000_000)
        var samples = [Double](repeating: 0, count: count + 1)
        for i in 0...count { samples[i] = value(at: duration * Double(i) / Double(count)) }
        samples[count] = 1
        // greedy stops: extend each chord as far as it stays within 0.55 tolerance of the samples
        let chordTolerance = 0.55 * tolerance
        func chordFits(_ i: Int, _ j: Int) -> Bool {
            let vi = samples[i], slopePerSample = (samples[j] - vi) / Double(j - i)
            for m in (i + 1)..<j where abs(vi + slopePerSample * Double(m - i) - samples[m]) > chordTolerance { return false }
            return true
        }
        var stops = [0]
        var i = 0
        while i < count {
            var good = i + 1, probe = i + 2
            while probe <= count && chordFits(i, probe) { good = probe; probe = i + 2 * (probe - i) }
            var bad = min(probe, count + 1)
            while bad - good > 1 {
                let mid = (good + bad) / 2
                if chordFits(i, mid) { good = mid } else { bad = mid }
            }
            stops.append(good)
            i = good
        }
        // digits: rounding a value or a position may move the chord by <= 0.025 tolerance each
        let valueDigits = SpringCurve.decimals(forHalfUnit: 0.025 * tolerance)
        let percentDigits = SpringCurve.decimals(forHalfUnit: 100 * 0.025 * tolerance / (slope * duration))
        var text = "linear(0"
        for s in stops.dropFirst().dropLast() {
            let fraction = Double(s) / Double(count)
            text += ", " + SpringCurve.fixed(samples[s], valueDigits) + " " + SpringCurve.fixed(100 * fraction, percentDigits) + "%"
        }
        return text + ", 1)"
    }

    /// An upper bound of |y(t)| for t >= 0 for any solution y of the spring's equation with
    /// y(0) = `initial`, y'(0) = `rate` (derivatives of x are such solutions).
    fileprivate func peakMagnitude(initial y0: Double, rate y1: Double) -> Double {
        switch regime {
        case .under:
            let b = (y1 + a * y0) / w
            return (y0 * y0 + b * b).squareRoot()
        case .critical, .over:
            // a single extreme where tanh(g t) / g = y1 / (w0^2 y0 + a y1)
            let denominator = w0 * w0 * y0 + a * y1
            guard y1 != 0, denominator != 0 else { return abs(y0) }
            let ratio = y1 / denominator
            var t = 0.0
            if regime == .critical {
                if ratio > 0 { t = ratio }
            } else if ratio * w > 0 && ratio * w < 1 {
                t = inverseHyperbolicTangent(ratio * w) / w
            }
            if t == 0 { return abs(y0) }
            let e = exponential(-slowRate * t)
            let m = regime == .critical ? 0 : exponentialMinusOne(-2 * w * t)
            let ch = e * (2 + m) / 2
            let sh = regime == .critical ? e * t : -e * m / (2 * w)  // e^(-a t) sinh(g t) / g
            return max(abs(y0), abs(y0 * ch + (y1 + a * y0) * sh))
        }
    }

    /// The number of decimals whose rounding error (half a unit in the last place) is <= `halfUnit`.
    private static func decimals(forHalfUnit halfUnit: Double) -> Int {
        var digits = 0, unit = 1.0
        while 0.5 * unit > halfUnit && digits < 12 { unit /= 10; digits += 1 }
        return max(digits, 2)
    }

    /// `x` in fixed-point notation with at most `digits` decimals, trailing zeros dropped.
    private static func fixed(_ x: Double, _ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(x) * scale).rounded()
        guard scaled < 9.0e15 else { return "\(x)" }
        let n = UInt64(scaled), denominator = UInt64(scale)
        var fraction = String(n % denominator)
        fraction = String(repeating: "0", count: digits - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let sign = x < 0 && n != 0 ? "-" : ""
        return sign + String(n / denominator) + (fraction.isEmpty ? "" : "." + fraction)
    }
}

extension SpringParameters {
    /// How far a spring released at its target with velocity `v` (units/s) travels past it:
    /// x(t) = v e^(-a t) sin(wd t) / wd peaks at tan(wd t*) = wd / a (tanh(g t*) = g / a when
    /// overdamped, t* = 1 / w0 when critical) at v e^(-a t*) / w0, signed like `v`.
    func overshoot(releasedAtTargetWith v: Double) -> Double {
        let w0 = naturalFrequency, z = dampingRatio, a = z * w0
        let peakTime: Double
        if abs(z - 1) < criticalDampingTolerance {
            peakTime = 1 / w0
        } else {
            let w = w0 * abs(z - 1).squareRoot() * (z + 1).squareRoot()
            peakTime = z < 1 ? arcTangent2(w, a) / w : inverseHyperbolicTangent(w / a) / w
        }
        return v / w0 * exponential(-a * peakTime)
    }
}
