import Anima
import CAnima

// Exports of composite and custom behaviors, pushes, snaps, boundary paths and item refresh.

@c @implementation
public func anima_behavior_create(_ animator: anima_animator, _ out: UnsafeMutablePointer<anima_behavior>?) -> anima_status {
    run("anima_behavior_create") { () throws(Failure) in
        let box = try resolve(animator)
        guard let out else { throw Failure.null("out_behavior") }
        let b = try engine { () throws(AnimaError) in try Behavior(owner: box.animator) }
        out.pointee = box.register(b)
    }
}

/// Resolves a parent and a child of the same animator.
private func family(_ parent: anima_behavior, _ child: anima_behavior) throws(Failure) -> (AnimatorBox, Behavior, Behavior) {
    let (box, p) = try resolve(parent)
    let (cbox, c) = try resolve(child)
    if cbox !== box { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "child belongs to another animator") }
    return (box, p, c)
}

@c @implementation
public func anima_behavior_add_child(_ parent: anima_behavior, _ child: anima_behavior) -> anima_status {
    run("anima_behavior_add_child") { () throws(Failure) in
        let (_, p, c) = try family(parent, child)
        try engine { () throws(AnimaError) in try p.addChild(c) }
    }
}

@c @implementation
public func anima_behavior_remove_child(_ parent: anima_behavior, _ child: anima_behavior) -> anima_status {
    run("anima_behavior_remove_child") { () throws(Failure) in
        let (_, p, c) = try family(parent, child)
        p.removeChild(c)
    }
}

@c @implementation
public func anima_behavior_get_children(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<anima_behavior>?, _ capacity: Int32, _ outCount: UnsafeMutablePointer<Int32>?) -> anima_status {
    run("anima_behavior_get_children") { () throws(Failure) in
        let (box, b) = try resolve(behavior)
        try copyOut(b.children, box.behaviorHandle, out, capacity, outCount, "out_children")
    }
}

@c @implementation
public func anima_behavior_get_parent(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<anima_behavior>?) -> anima_status {
    run("anima_behavior_get_parent") { () throws(Failure) in
        let (box, b) = try resolve(behavior)
        guard let out else { throw Failure.null("out_parent") }
        out.pointee = b.parent.map(box.behaviorHandle) ?? anima_behavior()
    }
}

@c @implementation
public func anima_behavior_set_action(_ behavior: anima_behavior, _ action: anima_behavior_action_fn?, _ userData: UnsafeMutableRawPointer?) -> anima_status {
    run("anima_behavior_set_action") { () throws(Failure) in
        let (box, b) = try resolve(behavior)
        b.action = action.map { fn in { [unowned box] me in fn(userData, box.behaviorHandle(me)) } }
    }
}

@c @implementation
public func anima_behavior_set_at_rest(_ behavior: anima_behavior, _ atRest: Bool) -> anima_status {
    run("anima_behavior_set_at_rest") { () throws(Failure) in
        try resolve(behavior).1.isAtRest = atRest
    }
}

@c @implementation
public func anima_behavior_get_at_rest(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Bool>?) -> anima_status {
    run("anima_behavior_get_at_rest") { () throws(Failure) in
        let (_, b) = try resolve(behavior)
        guard let out else { throw Failure.null("out_at_rest") }
        out.pointee = b.isAtRest
    }
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

@c @implementation
public func anima_collision_add_boundary_path(_ behavior: anima_behavior, _ identifier: UnsafePointer<CChar>?, _ elements: UnsafePointer<anima_path_element>?, _ count: Int32) -> anima_status {
    run("anima_collision_add_boundary_path") { () throws(Failure) in
        let (box, c) = try collision(behavior)
        let id = try cString(identifier, "identifier")
        guard let elements else { throw Failure.null("elements") }
        guard count >= 2 && count <= 100_000 else {
            throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "count must be 2...100000 (got \(count))")
        }
        var path: [PathElement] = []
        for i in 0..<Int(count) {
            let e = elements[i]
            let p = e.points
            let p0 = Vec2(p.0.x, p.0.y), p1 = Vec2(p.1.x, p.1.y), p2 = Vec2(p.2.x, p.2.y)
            switch e.verb {
            case ANIMA_PATH_MOVE: path.append(.move(p0))
            case ANIMA_PATH_LINE: path.append(.line(p0))
            case ANIMA_PATH_QUAD: path.append(.quad(control: p0, to: p1))
            case ANIMA_PATH_CUBIC: path.append(.cubic(control1: p0, control2: p1, to: p2))
            case ANIMA_PATH_CLOSE: path.append(.close)
            default: throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "elements[\(i)].verb is not an anima_path_verb (got \(e.verb.rawValue))")
            }
        }
        try engine { () throws(AnimaError) in try c.addBoundary(identifier: id, path: path) }
        box.releaseIdentifierStrings(c)
    }
}

