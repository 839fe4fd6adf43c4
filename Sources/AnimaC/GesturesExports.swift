import Anima
import CAnima

// The gestures section of anima.h: velocity tracker, momentum, rubber band, the item at a point
// and drags.

extension Cookie {
    static let velocityTracker: UInt32 = 0x414E_000B
    static let drag: UInt32 = 0x414E_000C
}

/// The C tracker's samples as the engine's tracker, checked (a caller may have written into it).
private func tracker(_ t: UnsafePointer<anima_velocity_tracker>?, _ name: String) throws(Failure) -> VelocityTracker {
    guard let t else { throw Failure.null(name) }
    if t.pointee.cookie != Cookie.velocityTracker {
        throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "\(name) was not made by anima_default_velocity_tracker() (bad cookie)")
    }
    let count = Int(t.pointee.count)
    guard count >= 0 && count <= Int(ANIMA_VELOCITY_TRACKER_CAPACITY) else {
        throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "\(name) is corrupt: count \(count) is outside 0...\(ANIMA_VELOCITY_TRACKER_CAPACITY)")
    }
    var samples: [(time: Double, point: Vec2)] = []
    samples.reserveCapacity(count)
    withUnsafeBytes(of: t.pointee.samples) { raw in
        let all = raw.bindMemory(to: anima_pointer_sample.self)
        for k in 0..<count { samples.append((all[k].time, Vec2(all[k].x, all[k].y))) }
    }
    do { return try VelocityTracker(samples: samples) } catch {
        throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "\(name) is corrupt: \(error.message)")
    }
}

@c @implementation
public func anima_default_velocity_tracker() -> anima_velocity_tracker {
    var t = anima_velocity_tracker()
    t.cookie = Cookie.velocityTracker
    return t
}

@c @implementation
public func anima_velocity_tracker_add(_ t: UnsafeMutablePointer<anima_velocity_tracker>?, _ time: Double, _ point: anima_vec2) -> anima_status {
    run("anima_velocity_tracker_add") { () throws(Failure) in
        var engineTracker = try tracker(UnsafePointer(t), "tracker")
        try engine { () throws(AnimaError) in try engineTracker.add(time: time, point: Vec2(point.x, point.y)) }
        guard let t else { return }
        let samples = engineTracker.samples
        t.pointee.count = Int32(samples.count)
        withUnsafeMutableBytes(of: &t.pointee.samples) { raw in
            let all = raw.bindMemory(to: anima_pointer_sample.self)
            for k in 0..<all.count {
                all[k] = k < samples.count ? anima_pointer_sample(time: samples[k].time, x: samples[k].point.x, y: samples[k].point.y)
                                           : anima_pointer_sample()
            }
        }
    }
}

@c @implementation
public func anima_velocity_tracker_get_velocity(_ t: UnsafePointer<anima_velocity_tracker>?, _ time: Double, _ out: UnsafeMutablePointer<anima_vec2>?) -> anima_status {
    run("anima_velocity_tracker_get_velocity") { () throws(Failure) in
        let engineTracker = try tracker(t, "tracker")
        try finite(time, "time")
        guard let out else { throw Failure.null("out_velocity") }
        let v = engineTracker.velocity(at: time)
        out.pointee = anima_vec2(x: v.x, y: v.y)
    }
}

@c @implementation
public func anima_project_momentum(_ position: anima_vec2, _ velocity: anima_vec2, _ rate: Double, _ out: UnsafeMutablePointer<anima_vec2>?) -> anima_status {
    run("anima_project_momentum") { () throws(Failure) in
        guard let out else { throw Failure.null("out_position") }
        let p = try engine { () throws(AnimaError) in
            try Momentum.project(position: Vec2(position.x, position.y), velocity: Vec2(velocity.x, velocity.y), rate: rate)
        }
        out.pointee = anima_vec2(x: p.x, y: p.y)
    }
}

@c @implementation
public func anima_rubber_band(_ offset: Double, _ dimension: Double, _ c: Double, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    run("anima_rubber_band") { () throws(Failure) in
        guard let out else { throw Failure.null("out_offset") }
        out.pointee = try engine { () throws(AnimaError) in try Momentum.rubberBand(offset: offset, dimension: dimension, constant: c) }
    }
}

