import AnimaWide

extension Animator {
    /// One step of the soft-step solver over every contact. Body state is gathered into the
    /// solver's scratch buffers, sub-stepped, and scattered back to the item store.
    func solve(_ h: Double) {
        let substeps = configuration.substeps
        let hs = h / Double(substeps)
        let invHs = 1 / hs
        // rods and pins: twice the contact stiffness (capped like it), damping ratio 2, as Box2D v3
        let jointSoftness = Softness(hertz: min(2 * Animator.contactHertz(substep: hs), 0.25 * invHs), dampingRatio: 2,
                                     substep: hs)

        let wide = solvesContactsWide
        // the contact constraints' colours are found on one thread while the others gather the
        // bodies, and the touching bodies' islands joined on the next when they may sleep
        let joinsIslands = joinsIslandsInSolve(h)
        world.islandsJoined = joinsIslands
        if joinsIslands { world.islandsJoinedInSolve += 1 }
        gatherBodies(hs, alongside: {
            if wide { world.coloring.color(world.constraintEnds.base, world.constraints.count, bodyCount: world.bodies.count) }
        }, second: {
            if joinsIslands { joinTouchingIslandsOfTheStep() }
        })
        PhaseClock.mark(.gather)
        // the contact constraints were built by `collide`; what they need of the velocities now
        finishContactConstraints()
        prepareJoints(hs)
        prepareSnaps(hs)

        let bodies = world.bodies.base
        let params = world.params.base
        let cs = world.constraints.base
        let count = world.constraints.count
        let points = world.points.base
        let js = world.joints.base
        let jointCount = world.joints.count
        let jointRows = JointSolver.Rows(joints: js, kind: world.jointRowKind.base, pins: world.pinRows.base,
                                         springs: world.springRows.base)
        let movingAnchors = UnsafeBufferPointer(start: world.movingAnchors.base, count: world.movingAnchors.count)
        let moving = world.moving
        let kinematic = world.kinematic
        PhaseClock.mark(.prepare)
        if wide { packWideContacts() }
        PhaseClock.mark(.pack)
        let groups = world.wide.base, groupCount = world.wide.count
        // the bodies gathered for this step (a custom field may have made items since, mid-solve)
        let bodyCount = world.bodies.count
        let pool = world.workers
        let workerCount = pool?.count ?? 1
        if wide { world.wideBodies.resize(WideBodies.recordCount(bodyCount: bodyCount, workers: workerCount)) }
        let wideBodies = world.wideBodies.base
        // the bodies each pass loads and stores: all, or the listed ones (listWideBodies)
        let bodyList: UnsafePointer<Int32>? = wide && world.wideBodyList.count > 0 ? UnsafePointer(world.wideBodyList.base) : nil
        let loadCount = bodyList == nil ? bodyCount : world.wideBodyList.count
        let invHsFloat = Float(invHs)
        let colorStart = world.colorGroupStart
        let minimumShare = world.minimumGroupsPerWorker
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
                let bodyBlock = Animator.bodyBlock
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
                        let perShare = Animator.colorBlocksPerWorker
                        pool.forEachBlock(workerCount * perShare) { b, w in
                            let share = b / perShare, j = b % perShare
                            let start = first + share * n / workerCount, size = first + (share + 1) * n / workerCount - start
                            let lower = start + Animator.shrinkingCut(j, of: size, blocks: perShare)
                            let upper = start + Animator.shrinkingCut(j + 1, of: size, blocks: perShare)
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
        orderJoints(bodyCount: world.bodies.count)
        world.jointSinks.resize(2 * workerCount)
        let jointOrder = world.jointOrder.base, jointStart = world.jointColorStart, jointSinks = world.jointSinks.base
        let sharesJoints = world.jointsColored && workerCount > 1
        /// One pass over the joints, range by range of `jointColorStart`: the blocks of a colour
        /// shared by the workers, the rest (joints no colour took, or all of them when they are
        /// not coloured) on this thread.
        func joints(_ pass: (UnsafeBufferPointer<Int32>, UnsafeMutablePointer<SolverBody>) -> Void) {
            for c in 0..<(jointStart.count - 1) {
                let first = jointStart[c], n = jointStart[c + 1] - first
                if n == 0 { continue }
                let block = Animator.jointBlock
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
                world.coloring.overflow.withUnsafeBufferPointer { overflow in
                    let minimumBodies = world.minimumItemsPerWorker
                    // no joint and every contact in a lane group: the warm start and the biased
                    // solve share one load and store of the bodies (see `contacts`)
                    let fusesWarmStart = wide && jointCount == 0 && overflow.isEmpty && world.fusesWarmStart
                    for _ in 0..<substeps {
                        forEachShare(mv.count, block: Animator.bodyBlock, minimum: minimumBodies) { r in
                            Animator.integrateVelocities(UnsafeBufferPointer(rebasing: mv[r]), bodies, params, hs)
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
                        forEachShare(mv.count, block: Animator.bodyBlock, minimum: minimumBodies) { r in
                            Animator.integratePositions(UnsafeBufferPointer(rebasing: mv[r]), bodies, hs, capped: true)
                        }
                        Animator.integratePositions(kv, bodies, hs)
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
        if wide { unpackWideContacts() }
        if world.anyElastic { ContactSolver.applyRestitution(cs, count, points, bodies) }
        storeImpulses()
        storeJointImpulses()
        // the contacts' touching states from the stored impulses; their events are made on this
        // thread while the workers write the bodies back (the two share nothing)
        updateTouchingStates()
        PhaseClock.mark(.impulses)
        scatterBodies(alongside: { emitTouchEvents() })
        // islands a custom field's evaluation woke join the lists now that the solve is over
        if bodyListsDirty { rebuildBodyLists() }
        PhaseClock.mark(.writeBack)
    }

    /// Joints in a step from which they are solved colour by colour (see `orderJoints`).
    static let minimumColoredJoints = 1024
    /// Joints per block of a shared colour.
    static let jointBlock = 128

    /// The order the joints are solved in this step. Up to `minimumColoredJoints` they are
    /// solved in the order they were made (the attachments' order in the behavior tree). From
    /// there, as Box2D v3 does with its constraint graph, they are coloured greedily in that
    /// order so that no two joints of a colour move one body (24 colours; a joint no colour
    /// takes is solved after them), and solved colour by colour: the joints of a colour may then
    /// run on several threads at once with the same result. The order depends on the joints
    /// alone, never on the worker count.
    func orderJoints(bodyCount: Int) {
        let count = world.joints.count
        world.jointOrder.resize(count)
        let order = world.jointOrder.base
        world.jointsColored = count >= world.minimumColoredJoints
        guard world.jointsColored else {
            for k in 0..<count { order[k] = Int32(k) }
            world.jointColorStart = [0, count]
            return
        }
        let heads = world.jointHeads.base
        let colors = ContactColoring.colorCount
        world.jointColor.resize(count)
        let colorOf = world.jointColor.base
        // per colour (the last for no colour) its count, then where it starts
        var start = [Int](repeating: 0, count: colors + 2)
        world.jointTaken.removeAll(keepingCapacity: true)
        world.jointTaken.append(contentsOf: repeatElement(0, count: bodyCount))
        world.jointTaken.withUnsafeMutableBufferPointer { taken in
            for k in 0..<count {
                let head = heads[k]
                let a = Int(head.a), b = Int(head.b)
                let aMoves = head.aMoves, bMoves = head.bMoves
                let used = (aMoves ? taken[a] : 0) | (bMoves ? taken[b] : 0)
                let free = ~used & (1 << UInt32(colors) - 1)
                var c = colors
                if free != 0 {
                    c = free.trailingZeroBitCount
                    if aMoves { taken[a] |= 1 << UInt32(c) }
                    if bMoves { taken[b] |= 1 << UInt32(c) }
                }
                colorOf[k] = UInt8(c)
                start[c + 1] += 1
            }
        }
        for c in 0...colors { start[c + 1] += start[c] }
        var next = start
        for k in 0..<count {
            let c = Int(colorOf[k])
            order[next[c]] = Int32(k)
            next[c] += 1
        }
        world.jointColorStart = start
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
        if let pool = world.workers, pool.count > 1, count >= minimum * pool.count, count > block {
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
    /// Copies velocities of moving and kinematic items into solver bodies and precomputes
    /// gravity and the damping factors 1 / (1 + h c) for the sub-step h.
    func gatherBodies(_ hs: Double, alongside: () -> Void = {}, second: () -> Void = {}) {
        world.bodies.resize(store.count + 1, filling: .atRest)
        world.params.resize(store.count + 1, filling: BodyParams(gravity: .zero, linearDamping: 1, angularDamping: 1, locksRotation: true))
        world.solvedMoving = world.moving
        let bodies = world.bodies.base
        let params = world.params.base
        bodies[0] = .atRest
        params[0] = BodyParams(gravity: .zero, linearDamping: 1, angularDamping: 1, locksRotation: true)
        // one access per array for the whole loop, shared by the workers in blocks
        let store = self.store
        world.moving.withUnsafeBufferPointer { moving in
        store.properties.withUnsafeBufferPointer { properties in
        store.velocity.withUnsafeBufferPointer { velocity in
        store.angularVelocity.withUnsafeBufferPointer { angularVelocity in
        store.gravity.withUnsafeBufferPointer { gravity in
        store.invMass.withUnsafeBufferPointer { invMass in
        store.invInertia.withUnsafeBufferPointer { invInertia in
            forEachShare(moving.count, block: Animator.bodyBlock, minimum: world.minimumItemsPerWorker, alongside: alongside,
                         second: second) { range in
                for s in moving[range] {
                    let i = Int(s)
                    let p = properties[i]
                    bodies[i + 1] = SolverBody(v: velocity[i], w: angularVelocity[i], turned: 0, dp: .zero, dq: .identity)
                    params[i + 1] = BodyParams(gravity: gravity[i], linearDamping: 1 / (1 + hs * p.resistance),
                                               angularDamping: 1 / (1 + hs * p.angularResistance),
                                               locksRotation: invInertia[i] == 0,
                                               invMass: invMass[i], invInertia: invInertia[i])
                }
            }
        }}}}}}}
        applyPushes(bodies, params)
        applyFields(bodies, params, hs)
        for s in world.kinematic {
            let i = Int(s)
            bodies[i + 1] = SolverBody(v: store.velocity[i], w: store.angularVelocity[i], turned: 0, dp: .zero, dq: .identity)
        }
    }

    /// Builds the step's joints from the attachments: each joint's head (`JointHead`), and a
    /// plain pin's row (`PinRow`) or else its constraint, then the row of a plain spring
    /// (`SpringRow`) and the list of moving anchors. An anchor is the static body 0 placed at
    /// the anchor point; an item without mass (anchored) keeps its own body so its motion
    /// counts. The joints' buffers are sized for every attachment and snap first (`prepareSnaps`
    /// adds the snaps after the attachments).
    func prepareJoints(_ hs: Double) {
        world.joints.count = 0
        let h = stepDuration
        let attachments = world.attachments
        let room = attachments.count + world.snaps.count
        world.jointHeads.resize(room)
        world.jointRowKind.resize(room)
        world.pinRows.resize(room)
        world.springRows.resize(room)
        world.movingAnchors.count = 0
        let heads = world.jointHeads.base, kind = world.jointRowKind.base, pins = world.pinRows.base
        let springs = world.springRows.base
        let rows = world.usesJointRows, fixesArms = world.fixesJointArms
        let bodies = world.bodies.base
        for index in attachments.indices {
            // the array keeps every attachment alive through the loop: no retain and release per
            // attachment (they were a seventh of a step of the 100 x 100 joint grid)
            unowned(unsafe) let att = attachments[index]
            let slotB = Int(att.item.slot)
            if store.asleep[slotB] { continue }
            let bodyB: Int32 = store.invMass[slotB] > 0 || store.properties[slotB].anchored ? Int32(slotB + 1) : 0
            let anchorB = store.rotation[slotB].rotate(att.offset)
            var bodyA: Int32 = 0
            var anchorA = Vec2.zero
            var centerA = att.anchorPoint
            var anchorVelocity = Vec2.zero
            if att.attachmentKind == .anchor, let previous = att.previousAnchor, previous != att.anchorPoint {
                // the anchor slides from where it was toward its point during the step: all the way,
                // or, gliding (a drag), by this step's share of the time left
                var reached = att.anchorPoint
                if att.anchorGlide > h * (1 + 1e-9) {
                    reached = previous + (att.anchorPoint - previous) * (h / att.anchorGlide)
                    att.anchorGlide -= h
                } else {
                    att.anchorGlide = 0
                }
                centerA = previous
                anchorVelocity = (reached - previous) / h
                att.previousAnchor = reached
            } else {
                // (written only when they change: most attachments' records are then only read)
                if att.anchorGlide != 0 { att.anchorGlide = 0 }
                if att.previousAnchor != att.anchorPoint { att.previousAnchor = att.anchorPoint }
            }
            var mA = 0.0, iA = 0.0
            if let other = att.otherItem {
                let slotA = Int(other.slot)
                if store.asleep[slotA] { continue }
                bodyA = store.invMass[slotA] > 0 || store.properties[slotA].anchored ? Int32(slotA + 1) : 0
                anchorA = store.rotation[slotA].rotate(att.otherOffset)
                centerA = store.position[slotA]
                mA = store.invMass[slotA]
                iA = store.invInertia[slotA]
            }
            let mB = store.invMass[slotB], iB = store.invInertia[slotB]
            if mA == 0 && iA == 0 && mB == 0 && iB == 0 { continue }
            let k = world.joints.count
            world.joints.extend(by: 1)
            heads[k] = JointHead(a: bodyA, b: bodyB, behaviorIndex: Int32(index), invMassA: mA, invIA: iA, invMassB: mB,
                                 invIB: iB, isSnap: false)
            // a plain pin: no angle range, friction torque or force bound (a pin's anchor never
            // slides, and it is never a spring; an angular or limit impulse left from a friction
            // or range taken away is dropped, below and in `storeJointImpulses`). The
            // attachment's fields are read here, not through a method, which would retain it.
            let range = att.attachmentRange, friction = att.frictionTorque * hs > 0
            if rows && att.attachmentKind == .pin && range.lowerBound == -.infinity && range.upperBound == .infinity
                && !friction && att.maxForce * hs == .infinity {
                // its row alone: the 104 bytes the passes read (a constraint is over 300), its
                // arms fixed as `JointSolver.fixArms` would fix them
                let fixed = fixesArms && JointSolver.sidesCannotTurn(invIA: iA, invIB: iB, bodyA, bodyB, bodies)
                (pins + k).initialize(to: PinRow(
                    a: bodyA, b: bodyB, fixedArms: fixed, anchorA: anchorA, anchorB: anchorB,
                    deltaCenter: store.position[slotB] - centerA, invMassA: mA, invIA: iA, invMassB: mB, invIB: iB,
                    impulse: att.linearImpulse))
                kind[k] = fixed ? .fixedPin : .pin
                continue
            }
            let spring = att.frequency > 0 && (att.attachmentKind == .anchor || att.attachmentKind == .items)
            let angleA = att.otherItem.map { store.angle[Int($0.slot)] } ?? 0
            var axisWorld = att.axis
            if att.attachmentKind == .sliding, let other = att.otherItem {
                axisWorld = store.rotation[Int(other.slot)].rotate(att.axis)
            }
            // An impulse whose row this step does not have (the friction torque or a limit taken
            // away since it was accumulated) is dropped: warm-started with no row to correct it,
            // it would act every sub-step as a torque or force of its own, holding a hinge
            // where its friction or its limit left it. Fixed and sliding joints always have
            // their angular row.
            let angularRow = friction || att.attachmentKind == .fixed || att.attachmentKind == .sliding
            // written in place: the record is over 300 bytes
            (world.joints.base + k).initialize(to: JointConstraint(
                kind: att.attachmentKind, a: bodyA, b: Int32(bodyB), anchorA: anchorA, anchorB: anchorB,
                deltaCenter: store.position[slotB] - centerA, invMassA: mA, invIA: iA, invMassB: mB, invIB: iB,
                length: att.length, isSpring: spring,
                springSoftness: Softness(hertz: spring ? att.frequency : 0, dampingRatio: att.damping, substep: hs),
                axialImpulse: att.axialImpulse, linearImpulse: att.linearImpulse,
                angularImpulse: angularRow ? att.angularImpulse : 0,
                maxFrictionImpulse: att.frictionTorque * hs, maxLinearImpulse: att.maxForce * hs,
                behaviorIndex: Int32(index), anchorVelocity: anchorVelocity,
                relativeAngle: store.angle[slotB] - angleA - att.referenceAngle, axis: axisWorld,
                lower: range.lowerBound, upper: range.upperBound,
                perpendicularImpulse: att.perpendicularImpulse,
                lowerImpulse: range.lowerBound > -.infinity ? att.lowerImpulse : 0,
                upperImpulse: range.upperBound < .infinity ? att.upperImpulse : 0))
            finishJoint(k, world.joints.base, bodies, kind, springs, rows: rows, fixesArms: fixesArms)
        }
    }

    /// The rest of a joint with a constraint: its arms fixed when they can be
    /// (`JointSolver.fixArms`), listed when its anchor moves, and its row when it is a plain
    /// point spring (`rows`); else it is solved from the constraint.
    @inline(__always)
    private func finishJoint(_ k: Int, _ js: UnsafeMutablePointer<JointConstraint>, _ bodies: UnsafePointer<SolverBody>,
                             _ kind: UnsafeMutablePointer<JointRowKind>, _ springs: UnsafeMutablePointer<SpringRow>,
                             rows: Bool, fixesArms: Bool) {
        let j = js + k
        JointSolver.fixArms(j, bodies, allowed: fixesArms)
        if j.pointee.anchorVelocity != .zero { world.movingAnchors.append(Int32(k)) }
        if rows, let row = SpringRow(j) {
            (springs + k).initialize(to: row)
            kind[k] = row.fixedArms ? .fixedSpring : .spring
        } else {
            kind[k] = .constraint
        }
    }

    /// Keeps the joints' accumulated impulses for the next step's warm start (a row's point
    /// impulse from its row, where the solve passes kept it).
    func storeJointImpulses() {
        let attachments = world.attachments, snaps = world.snaps
        let heads = world.jointHeads.base, js = world.joints.base
        let kind = world.jointRowKind.base, pins = world.pinRows.base, springs = world.springRows.base
        @inline(__always) func finite(_ v: Vec2) -> Vec2 { v.x.isFinite && v.y.isFinite ? v : .zero }
        for k in 0..<world.joints.count {
            let head = heads[k]
            if head.isSnap {
                unowned(unsafe) let snap = snaps[Int(head.behaviorIndex)]
                snap.linearImpulse = finite(js[k].linearImpulse)
                snap.angularImpulse = finiteOrZero(js[k].angularImpulse)
                continue
            }
            // kept alive by the array, as in prepareJoints
            unowned(unsafe) let att = attachments[Int(head.behaviorIndex)]
            // an impulse that overflowed is not carried into the next step's warm start
            switch kind[k] {
            case .pin, .fixedPin:
                // a plain pin's passes change its point impulse alone; it has no angular or limit
                // row, so what an earlier friction or range left there is dropped (`prepareJoints`)
                att.linearImpulse = finite(pins[k].impulse)
                // the others written only if they must be cleared
                if !att.axialImpulse.isFinite { att.axialImpulse = 0 }
                if !att.perpendicularImpulse.isFinite { att.perpendicularImpulse = 0 }
                if att.angularImpulse != 0 { att.angularImpulse = 0 }
                if att.lowerImpulse != 0 { att.lowerImpulse = 0 }
                if att.upperImpulse != 0 { att.upperImpulse = 0 }
                continue
            case .spring, .fixedSpring: att.linearImpulse = finite(springs[k].impulse)
            case .constraint: att.linearImpulse = finite(js[k].linearImpulse)
            }
            let j = js + k
            att.axialImpulse = finiteOrZero(j.pointee.axialImpulse)
            att.angularImpulse = finiteOrZero(j.pointee.angularImpulse)
            att.perpendicularImpulse = finiteOrZero(j.pointee.perpendicularImpulse)
            att.lowerImpulse = finiteOrZero(j.pointee.lowerImpulse)
            att.upperImpulse = finiteOrZero(j.pointee.upperImpulse)
        }
    }

    /// A snap is a zero-length spring (4 Hz, damping ratio 0.1 + 0.9 damping) from its point to
    /// the item's centre, plus the same spring turning the item upright.
    func prepareSnaps(_ hs: Double) {
        for (index, snap) in world.snaps.enumerated() {
            let slot = Int(snap.item.slot)
            guard store.isLive(snap.item), !store.asleep[slot], store.invMass[slot] > 0 else { continue }
            if !heldSlots.isEmpty && heldSlots[Int32(slot)] != nil { continue }   // a pointer holds it
            var j = JointConstraint(
                kind: .anchor, a: 0, b: Int32(slot + 1), anchorA: .zero, anchorB: .zero,
                deltaCenter: store.position[slot] - snap.snapPoint, invMassA: 0, invIA: 0,
                invMassB: store.invMass[slot], invIB: store.invInertia[slot], length: 0, isSpring: true,
                springSoftness: Softness(hertz: SnapBehavior.frequency, dampingRatio: snap.dampingRatio, substep: hs),
                axialImpulse: 0, linearImpulse: snap.linearImpulse, angularImpulse: snap.angularImpulse,
                maxFrictionImpulse: 0, behaviorIndex: Int32(index))
            j.uprights = true
            j.startAngle = store.angle[slot]
            j.isSnap = true
            let k = world.joints.count
            world.joints.append(j)
            world.jointHeads.base[k] = JointHead(a: j.a, b: j.b, behaviorIndex: Int32(index), invMassA: j.invMassA,
                                                 invIA: j.invIA, invMassB: j.invMassB, invIB: j.invIB, isSnap: true)
            finishJoint(k, world.joints.base, world.bodies.base, world.jointRowKind.base, world.springRows.base,
                        rows: world.usesJointRows, fixesArms: world.fixesJointArms)
        }
    }

    /// Pushes: a continuous push adds its force F = 100 x direction and torque r x F to the
    /// body's per-step force; an instantaneous one changes velocity once, dv = J / m and
    /// dw = (r x J) / I with J = 100 x direction, then turns inactive.
    func applyPushes(_ bodies: UnsafeMutablePointer<SolverBody>, _ params: UnsafeMutablePointer<BodyParams>) {
        for push in world.pushes where push.active {
            let F = PushBehavior.unitForce * push.pushDirection
            if F != .zero {
                for item in push.items where store.isLive(item) {
                    let i = Int(item.slot)
                    guard store.invMass[i] > 0 && !store.asleep[i] else { continue }
                    let r = store.rotation[i].rotate(push.targetOffset(for: item))
                    if push.mode == .continuous {
                        params[i + 1].force += F
                        params[i + 1].torque += cross(r, F)
                    } else {
                        bodies[i + 1].v += store.invMass[i] * F
                        bodies[i + 1].w += store.invInertia[i] * cross(r, F)
                    }
                }
            }
            if push.mode == .instantaneous { push.didAct() }
        }
    }

    /// Fields: each adds m x (its acceleration) to the body's per-step force; a velocity field
    /// sets the velocity of the items inside its region. Animated noise advances its clock.
    func applyFields(_ bodies: UnsafeMutablePointer<SolverBody>, _ params: UnsafeMutablePointer<BodyParams>, _ hs: Double) {
        if world.fields.isEmpty { return }
        for field in world.fields {
            field.noiseTime += stepDuration * field.animationSpeed
            for item in field.items where store.isLive(item) {
                let i = Int(item.slot)
                guard store.invMass[i] > 0 && !store.asleep[i] else { continue }
                let p = store.position[i]
                if field.fieldKind == .velocity {
                    if field.region.contains(p - field.position) { bodies[i + 1].v = 100 * field.direction }
                    continue
                }
                let m = store.mass[i]
                inCallback += field.fieldKind == .custom ? 1 : 0
                let a = field.acceleration(at: p, velocity: bodies[i + 1].v, mass: m,
                                           charge: store.properties[i].charge, h: stepDuration)
                inCallback -= field.fieldKind == .custom ? 1 : 0
                if isFinite(a) { params[i + 1].force += m * a }
            }
        }
    }

    /// Writes velocities, positions (start + dp) and angles (start + turned) back to the store;
    /// `alongside` runs once on the stepping thread meanwhile (first, without workers).
    func scatterBodies(alongside: () -> Void = {}) {
        let bodies = world.bodies.base
        store.position.withUnsafeMutableBufferPointer { position in
            store.angle.withUnsafeMutableBufferPointer { angle in
                store.velocity.withUnsafeMutableBufferPointer { velocity in
                    store.angularVelocity.withUnsafeMutableBufferPointer { angular in
                        store.rotation.withUnsafeMutableBufferPointer { rotation in
                            // each body writes its own item: shared in blocks
                            func write(_ list: UnsafeBufferPointer<Int32>, _ range: Range<Int>) {
                                for s in list[range] {
                                    let i = Int(s)
                                    let b = bodies[i + 1]
                                    // the last guard against a solve that overflowed: an item
                                    // keeps a finite velocity whatever the constraints did
                                    velocity[i] = b.v.x.isFinite && b.v.y.isFinite ? b.v : .zero
                                    angular[i] = b.w.isFinite ? b.w : 0
                                    position[i] += b.dp
                                    if b.turned != 0 {
                                        angle[i] += b.turned
                                        rotation[i] = Rotation(angle: angle[i])
                                    }
                                }
                            }
                            let minimum = world.minimumItemsPerWorker
                            world.moving.withUnsafeBufferPointer { list in
                                forEachShare(list.count, block: Animator.bodyBlock, minimum: minimum, alongside: alongside) {
                                    write(list, $0)
                                }
                            }
                            world.kinematic.withUnsafeBufferPointer { list in
                                forEachShare(list.count, block: Animator.bodyBlock, minimum: minimum) { write(list, $0) }
                            }
                        }
                    }
                }
            }
        }
    }

    /// v = v / (1 + h c) + h g (gravity acts whatever the mass); w = w / (1 + h c_w); speeds capped.
    static func integrateVelocities(_ moving: UnsafeBufferPointer<Int32>, _ bodies: UnsafeMutablePointer<SolverBody>,
                                    _ params: UnsafeMutablePointer<BodyParams>, _ h: Double) {
        let maxSpeed = Tolerances.maxLinearSpeed
        let maxAngular = Tolerances.maxAngularSpeed
        for s in moving {
            let body = bodies + (Int(s) + 1)
            let p = params[Int(s) + 1]
            var v = body.pointee.v * p.linearDamping + h * (p.gravity + p.invMass * p.force)
            let speed2 = lengthSquared(v)
            if speed2 > maxSpeed * maxSpeed { v *= maxSpeed / speed2.squareRoot() }
            body.pointee.v = v
            body.pointee.w = p.locksRotation ? 0
                : min(max(body.pointee.w * p.angularDamping + h * p.invInertia * p.torque, -maxAngular), maxAngular)
        }
    }

    /// dp += h v; turned += h w; dq advanced by h w. With `capped` (moving items), v and w are
    /// first brought back under the speed caps: the velocity solve that runs between the two
    /// integrations can exceed them (a stiff attachment with a long lever arm, an impulse
    /// applied from a callback), and a position must never run away to infinity.
    static func integratePositions(_ list: UnsafeBufferPointer<Int32>, _ bodies: UnsafeMutablePointer<SolverBody>, _ h: Double,
                                   capped: Bool = false) {
        let maxSpeed = Tolerances.maxLinearSpeed
        let maxAngular = Tolerances.maxAngularSpeed
        for s in list {
            let body = bodies + (Int(s) + 1)
            var v = body.pointee.v
            if capped {
                let speed2 = lengthSquared(v)
                if !(speed2 <= maxSpeed * maxSpeed) {
                    // an overflowed or undefined velocity stops rather than poisoning the pose
                    v = speed2.isFinite ? v * (maxSpeed / speed2.squareRoot()) : .zero
                    body.pointee.v = v
                }
                let w = body.pointee.w
                if !(abs(w) <= maxAngular) { body.pointee.w = w.isNaN ? 0 : (w < 0 ? -maxAngular : maxAngular) }
            }
            let dw = h * body.pointee.w
            body.pointee.dp += h * v
            if dw != 0 {
                body.pointee.turned += dw
                body.pointee.dq = body.pointee.dq.integrated(by: dw)
            }
        }
    }

    /// Copies the accumulated impulses back into the contacts for warm starting, and moves each
    /// contact point with its bodies to where the surfaces are at the end of the step.
    func storeImpulses() {
        let bodies = world.bodies.base
        let position = store.position
        var contacts: [Contact] = []
        swap(&contacts, &world.contacts)   // a local, updated in place, put back below
        defer { swap(&contacts, &world.contacts) }
        var heads: [ContactHead] = []
        swap(&heads, &world.contactHeads)
        defer { swap(&heads, &world.contactHeads) }
        let constraints = world.constraints.base, points = world.points.base
        world.touchMade.resize(contacts.count)
        let made = world.touchMade.base
        made.update(repeating: 0, count: contacts.count)
        contacts.withUnsafeMutableBufferPointer { cb in heads.withUnsafeMutableBufferPointer { hb in
            // each constraint writes its own contact: shared in blocks when the workers are there
            forEachShare(world.constraints.count, block: Animator.constraintBlock, minimum: world.minimumItemsPerWorker) { range in
                for ci in range {
                    let cc = constraints[ci]
                    let p0 = points[2 * ci], p1 = points[2 * ci + 1]
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
                    for j in 0..<Int(cc.pointCount) {
                        let cp = j == 0 ? p0 : p1
                        let start = c.pointee.manifold.point(j).point
                        let rA = a.dq.rotate(cp.anchorA), rB = b.dq.rotate(cp.anchorB)
                        let onA = itemA >= 0 ? centerA + a.dp + rA : start
                        let onB = centerB + b.dp + rB
                        // and its separation then, as the solver measures it (for a manifold carried forward)
                        let s = cp.baseSeparation + dot(c.pointee.manifold.normal, b.dp - a.dp + rB - rA)
                        if j == 0 {
                            c.pointee.manifold.p0.point = (onA + onB) * 0.5
                            c.pointee.manifold.p0.separation = s
                        } else {
                            c.pointee.manifold.p1.point = (onA + onB) * 0.5
                            c.pointee.manifold.p1.separation = s
                        }
                    }
                    // the touching state too, while the record is in the cache (a constraint's
                    // contact is simulated, and in the active list that updateTouchingStates reads)
                    if c.pointee.simulated {
                        let changed = Animator.updateTouching(c)
                        if changed { hb[Int(cc.contactIndex)].touching = c.pointee.touching }
                        made[Int(cc.contactIndex)] = changed ? 2 : 1
                    }
                }
            }
        }}
    }
}

/// The value, or 0 when it is infinite or NaN.
@inline(__always) func finiteOrZero(_ x: Double) -> Double { x.isFinite ? x : 0 }
