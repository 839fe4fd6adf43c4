/// An attachment prepared for one step. Anchors are measured from the body centres at the start
/// of the step and turn with each body's rotation since then; `deltaCenter` is centreB - centreA
/// at the start, so the current separation of the two attachment points is
///   d = deltaCenter + (dpB - dpA) + dqB rB - dqA rA.
struct JointConstraint {
    var kind: AttachmentKind
    var a: Int32
    var b: Int32
    var anchorA: Vec2
    var anchorB: Vec2
    var deltaCenter: Vec2
    var invMassA: Double
    var invIA: Double
    var invMassB: Double
    var invIB: Double
    var length: Double
    var isSpring: Bool
    var springSoftness: Softness
    var axialImpulse: Double
    var linearImpulse: Vec2
    var angularImpulse: Double
    /// Largest angular friction impulse per sub-step: friction torque x h.
    var maxFrictionImpulse: Double
    /// Largest accumulated linear impulse of a point constraint per sub-step: max force x h
    /// (infinity: no bound).
    var maxLinearImpulse = Double.infinity
    var behaviorIndex: Int32
    /// Velocity of a moving anchor point (anchor kind): the anchor slides from where it was at the
    /// last step to where it is now during this step, so the item follows its motion, not a jump.
    var anchorVelocity: Vec2 = .zero
    /// A snap also turns its item upright with the same spring: C = angle - 0, wrapped to (-pi, pi].
    var uprights = false
    /// The item's angle at the start of the step (for the upright spring).
    var startAngle = 0.0
    /// Where the impulses go back to: an attachment (false) or a snap (true).
    var isSnap = false
    /// Relative angle (B - A) minus the reference angle at the start of the step; it grows by
    /// turnedB - turnedA during the step (pin limits, fixed and sliding attachments).
    var relativeAngle = 0.0
    /// Sliding: the axis at the start of the step (it turns with body A).
    var axis = Vec2(1, 0)
    /// Pin (radians) or sliding (points) range; infinite bounds mean no limit.
    var lower = -Double.infinity
    var upper = Double.infinity
    var perpendicularImpulse = 0.0
    var lowerImpulse = 0.0
    var upperImpulse = 0.0
    /// Pin and sliding motor: the target speed (rad/s or pt/s), the bound of its accumulated
    /// impulse per sub-step (max motor force x h; 0: no motor) and that impulse.
    var motorSpeed = 0.0
    var maxMotorImpulse = 0.0
    var motorImpulse = 0.0
    /// Pin and sliding: a spring on the angle or the travel (its softness in `springSoftness`)
    /// toward `jointSpringRest`, and its accumulated impulse.
    var hasJointSpring = false
    var jointSpringRest = 0.0
    var springImpulse = 0.0
    /// Neither side can turn during the step (no inverse inertia, and not turning at its start):
    /// the arms are the anchors as they are, and no angular velocity enters (see `fixArms`).
    var fixedArms = false
    /// A pin, or a rod or spring of length 0: a 2D point constraint (an axis would be undefined).
    var isPoint: Bool { kind == .pin || length == 0 }
}

/// A plain pin (no angle limits, friction, spring, force bound or moving anchor, and no
/// angular impulse to carry) in the fields its sub-step passes read: 104 bytes where its
/// `JointConstraint` is over 300, so a net of thousands of pins is read from a third of the
/// memory in each of the step's twelve passes. Its arithmetic is the pin's in
/// `JointSolver.solve` and `warmStart`, to the bit. Written straight from the attachment
/// (`Animator.prepareJoints`): a plain pin has no `JointConstraint` in the step.
struct PinRow {
    var a: Int32, b: Int32
    /// The joint's `fixedArms` (in the padding before the first vector: no larger a row).
    var fixedArms: Bool
    var anchorA: Vec2, anchorB: Vec2, deltaCenter: Vec2
    var invMassA: Double, invIA: Double, invMassB: Double, invIB: Double
    /// The accumulated point impulse (the joint's `linearImpulse` while the step solves).
    var impulse: Vec2
}

