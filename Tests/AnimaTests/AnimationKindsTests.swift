import Testing
@testable import Anima

/// UIView.animateKeyframes with its three calculation modes.
@Suite struct KeyframeTests {
    func keyframes(_ mode: KeyframeMode, duration: Double = 2, _ body: (Animator, ItemID) throws -> Void) throws -> (Animator, ItemID) {
        let a = try makeAnimator()
        let item = try a.createItem(ItemDefinition(center: Vec2(0, 0), size: Size(width: 10, height: 10)))
        try a.beginKeyframeAnimations(AnimationDefinition(duration: duration, timing: .curve(.linear)), mode: mode)
        try body(a, item)
        try a.commitAnimations()
        return (a, item)
    }

    func at(_ a: Animator, _ seconds: Double) throws {
        let target = Int((seconds / a.stepDuration).rounded())
        while a.stepCount < target { try a.step() }
    }

    @Test func linearKeyframesRunInTheirWindowsAndHoldBetween() throws {
        let (a, item) = try keyframes(.linear) { a, item in
            try a.addKeyframe(relativeStart: 0, relativeDuration: 0.25)
            try a.setCenter(Vec2(100, 0), of: item)
            try a.addKeyframe(relativeStart: 0.75, relativeDuration: 0.25)
            try a.setCenter(Vec2(100, 200), of: item)
        }
        try at(a, 0.25)
        #expect(abs(try a.center(of: item).x - 50) < 1e-9)
        try at(a, 1.0)
        #expect(try a.center(of: item) == Vec2(100, 0), "holds between the windows")
        try at(a, 1.75)
        let c = try a.center(of: item)
        #expect(abs(c.y - 100) < 1e-9 && c.x == 100)
        try at(a, 2.0)
        #expect(try a.center(of: item) == Vec2(100, 200))
    }

    @Test func pacedKeyframesMoveAtAnEvenSpeed() throws {
        let (a, item) = try keyframes(.paced) { a, item in
            try a.addKeyframe(relativeStart: 0, relativeDuration: 0.9)      // windows are ignored
            try a.setCenter(Vec2(100, 0), of: item)
            try a.addKeyframe(relativeStart: 0.9, relativeDuration: 0.1)
            try a.setCenter(Vec2(100, 300), of: item)
        }
        // 400 pt of path over 2 s: 200 pt/s
        try at(a, 0.5)
        #expect(try a.center(of: item) == Vec2(100, 0))
        try at(a, 1.0)
        let c = try a.center(of: item)
        #expect(abs(c.x - 100) < 1e-9 && abs(c.y - 100) < 1e-9)
        var previous = c, speeds: [Double] = []
        for _ in 0..<60 {
            try a.step()
            let now = try a.center(of: item)
            speeds.append(length(now - previous) / a.stepDuration)
            previous = now
        }
        #expect(speeds.allSatisfy { abs($0 - 200) < 1e-6 })
    }

    @Test func cubicKeyframesPassThroughEveryValueSmoothly() throws {
        let (a, item) = try keyframes(.cubic, duration: 3) { a, item in
            try a.addKeyframe(relativeStart: 0, relativeDuration: 1.0 / 3)
            try a.setCenter(Vec2(100, 100), of: item)
            try a.addKeyframe(relativeStart: 1.0 / 3, relativeDuration: 1.0 / 3)
            try a.setCenter(Vec2(200, 0), of: item)
            try a.addKeyframe(relativeStart: 2.0 / 3, relativeDuration: 1.0 / 3)
            try a.setCenter(Vec2(300, 100), of: item)
        }
        var samples: [Vec2] = []
        for _ in 0..<360 { try a.step(); samples.append(try a.center(of: item)) }
        // the knots: 1 s, 2 s, 3 s (steps 120, 240, 360)
        #expect(length(samples[119] - Vec2(100, 100)) < 1e-9)
        #expect(length(samples[239] - Vec2(200, 0)) < 1e-9)
        #expect(samples[359] == Vec2(300, 100))
        // no kink at the interior knots: the step-to-step velocity changes by a small amount
        for k in [119, 239] {
            let before = samples[k] - samples[k - 1], after = samples[k + 1] - samples[k]
            #expect(length(after - before) < 0.05 * length(before), "smooth at step \(k)")
        }
        // a linear path would have a corner there
        #expect(samples[60].y > 50 + 1, "curved between the knots: \(samples[60])")
    }

