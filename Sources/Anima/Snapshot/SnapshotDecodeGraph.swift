/// Reading the behaviors (BHVR), the graph's derived lists (TREE), the broad phase (BRPH) and
/// the contacts (CONT) of a snapshot.
extension SnapshotDecoder {
    // MARK: behaviors (BHVR)

    mutating func decodeBehaviors(_ payload: inout SnapshotReader) throws(AnimaError) {
        var r = try payload.section(.behaviors)
        let n = try r.count("behaviors", bytesEach: 11)
        var links: [(items: [ItemID], children: [Int32], added: Bool, atRest: Bool)] = []
        for k in 0..<n {
            let what = "behavior \(k)"
            let raw = try r.u8()
            guard let kind = BehaviorKind(rawValue: Int32(raw)) else { throw SnapshotReader.corrupt("\(what) has unknown kind \(raw)") }
            let flags = try r.u8()
            guard flags <= 3 else { throw SnapshotReader.corrupt("\(what) has unknown flags \(flags)") }
            let callbacks = try r.u8()
            // (a collision behavior's pre-solve hook, 16, version 7 on)
            let allowed: UInt8 = kind == .collision ? (version >= 7 ? 23 : 7) : (kind == .field ? 9 : 1)
            guard callbacks & ~allowed == 0 else { throw SnapshotReader.corrupt("\(what) has callback flags \(callbacks)") }
            behaviorFlags.append(callbacks)
            let itemCount = try r.count("\(what) items", bytesEach: 8)
            var items: [ItemID] = []
            var seen = Set<ItemID>()
            for _ in 0..<itemCount {
                let item = try r.item(slots: slots, "\(what) item")
                guard seen.insert(item).inserted else { throw SnapshotReader.corrupt("\(what) lists \(item) twice") }
                largestGeneration = max(largestGeneration, item.generation)
                items.append(item)
            }
            let childCount = try r.count("\(what) children", bytesEach: 4)
            var children: [Int32] = []
            for _ in 0..<childCount { children.append(try r.i32()) }
            behaviors.append(try payloadBehavior(kind, &r, what))
            links.append((items, children, flags & 1 != 0, flags & 2 != 0))
        }
        try r.finish(.behaviors)
        // children and parents: each behavior the child of one parent at most, and no cycle
        var parent = [Int](repeating: -1, count: n)
        for (k, link) in links.enumerated() {
            for c in link.children {
                guard c >= 0 && Int(c) < n && Int(c) != k else { throw SnapshotReader.corrupt("behavior \(k) has child \(c)") }
                guard parent[Int(c)] < 0 else { throw SnapshotReader.corrupt("behavior \(c) has two parents") }
                parent[Int(c)] = k
            }
        }
        for k in 0..<n {
            var p = parent[k], steps = 0
            while p >= 0 {
                steps += 1
                guard steps <= n else { throw SnapshotReader.corrupt("behavior \(k) is its own ancestor") }
                p = parent[p]
            }
        }
        for (k, link) in links.enumerated() {
            behaviors[k].restoreMembership(items: link.items, children: link.children.map { behaviors[Int($0)] },
                                           isAtRest: link.atRest)
            behaviors[k].isAdded = link.added
        }
    }

