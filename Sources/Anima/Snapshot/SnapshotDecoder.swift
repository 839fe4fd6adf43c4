extension Animator {
    /// Rebuilds an animator from a ``snapshot()``. Stepping it gives, step for step, the
    /// bit-identical poses and velocities the original gives; its items keep their identifiers,
    /// its animations their identifiers, and the id counters continue where they were.
    /// Callbacks are left unset (``RestoredAnimator/detachedCallbacks`` says which were set).
    /// Throws `.invalidArgument`, naming the fault, for bytes that are truncated, corrupted
    /// (CRC-32 mismatch), not a snapshot, of a newer format version, or inconsistent in any
    /// field or cross-reference. No input traps; allocations are bounded by the input's length.
    public static func restore(_ bytes: [UInt8]) throws(AnimaError) -> RestoredAnimator {
        var outcome: Result<RestoredAnimator, AnimaError> = .failure(AnimaError(.invalidArgument, "snapshot: not read"))
        bytes.withUnsafeBytes { raw in
            do throws(AnimaError) { outcome = .success(try restore(raw)) } catch { outcome = .failure(error) }
        }
        return try outcome.get()
    }

    /// ``restore(_:)-([UInt8])`` from memory the caller owns (read during the call only).
    public static func restore(_ bytes: UnsafeRawBufferPointer) throws(AnimaError) -> RestoredAnimator {
        // the restored storage is bounded by the input's length (a few times it: records are
        // packed, arrays have room), so it is checked through the gate before any is made
        try MemoryGate.check(bytes: 8 * bytes.count + 65_536, "restore: the restored animator's storage for \(bytes.count) bytes of snapshot")
        var (payload, version) = try SnapshotDecoder.payload(bytes)
        var decoder = try SnapshotDecoder(configuration: &payload, version: version)
        return try decoder.decode(&payload)
    }
}

/// Reads a snapshot back into a new animator (docs/snapshot.md), checking every field as it
/// goes and every cross-reference before the animator is handed out.
struct SnapshotDecoder {
    let animator: Animator
    let store: ItemStore
    let world: World
    let configuration: AnimatorConfiguration
    /// The format version of the bytes (1 or 2: see SnapshotFormat.version).
    let version: UInt32
    var slots = 0
    /// Per slot, its collision memberships as read (checked against the tree once it is read).
    var itemRows: [[Int32]] = []
    var boundaryRows: [[Int32]] = []
    var behaviors: [Behavior] = []
    var behaviorFlags: [UInt8] = []
    var animations: [ViewAnimation] = []
    var timelines: [Timeline] = []
    var hostData: [UInt8] = []
    var topLevel: [Behavior] = []
    var touching: [UInt64: TouchRecord] = [:]

    // the clock and flags, applied once everything is checked
    var isRunning = false
    var elapsedTime = 0.0
    var stepCount: UInt64 = 0
    var accumulator = 0.0
    var pendingResume = false
    var pendingPause = false
    var graphDirty = true
    var bodyListsDirty = false
    var physicsAtRest = false
    var solvesWide = true
    var nextSegmentID: UInt32 = 0
    var nextAnimationIdentifier: UInt64 = 0
    var animatorFlags: UInt8 = 0
    var reducesMotion = false
    var timeScale = 1.0
    var userDataSlots: [Int32] = []
    var largestGeneration: UInt32 = 0

    // MARK: header

