import Testing
@testable import Anima

/// UIKit's discrete and cubic-paced keyframe modes and SwiftUI's per-keyframe timing.
@Suite struct KeyframeModesTests {
    func run(_ a: Animator, _ seconds: Double) throws {
        for _ in 0..<Int((seconds * 120).rounded()) { try a.advance(1.0 / 120) }
    }

    /// A 1 s keyframe animation of a fresh value from `start`, recorded by `body`.
    func animate(_ a: Animator, _ start: [Double], mode: KeyframeMode,
                 _ body: (ValueID) throws -> Void) throws -> (ValueID, ViewAnimation) {
        let v = try a.createValue(ValueDefinition(start))
        try a.beginKeyframeAnimations(AnimationDefinition(duration: 1, timing: .curve(.linear)), mode: mode)
        try body(v)
        return (v, try a.commitAnimations())
    }

    @Test func discreteKeyframesAppearAtTheStartOfTheirWindowsAndHold() throws {
        let a = try makeAnimator()
        let (v, _) = try animate(a, [0], mode: .discrete) { v in
            try a.addKeyframe(relativeStart: 0.25, relativeDuration: 0.25)
            try a.setComponents([100], of: v)
            try a.addKeyframe(relativeStart: 0.5, relativeDuration: 0.5)
            try a.setComponents([40], of: v)
        }
        var seen: [Double] = []
        for _ in 0..<8 {
            try run(a, 0.125)
            seen.append(try a.components(of: v)[0])
        }
        #expect(seen == [0, 100, 100, 40, 40, 40, 40, 40], "\(seen)")
    }

    @Test func cubicPacedTravelsTheSplineAtAnEvenSpeed() throws {
        let a = try makeAnimator()
        let corners: [[Double]] = [[100, 0], [100, 100], [0, 100]]
        let (v, _) = try animate(a, [0, 0], mode: .cubicPaced) { v in
            // the windows are ignored: uneven ones must not change the pace
            let windows = [(0.0, 0.1), (0.1, 0.1), (0.2, 0.8)]
            for (corner, window) in zip(corners, windows) {
                try a.addKeyframe(relativeStart: window.0, relativeDuration: window.1)
                try a.setComponents(corner, of: v)
            }
        }
        var points: [[Double]] = [try a.components(of: v)]
        for _ in 0..<120 {
            try a.advance(1.0 / 120)
            points.append(try a.components(of: v))
        }
        #expect(points.last! == [0, 100])
        var steps: [Double] = []
        for k in 1..<points.count {
            let dx = points[k][0] - points[k - 1][0], dy = points[k][1] - points[k - 1][1]
            steps.append((dx * dx + dy * dy).squareRoot())
        }
        let fastest = steps.max()!, slowest = steps.min()!
        #expect(fastest / slowest < 1.02, "even speed along the spline: steps from \(slowest) to \(fastest)")
        // the spline passes through each corner: the closest sample to (100, 100) is within a step
        let nearest = points.map { (($0[0] - 100) * ($0[0] - 100) + ($0[1] - 100) * ($0[1] - 100)).squareRoot() }.min()!
        #expect(nearest < fastest)
    }

