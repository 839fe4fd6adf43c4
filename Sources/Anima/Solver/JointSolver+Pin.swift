/// The point row of pins and point attachments (after Box2D's revolute joint), its force bound,
/// and a pin's angle limits.

extension JointSolver {
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

    /// A pin's spring and motor on the relative angle theta (B - A, from the pose at creation),
    /// with k = iA + iB (Box2D v3's revolute joint). The spring: C = theta - rest, soft with its
    /// own frequency and damping in every pass. The motor: Cdot = wB - wA - speed, rigid, its
    /// accumulated impulse held within +/- max motor force x h.
    static func solvePinDrive(_ j: UnsafeMutablePointer<JointConstraint>, _ bodyA: UnsafeMutablePointer<SolverBody>,
                              _ bodyB: UnsafeMutablePointer<SolverBody>) {
        let iA = j.pointee.invIA, iB = j.pointee.invIB
        let k = iA + iB
        if k <= 0 { return }
        if j.pointee.hasJointSpring {
            let sp = j.pointee.springSoftness
            let C = angle(j, bodyA, bodyB) - j.pointee.jointSpringRest
            let cdot = bodyB.pointee.w - bodyA.pointee.w
            let impulse = -sp.massScale * (cdot + sp.biasRate * C) / k - sp.impulseScale * j.pointee.springImpulse
            j.pointee.springImpulse += impulse
            bodyA.pointee.w -= iA * impulse
            bodyB.pointee.w += iB * impulse
        }
        let maxImpulse = j.pointee.maxMotorImpulse
        if maxImpulse > 0 {
            let cdot = bodyB.pointee.w - bodyA.pointee.w - j.pointee.motorSpeed
            let old = j.pointee.motorImpulse
            let updated = min(max(old - cdot / k, -maxImpulse), maxImpulse)
            j.pointee.motorImpulse = updated
            bodyA.pointee.w -= iA * (updated - old)
            bodyB.pointee.w += iB * (updated - old)
        }
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
}
