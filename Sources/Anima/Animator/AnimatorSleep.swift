/// Sleeping by island. Items joined by touching contacts form an island (union-find over the
/// solver's constraints each step). An item accumulates rest time while slower than the rest
/// speeds; when every item of an island has rested for `restTime`, the island sleeps: its
/// velocities are zeroed and the solver skips it. An active item that reaches a sleeping one
/// wakes its whole island. The animator pauses when nothing is awake.
extension Animator {
    func updateRest(_ h: Double) {
        let linear = configuration.restSpeed
        let angular = configuration.restAngularSpeed
        let threshold = configuration.restTime
        let n = store.count + 1
        if world.parent.count < n {
            world.parent = [Int32](repeating: 0, count: n)
            world.rootRest = [Double](repeating: 0, count: n)
            world.rootIsland = [Int32](repeating: -1, count: n)
        }
        for s in world.moving {
            let i = Int(s)
            world.parent[i + 1] = Int32(i + 1)
            world.rootRest[i + 1] = .infinity
            world.rootIsland[i + 1] = -1
            if length(store.velocity[i]) < linear && abs(store.angularVelocity[i]) < angular {
                store.restTime[i] += h
            } else {
                store.restTime[i] = 0
            }
        }
        // join bodies that touch (static and kinematic bodies do not join islands)
        for ci in 0..<world.constraints.count {
            let c = world.constraints[ci]
            if c.invMassA > 0 && c.invMassB > 0 { union(Int(c.a), Int(c.b)) }
        }
        for k in 0..<world.joints.count {
            let j = world.joints[k]
            if j.invMassA > 0 && j.invMassB > 0 { union(Int(j.a), Int(j.b)) }
        }
        for s in world.moving {
            let root = find(Int(s) + 1)
            world.rootRest[root] = min(world.rootRest[root], store.restTime[Int(s)])
        }
        var slept = false
        for s in world.moving {
            let i = Int(s)
            let root = find(i + 1)
            guard world.rootRest[root] >= threshold else { continue }
            if world.rootIsland[root] < 0 {
                world.nextIslandID &+= 1
                world.rootIsland[root] = world.nextIslandID
            }
            let id = world.rootIsland[root]
            store.asleep[i] = true
            store.island[i] = id
            store.velocity[i] = .zero
            store.angularVelocity[i] = 0
            world.sleepingIslands[id, default: []].append(s)
            slept = true
        }
        if slept { refreshBodyLists() }

        var kinematicMoving = false
        for s in world.kinematic {
            let i = Int(s)
            if store.velocity[i] != .zero || store.angularVelocity[i] != 0 { kinematicMoving = true }
        }
        if world.moving.isEmpty && !kinematicMoving && !graphDirty {
            isRunning = false
            pendingPauseNotification = true
        }
    }

    private func find(_ x: Int) -> Int {
        var r = x
        while Int(world.parent[r]) != r { r = Int(world.parent[r]) }
        var y = x
        while Int(world.parent[y]) != r {
            let next = Int(world.parent[y])
            world.parent[y] = Int32(r)
            y = next
        }
        return r
    }

    private func union(_ a: Int, _ b: Int) {
        let ra = find(a), rb = find(b)
        if ra == rb { return }
        // the smaller index becomes the root, so islands do not depend on the order of unions
        if ra < rb { world.parent[rb] = Int32(ra) } else { world.parent[ra] = Int32(rb) }
    }

    /// Wakes the island an item sleeps in.
    func wakeIsland(of slot: Int) {
        let id = store.island[slot]
        guard store.asleep[slot], let members = world.sleepingIslands.removeValue(forKey: id) else {
            store.asleep[slot] = false
            store.restTime[slot] = 0
            return
        }
        for m in members {
            let i = Int(m)
            guard i < store.count, store.island[i] == id else { continue }
            store.asleep[i] = false
            store.island[i] = -1
            store.restTime[i] = 0
        }
        refreshBodyLists()
    }

    /// Wakes everything.
    func wakeAllIslands() {
        for s in store.order {
            let i = Int(s)
            store.asleep[i] = false
            store.island[i] = -1
            store.restTime[i] = 0
        }
        if !world.sleepingIslands.isEmpty {
            world.sleepingIslands.removeAll()
            refreshBodyLists()
        }
    }
}
