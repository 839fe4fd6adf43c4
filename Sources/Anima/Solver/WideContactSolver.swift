import AnimaWide

// The wide contact solver's data (`WideContact`, `WidePoint`, `WideBodyState`) and its kernel
// (`WideKernel`, built for SSE2 and for AVX2) live in the modules AnimaWide and AnimaWideAVX2;
// see WideKernelChoice.swift for how one is picked. What stays here is the copy of the solver
// bodies that the kernel reads and writes.

/// The single-precision copy of the solver bodies that the lane groups work on. Before a pass
/// it takes the bodies' state; after it, each body gets the change of its velocity added to
/// its double-precision state, so a body no contact touched, and an anchored body, keep their
/// velocity to the last bit.
enum WideBodies {
    /// Records between two workers' sinks (128 bytes, so that no two share a cache line).
    static let sinkStride = 4

    /// Records needed for `bodyCount` bodies and the sinks of `workers` workers.
    static func recordCount(bodyCount: Int, workers: Int) -> Int { bodyCount + sinkStride * workers }

    /// Calls `body` with each body a pass names: i for i in range, or with a list list[k] for k
    /// in range.
    @inline(__always)
    private static func forEachBody(_ range: Range<Int>, _ list: UnsafePointer<Int32>?, _ body: (Int) -> Void) {
        if let list {
            for k in range { body(Int(list[k])) }
        } else {
            for i in range { body(i) }
        }
    }

    /// bodies[i] -> copy[i] for the bodies i `forEachBody` names.
    static func load(_ bodies: UnsafeMutablePointer<SolverBody>, into copy: UnsafeMutablePointer<WideBodyState>,
                     _ range: Range<Int>, list: UnsafePointer<Int32>?) {
        forEachBody(range, list) { i in
            let b = bodies[i]
            copy[i] = WideBodyState(Float(b.v.x), Float(b.v.y), Float(b.w), 0,
                                    Float(b.dp.x), Float(b.dp.y), Float(b.dq.c), Float(b.dq.s))
        }
    }

    /// v += copy.v - float(v) for each body `forEachBody` names: the change the pass made, in
    /// double precision.
    static func storeVelocities(_ copy: UnsafePointer<WideBodyState>, into bodies: UnsafeMutablePointer<SolverBody>,
                                _ range: Range<Int>, list: UnsafePointer<Int32>?) {
        forEachBody(range, list) { i in
            let c = copy[i], b = bodies + i
            let dvx = c[0] - Float(b.pointee.v.x), dvy = c[1] - Float(b.pointee.v.y), dw = c[2] - Float(b.pointee.w)
            if dvx != 0 || dvy != 0 || dw != 0 {
                b.pointee.v.x += Double(dvx)
                b.pointee.v.y += Double(dvy)
                b.pointee.w += Double(dw)
            }
        }
    }
}

