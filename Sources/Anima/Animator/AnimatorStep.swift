extension Animator {
    // MARK: clock

    /// Consumes frame time through the fixed-rate accumulator and runs whole internal steps
    /// while running. Throws `.busy` from inside a callback, `.invalidArgument` for a time that is
    /// negative, not finite or longer than the configuration's `maximumAdvance`, and
    /// `.interrupted` when a callback called ``interrupt()`` (the rest of the time is then
    /// dropped).
    public func advance(_ seconds: Double) throws(AnimaError) {
        guard inCallback == 0 else { throw AnimaError(.busy, "advance cannot be called from inside a callback") }
        guard seconds.isFinite && seconds >= 0 else {
            throw AnimaError(.invalidArgument, "seconds must be finite and >= 0 (got \(seconds))")
        }
        guard seconds <= configuration.maximumAdvance else {
            throw AnimaError(.invalidArgument, "seconds must be at most the animator's maximum advance of \(configuration.maximumAdvance) s (got \(seconds)); advance in shorter calls or raise the maximum")
        }
        clearContactEvents()
        try deliverResumeIfNeeded()
        guard isRunning else {
            accumulator = 0
            return
        }
        accumulator += seconds
        // a tolerance of one part in 1e9 of a step lets 1/60 s run exactly two 1/120 s steps
        let threshold = stepDuration * (1 - 1e-9)
        while accumulator >= threshold {
            accumulator -= stepDuration
            try runStep()
            if !isRunning {
                accumulator = 0
                break
            }
        }
        if accumulator < 0 { accumulator = 0 }
    }

    /// Runs exactly one internal step if running; does nothing while paused.
    public func step() throws(AnimaError) {
        guard inCallback == 0 else { throw AnimaError(.busy, "step cannot be called from inside a callback") }
        clearContactEvents()
        try deliverResumeIfNeeded()
        if isRunning { try runStep() }
    }

    /// From inside a callback: the running advance or step ends after the current internal step.
    public func interrupt() {
        if inCallback > 0 { interruptRequested = true }
    }

    /// True while a callback of this animator is running.
    public var isInCallback: Bool { inCallback > 0 }

    private func deliverResumeIfNeeded() throws(AnimaError) {
        if pendingResumeNotification {
            pendingResumeNotification = false
            if let f = onWillResume {
                try withCallback { f(self) }
            }
        }
    }

    /// Runs `body` as a callback: graph edits made inside only mark the graph dirty (they take
    /// effect at the next step) and advance/step/destroy are refused.
    func withCallback(_ body: () -> Void) throws(AnimaError) {
        inCallback += 1
        body()
        inCallback -= 1
        if inCallback == 0 && bodyListsDirty { rebuildBodyLists() }
        if inCallback == 0 && interruptRequested {
            interruptRequested = false
            accumulator = 0
            throw AnimaError(.interrupted, "a callback interrupted the step")
        }
    }

    // MARK: one internal step

    func runStep() throws(AnimaError) {
        if graphDirty { rebuildGraph() }
        isStepping = true
        defer { endStep() }
        let h = stepDuration
        let stepBegan = beganContacts.count
        let stepEnded = endedContacts.count
        displayFrom.record(store)
        PhaseClock.beginStep()
        defer { PhaseClock.mark(.afterSolve) }
        // view animations move their items first, so this step's collisions see the new values
        advanceAnimations(h)
        updateGeometry(h)
        PhaseClock.mark(.geometry)
        collide()
        // the solve also finds which contacts began or stopped touching, and their events
        solve(h)
        for s in world.kinematic { store.velocityGiven[Int(s)] = false }
        for s in world.moving { store.velocityGiven[Int(s)] = false }
        stepCount += 1
        elapsedTime += h
        deliverContacts(from: stepBegan, stepEnded)
        // UIKit's order: contact delegates, then every behavior's action, then the stop check
        var interrupted = runContactCallbacks()
        if !interrupted { interrupted = runActions() }
        if !interrupted { interrupted = runCompletions() }
        updateRest(h)
        if !interrupted { interrupted = runPauseCallback() }
        if !interrupted, let f = onStep {
            do { try withCallback { f(self) } } catch { interrupted = true }
        }
        // a request made inside the solve (a custom field's evaluation) ends the step here
        if interruptRequested {
            interruptRequested = false
            interrupted = true
        }
        if interrupted {
            accumulator = 0
            throw AnimaError(.interrupted, "a callback interrupted the step")
        }
    }

    /// Ends a step: slots freed during it become reusable, and in debug builds (and builds with
    /// `-D ANIMA_VALIDATE`, such as the fuzzer's) the engine's structures are checked (see
    /// `validationFailure()`).
    func endStep() {
        isStepping = false
        if !slotsFreedInStep.isEmpty {
            store.release(slotsFreedInStep)
            slotsFreedInStep.removeAll(keepingCapacity: true)
        }
        #if ANIMA_VALIDATE
        if let failure = validationFailure() { fatalError("Anima: inconsistent after a step: \(failure)") }
        #else
        assert(validate(), "Anima: inconsistent after a step: \(validationFailure() ?? "")")
        #endif
    }

    /// World-space outlines of colliding items and how far each moving item may travel this step:
    /// sweep = (|v| + |g| h) h + |w| extent h.
    func updateGeometry(_ h: Double) {
        let n = store.count
        if world.sweep.count < n {
            world.sweep.append(contentsOf: repeatElement(0, count: n - world.sweep.count))
        }
        if world.tightBoxes.count < n {
            world.tightBoxes.append(contentsOf: repeatElement(AABB(lower: .zero, upper: .zero), count: n - world.tightBoxes.count))
        }
        let grow = Tolerances.speculativeDistance
        let needed = store.localVertices.count
        if world.worldVertices.count < needed {
            world.worldVertices.append(contentsOf: repeatElement(.zero, count: needed - world.worldVertices.count))
            world.worldNormals.append(contentsOf: repeatElement(.zero, count: needed - world.worldNormals.count))
        }
        // one access per array for the whole loop (no per-element bookkeeping in the hot loop)
        let store = self.store
        store.geometry.withUnsafeBufferPointer { geometry in
        store.velocity.withUnsafeBufferPointer { velocity in
        store.angularVelocity.withUnsafeBufferPointer { angular in
        store.gravity.withUnsafeBufferPointer { gravity in
        store.rotation.withUnsafeBufferPointer { rotation in
        store.position.withUnsafeBufferPointer { position in
        store.localVertices.withUnsafeBufferPointer { localVertices in
        store.localNormals.withUnsafeBufferPointer { localNormals in
        store.outlineStart.withUnsafeBufferPointer { outlineStart in
        world.sweep.withUnsafeMutableBufferPointer { sweep in
        world.worldVertices.withUnsafeMutableBufferPointer { worldVertices in
        world.worldNormals.withUnsafeMutableBufferPointer { worldNormals in
        world.tightBoxes.withUnsafeMutableBufferPointer { tight in
        world.colliding.withUnsafeBufferPointer { colliding in
            // per item, into its own slots only: workers may share the items
            func outline(_ s: Int32) {
                let i = Int(s)
                let g = geometry[i]
                let reach = (length(velocity[i]) + length(gravity[i]) * h) * h + abs(angular[i]) * g.extent * h
                sweep[i] = reach
                let p = position[i]
                var lower = p - Vec2(g.radius, g.radius), upper = p + Vec2(g.radius, g.radius)
                if g.isRectangle {
                    // the same arithmetic as rotating the stored outline, without reading it:
                    // corners (-+hw, -+hh) turned by q, and the normals q (0, -1), q (1, 0), ...
                    let q = rotation[i]
                    let base = Int(outlineStart[i])
                    let hw = g.halfSize.x, hh = g.halfSize.y
                    let corners = (Vec2(-hw, -hh), Vec2(hw, -hh), Vec2(hw, hh), Vec2(-hw, hh))
                    let v0 = p + q.rotate(corners.0), v1 = p + q.rotate(corners.1)
                    let v2 = p + q.rotate(corners.2), v3 = p + q.rotate(corners.3)
                    worldVertices[base] = v0
                    worldVertices[base + 1] = v1
                    worldVertices[base + 2] = v2
                    worldVertices[base + 3] = v3
                    worldNormals[base] = q.rotate(Vec2(0, -1))
                    worldNormals[base + 1] = q.rotate(Vec2(1, 0))
                    worldNormals[base + 2] = q.rotate(Vec2(0, 1))
                    worldNormals[base + 3] = q.rotate(Vec2(-1, 0))
                    lower = pointwiseMin(pointwiseMin(v0, v1), pointwiseMin(v2, v3))
                    upper = pointwiseMax(pointwiseMax(v0, v1), pointwiseMax(v2, v3))
                } else if !g.isCircle {
                    let q = rotation[i]
                    let base = Int(outlineStart[i])
                    lower = Vec2(Double.infinity, Double.infinity)
                    upper = -lower
                    for k in 0..<Int(g.count) {
                        let v = p + q.rotate(localVertices[base + k])
                        worldVertices[base + k] = v
                        worldNormals[base + k] = q.rotate(localNormals[base + k])
                        lower = pointwiseMin(lower, v)
                        upper = pointwiseMax(upper, v)
                    }
                }
                // the box the item may occupy during the step: swept along its expected
                // displacement (velocity and gravity over the step), grown all round by what its
                // turning may sweep and the contact distance. (Grown by the displacement's length
                // all round instead, a crowd falling together kept pairs with everything beside
                // and above it: the 10 000-box pile held a fifth more memory at its peak and took
                // 15 % longer a step, the tumbler 14 %.)
                let d = (velocity[i] + gravity[i] * h) * h
                let e = abs(angular[i]) * g.extent * h + grow
                tight[i] = AABB(lower: lower + pointwiseMin(d, .zero) - Vec2(e, e), upper: upper + pointwiseMax(d, .zero) + Vec2(e, e))
            }
            if let pool = world.workers, pool.count > 1, colliding.count >= world.minimumItemsPerWorker * pool.count {
                let block = 256
                pool.forEachBlock((colliding.count + block - 1) / block) { b, _ in
                    for j in (b * block)..<min(colliding.count, (b + 1) * block) { outline(colliding[j]) }
                }
            } else {
                for s in colliding { outline(s) }
            }
        }}}}}}}}}}}}}}
    }

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
                store.proxy[i] = world.broadPhase.create(restingProxyBox(i), userData: Int32(i), margin: proxyMargin(i))
            } else if !wanted && proxy >= 0 {
                world.broadPhase.destroy(proxy)
                store.proxy[i] = -1
            } else if wanted {
                let box = restingProxyBox(i)
                if !DynamicTree.contains(world.broadPhase.tree.fatAABB(proxy), box) {
                    world.broadPhase.update(proxy, box, margin: proxyMargin(i))
                }
            }
        }
        for p in world.segmentProxies { world.broadPhase.destroy(p) }
        world.segmentProxies.removeAll(keepingCapacity: true)
        world.segmentIndex.removeAll(keepingCapacity: true)
        for (k, seg) in world.segments.enumerated() {
            let box = AABB(lower: pointwiseMin(seg.p1, seg.p2), upper: pointwiseMax(seg.p1, seg.p2))
            world.segmentProxies.append(world.broadPhase.create(box, userData: Animator.segmentUserData(k)))
            world.segmentIndex[seg.id] = Int32(k)
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
        return BroadPhase.refit(fatBox(proxy), world.tightBoxes[i], motion: isFinite(motion) ? motion : .zero,
                                margin: proxyMargin(i))
    }

    /// Whether two items may collide: a shared collision behavior that collides items, at
    /// least one of them can be pushed, and no chain of fixed attachments welds them together.
    /// The 64-bit summaries answer the first question; past 64 collision behaviors a shared bit
    /// is confirmed by the memberships (see CollisionMembership).
    @inline(__always) func acceptsPair(_ a: Int, _ b: Int) -> Bool {
        store.governed[a] && store.governed[b] && store.collisionMask[a] & store.collisionMask[b] != 0
            && (store.invMass[a] > 0 || store.invMass[b] > 0) && !welded(a, b)
            && (!world.foldsMasks || world.itemMembership.shares(a, b))
    }

    /// Whether fixed attachments join the two slots into one rigid body (as of the last graph
    /// rebuild; a slot created since is in no group).
    @inline(__always) func welded(_ a: Int, _ b: Int) -> Bool {
        guard a < world.weldGroup.count, b < world.weldGroup.count else { return false }
        let g = world.weldGroup[a]
        return g >= 0 && g == world.weldGroup[b]
    }

    /// Whether an item collides with a boundary segment: its collision behavior owns the segment.
    @inline(__always) func acceptsSegment(_ i: Int, _ k: Int) -> Bool {
        let owner = world.segments[k].ownerIndex
        return store.governed[i] && store.invMass[i] > 0 && store.boundaryMask[i] & CollisionMembership.bit(owner) != 0
            && (!world.foldsMasks || world.boundaryMembership.contains(i, owner))
    }

    /// Broad phase (re-insert items that left their fat boxes, find new pairs for them), then the
    /// narrow phase of every contact; contacts persist by pair key so their impulses warm-start
    /// the next step, and live until their fat boxes part.
    func collide() {
        let h = stepDuration
        // the proxies whose items left their fat boxes, moved (each item checked and its proxy
        // moved alone, so workers share them), then listed in the order of the items
        let colliding = world.colliding
        if let pool = world.workers, pool.count > 1, colliding.count >= world.minimumItemsPerWorker * pool.count {
            world.proxyMoved.resize(colliding.count)
            let moved = world.proxyMoved.base
            world.broadPhase.withMoveAccess { access in
                colliding.withUnsafeBufferPointer { colliding in
                    let block = 256
                    pool.forEachBlock((colliding.count + block - 1) / block) { b, _ in
                        for j in (b * block)..<min(colliding.count, (b + 1) * block) {
                            moved[j] = 0
                            guard let refit = proxyRefit(colliding[j], h, { access.fatBoxes[Int($0)] }) else { continue }
                            moved[j] = access.move(store.proxy[Int(colliding[j])], to: refit) ? 2 : 1
                        }
                    }
                }
            }
            for j in 0..<colliding.count where moved[j] != 0 {
                world.broadPhase.appendMove(store.proxy[Int(colliding[j])], queued: moved[j] == 2)
            }
        } else {
            for s in colliding {
                let refit = proxyRefit(s, h) { world.broadPhase.fatBoxes[Int($0)] }
                if let refit { world.broadPhase.moveDeferred(store.proxy[Int(s)], to: refit) }
            }
        }

        PhaseClock.mark(.refit)
        // existing contacts, in place: drop those whose fat boxes parted or whose items no longer
        // collide, refresh the others; then new contacts go at the end in key order, so the order
        // only depends on the history of the scene
        var pairs: [Pair] = []
        var woke = false
        var contacts: [Contact] = []
        swap(&contacts, &world.contacts)   // updated in place, put back below
        var heads: [ContactHead] = []
        swap(&heads, &world.contactHeads)  // kept beside the records, put back below
        let count = contacts.count
        var kept = 0
        // this step's contact constraints, made as each contact is refreshed (see ContactConstraintBuilder)
        var builder = contactConstraintBuilder()
        // the contacts with points or touching, listed on the way (see listActiveContacts)
        var active: [Int32] = []
        swap(&active, &world.activeContacts)
        active.removeAll(keepingCapacity: true)
        // contacts that end leave holes; once the holes are an eighth of the list, this pass
        // closes them up (moving each kept contact down), else it leaves them (see contactHoles)
        let closing = world.closesEveryHole || world.contactHoles > count / 8
        // every contact is checked against the pair rules only when they may have changed
        let recheck = store.pairRulesVersion != world.checkedPairRulesVersion
        world.checkedPairRulesVersion = store.pairRulesVersion
        // shared when there is enough to share (the two ways give the same result)
        let pool = world.workers.flatMap { $0.count > 1 && count >= world.minimumItemsPerWorker * $0.count ? $0 : nil }
        // the holes the shared update leaves for the pair search to close (see below)
        var holesToClose = 0
        if let pool {
            // the moved proxies' part of the tree is rebuilt by one thread while the others
            // begin the contact update, which reads the fat boxes beside the tree; that thread
            // then orders and marks the queue for the pair search (the update reads neither)
            var moves = world.broadPhase.takeDeferredMoves(withQueue: true)
            world.broadPhase.withFatBoxes { boxes in
                holesToClose = updateContactsShared(pool, closing: closing, recheck: recheck, boxes,
                                                    alongside: { moves.apply(boxes.fatBoxes) }, &contacts, &heads, &builder,
                                                    &active, &woke)
            }
            world.broadPhase.putBack(moves)
        } else {
            world.broadPhase.applyDeferredMoves()
        }
        withManifoldView { view in
            if pool == nil { world.broadPhase.withFatBoxes { boxes in
                contacts.withUnsafeMutableBufferPointer { cb in heads.withUnsafeMutableBufferPointer { hb in
                    var holes = 0
                    for k in 0..<count {
                        let c = cb.baseAddress! + k, h = hb.baseAddress! + k
                        if h.pointee.isHole { holes += 1; continue }
                        if !pairStays(c, h, recheck: recheck, boxes, view) {
                            endContact(&c.pointee, &h.pointee)
                            holes += 1
                            continue
                        }
                        // its place once the holes are closed, or where it is
                        let index = closing ? kept : k
                        let simulated = (h.pointee.a >= 0 && isActive(Int(h.pointee.a))) || isActive(Int(h.pointee.b))
                        if updatePair(c, h, simulated: simulated, view) && h.pointee.pointCount > 0 {
                            wakeSleepingSides(h.pointee.a, h.pointee.b, &woke)
                        }
                        if h.pointee.pointCount > 0 || h.pointee.touching { active.append(Int32(index)) }
                        if h.pointee.pointCount > 0 && needsConstraint(c.pointee) { builder.add(c, index: index, view) }
                        if closing && kept != k {
                            cb[kept] = c.pointee
                            hb[kept] = h.pointee
                        }
                        kept += 1
                    }
                    world.contactHoles = closing ? 0 : holes
                }}
                if closing {
                    contacts.removeLast(count - kept)
                    heads.removeLast(count - kept)
                }
            }}
            PhaseClock.mark(.contactUpdate)
            // new pairs; the holes left to close are closed by one thread meanwhile (the search
            // reads no contact)
            pairs = findNewPairs(alongside: {
                if holesToClose > 0 { closeListedHoles(&contacts, &heads, count: count, ended: holesToClose) }
            })
            // holes at the end go at once
            while let last = heads.last, last.isHole {
                contacts.removeLast()
                heads.removeLast()
                world.contactHoles -= 1
            }
            // then the new pairs' contacts at the end, in key order
            if let pool = world.workers, pool.count > 1, pairs.count >= world.minimumItemsPerWorker * pool.count {
                addNewContactsShared(pool, &pairs, view, &contacts, &heads, &builder, &active, &woke)
            } else {
                var previous: UInt64? = nil
                for pair in pairs where pair.key != previous {
                    previous = pair.key
                    addNewContact(pair, view, &contacts, &heads, &builder, &active, &woke)
                }
            }
        }
        PhaseClock.mark(.newContacts)
        swap(&active, &world.activeContacts)
        // what a crowd needed on its way down is given back once it rests
        Animator.releaseSpareCapacity(&contacts, world.workers)
        Animator.releaseSpareCapacity(&heads, world.workers)
        Animator.releaseSpareCapacity(&world.activeContacts)
        Animator.releaseSpareCapacity(&world.candidates)
        Animator.releaseSpareCapacity(&pairs)
        world.contactKeys.releaseSpareSlots()
        // poses set from outside have been collided again
        if anyPoseEdited {
            store.poseEdited.withUnsafeMutableBufferPointer { $0.update(repeating: false) }
            anyPoseEdited = false
        }
        swap(&contacts, &world.contacts)
        swap(&heads, &world.contactHeads)
        world.newPairs = pairs
        finishWaking(woke, &builder)
        keep(builder)
        PhaseClock.mark(.contactsKept)
    }

    /// The pairs of proxies that moved this step with the proxies their fat boxes now overlap,
    /// that may collide and have no contact yet, sorted by key. It runs after the existing
    /// contacts were updated, so that a pair whose contact just ended because an item was
    /// destroyed and its slot reused (a new item where the old one was) is found again.
    func findNewPairs(alongside: () -> Void = {}) -> [Pair] {
        // new pairs: every moved proxy against the tree (candidates first, filtered after)
        world.broadPhase.prepareQueue()
        PhaseClock.mark(.queue)
        var pairs: [Pair] = []
        swap(&pairs, &world.newPairs)
        pairs.removeAll(keepingCapacity: true)
        let pool = world.workers.flatMap { $0.count > 1 && world.broadPhase.moved.count >= world.minimumItemsPerWorker ? $0 : nil }
        world.broadPhase.prepareMirror(pool: pool)
        PhaseClock.mark(.treeCopy)
        if let pool {
            findNewPairsShared(pool, &pairs, alongside: alongside)
        } else {
            alongside()
            var candidates: [SIMD2<Int32>] = []
            swap(&candidates, &world.candidates)   // reuse the buffer without sharing it
            candidates.removeAll(keepingCapacity: true)
            Animator.searchPairs(world.broadPhase, &candidates)
            Animator.userData(world.broadPhase, &candidates)
            for candidate in candidates {
                let pair = makePair(candidate.x, candidate.y)
                if let pair, !world.contactKeys.contains(pair.key) { pairs.append(pair) }
            }
            world.candidates = candidates
        }
        world.broadPhase.unmarkQueued()
        world.broadPhase.clearMoved()
        if pool != nil {
            pairs.sort { $0.key < $1.key }   // the blocks' sorted runs, merged
        } else {
            Animator.sortByKey(&pairs, scratch: &world.pairScratch)
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
    /// borrowed for the whole search: a method called on `world.broadPhase` for each proxy
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

    /// Empties the event lists of the last call, keeping their storage for the next unless the
    /// last call used less than a quarter of it (a crowd's first contacts are thousands of
    /// events; a resting crowd makes none).
    func clearContactEvents() {
        Animator.clearKeepingWhatWasUsed(&beganContacts)
        Animator.clearKeepingWhatWasUsed(&endedContacts)
    }

    /// Empties `list`; its storage goes too when it is large and was less than a quarter used.
    static func clearKeepingWhatWasUsed<T>(_ list: inout [T]) {
        if list.capacity > 4096 && 4 * list.count < list.capacity {
            list = []
        } else {
            list.removeAll(keepingCapacity: true)
        }
    }

    /// Gives back the spare storage of an array that holds less than a third of what it has
    /// room for (a crowd that fell and came to rest keeps a third of the pairs it had on the
    /// way down): the array is copied into storage for 1.5 times its count. Growing past that
    /// doubles it to 3 times the count it was cut at, so it is cut again only once it holds
    /// fewer than then. (Cut at half full into 1.25 times the count, a list whose count went up
    /// and down by a few percent around the cut was copied every few steps: the contacts of the
    /// 10 000-box pile, 17 MB, 1 % of its step.) With `pool`, the copy is shared by the workers
    /// (`moveShared`): the pile's contact list, cut as the pile settled, was copied on the
    /// stepping thread alone while the worker waited.
    static func releaseSpareCapacity<T>(_ array: inout [T], _ pool: SolverWorkers? = nil) {
        let count = array.count
        guard array.capacity > 3 * count && array.capacity > 4096 else { return }
        if let pool, pool.count > 1 {
            moveShared(&array, capacity: count + count / 2, pool)
            return
        }
        var slim: [T] = []
        slim.reserveCapacity(count + count / 2)
        slim.append(contentsOf: array)
        array = slim
    }

    /// Makes room in `array` for `count` elements as an append would (twice the capacity, or
    /// `count` when that is more), the elements copied into the new storage in blocks shared by
    /// the workers: a crowd's contact list (tens of megabytes) otherwise grew on one thread, its
    /// copy and the first touch of each new page while the other threads waited.
    static func reserveShared<T>(_ array: inout [T], _ count: Int, _ pool: SolverWorkers) {
        guard count > array.capacity else { return }
        moveShared(&array, capacity: max(count, 2 * array.capacity), pool)
    }

    /// Moves `array` into new storage for at least `capacity` elements (no fewer than it holds),
    /// its elements copied in blocks the workers share.
    static func moveShared<T>(_ array: inout [T], capacity: Int, _ pool: SolverWorkers) {
        let kept = array.count
        let chunk = max(1, (1 << 18) / max(1, MemoryLayout<T>.stride))   // 256 KiB a block
        let grown = array.withUnsafeBufferPointer { old in
            [T](unsafeUninitializedCapacity: capacity) { storage, initialized in
                if let from = old.baseAddress, let to = storage.baseAddress {
                    pool.forEachBlock((kept + chunk - 1) / chunk) { b, _ in
                        let start = b * chunk
                        (to + start).initialize(from: from + start, count: min(chunk, kept - start))
                    }
                }
                initialized = kept
            }
        }
        array = grown
    }

    /// Moved proxies per block of the shared pair search.
    static let pairBlock = 64

    /// The search for new pairs with several workers (Box2D v3 finds pairs per moved proxy in
    /// parallel the same way): each block of moved proxies queries the tree and keeps the pairs
    /// that may collide and have no contact yet, in a list of its own; the lists joined in block
    /// order are the pairs the loop in `collide` finds, in its order.
    func findNewPairsShared(_ pool: SolverWorkers, _ pairs: inout [Pair], alongside: () -> Void) {
        // one copy of the broad phase for the workers to read (reading `world.broadPhase` in
        // each call copies it, retaining its arrays); it ends with this call, before the
        // broad phase is changed again
        let broadPhase = world.broadPhase
        let moved = broadPhase.moved
        let blocks = (moved.count + Animator.pairBlock - 1) / Animator.pairBlock
        if world.blockPairs.count < blocks { world.blockPairs.append(contentsOf: repeatElement([], count: blocks - world.blockPairs.count)) }
        var blockPairs: [[Pair]] = []
        swap(&blockPairs, &world.blockPairs)
        defer { swap(&blockPairs, &world.blockPairs) }
        blockPairs.withUnsafeMutableBufferPointer { lists in
            moved.withUnsafeBufferPointer { moved in
                // job 0 is `alongside`, taken first by the stepping thread
                pool.forEachBlock(blocks + 1) { job, _ in
                    if job == 0 { alongside(); return }
                    let block = job - 1
                    lists[block].removeAll(keepingCapacity: true)
                    let first = block * Animator.pairBlock
                    let proxies = UnsafeBufferPointer(rebasing: moved[first..<min(moved.count, first + Animator.pairBlock)])
                    broadPhase.searchPairs(of: proxies) { proxy, other in
                        let pair = makePair(broadPhase.tree.userData(proxy), broadPhase.tree.userData(other))
                        if let pair, !world.contactKeys.contains(pair.key) { lists[block].append(pair) }
                    }
                    // sorted here, shared, so that the sort of the joined lists (`findNewPairs`)
                    // finds them as sorted runs and merges them (the standard library's sort does)
                    lists[block].sort { $0.key < $1.key }
                }
            }
            for block in 0..<blocks { pairs.append(contentsOf: lists[block]) }
        }
    }

    /// Contacts per block of the shared contact update (their cost varies: workers claim blocks).
    static let contactBlock = 64

    /// What the shared contact update's first pass found of a contact it lists.
    enum ListedFlag {
        /// An active side: the manifold was refreshed.
        static let simulated: UInt8 = 1
        /// It has points or was touching: an active contact of the step.
        static let active: UInt8 = 2
        /// Refreshed with points while a side sleeps: that island wakes.
        static let wakes: UInt8 = 4
        /// Refreshed with points, both sides awake and one that can move: it makes a constraint.
        static let constrained: UInt8 = 8
    }

    /// What the first pass of the shared contact update found in a block of contacts: how many
    /// entries it listed, and of those how many end (or are holes to close), are active and
    /// make constraints, and how many wake an island. Once every block is counted, `ended`,
    /// `active` and `constrained` become the counts in the blocks before (where the block's
    /// entries go in the step's lists); `listed` stays the block's own.
    struct ContactBlockTally {
        var listed: Int32 = 0
        var ended: Int32 = 0
        var active: Int32 = 0
        var constrained: Int32 = 0
        var wakes: Int32 = 0

        /// Turns each of `blocks` tallies' `ended`, `active` and `constrained` into the counts of
        /// the blocks before it (prefix sums), and returns the totals, `wakes` included.
        static func placeBlocks(_ tally: UnsafeMutablePointer<ContactBlockTally>, _ blocks: Int) -> ContactBlockTally {
            var total = ContactBlockTally()
            for block in 0..<blocks {
                let t = tally[block]
                tally[block].ended = total.ended
                tally[block].active = total.active
                tally[block].constrained = total.constrained
                total.listed += t.listed
                total.ended += t.ended
                total.active += t.active
                total.constrained += t.constrained
                total.wakes += t.wakes
            }
            return total
        }
    }

    /// Calls `body`, in contact order, with each contact the shared contact update's first pass
    /// listed as ended (or as a hole to close), from the lists of its `blocks` blocks.
    @inline(__always) func forEachListedEnd(blocks: Int, _ body: (Int) -> Void) {
        let listed = world.listed.base, tally = world.listedTally.base
        for block in 0..<blocks {
            let start = block * Animator.contactBlock
            for j in start..<(start + Int(tally[block].listed)) where listed[j] < 0 { body(-Int(listed[j]) - 1) }
        }
    }

    /// For a refreshed contact with points: `wakes` when a side sleeps (that island wakes), else
    /// `constrained` when it makes a constraint, else 0; counted in `t`.
    @inline(__always)
    static func wakeOrConstraintFlag(_ c: UnsafePointer<Contact>, _ view: ManifoldView, _ asleep: UnsafeBufferPointer<Bool>,
                                     _ t: inout ContactBlockTally) -> UInt8 {
        if (c.pointee.a >= 0 && asleep[Int(c.pointee.a)]) || asleep[Int(c.pointee.b)] {
            t.wakes += 1
            return ListedFlag.wakes
        }
        if ContactConstraintBuilder.makesConstraint(c, view) {
            t.constrained += 1
            return ListedFlag.constrained
        }
        return 0
    }

    /// The update of the existing contacts with several workers, with the result of the loop in
    /// `collide` to the bit. (1) Shared, in blocks of `contactBlock` contacts: check that each
    /// contact goes on, refresh the manifolds of those with an active side, and list what the
    /// next pass must see (contacts that ended, and holes when `closing`, as -(index + 1);
    /// those with points, touching, or not refreshed), counting per block. (2) When no contact
    /// wakes an island, shared again: each block's active contacts and constraints are written
    /// at the places the counts of the blocks before it give (prefix sums, as Box2D v3 places
    /// its constraints), while one thread ends the contacts that ended, in order (their keys
    /// leave the key set, touching ones emit ended events, their records become holes). When one
    /// does wake an island, this thread does pass (2) in contact order instead, as the loop does
    /// (`orderedContactPass`). (3) When `closing`, the holes are closed, keeping the order, by
    /// `closeListedHoles`, which the caller runs beside the pair search; this returns how many
    /// there are to close (0 when not `closing`). `alongside` runs on one thread during pass (1).
    func updateContactsShared(_ pool: SolverWorkers, closing: Bool, recheck: Bool, _ boxes: FatBoxView, alongside: () -> Void,
                              _ contacts: inout [Contact], _ heads: inout [ContactHead], _ builder: inout ContactConstraintBuilder,
                              _ active: inout [Int32], _ woke: inout Bool) -> Int {
        let count = contacts.count
        if count == 0 {
            alongside()
            if closing { world.contactHoles = 0 }
            return 0
        }
        let blockSize = Animator.contactBlock
        let blocks = (count + blockSize - 1) / blockSize
        world.listed.resize(count)
        world.listedFlags.resize(count)
        world.listedTally.resize(blocks)
        let listed = world.listed.base, flags = world.listedFlags.base, tally = world.listedTally.base
        withManifoldView { view in
            store.asleep.withUnsafeBufferPointer { asleep in
                contacts.withUnsafeMutableBufferPointer { cb in heads.withUnsafeMutableBufferPointer { hb in
                    let base = cb.baseAddress!, headBase = hb.baseAddress!
                    // block 0 is `alongside`, taken first by the stepping thread
                    pool.forEachBlock(blocks + 1) { job, _ in
                        if job == 0 { alongside(); return }
                        let block = job - 1
                        let share = (block * blockSize)..<min(count, (block + 1) * blockSize)
                        var t = ContactBlockTally()
                        for k in share {
                            let c = base + k, h = headBase + k
                            if h.pointee.isHole {
                                // closed up in pass (3) when closing, else left alone
                                if closing {
                                    listed[share.lowerBound + Int(t.listed)] = -Int32(k) - 1
                                    t.listed += 1
                                    t.ended += 1
                                }
                                continue
                            }
                            if !pairStays(c, h, recheck: recheck, boxes, view) {
                                listed[share.lowerBound + Int(t.listed)] = -Int32(k) - 1
                                t.listed += 1
                                t.ended += 1
                                continue
                            }
                            let activeA = h.pointee.a >= 0 && view.isActive(Int(h.pointee.a), asleep)
                            let simulated = activeA || view.isActive(Int(h.pointee.b), asleep)
                            updatePair(c, h, simulated: simulated, view)
                            let hasPoints = h.pointee.pointCount > 0
                            if !simulated || hasPoints || h.pointee.touching {
                                // what pass (2) needs to know without reading the contact again
                                var f: UInt8 = 0
                                if simulated { f |= ListedFlag.simulated }
                                if hasPoints || h.pointee.touching {
                                    f |= ListedFlag.active
                                    t.active += 1
                                }
                                if simulated && hasPoints { f |= Animator.wakeOrConstraintFlag(c, view, asleep, &t) }
                                listed[share.lowerBound + Int(t.listed)] = Int32(k)
                                flags[share.lowerBound + Int(t.listed)] = f
                                t.listed += 1
                            }
                        }
                        tally[block] = t
                    }
                }}
            }
        }
        // the counts of the blocks before each block
        let total = ContactBlockTally.placeBlocks(tally, blocks)
        let ended = Int(total.ended), activeCount = Int(total.active), constrainedCount = Int(total.constrained)
        if total.wakes > 0 {
            world.contactUpdatesInOrder += 1
            orderedContactPass(pool, closing: closing, blocks: blocks, &contacts, &heads, &builder, &active, &woke)
        } else {
            // (2) shared: no island wakes, so no contact's state depends on one before it
            let firstActive = active.count
            active.append(contentsOf: repeatElement(0, count: activeCount))
            builder.reserve(constrainedCount)
            withManifoldView { view in
                contacts.withUnsafeMutableBufferPointer { cb in heads.withUnsafeMutableBufferPointer { hb in
                    active.withUnsafeMutableBufferPointer { activeList in
                        let base = cb.baseAddress!, headBase = hb.baseAddress!, b = builder
                        pool.forEachBlock(blocks + 1) { job, _ in
                            if job == 0 {
                                // the contacts that ended, in order, on one thread: they change
                                // the key set and the event lists; no other block reads them.
                                // Their records and key slots are read first, all at once:
                                // independent reads the processor overlaps, where the removals,
                                // one miss after another in a key set of megabytes, wait for
                                // each (77 -> 55 ms of the pile's 300 steps)
                                var warmth: UInt64 = 0
                                world.contactKeys.withSlots { slot in
                                    forEachListedEnd(blocks: blocks) { k in warmth &+= slot(base[k].key) }
                                }
                                world.keyWarmth &+= warmth
                                forEachListedEnd(blocks: blocks) { k in
                                    if !headBase[k].isHole { endContact(&base[k], &headBase[k]) }
                                }
                                return
                            }
                            var b = b   // `write` is mutating (it writes only through the buffers' pointers)
                            let block = job - 1, start = block * blockSize
                            var endedBefore = Int(tally[block].ended)
                            var nextActive = firstActive + Int(tally[block].active)
                            var nextConstraint = Int(tally[block].constrained)
                            for j in start..<(start + Int(tally[block].listed)) {
                                let k = Int(listed[j])
                                if k < 0 {
                                    endedBefore += 1
                                    continue
                                }
                                // its place once the holes are closed, or where it is
                                let index = closing ? k - endedBefore : k
                                let f = flags[j]
                                if f & ListedFlag.active != 0 {
                                    activeList[nextActive] = Int32(index)
                                    nextActive += 1
                                }
                                if f & ListedFlag.constrained != 0 {
                                    b.write(base + k, index: index, at: nextConstraint, view)
                                    nextConstraint += 1
                                }
                            }
                        }
                    }
                }}
            }
        }
        if !closing {
            world.contactHoles += ended
            return 0
        }
        if ended == 0 { world.contactHoles = 0 }
        return ended
    }

    /// Closes the holes the shared contact update listed (`ended` of them, in a list of `count`
    /// contacts): the kept contacts move down, in order.
    func closeListedHoles(_ contacts: inout [Contact], _ heads: inout [ContactHead], count: Int, ended: Int) {
        let blocks = (count + Animator.contactBlock - 1) / Animator.contactBlock
        contacts.withUnsafeMutableBufferPointer { cb in heads.withUnsafeMutableBufferPointer { hb in
            var kept = 0, next = 0
            forEachListedEnd(blocks: blocks) { k in
                while next < k {
                    if kept != next {
                        cb[kept] = cb[next]
                        hb[kept] = hb[next]
                    }
                    kept += 1
                    next += 1
                }
                next = k + 1
            }
            while next < count {
                if kept != next {
                    cb[kept] = cb[next]
                    hb[kept] = hb[next]
                }
                kept += 1
                next += 1
            }
        }}
        contacts.removeLast(ended)
        heads.removeLast(ended)
        world.contactHoles = 0
    }

    /// Pass (2) of `updateContactsShared` on this thread, in contact order, when an island wakes:
    /// which contacts end, wake, are active and make constraints (those are listed with their
    /// places, then written by the workers). A contact is read again here only when it ends,
    /// wakes an island or may have been woken; an island woken here makes contacts later in the
    /// order active, and they are refreshed here, as in the loop of `collide`.
    private func orderedContactPass(_ pool: SolverWorkers, closing: Bool, blocks: Int, _ contacts: inout [Contact],
                                    _ heads: inout [ContactHead], _ builder: inout ContactConstraintBuilder,
                                    _ active: inout [Int32], _ woke: inout Bool) {
        let blockSize = Animator.contactBlock
        let listed = world.listed.base, flags = world.listedFlags.base, tally = world.listedTally.base
        var ended = 0
        var constrained: [SIMD2<Int32>] = []
        swap(&constrained, &world.constrainedContacts)
        constrained.removeAll(keepingCapacity: true)
        withManifoldView { view in
            contacts.withUnsafeMutableBufferPointer { cb in heads.withUnsafeMutableBufferPointer { hb in
                for block in 0..<blocks {
                    let start = block * blockSize
                    for j in start..<(start + Int(tally[block].listed)) {
                        let entry = Int(listed[j])
                        if entry < 0 {
                            let k = -entry - 1
                            if !hb[k].isHole { endContact(&cb[k], &hb[k]) }
                            ended += 1
                            continue
                        }
                        // its place once the holes are closed, or where it is
                        let k = entry, index = closing ? k - ended : k
                        let f = flags[j]
                        let simulated = f & ListedFlag.simulated != 0
                        if (!simulated && woke) || f & ListedFlag.wakes != 0 {
                            if !simulated {
                                // an island woken earlier in this pass made it active
                                refresh(&cb[k], view, &woke)
                                hb[k] = ContactHead(cb[k])
                            } else {
                                wakeSleepingSides(cb[k].a, cb[k].b, &woke)
                            }
                            if cb[k].manifold.count > 0 || cb[k].touching { active.append(Int32(index)) }
                            if needsConstraint(cb[k]) && ContactConstraintBuilder.makesConstraint(cb.baseAddress! + k, view) {
                                constrained.append(SIMD2(Int32(k), Int32(index)))
                            }
                            continue
                        }
                        if f & ListedFlag.active != 0 { active.append(Int32(index)) }
                        if f & ListedFlag.constrained != 0 { constrained.append(SIMD2(Int32(k), Int32(index))) }
                    }
                }
            }}
        }
        // the constraints, shared: each is written at its place in contact order
        builder.reserve(constrained.count)
        withManifoldView { view in
            contacts.withUnsafeBufferPointer { cb in
                constrained.withUnsafeBufferPointer { list in
                    let base = cb.baseAddress!, b = builder
                    let block = Animator.constraintBlock
                    pool.forEachBlock((list.count + block - 1) / block) { blockIndex, _ in
                        var b = b   // `write` is mutating (it writes only through the buffers' pointers)
                        for j in (blockIndex * block)..<min(list.count, (blockIndex + 1) * block) {
                            b.write(base + Int(list[j].x), index: Int(list[j].y), at: j, view)
                        }
                    }
                }
            }
        }
        swap(&constrained, &world.constrainedContacts)
    }

    /// The new pairs' contacts with several workers, with the result of `addNewContact` for
    /// each distinct pair in order, to the bit. `pairs` (sorted by key) keeps one of each pair.
    /// (1) Shared, in blocks of `contactBlock` pairs: each contact's record and first manifold,
    /// written to a scratch list, and per block how many are active and make constraints, while
    /// one thread puts the keys in the key set. (2) When none would wake an island, shared
    /// again: the records are appended to the contact list by one thread while the others write
    /// the active entries and the constraints at the places the blocks before give (prefix
    /// sums). When one would, the contacts before it are taken as they are, and from it on
    /// each is made again on this thread as `addNewContact` makes it: an island woken makes
    /// later contacts active.
    func addNewContactsShared(_ pool: SolverWorkers, _ pairs: inout [Pair], _ view: ManifoldView, _ contacts: inout [Contact],
                              _ heads: inout [ContactHead], _ builder: inout ContactConstraintBuilder, _ active: inout [Int32],
                              _ woke: inout Bool) {
        // a pair found twice was found side by side
        var distinct = 0
        for j in pairs.indices where j == 0 || pairs[j].key != pairs[j - 1].key {
            pairs[distinct] = pairs[j]
            distinct += 1
        }
        pairs.removeLast(pairs.count - distinct)
        let n = pairs.count
        let blockSize = Animator.contactBlock
        let blocks = (n + blockSize - 1) / blockSize
        world.newContactRecords.resize(n)
        world.listedFlags.resize(n)
        world.listedTally.resize(blocks)
        let records = world.newContactRecords.base, flags = world.listedFlags.base, tally = world.listedTally.base
        pairs.withUnsafeBufferPointer { pairList in
            store.asleep.withUnsafeBufferPointer { asleep in
                pool.forEachBlock(blocks) { block, _ in
                    var t = ContactBlockTally()
                    for j in (block * blockSize)..<min(n, (block + 1) * blockSize) {
                        let c = records + j
                        c.initialize(to: contactRecord(pairList[j]))
                        // what `refresh` does, but for the waking
                        let activeA = c.pointee.a >= 0 && view.isActive(Int(c.pointee.a), asleep)
                        c.pointee.simulated = activeA || view.isActive(Int(c.pointee.b), asleep)
                        var f: UInt8 = 0
                        if c.pointee.simulated {
                            updateManifold(&c.pointee, view)
                            if c.pointee.manifold.count > 0 {
                                f |= ListedFlag.active | Animator.wakeOrConstraintFlag(c, view, asleep, &t)
                                t.active += 1
                            }
                        }
                        flags[j] = f
                    }
                    tally[block] = t
                }
            }
        }
        let total = ContactBlockTally.placeBlocks(tally, blocks)
        let activeCount = Int(total.active), constrainedCount = Int(total.constrained)
        if total.wakes > 0 {
            // the first that wakes an island: the contacts before it stand, the rest are made again
            var firstWake = 0
            while flags[firstWake] & ListedFlag.wakes == 0 { firstWake += 1 }
            world.newContactsRemade += 1
            for j in 0..<n {
                if j < firstWake {
                    let c = records + j
                    world.contactKeys.insert(c.pointee.key)
                    if flags[j] & ListedFlag.active != 0 { active.append(Int32(contacts.count)) }
                    if flags[j] & ListedFlag.constrained != 0 { builder.add(c, index: contacts.count, view) }
                    contacts.append(c.pointee)
                    heads.append(ContactHead(c.pointee))
                } else {
                    addNewContact(pairs[j], view, &contacts, &heads, &builder, &active, &woke)
                }
            }
        } else {
            let first = contacts.count, firstActive = active.count, firstConstraint = builder.count
            // a list that must grow for them is copied into its new storage by every thread
            Animator.reserveShared(&contacts, first + n, pool)
            active.append(contentsOf: repeatElement(0, count: activeCount))
            builder.extend(by: constrainedCount)
            active.withUnsafeMutableBufferPointer { activeList in pairs.withUnsafeBufferPointer { pairList in
                let b = builder
                // the records join the list on the stepping thread (job 0), the keys the key set on
                // the next thread (the first job of its run), and the heads their list in the
                // last job; no other job reads any of them
                let jobs = blocks + 3, keysJob = max(1, jobs / pool.count)
                pool.forEachBlock(jobs) { job, _ in
                    if job == 0 {
                        contacts.append(contentsOf: UnsafeBufferPointer(start: records, count: n))
                        return
                    }
                    if job == keysJob {
                        for pair in pairList { world.contactKeys.insert(pair.key) }
                        return
                    }
                    if job == jobs - 1 {
                        for j in 0..<n { heads.append(ContactHead(records[j])) }
                        return
                    }
                    var b = b   // `write` is mutating (it writes only through the buffers' pointers)
                    let block = job - (job < keysJob ? 1 : 2)
                    var nextActive = firstActive + Int(tally[block].active)
                    var nextConstraint = firstConstraint + Int(tally[block].constrained)
                    for j in (block * blockSize)..<min(n, (block + 1) * blockSize) {
                        let f = flags[j]
                        if f & ListedFlag.active != 0 {
                            activeList[nextActive] = Int32(first + j)
                            nextActive += 1
                        }
                        if f & ListedFlag.constrained != 0 {
                            b.write(records + j, index: first + j, at: nextConstraint, view)
                            nextConstraint += 1
                        }
                    }
                }
            }}
        }
        // a crowd's first contacts are thousands; later steps make far fewer
        world.newContactRecords.releaseIfMostlyUnused(used: n)
    }

    /// Whether a refreshed contact makes a constraint this step: it has points and both its
    /// items are awake (a contact between an awake and a sleeping item woke the sleeper).
    @inline(__always) func needsConstraint(_ c: Contact) -> Bool {
        c.manifold.count > 0 && c.simulated && !(c.a >= 0 && store.asleep[Int(c.a)]) && !store.asleep[Int(c.b)]
    }

    /// Lists the contacts the solver and the touch update of this step look at: those with
    /// manifold points and those that were touching (they may end). In a crowd most pairs
    /// have neither (fat boxes that overlap, shapes apart), and passes over the whole contact
    /// array would cost more than the work on the few that matter. `collide` builds the list
    /// as it goes; this pass rebuilds it after islands woke.
    func listActiveContacts() {
        var active: [Int32] = []
        swap(&active, &world.activeContacts)
        active.removeAll(keepingCapacity: true)
        world.contacts.withUnsafeBufferPointer { cb in
            for k in cb.indices where cb[k].manifold.count > 0 || cb[k].touching {
                active.append(Int32(k))
            }
        }
        swap(&active, &world.activeContacts)
    }

    /// After islands woke during the contact update: refresh the body lists and bring the
    /// contacts inside those islands (skipped while they slept) up to date.
    func finishWaking(_ woke: Bool, _ builder: inout ContactConstraintBuilder) {
        if woke {
            rebuildBodyLists()
            // contacts inside the islands just woken were skipped above: bring them up to date
            var contacts: [Contact] = []
            swap(&contacts, &world.contacts)
            withManifoldView { view in
                contacts.withUnsafeMutableBufferPointer { cb in
                    for k in cb.indices where !world.contactHeads[k].simulated && !world.contactHeads[k].isHole {
                        if (cb[k].a >= 0 && isActive(Int(cb[k].a))) || isActive(Int(cb[k].b)) {
                            cb[k].simulated = true
                            updateManifold(&cb[k], view)
                            world.contactHeads[k] = ContactHead(cb[k])
                            if needsConstraint(cb[k]) { builder.add(cb.baseAddress! + k, index: k, view) }
                        }
                    }
                }
            }
            swap(&contacts, &world.contacts)
            listActiveContacts()
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
        let segmentKey = 0x8000_0000 | world.segments[k].id
        let lo = min(UInt32(item), segmentKey), hi = max(UInt32(item), segmentKey)
        return Pair(key: (UInt64(lo) << 32) | UInt64(hi), a: -1, b: Int32(item), segment: Int32(k))
    }

    /// A contact for a new pair, with its first manifold.
    func newContact(_ pair: Pair, _ view: ManifoldView, _ woke: inout Bool) -> Contact {
        var c = contactRecord(pair)
        world.contactKeys.insert(c.key)
        refresh(&c, view, &woke)
        return c
    }

    /// A new pair's contact record, before its first refresh.
    @inline(__always) func contactRecord(_ pair: Pair) -> Contact {
        Contact(key: pair.key, a: pair.a, b: pair.b,
                generationA: pair.a >= 0 ? store.generation[Int(pair.a)] : 0,
                generationB: store.generation[Int(pair.b)],
                segmentID: pair.segment >= 0 ? world.segments[Int(pair.segment)].id : 0,
                segment: pair.segment)
    }

    /// Makes a new pair's contact at the end of the list: listed as active when it has points,
    /// its constraint made when it needs one.
    func addNewContact(_ pair: Pair, _ view: ManifoldView, _ contacts: inout [Contact], _ heads: inout [ContactHead],
                       _ builder: inout ContactConstraintBuilder, _ active: inout [Int32], _ woke: inout Bool) {
        var c = newContact(pair, view, &woke)
        if c.manifold.count > 0 { active.append(Int32(contacts.count)) }
        if needsConstraint(c) { builder.add(&c, index: contacts.count, view) }
        contacts.append(c)
        heads.append(ContactHead(c))
    }

    /// Whether a contact stays: its items still collide and their fat boxes still overlap.
    /// Without `recheck` (nothing changed the pair rules since the last check: see
    /// `WorldState.checkedPairRulesVersion`) only the fat boxes are looked at, from the head.
    @inline(__always)
    func pairStays(_ c: UnsafeMutablePointer<Contact>, _ h: UnsafeMutablePointer<ContactHead>, recheck: Bool,
                   _ boxes: FatBoxView, _ view: ManifoldView) -> Bool {
        guard recheck else { return fatBoxesStillOverlap(h.pointee, boxes, view) }
        guard contactStillValid(&c.pointee, boxes) else { return false }
        h.pointee.segment = c.pointee.segment   // a boundary's segment is looked up again
        return true
    }

    /// Whether the fat boxes of a contact's pair, which overlapped at the last update (or when
    /// it was found), still do. Read through the view's pointers: through the store and the
    /// world, each array was found again and its bounds checked for every contact.
    @inline(__always)
    func fatBoxesStillOverlap(_ h: ContactHead, _ boxes: FatBoxView, _ view: ManifoldView) -> Bool {
        let proxyB = view.proxy[Int(h.b)]
        if h.a >= 0 {
            // an item's tight box lies in its fat box (the broad-phase update above re-inserts
            // a proxy whose tight box left it), so overlapping tight boxes settle it without
            // reading the tree: a pair of a moving crowd whose proxies were re-inserted
            if view.tightBoxes[Int(h.a)].overlaps(view.tightBoxes[Int(h.b)]) { return true }
            return boxes.stillOverlap(view.proxy[Int(h.a)], proxyB)
        }
        return boxes.stillOverlap(view.segmentProxies[Int(h.segment)], proxyB)
    }

    /// Whether a contact's items still collide (alive, the same generation, allowed by the pair
    /// rules) and their fat boxes overlap; a boundary contact's segment is looked up again.
    func contactStillValid(_ c: inout Contact, _ boxes: FatBoxView) -> Bool {
        let b = Int(c.b)
        guard store.alive[b], store.generation[b] == c.generationB, store.proxy[b] >= 0 else { return false }
        if c.a >= 0 {
            let a = Int(c.a)
            guard store.alive[a], store.generation[a] == c.generationA, store.proxy[a] >= 0, acceptsPair(a, b) else { return false }
            return boxes.overlaps(store.proxy[a], store.proxy[b])
        }
        guard let k = world.segmentIndex[c.segmentID] else { return false }
        c.segment = k
        guard acceptsSegment(b, Int(k)) else { return false }
        return boxes.overlaps(world.segmentProxies[Int(k)], store.proxy[b])
    }

    /// The update of a contact that stays: its `simulated` flag, then its manifold unless its
    /// items are apart this step and it has none (what `updateManifold` leaves as it is). Such
    /// a pair, most of a crowd's, is read and written in its head alone. Returns whether the
    /// manifold was updated.
    @discardableResult @inline(__always)
    func updatePair(_ c: UnsafeMutablePointer<Contact>, _ h: UnsafeMutablePointer<ContactHead>, simulated: Bool,
                    _ view: ManifoldView) -> Bool {
        if h.pointee.simulated != simulated {
            h.pointee.simulated = simulated
            c.pointee.simulated = simulated
        }
        guard simulated, h.pointee.pointCount > 0 || !view.sweptApart(h.pointee.a, Int(h.pointee.b), h.pointee.segment) else {
            return false
        }
        updateManifold(&c.pointee, view)
        // (written only when it changes, as `simulated`: a resting crowd's heads are then only read)
        let pointCount = UInt8(truncatingIfNeeded: c.pointee.manifold.count)
        if h.pointee.pointCount != pointCount { h.pointee.pointCount = pointCount }
        return true
    }

    /// Recomputes the manifold of a contact with an active side; a sleeping side it reaches wakes.
    func refresh(_ c: inout Contact, _ view: ManifoldView, _ woke: inout Bool) {
        let activeA = c.a >= 0 && isActive(Int(c.a))
        let activeB = isActive(Int(c.b))
        c.simulated = activeA || activeB
        guard c.simulated else { return }
        updateManifold(&c, view)
        if c.manifold.count > 0 { wakeSleepingSides(c.a, c.b, &woke) }
    }

    /// Wakes the island of each side of a contact, a (-1 for a boundary) and b, that sleeps (a
    /// contact with points reached it).
    @inline(__always) func wakeSleepingSides(_ a: Int32, _ b: Int32, _ woke: inout Bool) {
        if a >= 0 && store.asleep[Int(a)] { wakeIsland(of: Int(a)); woke = true }
        if store.asleep[Int(b)] { wakeIsland(of: Int(b)); woke = true }
    }

    /// True for an awake moving item and for a kinematic item that moves.
    @inline(__always) func isActive(_ i: Int) -> Bool {
        if store.asleep[i] { return false }
        if store.invMass[i] > 0 { return true }
        return store.properties[i].anchored && (store.velocity[i] != .zero || store.angularVelocity[i] != 0)
    }

    /// Ends a contact whose pair left the broad phase (moved apart, item destroyed, behavior
    /// removed): its key goes, a touching contact's ended event is emitted, and its record
    /// becomes a hole (see `WorldState.contactHoles`).
    func endContact(_ c: inout Contact, _ head: inout ContactHead) {
        world.contactKeys.remove(c.key)
        if c.touching { emitContact(&c, began: false, behaviors: world.collisionBehaviors) }
        c.makeHole()
        head = ContactHead(c)
    }

    // MARK: contact events

    /// A contact touches when a point overlaps by more than the slop allows or the solver pushed
    /// on it during the step (a speculative point reached within the step). The contacts whose
    /// state changed are marked for `emitTouchEvents`.
    func updateTouchingStates() {
        var contacts: [Contact] = []
        swap(&contacts, &world.contacts)   // updated in place, put back below
        defer { swap(&contacts, &world.contacts) }
        world.touchChanged.resize(world.activeContacts.count)
        let changed = world.touchChanged.base
        let made = world.touchMade.base, madeCount = world.touchMade.count
        var heads: [ContactHead] = []
        swap(&heads, &world.contactHeads)
        defer { swap(&heads, &world.contactHeads) }
        contacts.withUnsafeMutableBufferPointer { cb in heads.withUnsafeMutableBufferPointer { heads in
            world.activeContacts.withUnsafeBufferPointer { list in
                // each contact's new state, shared in blocks (each writes its own contact)
                forEachShare(list.count, block: Animator.constraintBlock, minimum: world.minimumItemsPerWorker) { range in
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
                        if Animator.updateTouching(c) {
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
        for k in 0..<c.pointee.manifold.count {
            let mp = c.pointee.manifold.point(k)
            let impulse = k == 0 ? c.pointee.maxNormalImpulse0 : c.pointee.maxNormalImpulse1
            if mp.separation < Tolerances.linearSlop || impulse > 0 {
                touching = true
                if impulse > bestImpulse {
                    bestImpulse = impulse
                    point = mp.point
                }
            }
        }
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
        let changed = world.touchChanged.base
        let behaviors = world.collisionBehaviors
        world.contacts.withUnsafeBufferPointer { cb in
            world.activeContacts.withUnsafeBufferPointer { list in
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
    /// `world.collisionBehaviors`, read once by a caller that emits many.
    func emitContact(_ c: UnsafePointer<Contact>, began: Bool, behaviors: [CollisionBehavior]) {
        let itemB = ItemID(slot: c.pointee.b, generation: c.pointee.generationB)
        let itemA: ItemID? = c.pointee.a >= 0 ? ItemID(slot: c.pointee.a, generation: c.pointee.generationA) : nil
        var record = TouchRecord()
        if began {
            if c.pointee.a < 0 {
                if c.pointee.segment >= 0 && Int(c.pointee.segment) < world.segments.count {
                    let seg = world.segments[Int(c.pointee.segment)]
                    record.add(seg.owner)
                    record.identifier = seg.identifier
                }
            } else {
                // (a slot freed since the last rebuild has a zero summary and a stale row)
                let a = Int(c.pointee.a), b = Int(c.pointee.b)
                if store.collisionMask[a] & store.collisionMask[b] != 0 {
                    world.itemMembership.forEachShared(a, b) { k in
                        if Int(k) < behaviors.count { record.add(behaviors[Int(k)]) }
                    }
                }
            }
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

    /// Runs the delegate callbacks for the events of this step.
    func deliverContacts(from began: Int, _ ended: Int) {
        if began == beganContacts.count && ended == endedContacts.count { return }
        // no handler, none to call (and no code runs before they would be called that could set
        // one): a crowd's thousands of events are not copied for nothing
        guard beganContacts[began...].contains(where: { $0.collision.onBeganContact != nil })
            || endedContacts[ended...].contains(where: { $0.collision.onEndedContact != nil }) else { return }
        pendingCallbackEvents = Array(beganContacts[began...]) + Array(endedContacts[ended...])
    }

    /// Delegate calls for the contacts of this step; true when a callback interrupted.
    func runContactCallbacks() -> Bool {
        if pendingCallbackEvents.isEmpty { return false }
        let events = pendingCallbackEvents
        pendingCallbackEvents.removeAll()
        for e in events {
            let handler = e.began ? e.collision.onBeganContact : e.collision.onEndedContact
            guard let handler else { continue }
            do { try withCallback { handler(e) } } catch { return true }
        }
        return false
    }

    /// Every action in the behavior tree, depth first, on a snapshot of the tree (actions may
    /// edit it); true when a callback interrupted.
    func runActions() -> Bool {
        refreshBehaviorHooks()
        let withActions = behaviorHooks   // a copy: an action may change the hooks
        for b in withActions where b.isAdded {
            guard let action = b.action else { continue }
            do { try withCallback { action(b) } } catch { return true }
        }
        return false
    }

    /// The did-pause delegate call after the animator came to rest; true when interrupted.
    func runPauseCallback() -> Bool {
        guard pendingPauseNotification else { return false }
        pendingPauseNotification = false
        guard let f = onDidPause else { return false }
        do { try withCallback { f(self) } } catch { return true }
        return false
    }

    /// Brings `behaviorHooks` up to date after the tree changed or a behavior's action or rest
    /// changed.
    func refreshBehaviorHooks() {
        guard behaviorHooksDirty || graphDirty else { return }
        behaviorHooksDirty = false
        behaviorHooks.removeAll(keepingCapacity: true)
        forEachBehavior { if $0.action != nil || !$0.isAtRest { behaviorHooks.append($0) } }
    }
}

