/// The state of one body during a step, 64 bytes: velocity, the rotation and translation since
/// the start of the step (they give the current contact separation), and the exact angle turned.
struct SolverBody {
    var v: Vec2
    var w: Double
    var turned: Double
    var dp: Vec2
    var dq: Rotation

    static let atRest = SolverBody(v: .zero, w: 0, turned: 0, dp: .zero, dq: .identity)
}

/// Per-step constants of a moving body: gravity, the pushes' force and torque with the inverse
/// mass and inertia they act through, and the damping factors 1 / (1 + h c).
struct BodyParams {
    var gravity: Vec2
    var linearDamping: Double
    var angularDamping: Double
    var locksRotation: Bool
    var force = Vec2.zero
    var torque = 0.0
    var invMass = 0.0
    var invInertia = 0.0
}

/// One point of a contact constraint. Anchors are fixed for the whole step (relative to the
/// body centres at the start of the step); the current separation is tracked from the bodies'
/// motion since then:
///   s = baseSeparation + n . (dpB - dpA + dqB rB - dqA rA),
///   baseSeparation = s0 - n . (rB - rA).
/// Stored in single precision (44 bytes) to halve the solver's memory traffic; all arithmetic
/// is done in double precision through the accessors.
struct ConstraintPoint {
    private var ax: Float = 0, ay: Float = 0, bx: Float = 0, by: Float = 0
    private var base: Float = 0
    private var lambdaN: Float = 0, lambdaT: Float = 0, total: Float = 0
    private var massN: Float = 0, massT: Float = 0
    private var approach: Float = 0

    var anchorA: Vec2 {
        @inline(__always) get { Vec2(Double(ax), Double(ay)) }
        @inline(__always) set { ax = Float(newValue.x); ay = Float(newValue.y) }
    }
    var anchorB: Vec2 {
        @inline(__always) get { Vec2(Double(bx), Double(by)) }
        @inline(__always) set { bx = Float(newValue.x); by = Float(newValue.y) }
    }
    var baseSeparation: Double {
        @inline(__always) get { Double(base) }
        @inline(__always) set { base = Float(newValue) }
    }
    var normalImpulse: Double {
        @inline(__always) get { Double(lambdaN) }
        @inline(__always) set { lambdaN = Float(newValue) }
    }
    var tangentImpulse: Double {
        @inline(__always) get { Double(lambdaT) }
        @inline(__always) set { lambdaT = Float(newValue) }
    }
    var totalNormalImpulse: Double {
        @inline(__always) get { Double(total) }
        @inline(__always) set { total = Float(newValue) }
    }
    var normalMass: Double {
        @inline(__always) get { Double(massN) }
        @inline(__always) set { massN = Float(newValue) }
    }
    var tangentMass: Double {
        @inline(__always) get { Double(massT) }
        @inline(__always) set { massT = Float(newValue) }
    }
    /// Normal relative velocity at impact, for restitution.
    var relativeVelocity: Double {
        @inline(__always) get { Double(approach) }
        @inline(__always) set { approach = Float(newValue) }
    }
}

/// A contact constraint between solver bodies a and b (index 0 is the static body: boundaries).
/// Its points are `points[2 * i]` and `points[2 * i + 1]`. Single-precision storage, double
/// precision arithmetic, as for the points.
struct ContactConstraint {
    var a: Int32
    var b: Int32
    var pointCount: Int32
    var contactIndex: Int32
    private var nx: Float, ny: Float
    private var mu: Float, e: Float
    private var mA: Float, iA: Float, mB: Float, iB: Float
    private var softBias: Float, softMass: Float, softImpulse: Float
    /// The 2 x 2 effective mass of a two-point manifold (k11, k12, k22), kept when it is well
    /// conditioned enough (k11^2 < 1000 det K, as Box2D 2.x) to solve both normal impulses together.
    private var c11: Float = 0, c12: Float = 0, c22: Float = 0, invDet: Float = 0
    var blockSolve = false
    private var boost: Float = 0
    private var hardSpeed: Float = .infinity

