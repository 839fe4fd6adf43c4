/// One point of a contact constraint. Anchors are fixed for the whole step (relative to the
/// body centres at the start of the step); the current separation is tracked from the bodies'
/// motion since then:
///   s = baseSeparation + n . (dpB - dpA + dqB rB - dqA rA),
///   baseSeparation = s0 - n . (rB - rA).
struct ConstraintPoint {
    var anchorA = Vec2.zero
    var anchorB = Vec2.zero
    var baseSeparation = 0.0
    var normalImpulse = 0.0
    var tangentImpulse = 0.0
    var totalNormalImpulse = 0.0
    var normalMass = 0.0
    var tangentMass = 0.0
    /// Normal relative velocity before the step, for restitution.
    var relativeVelocity = 0.0
}

/// A contact constraint between body slots a and b (-1 = static: a boundary or an anchored item).
struct ContactConstraint {
    var contactIndex: Int32
    var a: Int32
    var b: Int32
    var normal: Vec2
    var friction: Double
    var restitution: Double
    var invMassA: Double
    var invIA: Double
    var invMassB: Double
    var invIB: Double
    var softness: Softness
    var pointCount: Int32
    var p0 = ConstraintPoint()
    var p1 = ConstraintPoint()
}

/// Body state the solver reads and writes during one step.
struct SolverBodies {
    var v: UnsafeMutablePointer<Vec2>
    var w: UnsafeMutablePointer<Double>
    var dp: UnsafeMutablePointer<Vec2>
    var dq: UnsafeMutablePointer<Rotation>
}

/// The soft-step contact solver (Catto 2024, as in Box2D v3): per sub-step, warm start with the
/// accumulated impulses, solve with a soft bias that removes overlap, integrate positions, then
/// relax without bias; after the sub-steps, one restitution pass.
enum ContactSolver {
    @inline(__always)
    static func state(_ bodies: SolverBodies, _ i: Int32) -> (Vec2, Double, Vec2, Rotation) {
        if i < 0 { return (.zero, 0, .zero, .identity) }
        let k = Int(i)
        return (bodies.v[k], bodies.w[k], bodies.dp[k], bodies.dq[k])
    }

    @inline(__always)
    static func store(_ bodies: SolverBodies, _ i: Int32, _ v: Vec2, _ w: Double) {
        if i < 0 { return }
        bodies.v[Int(i)] = v
        bodies.w[Int(i)] = w
    }

    /// Applies the accumulated impulses: vA -= mA P, wA -= iA rA x P, and the opposite on B.
    static func warmStart(_ cs: UnsafeMutableBufferPointer<ContactConstraint>, _ bodies: SolverBodies) {
        for ci in 0..<cs.count {
            var c = cs[ci]
            var (vA, wA, _, _) = state(bodies, c.a)
            var (vB, wB, _, _) = state(bodies, c.b)
            let n = c.normal
            let t = rightPerp(n)
            for j in 0..<Int(c.pointCount) {
                var cp = j == 0 ? c.p0 : c.p1
                let P = cp.normalImpulse * n + cp.tangentImpulse * t
                cp.totalNormalImpulse += cp.normalImpulse
                wA -= c.invIA * cross(cp.anchorA, P)
                vA -= c.invMassA * P
                wB += c.invIB * cross(cp.anchorB, P)
                vB += c.invMassB * P
                if j == 0 { c.p0 = cp } else { c.p1 = cp }
            }
            cs[ci] = c
            store(bodies, c.a, vA, wA)
            store(bodies, c.b, vB, wB)
        }
    }

