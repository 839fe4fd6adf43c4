/// Packing the step's contact constraints for the wide solver (see WideContactSolver.swift),
/// and unpacking their impulses for restitution and the next step's warm start.
extension Animator {
    /// Colours the constraints and packs each colour into lane groups: within a colour, the
    /// two-point manifolds solved as a block first, then the others, `laneWidth` to a group.
    func packWideContacts() {
        let cs = world.constraints.base
        let points = world.points.base
        world.coloring.color(cs, world.constraints.count, bodyCount: store.count + 1)
        world.wide.count = 0
        var blockFirst: [Int32] = []
        for color in 0..<ContactColoring.colorCount {
            let members = world.coloring.members[color]
            if members.isEmpty { continue }
            blockFirst.removeAll(keepingCapacity: true)
            for ci in members where cs[Int(ci)].blockSolve { blockFirst.append(ci) }
            for ci in members where !cs[Int(ci)].blockSolve { blockFirst.append(ci) }
            var start = 0
            while start < blockFirst.count {
                var group = WideContact()
                for lane in 0..<min(laneWidth, blockFirst.count - start) {
                    Animator.pack(Int(blockFirst[start + lane]), into: &group, lane: lane, cs, points)
                }
                assert(Animator.lanesShareNoMovingBody(group), "a lane group writes one body twice")
                world.wide.append(group)
                start += laneWidth
            }
        }
    }

    /// Whether no body that contacts can move appears twice among a group's lanes.
    static func lanesShareNoMovingBody(_ g: WideContact) -> Bool {
        var seen: [Int32] = []
        for k in 0..<laneWidth where g.index[k] >= 0 {
            if g.mA[k] != 0 || g.iA[k] != 0 { seen.append(g.a[k]) }
            if g.mB[k] != 0 || g.iB[k] != 0 { seen.append(g.b[k]) }
        }
        return Set(seen).count == seen.count
    }

    private static func pack(_ ci: Int, into g: inout WideContact, lane k: Int,
                             _ cs: UnsafeMutablePointer<ContactConstraint>, _ points: UnsafeMutablePointer<ConstraintPoint>) {
        let c = cs[ci]
        g.index[k] = Int32(ci)
        g.a[k] = c.a
        g.b[k] = c.b
        let n = c.normal
        g.nx[k] = Float(n.x)
        g.ny[k] = Float(n.y)
        g.friction[k] = Float(c.friction)
        g.mA[k] = Float(c.invMassA)
        g.iA[k] = Float(c.invIA)
        g.mB[k] = Float(c.invMassB)
        g.iB[k] = Float(c.invIB)
        let soft = c.softness
        g.biasRate[k] = Float(soft.biasRate)
        g.softMass[k] = Float(soft.massScale)
        g.softImpulse[k] = Float(soft.impulseScale)
        g.hard[k] = Float(c.hardApproach)
        if c.pointCount == 2 && c.blockSolve {
            g.block[k] = true
            g.k11[k] = Float(c.k11)
            g.k12[k] = Float(c.k12)
            g.k22[k] = Float(c.k22)
            g.invDet[k] = Float(c.inverseDeterminant)
        }
        pack(points[2 * ci], into: &g.p0, lane: k)
        if c.pointCount == 2 { pack(points[2 * ci + 1], into: &g.p1, lane: k) }
    }

    private static func pack(_ p: ConstraintPoint, into w: inout WidePoint, lane k: Int) {
        let rA = p.anchorA, rB = p.anchorB
        w.ax[k] = Float(rA.x)
        w.ay[k] = Float(rA.y)
        w.bx[k] = Float(rB.x)
        w.by[k] = Float(rB.y)
        w.base[k] = Float(p.baseSeparation)
        w.normalMass[k] = Float(p.normalMass)
        w.tangentMass[k] = Float(p.tangentMass)
        w.normalImpulse[k] = Float(p.normalImpulse)
        w.tangentImpulse[k] = Float(p.tangentImpulse)
        w.totalImpulse[k] = Float(p.totalNormalImpulse)
    }

    /// Copies the lanes' impulses back into the constraint points.
    func unpackWideContacts() {
        let points = world.points.base
        for g in 0..<world.wide.count {
            let group = world.wide[g]
            for k in 0..<laneWidth where group.index[k] >= 0 {
                let ci = Int(group.index[k])
                Animator.unpack(group.p0, lane: k, into: points + 2 * ci)
                Animator.unpack(group.p1, lane: k, into: points + (2 * ci + 1))
            }
        }
    }

    @inline(__always)
    private static func unpack(_ w: WidePoint, lane k: Int, into p: UnsafeMutablePointer<ConstraintPoint>) {
        p.pointee.normalImpulse = Double(w.normalImpulse[k])
        p.pointee.tangentImpulse = Double(w.tangentImpulse[k])
        p.pointee.totalNormalImpulse = Double(w.totalImpulse[k])
    }
}
