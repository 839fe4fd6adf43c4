/// An item property that view animations can change.
public enum AnimatableProperty: Int32, Sendable, CaseIterable {
    /// The centre, in points.
    case center = 0
    /// The bounds size, in points.
    case size = 1
    /// The transform: rotation, scale and translation.
    case transform = 2
    /// The opacity, 0...1.
    case alpha = 3
}

/// The value of an animatable property, as a vector of numbers (centre: x, y; size: width,
/// height; transform: rotation, scale x, scale y, translation x, translation y; alpha: alpha).
public struct AnimatableValue: Sendable, Equatable {
    /// The components.
    public var components: [Double]

    /// Creates a value from its components.
    public init(_ components: [Double]) { self.components = components }

    /// a + (b - a) p, component by component.
    func interpolated(to b: AnimatableValue, _ p: Double) -> AnimatableValue {
        var c = components
        for i in 0..<min(c.count, b.components.count) { c[i] += (b.components[i] - c[i]) * p }
        return AnimatableValue(c)
    }
}

/// How an animation's progress runs in time.
public enum AnimationTiming: Sendable {
    /// A curve over the animation's duration.
    case curve(TimingCurve)
    /// A spring; its progress follows the spring's closed form and the animation lasts until the
    /// spring settles (the duration is then ignored).
    case spring(SpringParameters, initialVelocity: Double)
}

/// How to create an animation (UIView.animate's parameters).
public struct AnimationDefinition: Sendable {
    /// Seconds the animation lasts (ignored for springs, which last until they settle); >= 0.
    public var duration: Double
    /// Seconds before it starts; >= 0.
    public var delay: Double
    /// The timing; default ease-in-out, UIKit's default curve for view animations.
    public var timing: AnimationTiming
    /// How many times to run: 1 by default; `.infinity` repeats for ever; > 0.
    public var repeatCount: Double
    /// Whether each repetition runs back to the start (then forward again).
    public var autoreverses: Bool

    /// Creates a definition.
    public init(duration: Double, delay: Double = 0, timing: AnimationTiming = .curve(.easeInOut),
                repeatCount: Double = 1, autoreverses: Bool = false) {
        self.duration = duration
        self.delay = delay
        self.timing = timing
        self.repeatCount = repeatCount
        self.autoreverses = autoreverses
    }

    /// Throws `.invalidArgument` for a negative, NaN or infinite duration or delay (> 1e7 s), a
    /// repeat count that is not > 0, or a spring that never settles.
    public func validate() throws(AnimaError) {
        try requireNonNegative(duration, "duration")
        try requireNonNegative(delay, "delay")
        if duration > 1e7 || delay > 1e7 { throw AnimaError(.invalidArgument, "duration and delay must be at most 1e7 s") }
        guard repeatCount > 0 && !repeatCount.isNaN else {
            throw AnimaError(.invalidArgument, "repeat count must be > 0 (got \(repeatCount))")
        }
        if case .spring(let p, let v0) = timing {
            guard v0.isFinite && abs(v0) <= 1e6 else {
                throw AnimaError(.invalidArgument, "initial spring velocity must be finite, |v| <= 1e6 (got \(v0))")
            }
            let settle = SpringCurve(parameters: p, initialVelocity: v0).settlingDuration()
            guard settle.isFinite && settle <= 1e7 else {
                throw AnimaError(.invalidArgument, "the spring never settles (damping ratio \(p.dampingRatio)): give it some damping")
            }
        }
    }
}

/// One property of one item moving from a value to another.
struct AnimationTrack {
    var item: ItemID
    var property: AnimatableProperty
    var from: AnimatableValue
    var to: AnimatableValue
}

/// A running view animation (UIView.animate), on the animator's clock.
public final class ViewAnimation {
    /// How it was created.
    public let definition: AnimationDefinition
    var tracks: [AnimationTrack]
    /// Called once when the animation ends: true if it ran to its end, false if it was cancelled
    /// or replaced by another animation of the same property.
    public var completion: ((Bool) -> Void)?
    /// Seconds since the animation was committed (its delay included).
    public internal(set) var time = 0.0
    /// True until the animation finishes or is cancelled.
    public internal(set) var isActive = true
    /// Unique within its animator, never reused (1, 2, ...).
    public let identifier: UInt64

