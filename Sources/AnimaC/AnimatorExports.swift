import Anima
import CAnima

// The animator section of anima.h: creating and destroying animators, the clock, the delegate and
// step callback, the behavior tree's top level, item lists and pose and state copies.

@c @implementation
public func anima_default_animator_def() -> anima_animator_def {
    anima_animator_def(cookie: Cookie.animator, has_reference_bounds: false,
                       reference_bounds: anima_rect(x: 0, y: 0, width: 0, height: 0),
                       step_rate: 120, substeps: 4, rest_speed: 2, rest_angular_speed: 0.035, rest_time: 0.25,
                       max_advance: 60, workers: 1)
}

@c @implementation
public func anima_animator_create(_ def: UnsafePointer<anima_animator_def>?, _ out: UnsafeMutablePointer<anima_animator>?) -> anima_status {
    run("anima_animator_create") { () throws(Failure) in
        guard let def else { throw Failure.null("def") }
        guard let out else { throw Failure.null("out_animator") }
        let d = def.pointee
        try Cookie.check(d.cookie, Cookie.animator, "animator")
        var config = AnimatorConfiguration(stepRate: d.step_rate, substeps: Int(d.substeps), restSpeed: d.rest_speed,
                                           restAngularSpeed: d.rest_angular_speed, restTime: d.rest_time,
                                           maximumAdvance: d.max_advance, workers: Int(d.workers))
        if d.has_reference_bounds {
            let r = d.reference_bounds
            config.referenceBounds = Rect(x: r.x, y: r.y, width: r.width, height: r.height)
        }
        let animator = try engine { () throws(AnimaError) in try Animator(configuration: config) }
        let box = try Registry.add(animator)
        installDelegate(box)
        out.pointee = box.handle
    }
}

func installDelegate(_ box: AnimatorBox) {
    box.animator.onWillResume = { [unowned box] _ in
        if let f = box.willResume { f(box.delegateUserData, box.handle) }
    }
    box.animator.onDidPause = { [unowned box] _ in
        if let f = box.didPause { f(box.delegateUserData, box.handle) }
    }
}

@c @implementation
public func anima_animator_set_step_callback(_ animator: anima_animator, _ callback: anima_animator_event_fn?, _ userData: UnsafeMutableRawPointer?) -> anima_status {
    run("anima_animator_set_step_callback") { () throws(Failure) in
        let box = try resolve(animator)
        if let callback {
            box.animator.onStep = { [unowned box] _ in callback(userData, box.handle) }
        } else {
            box.animator.onStep = nil
        }
    }
}

@c @implementation
public func anima_animator_destroy(_ animator: anima_animator) -> anima_status {
    run("anima_animator_destroy") { () throws(Failure) in
        let box = try resolve(animator)
        if box.animator.isInCallback {
            throw Failure(ANIMA_ERR_BUSY, "an animator cannot be destroyed from inside its own callback")
        }
        Registry.remove(box)
        box.animator.onWillResume = nil
        box.animator.onDidPause = nil
        box.animator.onStep = nil
        box.animator.removeAllBehaviors()
    }
}

@c @implementation
public func anima_animator_is_valid(_ animator: anima_animator) -> Bool {
    // the registry alone answers: callable from any thread, never busy
    animator.index1 != 0 && Registry.box(index1: animator.index1, generation: animator.generation) != nil
}

@c @implementation
public func anima_animator_set_reference_bounds(_ animator: anima_animator, _ bounds: UnsafePointer<anima_rect>?) -> anima_status {
    run("anima_animator_set_reference_bounds") { () throws(Failure) in
        let box = try resolve(animator)
        let rect = bounds.map { Rect(x: $0.pointee.x, y: $0.pointee.y, width: $0.pointee.width, height: $0.pointee.height) }
        try engine { () throws(AnimaError) in try box.animator.setReferenceBounds(rect) }
    }
}

@c @implementation
public func anima_animator_get_reference_bounds(_ animator: anima_animator, _ outBounds: UnsafeMutablePointer<anima_rect>?, _ outHas: UnsafeMutablePointer<Bool>?) -> anima_status {
    run("anima_animator_get_reference_bounds") { () throws(Failure) in
        let box = try resolve(animator)
        guard let outBounds else { throw Failure.null("out_bounds") }
        guard let outHas else { throw Failure.null("out_has") }
        if let r = box.animator.referenceBounds {
            outBounds.pointee = anima_rect(x: r.x, y: r.y, width: r.width, height: r.height)
            outHas.pointee = true
        } else {
            outBounds.pointee = anima_rect(x: 0, y: 0, width: 0, height: 0)
            outHas.pointee = false
        }
    }
}

@c @implementation
public func anima_animator_advance(_ animator: anima_animator, _ seconds: Double) -> anima_status {
    run("anima_animator_advance") { () throws(Failure) in
        let box = try resolve(animator)
        if box.animator.isInCallback { throw Failure(ANIMA_ERR_BUSY, "advance cannot be called from inside a callback") }
        box.invalidateEvents()
        try engine { () throws(AnimaError) in try box.animator.advance(seconds) }
    }
}

