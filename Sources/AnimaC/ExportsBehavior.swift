import Anima
import CAnima

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// Behavior exports: the shared ones, gravity, collision and item behavior.

@c @implementation
public func anima_behavior_destroy(_ behavior: anima_behavior) -> anima_status {
    run("anima_behavior_destroy") { () throws(Failure) in
        let (box, b) = try resolve(behavior)
        if let parent = b.parent { parent.removeChild(b) } else { box.animator.removeBehavior(b) }
        b.action = nil
        if let c = b as? CollisionBehavior {
            c.onBeganContact = nil
            c.onEndedContact = nil
        }
        box.unregister(b)
    }
}

@c @implementation
public func anima_behavior_is_valid(_ behavior: anima_behavior) -> Bool {
    answer("anima_behavior_is_valid") { () throws(Failure) in _ = try resolve(behavior) }
}

@c @implementation
public func anima_behavior_get_kind(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<anima_kind>?) -> anima_status {
    run("anima_behavior_get_kind") { () throws(Failure) in
        let (_, b) = try resolve(behavior)
        guard let out else { throw Failure.null("out_kind") }
        out.pointee = anima_kind(rawValue: UInt32(b.kind.rawValue))
    }
}

@c @implementation
public func anima_behavior_get_animator(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<anima_animator>?) -> anima_status {
    run("anima_behavior_get_animator") { () throws(Failure) in
        let (box, _) = try resolve(behavior)
        guard let out else { throw Failure.null("out_animator") }
        out.pointee = box.handle
    }
}

@c @implementation
public func anima_behavior_is_added(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Bool>?) -> anima_status {
    run("anima_behavior_is_added") { () throws(Failure) in
        let (_, b) = try resolve(behavior)
        guard let out else { throw Failure.null("out_added") }
        out.pointee = b.isAdded
    }
}

@c @implementation
public func anima_behavior_add_item(_ behavior: anima_behavior, _ item: anima_item) -> anima_status {
    run("anima_behavior_add_item") { () throws(Failure) in
        let (box, b) = try resolve(behavior)
        let (ibox, id) = try resolve(item)
        if ibox !== box { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "item belongs to another animator") }
        try engine { () throws(AnimaError) in try b.addItem(id) }
    }
}

@c @implementation
public func anima_behavior_remove_item(_ behavior: anima_behavior, _ item: anima_item) -> anima_status {
    run("anima_behavior_remove_item") { () throws(Failure) in
        let (box, b) = try resolve(behavior)
        let (ibox, id) = try resolve(item)
        if ibox !== box { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "item belongs to another animator") }
        b.removeItem(id)
    }
}

@c @implementation
public func anima_behavior_get_items(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<anima_item>?, _ capacity: Int32, _ outCount: UnsafeMutablePointer<Int32>?) -> anima_status {
    run("anima_behavior_get_items") { () throws(Failure) in
        let (box, b) = try resolve(behavior)
        let live = b.items.filter { box.animator.isLive($0) }
        try copyOut(live, box.itemHandle, out, capacity, outCount, "out_items")
    }
}

// MARK: gravity

@c @implementation
public func anima_default_gravity_def() -> anima_gravity_def {
    anima_gravity_def(cookie: Cookie.gravity, direction: anima_vec2(x: 0, y: 1))
}

@c @implementation
public func anima_gravity_create(_ animator: anima_animator, _ def: UnsafePointer<anima_gravity_def>?, _ items: UnsafePointer<anima_item>?, _ itemCount: Int32, _ out: UnsafeMutablePointer<anima_behavior>?) -> anima_status {
    run("anima_gravity_create") { () throws(Failure) in
        let box = try resolve(animator)
        guard let def else { throw Failure.null("def") }
        guard let out else { throw Failure.null("out_behavior") }
        try Cookie.check(def.pointee.cookie, Cookie.gravity, "gravity")
        let direction = try finite(def.pointee.direction, "direction")
        let ids = try resolveItems(box, items, itemCount)
        let g = try engine { () throws(AnimaError) in
            let g = try GravityBehavior(owner: box.animator, items: ids)
            try g.setDirection(direction)
            return g
        }
        out.pointee = box.register(g)
    }
}

