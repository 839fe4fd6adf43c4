/// A consistency check of the engine's internal structures, in the spirit of Box2D v3's
/// validation passes (`b2ValidateSolverSets`, `b2ValidateContacts`): nothing may refer to an
/// item, a proxy or a boundary that was freed. Debug builds run it after every internal step
/// (`endStep`), so every Swift test and every fuzzing run checks it; release builds never call it.
extension Animator {
    /// True when every cross-reference inside the animator is sound.
    func validate() -> Bool { validationFailure() == nil }

    /// The first broken cross-reference, described for the trap message, or nil when every one
    /// is sound. Never traps, whatever the state: every index is range-checked before use.
    func validationFailure() -> String? {
        let n = store.count
        let tree = world.broadPhase.tree
        if let failure = tree.validationFailure() { return "broad-phase tree: \(failure)" }
        guard world.broadPhase.validateMoved() else { return "moved-proxy queue names a freed proxy" }
        guard world.broadPhase.validateFatBoxes() else { return "a proxy's fat box is not its leaf's, or a move was left unapplied" }

        // item proxies: a dead slot has none; a live one's proxy is a leaf that names the slot
        var itemProxies = 0
        for i in 0..<n {
            let proxy = store.proxy[i]
            if !store.alive[i] {
                if proxy >= 0 { return "dead item slot \(i) keeps proxy \(proxy)" }
                continue
            }
            if proxy >= 0 {
                guard tree.isProxy(proxy), tree.userData(proxy) == Int32(i) else {
                    return "item slot \(i): proxy \(proxy) is not its leaf"
                }
                itemProxies += 1
            }
        }
        // boundary proxies name their segment; together with the items they are every leaf
        guard world.segmentProxies.count == world.segments.count else {
            return "\(world.segmentProxies.count) boundary proxies for \(world.segments.count) segments"
        }
        for (k, proxy) in world.segmentProxies.enumerated() {
            guard tree.isProxy(proxy), tree.userData(proxy) == World.segmentUserData(k) else {
                return "segment \(k): proxy \(proxy) is not its leaf"
            }
        }
        guard tree.proxyCount == itemProxies + world.segmentProxies.count else {
            return "tree holds \(tree.proxyCount) leaves, items and segments \(itemProxies + world.segmentProxies.count)"
        }

        // contacts: one per key, slots in range, and a reporter record for each touching one
        let holes = world.contacts.reduce(0) { $0 + ($1.isHole ? 1 : 0) }
        guard holes == world.contactHoles else { return "\(holes) holes in the contact list, \(world.contactHoles) counted" }
        guard world.contactKeys.count == world.contacts.count - holes else {
            return "\(world.contactKeys.count) contact keys for \(world.contacts.count - holes) contacts"
        }
        guard world.contactHeads.count == world.contacts.count else {
            return "\(world.contactHeads.count) contact heads for \(world.contacts.count) contacts"
        }
        for (k, c) in world.contacts.enumerated() where world.contactHeads[k] != ContactHead(c) {
            return "contact \(k)'s head \(world.contactHeads[k]) is not its record's \(ContactHead(c))"
        }
        var touching = 0
        for c in world.contacts where !c.isHole {
            guard world.contactKeys.contains(c.key), c.b >= 0, Int(c.b) < n, c.a < Int32(n) else {
                return "contact \(c.a)-\(c.b) (segment \(c.segmentID)) unkeyed or out of range"
            }
            if c.a < 0 && c.segmentID == 0 { return "contact with item \(c.b) names no boundary" }
            if c.touching {
                guard world.touchingReporters[c.key] != nil else {
                    return "touching contact \(c.a)-\(c.b) (segment \(c.segmentID)) has no reporter"
                }
                touching += 1
            }
        }
        guard world.touchingReporters.count == touching else {
            return "\(world.touchingReporters.count) reporter records for \(touching) touching contacts"
        }

        // sleeping islands hold live, sleeping members of that island only
        for (id, members) in world.sleepingIslands {
            for m in members {
                let i = Int(m)
                guard i >= 0, i < n, store.alive[i], store.asleep[i], store.island[i] == id else {
                    return "sleeping island \(id) lists slot \(m), which is not a sleeping member"
                }
            }
        }
        // free slots are dead and listed once; creation order lists live slots only
        var seen = Set<Int32>()
        for s in store.freeSlots {
            guard s >= 0, Int(s) < n, !store.alive[Int(s)], seen.insert(s).inserted else {
                return "free slot \(s) is live, out of range or listed twice"
            }
        }
        guard store.order.allSatisfy({ $0 >= 0 && Int($0) < n && store.alive[Int($0)] }) else {
            return "creation order lists a dead slot"
        }
        // after a rebuild the body lists name live slots (a destroyed item leaves them at the next one)
        if !graphDirty {
            for list in [world.moving, world.kinematic, world.colliding] {
                guard list.allSatisfy({ $0 >= 0 && Int($0) < n && store.alive[Int($0)] }) else {
                    return "a body list names a dead slot"
                }
            }
        }
        // groups: live, ascending, each part live and naming its group, no group a part
        guard store.groupSlots.count == store.groupParts.count,
              zip(store.groupSlots, store.groupSlots.dropFirst()).allSatisfy({ $0 < $1 }) else {
            return "the group list disagrees with the groups' parts"
        }
        var parts = 0
        for g in store.groupSlots {
            guard g >= 0, Int(g) < n, store.alive[Int(g)], store.groupOf[Int(g)] < 0, let list = store.groupParts[g] else {
                return "group slot \(g) is dead, a part, or has no part list"
            }
            for m in list {
                guard m >= 0, Int(m) < n, store.alive[Int(m)], store.groupOf[Int(m)] == g, store.groupParts[m] == nil else {
                    return "group \(g) lists slot \(m), which is not its live part"
                }
                parts += 1
            }
        }
        guard store.groupOf.enumerated().filter({ store.alive[$0.offset] && $0.element >= 0 }).count == parts else {
            return "an item names a group that does not list it"
        }
        // collision groups: none negative, none on a dead slot or a group, and counted
        guard store.collisionGroup.count == n else { return "the collision groups are not one per slot" }
        var grouped = 0
        for i in 0..<n where store.collisionGroup[i] != 0 {
            guard store.collisionGroup[i] > 0, store.alive[i], !store.isGroup(i) else {
                return "item slot \(i) has collision group \(store.collisionGroup[i])"
            }
            grouped += 1
        }
        guard grouped == store.collisionGroupCount else {
            return "\(grouped) items have a collision group, \(store.collisionGroupCount) counted"
        }
        return nil
    }
}
