import Anima
import CAnima

// The property-animator part of the view animations section of anima.h beyond pause, scrub,
// reverse, continue and stop: recording options, more completions, added animations, speed, the
// state of a running animation, and the animator's reduced motion and time scale.

extension Cookie {
    static let animationOptions: UInt32 = 0x414E_000C
}

@c @implementation
public func anima_default_animation_options() -> anima_animation_options {
    anima_animation_options(cookie: Cookie.animationOptions, rest_threshold: 0, clamps_spring: false, scrubs_linearly: true,
                            pauses_on_completion: false)
}

@c @implementation
public func anima_animation_set_options(_ animator: anima_animator, _ options: UnsafePointer<anima_animation_options>?) -> anima_status {
    run("anima_animation_set_options") { () throws(Failure) in
        let box = try resolve(animator)
        guard let options else { throw Failure.null("options") }
        let o = options.pointee
        try Cookie.check(o.cookie, Cookie.animationOptions, "animation_options")
        guard o.rest_threshold.isFinite && o.rest_threshold >= 0 else {
            throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "rest_threshold must be finite and >= 0 (got \(o.rest_threshold))")
        }
        try engine { () throws(AnimaError) in
            try box.animator.setRecordingOptions(restThreshold: o.rest_threshold == 0 ? nil : o.rest_threshold,
                                                 clampsSpring: o.clamps_spring, scrubsLinearly: o.scrubs_linearly,
                                                 pausesOnCompletion: o.pauses_on_completion)
        }
    }
}

@c @implementation
public func anima_animation_add_completion(_ animator: anima_animator, _ id: anima_animation, _ completion: anima_animation_completion_fn?, _ userData: UnsafeMutableRawPointer?) -> anima_status {
    run("anima_animation_add_completion") { () throws(Failure) in
        let box = try resolve(animator)
        guard let fn = completion else { throw Failure.null("completion") }
        guard let a = box.animator.animationAwaitingCompletion(withIdentifier: id) else {
            throw Failure(ANIMA_ERR_NOT_FOUND, "no animation with id \(id) is running or awaiting its completion")
        }
        try addCompletion(fn, userData, to: a, in: box)
    }
}

@c @implementation
public func anima_animation_begin_adding(_ animator: anima_animator, _ id: anima_animation, _ delayFactor: Double) -> anima_status {
    run("anima_animation_begin_adding") { () throws(Failure) in
        let (box, a) = try running(animator, id)
        try engine { () throws(AnimaError) in try box.animator.beginAddingAnimations(to: a, delayFactor: delayFactor) }
    }
}

@c @implementation
public func anima_animation_set_speed(_ animator: anima_animator, _ id: anima_animation, _ speed: Double) -> anima_status {
    run("anima_animation_set_speed") { () throws(Failure) in
        let (box, a) = try running(animator, id)
        try engine { () throws(AnimaError) in try box.animator.setSpeed(speed, of: a) }
    }
}

@c @implementation
public func anima_animation_get_speed(_ animator: anima_animator, _ id: anima_animation, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    run("anima_animation_get_speed") { () throws(Failure) in
        let (_, a) = try running(animator, id)
        guard let out else { throw Failure.null("out_speed") }
        out.pointee = a.speed
    }
}

/// Writes up to `room` components of a state into the optional outputs.
private func write(_ state: (value: [Double], velocity: [Double]), room: Int, _ outValue: UnsafeMutablePointer<Double>?,
                   _ outVelocity: UnsafeMutablePointer<Double>?, _ outCount: UnsafeMutablePointer<Int32>?) {
    for i in 0..<min(state.value.count, room) {
        outValue?[i] = state.value[i]
        outVelocity?[i] = i < state.velocity.count ? state.velocity[i] : 0
    }
    outCount?.pointee = Int32(state.value.count)
}

private func property(_ p: anima_property) throws(Failure) -> AnimatableProperty {
    guard let property = AnimatableProperty(rawValue: Int32(truncatingIfNeeded: p.rawValue)) else {
        throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "unknown property \(p.rawValue)")
    }
    return property
}

@c @implementation
public func anima_animation_get_property_state(_ animator: anima_animator, _ id: anima_animation, _ item: anima_item, _ prop: anima_property, _ outValue: UnsafeMutablePointer<Double>?, _ outVelocity: UnsafeMutablePointer<Double>?, _ outCount: UnsafeMutablePointer<Int32>?) -> anima_status {
    run("anima_animation_get_property_state") { () throws(Failure) in
        let (box, a) = try running(animator, id)
        let (itemBox, itemID) = try resolve(item)
        guard itemBox === box else { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "the item belongs to another animator") }
        let p = try property(prop)
        let state = try engine { () throws(AnimaError) in try box.animator.animatedState(of: a, item: itemID, property: p) }
        write(state, room: 5, outValue, outVelocity, outCount)
    }
}

@c @implementation
public func anima_animation_get_value_state(_ animator: anima_animator, _ id: anima_animation, _ value: anima_value, _ outValue: UnsafeMutablePointer<Double>?, _ outVelocity: UnsafeMutablePointer<Double>?, _ outCount: UnsafeMutablePointer<Int32>?) -> anima_status {
    run("anima_animation_get_value_state") { () throws(Failure) in
        let (box, a) = try running(animator, id)
        let (valueBox, valueID) = try resolve(value)
        guard valueBox === box else { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "the value belongs to another animator") }
        let state = try engine { () throws(AnimaError) in try box.animator.animatedState(of: a, value: valueID) }
        write(state, room: 4, outValue, outVelocity, outCount)
    }
}

@c @implementation
public func anima_item_get_animated_velocity(_ item: anima_item, _ prop: anima_property, _ out: UnsafeMutablePointer<Double>?, _ outCount: UnsafeMutablePointer<Int32>?) -> anima_status {
    run("anima_item_get_animated_velocity") { () throws(Failure) in
        let (box, id) = try resolve(item)
        guard let out else { throw Failure.null("out_velocity") }
        let p = try property(prop)
        let v = try engine { () throws(AnimaError) in try box.animator.animatedVelocity(of: id, property: p) }
        for i in 0..<min(v.count, 5) { out[i] = v[i] }
        outCount?.pointee = Int32(v.count)
    }
}

@c @implementation
public func anima_animator_set_reduces_motion(_ animator: anima_animator, _ reducesMotion: Bool) -> anima_status {
    run("anima_animator_set_reduces_motion") { () throws(Failure) in
        let box = try resolve(animator)
        box.animator.reducesMotion = reducesMotion
    }
}

@c @implementation
public func anima_animator_get_reduces_motion(_ animator: anima_animator, _ out: UnsafeMutablePointer<Bool>?) -> anima_status {
    readValue("anima_animator_get_reduces_motion", resolve, animator, out, "out_reduces_motion") { $0.animator.reducesMotion }
}

@c @implementation
public func anima_animator_set_time_scale(_ animator: anima_animator, _ scale: Double) -> anima_status {
    writeValue("anima_animator_set_time_scale", resolve, animator) { box throws(AnimaError) in try box.animator.setTimeScale(scale) }
}

@c @implementation
public func anima_animator_get_time_scale(_ animator: anima_animator, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    readValue("anima_animator_get_time_scale", resolve, animator, out, "out_scale") { $0.animator.timeScale }
}
