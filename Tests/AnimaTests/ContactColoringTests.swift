import Testing
@testable import Anima

/// The contact colouring keeps the last colours when it is given the same constraints again,
/// and those are the colours a fresh colouring gives; changed constraints are coloured anew.
@Suite struct ContactColoringTests {
    /// A chain of boxes on a floor: constraint i joins bodies i and i + 1 (body 0 static), so
    /// neighbours must differ in colour.
    func chain(_ n: Int, shift: Int32 = 0) -> [SIMD2<Int32>] {
        (0..<n).map { i in SIMD2(i == 0 ? -1 : Int32(i) + shift, Int32(i + 1) + shift) }
    }

    func colours(_ c: ContactColoring, _ n: Int) -> ([Int8], [Int], [Int32]) {
        (Array(c.colorOf.prefix(n)), c.memberCount, c.overflow)
    }

    @Test func sameConstraintsKeepTheColoursAFreshColouringGives() {
        let ends = chain(500)
        var kept = ContactColoring()
        ends.withUnsafeBufferPointer { kept.color($0.baseAddress!, 500, bodyCount: 502) }
        let first = colours(kept, 500)
        ends.withUnsafeBufferPointer { kept.color($0.baseAddress!, 500, bodyCount: 502) }
        var fresh = ContactColoring()
        ends.withUnsafeBufferPointer { fresh.color($0.baseAddress!, 500, bodyCount: 502) }
        #expect(colours(kept, 500) == first && colours(fresh, 500) == first)
        // no two constraints that share a moving body share a colour
        for i in 1..<500 { #expect(first.0[i] != first.0[i - 1]) }

        // one constraint changed, fewer constraints, another body count: coloured anew, as fresh
        var changed = ends
        changed[250] = SIMD2(251, 400)
        for (input, count, bodies) in [(changed, 500, 502), (ends, 300, 502), (ends, 500, 503)] {
            input.withUnsafeBufferPointer { kept.color($0.baseAddress!, count, bodyCount: bodies) }
            var again = ContactColoring()
            input.withUnsafeBufferPointer { again.color($0.baseAddress!, count, bodyCount: bodies) }
            #expect(colours(kept, count) == colours(again, count))
            #expect(kept.colorOf.count == count)
        }
        // and back to the first constraints
        ends.withUnsafeBufferPointer { kept.color($0.baseAddress!, 500, bodyCount: 502) }
        #expect(colours(kept, 500) == first)
    }
}
