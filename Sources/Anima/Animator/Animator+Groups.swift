/// Item groups, UIKit's `UIDynamicItemGroup` (iOS 9): several items that move as one rigid body
/// (a card with its badge). A group is an item of its own, with no shape: behaviors take the
/// group, its parts' shapes collide, and its body is theirs joined. Its mass is the sum of
/// theirs (the group's density on each part's area), its centre (`center(of:)`) is their centre
/// of mass and its moment of inertia theirs about it (the parallel-axis theorem). The solver
/// moves the group's body only; each part's pose is then the group's times the part's fixed
/// pose in the group's frame (`ItemStore.placeParts`), so the parts keep their places relative
/// to each other to the rounding of one rotation.
///
/// Box2D v3 builds the same compound body from several shapes on one `b2Body`; UIKit's group
/// is, by its documentation, fixed after creation, cannot contain groups, and can be added to
/// any behavior.
extension Animator {
    /// Makes a group of `items` (at least one, each live, listed once, not a group, not in a
    /// group, not a sensor), in their current poses: the group's centre is their centre of
    /// mass, its rotation 0, its size their enclosing rectangle, its velocity that of their
    /// centre of mass (the area-weighted mean of theirs; their spins are not kept). From then on:
    ///
    /// - add the group, not its parts, to behaviors (adding a part is refused); behaviors that
    ///   held a part before have no effect on it while it is in the group;
    /// - contacts, hits and sensor visits name the part that touched; ``group(of:)`` names its
    ///   group; parts of one group never collide with each other;
    /// - a part's pose, velocity, size and shape follow the group (their setters refuse a part,
    ///   its animations of them are without effect); its opacity is its own;
    /// - destroying a part takes it out of the group (the group's centre moves to the remaining
    ///   parts' centre of mass); destroying the group frees its parts where they are, moving
    ///   as they were.
    public func createGroup(of items: [ItemID]) throws(AnimaError) -> ItemID {
        guard !isStepping else { throw AnimaError(.busy, "a group cannot be made during a step (from a custom field)") }
        guard !items.isEmpty else { throw AnimaError(.invalidArgument, "a group needs at least one item") }
        var seen = Set<Int32>()
        for item in items {
            let s = try slot(of: item)
            guard seen.insert(item.slot).inserted else {
                throw AnimaError(.invalidArgument, "\(item) is listed twice: each item joins a group once")
            }
            if store.isGroup(s) { throw AnimaError(.invalidArgument, "\(item) is a group: a group cannot contain groups") }
            if store.groupOf[s] >= 0 { throw AnimaError(.invalidState, "\(item) is already in a group") }
            if store.isSensor[s] { throw AnimaError(.invalidArgument, "\(item) is a sensor: a sensor cannot be part of a group") }
        }
        if store.freeSlots.isEmpty && store.count >= ItemStore.maximumSlots {
            throw AnimaError(.outOfMemory, "an animator holds at most \(ItemStore.maximumSlots) items at once (it holds \(store.count))")
        }
        try store.reserveSlot("createGroup")
        let slots = items.map { Int($0.slot) }
        let (center, velocity, bounds) = partsFrame(slots)
        let def = ItemDefinition(center: center, size: Size(width: max(bounds.width, minimumItemDimension),
                                                             height: max(bounds.height, minimumItemDimension)),
                                 linearVelocity: velocity)
        let group = store.allocate(def)
        let g = Int(group.slot)
        store.groupParts[group.slot] = slots.map { Int32($0) }
        insertGroupSlot(group.slot)
        store.rebuildGeometry(g)   // no shape of its own
        for s in slots {
            store.groupOf[s] = group.slot
            store.partOffset[s] = store.position[s] - center
            store.partAngle[s] = store.angle[s]
            if store.asleep[s] { world.wakeIsland(of: s) }
        }
        store.placeParts(of: g)
        for s in slots {
            for drag in drags.values where Int(drag.item.slot) == s { finish(drag) }
            touchProxy(s)
        }
        behaviorGraphDidChange()
        return group
    }

    /// True when `item` is a group.
    public func isGroup(_ item: ItemID) throws(AnimaError) -> Bool { store.isGroup(try slot(of: item)) }

