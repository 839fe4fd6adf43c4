/// The wide contact kernel: one pass of warm start or solve over a range of lane groups
/// (`WideContact`), each group's contacts eight at a time, one per lane, in single precision.
/// A lane group gathers the velocities and motions of its bodies from their single-precision
/// records (`WideBodyState`), solves all its contacts with the formulas of Anima's one-at-a-time
/// `ContactSolver` (the soft normal impulse with its push-out limit and hard switch, the 2 x 2
/// block solve of two-point manifolds, Coulomb friction), and writes the new velocities back
/// into the records.
///
/// This one file is compiled into `AnimaWide` for baseline x86-64 (SSE2: every eight-lane vector
/// takes two registers, and the kernel spills) and, in builds made with `ANIMA_AVX2=1`
/// (Package.swift), into `AnimaWideAVX2` for AVX2 (one register per vector, about half the
/// instructions). Anima picks one at run time
/// (`WideKernelChoice`), as Box2D v3 builds its wide solver for AVX2 where the machine has it.
/// Neither build fuses multiplies and adds (Swift contracts no floating-point expression), so
/// both give the same results to the bit; the tests run each.
#if ANIMA_WIDE_AVX2
// built with -parse-stdlib (see LaneArithmetic.swift), which imports nothing by itself
import Swift
import AnimaWide
#endif

package enum WideKernel {
    /// Warm start of the lane groups `range`: each applies its accumulated impulses to its
    /// bodies' records. `sink` is the record a lane's static or anchored side writes to.
    @inline(never)
    package static func warmStart(_ groups: UnsafeMutablePointer<WideContact>, _ range: Range<Int>,
                                  _ bodies: UnsafeMutablePointer<WideBodyState>, sink: Int32) {
        for g in range { warmStartGroup(groups + g, bodies, sink: sink) }
    }

    /// One solve pass over the lane groups `range`, with the soft bias (`useBias`) or without
    /// (relax). `inverseSubstep` is 1 / h in 1/s, `maxPushOut` the push-out speed limit in pt/s.
    @inline(never)
    package static func solve(_ groups: UnsafeMutablePointer<WideContact>, _ range: Range<Int>,
                              _ bodies: UnsafeMutablePointer<WideBodyState>, inverseSubstep invH: Float,
                              maxPushOut: Float, useBias: Bool, sink: Int32) {
        // a copy of the kernel for each pass (the flag a constant in each), so neither carries
        // the other's branches
        if useBias {
            for g in range {
                solveGroup(groups + g, bodies, inverseSubstep: invH, maxPushOut: maxPushOut, useBias: true, sink: sink)
            }
        } else {
            for g in range {
                solveGroup(groups + g, bodies, inverseSubstep: invH, maxPushOut: maxPushOut, useBias: false, sink: sink)
            }
        }
    }
}

/// The motion of the bodies on one side of a lane group.
private struct WideBody {
    var vx: FloatLanes, vy: FloatLanes, w: FloatLanes
    var dpx: FloatLanes, dpy: FloatLanes
    var qc: FloatLanes, qs: FloatLanes

    @inline(__always)
    init(_ bodies: UnsafeMutablePointer<WideBodyState>, _ index: IndexLanes) {
        #if ANIMA_WIDE_AVX2
        // eight whole records transposed in registers (LaneTranspose.swift)
        (vx, vy, w, dpx, dpy, qc, qs) = transposeBodies(
            bodies[Int(index[0])], bodies[Int(index[1])], bodies[Int(index[2])], bodies[Int(index[3])],
            bodies[Int(index[4])], bodies[Int(index[5])], bodies[Int(index[6])], bodies[Int(index[7])])
        #else
        vx = FloatLanes(); vy = FloatLanes(); w = FloatLanes()
        dpx = FloatLanes(); dpy = FloatLanes(); qc = FloatLanes(); qs = FloatLanes()
        // lane by lane with constant lane numbers, as `scatter` (a loop over the lanes kept the
        // lane a variable: a mask compare and a blend for every value)
        @inline(__always) func lane(_ k: Int) {
            let body = bodies[Int(index[k])]
            vx[k] = body[0]; vy[k] = body[1]; w[k] = body[2]
            dpx[k] = body[4]; dpy[k] = body[5]
            qc[k] = body[6]; qs[k] = body[7]
        }
        lane(0); lane(1); lane(2); lane(3); lane(4); lane(5); lane(6); lane(7)
        #endif
    }

