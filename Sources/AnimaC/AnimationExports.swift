import Anima
import CAnima

// The view animations section of anima.h: UIView-style animations, keyframes, decays, timing
// curves and the property-animator controls.

extension Cookie {
    static let animation: UInt32 = 0x414E_0009
    static let decay: UInt32 = 0x414E_000A
}

@c @implementation
public func anima_default_animation_def() -> anima_animation_def {
    anima_animation_def(cookie: Cookie.animation, duration: 0.25, delay: 0, curve: ANIMA_CURVE_EASE_IN_OUT,
                        bezier: (0.25, 0.1, 0.25, 1), spring_mass: 1, spring_stiffness: 100, spring_damping: 10,
                        spring_damping_ratio: 0.5, spring_response: 0.5, spring_damping_fraction: 0.825,
                        spring_bounce: 0, spring_velocity: 0, steps_count: 1, steps_position: ANIMA_STEPS_JUMP_END,
                        repeat_count: 1, autoreverses: false, stagger: 0)
}

/// The engine's definition for a C def; every number is validated here or by the engine.
func definition(_ d: anima_animation_def) throws(Failure) -> AnimationDefinition {
    try Cookie.check(d.cookie, Cookie.animation, "animation")
    let timing: AnimationTiming
    switch d.curve {
    case ANIMA_CURVE_EASE_IN_OUT: timing = .curve(.easeInOut)
    case ANIMA_CURVE_EASE_IN: timing = .curve(.easeIn)
    case ANIMA_CURVE_EASE_OUT: timing = .curve(.easeOut)
    case ANIMA_CURVE_LINEAR: timing = .curve(.linear)
    case ANIMA_CURVE_CUBIC_BEZIER:
        let b = d.bezier
        timing = .curve(try engine { () throws(AnimaError) in try TimingCurve.bezier(b.0, b.1, b.2, b.3) })
    case ANIMA_CURVE_SPRING:
        let p = try engine { () throws(AnimaError) in
            try SpringParameters(mass: d.spring_mass, stiffness: d.spring_stiffness, damping: d.spring_damping)
        }
        timing = .spring(p, initialVelocity: d.spring_velocity)
    case ANIMA_CURVE_SPRING_DAMPING_RATIO:
        guard d.duration.isFinite && d.duration > 0 else {
            throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "a damping-ratio spring needs a duration > 0 (got \(d.duration))")
        }
        let p = try engine { () throws(AnimaError) in try SpringParameters.dampingRatio(d.spring_damping_ratio, duration: d.duration) }
        timing = .spring(p, initialVelocity: d.spring_velocity)
    case ANIMA_CURVE_SPRING_RESPONSE:
        let p = try engine { () throws(AnimaError) in
            try SpringParameters.response(d.spring_response, dampingFraction: d.spring_damping_fraction)
        }
        timing = .spring(p, initialVelocity: d.spring_velocity)
    case ANIMA_CURVE_SPRING_BOUNCE:
        guard d.duration.isFinite && d.duration > 0 else {
            throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "a bounce spring needs a duration > 0 (got \(d.duration))")
        }
        let p = try engine { () throws(AnimaError) in try SpringParameters.duration(d.duration, bounce: d.spring_bounce) }
        timing = .spring(p, initialVelocity: d.spring_velocity)
    case ANIMA_CURVE_STEPS:
        let positions: [UInt32: TimingCurve.StepPosition] = [
            ANIMA_STEPS_JUMP_END.rawValue: .jumpEnd, ANIMA_STEPS_JUMP_START.rawValue: .jumpStart,
            ANIMA_STEPS_JUMP_NONE.rawValue: .jumpNone, ANIMA_STEPS_JUMP_BOTH.rawValue: .jumpBoth]
        guard let position = positions[UInt32(truncatingIfNeeded: d.steps_position.rawValue)] else {
            throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "unknown step position \(d.steps_position.rawValue)")
        }
        guard d.steps_count <= 1_000_000 else {
            throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "steps_count must be at most 1000000 (got \(d.steps_count))")
        }
        let count = Int(d.steps_count)
        timing = .curve(try engine { () throws(AnimaError) in try TimingCurve.steps(count: count, position: position) })
    default:
        let raw = Int(d.curve.rawValue)
        guard raw >= 10 && raw <= 39 else { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "unknown curve \(d.curve.rawValue)") }
        let kind: [TimingCurve.EaseKind] = [.in, .out, .inOut]
        let k = kind[(raw - 10) % 3]
        let families: [(TimingCurve.EaseKind) -> TimingCurve] = [
            TimingCurve.quad, TimingCurve.cubic, TimingCurve.quart, TimingCurve.quint, TimingCurve.sine,
            TimingCurve.expo, TimingCurve.circ, TimingCurve.back, TimingCurve.elastic, TimingCurve.bounce]
        timing = .curve(families[(raw - 10) / 3](k))
    }
    var result = AnimationDefinition(duration: d.duration, delay: d.delay, timing: timing,
                                     repeatCount: d.repeat_count, autoreverses: d.autoreverses)
    result.springEndsAtDuration = d.curve == ANIMA_CURVE_SPRING_DAMPING_RATIO
    result.stagger = d.stagger
    return result
}