/// What the step's passes over every joint read of one (its colour, the islands, where its
/// impulses go back to): 20 bytes, where a joint's `JointConstraint` is over 300 and a plain
/// pin has none (`Animator.prepareJoints` writes its `PinRow` alone).
struct JointHead {
    var a: Int32, b: Int32
    /// The attachment, or the snap when `isSnap`, in the animator's lists.
    var behaviorIndex: Int32
    /// Whether an impulse can move each side (it has an inverse mass or inertia).
    var aMoves: Bool, bMoves: Bool
    /// Whether each side has an inverse mass (the sides an island joins).
    var aHasMass: Bool, bHasMass: Bool
    var isSnap: Bool

    @inline(__always)
    init(a: Int32, b: Int32, behaviorIndex: Int32, invMassA: Double, invIA: Double, invMassB: Double, invIB: Double,
         isSnap: Bool) {
        self.a = a
        self.b = b
        self.behaviorIndex = behaviorIndex
        aMoves = invMassA != 0 || invIA != 0
        bMoves = invMassB != 0 || invIB != 0
        aHasMass = invMassA > 0
        bHasMass = invMassB > 0
        self.isSnap = isSnap
    }
}

/// A plain point spring: an attachment of length 0 with a frequency (to an anchor, which may
/// move, or between two items), with no force bound or friction and no angular impulse to
/// carry; a list row hung from its scroller is one. 152 bytes read per pass where its
/// `JointConstraint` is over 300, and no branch on the joint's kind. Its arithmetic is the
/// spring's in `JointSolver.solve` and `warmStart`, to the bit.
struct SpringRow {
    var a: Int32, b: Int32
    /// The joint's `fixedArms` (in the padding before the first vector: no larger a row).
    var fixedArms: Bool
    var anchorA: Vec2, anchorB: Vec2, deltaCenter: Vec2
    var invMassA: Double, invIA: Double, invMassB: Double, invIB: Double
    var impulse: Vec2
    /// The spring's own softness (it is soft in every pass, relaxing included).
    var softness: Softness
    var anchorVelocity: Vec2

    /// The row of joint `j` when it is a plain point spring, else nil.
    @inline(__always)
    init?(_ j: UnsafePointer<JointConstraint>) {
        guard j.pointee.kind == .anchor || j.pointee.kind == .items, j.pointee.isSpring, j.pointee.length == 0,
              !(j.pointee.maxFrictionImpulse > 0), !j.pointee.uprights, j.pointee.maxLinearImpulse == .infinity,
              j.pointee.angularImpulse == 0, j.pointee.lowerImpulse == 0, j.pointee.upperImpulse == 0,
              !j.pointee.isSnap else { return nil }
        a = j.pointee.a
        b = j.pointee.b
        anchorA = j.pointee.anchorA
        anchorB = j.pointee.anchorB
        deltaCenter = j.pointee.deltaCenter
        invMassA = j.pointee.invMassA
        invIA = j.pointee.invIA
        invMassB = j.pointee.invMassB
        invIB = j.pointee.invIB
        impulse = j.pointee.linearImpulse
        softness = j.pointee.springSoftness
        anchorVelocity = j.pointee.anchorVelocity
        fixedArms = j.pointee.fixedArms
    }
}

/// How a joint of the step is solved: from its `JointConstraint`, or from a compact row, with
/// its arms fixed for the step (`JointSolver.fixArms`) or turning with its items.
enum JointRowKind: UInt8 {
    case constraint, pin, spring, fixedPin, fixedSpring

    /// Solved from a `PinRow`.
    var isPin: Bool { self == .pin || self == .fixedPin }
    /// Solved from a `SpringRow`.
    var isSpring: Bool { self == .spring || self == .fixedSpring }
}

/// A compact row of a point constraint (`PinRow`, `SpringRow`): what the row-generic
/// `JointSolver.solve` and `warmStart` read beyond the frame.
protocol PointRow: JointFrame {
    var impulse: Vec2 { get set }
    /// The row's softness in a pass, nil for rigid (no bias, mass scale 1, impulse scale 0).
    func softness(_ jointSoftness: Softness, useBias: Bool) -> Softness?
    /// Velocity of the anchor point the row's body A side slides with.
    var anchorVelocity: Vec2 { get }
}

extension PinRow: PointRow {
    @inline(__always)
    func softness(_ jointSoftness: Softness, useBias: Bool) -> Softness? { useBias ? jointSoftness : nil }
    var anchorVelocity: Vec2 {
        @inline(__always) get { .zero }
    }
}

