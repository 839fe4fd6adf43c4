import AnimaWide

extension World {
    /// One step of the soft-step solver over every contact. Body state is gathered into the
    /// solver's scratch buffers, sub-stepped, and scattered back to the item store.
    func solve(_ h: Double) {
        let substeps = configuration.substeps
        let hs = h / Double(substeps)
        let invHs = 1 / hs
        // rods and pins: twice the contact stiffness (capped like it), damping ratio 2, as Box2D v3
        let jointSoftness = Softness(hertz: min(2 * World.contactHertz(substep: hs), 0.25 * invHs), dampingRatio: 2,
                                     substep: hs)

        let wide = solvesContactsWide
        // the contact constraints' colours are found on one thread while the others gather the
        // bodies, and the touching bodies' islands joined on the next when they may sleep
        let joinsIslands = joinsIslandsInSolve(h)
        self.islandsJoined = joinsIslands
        if joinsIslands { self.islandsJoinedInSolve += 1 }
        gatherBodies(hs, alongside: {
            if wide { self.coloring.color(self.constraintEnds.base, self.constraints.count, bodyCount: self.bodies.count) }
        }, second: {
            if joinsIslands { joinTouchingIslandsOfTheStep() }
        })
        PhaseClock.mark(.gather)
        // the contact constraints were built by `collide`; what they need of the velocities now
        finishContactConstraints()
        prepareJoints(hs)
        prepareSnaps(hs)

        let bodies = self.bodies.base
        let params = self.params.base
        let cs = self.constraints.base
        let count = self.constraints.count
        let points = self.points.base
        let js = self.joints.base
        let jointCount = self.joints.count
        let jointRows = JointSolver.Rows(joints: js, kind: self.jointRowKind.base, pins: self.pinRows.base,
                                         springs: self.springRows.base)
        let movingAnchors = UnsafeBufferPointer(start: self.movingAnchors.base, count: self.movingAnchors.count)
        let moving = self.moving
        let kinematic = self.kinematic
        PhaseClock.mark(.prepare)
        if wide { packWideContacts() }
        PhaseClock.mark(.pack)
        let groups = self.wide.base, groupCount = self.wide.count
        // the bodies gathered for this step (a custom field may have made items since, mid-solve)
        let bodyCount = self.bodies.count
        let pool = self.workers
        let workerCount = pool?.count ?? 1
        if wide { self.wideBodies.resize(WideBodies.recordCount(bodyCount: bodyCount, workers: workerCount)) }
        let wideBodies = self.wideBodies.base
        // the bodies each pass loads and stores: all, or the listed ones (listWideBodies)
        let bodyList: UnsafePointer<Int32>? = wide && self.wideBodyList.count > 0 ? UnsafePointer(self.wideBodyList.base) : nil
        let loadCount = bodyList == nil ? bodyCount : self.wideBodyList.count
        let invHsFloat = Float(invHs)
        let colorStart = self.colorGroupStart
        let minimumShare = self.minimumGroupsPerWorker
        let kernel = wideKernel
        /// One pass of the kernel over a range of lane groups; `worker` names the sink record of
        /// the thread running it.
        func groupPass(_ range: Range<Int>, warmStart: Bool, useBias: Bool, worker: Int) {
            let sink = Int32(bodyCount + WideBodies.sinkStride * worker)
            if warmStart {
                kernel.warmStart(groups, range, wideBodies, sink: sink)
            } else {
                kernel.solve(groups, range, wideBodies, inverseSubstep: invHsFloat, useBias: useBias, sink: sink)
            }
        }
        /// Warm start or solve of every contact: the lane groups colour by colour, then the
        /// constraints no colour took; or all of them one at a time. `thenSolve`: the warm start
        /// is followed by the biased solve before the bodies' velocities are stored (only with
        /// no constraint outside the lane groups and no joint, which would read the bodies in
        /// between), for one load and store less and, with workers, two barriers less. The warm
        /// start's change then reaches the solve in single precision instead of added to the
        /// double-precision velocity and rounded again: the same velocities to rounding (the
        /// 20-row pyramid ends within 0.0013 pt, `warmStartAndSolveShareOneLoadOfTheBodies`).
        func contacts(warmStart: Bool, useBias: Bool, _ overflow: UnsafeBufferPointer<Int32>, thenSolve: Bool = false) {
            if !wide {
                if warmStart { ContactSolver.warmStart(cs, count, points, bodies) } else {
                    ContactSolver.solve(cs, count, points, bodies, inverseSubstep: invHs, useBias: useBias)
                }
                if thenSolve { ContactSolver.solve(cs, count, points, bodies, inverseSubstep: invHs, useBias: true) }
                return
            }
            assert(!thenSolve || (warmStart && overflow.isEmpty))
            if groupCount == 0 {
                // no lane group (no contact, or all in the overflow): the records are not needed
            } else if let pool, workerCount > 1 {
                // each job is blocks of independent work (SolverWorkers): the bodies' records,
                // then each colour's lane groups, then the velocities
                let bodyBlock = World.bodyBlock
                let bodyBlocks = (loadCount + bodyBlock - 1) / bodyBlock
                pool.forEachBlock(bodyBlocks) { b, _ in
                    WideBodies.load(bodies, into: wideBodies, (b * bodyBlock)..<min(loadCount, (b + 1) * bodyBlock), list: bodyList)
                }
                /// One pass over the lane groups, colour by colour, each colour's blocks shared.
                func sharedPass(warmStart: Bool, useBias: Bool) {
                    for k in 0..<(colorStart.count - 1) {
                        let first = colorStart[k], n = colorStart[k + 1] - first
                        if n < minimumShare * workerCount {
                            // too small to be worth a barrier
                            groupPass(first..<(first + n), warmStart: warmStart, useBias: useBias, worker: 0)
                            continue
                        }
                        // each thread's share cut into blocks that shrink toward its end (see
                        // colorBlocksPerWorker and `shrinkingCut`)
                        let perShare = World.colorBlocksPerWorker
                        pool.forEachBlock(workerCount * perShare) { b, w in
                            let share = b / perShare, j = b % perShare
                            let start = first + share * n / workerCount, size = first + (share + 1) * n / workerCount - start
                            let lower = start + World.shrinkingCut(j, of: size, blocks: perShare)
                            let upper = start + World.shrinkingCut(j + 1, of: size, blocks: perShare)
                            if lower < upper { groupPass(lower..<upper, warmStart: warmStart, useBias: useBias, worker: w) }
                        }
                    }
                }
                sharedPass(warmStart: warmStart, useBias: useBias)
                if thenSolve { sharedPass(warmStart: false, useBias: true) }
                pool.forEachBlock(bodyBlocks) { b, _ in
                    WideBodies.storeVelocities(wideBodies, into: bodies, (b * bodyBlock)..<min(loadCount, (b + 1) * bodyBlock),
                                               list: bodyList)
                }
            } else {
                WideBodies.load(bodies, into: wideBodies, 0..<loadCount, list: bodyList)
                groupPass(0..<groupCount, warmStart: warmStart, useBias: useBias, worker: 0)
                if thenSolve { groupPass(0..<groupCount, warmStart: false, useBias: true, worker: 0) }
                WideBodies.storeVelocities(wideBodies, into: bodies, 0..<loadCount, list: bodyList)
            }
            if warmStart {
                ContactSolver.warmStart(cs, only: overflow, points, bodies)
            } else {
                ContactSolver.solve(cs, only: overflow, points, bodies, inverseSubstep: invHs, useBias: useBias)
            }
        }
        orderJoints(bodyCount: self.bodies.count)
        self.jointSinks.resize(2 * workerCount)
        let jointOrder = self.jointOrder.base, jointStart = self.jointColorStart, jointSinks = self.jointSinks.base
        let sharesJoints = self.jointsColored && workerCount > 1
        /// One pass over the joints, range by range of `jointColorStart`: the blocks of a colour
        /// shared by the workers, the rest (joints no colour took, or all of them when they are
        /// not coloured) on this thread.
        func joints(_ pass: (UnsafeBufferPointer<Int32>, UnsafeMutablePointer<SolverBody>) -> Void) {
            for c in 0..<(jointStart.count - 1) {
                let first = jointStart[c], n = jointStart[c + 1] - first
                if n == 0 { continue }
                let block = World.jointBlock
                if let pool, sharesJoints, c < jointStart.count - 2, n >= 2 * block {
                    pool.forEachBlock((n + block - 1) / block) { b, w in
                        pass(UnsafeBufferPointer(start: jointOrder + first + b * block, count: min(block, n - b * block)),
                             jointSinks + 2 * w)
                    }
                } else {
                    pass(UnsafeBufferPointer(start: jointOrder + first, count: n), jointSinks)
                }
            }
        }
        moving.withUnsafeBufferPointer { mv in
            kinematic.withUnsafeBufferPointer { kv in
                self.coloring.overflow.withUnsafeBufferPointer { overflow in
                    let minimumBodies = self.minimumItemsPerWorker
                    // no joint and every contact in a lane group: the warm start and the biased
                    // solve share one load and store of the bodies (see `contacts`)
                    let fusesWarmStart = wide && jointCount == 0 && overflow.isEmpty && self.fusesWarmStart
                    for _ in 0..<substeps {
                        forEachShare(mv.count, block: World.bodyBlock, minimum: minimumBodies) { r in
                            World.integrateVelocities(UnsafeBufferPointer(rebasing: mv[r]), bodies, params, hs)
                        }
                        if fusesWarmStart {
                            contacts(warmStart: true, useBias: true, overflow, thenSolve: true)
                        } else {
                            joints { order, sink in JointSolver.warmStart(jointRows, order: order, bodies, sink: sink) }
                            contacts(warmStart: true, useBias: true, overflow)
                            joints { order, sink in
                                JointSolver.solve(jointRows, order: order, bodies, sink: sink, jointSoftness: jointSoftness,
                                                  useBias: true, inverseSubstep: invHs)
                            }
                            contacts(warmStart: false, useBias: true, overflow)
                        }
                        forEachShare(mv.count, block: World.bodyBlock, minimum: minimumBodies) { r in
                            World.integratePositions(UnsafeBufferPointer(rebasing: mv[r]), bodies, hs, capped: true)
                        }
                        World.integratePositions(kv, bodies, hs)
                        if !movingAnchors.isEmpty { JointSolver.advanceAnchors(jointRows, movingAnchors, hs) }
                        joints { order, sink in
                            JointSolver.solve(jointRows, order: order, bodies, sink: sink, jointSoftness: jointSoftness, useBias: false,
                                              inverseSubstep: invHs)
                        }
                        contacts(warmStart: false, useBias: false, overflow)
                    }
                }
            }
        }
        PhaseClock.mark(.substeps)
        // the impulses stay in the lanes for `storeImpulses` to read there, unless restitution
        // or the hits read them in the constraints' points first
        let unpacks = wide && (self.anyElastic || self.lowestHitThreshold.isFinite)
        if unpacks { unpackWideContacts() }
        if self.anyElastic { ContactSolver.applyRestitution(cs, count, points, bodies) }
        storeImpulses(fromLanes: wide && !unpacks)
        storeJointImpulses()
        if self.lowestHitThreshold.isFinite { gatherHitEvents() }
        // the contacts' touching states from the stored impulses; their events are made on this
        // thread while the workers write the bodies back (the two share nothing)
        updateTouchingStates()
        PhaseClock.mark(.impulses)
        scatterBodies(alongside: { emitTouchEvents() })
        if !store.groupSlots.isEmpty { placeGroupParts() }
        // islands a custom field's evaluation woke join the lists now that the solve is over
        if bodyListsDirty { rebuildBodyLists() }
        PhaseClock.mark(.writeBack)
    }

