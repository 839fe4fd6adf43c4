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

    /// Per colour, the constraints it holds, in constraint order.
    private(set) var members: [[Int32]] = Array(repeating: [], count: ContactColoring.colorCount)
    /// The constraints no colour could take.
    private(set) var overflow: [Int32] = []
    /// colorCount bit sets of `words` words each: which bodies each colour has taken.
    private var taken: [UInt64] = []
    private var visit: [Int32] = []
    private var colorOf: [Int8] = []

    mutating func color(_ cs: UnsafeMutablePointer<ContactConstraint>, _ count: Int, bodyCount: Int) {
        let words = (bodyCount + 63) >> 6
        taken.removeAll(keepingCapacity: true)
        taken.append(contentsOf: repeatElement(0, count: words * ContactColoring.colorCount))
        for k in 0..<ContactColoring.colorCount { members[k].removeAll(keepingCapacity: true) }
        overflow.removeAll(keepingCapacity: true)
        // The constraints are offered colours in a scrambled order, the same for the same count
        // (a Fisher-Yates shuffle from a fixed seed): first-fit in contact order lays the
        // colours out in regular stripes, and Gauss-Seidel sweeping such stripes the same way
        // every pass leans a stack sideways (a 100-row pyramid's top by 40 pt in 5 s, against
        // 0.4 pt this way). Within a colour the order does not matter: each colour lists its
        // constraints in contact order, for memory locality.
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
                        colorOf[ci] = Int8(ContactColoring.firstFree(cs[ci], bits, words))
                    }
                }
            }
        }
        for ci in 0..<count {
            let k = Int(colorOf[ci])
            if k >= 0 { members[k].append(Int32(ci)) } else { overflow.append(Int32(ci)) }
        }
    }

    /// Takes the colour for one constraint and marks its moving bodies in it; -1 if none is free.
    @inline(__always)
    private static func firstFree(_ c: ContactConstraint, _ bits: UnsafeMutableBufferPointer<UInt64>, _ words: Int) -> Int {
        let aMoves = c.invMassA != 0 || c.invIA != 0
        let bMoves = c.invMassB != 0 || c.invIB != 0
        let a = Int(c.a), b = Int(c.b)
        if aMoves && bMoves {
            for k in 0..<dynamicColorCount {
                let base = k * words
                if isSet(bits, base, a) || isSet(bits, base, b) { continue }
                set(bits, base, a)
                set(bits, base, b)
                return k
            }
            return -1
        }
        let body = aMoves ? a : b
        for k in stride(from: colorCount - 1, through: 0, by: -1) {
            let base = k * words
            if isSet(bits, base, body) { continue }
            set(bits, base, body)
            return k
        }
        return -1
    }

    @inline(__always)
    private static func isSet(_ bits: UnsafeMutableBufferPointer<UInt64>, _ base: Int, _ body: Int) -> Bool {
        bits[base + body >> 6] & (1 << UInt64(body & 63)) != 0
    }

    @inline(__always)
    private static func set(_ bits: UnsafeMutableBufferPointer<UInt64>, _ base: Int, _ body: Int) {
        bits[base + body >> 6] |= 1 << UInt64(body & 63)
    }
}
