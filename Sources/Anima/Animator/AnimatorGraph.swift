import AnimaWide

/// Per-step data derived from the behavior graph and reused between steps.
final class WorldState {
    /// Collision behaviors in depth-first order; the memberships index this array.
    var collisionBehaviors: [CollisionBehavior] = []
    /// Per slot, the collision behaviors (that collide items) holding it, and those (that collide
    /// with boundaries) whose boundaries it meets; see CollisionMembership.
    var itemMembership = CollisionMembership()
    var boundaryMembership = CollisionMembership()
    /// More than 64 collision behaviors: the items' 64-bit summaries fold several behaviors onto
    /// one bit, and a shared bit is confirmed by the memberships.
    var foldsMasks = false
    var segments: [BoundarySegment] = []
    var segmentVertices: [Vec2] = []   // 2 per segment
    var segmentNormals: [Vec2] = []    // 2 per segment: n and -n
    var contacts: [Contact] = []       // in the order they began, with holes (see contactHoles)
    /// `ContactHead(contacts[k])` at each index k: what the contact update reads of every pair.
    var contactHeads: [ContactHead] = []
    /// Holes in `contacts`: records of contacts that ended, left in place (`Contact.isHole`) so
    /// that a step in which pairs end does not move every contact after them. The list is
    /// closed up once they are an eighth of it; the live contacts keep the order they would
    /// have had without holes, so the holes change no result.
    var contactHoles = 0
    /// The store's `pairRulesVersion` when the last contact update checked every contact against
    /// the rules that decide which pairs may collide; while it is still the store's, a contact
    /// only checks that its fat boxes still overlap. (No version yet in a new world: the first
    /// update checks everything.)
    var checkedPairRulesVersion = UInt64.max
    /// Closes every hole in the step it appears (tests compare the two ways).
    var closesEveryHole = false
    /// Leaves out the separating-axis test of a pair it found apart that has not moved enough
    /// to touch since (`ManifoldView.staysSeparated`; tests compare the two ways).
    var skipsSeparatedPairs = true
    /// Runs the contacts' warm start and biased solve between one load and store of the bodies'
    /// velocities when nothing else reads them in between (`Animator.solve`; tests compare the
    /// two ways).
    var fusesWarmStart = true
    var activeContacts: [Int32] = []   // this step's contacts with points or touching (see listActiveContacts)
    var contactKeys = PairKeySet()      // the keys of `contacts`
    var candidates: [SIMD2<Int32>] = []
    /// Scratch for the radix sort of the new pairs (`Animator.sortByKey`).
    var pairScratch: [Pair] = []
    var newPairs: [Pair] = []
    var segmentProxies: [Int32] = []
    var segmentIndex: [UInt32: Int32] = [:]  // segment id -> index, lookup only
    var broadPhase = BroadPhase()
    // solver scratch: body 0 is the static body, item slot i is body i + 1
    var bodies = ScratchBuffer<SolverBody>()
    var params = ScratchBuffer<BodyParams>()
    var constraints = ScratchBuffer<ContactConstraint>()
    var separations = ScratchBuffer<Double>()   // per constraint point: its manifold point's separation
    /// Per constraint, the bodies its contact can move (-1 for a side it cannot), for the
    /// colouring (see `ContactColoring.color`).
    var constraintEnds = ScratchBuffer<SIMD2<Int32>>()
    /// Per constraint, the two bodies it joins in one island, or (0, 0) (`ContactConstraintBuilder.joins`).
    var constraintJoins = ScratchBuffer<SIMD2<Int32>>()
    /// The step's joints (`Animator.prepareJoints`): each one's head, and its constraint unless
    /// it is a plain pin (`jointRowKind` .pin or .fixedPin: its record here is not written).
    var joints = ScratchBuffer<JointConstraint>()
    var jointHeads = ScratchBuffer<JointHead>()
    /// The step's joint order, its ranges (per colour when coloured, see `orderJoints`), and
    /// two scratch body records per worker for the sides joints cannot move.
    var jointOrder = ScratchBuffer<Int32>()
    /// Per joint of the step: what it is solved from, and its row when it has one (`PinRow`,
    /// `SpringRow`).
    var jointRowKind = ScratchBuffer<JointRowKind>()
    var pinRows = ScratchBuffer<PinRow>()
    var springRows = ScratchBuffer<SpringRow>()
    /// The step's joints whose anchor moves (`JointSolver.advanceAnchors`).
    var movingAnchors = ScratchBuffer<Int32>()
    /// Whether plain pins and springs are solved from their rows (the same result either way;
    /// tests turn it off).
    var usesJointRows = true
    /// Whether point joints whose sides cannot turn are solved without rotations
    /// (`JointSolver.fixArms`; the same values either way, tests turn it off).
    var fixesJointArms = true
    var jointColorStart: [Int] = [0, 0]
    var jointsColored = false
    /// `Animator.minimumColoredJoints`; tests change it to compare the two orders.
    var minimumColoredJoints = Animator.minimumColoredJoints
    var jointColor = ScratchBuffer<UInt8>()
    var jointTaken: [UInt32] = []
    var jointSinks = ScratchBuffer<SolverBody>()
    /// The wide solver's view of `constraints`: their colours and lane groups.
    var coloring = ContactColoring()
    var wide = ScratchBuffer<WideContact>()
    /// What the reads ahead of the key removals read (kept, so that they are not left out).
    var keyWarmth: UInt64 = 0
    /// Per block of the rest update, the longest rest among its items (see `updateRest`).
    var blockLongestRest = ScratchBuffer<Double>()
    /// Per colliding item, with workers: 0 when its proxy stays, 1 when it moved, 2 when it
    /// moved and joined the queue.
    var proxyMoved = ScratchBuffer<UInt8>()
    /// Per block of constraints and per colour, the next rank of a block-solved constraint and
    /// of another (see packWideContacts).
    var packRanks = ScratchBuffer<Int32>()
    var wideBodies = ScratchBuffer<WideBodyState>()
    /// The bodies the lane groups read (the static body first), listed by `packWideContacts`
    /// when they are under half of all bodies (a list whose rows rarely touch), so that a
    /// pass loads and stores only those; empty when not in use. `wideBodyMarks` is the per-body
    /// scratch that keeps a body from being listed twice (all false between steps).
    var wideBodyList = ScratchBuffer<Int32>()
    var wideBodyMarks = ScratchBuffer<Bool>()
    /// Lists the lane groups' bodies always (true) or never (false) instead of when they are
    /// few (nil); tests compare the ways.
    var listsWideBodies: Bool? = nil
    /// Per colour k, where its lane groups start in `wide` (colorCount + 1 entries).
    var colorGroupStart: [Int] = []
    /// The threads that share the wide passes, when the configuration asks for more than one.
    var workers: SolverWorkers? = nil
    /// Lane groups per block of a shared colour; a colour is shared when each worker can get a
    /// block (a barrier costs more than a few groups), else it runs on the stepping thread.
    /// Tests lower it to share every colour.
    var minimumGroupsPerWorker = 4
    /// False when no live item has elasticity (as of the last graph rebuild, which is the only
    /// place an item's properties change): then no contact has restitution, and the solver's
    /// restitution passes over the constraints are left out. True until known.
    var anyElastic = true
    /// The fewest items (outlines to compute, moved proxies to query, contacts to update, per
    /// worker for outlines and contacts) for which the workers share the work; tests lower it
    /// to share all of it.
    var minimumItemsPerWorker = 256
    /// The shared contact update's lists (see `updateContactsShared`): per worker, from the
    /// start of its share, the contacts the pass after it must see, and how many.
    var listed = ScratchBuffer<Int32>()
    var listedFlags = ScratchBuffer<UInt8>()
    /// Per active contact, whether this step's touch update changed its touching state.
    var touchChanged = ScratchBuffer<Bool>()
    /// Per contact, the touch update `storeImpulses` made while the record was at hand: 0 none
    /// (`updateTouchingStates` makes it), 1 made and unchanged, 2 made and changed.
    var touchMade = ScratchBuffer<UInt8>()
    /// Steps in which the shared contact update took its ordered pass (an island woke), and in
    /// which the shared new contacts were made again from one that woke an island: counts that
    /// show tests both ways run.
    var contactUpdatesInOrder = 0
    var newContactsRemade = 0
    /// Steps whose solve joined the touching bodies into islands (`joinsIslandsInSolve`), and
    /// of those, the steps in which islands were then looked for: the same kind of count.
    var islandsJoinedInSolve = 0
    var islandJoinsUsed = 0
    /// The new pairs' contact records, made by the workers before they join the list
    /// (`addNewContactsShared`).
    var newContactRecords = ScratchBuffer<Contact>()
    /// Per block of the shared contact update, what its first pass counted.
    var listedTally = ScratchBuffer<Animator.ContactBlockTally>()
    /// The shared contact update's contacts that make constraints, in order: (where the contact
    /// is now, its place once holes are closed).
    var constrainedContacts: [SIMD2<Int32>] = []
    /// The shared pair search's lists, one per block of moved proxies (see `findNewPairsShared`).
    var blockPairs: [[Pair]] = []
    /// Attachments, pushes and snaps in depth-first order of the behavior tree.
    var attachments: [AttachmentBehavior] = []
    /// Per slot: the group of items that fixed attachments join into one rigid body (the
    /// group's root slot), or -1. Items of one group do not collide with each other.
    var weldGroup: [Int32] = []
    var pushes: [PushBehavior] = []
    var snaps: [SnapBehavior] = []
    var fields: [FieldBehavior] = []
    var points = ScratchBuffer<ConstraintPoint>()
    var worldVertices: [Vec2] = []     // laid out as the store's outline pools (ItemStore.outlineStart)
    var worldNormals: [Vec2] = []
    var sweep: [Double] = []           // per slot: how far it may move in one step
    var tightBoxes: [AABB] = []        // per slot: the box it may occupy during the step, plus contact distance
    /// Slots that the solver moves (governed, finite mass), in slot order.
    var moving: [Int32] = []
    /// The moving slots whose bodies the current step gathered (the solver's view of `moving`).
    var solvedMoving: [Int32] = []
    /// Anchored governed slots: never pushed, but they follow the velocity they are given.
    var kinematic: [Int32] = []
    /// Slots that take part in collision, in slot order.
    var colliding: [Int32] = []
    /// Governed slots that collide with nothing, in slot order. Their proxies are not moved by
    /// the step (nothing pairs with them), so `items(in:)` tests their boxes directly.
    var notColliding: [Int32] = []
    /// Sleeping islands: id -> member slots.
    var sleepingIslands: [Int32: [Int32]] = [:]
    var nextIslandID: Int32 = 0
    /// Union-find parents by solver body index (slot + 1), and per-root scratch.
    var parent: [Int32] = []
    var rootRest: [Double] = []
    var rootIsland: [Int32] = []
    /// The longest rest of a moving item at the last step's rest update (`updateRest`).
    var longestRest = 0.0
    /// The solve of this step joined the touching bodies into islands (`joinsIslandsInSolve`).
    var islandsJoined = false