    /// Bodies per block of the shared load and store of the solver's records.
    static let bodyBlock = 1024
    /// Blocks per thread that each colour of lane groups is cut into for the workers. With
    /// blocks of 4 groups (32 contacts) claimed from one shared counter, the claims took 12 % of
    /// the samples of the many pyramids on two threads; cut into four blocks per thread the
    /// pyramid's two-worker step took 17 % less time and the many pyramids' 14 % less. With
    /// each thread's own run of blocks since (SolverWorkers), 16 blocks per thread shorten the
    /// wait at the end of each colour, where one thread finishes its last block while the other
    /// has none left (the resting pile on two workers, the worker idle while the stepping
    /// thread solved: 8.5 -> 6.8 % of the step's samples; its 30 steps from step 250 in turn
    /// with 8 blocks and with 16: 4.44 and 4.24 s). A block's groups share no moving body with
    /// any other group of its colour, so the cut changes no result.
    static let colorBlocksPerWorker = 16

    /// Where block j of `blocks` starts in a share of `size` lane groups: size (1 - (1 - j /
    /// blocks)^2), so that the blocks shrink toward the share's end, from about 2 / blocks of it
    /// to 1 / blocks^2. A thread that ends its share early takes the other's blocks from where
    /// that thread has got to; the last blocks, claimed when both are nearly done, are the
    /// smallest, so neither waits long for the other at the end of a colour.
    @inline(__always)
    static func shrinkingCut(_ j: Int, of size: Int, blocks: Int) -> Int {
        let left = blocks - j
        return size - size * left * left / (blocks * blocks)
    }
    /// Constraints per block of the shared impulse storage.
    static let constraintBlock = 256

