/// The wide contact solver: contacts that share no moving body are solved eight at a time, one
/// per SIMD lane, in single precision (the scheme of Box2D v3's `contact_solver.c`, after
/// Catto's "Solver2D" soft step). Each step the constraints are coloured so that no two of one
/// colour touch the same moving body (see `ContactColoring`), and each colour is packed into
/// lane groups in structure-of-arrays form. A lane group gathers the velocities and motions of
/// its bodies, solves all its contacts with the same formulas as `ContactSolver` (the soft
/// normal impulse with its push-out limit and hard switch, the 2 x 2 block solve of two-point
/// manifolds, Coulomb friction), and scatters the change of each body's velocity back.
///
/// Bodies keep their double-precision state: a lane group adds to it the change it computed in
/// single precision, so that a body no contact touches, and an anchored body, keep their
/// velocity to the last bit.
/// Eight lanes: on SSE2 each vector is two registers, and still 17 % faster than four lanes on
/// the 100-row pyramid (the width does not change any result: lanes are independent).
typealias FloatLanes = SIMD8<Float>
typealias IndexLanes = SIMD8<Int32>
typealias LaneMask = SIMDMask<IndexLanes>
/// Contacts per lane group.
let laneWidth = FloatLanes.scalarCount

/// One contact point in each lane.
struct WidePoint {
    var ax = FloatLanes(), ay = FloatLanes()     // anchor on A, from A's centre at the step start
    var bx = FloatLanes(), by = FloatLanes()     // anchor on B
    var base = FloatLanes()                      // separation minus n . (rB - rA) at the step start
    var normalMass = FloatLanes(), tangentMass = FloatLanes()
    var normalImpulse = FloatLanes(), tangentImpulse = FloatLanes(), totalImpulse = FloatLanes()
}

/// A lane group: one contact constraint per lane. A lane without a contact (padding) joins the static
/// body to itself with zero masses, so every impulse it computes is zero.
struct WideContact {
    var a = IndexLanes(), b = IndexLanes()       // solver bodies (0 is the static body)
    var index = IndexLanes(repeating: -1)        // the constraint each lane holds, -1 for none
    var nx = FloatLanes(), ny = FloatLanes()
    var friction = FloatLanes()
    var mA = FloatLanes(), iA = FloatLanes(), mB = FloatLanes(), iB = FloatLanes()
    var biasRate = FloatLanes(), softMass = FloatLanes(), softImpulse = FloatLanes()
    var hard = FloatLanes()
    // the 2 x 2 effective mass of two-point manifolds solved as a block, and which lanes are
    var k11 = FloatLanes(), k12 = FloatLanes(), k22 = FloatLanes(), invDet = FloatLanes()
    var block = LaneMask(repeating: false)
    var p0 = WidePoint(), p1 = WidePoint()
}

/// The motion of the bodies on one side of a lane group.
struct WideBody {
    var vx: FloatLanes, vy: FloatLanes, w: FloatLanes
    var dpx: FloatLanes, dpy: FloatLanes
    var qc: FloatLanes, qs: FloatLanes

    @inline(__always)
    init(_ bodies: UnsafeMutablePointer<SolverBody>, _ index: IndexLanes) {
        vx = FloatLanes(); vy = FloatLanes(); w = FloatLanes()
        dpx = FloatLanes(); dpy = FloatLanes(); qc = FloatLanes(); qs = FloatLanes()
        for k in 0..<laneWidth {
            let body = bodies[Int(index[k])]
            vx[k] = Float(body.v.x); vy[k] = Float(body.v.y); w[k] = Float(body.w)
            dpx[k] = Float(body.dp.x); dpy[k] = Float(body.dp.y)
            qc[k] = Float(body.dq.c); qs[k] = Float(body.dq.s)
        }
    }