    /// The parts of group `item` in the order given; empty for an item that is not a group.
    public func parts(of item: ItemID) throws(AnimaError) -> [ItemID] {
        let s = try slot(of: item)
        return (store.groupParts[Int32(s)] ?? []).map { ItemID(slot: $0, generation: store.generation[Int($0)]) }
    }

    /// The group `item` is a part of, or nil.
    public func group(of item: ItemID) throws(AnimaError) -> ItemID? {
        let g = store.groupOf[try slot(of: item)]
        return g >= 0 ? ItemID(slot: g, generation: store.generation[Int(g)]) : nil
    }

    /// A part's pose in its group's frame: the offset of its centre from the group's centre of
    /// mass (in the group's unturned frame, points) and its angle relative to the group's.
    public func partPose(of item: ItemID) throws(AnimaError) -> (offset: Vec2, angle: Double) {
        let s = try slot(of: item)
        guard store.groupOf[s] >= 0 else { throw AnimaError(.invalidArgument, "\(item) is not part of a group") }
        return (store.partOffset[s], store.partAngle[s])
    }

    /// Refuses to change what a part's group holds (its pose, velocity, size or shape).
    @inline(__always) func requireNotPart(_ s: Int, _ what: String) throws(AnimaError) {
        if store.groupOf[s] >= 0 {
            throw AnimaError(.invalidState, "the item is part of a group, which holds its \(what): set the group's instead")
        }
    }

    /// Refuses a group's size or shape: its parts make them.
    @inline(__always) func requireNotGroup(_ s: Int, _ what: String) throws(AnimaError) {
        if store.isGroup(s) {
            throw AnimaError(.invalidState, "the item is a group, whose \(what) its parts make")
        }
    }

    /// After the group's pose or velocity was set from outside the solver: its parts follow,
    /// their broad-phase boxes with them.
    func partsFollow(_ g: Int) {
        guard !store.groupSlots.isEmpty, let parts = store.groupParts[Int32(g)] else { return }
        store.placeParts(of: g)
        for m in parts { touchProxy(Int(m)) }
    }

    /// The centre of mass of the parts (area-weighted: they share the group's density), the
    /// velocity of that point, and the box enclosing them.
    func partsFrame(_ slots: [Int]) -> (Vec2, Vec2, Size) {
        var area = 0.0, moment = Vec2.zero, momentum = Vec2.zero
        var lower = Vec2(Double.infinity, Double.infinity), upper = -lower
        for s in slots {
            let a = store.geometry[s].area
            area += a
            moment += a * store.position[s]
            momentum += a * store.velocity[s]
            let box = store.aabb(s)
            lower = pointwiseMin(lower, box.lower)
            upper = pointwiseMax(upper, box.upper)
        }
        let center = area > 0 ? moment / area : store.position[slots[0]]
        let velocity = area > 0 ? momentum / area : .zero
        return (center, velocity, Size(width: upper.x - lower.x, height: upper.y - lower.y))
    }

    /// Takes part `s` out of its group (it is being destroyed): the group's centre moves to the
    /// remaining parts' centre of mass, moving at that point's velocity, and their offsets are
    /// measured from it.
    func leaveGroup(_ s: Int) {
        let g = Int(store.groupOf[s])
        guard g >= 0, var parts = store.groupParts[Int32(g)] else { return }
        parts.removeAll { $0 == Int32(s) }
        store.groupParts[Int32(g)] = parts
        store.groupOf[s] = -1
        guard !parts.isEmpty else { return }
        let (center, _, _) = partsFrame(parts.map { Int($0) })
        let shift = center - store.position[g]
        store.velocity[g] += cross(store.angularVelocity[g], shift)
        store.position[g] = center
        let q = store.rotation[g]
        for m in parts {
            let i = Int(m)
            let d = store.position[i] - center
            // the offset in the group's unturned frame: q^-1 d
            store.partOffset[i] = Vec2(q.c * d.x + q.s * d.y, -q.s * d.x + q.c * d.y)
        }
        store.placeParts(of: g)
        for m in parts { touchProxy(Int(m)) }
    }

    /// Frees the parts of group `g` (it is being destroyed), where they are, moving as they were.
    func dissolveGroup(_ g: Int) {
        guard let parts = store.groupParts.removeValue(forKey: Int32(g)) else { return }
        store.groupSlots.removeAll { $0 == Int32(g) }
        for m in parts {
            let i = Int(m)
            store.groupOf[i] = -1
            store.partOffset[i] = .zero
            store.partAngle[i] = 0
            if store.asleep[i] { world.wakeIsland(of: i) }
            touchProxy(i)
            wake(slot: i)
        }
    }

