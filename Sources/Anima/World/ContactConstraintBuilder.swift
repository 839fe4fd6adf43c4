/// Building the contact constraints of a step. A constraint is made from its contact as soon as
/// the contact update of `collide` has refreshed the manifold, while the contact's record is
/// still in the cache: in a crowd the contact records (about 240 bytes each, tens of thousands
/// of them) do not fit in the cache, and reading them again for the constraints cost more than
/// the constraints' arithmetic. What depends on the velocities of the step (the approach speed
/// for restitution) is added by `finishContactConstraints` once `solve` has gathered them.
struct ContactConstraintBuilder {
    var constraints: ScratchBuffer<ContactConstraint>
    var points: ScratchBuffer<ConstraintPoint>
    /// Per constraint point (2 per constraint), the manifold point's separation.
    var separations: ScratchBuffer<Double>
    /// Per constraint, the bodies it can move, -1 for a side it cannot (`ContactColoring`).
    var ends: ScratchBuffer<SIMD2<Int32>>
    /// Per constraint, its two bodies when both have mass, which joins them in one island
    /// (`World.joinTouchingIslands`), else (0, 0): 8 bytes a constraint for the union-find to read
    /// instead of the constraint.
    var joins: ScratchBuffer<SIMD2<Int32>>
    /// Per constraint, 0 when its two points are solved as a block (`blockSolve`), else 1: the
    /// packing sorts each colour by it, and reads a byte a constraint instead of the record.
    var kinds: ScratchBuffer<UInt8>
    let softness: Softness
    let staticSoftness: Softness
    let substep: Double

    /// Anchors relative to the body centres, effective masses k = mA + mB + iA (rA x n)^2 +
    /// iB (rB x n)^2 (and the same along the tangent), the 2 x 2 block of two-point manifolds.
    /// Boundaries are the static body 0; anchored items keep their own body so their velocity
    /// counts, but with zero inverse mass nothing pushes them. A contact between two items that
    /// cannot move makes no constraint.
    mutating func add(_ c: UnsafeMutablePointer<Contact>, index: Int, _ view: ManifoldView) {
        let slot = constraints.count
        if slot >= room { makeRoom(for: slot) }
        if write(c, index: index, at: slot, view) { constraints.count = slot + 1 }
    }

    /// Constraints every buffer has room for. `add` checks this alone and counts only
    /// `constraints`: the other buffers' counts are brought in line when they grow and when the
    /// builder is kept (six checks and counts a constraint were a sixth of the building's
    /// instructions).
    fileprivate(set) var room = 0

    /// The counts of the other buffers for `n` constraints.
    fileprivate mutating func alignCounts(_ n: Int) {
        constraints.count = n
        points.count = 2 * n
        separations.count = 2 * n
        ends.count = n
        joins.count = n
        kinds.count = n
    }

    fileprivate var roomNow: Int {
        min(constraints.capacity, points.capacity / 2, separations.capacity / 2, ends.capacity, joins.capacity,
            kinds.capacity)
    }

    /// Grows every buffer (keeping the `slot` constraints made) to hold at least one more.
    private mutating func makeRoom(for slot: Int) {
        extend(by: 1)
        alignCounts(slot)
    }

    /// Whether a contact makes a constraint: at least one of its sides can move.
    @inline(__always)
    static func makesConstraint(_ c: UnsafePointer<Contact>, _ view: ManifoldView) -> Bool {
        let itemA = Int(c.pointee.a), b = Int(c.pointee.b)
        let aMoves = itemA >= 0 && (view.invMass[itemA] != 0 || view.invInertia[itemA] != 0)
        return aMoves || view.invMass[b] != 0 || view.invInertia[b] != 0
    }