    deinit {
        bodies.free()
        params.free()
        constraints.free()
        points.free()
        separations.free()
        constraintEnds.free()
        constraintJoins.free()
        joints.free()
        jointHeads.free()
        jointOrder.free()
        jointRowKind.free()
        pinRows.free()
        springRows.free()
        movingAnchors.free()
        jointColor.free()
        jointSinks.free()
        wide.free()
        packRanks.free()
        proxyMoved.free()
        blockLongestRest.free()
        wideBodies.free()
        wideBodyList.free()
        wideBodyMarks.free()
        listed.free()
        listedFlags.free()
        touchChanged.free()
        touchMade.free()
        listedTally.free()
        newContactRecords.free()
    }
}

extension Animator {
    /// Depth-first walk of the behavior tree (top level in the order added).
    func forEachBehavior(_ body: (Behavior) -> Void) {
        for b in behaviors { b.walk(body) }
    }

    /// Recomputes what each item receives from the behaviors: whether it is governed, its
    /// gravity, collision masks and properties (the last item behavior in depth-first order
    /// wins), mass, and the boundary segments.
    func rebuildGraph() {
        graphDirty = false
        store.pairRulesVersion &+= 1
        behaviorHooksDirty = true
        let n = store.count
        // what decides whether two items may collide, before the rebuild (see requeueChangedPairs)
        let oldMasks = store.collisionMask, oldBoundaryMasks = store.boundaryMask
        let oldMembership = (world.itemMembership, world.boundaryMembership)
        let oldWelds = world.weldGroup, oldInvMass = store.invMass
        for i in 0..<n {
            store.governed[i] = false
            store.gravity[i] = .zero
            store.collisionMask[i] = 0
            store.boundaryMask[i] = 0
            store.properties[i] = .implicit
        }
        world.collisionBehaviors.removeAll(keepingCapacity: true)
        world.segments.removeAll(keepingCapacity: true)
        world.attachments.removeAll(keepingCapacity: true)
        world.pushes.removeAll(keepingCapacity: true)
        world.snaps.removeAll(keepingCapacity: true)
        world.fields.removeAll(keepingCapacity: true)

        var itemMemberships: [SIMD2<Int32>] = [], boundaryMemberships: [SIMD2<Int32>] = []
        forEachBehavior { behavior in
            var index: Int32 = -1
            if let collision = behavior as? CollisionBehavior {
                index = Int32(world.collisionBehaviors.count)
                world.collisionBehaviors.append(collision)
                if collision.mode.contains(.boundaries) { appendSegments(of: collision, index: Int(index)) }
            }
            if let attachment = behavior as? AttachmentBehavior, attachment.items.allSatisfy({ store.isLive($0) }),
               attachment.items.count == (attachment.otherItem == nil ? 1 : 2) {
                world.attachments.append(attachment)
            }
            if let push = behavior as? PushBehavior { world.pushes.append(push) }
            if let field = behavior as? FieldBehavior { world.fields.append(field) }
            if let snap = behavior as? SnapBehavior, store.isLive(snap.item) { world.snaps.append(snap) }
            for item in behavior.items where store.isLive(item) {
                let s = Int(item.slot)
                store.governed[s] = true
                switch behavior {
                case let g as GravityBehavior:
                    store.gravity[s] += g.direction * GravityBehavior.unitAcceleration
                case let c as CollisionBehavior:
                    let bit = CollisionMembership.bit(Int(index))
                    if c.mode.contains(.items) {
                        store.collisionMask[s] |= bit
                        itemMemberships.append(SIMD2(Int32(s), index))
                    }
                    if c.mode.contains(.boundaries) {
                        store.boundaryMask[s] |= bit
                        boundaryMemberships.append(SIMD2(Int32(s), index))
                    }
                case let ib as DynamicItemBehavior:
                    store.properties[s] = ib.properties
                case is AttachmentBehavior:
                    break
                default:
                    break
                }
            }
        }

        world.itemMembership = CollisionMembership(slotCount: n, memberships: itemMemberships)
        world.boundaryMembership = CollisionMembership(slotCount: n, memberships: boundaryMemberships)
        world.foldsMasks = world.collisionBehaviors.count > 64
        groupWeldedItems()

        world.anyElastic = false
        for i in 0..<n where store.alive[i] {
            if store.properties[i].elasticity > 0 { world.anyElastic = true }
            store.updateMass(i)
            if store.invMass[i] > 0 && store.invInertia[i] == 0 {
                store.angularVelocity[i] = 0
            }
            let anchored = store.governed[i] && store.properties[i].anchored
            if anchored && !store.wasAnchored[i] && !store.velocityGiven[i] {
                store.velocity[i] = .zero
                store.angularVelocity[i] = 0
            }
            store.wasAnchored[i] = anchored
        }
        rebuildBodyLists()
        syncProxies()
        requeueChangedPairs(oldMembership.0, oldMasks, oldMembership.1, oldBoundaryMasks, oldWelds, oldInvMass)
        rebuildSegmentGeometry()
        // a boundary may have moved and kept its segments' ids (new reference bounds insets):
        // contacts with boundaries collide again at the next step rather than carry their
        // manifolds forward (an age past the limit; it is in the snapshot)
        world.contacts.withUnsafeMutableBufferPointer { contacts in
            for k in contacts.indices where contacts[k].segment >= 0 && !contacts[k].isHole { contacts[k].manifoldAge = .max }
        }
    }