extension SpringRow: PointRow {
    @inline(__always)
    func softness(_ jointSoftness: Softness, useBias: Bool) -> Softness? { softness }
}

/// What `JointSolver.sides`, `geometry` and `apply` read of a joint: its two bodies, their
/// inverse masses, its anchors and the offset of the centres at the step's start.
protocol JointFrame {
    var a: Int32 { get }
    var b: Int32 { get }
    var invMassA: Double { get }
    var invIA: Double { get }
    var invMassB: Double { get }
    var invIB: Double { get }
    var anchorA: Vec2 { get }
    var anchorB: Vec2 { get }
    var deltaCenter: Vec2 { get }
}

extension JointConstraint: JointFrame {}

/// Distance (rod or spring) and pin constraints in the soft step (Catto 2024; Box2D v3 joints).
enum JointSolver {
    /// The 2 x 2 point constraint's K^-1 rhs, with K = [k11 k12; k12 k22] the effective mass of
    /// anchors rA, rB; nil when K is singular (nothing can move the point).
    @inline(__always)
    static func pointSolve(_ mA: Double, _ iA: Double, _ mB: Double, _ iB: Double, _ rA: Vec2, _ rB: Vec2,
                           _ rhs: Vec2) -> Vec2? {
        let k11 = mA + mB + iA * rA.y * rA.y + iB * rB.y * rB.y
        let k12 = -iA * rA.x * rA.y - iB * rB.x * rB.y
        let k22 = mA + mB + iA * rA.x * rA.x + iB * rB.x * rB.x
        let det = k11 * k22 - k12 * k12
        if det <= 0 { return nil }
        let invDet = 1 / det
        return invDet * Vec2(k22 * rhs.x - k12 * rhs.y, k11 * rhs.y - k12 * rhs.x)
    }

    /// The step's joints: each from its row or its constraint, as `kind` says.
    struct Rows {
        let joints: UnsafeMutablePointer<JointConstraint>
        let kind: UnsafeMutablePointer<JointRowKind>
        let pins: UnsafeMutablePointer<PinRow>
        let springs: UnsafeMutablePointer<SpringRow>
    }

    /// `warmStart` of a point row: its impulse applied to the sides it can move. A side it
    /// cannot move is read where it is and never written (a joint's constraint reads and writes
    /// a copy in the thread's sink instead: the same result, a copy less).
    @inline(__always)
    static func warmStart<R: PointRow>(_ p: UnsafeMutablePointer<R>, _ bodies: UnsafeMutablePointer<SolverBody>) {
        let bodyA = bodies + Int(p.pointee.a), bodyB = bodies + Int(p.pointee.b)
        let (rA, rB, _) = geometry(p, bodyA, bodyB)
        applyToMoving(p.pointee.impulse, rA, rB, p, bodyA, bodyB)
    }

    /// `solvePoint` of a point row: the 2 x 2 soft point constraint.
    @inline(__always)
    static func solve<R: PointRow>(_ p: UnsafeMutablePointer<R>, _ bodies: UnsafeMutablePointer<SolverBody>,
                                   jointSoftness: Softness, useBias: Bool) {
        let bodyA = bodies + Int(p.pointee.a), bodyB = bodies + Int(p.pointee.b)
        let mA = p.pointee.invMassA, iA = p.pointee.invIA
        let mB = p.pointee.invMassB, iB = p.pointee.invIB
        let (rA, rB, d) = geometry(p, bodyA, bodyB)
        var bias = Vec2.zero, massScale = 1.0, impulseScale = 0.0
        if let s = p.pointee.softness(jointSoftness, useBias: useBias) {
            bias = s.biasRate * d
            massScale = s.massScale
            impulseScale = s.impulseScale
        }
        let vr = bodyB.pointee.v + cross(bodyB.pointee.w, rB) - bodyA.pointee.v - cross(bodyA.pointee.w, rA)
            - p.pointee.anchorVelocity
        guard let solved = pointSolve(mA, iA, mB, iB, rA, rB, vr + bias) else { return }
        let impulse = -massScale * solved - impulseScale * p.pointee.impulse
        p.pointee.impulse += impulse
        applyToMoving(impulse, rA, rB, p, bodyA, bodyB)
    }