@c @implementation
public func anima_animator_step(_ animator: anima_animator) -> anima_status {
    run("anima_animator_step") { () throws(Failure) in
        let box = try resolve(animator)
        if box.animator.isInCallback { throw Failure(ANIMA_ERR_BUSY, "step cannot be called from inside a callback") }
        box.invalidateEvents()
        try engine { () throws(AnimaError) in try box.animator.step() }
    }
}

@c @implementation
public func anima_animator_interrupt(_ animator: anima_animator) -> anima_status {
    run("anima_animator_interrupt") { () throws(Failure) in
        try resolve(animator).animator.interrupt()
    }
}

@c @implementation
public func anima_animator_get_step_duration(_ animator: anima_animator, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    readValue("anima_animator_get_step_duration", resolve, animator, out, "out_seconds") { box in box.animator.stepDuration }
}

@c @implementation
public func anima_animator_is_running(_ animator: anima_animator, _ out: UnsafeMutablePointer<Bool>?) -> anima_status {
    readValue("anima_animator_is_running", resolve, animator, out, "out_running") { box in box.animator.isRunning }
}

@c @implementation
public func anima_animator_get_elapsed_time(_ animator: anima_animator, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    readValue("anima_animator_get_elapsed_time", resolve, animator, out, "out_seconds") { box in box.animator.elapsedTime }
}

@c @implementation
public func anima_animator_get_step_count(_ animator: anima_animator, _ out: UnsafeMutablePointer<UInt64>?) -> anima_status {
    readValue("anima_animator_get_step_count", resolve, animator, out, "out_steps") { box in box.animator.stepCount }
}

@c @implementation
public func anima_animator_set_memory_budget(_ animator: anima_animator, _ bytes: UInt64) -> anima_status {
    run("anima_animator_set_memory_budget") { () throws(Failure) in
        let box = try resolve(animator)
        guard bytes <= UInt64(Int64.max) else {
            throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "bytes must be at most INT64_MAX, or 0 for no budget (got \(bytes))")
        }
        try engine { () throws(AnimaError) in try box.animator.setMemoryBudget(bytes == 0 ? nil : Int(bytes)) }
    }
}

@c @implementation
public func anima_animator_get_memory_budget(_ animator: anima_animator, _ out: UnsafeMutablePointer<UInt64>?) -> anima_status {
    readValue("anima_animator_get_memory_budget", resolve, animator, out, "out_bytes") { box in UInt64(box.animator.memoryBudget ?? 0) }
}

@c @implementation
public func anima_animator_get_memory_held(_ animator: anima_animator, _ out: UnsafeMutablePointer<UInt64>?) -> anima_status {
    readValue("anima_animator_get_memory_held", resolve, animator, out, "out_bytes") { box in UInt64(box.animator.memoryHeld) }
}

@c @implementation
public func anima_testing_check_consistency(_ animator: anima_animator) -> anima_status {
    run("anima_testing_check_consistency") { () throws(Failure) in
        let box = try resolve(animator)
        try engine { () throws(AnimaError) in try box.animator.checkConsistency() }
    }
}

@c @implementation
public func anima_animator_get_workers(_ animator: anima_animator, _ out: UnsafeMutablePointer<Int32>?) -> anima_status {
    readValue("anima_animator_get_workers", resolve, animator, out, "out_workers") { box in Int32(box.animator.workers) }
}

@c @implementation
public func anima_animator_set_delegate(_ animator: anima_animator, _ willResume: anima_animator_event_fn?, _ didPause: anima_animator_event_fn?, _ userData: UnsafeMutableRawPointer?) -> anima_status {
    run("anima_animator_set_delegate") { () throws(Failure) in
        let box = try resolve(animator)
        box.willResume = willResume
        box.didPause = didPause
        box.delegateUserData = userData
        box.detachedDelegate = 0
    }
}

@c @implementation
public func anima_animator_add_behavior(_ animator: anima_animator, _ behavior: anima_behavior) -> anima_status {
    run("anima_animator_add_behavior") { () throws(Failure) in
        let box = try resolve(animator)
        let (bbox, b) = try resolve(behavior)
        if bbox !== box { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "behavior belongs to another animator") }
        try engine { () throws(AnimaError) in try box.animator.addBehavior(b) }
    }
}

@c @implementation
public func anima_animator_remove_behavior(_ animator: anima_animator, _ behavior: anima_behavior) -> anima_status {
    run("anima_animator_remove_behavior") { () throws(Failure) in
        let box = try resolve(animator)
        let (bbox, b) = try resolve(behavior)
        if bbox !== box { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "behavior belongs to another animator") }
        box.animator.removeBehavior(b)
    }
}

@c @implementation
public func anima_animator_remove_all_behaviors(_ animator: anima_animator) -> anima_status {
    run("anima_animator_remove_all_behaviors") { () throws(Failure) in
        try resolve(animator).animator.removeAllBehaviors()
    }
}