@c @implementation
public func anima_animation_begin(_ animator: anima_animator, _ def: UnsafePointer<anima_animation_def>?) -> anima_status {
    run("anima_animation_begin") { () throws(Failure) in
        let box = try resolve(animator)
        guard let def else { throw Failure.null("def") }
        let d = try definition(def.pointee)
        try engine { () throws(AnimaError) in try box.animator.beginAnimations(d) }
    }
}

/// Installs a C completion on an animation: it gets the animation's id, finished and position.
func setCompletion(_ completion: anima_animation_completion_fn?, _ userData: UnsafeMutableRawPointer?,
                           of a: ViewAnimation, in box: AnimatorBox) {
    guard let fn = completion else { return }
    a.completion = completionClosure(fn, userData, a, box)
}

/// Adds a C completion after the animation's others (UIViewPropertyAnimator.addCompletion).
func addCompletion(_ fn: @escaping anima_animation_completion_fn, _ userData: UnsafeMutableRawPointer?,
                   to a: ViewAnimation, in box: AnimatorBox) throws(Failure) {
    let closure = completionClosure(fn, userData, a, box)
    try engine { () throws(AnimaError) in try box.animator.addCompletion(closure, to: a) }
}

/// The engine's completion calling a C one with the animator, the animation's id and where it ended.
private func completionClosure(_ fn: @escaping anima_animation_completion_fn, _ userData: UnsafeMutableRawPointer?,
                               _ a: ViewAnimation, _ box: AnimatorBox) -> (Bool) -> Void {
    let identifier = a.identifier
    return { [unowned box, unowned a] finished in
        fn(userData, box.handle, identifier, finished, anima_position(rawValue: UInt32(a.position.rawValue)))
    }
}

@c @implementation
public func anima_animation_commit(_ animator: anima_animator, _ completion: anima_animation_completion_fn?, _ userData: UnsafeMutableRawPointer?, _ out: UnsafeMutablePointer<anima_animation>?) -> anima_status {
    run("anima_animation_commit") { () throws(Failure) in
        let box = try resolve(animator)
        let joining = box.animator.isAddingAnimations
        let a = try engine { () throws(AnimaError) in try box.animator.commitAnimations(completion: nil) }
        if joining, let fn = completion {
            // animations added to a running one add their completion to its own
            try addCompletion(fn, userData, to: a, in: box)
        } else {
            setCompletion(completion, userData, of: a, in: box)
        }
        out?.pointee = a.identifier
    }
}

@c @implementation
public func anima_animation_discard(_ animator: anima_animator) -> anima_status {
    run("anima_animation_discard") { () throws(Failure) in
        let box = try resolve(animator)
        try engine { () throws(AnimaError) in try box.animator.discardAnimations() }
    }
}

@c @implementation
public func anima_animation_is_recording(_ animator: anima_animator, _ out: UnsafeMutablePointer<Bool>?) -> anima_status {
    run("anima_animation_is_recording") { () throws(Failure) in
        let box = try resolve(animator)
        guard let out else { throw Failure.null("out_recording") }
        out.pointee = box.animator.isRecordingAnimation
    }
}

@c @implementation
public func anima_animation_cancel(_ animator: anima_animator, _ animation: anima_animation) -> anima_status {
    run("anima_animation_cancel") { () throws(Failure) in
        let box = try resolve(animator)
        if let a = box.animator.animation(withIdentifier: animation) { box.animator.cancelAnimation(a) }
    }
}

@c @implementation
public func anima_animation_cancel_all(_ animator: anima_animator) -> anima_status {
    run("anima_animation_cancel_all") { () throws(Failure) in
        try resolve(animator).animator.cancelAllAnimations()
    }
}

@c @implementation
public func anima_animation_is_active(_ animator: anima_animator, _ animation: anima_animation, _ out: UnsafeMutablePointer<Bool>?) -> anima_status {
    run("anima_animation_is_active") { () throws(Failure) in
        let box = try resolve(animator)
        guard let out else { throw Failure.null("out_active") }
        out.pointee = box.animator.animation(withIdentifier: animation) != nil
    }
}