    /// The two vertices and the two normals (n and -n) of every boundary segment, for the
    /// narrow phase.
    func rebuildSegmentGeometry() {
        world.segmentVertices.removeAll(keepingCapacity: true)
        world.segmentNormals.removeAll(keepingCapacity: true)
        for seg in world.segments {
            let e = seg.p2 - seg.p1
            let len = length(e)
            let nrm = len > 0 ? Vec2(e.y / len, -e.x / len) : Vec2(0, -1)
            world.segmentVertices.append(seg.p1)
            world.segmentVertices.append(seg.p2)
            world.segmentNormals.append(nrm)
            world.segmentNormals.append(-nrm)
        }
    }

    /// The broad phase looks for new pairs only around proxies that moved. An item whose
    /// collision memberships, weld group or pushability changed may now pair with a neighbour it
    /// already overlaps (added to a neighbour's collision behavior, unwelded, no longer
    /// anchored): its proxy is queued as moved, so that the next step finds that pair.
    private func requeueChangedPairs(_ oldItems: CollisionMembership, _ oldMasks: [UInt64],
                                     _ oldBoundaries: CollisionMembership, _ oldBoundaryMasks: [UInt64],
                                     _ oldWelds: [Int32], _ oldInvMass: [Double]) {
        for i in 0..<store.count where store.alive[i] && store.proxy[i] >= 0 {
            let known = i < oldMasks.count
            let changed = !known || oldItems.row(i, summary: oldMasks[i]) != world.itemMembership.row(i)
                || oldBoundaries.row(i, summary: oldBoundaryMasks[i]) != world.boundaryMembership.row(i)
                || (oldInvMass[i] > 0) != (store.invMass[i] > 0)
                || (i < oldWelds.count ? oldWelds[i] : -1) != (i < world.weldGroup.count ? world.weldGroup[i] : -1)
            if changed { world.broadPhase.queue(store.proxy[i], fresh: true) }
        }
    }

