/// Fixed, rope and sliding attachments, and pin angle limits (after Box2D's weld, distance-limit,
/// prismatic and revolute-limit constraints, in the soft step).
extension JointSolver {
    /// The current relative angle minus the reference: relativeAngle + turnedB - turnedA.
    @inline(__always)
    static func angle(_ j: UnsafeMutablePointer<JointConstraint>, _ bodyA: UnsafeMutablePointer<SolverBody>,
                      _ bodyB: UnsafeMutablePointer<SolverBody>) -> Double {
        j.pointee.relativeAngle + bodyB.pointee.turned - bodyA.pointee.turned
    }

    /// Keeps the relative angle at the reference: C = angle, Cdot = wB - wA, k = iA + iB.
    static func solveAngle(_ j: UnsafeMutablePointer<JointConstraint>, _ bodyA: UnsafeMutablePointer<SolverBody>,
                           _ bodyB: UnsafeMutablePointer<SolverBody>, jointSoftness: Softness, useBias: Bool) {
        let iA = j.pointee.invIA, iB = j.pointee.invIB
        let k = iA + iB
        if k <= 0 { return }
        var bias = 0.0, massScale = 1.0, impulseScale = 0.0
        if useBias {
            bias = jointSoftness.biasRate * angle(j, bodyA, bodyB)
            massScale = jointSoftness.massScale
            impulseScale = jointSoftness.impulseScale
        }
        let cdot = bodyB.pointee.w - bodyA.pointee.w
        let impulse = -massScale * (cdot + bias) / k - impulseScale * j.pointee.angularImpulse
        j.pointee.angularImpulse += impulse
        bodyA.pointee.w -= iA * impulse
        bodyB.pointee.w += iB * impulse
    }

    /// The fixed attachment as one 3 x 3 block (the point and the angle at once, as Box2D v2.4's
    /// weld joint solved it): C = (d, angle), Cdot = (vr, wB - wA), K the 3 x 3 effective mass.
    /// Solving the two parts one after the other (Gauss-Seidel) converges slowly when the
    /// anchor is far from the items, since then turning an item is the cheapest way to move its
    /// anchor and the angle row undoes it: at long lever arms and high speeds the two parts
    /// fight until the motion runs away. The block solves both exactly in one pass. Returns
    /// false, doing nothing, when K is singular (both items keep their rotation), so that the
    /// caller solves the parts separately.
    static func solveFixedBlock(_ j: UnsafeMutablePointer<JointConstraint>, _ bodyA: UnsafeMutablePointer<SolverBody>,
                                _ bodyB: UnsafeMutablePointer<SolverBody>, jointSoftness: Softness, useBias: Bool) -> Bool {
        let mA = j.pointee.invMassA, iA = j.pointee.invIA
        let mB = j.pointee.invMassB, iB = j.pointee.invIB
        let k33 = iA + iB
        if k33 <= 0 { return false }
        let (rA, rB, d) = geometry(j, bodyA, bodyB)
        let k11 = mA + mB + iA * rA.y * rA.y + iB * rB.y * rB.y
        let k12 = -iA * rA.x * rA.y - iB * rB.x * rB.y
        let k13 = -iA * rA.y - iB * rB.y
        let k22 = mA + mB + iA * rA.x * rA.x + iB * rB.x * rB.x
        let k23 = iA * rA.x + iB * rB.x
        // cofactors of the symmetric K, and its determinant along the first row
        let c11 = k22 * k33 - k23 * k23
        let c12 = k13 * k23 - k12 * k33
        let c13 = k12 * k23 - k13 * k22
        let det = k11 * c11 + k12 * c12 + k13 * c13
        // a relative threshold: K is positive semi-definite, so det >= 0 up to rounding
        let scale = k11 * k22 * k33
        if !(det > 1e-12 * scale) { return false }
        let c22 = k11 * k33 - k13 * k13
        let c23 = k12 * k13 - k11 * k23
        let c33 = k11 * k22 - k12 * k12
        var bias = SIMD3<Double>(0, 0, 0), massScale = 1.0, impulseScale = 0.0
        if useBias {
            bias = jointSoftness.biasRate * SIMD3(d.x, d.y, angle(j, bodyA, bodyB))
            massScale = jointSoftness.massScale
            impulseScale = jointSoftness.impulseScale
        }
        let vr = bodyB.pointee.v + cross(bodyB.pointee.w, rB) - bodyA.pointee.v - cross(bodyA.pointee.w, rA)
            - j.pointee.anchorVelocity
        let r = SIMD3(vr.x, vr.y, bodyB.pointee.w - bodyA.pointee.w) + bias
        let solved = SIMD3(c11 * r.x + c12 * r.y + c13 * r.z,
                           c12 * r.x + c22 * r.y + c23 * r.z,
                           c13 * r.x + c23 * r.y + c33 * r.z) / det
        let old = SIMD3(j.pointee.linearImpulse.x, j.pointee.linearImpulse.y, j.pointee.angularImpulse)
        let impulse = -massScale * solved - impulseScale * old
        j.pointee.linearImpulse += Vec2(impulse.x, impulse.y)
        j.pointee.angularImpulse += impulse.z
        apply(Vec2(impulse.x, impulse.y), impulse.z, rA, rB, j, bodyA, bodyB)
        return true
    }

