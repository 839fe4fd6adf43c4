/// Sleeping by island. Items joined by touching contacts form an island (union-find over the
/// solver's constraints each step). An item accumulates rest time while it moves (its displacement
/// and turn over the step) slower than the rest speeds; when every item of an island has rested for `restTime`, the island sleeps: its
/// velocities are zeroed and the solver skips it. An active item that reaches a sleeping one
/// wakes its whole island. The animator pauses when nothing is awake (`Animator.updateRest`).
extension World {
    /// Rest times, then sleep for the islands that rested long enough. Returns whether nothing
    /// moves: no body is left to solve and no anchored item has a velocity.
    func updateRest(_ h: Double) -> Bool {
        let linear = configuration.restSpeed
        let angular = configuration.restAngularSpeed
        let threshold = configuration.restTime
        let n = store.count + 1
        // work on local arrays (moved out of the world and back) so the loops do no bookkeeping
        var parent: [Int32] = [], rootRest: [Double] = [], rootIsland: [Int32] = []
        swap(&parent, &self.parent)
        swap(&rootRest, &self.rootRest)
        swap(&rootIsland, &self.rootIsland)
        defer {
            swap(&parent, &self.parent)
            swap(&rootRest, &self.rootRest)
            swap(&rootIsland, &self.rootIsland)
        }
        // (grown keeping what they hold: the solve may have joined this step's islands already)
        World.growIslandScratch(&parent, &rootRest, &rootIsland, to: n)
        // the bodies the solver gathered this step: an island woken by a callback since then has
        // no body in this step's buffers
        let moving = self.solvedMoving
        var longestRest = 0.0
        let joined = self.islandsJoined
        self.islandsJoined = false
        let pool = self.workers.flatMap { $0.count > 1 && moving.count >= self.minimumItemsPerWorker * $0.count ? $0 : nil }
        // each item on its own (workers share them), the longest rest of each block kept
        let block = World.bodyBlock
        let blocks = (moving.count + block - 1) / block
        self.blockLongestRest.resize(max(1, blocks))
        let blockLongest = self.blockLongestRest.base
        let bodies = self.bodies.base
        moving.withUnsafeBufferPointer { moving in
        parent.withUnsafeMutableBufferPointer { parent in
        rootRest.withUnsafeMutableBufferPointer { rootRest in
        rootIsland.withUnsafeMutableBufferPointer { rootIsland in
        store.restTime.withUnsafeMutableBufferPointer { restTime in
            func rest(_ b: Int) {
                var longest = 0.0
                for s in moving[(b * block)..<min(moving.count, (b + 1) * block)] {
                    let i = Int(s)
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
            if let pool {
                pool.forEachBlock(blocks) { b, _ in rest(b) }
            } else {
                for b in 0..<blocks { rest(b) }
            }
        }}}}}
        for b in 0..<blocks { longestRest = max(longestRest, blockLongest[b]) }
        self.longestRest = longestRest
        // items in an animated noise or turbulence field never rest
        for field in self.fields where (field.fieldKind == .noise || field.fieldKind == .turbulence)
            && field.animationSpeed > 0 && field.strength != 0 {
            for item in field.items where store.isLive(item) { store.restTime[Int(item.slot)] = 0 }
        }
        // items under an active continuous push never rest
        for push in self.pushes where push.active && push.mode == .continuous && push.magnitude != 0 {
            for item in push.items where store.isLive(item) { store.restTime[Int(item.slot)] = 0 }
        }
        // an island sleeps only when every member has rested long enough: while no item has,
        // none can, and the islands need not be found (most steps of a scene in motion)
        var slept = false
        if longestRest >= threshold {
            if joined { self.islandJoinsUsed += 1 }
            slept = sleepRestedIslands(moving, threshold, joined: joined, &parent, &rootRest, &rootIsland)
        }
        if slept || bodyListsDirty { rebuildBodyLists() }

        var kinematicMoving = false
        for s in self.kinematic {
            let i = Int(s)
            if store.velocity[i] != .zero || store.angularVelocity[i] != 0 { kinematicMoving = true }
        }
        return self.moving.isEmpty && !kinematicMoving
    }

    /// The root of body x's island in the union-find forest `parent`, the path to it compressed.
    @inline(__always) private static func find(_ x: Int, _ parent: UnsafeMutableBufferPointer<Int32>) -> Int {
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

    /// Makes the island scratch (by body index) hold at least `n` entries, keeping what it holds.
    static func growIslandScratch(_ parent: inout [Int32], _ rootRest: inout [Double], _ rootIsland: inout [Int32], to n: Int) {
        guard parent.count < n else { return }
        parent.append(contentsOf: repeatElement(0, count: n - parent.count))
        rootRest.append(contentsOf: repeatElement(0, count: n - rootRest.count))
        rootIsland.append(contentsOf: repeatElement(-1, count: n - rootIsland.count))
    }

    @inline(__always) private static func union(_ a: Int, _ b: Int, _ parent: UnsafeMutableBufferPointer<Int32>) {
        let ra = find(a, parent), rb = find(b, parent)
        if ra == rb { return }
        if ra < rb { parent[rb] = Int32(ra) } else { parent[ra] = Int32(rb) }
    }

    /// Joins the moving bodies that touch into islands: each moving body (item slot s is body
    /// s + 1) starts alone, then a union-find over this step's contact constraints whose bodies
    /// both have mass (static and kinematic bodies join no island; `sleepRestedIslands` adds
    /// the joints). The smaller index becomes the root, so each island's root is its smallest
    /// body whatever the order of the unions, and the islands are those of any order.
    func joinTouchingIslands(_ moving: UnsafeBufferPointer<Int32>, _ parent: UnsafeMutableBufferPointer<Int32>,
                             _ rootRest: UnsafeMutableBufferPointer<Double>, _ rootIsland: UnsafeMutableBufferPointer<Int32>) {
        for s in moving {
            let b = Int(s) + 1
            parent[b] = Int32(b)
            rootRest[b] = .infinity
            rootIsland[b] = -1
        }
        let joins = self.constraintJoins.base
        for ci in 0..<self.constraints.count where joins[ci].x != 0 {
            World.union(Int(joins[ci].x), Int(joins[ci].y), parent)
        }
    }

    /// With workers, when this step may put islands to sleep (an item's rest grows by a step at
    /// most, so the longest rest stays below the threshold while last step's plus a step does),
    /// the touching bodies are joined into islands by one thread while the others gather the
    /// bodies for the solve (`solve`): the constraints are final by then, and the union-find
    /// reads nothing else the step changes before `updateRest`. True when it does.
    func joinsIslandsInSolve(_ h: Double) -> Bool {
        guard let pool = self.workers, pool.count > 1, self.moving.count >= self.minimumItemsPerWorker * pool.count,
              self.longestRest + h >= configuration.restTime else { return false }
        World.growIslandScratch(&self.parent, &self.rootRest, &self.rootIsland, to: store.count + 1)
        return true
    }

    /// `joinTouchingIslands` on the world's island scratch, for the bodies the solve gathered.
    func joinTouchingIslandsOfTheStep() {
        self.solvedMoving.withUnsafeBufferPointer { moving in
        self.parent.withUnsafeMutableBufferPointer { parent in
        self.rootRest.withUnsafeMutableBufferPointer { rootRest in
        self.rootIsland.withUnsafeMutableBufferPointer { rootIsland in
            joinTouchingIslands(moving, parent, rootRest, rootIsland)
        }}}}
    }

    /// Puts to sleep every island whose members have all rested `threshold` seconds: the
    /// touching bodies joined (already, when `joined`), then the attached ones. True when one did.
    private func sleepRestedIslands(_ moving: [Int32], _ threshold: Double, joined: Bool, _ parent: inout [Int32],
                                    _ rootRest: inout [Double], _ rootIsland: inout [Int32]) -> Bool {
        moving.withUnsafeBufferPointer { moving in
        parent.withUnsafeMutableBufferPointer { parent in
        rootRest.withUnsafeMutableBufferPointer { rootRest in
        rootIsland.withUnsafeMutableBufferPointer { rootIsland in
            if !joined { joinTouchingIslands(moving, parent, rootRest, rootIsland) }
            let heads = self.jointHeads.base
            for k in 0..<self.joints.count where heads[k].aHasMass && heads[k].bHasMass {
                World.union(Int(heads[k].a), Int(heads[k].b), parent)
            }
            return sleepJoinedIslands(moving, threshold, parent, rootRest, rootIsland)
        }}}}
    }

    /// Each island's shortest rest at its root, then its members asleep when that reaches
    /// `threshold`, under a new island id (given in the order of `moving`).
    private func sleepJoinedIslands(_ moving: UnsafeBufferPointer<Int32>, _ threshold: Double,
                                    _ parent: UnsafeMutableBufferPointer<Int32>, _ rootRest: UnsafeMutableBufferPointer<Double>,
                                    _ rootIsland: UnsafeMutableBufferPointer<Int32>) -> Bool {
        func find(_ x: Int) -> Int { World.find(x, parent) }
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
                self.nextIslandID &+= 1
                rootIsland[root] = self.nextIslandID
            }
            let id = rootIsland[root]
            store.asleep[i] = true
            store.island[i] = id
            store.velocity[i] = .zero
            store.angularVelocity[i] = 0
            self.sleepingIslands[id, default: []].append(s)
            // a group's parts sleep with it (and wake with it)
            if !store.groupSlots.isEmpty, let parts = store.groupParts[s] {
                for m in parts {
                    store.asleep[Int(m)] = true
                    store.island[Int(m)] = id
                    store.velocity[Int(m)] = .zero
                    store.angularVelocity[Int(m)] = 0
                }
                self.sleepingIslands[id, default: []].append(contentsOf: parts)
            }
            slept = true
        }
        return slept
    }

    /// Puts slot s (and a group's parts with it) to sleep in an island of its own, at rest.
    func sleepAlone(_ s: Int) {
        self.nextIslandID &+= 1
        let id = self.nextIslandID
        var members = [Int32(s)]
        if !store.groupSlots.isEmpty, let parts = store.groupParts[Int32(s)] { members += parts }
        for m in members {
            let i = Int(m)
            store.asleep[i] = true
            store.island[i] = id
            store.velocity[i] = .zero
            store.angularVelocity[i] = 0
            store.velocityGiven[i] = false
            store.restTime[i] = configuration.restTime
        }
        self.sleepingIslands[id] = members
        // rebuilt once before the next step (or query), not once per item put to sleep: a screen
        // of views put to sleep one by one stays linear
        bodyListsDirty = true
    }

    /// Wakes the island an item sleeps in. With `refreshingLists` false the body lists are left
    /// for the caller to rebuild once (the contact update, which may wake hundreds of islands in
    /// a step: a wall struck in Box2D's smash, where a rebuild per island woken was a quarter
    /// of all the instructions of the scene).
    func wakeIsland(of slot: Int, refreshingLists: Bool = true) {
        let id = store.island[slot]
        guard store.asleep[slot], let members = self.sleepingIslands.removeValue(forKey: id) else {
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
        if refreshingLists { refreshBodyLists() }
    }

    /// Wakes everything.
    func wakeAllIslands() {
        for s in store.order {
            let i = Int(s)
            store.asleep[i] = false
            store.island[i] = -1
            store.restTime[i] = 0
        }
        if !self.sleepingIslands.isEmpty {
            self.sleepingIslands.removeAll()
            refreshBodyLists()
        }
    }
}
