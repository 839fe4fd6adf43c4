import Anima
import CAnima

// The detents section of anima.h: resting places along one axis, detent drags and settles.

extension Cookie {
    static let detents: UInt32 = 0x414E_000D
}

/// The engine's detents for a C def.
private func detents(_ def: UnsafePointer<anima_detents_def>?) throws(Failure) -> Detents {
    guard let def else { throw Failure.null("def") }
    let d = def.pointee
    try Cookie.check(d.cookie, Cookie.detents, "detents")
    guard d.anchors_count >= 1 && d.anchors_count <= 1024 else {
        throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "anchors_count must be 1...1024 (got \(d.anchors_count))")
    }
    guard let anchors = d.anchors else { throw Failure.null("anchors") }
    let list = Array(UnsafeBufferPointer(start: anchors, count: Int(d.anchors_count)))
    var result = try engine { () throws(AnimaError) in try Detents(anchors: list) }
    result.velocityThreshold = d.velocity_threshold
    result.decelerationRate = d.deceleration_rate
    result.spring = try engine { () throws(AnimaError) in
        try SpringParameters(mass: d.spring_mass, stiffness: d.spring_stiffness, damping: d.spring_damping)
    }
    if d.rubber_band_dimension != 0 { result.rubberBandDimension = d.rubber_band_dimension }
    result.rubberBandConstant = d.rubber_band_constant
    let checked = result
    try engine { () throws(AnimaError) in try checked.validate() }
    return checked
}

@c @implementation
public func anima_default_detents_def() -> anima_detents_def {
    anima_detents_def(cookie: Cookie.detents, anchors: nil, anchors_count: 0, velocity_threshold: 300, deceleration_rate: 0.998,
                      spring_mass: 1, spring_stiffness: 1500, spring_damping: 2 * 1500.0.squareRoot(), rubber_band_dimension: 0,
                      rubber_band_constant: 0.55)
}

@c @implementation
public func anima_detents_target(_ def: UnsafePointer<anima_detents_def>?, _ position: Double, _ velocity: Double, _ outIndex: UnsafeMutablePointer<Int32>?, _ outAnchor: UnsafeMutablePointer<Double>?) -> anima_status {
    run("anima_detents_target") { () throws(Failure) in
        let d = try detents(def)
        let chosen = try engine { () throws(AnimaError) in try d.target(position: position, velocity: velocity) }
        outIndex?.pointee = Int32(chosen.index)
        outAnchor?.pointee = chosen.anchor
    }
}

private func begin(_ box: AnimatorBox, _ target: DetentTarget, _ def: UnsafePointer<anima_detents_def>?, _ coordinate: Double,
                   _ time: Double, _ out: UnsafeMutablePointer<anima_detent_drag>?) throws(Failure) {
    guard let out else { throw Failure.null("out_drag") }
    let d = try detents(def)
    let drag = try engine { () throws(AnimaError) in try box.animator.beginDetentDrag(target, detents: d, at: coordinate, time: time) }
    box.nextDetentDrag &+= 1
    box.detentDrags[box.nextDetentDrag] = drag
    out.pointee = box.nextDetentDrag
}

@c @implementation
public func anima_detent_drag_begin_value(_ value: anima_value, _ component: Int32, _ def: UnsafePointer<anima_detents_def>?, _ coordinate: Double, _ time: Double, _ out: UnsafeMutablePointer<anima_detent_drag>?) -> anima_status {
    run("anima_detent_drag_begin_value") { () throws(Failure) in
        let (box, id) = try resolve(value)
        try begin(box, .value(id, component: Int(component)), def, coordinate, time, out)
    }
}

@c @implementation
public func anima_detent_drag_begin_item(_ item: anima_item, _ axis: Int32, _ def: UnsafePointer<anima_detents_def>?, _ coordinate: Double, _ time: Double, _ out: UnsafeMutablePointer<anima_detent_drag>?) -> anima_status {
    run("anima_detent_drag_begin_item") { () throws(Failure) in
        let (box, id) = try resolve(item)
        try begin(box, .item(id, axis: Int(axis)), def, coordinate, time, out)
    }
}

