import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import Anima

/// UIViewPropertyAnimator's contract beyond pause, scrub, reverse, continue and stop; a spring's
/// rest threshold and clamp; reduced motion and the time scale.
@Suite struct PropertyAnimatorContractTests {
    /// Runs 1/hz s frames for `seconds` (120 Hz by default: one internal step a frame, so that
    /// any multiple of 1/120 s is run exactly).
    func run(_ a: Animator, _ seconds: Double, hz: Double = 120) throws {
        for _ in 0..<Int((seconds * hz).rounded()) { try a.advance(1.0 / hz) }
    }

    func spring(_ m: Double, _ k: Double, _ c: Double) throws -> AnimationTiming {
        .spring(try SpringParameters(mass: m, stiffness: k, damping: c), initialVelocity: 0)
    }

    @Test func aRestThresholdEndsASpringWhereTheUserSetsIt() throws {
        let a = try makeAnimator()
        let v = try a.createValue(ValueDefinition(0))
        var def = AnimationDefinition(duration: 0, timing: try spring(1, 100, 10))
        def.restThreshold = 5
        try a.beginAnimations(def)
        try a.setComponents([1000], of: v)
        let anim = try a.commitAnimations()
        // within 5 of 1000 is 0.005 of the distance: the unit spring's settling at that band
        let expected = SpringCurve(parameters: try SpringParameters(mass: 1, stiffness: 100, damping: 10)).settlingDuration(epsilon: 0.005)
        #expect(abs(anim.passDuration - expected) < 1e-12)
        let defaultBand = SpringCurve(parameters: try SpringParameters(mass: 1, stiffness: 100, damping: 10)).settlingDuration(epsilon: 0.0001)
        #expect(anim.passDuration < defaultBand, "0.1 pt of 1000 is the default band: \(defaultBand) s")
        #expect(throws: AnimaError.self) {
            var bad = AnimationDefinition(duration: 0, timing: try spring(1, 100, 10))
            bad.restThreshold = -1
            try a.beginAnimations(bad)
        }
    }

    @Test func aClampedSpringEndsAtItsFirstCrossingWithoutOvershoot() throws {
        let a = try makeAnimator()
        let v = try a.createValue(ValueDefinition(0))
        var def = AnimationDefinition(duration: 0, timing: try spring(1, 200, 8))
        def.clampsSpring = true
        try a.beginAnimations(def)
        try a.setComponents([300], of: v)
        var finished: Bool? = nil
        let anim = try a.commitAnimations { finished = $0 }
        let curve = SpringCurve(parameters: try SpringParameters(mass: 1, stiffness: 200, damping: 8))
        let crossing = try #require(curve.firstTargetCrossing())
        #expect(abs(curve.value(at: crossing) - 1) < 1e-12, "the progress is 1 at the crossing")
        #expect(abs(anim.passDuration - crossing) < 1e-12)
        var highest = 0.0
        var steps = 0
        while a.isRunning && steps < 600 {
            try a.advance(1.0 / 120)
            highest = max(highest, try a.components(of: v)[0])
            steps += 1
        }
        #expect(highest == 300, "never past the target")
        #expect(finished == true)
        #expect(Double(steps) / 120 < crossing + 2.0 / 120 + 1e-9, "ended within a step of the crossing")
        // unclamped, the same spring overshoots by e^(-a pi / wd) of the distance
        let free = try a.createValue(ValueDefinition(0))
        try a.beginAnimations(AnimationDefinition(duration: 0, timing: try spring(1, 200, 8)))
        try a.setComponents([300], of: free)
        try a.commitAnimations()
        var peak = 0.0
        for _ in 0..<120 { try a.advance(1.0 / 120); peak = max(peak, try a.components(of: free)[0]) }
        // a = c / 2m = 4, wd = sqrt(k / m - a^2) = sqrt(184)
        let overshoot = exp(-4 * Double.pi / 184.0.squareRoot())
        #expect(abs(peak - 300 * (1 + overshoot)) < 1, "peak \(peak), overshoot \(overshoot)")
    }

    @Test func scrubbingIsLinearByDefaultAndFollowsTheCurveWhenAsked() throws {
        let a = try makeAnimator()
        let v = try a.createValue(ValueDefinition(0))
        try a.beginAnimations(AnimationDefinition(duration: 1))
        try a.setComponents([100], of: v)
        var finished: Bool? = nil
        let anim = try a.commitAnimations { finished = $0 }
        try a.pauseAnimation(anim)
        try a.setFractionComplete(0.25, of: anim)
        #expect(try a.components(of: v) == [25], "UIKit's default: scrubsLinearly")
        #expect(anim.fractionComplete == 0.25)
        // resumed, it runs from 25 to 100 over the 0.75 s left
        try a.resumeAnimation(anim)
        try run(a, 0.375)
        let halfway = try a.components(of: v)[0]
        #expect(abs(halfway - 62.5) < 1e-9, "ease-in-out from 25 to 100 is half way at half its time: \(halfway)")
        try run(a, 0.375)
        #expect(try a.components(of: v) == [100] && finished == true)

        var curved = AnimationDefinition(duration: 1)
        curved.scrubsLinearly = false
        try a.beginAnimations(curved)
        try a.setComponents([0], of: v)
        let second = try a.commitAnimations()
        try a.pauseAnimation(second)
        try a.setFractionComplete(0.25, of: second)
        #expect(abs(try a.components(of: v)[0] - (100 - 100 * TimingCurve.easeInOut.value(at: 0.25))) < 1e-9)
    }

    @Test func pausesOnCompletionHoldsAtTheEndReversibleUntilStopped() throws {
        let a = try makeAnimator()
        let v = try a.createValue(ValueDefinition(0))
        var def = AnimationDefinition(duration: 0.5, timing: .curve(.linear))
        def.pausesOnCompletion = true
        try a.beginAnimations(def)
        try a.setComponents([10], of: v)
        var log: [Bool] = []
        let anim = try a.commitAnimations { log.append($0) }
        try run(a, 1)
        #expect(try a.components(of: v) == [10])
        #expect(anim.isActive && anim.isPaused && log.isEmpty && anim.fractionComplete == 1)
        try a.advance(1.0 / 60)
        #expect(!a.isRunning, "a paused animation does not keep the animator running")
        try a.setReversed(true, of: anim)
        try a.resumeAnimation(anim)
        try run(a, 0.25)
        #expect(abs(try a.components(of: v)[0] - 5) < 1e-9)
        try run(a, 0.5)
        #expect(try a.components(of: v) == [0] && anim.isPaused && log.isEmpty, "back at the start, paused again")
        try a.stopAnimation(anim, at: .end)
        try a.advance(1.0 / 60)
        #expect(try a.components(of: v) == [10] && log == [true])
    }

    @Test func addedAnimationsStartAfterTheirDelayFactorAndEndWithTheAnimation() throws {
        let a = try makeAnimator()
        let ball = try a.createItem(ItemDefinition(center: Vec2(0, 0), size: Size(width: 10, height: 10)))
        try a.beginAnimations(AnimationDefinition(duration: 1, timing: .curve(.linear)))
        try a.setCenter(Vec2(100, 0), of: ball)
        var order: [String] = []
        let anim = try a.commitAnimations { _ in order.append("first") }
        try a.addCompletion({ _ in order.append("second") }, to: anim)
        try run(a, 0.5)
        try a.beginAddingAnimations(to: anim, delayFactor: 0.5)
        try a.setAlpha(0, of: ball)
        let same = try a.commitAnimations { _ in order.append("third") }
        #expect(same === anim)
        try run(a, 0.25)
        #expect(try a.alpha(of: ball) == 1, "the added fade waits half the 0.5 s left")
        try run(a, 0.125)
        let alpha = try a.alpha(of: ball), x = try a.center(of: ball).x
        #expect(abs(alpha - 0.5) < 1e-9, "half way through its 0.25 s: \(alpha) at x \(x)")
        #expect(abs(try a.center(of: ball).x - 87.5) < 1e-9)
        try run(a, 0.125)
        #expect(try a.alpha(of: ball) == 0 && a.center(of: ball).x == 100)
        #expect(order == ["first", "second", "third"])
        #expect(throws: AnimaError.self) { try a.beginAddingAnimations(to: anim, delayFactor: 0) }
    }

    @Test func speedAndTheAnimatedStateOfARunningAnimation() throws {
        let a = try makeAnimator()
        let v = try a.createValue(ValueDefinition(0))
        try a.beginAnimations(AnimationDefinition(duration: 1, timing: .curve(.linear)))
        try a.setComponents([60], of: v)
        var done: Bool? = nil
        let anim = try a.commitAnimations { done = $0 }
        try run(a, 0.25)
        #expect(try a.animatedState(of: anim, value: v).velocity == [60])
        try a.setSpeed(2, of: anim)
        #expect(try a.animatedState(of: anim, value: v).velocity == [120])
        #expect(try a.velocity(of: v) == [120], "a value's velocity and the animation's state agree")
        try run(a, 0.25)
        #expect(abs(try a.components(of: v)[0] - 45) < 1e-9, "15 at 0.25 s, then 30 more at twice the rate")
        try run(a, 0.125)
        #expect(try a.components(of: v) == [60] && done == true)
        #expect(throws: AnimaError.self) { try a.setSpeed(0, of: anim) }
    }

    @Test func reducedMotionEndsAnimationsAtTheNextStepAndLeavesThePhysics() throws {
        var centers: [Vec2] = []
        for reduced in [true, false] {
            let a = try makeAnimator()
            a.reducesMotion = reduced
            let ball = try ball(a, at: Vec2(160, 100))
            try a.addBehavior(try GravityBehavior(owner: a, items: [ball]))
            let v = try a.createValue(ValueDefinition(0))
            var log: [Bool] = []
            try a.beginAnimations(AnimationDefinition(duration: 2, timing: try spring(1, 50, 2)))
            try a.setComponents([80], of: v)
            try a.commitAnimations { log.append($0) }
            try a.advance(1.0 / 60)
            if reduced {
                #expect(try a.components(of: v) == [80] && log == [true], "at its end, finished, at the next step")
            } else {
                #expect(try a.components(of: v)[0] < 80 && log.isEmpty)
            }
            try run(a, 1)
            centers.append(try a.center(of: ball))
        }
        #expect(centers[0] == centers[1], "the physics is the same with reduced motion")
    }

    @Test func aTimeScaleSlowsAnimationsAndPhysicsBitIdenticallyAtAnyFrameRate() throws {
        var finals: [Vec2] = []
        var values: [[Double]] = []
        for hz in [30.0, 60.0, 120.0] {
            let a = try makeAnimator()
            try a.setTimeScale(0.25)
            let ball = try ball(a, at: Vec2(160, 100))
            try a.addBehavior(try GravityBehavior(owner: a, items: [ball]))
            let v = try a.createValue(ValueDefinition(0))
            try a.beginAnimations(AnimationDefinition(duration: 1, timing: .curve(.linear)))
            try a.setComponents([100], of: v)
            try a.commitAnimations()
            try run(a, 2, hz: hz)
            finals.append(try a.center(of: ball))
            values.append(try a.components(of: v))
        }
        #expect(finals[0] == finals[1] && finals[1] == finals[2])
        #expect(values[0] == [50] && values[0] == values[1] && values[1] == values[2], "2 s at a quarter: half of a 1 s tween")
        // a quarter-speed 2 s is a real-time 0.5 s
        let r = try makeAnimator()
        let ball = try ball(r, at: Vec2(160, 100))
        try r.addBehavior(try GravityBehavior(owner: r, items: [ball]))
        try run(r, 0.5)
        #expect(try r.center(of: ball) == finals[0])
        #expect(throws: AnimaError.self) { try r.setTimeScale(0) }
    }

    @Test func snapshotsKeepTheNewControls() throws {
        let a = try makeAnimator()
        try a.setTimeScale(0.5)
        a.reducesMotion = false
        let v = try a.createValue(ValueDefinition(0))
        var def = AnimationDefinition(duration: 0, timing: try spring(1, 150, 6))
        def.clampsSpring = true
        def.restThreshold = 0.5
        def.pausesOnCompletion = true
        try a.beginAnimations(def)
        try a.setComponents([40], of: v)
        let anim = try a.commitAnimations()
        try a.setSpeed(1.5, of: anim)
        try run(a, 0.1)
        let b = try Animator.restore(try a.snapshot()).animator
        #expect(b.timeScale == 0.5)
        let restored = try #require(b.animations.first)
        #expect(restored.speed == 1.5 && restored.definition.clampsSpring && restored.definition.restThreshold == 0.5)
        for _ in 0..<60 {
            try a.advance(1.0 / 60)
            try b.advance(1.0 / 60)
        }
        #expect(try a.components(of: v) == b.components(of: v))
        #expect(try a.stateHash() == b.stateHash())
    }
}
