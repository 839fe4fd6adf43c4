extension Animator {
    /// The whole state of the animator as bytes (the format is docs/snapshot.md): restoring them
    /// with ``restore(_:)`` and stepping gives, step for step, bit-identical poses to stepping
    /// this animator. The behavior tree and the behaviors the physics refers to are included;
    /// use ``snapshot(behaviors:timelines:hostData:)`` to include behaviors that are not in the
    /// tree, and timelines. Callbacks are not: the snapshot records which were set.
    /// Throws `.busy` from inside a callback and `.invalidState` while an animation or a
    /// timeline is being recorded. The step's hot path is untouched: the snapshot reads the
    /// state between steps.
    public func snapshot() throws(AnimaError) -> [UInt8] {
        try snapshot(behaviors: [])
    }

    /// The snapshot of ``snapshot()``, with `behaviors` (of this animator, added or not) first in
    /// its behavior table, in this order, the `timelines` recorded by this animator, and
    /// `hostData`, opaque bytes that ``restore(_:)`` gives back (the C interface keeps its handle
    /// tables there). Throws `.invalidArgument` for a behavior or timeline of another animator.
    public func snapshot(behaviors roster: [Behavior], timelines: [Timeline] = [],
                         hostData: [UInt8] = []) throws(AnimaError) -> [UInt8] {
        try checkSnapshotTime()
        try checkOwnership(roster, timelines)
        try checkSnapshotRoom("snapshot", extra: hostData.count)
        var encoder = SnapshotEncoder(self)
        encoder.collect(roster, timelines)
        return encoder.encode(hostData)
    }

    /// A 64-bit digest of the state a snapshot holds, for comparing two runs (or a run and its
    /// replay) without keeping their states: equal for two animators built and stepped by the
    /// same calls, in one process or in two, and different, but for a 2^-64 chance, when any
    /// recorded value differs by a bit. It hashes the snapshot's sections with every handle
    /// generation written as 0, and without host data, so it does not depend on what other
    /// animators of the process did. `behaviors` and `timelines` are included as
    /// ``snapshot(behaviors:timelines:hostData:)`` includes them. Throws as ``snapshot()``.
    public func stateHash(behaviors roster: [Behavior] = [], timelines: [Timeline] = []) throws(AnimaError) -> UInt64 {
        try checkSnapshotTime()
        try checkOwnership(roster, timelines)
        try checkSnapshotRoom("stateHash", extra: 0)
        var encoder = SnapshotEncoder(self)
        encoder.w.canonical = true
        encoder.collect(roster, timelines)
        let bytes = encoder.encode([])
        return bytes.withUnsafeBytes { StateHash.digest(UnsafeRawBufferPointer(rebasing: $0[SnapshotFormat.headerSize...])) }
    }
}

extension Animator {
    /// Throws `.busy` inside a callback and `.invalidState` while an animation or a timeline is
    /// being recorded: the moments a snapshot would catch half-made.
    fileprivate func checkSnapshotTime() throws(AnimaError) {
        guard inCallback == 0 && !isStepping else {
            throw AnimaError(.busy, "a snapshot cannot be taken from inside a callback")
        }
        guard capture == nil && openTimeline == nil else {
            throw AnimaError(.invalidState, "a snapshot cannot be taken while an animation or a timeline is being recorded")
        }
    }

    /// Checks through `MemoryGate` that the encoder's buffers can be had: no more than the
    /// storage they describe holds (`memoryHeld`, which counts every array's room), twice over
    /// for the growth of the bytes as they are written, plus `extra` bytes of host data. The
    /// snapshot goes to the caller: it is not counted against the memory budget.
    fileprivate func checkSnapshotRoom(_ caller: String, extra: Int) throws(AnimaError) {
        try MemoryGate.check(bytes: 2 * (memoryHeld + extra), "\(caller): the snapshot's buffers")
    }

