import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
@testable import Anima

// MARK: - Reference formulas (easings.net, written out per kind)

private let c1 = 1.70158
private let c2 = c1 * 1.525
private let c3 = c1 + 1
private let c4 = 2 * Double.pi / 3
private let c5 = 2 * Double.pi / 4.5
private let n1 = 7.5625
private let d1 = 2.75

private func bounceOutFormula(_ x: Double) -> Double {
    if x < 1 / d1 { return n1 * x * x }
    if x < 2 / d1 { let y = x - 1.5 / d1; return n1 * y * y + 0.75 }
    if x < 2.5 / d1 { let y = x - 2.25 / d1; return n1 * y * y + 0.9375 }
    let y = x - 2.625 / d1
    return n1 * y * y + 0.984375
}

/// The defining formula of a Penner curve, transcribed independently of the engine.
private func formula(_ family: String, _ kind: TimingCurve.EaseKind, _ x: Double) -> Double {
    switch (family, kind) {
    case ("quad", .in): return x * x
    case ("quad", .out): return 1 - (1 - x) * (1 - x)
    case ("quad", .inOut): return x < 0.5 ? 2 * x * x : 1 - pow(-2 * x + 2, 2) / 2
    case ("cubic", .in): return x * x * x
    case ("cubic", .out): return 1 - pow(1 - x, 3)
    case ("cubic", .inOut): return x < 0.5 ? 4 * x * x * x : 1 - pow(-2 * x + 2, 3) / 2
    case ("quart", .in): return pow(x, 4)
    case ("quart", .out): return 1 - pow(1 - x, 4)
    case ("quart", .inOut): return x < 0.5 ? 8 * pow(x, 4) : 1 - pow(-2 * x + 2, 4) / 2
    case ("quint", .in): return pow(x, 5)
    case ("quint", .out): return 1 - pow(1 - x, 5)
    case ("quint", .inOut): return x < 0.5 ? 16 * pow(x, 5) : 1 - pow(-2 * x + 2, 5) / 2
    case ("sine", .in): return 1 - cos(x * Double.pi / 2)
    case ("sine", .out): return sin(x * Double.pi / 2)
    case ("sine", .inOut): return -(cos(Double.pi * x) - 1) / 2
    case ("expo", .in): return x == 0 ? 0 : pow(2, 10 * x - 10)
    case ("expo", .out): return x == 1 ? 1 : 1 - pow(2, -10 * x)
    case ("expo", .inOut):
        if x == 0 { return 0 }
        if x == 1 { return 1 }
        return x < 0.5 ? pow(2, 20 * x - 10) / 2 : (2 - pow(2, -20 * x + 10)) / 2
    case ("circ", .in): return 1 - sqrt(1 - pow(x, 2))
    case ("circ", .out): return sqrt(1 - pow(x - 1, 2))
    case ("circ", .inOut):
        return x < 0.5 ? (1 - sqrt(1 - pow(2 * x, 2))) / 2 : (sqrt(1 - pow(-2 * x + 2, 2)) + 1) / 2
    case ("back", .in): return c3 * x * x * x - c1 * x * x
    case ("back", .out): return 1 + c3 * pow(x - 1, 3) + c1 * pow(x - 1, 2)
    case ("back", .inOut):
        return x < 0.5
            ? (pow(2 * x, 2) * ((c2 + 1) * 2 * x - c2)) / 2
            : (pow(2 * x - 2, 2) * ((c2 + 1) * (x * 2 - 2) + c2) + 2) / 2
    case ("elastic", .in):
        if x == 0 { return 0 }
        if x == 1 { return 1 }
        return -pow(2, 10 * x - 10) * sin((x * 10 - 10.75) * c4)
    case ("elastic", .out):
        if x == 0 { return 0 }
        if x == 1 { return 1 }
        return pow(2, -10 * x) * sin((x * 10 - 0.75) * c4) + 1
    case ("elastic", .inOut):
        if x == 0 { return 0 }
        if x == 1 { return 1 }
        return x < 0.5
            ? -(pow(2, 20 * x - 10) * sin((20 * x - 11.125) * c5)) / 2
            : (pow(2, -20 * x + 10) * sin((20 * x - 11.125) * c5)) / 2 + 1
    case ("bounce", .in): return 1 - bounceOutFormula(1 - x)
    case ("bounce", .out): return bounceOutFormula(x)
    case ("bounce", .inOut):
        return x < 0.5 ? (1 - bounceOutFormula(1 - 2 * x)) / 2 : (1 + bounceOutFormula(2 * x - 1)) / 2
    default: return .nan
    }
}