// MARK: push

@c @implementation
public func anima_default_push_def() -> anima_push_def {
    anima_push_def(cookie: Cookie.push, mode: ANIMA_PUSH_CONTINUOUS, angle: 0, magnitude: 0, active: true)
}

@c @implementation
public func anima_push_create(_ animator: anima_animator, _ def: UnsafePointer<anima_push_def>?, _ items: UnsafePointer<anima_item>?, _ itemCount: Int32, _ out: UnsafeMutablePointer<anima_behavior>?) -> anima_status {
    run("anima_push_create") { () throws(Failure) in
        let box = try resolve(animator)
        guard let def else { throw Failure.null("def") }
        guard let out else { throw Failure.null("out_behavior") }
        let d = def.pointee
        try Cookie.check(d.cookie, Cookie.push, "push")
        guard let mode = PushMode(rawValue: Int32(bitPattern: d.mode.rawValue)) else {
            throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "mode must be ANIMA_PUSH_CONTINUOUS or ANIMA_PUSH_INSTANTANEOUS (got \(d.mode.rawValue))")
        }
        let ids = try resolveItems(box, items, itemCount)
        let p = try engine { () throws(AnimaError) in
            let p = try PushBehavior(owner: box.animator, items: ids, mode: mode)
            try p.setAngle(d.angle, magnitude: d.magnitude)
            p.setActive(d.active)
            return p
        }
        out.pointee = box.register(p)
    }
}

func push(_ h: anima_behavior) throws(Failure) -> (AnimatorBox, PushBehavior) {
    try resolve(h, as: PushBehavior.self, "push")
}

@c @implementation
public func anima_push_get_mode(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<anima_push_mode>?) -> anima_status {
    run("anima_push_get_mode") { () throws(Failure) in
        let (_, p) = try push(behavior)
        guard let out else { throw Failure.null("out_mode") }
        out.pointee = anima_push_mode(rawValue: UInt32(p.mode.rawValue))
    }
}

@c @implementation
public func anima_push_get_direction(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<anima_vec2>?) -> anima_status {
    run("anima_push_get_direction") { () throws(Failure) in
        let (_, p) = try push(behavior)
        guard let out else { throw Failure.null("out_direction") }
        out.pointee = anima_vec2(x: p.pushDirection.x, y: p.pushDirection.y)
    }
}

@c @implementation
public func anima_push_set_direction(_ behavior: anima_behavior, _ direction: anima_vec2) -> anima_status {
    run("anima_push_set_direction") { () throws(Failure) in
        let (_, p) = try push(behavior)
        let d = try finite(direction, "direction")
        try engine { () throws(AnimaError) in try p.setPushDirection(d) }
    }
}

@c @implementation
public func anima_push_get_angle(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    run("anima_push_get_angle") { () throws(Failure) in
        let (_, p) = try push(behavior)
        guard let out else { throw Failure.null("out_angle") }
        out.pointee = p.angle
    }
}

@c @implementation
public func anima_push_set_angle(_ behavior: anima_behavior, _ angle: Double) -> anima_status {
    run("anima_push_set_angle") { () throws(Failure) in
        let (_, p) = try push(behavior)
        try engine { () throws(AnimaError) in try p.setAngle(angle) }
    }
}

@c @implementation
public func anima_push_get_magnitude(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    run("anima_push_get_magnitude") { () throws(Failure) in
        let (_, p) = try push(behavior)
        guard let out else { throw Failure.null("out_magnitude") }
        out.pointee = p.magnitude
    }
}

@c @implementation
public func anima_push_set_magnitude(_ behavior: anima_behavior, _ magnitude: Double) -> anima_status {
    run("anima_push_set_magnitude") { () throws(Failure) in
        let (_, p) = try push(behavior)
        try engine { () throws(AnimaError) in try p.setMagnitude(magnitude) }
    }
}

