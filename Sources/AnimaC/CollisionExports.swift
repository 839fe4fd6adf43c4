import Anima
import CAnima

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// The collision section of anima.h (UICollisionBehavior): modes, reference-bounds boundaries,
// boundary segments and paths, the collision delegate and the contact events of a step.

@c @implementation
public func anima_animator_get_contact_events(_ animator: anima_animator, _ began: Bool, _ outEvents: UnsafeMutablePointer<UnsafePointer<anima_contact_event>?>?, _ outCount: UnsafeMutablePointer<Int32>?) -> anima_status {
    exportEvents("anima_animator_get_contact_events", animator, outEvents, outCount) { began ? $0.beganEvents : $0.endedEvents }
}

/// Hands out one of the box's event arrays (converted once per advance; they live in the box
/// until the next advance or step).
func exportEvents<Event>(_ function: StaticString, _ animator: anima_animator, _ outEvents: UnsafeMutablePointer<UnsafePointer<Event>?>?,
                         _ outCount: UnsafeMutablePointer<Int32>?, _ list: (AnimatorBox) -> EventBuffer<Event>) -> anima_status {
    run(function) { () throws(Failure) in
        let box = try resolve(animator)
        guard let outEvents else { throw Failure.null("out_events") }
        guard let outCount else { throw Failure.null("out_count") }
        try box.refreshEvents()
        let events = list(box)
        outCount.pointee = Int32(clamping: events.count)
        outEvents.pointee = events.count > 0 ? events.base.map { UnsafePointer($0) } : nil
    }
}

@c @implementation
public func anima_animator_get_hit_events(_ animator: anima_animator, _ outEvents: UnsafeMutablePointer<UnsafePointer<anima_hit_event>?>?, _ outCount: UnsafeMutablePointer<Int32>?) -> anima_status {
    exportEvents("anima_animator_get_hit_events", animator, outEvents, outCount) { $0.hitEvents }
}

@c @implementation
public func anima_collision_set_hit_threshold(_ behavior: anima_behavior, _ threshold: Double) -> anima_status {
    run("anima_collision_set_hit_threshold") { () throws(Failure) in
        let c = try collision(behavior)
        // infinity is none (the default); NaN, negatives and finite speeds past the bound are refused
        try engine { () throws(AnimaError) in try c.setHitThreshold(threshold == .infinity ? nil : threshold) }
    }
}

@c @implementation
public func anima_collision_get_hit_threshold(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    readValue("anima_collision_get_hit_threshold", collision, behavior, out, "out_threshold") { c in c.hitThreshold ?? .infinity }
}

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
        let (box, def, out) = try creation(animator, def, out)
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
        out.pointee = try box.register(c)
    }
}

func collisionInBox(_ h: anima_behavior) throws(Failure) -> (AnimatorBox, CollisionBehavior) {
    try resolve(h, as: CollisionBehavior.self, "collision behavior")
}

func collision(_ h: anima_behavior) throws(Failure) -> CollisionBehavior { try collisionInBox(h).1 }

@c @implementation
public func anima_collision_get_mode(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<anima_collision_mode>?) -> anima_status {
    readValue("anima_collision_get_mode", collision, behavior, out, "out_mode") { c in anima_collision_mode(rawValue: UInt32(c.mode.rawValue)) }
}

@c @implementation
public func anima_collision_set_mode(_ behavior: anima_behavior, _ mode: anima_collision_mode) -> anima_status {
    run("anima_collision_set_mode") { () throws(Failure) in
        let c = try collision(behavior)
        let m = try collisionMode(mode)
        try engine { () throws(AnimaError) in try c.setMode(m) }
    }
}

@c @implementation
public func anima_collision_set_translates_reference_bounds(_ behavior: anima_behavior, _ enabled: Bool, _ insetsPointer: UnsafePointer<anima_insets>?) -> anima_status {
    run("anima_collision_set_translates_reference_bounds") { () throws(Failure) in
        let c = try collision(behavior)
        let inset = try insetsPointer.map { (p) throws(Failure) in try insets(p.pointee) } ?? .zero
        try engine { () throws(AnimaError) in try c.setTranslatesReferenceBoundsIntoBoundary(enabled, insets: inset) }
    }
}

