import Anima
import CAnima

// The items section of anima.h: creating and destroying items, their pose, size, transform, alpha,
// shape, collision path, velocities, mass, rest and user data.

@c @implementation
public func anima_default_item_def() -> anima_item_def {
    anima_item_def(cookie: Cookie.item, center: anima_vec2(x: 0, y: 0), size: anima_size(width: 100, height: 100),
                   transform: anima_transform(rotation: 0, scale_x: 1, scale_y: 1, translation_x: 0, translation_y: 0),
                   alpha: 1, shape: ANIMA_SHAPE_RECTANGLE, path: nil, path_count: 0, linear_velocity: anima_vec2(x: 0, y: 0),
                   angular_velocity: 0, user_data: nil)
}

func shape(_ s: anima_shape) throws(Failure) -> CollisionShape {
    guard let shape = CollisionShape(rawValue: Int32(bitPattern: s.rawValue)) else {
        throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "shape must be ANIMA_SHAPE_RECTANGLE, ANIMA_SHAPE_ELLIPSE, ANIMA_SHAPE_PATH, ANIMA_SHAPE_CAPSULE or ANIMA_SHAPE_ROUNDED_RECTANGLE (got \(s.rawValue))")
    }
    return shape
}

func transform(_ t: anima_transform) -> ItemTransform {
    ItemTransform(rotation: t.rotation, scaleX: t.scale_x, scaleY: t.scale_y, translationX: t.translation_x,
                  translationY: t.translation_y)
}

@c @implementation
public func anima_item_create(_ animator: anima_animator, _ def: UnsafePointer<anima_item_def>?, _ out: UnsafeMutablePointer<anima_item>?) -> anima_status {
    run("anima_item_create") { () throws(Failure) in
        let box = try resolve(animator)
        guard let def else { throw Failure.null("def") }
        guard let out else { throw Failure.null("out_item") }
        let d = def.pointee
        try Cookie.check(d.cookie, Cookie.item, "item")
        var outline: ItemPath? = nil
        if d.path != nil || d.path_count != 0 {
            outline = try itemPath(d.path, d.path_count)
        }
        let definition = ItemDefinition(center: Vec2(d.center.x, d.center.y),
                                        size: Size(width: d.size.width, height: d.size.height),
                                        transform: transform(d.transform), alpha: d.alpha, shape: try shape(d.shape),
                                        linearVelocity: Vec2(d.linear_velocity.x, d.linear_velocity.y),
                                        angularVelocity: d.angular_velocity, path: outline)
        let id = try engine { () throws(AnimaError) in try box.animator.createItem(definition) }
        try engine { () throws(AnimaError) in try box.animator.setUserData(d.user_data, of: id) }
        out.pointee = box.itemHandle(id)
    }
}

@c @implementation
public func anima_item_destroy(_ item: anima_item) -> anima_status {
    run("anima_item_destroy") { () throws(Failure) in
        let (box, id) = try resolve(item)
        try engine { () throws(AnimaError) in try box.animator.destroyItem(id) }
    }
}

@c @implementation
public func anima_item_is_valid(_ item: anima_item) -> Bool {
    answer("anima_item_is_valid") { () throws(Failure) in _ = try resolve(item) }
}

@c @implementation
public func anima_item_get_animator(_ item: anima_item, _ out: UnsafeMutablePointer<anima_animator>?) -> anima_status {
    run("anima_item_get_animator") { () throws(Failure) in
        let (box, _) = try resolve(item)
        guard let out else { throw Failure.null("out_animator") }
        out.pointee = box.handle
    }
}

/// Reads one item property into an out pointer.
@inline(__always)
func readItem<T>(_ function: StaticString, _ item: anima_item, _ out: UnsafeMutablePointer<T>?, _ name: String,
                 _ get: (Animator, ItemID) throws(AnimaError) -> T) -> anima_status {
    run(function) { () throws(Failure) in
        let (box, id) = try resolve(item)
        guard let out else { throw Failure.null(name) }
        out.pointee = try engine { () throws(AnimaError) in try get(box.animator, id) }
    }
}

/// Writes one item property.
@inline(__always)
func writeItem(_ function: StaticString, _ item: anima_item,
               _ set: (Animator, ItemID) throws(AnimaError) -> Void) -> anima_status {
    run(function) { () throws(Failure) in
        let (box, id) = try resolve(item)
        try engine { () throws(AnimaError) in try set(box.animator, id) }
    }
}

@c @implementation
public func anima_item_get_center(_ item: anima_item, _ out: UnsafeMutablePointer<anima_vec2>?) -> anima_status {
    readItem("anima_item_get_center", item, out, "out_center") { (a, id) throws(AnimaError) in
        let c = try a.center(of: id)
        return anima_vec2(x: c.x, y: c.y)
    }
}