    /// Writes each lane's velocity back, to the group's write indices. Lanes of one group share
    /// no moving body; a lane whose side is anchored or static computed no change and writes
    /// it to its worker's sink record.
    @inline(__always)
    func scatter(_ bodies: UnsafeMutablePointer<WideBodyState>, _ index: IndexLanes, _ sink: Int32) {
        #if ANIMA_WIDE_AVX2
        // the first four floats of each record (vx, vy, w and the unused zero) at once, from the
        // velocities transposed in registers (LaneTranspose.swift)
        let (r04, r15, r26, r37) = transposeVelocities(vx, vy, w)
        @inline(__always) func store(_ k: Int, _ v: SIMD4<Float>) {
            let i = index[k]
            UnsafeMutableRawPointer(bodies + Int(i < 0 ? sink : i)).assumingMemoryBound(to: SIMD4<Float>.self).pointee = v
        }
        store(0, lowHalf(r04)); store(1, lowHalf(r15)); store(2, lowHalf(r26)); store(3, lowHalf(r37))
        store(4, highHalf(r04)); store(5, highHalf(r15)); store(6, highHalf(r26)); store(7, highHalf(r37))
        #else
        // lane by lane with constant lane numbers (a loop indexed the vectors through the stack)
        @inline(__always) func lane(_ k: Int) {
            let i = index[k]
            let body = UnsafeMutableRawPointer(bodies + Int(i < 0 ? sink : i)).assumingMemoryBound(to: Float.self)
            body[0] = vx[k]
            body[1] = vy[k]
            body[2] = w[k]
        }
        lane(0); lane(1); lane(2); lane(3); lane(4); lane(5); lane(6); lane(7)
        #endif
    }
}

private extension WideContact {
    /// The group's two points in place (no copy of their lanes).
    @inline(__always)
    static func points(_ c: UnsafeMutablePointer<WideContact>) -> (UnsafeMutablePointer<WidePoint>, UnsafeMutablePointer<WidePoint>) {
        let raw = UnsafeMutableRawPointer(c)
        return (raw.advanced(by: MemoryLayout<WideContact>.offset(of: \WideContact.p0)!).assumingMemoryBound(to: WidePoint.self),
                raw.advanced(by: MemoryLayout<WideContact>.offset(of: \WideContact.p1)!).assumingMemoryBound(to: WidePoint.self))
    }
}

extension WideKernel {
    /// Warm start of a lane group: P = lambda_n n + lambda_t t at each point;
    /// vA -= mA P, wA -= iA rA x P; vB += mB P, wB += iB rB x P.
    @inline(__always)
    private static func warmStartGroup(_ c: UnsafeMutablePointer<WideContact>, _ bodies: UnsafeMutablePointer<WideBodyState>,
                              sink: Int32) {
        var A = WideBody(bodies, c.pointee.a), B = WideBody(bodies, c.pointee.b)
        let nx = c.pointee.nx, ny = c.pointee.ny
        let mA = c.pointee.mA, iA = c.pointee.iA, mB = c.pointee.mB, iB = c.pointee.iB
        let (p0, p1) = WideContact.points(c)
        for j in 0..<2 {
            let p = j == 0 ? p0 : p1
            // P = ln n + lt t with t = (ny, -nx)
            let ln = p.pointee.normalImpulse, lt = p.pointee.tangentImpulse
            let px = ln * nx + lt * ny
            let py = ln * ny - lt * nx
            A.w -= iA * (p.pointee.ax * py - p.pointee.ay * px)
            A.vx -= mA * px
            A.vy -= mA * py
            B.w += iB * (p.pointee.bx * py - p.pointee.by * px)
            B.vx += mB * px
            B.vy += mB * py
            p.pointee.totalImpulse += ln
        }
        A.scatter(bodies, c.pointee.writeA, sink)
        B.scatter(bodies, c.pointee.writeB, sink)
    }

    /// Separation, normal velocity, and the bias and soft coefficients of one point of a lane
    /// group, with dp = dpB - dpA:
    ///   s = base + n . (dp + qB rB - qA rA),  vn = n . (vB + wB x rB - vA - wA x rA);
    ///   s > 0: bias = s / h, speculative; else with useBias: bias = max(ms biasRate s, -push)
    ///   and the soft coefficients (ms, is) unless the point approaches faster than `hard` or
    ///   carries more than 10 hard / k of impulse; else ms = 1, is = 0.
    @_transparent
    private static func wideTerms(_ c: UnsafeMutablePointer<WideContact>, _ p: UnsafeMutablePointer<WidePoint>,
                          _ A: WideBody, _ B: WideBody, _ dpx: FloatLanes, _ dpy: FloatLanes,
                          inverseSubstep invH: Float, maxPushOut: Float, useBias: Bool)
        -> (vn: FloatLanes, bias: FloatLanes, ms: FloatLanes, soft: FloatLanes) {
        let nx = c.pointee.nx, ny = c.pointee.ny
        let ax = p.pointee.ax, ay = p.pointee.ay, bx = p.pointee.bx, by = p.pointee.by
        // qA rA, qB rB
        let rax = A.qc * ax - A.qs * ay, ray = A.qs * ax + A.qc * ay
        let rbx = B.qc * bx - B.qs * by, rby = B.qs * bx + B.qc * by
        let s = p.pointee.base + nx * (dpx + rbx - rax) + ny * (dpy + rby - ray)
        // relative velocity of the anchors: v + w x r, with w x r = (-w r.y, w r.x)
        let dvx = (B.vx - B.w * by) - (A.vx - A.w * ay)
        let dvy = (B.vy + B.w * bx) - (A.vy + A.w * ax)
        let vn = nx * dvx + ny * dvy
        let zero = FloatLanes()
        let speculative = s .> zero
        var bias = zero.replacing(with: s * invH, where: speculative)
        var ms = FloatLanes(repeating: 1), soft = zero
        if useBias {
            let hard = c.pointee.hard, softMass = c.pointee.softMass
            let overlapping = .!speculative
            let push = FloatLanes(repeating: -maxPushOut)
            bias.replace(with: lanesMax(softMass * c.pointee.biasRate * s, push), where: overlapping)
            let yielding = overlapping .& (vn .>= -hard) .& (p.pointee.normalImpulse .<= 10 * hard * p.pointee.normalMass)
            ms.replace(with: softMass, where: yielding)
            soft.replace(with: c.pointee.softImpulse, where: yielding)
        }
        return (vn, bias, ms, soft)
    }