    /// `apply` with no angular impulse, to the sides the joint can move only.
    @inline(__always)
    static func applyToMoving<J: JointFrame>(_ P: Vec2, _ rA: Vec2, _ rB: Vec2, _ j: UnsafeMutablePointer<J>,
                                             _ bodyA: UnsafeMutablePointer<SolverBody>,
                                             _ bodyB: UnsafeMutablePointer<SolverBody>) {
        if j.pointee.invMassA != 0 || j.pointee.invIA != 0 {
            bodyA.pointee.v -= j.pointee.invMassA * P
            bodyA.pointee.w -= j.pointee.invIA * (cross(rA, P) + 0)
        }
        if j.pointee.invMassB != 0 || j.pointee.invIB != 0 {
            bodyB.pointee.v += j.pointee.invMassB * P
            bodyB.pointee.w += j.pointee.invIB * (cross(rB, P) + 0)
        }
    }

    // MARK: Arms fixed for the step

    /// Sets `fixedArms` for a point joint (a pin, or a rod or spring of length 0, with no
    /// friction, angle range or upright spring) whose two sides have no inverse inertia and do
    /// not turn at the step's start: a row that may not rotate hung on an anchor, the most
    /// common joint of a list. Nothing can turn such a side during the step (integrating its
    /// velocity sets its angular velocity to 0, and every impulse reaches it through zero
    /// inertia), so its arm stays the anchor as written and its angular velocity 0: its passes
    /// (`warmStartFixed`, `solveFixed`, `solvePointFixed`) leave out the rotations, the cross
    /// products and the angular updates, and its effective mass is (mA + mB) I. The values are
    /// those of the general passes, a zero's sign aside; rows and constraints take the same
    /// fixed passes, so the two ways of solving a joint keep giving the same bits. In the
    /// springy list (1000 rows that may not rotate, on anchors) a spring's passes went from
    /// about 108 instructions each (warm starts and solves together) to about 55.
    @inline(__always)
    static func fixArms(_ j: UnsafeMutablePointer<JointConstraint>, _ bodies: UnsafePointer<SolverBody>, allowed: Bool = true) {
        // (the inertia first: most joints of a net of turning items stop there)
        guard allowed, j.pointee.invIA == 0, j.pointee.invIB == 0 else {
            j.pointee.fixedArms = false
            return
        }
        let kind = j.pointee.kind
        let point = kind == .pin || ((kind == .anchor || kind == .items) && j.pointee.length == 0)
        j.pointee.fixedArms = point && !(j.pointee.maxFrictionImpulse > 0) && !j.pointee.uprights
            && j.pointee.lower == -.infinity && j.pointee.upper == .infinity
            && sidesCannotTurn(invIA: 0, invIB: 0, j.pointee.a, j.pointee.b, bodies)
    }

    /// Whether neither side of a joint between bodies a and b can turn during the step: no
    /// inverse inertia on either, and neither turning at its start (`fixArms`; a plain pin's row
    /// is given its fixed arms by the same test).
    @inline(__always)
    static func sidesCannotTurn(invIA: Double, invIB: Double, _ a: Int32, _ b: Int32, _ bodies: UnsafePointer<SolverBody>) -> Bool {
        invIA == 0 && invIB == 0 && bodies[Int(a)].w == 0 && bodies[Int(b)].w == 0
    }

    /// `pointSolve` of two sides without inverse inertia: K = (mA + mB) I, so K^-1 rhs is
    /// (m rhs) / m^2 as the full product gives it (its k12 terms are zeros), nil when m is 0.
    @inline(__always)
    static func pointSolveFixed(_ m: Double, _ rhs: Vec2) -> Vec2? {
        let det = m * m
        if det <= 0 { return nil }
        return (1 / det) * (m * rhs)
    }

    /// The separation of a fixed-arms joint's points: deltaCenter + (dpB - dpA) + rB - rA with
    /// the arms as written.
    @inline(__always)
    static func fixedSeparation<J: JointFrame>(_ j: UnsafeMutablePointer<J>, _ bodyA: UnsafeMutablePointer<SolverBody>,
                                               _ bodyB: UnsafeMutablePointer<SolverBody>) -> Vec2 {
        j.pointee.deltaCenter + (bodyB.pointee.dp - bodyA.pointee.dp) + j.pointee.anchorB - j.pointee.anchorA
    }

