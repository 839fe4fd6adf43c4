import Anima
import CAnima

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// The gravity section of anima.h (UIGravityBehavior).

@c @implementation
public func anima_default_gravity_def() -> anima_gravity_def {
    anima_gravity_def(cookie: Cookie.gravity, direction: anima_vec2(x: 0, y: 1))
}

@c @implementation
public func anima_gravity_create(_ animator: anima_animator, _ def: UnsafePointer<anima_gravity_def>?, _ items: UnsafePointer<anima_item>?, _ itemCount: Int32, _ out: UnsafeMutablePointer<anima_behavior>?) -> anima_status {
    run("anima_gravity_create") { () throws(Failure) in
        let (box, def, out) = try creation(animator, def, out)
        try Cookie.check(def.pointee.cookie, Cookie.gravity, "gravity")
        let direction = try finite(def.pointee.direction, "direction")
        let ids = try resolveItems(box, items, itemCount)
        let g = try engine { () throws(AnimaError) in
            let g = try GravityBehavior(owner: box.animator, items: ids)
            try g.setDirection(direction)
            return g
        }
        out.pointee = try box.register(g)
    }
}

func gravity(_ h: anima_behavior) throws(Failure) -> GravityBehavior {
    try resolve(h, as: GravityBehavior.self, "gravity behavior").1
}

@c @implementation
public func anima_gravity_get_direction(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<anima_vec2>?) -> anima_status {
    readValue("anima_gravity_get_direction", gravity, behavior, out, "out_direction") { g in anima_vec2(g.direction) }
}

@c @implementation
public func anima_gravity_set_direction(_ behavior: anima_behavior, _ direction: anima_vec2) -> anima_status {
    writeValue("anima_gravity_set_direction", gravity, behavior, direction, "direction") { (g, d) throws(AnimaError) in try g.setDirection(d) }
}

@c @implementation
public func anima_gravity_get_angle(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    readValue("anima_gravity_get_angle", gravity, behavior, out, "out_angle") { g in g.angle }
}

@c @implementation
public func anima_gravity_set_angle(_ behavior: anima_behavior, _ angle: Double) -> anima_status {
    writeValue("anima_gravity_set_angle", gravity, behavior) { (g) throws(AnimaError) in try g.setAngle(angle) }
}

@c @implementation
public func anima_gravity_get_magnitude(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    readValue("anima_gravity_get_magnitude", gravity, behavior, out, "out_magnitude") { g in g.magnitude }
}

@c @implementation
public func anima_gravity_set_magnitude(_ behavior: anima_behavior, _ magnitude: Double) -> anima_status {
    writeValue("anima_gravity_set_magnitude", gravity, behavior) { (g) throws(AnimaError) in try g.setMagnitude(magnitude) }
}

@c @implementation
public func anima_gravity_set_angle_magnitude(_ behavior: anima_behavior, _ angle: Double, _ magnitude: Double) -> anima_status {
    writeValue("anima_gravity_set_angle_magnitude", gravity, behavior) { (g) throws(AnimaError) in try g.setAngle(angle, magnitude: magnitude) }
}
