/// The data of the wide contact solver: contacts that share no moving body are solved eight at
/// a time, one per SIMD lane, in single precision (the scheme of Box2D v3's `contact_solver.c`,
/// after Catto's "Solver2D" soft step). Each step the constraints are coloured so that no two of
/// one colour touch the same moving body (Anima's `ContactColoring`), and each colour is packed
/// into lane groups in structure-of-arrays form (`WideContact`). The kernel that solves them is
/// `WideKernel` (WideKernel.swift), compiled in this module for baseline x86-64 (SSE2, each
/// eight-lane vector two registers) and, in builds made with `ANIMA_AVX2=1`, in `AnimaWideAVX2`
/// for AVX2 (one register each); Anima picks one at run time. Only data lives here, so that both copies of the kernel read
/// the same layout.
///
/// Eight lanes: on SSE2 each vector is two registers, and still 17 % faster than four lanes on
/// the 100-row pyramid (the width does not change any result: lanes are independent).
package typealias FloatLanes = SIMD8<Float>
package typealias IndexLanes = SIMD8<Int32>
package typealias LaneMask = SIMDMask<IndexLanes>
/// Contacts per lane group. Inlinable, so that other modules fold it: a stored constant of
/// this module is a load in theirs, and the packing's `p / laneWidth` was an integer division
/// per contact (4 % of the packing's samples). (`FloatLanes` is package, which an inlinable
/// body may not name: its width spelled out.)
@inlinable package var laneWidth: Int { @inline(__always) get { SIMD8<Float>.scalarCount } }

/// One contact point in each lane.
package struct WidePoint {
    package var ax = FloatLanes(), ay = FloatLanes()     // anchor on A, from A's centre at the step start
    package var bx = FloatLanes(), by = FloatLanes()     // anchor on B
    package var base = FloatLanes()                      // separation minus n . (rB - rA) at the step start
    package var normalMass = FloatLanes(), tangentMass = FloatLanes()
    package var normalImpulse = FloatLanes(), tangentImpulse = FloatLanes(), totalImpulse = FloatLanes()

    package init() {}
}

/// A lane group: one contact constraint per lane. A lane without a contact (padding) joins the static
/// body to itself with zero masses, so every impulse it computes is zero.
package struct WideContact {
    package var a = IndexLanes(), b = IndexLanes()       // solver bodies (0 is the static body)
    // where each side's velocities are written back: the body itself when a contact can move
    // it, else -1 for the sink record of the worker that solves the group (`WideBodies`), so
    // that no two workers ever write one record, not even the same value to a static body
    package var writeA = IndexLanes(), writeB = IndexLanes()
    package var index = IndexLanes(repeating: -1)        // the constraint each lane holds, -1 for none
    package var nx = FloatLanes(), ny = FloatLanes()
    package var friction = FloatLanes()
    package var mA = FloatLanes(), iA = FloatLanes(), mB = FloatLanes(), iB = FloatLanes()
    package var biasRate = FloatLanes(), softMass = FloatLanes(), softImpulse = FloatLanes()
    package var hard = FloatLanes()
    // the 2 x 2 effective mass of two-point manifolds solved as a block, and which lanes are
    package var k11 = FloatLanes(), k12 = FloatLanes(), k22 = FloatLanes(), invDet = FloatLanes()
    package var block = LaneMask(repeating: false)
    package var p0 = WidePoint(), p1 = WidePoint()

    package init() {}
}

/// A solver body in single precision, as the lane groups read it: velocity (vx, vy, w), then
/// the motion since the step began (dpx, dpy and the rotation's cosine and sine), 32 bytes.
/// Anima's `WideBodies` keeps one per solver body for the duration of a pass over the lane groups.
package typealias WideBodyState = SIMD8<Float>
