/// Moving a lane group's eight body records into eight-lane vectors and back, for the AVX2
/// build of the wide kernel, by transposing them in registers.
///
/// A body record (`WideBodyState`) is eight floats: vx, vy, w, an unused zero, dpx, dpy and the
/// rotation's cosine and sine. Gathered one value at a time, the eight records of a side cost 56
/// lane inserts; read as eight whole vectors and transposed they cost eight loads and 23
/// shuffles (unpack pairs of records, then pairs of pairs, then swap 128-bit halves: the 8 x 8
/// transpose Box2D v3's AVX2 solver uses for its body states). The way back writes the first
/// four floats of each record (the velocities and the zero) from four vectors transposed the
/// same way, in place of 24 single-float stores. Only values move: the results are the lane
/// inserts' to the bit.
///
/// The shuffles are the compiler's `shufflevector` builtin (this module is built with
/// `-parse-stdlib`), each mask written as literals so that it reaches LLVM as a constant.
import Swift

/// The lane indices of a shuffle as the builtin takes them (0...7 from the first vector, 8...15
/// from the second). The builtin needs its mask to be a constant even where a function is
/// compiled on its own (as without optimization): each shuffle below calls this with literals
/// in its own body, where it is inlined (it is transparent) into a constant. A mask passed on
/// as an argument to a function that calls the builtin is not one, and crashes the compiler.
@_transparent
func laneMask(_ i0: Int32, _ i1: Int32, _ i2: Int32, _ i3: Int32,
              _ i4: Int32, _ i5: Int32, _ i6: Int32, _ i7: Int32) -> Builtin.Vec8xInt32 {
    var m: Builtin.Vec8xInt32 = Builtin.zeroInitializer()
    m = Builtin.insertelement_Vec8xInt32_Int32_Int32(m, i0._value, Int32(0)._value)
    m = Builtin.insertelement_Vec8xInt32_Int32_Int32(m, i1._value, Int32(1)._value)
    m = Builtin.insertelement_Vec8xInt32_Int32_Int32(m, i2._value, Int32(2)._value)
    m = Builtin.insertelement_Vec8xInt32_Int32_Int32(m, i3._value, Int32(3)._value)
    m = Builtin.insertelement_Vec8xInt32_Int32_Int32(m, i4._value, Int32(4)._value)
    m = Builtin.insertelement_Vec8xInt32_Int32_Int32(m, i5._value, Int32(5)._value)
    m = Builtin.insertelement_Vec8xInt32_Int32_Int32(m, i6._value, Int32(6)._value)
    m = Builtin.insertelement_Vec8xInt32_Int32_Int32(m, i7._value, Int32(7)._value)
    return m
}

/// `laneMask` for a four-lane result.
@_transparent
func halfMask(_ i0: Int32, _ i1: Int32, _ i2: Int32, _ i3: Int32) -> Builtin.Vec4xInt32 {
    var m: Builtin.Vec4xInt32 = Builtin.zeroInitializer()
    m = Builtin.insertelement_Vec4xInt32_Int32_Int32(m, i0._value, Int32(0)._value)
    m = Builtin.insertelement_Vec4xInt32_Int32_Int32(m, i1._value, Int32(1)._value)
    m = Builtin.insertelement_Vec4xInt32_Int32_Int32(m, i2._value, Int32(2)._value)
    m = Builtin.insertelement_Vec4xInt32_Int32_Int32(m, i3._value, Int32(3)._value)
    return m
}

/// x0 y0 x1 y1 | x4 y4 x5 y5: the low pair of each 128-bit half, interleaved.
@_transparent func unpackLow(_ x: SIMD8<Float>, _ y: SIMD8<Float>) -> SIMD8<Float> {
    var r = SIMD8<Float>()
    r._storage._value = Builtin.shufflevector_Vec8xFPIEEE32_Vec8xInt32(x._storage._value, y._storage._value,
                                                                      laneMask(0, 8, 1, 9, 4, 12, 5, 13))
    return r
}

/// x2 y2 x3 y3 | x6 y6 x7 y7
@_transparent func unpackHigh(_ x: SIMD8<Float>, _ y: SIMD8<Float>) -> SIMD8<Float> {
    var r = SIMD8<Float>()
    r._storage._value = Builtin.shufflevector_Vec8xFPIEEE32_Vec8xInt32(x._storage._value, y._storage._value,
                                                                      laneMask(2, 10, 3, 11, 6, 14, 7, 15))
    return r
}

/// x0 x1 y0 y1 | x4 x5 y4 y5
@_transparent func lowPairs(_ x: SIMD8<Float>, _ y: SIMD8<Float>) -> SIMD8<Float> {
    var r = SIMD8<Float>()
    r._storage._value = Builtin.shufflevector_Vec8xFPIEEE32_Vec8xInt32(x._storage._value, y._storage._value,
                                                                      laneMask(0, 1, 8, 9, 4, 5, 12, 13))
    return r
}