func gravity(_ h: anima_behavior) throws(Failure) -> GravityBehavior {
    try resolve(h, as: GravityBehavior.self, "gravity behavior").1
}

@c @implementation
public func anima_gravity_get_direction(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<anima_vec2>?) -> anima_status {
    run("anima_gravity_get_direction") { () throws(Failure) in
        let g = try gravity(behavior)
        guard let out else { throw Failure.null("out_direction") }
        out.pointee = anima_vec2(x: g.direction.x, y: g.direction.y)
    }
}

@c @implementation
public func anima_gravity_set_direction(_ behavior: anima_behavior, _ direction: anima_vec2) -> anima_status {
    run("anima_gravity_set_direction") { () throws(Failure) in
        let g = try gravity(behavior)
        let d = try finite(direction, "direction")
        try engine { () throws(AnimaError) in try g.setDirection(d) }
    }
}

@c @implementation
public func anima_gravity_get_angle(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    run("anima_gravity_get_angle") { () throws(Failure) in
        let g = try gravity(behavior)
        guard let out else { throw Failure.null("out_angle") }
        out.pointee = g.angle
    }
}

@c @implementation
public func anima_gravity_set_angle(_ behavior: anima_behavior, _ angle: Double) -> anima_status {
    run("anima_gravity_set_angle") { () throws(Failure) in
        let g = try gravity(behavior)
        try engine { () throws(AnimaError) in try g.setAngle(angle) }
    }
}

@c @implementation
public func anima_gravity_get_magnitude(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    run("anima_gravity_get_magnitude") { () throws(Failure) in
        let g = try gravity(behavior)
        guard let out else { throw Failure.null("out_magnitude") }
        out.pointee = g.magnitude
    }
}

@c @implementation
public func anima_gravity_set_magnitude(_ behavior: anima_behavior, _ magnitude: Double) -> anima_status {
    run("anima_gravity_set_magnitude") { () throws(Failure) in
        let g = try gravity(behavior)
        try engine { () throws(AnimaError) in try g.setMagnitude(magnitude) }
    }
}

@c @implementation
public func anima_gravity_set_angle_magnitude(_ behavior: anima_behavior, _ angle: Double, _ magnitude: Double) -> anima_status {
    run("anima_gravity_set_angle_magnitude") { () throws(Failure) in
        let g = try gravity(behavior)
        try engine { () throws(AnimaError) in try g.setAngle(angle, magnitude: magnitude) }
    }
}

// MARK: collision

@c @implementation
public func anima_default_collision_def() -> anima_collision_def {
    anima_collision_def(cookie: Cookie.collision, mode: ANIMA_COLLISION_MODE_EVERYTHING,
                        translates_reference_bounds_into_boundary: false,
                        reference_bounds_insets: anima_insets(top: 0, left: 0, bottom: 0, right: 0))
}

func collisionMode(_ m: anima_collision_mode) throws(Failure) -> CollisionMode {
    guard m.rawValue >= 1 && m.rawValue <= 3 else {
        throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "mode must be 1 (items), 2 (boundaries) or 3 (everything) (got \(m.rawValue))")
    }
    return CollisionMode(rawValue: Int32(m.rawValue))
}

func insets(_ i: anima_insets) throws(Failure) -> EdgeInsets {
    let e = EdgeInsets(top: i.top, left: i.left, bottom: i.bottom, right: i.right)
    if !e.isFinite { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "insets must be finite") }
    return e
}