    /// Writes the constraint of contact `c` (at `index` in the contact list) as constraint `slot`,
    /// with its two points and their separations; the buffers hold room for it. Writes nothing
    /// else, so workers may write different constraints at once.
    /// Returns false, writing nothing, for a contact that makes no constraint (`makesConstraint`).
    @discardableResult
    mutating func write(_ c: UnsafePointer<Contact>, index: Int, at slot: Int, _ view: ManifoldView) -> Bool {
        let itemA = Int(c.pointee.a), b = Int(c.pointee.b)
        let hasA = itemA >= 0
        let mA = hasA ? view.invMass[itemA] : 0, iA = hasA ? view.invInertia[itemA] : 0
        let mB = view.invMass[b], iB = view.invInertia[b]
        let aStatic = !hasA || mA == 0 && iA == 0
        let bStatic = mB == 0 && iB == 0
        if aStatic && bStatic { return false }
        var bodyA = hasA ? itemA : -1, bodyB = b
        // a part of a group is moved through its group's body, about the group's centre of mass
        if let groupOf = view.groupOf {
            if hasA && groupOf[itemA] >= 0 { bodyA = Int(groupOf[itemA]) }
            if groupOf[b] >= 0 { bodyB = Int(groupOf[b]) }
        }
        let centerA = hasA ? view.position[bodyA] : Vec2.zero
        let centerB = view.position[bodyB]
        let manifold = (normal: c.pointee.manifold.normal, count: c.pointee.manifold.count)
        let n = manifold.normal
        let t = rightPerp(n)
        var constraint = ContactConstraint(a: Int32(bodyA + 1), b: Int32(bodyB + 1), pointCount: Int32(manifold.count),
                                           contactIndex: Int32(index), normal: n, friction: c.pointee.friction,
                                           restitution: c.pointee.restitution, invMassA: mA, invIA: iA,
                                           invMassB: mB, invIB: iB,
                                           softness: (aStatic || bStatic) ? staticSoftness : softness)
        if aStatic || bStatic { constraint.hardApproach = Tolerances.maxPushOutSpeed }
        let gravityA = hasA && mA > 0 ? view.gravity[itemA] : Vec2.zero
        let gravityB = mB > 0 ? view.gravity[b] : Vec2.zero
        let approachAcceleration = dot(n, gravityB - gravityA)
        if c.pointee.restitution > 0 && approachAcceleration < 0 {
            constraint.reboundBoost = (1 + c.pointee.restitution) * 0.5 * -approachAcceleration * substep
        }
        // the points written in place, unrolled (a manifold has one or two); the second of a
        // one-point manifold is left all zeros, as the solver's padding
        let ps = points.base + 2 * slot
        let p0 = c.pointee.manifold.p0
        let n0 = Float(c.pointee.normalImpulse0), t0 = Float(c.pointee.tangentImpulse0)
        ps.initialize(to: ContactConstraintBuilder.point(p0, n0, t0, hasA, centerA, centerB, n, t, mA, iA, mB, iB))
        separations.base[2 * slot] = p0.separation
        if manifold.count == 2 {
            let p1 = c.pointee.manifold.p1
            let n1 = Float(c.pointee.normalImpulse1), t1 = Float(c.pointee.tangentImpulse1)
            (ps + 1).initialize(to: ContactConstraintBuilder.point(p1, n1, t1, hasA, centerA, centerB, n, t, mA, iA, mB, iB))
            separations.base[2 * slot + 1] = p1.separation
            // the block's masses from the anchors as stored (single precision)
            let rA0 = ps.pointee.anchorA, rB0 = ps.pointee.anchorB
            let rA1 = (ps + 1).pointee.anchorA, rB1 = (ps + 1).pointee.anchorB
            let rnA0 = cross(rA0, n), rnB0 = cross(rB0, n)
            let rnA1 = cross(rA1, n), rnB1 = cross(rB1, n)
            let k11 = mA + mB + iA * rnA0 * rnA0 + iB * rnB0 * rnB0
            let k22 = mA + mB + iA * rnA1 * rnA1 + iB * rnB1 * rnB1
            let k12 = mA + mB + iA * rnA0 * rnA1 + iB * rnB0 * rnB1
            let det = k11 * k22 - k12 * k12
            if k11 > 0 && k22 > 0 && k11 * k11 < 1000 * det {
                constraint.k11 = k11
                constraint.k12 = k12
                constraint.k22 = k22
                constraint.inverseDeterminant = 1 / det
                constraint.blockSolve = true
            }
        } else {
            (ps + 1).initialize(to: ConstraintPoint())
            separations.base[2 * slot + 1] = 0
        }
        constraints.base[slot] = constraint
        // as the colouring reads the stored (single-precision) masses
        let aMoves = constraint.invMassA != 0 || constraint.invIA != 0
        let bMoves = constraint.invMassB != 0 || constraint.invIB != 0
        // (a constraint whose masses both round to zero keeps b, as a side to colour)
        ends.base[slot] = SIMD2(aMoves ? constraint.a : -1, bMoves || !aMoves ? constraint.b : -1)
        kinds.base[slot] = constraint.blockSolve ? 0 : 1
        joins.base[slot] = constraint.invMassA > 0 && constraint.invMassB > 0 ? SIMD2(constraint.a, constraint.b) : SIMD2(0, 0)
        return true
    }