@c @implementation
public func anima_item_set_center(_ item: anima_item, _ center: anima_vec2) -> anima_status {
    writeItem("anima_item_set_center", item) { (a, id) throws(AnimaError) in try a.setCenter(Vec2(center.x, center.y), of: id) }
}

@c @implementation
public func anima_item_get_size(_ item: anima_item, _ out: UnsafeMutablePointer<anima_size>?) -> anima_status {
    readItem("anima_item_get_size", item, out, "out_size") { (a, id) throws(AnimaError) in
        let s = try a.size(of: id)
        return anima_size(width: s.width, height: s.height)
    }
}

@c @implementation
public func anima_item_set_size(_ item: anima_item, _ size: anima_size) -> anima_status {
    writeItem("anima_item_set_size", item) { (a, id) throws(AnimaError) in
        try a.setSize(Size(width: size.width, height: size.height), of: id)
    }
}

@c @implementation
public func anima_item_get_transform(_ item: anima_item, _ out: UnsafeMutablePointer<anima_transform>?) -> anima_status {
    readItem("anima_item_get_transform", item, out, "out_transform") { (a, id) throws(AnimaError) in
        let t = try a.transform(of: id)
        return anima_transform(rotation: t.rotation, scale_x: t.scaleX, scale_y: t.scaleY,
                               translation_x: t.translationX, translation_y: t.translationY)
    }
}

@c @implementation
public func anima_item_set_transform(_ item: anima_item, _ t: anima_transform) -> anima_status {
    writeItem("anima_item_set_transform", item) { (a, id) throws(AnimaError) in try a.setTransform(transform(t), of: id) }
}

@c @implementation
public func anima_item_get_rotation(_ item: anima_item, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    readItem("anima_item_get_rotation", item, out, "out_radians") { (a, id) throws(AnimaError) in try a.rotation(of: id) }
}

@c @implementation
public func anima_item_get_display_center(_ item: anima_item, _ out: UnsafeMutablePointer<anima_vec2>?) -> anima_status {
    readItem("anima_item_get_display_center", item, out, "out_center") { (a, id) throws(AnimaError) in
        let c = try a.displayPose(of: id).center
        return anima_vec2(x: c.x, y: c.y)
    }
}

@c @implementation
public func anima_item_get_display_rotation(_ item: anima_item, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    readItem("anima_item_get_display_rotation", item, out, "out_radians") { (a, id) throws(AnimaError) in
        try a.displayPose(of: id).rotation
    }
}

@c @implementation
public func anima_item_get_alpha(_ item: anima_item, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    readItem("anima_item_get_alpha", item, out, "out_alpha") { (a, id) throws(AnimaError) in try a.alpha(of: id) }
}

@c @implementation
public func anima_item_set_alpha(_ item: anima_item, _ alpha: Double) -> anima_status {
    writeItem("anima_item_set_alpha", item) { (a, id) throws(AnimaError) in try a.setAlpha(alpha, of: id) }
}

@c @implementation
public func anima_item_get_shape(_ item: anima_item, _ out: UnsafeMutablePointer<anima_shape>?) -> anima_status {
    readItem("anima_item_get_shape", item, out, "out_shape") { (a, id) throws(AnimaError) in
        anima_shape(rawValue: UInt32(try a.shape(of: id).rawValue))
    }
}

@c @implementation
public func anima_item_set_shape(_ item: anima_item, _ s: anima_shape) -> anima_status {
    run("anima_item_set_shape") { () throws(Failure) in
        let (box, id) = try resolve(item)
        let value = try shape(s)
        try engine { () throws(AnimaError) in try box.animator.setShape(value, of: id) }
    }
}

@c @implementation
public func anima_item_get_corner_radius(_ item: anima_item, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    readItem("anima_item_get_corner_radius", item, out, "out_radius") { (a, id) throws(AnimaError) in try a.cornerRadius(of: id) }
}

@c @implementation
public func anima_item_set_corner_radius(_ item: anima_item, _ radius: Double) -> anima_status {
    writeItem("anima_item_set_corner_radius", item) { (a, id) throws(AnimaError) in try a.setCornerRadius(radius, of: id) }
}

@c @implementation
public func anima_item_get_linear_velocity(_ item: anima_item, _ out: UnsafeMutablePointer<anima_vec2>?) -> anima_status {
    readItem("anima_item_get_linear_velocity", item, out, "out_velocity") { (a, id) throws(AnimaError) in
        let v = try a.linearVelocity(of: id)
        return anima_vec2(x: v.x, y: v.y)
    }
}