    /// The part of a behavior its kind adds, as a new behavior of this animator.
    private mutating func payloadBehavior(_ kind: BehaviorKind, _ r: inout SnapshotReader, _ what: String) throws(AnimaError) -> Behavior {
        switch kind {
        case .custom:
            return Behavior(restoringOwner: animator, kind: .custom)
        case .gravity:
            let d = try r.vec2("\(what) direction")
            guard abs(d.x) <= 1e6 && abs(d.y) <= 1e6 else { throw SnapshotReader.corrupt("\(what) direction \(d)") }
            return GravityBehavior(restoring: animator, direction: d)
        case .itemBehavior:
            return DynamicItemBehavior(restoring: animator, properties: try r.properties(what))
        case .collision:
            let mode = try r.i32()
            guard mode >= 1 && mode <= 3 else { throw SnapshotReader.corrupt("\(what) has mode \(mode)") }
            let translates = try r.bool()
            let insets = EdgeInsets(top: try r.finite("\(what) insets", in: -maximumCoordinate, maximumCoordinate),
                                    left: try r.finite("\(what) insets", in: -maximumCoordinate, maximumCoordinate),
                                    bottom: try r.finite("\(what) insets", in: -maximumCoordinate, maximumCoordinate),
                                    right: try r.finite("\(what) insets", in: -maximumCoordinate, maximumCoordinate))
            var boundaries: [NamedBoundary] = []
            var names = Set<String>()
            for _ in 0..<(try r.count("\(what) boundaries", bytesEach: 9)) {
                let identifier = try r.string("\(what) boundary identifier")
                guard !identifier.isEmpty, names.insert(identifier).inserted else {
                    throw SnapshotReader.corrupt("\(what) has an empty or repeated boundary identifier")
                }
                let count = try r.count("\(what) boundary points", bytesEach: 20)
                guard count >= 2 else { throw SnapshotReader.corrupt("\(what) boundary \"\(identifier)\" has \(count) points") }
                var points: [Vec2] = []
                for _ in 0..<count {
                    let p = try r.vec2("\(what) boundary point")
                    guard abs(p.x) <= maximumCoordinate && abs(p.y) <= maximumCoordinate, points.last != p else {
                        throw SnapshotReader.corrupt("\(what) boundary \"\(identifier)\" has point \(p)")
                    }
                    points.append(p)
                }
                var ids: [UInt32] = []
                for _ in 1..<count { ids.append(try r.u32()) }
                boundaries.append(NamedBoundary(identifier: identifier, points: points, segmentIDs: ids))
            }
            let referenceCount = try r.count("\(what) reference segments", bytesEach: 4)
            guard referenceCount == 0 || referenceCount == 4 else {
                throw SnapshotReader.corrupt("\(what) has \(referenceCount) reference-bounds segments")
            }
            var referenceIDs: [UInt32] = []
            for _ in 0..<referenceCount { referenceIDs.append(try r.u32()) }
            var hitThreshold: Double? = nil
            if version >= 7 {
                let t = try r.f64("\(what) hit threshold")
                guard t == .infinity || (t >= 0 && t <= maximumSpeed) else {
                    throw SnapshotReader.corrupt("\(what) has hit threshold \(t)")
                }
                if t.isFinite { hitThreshold = t }
            }
            return CollisionBehavior(restoring: animator, mode: CollisionMode(rawValue: mode), translatesReferenceBounds: translates,
                                     insets: insets, boundaries: boundaries, referenceSegmentIDs: referenceIDs,
                                     hitThreshold: hitThreshold)
        case .attachment:
            return AttachmentBehavior(restoring: animator, record: try attachment(&r, what))
        case .push:
            let raw = try r.u8()
            guard let mode = PushMode(rawValue: Int32(raw)) else { throw SnapshotReader.corrupt("\(what) has push mode \(raw)") }
            let angle = try r.finite("\(what) angle"), magnitude = try r.finite("\(what) magnitude")
            let active = try r.bool()
            var offsets: [ItemID: Vec2] = [:]
            for _ in 0..<(try r.count("\(what) target offsets", bytesEach: 24)) {
                let item = try r.item(slots: slots, "\(what) target")
                guard offsets[item] == nil else { throw SnapshotReader.corrupt("\(what) has two offsets for \(item)") }
                offsets[item] = try r.vec2("\(what) target offset")
            }
            return PushBehavior(restoring: animator, mode: mode, angle: angle, magnitude: magnitude, active: active, offsets: offsets)
        case .snap:
            let item = try r.item(slots: slots, "\(what) item")
            return SnapBehavior(restoring: animator, item: item, snapPoint: try r.vec2("\(what) point"),
                                damping: try r.finite("\(what) damping", in: 0, 1), linearImpulse: try r.vec2("\(what) impulse"),
                                angularImpulse: try r.finite("\(what) impulse"))
        case .field:
            let raw = try r.u8()
            guard let kind = FieldKind(rawValue: Int32(raw)) else { throw SnapshotReader.corrupt("\(what) has field kind \(raw)") }
            let record = FieldRecord(kind: kind, position: try r.vec2("\(what) position"), region: try r.region(what),
                                     strength: try r.finite("\(what) strength"), falloff: try r.finite("\(what) falloff", in: -10, 10),
                                     minimumRadius: try r.finite("\(what) minimum radius", in: .leastNormalMagnitude, .greatestFiniteMagnitude),
                                     direction: try r.vec2("\(what) direction"), smoothness: try r.finite("\(what) smoothness", in: 0, 1),
                                     animationSpeed: try r.finite("\(what) animation speed", in: 0, 1e6),
                                     noiseTime: try r.finite("\(what) noise time"))
            return FieldBehavior(restoring: animator, record: record)
        }
    }

