/// Animated values: numbers (up to four) that the animator's view animations move, on the same
/// clock as its physics (docs/animations.md, "Values").
extension Animator {
    /// Creates a value. Throws `.invalidArgument` for a definition ``ValueDefinition/validate()``
    /// refuses and `.outOfMemory` past ``ValueStore/maximumSlots`` live values or when the value
    /// storage cannot grow (nothing is changed then).
    public func createValue(_ def: ValueDefinition) throws(AnimaError) -> ValueID {
        try def.validate()
        if values.freeSlots.isEmpty && values.components.count >= ValueStore.maximumSlots {
            throw AnimaError(.outOfMemory, "an animator holds at most \(ValueStore.maximumSlots) values at once")
        }
        try values.reserveSlot("createValue")
        return values.allocate(def)
    }

    /// Destroys a value: animations moving it leave it alone from now on (an animation left
    /// with nothing else to move still ends, finished, at its time). Throws `.invalidHandle` for
    /// a value that is not alive.
    public func destroyValue(_ value: ValueID) throws(AnimaError) {
        let s = try slot(of: value)
        takeOver(.value(value))
        values.free(s)
    }

    /// True when `value` names a live value of this animator.
    public func isLive(_ value: ValueID) -> Bool { values.isLive(value) }

    /// Live values in creation order.
    public var liveValues: [ValueID] { values.order.map(values.id) }

    @inline(__always) func slot(of value: ValueID) throws(AnimaError) -> Int {
        guard values.isLive(value) else {
            throw AnimaError(.invalidHandle, "\(value) is not a live value of this animator (destroyed or stale)")
        }
        return Int(value.slot)
    }

    /// The value's components (as many as it was created with).
    public func components(of value: ValueID) throws(AnimaError) -> [Double] { values.components[try slot(of: value)] }

    /// The value's mixing space.
    public func space(of value: ValueID) throws(AnimaError) -> ValueSpace { values.space[try slot(of: value)] }

    /// The value's bounds (lower, upper).
    public func bounds(of value: ValueID) throws(AnimaError) -> (lower: Double, upper: Double) {
        let s = try slot(of: value)
        return (values.lowerBound[s], values.upperBound[s])
    }

    /// Sets the value's components: at once, taking the value out of any animation moving it
    /// (that animation drops it, as a takeover does); or, between ``beginAnimations(_:)`` and
    /// ``commitAnimations(completion:)``, records them as the value's target. Throws
    /// `.invalidArgument` for the wrong number of components or one that is not finite or is
    /// outside the value's bounds; the value is then unchanged.
    public func setComponents(_ c: [Double], of value: ValueID) throws(AnimaError) {
        let s = try slot(of: value)
        let n = values.components[s].count
        guard c.count == n else {
            throw AnimaError(.invalidArgument, "\(value) has \(n) component\(n == 1 ? "" : "s") (got \(c.count))")
        }
        try ValueStore.check(c, values.lowerBound[s], values.upperBound[s], values.space[s])
        if capture != nil { capture!.record(.value(value), AnimatableValue(c)); return }
        takeOver(.value(value))
        values.components[s] = c
    }

    /// The value's rate of change, per component, in its units per second: the velocity of the
    /// animation moving it now, with that animation's direction and speed (zeros when none does,
    /// or it is paused). A colour's is the rate of its own components (red, green, blue, alpha
    /// per second).
    public func velocity(of value: ValueID) throws(AnimaError) -> [Double] {
        let s = try slot(of: value)
        for a in animations where a.isActive && !a.isPaused {
            guard let track = a.tracks.first(where: { $0.target == .value(value) }) else { continue }
            return a.shownVelocity(of: track, atLocal: a.time - a.definition.delay)
        }
        return Array(repeating: 0, count: values.components[s].count)
    }

    /// Called in the callback phase of every step in which an animation (or a drag) changed the
    /// value, with the value and its new components (libadwaita's callback target). Runs after
    /// the behaviors' actions and before the animations' completions; like every callback it may
    /// not advance, step or destroy the animator. Setting the value yourself does not call it.
    public func setOnChange(_ callback: ((ValueID, [Double]) -> Void)?, of value: ValueID) throws(AnimaError) {
        let s = try slot(of: value)
        values.onChange[s] = callback
        values.callbackDetached[s] = false
    }

    /// True when the value has a change callback.
    public func hasOnChange(_ value: ValueID) throws(AnimaError) -> Bool { values.onChange[try slot(of: value)] != nil }

    /// Copies the components of `list` into `buffer`, `maximumValueComponents` doubles per value
    /// (unused components 0), for reading many values in one call. Throws `.invalidHandle`
    /// naming the first value that is not alive (nothing is written then) and
    /// `.invalidArgument` when `capacity` is less than 4 x the count.
    public func copyComponents(of list: [ValueID], into buffer: UnsafeMutablePointer<Double>, capacity: Int) throws(AnimaError) {
        guard capacity >= list.count * maximumValueComponents else {
            throw AnimaError(.invalidArgument, "the buffer holds \(capacity) doubles; \(list.count) values need \(list.count * maximumValueComponents)")
        }
        for v in list { _ = try slot(of: v) }
        for (k, v) in list.enumerated() {
            let c = values.components[Int(v.slot)]
            for i in 0..<maximumValueComponents { buffer[k * maximumValueComponents + i] = i < c.count ? c[i] : 0 }
        }
    }

    /// Runs the change callbacks of the values animations wrote in this step, in the order they
    /// were first written; true when a callback interrupted.
    func runValueCallbacks() -> Bool {
        if values.changedSlots.isEmpty { return false }
        let slots = values.changedSlots
        values.changedSlots.removeAll(keepingCapacity: true)
        for s in slots { values.changed[Int(s)] = false }
        for s in slots where values.live[Int(s)] {
            guard let callback = values.onChange[Int(s)] else { continue }
            let id = values.id(s), c = values.components[Int(s)]
            do { try withCallback { callback(id, c) } } catch { return true }
        }
        return false
    }
}
