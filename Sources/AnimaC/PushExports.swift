import Anima
import CAnima

// The push section of anima.h (UIPushBehavior).

@c @implementation
public func anima_default_push_def() -> anima_push_def {
    anima_push_def(cookie: Cookie.push, mode: ANIMA_PUSH_CONTINUOUS, angle: 0, magnitude: 0, active: true)
}

@c @implementation
public func anima_push_create(_ animator: anima_animator, _ def: UnsafePointer<anima_push_def>?, _ items: UnsafePointer<anima_item>?, _ itemCount: Int32, _ out: UnsafeMutablePointer<anima_behavior>?) -> anima_status {
    run("anima_push_create") { () throws(Failure) in
        let (box, def, out) = try creation(animator, def, out)
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
        out.pointee = try box.register(p)
    }
}

func pushInBox(_ h: anima_behavior) throws(Failure) -> (AnimatorBox, PushBehavior) {
    try resolve(h, as: PushBehavior.self, "push")
}

func push(_ h: anima_behavior) throws(Failure) -> PushBehavior { try pushInBox(h).1 }

@c @implementation
public func anima_push_get_mode(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<anima_push_mode>?) -> anima_status {
    readValue("anima_push_get_mode", push, behavior, out, "out_mode") { p in anima_push_mode(rawValue: UInt32(p.mode.rawValue)) }
}

@c @implementation
public func anima_push_get_direction(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<anima_vec2>?) -> anima_status {
    readValue("anima_push_get_direction", push, behavior, out, "out_direction") { p in anima_vec2(p.pushDirection) }
}

@c @implementation
public func anima_push_set_direction(_ behavior: anima_behavior, _ direction: anima_vec2) -> anima_status {
    writeValue("anima_push_set_direction", push, behavior, direction, "direction") { (p, d) throws(AnimaError) in try p.setPushDirection(d) }
}

@c @implementation
public func anima_push_get_angle(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    readValue("anima_push_get_angle", push, behavior, out, "out_angle") { p in p.angle }
}

@c @implementation
public func anima_push_set_angle(_ behavior: anima_behavior, _ angle: Double) -> anima_status {
    writeValue("anima_push_set_angle", push, behavior) { (p) throws(AnimaError) in try p.setAngle(angle) }
}

@c @implementation
public func anima_push_get_magnitude(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    readValue("anima_push_get_magnitude", push, behavior, out, "out_magnitude") { p in p.magnitude }
}

@c @implementation
public func anima_push_set_magnitude(_ behavior: anima_behavior, _ magnitude: Double) -> anima_status {
    writeValue("anima_push_set_magnitude", push, behavior) { (p) throws(AnimaError) in try p.setMagnitude(magnitude) }
}

@c @implementation
public func anima_push_set_angle_magnitude(_ behavior: anima_behavior, _ angle: Double, _ magnitude: Double) -> anima_status {
    writeValue("anima_push_set_angle_magnitude", push, behavior) { (p) throws(AnimaError) in try p.setAngle(angle, magnitude: magnitude) }
}

@c @implementation
public func anima_push_get_active(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Bool>?) -> anima_status {
    readValue("anima_push_get_active", push, behavior, out, "out_active") { p in p.active }
}

@c @implementation
public func anima_push_set_active(_ behavior: anima_behavior, _ active: Bool) -> anima_status {
    run("anima_push_set_active") { () throws(Failure) in
        try push(behavior).setActive(active)
    }
}

@c @implementation
public func anima_push_get_target_offset(_ behavior: anima_behavior, _ item: anima_item, _ out: UnsafeMutablePointer<anima_vec2>?) -> anima_status {
    run("anima_push_get_target_offset") { () throws(Failure) in
        let (box, p) = try pushInBox(behavior)
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
        let (box, p) = try pushInBox(behavior)
        let (ibox, id) = try resolve(item)
        if ibox !== box { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "item belongs to another animator") }
        let o = try finite(offset, "offset")
        try engine { () throws(AnimaError) in try p.setTargetOffset(o, for: id) }
    }
}