@c @implementation
public func anima_collision_create(_ animator: anima_animator, _ def: UnsafePointer<anima_collision_def>?, _ items: UnsafePointer<anima_item>?, _ itemCount: Int32, _ out: UnsafeMutablePointer<anima_behavior>?) -> anima_status {
    run("anima_collision_create") { () throws(Failure) in
        let box = try resolve(animator)
        guard let def else { throw Failure.null("def") }
        guard let out else { throw Failure.null("out_behavior") }
        let d = def.pointee
        try Cookie.check(d.cookie, Cookie.collision, "collision")
        let mode = try collisionMode(d.mode)
        let inset = try insets(d.reference_bounds_insets)
        let ids = try resolveItems(box, items, itemCount)
        let c = try engine { () throws(AnimaError) in
            let c = try CollisionBehavior(owner: box.animator, items: ids)
            try c.setMode(mode)
            try c.setTranslatesReferenceBoundsIntoBoundary(d.translates_reference_bounds_into_boundary, insets: inset)
            return c
        }
        out.pointee = box.register(c)
    }
}

func collision(_ h: anima_behavior) throws(Failure) -> (AnimatorBox, CollisionBehavior) {
    try resolve(h, as: CollisionBehavior.self, "collision behavior")
}

@c @implementation
public func anima_collision_get_mode(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<anima_collision_mode>?) -> anima_status {
    run("anima_collision_get_mode") { () throws(Failure) in
        let (_, c) = try collision(behavior)
        guard let out else { throw Failure.null("out_mode") }
        out.pointee = anima_collision_mode(rawValue: UInt32(c.mode.rawValue))
    }
}

@c @implementation
public func anima_collision_set_mode(_ behavior: anima_behavior, _ mode: anima_collision_mode) -> anima_status {
    run("anima_collision_set_mode") { () throws(Failure) in
        let (_, c) = try collision(behavior)
        let m = try collisionMode(mode)
        try engine { () throws(AnimaError) in try c.setMode(m) }
    }
}

@c @implementation
public func anima_collision_set_translates_reference_bounds(_ behavior: anima_behavior, _ enabled: Bool, _ insetsPointer: UnsafePointer<anima_insets>?) -> anima_status {
    run("anima_collision_set_translates_reference_bounds") { () throws(Failure) in
        let (_, c) = try collision(behavior)
        let inset = try insetsPointer.map { (p) throws(Failure) in try insets(p.pointee) } ?? .zero
        try engine { () throws(AnimaError) in try c.setTranslatesReferenceBoundsIntoBoundary(enabled, insets: inset) }
    }
}

@c @implementation
public func anima_collision_get_translates_reference_bounds(_ behavior: anima_behavior, _ outEnabled: UnsafeMutablePointer<Bool>?, _ outInsets: UnsafeMutablePointer<anima_insets>?) -> anima_status {
    run("anima_collision_get_translates_reference_bounds") { () throws(Failure) in
        let (_, c) = try collision(behavior)
        guard let outEnabled else { throw Failure.null("out_enabled") }
        outEnabled.pointee = c.translatesReferenceBoundsIntoBoundary
        if let outInsets {
            let i = c.referenceBoundsInsets
            outInsets.pointee = anima_insets(top: i.top, left: i.left, bottom: i.bottom, right: i.right)
        }
    }
}

@c @implementation
public func anima_collision_add_boundary_segment(_ behavior: anima_behavior, _ identifier: UnsafePointer<CChar>?, _ from: anima_vec2, _ to: anima_vec2) -> anima_status {
    run("anima_collision_add_boundary_segment") { () throws(Failure) in
        let (box, c) = try collision(behavior)
        let id = try cString(identifier, "identifier")
        let p = try finite(from, "from")
        let q = try finite(to, "to")
        if p == q { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "from and to must differ (both (\(p.x), \(p.y)))") }
        try engine { () throws(AnimaError) in try c.addBoundary(identifier: id, from: p, to: q) }
        box.releaseIdentifierStrings(c)
    }
}

@c @implementation
public func anima_collision_get_boundary(_ behavior: anima_behavior, _ identifier: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<anima_vec2>?, _ capacity: Int32, _ outCount: UnsafeMutablePointer<Int32>?) -> anima_status {
    run("anima_collision_get_boundary") { () throws(Failure) in
        let (_, c) = try collision(behavior)
        let id = try cString(identifier, "identifier")
        let points = try engine { () throws(AnimaError) in try c.boundary(identifier: id) }
        try copyOut(points, { anima_vec2(x: $0.x, y: $0.y) }, out, capacity, outCount, "out_points")
    }
}

