/// The sliding attachment (UIKit's slidingAttachment), after Box2D's prismatic joint: the axis
/// frame, the perpendicular row, the angle held and the translation range.

extension JointSolver {
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
        let axial = j.pointee.lowerImpulse - j.pointee.upperImpulse + j.pointee.motorImpulse + j.pointee.springImpulse
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
        let s = dot(axis, d)
        // Box2D v3's prismatic order: the spring and the motor along the axis, then the limits
        // and the rows across it
        if j.pointee.hasJointSpring || j.pointee.maxMotorImpulse > 0 {
            let a1 = cross(d + rA, axis), a2 = cross(rB, axis)
            let k = mA + mB + iA * a1 * a1 + iB * a2 * a2
            if k > 0 {
                func push(_ delta: Double) {
                    bodyA.pointee.v -= mA * delta * axis
                    bodyA.pointee.w -= iA * delta * a1
                    bodyB.pointee.v += mB * delta * axis
                    bodyB.pointee.w += iB * delta * a2
                }
                func cdot() -> Double {
                    dot(axis, bodyB.pointee.v - bodyA.pointee.v) + a2 * bodyB.pointee.w - a1 * bodyA.pointee.w
                }
                if j.pointee.hasJointSpring {
                    let sp = j.pointee.springSoftness
                    let impulse = -sp.massScale * (cdot() + sp.biasRate * (s - j.pointee.jointSpringRest)) / k
                        - sp.impulseScale * j.pointee.springImpulse
                    j.pointee.springImpulse += impulse
                    push(impulse)
                }
                let maxImpulse = j.pointee.maxMotorImpulse
                if maxImpulse > 0 {
                    let old = j.pointee.motorImpulse
                    let updated = min(max(old - (cdot() - j.pointee.motorSpeed) / k, -maxImpulse), maxImpulse)
                    j.pointee.motorImpulse = updated
                    push(updated - old)
                }
            }
        }
        row(perp, dot(perp, d), &j.pointee.perpendicularImpulse, lowerBound: nil)
        if j.pointee.lower > -Double.infinity { row(axis, s - j.pointee.lower, &j.pointee.lowerImpulse, lowerBound: 0) }
        if j.pointee.upper < Double.infinity { row(-axis, j.pointee.upper - s, &j.pointee.upperImpulse, lowerBound: 0) }
    }
}