    /// `warmStart` of a point row whose arms are fixed: the linear impulse alone.
    @inline(__always)
    static func warmStartFixed<R: PointRow>(_ p: UnsafeMutablePointer<R>, _ bodies: UnsafeMutablePointer<SolverBody>) {
        let bodyA = bodies + Int(p.pointee.a), bodyB = bodies + Int(p.pointee.b)
        let P = p.pointee.impulse
        if p.pointee.invMassA != 0 { bodyA.pointee.v -= p.pointee.invMassA * P }
        if p.pointee.invMassB != 0 { bodyB.pointee.v += p.pointee.invMassB * P }
    }

    /// `solve` of a point row whose arms are fixed.
    @inline(__always)
    static func solveFixed<R: PointRow>(_ p: UnsafeMutablePointer<R>, _ bodies: UnsafeMutablePointer<SolverBody>,
                                        jointSoftness: Softness, useBias: Bool) {
        let bodyA = bodies + Int(p.pointee.a), bodyB = bodies + Int(p.pointee.b)
        let mA = p.pointee.invMassA, mB = p.pointee.invMassB
        var bias = Vec2.zero, massScale = 1.0, impulseScale = 0.0
        if let s = p.pointee.softness(jointSoftness, useBias: useBias) {
            bias = s.biasRate * fixedSeparation(p, bodyA, bodyB)
            massScale = s.massScale
            impulseScale = s.impulseScale
        }
        let vr = bodyB.pointee.v - bodyA.pointee.v - p.pointee.anchorVelocity
        guard let solved = pointSolveFixed(mA + mB, vr + bias) else { return }
        let impulse = -massScale * solved - impulseScale * p.pointee.impulse
        p.pointee.impulse += impulse
        if mA != 0 { bodyA.pointee.v -= mA * impulse }
        if mB != 0 { bodyB.pointee.v += mB * impulse }
    }

    /// The joints named by `order`, in that order, each from its row or its constraint; `sink`
    /// is two records of the calling thread's.
    @inline(__always)
    static func warmStart(_ rows: Rows, order: UnsafeBufferPointer<Int32>,
                          _ bodies: UnsafeMutablePointer<SolverBody>, sink: UnsafeMutablePointer<SolverBody>) {
        for k in order {
            let k = Int(k)
            switch rows.kind[k] {
            case .pin: warmStart(rows.pins + k, bodies)
            case .spring: warmStart(rows.springs + k, bodies)
            case .fixedPin: warmStartFixed(rows.pins + k, bodies)
            case .fixedSpring: warmStartFixed(rows.springs + k, bodies)
            case .constraint: warmStart(rows.joints + k, bodies, sink)
            }
        }
    }

    @inline(__always)
    static func solve(_ rows: Rows, order: UnsafeBufferPointer<Int32>,
                      _ bodies: UnsafeMutablePointer<SolverBody>, sink: UnsafeMutablePointer<SolverBody>,
                      jointSoftness: Softness, useBias: Bool, inverseSubstep invH: Double) {
        for k in order {
            let k = Int(k)
            switch rows.kind[k] {
            case .pin: solve(rows.pins + k, bodies, jointSoftness: jointSoftness, useBias: useBias)
            case .spring: solve(rows.springs + k, bodies, jointSoftness: jointSoftness, useBias: useBias)
            case .fixedPin: solveFixed(rows.pins + k, bodies, jointSoftness: jointSoftness, useBias: useBias)
            case .fixedSpring: solveFixed(rows.springs + k, bodies, jointSoftness: jointSoftness, useBias: useBias)
            case .constraint:
                solve(rows.joints + k, bodies, sink, jointSoftness: jointSoftness, useBias: useBias, inverseSubstep: invH)
            }
        }
    }

    /// Slides moving anchors along with the sub-steps: deltaCenter = centreB - anchor(t), for
    /// the joints `moving` names (a spring's in its row, else in its constraint).
    static func advanceAnchors(_ rows: Rows, _ moving: UnsafeBufferPointer<Int32>, _ h: Double) {
        for k in moving {
            let k = Int(k)
            if rows.kind[k].isSpring {
                rows.springs[k].deltaCenter -= h * rows.springs[k].anchorVelocity
            } else {
                rows.joints[k].deltaCenter -= h * rows.joints[k].anchorVelocity
            }
        }
    }