@c @implementation
public func anima_item_set_linear_velocity(_ item: anima_item, _ velocity: anima_vec2) -> anima_status {
    writeItem("anima_item_set_linear_velocity", item) { (a, id) throws(AnimaError) in
        try a.setLinearVelocity(Vec2(velocity.x, velocity.y), of: id)
    }
}

@c @implementation
public func anima_item_get_angular_velocity(_ item: anima_item, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    readItem("anima_item_get_angular_velocity", item, out, "out_velocity") { (a, id) throws(AnimaError) in
        try a.angularVelocity(of: id)
    }
}

@c @implementation
public func anima_item_set_angular_velocity(_ item: anima_item, _ velocity: Double) -> anima_status {
    writeItem("anima_item_set_angular_velocity", item) { (a, id) throws(AnimaError) in try a.setAngularVelocity(velocity, of: id) }
}

@c @implementation
public func anima_item_get_mass(_ item: anima_item, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    readItem("anima_item_get_mass", item, out, "out_mass") { (a, id) throws(AnimaError) in try a.mass(of: id) }
}

@c @implementation
public func anima_item_is_resting(_ item: anima_item, _ out: UnsafeMutablePointer<Bool>?) -> anima_status {
    readItem("anima_item_is_resting", item, out, "out_resting") { (a, id) throws(AnimaError) in try a.isResting(id) }
}

@c @implementation
public func anima_item_set_awake(_ item: anima_item, _ awake: Bool) -> anima_status {
    writeItem("anima_item_set_awake", item) { (a, id) throws(AnimaError) in try a.setAwake(awake, of: id) }
}

@c @implementation
public func anima_item_is_awake(_ item: anima_item, _ out: UnsafeMutablePointer<Bool>?) -> anima_status {
    readItem("anima_item_is_awake", item, out, "out_awake") { (a, id) throws(AnimaError) in try a.isAwake(id) }
}

@c @implementation
public func anima_item_set_collision_group(_ item: anima_item, _ group: Int32) -> anima_status {
    writeItem("anima_item_set_collision_group", item) { (a, id) throws(AnimaError) in try a.setCollisionGroup(group, of: id) }
}

@c @implementation
public func anima_item_get_collision_group(_ item: anima_item, _ out: UnsafeMutablePointer<Int32>?) -> anima_status {
    readItem("anima_item_get_collision_group", item, out, "out_group") { (a, id) throws(AnimaError) in try a.collisionGroup(of: id) }
}

@c @implementation
public func anima_item_get_user_data(_ item: anima_item, _ out: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> anima_status {
    readItem("anima_item_get_user_data", item, out, "out_user_data") { (a, id) throws(AnimaError) in try a.userData(of: id) }
}

@c @implementation
public func anima_item_set_user_data(_ item: anima_item, _ userData: UnsafeMutableRawPointer?) -> anima_status {
    writeItem("anima_item_set_user_data", item) { (a, id) throws(AnimaError) in try a.setUserData(userData, of: id) }
}

/// Reads and validates a C point array as a collision path.
func itemPath(_ points: UnsafePointer<anima_vec2>?, _ count: Int32) throws(Failure) -> ItemPath {
    guard let points else { throw Failure.null("path") }
    guard count >= 3 && count <= Int32(ANIMA_MAX_PATH_POINTS) else {
        throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "path needs 3...\(ANIMA_MAX_PATH_POINTS) points (got \(count))")
    }
    var list: [Vec2] = []
    for i in 0..<Int(count) { list.append(Vec2(points[i].x, points[i].y)) }
    return try engine { () throws(AnimaError) in try ItemPath(list) }
}

@c @implementation
public func anima_item_set_path(_ item: anima_item, _ points: UnsafePointer<anima_vec2>?, _ count: Int32) -> anima_status {
    run("anima_item_set_path") { () throws(Failure) in
        let (box, id) = try resolve(item)
        let outline = try itemPath(points, count)
        try engine { () throws(AnimaError) in try box.animator.setPath(outline, of: id) }
    }
}

@c @implementation
public func anima_item_get_path(_ item: anima_item, _ out: UnsafeMutablePointer<anima_vec2>?, _ capacity: Int32, _ outCount: UnsafeMutablePointer<Int32>?) -> anima_status {
    run("anima_item_get_path") { () throws(Failure) in
        let (box, id) = try resolve(item)
        let points = try engine { () throws(AnimaError) in try box.animator.path(of: id) }?.points ?? []
        try copyOut(points, { anima_vec2(x: $0.x, y: $0.y) }, out, capacity, outCount, "out_points")
    }
}
