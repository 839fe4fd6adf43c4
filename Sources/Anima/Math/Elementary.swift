#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Thin wrappers over the C library's libm so that the rest of the engine does not import it.

@inline(__always) func cosine(_ x: Double) -> Double { cos(x) }
@inline(__always) func sine(_ x: Double) -> Double { sin(x) }
@inline(__always) func arcTangent2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
@inline(__always) func exponential(_ x: Double) -> Double { exp(x) }
@inline(__always) func logarithm(_ x: Double) -> Double { log(x) }
@inline(__always) func floorValue(_ x: Double) -> Double { floor(x) }