    /// Speed (pt/s) above which an overlapping point is held rigidly instead of softly: when it
    /// approaches faster, or carries an accumulated impulse worth more than this speed (lambda k).
    /// Infinite between items; the push-out speed against boundaries and anchored items, so that
    /// resting on them stays soft (stable stacks) while anything driving an item into them (a rod,
    /// a hard push, a fast fall) is held at once: a soft contact under a large load would leak
    /// impulseScale x lambda every sub-step and let the item sink through.
    var hardApproach: Double {
        @inline(__always) get { Double(hardSpeed) }
        @inline(__always) set { hardSpeed = Float(newValue) }
    }

    init(a: Int32, b: Int32, pointCount: Int32, contactIndex: Int32, normal: Vec2, friction: Double, restitution: Double,
         invMassA: Double, invIA: Double, invMassB: Double, invIB: Double, softness: Softness) {
        self.a = a
        self.b = b
        self.pointCount = pointCount
        self.contactIndex = contactIndex
        nx = Float(normal.x)
        ny = Float(normal.y)
        mu = Float(friction)
        e = Float(restitution)
        mA = Float(invMassA)
        iA = Float(invIA)
        mB = Float(invMassB)
        iB = Float(invIB)
        softBias = Float(softness.biasRate)
        softMass = Float(softness.massScale)
        softImpulse = Float(softness.impulseScale)
    }

    var normal: Vec2 { @inline(__always) get { Vec2(Double(nx), Double(ny)) } }
    var friction: Double { @inline(__always) get { Double(mu) } }
    var restitution: Double { @inline(__always) get { Double(e) } }
    var invMassA: Double { @inline(__always) get { Double(mA) } }
    var invIA: Double { @inline(__always) get { Double(iA) } }
    var invMassB: Double { @inline(__always) get { Double(mB) } }
    var invIB: Double { @inline(__always) get { Double(iB) } }
    var softness: Softness {
        @inline(__always) get { Softness(biasRate: Double(softBias), massScale: Double(softMass), impulseScale: Double(softImpulse)) }
    }
    var k11: Double {
        @inline(__always) get { Double(c11) }
        @inline(__always) set { c11 = Float(newValue) }
    }
    var k12: Double {
        @inline(__always) get { Double(c12) }
        @inline(__always) set { c12 = Float(newValue) }
    }
    var k22: Double {
        @inline(__always) get { Double(c22) }
        @inline(__always) set { c22 = Float(newValue) }
    }
    /// 1 / (k11 k22 - k12^2).
    var inverseDeterminant: Double {
        @inline(__always) get { Double(invDet) }
        @inline(__always) set { invDet = Float(newValue) }
    }
    /// Extra rebound speed (1 + e) a h / 2 that undoes the semi-implicit Euler bias under a
    /// constant acceleration a into the contact: a flight integrated that way starts as if
    /// a h / 2 slower and lands a h / 2 slower than the exact parabola, so without it each
    /// bounce of an elastic ball would lose a h of speed.
    var reboundBoost: Double {
        @inline(__always) get { Double(boost) }
        @inline(__always) set { boost = Float(newValue) }
    }
}

/// The soft-step contact solver (Catto 2024, as in Box2D v3): per sub-step, warm start with the
/// accumulated impulses, solve with a soft bias that removes overlap, integrate positions, then
/// relax without bias; after the sub-steps, one restitution pass.
enum ContactSolver {
    /// Applies the accumulated impulses P = lambda_n n + lambda_t t:
    /// vA -= mA P, wA -= iA rA x P; vB += mB P, wB += iB rB x P.
    static func warmStart(_ cs: UnsafeMutablePointer<ContactConstraint>, _ count: Int,
                          _ points: UnsafeMutablePointer<ConstraintPoint>, _ bodies: UnsafeMutablePointer<SolverBody>) {
        for ci in 0..<count { warmStartOne(ci, cs, points, bodies) }
    }

    /// The warm start of the listed constraints only (those the wide solver leaves over).
    static func warmStart(_ cs: UnsafeMutablePointer<ContactConstraint>, only list: UnsafeBufferPointer<Int32>,
                          _ points: UnsafeMutablePointer<ConstraintPoint>, _ bodies: UnsafeMutablePointer<SolverBody>) {
        for ci in list { warmStartOne(Int(ci), cs, points, bodies) }
    }

