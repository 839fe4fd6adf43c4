import Anima
import CAnima

// Item groups (UIDynamicItemGroup): include/anima.h, "groups".

@c @implementation
public func anima_group_create(_ animator: anima_animator, _ items: UnsafePointer<anima_item>?, _ itemCount: Int32, _ out: UnsafeMutablePointer<anima_item>?) -> anima_status {
    run("anima_group_create") { () throws(Failure) in
        let box = try resolve(animator)
        guard let out else { throw Failure.null("out_group") }
        let ids = try resolveItems(box, items, itemCount)
        let group = try engine { () throws(AnimaError) in try box.animator.createGroup(of: ids) }
        out.pointee = box.itemHandle(group)
    }
}

@c @implementation
public func anima_item_is_group(_ item: anima_item, _ out: UnsafeMutablePointer<Bool>?) -> anima_status {
    readItem("anima_item_is_group", item, out, "out_group") { (a, id) throws(AnimaError) in try a.isGroup(id) }
}

@c @implementation
public func anima_group_get_parts(_ group: anima_item, _ out: UnsafeMutablePointer<anima_item>?, _ capacity: Int32, _ outCount: UnsafeMutablePointer<Int32>?) -> anima_status {
    run("anima_group_get_parts") { () throws(Failure) in
        let (box, id) = try resolve(group)
        let parts = try engine { () throws(AnimaError) in try box.animator.parts(of: id) }
        try copyOut(parts, box.itemHandle, out, capacity, outCount, "out_items")
    }
}

@c @implementation
public func anima_item_get_group(_ item: anima_item, _ out: UnsafeMutablePointer<anima_item>?) -> anima_status {
    run("anima_item_get_group") { () throws(Failure) in
        let (box, id) = try resolve(item)
        guard let out else { throw Failure.null("out_group") }
        let group = try engine { () throws(AnimaError) in try box.animator.group(of: id) }
        out.pointee = group.map(box.itemHandle) ?? anima_item()
    }
}

@c @implementation
public func anima_item_get_part_pose(_ item: anima_item, _ outOffset: UnsafeMutablePointer<anima_vec2>?, _ outRadians: UnsafeMutablePointer<Double>?) -> anima_status {
    run("anima_item_get_part_pose") { () throws(Failure) in
        let (box, id) = try resolve(item)
        let pose = try engine { () throws(AnimaError) in try box.animator.partPose(of: id) }
        outOffset?.pointee = anima_vec2(x: pose.offset.x, y: pose.offset.y)
        outRadians?.pointee = pose.angle
    }
}