    @inline(__always)
    static func geometry<J: JointFrame>(_ j: UnsafeMutablePointer<J>, _ bodyA: UnsafeMutablePointer<SolverBody>,
                                        _ bodyB: UnsafeMutablePointer<SolverBody>) -> (rA: Vec2, rB: Vec2, d: Vec2) {
        let rA = bodyA.pointee.dq.rotate(j.pointee.anchorA)
        let rB = bodyB.pointee.dq.rotate(j.pointee.anchorB)
        let d = j.pointee.deltaCenter + (bodyB.pointee.dp - bodyA.pointee.dp) + rB - rA
        return (rA, rB, d)
    }

    /// The bodies a joint acts on: its own records for the sides it can move, and for a side it
    /// cannot move (a boundary anchor, an anchored item), a copy in the two `sink` records of
    /// the thread solving it, so that joints solved at once never write one record.
    @inline(__always)
    static func sides<J: JointFrame>(_ j: UnsafeMutablePointer<J>, _ bodies: UnsafeMutablePointer<SolverBody>,
                                      _ sink: UnsafeMutablePointer<SolverBody>)
        -> (UnsafeMutablePointer<SolverBody>, UnsafeMutablePointer<SolverBody>) {
        var bodyA = bodies + Int(j.pointee.a), bodyB = bodies + Int(j.pointee.b)
        if j.pointee.invMassA == 0 && j.pointee.invIA == 0 {
            sink.pointee = bodyA.pointee
            bodyA = sink
        }
        if j.pointee.invMassB == 0 && j.pointee.invIB == 0 {
            (sink + 1).pointee = bodyB.pointee
            bodyB = sink + 1
        }
        return (bodyA, bodyB)
    }

    @inline(__always)
    static func warmStart(_ j: UnsafeMutablePointer<JointConstraint>, _ bodies: UnsafeMutablePointer<SolverBody>,
                          _ sink: UnsafeMutablePointer<SolverBody>) {
        let (bodyA, bodyB) = sides(j, bodies, sink)
        if j.pointee.fixedArms {
            let P = j.pointee.linearImpulse
            bodyA.pointee.v -= j.pointee.invMassA * P
            bodyB.pointee.v += j.pointee.invMassB * P
            return
        }
        let (rA, rB, d) = geometry(j, bodyA, bodyB)
        var P = Vec2.zero
        var angular = 0.0
        switch j.pointee.kind {
        case .limit:
            let len = length(d)
            if len > 1e-9 { P = ((j.pointee.axialImpulse + j.pointee.lowerImpulse) / len) * d }
            apply(P, 0, rA, rB, j, bodyA, bodyB)
            return
        case .sliding:
            warmStartSliding(j, bodyA, bodyB, rA, rB, d)
            return
        default:
            break
        }
        if j.pointee.isPoint {
            P = j.pointee.linearImpulse
            angular = j.pointee.angularImpulse + j.pointee.lowerImpulse - j.pointee.upperImpulse
            if j.pointee.kind == .pin { angular += j.pointee.motorImpulse + j.pointee.springImpulse }
        } else {
            let len = length(d)
            if len > 1e-9 { P = (j.pointee.axialImpulse / len) * d }
        }
        apply(P, angular, rA, rB, j, bodyA, bodyB)
    }

    /// The softness of a distance or point row: a spring's own, always; else the joint
    /// softness while biased; nil while relaxing a rod or pin (rigid: no bias, mass scale 1,
    /// impulse scale 0).
    @inline(__always)
    static func rowSoftness(_ j: UnsafeMutablePointer<JointConstraint>, _ jointSoftness: Softness, useBias: Bool) -> Softness? {
        if j.pointee.isSpring { return j.pointee.springSoftness }
        return useBias ? jointSoftness : nil
    }

    @inline(__always)
    static func apply<J: JointFrame>(_ P: Vec2, _ angular: Double, _ rA: Vec2, _ rB: Vec2, _ j: UnsafeMutablePointer<J>,
                                      _ bodyA: UnsafeMutablePointer<SolverBody>, _ bodyB: UnsafeMutablePointer<SolverBody>) {
        bodyA.pointee.v -= j.pointee.invMassA * P
        bodyA.pointee.w -= j.pointee.invIA * (cross(rA, P) + angular)
        bodyB.pointee.v += j.pointee.invMassB * P
        bodyB.pointee.w += j.pointee.invIB * (cross(rB, P) + angular)
    }

