#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Exponential deceleration (a fling, UIScrollView's deceleration), exact in closed form.

/// e^x - 1 without cancellation near 0.
@inline(__always) fileprivate func exponentialMinusOne(_ x: Double) -> Double { expm1(x) }
/// ln(1 + x) without cancellation near 0.
@inline(__always) fileprivate func logarithmOnePlus(_ x: Double) -> Double { log1p(x) }

/// A motion that slows exponentially: v(t) = v0 e^(-lambda t),
/// x(t) = x0 + v0 (1 - e^(-lambda t)) / lambda, coming to rest at x0 + v0 / lambda.
///
/// Positions are in any unit (points for a scroll offset), times in seconds, `decayRate`
/// lambda in 1/s; the time constant is 1 / lambda.
public struct DecayCurve: Sendable, Equatable {
    /// A deceleration rate in UIScrollView's convention: the fraction of velocity kept per
    /// millisecond, in 0 < rate < 1.
    public struct DecelerationRate: Sendable, Equatable {
        /// The fraction of velocity kept after each millisecond.
        public let perMillisecond: Double

        /// A rate keeping `perMillisecond` of the velocity each millisecond, in 0 < rate < 1.
        /// Throws `.invalidArgument` otherwise.
        public init(perMillisecond: Double) throws(AnimaError) {
            if !(perMillisecond > 0 && perMillisecond < 1) {
                throw AnimaError(.invalidArgument, "perMillisecond must be in 0 < rate < 1 (got \(perMillisecond))")
            }
            self.perMillisecond = perMillisecond
        }

        private init(unchecked rate: Double) { perMillisecond = rate }

        /// UIScrollView.DecelerationRate.normal: 0.998 per ms, lambda = 2.002 /s.
        public static let normal = DecelerationRate(unchecked: 0.998)
        /// UIScrollView.DecelerationRate.fast: 0.99 per ms, lambda = 10.05 /s.
        public static let fast = DecelerationRate(unchecked: 0.99)

        /// The continuous decay rate lambda = -1000 ln(rate), in 1/s (v0 rate^(1000 t) = v0 e^(-lambda t)).
        public var decayRate: Double { -1000 * logarithm(perMillisecond) }
    }

    /// Position at t = 0, x0.
    public let initialPosition: Double
    /// Velocity at t = 0, v0, in position units per second.
    public let initialVelocity: Double
    /// The decay rate lambda, in 1/s, > 0.
    public let decayRate: Double
    /// Where the motion comes to rest: x0 + v0 / lambda (exactly the chosen target after
    /// `projected(roundedTo:)`).
    public let restingPosition: Double

    /// A decay from `position` (default 0) at `velocity` (units/s) with rate `decayRate`
    /// lambda (1/s, finite and > 0). Throws `.invalidArgument` for non-finite input, a
    /// non-positive rate, or a resting position that overflows.
    public init(position: Double = 0, velocity: Double, decayRate: Double) throws(AnimaError) {
        try requireFinite(position, "position")
        try requireFinite(velocity, "velocity")
        try requirePositive(decayRate, "decayRate")
        let rest = position + velocity / decayRate
        try requireFinite(rest, "resting position")
        self.init(position: position, velocity: velocity, decayRate: decayRate, restingPosition: rest)
    }

    /// A decay at UIScrollView's deceleration `rate` (default `.normal`, 0.998 per ms):
    /// lambda = -1000 ln(rate). Throws as `init(position:velocity:decayRate:)`.
    public init(position: Double = 0, velocity: Double, rate: DecelerationRate = .normal) throws(AnimaError) {
        try self.init(position: position, velocity: velocity, decayRate: rate.decayRate)
    }

    /// A decay with time constant `timeConstant` tau in seconds (finite and > 0; Motion's
    /// inertia uses 0.325 s): lambda = 1 / tau. Throws as `init(position:velocity:decayRate:)`.
    public init(position: Double = 0, velocity: Double, timeConstant: Double) throws(AnimaError) {
        try requirePositive(timeConstant, "timeConstant")
        try self.init(position: position, velocity: velocity, decayRate: 1 / timeConstant)
    }

