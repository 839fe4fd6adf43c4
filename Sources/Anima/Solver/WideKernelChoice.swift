import AnimaWide
#if ANIMA_AVX2_KERNEL
import AnimaCPU
import AnimaWideAVX2
/// The AVX2 build of the kernel.
typealias AVX2Kernel = AnimaWideAVX2.WideKernel
#else
/// No AVX2 build in this library: `avx2` is never available, and names the baseline build.
typealias AVX2Kernel = AnimaWide.WideKernel
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which build of the wide contact kernel (`WideKernel`, one source compiled twice) solves the
/// lane groups: the baseline x86-64 build (SSE2, each eight-lane vector in two registers), or
/// the AVX2 build (one register per vector: about half the instructions and far fewer spills).
/// Both give the same results to the bit (neither fuses a multiply and an add); the fastest the
/// processor supports is used unless the environment variable `ANIMA_WIDE_KERNEL` says `sse2`
/// (or `avx2`, honoured only where the processor has it), read once per process. The AVX2 build
/// exists only in builds made with `ANIMA_AVX2=1` (Package.swift); elsewhere `avx2` is never
/// available.
enum WideKernelChoice: Sendable, CaseIterable {
    case sse2
    case avx2

    /// Whether this processor and its operating system can run the AVX2 build.
    #if ANIMA_AVX2_KERNEL
    static let avx2Available = animacpu_has_avx2() != 0
    #else
    static let avx2Available = false
    #endif

    /// The choice for new animators: AVX2 where available, unless `ANIMA_WIDE_KERNEL` says otherwise.
    static let preferred: WideKernelChoice = {
        if let name = getenv("ANIMA_WIDE_KERNEL").map({ String(cString: $0) }), name == "sse2" { return .sse2 }
        return avx2Available ? .avx2 : .sse2
    }()

    /// Whether this build can run here (`sse2` always can).
    var isAvailable: Bool { self == .sse2 || WideKernelChoice.avx2Available }

    /// Warm start of the lane groups `range` (see `WideKernel.warmStart`).
    @inline(__always)
    func warmStart(_ groups: UnsafeMutablePointer<WideContact>, _ range: Range<Int>,
                   _ bodies: UnsafeMutablePointer<WideBodyState>, sink: Int32) {
        switch self {
        case .sse2: AnimaWide.WideKernel.warmStart(groups, range, bodies, sink: sink)
        case .avx2: AVX2Kernel.warmStart(groups, range, bodies, sink: sink)
        }
    }

    /// One solve or relax pass over the lane groups `range` (see `WideKernel.solve`).
    @inline(__always)
    func solve(_ groups: UnsafeMutablePointer<WideContact>, _ range: Range<Int>,
               _ bodies: UnsafeMutablePointer<WideBodyState>, inverseSubstep: Float, useBias: Bool, sink: Int32) {
        let push = Float(Tolerances.maxPushOutSpeed)
        switch self {
        case .sse2:
            AnimaWide.WideKernel.solve(groups, range, bodies, inverseSubstep: inverseSubstep, maxPushOut: push,
                                       useBias: useBias, sink: sink)
        case .avx2:
            AVX2Kernel.solve(groups, range, bodies, inverseSubstep: inverseSubstep, maxPushOut: push,
                             useBias: useBias, sink: sink)
        }
    }
}