    /// Normal then friction impulses. With useBias, overlap s < 0 is removed softly:
    ///   impulse = -m_n (massScale vn + massScale biasRate s) - impulseScale lambda,
    /// bias limited to the push-out speed; a speculative gap s > 0 allows approach up to s / h.
    /// Friction clamps |lambda_t| <= mu lambda_n (Coulomb).
    static func solve(_ cs: UnsafeMutableBufferPointer<ContactConstraint>, _ bodies: SolverBodies,
                      inverseSubstep invH: Double, useBias: Bool) {
        let maxPush = Tolerances.maxPushOutSpeed
        for ci in 0..<cs.count {
            var c = cs[ci]
            var (vA, wA, dpA, dqA) = state(bodies, c.a)
            var (vB, wB, dpB, dqB) = state(bodies, c.b)
            let dp = dpB - dpA
            let n = c.normal
            let t = rightPerp(n)
            let count = Int(c.pointCount)
            for j in 0..<count {
                var cp = j == 0 ? c.p0 : c.p1
                let ds = dp + dqB.rotate(cp.anchorB) - dqA.rotate(cp.anchorA)
                let s = cp.baseSeparation + dot(ds, n)
                var bias = 0.0
                var massScale = 1.0
                var impulseScale = 0.0
                if s > 0 {
                    bias = s * invH
                } else if useBias {
                    bias = max(c.softness.massScale * c.softness.biasRate * s, -maxPush)
                    massScale = c.softness.massScale
                    impulseScale = c.softness.impulseScale
                }
                let vrA = vA + cross(wA, cp.anchorA)
                let vrB = vB + cross(wB, cp.anchorB)
                let vn = dot(vrB - vrA, n)
                let impulse = -cp.normalMass * (massScale * vn + bias) - impulseScale * cp.normalImpulse
                let newImpulse = max(cp.normalImpulse + impulse, 0)
                let applied = newImpulse - cp.normalImpulse
                cp.normalImpulse = newImpulse
                cp.totalNormalImpulse += applied
                let P = applied * n
                vA -= c.invMassA * P
                wA -= c.invIA * cross(cp.anchorA, P)
                vB += c.invMassB * P
                wB += c.invIB * cross(cp.anchorB, P)
                if j == 0 { c.p0 = cp } else { c.p1 = cp }
            }
            for j in 0..<count {
                var cp = j == 0 ? c.p0 : c.p1
                let vrA = vA + cross(wA, cp.anchorA)
                let vrB = vB + cross(wB, cp.anchorB)
                let vt = dot(vrB - vrA, t)
                let maxFriction = c.friction * cp.normalImpulse
                let newImpulse = min(max(cp.tangentImpulse - cp.tangentMass * vt, -maxFriction), maxFriction)
                let applied = newImpulse - cp.tangentImpulse
                cp.tangentImpulse = newImpulse
                let P = applied * t
                vA -= c.invMassA * P
                wA -= c.invIA * cross(cp.anchorA, P)
                vB += c.invMassB * P
                wB += c.invIB * cross(cp.anchorB, P)
                if j == 0 { c.p0 = cp } else { c.p1 = cp }
            }
            cs[ci] = c
            store(bodies, c.a, vA, wA)
            store(bodies, c.b, vB, wB)
        }
    }

    /// Restitution: for points that were approaching faster than the threshold and received an
    /// impulse, drive the normal velocity to -e x (approach velocity before the step).
    static func applyRestitution(_ cs: UnsafeMutableBufferPointer<ContactConstraint>, _ bodies: SolverBodies) {
        let threshold = Tolerances.restitutionThreshold
        for ci in 0..<cs.count {
            var c = cs[ci]
            if c.restitution == 0 { continue }
            var (vA, wA, _, _) = state(bodies, c.a)
            var (vB, wB, _, _) = state(bodies, c.b)
            let n = c.normal
            for j in 0..<Int(c.pointCount) {
                var cp = j == 0 ? c.p0 : c.p1
                if cp.relativeVelocity > -threshold || cp.totalNormalImpulse == 0 { continue }
                let vrA = vA + cross(wA, cp.anchorA)
                let vrB = vB + cross(wB, cp.anchorB)
                let vn = dot(vrB - vrA, n)
                let impulse = -cp.normalMass * (vn + c.restitution * cp.relativeVelocity)
                let newImpulse = max(cp.normalImpulse + impulse, 0)
                let applied = newImpulse - cp.normalImpulse
                cp.normalImpulse = newImpulse
                cp.totalNormalImpulse += applied
                let P = applied * n
                vA -= c.invMassA * P
                wA -= c.invIA * cross(cp.anchorA, P)
                vB += c.invMassB * P
                wB += c.invIB * cross(cp.anchorB, P)
                if j == 0 { c.p0 = cp } else { c.p1 = cp }
            }
            cs[ci] = c
            store(bodies, c.a, vA, wA)
            store(bodies, c.b, vB, wB)
        }
    }
}