    /// Adds the velocity change since `before` to each moving body (a lane whose side has
    /// neither inverse mass nor inverse inertia is anchored or static: nothing to write).
    @inline(__always)
    func scatter(_ bodies: UnsafeMutablePointer<SolverBody>, _ index: IndexLanes, since before: WideBody,
                 _ m: FloatLanes, _ i: FloatLanes) {
        let dvx = vx - before.vx, dvy = vy - before.vy, dw = w - before.w
        for k in 0..<laneWidth where m[k] != 0 || i[k] != 0 {
            let body = bodies + Int(index[k])
            body.pointee.v.x += Double(dvx[k])
            body.pointee.v.y += Double(dvy[k])
            body.pointee.w += Double(dw[k])
        }
    }
}

extension ContactSolver {
    /// Warm start of a lane group: P = lambda_n n + lambda_t t at each point;
    /// vA -= mA P, wA -= iA rA x P; vB += mB P, wB += iB rB x P.
    @inline(__always)
    static func warmStartWide(_ c: UnsafeMutablePointer<WideContact>, _ bodies: UnsafeMutablePointer<SolverBody>) {
        let bodyA0 = WideBody(bodies, c.pointee.a), bodyB0 = WideBody(bodies, c.pointee.b)
        var A = bodyA0, B = bodyB0
        let nx = c.pointee.nx, ny = c.pointee.ny
        let mA = c.pointee.mA, iA = c.pointee.iA, mB = c.pointee.mB, iB = c.pointee.iB
        for j in 0..<2 {
            let p = j == 0 ? c.pointee.p0 : c.pointee.p1
            // P = ln n + lt t with t = (ny, -nx)
            let px = p.normalImpulse * nx + p.tangentImpulse * ny
            let py = p.normalImpulse * ny - p.tangentImpulse * nx
            A.w -= iA * (p.ax * py - p.ay * px)
            A.vx -= mA * px
            A.vy -= mA * py
            B.w += iB * (p.bx * py - p.by * px)
            B.vx += mB * px
            B.vy += mB * py
            if j == 0 { c.pointee.p0.totalImpulse += p.normalImpulse } else { c.pointee.p1.totalImpulse += p.normalImpulse }
        }
        A.scatter(bodies, c.pointee.a, since: bodyA0, mA, iA)
        B.scatter(bodies, c.pointee.b, since: bodyB0, mB, iB)
    }