    /// Joins the two items of every fixed attachment into one group (union-find with path
    /// halving), directly or through other fixed attachments. A rigid body does not collide
    /// with itself: the contacts between welded items could only fight the welds, which hold
    /// the items where they are, and such a fight feeds both constraints ever larger impulses.
    private func groupWeldedItems() {
        let n = store.count
        var parent = world.weldGroup
        parent.removeAll(keepingCapacity: true)
        parent.append(contentsOf: 0..<Int32(n))
        func root(_ i: Int32) -> Int32 {
            var i = i
            while parent[Int(i)] != i {
                parent[Int(i)] = parent[Int(parent[Int(i)])]
                i = parent[Int(i)]
            }
            return i
        }
        var anyWeld = false
        for attachment in world.attachments where attachment.attachmentKind == .fixed {
            guard let other = attachment.otherItem else { continue }
            let a = root(attachment.item.slot), b = root(other.slot)
            if a != b { parent[Int(max(a, b))] = min(a, b) }
            anyWeld = true
        }
        // a slot alone in its group reads -1, so that the pair test stays one comparison
        var size = [Int32](repeating: 0, count: anyWeld ? n : 0)
        for i in 0..<size.count { size[Int(root(Int32(i)))] += 1 }
        for i in 0..<n { parent[i] = anyWeld && size[Int(root(Int32(i)))] > 1 ? root(Int32(i)) : -1 }
        world.weldGroup = parent
    }