    /// One constraint point of manifold point `mp` with its carried impulses: anchors from the
    /// body centres (none on a boundary, which does not move), the base separation and the
    /// effective masses k = mA + mB + iA (rA x d)^2 + iB (rB x d)^2 along the normal and the
    /// tangent.
    @inline(__always)
    static func point(_ mp: ManifoldPoint, _ normalImpulse: Float, _ tangentImpulse: Float, _ hasA: Bool, _ centerA: Vec2,
                      _ centerB: Vec2, _ n: Vec2, _ t: Vec2, _ mA: Double, _ iA: Double, _ mB: Double, _ iB: Double)
        -> ConstraintPoint {
        var cp = ConstraintPoint()
        cp.normalImpulse = Double(normalImpulse)
        cp.tangentImpulse = Double(tangentImpulse)
        let rA = hasA ? mp.point - centerA : Vec2.zero
        let rB = mp.point - centerB
        cp.anchorA = rA
        cp.anchorB = rB
        cp.baseSeparation = mp.separation - dot(rB - rA, n)
        let rnA = cross(rA, n), rnB = cross(rB, n)
        let kn = mA + mB + iA * rnA * rnA + iB * rnB * rnB
        let rtA = cross(rA, t), rtB = cross(rB, t)
        let kt = mA + mB + iA * rtA * rtA + iB * rtB * rtB
        // both reciprocals in one vector division (the divisions were a sixth of this
        // function's time); a zero k gives an infinity, not kept
        let inverse = SIMD2<Double>(1, 1) / SIMD2(kn, kt)
        cp.normalMass = kn > 0 ? inverse.x : 0
        cp.tangentMass = kt > 0 ? inverse.y : 0
        return cp
    }

    /// Makes room for `count` constraints (the buffers are empty) for `write` to fill.
    /// Constraints made so far.
    var count: Int { constraints.count }

    /// Adds room for `k` constraints at the end, for `write`, keeping those made.
    mutating func extend(by k: Int) {
        alignCounts(constraints.count)
        constraints.extend(by: k)
        points.extend(by: 2 * k)
        separations.extend(by: 2 * k)
        ends.extend(by: k)
        joins.extend(by: k)
        kinds.extend(by: k)
        room = roomNow
    }

    mutating func reserve(_ count: Int) {
        constraints.resize(count)
        points.resize(2 * count)
        separations.resize(2 * count)
        ends.resize(count)
        joins.resize(count)
        kinds.resize(count)
        room = roomNow
    }
}