private let families: [(name: String, make: @Sendable (TimingCurve.EaseKind) -> TimingCurve)] = [
    ("quad", TimingCurve.quad), ("cubic", TimingCurve.cubic), ("quart", TimingCurve.quart),
    ("quint", TimingCurve.quint), ("sine", TimingCurve.sine), ("expo", TimingCurve.expo),
    ("circ", TimingCurve.circ), ("back", TimingCurve.back), ("elastic", TimingCurve.elastic),
    ("bounce", TimingCurve.bounce),
]

private let monotonicFamilies: Set<String> = ["quad", "cubic", "quart", "quint", "sine", "expo", "circ"]

private var pennerCurves: [(name: String, kind: TimingCurve.EaseKind, curve: TimingCurve)] {
    families.flatMap { f in TimingCurve.EaseKind.allCases.map { (f.name, $0, f.make($0)) } }
}

private let bezierCurves: [TimingCurve] = [
    .linear, .easeIn, .easeOut, .easeInOut, .default,
    .cubicBezier(0.4, 0, 0.2, 1),          // Material "fast out, slow in"
    .cubicBezier(0.68, -0.55, 0.265, 1.55), // overshoots at both ends
    .cubicBezier(0.17, 0.67, 0.83, 0.67),
    .cubicBezier(0, 0, 0, 0),
    .cubicBezier(1, 0, 0, 1),              // vertical tangent at t = 0.5
]

/// n + 1 evenly spaced points from 0 to 1 inclusive.
private func grid(_ count: Int) -> [Double] { (0..<count).map { Double($0) / Double(count - 1) } }

// MARK: - CSS linear() read back

/// Parses `linear(v [p%], ...)` and evaluates it with CSS Easing 2's linear easing algorithm.
private func readLinear(_ text: String) -> ((Double) -> Double)? {
    guard text.hasPrefix("linear("), text.hasSuffix(")") else { return nil }
    let body = text.dropFirst("linear(".count).dropLast()
    var points: [(input: Double?, output: Double)] = []
    for item in body.split(separator: ",") {
        let parts = item.split(separator: " ")
        guard let output = Double(String(parts[0])) else { return nil }
        var input: Double?
        if parts.count == 2 {
            guard parts[1].hasSuffix("%"), let percent = Double(String(parts[1].dropLast())) else { return nil }
            input = percent / 100
        }
        points.append((input, output))
    }
    guard points.count >= 2 else { return nil }
    if points[0].input == nil { points[0].input = 0 }
    if points[points.count - 1].input == nil { points[points.count - 1].input = 1 }
    var largest = 0.0
    var inputs: [Double] = []
    for p in points {
        guard let i = p.input else { return nil }  // we always write interior positions
        largest = max(largest, i)
        inputs.append(largest)
    }
    let outputs = points.map(\.output)
    return { x in
        var a = 0
        for k in 0..<inputs.count where inputs[k] <= x { a = k }
        if a == inputs.count - 1 { a -= 1 }
        let b = a + 1
        if inputs[a] == inputs[b] { return outputs[b] }
        let fraction = (x - inputs[a]) / (inputs[b] - inputs[a])
        return outputs[a] + fraction * (outputs[b] - outputs[a])
    }
}

/// CSS Easing 2's step easing function, literally, for input progress in [0, 1] (before flag unset).
private func cssSteps(_ progress: Double, _ steps: Int, _ position: TimingCurve.StepPosition) -> Double {
    var currentStep = Int((progress * Double(steps)).rounded(.down))
    if position == .jumpStart || position == .jumpBoth { currentStep += 1 }
    if progress >= 0 && currentStep < 0 { currentStep = 0 }
    var jumps = steps
    if position == .jumpNone { jumps = steps - 1 }
    if position == .jumpBoth { jumps = steps + 1 }
    if progress <= 1 && currentStep > jumps { currentStep = jumps }
    return Double(currentStep) / Double(jumps)
}

@Suite struct TimingCurveTests {
    // MARK: Cubic Bezier