@c @implementation
public func anima_animation_count(_ animator: anima_animator, _ out: UnsafeMutablePointer<Int32>?) -> anima_status {
    run("anima_animation_count") { () throws(Failure) in
        let box = try resolve(animator)
        guard let out else { throw Failure.null("out_count") }
        out.pointee = Int32(clamping: box.animator.animations.filter(\.isActive).count)
    }
}

/// A def's timing, validated as `anima_animation_begin` would.
private func validatedTiming(_ def: UnsafePointer<anima_animation_def>?) throws(Failure) -> AnimationDefinition {
    guard let def else { throw Failure.null("def") }
    let d = try definition(def.pointee)
    try engine { () throws(AnimaError) in try d.validate() }
    return d
}

@c @implementation
public func anima_timing_evaluate(_ def: UnsafePointer<anima_animation_def>?, _ t: Double, _ outProgress: UnsafeMutablePointer<Double>?, _ outVelocity: UnsafeMutablePointer<Double>?) -> anima_status {
    run("anima_timing_evaluate") { () throws(Failure) in
        let d = try validatedTiming(def)
        guard t.isFinite else { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "t must be finite (got \(t))") }
        guard let outProgress else { throw Failure.null("out_progress") }
        guard let outVelocity else { throw Failure.null("out_velocity") }
        outProgress.pointee = d.timing.progress(at: t, duration: d.duration)
        outVelocity.pointee = d.timing.velocity(at: t, duration: d.duration)
    }
}

@c @implementation
public func anima_timing_duration(_ def: UnsafePointer<anima_animation_def>?, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    run("anima_timing_duration") { () throws(Failure) in
        let d = try validatedTiming(def)
        guard let out else { throw Failure.null("out_seconds") }
        out.pointee = d.timing.passDuration(duration: d.duration)
    }
}

@c @implementation
public func anima_timing_css_linear(_ def: UnsafePointer<anima_animation_def>?, _ maxError: Double, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int32, _ outLength: UnsafeMutablePointer<Int32>?, _ outDuration: UnsafeMutablePointer<Double>?) -> anima_status {
    run("anima_timing_css_linear") { () throws(Failure) in
        let d = try validatedTiming(def)
        guard maxError.isFinite && maxError >= 1e-5 && maxError <= 1 else {
            throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "max_error must be in 1e-5...1 (got \(maxError))")
        }
        guard let outLength else { throw Failure.null("out_length") }
        if capacity < 0 { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "capacity must be >= 0 (got \(capacity))") }
        if capacity > 0 && buffer == nil { throw Failure.null("buffer") }
        let css = Array(d.timing.cssLinear(maxError: maxError).utf8)
        outLength.pointee = Int32(clamping: css.count)
        if css.count + 1 > Int(capacity) {
            throw Failure(ANIMA_ERR_BUFFER_TOO_SMALL, "buffer holds \(capacity) bytes but \(css.count + 1) are needed")
        }
        if let buffer {
            for (i, byte) in css.enumerated() { buffer[i] = CChar(bitPattern: byte) }
            buffer[css.count] = 0
        }
        outDuration?.pointee = d.timing.cssDuration(duration: d.duration, maxError: maxError)
    }
}

/// The running animation an id names.
/// The running animation with this id, or NOT_FOUND.
func running(_ animator: anima_animator, _ id: anima_animation) throws(Failure) -> (AnimatorBox, ViewAnimation) {
    let box = try resolve(animator)
    guard let a = box.animator.animation(withIdentifier: id) else {
        throw Failure(ANIMA_ERR_NOT_FOUND, "no running animation has id \(id)")
    }
    return (box, a)
}

@c @implementation
public func anima_animation_pause(_ animator: anima_animator, _ animation: anima_animation) -> anima_status {
    run("anima_animation_pause") { () throws(Failure) in
        let (box, a) = try running(animator, animation)
        try engine { () throws(AnimaError) in try box.animator.pauseAnimation(a) }
    }
}

@c @implementation
public func anima_animation_resume(_ animator: anima_animator, _ animation: anima_animation) -> anima_status {
    run("anima_animation_resume") { () throws(Failure) in
        let (box, a) = try running(animator, animation)
        try engine { () throws(AnimaError) in try box.animator.resumeAnimation(a) }
    }
}