    /// `solvePoint` of a joint whose arms are fixed for the step (`fixArms`), as `solveFixed`
    /// solves its row, with the bound of a bounded pull.
    @inline(__always)
    static func solvePointFixed(_ j: UnsafeMutablePointer<JointConstraint>, _ bodyA: UnsafeMutablePointer<SolverBody>,
                                _ bodyB: UnsafeMutablePointer<SolverBody>, jointSoftness: Softness, useBias: Bool) {
        let mA = j.pointee.invMassA, mB = j.pointee.invMassB
        var bias = Vec2.zero, massScale = 1.0, impulseScale = 0.0
        if let s = rowSoftness(j, jointSoftness, useBias: useBias) {
            bias = s.biasRate * fixedSeparation(j, bodyA, bodyB)
            massScale = s.massScale
            impulseScale = s.impulseScale
        }
        let vr = bodyB.pointee.v - bodyA.pointee.v - j.pointee.anchorVelocity
        guard let solved = JointSolver.pointSolveFixed(mA + mB, vr + bias) else { return }
        let impulse = boundedPull(j, -massScale * solved - impulseScale * j.pointee.linearImpulse)
        j.pointee.linearImpulse += impulse
        bodyA.pointee.v -= mA * impulse
        bodyB.pointee.v += mB * impulse
    }

    /// Holds the two attachment points together in 2D: C = d, K the 2 x 2 effective mass
    /// (mA + mB) I + iA [rA.y^2, -rA.x rA.y; ., rA.x^2] + iB [...]. A spring is always soft with its
    /// own stiffness; otherwise the joint softness applies while biased and it is rigid while
    /// relaxing. The velocity of a moving anchor is the target.
    @inline(__always)
    static func solvePoint(_ j: UnsafeMutablePointer<JointConstraint>, _ bodyA: UnsafeMutablePointer<SolverBody>,
                           _ bodyB: UnsafeMutablePointer<SolverBody>, jointSoftness: Softness, useBias: Bool) {
        let mA = j.pointee.invMassA, iA = j.pointee.invIA
        let mB = j.pointee.invMassB, iB = j.pointee.invIB
        let (rA, rB, d) = geometry(j, bodyA, bodyB)
        var bias = Vec2.zero, massScale = 1.0, impulseScale = 0.0
        if let s = rowSoftness(j, jointSoftness, useBias: useBias) {
            bias = s.biasRate * d
            massScale = s.massScale
            impulseScale = s.impulseScale
        }
        let vr = bodyB.pointee.v + cross(bodyB.pointee.w, rB) - bodyA.pointee.v - cross(bodyA.pointee.w, rA)
            - j.pointee.anchorVelocity
        guard let solved = JointSolver.pointSolve(mA, iA, mB, iB, rA, rB, vr + bias) else { return }
        let impulse = boundedPull(j, -massScale * solved - impulseScale * j.pointee.linearImpulse)
        j.pointee.linearImpulse += impulse
        apply(impulse, 0, rA, rB, j, bodyA, bodyB)
    }

