import Anima
import CAnima

// The values section of anima.h: animated values, their reads and writes, change callbacks and
// flings.

extension Cookie {
    static let value: UInt32 = 0x414E_000B
}

extension AnimatorBox {
    func valueHandle(_ id: ValueID) -> anima_value {
        anima_value(index1: UInt32(id.slot) + 1, generation: id.generation, animator: index1, kind: UInt16(ANIMA_KIND_VALUE.rawValue))
    }
}

func resolve(_ h: anima_value) throws(Failure) -> (AnimatorBox, ValueID) {
    if h.index1 == 0 { throw Failure(ANIMA_ERR_INVALID_HANDLE, "value is a null handle") }
    if h.kind != UInt16(ANIMA_KIND_VALUE.rawValue) {
        throw Failure(ANIMA_ERR_WRONG_KIND, "handle of kind \(h.kind) given where a value is expected")
    }
    guard h.index1 <= UInt32(Int32.max), let box = try Registry.enter(index1: UInt32(h.animator), generation: nil) else {
        throw Failure(ANIMA_ERR_INVALID_HANDLE, "value handle is stale or its animator was destroyed")
    }
    let id = ValueID(slot: Int32(h.index1 - 1), generation: h.generation)
    guard box.animator.isLive(id) else { throw Failure(ANIMA_ERR_INVALID_HANDLE, "value handle is stale or destroyed") }
    return (box, id)
}

@c @implementation
public func anima_default_value_def() -> anima_value_def {
    anima_value_def(cookie: Cookie.value, count: 1, components: (0, 0, 0, 0), space: ANIMA_SPACE_COMPONENTS,
                    visible_change: 0, has_bounds: false, lower: -maximumCoordinate, upper: maximumCoordinate)
}

@c @implementation
public func anima_value_null() -> anima_value { anima_value() }

@c @implementation
public func anima_value_create(_ animator: anima_animator, _ def: UnsafePointer<anima_value_def>?, _ out: UnsafeMutablePointer<anima_value>?) -> anima_status {
    run("anima_value_create") { () throws(Failure) in
        let box = try resolve(animator)
        guard let def else { throw Failure.null("def") }
        guard let out else { throw Failure.null("out_value") }
        let d = def.pointee
        try Cookie.check(d.cookie, Cookie.value, "value")
        guard d.count >= 1 && d.count <= 4 else {
            throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "count must be 1...4 (got \(d.count))")
        }
        guard let space = ValueSpace(rawValue: Int32(truncatingIfNeeded: d.space.rawValue)) else {
            throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "unknown value space \(d.space.rawValue)")
        }
        let c = d.components
        var definition = ValueDefinition(Array([c.0, c.1, c.2, c.3].prefix(Int(d.count))), space: space)
        if d.visible_change != 0 { definition.visibleChange = d.visible_change }
        if d.has_bounds {
            definition.lowerBound = d.lower
            definition.upperBound = d.upper
        }
        let final = definition
        let id = try engine { () throws(AnimaError) in try box.animator.createValue(final) }
        out.pointee = box.valueHandle(id)
    }
}

@c @implementation
public func anima_value_destroy(_ value: anima_value) -> anima_status {
    run("anima_value_destroy") { () throws(Failure) in
        let (box, id) = try resolve(value)
        try engine { () throws(AnimaError) in try box.animator.destroyValue(id) }
    }
}

@c @implementation
public func anima_value_is_valid(_ value: anima_value) -> Bool {
    answer("anima_value_is_valid") { () throws(Failure) in _ = try resolve(value) }
}

@c @implementation
public func anima_value_get_count(_ value: anima_value, _ out: UnsafeMutablePointer<Int32>?) -> anima_status {
    readValue("anima_value_get_count", resolve, value, out, "out_count") { (box, id) in
        Int32((try? box.animator.components(of: id).count) ?? 0)
    }
}

@c @implementation
public func anima_value_get(_ value: anima_value, _ out: UnsafeMutablePointer<Double>?, _ capacity: Int32, _ outCount: UnsafeMutablePointer<Int32>?) -> anima_status {
    run("anima_value_get") { () throws(Failure) in
        let (box, id) = try resolve(value)
        let c = try engine { () throws(AnimaError) in try box.animator.components(of: id) }
        try copyOut(c, { $0 }, out, capacity, outCount, "out_components")
    }
}

@c @implementation
public func anima_value_get_component(_ value: anima_value, _ index: Int32, _ out: UnsafeMutablePointer<Double>?) -> anima_status {
    run("anima_value_get_component") { () throws(Failure) in
        let (box, id) = try resolve(value)
        guard let out else { throw Failure.null("out_component") }
        let c = try engine { () throws(AnimaError) in try box.animator.components(of: id) }
        guard index >= 0 && Int(index) < c.count else {
            throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "index must be 0...\(c.count - 1) (got \(index))")
        }
        out.pointee = c[Int(index)]
    }
}

@c @implementation
public func anima_value_set(_ value: anima_value, _ components: UnsafePointer<Double>?, _ count: Int32) -> anima_status {
    run("anima_value_set") { () throws(Failure) in
        let (box, id) = try resolve(value)
        guard let components else { throw Failure.null("components") }
        guard count >= 1 && count <= 4 else { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "count must be 1...4 (got \(count))") }
        let c = Array(UnsafeBufferPointer(start: components, count: Int(count)))
        try engine { () throws(AnimaError) in try box.animator.setComponents(c, of: id) }
    }
}