@c @implementation
public func anima_push_set_angle_magnitude(_ behavior: anima_behavior, _ angle: Double, _ magnitude: Double) -> anima_status {
    run("anima_push_set_angle_magnitude") { () throws(Failure) in
        let (_, p) = try push(behavior)
        try engine { () throws(AnimaError) in try p.setAngle(angle, magnitude: magnitude) }
    }
}

@c @implementation
public func anima_push_get_active(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Bool>?) -> anima_status {
    run("anima_push_get_active") { () throws(Failure) in
        let (_, p) = try push(behavior)
        guard let out else { throw Failure.null("out_active") }
        out.pointee = p.active
    }
}

@c @implementation
public func anima_push_set_active(_ behavior: anima_behavior, _ active: Bool) -> anima_status {
    run("anima_push_set_active") { () throws(Failure) in
        try push(behavior).1.setActive(active)
    }
}

@c @implementation
public func anima_push_get_target_offset(_ behavior: anima_behavior, _ item: anima_item, _ out: UnsafeMutablePointer<anima_vec2>?) -> anima_status {
    run("anima_push_get_target_offset") { () throws(Failure) in
        let (box, p) = try push(behavior)
        let (ibox, id) = try resolve(item)
        if ibox !== box { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "item belongs to another animator") }
        guard let out else { throw Failure.null("out_offset") }
        guard p.contains(id) else { throw Failure(ANIMA_ERR_NOT_FOUND, "the item is not pushed by this behavior") }
        let o = p.targetOffset(for: id)
        out.pointee = anima_vec2(x: o.x, y: o.y)
    }
}

@c @implementation
public func anima_push_set_target_offset(_ behavior: anima_behavior, _ item: anima_item, _ offset: anima_vec2) -> anima_status {
    run("anima_push_set_target_offset") { () throws(Failure) in
        let (box, p) = try push(behavior)
        let (ibox, id) = try resolve(item)
        if ibox !== box { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "item belongs to another animator") }
        let o = try finite(offset, "offset")
        try engine { () throws(AnimaError) in try p.setTargetOffset(o, for: id) }
    }
}

// MARK: snap

@c @implementation
public func anima_snap_create(_ animator: anima_animator, _ item: anima_item, _ point: anima_vec2, _ out: UnsafeMutablePointer<anima_behavior>?) -> anima_status {
    run("anima_snap_create") { () throws(Failure) in
        let box = try resolve(animator)
        guard let out else { throw Failure.null("out_behavior") }
        let (ibox, id) = try resolve(item)
        if ibox !== box { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "item belongs to another animator") }
        let p = try finite(point, "point")
        let s = try engine { () throws(AnimaError) in try SnapBehavior(owner: box.animator, item: id, snapTo: p) }
        out.pointee = box.register(s)
    }
}

func snap(_ h: anima_behavior) throws(Failure) -> SnapBehavior {
    try resolve(h, as: SnapBehavior.self, "snap").1
}

@c @implementation
public func anima_snap_get_point(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<anima_vec2>?) -> anima_status {
    run("anima_snap_get_point") { () throws(Failure) in
        let s = try snap(behavior)
        guard let out else { throw Failure.null("out_point") }
        out.pointee = anima_vec2(x: s.snapPoint.x, y: s.snapPoint.y)
    }
}

@c @implementation
public func anima_snap_set_point(_ behavior: anima_behavior, _ point: anima_vec2) -> anima_status {
    run("anima_snap_set_point") { () throws(Failure) in
        let s = try snap(behavior)
        let p = try finite(point, "point")
        try engine { () throws(AnimaError) in try s.setSnapPoint(p) }
    }
}

@c @implementation
public func anima_snap_get_damping(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    run("anima_snap_get_damping") { () throws(Failure) in
        let s = try snap(behavior)
        guard let out else { throw Failure.null("out_damping") }
        out.pointee = s.damping
    }
}

@c @implementation
public func anima_snap_set_damping(_ behavior: anima_behavior, _ damping: Double) -> anima_status {
    run("anima_snap_set_damping") { () throws(Failure) in
        let s = try snap(behavior)
        try engine { () throws(AnimaError) in try s.setDamping(damping) }
    }
}