    /// Checks the header and the checksum; returns a reader of the payload and the version.
    static func payload(_ bytes: UnsafeRawBufferPointer) throws(AnimaError) -> (SnapshotReader, UInt32) {
        let magic = SnapshotFormat.magic
        if bytes.count >= magic.count && !zip(bytes.prefix(magic.count), magic).allSatisfy({ $0 == $1 }) {
            throw AnimaError(.invalidArgument, "not an Anima snapshot: the first 8 bytes are not \"ANIMASNP\"")
        }
        let header = SnapshotFormat.headerSize
        guard bytes.count >= header else {
            throw AnimaError(.invalidArgument, "snapshot is truncated: \(bytes.count) bytes, the header alone is \(header)")
        }
        var r = SnapshotReader(bytes, from: magic.count, to: header)
        let version = try r.u32()
        guard version <= SnapshotFormat.version else {
            throw AnimaError(.invalidArgument, "snapshot format version \(version) is newer than this library reads (\(SnapshotFormat.version))")
        }
        guard version >= 1 else { throw SnapshotReader.corrupt("format version 0") }
        let flags = try r.u32()
        let length = try r.u64()
        let crc = try r.u32()
        let reserved = try r.u32()
        guard flags == 0 && reserved == 0 else { throw SnapshotReader.corrupt("unknown header flags \(flags), \(reserved)") }
        let available = UInt64(bytes.count - header)
        guard length <= available else {
            throw AnimaError(.invalidArgument, "snapshot is truncated: \(available) of its \(length) payload bytes are there")
        }
        guard length == available else {
            throw SnapshotReader.corrupt("\(available - length) bytes follow the payload")
        }
        let computed = CRC32.checksum(UnsafeRawBufferPointer(rebasing: bytes[header...]))
        guard computed == crc else {
            throw AnimaError(.invalidArgument, "snapshot is corrupted: its CRC-32 is 0x\(String(computed, radix: 16)), the header says 0x\(String(crc, radix: 16))")
        }
        return (SnapshotReader(bytes, from: header, to: bytes.count), version)
    }

    // MARK: configuration (CONF), which makes the animator

    init(configuration payload: inout SnapshotReader, version: UInt32) throws(AnimaError) {
        self.version = version
        var r = try payload.section(.configuration)
        var bounds: Rect? = nil
        if try r.bool("has reference bounds") {
            bounds = Rect(x: try r.f64(), y: try r.f64(), width: try r.f64(), height: try r.f64())
        }
        var c = AnimatorConfiguration(referenceBounds: bounds, stepRate: try r.f64(), substeps: Int(try r.i32()),
                                      restSpeed: try r.f64(), restAngularSpeed: try r.f64(), restTime: try r.f64(),
                                      maximumAdvance: try r.f64(), workers: Int(try r.i32()))
        do { try c.validate() } catch { throw SnapshotReader.corrupt("configuration: \(error.message)") }
        configuration = c
        // workers start once the snapshot has been checked (adoptRestoredConfiguration)
        c.workers = 1
        do { animator = try Animator(configuration: c) } catch {
            throw SnapshotReader.corrupt("configuration: \(error.message)")
        }
        store = animator.store
        world = animator.world
        isRunning = try r.bool("running")
        elapsedTime = try r.finite("elapsed time", in: 0, 1e300)
        stepCount = try r.u64()
        guard stepCount < 1 << 62 else { throw SnapshotReader.corrupt("step count \(stepCount)") }
        accumulator = try r.finite("accumulator", in: 0, animator.stepDuration)
        pendingResume = try r.bool("pending resume")
        pendingPause = try r.bool("pending pause")
        graphDirty = try r.bool("graph dirty")
        bodyListsDirty = try r.bool("body lists dirty")
        physicsAtRest = try r.bool("physics at rest")
        solvesWide = try r.bool("wide solver")
        nextSegmentID = try r.u32()
        nextAnimationIdentifier = try r.u64()
        animatorFlags = try r.u8()
        guard animatorFlags <= 7 else { throw SnapshotReader.corrupt("unknown animator callback flags \(animatorFlags)") }
        if version >= 5 {
            reducesMotion = try r.bool("reduced motion")
            timeScale = try r.finite("time scale", in: 1e-3, 1e3)
        }
        try r.finish(.configuration)
    }

    // MARK: the whole

    mutating func decode(_ payload: inout SnapshotReader) throws(AnimaError) -> RestoredAnimator {
        try decodeItems(&payload)
        if version >= 5 { try decodeValues(&payload) }
        try decodeBehaviors(&payload)
        try decodeTree(&payload)
        try decodeBroadPhase(&payload)
        try decodeContacts(&payload)
        try decodeAnimations(&payload)
        var host = try payload.section(.host)
        hostData = try host.raw(host.remaining, "host data")
        guard payload.remaining == 0 else { throw SnapshotReader.corrupt("\(payload.remaining) bytes follow the last section") }
        try check()
        return finish()
    }