    /// Throws `.invalidArgument` for a behavior or timeline of another animator.
    fileprivate func checkOwnership(_ roster: [Behavior], _ timelines: [Timeline]) throws(AnimaError) {
        for b in roster where b.owner !== self {
            throw AnimaError(.invalidArgument, "a behavior of another animator cannot be in this animator's snapshot")
        }
        for t in timelines where t.owner !== self {
            throw AnimaError(.invalidArgument, "a timeline of another animator cannot be in this animator's snapshot")
        }
    }
}

/// The 64-bit hash of ``Animator/stateHash()``: xxHash64's round and final avalanche (Yann
/// Collet, xxHash specification, XXH64) over the bytes as little-endian 8-byte words, the tail
/// zero-padded, with the length mixed in. One lane, not XXH64's four: the digest only has to be
/// stable and well mixed, and the lengths hashed are a few megabytes at most.
enum StateHash {
    static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    static let prime3: UInt64 = 0x1656_67B1_9E37_79F9

    @inline(__always) static func round(_ h: UInt64, _ word: UInt64) -> UInt64 {
        var acc = h &+ word &* prime2
        acc = (acc << 31) | (acc >> 33)
        return acc &* prime1
    }

    static func digest(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var h = prime3 &+ UInt64(bytes.count) &* prime1
        let words = bytes.count / 8
        for i in 0..<words {
            h = round(h, UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)))
        }
        var tail: UInt64 = 0
        for (k, i) in (words * 8..<bytes.count).enumerated() { tail |= UInt64(bytes[i]) << (8 * UInt64(k)) }
        h = round(h, tail)
        h ^= h >> 33
        h = h &* prime2
        h ^= h >> 29
        h = h &* prime3
        h ^= h >> 32
        return h
    }
}

/// Writes an animator's state section by section (docs/snapshot.md). Objects are written once,
/// in tables; references between them are table indices.
struct SnapshotEncoder {
    let animator: Animator
    let store: ItemStore
    let world: World
    var w = SnapshotWriter()
    var behaviors: [Behavior] = []
    var behaviorIndex: [ObjectIdentifier: Int32] = [:]
    var animations: [ViewAnimation] = []
    var animationIndex: [ObjectIdentifier: Int32] = [:]
    var timelines: [Timeline] = []

    init(_ animator: Animator) {
        self.animator = animator
        store = animator.store
        world = animator.world
    }

    // MARK: tables

    /// The behavior table: the roster, the tree, then whatever the physics and the contacts refer
    /// to; each behavior with its whole family (the subtree of its topmost ancestor), depth first.
    mutating func collect(_ roster: [Behavior], _ timelines: [Timeline]) {
        for b in roster { include(b) }
        for b in animator.behaviors { include(b) }
        for b in world.collisionBehaviors { include(b) }
        for b in world.attachments { include(b) }
        for b in world.pushes { include(b) }
        for b in world.snaps { include(b) }
        for b in world.fields { include(b) }
        for s in world.segments { include(s.owner) }
        for c in world.contacts where c.touching && !c.isHole {
            for r in animator.world.touchingReporters[c.key]?.reporters ?? [] { include(r) }
        }
        for a in animator.animations { include(a) }
        for a in animator.finishedAnimations { include(a) }
        var seen = Set<ObjectIdentifier>()
        for t in timelines where seen.insert(ObjectIdentifier(t)).inserted {
            self.timelines.append(t)
            for a in t.segments { include(a) }
        }
    }

    private mutating func include(_ b: Behavior) {
        guard behaviorIndex[ObjectIdentifier(b)] == nil else { return }
        var root = b
        while let p = root.parent { root = p }
        var stack = [root]
        while let next = stack.popLast() {
            guard behaviorIndex[ObjectIdentifier(next)] == nil else { continue }
            behaviorIndex[ObjectIdentifier(next)] = Int32(behaviors.count)
            behaviors.append(next)
            stack.append(contentsOf: next.children.reversed())
        }
    }

    private mutating func include(_ a: ViewAnimation) {
        guard animationIndex[ObjectIdentifier(a)] == nil else { return }
        animationIndex[ObjectIdentifier(a)] = Int32(animations.count)
        animations.append(a)
    }

