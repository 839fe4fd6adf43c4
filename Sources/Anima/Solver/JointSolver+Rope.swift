/// The limit attachment (UIKit's limitAttachment), after Box2D's distance joint with its limits:
/// a rope that pulls when taut, lets go when slack and, with a minimum length, pushes back when
/// the points come closer than that.

extension JointSolver {
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
        // the minimum length (Box2D's distance joint's lower limit): C = |d| - min may not fall
        // below 0; speculative while longer, the accumulated impulse only pushes (>= 0)
        let shortest = j.pointee.lower
        if shortest > 0 {
            let Cmin = C + j.pointee.length - shortest
            var bias = 0.0, massScale = 1.0, impulseScale = 0.0
            if Cmin > 0 {
                bias = Cmin * invH
            } else if useBias {
                bias = jointSoftness.biasRate * Cmin
                massScale = jointSoftness.massScale
                impulseScale = jointSoftness.impulseScale
            }
            let vr = bodyB.pointee.v + cross(bodyB.pointee.w, rB) - bodyA.pointee.v - cross(bodyA.pointee.w, rA)
            let oldLower = j.pointee.lowerImpulse
            let pushed = max(oldLower - massScale * (dot(u, vr) + bias) / k - impulseScale * oldLower, 0)
            j.pointee.lowerImpulse = pushed
            apply((pushed - oldLower) * u, 0, rA, rB, j, bodyA, bodyB)
        }
    }
}