    /// A point joint's impulse of this pass, kept so that its accumulated impulse stays within
    /// the disc of radius max force x h when it has a bound (a bounded pull, Box2D's mouse joint).
    @inline(__always)
    static func boundedPull(_ j: UnsafeMutablePointer<JointConstraint>, _ impulse: Vec2) -> Vec2 {
        let maxImpulse = j.pointee.maxLinearImpulse
        guard maxImpulse < .infinity else { return impulse }
        let old = j.pointee.linearImpulse
        var total = old + impulse
        let size = length(total)
        if size > maxImpulse { total = total * (maxImpulse / size) }
        return total - old
    }

    /// Rope: C = |d| - L may not exceed 0. Slack is speculative (closing it within the sub-step
    /// is allowed, no more); the accumulated impulse only pulls (<= 0).
    static func solveRope(_ j: UnsafeMutablePointer<JointConstraint>, _ bodyA: UnsafeMutablePointer<SolverBody>,
                          _ bodyB: UnsafeMutablePointer<SolverBody>, jointSoftness: Softness, useBias: Bool,
                          inverseSubstep invH: Double) {
        let (rA, rB, d) = geometry(j, bodyA, bodyB)
        guard let (u, k, C) = axialRow(j, rA, rB, d) else { return }
        var bias = 0.0, massScale = 1.0, impulseScale = 0.0
        if C < 0 {
            bias = C * invH
        } else if useBias {
            bias = jointSoftness.biasRate * C
            massScale = jointSoftness.massScale
            impulseScale = jointSoftness.impulseScale
        }
        let vr = bodyB.pointee.v + cross(bodyB.pointee.w, rB) - bodyA.pointee.v - cross(bodyA.pointee.w, rA)
        let old = j.pointee.axialImpulse
        let impulse = -massScale * (dot(u, vr) + bias) / k - impulseScale * old
        let updated = min(old + impulse, 0)
        j.pointee.axialImpulse = updated
        apply((updated - old) * u, 0, rA, rB, j, bodyA, bodyB)
    }

    /// Pin limits on the relative angle: lower (C = angle - lower >= 0) and upper (C = upper - angle
    /// >= 0), each a one-sided constraint, speculative while inside the range.
    static func solveAngleLimits(_ j: UnsafeMutablePointer<JointConstraint>, _ bodyA: UnsafeMutablePointer<SolverBody>,
                                 _ bodyB: UnsafeMutablePointer<SolverBody>, jointSoftness: Softness, useBias: Bool,
                                 inverseSubstep invH: Double) {
        let iA = j.pointee.invIA, iB = j.pointee.invIB
        let k = iA + iB
        if k <= 0 { return }
        let theta = angle(j, bodyA, bodyB)
        if j.pointee.lower > -Double.infinity {
            let C = theta - j.pointee.lower
            var bias = 0.0, massScale = 1.0, impulseScale = 0.0
            if C > 0 { bias = C * invH } else if useBias {
                bias = jointSoftness.biasRate * C
                massScale = jointSoftness.massScale
                impulseScale = jointSoftness.impulseScale
            }
            let cdot = bodyB.pointee.w - bodyA.pointee.w
            let old = j.pointee.lowerImpulse
            let updated = max(old - massScale * (cdot + bias) / k - impulseScale * old, 0)
            j.pointee.lowerImpulse = updated
            bodyA.pointee.w -= iA * (updated - old)
            bodyB.pointee.w += iB * (updated - old)
        }
        if j.pointee.upper < Double.infinity {
            let C = j.pointee.upper - theta
            var bias = 0.0, massScale = 1.0, impulseScale = 0.0
            if C > 0 { bias = C * invH } else if useBias {
                bias = jointSoftness.biasRate * C
                massScale = jointSoftness.massScale
                impulseScale = jointSoftness.impulseScale
            }
            let cdot = bodyA.pointee.w - bodyB.pointee.w
            let old = j.pointee.upperImpulse
            let updated = max(old - massScale * (cdot + bias) / k - impulseScale * old, 0)
            j.pointee.upperImpulse = updated
            bodyA.pointee.w += iA * (updated - old)
            bodyB.pointee.w -= iB * (updated - old)
        }
    }

