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
            if let attachment = behavior as? AttachmentBehavior,
               attachment.items.allSatisfy({ store.isLive($0) && store.groupOf[Int($0.slot)] < 0 }),
               attachment.items.count == (attachment.otherItem == nil ? 1 : 2) {
                world.attachments.append(attachment)
            }
            if let push = behavior as? PushBehavior { world.pushes.append(push) }
            if let field = behavior as? FieldBehavior { world.fields.append(field) }
            if let snap = behavior as? SnapBehavior, store.isLive(snap.item), store.groupOf[Int(snap.item.slot)] < 0 {
                world.snaps.append(snap)
            }
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

        shareGroupBehaviors(&itemMemberships, &boundaryMemberships)
        world.readCollisionOptions()
        world.itemMembership = CollisionMembership(slotCount: n, memberships: itemMemberships)
        world.boundaryMembership = CollisionMembership(slotCount: n, memberships: boundaryMemberships)
        world.foldsMasks = world.collisionBehaviors.count > 64
        groupWeldedItems()
        world.weldGroupParts()

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
        joinGroupMasses()
        world.rebuildBodyLists()
        world.syncProxies()
        requeueChangedPairs(oldMembership.0, oldMasks, oldMembership.1, oldBoundaryMasks, oldWelds, oldInvMass)
        rebuildSensorSlots()
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