    @Test func badKeyframesThrow() throws {
        let a = try makeAnimator()
        #expect(throws: AnimaError.self) { try a.addKeyframe(relativeStart: 0, relativeDuration: 1) }
        let spring = AnimationTiming.spring(try SpringParameters(), initialVelocity: 0)
        #expect(throws: AnimaError.self) { try a.beginKeyframeAnimations(AnimationDefinition(duration: 1, timing: spring)) }
        try a.beginKeyframeAnimations(AnimationDefinition(duration: 1))
        #expect(throws: AnimaError.self) { try a.addKeyframe(relativeStart: 0.8, relativeDuration: 0.5) }
        #expect(throws: AnimaError.self) { try a.addKeyframe(relativeStart: -0.1, relativeDuration: 0.5) }
        #expect(throws: AnimaError.self) { try a.addKeyframe(relativeStart: .nan, relativeDuration: 0.5) }
        try a.discardAnimations()
        #expect(!a.isRecordingAnimation)
    }
}

/// Flings: exponential deceleration, snapping, and a spring at a bound.
@Suite struct DecayTests {
    func item(_ a: Animator) throws -> ItemID {
        try a.createItem(ItemDefinition(center: Vec2(0, 0), size: Size(width: 10, height: 10)))
    }

    @Test func aFlingFollowsTheExponentialAndRestsAtVOverLambda() throws {
        let a = try makeAnimator(bounds: nil)
        let ball = try item(a)
        var done: Bool? = nil
        try a.startDecay(of: ball, property: .center, DecayDefinition(velocity: [1000, -200])) { done = $0 }
        let lambda = -1000 * logarithm(0.998)
        for _ in 0..<60 { try a.step() }                        // 0.5 s
        let c = try a.center(of: ball)
        #expect(abs(c.x - 1000 / lambda * (1 - exponential(-lambda * 0.5))) < 1e-9)
        #expect(abs(c.y + 200 / lambda * (1 - exponential(-lambda * 0.5))) < 1e-9)
        var t = 0.5
        while a.isRunning && t < 10 { try a.advance(1.0 / 60); t += 1.0 / 60 }
        // within 0.1 pt of the resting point at ln(499.5 / 0.1) / lambda = 4.25 s
        #expect(abs(t - logarithm(1000 / lambda / 0.1) / lambda) < 0.05, "ended at \(t)")
        let rest = try a.center(of: ball)
        #expect(done == true && rest == Vec2(1000 / lambda, -200 / lambda))
    }

    @Test func snappingEndsOnTheGridAheadWithTheSameStartSpeed() throws {
        let a = try makeAnimator(bounds: nil)
        let ball = try item(a)
        var def = DecayDefinition(velocity: [1000, 0], rate: .fast)   // would rest at 99.5
        def.snapStep = 40
        try a.startDecay(of: ball, property: .center, def)
        try a.step()
        let x1 = try a.center(of: ball).x
        try a.step()
        let x2 = try a.center(of: ball).x
        let v = (4 * x1 - x2) / (2 * a.stepDuration)        // from x0 = 0
        #expect(abs(v - 1000) < 5, "starts at the flick's speed: \(v)")
        var t = 0.0
        while a.isRunning && t < 10 { try a.advance(1.0 / 60); t += 1.0 / 60 }
        #expect(try a.center(of: ball).x == 120, "the grid point ahead of 99.5")
    }