extension World {
    /// The contact stiffness of a sub-step of hs: an eighth of the sub-step rate (Box2D's 30 Hz
    /// at 60 x 4 sub-steps, 60 Hz at Anima's default 120 x 4), capped; twice that against
    /// boundaries and anchored items.
    static func contactHertz(substep hs: Double) -> Double {
        min(Tolerances.contactHertz, Tolerances.contactStiffnessPerSubstepRate / hs)
    }

    /// A builder for this step's contact constraints, emptied.
    func contactConstraintBuilder() -> ContactConstraintBuilder {
        let hs = stepDuration / Double(configuration.substeps)
        let hertz = World.contactHertz(substep: hs)
        var builder = ContactConstraintBuilder(
            constraints: self.constraints, points: self.points, separations: self.separations, ends: self.constraintEnds,
            joins: self.constraintJoins, kinds: self.constraintKinds,
            softness: Softness(hertz: hertz, dampingRatio: Tolerances.contactDampingRatio, substep: hs),
            staticSoftness: Softness(hertz: 2 * hertz, dampingRatio: Tolerances.contactDampingRatio, substep: hs),
            substep: hs)
        builder.constraints.count = 0
        builder.points.count = 0
        builder.separations.count = 0
        builder.ends.count = 0
        builder.joins.count = 0
        builder.kinds.count = 0
        builder.room = builder.roomNow
        return builder
    }

    /// Keeps the buffers of a builder (they may have grown) for the solver.
    func keep(_ builder: ContactConstraintBuilder) {
        var builder = builder
        builder.alignCounts(builder.constraints.count)
        self.constraints = builder.constraints
        self.points = builder.points
        self.separations = builder.separations
        self.constraintEnds = builder.ends
        self.constraintJoins = builder.joins
        self.constraintKinds = builder.kinds
    }

    /// The approach speed of each point of a constraint with restitution (of every constraint
    /// when a collision behavior asks for hit events), from the velocities
    /// the solver gathered: vn = n . (vB + wB x rB - vA - wA x rA); a speculative point still s0
    /// away keeps accelerating under gravity until it touches, v^2 = vn^2 - 2 a_n s0, so the
    /// bounce returns the energy of the whole fall (e = 1 keeps its height).
    func finishContactConstraints() {
        // no item bounces: no constraint has restitution (a record read for nothing each)
        // (and no hit is asked for: hits read it too)
        let forHits = self.lowestHitThreshold.isFinite
        guard self.anyElastic || forHits else { return }
        let cs = self.constraints.base, points = self.points.base, separations = self.separations.base
        let bodies = self.bodies.base
        store.invMass.withUnsafeBufferPointer { invMass in
        store.gravity.withUnsafeBufferPointer { gravity in
            // each constraint writes its own points: shared in blocks when the workers are there
            forEachShare(self.constraints.count, block: World.constraintBlock, minimum: self.minimumItemsPerWorker) { range in
                for ci in range {
                    let c = cs[ci]
                    // only restitution and hits read the approach speed
                    if c.restitution == 0 && !forHits { continue }
                    let ia = Int(c.a), ib = Int(c.b)
                    let n = c.normal
                    let gravityA = ia > 0 && invMass[ia - 1] > 0 ? gravity[ia - 1] : Vec2.zero
                    let gravityB = invMass[ib - 1] > 0 ? gravity[ib - 1] : Vec2.zero
                    let an = dot(n, gravityB - gravityA)
                    let vA = bodies[ia].v, wA = bodies[ia].w, vB = bodies[ib].v, wB = bodies[ib].w
                    for j in 0..<Int(c.pointCount) {
                        let p = points + (2 * ci + j)
                        let rA = p.pointee.anchorA, rB = p.pointee.anchorB
                        let s0 = separations[2 * ci + j]
                        let vn = dot(n, (vB + cross(wB, rB)) - (vA + cross(wA, rA)))
                        p.pointee.relativeVelocity = vn < 0 && s0 > 0 && an < 0 ? -(vn * vn - 2 * an * s0).squareRoot() : vn
                    }
                }
            }
        }}
    }
}
