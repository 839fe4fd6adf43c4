extension World {
    /// Empties the event lists of the last call, keeping their storage for the next unless the
    /// last call used less than a quarter of it (a crowd's first contacts are thousands of
    /// events; a resting crowd makes none).
    func clearContactEvents() {
        World.clearKeepingWhatWasUsed(&beganContacts)
        World.clearKeepingWhatWasUsed(&endedContacts)
        World.clearKeepingWhatWasUsed(&hitEvents)
        World.clearKeepingWhatWasUsed(&beganSensorEvents)
        World.clearKeepingWhatWasUsed(&endedSensorEvents)
    }

    /// Each collision behavior's hit threshold, by index, and whether any has a pre-solve hook,
    /// from `collisionBehaviors`.
    func readCollisionOptions() {
        hitThresholds = collisionBehaviors.map { $0.hitThreshold ?? .infinity }
        lowestHitThreshold = hitThresholds.min() ?? .infinity
        anyPreSolve = collisionBehaviors.contains { $0.preSolve != nil }
    }

    /// The hits of the step, as Box2D v3 gathers them: for each contact constraint, the fastest
    /// approach (-v_n at the start of the step, from `finishContactConstraints`) among its points
    /// that the solver pushed (a speculative point that never touched has no impulse), reported
    /// to each collision behavior sharing the contact whose threshold it exceeds. Run after
    /// `storeImpulses`, in constraint order, only when some behavior has a threshold.
    func gatherHitEvents() {
        let lowest = self.lowestHitThreshold
        let constraints = self.constraints.base, points = self.points.base
        let behaviors = self.collisionBehaviors, thresholds = self.hitThresholds
        self.contacts.withUnsafeBufferPointer { cb in
            for ci in 0..<self.constraints.count {
                let cc = constraints[ci]
                var speed = lowest, best = -1, impulse = 0.0
                for j in 0..<Int(cc.pointCount) {
                    let p = points[2 * ci + j]
                    impulse += max(p.totalNormalImpulse, 0)
                    if -p.relativeVelocity > speed && p.totalNormalImpulse > 0 {
                        speed = -p.relativeVelocity
                        best = j
                    }
                }
                if best < 0 || !impulse.isFinite { continue }
                let c = cb.baseAddress! + Int(cc.contactIndex)
                let point = c.pointee.manifold.point(best).point
                let normal = c.pointee.manifold.normal
                let sides = EventSides(c, self)
                forEachReporter(c, behaviors) { k, collision in
                    guard k < thresholds.count, speed > thresholds[k] else { return }
                    hitEvents.append(HitEvent(collision: collision, item: sides.item, otherItem: sides.other,
                                              boundaryIdentifier: sides.identifier, point: point,
                                              normal: sides.fromItem(normal), approachSpeed: speed, impulse: impulse))
                }
            }
        }
    }

    /// A contact touches when a point overlaps by more than the slop allows or the solver pushed
    /// on it during the step (a speculative point reached within the step). The contacts whose
    /// state changed are marked for `emitTouchEvents`.
    func updateTouchingStates() {
        var contacts: [Contact] = []
        swap(&contacts, &self.contacts)   // updated in place, put back below
        defer { swap(&contacts, &self.contacts) }
        self.touchChanged.resize(self.activeContacts.count)
        let changed = self.touchChanged.base
        let made = self.touchMade.base, madeCount = self.touchMade.count
        var heads: [ContactHead] = []
        swap(&heads, &self.contactHeads)
        defer { swap(&heads, &self.contactHeads) }
        contacts.withUnsafeMutableBufferPointer { cb in heads.withUnsafeMutableBufferPointer { heads in
            self.activeContacts.withUnsafeBufferPointer { list in
                // each contact's new state, shared in blocks (each writes its own contact)
                forEachShare(list.count, block: World.constraintBlock, minimum: self.minimumItemsPerWorker) { range in
                    for j in range {
                        let i = Int(list[j])
                        // made by storeImpulses with the contact's constraint: its record not read again
                        if i < madeCount && made[i] != 0 {
                            changed[j] = made[i] == 2
                            made[i] = 0
                            continue
                        }
                        let c = cb.baseAddress! + i
                        changed[j] = false
                        if !c.pointee.simulated { continue }
                        if World.updateTouching(c) {
                            heads[i].touching = c.pointee.touching
                            changed[j] = true
                        }
                    }
                }
            }
        }}
        // every contact storeImpulses updated was in the active list, so none is left marked
        assert((0..<madeCount).allSatisfy { made[$0] == 0 }, "a constraint's contact is not in the active list")
    }

    /// Sets a simulated contact's touching state and last point from its points and their
    /// impulses: touching when a point is within the slop or pushed; the point pushed hardest
    /// (or the last one) is where it touches. Returns whether `touching` changed.
    @inline(__always)
    static func updateTouching(_ c: UnsafeMutablePointer<Contact>) -> Bool {
        var touching = false
        var bestImpulse = -1.0
        var point = c.pointee.lastPoint
        @inline(__always) func consider(_ mp: ManifoldPoint, _ impulse: Double) {
            if mp.separation < Tolerances.linearSlop || impulse > 0 {
                touching = true
                if impulse > bestImpulse {
                    bestImpulse = impulse
                    point = mp.point
                }
            }
        }
        // the one or two points unrolled (a loop over them ran as an iterator)
        let count = c.pointee.manifold.count
        if count > 0 { consider(c.pointee.manifold.p0, c.pointee.maxNormalImpulse0) }
        if count > 1 { consider(c.pointee.manifold.p1, c.pointee.maxNormalImpulse1) }
        c.pointee.lastPoint = point
        if touching == c.pointee.touching { return false }
        c.pointee.touching = touching
        return true
    }

    /// The began and ended events of the contacts `updateTouchingStates` changed, in contact
    /// order. It reads the contacts, the items' collision masks and memberships and the boundary
    /// segments, and writes only the events and the reporters' records: the solve runs it on the
    /// stepping thread while the workers write the bodies back to the items.
    func emitTouchEvents() {
        let changed = self.touchChanged.base
        let behaviors = self.collisionBehaviors
        self.contacts.withUnsafeBufferPointer { cb in
            self.activeContacts.withUnsafeBufferPointer { list in
                for j in 0..<list.count where changed[j] {
                    let c = cb.baseAddress! + Int(list[j])
                    emitContact(c, began: c.pointee.touching, behaviors: behaviors)
                }
            }
        }
    }

    /// Appends events for every collision behavior that reports this contact. The reporters
    /// are fixed when the contact begins, so every began event has its ended twin even when
    /// an item is destroyed or a behavior removed in between.
    /// The contact's few fields needed are read where its 176-byte record is; `behaviors` is
    /// `collisionBehaviors`, read once by a caller that emits many.
    func emitContact(_ c: UnsafePointer<Contact>, began: Bool, behaviors: [CollisionBehavior]) {
        let itemB = ItemID(slot: c.pointee.b, generation: c.pointee.generationB)
        let itemA: ItemID? = c.pointee.a >= 0 ? ItemID(slot: c.pointee.a, generation: c.pointee.generationA) : nil
        var record = TouchRecord()
        if began {
            forEachReporter(c, behaviors) { _, collision in record.add(collision) }
            if c.pointee.a < 0 { record.identifier = segment(of: c)?.identifier }
            touchingReporters[c.pointee.key] = record
        } else {
            guard let r = touchingReporters.removeValue(forKey: c.pointee.key) else { return }
            record = r
        }
        record.forEach { collision in
            let event: ContactEvent
            if let itemA {
                event = ContactEvent(collision: collision, began: began, item: itemA, otherItem: itemB,
                                     boundaryIdentifier: nil, point: c.pointee.lastPoint)
            } else {
                event = ContactEvent(collision: collision, began: began, item: itemB, otherItem: nil,
                                     boundaryIdentifier: record.identifier, point: c.pointee.lastPoint)
            }
            if began { beganContacts.append(event) } else { endedContacts.append(event) }
        }
    }

    /// The boundary segment of a boundary contact, or nil (an item pair, or a segment gone).
    @inline(__always) func segment(of c: UnsafePointer<Contact>) -> BoundarySegment? {
        c.pointee.a < 0 && c.pointee.segment >= 0 && Int(c.pointee.segment) < self.segments.count
            ? self.segments[Int(c.pointee.segment)] : nil
    }

    /// Calls `body` with the index (in `collisionBehaviors`) and the behavior of each collision
    /// behavior that reports contact `c`: a boundary contact's segment owner, or every behavior
    /// that holds both items and collides items, ascending. `behaviors` is `collisionBehaviors`,
    /// read once by a caller that asks for many contacts.
    @inline(__always)
    func forEachReporter(_ c: UnsafePointer<Contact>, _ behaviors: [CollisionBehavior], _ body: (Int, CollisionBehavior) -> Void) {
        if c.pointee.a < 0 {
            if let seg = segment(of: c) { body(seg.ownerIndex, seg.owner) }
            return
        }
        // (a slot freed since the last rebuild has a zero summary and a stale row)
        let a = Int(c.pointee.a), b = Int(c.pointee.b)
        guard store.collisionMask[a] & store.collisionMask[b] != 0 else { return }
        self.itemMembership.forEachShared(a, b) { k in
            if Int(k) < behaviors.count { body(Int(k), behaviors[Int(k)]) }
        }
    }
}

/// The sides of a contact as its events name them: the first item and the other (an item pair),
/// or the item and the boundary's identifier (a boundary contact, whose manifold runs from the
/// boundary to the item).
struct EventSides {
    let item: ItemID
    let other: ItemID?
    let identifier: String?

    init(_ c: UnsafePointer<Contact>, _ world: World) {
        let itemB = ItemID(slot: c.pointee.b, generation: c.pointee.generationB)
        if c.pointee.a < 0 {
            item = itemB
            other = nil
            identifier = world.segment(of: c)?.identifier
        } else {
            item = ItemID(slot: c.pointee.a, generation: c.pointee.generationA)
            other = itemB
            identifier = nil
        }
    }

    /// A manifold normal (from the first shape toward the second) turned to point from `item`
    /// toward the other side.
    @inline(__always) func fromItem(_ normal: Vec2) -> Vec2 { other == nil ? -normal : normal }
}