@c @implementation
public func anima_animation_set_fraction_complete(_ animator: anima_animator, _ animation: anima_animation, _ fraction: Double) -> anima_status {
    run("anima_animation_set_fraction_complete") { () throws(Failure) in
        let (box, a) = try running(animator, animation)
        try engine { () throws(AnimaError) in try box.animator.setFractionComplete(fraction, of: a) }
    }
}

@c @implementation
public func anima_animation_get_fraction_complete(_ animator: anima_animator, _ animation: anima_animation, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    run("anima_animation_get_fraction_complete") { () throws(Failure) in
        let (_, a) = try running(animator, animation)
        guard let out else { throw Failure.null("out_fraction") }
        out.pointee = a.fractionComplete
    }
}

@c @implementation
public func anima_animation_set_reversed(_ animator: anima_animator, _ animation: anima_animation, _ reversed: Bool) -> anima_status {
    run("anima_animation_set_reversed") { () throws(Failure) in
        let (box, a) = try running(animator, animation)
        try engine { () throws(AnimaError) in try box.animator.setReversed(reversed, of: a) }
    }
}

@c @implementation
public func anima_animation_get_state(_ animator: anima_animator, _ animation: anima_animation, _ outPaused: UnsafeMutablePointer<Bool>?, _ outReversed: UnsafeMutablePointer<Bool>?) -> anima_status {
    run("anima_animation_get_state") { () throws(Failure) in
        let (_, a) = try running(animator, animation)
        outPaused?.pointee = a.isPaused
        outReversed?.pointee = a.isReversed
    }
}

@c @implementation
public func anima_animation_continue(_ animator: anima_animator, _ animation: anima_animation, _ timing: UnsafePointer<anima_animation_def>?, _ durationFactor: Double) -> anima_status {
    run("anima_animation_continue") { () throws(Failure) in
        let (box, a) = try running(animator, animation)
        var newTiming: AnimationTiming? = nil
        if let timing {
            var d = timing.pointee
            // only the curve and spring fields count; a damping-ratio or bounce spring takes its
            // settling time from the def's duration, so keep a usable one
            if !(d.duration.isFinite && d.duration > 0) { d.duration = 1 }
            d.delay = 0
            d.repeat_count = 1
            d.autoreverses = false
            newTiming = try definition(d).timing
        }
        try engine { () throws(AnimaError) in try box.animator.continueAnimation(a, timing: newTiming, durationFactor: durationFactor) }
    }
}

@c @implementation
public func anima_animation_stop(_ animator: anima_animator, _ animation: anima_animation, _ position: anima_position) -> anima_status {
    run("anima_animation_stop") { () throws(Failure) in
        let (box, a) = try running(animator, animation)
        guard let p = AnimationPosition(rawValue: Int32(truncatingIfNeeded: position.rawValue)) else {
            throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "unknown position \(position.rawValue)")
        }
        try engine { () throws(AnimaError) in try box.animator.stopAnimation(a, at: p) }
    }
}

@c @implementation
public func anima_animation_begin_keyframes(_ animator: anima_animator, _ def: UnsafePointer<anima_animation_def>?, _ mode: anima_keyframe_mode) -> anima_status {
    run("anima_animation_begin_keyframes") { () throws(Failure) in
        let box = try resolve(animator)
        guard let def else { throw Failure.null("def") }
        guard let m = KeyframeMode(rawValue: Int32(truncatingIfNeeded: mode.rawValue)) else {
            throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "unknown keyframe mode \(mode.rawValue)")
        }
        let d = try definition(def.pointee)
        try engine { () throws(AnimaError) in try box.animator.beginKeyframeAnimations(d, mode: m) }
    }
}

@c @implementation
public func anima_animation_add_keyframe(_ animator: anima_animator, _ start: Double, _ duration: Double) -> anima_status {
    run("anima_animation_add_keyframe") { () throws(Failure) in
        let box = try resolve(animator)
        try engine { () throws(AnimaError) in try box.animator.addKeyframe(relativeStart: start, relativeDuration: duration) }
    }
}

@c @implementation
public func anima_animation_add_keyframe_timed(_ animator: anima_animator, _ start: Double, _ duration: Double, _ kind: anima_keyframe_kind, _ curve: UnsafePointer<anima_animation_def>?, _ dampingRatio: Double) -> anima_status {
    run("anima_animation_add_keyframe_timed") { () throws(Failure) in
        let box = try resolve(animator)
        let timing: KeyframeTiming
        switch kind {
        case ANIMA_KEYFRAME_STRAIGHT:
            guard let curve else {
                timing = .linear(.linear)
                break
            }
            guard case .curve(let c) = try definition(curve.pointee).timing else {
                throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "a straight keyframe takes a curve, not a spring (use ANIMA_KEYFRAME_SPRING)")
            }
            timing = .linear(c)
        case ANIMA_KEYFRAME_CUBIC: timing = .cubic
        case ANIMA_KEYFRAME_SPRING: timing = .spring(dampingRatio: dampingRatio)
        case ANIMA_KEYFRAME_MOVE: timing = .move
        default: throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "unknown keyframe kind \(kind.rawValue)")
        }
        try engine { () throws(AnimaError) in
            try box.animator.addKeyframe(relativeStart: start, relativeDuration: duration, timing: timing)
        }
    }
}