    @Test func aBoundCatchesTheFlingWithASpring() throws {
        let a = try makeAnimator(bounds: nil)
        let ball = try item(a)
        var def = DecayDefinition(velocity: [1000, 0])
        def.upper = [300, .infinity]
        try a.startDecay(of: ball, property: .center, def)
        let curve = try DecayCurve(position: 0, velocity: 1000, rate: .normal)
        let hand = curve.handOff(at: 300, spring: def.boundSpring)!
        var farthest = 0.0, t = 0.0
        while a.isRunning && t < 10 { try a.advance(1.0 / 240); t += 1.0 / 240; farthest = max(farthest, try a.center(of: ball).x) }
        #expect(abs(farthest - 300 - hand.overshoot) < 0.02 * hand.overshoot + 0.05,
                "overshoot \(farthest - 300) vs \(hand.overshoot)")
        #expect(try a.center(of: ball).x == 300)
    }

    @Test func badFlingsThrow() throws {
        let a = try makeAnimator(bounds: nil)
        let ball = try item(a)
        #expect(throws: AnimaError.self) { try a.startDecay(of: ball, property: .center, DecayDefinition(velocity: [1])) }
        #expect(throws: AnimaError.self) { try a.startDecay(of: ball, property: .center, DecayDefinition(velocity: [.nan, 0])) }
        var def = DecayDefinition(velocity: [1, 0])
        def.decayRate = 0
        #expect(throws: AnimaError.self) { try a.startDecay(of: ball, property: .center, def) }
        def = DecayDefinition(velocity: [1, 0])
        def.snapStep = -1
        #expect(throws: AnimaError.self) { try a.startDecay(of: ball, property: .center, def) }
        def = DecayDefinition(velocity: [1, 0])
        def.lower = [10, 0]
        def.upper = [0, 0]
        #expect(throws: AnimaError.self) { try a.startDecay(of: ball, property: .center, def) }
        #expect(a.animations.isEmpty)
    }
}

/// Rest thresholds scale with the distance: no visible jump when a spring lands.
@Suite struct SpringRestTests {
    func lastJump(_ property: AnimatableProperty, to target: Double) throws -> (jump: Double, time: Double) {
        let a = try makeAnimator()
        let item = try a.createItem(ItemDefinition(center: Vec2(0, 0), size: Size(width: 10, height: 10)))
        if property == .alpha { try a.setAlpha(0, of: item) }
        try a.beginAnimations(AnimationDefinition(duration: 0, timing: .spring(try SpringParameters(), initialVelocity: 0)))
        if property == .alpha { try a.setAlpha(target, of: item) } else { try a.setCenter(Vec2(target, 0), of: item) }
        try a.commitAnimations()
        var previous = 0.0, now = 0.0, jump = 0.0, steps = 0
        while a.isRunning && steps < 10_000 {
            try a.step()
            steps += 1
            previous = now
            now = property == .alpha ? try a.alpha(of: item) : try a.center(of: item).x
            jump = abs(now - previous)
        }
        #expect(now == target)
        return (jump, Double(steps) * a.stepDuration)
    }

    @Test func aLongMoveLandsWithinATenthOfAPoint() throws {
        let (jump, time) = try lastJump(.center, to: 1000)
        // the final step lands on the target from within the 0.1 pt band (plus one step of motion)
        #expect(jump < 0.1 + 0.05, "last step moved \(jump) pt")
        // z = 0.5, w0 = 10: the envelope e^(-5 t) reaches 1e-4 about 1.84 s in; later than 0.1 % (1.27 s)
        #expect(time > 1.5 && time < 2.2, "settled at \(time) s")
    }

    @Test func anAlphaSpringRestsWithinAThousandth() throws {
        let (jump, time) = try lastJump(.alpha, to: 1)
        #expect(jump < 0.0015)
        #expect(abs(time - 1.27) < 0.02, "0.1 % of the distance is the threshold here: \(time) s")
    }
}

/// A stagger starts each item's properties a fixed time after the previous item's.
@Suite struct StaggerTests {
    @Test func eachItemStartsOneStaggerAfterThePrevious() throws {
        let a = try makeAnimator()
        var items: [ItemID] = []
        for i in 0..<4 { items.append(try a.createItem(ItemDefinition(center: Vec2(Double(i) * 20, 0), size: Size(width: 10, height: 10)))) }
        var def = AnimationDefinition(duration: 0.5, timing: .curve(.linear))
        def.stagger = 0.25
        try a.beginAnimations(def)
        for (i, item) in items.enumerated() { try a.setCenter(Vec2(Double(i) * 20, 100), of: item) }
        var done: [Bool] = []
        try a.commitAnimations { done.append($0) }
        for _ in 0..<60 { try a.step() }                 // 0.5 s
        let ys = try items.map { try a.center(of: $0).y }
        // item k has run 0.5 - 0.25 k s of its 0.5 s
        for (k, y) in ys.enumerated() {
            #expect(abs(y - 100 * max(0, min(1, (0.5 - 0.25 * Double(k)) / 0.5))) < 1e-9, "item \(k): \(y)")
        }
        #expect(done.isEmpty)
        for _ in 0..<60 { try a.step() }                 // 1.0 s: the last item started at 0.75 s
        #expect(done.isEmpty)
        for _ in 0..<30 { try a.step() }                 // 1.25 s = 3 x 0.25 + 0.5
        #expect(done == [true])
        #expect(try items.allSatisfy { try a.center(of: $0).y == 100 })
    }
}