    /// Runs `body` over 0..<count: in blocks of `block` that the workers share when there are
    /// workers and at least `minimum` per thread, else in one range on this thread. Each block
    /// must write only what its own indices own, so the result is the same either way.
    @inline(__always)
    func forEachShare(_ count: Int, block: Int, minimum: Int, _ body: (Range<Int>) -> Void) {
        share(count, block: block, minimum: minimum, alongsideJobs: 0, alongside: {}, second: {}, body)
    }

    /// `forEachShare`, with `alongside` run once on one thread while the blocks are shared
    /// (first, when they are not).
    func forEachShare(_ count: Int, block: Int, minimum: Int, alongside: () -> Void, _ body: (Range<Int>) -> Void) {
        share(count, block: block, minimum: minimum, alongsideJobs: 1, alongside: alongside, second: {}, body)
    }

    /// `forEachShare` with `alongside` on the stepping thread and `second` on the next thread
    /// (each the first job of its thread's run) while the blocks are shared; both first, in
    /// that order, when they are not.
    func forEachShare(_ count: Int, block: Int, minimum: Int, alongside: () -> Void, second: () -> Void,
                      _ body: (Range<Int>) -> Void) {
        share(count, block: block, minimum: minimum, alongsideJobs: 2, alongside: alongside, second: second, body)
    }

