import Anima
import CAnima

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// The item behavior section of anima.h (UIDynamicItemBehavior): item properties, anchoring and
// velocities given through the behavior.

@c @implementation
public func anima_default_item_behavior_def() -> anima_item_behavior_def {
    anima_item_behavior_def(cookie: Cookie.itemBehavior, elasticity: 0, friction: 0, density: 1, resistance: 0,
                            angular_resistance: 0, charge: 0, allows_rotation: true, anchored: false)
}

func properties(_ d: anima_item_behavior_def) -> ItemProperties {
    ItemProperties(elasticity: d.elasticity, friction: d.friction, density: d.density, resistance: d.resistance,
                   angularResistance: d.angular_resistance, charge: d.charge, allowsRotation: d.allows_rotation,
                   anchored: d.anchored)
}

@c @implementation
public func anima_item_behavior_create(_ animator: anima_animator, _ def: UnsafePointer<anima_item_behavior_def>?, _ items: UnsafePointer<anima_item>?, _ itemCount: Int32, _ out: UnsafeMutablePointer<anima_behavior>?) -> anima_status {
    run("anima_item_behavior_create") { () throws(Failure) in
        let (box, def, out) = try creation(animator, def, out)
        try Cookie.check(def.pointee.cookie, Cookie.itemBehavior, "item_behavior")
        let props = properties(def.pointee)
        let ids = try resolveItems(box, items, itemCount)
        let b = try engine { () throws(AnimaError) in try DynamicItemBehavior(owner: box.animator, items: ids, properties: props) }
        out.pointee = try box.register(b)
    }
}

func itemBehavior(_ h: anima_behavior) throws(Failure) -> (AnimatorBox, DynamicItemBehavior) {
    try resolve(h, as: DynamicItemBehavior.self, "item behavior")
}

@c @implementation
public func anima_item_behavior_get_properties(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<anima_item_behavior_def>?) -> anima_status {
    run("anima_item_behavior_get_properties") { () throws(Failure) in
        let (_, b) = try itemBehavior(behavior)
        guard let out else { throw Failure.null("out_def") }
        let p = b.properties
        out.pointee = anima_item_behavior_def(cookie: Cookie.itemBehavior, elasticity: p.elasticity, friction: p.friction,
                                              density: p.density, resistance: p.resistance,
                                              angular_resistance: p.angularResistance, charge: p.charge,
                                              allows_rotation: p.allowsRotation, anchored: p.anchored)
    }
}

@c @implementation
public func anima_item_behavior_set_properties(_ behavior: anima_behavior, _ def: UnsafePointer<anima_item_behavior_def>?) -> anima_status {
    run("anima_item_behavior_set_properties") { () throws(Failure) in
        let (_, b) = try itemBehavior(behavior)
        guard let def else { throw Failure.null("def") }
        try Cookie.check(def.pointee.cookie, Cookie.itemBehavior, "item_behavior")
        let props = properties(def.pointee)
        try engine { () throws(AnimaError) in try b.setProperties(props) }
    }
}

/// Reads one item-behavior property.
@inline(__always)
func readProperty<T>(_ function: StaticString, _ behavior: anima_behavior, _ out: UnsafeMutablePointer<T>?,
                     _ get: (ItemProperties) -> T) -> anima_status {
    run(function) { () throws(Failure) in
        let (_, b) = try itemBehavior(behavior)
        guard let out else { throw Failure.null("out_value") }
        out.pointee = get(b.properties)
    }
}

/// Changes one item-behavior property (validated with all the others).
@inline(__always)
func writeProperty(_ function: StaticString, _ behavior: anima_behavior, _ change: (inout ItemProperties) -> Void) -> anima_status {
    run(function) { () throws(Failure) in
        let (_, b) = try itemBehavior(behavior)
        var p = b.properties
        change(&p)
        try engine { () throws(AnimaError) in try b.setProperties(p) }
    }
}

@c @implementation
public func anima_item_behavior_get_elasticity(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    readProperty("anima_item_behavior_get_elasticity", behavior, out) { $0.elasticity }
}

@c @implementation
public func anima_item_behavior_set_elasticity(_ behavior: anima_behavior, _ value: Double) -> anima_status {
    writeProperty("anima_item_behavior_set_elasticity", behavior) { $0.elasticity = value }
}

@c @implementation
public func anima_item_behavior_get_friction(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    readProperty("anima_item_behavior_get_friction", behavior, out) { $0.friction }
}

@c @implementation
public func anima_item_behavior_set_friction(_ behavior: anima_behavior, _ value: Double) -> anima_status {
    writeProperty("anima_item_behavior_set_friction", behavior) { $0.friction = value }
}

