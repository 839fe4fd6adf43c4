extension World {
    /// How far an item's fat box reaches beyond it (see `BroadPhase.margin(extent:)`).
    @inline(__always) func proxyMargin(_ i: Int) -> Double { BroadPhase.margin(extent: store.geometry[i].extent) }

    /// An item's box as the step's broad phase sees it at rest (its tight box without motion:
    /// the shape's box grown by the contact distance), for a proxy made or moved between steps;
    /// the first step then finds it inside its fat box.
    func restingProxyBox(_ i: Int) -> AABB {
        let box = store.aabb(i), grow = Vec2(Tolerances.speculativeDistance, Tolerances.speculativeDistance)
        return AABB(lower: box.lower - grow, upper: box.upper + grow)
    }

    /// The proxy user data of a boundary segment: -(index + 1); items use their slot.
    @inline(__always) static func segmentUserData(_ k: Int) -> Int32 { -Int32(k) - 1 }

    /// Brings the broad-phase proxies in line with the behavior graph: one per governed item,
    /// one per boundary segment (re-created whenever the segments are rebuilt). A proxy whose
    /// item has left its fat box is moved around it: the step moves only the proxies of items
    /// that collide, and an item that collided with nothing may collide now.
    func syncProxies() {
        for i in 0..<store.count {
            let wanted = store.alive[i] && store.governed[i]
            let proxy = store.proxy[i]
            if wanted && proxy < 0 {
                store.proxy[i] = self.broadPhase.create(restingProxyBox(i), userData: Int32(i), margin: proxyMargin(i))
            } else if !wanted && proxy >= 0 {
                self.broadPhase.destroy(proxy)
                store.proxy[i] = -1
            } else if wanted {
                let box = restingProxyBox(i)
                if !DynamicTree.contains(self.broadPhase.tree.fatAABB(proxy), box) {
                    self.broadPhase.update(proxy, box, margin: proxyMargin(i))
                }
            }
        }
        for p in self.segmentProxies { self.broadPhase.destroy(p) }
        self.segmentProxies.removeAll(keepingCapacity: true)
        self.segmentIndex.removeAll(keepingCapacity: true)
        for (k, seg) in self.segments.enumerated() {
            let box = AABB(lower: pointwiseMin(seg.p1, seg.p2), upper: pointwiseMax(seg.p1, seg.p2))
            self.segmentProxies.append(self.broadPhase.create(box, userData: World.segmentUserData(k)))
            self.segmentIndex[seg.id] = Int32(k)
        }
    }

    /// The fat box item `s`'s proxy moves to this step, or nil when it stays (or the item has no
    /// proxy or is at rest); see `BroadPhase.refit`.
    @inline(__always) func proxyRefit(_ s: Int32, _ h: Double, _ fatBox: (Int32) -> AABB) -> AABB? {
        let i = Int(s)
        guard isActive(i) else { return nil }
        let proxy = store.proxy[i]
        if proxy < 0 { return nil }
        // the displacement expected next step, for the fat box to reach ahead
        let motion = (store.velocity[i] + h * store.gravity[i]) * h
        return BroadPhase.refit(fatBox(proxy), self.tightBoxes[i], motion: isFinite(motion) ? motion : .zero,
                                margin: proxyMargin(i))
    }

    /// Whether two items may collide: a shared collision behavior that collides items, at
    /// least one of them can be pushed, no chain of fixed attachments welds them together,
    /// neither is a sensor, and they are not of the same collision group.
    /// The 64-bit summaries answer the first question; past 64 collision behaviors a shared bit
    /// is confirmed by the memberships (see CollisionMembership).
    @inline(__always) func acceptsPair(_ a: Int, _ b: Int) -> Bool {
        store.governed[a] && store.governed[b] && sharesItemCollision(a, b)
            && (store.invMass[a] > 0 || store.invMass[b] > 0) && !welded(a, b)
            && (!self.anySensors || !(store.isSensor[a] || store.isSensor[b]))
            && (store.collisionGroupCount == 0 || !sameCollisionGroup(a, b))
    }

    /// Whether two items share a collision group other than 0 (they never collide).
    @inline(__always) func sameCollisionGroup(_ a: Int, _ b: Int) -> Bool {
        let g = store.collisionGroup[a]
        return g != 0 && g == store.collisionGroup[b]
    }

    /// Whether a collision behavior that collides items holds both slots.
    @inline(__always) func sharesItemCollision(_ a: Int, _ b: Int) -> Bool {
        store.collisionMask[a] & store.collisionMask[b] != 0 && (!self.foldsMasks || self.itemMembership.shares(a, b))
    }

    /// Whether fixed attachments join the two slots into one rigid body (as of the last graph
    /// rebuild; a slot created since is in no group).
    @inline(__always) func welded(_ a: Int, _ b: Int) -> Bool {
        guard a < self.weldGroup.count, b < self.weldGroup.count else { return false }
        let g = self.weldGroup[a]
        return g >= 0 && g == self.weldGroup[b]
    }

    /// Whether an item collides with a boundary segment: its collision behavior owns the segment.
    @inline(__always) func acceptsSegment(_ i: Int, _ k: Int) -> Bool {
        let owner = self.segments[k].ownerIndex
        return store.governed[i] && store.invMass[i] > 0 && store.boundaryMask[i] & CollisionMembership.bit(owner) != 0
            && (!self.foldsMasks || self.boundaryMembership.contains(i, owner))
            && (!self.anySensors || !store.isSensor[i])
    }

    /// The pairs of proxies that moved this step with the proxies their fat boxes now overlap,
    /// that may collide and have no contact yet, sorted by key. It runs after the existing
    /// contacts were updated, so that a pair whose contact just ended because an item was
    /// destroyed and its slot reused (a new item where the old one was) is found again.
    func findNewPairs(alongside: () -> Void = {}) -> [Pair] {
        // new pairs: every moved proxy against the tree (candidates first, filtered after)
        self.broadPhase.prepareQueue()
        PhaseClock.mark(.queue)
        var pairs: [Pair] = []
        swap(&pairs, &self.newPairs)
        pairs.removeAll(keepingCapacity: true)
        let pool = self.workers.flatMap { $0.count > 1 && self.broadPhase.moved.count >= self.minimumItemsPerWorker ? $0 : nil }
        self.broadPhase.prepareMirror(pool: pool)
        PhaseClock.mark(.treeCopy)
        if let pool {
            findNewPairsShared(pool, &pairs, alongside: alongside)
        } else {
            alongside()
            var candidates: [SIMD2<Int32>] = []
            swap(&candidates, &self.candidates)   // reuse the buffer without sharing it
            candidates.removeAll(keepingCapacity: true)
            World.searchPairs(self.broadPhase, &candidates)
            World.userData(self.broadPhase, &candidates)
            for candidate in candidates {
                let pair = makePair(candidate.x, candidate.y)
                if let pair, !self.contactKeys.contains(pair.key) { pairs.append(pair) }
            }
            self.candidates = candidates
        }
        self.broadPhase.unmarkQueued()
        self.broadPhase.clearMoved()
        if pool != nil {
            pairs.sort { $0.key < $1.key }   // the blocks' sorted runs, merged
        } else {
            World.sortByKey(&pairs, scratch: &self.pairScratch)
        }
        PhaseClock.mark(.search)
        return pairs
    }

    /// Sorts `pairs` by key, keeping the order of equal keys: a least-significant-digit radix
    /// sort over the bytes in which the keys differ (item pairs whose slots are under 65 536
    /// differ in four). The search gives its pairs in the spatial order of the queried proxies
    /// (`BroadPhase.sortMovedBySpace`), far from their key order: a comparison sort of the
    /// tumbler's new pairs took 600 000 instructions a step in that order (410 000 in the order
    /// the proxies moved), these passes 220 000. With workers each block sorts its own pairs
    /// and the joined runs are merged (`findNewPairs`).
    static func sortByKey(_ pairs: inout [Pair], scratch: inout [Pair]) {
        let n = pairs.count
        guard n > 32 else {
            pairs.sort { $0.key < $1.key }   // insertion sort, stable
            return
        }
        let first = pairs[0].key
        var differ: UInt64 = 0
        for p in pairs { differ |= p.key ^ first }
        if differ == 0 { return }
        // room for n pairs, given back once far larger than needed (a crowd's first step)
        if scratch.count < n || scratch.count > 4 * n + 4096 { scratch = Array(repeating: pairs[0], count: n) }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 256) { counts in
            pairs.withUnsafeMutableBufferPointer { a in scratch.withUnsafeMutableBufferPointer { b in
                var from = a.baseAddress!, to = b.baseAddress!
                var passes = 0
                for byte in 0..<8 where (differ >> UInt64(8 * byte)) & 0xFF != 0 {
                    let shift = UInt64(8 * byte)
                    counts.update(repeating: 0)
                    for j in 0..<n { counts[Int((from[j].key >> shift) & 0xFF)] += 1 }
                    var place = 0
                    for d in 0..<256 {
                        let c = counts[d]
                        counts[d] = place
                        place += c
                    }
                    for j in 0..<n {
                        let d = Int((from[j].key >> shift) & 0xFF)
                        to[counts[d]] = from[j]
                        counts[d] += 1
                    }
                    swap(&from, &to)
                    passes += 1
                }
                // after an odd number of passes the sorted pairs are in the scratch
                if passes % 2 == 1 { a.baseAddress!.update(from: b.baseAddress!, count: n) }
            }}
        }
    }

    /// Every queued proxy's search, its candidate pairs appended in order. The broad phase is
    /// borrowed for the whole search: a method called on `broadPhase` for each proxy
    /// copied the struct each time, retaining and releasing each of its arrays.
    static func searchPairs(_ broadPhase: borrowing BroadPhase, _ candidates: inout [SIMD2<Int32>]) {
        broadPhase.moved.withUnsafeBufferPointer { moved in
            broadPhase.searchPairs(of: moved) { proxy, other in candidates.append(SIMD2(proxy, other)) }
        }
    }

    /// Replaces each candidate's two proxies by their user data (item slot or boundary).
    static func userData(_ broadPhase: borrowing BroadPhase, _ candidates: inout [SIMD2<Int32>]) {
        for k in candidates.indices {
            candidates[k] = SIMD2(broadPhase.tree.userData(candidates[k].x), broadPhase.tree.userData(candidates[k].y))
        }
    }

    /// Moved proxies per block of the shared pair search.
    static let pairBlock = 64

    /// The search for new pairs with several workers (Box2D v3 finds pairs per moved proxy in
    /// parallel the same way): each block of moved proxies queries the tree and keeps the pairs
    /// that may collide and have no contact yet, in a list of its own; the lists joined in block
    /// order are the pairs the loop in `collide` finds, in its order.
    func findNewPairsShared(_ pool: SolverWorkers, _ pairs: inout [Pair], alongside: () -> Void) {
        // one copy of the broad phase for the workers to read (reading `broadPhase` in
        // each call copies it, retaining its arrays); it ends with this call, before the
        // broad phase is changed again
        let broadPhase = self.broadPhase
        let moved = broadPhase.moved
        let blocks = (moved.count + World.pairBlock - 1) / World.pairBlock
        if self.blockPairs.count < blocks { self.blockPairs.append(contentsOf: repeatElement([], count: blocks - self.blockPairs.count)) }
        var blockPairs: [[Pair]] = []
        swap(&blockPairs, &self.blockPairs)
        defer { swap(&blockPairs, &self.blockPairs) }
        blockPairs.withUnsafeMutableBufferPointer { lists in
            moved.withUnsafeBufferPointer { moved in
                // job 0 is `alongside`, taken first by the stepping thread
                pool.forEachBlock(blocks + 1) { job, _ in
                    if job == 0 { alongside(); return }
                    let block = job - 1
                    lists[block].removeAll(keepingCapacity: true)
                    let first = block * World.pairBlock
                    let proxies = UnsafeBufferPointer(rebasing: moved[first..<min(moved.count, first + World.pairBlock)])
                    broadPhase.searchPairs(of: proxies) { proxy, other in
                        let pair = makePair(broadPhase.tree.userData(proxy), broadPhase.tree.userData(other))
                        if let pair, !self.contactKeys.contains(pair.key) { lists[block].append(pair) }
                    }
                    // sorted here, shared, so that the sort of the joined lists (`findNewPairs`)
                    // finds them as sorted runs and merges them (the standard library's sort does)
                    lists[block].sort { $0.key < $1.key }
                }
            }
            for block in 0..<blocks { pairs.append(contentsOf: lists[block]) }
        }
    }

    /// A candidate pair from two proxies' user data, or nil when they may not collide.
    func makePair(_ u: Int32, _ v: Int32) -> Pair? {
        if u < 0 && v < 0 { return nil }
        if u >= 0 && v >= 0 {
            let a = Int(min(u, v)), b = Int(max(u, v))
            guard acceptsPair(a, b) else { return nil }
            return Pair(key: (UInt64(UInt32(a)) << 32) | UInt64(UInt32(b)), a: Int32(a), b: Int32(b), segment: -1)
        }
        let item = Int(max(u, v))
        let k = Int(-min(u, v) - 1)
        guard acceptsSegment(item, k) else { return nil }
        let segmentKey = 0x8000_0000 | self.segments[k].id
        let lo = min(UInt32(item), segmentKey), hi = max(UInt32(item), segmentKey)
        return Pair(key: (UInt64(lo) << 32) | UInt64(hi), a: -1, b: Int32(item), segment: Int32(k))
    }
}