    /// Internal steps run since the commit (the clock is steps x step duration, free of drift).
    var steps: Int64 = 0
    /// The length of one pass: the duration, or the spring's settling time for a spring.
    let passDuration: Double
    let spring: SpringCurve?

    init(definition: AnimationDefinition, tracks: [AnimationTrack], identifier: UInt64) {
        self.definition = definition
        self.tracks = tracks
        self.identifier = identifier
        switch definition.timing {
        case .curve:
            spring = nil
            passDuration = definition.duration
        case .spring(let p, let v0):
            let curve = SpringCurve(parameters: p, initialVelocity: v0)
            spring = curve
            passDuration = curve.settlingDuration()
        }
    }

    /// Total active time: passes x (2 when autoreversing), infinite when repeating for ever.
    var totalDuration: Double {
        let passes = definition.repeatCount * (definition.autoreverses ? 2 : 1)
        return passes.isInfinite ? .infinity : passDuration * passes
    }

    /// Eased progress at local time `t` (after the delay): 0 at the start, 1 at the target.
    func progress(at t: Double) -> Double {
        let pass = passDuration
        if pass <= 0 { return 1 }
        let total = totalDuration
        let local = min(t, total)
        var passIndex = (local / pass).rounded(.down)
        var within = local - passIndex * pass
        if local >= total && total.isFinite {
            // the end: last pass complete (backwards when autoreversing an even number of passes)
            passIndex = (total / pass).rounded() - 1
            within = pass
        }
        var u = within / pass
        if definition.autoreverses && Int(passIndex.truncatingRemainder(dividingBy: 2)) == 1 { u = 1 - u }
        switch definition.timing {
        case .curve(let curve): return curve.value(at: u)
        case .spring:
            // the ends of a pass land exactly on their values (a settled spring is only within 0.1 %)
            if u == 1 { return 1 }
            if u == 0 { return 0 }
            return spring!.value(at: u * pass)
        }
    }

    /// Cancels the animation: it stops where it is and its completion gets false.
    public func cancel() {
        guard isActive else { return }
        isActive = false
        pendingCompletion = false
    }

    var pendingCompletion: Bool? = nil
}

extension AnimationTiming {
    /// The length of one pass of an animation given `duration`: the duration for a curve, the
    /// settling time (0.1 % of the distance) for a spring.
    public func passDuration(duration: Double) -> Double {
        switch self {
        case .curve: return duration
        case .spring(let p, let v0): return SpringCurve(parameters: p, initialVelocity: v0).settlingDuration()
        }
    }

    /// Progress (0 at the start, 1 at the target) `t` seconds into one pass of `duration`.
    public func progress(at t: Double, duration: Double) -> Double {
        switch self {
        case .curve(let curve):
            if duration <= 0 { return t >= 0 ? 1 : 0 }
            return curve.value(at: min(max(t / duration, 0), 1))
        case .spring(let p, let v0): return SpringCurve(parameters: p, initialVelocity: v0).value(at: max(t, 0))
        }
    }

    /// d progress / dt at `t` seconds into one pass of `duration`, in distances per second.
    public func velocity(at t: Double, duration: Double) -> Double {
        switch self {
        case .curve(let curve):
            if duration <= 0 { return 0 }
            return curve.slope(at: min(max(t / duration, 0), 1)) / duration
        case .spring(let p, let v0): return SpringCurve(parameters: p, initialVelocity: v0).velocity(at: max(t, 0))
        }
    }

    /// The progress as a CSS `linear()` easing, each stop within `maxError` of the curve; for a
    /// spring the CSS duration the stops refer to is ``cssDuration(duration:maxError:)``.
    public func cssLinear(maxError: Double = 0.001) -> String {
        switch self {
        case .curve(let curve): return curve.cssLinear(maxError: maxError)
        case .spring(let p, let v0): return SpringCurve(parameters: p, initialVelocity: v0).cssLinear(maxError: maxError)
        }
    }

    /// The CSS animation duration that goes with ``cssLinear(maxError:)``.
    public func cssDuration(duration: Double, maxError: Double = 0.001) -> Double {
        switch self {
        case .curve: return duration
        case .spring(let p, let v0):
            return SpringCurve(parameters: p, initialVelocity: v0).cssLinearDuration(maxError: maxError)
        }
    }
}
