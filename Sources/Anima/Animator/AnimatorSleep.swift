/// Sleeping by island. Items joined by touching contacts form an island (union-find over the
/// solver's constraints each step). An item accumulates rest time while it moves (its displacement
/// and turn over the step) slower than the rest speeds; when every item of an island has rested for `restTime`, the island sleeps: its
/// velocities are zeroed and the solver skips it. An active item that reaches a sleeping one
/// wakes its whole island. The animator pauses when nothing is awake.
extension Animator {
    func updateRest(_ h: Double) {
        let linear = configuration.restSpeed
        let angular = configuration.restAngularSpeed
        let threshold = configuration.restTime
        let n = store.count + 1
        // work on local arrays (moved out of the world and back) so the loops do no bookkeeping
        var parent: [Int32] = [], rootRest: [Double] = [], rootIsland: [Int32] = []
        swap(&parent, &world.parent)
        swap(&rootRest, &world.rootRest)
        swap(&rootIsland, &world.rootIsland)
        defer {
            swap(&parent, &world.parent)
            swap(&rootRest, &world.rootRest)
            swap(&rootIsland, &world.rootIsland)
        }
        if parent.count < n {
            parent = [Int32](repeating: 0, count: n)
            rootRest = [Double](repeating: 0, count: n)
            rootIsland = [Int32](repeating: -1, count: n)
        }
        // the bodies the solver gathered this step: an island woken by a callback since then has
        // no body in this step's buffers
        let moving = world.solvedMoving
        var longestRest = 0.0
        // each item on its own (workers share them), the longest rest of each block kept
        let block = Animator.bodyBlock
        let blocks = (moving.count + block - 1) / block
        world.blockLongestRest.resize(max(1, blocks))
        let blockLongest = world.blockLongestRest.base
        let bodies = world.bodies.base
        moving.withUnsafeBufferPointer { moving in
        parent.withUnsafeMutableBufferPointer { parent in
        rootRest.withUnsafeMutableBufferPointer { rootRest in
        rootIsland.withUnsafeMutableBufferPointer { rootIsland in
        store.restTime.withUnsafeMutableBufferPointer { restTime in
            func rest(_ b: Int) {
                var longest = 0.0
                for s in moving[(b * block)..<min(moving.count, (b + 1) * block)] {
                    let i = Int(s)
                    parent[i + 1] = Int32(i + 1)
                    rootRest[i + 1] = .infinity
                    rootIsland[i + 1] = -1
                    // how fast the item actually moved this step: the step's displacement and turn
                    // over h (a velocity that constraints undo every step is no motion, and must
                    // not keep it awake)
                    let body = bodies[i + 1]
                    if length(body.dp) < linear * h && abs(body.turned) < angular * h {
                        restTime[i] += h
                        longest = max(longest, restTime[i])
                    } else {
                        restTime[i] = 0
                    }
                }
                blockLongest[b] = longest
            }
            if let pool = world.workers, pool.count > 1, moving.count >= world.minimumItemsPerWorker * pool.count {
                pool.forEachBlock(blocks) { b, _ in rest(b) }
            } else {
                for b in 0..<blocks { rest(b) }
            }
        }}}}}
        for b in 0..<blocks { longestRest = max(longestRest, blockLongest[b]) }
        // items in an animated noise or turbulence field never rest
        for field in world.fields where (field.fieldKind == .noise || field.fieldKind == .turbulence)
            && field.animationSpeed > 0 && field.strength != 0 {
            for item in field.items where store.isLive(item) { store.restTime[Int(item.slot)] = 0 }
        }
        // items under an active continuous push never rest
        for push in world.pushes where push.active && push.mode == .continuous && push.magnitude != 0 {
            for item in push.items where store.isLive(item) { store.restTime[Int(item.slot)] = 0 }
        }
        // an island sleeps only when every member has rested long enough: while no item has,
        // none can, and the islands need not be found (most steps of a scene in motion)
        var slept = false
        if longestRest >= threshold { slept = sleepRestedIslands(moving, threshold, &parent, &rootRest, &rootIsland) }
        if slept || bodyListsDirty { rebuildBodyLists() }

        var kinematicMoving = false
        for s in world.kinematic {
            let i = Int(s)
            if store.velocity[i] != .zero || store.angularVelocity[i] != 0 { kinematicMoving = true }
        }
        refreshBehaviorHooks()
        let behaviorsRest = !behaviorHooks.contains { $0.isAdded && !$0.isAtRest }
        physicsAtRest = world.moving.isEmpty && !kinematicMoving && behaviorsRest && !graphDirty
        if physicsAtRest && !animationsNeedSteps {
            isRunning = false
            pendingPauseNotification = true
        }
    }

    /// Joins the moving bodies that touch or are attached into islands (union-find over this
    /// step's contact constraints and joints; the smaller index becomes the root, so islands do
    /// not depend on the order of unions) and puts to sleep every island whose members have all
    /// rested `threshold` seconds. True when one did.
    private func sleepRestedIslands(_ moving: [Int32], _ threshold: Double, _ parent: inout [Int32],
                                    _ rootRest: inout [Double], _ rootIsland: inout [Int32]) -> Bool {
        func find(_ x: Int) -> Int {
            var r = x
            while Int(parent[r]) != r { r = Int(parent[r]) }
            var y = x
            while Int(parent[y]) != r {
                let next = Int(parent[y])
                parent[y] = Int32(r)
                y = next
            }
            return r
        }
        func union(_ a: Int, _ b: Int) {
            let ra = find(a), rb = find(b)
            if ra == rb { return }
            if ra < rb { parent[rb] = Int32(ra) } else { parent[ra] = Int32(rb) }
        }
        // join bodies that touch or are attached (static and kinematic bodies join no island)
        let cs = world.constraints.base
        for ci in 0..<world.constraints.count where cs[ci].invMassA > 0 && cs[ci].invMassB > 0 {
            union(Int(cs[ci].a), Int(cs[ci].b))
        }
        let js = world.joints.base
        for k in 0..<world.joints.count where js[k].invMassA > 0 && js[k].invMassB > 0 {
            union(Int(js[k].a), Int(js[k].b))
        }
        for s in moving {
            let root = find(Int(s) + 1)
            rootRest[root] = min(rootRest[root], store.restTime[Int(s)])
        }
        var slept = false
        for s in moving {
            let i = Int(s)
            let root = find(i + 1)
            // an item destroyed during the step does not join an island
            guard rootRest[root] >= threshold, store.alive[i] else { continue }
            if rootIsland[root] < 0 {
                world.nextIslandID &+= 1
                rootIsland[root] = world.nextIslandID
            }
            let id = rootIsland[root]
            store.asleep[i] = true
            store.island[i] = id
            store.velocity[i] = .zero
            store.angularVelocity[i] = 0
            world.sleepingIslands[id, default: []].append(s)
            slept = true
        }
        return slept
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
