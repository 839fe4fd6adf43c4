import Anima
import CAnima

// The field section of anima.h (UIFieldBehavior): the kinds, their region and parameters, and a
// custom field's evaluation callback.

private func regionValue(_ r: anima_region) throws(Failure) -> FieldRegion {
    var region: FieldRegion
    switch r.shape {
    case ANIMA_REGION_INFINITE: region = .infinite
    case ANIMA_REGION_RECTANGLE: region = .rectangle(Size(width: r.size.width, height: r.size.height))
    case ANIMA_REGION_CIRCLE: region = .circle(radius: r.radius)
    default: throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "region.shape is not an anima_region_shape (got \(r.shape.rawValue))")
    }
    if r.inverse { region = .inverse(region) }
    return region
}

private func regionStruct(_ r: FieldRegion) -> anima_region {
    switch r {
    case .infinite: return anima_region(shape: ANIMA_REGION_INFINITE, size: anima_size(width: 0, height: 0), radius: 0, inverse: false)
    case .rectangle(let s): return anima_region(shape: ANIMA_REGION_RECTANGLE, size: anima_size(width: s.width, height: s.height), radius: 0, inverse: false)
    case .circle(let radius): return anima_region(shape: ANIMA_REGION_CIRCLE, size: anima_size(width: 0, height: 0), radius: radius, inverse: false)
    case .inverse(let inner):
        var s = regionStruct(inner)
        s.inverse = !s.inverse
        return s
    }
}

@c @implementation
public func anima_default_field_def(_ kind: anima_field_kind) -> anima_field_def {
    let falloff: Double
    switch kind {
    case ANIMA_FIELD_RADIAL_GRAVITY: falloff = 2
    case ANIMA_FIELD_SPRING: falloff = -1
    case ANIMA_FIELD_ELECTRIC, ANIMA_FIELD_MAGNETIC: falloff = 1
    default: falloff = 0
    }
    return anima_field_def(cookie: Cookie.field, kind: kind, position: anima_vec2(x: 0, y: 0),
                           region: regionStruct(.infinite), strength: 1, falloff: falloff, minimum_radius: 0.01,
                           direction: anima_vec2(x: 0, y: 0), smoothness: 0, animation_speed: 0)
}

/// Applies every parameter of a def to a field (engine validation; nothing changes on the first error
/// because every value is checked before any is set).
private func apply(_ d: anima_field_def, to f: FieldBehavior) throws(Failure) {
    let region = try regionValue(d.region)
    let position = try finite(d.position, "position")
    let direction = try finite(d.direction, "direction")
    try engine { () throws(AnimaError) in
        // check every value before setting any, so a bad def changes nothing
        try region.validate()
        try requireAll(d)
        try f.setPosition(position)
        try f.setRegion(region)
        try f.setStrength(d.strength)
        try f.setFalloff(d.falloff)
        try f.setMinimumRadius(d.minimum_radius)
        try f.setDirection(direction)
        try f.setSmoothness(d.smoothness)
        try f.setAnimationSpeed(d.animation_speed)
    }
}

private func requireAll(_ d: anima_field_def) throws(AnimaError) {
    func bad(_ name: String, _ v: Double) -> AnimaError { AnimaError(.invalidArgument, "\(name) out of range (got \(v))") }
    if !(d.strength.isFinite && abs(d.strength) <= 1e9) { throw bad("strength", d.strength) }
    if !(d.falloff >= -10 && d.falloff <= 10) { throw bad("falloff", d.falloff) }
    if !(d.minimum_radius.isFinite && d.minimum_radius > 0) { throw bad("minimum_radius", d.minimum_radius) }
    if !(d.smoothness >= 0 && d.smoothness <= 1) { throw bad("smoothness", d.smoothness) }
    if !(d.animation_speed.isFinite && d.animation_speed >= 0 && d.animation_speed <= 1e6) { throw bad("animation_speed", d.animation_speed) }
    if !(abs(d.direction.x) <= 1e6 && abs(d.direction.y) <= 1e6) { throw bad("direction", max(abs(d.direction.x), abs(d.direction.y))) }
    if !(abs(d.position.x) <= maximumCoordinate && abs(d.position.y) <= maximumCoordinate) {
        throw bad("position", max(abs(d.position.x), abs(d.position.y)))
    }
}

@c @implementation
public func anima_field_create(_ animator: anima_animator, _ def: UnsafePointer<anima_field_def>?, _ items: UnsafePointer<anima_item>?, _ itemCount: Int32, _ out: UnsafeMutablePointer<anima_behavior>?) -> anima_status {
    run("anima_field_create") { () throws(Failure) in
        let (box, def, out) = try creation(animator, def, out)
        let d = def.pointee
        try Cookie.check(d.cookie, Cookie.field, "field")
        guard let kind = FieldKind(rawValue: Int32(bitPattern: d.kind.rawValue)) else {
            throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "kind is not an anima_field_kind (got \(d.kind.rawValue))")
        }
        let ids = try resolveItems(box, items, itemCount)
        let f = try engine { () throws(AnimaError) in try FieldBehavior(owner: box.animator, kind: kind, items: ids) }
        try apply(d, to: f)
        out.pointee = try box.register(f)
    }
}

func field(_ h: anima_behavior) throws(Failure) -> FieldBehavior {
    try resolve(h, as: FieldBehavior.self, "field").1
}

@c @implementation
public func anima_field_get(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<anima_field_def>?) -> anima_status {
    run("anima_field_get") { () throws(Failure) in
        let f = try field(behavior)
        guard let out else { throw Failure.null("out_def") }
        out.pointee = anima_field_def(cookie: Cookie.field, kind: anima_field_kind(rawValue: UInt32(f.fieldKind.rawValue)),
                                      position: anima_vec2(x: f.position.x, y: f.position.y), region: regionStruct(f.region),
                                      strength: f.strength, falloff: f.falloff, minimum_radius: f.minimumRadius,
                                      direction: anima_vec2(x: f.direction.x, y: f.direction.y), smoothness: f.smoothness,
                                      animation_speed: f.animationSpeed)
    }
}

@c @implementation
public func anima_field_set(_ behavior: anima_behavior, _ def: UnsafePointer<anima_field_def>?) -> anima_status {
    run("anima_field_set") { () throws(Failure) in
        let f = try field(behavior)
        guard let def else { throw Failure.null("def") }
        try Cookie.check(def.pointee.cookie, Cookie.field, "field")
        guard def.pointee.kind.rawValue == UInt32(f.fieldKind.rawValue) else {
            throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "def.kind must be the field's own kind (\(f.fieldKind.rawValue))")
        }
        try apply(def.pointee, to: f)
    }
}

@c @implementation
public func anima_field_set_evaluation(_ behavior: anima_behavior, _ evaluate: anima_field_fn?, _ userData: UnsafeMutableRawPointer?) -> anima_status {
    run("anima_field_set_evaluation") { () throws(Failure) in
        let f = try field(behavior)
        f.evaluate = evaluate.map { fn in
            { sample in
                var force = anima_vec2(x: 0, y: 0)
                fn(userData, anima_vec2(x: sample.position.x, y: sample.position.y),
                   anima_vec2(x: sample.velocity.x, y: sample.velocity.y), sample.mass, sample.charge, sample.deltaTime, &force)
                return Vec2(force.x, force.y)
            }
        }
    }
}