@c @implementation
public func anima_animator_get_behaviors(_ animator: anima_animator, _ out: UnsafeMutablePointer<anima_behavior>?, _ capacity: Int32, _ outCount: UnsafeMutablePointer<Int32>?) -> anima_status {
    run("anima_animator_get_behaviors") { () throws(Failure) in
        let box = try resolve(animator)
        try copyOut(box.animator.behaviors, box.behaviorHandle, out, capacity, outCount, "out_behaviors")
    }
}

@c @implementation
public func anima_animator_get_items(_ animator: anima_animator, _ out: UnsafeMutablePointer<anima_item>?, _ capacity: Int32, _ outCount: UnsafeMutablePointer<Int32>?) -> anima_status {
    run("anima_animator_get_items") { () throws(Failure) in
        let box = try resolve(animator)
        try copyOut(box.animator.items, box.itemHandle, out, capacity, outCount, "out_items")
    }
}

@c @implementation
public func anima_animator_items_in_rect(_ animator: anima_animator, _ rect: anima_rect, _ out: UnsafeMutablePointer<anima_item>?, _ capacity: Int32, _ outCount: UnsafeMutablePointer<Int32>?) -> anima_status {
    run("anima_animator_items_in_rect") { () throws(Failure) in
        let box = try resolve(animator)
        let r = Rect(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
        let found = try engine { () throws(AnimaError) in try box.animator.items(in: r) }
        try copyOut(found, box.itemHandle, out, capacity, outCount, "out_items")
    }
}

@c @implementation
public func anima_animator_copy_item_poses(_ animator: anima_animator, _ out: UnsafeMutablePointer<Double>?, _ capacity: Int32, _ outCount: UnsafeMutablePointer<Int32>?) -> anima_status {
    run("anima_animator_copy_item_poses") { () throws(Failure) in
        try copyItemRecords(animator, out, capacity, outCount, "out_xyr") { a, buffer, fits in
            a.copyPoses(into: buffer, capacity: fits)
        }
    }
}

@c @implementation
public func anima_animator_copy_item_states(_ animator: anima_animator, _ out: UnsafeMutablePointer<anima_item_state>?, _ capacity: Int32, _ outCount: UnsafeMutablePointer<Int32>?) -> anima_status {
    run("anima_animator_copy_item_states") { () throws(Failure) in
        // anima_item_state is 7 doubles, the record Animator.copyStates writes
        let doubles = UnsafeMutableRawPointer(out)?.assumingMemoryBound(to: Double.self)
        try copyItemRecords(animator, doubles, capacity, outCount, "out_states") { a, buffer, fits in
            a.copyStates(into: buffer, capacity: fits)
        }
    }
}

/// The counting rules of the bulk item copies: out_count is required, then the capacity check,
/// the count, BUFFER_TOO_SMALL when the records do not all fit, and only then the copy.
func copyItemRecords(_ animator: anima_animator, _ out: UnsafeMutablePointer<Double>?, _ capacity: Int32,
                             _ outCount: UnsafeMutablePointer<Int32>?, _ name: String,
                             _ copy: (Animator, UnsafeMutablePointer<Double>?, Int) -> Int) throws(Failure) {
    let box = try resolve(animator)
    guard let outCount else { throw Failure.null("out_count") }
    try capacityCheck(capacity, UnsafeMutableRawPointer(out), name)
    let n = box.animator.itemCount
    outCount.pointee = Int32(clamping: n)
    if n > Int(capacity) {
        throw Failure(ANIMA_ERR_BUFFER_TOO_SMALL, "\(name) holds \(capacity) items but \(n) are needed")
    }
    _ = copy(box.animator, out, Int(capacity))
}

@c @implementation
public func anima_animator_copy_display_poses(_ animator: anima_animator, _ out: UnsafeMutablePointer<Double>?, _ capacity: Int32, _ outCount: UnsafeMutablePointer<Int32>?) -> anima_status {
    run("anima_animator_copy_display_poses") { () throws(Failure) in
        try copyItemRecords(animator, out, capacity, outCount, "out_xyr") { a, buffer, fits in
            a.copyDisplayPoses(into: buffer, capacity: fits)
        }
    }
}

@c @implementation
public func anima_animator_get_display_fraction(_ animator: anima_animator, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    readValue("anima_animator_get_display_fraction", resolve, animator, out, "out_fraction") { box in box.animator.displayFraction }
}

@c @implementation
public func anima_animator_update_item_using_current_state(_ animator: anima_animator, _ item: anima_item) -> anima_status {
    run("anima_animator_update_item_using_current_state") { () throws(Failure) in
        let box = try resolve(animator)
        let (ibox, id) = try resolve(item)
        if ibox !== box { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "item belongs to another animator") }
        try engine { () throws(AnimaError) in try box.animator.updateItemUsingCurrentState(id) }
    }
}