@c @implementation
public func anima_rubber_band_clamp(_ value: Double, _ lower: Double, _ upper: Double, _ dimension: Double, _ c: Double, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    run("anima_rubber_band_clamp") { () throws(Failure) in
        guard let out else { throw Failure.null("out_value") }
        out.pointee = try engine { () throws(AnimaError) in
            try Momentum.rubberBand(value, lower: lower, upper: upper, dimension: dimension, constant: c)
        }
    }
}

@c @implementation
public func anima_animator_item_at_point(_ animator: anima_animator, _ point: anima_vec2, _ outItem: UnsafeMutablePointer<anima_item>?, _ outFound: UnsafeMutablePointer<Bool>?) -> anima_status {
    run("anima_animator_item_at_point") { () throws(Failure) in
        let box = try resolve(animator)
        guard let outItem else { throw Failure.null("out_item") }
        guard let outFound else { throw Failure.null("out_found") }
        let p = try finite(point, "point")
        let found = try engine { () throws(AnimaError) in try box.animator.item(at: p) }
        outItem.pointee = found.map { box.itemHandle($0) } ?? anima_item()
        outFound.pointee = found != nil
    }
}

@c @implementation
public func anima_default_drag_def() -> anima_drag_def {
    anima_drag_def(cookie: Cookie.drag, frequency: 0, damping: 1, max_acceleration: 300_000)
}

@c @implementation
public func anima_drag_begin(_ animator: anima_animator, _ def: UnsafePointer<anima_drag_def>?, _ item: anima_item, _ point: anima_vec2, _ time: Double, _ out: UnsafeMutablePointer<anima_behavior>?) -> anima_status {
    run("anima_drag_begin") { () throws(Failure) in
        let box = try resolve(animator)
        guard let def else { throw Failure.null("def") }
        try Cookie.check(def.pointee.cookie, Cookie.drag, "drag")
        guard let out else { throw Failure.null("out_drag") }
        let (ibox, id) = try resolve(item)
        if ibox !== box { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "item belongs to another animator") }
        let p = try finite(point, "point")
        try finite(time, "time")
        let d = def.pointee
        // the drag's handle needs its room before the drag begins (a drag without a handle could not be ended)
        try box.reserveBehaviorHandle()
        let drag = try engine { () throws(AnimaError) in
            try box.animator.beginDrag(id, at: p, time: time,
                                       definition: DragDefinition(frequency: d.frequency, damping: d.damping,
                                                                  maxAcceleration: d.max_acceleration))
        }
        out.pointee = try box.register(drag.attachment)
    }
}

/// The drag whose attachment a handle is, if it is still active.
private func activeDrag(_ h: anima_behavior) throws(Failure) -> (AnimatorBox, Drag) {
    let (box, attachment) = try resolve(h, as: AttachmentBehavior.self, "drag")
    guard let drag = box.animator.drag(of: attachment) else {
        throw Failure(ANIMA_ERR_INVALID_STATE, "the attachment is not an active drag's (the drag has ended, or it was made otherwise)")
    }
    return (box, drag)
}

@c @implementation
public func anima_drag_move(_ drag: anima_behavior, _ point: anima_vec2, _ time: Double) -> anima_status {
    run("anima_drag_move") { () throws(Failure) in
        let (box, d) = try activeDrag(drag)
        let p = try finite(point, "point")
        try finite(time, "time")
        try engine { () throws(AnimaError) in try box.animator.moveDrag(d, to: p, time: time) }
    }
}

@c @implementation
public func anima_drag_end(_ drag: anima_behavior, _ time: Double, _ outVelocity: UnsafeMutablePointer<anima_vec2>?) -> anima_status {
    run("anima_drag_end") { () throws(Failure) in
        let (box, d) = try activeDrag(drag)
        try finite(time, "time")
        let v = try engine { () throws(AnimaError) in try box.animator.endDrag(d, time: time) }
        box.unregister(d.attachment)
        outVelocity?.pointee = anima_vec2(x: v.x, y: v.y)
    }
}

@c @implementation
public func anima_drag_is_active(_ drag: anima_behavior) -> Bool {
    answer("anima_drag_is_active") { () throws(Failure) in _ = try activeDrag(drag) }
}
