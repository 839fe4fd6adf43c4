/// An item began or ended overlapping a sensor (Box2D v3's sensor events).
public struct SensorEvent: Equatable, Sendable {
    /// The sensor item.
    public let sensor: ItemID
    /// The item that entered or left it (for an ended event, possibly destroyed since).
    public let visitor: ItemID
}

/// A sensor and the items overlapping it after the last step, in creation order.
struct SensorVisitors: Equatable {
    var sensor: ItemID
    var visitors: [ItemID]
}

/// Sensors: items that collide with nothing and report the items overlapping them, a drop zone
/// that lets a dragged card through and says when it is over it. A sensor's visitors are the
/// items that share a collision behavior (whose mode includes items) with it and whose collision
/// shapes overlap its own (touching counts), other sensors excepted, as Box2D v3 has them: after
/// each internal step, from the broad phase, in creation order. A sensor moves as any item
/// (its behaviors, its setters) but pushes nothing and is pushed by nothing.
extension Animator {
    /// Items that began overlapping a sensor during the last advance or step, in order.
    public var beganSensorEvents: [SensorEvent] { world.beganSensorEvents }
    /// Items that stopped overlapping a sensor (or were destroyed, or whose sensor was
    /// destroyed or made an ordinary item again) during the last advance or step, in order.
    public var endedSensorEvents: [SensorEvent] { world.endedSensorEvents }

    /// Makes the item a sensor, or an ordinary item again. Its contacts end (their ended
    /// events are reported) and, from the next step, it collides with nothing, boundaries
    /// included. Its visitors are found after each step; the items already over it when it
    /// becomes a sensor begin at the next step. Made ordinary again, its visitors end at the next step.
    public func setSensor(_ sensor: Bool, of item: ItemID) throws(AnimaError) {
        let s = try slot(of: item)
        if store.isSensor[s] == sensor { return }
        if sensor && (store.groupOf[s] >= 0 || store.isGroup(s)) {
            throw AnimaError(.invalidState, "a group and its parts cannot be sensors")
        }
        store.isSensor[s] = sensor
        // the pair rules change: the next rebuild drops its contacts, or finds its pairs again
        behaviorGraphDidChange(waking: [item])
    }

    /// Whether the item is a sensor.
    public func isSensor(_ item: ItemID) throws(AnimaError) -> Bool { store.isSensor[try slot(of: item)] }

    /// The items overlapping the sensor after the last step, in creation order; empty for an
    /// item that is not a sensor, or before its first step as one.
    public func visitors(ofSensor item: ItemID) throws(AnimaError) -> [ItemID] {
        let s = try slot(of: item)
        guard store.isSensor[s], let record = world.sensorVisitors[Int32(s)], record.sensor == item else { return [] }
        return record.visitors
    }

    /// The sensor slots for the graph rebuild, and the proxies of the slots that stopped being
    /// sensors queued afresh, so that their pairs are found again.
    func rebuildSensorSlots() {
        let old = world.sensorSlots
        world.sensorSlots.removeAll(keepingCapacity: true)
        for i in 0..<store.count where store.alive[i] && store.isSensor[i] { world.sensorSlots.append(Int32(i)) }
        world.anySensors = !world.sensorSlots.isEmpty
        for s in old where !world.sensorSlots.contains(s) {
            let i = Int(s)
            if i < store.count && store.alive[i] && store.proxy[i] >= 0 { world.broadPhase.queue(store.proxy[i], fresh: true) }
        }
    }

    /// After each internal step: every sensor's visitors found again, with an event for each
    /// that came or went (sensors in slot order, visitors in creation order; those that went,
    /// in the order they had been listed).
    func updateSensors() {
        guard world.anySensors || !world.sensorVisitors.isEmpty else { return }
        // sensors destroyed or made ordinary: their visitors end
        for key in world.sensorVisitors.keys.sorted() {
            guard let record = world.sensorVisitors[key] else { continue }
            if store.isLive(record.sensor) && store.isSensor[Int(key)] && world.sensorSlots.contains(key) { continue }
            for visitor in record.visitors {
                world.endedSensorEvents.append(SensorEvent(sensor: record.sensor, visitor: visitor))
            }
            world.sensorVisitors[key] = nil
        }
        for key in world.sensorSlots {
            let s = Int(key)
            guard s < store.count && store.alive[s] && store.isSensor[s] else { continue }
            let sensor = ItemID(slot: key, generation: store.generation[s])
            let now = visitorsNow(s)
            let before = world.sensorVisitors[key]?.visitors ?? []
            if now == before { continue }
            let stay = Set(now), stayed = Set(before)
            for visitor in before where !stay.contains(visitor) {
                world.endedSensorEvents.append(SensorEvent(sensor: sensor, visitor: visitor))
            }
            for visitor in now where !stayed.contains(visitor) {
                world.beganSensorEvents.append(SensorEvent(sensor: sensor, visitor: visitor))
            }
            world.sensorVisitors[key] = now.isEmpty ? nil : SensorVisitors(sensor: sensor, visitors: now)
        }
    }

    /// The items overlapping sensor slot `s` now, in creation order.
    private func visitorsNow(_ s: Int) -> [ItemID] {
        let shape = sensorShape(s)
        var found: [Int32] = []
        guard store.collisionMask[s] != 0 else { return [] }
        world.broadPhase.tree.query(shape.box) { proxy in
            let v = Int(world.broadPhase.tree.userData(proxy))
            if v >= 0 && v != s && store.alive[v] && store.governed[v] && !store.isSensor[v]
                && world.sharesItemCollision(s, v) && store.aabb(v).overlaps(shape.box) && overlaps(v, shape) {
                found.append(Int32(v))
            }
            return true
        }
        found.sort { store.creation[Int($0)] < store.creation[Int($1)] }
        return found.map { ItemID(slot: $0, generation: store.generation[Int($0)]) }
    }

    /// Sensor slot `s`'s collision shape where it is now, as a query shape.
    private func sensorShape(_ s: Int) -> PreparedQueryShape {
        let g = store.geometry[s], c = store.position[s]
        if g.isCircle || g.count < 3 && g.radius == 0 {
            let r = g.isCircle ? g.radius : 0
            return PreparedQueryShape(center: c, radius: r, isCircle: true, vertices: [], normals: [],
                                      box: AABB(lower: c - Vec2(r, r), upper: c + Vec2(r, r)))
        }
        let q = store.rotation[s]
        let (vertices, normals) = withOutline(s) { v, n, count in
            ((0..<count).map { q.rotate(v[$0]) }, (0..<count).map { q.rotate(n[$0]) })
        }
        return prepared(c, vertices, normals, radius: g.radius)
    }
}