    @inline(__always)
    static func warmStartOne(_ ci: Int, _ cs: UnsafeMutablePointer<ContactConstraint>,
                             _ points: UnsafeMutablePointer<ConstraintPoint>, _ bodies: UnsafeMutablePointer<SolverBody>) {
        do {
            let c = cs + ci
            let bodyA = bodies + Int(c.pointee.a)
            let bodyB = bodies + Int(c.pointee.b)
            var vA = bodyA.pointee.v, wA = bodyA.pointee.w
            var vB = bodyB.pointee.v, wB = bodyB.pointee.w
            let mA = c.pointee.invMassA, iA = c.pointee.invIA
            let mB = c.pointee.invMassB, iB = c.pointee.invIB
            let n = c.pointee.normal
            let t = rightPerp(n)
            for j in 0..<Int(c.pointee.pointCount) {
                let cp = points + (2 * ci + j)
                let P = cp.pointee.normalImpulse * n + cp.pointee.tangentImpulse * t
                cp.pointee.totalNormalImpulse += cp.pointee.normalImpulse
                wA -= iA * cross(cp.pointee.anchorA, P)
                vA -= mA * P
                wB += iB * cross(cp.pointee.anchorB, P)
                vB += mB * P
            }
            bodyA.pointee.v = vA
            bodyA.pointee.w = wA
            bodyB.pointee.v = vB
            bodyB.pointee.w = wB
        }
    }

    /// Normal then friction impulses. With useBias, overlap s < 0 is removed softly:
    ///   impulse = -m_n (massScale vn + massScale biasRate s) - impulseScale lambda,
    /// the bias limited to the push-out speed; a speculative gap s > 0 allows approach up to s / h.
    /// Friction clamps |lambda_t| <= mu lambda_n (Coulomb).
    static func solve(_ cs: UnsafeMutablePointer<ContactConstraint>, _ count: Int,
                      _ points: UnsafeMutablePointer<ConstraintPoint>, _ bodies: UnsafeMutablePointer<SolverBody>,
                      inverseSubstep invH: Double, useBias: Bool) {
        for ci in 0..<count { solveOne(ci, cs, points, bodies, inverseSubstep: invH, useBias: useBias) }
    }

    /// The solve of the listed constraints only (those the wide solver leaves over).
    static func solve(_ cs: UnsafeMutablePointer<ContactConstraint>, only list: UnsafeBufferPointer<Int32>,
                      _ points: UnsafeMutablePointer<ConstraintPoint>, _ bodies: UnsafeMutablePointer<SolverBody>,
                      inverseSubstep invH: Double, useBias: Bool) {
        for ci in list { solveOne(Int(ci), cs, points, bodies, inverseSubstep: invH, useBias: useBias) }
    }

