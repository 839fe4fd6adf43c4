/// The fixed attachment (UIKit's fixedAttachment), after Box2D's weld joint in the soft step: the
/// relative angle's row, and the point and angle solved as one 3 x 3 block.

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
}