/// Timelines: segments on one time axis, sought and played.
@Suite struct TimelineTests {
    func make() throws -> (Animator, ItemID, Timeline, Box) {
        let a = try makeAnimator()
        let item = try a.createItem(ItemDefinition(center: Vec2(0, 0), size: Size(width: 10, height: 10)))
        let box = Box()
        try a.beginTimeline()
        try a.beginAnimations(AnimationDefinition(duration: 1, timing: .curve(.linear)))
        try a.setCenter(Vec2(100, 0), of: item)
        try a.commitAnimations { box.log.append("a \($0)") }
        try a.beginAnimations(AnimationDefinition(duration: 1, delay: 1, timing: .curve(.linear)))
        try a.setCenter(Vec2(100, 100), of: item)
        try a.setAlpha(0, of: item)
        try a.commitAnimations { box.log.append("b \($0)") }
        return (a, item, try a.commitTimeline(), box)
    }

    final class Box { var log: [String] = [] }

    @Test func segmentsChainAndPlayInOrder() throws {
        let (a, item, timeline, box) = try make()
        #expect(timeline.duration == 2)
        for _ in 0..<180 { try a.step() }                     // 1.5 s
        let c = try a.center(of: item)
        #expect(abs(c.x - 100) < 1e-9 && abs(c.y - 50) < 1e-9, "the second segment starts where the first ended: \(c)")
        for _ in 0..<61 { try a.step() }
        let end = try a.center(of: item)
        #expect(end == Vec2(100, 100) && box.log == ["a true", "b true"])
    }

    @Test func seekingShowsEachPropertyAtThatTime() throws {
        let (a, item, timeline, box) = try make()
        func state() throws -> (Vec2, Double) { (try a.center(of: item), try a.alpha(of: item)) }
        try a.seekTimeline(timeline, to: 0.5)
        var (c, alpha) = try state()
        #expect(abs(c.x - 50) < 1e-9 && alpha == 1)
        try a.seekTimeline(timeline, to: 1.75)
        (c, alpha) = try state()
        #expect(c.x == 100 && abs(c.y - 75) < 1e-9 && abs(alpha - 0.25) < 1e-9)
        try a.seekTimeline(timeline, to: 0)
        (c, alpha) = try state()
        #expect(c == Vec2(0, 0) && alpha == 1)
        try a.seekTimeline(timeline, to: 2)
        (c, alpha) = try state()
        #expect(c == Vec2(100, 100) && alpha == 0)
        #expect(throws: AnimaError.self) { try a.seekTimeline(timeline, to: 2.5) }
        #expect(throws: AnimaError.self) { try a.seekTimeline(timeline, to: .nan) }
        // play from 0.5 s: the rest runs as before, and completions run once each
        try a.seekTimeline(timeline, to: 0.5)
        a.playTimeline(timeline)
        for _ in 0..<60 { try a.step() }                      // at 1.0 s
        #expect(abs(try a.center(of: item).x - 100) < 1e-9)
        for _ in 0..<121 { try a.step() }
        #expect(try a.center(of: item) == Vec2(100, 100))
        #expect(box.log == ["a true", "b true"], "\(box.log)")
        #expect(!a.isRunning || a.animations.isEmpty)
    }

    @Test func misuseThrows() throws {
        let a = try makeAnimator()
        #expect(throws: AnimaError.self) { try a.commitTimeline() }
        try a.beginTimeline()
        #expect(throws: AnimaError.self) { try a.beginTimeline() }
        try a.beginAnimations(AnimationDefinition(duration: 1))
        #expect(throws: AnimaError.self) { try a.commitTimeline() }
        try a.commitAnimations()
        _ = try a.commitTimeline()
    }
}