    @inline(__always)
    static func solveOne(_ ci: Int, _ cs: UnsafeMutablePointer<ContactConstraint>,
                         _ points: UnsafeMutablePointer<ConstraintPoint>, _ bodies: UnsafeMutablePointer<SolverBody>,
                         inverseSubstep invH: Double, useBias: Bool) {
        let maxPush = Tolerances.maxPushOutSpeed
        do {
            let c = cs + ci
            let bodyA = bodies + Int(c.pointee.a)
            let bodyB = bodies + Int(c.pointee.b)
            var vA = bodyA.pointee.v, wA = bodyA.pointee.w
            var vB = bodyB.pointee.v, wB = bodyB.pointee.w
            let dqA = bodyA.pointee.dq, dqB = bodyB.pointee.dq
            let dp = bodyB.pointee.dp - bodyA.pointee.dp
            let mA = c.pointee.invMassA, iA = c.pointee.invIA
            let mB = c.pointee.invMassB, iB = c.pointee.invIB
            let n = c.pointee.normal
            let t = rightPerp(n)
            let softness = c.pointee.softness
            let hard = c.pointee.hardApproach
            let pointCount = Int(c.pointee.pointCount)
            if pointCount == 2 && c.pointee.blockSolve {
                // both normal impulses at once (a 2 x 2 complementarity problem), so a flat face
                // landing square gets equal impulses at both corners and does not start to turn
                let p0 = points + 2 * ci, p1 = points + (2 * ci + 1)
                var ms0 = 1.0, b0 = 0.0
                var ms1 = 1.0, b1 = 0.0
                let rA0 = p0.pointee.anchorA, rB0 = p0.pointee.anchorB
                let rA1 = p1.pointee.anchorA, rB1 = p1.pointee.anchorB
                let s0 = p0.pointee.baseSeparation + dot(dp + dqB.rotate(rB0) - dqA.rotate(rA0), n)
                let s1 = p1.pointee.baseSeparation + dot(dp + dqB.rotate(rB1) - dqA.rotate(rA1), n)
                let vn0 = dot(vB + cross(wB, rB0) - vA - cross(wA, rA0), n)
                let vn1 = dot(vB + cross(wB, rB1) - vA - cross(wA, rA1), n)
                let l0 = p0.pointee.normalImpulse, l1 = p1.pointee.normalImpulse
                if s0 > 0 { b0 = s0 * invH } else if useBias {
                    b0 = max(softness.massScale * softness.biasRate * s0, -maxPush)
                    if vn0 >= -hard && l0 <= 10 * hard * p0.pointee.normalMass {
                        ms0 = softness.massScale
                    }
                }
                if s1 > 0 { b1 = s1 * invH } else if useBias {
                    b1 = max(softness.massScale * softness.biasRate * s1, -maxPush)
                    if vn1 >= -hard && l1 <= 10 * hard * p1.pointee.normalMass {
                        ms1 = softness.massScale
                    }
                }
                let k11 = c.pointee.k11, k12 = c.pointee.k12, k22 = c.pointee.k22
                // the impulses the single-point soft updates reach when repeated until neither
                // changes (twoPointImpulses): ms_i (vn_i + (K (x - lambda))_i) + b_i + is_i k_ii x_i = 0
                let q0 = ms0 * (vn0 - (k11 * l0 + k12 * l1)) + b0
                let q1 = ms1 * (vn1 - (k12 * l0 + k22 * l1)) + b1
                let (d0, d1) = solveTwoPoints(c, p0, p1, q0, q1, massScales: (ms0, ms1))
                let P0 = d0 * n, P1 = d1 * n
                vA -= mA * (P0 + P1)
                wA -= iA * (cross(rA0, P0) + cross(rA1, P1))
                vB += mB * (P0 + P1)
                wB += iB * (cross(rB0, P0) + cross(rB1, P1))
            } else {
                for j in 0..<pointCount {
                    let cp = points + (2 * ci + j)
                    let rA = cp.pointee.anchorA, rB = cp.pointee.anchorB
                    let ds = dp + dqB.rotate(rB) - dqA.rotate(rA)
                    let s = cp.pointee.baseSeparation + dot(ds, n)
                    let vn = dot(vB + cross(wB, rB) - vA - cross(wA, rA), n)
                    var bias = 0.0
                    var massScale = 1.0
                    var impulseScale = 0.0
                    if s > 0 {
                        bias = s * invH
                    } else if useBias {
                        bias = max(softness.massScale * softness.biasRate * s, -maxPush)
                        if vn >= -hard && cp.pointee.normalImpulse <= 10 * hard * cp.pointee.normalMass {
                            massScale = softness.massScale
                            impulseScale = softness.impulseScale
                        }
                    }
                    let lambda = cp.pointee.normalImpulse
                    let impulse = -cp.pointee.normalMass * (massScale * vn + bias) - impulseScale * lambda
                    let newLambda = max(lambda + impulse, 0)
                    let applied = newLambda - lambda
                    cp.pointee.normalImpulse = newLambda
                    cp.pointee.totalNormalImpulse += applied
                    let P = applied * n
                    vA -= mA * P
                    wA -= iA * cross(rA, P)
                    vB += mB * P
                    wB += iB * cross(rB, P)
                }
            }
            let friction = c.pointee.friction
            for j in 0..<pointCount {
                let cp = points + (2 * ci + j)
                let rA = cp.pointee.anchorA, rB = cp.pointee.anchorB
                let vt = dot(vB + cross(wB, rB) - vA - cross(wA, rA), t)
                let lambda = cp.pointee.tangentImpulse
                let maxFriction = friction * cp.pointee.normalImpulse
                let newLambda = min(max(lambda - cp.pointee.tangentMass * vt, -maxFriction), maxFriction)
                let applied = newLambda - lambda
                cp.pointee.tangentImpulse = newLambda
                let P = applied * t
                vA -= mA * P
                wA -= iA * cross(rA, P)
                vB += mB * P
                wB += iB * cross(rB, P)
            }
            bodyA.pointee.v = vA
            bodyA.pointee.w = wA
            bodyB.pointee.v = vB
            bodyB.pointee.w = wB
        }
    }

