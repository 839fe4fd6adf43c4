import Anima
import CAnima

// The attachment section of anima.h (UIAttachmentBehavior): anchor, item-to-item and pin
// attachments, the fixed, limit and sliding kinds, and their parameters.

@c @implementation
public func anima_default_attachment_def() -> anima_attachment_def {
    anima_attachment_def(cookie: Cookie.attachment, has_length: false, length: 0, frequency: 0, damping: 0, friction_torque: 0)
}

/// Applies the optional parts of a def to a new attachment (validated by the engine).
private func configure(_ a: AttachmentBehavior, _ d: anima_attachment_def) throws(AnimaError) {
    if d.has_length && a.attachmentKind != .pin { try a.setLength(d.length) }
    if a.attachmentKind != .pin {
        try a.setFrequency(d.frequency)
        try a.setDamping(d.damping)
    }
    try a.setFrictionTorque(d.friction_torque)
}

private func checkedDef(_ def: UnsafePointer<anima_attachment_def>?) throws(Failure) -> anima_attachment_def {
    guard let def else { throw Failure.null("def") }
    try Cookie.check(def.pointee.cookie, Cookie.attachment, "attachment")
    return def.pointee
}

@c @implementation
public func anima_attachment_create_to_anchor(_ animator: anima_animator, _ def: UnsafePointer<anima_attachment_def>?, _ item: anima_item, _ offset: anima_vec2, _ anchor: anima_vec2, _ out: UnsafeMutablePointer<anima_behavior>?) -> anima_status {
    run("anima_attachment_create_to_anchor") { () throws(Failure) in
        let box = try resolve(animator)
        let d = try checkedDef(def)
        guard let out else { throw Failure.null("out_behavior") }
        let (ibox, id) = try resolve(item)
        if ibox !== box { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "item belongs to another animator") }
        let o = try finite(offset, "offset")
        let p = try finite(anchor, "anchor")
        let a = try engine { () throws(AnimaError) in
            let a = try AttachmentBehavior(owner: box.animator, item: id, offset: o, anchor: p)
            try configure(a, d)
            return a
        }
        out.pointee = try box.register(a)
    }
}

@c @implementation
public func anima_attachment_create_to_item(_ animator: anima_animator, _ def: UnsafePointer<anima_attachment_def>?, _ item: anima_item, _ offset: anima_vec2, _ other: anima_item, _ otherOffset: anima_vec2, _ out: UnsafeMutablePointer<anima_behavior>?) -> anima_status {
    run("anima_attachment_create_to_item") { () throws(Failure) in
        let box = try resolve(animator)
        let d = try checkedDef(def)
        guard let out else { throw Failure.null("out_behavior") }
        let (ibox, id) = try resolve(item)
        let (obox, oid) = try resolve(other)
        if ibox !== box || obox !== box { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "items must belong to this animator") }
        let o = try finite(offset, "offset")
        let oo = try finite(otherOffset, "other_offset")
        let a = try engine { () throws(AnimaError) in
            let a = try AttachmentBehavior(owner: box.animator, item: id, offset: o, to: oid, otherOffset: oo, kind: .items)
            try configure(a, d)
            return a
        }
        out.pointee = try box.register(a)
    }
}

@c @implementation
public func anima_attachment_create_pin(_ animator: anima_animator, _ def: UnsafePointer<anima_attachment_def>?, _ item: anima_item, _ other: anima_item, _ anchor: anima_vec2, _ out: UnsafeMutablePointer<anima_behavior>?) -> anima_status {
    run("anima_attachment_create_pin") { () throws(Failure) in
        let box = try resolve(animator)
        let d = try checkedDef(def)
        guard let out else { throw Failure.null("out_behavior") }
        let (ibox, id) = try resolve(item)
        let (obox, oid) = try resolve(other)
        if ibox !== box || obox !== box { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "items must belong to this animator") }
        let p = try finite(anchor, "anchor")
        let a = try engine { () throws(AnimaError) in
            let a = try AttachmentBehavior(owner: box.animator, item: id, to: oid, kind: .pin, anchor: p)
            try configure(a, d)
            return a
        }
        out.pointee = try box.register(a)
    }
}

