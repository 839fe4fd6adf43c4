/// Which collision behaviors each item belongs to, for any number of collision behaviors.
///
/// UIKit's rule: two items collide when at least one collision behavior whose mode includes
/// items holds both; an item meets a boundary when the collision behavior that owns the
/// boundary holds it. The exact answer is a set intersection. The step asks it for every
/// candidate pair, so each item also carries a 64-bit summary (`ItemStore.collisionMask` and
/// `boundaryMask`) with bit `k % 64` set for each collision behavior `k` it is in. Two items whose
/// summaries share no bit share no behavior. With at most 64 collision behaviors the bits are
/// the behaviors themselves and the summary is the answer; beyond 64 a shared bit may be two
/// different behaviors that fold onto it, and the sorted lists here decide (a merge of two
/// lists of typically one to three entries).
///
/// The lists are compressed rows (`start[slot] ..< start[slot + 1]` in `indices`), built once
/// per graph rebuild from the (slot, behavior) memberships in the order the tree is walked, so
/// each row is ascending. A slot created after the rebuild has an empty row and a zero summary
/// until the next rebuild; a freed slot's summary is zeroed at once while its row stays until the
/// next rebuild, so a row is read only behind a non-zero summary (`row(_:summary:)`).
struct CollisionMembership {
    /// Per slot, and one more: where the slot's row starts in `indices`.
    private(set) var start: [Int32] = [0]
    /// Collision behavior indices (into `WorldState.collisionBehaviors`), ascending per row.
    private(set) var indices: [Int32] = []

    /// The summary bit of collision behavior `k`.
    @inline(__always) static func bit(_ k: Int) -> UInt64 { 1 << UInt64(k & 63) }

    /// The rows of `slotCount` slots from `(slot, behavior)` memberships listed with ascending
    /// behavior indices (the tree's depth-first order); a repeated membership is kept once.
    init(slotCount: Int, memberships: [SIMD2<Int32>]) {
        var count = [Int32](repeating: 0, count: slotCount + 1)
        for m in memberships { count[Int(m.x) + 1] += 1 }
        for s in 0..<slotCount { count[s + 1] += count[s] }
        var filled = count
        var flat = [Int32](repeating: 0, count: memberships.count)
        var row = [Int32](repeating: 0, count: slotCount)
        for m in memberships {
            let s = Int(m.x)
            // memberships arrive with ascending behavior indices, so a repeat is the row's last entry
            if row[s] > 0 && flat[Int(filled[s]) - 1] == m.y { continue }
            flat[Int(filled[s])] = m.y
            filled[s] += 1
            row[s] += 1
        }
        // close the gaps that repeats left
        start = [Int32](repeating: 0, count: slotCount + 1)
        indices.reserveCapacity(memberships.count)
        for s in 0..<slotCount {
            let from = Int(count[s])
            indices.append(contentsOf: flat[from..<from + Int(row[s])])
            start[s + 1] = Int32(indices.count)
        }
    }

    /// Rows as they were read from a snapshot (checked by the caller: ascending, in range).
    init(rows: [[Int32]]) {
        start.reserveCapacity(rows.count + 1)
        for row in rows {
            indices.append(contentsOf: row)
            start.append(Int32(indices.count))
        }
    }

    init() {}

    /// The number of slots with a row.
    var slotCount: Int { start.count - 1 }

    /// The collision behaviors of a slot, ascending (empty for a slot beyond the rows).
    @inline(__always) func row(_ slot: Int) -> ArraySlice<Int32> {
        slot < slotCount ? indices[Int(start[slot])..<Int(start[slot + 1])] : []
    }

    /// The slot's row as it stands for its summary: empty when the summary is zero (the slot was
    /// freed, or made again, since the rebuild that wrote the row), the row otherwise.
    @inline(__always) func row(_ slot: Int, summary: UInt64) -> ArraySlice<Int32> {
        summary == 0 ? [] : row(slot)
    }

    /// The summary of a row: bit `k % 64` for each of its behaviors `k`.
    static func summary(of row: [Int32]) -> UInt64 {
        row.reduce(0) { $0 | bit(Int($1)) }
    }

    /// Whether collision behavior `k` holds the slot.
    @inline(__always) func contains(_ slot: Int, _ k: Int) -> Bool {
        for j in row(slot) where Int(j) >= k { return Int(j) == k }
        return false
    }

    /// Whether some collision behavior holds both slots (a merge of the two ascending rows).
    @inline(__always) func shares(_ a: Int, _ b: Int) -> Bool {
        let ra = row(a), rb = row(b)
        var i = ra.startIndex, j = rb.startIndex
        while i < ra.endIndex && j < rb.endIndex {
            let x = ra[i], y = rb[j]
            if x == y { return true }
            if x < y { i += 1 } else { j += 1 }
        }
        return false
    }

    /// Calls `body` with each collision behavior that holds both slots, ascending.
    @inline(__always) func forEachShared(_ a: Int, _ b: Int, _ body: (Int32) -> Void) {
        let ra = row(a), rb = row(b)
        var i = ra.startIndex, j = rb.startIndex
        while i < ra.endIndex && j < rb.endIndex {
            let x = ra[i], y = rb[j]
            if x == y { body(x) }
            if x <= y { i += 1 }
            if y <= x { j += 1 }
        }
    }
}
