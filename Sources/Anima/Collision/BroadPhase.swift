/// Sort-and-sweep broad phase: proxies sorted by the lower x of their box, then each proxy is
/// tested against the following ones until their lower x passes its upper x. Ties break by
/// proxy id, so the pair list is the same on every run.
struct BroadPhase {
    struct Proxy {
        var box: AABB
        var id: UInt32      // slot for items, 0x8000_0000 | segment id for boundaries
        var slot: Int32     // item slot, or -1
        var segment: Int32  // segment index, or -1
    }

    var proxies: [Proxy] = []
    var pairs: [Pair] = []

    /// Finds overlapping pairs that the filter accepts; results sorted by key in `pairs`.
    mutating func findPairs(accept: (Proxy, Proxy) -> Bool) {
        pairs.removeAll(keepingCapacity: true)
        proxies.sort { l, r in
            l.box.lower.x < r.box.lower.x || (l.box.lower.x == r.box.lower.x && l.id < r.id)
        }
        let n = proxies.count
        proxies.withUnsafeBufferPointer { p in
            for i in 0..<n {
                let pi = p[i]
                let maxX = pi.box.upper.x
                var j = i + 1
                while j < n && p[j].box.lower.x <= maxX {
                    let pj = p[j]
                    if pj.box.lower.y <= pi.box.upper.y && pi.box.lower.y <= pj.box.upper.y
                        && !(pi.slot < 0 && pj.slot < 0) && accept(pi, pj) {
                        let lo = min(pi.id, pj.id), hi = max(pi.id, pj.id)
                        let key = (UInt64(lo) << 32) | UInt64(hi)
                        if pi.slot < 0 {
                            pairs.append(Pair(key: key, a: -1, b: pj.slot, segment: pi.segment))
                        } else if pj.slot < 0 {
                            pairs.append(Pair(key: key, a: -1, b: pi.slot, segment: pj.segment))
                        } else {
                            pairs.append(Pair(key: key, a: min(pi.slot, pj.slot), b: max(pi.slot, pj.slot), segment: -1))
                        }
                    }
                    j += 1
                }
            }
        }
        pairs.sort { $0.key < $1.key }
    }
}