@c @implementation
public func anima_item_behavior_get_density(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    readProperty("anima_item_behavior_get_density", behavior, out) { $0.density }
}

@c @implementation
public func anima_item_behavior_set_density(_ behavior: anima_behavior, _ value: Double) -> anima_status {
    writeProperty("anima_item_behavior_set_density", behavior) { $0.density = value }
}

@c @implementation
public func anima_item_behavior_get_resistance(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    readProperty("anima_item_behavior_get_resistance", behavior, out) { $0.resistance }
}

@c @implementation
public func anima_item_behavior_set_resistance(_ behavior: anima_behavior, _ value: Double) -> anima_status {
    writeProperty("anima_item_behavior_set_resistance", behavior) { $0.resistance = value }
}

@c @implementation
public func anima_item_behavior_get_angular_resistance(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    readProperty("anima_item_behavior_get_angular_resistance", behavior, out) { $0.angularResistance }
}

@c @implementation
public func anima_item_behavior_set_angular_resistance(_ behavior: anima_behavior, _ value: Double) -> anima_status {
    writeProperty("anima_item_behavior_set_angular_resistance", behavior) { $0.angularResistance = value }
}

@c @implementation
public func anima_item_behavior_get_charge(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    readProperty("anima_item_behavior_get_charge", behavior, out) { $0.charge }
}

@c @implementation
public func anima_item_behavior_set_charge(_ behavior: anima_behavior, _ value: Double) -> anima_status {
    writeProperty("anima_item_behavior_set_charge", behavior) { $0.charge = value }
}

@c @implementation
public func anima_item_behavior_get_allows_rotation(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Bool>?) -> anima_status {
    readProperty("anima_item_behavior_get_allows_rotation", behavior, out) { $0.allowsRotation }
}

@c @implementation
public func anima_item_behavior_set_allows_rotation(_ behavior: anima_behavior, _ value: Bool) -> anima_status {
    writeProperty("anima_item_behavior_set_allows_rotation", behavior) { $0.allowsRotation = value }
}

@c @implementation
public func anima_item_behavior_get_anchored(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Bool>?) -> anima_status {
    readProperty("anima_item_behavior_get_anchored", behavior, out) { $0.anchored }
}

@c @implementation
public func anima_item_behavior_set_anchored(_ behavior: anima_behavior, _ value: Bool) -> anima_status {
    writeProperty("anima_item_behavior_set_anchored", behavior) { $0.anchored = value }
}

/// Resolves an item-behavior and one of its items.
func member(_ behavior: anima_behavior, _ item: anima_item) throws(Failure) -> (DynamicItemBehavior, ItemID) {
    let (box, b) = try itemBehavior(behavior)
    let (ibox, id) = try resolve(item)
    if ibox !== box { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "item belongs to another animator") }
    return (b, id)
}

@c @implementation
public func anima_item_behavior_add_linear_velocity(_ behavior: anima_behavior, _ item: anima_item, _ velocity: anima_vec2) -> anima_status {
    run("anima_item_behavior_add_linear_velocity") { () throws(Failure) in
        let (b, id) = try member(behavior, item)
        let v = try finite(velocity, "velocity")
        try engine { () throws(AnimaError) in try b.addLinearVelocity(v, for: id) }
    }
}

@c @implementation
public func anima_item_behavior_get_linear_velocity(_ behavior: anima_behavior, _ item: anima_item, _ out: UnsafeMutablePointer<anima_vec2>?) -> anima_status {
    run("anima_item_behavior_get_linear_velocity") { () throws(Failure) in
        let (b, id) = try member(behavior, item)
        guard let out else { throw Failure.null("out_velocity") }
        let v = try engine { () throws(AnimaError) in try b.linearVelocity(for: id) }
        out.pointee = anima_vec2(x: v.x, y: v.y)
    }
}

@c @implementation
public func anima_item_behavior_add_angular_velocity(_ behavior: anima_behavior, _ item: anima_item, _ velocity: Double) -> anima_status {
    run("anima_item_behavior_add_angular_velocity") { () throws(Failure) in
        let (b, id) = try member(behavior, item)
        try finite(velocity, "velocity")
        try engine { () throws(AnimaError) in try b.addAngularVelocity(velocity, for: id) }
    }
}

@c @implementation
public func anima_item_behavior_get_angular_velocity(_ behavior: anima_behavior, _ item: anima_item, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    run("anima_item_behavior_get_angular_velocity") { () throws(Failure) in
        let (b, id) = try member(behavior, item)
        guard let out else { throw Failure.null("out_velocity") }
        out.pointee = try engine { () throws(AnimaError) in try b.angularVelocity(for: id) }
    }
}
