import Anima
import CAnima

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// The behaviors and the composite and custom sections of anima.h: what every behavior kind shares
// (destroy, kind, animator, items), children, parents, actions and rest.

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

/// A behavior handle's behavior, whatever its kind.
func anyBehavior(_ h: anima_behavior) throws(Failure) -> Behavior { try resolve(h).1 }

@c @implementation
public func anima_behavior_get_kind(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<anima_kind>?) -> anima_status {
    readValue("anima_behavior_get_kind", anyBehavior, behavior, out, "out_kind") { b in anima_kind(rawValue: UInt32(b.kind.rawValue)) }
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
    readValue("anima_behavior_is_added", anyBehavior, behavior, out, "out_added") { b in b.isAdded }
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

@c @implementation
public func anima_behavior_create(_ animator: anima_animator, _ out: UnsafeMutablePointer<anima_behavior>?) -> anima_status {
    run("anima_behavior_create") { () throws(Failure) in
        let box = try resolve(animator)
        guard let out else { throw Failure.null("out_behavior") }
        let b = try engine { () throws(AnimaError) in try Behavior(owner: box.animator) }
        out.pointee = try box.register(b)
    }
}

/// Resolves a parent and a child of the same animator.
private func family(_ parent: anima_behavior, _ child: anima_behavior) throws(Failure) -> (AnimatorBox, Behavior, Behavior) {
    let (box, p) = try resolve(parent)
    let (cbox, c) = try resolve(child)
    if cbox !== box { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "child belongs to another animator") }
    return (box, p, c)
}

@c @implementation
public func anima_behavior_add_child(_ parent: anima_behavior, _ child: anima_behavior) -> anima_status {
    run("anima_behavior_add_child") { () throws(Failure) in
        let (_, p, c) = try family(parent, child)
        try engine { () throws(AnimaError) in try p.addChild(c) }
    }
}

@c @implementation
public func anima_behavior_remove_child(_ parent: anima_behavior, _ child: anima_behavior) -> anima_status {
    run("anima_behavior_remove_child") { () throws(Failure) in
        let (_, p, c) = try family(parent, child)
        p.removeChild(c)
    }
}

@c @implementation
public func anima_behavior_get_children(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<anima_behavior>?, _ capacity: Int32, _ outCount: UnsafeMutablePointer<Int32>?) -> anima_status {
    run("anima_behavior_get_children") { () throws(Failure) in
        let (box, b) = try resolve(behavior)
        try copyOut(b.children, box.behaviorHandle, out, capacity, outCount, "out_children")
    }
}

@c @implementation
public func anima_behavior_get_parent(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<anima_behavior>?) -> anima_status {
    run("anima_behavior_get_parent") { () throws(Failure) in
        let (box, b) = try resolve(behavior)
        guard let out else { throw Failure.null("out_parent") }
        out.pointee = b.parent.map(box.behaviorHandle) ?? anima_behavior()
    }
}

@c @implementation
public func anima_behavior_set_action(_ behavior: anima_behavior, _ action: anima_behavior_action_fn?, _ userData: UnsafeMutableRawPointer?) -> anima_status {
    run("anima_behavior_set_action") { () throws(Failure) in
        let (box, b) = try resolve(behavior)
        b.action = action.map { fn in { [unowned box] me in fn(userData, box.behaviorHandle(me)) } }
    }
}

@c @implementation
public func anima_behavior_set_at_rest(_ behavior: anima_behavior, _ atRest: Bool) -> anima_status {
    run("anima_behavior_set_at_rest") { () throws(Failure) in
        try resolve(behavior).1.isAtRest = atRest
    }
}

@c @implementation
public func anima_behavior_get_at_rest(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<Bool>?) -> anima_status {
    readValue("anima_behavior_get_at_rest", anyBehavior, behavior, out, "out_at_rest") { b in b.isAtRest }
}