    @Test func eachKeyframeCanHaveItsOwnTiming() throws {
        let a = try makeAnimator()
        let (v, anim) = try animate(a, [0], mode: .linear) { v in
            try a.addKeyframe(relativeStart: 0, relativeDuration: 0.25, timing: .linear(.easeInOut))
            try a.setComponents([100], of: v)
            try a.addKeyframe(relativeStart: 0.25, relativeDuration: 0.25, timing: .move)
            try a.setComponents([50], of: v)
            try a.addKeyframe(relativeStart: 0.5, relativeDuration: 0.25, timing: .spring(dampingRatio: 0.4))
            try a.setComponents([150], of: v)
            try a.addKeyframe(relativeStart: 0.75, relativeDuration: 0.25, timing: .cubic)
            try a.setComponents([0], of: v)
        }
        try run(a, 0.125)
        #expect(abs(try a.components(of: v)[0] - 50) < 1e-9, "ease-in-out is half way at half its window")
        try run(a, 0.125)
        #expect(try a.components(of: v) == [50], "a move keyframe jumps at the start of its window")
        try run(a, 0.25)
        #expect(try a.components(of: v) == [50], "and holds through its window")
        var peak = 0.0
        for _ in 0..<30 {
            try a.advance(1.0 / 120)
            peak = max(peak, try a.components(of: v)[0])
        }
        #expect(peak > 150, "a spring keyframe of damping 0.4 overshoots: \(peak)")
        #expect(try a.components(of: v) == [150], "and lands exactly at its window's end")
        try run(a, 0.25)
        #expect(try a.components(of: v) == [0] && !anim.isActive)
        #expect(throws: AnimaError.self) {
            try a.beginKeyframeAnimations(AnimationDefinition(duration: 1, timing: .curve(.linear)), mode: .cubic)
            defer { try? a.discardAnimations() }
            try a.addKeyframe(relativeStart: 0, relativeDuration: 1, timing: .move)
        }
        #expect(throws: AnimaError.self) {
            try a.beginKeyframeAnimations(AnimationDefinition(duration: 1, timing: .curve(.linear)))
            defer { try? a.discardAnimations() }
            try a.addKeyframe(relativeStart: 0, relativeDuration: 1, timing: .spring(dampingRatio: 1.5))
        }
        #expect(!a.isRecordingAnimation)
    }

    @Test func aCubicKeyframeHasNoCornerAtItsEnds() throws {
        let a = try makeAnimator()
        let v = try a.createValue(ValueDefinition([0]))
        try a.beginKeyframeAnimations(AnimationDefinition(duration: 1, timing: .curve(.linear)))
        try a.addKeyframe(relativeStart: 0, relativeDuration: 0.5, timing: .cubic)
        try a.setComponents([100], of: v)
        try a.addKeyframe(relativeStart: 0.5, relativeDuration: 0.5, timing: .cubic)
        try a.setComponents([300], of: v)
        let anim = try a.commitAnimations()
        let track = anim.tracks[0]
        func at(_ u: Double) -> Double { anim.keyframeValue(track, u)[0] }
        let h = 1e-6
        let left = (at(0.5) - at(0.5 - h)) / h, right = (at(0.5 + h) - at(0.5)) / h
        #expect(at(0.5) == 100)
        #expect(abs(left - right) < 1e-3 * abs(right), "slopes \(left) and \(right) meet")
    }

    @Test func keyframeTimingsSurviveASnapshot() throws {
        let a = try makeAnimator()
        let (v, _) = try animate(a, [0], mode: .linear) { v in
            try a.addKeyframe(relativeStart: 0, relativeDuration: 0.5, timing: .spring(dampingRatio: 0.5))
            try a.setComponents([100], of: v)
            try a.addKeyframe(relativeStart: 0.5, relativeDuration: 0.5, timing: .linear(.easeIn))
            try a.setComponents([0], of: v)
        }
        try run(a, 0.2)
        let b = try Animator.restore(try a.snapshot()).animator
        for _ in 0..<60 {
            try a.advance(1.0 / 120)
            try b.advance(1.0 / 120)
            #expect(try a.components(of: v) == b.components(of: v))
        }
        let (w, _) = try animate(a, [0, 0], mode: .cubicPaced) { w in
            try a.addKeyframe(relativeStart: 0, relativeDuration: 1)
            try a.setComponents([30, 40], of: w)
        }
        try run(a, 0.5)
        let c = try Animator.restore(try a.snapshot()).animator
        try run(a, 0.25)
        try run(c, 0.25)
        #expect(try a.components(of: w) == c.components(of: w))
    }
}
