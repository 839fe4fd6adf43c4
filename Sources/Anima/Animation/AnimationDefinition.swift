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

}

/// How an animation's progress runs in time.
public enum AnimationTiming: Sendable {
    /// A curve over the animation's duration.
    case curve(TimingCurve)
    /// A spring; its progress follows the spring's closed form and the animation lasts until the
    /// spring settles (the duration is then ignored).
    case spring(SpringParameters, initialVelocity: Double)
}

/// The shortest positive animation duration, in seconds (0 itself is allowed: the change then
/// lands at the next step). Far below any step length; shorter positive durations are refused
/// because their pass count overflows a Double within a frame.
public let minimumAnimationDuration = 1.0e-6

/// How to create an animation (UIView.animate's parameters).
public struct AnimationDefinition: Sendable {
    /// Seconds the animation lasts; >= 0. Springs last until they settle unless
    /// `springEndsAtDuration` is set.
    public var duration: Double
    /// Seconds before it starts; >= 0.
    public var delay: Double
    /// The timing; default ease-in-out, UIKit's default curve for view animations.
    public var timing: AnimationTiming
    /// How many times to run: 1 by default; `.infinity` repeats for ever; > 0.
    public var repeatCount: Double
    /// Whether each repetition runs back to the start (then forward again).
    public var autoreverses: Bool
    /// For a spring: end exactly at `duration` instead of when the spring settles (UIKit's
    /// `usingSpringWithDamping`, whose spring is built to settle at the duration; see
    /// ``SpringParameters/dampingRatio(_:duration:)``). Needs a duration > 0.
    public var springEndsAtDuration = false
    /// Seconds between the starts of successive items (a stagger): the properties of the k-th
    /// item recorded (counting from 0) start k x stagger later; >= 0, default 0.
    public var stagger: Double = 0
    /// For a spring: the distance from its target, in the property's own units, within which
    /// every component must stay for good for the animation to end (libadwaita's epsilon,
    /// Compose's visibility threshold, Android's minimum visible change). nil, the default, is
    /// min(0.1 % of the distance, the property's visible change). Finite and > 0.
    public var restThreshold: Double? = nil
    /// For a spring: each component ends the first time it reaches its target and holds there,
    /// never overshooting (libadwaita's and react-spring's clamp); the animation ends once every
    /// component has. A component that approaches without crossing (critical or more damping)
    /// rests as usual. Runs one pass (no repeats, no autoreverse).
    public var clampsSpring = false
    /// While paused, a new fraction complete moves the properties linearly between start and end
    /// (UIViewPropertyAnimator's `scrubsLinearly`, true by default, as UIKit); false follows the
    /// timing. Resumed after a linear scrub, the animation continues from where it shows to its
    /// end over the time left, with its timing.
    public var scrubsLinearly = true
    /// At its end (or, reversed, back at its start) the animation pauses there instead of ending
    /// (UIViewPropertyAnimator's `pausesOnCompletion`): its completion waits, it holds its values,
    /// and it can be reversed, scrubbed or resumed from there; stopping it ends it.
    public var pausesOnCompletion = false

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
        if duration > 1e7 { throw AnimaError(.invalidArgument, "duration must be at most 1e7 s (got \(duration))") }
        if delay > 1e7 { throw AnimaError(.invalidArgument, "delay must be at most 1e7 s (got \(delay))") }
        if duration > 0 && duration < minimumAnimationDuration {
            throw AnimaError(.invalidArgument, "duration must be 0 or at least \(minimumAnimationDuration) s (got \(duration))")
        }
        try requireNonNegative(stagger, "stagger")
        if stagger > 1e7 { throw AnimaError(.invalidArgument, "stagger must be at most 1e7 s (got \(stagger))") }
        guard repeatCount > 0 && !repeatCount.isNaN else {
            throw AnimaError(.invalidArgument, "repeat count must be > 0 (got \(repeatCount))")
        }
        if let e = restThreshold {
            guard e.isFinite && e > 0 && e <= 1e9 else {
                throw AnimaError(.invalidArgument, "rest threshold must be finite, > 0 and <= 1e9 (got \(e))")
            }
        }
        if clampsSpring && (repeatCount != 1 || autoreverses) {
            throw AnimaError(.invalidArgument, "a clamped spring runs one pass: no repeats and no autoreverse")
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

/// Where an animation ended (UIViewAnimatingPosition).
public enum AnimationPosition: Int32, Sendable {
    /// At its end: every property at its target.
    case end = 0
    /// At its start: every property back at its starting value.
    case start = 1
    /// Where it was when stopped.
    case current = 2
}

/// What a track moves: a property of an item, or an animated value.
enum AnimationTarget: Hashable {
    case item(ItemID, AnimatableProperty)
    case value(ValueID)
}

/// One property of one item, or one animated value, moving from a value to another.
struct AnimationTrack {
    var target: AnimationTarget
    /// Where the components mix: an item's properties and plain values mix as they are, a
    /// colour in its colour space (`from`, `to`, keyframes and a fling's components are the
    /// value's own; `velocity` is in the mixing space).
    var space: ValueSpace = .components
    var from: AnimatableValue
    var to: AnimatableValue
    /// Velocity per component (units/s) inherited from the animation this one took over; only
    /// springs carry it (a curve starts from rest).
    var velocity: [Double] = []
    /// A keyframe animation's keyframes, in order of their ends.
    var keyframes: [Keyframe] = []
    /// A fling's components (see ``Animator/startDecay(of:property:_:completion:)``).
    var decay: [DecayComponent] = []
    /// Seconds after the animation's start (past its delay) at which this track starts (stagger).
    var offset = 0.0
    /// For a track added to a running animation (``Animator/beginAddingAnimations(to:delayFactor:)``):
    /// the seconds it takes to run its timing's one pass (the animation's time left when it was
    /// added, less its delay); nil for the animation's own tracks, which take the pass duration.
    var span: Double? = nil
    /// For a clamped spring: per component, the pass time at which it first reaches its target
    /// (infinity for one that never crosses); empty otherwise. Follows from the rest.
    var clampTimes: [Double] = []
    /// The change below which its motion is invisible (see ``ViewAnimation/visibleChange(_:)``
    /// for items'; a value's own otherwise).
    var visibleChange: Double

    init(target: AnimationTarget, from: AnimatableValue, to: AnimatableValue, visibleChange: Double) {
        self.target = target
        self.from = from
        self.to = to
        self.visibleChange = visibleChange
    }

    init(item: ItemID, property: AnimatableProperty, from: AnimatableValue, to: AnimatableValue) {
        self.init(target: .item(item, property), from: from, to: to, visibleChange: ViewAnimation.visibleChange(property))
    }

    /// Its start and target where they mix (the value's own for items and plain values).
    var mixingEnds: ([Double], [Double]) {
        space == .components ? (from.components, to.components) : (space.mixing(from.components), space.mixing(to.components))
    }

    /// A mixing-space result back as the value's own; the straight mix of the ends' colours at
    /// `p` stands in where a colour's alpha is 0.
    func fromMixing(_ m: [Double], _ p: Double) -> [Double] {
        space.value(m) {
            var c = from.components
            for i in c.indices { c[i] += (to.components[i] - c[i]) * p }
            return c
        }
    }

    /// The item it moves, or nil for a value.
    var item: ItemID? {
        if case .item(let item, _) = target { return item }
        return nil
    }

    /// The item property it moves, or nil for a value.
    var property: AnimatableProperty? {
        if case .item(_, let property) = target { return property }
        return nil
    }

    /// True when it moves this property of this item.
    func moves(_ item: ItemID, _ property: AnimatableProperty) -> Bool {
        if case .item(let i, let p) = target { return i == item && p == property }
        return false
    }
}

/// How a keyframe animation finds values between its keyframes (UIKit's calculation modes).
public enum KeyframeMode: Int32, Sendable {
    /// Each keyframe runs from the value before it to its own value over its window, straight
    /// (component by component); between windows the value holds.
    case linear = 0
    /// The windows are ignored: the values are visited at an even pace along the polyline
    /// through them (length measured over all components).
    case paced = 1
    /// A Catmull-Rom spline through the values, reached at the ends of their windows: smooth,
    /// passing through every keyframe.
    case cubic = 2
    /// No motion between keyframes: each value appears at the start of its window and holds
    /// until the next one appears (UIKit's `calculationModeDiscrete`).
    case discrete = 3
    /// The windows are ignored: the Catmull-Rom spline of `cubic` through the values, travelled at
    /// an even speed along its length (UIKit's `calculationModeCubicPaced`).
    case cubicPaced = 4
}

/// How one keyframe is reached over its window, in the `linear` mode (SwiftUI's keyframe types).
public enum KeyframeTiming: Sendable, Equatable {
    /// Straight from the value before it, eased by the curve over the window
    /// (`LinearKeyframe`; `.linear(.linear)` is the mode's own).
    case linear(TimingCurve)
    /// Along the Catmull-Rom spline through its neighbours, with no corner at either end
    /// (`CubicKeyframe`).
    case cubic
    /// On a spring of this damping ratio (0 < z <= 1) built to settle exactly at the window's
    /// end (`SpringKeyframe`, UIKit's `usingSpringWithDamping`): under 1 it overshoots and comes back.
    case spring(dampingRatio: Double)
    /// At once, at the start of its window, then held (`MoveKeyframe`).
    case move
}

/// A value reached over a window of relative time.
struct Keyframe {
    var start: Double
    var duration: Double
    var value: AnimatableValue
    /// How it is reached (the linear mode only).
    var timing: KeyframeTiming = .linear(.linear)
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