    /// The three `forEachShare`s: with `alongsideJobs` 1 or 2, job 0 is `alongside`, taken
    /// first by the stepping thread; with 2, `second` is the job that opens the next thread's
    /// run; the other jobs are the blocks, in order.
    private func share(_ count: Int, block: Int, minimum: Int, alongsideJobs: Int, alongside: () -> Void,
                       second: () -> Void, _ body: (Range<Int>) -> Void) {
        if let pool = self.workers, pool.count > 1, count >= minimum * pool.count, count > block {
            let jobs = (count + block - 1) / block + alongsideJobs
            let first = min(alongsideJobs, 1), secondJob = alongsideJobs == 2 ? max(1, jobs / pool.count) : jobs
            pool.forEachBlock(jobs) { job, _ in
                if job == secondJob { second(); return }
                if job < first { alongside(); return }
                let b = job - first - (job > secondJob ? 1 : 0)
                body((b * block)..<min(count, (b + 1) * block))
            }
        } else {
            alongside()
            second()
            if count > 0 { body(0..<count) }
        }
    }
    /// Copies the accumulated impulses back into the contacts for warm starting, and moves each
    /// contact point with its bodies to where the surfaces are at the end of the step. With
    /// `fromLanes`, the impulses of the constraints in lane groups are read from their lanes
    /// (`constraintLanes`), in place of an unpacking pass that wrote them into the points for
    /// this pass alone to read (3 % of a resting pyramid's step); the others' from their points.
    func storeImpulses(fromLanes: Bool) {
        let bodies = self.bodies.base
        var contacts: [Contact] = []
        swap(&contacts, &self.contacts)   // a local, updated in place, put back below
        defer { swap(&contacts, &self.contacts) }
        var heads: [ContactHead] = []
        swap(&heads, &self.contactHeads)
        defer { swap(&heads, &self.contactHeads) }
        let constraints = self.constraints.base, points = self.points.base
        let lanes = self.constraintLanes.base, groups = self.wide.base
        self.touchMade.resize(contacts.count)
        let made = self.touchMade.base
        made.update(repeating: 0, count: contacts.count)
        store.position.withUnsafeBufferPointer { position in
        contacts.withUnsafeMutableBufferPointer { cb in heads.withUnsafeMutableBufferPointer { hb in
            // each constraint writes its own contact: shared in blocks when the workers are there
            forEachShare(self.constraints.count, block: World.constraintBlock, minimum: self.minimumItemsPerWorker) { range in
                for ci in range {
                    let cc = constraints[ci]
                    var p0 = points[2 * ci], p1 = points[2 * ci + 1]
                    if fromLanes && lanes[ci] >= 0 {
                        let at = Int(lanes[ci])
                        World.takeImpulses(groups + at / laneWidth, lane: at % laneWidth, &p0, &p1)
                    }
                    let c = cb.baseAddress! + Int(cc.contactIndex)
                    c.pointee.normalImpulse0 = finiteOrZero(p0.normalImpulse)
                    c.pointee.tangentImpulse0 = finiteOrZero(p0.tangentImpulse)
                    c.pointee.maxNormalImpulse0 = finiteOrZero(p0.totalNormalImpulse)
                    c.pointee.normalImpulse1 = finiteOrZero(p1.normalImpulse)
                    c.pointee.tangentImpulse1 = finiteOrZero(p1.tangentImpulse)
                    c.pointee.maxNormalImpulse1 = finiteOrZero(p1.totalNormalImpulse)
                    // contact points after the motion of the step: midway between where each body's anchor went
                    let a = bodies[Int(cc.a)], b = bodies[Int(cc.b)]
                    let itemA = Int(c.pointee.a)
                    let centerA = itemA >= 0 ? position[itemA] : Vec2.zero
                    let centerB = position[Int(c.pointee.b)]
                    let n = c.pointee.manifold.normal
                    /// Where point `cp` (at `start` before the step) went, and its separation then,
                    /// as the solver measures it (for a manifold carried forward).
                    @inline(__always) func moved(_ cp: ConstraintPoint, from start: Vec2) -> (Vec2, Double) {
                        let rA = a.dq.rotate(cp.anchorA), rB = b.dq.rotate(cp.anchorB)
                        let onA = itemA >= 0 ? centerA + a.dp + rA : start
                        let onB = centerB + b.dp + rB
                        return ((onA + onB) * 0.5, cp.baseSeparation + dot(n, b.dp - a.dp + rB - rA))
                    }
                    // (unrolled: a loop over the one or two points ran as an iterator)
                    if cc.pointCount > 0 {
                        (c.pointee.manifold.p0.point, c.pointee.manifold.p0.separation) = moved(p0, from: c.pointee.manifold.p0.point)
                    }
                    if cc.pointCount > 1 {
                        (c.pointee.manifold.p1.point, c.pointee.manifold.p1.separation) = moved(p1, from: c.pointee.manifold.p1.point)
                    }
                    // the touching state too, while the record is in the cache (a constraint's
                    // contact is simulated, and in the active list that updateTouchingStates reads)
                    if c.pointee.simulated {
                        let changed = World.updateTouching(c)
                        if changed { hb[Int(cc.contactIndex)].touching = c.pointee.touching }
                        made[Int(cc.contactIndex)] = changed ? 2 : 1
                    }
                }
            }
        }}}
    }
}
/// The value, or 0 when it is infinite or NaN.
@inline(__always) func finiteOrZero(_ x: Double) -> Double { x.isFinite ? x : 0 }
