/// Eight-lane single-precision arithmetic for the AVX2 build of the wide kernel, as one vector
/// instruction each.
///
/// The standard library's arithmetic on `SIMD8<Float>` is a loop over the lanes that LLVM's
/// superword vectorizer has to gather back into vectors, and in the kernel built for AVX2 it
/// did so only in part: the warm start ran 64 scalar multiplies and adds beside its vector
/// ones, and the solve pass spilled 223 vectors to the stack. These overloads, more specific
/// than the library's generic ones, say each operation on whole vectors with the compiler's
/// vector builtins (hence `-parse-stdlib` for this module alone, Package.swift), so the vector
/// form is given rather than recovered.
///
/// Every operation computes what the library's does, lane for lane and to the bit: IEEE add,
/// subtract, multiply and divide with no contraction into fused multiply-adds, negation as
/// `0 - a` as the library writes it (so that -(+0) stays +0), and the lane select of
/// `replacing(with:where:)`. The SSE2 build (AnimaWide) keeps the library's operators; the
/// tests check that both builds give bit-identical poses.
import Swift

extension SIMD8 where Scalar == Float {
    @_transparent
    static func + (a: Self, b: Self) -> Self {
        var r = Self()
        r._storage._value = Builtin.fadd_Vec8xFPIEEE32(a._storage._value, b._storage._value)
        return r
    }

    @_transparent
    static func - (a: Self, b: Self) -> Self {
        var r = Self()
        r._storage._value = Builtin.fsub_Vec8xFPIEEE32(a._storage._value, b._storage._value)
        return r
    }

    @_transparent
    static func * (a: Self, b: Self) -> Self {
        var r = Self()
        r._storage._value = Builtin.fmul_Vec8xFPIEEE32(a._storage._value, b._storage._value)
        return r
    }

    @_transparent
    static func / (a: Self, b: Self) -> Self {
        var r = Self()
        r._storage._value = Builtin.fdiv_Vec8xFPIEEE32(a._storage._value, b._storage._value)
        return r
    }

    /// `0 - a`, as the standard library defines the negation of a vector.
    @_transparent
    static prefix func - (a: Self) -> Self { Self() - a }

    @_transparent
    static func += (a: inout Self, b: Self) { a = a + b }

    @_transparent
    static func -= (a: inout Self, b: Self) { a = a - b }

    @_transparent
    static func *= (a: inout Self, b: Self) { a = a * b }

    /// `other` in the lanes where `mask` is true, `self` elsewhere.
    @_transparent
    func replacing(with other: Self, where mask: SIMDMask<SIMD8<Int32>>) -> Self {
        var r = Self()
        let lanes = Builtin.trunc_Vec8xInt32_Vec8xInt1(mask._storage._storage._value)
        r._storage._value = Builtin.select_Vec8xInt1_Vec8xFPIEEE32(lanes, other._storage._value, _storage._value)
        return r
    }

    @_transparent
    mutating func replace(with other: Self, where mask: SIMDMask<SIMD8<Int32>>) {
        self = replacing(with: other, where: mask)
    }
}