@c @implementation
public func anima_collision_get_translates_reference_bounds(_ behavior: anima_behavior, _ outEnabled: UnsafeMutablePointer<Bool>?, _ outInsets: UnsafeMutablePointer<anima_insets>?) -> anima_status {
    run("anima_collision_get_translates_reference_bounds") { () throws(Failure) in
        let c = try collision(behavior)
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
        let (box, c) = try collisionInBox(behavior)
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
        let c = try collision(behavior)
        let id = try cString(identifier, "identifier")
        let points = try engine { () throws(AnimaError) in try c.boundary(identifier: id) }
        try copyOut(points, { anima_vec2(x: $0.x, y: $0.y) }, out, capacity, outCount, "out_points")
    }
}

@c @implementation
public func anima_collision_remove_boundary(_ behavior: anima_behavior, _ identifier: UnsafePointer<CChar>?) -> anima_status {
    run("anima_collision_remove_boundary") { () throws(Failure) in
        let (box, c) = try collisionInBox(behavior)
        let id = try cString(identifier, "identifier")
        try engine { () throws(AnimaError) in try c.removeBoundary(identifier: id) }
        box.releaseIdentifierStrings(c)
    }
}

@c @implementation
public func anima_collision_remove_all_boundaries(_ behavior: anima_behavior) -> anima_status {
    run("anima_collision_remove_all_boundaries") { () throws(Failure) in
        let (box, c) = try collisionInBox(behavior)
        c.removeAllBoundaries()
        box.releaseIdentifierStrings(c)
    }
}

@c @implementation
public func anima_collision_get_boundary_count(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Int32>?) -> anima_status {
    readValue("anima_collision_get_boundary_count", collision, behavior, out, "out_count") { c in Int32(clamping: c.boundaryIdentifiers.count) }
}

@c @implementation
public func anima_collision_get_boundary_identifier(_ behavior: anima_behavior, _ index: Int32, _ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> anima_status {
    run("anima_collision_get_boundary_identifier") { () throws(Failure) in
        let (box, c) = try collisionInBox(behavior)
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
        let (box, c) = try collisionInBox(behavior)
        c.onBeganContact = began.map { fn in { [unowned box] e in deliver(fn, userData, box, e) } }
        c.onEndedContact = ended.map { fn in { [unowned box] e in deliver(fn, userData, box, e) } }
    }
}

@c @implementation
public func anima_collision_set_pre_solve(_ behavior: anima_behavior, _ fn: anima_pre_solve_fn?, _ userData: UnsafeMutableRawPointer?) -> anima_status {
    run("anima_collision_set_pre_solve") { () throws(Failure) in
        let (box, c) = try collisionInBox(behavior)
        c.preSolve = fn.map { fn in { [unowned box] contact in ask(fn, userData, box, contact) } }
    }
}

private func ask(_ fn: anima_pre_solve_fn, _ userData: UnsafeMutableRawPointer?, _ box: AnimatorBox, _ c: PreSolveContact) -> Bool {
    var contact = anima_pre_solve_contact(collision: box.behaviorHandle(c.collision), item_a: box.itemHandle(c.item),
                                          item_b: c.otherItem.map(box.itemHandle) ?? anima_item(), is_boundary: c.isBoundary,
                                          boundary_identifier: nil, point: anima_vec2(x: c.point.x, y: c.point.y),
                                          normal: anima_vec2(x: c.normal.x, y: c.normal.y), separation: c.separation,
                                          point_count: Int32(c.pointCount))
    guard let name = c.boundaryIdentifier else { return fn(userData, &contact) }
    return name.withCString { p in
        contact.boundary_identifier = p
        return fn(userData, &contact)
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

@c @implementation
public func anima_collision_add_boundary_path(_ behavior: anima_behavior, _ identifier: UnsafePointer<CChar>?, _ elements: UnsafePointer<anima_path_element>?, _ count: Int32) -> anima_status {
    run("anima_collision_add_boundary_path") { () throws(Failure) in
        let (box, c) = try collisionInBox(behavior)
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