    /// Brings the body lists up to date after islands woke or slept: at once, or, from inside a
    /// callback (the solver or the step may be using the lists), when the callback returns.
    func refreshBodyLists() {
        if inCallback > 0 {
            bodyListsDirty = true
        } else {
            rebuildBodyLists()
        }
    }

    /// Recomputes which slots the solver moves (governed, finite mass, awake), which are kinematic
    /// (anchored) and which collide.
    func rebuildBodyLists() {
        bodyListsDirty = false
        world.moving.removeAll(keepingCapacity: true)
        world.kinematic.removeAll(keepingCapacity: true)
        world.colliding.removeAll(keepingCapacity: true)
        world.notColliding.removeAll(keepingCapacity: true)
        for i in 0..<store.count where store.alive[i] && store.governed[i] {
            if store.invMass[i] > 0 && !store.asleep[i] { world.moving.append(Int32(i)) }
            if store.properties[i].anchored { world.kinematic.append(Int32(i)) }
            if (store.collisionMask[i] | store.boundaryMask[i]) != 0 {
                world.colliding.append(Int32(i))
            } else {
                world.notColliding.append(Int32(i))
            }
        }
    }

    private func appendSegments(of collision: CollisionBehavior, index: Int) {
        if collision.translatesReferenceBoundsIntoBoundary, let bounds = configuration.referenceBounds {
            let r = bounds.inset(by: collision.referenceBoundsInsets)
            if collision.referenceSegmentIDs.count != 4 {
                collision.referenceSegmentIDs = (0..<4).map { _ in makeSegmentID() }
            }
            let ids = collision.referenceSegmentIDs
            let tl = Vec2(r.minX, r.minY), tr = Vec2(r.maxX, r.minY)
            let br = Vec2(r.maxX, r.maxY), bl = Vec2(r.minX, r.maxY)
            let corners = [(tl, tr), (tr, br), (br, bl), (bl, tl)]
            for (k, (p, q)) in corners.enumerated() where p != q {
                world.segments.append(BoundarySegment(p1: p, p2: q, owner: collision, ownerIndex: index, id: ids[k], identifier: nil))
            }
        }
        for boundary in collision.boundaries {
            for k in 0..<(boundary.points.count - 1) {
                world.segments.append(BoundarySegment(p1: boundary.points[k], p2: boundary.points[k + 1], owner: collision, ownerIndex: index,
                                                      id: boundary.segmentIDs[k], identifier: boundary.identifier))
            }
        }
    }
}