@c @implementation
public func anima_default_decay_def() -> anima_decay_def {
    let k = (2 * Double.pi / 0.4) * (2 * Double.pi / 0.4)
    return anima_decay_def(cookie: Cookie.decay, property: ANIMA_PROPERTY_CENTER, velocity: (0, 0, 0, 0, 0),
                           deceleration_rate: 0.998, time_constant: 0, snap_step: 0, has_bounds: false,
                           lower: (-.infinity, -.infinity, -.infinity, -.infinity, -.infinity),
                           upper: (.infinity, .infinity, .infinity, .infinity, .infinity),
                           bound_spring_mass: 1, bound_spring_stiffness: k, bound_spring_damping: 2 * k.squareRoot(),
                           rest_distance: 0.1)
}

@c @implementation
public func anima_animation_start_decay(_ item: anima_item, _ def: UnsafePointer<anima_decay_def>?, _ completion: anima_animation_completion_fn?, _ userData: UnsafeMutableRawPointer?, _ out: UnsafeMutablePointer<anima_animation>?) -> anima_status {
    run("anima_animation_start_decay") { () throws(Failure) in
        let (box, id) = try resolve(item)
        guard let def else { throw Failure.null("def") }
        let d = def.pointee
        try Cookie.check(d.cookie, Cookie.decay, "decay")
        guard let property = AnimatableProperty(rawValue: Int32(truncatingIfNeeded: d.property.rawValue)) else {
            throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "unknown property \(d.property.rawValue)")
        }
        let count = [2, 2, 5, 1][Int(property.rawValue)]
        let decay = try decayDefinition(d, count: count)
        let a = try engine { () throws(AnimaError) in try box.animator.startDecay(of: id, property: property, decay) }
        setCompletion(completion, userData, of: a, in: box)
        out?.pointee = a.identifier
    }
}

/// The engine's fling for a C decay def's first `count` components (its cookie checked by the caller).
func decayDefinition(_ d: anima_decay_def, count: Int) throws(Failure) -> DecayDefinition {
    func first(_ t: (Double, Double, Double, Double, Double)) -> [Double] { Array([t.0, t.1, t.2, t.3, t.4].prefix(count)) }
    var decay: DecayDefinition
    if d.time_constant != 0 {
        guard d.time_constant.isFinite && d.time_constant > 0 else {
            throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "time_constant must be finite and > 0, or 0 (got \(d.time_constant))")
        }
        decay = DecayDefinition(velocity: first(d.velocity))
        decay.decayRate = 1 / d.time_constant
    } else {
        let rate = try engine { () throws(AnimaError) in try DecayCurve.DecelerationRate(perMillisecond: d.deceleration_rate) }
        decay = DecayDefinition(velocity: first(d.velocity), rate: rate)
    }
    if d.snap_step != 0 { decay.snapStep = d.snap_step }
    if d.has_bounds {
        decay.lower = first(d.lower)
        decay.upper = first(d.upper)
    }
    decay.boundSpring = try engine { () throws(AnimaError) in
        try SpringParameters(mass: d.bound_spring_mass, stiffness: d.bound_spring_stiffness, damping: d.bound_spring_damping)
    }
    decay.restDistance = d.rest_distance
    return decay
}

@c @implementation
public func anima_animation_set_completion(_ animator: anima_animator, _ id: anima_animation, _ completion: anima_animation_completion_fn?, _ userData: UnsafeMutableRawPointer?) -> anima_status {
    run("anima_animation_set_completion") { () throws(Failure) in
        let box = try resolve(animator)
        guard let a = box.animator.animationAwaitingCompletion(withIdentifier: id) else {
            throw Failure(ANIMA_ERR_NOT_FOUND, "no animation with id \(id) is running or awaiting its completion")
        }
        guard let fn = completion else {
            a.completion = nil
            return
        }
        a.completion = { [unowned box, unowned a] finished in
            fn(userData, box.handle, id, finished, anima_position(rawValue: UInt32(a.position.rawValue)))
        }
    }
}