    @Test func bezierSolverFindsTheParameterToOneEMinusTwelveInX() {
        for curve in bezierCurves {
            let b = UnitCubicBezier(normalizing: curve)
            for t in grid(1000) {
                let s = b.parameter(forX: t)
                #expect(abs(b.x(s) - t) <= 1e-12, "\(curve) t = \(t): x(s) = \(b.x(s))")
                if curve != .linear {
                    #expect(curve.value(at: t) == b.y(s) || t == 0 || t == 1)
                }
            }
        }
    }

    @Test func bezierValueMatchesDenseParametricSampling() {
        let samples = 400_000
        for curve in bezierCurves {
            guard let c = curve.controlPoints else { Issue.record("no control points"); continue }
            // B(s) = 3(1-s)^2 s P1 + 3(1-s) s^2 P2 + s^3, sampled finely in s
            func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
                3 * pow(1 - s, 2) * s * p1 + 3 * (1 - s) * s * s * p2 + pow(s, 3)
            }
            let xs = (0...samples).map { bezier(Double($0) / Double(samples), c.x1, c.x2) }
            let ys = (0...samples).map { bezier(Double($0) / Double(samples), c.y1, c.y2) }
            var worst = 0.0
            for t in grid(1000) {
                var low = 0, high = samples  // xs[low] <= t <= xs[high]
                while high - low > 1 {
                    let mid = (low + high) / 2
                    if xs[mid] <= t { low = mid } else { high = mid }
                }
                let span = xs[high] - xs[low]
                let expected = span > 0 ? ys[low] + (ys[high] - ys[low]) * (t - xs[low]) / span : ys[low]
                worst = max(worst, abs(curve.value(at: t) - expected))
            }
            #expect(worst <= 1e-6, "\(curve): worst difference \(worst)")
        }
    }

    @Test func namedCurvesAreCoreAnimationsControlPoints() {
        let expected: [(TimingCurve, [Double])] = [
            (.linear, [0, 0, 1, 1]), (.easeIn, [0.42, 0, 1, 1]), (.easeOut, [0, 0, 0.58, 1]),
            (.easeInOut, [0.42, 0, 0.58, 1]), (.default, [0.25, 0.1, 0.25, 1]),
        ]
        for (curve, points) in expected {
            guard let c = curve.controlPoints else { Issue.record("\(curve) has no control points"); continue }
            #expect([c.x1, c.y1, c.x2, c.y2] == points)
            let explicit = TimingCurve.cubicBezier(points[0], points[1], points[2], points[3])
            // the same solver runs for both, except that `linear` returns t without solving
            let tolerance = curve == .linear ? 1e-12 : 0
            for t in grid(1000) {
                #expect(abs(curve.value(at: t) - explicit.value(at: t)) <= tolerance, "\(curve) at \(t)")
            }
        }
        #expect(TimingCurve.quad(.in).controlPoints == nil)
    }

    @Test func easeInOutIsPointSymmetric() {
        for t in grid(1000) {
            let v = TimingCurve.easeInOut.value(at: t), w = TimingCurve.easeInOut.value(at: 1 - t)
            #expect(abs(v + w - 1) <= 1e-12, "t = \(t)")
        }
        #expect(abs(TimingCurve.easeInOut.value(at: 0.5) - 0.5) <= 1e-12)
    }

    @Test func badControlPointsThrow() throws {
        let bad: [(Double, Double, Double, Double)] = [
            (-0.1, 0, 0.58, 1), (1.1, 0, 0.58, 1), (0.42, 0, -0.01, 1), (0.42, 0, 1.5, 1),
            (.nan, 0, 0.58, 1), (0.42, .nan, 0.58, 1), (0.42, 0, .nan, 1), (0.42, 0, 0.58, .infinity),
        ]
        for p in bad {
            #expect(throws: AnimaError.self, "\(p)") { try TimingCurve.bezier(p.0, p.1, p.2, p.3) }
            do {
                _ = try TimingCurve.bezier(p.0, p.1, p.2, p.3)
            } catch {
                #expect(error.code == .invalidArgument)
                #expect(error.message.hasPrefix("TimingCurve.bezier: "))
            }
        }
        #expect(try TimingCurve.bezier(0.68, -0.55, 0.265, 1.55) == .cubicBezier(0.68, -0.55, 0.265, 1.55))
        #expect(try TimingCurve.bezier(0, 0, 1, 1) == .cubicBezier(0, 0, 1, 1))
    }

    @Test func unvalidatedBezierStaysFinite() {
        // built without the factory: x clamped into [0, 1], non-finite points read as linear
        let clamped = TimingCurve.cubicBezier(-3, 0, 7, 1)
        let nan = TimingCurve.cubicBezier(.nan, 0, 0.5, 1)
        for t in grid(101) {
            #expect(clamped.value(at: t) == TimingCurve.cubicBezier(0, 0, 1, 1).value(at: t))
            #expect(abs(nan.value(at: t) - t) <= 1e-12)
            #expect(!clamped.slope(at: t).isNaN && !nan.slope(at: t).isNaN)
        }
        #expect(clamped.cssString == "cubic-bezier(0, 0, 1, 1)")
    }

    // MARK: Penner families

    @Test func pennerCurvesMatchTheirFormulas() {
        for (name, kind, curve) in pennerCurves {
            var worst = 0.0
            for t in grid(1000) { worst = max(worst, abs(curve.value(at: t) - formula(name, kind, t))) }
            #expect(worst <= 1e-12, "\(name) \(kind): worst difference \(worst)")
        }
    }

    @Test func easeOutIsEaseInMirrored() {
        for f in families {
            for t in grid(1000) {
                let outside = f.make(.out).value(at: t), mirrored = 1 - f.make(.in).value(at: 1 - t)
                #expect(abs(outside - mirrored) <= 1e-12, "\(f.name) at \(t)")
            }
        }
    }

    @Test func everyCurveButStepsRunsExactlyFromZeroToOne() {
        for curve in pennerCurves.map(\.curve) + bezierCurves {
            #expect(curve.value(at: 0) == 0, "\(curve)")
            #expect(curve.value(at: 1) == 1, "\(curve)")
            #expect(curve.value(at: -0.5) == 0 && curve.value(at: 1.5) == 1 && curve.value(at: .nan) == 0)
        }
    }

    @Test func monotonicFamiliesNeverGoBack() {
        for (name, kind, curve) in pennerCurves where monotonicFamilies.contains(name) {
            let values = grid(1000).map { curve.value(at: $0) }
            for i in 1..<values.count {
                #expect(values[i] >= values[i - 1], "\(name) \(kind) at \(i)")
            }
            #expect(values.allSatisfy { $0 >= 0 && $0 <= 1 })
        }
    }

    @Test func backAndElasticOvershootAndBounceStaysInRange() {
        let points = grid(10_000)
        func range(_ curve: TimingCurve) -> (low: Double, high: Double) {
            let v = points.map { curve.value(at: $0) }
            return (v.min() ?? 0, v.max() ?? 0)
        }
        // back in: c3 t^3 - c1 t^2 bottoms out at t = 2 c1 / (3 c3), about -0.1
        let backIn = range(.back(.in))
        let tMin = 2 * c1 / (3 * c3)
        #expect(abs(backIn.low - (c3 * pow(tMin, 3) - c1 * tMin * tMin)) < 1e-6)
        #expect(backIn.low < -0.09 && backIn.high == 1)
        #expect(range(.back(.out)).high > 1.09 && range(.back(.out)).low == 0)
        #expect(range(.back(.inOut)).low < -0.09 && range(.back(.inOut)).high > 1.09)
        #expect(range(.elastic(.in)).low < -0.3)
        #expect(range(.elastic(.out)).high > 1.3)
        #expect(range(.elastic(.inOut)).low < -0.1 && range(.elastic(.inOut)).high > 1.1)
        for kind in TimingCurve.EaseKind.allCases {
            let r = range(.bounce(kind))
            #expect(r.low >= 0 && r.high <= 1, "bounce \(kind): \(r)")
        }
        // bounce out touches 1 at each bounce
        #expect(abs(TimingCurve.bounce(.out).value(at: 1 / d1) - 1) < 1e-12)
        #expect(abs(TimingCurve.bounce(.out).value(at: 2 / d1) - 1) < 1e-12)
    }

    // MARK: Slope

    @Test func slopeMatchesCentralDifferences() {
        let h = 1e-6
        let bounceKinks = [1 / d1, 2 / d1, 2.5 / d1]
        var curves: [(String, TimingCurve, [Double])] = bezierCurves.map { ("\($0)", $0, []) }
        for (name, kind, curve) in pennerCurves {
            var avoid: [Double] = []
            if name == "bounce" {
                switch kind {
                case .out: avoid = bounceKinks
                case .in: avoid = bounceKinks.map { 1 - $0 }
                case .inOut: avoid = bounceKinks.flatMap { [(1 - $0) / 2, (1 + $0) / 2] }
                }
            }
            if name == "circ" { avoid = [kind == .in ? 1 : kind == .out ? 0 : 0.5] }  // vertical tangent
            curves.append(("\(name) \(kind)", curve, avoid))
        }
        for (name, curve, avoid) in curves {
            let margin = name.hasPrefix("circ") ? 0.02 : 1e-4
            for i in 0..<500 {
                let t = 0.01 + 0.98 * Double(i) / 499
                if avoid.contains(where: { abs($0 - t) < margin }) { continue }
                if name.contains("(1.0, 0.0, 0.0, 1.0)") && abs(t - 0.5) < 0.02 { continue }
                let difference = (curve.value(at: t + h) - curve.value(at: t - h)) / (2 * h)
                let slope = curve.slope(at: t)
                #expect(abs(difference - slope) <= 1e-5 * max(1, abs(slope)), "\(name) at \(t): \(slope) vs \(difference)")
            }
        }
    }

    @Test func slopesAtTheEndsAreTheOneSidedTangents() {
        #expect(TimingCurve.linear.slope(at: 0) == 1 && TimingCurve.linear.slope(at: 1) == 1)
        #expect(abs(TimingCurve.easeOut.slope(at: 0) - 1 / 0.58) < 1e-12)
        #expect(TimingCurve.easeOut.slope(at: 1) == 0)
        #expect(TimingCurve.easeIn.slope(at: 0) == 0)
        #expect(abs(TimingCurve.easeIn.slope(at: 1) - 1 / 0.58) < 1e-12)
        #expect(TimingCurve.easeInOut.slope(at: 0) == 0 && TimingCurve.easeInOut.slope(at: 1) == 0)
        #expect(abs(TimingCurve.default.slope(at: 0) - 0.1 / 0.25) < 1e-12)
        #expect(TimingCurve.default.slope(at: 1) == 0)
        #expect(abs(TimingCurve.cubicBezier(0, 0, 0, 0).slope(at: 0) - 1) < 1e-12)
        #expect(TimingCurve.cubicBezier(0, 0, 0, 1).slope(at: 0) == .infinity)  // leaves straight up
        #expect(TimingCurve.cubicBezier(1, 0, 1, 1).slope(at: 1) == .infinity)  // arrives straight up
        #expect(TimingCurve.cubicBezier(0, 0, 1, 0).slope(at: 1) == .infinity)
        #expect(TimingCurve.cubicBezier(1, 0, 0, 1).slope(at: 0.5) == .infinity)
        #expect(abs(TimingCurve.quad(.in).slope(at: 1) - 2) < 1e-12)
        #expect(abs(TimingCurve.quint(.out).slope(at: 0) - 5) < 1e-12)
        #expect(abs(TimingCurve.sine(.out).slope(at: 0) - Double.pi / 2) < 1e-12)
        #expect(abs(TimingCurve.expo(.in).slope(at: 1) - 10 * log(2)) < 1e-12)
        #expect(abs(TimingCurve.back(.out).slope(at: 0) - (3 * c3 - 2 * c1)) < 1e-12)
        #expect(TimingCurve.circ(.in).slope(at: 1) == .infinity)
        #expect(TimingCurve.steps(4, .jumpEnd).slope(at: 0.3) == 0)
    }

    // MARK: Steps

    @Test func stepsFollowCSSDefinition() {
        var tested = 0
        for position in TimingCurve.StepPosition.allCases {
            for n in (position == .jumpNone ? 2 : 1)...7 {
                let curve = TimingCurve.steps(n, position)
                let jumpPoints = (0...n).map { Double($0) / Double(n) }
                for t in grid(1000) + jumpPoints {
                    #expect(curve.value(at: t) == cssSteps(t, n, position), "steps(\(n), \(position)) at \(t)")
                    tested += 1
                }
            }
        }
        #expect(tested > 20_000)
        #expect(TimingCurve.steps(4, .jumpEnd).value(at: 0.3) == 0.25)
        #expect(TimingCurve.steps(4, .jumpEnd).value(at: 0) == 0)
        #expect(TimingCurve.steps(4, .jumpStart).value(at: 0) == 0.25)
        #expect(TimingCurve.steps(4, .jumpStart).value(at: 0.75) == 1)
        #expect(TimingCurve.steps(5, .jumpNone).value(at: 0.5) == 0.5)
        #expect(TimingCurve.steps(5, .jumpNone).value(at: 0.85) == 1)
        #expect(TimingCurve.steps(3, .jumpBoth).value(at: 0) == 0.25)
        #expect(TimingCurve.steps(3, .jumpBoth).value(at: 0.99) == 0.75)
        for position in TimingCurve.StepPosition.allCases {
            #expect(TimingCurve.steps(3, position).value(at: 1) == 1)
        }
    }

    @Test func badStepCountsThrow() throws {
        #expect(throws: AnimaError.self) { try TimingCurve.steps(count: 0) }
        #expect(throws: AnimaError.self) { try TimingCurve.steps(count: -3, position: .jumpStart) }
        #expect(throws: AnimaError.self) { try TimingCurve.steps(count: 1, position: .jumpNone) }
        #expect(try TimingCurve.steps(count: 4) == .steps(4, .jumpEnd))
        #expect(try TimingCurve.steps(count: 2, position: .jumpNone) == .steps(2, .jumpNone))
        // built directly with a bad count, the curve uses the smallest valid one
        #expect(TimingCurve.steps(0, .jumpEnd).value(at: 0.7) == 0)
        #expect(TimingCurve.steps(1, .jumpNone).cssString == "steps(2, jump-none)")
        #expect(TimingCurve.steps(Int.max, .jumpBoth).value(at: 1) == 1)
    }

    // MARK: CSS

    @Test func cssStringsNameTheCSSEquivalents() {
        #expect(TimingCurve.linear.cssString == "linear")
        #expect(TimingCurve.easeInOut.cssString == "cubic-bezier(0.42, 0, 0.58, 1)")
        #expect(TimingCurve.easeIn.cssString == "cubic-bezier(0.42, 0, 1, 1)")
        #expect(TimingCurve.easeOut.cssString == "cubic-bezier(0, 0, 0.58, 1)")
        #expect(TimingCurve.default.cssString == "cubic-bezier(0.25, 0.1, 0.25, 1)")
        #expect(TimingCurve.cubicBezier(0.68, -0.55, 0.265, 1.55).cssString == "cubic-bezier(0.68, -0.55, 0.265, 1.55)")
        #expect(TimingCurve.steps(4, .jumpEnd).cssString == "steps(4, jump-end)")
        #expect(TimingCurve.steps(1, .jumpStart).cssString == "steps(1, jump-start)")
        #expect(TimingCurve.steps(3, .jumpBoth).cssString == "steps(3, jump-both)")
        #expect(TimingCurve.bounce(.out).cssString == TimingCurve.bounce(.out).cssLinear())
        #expect(TimingCurve.linear.cssLinear() == "linear(0, 1)")
        #expect(TimingCurve.steps(2, .jumpEnd).cssLinear() == "linear(0, 0 50%, 0.5 50%, 0.5 100%, 1)")
    }

    @Test func cssLinearStaysWithinItsErrorOfTheCurve() {
        var curves: [(String, TimingCurve)] = pennerCurves.map { ("\($0.name) \($0.kind)", $0.curve) }
        curves += bezierCurves.map { ("\($0)", $0) }
        for position in TimingCurve.StepPosition.allCases {
            for n in [2, 4, 5, 10] { curves.append(("steps(\(n), \(position))", .steps(n, position))) }
        }
        let points = (0..<10_000).map { Double($0) / 9_999 }
        for maxError in [0.001, 0.0001] {
            for (name, curve) in curves {
                let text = curve.cssLinear(maxError: maxError)
                guard let read = readLinear(text) else { Issue.record("\(name): unreadable \(text)"); continue }
                var worst = 0.0
                for t in points { worst = max(worst, abs(read(t) - curve.value(at: t))) }
                #expect(worst <= maxError, "\(name) at maxError \(maxError): worst \(worst)")
            }
        }
    }

    @Test func cssLinearUsesFewStopsOnSmoothCurves() {
        func stops(_ curve: TimingCurve) -> Int { curve.cssLinear().split(separator: ",").count }
        #expect(stops(.quad(.inOut)) <= 40)
        #expect(stops(.sine(.inOut)) <= 40)
        #expect(stops(.cubic(.out)) <= 40)
        #expect(stops(.elastic(.out)) <= 120)
        #expect(stops(.bounce(.out)) <= 120)
    }
}