    /// The sliding frame: the axis turned with body A, its perpendicular, and the lever terms
    /// a1 = (d + rA) x n, a2 = rB x n of a point-on-line constraint along n.
    @inline(__always)
    static func slidingFrame(_ j: UnsafeMutablePointer<JointConstraint>, _ bodyA: UnsafeMutablePointer<SolverBody>)
        -> (axis: Vec2, perp: Vec2) {
        let axis = bodyA.pointee.dq.rotate(j.pointee.axis)
        return (axis, Vec2(-axis.y, axis.x))
    }

    static func warmStartSliding(_ j: UnsafeMutablePointer<JointConstraint>, _ bodyA: UnsafeMutablePointer<SolverBody>,
                                 _ bodyB: UnsafeMutablePointer<SolverBody>, _ rA: Vec2, _ rB: Vec2, _ d: Vec2) {
        let (axis, perp) = slidingFrame(j, bodyA)
        let axial = j.pointee.lowerImpulse - j.pointee.upperImpulse
        let P = j.pointee.perpendicularImpulse * perp + axial * axis
        let LA = j.pointee.perpendicularImpulse * cross(d + rA, perp) + axial * cross(d + rA, axis) + j.pointee.angularImpulse
        let LB = j.pointee.perpendicularImpulse * cross(rB, perp) + axial * cross(rB, axis) + j.pointee.angularImpulse
        bodyA.pointee.v -= j.pointee.invMassA * P
        bodyA.pointee.w -= j.pointee.invIA * LA
        bodyB.pointee.v += j.pointee.invMassB * P
        bodyB.pointee.w += j.pointee.invIB * LB
    }

    /// Sliding: no relative turning (solveAngle), no motion across the axis
    /// (C = n . d with n the axis' perpendicular), and the range along the axis.
    static func solveSliding(_ j: UnsafeMutablePointer<JointConstraint>, _ bodyA: UnsafeMutablePointer<SolverBody>,
                             _ bodyB: UnsafeMutablePointer<SolverBody>, jointSoftness: Softness, useBias: Bool,
                             inverseSubstep invH: Double) {
        solveAngle(j, bodyA, bodyB, jointSoftness: jointSoftness, useBias: useBias)
        let mA = j.pointee.invMassA, iA = j.pointee.invIA
        let mB = j.pointee.invMassB, iB = j.pointee.invIB
        let (rA, rB, d) = geometry(j, bodyA, bodyB)
        let (axis, perp) = slidingFrame(j, bodyA)

        // one-sided or across-the-axis constraint along direction n with lever terms
        func row(_ n: Vec2, _ C: Double, _ impulse: inout Double, lowerBound: Double?) {
            let a1 = cross(d + rA, n), a2 = cross(rB, n)
            let k = mA + mB + iA * a1 * a1 + iB * a2 * a2
            if k <= 0 { return }
            var bias = 0.0, massScale = 1.0, impulseScale = 0.0
            if lowerBound != nil && C > 0 { bias = C * invH } else if useBias {
                bias = jointSoftness.biasRate * C
                massScale = jointSoftness.massScale
                impulseScale = jointSoftness.impulseScale
            }
            let cdot = dot(n, bodyB.pointee.v - bodyA.pointee.v) + a2 * bodyB.pointee.w - a1 * bodyA.pointee.w
            let old = impulse
            var updated = old - massScale * (cdot + bias) / k - impulseScale * old
            if let lowerBound { updated = max(updated, lowerBound) }
            impulse = updated
            let delta = updated - old
            bodyA.pointee.v -= mA * delta * n
            bodyA.pointee.w -= iA * delta * a1
            bodyB.pointee.v += mB * delta * n
            bodyB.pointee.w += iB * delta * a2
        }
        row(perp, dot(perp, d), &j.pointee.perpendicularImpulse, lowerBound: nil)
        let s = dot(axis, d)
        if j.pointee.lower > -Double.infinity { row(axis, s - j.pointee.lower, &j.pointee.lowerImpulse, lowerBound: 0) }
        if j.pointee.upper < Double.infinity { row(-axis, j.pointee.upper - s, &j.pointee.upperImpulse, lowerBound: 0) }
    }
}
