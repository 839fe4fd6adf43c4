// CSS export of timing curves: cubic-bezier() strings and linear() easings.

// MARK: - CSS export

extension TimingCurve {
    /// The CSS `<easing-function>` for this curve: `linear`; `cubic-bezier(x1, y1, x2, y2)` for
    /// the Bezier curves, e.g. `cubic-bezier(0.42, 0, 0.58, 1)` for `easeInOut`; `steps(4,
    /// jump-end)`; and for the Penner families, which CSS lacks, `cssLinear()` (within 0.001).
    public var cssString: String {
        switch self {
        case .linear:
            return "linear"
        case .steps(let count, let position):
            return "steps(\(position.normalizedCount(count)), \(position.cssName))"
        case .easeIn, .easeOut, .easeInOut, .default, .cubicBezier:
            let b = UnitCubicBezier(normalizing: self)
            return "cubic-bezier(\(shortNumber(b.x1)), \(shortNumber(b.y1)), \(shortNumber(b.x2)), \(shortNumber(b.y2)))"
        default:
            return cssLinear()
        }
    }

    /// The curve as a CSS `linear(...)` easing function whose piecewise-linear reading stays
    /// within `maxError` of `value(at:)` (default 0.001; clamped to 1e-5...1, NaN means the
    /// default), e.g. `linear(0, 0.0625 25%, 0.25 50%, 1)`.
    ///
    /// Stops lie on the curve, values rounded to 6 decimals and positions to 1e-8 of the
    /// duration. They are chosen greedily: each segment is extended as far as its chord stays
    /// within `maxError` of a sampling of the curve (every 5e-5, refined to 1e-8 where the curve
    /// bends sharply), so smooth stretches take few stops. `steps` curves with up to 10 000 steps
    /// are written exactly, with a pair of stops at each jump. A jump inside a curve (expo and
    /// elastic at their ends) or a vertical tangent (circ) is resolved only to within 1e-8 in t.
    public func cssLinear(maxError: Double = 0.001) -> String {
        let tolerance = maxError.isNaN ? 0.001 : Swift.min(Swift.max(maxError, 1e-5), 1)
        let stops: [(value: Double, position: Int)]
        if case .steps(let count, let position) = self, position.normalizedCount(count) <= 10_000 {
            stops = stepStops(count, position)
        } else {
            stops = sampledStops(tolerance: tolerance)
        }
        var text = "linear("
        for (i, stop) in stops.enumerated() {
            if i > 0 { text += ", " }
            text += decimalString(stop.value)
            if i > 0 && i < stops.count - 1 { text += " " + percentString(stop.position) }
        }
        return text + ")"
    }

    /// Positions are integers in units of 1e-8 of the duration, so they print exactly.
    private static let positionScale = 100_000_000

    private func stepStops(_ count: Int, _ position: StepPosition) -> [(value: Double, position: Int)] {
        let n = position.normalizedCount(count)
        let jumps = position.jumps(count)
        let first = position.jumpsAtStart ? 1.0 : 0.0
        var stops: [(value: Double, position: Int)] = []
        for i in 0..<n {
            let level = Swift.min(Double(i) + first, jumps) / jumps
            let start = Int((Double(i) / Double(n) * Double(Self.positionScale)).rounded())
            let end = Int((Double(i + 1) / Double(n) * Double(Self.positionScale)).rounded())
            stops.append((roundedValue(level), start))
            stops.append((roundedValue(level), end))
        }
        if let last = stops.last, last.value != 1 { stops.append((1, Self.positionScale)) }
        return stops
    }

    private func sampledStops(tolerance: Double) -> [(value: Double, position: Int)] {
        // Sample: a uniform grid, each interval halved while its midpoint strays from the chord.
        let baseStep = 5_000  // 5e-5
        let bendLimit = 0.02 * tolerance
        var positions: [Int] = [0]
        var values: [Double] = [value(at: 0)]
        var budget = 400_000
        func refine(_ lq: Int, _ lv: Double, _ rq: Int, _ rv: Double) {
            if rq - lq >= 2 && budget > 0 {
                let mq = (lq + rq) / 2
                let mv = value(at: Double(mq) / Double(Self.positionScale))
                if abs(mv - 0.5 * (lv + rv)) > bendLimit {
                    budget -= 1
                    refine(lq, lv, mq, mv)
                    refine(mq, mv, rq, rv)
                    return
                }
            }
            positions.append(rq)
            values.append(rv)
        }
        var q = 0
        while q < Self.positionScale {
            let next = q + baseStep
            refine(q, values[values.count - 1], next, value(at: Double(next) / Double(Self.positionScale)))
            q = next
        }

        // Greedy stops: from each stop, the farthest sample whose chord stays within the target.
        let target = 0.95 * tolerance
        func chordFits(_ i: Int, _ j: Int) -> Bool {
            let va = roundedValue(values[i]), vb = roundedValue(values[j])
            let qa = Double(positions[i]), span = Double(positions[j]) - qa
            var k = i + 1
            while k < j {
                let chord = va + (vb - va) * (Double(positions[k]) - qa) / span
                if abs(chord - values[k]) > target { return false }
                k += 1
            }
            return true
        }
        let last = positions.count - 1
        var stops: [(value: Double, position: Int)] = [(roundedValue(values[0]), 0)]
        var i = 0
        while i < last {
            var good = i + 1, bad = -1, reach = 2
            while bad < 0 {
                let j = Swift.min(i + reach, last)
                if chordFits(i, j) { good = j } else { bad = j }
                if j == last { break }
                reach *= 2
            }
            if bad > 0 {
                var low = good, high = bad
                while high - low > 1 {
                    let mid = (low + high) / 2
                    if chordFits(i, mid) { low = mid } else { high = mid }
                }
                good = low
            }
            stops.append((roundedValue(values[good]), positions[good]))
            i = good
        }
        return stops
    }
}

// MARK: - Number formatting (no Foundation)

/// v rounded to 6 decimals (left alone when too large for that to matter).
private func roundedValue(_ v: Double) -> Double {
    abs(v) < 1e9 ? (v * 1e6).rounded() / 1e6 : v
}

/// A number as CSS accepts it: the shortest round-trip form, without a trailing ".0".
private func shortNumber(_ v: Double) -> String {
    if v == 0 { return "0" }
    let text = v.description
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
}

/// A value already rounded to 6 decimals, printed with at most 6 decimals.
private func decimalString(_ v: Double) -> String {
    guard abs(v) < 1e9 else { return shortNumber(v) }
    let micro = Int64((v * 1e6).rounded())
    if micro == 0 { return "0" }
    return (micro < 0 ? "-" : "") + fixedPoint(whole: micro.magnitude / 1_000_000, fraction: micro.magnitude % 1_000_000)
}

/// A position in units of 1e-8 as a CSS percentage (1e-6 % resolution).
private func percentString(_ q: Int) -> String {
    let magnitude = UInt64(Swift.max(q, 0))
    return fixedPoint(whole: magnitude / 1_000_000, fraction: magnitude % 1_000_000) + "%"
}

/// whole.fraction, with `fraction` in millionths and no trailing zeros.
private func fixedPoint(whole: UInt64, fraction: UInt64) -> String {
    if fraction == 0 { return String(whole) }
    var digits = String(fraction + 1_000_000).dropFirst()  // six digits, leading zeros kept
    while digits.hasSuffix("0") { digits.removeLast() }
    return String(whole) + "." + digits
}
