/// The distance attachments (UIKit's attachments to an anchor or between two items, with a
/// length): a rigid rod or, with a frequency, a soft spring, solved along the axis between the
/// two points (after Box2D's distance joint in the soft step).
extension JointSolver {
    /// The axial row of a distance joint or rope, from its geometry: the axis u = d / |d|, the
    /// effective mass k = mA + mB + iA (rA x u)^2 + iB (rB x u)^2 and C = |d| - length; nil when
    /// the points coincide or nothing can move along the axis.
    @inline(__always)
    static func axialRow(_ j: UnsafeMutablePointer<JointConstraint>, _ rA: Vec2, _ rB: Vec2, _ d: Vec2)
        -> (u: Vec2, k: Double, C: Double)? {
        let len = length(d)
        if len < 1e-9 { return nil }
        let u = d / len
        let crA = cross(rA, u), crB = cross(rB, u)
        let k = j.pointee.invMassA + j.pointee.invMassB + j.pointee.invIA * crA * crA + j.pointee.invIB * crB * crB
        if k <= 0 { return nil }
        return (u, k, len - j.pointee.length)
    }

    /// The axial row of a rod or spring: C = |d| - length along u, its softness the spring's own
    /// (`rowSoftness`), its accumulated impulse within +/- max force x h when bounded.
    @inline(__always)
    static func solveDistance(_ j: UnsafeMutablePointer<JointConstraint>, _ bodyA: UnsafeMutablePointer<SolverBody>,
                              _ bodyB: UnsafeMutablePointer<SolverBody>, _ rA: Vec2, _ rB: Vec2, _ d: Vec2,
                              jointSoftness: Softness, useBias: Bool) {
        guard let (u, kAxial, C) = axialRow(j, rA, rB, d) else { return }
        var bias = 0.0, massScale = 1.0, impulseScale = 0.0
        if let s = rowSoftness(j, jointSoftness, useBias: useBias) {
            bias = s.biasRate * C
            massScale = s.massScale
            impulseScale = s.impulseScale
        }
        let vr = bodyB.pointee.v + cross(bodyB.pointee.w, rB) - bodyA.pointee.v - cross(bodyA.pointee.w, rA)
            - j.pointee.anchorVelocity
        let cdot = dot(u, vr)
        var impulse = -massScale * (cdot + bias) / kAxial - impulseScale * j.pointee.axialImpulse
        let maxImpulse = j.pointee.maxLinearImpulse
        if maxImpulse < .infinity {
            // a bounded rod or spring: the accumulated impulse stays within +/- max force x h
            let old = j.pointee.axialImpulse
            impulse = min(max(old + impulse, -maxImpulse), maxImpulse) - old
        }
        j.pointee.axialImpulse += impulse
        apply(impulse * u, 0, rA, rB, j, bodyA, bodyB)
    }
}