    private mutating func attachment(_ r: inout SnapshotReader, _ what: String) throws(AnimaError) -> AttachmentRecord {
        let raw = try r.u8()
        guard let kind = AttachmentKind(rawValue: Int32(raw)) else { throw SnapshotReader.corrupt("\(what) has attachment kind \(raw)") }
        let item = try r.item(slots: slots, "\(what) item")
        let offset = try r.vec2("\(what) offset")
        let other = try r.bool() ? try r.item(slots: slots, "\(what) other item") : nil
        switch kind {
        case .anchor: guard other == nil else { throw SnapshotReader.corrupt("\(what) ties an anchor to a second item") }
        case .sliding: break
        default: guard other != nil else { throw SnapshotReader.corrupt("\(what) has no second item") }
        }
        guard other != item else { throw SnapshotReader.corrupt("\(what) ties an item to itself") }
        largestGeneration = max(largestGeneration, item.generation, other?.generation ?? 0)
        let otherOffset = try r.vec2("\(what) other offset")
        let anchor = try r.vec2("\(what) anchor")
        let length = try r.finite("\(what) length", in: 0, .greatestFiniteMagnitude)
        let frequency = try r.finite("\(what) frequency", in: 0, 1e4)
        let damping = try r.finite("\(what) damping", in: 0, 1e4)
        let friction = try r.finite("\(what) friction torque", in: 0, .greatestFiniteMagnitude)
        let lower = try r.f64(), upper = try r.f64()
        guard lower <= 0 && upper >= 0 else { throw SnapshotReader.corrupt("\(what) range \(lower)...\(upper)") }
        let axis = try r.vec2("\(what) axis")
        var record = AttachmentRecord(kind: kind, item: item, offset: offset, otherItem: other, otherOffset: otherOffset,
                                anchorPoint: anchor, length: length, frequency: frequency, damping: damping,
                                frictionTorque: friction, range: lower...upper, axis: axis,
                                referenceAngle: try r.finite("\(what) reference angle"),
                                perpendicularImpulse: try r.finite("\(what) impulse"), lowerImpulse: try r.finite("\(what) impulse"),
                                upperImpulse: try r.finite("\(what) impulse"),
                                previousAnchor: try r.bool() ? try r.vec2("\(what) previous anchor") : nil,
                                axialImpulse: try r.finite("\(what) impulse"), linearImpulse: try r.vec2("\(what) impulse"),
                                angularImpulse: try r.finite("\(what) impulse"))
        if version >= 3 {
            record.maxForce = try r.f64()
            guard record.maxForce > 0 && !record.maxForce.isNaN else {
                throw SnapshotReader.corrupt("\(what) has max force \(record.maxForce)")
            }
            record.anchorGlide = try r.finite("\(what) anchor glide", in: 0, 1e7)
        }
        if version >= 6 {
            record.motorSpeed = try r.finite("\(what) motor speed", in: -1e7, 1e7)
            record.maxMotorForce = try r.finite("\(what) max motor force", in: 0, .greatestFiniteMagnitude)
            record.jointSpringFrequency = try r.finite("\(what) spring frequency", in: 0, 1e4)
            record.jointSpringDamping = try r.finite("\(what) spring damping", in: 0, 1e4)
            record.jointSpringRest = try r.finite("\(what) spring rest", in: -1e7, 1e7)
            record.minimumLength = try r.finite("\(what) minimum length", in: 0, length)
            record.motorImpulse = try r.finite("\(what) motor impulse")
            record.springImpulse = try r.finite("\(what) spring impulse")
            record.motorForce = try r.finite("\(what) motor force")
            let joint = kind == .pin || kind == .sliding
            guard joint || (record.motorSpeed == 0 && record.maxMotorForce == 0 && record.jointSpringFrequency == 0
                            && record.jointSpringDamping == 0 && record.jointSpringRest == 0),
                  kind == .limit || record.minimumLength == 0 else {
                throw SnapshotReader.corrupt("\(what) has a motor, joint spring or minimum length its kind has not")
            }
        }
        return record
    }

    // MARK: the graph's lists (TREE)