@c @implementation
public func anima_attachment_get_offsets(_ behavior: anima_behavior, _ outOffset: UnsafeMutablePointer<anima_vec2>?, _ outOther: UnsafeMutablePointer<anima_vec2>?) -> anima_status {
    run("anima_attachment_get_offsets") { () throws(Failure) in
        let a = try attachment(behavior)
        guard let outOffset else { throw Failure.null("out_offset") }
        guard let outOther else { throw Failure.null("out_other_offset") }
        outOffset.pointee = anima_vec2(x: a.offset.x, y: a.offset.y)
        outOther.pointee = anima_vec2(x: a.otherOffset.x, y: a.otherOffset.y)
    }
}

func attachment(_ h: anima_behavior) throws(Failure) -> AttachmentBehavior {
    try resolveBehavior(h, as: AttachmentBehavior.self, "attachment")
}

@c @implementation
public func anima_attachment_get_type(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<anima_attachment_type>?) -> anima_status {
    readValue("anima_attachment_get_type", attachment, behavior, out, "out_type") { a in anima_attachment_type(rawValue: UInt32(a.attachmentKind.rawValue)) }
}

@c @implementation
public func anima_attachment_get_anchor_point(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<anima_vec2>?) -> anima_status {
    readValue("anima_attachment_get_anchor_point", attachment, behavior, out, "out_point") { a in anima_vec2(a.anchorPoint) }
}

@c @implementation
public func anima_attachment_set_anchor_point(_ behavior: anima_behavior, _ point: anima_vec2) -> anima_status {
    run("anima_attachment_set_anchor_point") { () throws(Failure) in
        // set for every row of a scrolled list each frame: the behavior is not counted
        try withBehavior(behavior, as: AttachmentBehavior.self, "attachment") { (a) throws(Failure) in
            let p = try finite(point, "point")
            try engine { () throws(AnimaError) in try a.setAnchorPoint(p) }
        }
    }
}

@c @implementation
public func anima_attachment_get_length(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    readValue("anima_attachment_get_length", attachment, behavior, out, "out_length") { $0.length }
}

@c @implementation
public func anima_attachment_set_length(_ behavior: anima_behavior, _ length: Double) -> anima_status {
    writeValue("anima_attachment_set_length", attachment, behavior) { (a) throws(AnimaError) in try a.setLength(length) }
}

@c @implementation
public func anima_attachment_get_frequency(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    readValue("anima_attachment_get_frequency", attachment, behavior, out, "out_hertz") { $0.frequency }
}

@c @implementation
public func anima_attachment_set_frequency(_ behavior: anima_behavior, _ hertz: Double) -> anima_status {
    writeValue("anima_attachment_set_frequency", attachment, behavior) { (a) throws(AnimaError) in try a.setFrequency(hertz) }
}

@c @implementation
public func anima_attachment_get_damping(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    readValue("anima_attachment_get_damping", attachment, behavior, out, "out_ratio") { $0.damping }
}

@c @implementation
public func anima_attachment_set_damping(_ behavior: anima_behavior, _ ratio: Double) -> anima_status {
    writeValue("anima_attachment_set_damping", attachment, behavior) { (a) throws(AnimaError) in try a.setDamping(ratio) }
}

@c @implementation
public func anima_attachment_get_friction_torque(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    readValue("anima_attachment_get_friction_torque", attachment, behavior, out, "out_torque") { $0.frictionTorque }
}

@c @implementation
public func anima_attachment_set_friction_torque(_ behavior: anima_behavior, _ torque: Double) -> anima_status {
    writeValue("anima_attachment_set_friction_torque", attachment, behavior) { (a) throws(AnimaError) in try a.setFrictionTorque(torque) }
}