    /// Distance: C = |d| - L along the axis u = d / |d|; k = mA + mB + iA (rA x u)^2 + iB (rB x u)^2.
    /// A spring (frequency > 0) is always soft with its own stiffness and damping; a rod is soft
    /// (joint softness) while biased and rigid while relaxing.
    /// Pin: C = d (a 2D point constraint), K the 2 x 2 effective mass; friction torque first
    /// clamps the relative angular impulse to +/- torque x h.
    @inline(__always)
    static func solve(_ j: UnsafeMutablePointer<JointConstraint>, _ bodies: UnsafeMutablePointer<SolverBody>,
                      _ sink: UnsafeMutablePointer<SolverBody>, jointSoftness: Softness, useBias: Bool,
                      inverseSubstep invH: Double) {
        let (bodyA, bodyB) = sides(j, bodies, sink)
        if j.pointee.fixedArms {
            solvePointFixed(j, bodyA, bodyB, jointSoftness: jointSoftness, useBias: useBias)
            return
        }
        switch j.pointee.kind {
        case .fixed:
            if !solveFixedBlock(j, bodyA, bodyB, jointSoftness: jointSoftness, useBias: useBias) {
                solveAngle(j, bodyA, bodyB, jointSoftness: jointSoftness, useBias: useBias)
                solvePoint(j, bodyA, bodyB, jointSoftness: jointSoftness, useBias: useBias)
            }
            return
        case .limit:
            solveRope(j, bodyA, bodyB, jointSoftness: jointSoftness, useBias: useBias, inverseSubstep: invH)
            return
        case .sliding:
            solveSliding(j, bodyA, bodyB, jointSoftness: jointSoftness, useBias: useBias, inverseSubstep: invH)
            return
        case .pin:
            // Box2D v3's revolute order: spring, motor, limits, then the point
            if j.pointee.hasJointSpring || j.pointee.maxMotorImpulse > 0 { solvePinDrive(j, bodyA, bodyB) }
            if j.pointee.lower > -Double.infinity || j.pointee.upper < Double.infinity {
                solveAngleLimits(j, bodyA, bodyB, jointSoftness: jointSoftness, useBias: useBias, inverseSubstep: invH)
            }
        case .anchor, .items:
            break
        }
        let iA = j.pointee.invIA, iB = j.pointee.invIB
        let (rA, rB, d) = geometry(j, bodyA, bodyB)
        if !j.pointee.isPoint {
            solveDistance(j, bodyA, bodyB, rA, rB, d, jointSoftness: jointSoftness, useBias: useBias)
        } else {
            let maxFriction = j.pointee.maxFrictionImpulse
            if maxFriction > 0 && iA + iB > 0 {
                let cdotAngular = bodyB.pointee.w - bodyA.pointee.w
                let old = j.pointee.angularImpulse
                let updated = min(max(old - cdotAngular / (iA + iB), -maxFriction), maxFriction)
                j.pointee.angularImpulse = updated
                apply(.zero, updated - old, rA, rB, j, bodyA, bodyB)
            }
            if j.pointee.uprights && iB > 0 {
                // angular spring towards upright: C = angle wrapped to (-pi, pi], k = iA + iB
                let sp = j.pointee.springSoftness
                var angle = (j.pointee.startAngle + bodyB.pointee.turned).truncatingRemainder(dividingBy: 2 * Double.pi)
                if angle > Double.pi { angle -= 2 * Double.pi } else if angle <= -Double.pi { angle += 2 * Double.pi }
                let cdotAngular = bodyB.pointee.w - bodyA.pointee.w
                let kAngular = iA + iB
                let impulse = -sp.massScale * (cdotAngular + sp.biasRate * angle) / kAngular - sp.impulseScale * j.pointee.angularImpulse
                j.pointee.angularImpulse += impulse
                apply(.zero, impulse, rA, rB, j, bodyA, bodyB)
            }
            // a pin, or a zero-length rod or spring: hold the two points together in 2D
            solvePoint(j, bodyA, bodyB, jointSoftness: jointSoftness, useBias: useBias)
        }
    }
}