    mutating func decodeTree(_ payload: inout SnapshotReader) throws(AnimaError) {
        var r = try payload.section(.tree)
        var seen = Set<ObjectIdentifier>()
        for _ in 0..<(try r.count("top-level behaviors", bytesEach: 4)) {
            let b = try behavior(&r, "a top-level behavior")
            guard b.parent == nil, seen.insert(ObjectIdentifier(b)).inserted else {
                throw SnapshotReader.corrupt("a top-level behavior is listed twice or has a parent")
            }
            topLevel.append(b)
        }
        // what is in the tree is what the snapshot marked added
        var inTree = Set<ObjectIdentifier>()
        for b in topLevel { b.walk { inTree.insert(ObjectIdentifier($0)) } }
        for (k, b) in behaviors.enumerated() where b.isAdded != inTree.contains(ObjectIdentifier(b)) {
            throw SnapshotReader.corrupt("behavior \(k) is \(b.isAdded ? "" : "not ")marked added")
        }
        world.collisionBehaviors = try list(&r, "collision behaviors", CollisionBehavior.self)
        world.readCollisionOptions()
        let collisions = world.collisionBehaviors.count
        for (s, rows) in zip(itemRows, boundaryRows).enumerated() {
            if let k = rows.0.last, Int(k) >= collisions {
                throw SnapshotReader.corrupt("item slot \(s) is in collision behavior \(k) of \(collisions)")
            }
            if let k = rows.1.last, Int(k) >= collisions {
                throw SnapshotReader.corrupt("item slot \(s) meets the boundaries of collision behavior \(k) of \(collisions)")
            }
        }
        world.itemMembership = CollisionMembership(rows: itemRows)
        world.boundaryMembership = CollisionMembership(rows: boundaryRows)
        world.foldsMasks = collisions > 64
        world.attachments = try list(&r, "attachments", AttachmentBehavior.self)
        world.pushes = try list(&r, "pushes", PushBehavior.self)
        world.snaps = try list(&r, "snaps", SnapBehavior.self)
        world.fields = try list(&r, "fields", FieldBehavior.self)
        var ids = Set<UInt32>()
        for k in 0..<(try r.count("boundary segments", bytesEach: version == 1 ? 42 : 45)) {
            let what = "boundary segment \(k)"
            let p1 = try r.vec2(what), p2 = try r.vec2(what)
            let owner = try behavior(&r, what, as: CollisionBehavior.self)
            let index = Int(version == 1 ? UInt32(try r.u8()) : try r.u32())
            let id = try r.u32()
            guard index < collisions, world.collisionBehaviors[index] === owner, ids.insert(id).inserted else {
                throw SnapshotReader.corrupt("\(what) has owner index \(index) of \(collisions), id \(id)")
            }
            let identifier = try r.bool() ? try r.string(what) : nil
            world.segments.append(BoundarySegment(p1: p1, p2: p2, owner: owner, ownerIndex: index, id: id, identifier: identifier))
        }
        world.weldGroup = try slotList(&r, "weld groups", allowingNone: true)
        guard world.weldGroup.count <= slots else { throw SnapshotReader.corrupt("weld groups for more slots than there are") }
        world.moving = try slotList(&r, "moving slots")
        world.kinematic = try slotList(&r, "kinematic slots")
        world.colliding = try slotList(&r, "colliding slots")
        var previous: Int32? = nil
        for _ in 0..<(try r.count("sleeping islands", bytesEach: 8)) {
            let id = try r.i32()
            guard previous.map({ $0 < id }) ?? true else { throw SnapshotReader.corrupt("sleeping islands out of order") }
            previous = id
            world.sleepingIslands[id] = try slotList(&r, "island \(id)")
        }
        world.nextIslandID = try r.i32()
        try r.finish(.tree)
    }

    private func list<B: Behavior>(_ r: inout SnapshotReader, _ what: String, _ type: B.Type) throws(AnimaError) -> [B] {
        var result: [B] = []
        var seen = Set<ObjectIdentifier>()
        for _ in 0..<(try r.count(what, bytesEach: 4)) {
            let b = try behavior(&r, what, as: type)
            guard seen.insert(ObjectIdentifier(b)).inserted else { throw SnapshotReader.corrupt("\(what) list a behavior twice") }
            result.append(b)
        }
        return result
    }

    // MARK: broad phase (BRPH)

