#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if ANIMA_AVX2_KERNEL
import AnimaCPU
#endif

// Thin wrappers over the C library's libm so that the rest of the engine does not import it.

@inline(__always) func cosine(_ x: Double) -> Double { cos(x) }
@inline(__always) func sine(_ x: Double) -> Double { sin(x) }
/// (sine(x), cosine(x)) to the bit, in one call to the C library where it has one (glibc's
/// `sincos`, which Swift's Glibc module does not show: through AnimaCPU, built with the AVX2
/// kernel on x86-64). A step turns every turning item's rotation from its angle.
@inline(__always) func sineAndCosine(_ x: Double) -> (sin: Double, cos: Double) {
#if ANIMA_AVX2_KERNEL
    var s = 0.0, c = 0.0
    animacpu_sincos(x, &s, &c)
    return (s, c)
#else
    return (sin(x), cos(x))
#endif
}
@inline(__always) func arcTangent2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
@inline(__always) func exponential(_ x: Double) -> Double { exp(x) }
@inline(__always) func logarithm(_ x: Double) -> Double { log(x) }
@inline(__always) func floorValue(_ x: Double) -> Double { floor(x) }

/// `x` truncated toward zero as an `Int` that cannot trap: NaN gives 0 and values beyond
/// +/-2^53 (where a Double no longer holds every integer) saturate there. Every conversion of
/// a computed Double to an integer in the engine goes through this.
@inline(__always) func clampedInt(_ x: Double) -> Int {
    let limit = 9_007_199_254_740_992.0   // 2^53
    if !(x > -limit) { return x.isNaN ? 0 : -Int(limit) }
    if !(x < limit) { return Int(limit) }
    return Int(x)
}