    func insertGroupSlot(_ g: Int32) {
        var k = store.groupSlots.count
        while k > 0 && store.groupSlots[k - 1] > g { k -= 1 }
        store.groupSlots.insert(g, at: k)
    }

    /// For the graph rebuild, before the masses: each part takes its group's share of the
    /// behaviors (governed, gravity, collision memberships, properties), its own having no
    /// effect while it is a part.
    func shareGroupBehaviors(_ itemMemberships: inout [SIMD2<Int32>], _ boundaryMemberships: inout [SIMD2<Int32>]) {
        if store.groupSlots.isEmpty { return }
        var groupItems: [Int32: [Int32]] = [:], groupBoundaries: [Int32: [Int32]] = [:]
        for m in itemMemberships where store.isGroup(Int(m.x)) { groupItems[m.x, default: []].append(m.y) }
        for m in boundaryMemberships where store.isGroup(Int(m.x)) { groupBoundaries[m.x, default: []].append(m.y) }
        // a part's own memberships go; the group's are its parts'
        itemMemberships.removeAll { store.groupOf[Int($0.x)] >= 0 || store.isGroup(Int($0.x)) }
        boundaryMemberships.removeAll { store.groupOf[Int($0.x)] >= 0 || store.isGroup(Int($0.x)) }
        for g32 in store.groupSlots {
            let g = Int(g32)
            for m in store.groupParts[g32] ?? [] {
                let i = Int(m)
                store.governed[i] = store.governed[g]
                store.gravity[i] = store.gravity[g]
                store.collisionMask[i] = store.collisionMask[g]
                store.boundaryMask[i] = store.boundaryMask[g]
                store.properties[i] = store.properties[g]
                for b in groupItems[g32] ?? [] { itemMemberships.append(SIMD2(m, b)) }
                for b in groupBoundaries[g32] ?? [] { boundaryMemberships.append(SIMD2(m, b)) }
            }
            // the group itself has no shape to collide with
            store.collisionMask[g] = 0
            store.boundaryMask[g] = 0
        }
    }

    /// For the graph rebuild, after the parts' masses: each group's mass is the sum of its
    /// parts', its inertia theirs about its centre of mass, I = sum m (I/m + |r|^2); each
    /// part's inverse mass and inertia are then its group's, which is what a contact with the
    /// part moves.
    func joinGroupMasses() {
        for g32 in store.groupSlots {
            let g = Int(g32)
            let p = store.properties[g]
            var mass = 0.0, inertia = 0.0
            for m in store.groupParts[g32] ?? [] {
                let i = Int(m)
                let mi = store.mass[i]
                mass += mi
                inertia += mi * (store.geometry[i].inertiaPerMass + lengthSquared(store.partOffset[i]))
            }
            store.mass[g] = mass
            if p.anchored || !store.governed[g] || !(mass > 0) {
                store.invMass[g] = 0
                store.invInertia[g] = 0
            } else {
                store.invMass[g] = 1 / mass
                store.invInertia[g] = p.allowsRotation && inertia > 0 ? 1 / inertia : 0
            }
            if store.invMass[g] > 0 && store.invInertia[g] == 0 { store.angularVelocity[g] = 0 }
            for m in store.groupParts[g32] ?? [] {
                store.invMass[Int(m)] = store.invMass[g]
                store.invInertia[Int(m)] = store.invInertia[g]
            }
        }
    }
}

extension World {
    /// Weld groups for the pair filter: a group's parts share one, so they never pair.
    func weldGroupParts() {
        if store.groupSlots.isEmpty { return }
        if weldGroup.count < store.count { weldGroup = [Int32](repeating: -1, count: store.count) }
        for g in store.groupSlots {
            // a group welded to other items by fixed attachments keeps their weld group
            let id = weldGroup[Int(g)] >= 0 ? weldGroup[Int(g)] : g
            for m in store.groupParts[g] ?? [] { weldGroup[Int(m)] = id }
        }
    }

    /// After the solver moved the bodies: the awake groups' parts take their places.
    func placeGroupParts() {
        for g in store.groupSlots where !store.asleep[Int(g)] { store.placeParts(of: Int(g)) }
    }
}