@c @implementation
public func anima_collision_remove_boundary(_ behavior: anima_behavior, _ identifier: UnsafePointer<CChar>?) -> anima_status {
    run("anima_collision_remove_boundary") { () throws(Failure) in
        let (box, c) = try collision(behavior)
        let id = try cString(identifier, "identifier")
        try engine { () throws(AnimaError) in try c.removeBoundary(identifier: id) }
        box.releaseIdentifierStrings(c)
    }
}

@c @implementation
public func anima_collision_remove_all_boundaries(_ behavior: anima_behavior) -> anima_status {
    run("anima_collision_remove_all_boundaries") { () throws(Failure) in
        let (box, c) = try collision(behavior)
        c.removeAllBoundaries()
        box.releaseIdentifierStrings(c)
    }
}

@c @implementation
public func anima_collision_get_boundary_count(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Int32>?) -> anima_status {
    run("anima_collision_get_boundary_count") { () throws(Failure) in
        let (_, c) = try collision(behavior)
        guard let out else { throw Failure.null("out_count") }
        out.pointee = Int32(clamping: c.boundaryIdentifiers.count)
    }
}

@c @implementation
public func anima_collision_get_boundary_identifier(_ behavior: anima_behavior, _ index: Int32, _ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> anima_status {
    run("anima_collision_get_boundary_identifier") { () throws(Failure) in
        let (box, c) = try collision(behavior)
        guard let out else { throw Failure.null("out_identifier") }
        let names = c.boundaryIdentifiers
        guard index >= 0 && Int(index) < names.count else {
            throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "index must be in 0..<\(names.count) (got \(index))")
        }
        let key = ObjectIdentifier(c)
        if box.identifierStrings[key]?.count != names.count {
            box.releaseIdentifierStrings(c)
            box.identifierStrings[key] = names.compactMap { strdup($0) }
        }
        guard let list = box.identifierStrings[key], Int(index) < list.count else {
            throw Failure(ANIMA_ERR_OUT_OF_MEMORY, "could not copy the identifier")
        }
        out.pointee = UnsafePointer(list[Int(index)])
    }
}

@c @implementation
public func anima_collision_set_delegate(_ behavior: anima_behavior, _ began: anima_contact_fn?, _ ended: anima_contact_fn?, _ userData: UnsafeMutableRawPointer?) -> anima_status {
    run("anima_collision_set_delegate") { () throws(Failure) in
        let (box, c) = try collision(behavior)
        c.onBeganContact = began.map { fn in { [unowned box] e in deliver(fn, userData, box, e) } }
        c.onEndedContact = ended.map { fn in { [unowned box] e in deliver(fn, userData, box, e) } }
    }
}

private func deliver(_ fn: anima_contact_fn, _ userData: UnsafeMutableRawPointer?, _ box: AnimatorBox, _ e: ContactEvent) {
    var event = anima_contact_event(collision: box.behaviorHandle(e.collision), item_a: box.itemHandle(e.item),
                                    item_b: e.otherItem.map(box.itemHandle) ?? anima_item(), is_boundary: e.isBoundary,
                                    boundary_identifier: nil, point: anima_vec2(x: e.point.x, y: e.point.y))
    if let name = e.boundaryIdentifier {
        name.withCString { p in
            event.boundary_identifier = p
            fn(userData, &event)
        }
    } else {
        fn(userData, &event)
    }
}

// MARK: item behavior

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
        let box = try resolve(animator)
        guard let def else { throw Failure.null("def") }
        guard let out else { throw Failure.null("out_behavior") }
        try Cookie.check(def.pointee.cookie, Cookie.itemBehavior, "item_behavior")
        let props = properties(def.pointee)
        let ids = try resolveItems(box, items, itemCount)
        let b = try engine { () throws(AnimaError) in try DynamicItemBehavior(owner: box.animator, items: ids, properties: props) }
        out.pointee = box.register(b)
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