    /// Brings in what the snapshot leaves out because it follows from the rest (outlines,
    /// boundary geometry, lookup tables), sets the clock, starts the workers.
    private mutating func finish() -> RestoredAnimator {
        for s in 0..<slots { store.rebuildOutline(s) }
        animator.rebuildSegmentGeometry()
        for (k, segment) in world.segments.enumerated() { world.segmentIndex[segment.id] = Int32(k) }
        for c in world.contacts { world.contactKeys.insert(c.key) }
        animator.world.touchingReporters = touching
        animator.adoptRestoredTree(topLevel)
        animator.isRunning = isRunning
        animator.elapsedTime = elapsedTime
        animator.stepCount = stepCount
        animator.world.anyPoseEdited = store.poseEdited.contains(true)
        animator.accumulator = accumulator
        animator.pendingResumeNotification = pendingResume
        animator.pendingPauseNotification = pendingPause
        animator.graphDirty = graphDirty
        animator.behaviorHooksDirty = true
        animator.world.bodyListsDirty = bodyListsDirty
        animator.physicsAtRest = physicsAtRest
        animator.world.solvesContactsWide = solvesWide
        animator.nextSegmentID = nextSegmentID
        animator.nextAnimationIdentifier = nextAnimationIdentifier
        animator.reducesMotionSetting = reducesMotion
        animator.timeScale = timeScale
        // the callbacks the snapshot recorded, which stay detached until set again
        animator.detachedCallbackMarks = DetachedCallbackSet(animatorFlags: animatorFlags)
        animator.detachedUserData = Set(userDataSlots)
        for (k, b) in behaviors.enumerated() where behaviorFlags[k] != 0 {
            b.detachedCallbacks = DetachedCallbackSet(behaviorFlags: behaviorFlags[k])
            animator.detachedOwners.add(b)
        }
        for a in animations where a.completionDetached { animator.detachedOwners.add(a) }
        animator.adoptRestoredConfiguration(configuration)
        // later objects get generations no restored identifier holds
        Generation.advance(past: largestGeneration)
        return RestoredAnimator(animator: animator, behaviors: behaviors, timelines: timelines,
                                detachedCallbacks: animator.detachedCallbacks, hostData: hostData)
    }

    // MARK: items (ITEM)

    /// The smallest encoded slot (no path), for bounding the slot count by the section length.
    /// The fewest bytes one slot takes (version 1: two 64-bit masks; version 2: two empty
    /// membership lists).
    var slotBytes: Int { version == 1 ? 264 : 256 }

    /// A slot's collision memberships and its two summaries. Version 1 has the summaries only,
    /// whose bits were the behaviors themselves (it allowed 64); version 2 has the lists.
    private mutating func decodeMemberships(_ r: inout SnapshotReader, _ what: String) throws(AnimaError) {
        var rows: [[Int32]] = [[], []]
        if version == 1 {
            for m in 0..<2 {
                let mask = try r.u64()
                for k in 0..<64 where (mask >> UInt64(k)) & 1 == 1 { rows[m].append(Int32(k)) }
            }
        } else {
            for m in 0..<2 {
                for _ in 0..<(try r.count("\(what) collision memberships", bytesEach: 4)) {
                    let k = try r.u32()
                    guard k < UInt32(Int32.max), rows[m].last.map({ $0 < Int32(k) }) ?? true else {
                        throw SnapshotReader.corrupt("\(what) lists collision behavior \(k) out of order")
                    }
                    rows[m].append(Int32(k))
                }
            }
        }
        itemRows.append(rows[0])
        boundaryRows.append(rows[1])
        store.collisionMask.append(CollisionMembership.summary(of: rows[0]))
        store.boundaryMask.append(CollisionMembership.summary(of: rows[1]))
    }

    // MARK: values (VALU, version 5 on)