private func activeDrag(_ box: AnimatorBox, _ id: anima_detent_drag) throws(Failure) -> DetentDrag {
    guard let drag = box.detentDrags[id], drag.isActive else {
        throw Failure(ANIMA_ERR_NOT_FOUND, "no detent drag has id \(id) (ended, or never begun)")
    }
    return drag
}

@c @implementation
public func anima_detent_drag_move(_ animator: anima_animator, _ id: anima_detent_drag, _ coordinate: Double, _ time: Double) -> anima_status {
    run("anima_detent_drag_move") { () throws(Failure) in
        let box = try resolve(animator)
        let drag = try activeDrag(box, id)
        try engine { () throws(AnimaError) in try box.animator.moveDetentDrag(drag, to: coordinate, time: time) }
    }
}

/// The settle's outputs and its completion.
private func report(_ box: AnimatorBox, _ result: (index: Int, anchor: Double, animation: ViewAnimation),
                    _ completion: anima_animation_completion_fn?, _ userData: UnsafeMutableRawPointer?,
                    _ outIndex: UnsafeMutablePointer<Int32>?, _ outAnchor: UnsafeMutablePointer<Double>?,
                    _ outAnimation: UnsafeMutablePointer<anima_animation>?) {
    setCompletion(completion, userData, of: result.animation, in: box)
    outIndex?.pointee = Int32(result.index)
    outAnchor?.pointee = result.anchor
    outAnimation?.pointee = result.animation.identifier
}

@c @implementation
public func anima_detent_drag_end(_ animator: anima_animator, _ id: anima_detent_drag, _ time: Double, _ completion: anima_animation_completion_fn?, _ userData: UnsafeMutableRawPointer?, _ outIndex: UnsafeMutablePointer<Int32>?, _ outAnchor: UnsafeMutablePointer<Double>?, _ outAnimation: UnsafeMutablePointer<anima_animation>?) -> anima_status {
    run("anima_detent_drag_end") { () throws(Failure) in
        let box = try resolve(animator)
        let drag = try activeDrag(box, id)
        guard time.isFinite else { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "time must be finite (got \(time))") }
        // the drag ends here whatever follows (a destroyed target gives INVALID_HANDLE)
        box.detentDrags[id] = nil
        let result = try engine { () throws(AnimaError) in try box.animator.endDetentDrag(drag, time: time) }
        report(box, result, completion, userData, outIndex, outAnchor, outAnimation)
    }
}

@c @implementation
public func anima_value_settle(_ value: anima_value, _ component: Int32, _ def: UnsafePointer<anima_detents_def>?, _ velocity: Double, _ completion: anima_animation_completion_fn?, _ userData: UnsafeMutableRawPointer?, _ outIndex: UnsafeMutablePointer<Int32>?, _ outAnchor: UnsafeMutablePointer<Double>?, _ outAnimation: UnsafeMutablePointer<anima_animation>?) -> anima_status {
    run("anima_value_settle") { () throws(Failure) in
        let (box, id) = try resolve(value)
        let d = try detents(def)
        let result = try engine { () throws(AnimaError) in
            try box.animator.settle(.value(id, component: Int(component)), onto: d, velocity: velocity)
        }
        report(box, result, completion, userData, outIndex, outAnchor, outAnimation)
    }
}

@c @implementation
public func anima_item_settle(_ item: anima_item, _ axis: Int32, _ def: UnsafePointer<anima_detents_def>?, _ velocity: Double, _ completion: anima_animation_completion_fn?, _ userData: UnsafeMutableRawPointer?, _ outIndex: UnsafeMutablePointer<Int32>?, _ outAnchor: UnsafeMutablePointer<Double>?, _ outAnimation: UnsafeMutablePointer<anima_animation>?) -> anima_status {
    run("anima_item_settle") { () throws(Failure) in
        let (box, id) = try resolve(item)
        let d = try detents(def)
        let result = try engine { () throws(AnimaError) in try box.animator.settle(.item(id, axis: Int(axis)), onto: d, velocity: velocity) }
        report(box, result, completion, userData, outIndex, outAnchor, outAnimation)
    }
}
