/// The set of the pair keys that have a contact: open addressing with linear probing and
/// Fibonacci hashing (the key times 2^64 / golden ratio, top bits), removal by backward shift
/// (Knuth, TAOCP vol. 3, 6.4, algorithm R), so no tombstones accumulate while pairs come and go.
/// A crowd makes and drops thousands of pairs a step; this costs a multiply and a probe or two
/// where `Set<UInt64>` hashes each key with SipHash. Keys are never `UInt64.max` (a key holds two
/// slot or segment numbers below 2^31 and 2^32 - 1), which marks an empty slot.
struct PairKeySet {
    private static let empty = UInt64.max
    private var slots: [UInt64] = Array(repeating: PairKeySet.empty, count: 64)
    private var shift = 64 - 6
    private(set) var count = 0

    @inline(__always) private func home(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    func contains(_ key: UInt64) -> Bool {
        let mask = slots.count - 1
        var i = home(key)
        while true {
            let k = slots[i]
            if k == key { return true }
            if k == PairKeySet.empty { return false }
            i = (i + 1) & mask
        }
    }

    /// Calls `body` with a function that reads the home slot of a key: reading those of many
    /// keys before changing them brings their slots into the cache together.
    @inline(__always) func withSlots<R>(_ body: ((UInt64) -> UInt64) -> R) -> R {
        slots.withUnsafeBufferPointer { slots in body { slots[home($0)] } }
    }

    /// Adds `key`; false if it was there already.
    @discardableResult
    mutating func insert(_ key: UInt64) -> Bool {
        if 2 * (count + 1) > slots.count { grow() }
        let mask = slots.count - 1
        var i = home(key)
        while slots[i] != PairKeySet.empty {
            if slots[i] == key { return false }
            i = (i + 1) & mask
        }
        slots[i] = key
        count += 1
        return true
    }

    /// Removes `key`; false if it was not there.
    @discardableResult
    mutating func remove(_ key: UInt64) -> Bool {
        let mask = slots.count - 1
        var i = home(key)
        while slots[i] != key {
            if slots[i] == PairKeySet.empty { return false }
            i = (i + 1) & mask
        }
        // close the gap: move back every later key of the run whose home is not in (i, j]
        var j = i
        while true {
            j = (j + 1) & mask
            let k = slots[j]
            if k == PairKeySet.empty { break }
            let h = home(k)
            let stays = i <= j ? (i < h && h <= j) : (i < h || h <= j)
            if !stays {
                slots[i] = k
                i = j
            }
        }
        slots[i] = PairKeySet.empty
        count -= 1
        return true
    }

    /// Rebuilds the table at a quarter full once it is less than an eighth full (a crowd that
    /// came to rest holds a third of the pairs it had while falling), so that its memory follows
    /// the pairs: between the two limits it neither grows nor shrinks.
    mutating func releaseSpareSlots() {
        guard slots.count > 64, 8 * count < slots.count else { return }
        var size = 64
        while size < 4 * count { size *= 2 }
        rehash(into: size)
    }

    /// Slots in the table (a power of two, at least 64).
    var capacity: Int { slots.count }

    private mutating func grow() { rehash(into: 2 * slots.count) }

    /// Moves every key into a new table of `size` slots (a power of two, at least 64).
    private mutating func rehash(into size: Int) {
        let old = slots
        slots = Array(repeating: PairKeySet.empty, count: size)
        shift = 64 - size.trailingZeroBitCount
        count = 0
        for k in old where k != PairKeySet.empty { insert(k) }
    }
}
