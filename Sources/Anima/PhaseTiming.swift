import Glibc
enum PhaseTiming {
    nonisolated(unsafe) static var totals = [UInt64](repeating: 0, count: 32)
    nonisolated(unsafe) static var names = [String](repeating: "", count: 32)
    @inline(__always) static func now() -> UInt64 {
        var ts = timespec(); clock_gettime(CLOCK_MONOTONIC, &ts); return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }
    @inline(__always) static func add(_ k: Int, _ name: String, _ since: inout UInt64) {
        let t = now(); totals[k] &+= t - since; names[k] = name; since = t
    }
    static func report() {
        guard getenv("ANIMA_PHASES") != nil else { return }
        for k in 0..<32 where totals[k] > 0 { print("phase \(k) \(names[k]): \(Double(totals[k]) / 1e6) ms") }
    }
}