    /// Sets the two normal impulses of a block-solved manifold to the x >= 0 with K x + q >= 0
    /// and x . (K x + q) = 0, and returns how much each changed.
    @inline(__always)
    static func solveTwoPoints(_ c: UnsafeMutablePointer<ContactConstraint>, _ p0: UnsafeMutablePointer<ConstraintPoint>,
                               _ p1: UnsafeMutablePointer<ConstraintPoint>, _ q0: Double, _ q1: Double,
                               massScales: (Double, Double) = (1, 1)) -> (Double, Double) {
        let (x0, x1) = twoPointImpulses(c, p0, p1, q0, q1, massScales: massScales)
        let d0 = x0 - p0.pointee.normalImpulse, d1 = x1 - p1.pointee.normalImpulse
        p0.pointee.normalImpulse = x0
        p1.pointee.normalImpulse = x1
        p0.pointee.totalNormalImpulse += d0
        p1.pointee.totalNormalImpulse += d1
        return (d0, d1)
    }

    /// The two normal impulses x >= 0 of a block-solved manifold with A x + q >= 0 and
    /// x . (A x + q) = 0 (a 2 x 2 linear complementarity problem, solved by trying its four
    /// cases in turn: both points pushing, the first alone, the second alone, neither).
    ///
    /// A = [k11, ms0 k12; ms1 k12, k22], with ms_i each point's mass scale (1 for a rigid point,
    /// in the relax pass and for restitution). Solving each point's soft update
    ///   x_i = lambda_i - m_i (ms_i vn_i + b_i) - is_i lambda_i
    /// again and again until neither changes reaches x with
    ///   ms_i (vn_i + (K (x - lambda))_i) + b_i + is_i k_ii x_i = 0,
    /// and since ms_i + is_i = 1 that is A x = ms (K lambda - vn) - b: the diagonal of K whole,
    /// its coupling scaled by the mass scale. So the pair is exactly as stiff as each point is
    /// alone, as Box2D v3 solves them. (Softening K itself, K (x - (1 - is) lambda) + ms vn + b
    /// = 0, made a pair whose points share their load, as in a stack of staggered boxes where
    /// k12 is large, softer than either point: the 100-row pyramid settled 127 pt, not 84.)
    @inline(__always)
    static func twoPointImpulses(_ c: UnsafeMutablePointer<ContactConstraint>, _ p0: UnsafeMutablePointer<ConstraintPoint>,
                                 _ p1: UnsafeMutablePointer<ConstraintPoint>, _ q0: Double, _ q1: Double,
                                 massScales: (Double, Double) = (1, 1)) -> (Double, Double) {
        let k11 = c.pointee.k11, k12 = c.pointee.k12, k22 = c.pointee.k22
        let a01 = massScales.0 * k12, a10 = massScales.1 * k12
        // A^-1 = [k22, -a01; -a10, k11] / det, with 1 / det of K kept from the prepare step
        let inv = massScales == (1, 1) ? c.pointee.inverseDeterminant : 1 / (k11 * k22 - a01 * a10)
        let both0 = -(k22 * q0 - a01 * q1) * inv
        let both1 = -(-a10 * q0 + k11 * q1) * inv
        if both0 >= 0 && both1 >= 0 { return (both0, both1) }
        let alone0 = -q0 * p0.pointee.normalMass   // normalMass = 1 / k11
        if alone0 >= 0 && a10 * alone0 + q1 >= 0 { return (alone0, 0) }
        let alone1 = -q1 * p1.pointee.normalMass   // normalMass = 1 / k22
        if alone1 >= 0 && a01 * alone1 + q0 >= 0 { return (0, alone1) }
        // otherwise q >= 0: both separate
        return (0, 0)
    }