private func pair(_ box: AnimatorBox, _ a: anima_item, _ b: anima_item) throws(Failure) -> (ItemID, ItemID) {
    let (abox, ia) = try resolve(a)
    let (bbox, ib) = try resolve(b)
    if abox !== box || bbox !== box { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "items must belong to this animator") }
    return (ia, ib)
}

@c @implementation
public func anima_attachment_create_fixed(_ animator: anima_animator, _ item: anima_item, _ other: anima_item, _ anchor: anima_vec2, _ out: UnsafeMutablePointer<anima_behavior>?) -> anima_status {
    run("anima_attachment_create_fixed") { () throws(Failure) in
        let box = try resolve(animator)
        guard let out else { throw Failure.null("out_behavior") }
        let (a, b) = try pair(box, item, other)
        let p = try finite(anchor, "anchor")
        let att = try engine { () throws(AnimaError) in try AttachmentBehavior(owner: box.animator, item: a, to: b, kind: .fixed, anchor: p) }
        out.pointee = try box.register(att)
    }
}

@c @implementation
public func anima_attachment_create_limit(_ animator: anima_animator, _ item: anima_item, _ offset: anima_vec2, _ other: anima_item, _ otherOffset: anima_vec2, _ out: UnsafeMutablePointer<anima_behavior>?) -> anima_status {
    run("anima_attachment_create_limit") { () throws(Failure) in
        let box = try resolve(animator)
        guard let out else { throw Failure.null("out_behavior") }
        let (a, b) = try pair(box, item, other)
        let o = try finite(offset, "offset"), oo = try finite(otherOffset, "other_offset")
        let att = try engine { () throws(AnimaError) in
            try AttachmentBehavior(owner: box.animator, item: a, offset: o, to: b, otherOffset: oo, kind: .limit)
        }
        out.pointee = try box.register(att)
    }
}

@c @implementation
public func anima_attachment_create_sliding(_ animator: anima_animator, _ item: anima_item, _ other: anima_item, _ anchor: anima_vec2, _ axis: anima_vec2, _ out: UnsafeMutablePointer<anima_behavior>?) -> anima_status {
    run("anima_attachment_create_sliding") { () throws(Failure) in
        let box = try resolve(animator)
        guard let out else { throw Failure.null("out_behavior") }
        let (ibox, a) = try resolve(item)
        if ibox !== box { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "item belongs to another animator") }
        var b: ItemID? = nil
        if other.index1 != 0 {
            let (obox, id) = try resolve(other)
            if obox !== box { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "other belongs to another animator") }
            b = id
        }
        let p = try finite(anchor, "anchor"), ax = try finite(axis, "axis")
        let att = try engine { () throws(AnimaError) in
            try AttachmentBehavior(owner: box.animator, slidingItem: a, to: b, anchor: p, axis: ax)
        }
        out.pointee = try box.register(att)
    }
}

@c @implementation
public func anima_attachment_set_range(_ behavior: anima_behavior, _ lower: Double, _ upper: Double) -> anima_status {
    run("anima_attachment_set_range") { () throws(Failure) in
        let a = try attachment(behavior)
        guard !lower.isNaN && !upper.isNaN && lower <= 0 && upper >= 0 else {
            throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "the range must contain 0 (got \(lower)...\(upper))")
        }
        try engine { () throws(AnimaError) in try a.setAttachmentRange(lower...upper) }
    }
}

@c @implementation
public func anima_attachment_get_range(_ behavior: anima_behavior, _ outLower: UnsafeMutablePointer<Double>?, _ outUpper: UnsafeMutablePointer<Double>?) -> anima_status {
    run("anima_attachment_get_range") { () throws(Failure) in
        let a = try attachment(behavior)
        guard let outLower else { throw Failure.null("out_lower") }
        guard let outUpper else { throw Failure.null("out_upper") }
        outLower.pointee = a.attachmentRange.lowerBound
        outUpper.pointee = a.attachmentRange.upperBound
    }
}