@c @implementation
public func anima_value_get_velocity(_ value: anima_value, _ out: UnsafeMutablePointer<Double>?, _ capacity: Int32, _ outCount: UnsafeMutablePointer<Int32>?) -> anima_status {
    run("anima_value_get_velocity") { () throws(Failure) in
        let (box, id) = try resolve(value)
        let v = try engine { () throws(AnimaError) in try box.animator.velocity(of: id) }
        try copyOut(v, { $0 }, out, capacity, outCount, "out_velocity")
    }
}

@c @implementation
public func anima_value_get_info(_ value: anima_value, _ outSpace: UnsafeMutablePointer<anima_value_space>?, _ outLower: UnsafeMutablePointer<Double>?, _ outUpper: UnsafeMutablePointer<Double>?) -> anima_status {
    run("anima_value_get_info") { () throws(Failure) in
        let (box, id) = try resolve(value)
        let (space, bounds) = try engine { () throws(AnimaError) in (try box.animator.space(of: id), try box.animator.bounds(of: id)) }
        outSpace?.pointee = anima_value_space(rawValue: UInt32(space.rawValue))
        outLower?.pointee = bounds.lower
        outUpper?.pointee = bounds.upper
    }
}

@c @implementation
public func anima_value_set_callback(_ value: anima_value, _ fn: anima_value_fn?, _ userData: UnsafeMutableRawPointer?) -> anima_status {
    run("anima_value_set_callback") { () throws(Failure) in
        let (box, id) = try resolve(value)
        guard let fn else {
            try engine { () throws(AnimaError) in try box.animator.setOnChange(nil, of: id) }
            return
        }
        let handle = box.valueHandle(id)
        try engine { () throws(AnimaError) in
            try box.animator.setOnChange({ _, c in
                c.withUnsafeBufferPointer { fn(userData, handle, $0.baseAddress, Int32(c.count)) }
            }, of: id)
        }
    }
}

@c @implementation
public func anima_values_read(_ animator: anima_animator, _ values: UnsafePointer<anima_value>?, _ count: Int32, _ out: UnsafeMutablePointer<Double>?, _ capacity: Int32) -> anima_status {
    run("anima_values_read") { () throws(Failure) in
        let box = try resolve(animator)
        if count < 0 { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "count must be >= 0 (got \(count))") }
        if count == 0 { return }
        guard let values else { throw Failure.null("values") }
        guard let out else { throw Failure.null("out") }
        if Int(capacity) < Int(count) * 4 {
            throw Failure(ANIMA_ERR_BUFFER_TOO_SMALL, "out holds \(capacity) doubles but \(Int(count) * 4) are needed")
        }
        var ids: [ValueID] = []
        ids.reserveCapacity(Int(count))
        for i in 0..<Int(count) {
            let h = values[i]
            if h.kind != UInt16(ANIMA_KIND_VALUE.rawValue) {
                throw Failure(h.index1 == 0 ? ANIMA_ERR_INVALID_HANDLE : ANIMA_ERR_WRONG_KIND, "values[\(i)] is not a value handle")
            }
            if h.animator != box.index1 { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "values[\(i)] belongs to another animator") }
            let id = ValueID(slot: Int32(truncatingIfNeeded: h.index1 &- 1), generation: h.generation)
            guard h.index1 >= 1, h.index1 <= UInt32(Int32.max), box.animator.isLive(id) else {
                throw Failure(ANIMA_ERR_INVALID_HANDLE, "values[\(i)] is stale or destroyed")
            }
            ids.append(id)
        }
        let list = ids
        try engine { () throws(AnimaError) in try box.animator.copyComponents(of: list, into: out, capacity: Int(capacity)) }
    }
}

@c @implementation
public func anima_value_fling(_ value: anima_value, _ def: UnsafePointer<anima_decay_def>?, _ completion: anima_animation_completion_fn?, _ userData: UnsafeMutableRawPointer?, _ out: UnsafeMutablePointer<anima_animation>?) -> anima_status {
    run("anima_value_fling") { () throws(Failure) in
        let (box, id) = try resolve(value)
        guard let def else { throw Failure.null("def") }
        let d = def.pointee
        try Cookie.check(d.cookie, Cookie.decay, "decay")
        let n = try engine { () throws(AnimaError) in try box.animator.components(of: id).count }
        let decay = try decayDefinition(d, count: n)
        let a = try engine { () throws(AnimaError) in try box.animator.startDecay(of: id, decay) }
        setCompletion(completion, userData, of: a, in: box)
        out?.pointee = a.identifier
    }
}

@c @implementation
public func anima_animator_get_detached_value_callbacks(_ animator: anima_animator, _ out: UnsafeMutablePointer<anima_value>?, _ capacity: Int32, _ outCount: UnsafeMutablePointer<Int32>?) -> anima_status {
    run("anima_animator_get_detached_value_callbacks") { () throws(Failure) in
        let box = try resolve(animator)
        let list = box.animator.detachedCallbacks.compactMap { $0.kind == .valueChange ? $0.value : nil }
        try copyOut(list, box.valueHandle, out, capacity, outCount, "out_values")
    }
}

@c @implementation
public func anima_animator_get_values(_ animator: anima_animator, _ out: UnsafeMutablePointer<anima_value>?, _ capacity: Int32, _ outCount: UnsafeMutablePointer<Int32>?) -> anima_status {
    run("anima_animator_get_values") { () throws(Failure) in
        let box = try resolve(animator)
        try copyOut(box.animator.liveValues, box.valueHandle, out, capacity, outCount, "out_values")
    }
}