    init(position: Double, velocity: Double, decayRate: Double, restingPosition: Double) {
        initialPosition = position
        initialVelocity = velocity
        self.decayRate = decayRate
        self.restingPosition = restingPosition
    }

    /// The time constant tau = 1 / lambda, in seconds.
    public var timeConstant: Double { 1 / decayRate }

    /// Total travel v0 / lambda (= restingPosition - x0), signed like the velocity.
    public var distance: Double { restingPosition - initialPosition }

    /// Position at `t` seconds: x0 + (x_rest - x0)(1 - e^(-lambda t)) (that is,
    /// x0 + v0 (1 - e^(-lambda t)) / lambda). Times before 0 read as 0; once e^(-lambda t)
    /// underflows, exactly `restingPosition`.
    public func value(at t: Double) -> Double {
        if t.isNaN { return .nan }
        if t <= 0 { return initialPosition }
        let m = exponentialMinusOne(-decayRate * t)
        if m == -1 { return restingPosition }
        return initialPosition - distance * m
    }

    /// Velocity at `t` seconds: v0 e^(-lambda t), in units/s. Times before 0 read as 0.
    public func velocity(at t: Double) -> Double {
        if t.isNaN { return .nan }
        return t <= 0 ? initialVelocity : initialVelocity * exponential(-decayRate * t)
    }

    /// The time at which the speed falls to `speed` (units/s): ln(|v0| / speed) / lambda;
    /// 0 if it is already no faster; +infinity if `speed` is not > 0.
    public func duration(untilSpeedBelow speed: Double) -> Double {
        guard speed > 0 else { return .infinity }
        let v = abs(initialVelocity)
        return v <= speed ? 0 : logarithm(v / speed) / decayRate
    }

    /// The same fling, ending exactly on `round(restingPosition)` (a page, a row, a
    /// whole point), like Motion's `modifyTarget`. The start and the initial velocity are kept,
    /// so the hand-over from a finger is seamless; the decay rate becomes
    /// lambda' = v0 / (target - x0). Throws `.invalidArgument` if the rounded target is not
    /// finite, or is behind or at the start while the motion moves (no exponential decay with
    /// that velocity ends there). A motion at rest returns itself when the target is its start.
    public func projected(roundedTo round: (Double) -> Double) throws(AnimaError) -> DecayCurve {
        let target = round(restingPosition)
        try requireFinite(target, "rounded target")
        let travel = target - initialPosition
        if initialVelocity == 0 && travel == 0 { return self }
        let rate = initialVelocity / travel
        if !(rate > 0 && rate.isFinite) {
            throw AnimaError(.invalidArgument,
                             "rounded target \(target) is not ahead of the start \(initialPosition) in the direction of the velocity \(initialVelocity)")
        }
        return DecayCurve(position: initialPosition, velocity: initialVelocity, decayRate: rate, restingPosition: target)
    }

    /// Where the decay crosses `bound` and how fast, to hand the motion to a `spring` anchored
    /// at the bound (a scroll view's rubber band, Motion's inertia bounce).
    ///
    /// With s = (bound - x0) / (x_rest - x0) in 0 <= s < 1, the crossing is at
    /// t = -ln(1 - s) / lambda, where the velocity is exactly v0 e^(-lambda t) = v0 (1 - s).
    /// `overshoot` is how far the spring, released at the bound with that velocity, carries
    /// the value past it: x(t) = v e^(-a t) sin(wd t) / wd peaks at tan(wd t*) = wd / a
    /// (tanh(g t*) = g / a overdamped, t* = 1 / w0 critical) at v e^(-a t*) / w0, signed like
    /// the velocity. Returns nil when the decay never reaches `bound` (behind the start, at or
    /// beyond the resting position, or not finite).
    public func handOff(at bound: Double, spring: SpringParameters) -> (time: Double, velocity: Double, overshoot: Double)? {
        guard bound.isFinite else { return nil }
        if bound == initialPosition {
            return (0, initialVelocity, spring.overshoot(releasedAtTargetWith: initialVelocity))
        }
        let s = (bound - initialPosition) / distance
        guard s >= 0 && s < 1 else { return nil }
        let time = -logarithmOnePlus(-s) / decayRate
        let speed = initialVelocity * (1 - s)
        return (time, speed, spring.overshoot(releasedAtTargetWith: speed))
    }
}
