/// A fling: a property coasting to rest with exponential deceleration (UIScrollView's), its
/// resting value optionally snapped to a grid, and a spring that catches it at a bound.
public struct DecayDefinition: Sendable {
    /// Initial velocity per component of the property (centre: x, y; transform: rotation,
    /// scale x, scale y, translation x, translation y; ...), in units per second; finite.
    public var velocity: [Double]
    /// The decay rate lambda in 1/s (> 0): velocity falls as e^(-lambda t). The default is
    /// UIScrollView's normal rate, 0.998 per millisecond (lambda = 2.002 /s); `.fast` is 0.99.
    public var decayRate: Double
    /// Snap the resting value of every component to a multiple of this step (> 0), ahead of the
    /// motion; nil leaves it where the decay ends.
    public var snapStep: Double?
    /// Bounds per component (nil: unbounded). A component that would coast past a bound is
    /// caught there by `boundSpring` with its exact velocity at the crossing.
    public var lower: [Double]?
    public var upper: [Double]?
    /// The spring at a bound; default m 1, k 246.7, c 31.4 (critical, 0.4 s response).
    public var boundSpring: SpringParameters
    /// The animation ends when every component is this close to its resting value (units, > 0).
    public var restDistance: Double

    /// A fling at `velocity` with UIScrollView's `rate` (default `.normal`).
    public init(velocity: [Double], rate: DecayCurve.DecelerationRate = .normal) {
        self.velocity = velocity
        self.decayRate = rate.decayRate
        self.snapStep = nil
        self.lower = nil
        self.upper = nil
        // response 0.4 s, critically damped: k = (2 pi / 0.4)^2, c = 2 sqrt(k)
        let k = (2 * Double.pi / 0.4) * (2 * Double.pi / 0.4)
        self.boundSpring = try! SpringParameters(mass: 1, stiffness: k, damping: 2 * k.squareRoot())
        self.restDistance = 0.1
    }
}

/// One component of a fling: its decay and, if a bound catches it, the hand-off.
struct DecayComponent {
    var curve: DecayCurve
    /// The bound, the time the decay reaches it, and the velocity there.
    var bound: (value: Double, time: Double, velocity: Double)?
    var spring: SpringCurve?
    var springUnit: SpringCurve?
    /// When it is within the rest distance of where it ends, for good.
    var duration: Double

    /// The value `t` seconds into the fling.
    func value(at t: Double) -> Double {
        guard let b = bound, t >= b.time else { return curve.value(at: t) }
        // after the crossing: the spring's response to the crossing velocity from zero displacement
        let tau = t - b.time
        return b.value + b.velocity * (springUnit!.value(at: tau) - spring!.value(at: tau))
    }

    /// Where it comes to rest.
    var end: Double { bound?.value ?? curve.restingPosition }
}

extension Animator {
    /// Starts a fling of one property of an item (a decay animation): each component coasts
    /// with `definition.velocity`, slowing by e^(-lambda t), and comes to rest where the decay
    /// ends (snapped to the grid if asked), or at a bound, caught by a spring. It takes the
    /// property over from any running animation, and ends (completion true) when every
    /// component is within the rest distance of its end.
    @discardableResult
    public func startDecay(of item: ItemID, property: AnimatableProperty, _ definition: DecayDefinition,
                           completion: ((Bool) -> Void)? = nil) throws(AnimaError) -> ViewAnimation {
        let s = try slot(of: item)
        return try startDecay(.item(item, property), from: currentValue(s, property), "a \(property)", definition, completion)
    }

    /// Starts a fling of an animated value (as ``startDecay(of:property:_:completion:)`` flings
    /// an item's property), its velocity in the value's units per second. The value's bounds
    /// hold it as the fling goes. Throws `.invalidHandle` for a value that is not alive and
    /// `.invalidArgument` for a colour (colours take tweens and springs).
    @discardableResult
    public func startDecay(of value: ValueID, _ definition: DecayDefinition,
                           completion: ((Bool) -> Void)? = nil) throws(AnimaError) -> ViewAnimation {
        let s = try slot(of: value)
        if values.space[s].isColor {
            throw AnimaError(.invalidArgument, "a colour cannot be flung: animate it with a curve or a spring")
        }
        return try startDecay(.value(value), from: AnimatableValue(values.components[s]), "this value's", definition, completion)
    }