    private mutating func reference(_ b: Behavior) { w.i32(behaviorIndex[ObjectIdentifier(b)] ?? -1) }
    private mutating func reference(_ a: ViewAnimation) { w.i32(animationIndex[ObjectIdentifier(a)] ?? -1) }
    private mutating func slots(_ list: [Int32]) {
        w.count(list.count)
        for s in list { w.i32(s) }
    }

    // MARK: the whole

    /// Header, sections, then the payload's length and CRC-32 patched into the header.
    mutating func encode(_ hostData: [UInt8]) -> [UInt8] {
        w.raw(SnapshotFormat.magic)
        w.u32(SnapshotFormat.version)
        w.u32(0)          // flags
        w.u64(0)          // payload length, patched
        w.u32(0)          // CRC-32, patched
        w.u32(0)          // reserved
        encodeConfiguration()
        encodeItems()
        encodeValues()
        encodeBehaviors()
        encodeTree()
        encodeBroadPhase()
        encodeContacts()
        encodeAnimations()
        let host = w.beginSection(.host)
        w.raw(hostData)
        w.endSection(host)
        let header = SnapshotFormat.headerSize
        w.patch(UInt64(w.bytes.count - header), at: 16)
        let crc = w.bytes.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[header...])) }
        w.patch32(crc, at: 24)
        return w.bytes
    }

    // MARK: sections

    private mutating func encodeConfiguration() {
        let start = w.beginSection(.configuration)
        let c = animator.configuration
        w.bool(c.referenceBounds != nil)
        if let r = c.referenceBounds {
            w.f64(r.x)
            w.f64(r.y)
            w.f64(r.width)
            w.f64(r.height)
        }
        w.f64(c.stepRate)
        w.i32(Int32(c.substeps))
        w.f64(c.restSpeed)
        w.f64(c.restAngularSpeed)
        w.f64(c.restTime)
        w.f64(c.maximumAdvance)
        w.i32(Int32(c.workers))
        w.bool(animator.isRunning)
        w.f64(animator.elapsedTime)
        w.u64(animator.stepCount)
        w.f64(animator.accumulator)
        w.bool(animator.pendingResumeNotification)
        w.bool(animator.pendingPauseNotification)
        w.bool(animator.graphDirty)
        w.bool(animator.world.bodyListsDirty)
        w.bool(animator.physicsAtRest)
        w.bool(animator.world.solvesContactsWide)
        w.u32(animator.nextSegmentID)
        w.u64(animator.nextAnimationIdentifier)
        var set = animator.detachedCallbackMarks
        if animator.onWillResume != nil { set.insert(.willResume) }
        if animator.onDidPause != nil { set.insert(.didPause) }
        if animator.onStep != nil { set.insert(.step) }
        w.u8(set.animatorFlags)
        // version 5 on: reduced motion and the time scale
        w.bool(animator.reducesMotionSetting)
        w.f64(animator.timeScale)
        w.endSection(start)
    }

    /// Every value slot (live or free), then the free slots and the live ones in creation order.
    private mutating func encodeValues() {
        let start = w.beginSection(.values)
        let values = animator.values
        w.count(values.components.count)
        for s in values.components.indices {
            w.generation(values.generation[s])
            var flags: UInt8 = values.live[s] ? 1 : 0
            if values.live[s] && (values.onChange[s] != nil || values.callbackDetached[s]) { flags |= 2 }
            if values.changed[s] { flags |= 4 }
            w.u8(flags)
            w.u8(UInt8(values.space[s].rawValue))
            w.values(values.components[s])
            w.f64(values.visibleChange[s])
            w.f64(values.lowerBound[s])
            w.f64(values.upperBound[s])
        }
        slots(values.freeSlots)
        slots(values.order)
        slots(values.changedSlots)
        w.endSection(start)
    }

    private mutating func encodeItems() {
        let start = w.beginSection(.items)
        let n = store.count
        w.count(n)
        w.u64(store.created)
        for s in 0..<n {
            w.generation(store.generation[s])
            let userData = store.alive[s] && (store.userData[s] != nil || animator.detachedUserData.contains(Int32(s)))
            var flags: UInt8 = store.alive[s] ? 1 : 0
            if store.governed[s] { flags |= 2 }
            if store.wasAnchored[s] { flags |= 4 }
            if store.asleep[s] { flags |= 8 }
            if store.velocityGiven[s] { flags |= 16 }
            if userData { flags |= 32 }
            if store.poseEdited[s] { flags |= 64 }
            if store.isSensor[s] { flags |= 128 }   // version 7 on
            w.u8(flags)
            w.vec2(store.position[s])
            w.f64(store.angle[s])
            w.f64(store.rotation[s].c)
            w.f64(store.rotation[s].s)
            w.vec2(store.velocity[s])
            w.f64(store.angularVelocity[s])
            w.f64(store.size[s].width)
            w.f64(store.size[s].height)
            w.transform(store.transform[s])
            w.f64(store.alpha[s])
            w.u8(UInt8(store.shape[s].rawValue))
            let path = store.path[s]?.points ?? []
            w.u8(UInt8(path.count))
            for p in path { w.vec2(p) }
            w.properties(store.properties[s])
            w.vec2(store.gravity[s])
            membership(world.itemMembership.row(s, summary: store.collisionMask[s]))
            membership(world.boundaryMembership.row(s, summary: store.boundaryMask[s]))
            w.f64(store.invMass[s])
            w.f64(store.invInertia[s])
            w.f64(store.mass[s])
            w.f64(store.restTime[s])
            w.i32(store.island[s])
            w.i32(store.proxy[s])
            w.u64(store.creation[s])
        }
        slots(store.freeSlots)
        slots(store.order)
        // version 7 on: the sensor slots of the last graph rebuild, then each sensor's visitors
        slots(world.sensorSlots)
        w.count(world.sensorVisitors.count)
        for key in world.sensorVisitors.keys.sorted() {
            let record = world.sensorVisitors[key]!
            w.item(record.sensor)
            w.count(record.visitors.count)
            for v in record.visitors { w.item(v) }
        }
        // version 8 on: the items with a corner radius, by ascending slot, and the radius
        let rounded = (0..<n).filter { store.cornerRadius[$0] != 0 }
        w.count(rounded.count)
        for s in rounded {
            w.i32(Int32(s))
            w.f64(store.cornerRadius[s])
        }
        // version 9 on: the groups by ascending slot, each with its parts in order and their
        // poses in the group's frame (kept to the bit: the parts' poses are made from them)
        w.count(store.groupSlots.count)
        for g in store.groupSlots {
            w.i32(g)
            let parts = store.groupParts[g] ?? []
            w.count(parts.count)
            for m in parts {
                w.i32(m)
                w.vec2(store.partOffset[Int(m)])
                w.f64(store.partAngle[Int(m)])
            }
        }
        // version 10 on: the items with a collision group, by ascending slot, and the group
        let grouped = (0..<n).filter { store.collisionGroup[$0] != 0 }
        w.count(grouped.count)
        for s in grouped {
            w.i32(Int32(s))
            w.i32(store.collisionGroup[s])
        }
        w.endSection(start)
    }

    private mutating func encodeBehaviors() {
        let start = w.beginSection(.behaviors)
        w.count(behaviors.count)
        for b in behaviors {
            w.u8(UInt8(b.kind.rawValue))
            w.u8((b.isAdded ? 1 : 0) | (b.isAtRest ? 2 : 0))
            var set = b.detachedCallbacks
            if b.action != nil { set.insert(.action) }
            if let c = b as? CollisionBehavior {
                if c.onBeganContact != nil { set.insert(.beganContact) }
                if c.onEndedContact != nil { set.insert(.endedContact) }
                if c.preSolve != nil { set.insert(.preSolve) }
            }
            if let f = b as? FieldBehavior, f.evaluate != nil { set.insert(.fieldEvaluation) }
            w.u8(set.behaviorFlags)
            w.count(b.items.count)
            for item in b.items { w.item(item) }
            w.count(b.children.count)
            for c in b.children { reference(c) }
            encodePayload(b)
        }
        w.endSection(start)
    }

    private mutating func encodePayload(_ b: Behavior) {
        switch b {
        case let g as GravityBehavior:
            w.vec2(g.direction)
        case let c as CollisionBehavior:
            w.i32(c.mode.rawValue)
            w.bool(c.translatesReferenceBoundsIntoBoundary)
            let i = c.referenceBoundsInsets
            for x in [i.top, i.left, i.bottom, i.right] { w.f64(x) }
            w.count(c.boundaries.count)
            for boundary in c.boundaries {
                w.string(boundary.identifier)
                w.count(boundary.points.count)
                for p in boundary.points { w.vec2(p) }
                for id in boundary.segmentIDs { w.u32(id) }
            }
            w.count(c.referenceSegmentIDs.count)
            for id in c.referenceSegmentIDs { w.u32(id) }
            // version 7 on: the hit threshold, infinity for none
            w.f64(c.hitThreshold ?? .infinity)
        case let ib as DynamicItemBehavior:
            w.properties(ib.properties)
        case let a as AttachmentBehavior:
            let r = AttachmentRecord(a)
            w.u8(UInt8(r.kind.rawValue))
            w.item(r.item)
            w.vec2(r.offset)
            w.bool(r.otherItem != nil)
            if let other = r.otherItem { w.item(other) }
            w.vec2(r.otherOffset)
            w.vec2(r.anchorPoint)
            for x in [r.length, r.frequency, r.damping, r.frictionTorque, r.range.lowerBound, r.range.upperBound] { w.f64(x) }
            w.vec2(r.axis)
            for x in [r.referenceAngle, r.perpendicularImpulse, r.lowerImpulse, r.upperImpulse] { w.f64(x) }
            w.bool(r.previousAnchor != nil)
            if let p = r.previousAnchor { w.vec2(p) }
            w.f64(r.axialImpulse)
            w.vec2(r.linearImpulse)
            w.f64(r.angularImpulse)
            w.f64(r.maxForce)
            w.f64(r.anchorGlide)
            for x in [r.motorSpeed, r.maxMotorForce, r.jointSpringFrequency, r.jointSpringDamping, r.jointSpringRest, r.minimumLength,
                      r.motorImpulse, r.springImpulse, r.motorForce] { w.f64(x) }
        case let p as PushBehavior:
            w.u8(UInt8(p.mode.rawValue))
            w.f64(p.angle)
            w.f64(p.magnitude)
            w.bool(p.active)
            // a dictionary has no order: by slot, then generation
            let offsets = p.offsets.sorted { ($0.key.slot, $0.key.generation) < ($1.key.slot, $1.key.generation) }
            w.count(offsets.count)
            for (item, offset) in offsets {
                w.item(item)
                w.vec2(offset)
            }
        case let s as SnapBehavior:
            w.item(s.item)
            w.vec2(s.snapPoint)
            w.f64(s.damping)
            w.vec2(s.linearImpulse)
            w.f64(s.angularImpulse)
        case let f as FieldBehavior:
            let r = FieldRecord(f)
            w.u8(UInt8(r.kind.rawValue))
            w.vec2(r.position)
            w.region(r.region)
            for x in [r.strength, r.falloff, r.minimumRadius] { w.f64(x) }
            w.vec2(r.direction)
            for x in [r.smoothness, r.animationSpeed, r.noiseTime] { w.f64(x) }
        default:
            break
        }
    }

    /// A slot's collision behaviors: a count, then their indices (ascending).
    private mutating func membership(_ row: ArraySlice<Int32>) {
        w.count(row.count)
        for k in row { w.u32(UInt32(k)) }
    }

    private mutating func encodeTree() {
        let start = w.beginSection(.tree)
        w.count(animator.behaviors.count)
        for b in animator.behaviors { reference(b) }
        let lists: [[Behavior]] = [world.collisionBehaviors, world.attachments, world.pushes, world.snaps, world.fields]
        for list in lists {
            w.count(list.count)
            for b in list { reference(b) }
        }
        w.count(world.segments.count)
        for s in world.segments {
            w.vec2(s.p1)
            w.vec2(s.p2)
            reference(s.owner)
            w.u32(UInt32(s.ownerIndex))
            w.u32(s.id)
            w.bool(s.identifier != nil)
            if let id = s.identifier { w.string(id) }
        }
        slots(world.weldGroup)
        slots(world.moving)
        slots(world.kinematic)
        slots(world.colliding)
        let islands = world.sleepingIslands.sorted { $0.key < $1.key }
        w.count(islands.count)
        for (id, members) in islands {
            w.i32(id)
            slots(members)
        }
        w.i32(world.nextIslandID)
        w.endSection(start)
    }

    private mutating func encodeBroadPhase() {
        let start = w.beginSection(.broadPhase)
        let bp = world.broadPhase
        w.count(bp.tree.nodes.count)
        for node in bp.tree.nodes {
            w.vec2(node.aabb.lower)
            w.vec2(node.aabb.upper)
            w.i32(node.parent)
            w.i32(node.child1)
            w.i32(node.child2)
            w.i32(node.height)
        }
        w.i32(bp.tree.root)
        w.i32(bp.tree.freeListHead)
        w.u64(UInt64(bp.tree.proxyCount))
        slots(bp.moved)
        w.count(bp.isMoved.count)
        for f in bp.isMoved { w.bool(f) }
        slots(world.segmentProxies)
        w.endSection(start)
    }

    private mutating func encodeContacts() {
        let start = w.beginSection(.contacts)
        // the live contacts in their order (holes are not state: see WorldState.contactHoles)
        w.count(world.contacts.count - world.contactHoles)
        for c in world.contacts where !c.isHole {
            w.u64(c.key)
            w.i32(c.a)
            w.i32(c.b)
            w.generation(c.generationA)
            w.generation(c.generationB)
            w.u32(c.segmentID)
            w.i32(c.segment)
            w.manifold(of: c)
            w.f64(c.friction)
            w.f64(c.restitution)
            // bits 2 to 5: the steps its manifold has been carried forward (version 4 on)
            w.u8((c.touching ? 1 : 0) | (c.simulated ? 2 : 0) | UInt8(min(c.manifoldAge, 15)) << 2)
            w.vec2(c.lastPoint)
            if c.touching {
                let record = animator.world.touchingReporters[c.key]
                let reporters = record?.reporters ?? []
                w.count(reporters.count)
                for r in reporters { reference(r) }
                w.bool(record?.identifier != nil)
                if let id = record?.identifier { w.string(id) }
            }
        }
        w.endSection(start)
    }

    private mutating func encodeAnimations() {
        let start = w.beginSection(.animations)
        w.count(animations.count)
        for a in animations {
            w.u64(a.identifier)
            w.definition(a.definition)
            w.count(a.tracks.count)
            for t in a.tracks { w.track(t) }
            var flags: UInt8 = a.isActive ? 1 : 0
            if a.runsBackward { flags |= 2 }
            if a.isPaused { flags |= 4 }
            if a.completion != nil || !a.additionalCompletions.isEmpty || a.completionDetached { flags |= 8 }
            // what the tracks' ends stand for, 2 bits each, zero for an animation never continued
            flags |= UInt8(a.endStandsFor.rawValue) << 4
            flags |= UInt8(a.startStandsFor.rawValue ^ AnimationPosition.start.rawValue) << 6
            w.u8(flags)
            w.f64(a.time)
            w.i64(a.steps)
            w.f64(a.origin)
            w.u8(a.keyframeMode.map { UInt8($0.rawValue) } ?? 255)
            w.u8(UInt8(a.position.rawValue))
            w.f64(a.passDuration)
            w.f64(a.maxOffset)
            w.u8(a.pendingCompletion.map { $0 ? 2 : 1 } ?? 0)
            w.f64(a.speed)
            w.bool(a.scrubbedLinearly)
        }
        w.count(animator.animations.count)
        for a in animator.animations { reference(a) }
        w.count(animator.finishedAnimations.count)
        for a in animator.finishedAnimations { reference(a) }
        w.count(timelines.count)
        for t in timelines {
            w.f64(t.seekTime)
            w.count(t.segments.count)
            for a in t.segments { reference(a) }
        }
        w.endSection(start)
    }
}