    private mutating func decodeValues(_ payload: inout SnapshotReader) throws(AnimaError) {
        var r = try payload.section(.values)
        let values = animator.values
        let n = try r.count("value slots", bytesEach: 42, atMost: ValueStore.maximumSlots)
        for s in 0..<n {
            let what = "value slot \(s)"
            let generation = try r.u32()
            largestGeneration = max(largestGeneration, generation)
            let flags = try r.u8()
            guard flags <= 7 else { throw SnapshotReader.corrupt("\(what) has unknown flags \(flags)") }
            let spaceRaw = try r.u8()
            guard let space = ValueSpace(rawValue: Int32(spaceRaw)) else { throw SnapshotReader.corrupt("\(what) mixes in space \(spaceRaw)") }
            let components = try r.values("\(what) components")
            var def = ValueDefinition(components, space: space)
            def.visibleChange = try r.f64()
            def.lowerBound = try r.f64()
            def.upperBound = try r.f64()
            do { try def.validate() } catch { throw SnapshotReader.corrupt("\(what): \(error.message)") }
            values.components.append(components)
            values.generation.append(generation)
            values.live.append(flags & 1 != 0)
            values.space.append(space)
            values.visibleChange.append(def.visibleChange!)
            values.lowerBound.append(def.lowerBound!)
            values.upperBound.append(def.upperBound!)
            values.onChange.append(nil)
            guard flags & 1 != 0 || flags & 6 == 0 else { throw SnapshotReader.corrupt("\(what) is free but has a callback or a change") }
            values.callbackDetached.append(flags & 2 != 0)
            values.changed.append(flags & 4 != 0)
        }
        func list(_ what: String) throws(AnimaError) -> [Int32] {
            var out: [Int32] = []
            for _ in 0..<(try r.count(what, bytesEach: 4)) {
                let s = try r.i32(what)
                guard s >= 0 && Int(s) < n else { throw SnapshotReader.corrupt("\(what) names slot \(s) of \(n)") }
                out.append(s)
            }
            return out
        }
        values.freeSlots = try list("free value slots")
        values.order = try list("live values")
        values.changedSlots = try list("changed values")
        // every slot is free or live, once; the changed ones are the live ones flagged so
        var seen = Array(repeating: false, count: n)
        for s in values.freeSlots + values.order {
            guard !seen[Int(s)] else { throw SnapshotReader.corrupt("value slot \(s) is listed twice") }
            seen[Int(s)] = true
        }
        for s in 0..<n where !seen[s] { throw SnapshotReader.corrupt("value slot \(s) is neither live nor free") }
        for s in values.freeSlots where values.live[Int(s)] { throw SnapshotReader.corrupt("live value slot \(s) is listed free") }
        for s in values.order where !values.live[Int(s)] { throw SnapshotReader.corrupt("free value slot \(s) is listed live") }
        guard Set(values.changedSlots).count == values.changedSlots.count,
              values.changedSlots.allSatisfy({ values.changed[Int($0)] }),
              values.changed.filter({ $0 }).count == values.changedSlots.count else {
            throw SnapshotReader.corrupt("the changed values disagree with their slots")
        }
        try r.finish(.values)
    }