    private func startDecay(_ target: AnimationTarget, from: AnimatableValue, _ what: String, _ definition: DecayDefinition,
                            _ completion: ((Bool) -> Void)?) throws(AnimaError) -> ViewAnimation {
        guard capture == nil else { throw AnimaError(.invalidState, "a fling cannot start while an animation is being recorded") }
        let n = from.components.count
        guard definition.velocity.count == n else {
            throw AnimaError(.invalidArgument, "\(what) fling needs \(n) velocity components (got \(definition.velocity.count))")
        }
        for v in definition.velocity { try requireFinite(v, "velocity") }
        guard definition.decayRate.isFinite && definition.decayRate > 0 else {
            throw AnimaError(.invalidArgument, "decay rate must be finite and > 0 (got \(definition.decayRate))")
        }
        guard definition.restDistance.isFinite && definition.restDistance > 0 else {
            throw AnimaError(.invalidArgument, "rest distance must be finite and > 0 (got \(definition.restDistance))")
        }
        if let step = definition.snapStep, !(step.isFinite && step > 0) {
            throw AnimaError(.invalidArgument, "snap step must be finite and > 0 (got \(step))")
        }
        for bounds in [definition.lower, definition.upper] {
            if let b = bounds {
                guard b.count == n else { throw AnimaError(.invalidArgument, "bounds need \(n) components (got \(b.count))") }
                for x in b where x.isNaN { throw AnimaError(.invalidArgument, "bounds must not be NaN") }
            }
        }
        var components: [DecayComponent] = []
        var total = 0.0
        for i in 0..<n {
            let x0 = from.components[i], v0 = definition.velocity[i]
            var curve = try DecayCurve(position: x0, velocity: v0, decayRate: definition.decayRate)
            if let step = definition.snapStep, v0 != 0 {
                // the grid point ahead of the motion (one step on if the decay would end on the start)
                var target = ((curve.restingPosition / step) * (v0 > 0 ? 1 : -1)).rounded(.up) * (v0 > 0 ? 1 : -1) * step
                if (target - x0) * v0 <= 0 { target = x0 + (v0 > 0 ? step : -step) }
                curve = try curve.projected(roundedTo: { _ in target })
            }
            var component = DecayComponent(curve: curve, bound: nil, spring: nil, springUnit: nil, duration: 0)
            let lower = definition.lower?[i] ?? -.infinity, upper = definition.upper?[i] ?? .infinity
            guard lower <= upper else { throw AnimaError(.invalidArgument, "lower bound above upper bound") }
            let rest = curve.restingPosition
            let bound: Double? = rest > upper ? upper : (rest < lower ? lower : nil)
            if let b = bound, let hand = curve.handOff(at: b, spring: definition.boundSpring) {
                component.bound = (b, hand.time, hand.velocity)
                component.spring = SpringCurve(parameters: definition.boundSpring, initialVelocity: 0)
                component.springUnit = SpringCurve(parameters: definition.boundSpring, initialVelocity: 1)
                // the spring's excursion v Y(t) falls within the rest distance: Y(t) is -1 / D times
                // the unit spring released with velocity v0 = 1 / D... at D = 1e-9 (no distance)
                let d = 1e-9
                let unit = SpringCurve(parameters: definition.boundSpring, initialVelocity: hand.velocity / d)
                let settle = unit.settlingDuration(epsilon: definition.restDistance / d)
                component.duration = hand.time + (settle.isFinite ? settle : 0)
            } else {
                // remaining distance |D| e^(-lambda t) falls below the rest distance
                let distance = abs(curve.distance)
                component.duration = distance > definition.restDistance
                    ? logarithm(distance / definition.restDistance) / curve.decayRate : 0
                if bound != nil {
                    // it starts beyond the bound and moves away: rest where the decay ends
                    component.bound = nil
                }
            }
            total = max(total, component.duration)
            components.append(component)
        }
        guard total <= 1e7 else { throw AnimaError(.invalidArgument, "the fling would last more than 1e7 s") }
        takeOver(target)
        var track = makeTrack(target, from: from, to: AnimatableValue(components.map(\.end)))
        track.decay = components
        nextAnimationIdentifier &+= 1
        let animation = ViewAnimation(definition: AnimationDefinition(duration: total, timing: .curve(.linear)),
                                      tracks: [track], identifier: nextAnimationIdentifier)
        animation.completion = completion
        animations.append(animation)
        resume()
        return animation
    }
}