/// x2 x3 y2 y3 | x6 x7 y6 y7
@_transparent func highPairs(_ x: SIMD8<Float>, _ y: SIMD8<Float>) -> SIMD8<Float> {
    var r = SIMD8<Float>()
    r._storage._value = Builtin.shufflevector_Vec8xFPIEEE32_Vec8xInt32(x._storage._value, y._storage._value,
                                                                      laneMask(2, 3, 10, 11, 6, 7, 14, 15))
    return r
}

/// x's low half, then y's low half
@_transparent func lowHalves(_ x: SIMD8<Float>, _ y: SIMD8<Float>) -> SIMD8<Float> {
    var r = SIMD8<Float>()
    r._storage._value = Builtin.shufflevector_Vec8xFPIEEE32_Vec8xInt32(x._storage._value, y._storage._value,
                                                                      laneMask(0, 1, 2, 3, 8, 9, 10, 11))
    return r
}

/// x's high half, then y's high half
@_transparent func highHalves(_ x: SIMD8<Float>, _ y: SIMD8<Float>) -> SIMD8<Float> {
    var r = SIMD8<Float>()
    r._storage._value = Builtin.shufflevector_Vec8xFPIEEE32_Vec8xInt32(x._storage._value, y._storage._value,
                                                                      laneMask(4, 5, 6, 7, 12, 13, 14, 15))
    return r
}

/// Lanes 0...3.
@_transparent func lowHalf(_ x: SIMD8<Float>) -> SIMD4<Float> {
    var r = SIMD4<Float>()
    r._storage._value = Builtin.shufflevector_Vec8xFPIEEE32_Vec4xInt32(x._storage._value, x._storage._value,
                                                                      halfMask(0, 1, 2, 3))
    return r
}

/// Lanes 4...7.
@_transparent func highHalf(_ x: SIMD8<Float>) -> SIMD4<Float> {
    var r = SIMD4<Float>()
    r._storage._value = Builtin.shufflevector_Vec8xFPIEEE32_Vec4xInt32(x._storage._value, x._storage._value,
                                                                      halfMask(4, 5, 6, 7))
    return r
}

/// The fields of eight body records as eight-lane vectors: record k's field f is lane k of
/// the f-th result (vx, vy, w, dpx, dpy, qc, qs; the unused field is left out).
@_transparent
func transposeBodies(_ r0: SIMD8<Float>, _ r1: SIMD8<Float>, _ r2: SIMD8<Float>, _ r3: SIMD8<Float>,
                     _ r4: SIMD8<Float>, _ r5: SIMD8<Float>, _ r6: SIMD8<Float>, _ r7: SIMD8<Float>)
    -> (SIMD8<Float>, SIMD8<Float>, SIMD8<Float>, SIMD8<Float>, SIMD8<Float>, SIMD8<Float>, SIMD8<Float>) {
    // fields 0, 1 | 4, 5 and 2, 3 | 6, 7 of record pairs
    let t0 = unpackLow(r0, r1), t1 = unpackHigh(r0, r1)
    let t2 = unpackLow(r2, r3), t3 = unpackHigh(r2, r3)
    let t4 = unpackLow(r4, r5), t5 = unpackHigh(r4, r5)
    let t6 = unpackLow(r6, r7), t7 = unpackHigh(r6, r7)
    // one field of records 0-3 in the low half and another in the high half (and 4-7)
    let f04 = lowPairs(t0, t2), f15 = highPairs(t0, t2), f26 = lowPairs(t1, t3), f37 = highPairs(t1, t3)
    let g04 = lowPairs(t4, t6), g15 = highPairs(t4, t6), g26 = lowPairs(t5, t7), g37 = highPairs(t5, t7)
    return (lowHalves(f04, g04), lowHalves(f15, g15), lowHalves(f26, g26),
            highHalves(f04, g04), highHalves(f15, g15), highHalves(f26, g26), highHalves(f37, g37))
}

/// The inverse for the first four fields: record k's first four floats from lane k of vx, vy,
/// w and zero, as eight vectors whose low halves are records 0-3 and high halves records 4-7
/// (record k in the low half of result k % 4 when k < 4, its high half otherwise).
@_transparent
func transposeVelocities(_ vx: SIMD8<Float>, _ vy: SIMD8<Float>, _ w: SIMD8<Float>)
    -> (SIMD8<Float>, SIMD8<Float>, SIMD8<Float>, SIMD8<Float>) {
    let zero = SIMD8<Float>()
    let a = unpackLow(vx, vy), b = unpackHigh(vx, vy)
    let c = unpackLow(w, zero), d = unpackHigh(w, zero)
    return (lowPairs(a, c), highPairs(a, c), lowPairs(b, d), highPairs(b, d))
}
