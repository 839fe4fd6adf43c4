/// The limit attachment (UIKit's limitAttachment), after Box2D's distance joint with only its
/// upper limit: a rope that pulls when taut and lets go when slack.

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
    }
}