    /// Normal then friction impulses for a lane group, the formulas of `solve` lane by lane
    /// (the terms of each point in `wideTerms`): impulse = -m_n (ms vn + bias) - is lambda,
    /// lambda clamped >= 0; the 2 x 2 block solve (lanes in `block`) finds x >= 0 with
    /// K (x - (1 - is) lambda) + (ms vn + b) >= 0 complementary to x; friction clamps
    /// |lambda_t| <= mu lambda_n.
    @inline(__always)
    private static func solveGroup(_ c: UnsafeMutablePointer<WideContact>, _ bodies: UnsafeMutablePointer<WideBodyState>,
                          inverseSubstep invH: Float, maxPushOut: Float, useBias: Bool, sink: Int32) {
        var A = WideBody(bodies, c.pointee.a), B = WideBody(bodies, c.pointee.b)
        let nx = c.pointee.nx, ny = c.pointee.ny
        let mA = c.pointee.mA, iA = c.pointee.iA, mB = c.pointee.mB, iB = c.pointee.iB
        let zero = FloatLanes()
        let (p0, p1) = WideContact.points(c)
        // relative translation since the step began
        let dpx = B.dpx - A.dpx, dpy = B.dpy - A.dpy

        /// Applies a normal impulse of d0 at the first point and d1 at the second.
        @inline(__always)
        func applyNormal(_ d0: FloatLanes, _ d1: FloatLanes, _ A: inout WideBody, _ B: inout WideBody) {
            let sum = d0 + d1
            A.vx -= mA * sum * nx
            A.vy -= mA * sum * ny
            B.vx += mB * sum * nx
            B.vy += mB * sum * ny
            // rA x (d n) = d (rA.x n.y - rA.y n.x)
            A.w -= iA * (d0 * (p0.pointee.ax * ny - p0.pointee.ay * nx) + d1 * (p1.pointee.ax * ny - p1.pointee.ay * nx))
            B.w += iB * (d0 * (p0.pointee.bx * ny - p0.pointee.by * nx) + d1 * (p1.pointee.bx * ny - p1.pointee.by * nx))
        }

        let block = c.pointee.block
        let anyBlock = any(block), allBlock = all(block)
        let l0 = p0.pointee.normalImpulse, l1 = p1.pointee.normalImpulse
        var new0 = zero, new1 = zero
        if anyBlock {
            var blockA = A, blockB = B
            let t0 = wideTerms(c, p0, A, B, dpx, dpy, inverseSubstep: invH, maxPushOut: maxPushOut, useBias: useBias)
            let t1 = wideTerms(c, p1, A, B, dpx, dpy, inverseSubstep: invH, maxPushOut: maxPushOut, useBias: useBias)
            let k11 = c.pointee.k11, k12 = c.pointee.k12, k22 = c.pointee.k22
            // the soft system A x = -q (see ContactSolver.twoPointImpulses): the off-diagonal
            // terms scaled by each point's mass scale, which is 1 in the relax pass
            let q0 = t0.ms * (t0.vn - (k11 * l0 + k12 * l1)) + t0.bias
            let q1 = t1.ms * (t1.vn - (k12 * l0 + k22 * l1)) + t1.bias
            let a01 = useBias ? t0.ms * k12 : k12, a10 = useBias ? t1.ms * k12 : k12
            let inv = useBias ? (FloatLanes(repeating: 1) / (k11 * k22 - a01 * a10)).replacing(with: zero, where: .!block)
                              : c.pointee.invDet
            let both0 = -(k22 * q0 - a01 * q1) * inv
            let both1 = -(k11 * q1 - a10 * q0) * inv
            let alone0 = -q0 * p0.pointee.normalMass
            let alone1 = -q1 * p1.pointee.normalMass
            let useBoth = (both0 .>= zero) .& (both1 .>= zero)
            let useFirst = .!useBoth .& (alone0 .>= zero) .& (a10 * alone0 + q1 .>= zero)
            let useSecond = .!useBoth .& .!useFirst .& (alone1 .>= zero) .& (a01 * alone1 + q0 .>= zero)
            var x0 = zero, x1 = zero
            x0.replace(with: both0, where: useBoth)
            x1.replace(with: both1, where: useBoth)
            x0.replace(with: alone0, where: useFirst)
            x1.replace(with: alone1, where: useSecond)
            applyNormal(x0 - l0, x1 - l1, &blockA, &blockB)
            if allBlock {
                A = blockA
                B = blockB
                new0 = x0
                new1 = x1
            } else {
                // one point after the other in the lanes that are not block-solved
                let t0 = wideTerms(c, p0, A, B, dpx, dpy, inverseSubstep: invH, maxPushOut: maxPushOut, useBias: useBias)
                let s0 = lanesMax(l0 - p0.pointee.normalMass * (t0.ms * t0.vn + t0.bias) - t0.soft * l0, zero)
                applyNormal(s0 - l0, zero, &A, &B)
                let t1 = wideTerms(c, p1, A, B, dpx, dpy, inverseSubstep: invH, maxPushOut: maxPushOut, useBias: useBias)
                let s1 = lanesMax(l1 - p1.pointee.normalMass * (t1.ms * t1.vn + t1.bias) - t1.soft * l1, zero)
                applyNormal(zero, s1 - l1, &A, &B)
                A.vx.replace(with: blockA.vx, where: block)
                A.vy.replace(with: blockA.vy, where: block)
                A.w.replace(with: blockA.w, where: block)
                B.vx.replace(with: blockB.vx, where: block)
                B.vy.replace(with: blockB.vy, where: block)
                B.w.replace(with: blockB.w, where: block)
                new0 = s0.replacing(with: x0, where: block)
                new1 = s1.replacing(with: x1, where: block)
            }
        } else {
            // one point after the other
            let t0 = wideTerms(c, p0, A, B, dpx, dpy, inverseSubstep: invH, maxPushOut: maxPushOut, useBias: useBias)
            new0 = lanesMax(l0 - p0.pointee.normalMass * (t0.ms * t0.vn + t0.bias) - t0.soft * l0, zero)
            applyNormal(new0 - l0, zero, &A, &B)
            let t1 = wideTerms(c, p1, A, B, dpx, dpy, inverseSubstep: invH, maxPushOut: maxPushOut, useBias: useBias)
            new1 = lanesMax(l1 - p1.pointee.normalMass * (t1.ms * t1.vn + t1.bias) - t1.soft * l1, zero)
            applyNormal(zero, new1 - l1, &A, &B)
        }
        p0.pointee.totalImpulse += new0 - l0
        p1.pointee.totalImpulse += new1 - l1
        p0.pointee.normalImpulse = new0
        p1.pointee.normalImpulse = new1

        // friction, point by point, along t = (ny, -nx)
        let mu = c.pointee.friction
        for j in 0..<2 {
            let p = j == 0 ? p0 : p1
            let ax = p.pointee.ax, ay = p.pointee.ay, bx = p.pointee.bx, by = p.pointee.by
            let dvx = (B.vx - B.w * by) - (A.vx - A.w * ay)
            let dvy = (B.vy + B.w * bx) - (A.vy + A.w * ax)
            let vt = ny * dvx - nx * dvy
            let limit = mu * p.pointee.normalImpulse
            let lambda = p.pointee.tangentImpulse
            let updated = lanesMin(lanesMax(lambda - p.pointee.tangentMass * vt, -limit), limit)
            let d = updated - lambda
            let px = d * ny, py = -d * nx
            A.vx -= mA * px
            A.vy -= mA * py
            A.w -= iA * (ax * py - ay * px)
            B.vx += mB * px
            B.vy += mB * py
            B.w += iB * (bx * py - by * px)
            p.pointee.tangentImpulse = updated
        }
        A.scatter(bodies, c.pointee.writeA, sink)
        B.scatter(bodies, c.pointee.writeB, sink)
    }
}

/// The larger of a and b in each lane (a where b is NaN).
@_transparent private func lanesMax(_ a: FloatLanes, _ b: FloatLanes) -> FloatLanes { a.replacing(with: b, where: b .> a) }

/// The smaller of a and b in each lane (a where b is NaN).
@_transparent private func lanesMin(_ a: FloatLanes, _ b: FloatLanes) -> FloatLanes { a.replacing(with: b, where: b .< a) }