    private mutating func decodeItems(_ payload: inout SnapshotReader) throws(AnimaError) {
        var r = try payload.section(.items)
        let n = try r.count("item slots", bytesEach: slotBytes, atMost: ItemStore.maximumSlots)
        slots = n
        store.created = try r.u64()
        guard store.created < 1 << 62 else { throw SnapshotReader.corrupt("item creation count \(store.created)") }
        for s in 0..<n {
            let what = "item slot \(s)"
            let generation = try r.u32()
            largestGeneration = max(largestGeneration, generation)
            store.generation.append(generation)
            let flags = try r.u8()
            guard flags <= (version >= 7 ? 255 : version >= 4 ? 127 : 63) else {
                throw SnapshotReader.corrupt("\(what) has unknown flags \(flags)")
            }
            let alive = flags & 1 != 0
            store.alive.append(alive)
            store.governed.append(flags & 2 != 0)
            store.wasAnchored.append(flags & 4 != 0)
            store.asleep.append(flags & 8 != 0)
            store.velocityGiven.append(flags & 16 != 0)
            store.poseEdited.append(flags & 64 != 0)
            store.isSensor.append(flags & 128 != 0)
            store.collisionGroup.append(0)
            if flags & 32 != 0 {
                guard alive else { throw SnapshotReader.corrupt("\(what) is dead but has user data") }
                userDataSlots.append(Int32(s))
            }
            store.userData.append(nil)
            store.position.append(try r.vec2("\(what) center"))
            store.angle.append(try r.finite("\(what) angle"))
            store.rotation.append(Rotation(c: try r.finite("\(what) rotation"), s: try r.finite("\(what) rotation")))
            store.velocity.append(try r.vec2("\(what) velocity"))
            store.angularVelocity.append(try r.finite("\(what) angular velocity"))
            let size = Size(width: try r.f64(), height: try r.f64())
            do { try validateSize(size) } catch { throw SnapshotReader.corrupt("\(what): \(error.message)") }
            store.size.append(size)
            store.transform.append(try r.transform(what))
            store.alpha.append(try r.finite("\(what) alpha", in: 0, 1))
            let shapeRaw = try r.u8()
            guard let shape = CollisionShape(rawValue: Int32(shapeRaw)), version >= 8 || shapeRaw <= 2 else {
                throw SnapshotReader.corrupt("\(what) has unknown shape \(shapeRaw)")
            }
            store.shape.append(shape)
            let pathCount = Int(try r.u8())
            var path: ItemPath? = nil
            if pathCount > 0 {
                var points: [Vec2] = []
                for _ in 0..<min(pathCount, maxPolygonVertices + 1) { points.append(try r.vec2("\(what) path")) }
                do { path = try ItemPath(points) } catch { throw SnapshotReader.corrupt("\(what) path: \(error.message)") }
            }
            if shape == .path && path == nil { throw SnapshotReader.corrupt("\(what) has the path shape but no path") }
            store.path.append(path)
            store.cornerRadius.append(0)
            store.properties.append(try r.properties(what))
            store.gravity.append(try r.vec2("\(what) gravity"))
            try decodeMemberships(&r, what)
            store.invMass.append(try r.finite("\(what) inverse mass", in: 0, .greatestFiniteMagnitude))
            store.invInertia.append(try r.finite("\(what) inverse inertia", in: 0, .greatestFiniteMagnitude))
            store.mass.append(try r.finite("\(what) mass", in: 0, .greatestFiniteMagnitude))
            store.restTime.append(try r.finite("\(what) rest time", in: 0, .greatestFiniteMagnitude))
            store.island.append(try r.i32())
            let proxy = try r.i32()
            guard proxy >= -1 else { throw SnapshotReader.corrupt("\(what) has proxy \(proxy)") }
            store.proxy.append(proxy)
            store.creation.append(try r.u64())
            store.geometry.append(ShapeGeometry(isCircle: true, radius: 0, count: 0, extent: 0, area: 0, inertiaPerMass: 0))
            store.outlineStart.append(0)
            store.outlineRoom.append(0)
            store.groupOf.append(-1)
            store.partOffset.append(.zero)
            store.partAngle.append(0)
        }
        store.freeSlots = try slotList(&r, "free slots")
        store.order = try slotList(&r, "creation order")
        // a destroyed item's slot joins the free list without allocating
        store.freeSlots.reserveCapacity(slots)
        if version >= 7 { try decodeSensors(&r) }
        if version >= 8 { try decodeCornerRadii(&r) }
        if version >= 9 { try decodeGroups(&r) }
        if version >= 10 { try decodeCollisionGroups(&r) }
        try r.finish(.items)
    }

    /// The items with a collision group (version 10 on): live, ascending slots, not groups, each
    /// group 1...Int32.max.
    func decodeCollisionGroups(_ r: inout SnapshotReader) throws(AnimaError) {
        var last = -1
        for _ in 0..<(try r.count("items with a collision group", bytesEach: 8)) {
            let slot = Int(try r.i32("collision group slot"))
            guard slot > last && slot < store.count && store.alive[slot] && !store.isGroup(slot) else {
                throw SnapshotReader.corrupt("collision group of slot \(slot): not an ascending live item slot")
            }
            last = slot
            let group = try r.i32("collision group")
            guard group > 0 else { throw SnapshotReader.corrupt("item slot \(slot) has collision group \(group)") }
            store.collisionGroup[slot] = group
            store.collisionGroupCount += 1
        }
    }

    /// The items with a corner radius (version 8 on): ascending slots, each radius 0...1e7 and
    /// not 0.
    func decodeCornerRadii(_ r: inout SnapshotReader) throws(AnimaError) {
        var last = -1
        for _ in 0..<(try r.count("items with a corner radius", bytesEach: 12)) {
            let slot = Int(try r.i32())
            guard slot > last && slot < store.count else {
                throw SnapshotReader.corrupt("corner radius of slot \(slot): not an ascending item slot")
            }
            last = slot
            let radius = try r.f64()
            guard radius != 0, (try? validateCornerRadius(radius)) != nil else {
                throw SnapshotReader.corrupt("item slot \(slot) has corner radius \(radius)")
            }
            store.cornerRadius[slot] = radius
        }
    }

