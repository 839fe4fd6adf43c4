import Testing
@testable import Anima

@Suite struct PairKeySetTests {
    /// Random inserts and removals, checked against `Set<UInt64>` after every operation. The
    /// keys are drawn from a small range, shaped like pair keys (two 32-bit halves), so runs of
    /// collisions form and removals must shift later keys back into place.
    @Test func agreesWithTheStandardSetThroughChurn() {
        var set = PairKeySet()
        var reference = Set<UInt64>()
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ n: UInt64) -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return (state >> 33) % n
        }
        for round in 0..<60_000 {
            let key = (next(300) << 32) | next(300)
            // grow to about 4 000 keys, then keep removing about as much as is added
            if round < 20_000 || next(2) == 0 {
                let inserted = set.insert(key)
                #expect(inserted == reference.insert(key).inserted)
            } else {
                let removed = set.remove(key)
                #expect(removed == (reference.remove(key) != nil))
            }
            #expect(set.count == reference.count)
            let probe = (next(300) << 32) | next(300)
            #expect(set.contains(probe) == reference.contains(probe))
        }
        for key in reference { #expect(set.contains(key)) }
        #expect(reference.count > 1000)
    }

    @Test func removingEverythingLeavesItEmpty() {
        var set = PairKeySet()
        let keys = (0..<5000).map { UInt64($0) << 32 | UInt64(($0 * 7919) % 5000) }
        var results: [Bool] = keys.map { set.insert($0) }
        #expect(results.allSatisfy { $0 })
        let again = set.insert(keys[17])
        #expect(!again)
        results = keys.reversed().map { set.remove($0) }
        #expect(results.allSatisfy { $0 })
        #expect(set.count == 0)
        let removedTwice = set.remove(keys[0])
        #expect(!removedTwice)
        for k in keys { #expect(!set.contains(k)) }
    }

    /// After most keys are gone the table gives its slots back (to a quarter full at most, a
    /// power of two), keeps every remaining key and none of the removed ones, and takes keys as
    /// before; at more than an eighth full it is left as it is.
    @Test func releasingSpareSlotsKeepsTheKeys() {
        var set = PairKeySet()
        let keys = (0..<20_000).map { UInt64($0) << 32 | UInt64(($0 * 7919) % 20_000) }
        for k in keys { set.insert(k) }
        let full = set.capacity
        #expect(full >= 40_000)
        set.releaseSpareSlots()
        #expect(set.capacity == full, "half full: nothing to give back")
        for k in keys[1000...] { set.remove(k) }
        set.releaseSpareSlots()
        #expect(set.count == 1000 && set.capacity == 4096, "\(set.capacity) slots for 1000 keys")
        for k in keys[..<1000] { #expect(set.contains(k)) }
        for k in keys[1000...] { #expect(!set.contains(k)) }
        let added = set.insert(keys[5000]), addedAgain = set.insert(keys[3])
        #expect(added && set.contains(keys[5000]) && set.count == 1001)
        #expect(!addedAgain)
    }
}
