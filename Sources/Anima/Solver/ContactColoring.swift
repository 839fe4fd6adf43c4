#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Greedy colouring of the contact constraints of one step, so that no two constraints of one
/// colour share a body the contacts can move: each colour can then be solved eight lanes at a
/// time without two lanes writing one body. After Box2D v3's constraint graph
/// (`constraint_graph.c`): a constraint between two moving bodies takes the lowest colour free
/// for both among the first `dynamicColorCount`; one against a static or anchored body takes the
/// highest colour free for its moving body, so that it is solved late and has the last word.
/// A body with neither inverse mass nor inverse inertia is never written by a contact and takes
/// no colour. Constraints that find no free colour are left over (`overflow`) for the scalar
/// solver. The colouring depends only on the constraint order, so it is deterministic.
struct ContactColoring {
    static let colorCount = 24
    static let dynamicColorCount = 20

    /// Per colour, how many constraints it holds.
    private(set) var memberCount: [Int] = Array(repeating: 0, count: ContactColoring.colorCount)
    /// The constraints no colour could take.
    private(set) var overflow: [Int32] = []
    /// Per constraint, its colour, or -1 when no colour could take it.
    private(set) var colorOf: [Int8] = []
    /// Per body, the colours it has taken (bit k for colour k).
    private var taken: [UInt32] = []
    private var visit: [Int32] = []
    /// The inputs of the last colouring (see `color`).
    private var lastEnds: [SIMD2<Int32>] = []
    private var lastBodyCount = -1

    /// Colours the step's `count` constraints over `bodyCount` solver bodies.
    /// `ends` holds per constraint the bodies it can move, -1 for a side it cannot (written by
    /// the constraint builder beside each constraint): the colours are offered in a scrambled
    /// order, and these 8 bytes a constraint are what that order reads, not its record.
    ///
    /// The colouring depends on these inputs alone, so when they are those of the last call (a
    /// scene at rest, whose constraints stay the same from step to step) the last colours stand
    /// and nothing is recomputed: one comparison of 8 bytes a constraint instead of the
    /// shuffled first-fit pass, which the many pyramids on two workers spent 5 % of their step
    /// on with the stepping thread alone. Box2D v3 keeps its colours from step to step too.
    mutating func color(_ ends: UnsafePointer<SIMD2<Int32>>, _ count: Int, bodyCount: Int) {
        if bodyCount == lastBodyCount && count == lastEnds.count
            && lastEnds.withUnsafeBytes({ $0.count == 0 || memcmp($0.baseAddress!, ends, $0.count) == 0 }) {
            return
        }
        lastBodyCount = bodyCount
        lastEnds.removeAll(keepingCapacity: true)
        lastEnds.append(contentsOf: UnsafeBufferPointer(start: ends, count: count))
        taken.removeAll(keepingCapacity: true)
        taken.append(contentsOf: repeatElement(0, count: bodyCount))
        for k in 0..<ContactColoring.colorCount { memberCount[k] = 0 }
        overflow.removeAll(keepingCapacity: true)
        // The constraints are offered colours in a scrambled order, the same for the same count
        // (a Fisher-Yates shuffle from a fixed seed): first-fit in contact order lays the
        // colours out in regular stripes, and Gauss-Seidel sweeping such stripes the same way
        // every pass leans a stack sideways (a 100-row pyramid's top by 40 pt in 5 s, against
        // 0.4 pt this way). Within a colour the order does not matter: the packing keeps
        // contact order there, for memory locality.
        visit.removeAll(keepingCapacity: true)
        visit.append(contentsOf: 0..<Int32(count))
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        if count > 1 {
            for i in stride(from: count - 1, to: 0, by: -1) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                visit.swapAt(i, Int((state >> 33) % UInt64(i + 1)))
            }
        }
        colorOf.removeAll(keepingCapacity: true)
        colorOf.append(contentsOf: repeatElement(-1, count: count))
        taken.withUnsafeMutableBufferPointer { bits in
            visit.withUnsafeBufferPointer { visit in
                colorOf.withUnsafeMutableBufferPointer { colorOf in
                    for k in 0..<count {
                        let ci = Int(visit[k])
                        colorOf[ci] = Int8(ContactColoring.firstFree(ends[ci], bits))
                    }
                }
            }
        }
        for ci in 0..<count {
            let k = Int(colorOf[ci])
            if k >= 0 { memberCount[k] += 1 } else { overflow.append(Int32(ci)) }
        }
    }

    /// Takes the colour for one constraint and marks its moving bodies in it; -1 if none is free.
    /// A constraint between two moving bodies takes the lowest colour below `dynamicColorCount`
    /// that neither has taken; one with a single moving body the highest colour it has not.
    @inline(__always)
    private static func firstFree(_ ends: SIMD2<Int32>, _ taken: UnsafeMutableBufferPointer<UInt32>) -> Int {
        let aMoves = ends.x >= 0, bMoves = ends.y >= 0
        let a = Int(ends.x), b = Int(ends.y)
        if aMoves && bMoves {
            let free = ~(taken[a] | taken[b]) & (1 << UInt32(dynamicColorCount) - 1)
            if free == 0 { return -1 }
            let k = free.trailingZeroBitCount
            taken[a] |= 1 << UInt32(k)
            taken[b] |= 1 << UInt32(k)
            return k
        }
        let body = aMoves ? a : b
        let free = ~taken[body] & (1 << UInt32(colorCount) - 1)
        if free == 0 { return -1 }
        let k = 31 - free.leadingZeroBitCount
        taken[body] |= 1 << UInt32(k)
        return k
    }
}