    mutating func decodeBroadPhase(_ payload: inout SnapshotReader) throws(AnimaError) {
        var r = try payload.section(.broadPhase)
        let n = try r.count("tree nodes", bytesEach: 48, atMost: Int(Int32.max) - 1)
        var nodes: [DynamicTree.Node] = []
        nodes.reserveCapacity(n)
        for k in 0..<n {
            let box = AABB(lower: try r.vec2("tree node \(k)"), upper: try r.vec2("tree node \(k)"))
            let node = DynamicTree.Node(aabb: box, parent: try r.i32(), child1: try r.i32(), child2: try r.i32(), height: try r.i32())
            // heights are added to, so they must stay far from overflowing
            guard node.height >= -1 && Int(node.height) <= n else { throw SnapshotReader.corrupt("tree node \(k) has height \(node.height)") }
            nodes.append(node)
        }
        let root = try r.i32(), freeList = try r.i32()
        let proxyCount = try r.u64()
        guard proxyCount <= UInt64(n) else { throw SnapshotReader.corrupt("\(proxyCount) proxies in \(n) nodes") }
        let tree = DynamicTree(restoringNodes: nodes, root: root, freeList: freeList, proxyCount: Int(proxyCount))
        if let failure = tree.validationFailure() { throw SnapshotReader.corrupt("broad-phase tree: \(failure)") }
        world.broadPhase.restore(tree)
        var moved: [Int32] = []
        for _ in 0..<(try r.count("moved proxies", bytesEach: 4)) { moved.append(try r.i32()) }
        let flagCount = try r.count("moved flags", bytesEach: 1, atMost: n)
        var flags: [Bool] = []
        for _ in 0..<flagCount { flags.append(try r.bool("a moved flag")) }
        // every proxy was queued when made: its flag exists; queued ids have flags too
        for (k, node) in nodes.enumerated() where node.height == 0 && k >= flagCount {
            throw SnapshotReader.corrupt("proxy \(k) has no moved flag")
        }
        for p in moved where p < 0 || Int(p) >= flagCount { throw SnapshotReader.corrupt("moved proxy \(p) has no flag") }
        world.broadPhase.moved = moved
        world.broadPhase.isMoved = flags
        // queued proxies look for every pair they overlap (the boxes of their last search are
        // not kept): the same pairs as in the saved animator, which left out only known ones
        world.broadPhase.searchedBoxes = Array(repeating: BroadPhase.nothing, count: flagCount)
        for _ in 0..<(try r.count("boundary proxies", bytesEach: 4)) { world.segmentProxies.append(try r.i32()) }
        try r.finish(.broadPhase)
    }

    // MARK: contacts (CONT)

    mutating func decodeContacts(_ payload: inout SnapshotReader) throws(AnimaError) {
        var r = try payload.section(.contacts)
        for k in 0..<(try r.count("contacts", bytesEach: 66)) {
            let what = "contact \(k)"
            let key = try r.u64(), a = try r.i32(), b = try r.i32()
            var c = Contact(key: key, a: a, b: b, generationA: try r.u32(), generationB: try r.u32(), segmentID: try r.u32(),
                            segment: try r.i32())
            guard a >= -1 && Int(a) < slots && b >= 0 && Int(b) < slots, a != b else {
                throw SnapshotReader.corrupt("\(what) joins slots \(a) and \(b) of \(slots)")
            }
            if a < 0 {
                guard c.segment >= 0 && Int(c.segment) < world.segments.count, c.segmentID != 0 else {
                    throw SnapshotReader.corrupt("\(what) names boundary segment \(c.segment) (id \(c.segmentID))")
                }
            } else {
                guard c.segment == -1 else { throw SnapshotReader.corrupt("\(what) between items names a segment") }
            }
            try r.manifold(into: &c, what)
            c.friction = try r.finite("\(what) friction", in: 0, .greatestFiniteMagnitude)
            c.restitution = try r.finite("\(what) restitution", in: 0, 1)
            let flags = try r.u8()
            guard flags <= (version >= 4 ? 63 : 3) else { throw SnapshotReader.corrupt("\(what) has flags \(flags)") }
            c.touching = flags & 1 != 0
            c.simulated = flags & 2 != 0
            c.manifoldAge = flags >> 2
            c.lastPoint = try r.vec2("\(what) last point")
            if c.touching {
                var reporters: [CollisionBehavior] = []
                for _ in 0..<(try r.count("\(what) reporters", bytesEach: 4)) {
                    reporters.append(try behavior(&r, "\(what) reporter", as: CollisionBehavior.self))
                }
                let identifier = try r.bool() ? try r.string("\(what) boundary identifier") : nil
                guard touching[key] == nil else { throw SnapshotReader.corrupt("two touching contacts have key \(key)") }
                touching[key] = TouchRecord(reporters: reporters, identifier: identifier)
            }
            world.contacts.append(c)
            world.contactHeads.append(ContactHead(c))
        }
        try r.finish(.contacts)
    }
}
