import Anima
import CAnima

// The snap section of anima.h (UISnapBehavior).

@c @implementation
public func anima_snap_create(_ animator: anima_animator, _ item: anima_item, _ point: anima_vec2, _ out: UnsafeMutablePointer<anima_behavior>?) -> anima_status {
    run("anima_snap_create") { () throws(Failure) in
        let box = try resolve(animator)
        guard let out else { throw Failure.null("out_behavior") }
        let (ibox, id) = try resolve(item)
        if ibox !== box { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "item belongs to another animator") }
        let p = try finite(point, "point")
        let s = try engine { () throws(AnimaError) in try SnapBehavior(owner: box.animator, item: id, snapTo: p) }
        out.pointee = try box.register(s)
    }
}

func snap(_ h: anima_behavior) throws(Failure) -> SnapBehavior {
    try resolve(h, as: SnapBehavior.self, "snap").1
}

@c @implementation
public func anima_snap_get_point(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<anima_vec2>?) -> anima_status {
    readValue("anima_snap_get_point", snap, behavior, out, "out_point") { s in anima_vec2(s.snapPoint) }
}

@c @implementation
public func anima_snap_set_point(_ behavior: anima_behavior, _ point: anima_vec2) -> anima_status {
    writeValue("anima_snap_set_point", snap, behavior, point, "point") { (s, p) throws(AnimaError) in try s.setSnapPoint(p) }
}

@c @implementation
public func anima_snap_get_damping(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    readValue("anima_snap_get_damping", snap, behavior, out, "out_damping") { s in s.damping }
}

@c @implementation
public func anima_snap_set_damping(_ behavior: anima_behavior, _ damping: Double) -> anima_status {
    writeValue("anima_snap_set_damping", snap, behavior) { (s) throws(AnimaError) in try s.setDamping(damping) }
}