    /// The groups (version 9 on): live, ascending slots, none a sensor or a part; each one's
    /// parts live, not groups, sensors or parts of another group, with finite poses.
    func decodeGroups(_ r: inout SnapshotReader) throws(AnimaError) {
        var last: Int32 = -1
        for _ in 0..<(try r.count("groups", bytesEach: 8)) {
            let g = try r.i32("group slot")
            guard g > last && Int(g) < store.count && store.alive[Int(g)] && !store.isSensor[Int(g)] else {
                throw SnapshotReader.corrupt("group slot \(g): not an ascending live item slot")
            }
            last = g
            var parts: [Int32] = []
            for _ in 0..<(try r.count("parts of group \(g)", bytesEach: 28)) {
                let m = try r.i32("part slot")
                guard m >= 0 && Int(m) < store.count && store.alive[Int(m)] && m != g && !store.isSensor[Int(m)]
                      && store.groupOf[Int(m)] < 0 && store.groupParts[m] == nil else {
                    throw SnapshotReader.corrupt("part slot \(m) of group \(g): not a free live item")
                }
                store.groupOf[Int(m)] = g
                store.partOffset[Int(m)] = try r.vec2("part \(m) offset")
                store.partAngle[Int(m)] = try r.finite("part \(m) angle")
                parts.append(m)
            }
            guard store.groupOf[Int(g)] < 0 else { throw SnapshotReader.corrupt("group \(g) is a part of a group") }
            store.groupParts[g] = parts
            store.groupSlots.append(g)
        }
    }

    /// The sensor slots of the last graph rebuild (ascending) and each sensor's visitors (a live
    /// sensor, by ascending slot; its visitors distinct).
    func decodeSensors(_ r: inout SnapshotReader) throws(AnimaError) {
        let list = try slotList(&r, "sensor slots")
        guard zip(list, list.dropFirst()).allSatisfy({ $0 < $1 }) else { throw SnapshotReader.corrupt("sensor slots are not ascending") }
        world.sensorSlots = list
        world.anySensors = !list.isEmpty
        var last: Int32 = -1
        for _ in 0..<(try r.count("sensors with visitors", bytesEach: 12)) {
            let sensor = try r.item(slots: slots, "a sensor")
            guard sensor.slot > last, store.isLive(sensor), store.isSensor[Int(sensor.slot)] else {
                throw SnapshotReader.corrupt("sensor \(sensor) is not a live sensor in ascending order")
            }
            last = sensor.slot
            var visitors: [ItemID] = [], seen = Set<ItemID>()
            for _ in 0..<(try r.count("sensor visitors", bytesEach: 8)) {
                let v = try r.item(slots: slots, "a sensor visitor")
                guard v != sensor, seen.insert(v).inserted else { throw SnapshotReader.corrupt("sensor \(sensor) lists visitor \(v) twice or itself") }
                visitors.append(v)
            }
            guard !visitors.isEmpty else { throw SnapshotReader.corrupt("sensor \(sensor) has an empty visitor list") }
            world.sensorVisitors[sensor.slot] = SensorVisitors(sensor: sensor, visitors: visitors)
        }
    }

    /// A list of item slots, each below the slot count.
    func slotList(_ r: inout SnapshotReader, _ what: String, allowingNone: Bool = false) throws(AnimaError) -> [Int32] {
        let n = try r.count(what, bytesEach: 4)
        var list: [Int32] = []
        list.reserveCapacity(n)
        for _ in 0..<n {
            let s = try r.i32()
            guard (s >= 0 || (allowingNone && s == -1)) && Int(s) < slots else {
                throw SnapshotReader.corrupt("\(what) name slot \(s) of \(slots)")
            }
            list.append(s)
        }
        return list
    }

    /// A reference into the behavior table.
    func behavior(_ r: inout SnapshotReader, _ what: String) throws(AnimaError) -> Behavior {
        let k = try r.i32()
        guard k >= 0 && Int(k) < behaviors.count else {
            throw SnapshotReader.corrupt("\(what) names behavior \(k) of \(behaviors.count)")
        }
        return behaviors[Int(k)]
    }

    /// A reference into the behavior table to a behavior of `kind`.
    func behavior<B: Behavior>(_ r: inout SnapshotReader, _ what: String, as type: B.Type) throws(AnimaError) -> B {
        let b = try behavior(&r, what)
        guard let typed = b as? B else { throw SnapshotReader.corrupt("\(what) names a \(b.kind) behavior") }
        return typed
    }
}
