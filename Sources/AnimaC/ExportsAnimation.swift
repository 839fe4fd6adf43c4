import Anima
import CAnima

// Exports of view animations (UIView.animate on the animator's clock).

extension Cookie {
    static let animation: UInt32 = 0x414E_0009
}

@c @implementation
public func anima_default_animation_def() -> anima_animation_def {
    anima_animation_def(cookie: Cookie.animation, duration: 0.25, delay: 0, curve: ANIMA_CURVE_EASE_IN_OUT,
                        bezier: (0.25, 0.1, 0.25, 1), spring_mass: 1, spring_stiffness: 100, spring_damping: 10,
                        spring_damping_ratio: 0.5, spring_velocity: 0, repeat_count: 1, autoreverses: false)
}

/// The engine's definition for a C def; every number is validated here or by the engine.
private func definition(_ d: anima_animation_def) throws(Failure) -> AnimationDefinition {
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
    default:
        throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "unknown curve \(d.curve.rawValue)")
    }
    return AnimationDefinition(duration: d.duration, delay: d.delay, timing: timing,
                               repeatCount: d.repeat_count, autoreverses: d.autoreverses)
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

@c @implementation
public func anima_animation_commit(_ animator: anima_animator, _ completion: anima_animation_completion_fn?, _ userData: UnsafeMutableRawPointer?, _ out: UnsafeMutablePointer<anima_animation>?) -> anima_status {
    run("anima_animation_commit") { () throws(Failure) in
        let box = try resolve(animator)
        var identifier: UInt64 = 0
        let done: ((Bool) -> Void)? = completion.map { fn in
            { [unowned box] finished in fn(userData, box.handle, identifier, finished) }
        }
        let a = try engine { () throws(AnimaError) in try box.animator.commitAnimations(completion: done) }
        identifier = a.identifier
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