    /// Normal then friction impulses for a lane group, the formulas of `solve` lane by lane:
    ///   s = base + n . (dpB - dpA + qB rB - qA rA),  vn = n . (vB + wB x rB - vA - wA x rA);
    ///   s > 0: bias = s / h (speculative);  else with useBias: bias = max(ms biasRate s, -push),
    ///   soft (ms, is) unless the point approaches faster than `hard` or carries more than
    ///   10 hard / k of impulse;
    ///   impulse = -m_n (ms vn + bias) - is lambda, lambda clamped >= 0;
    /// the 2 x 2 block solve (lanes in `block`) finds x >= 0 with K (x - (1 - is) lambda) +
    /// (ms vn + b) >= 0 complementary to x; friction clamps |lambda_t| <= mu lambda_n.
    @inline(__always)
    static func solveWide(_ c: UnsafeMutablePointer<WideContact>, _ bodies: UnsafeMutablePointer<SolverBody>,
                          inverseSubstep invH: Float, useBias: Bool) {
        let bodyA0 = WideBody(bodies, c.pointee.a), bodyB0 = WideBody(bodies, c.pointee.b)
        var A = bodyA0, B = bodyB0
        let nx = c.pointee.nx, ny = c.pointee.ny
        let mA = c.pointee.mA, iA = c.pointee.iA, mB = c.pointee.mB, iB = c.pointee.iB
        let biasRate = c.pointee.biasRate, softMass = c.pointee.softMass, softImpulse = c.pointee.softImpulse
        let hard = c.pointee.hard
        let maxPush = FloatLanes(repeating: Float(-Tolerances.maxPushOutSpeed))
        let one = FloatLanes(repeating: 1), zero = FloatLanes()
        // relative translation since the step began
        let dpx = B.dpx - A.dpx, dpy = B.dpy - A.dpy

        /// Separation, normal velocity, and the bias and soft coefficients of one point.
        @inline(__always)
        func terms(_ p: WidePoint, _ A: WideBody, _ B: WideBody)
            -> (vn: FloatLanes, bias: FloatLanes, ms: FloatLanes, soft: FloatLanes) {
            // qA rA, qB rB
            let rax = A.qc * p.ax - A.qs * p.ay, ray = A.qs * p.ax + A.qc * p.ay
            let rbx = B.qc * p.bx - B.qs * p.by, rby = B.qs * p.bx + B.qc * p.by
            let s = p.base + nx * (dpx + rbx - rax) + ny * (dpy + rby - ray)
            // relative velocity of the anchors: v + w x r, with w x r = (-w r.y, w r.x)
            let dvx = (B.vx - B.w * p.by) - (A.vx - A.w * p.ay)
            let dvy = (B.vy + B.w * p.bx) - (A.vy + A.w * p.ax)
            let vn = nx * dvx + ny * dvy
            let speculative = s .> zero
            var bias = zero.replacing(with: s * invH, where: speculative)
            var ms = one, soft = zero
            if useBias {
                let overlapping = .!speculative
                bias.replace(with: lanesMax(softMass * biasRate * s, maxPush), where: overlapping)
                let yielding = overlapping .& (vn .>= -hard) .& (p.normalImpulse .<= 10 * hard * p.normalMass)
                ms.replace(with: softMass, where: yielding)
                soft.replace(with: softImpulse, where: yielding)
            }
            return (vn, bias, ms, soft)
        }

        /// Applies a normal impulse of d at each of the two points.
        @inline(__always)
        func applyNormal(_ d0: FloatLanes, _ d1: FloatLanes, _ A: inout WideBody, _ B: inout WideBody) {
            let p0 = c.pointee.p0, p1 = c.pointee.p1
            let sum = d0 + d1
            A.vx -= mA * sum * nx
            A.vy -= mA * sum * ny
            B.vx += mB * sum * nx
            B.vy += mB * sum * ny
            // rA x (d n) = d (rA.x n.y - rA.y n.x)
            A.w -= iA * (d0 * (p0.ax * ny - p0.ay * nx) + d1 * (p1.ax * ny - p1.ay * nx))
            B.w += iB * (d0 * (p0.bx * ny - p0.by * nx) + d1 * (p1.bx * ny - p1.by * nx))
        }

        let block = c.pointee.block
        let anyBlock = any(block), allBlock = all(block)
        var blockA = A, blockB = B
        var blockL0 = FloatLanes(), blockL1 = FloatLanes()
        if anyBlock {
            let t0 = terms(c.pointee.p0, A, B), t1 = terms(c.pointee.p1, A, B)
            let l0 = c.pointee.p0.normalImpulse, l1 = c.pointee.p1.normalImpulse
            let k11 = c.pointee.k11, k12 = c.pointee.k12, k22 = c.pointee.k22, inv = c.pointee.invDet
            let c0 = (one - t0.soft) * l0, c1 = (one - t1.soft) * l1
            let q0 = t0.ms * t0.vn + t0.bias - (k11 * c0 + k12 * c1)
            let q1 = t1.ms * t1.vn + t1.bias - (k12 * c0 + k22 * c1)
            let both0 = -(k22 * q0 - k12 * q1) * inv
            let both1 = -(k11 * q1 - k12 * q0) * inv
            let alone0 = -q0 * c.pointee.p0.normalMass
            let alone1 = -q1 * c.pointee.p1.normalMass
            let useBoth = (both0 .>= zero) .& (both1 .>= zero)
            let useFirst = .!useBoth .& (alone0 .>= zero) .& (k12 * alone0 + q1 .>= zero)
            let useSecond = .!useBoth .& .!useFirst .& (alone1 .>= zero) .& (k12 * alone1 + q0 .>= zero)
            var x0 = zero, x1 = zero
            x0.replace(with: both0, where: useBoth)
            x1.replace(with: both1, where: useBoth)
            x0.replace(with: alone0, where: useFirst)
            x1.replace(with: alone1, where: useSecond)
            applyNormal(x0 - l0, x1 - l1, &blockA, &blockB)
            blockL0 = x0
            blockL1 = x1
        }
        var l0 = c.pointee.p0.normalImpulse, l1 = c.pointee.p1.normalImpulse
        if !allBlock {
            // one point after the other
            let t0 = terms(c.pointee.p0, A, B)
            let new0 = lanesMax(l0 - c.pointee.p0.normalMass * (t0.ms * t0.vn + t0.bias) - t0.soft * l0, zero)
            applyNormal(new0 - l0, zero, &A, &B)
            let t1 = terms(c.pointee.p1, A, B)
            let new1 = lanesMax(l1 - c.pointee.p1.normalMass * (t1.ms * t1.vn + t1.bias) - t1.soft * l1, zero)
            applyNormal(zero, new1 - l1, &A, &B)
            if anyBlock {
                A = select(block, blockA, A)
                B = select(block, blockB, B)
                l0 = new0.replacing(with: blockL0, where: block)
                l1 = new1.replacing(with: blockL1, where: block)
            } else {
                l0 = new0
                l1 = new1
            }
        } else {
            A = blockA
            B = blockB
            l0 = blockL0
            l1 = blockL1
        }
        c.pointee.p0.totalImpulse += l0 - c.pointee.p0.normalImpulse
        c.pointee.p1.totalImpulse += l1 - c.pointee.p1.normalImpulse
        c.pointee.p0.normalImpulse = l0
        c.pointee.p1.normalImpulse = l1

        // friction, point by point, along t = (ny, -nx)
        let mu = c.pointee.friction
        for j in 0..<2 {
            let p = j == 0 ? c.pointee.p0 : c.pointee.p1
            let dvx = (B.vx - B.w * p.by) - (A.vx - A.w * p.ay)
            let dvy = (B.vy + B.w * p.bx) - (A.vy + A.w * p.ax)
            let vt = ny * dvx - nx * dvy
            let limit = mu * p.normalImpulse
            let lambda = p.tangentImpulse
            let updated = lanesMin(lanesMax(lambda - p.tangentMass * vt, -limit), limit)
            let d = updated - lambda
            let px = d * ny, py = -d * nx
            A.vx -= mA * px
            A.vy -= mA * py
            A.w -= iA * (p.ax * py - p.ay * px)
            B.vx += mB * px
            B.vy += mB * py
            B.w += iB * (p.bx * py - p.by * px)
            if j == 0 { c.pointee.p0.tangentImpulse = updated } else { c.pointee.p1.tangentImpulse = updated }
        }
        A.scatter(bodies, c.pointee.a, since: bodyA0, mA, iA)
        B.scatter(bodies, c.pointee.b, since: bodyB0, mB, iB)
    }
}

/// Lane-wise choice between two bodies' motions.
@inline(__always)
private func select(_ mask: LaneMask, _ a: WideBody, _ b: WideBody) -> WideBody {
    var r = b
    r.vx.replace(with: a.vx, where: mask)
    r.vy.replace(with: a.vy, where: mask)
    r.w.replace(with: a.w, where: mask)
    return r
}

@inline(__always) private func lanesMax(_ a: FloatLanes, _ b: FloatLanes) -> FloatLanes {
    var r = a
    for k in 0..<laneWidth { r[k] = Swift.max(a[k], b[k]) }
    return r
}

@inline(__always) private func lanesMin(_ a: FloatLanes, _ b: FloatLanes) -> FloatLanes {
    var r = a
    for k in 0..<laneWidth { r[k] = Swift.min(a[k], b[k]) }
    return r
}