    /// Restitution: for points that were approaching faster than the threshold and received an
    /// impulse, drive the normal velocity to -e x (approach velocity before the step).
    static func applyRestitution(_ cs: UnsafeMutablePointer<ContactConstraint>, _ count: Int,
                                 _ points: UnsafeMutablePointer<ConstraintPoint>, _ bodies: UnsafeMutablePointer<SolverBody>) {
        let threshold = Tolerances.restitutionThreshold
        for ci in 0..<count {
            let c = cs + ci
            let e = c.pointee.restitution
            if e == 0 { continue }
            let p0 = points + 2 * ci, p1 = points + (2 * ci + 1)
            @inline(__always) func bounces(_ cp: UnsafeMutablePointer<ConstraintPoint>) -> Bool {
                cp.pointee.relativeVelocity <= -threshold && cp.pointee.totalNormalImpulse != 0
            }
            // no point that bounces (most of a resting crowd's): its bodies are not read
            if !bounces(p0) && (c.pointee.pointCount < 2 || !bounces(p1)) { continue }
            let bodyA = bodies + Int(c.pointee.a)
            let bodyB = bodies + Int(c.pointee.b)
            var vA = bodyA.pointee.v, wA = bodyA.pointee.w
            var vB = bodyB.pointee.v, wB = bodyB.pointee.w
            let mA = c.pointee.invMassA, iA = c.pointee.invIA
            let mB = c.pointee.invMassB, iB = c.pointee.invIB
            let n = c.pointee.normal
            if c.pointee.pointCount == 2 && c.pointee.blockSolve && bounces(p0) && bounces(p1) {
                // a face that lands on a face: both rebound impulses at once, as in the solve, so
                // that a box dropped flat bounces straight up instead of starting to turn
                let rA0 = p0.pointee.anchorA, rB0 = p0.pointee.anchorB
                let rA1 = p1.pointee.anchorA, rB1 = p1.pointee.anchorB
                let vn0 = dot(vB + cross(wB, rB0) - vA - cross(wA, rA0), n)
                let vn1 = dot(vB + cross(wB, rB1) - vA - cross(wA, rA1), n)
                let l0 = p0.pointee.normalImpulse, l1 = p1.pointee.normalImpulse
                let k11 = c.pointee.k11, k12 = c.pointee.k12, k22 = c.pointee.k22
                // the targets vn = -e x approach speed, with the impulses so far taken back out
                let q0 = vn0 + e * p0.pointee.relativeVelocity - c.pointee.reboundBoost - (k11 * l0 + k12 * l1)
                let q1 = vn1 + e * p1.pointee.relativeVelocity - c.pointee.reboundBoost - (k12 * l0 + k22 * l1)
                let (d0, d1) = solveTwoPoints(c, p0, p1, q0, q1)
                let P0 = d0 * n, P1 = d1 * n
                bodyA.pointee.v = vA - mA * (P0 + P1)
                bodyA.pointee.w = wA - iA * (cross(rA0, P0) + cross(rA1, P1))
                bodyB.pointee.v = vB + mB * (P0 + P1)
                bodyB.pointee.w = wB + iB * (cross(rB0, P0) + cross(rB1, P1))
                continue
            }
            for j in 0..<Int(c.pointee.pointCount) {
                let cp = points + (2 * ci + j)
                if !bounces(cp) { continue }
                let rA = cp.pointee.anchorA, rB = cp.pointee.anchorB
                let vn = dot(vB + cross(wB, rB) - vA - cross(wA, rA), n)
                let lambda = cp.pointee.normalImpulse
                let impulse = -cp.pointee.normalMass * (vn + e * cp.pointee.relativeVelocity - c.pointee.reboundBoost)
                let newLambda = max(lambda + impulse, 0)
                let applied = newLambda - lambda
                cp.pointee.normalImpulse = newLambda
                cp.pointee.totalNormalImpulse += applied
                let P = applied * n
                vA -= mA * P
                wA -= iA * cross(rA, P)
                vB += mB * P
                wB += iB * cross(rB, P)
            }
            bodyA.pointee.v = vA
            bodyA.pointee.w = wA
            bodyB.pointee.v = vB
            bodyB.pointee.w = wB
        }
    }
}