@c @implementation
public func anima_attachment_get_max_force(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    readValue("anima_attachment_get_max_force", attachment, behavior, out, "out_force") { a in a.maxForce }
}

@c @implementation
public func anima_attachment_set_max_force(_ behavior: anima_behavior, _ force: Double) -> anima_status {
    writeValue("anima_attachment_set_max_force", attachment, behavior) { (a) throws(AnimaError) in try a.setMaxForce(force) }
}

// MARK: minimum length, motors and joint springs (Box2D's distance, revolute and prismatic joints)

@c @implementation
public func anima_attachment_set_minimum_length(_ behavior: anima_behavior, _ length: Double) -> anima_status {
    writeValue("anima_attachment_set_minimum_length", attachment, behavior) { (a) throws(AnimaError) in try a.setMinimumLength(length) }
}

@c @implementation
public func anima_attachment_get_minimum_length(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    readValue("anima_attachment_get_minimum_length", attachment, behavior, out, "out_length") { $0.minimumLength }
}

@c @implementation
public func anima_attachment_set_motor_speed(_ behavior: anima_behavior, _ speed: Double) -> anima_status {
    writeValue("anima_attachment_set_motor_speed", attachment, behavior) { (a) throws(AnimaError) in try a.setMotorSpeed(speed) }
}

@c @implementation
public func anima_attachment_get_motor_speed(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    readValue("anima_attachment_get_motor_speed", attachment, behavior, out, "out_speed") { $0.motorSpeed }
}

@c @implementation
public func anima_attachment_set_max_motor_force(_ behavior: anima_behavior, _ force: Double) -> anima_status {
    writeValue("anima_attachment_set_max_motor_force", attachment, behavior) { (a) throws(AnimaError) in try a.setMaxMotorForce(force) }
}

@c @implementation
public func anima_attachment_get_max_motor_force(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    readValue("anima_attachment_get_max_motor_force", attachment, behavior, out, "out_force") { $0.maxMotorForce }
}

@c @implementation
public func anima_attachment_get_motor_force(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    readValue("anima_attachment_get_motor_force", attachment, behavior, out, "out_force") { $0.motorForce }
}

@c @implementation
public func anima_attachment_set_joint_spring_frequency(_ behavior: anima_behavior, _ hertz: Double) -> anima_status {
    writeValue("anima_attachment_set_joint_spring_frequency", attachment, behavior) { (a) throws(AnimaError) in
        try a.setJointSpringFrequency(hertz)
    }
}

@c @implementation
public func anima_attachment_get_joint_spring_frequency(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    readValue("anima_attachment_get_joint_spring_frequency", attachment, behavior, out, "out_hertz") { $0.jointSpringFrequency }
}

@c @implementation
public func anima_attachment_set_joint_spring_damping(_ behavior: anima_behavior, _ ratio: Double) -> anima_status {
    writeValue("anima_attachment_set_joint_spring_damping", attachment, behavior) { (a) throws(AnimaError) in
        try a.setJointSpringDamping(ratio)
    }
}

@c @implementation
public func anima_attachment_get_joint_spring_damping(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    readValue("anima_attachment_get_joint_spring_damping", attachment, behavior, out, "out_ratio") { $0.jointSpringDamping }
}

@c @implementation
public func anima_attachment_set_joint_spring_rest(_ behavior: anima_behavior, _ rest: Double) -> anima_status {
    writeValue("anima_attachment_set_joint_spring_rest", attachment, behavior) { (a) throws(AnimaError) in try a.setJointSpringRest(rest) }
}

@c @implementation
public func anima_attachment_get_joint_spring_rest(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    readValue("anima_attachment_get_joint_spring_rest", attachment, behavior, out, "out_rest") { $0.jointSpringRest }
}
