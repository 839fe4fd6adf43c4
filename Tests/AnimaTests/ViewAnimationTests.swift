import Testing
@testable import Anima

/// View animations (UIView.animate) on the animator's clock: the seed's Recipe 13-1 and springs.
@Suite struct ViewAnimationTests {
    /// Runs 1/60 s frames for `seconds`.
    func run(_ a: Animator, _ seconds: Double) throws {
        for _ in 0..<Int((seconds * 60).rounded()) { try a.advance(1.0 / 60) }
    }

    @Test func easeInOutMoveReachesTheMidpointHalfwayAndEndsExactly() throws {
        let a = try makeAnimator()
        let item = try a.createItem(ItemDefinition(center: Vec2(50, 100), size: Size(width: 20, height: 20)))
        try a.beginAnimations(AnimationDefinition(duration: 3))
        try a.setCenter(Vec2(250, 100), of: item)
        // recording leaves the item where it is
        #expect(try a.center(of: item) == Vec2(50, 100))
        var finished: Bool? = nil
        try a.commitAnimations { finished = $0 }
        #expect(a.isRunning)
        try run(a, 1.5)
        // ease-in-out is symmetric: half the distance at half the time
        #expect(abs(try a.center(of: item).x - 150) < 1e-9)
        try run(a, 0.75)
        let x = try a.center(of: item).x
        #expect(x > 150 + 100 * 0.75 - 1 && x < 250, "ease-in-out is ahead of linear at 3/4: \(x)")
        #expect(finished == nil)
        try run(a, 0.75)
        #expect(try a.center(of: item) == Vec2(250, 100))
        #expect(finished == true)
        try a.advance(1.0 / 60)
        #expect(!a.isRunning, "nothing left to run once the animation ended")
    }

    @Test func fadeAndGrowThenChainedRotationRunInOrder() throws {
        // Recipe 13-1: a 10 x 10 view grows to 64 x 64 while fading in over 1 s, and a 180 degree
        // turn starts from the completion block.
        let a = try makeAnimator()
        let item = try a.createItem(ItemDefinition(center: Vec2(160, 284), size: Size(width: 10, height: 10)))
        try a.setAlpha(0, of: item)
        var log: [String] = []
        try a.beginAnimations(AnimationDefinition(duration: 1))
        try a.setSize(Size(width: 64, height: 64), of: item)
        try a.setAlpha(1, of: item)
        try a.commitAnimations { finished in
            log.append("grow \(finished)")
            try? a.beginAnimations(AnimationDefinition(duration: 0.5, timing: .curve(.linear)))
            try? a.setTransform(ItemTransform(rotation: .pi), of: item)
            _ = try? a.commitAnimations { log.append("turn \($0)") }
        }
        try run(a, 0.5)
        let half = try a.size(of: item).width
        #expect(abs(half - 37) < 1e-9, "halfway through ease-in-out: 10 + 54/2, got \(half)")
        #expect(abs(try a.alpha(of: item) - 0.5) < 1e-9)
        try run(a, 0.5)
        #expect(try a.size(of: item) == Size(width: 64, height: 64))
        #expect(try a.alpha(of: item) == 1)
        #expect(log == ["grow true"])
        try run(a, 0.25)
        let turned = try a.rotation(of: item)
        #expect(abs(turned - .pi / 2) < 0.03, "linear turn halfway: \(turned)")
        try run(a, 0.3)
        #expect(abs(try a.rotation(of: item) - .pi) < 1e-12)
        #expect(log == ["grow true", "turn true"])
    }

    @Test func aNewAnimationOfTheSamePropertyTakesOverFromTheCurrentValue() throws {
        let a = try makeAnimator()
        let item = try a.createItem(ItemDefinition(center: Vec2(0, 0), size: Size(width: 10, height: 10)))
        var first: Bool? = nil
        try a.beginAnimations(AnimationDefinition(duration: 1, timing: .curve(.linear)))
        try a.setCenter(Vec2(100, 0), of: item)
        try a.commitAnimations { first = $0 }
        try run(a, 0.5)
        #expect(abs(try a.center(of: item).x - 50) < 1e-9)
        try a.beginAnimations(AnimationDefinition(duration: 1, timing: .curve(.linear)))
        try a.setCenter(Vec2(50, 100), of: item)
        var second: Bool? = nil
        try a.commitAnimations { second = $0 }
        try a.advance(1.0 / 60)
        #expect(first == false, "the replaced animation reports unfinished")
        for _ in 0..<29 { try a.advance(1.0 / 60) }
        let c = try a.center(of: item)
        #expect(abs(c.x - 50) < 1e-9 && abs(c.y - 50) < 1e-9, "starts from where the first one left it: \(c)")
        try run(a, 0.6)
        let end = try a.center(of: item)
        #expect(second == true && end == Vec2(50, 100))
    }

    @Test func springAnimationOvershootsAndSettlesOnItsTarget() throws {
        let a = try makeAnimator()
        let item = try a.createItem(ItemDefinition(center: Vec2(0, 0), size: Size(width: 10, height: 10)))
        let spring = try SpringParameters(mass: 1, stiffness: 100, damping: 10)   // z = 0.5
        try a.beginAnimations(AnimationDefinition(duration: 0, timing: .spring(spring, initialVelocity: 0)))
        try a.setCenter(Vec2(100, 0), of: item)
        var done = false
        try a.commitAnimations { done = $0 }
        var peak = 0.0, t = 0.0
        while !done && t < 5 { try a.advance(1.0 / 60); t += 1.0 / 60; peak = max(peak, try a.center(of: item).x) }
        // z = 0.5: first overshoot e^(-pi z / sqrt(1 - z^2)) = 16.3 % of the distance
        #expect(abs(peak - 116.3) < 0.5, "peak \(peak)")
        #expect(abs(t - 1.27) < 0.03, "settles by the 0.1 % rule at 1.27 s, ended at \(t)")
        #expect(try a.center(of: item) == Vec2(100, 0))
    }

    @Test func delayRepeatAndAutoreverse() throws {
        let a = try makeAnimator()
        let item = try a.createItem(ItemDefinition(center: Vec2(0, 0), size: Size(width: 10, height: 10)))
        try a.beginAnimations(AnimationDefinition(duration: 0.5, delay: 0.25, timing: .curve(.linear),
                                                  repeatCount: 2, autoreverses: true))
        try a.setAlpha(0, of: item)
        var done = false
        try a.commitAnimations { done = $0 }
        try run(a, 0.25)
        #expect(try a.alpha(of: item) == 1, "waits out its delay")
        try run(a, 0.25)
        #expect(abs(try a.alpha(of: item) - 0.5) < 1e-9)
        try run(a, 0.5)
        #expect(abs(try a.alpha(of: item) - 0.5) < 1e-9, "on its way back")
        try run(a, 1.25)
        let last = try a.alpha(of: item)
        #expect(done && last == 1, "two round trips end back at the start")
    }

    @Test func cancelStopsInPlaceAndReportsUnfinished() throws {
        let a = try makeAnimator()
        let item = try a.createItem(ItemDefinition(center: Vec2(0, 0), size: Size(width: 10, height: 10)))
        try a.beginAnimations(AnimationDefinition(duration: 1, timing: .curve(.linear)))
        try a.setCenter(Vec2(100, 0), of: item)
        var result: Bool? = nil
        let anim = try a.commitAnimations { result = $0 }
        try run(a, 0.25)
        a.cancelAnimation(anim)
        try run(a, 0.25)
        #expect(result == false)
        #expect(abs(try a.center(of: item).x - 25) < 1e-9)
        #expect(!a.isRunning)
    }

    @Test func badDefinitionsAndMisuseThrow() throws {
        let a = try makeAnimator()
        #expect(throws: AnimaError.self) { try a.beginAnimations(AnimationDefinition(duration: -1)) }
        #expect(throws: AnimaError.self) { try a.beginAnimations(AnimationDefinition(duration: .nan)) }
        #expect(throws: AnimaError.self) { try a.beginAnimations(AnimationDefinition(duration: 1, repeatCount: 0)) }
        let undamped = try SpringParameters(mass: 1, stiffness: 100, damping: 0)
        #expect(throws: AnimaError.self) {
            try a.beginAnimations(AnimationDefinition(duration: 1, timing: .spring(undamped, initialVelocity: 0)))
        }
        #expect(throws: AnimaError.self) { try a.commitAnimations() }
        try a.beginAnimations(AnimationDefinition(duration: 1))
        #expect(throws: AnimaError.self) { try a.beginAnimations(AnimationDefinition(duration: 1)) }
        try a.commitAnimations()
    }

    @Test func sameCallsGiveBitIdenticalValues() throws {
        func trace() throws -> [Double] {
            let a = try makeAnimator()
            let item = try a.createItem(ItemDefinition(center: Vec2(3, 4), size: Size(width: 10, height: 10)))
            try a.beginAnimations(AnimationDefinition(duration: 0, timing: .spring(try .response(0.4, dampingFraction: 0.7), initialVelocity: 2)))
            try a.setCenter(Vec2(-70, 91), of: item)
            try a.commitAnimations()
            var out: [Double] = []
            for _ in 0..<90 { try a.advance(1.0 / 60); let c = try a.center(of: item); out += [c.x, c.y] }
            return out
        }
        let x = try trace(), y = try trace()
        #expect(x.map(\.bitPattern) == y.map(\.bitPattern))
    }
}

/// A spring that takes over a moving property starts with its exact velocity.
@Suite struct SpringHandOffTests {
    /// Velocity at the first of three equally spaced samples, to second order: (-3 x0 + 4 x1 - x2) / 2h.
    func velocity(_ x0: Double, _ x1: Double, _ x2: Double, _ h: Double) -> Double { (-3 * x0 + 4 * x1 - x2) / (2 * h) }

    @Test func aSpringInterruptingATweenKeepsItsSpeed() throws {
        let a = try makeAnimator()
        let item = try a.createItem(ItemDefinition(center: Vec2(0, 0), size: Size(width: 10, height: 10)))
        try a.beginAnimations(AnimationDefinition(duration: 1, timing: .curve(.linear)))
        try a.setCenter(Vec2(100, 50), of: item)
        try a.commitAnimations()
        for _ in 0..<60 { try a.step() }               // 0.5 s at 120 Hz: moving at (100, 50) pt/s
        let x0 = try a.center(of: item)
        try a.beginAnimations(AnimationDefinition(duration: 0, timing: .spring(try SpringParameters(mass: 1, stiffness: 20, damping: 4), initialVelocity: 0)))
        try a.setCenter(Vec2(200, 50), of: item)
        try a.commitAnimations()
        try a.step()
        let x1 = try a.center(of: item)
        try a.step()
        let x2 = try a.center(of: item)
        let h = a.stepDuration
        let vx = velocity(x0.x, x1.x, x2.x, h), vy = velocity(x0.y, x1.y, x2.y, h)
        #expect(abs(vx - 100) < 0.5 && abs(vy - 50) < 0.5, "velocity at the hand-off (\(vx), \(vy)) pt/s")
        var t = 0.0
        while a.isRunning && t < 5 { try a.advance(1.0 / 60); t += 1.0 / 60 }
        #expect(try a.center(of: item) == Vec2(200, 50))
    }

    @Test func retargetingASpringKeepsItsVelocityAndSettles() throws {
        let a = try makeAnimator()
        let item = try a.createItem(ItemDefinition(center: Vec2(0, 0), size: Size(width: 10, height: 10)))
        let spring = AnimationTiming.spring(try SpringParameters(mass: 1, stiffness: 200, damping: 15), initialVelocity: 0)
        try a.beginAnimations(AnimationDefinition(duration: 0, timing: spring))
        try a.setCenter(Vec2(100, 0), of: item)
        try a.commitAnimations()
        for _ in 0..<24 { try a.step() }              // 0.2 s in: fast, toward 100
        let before = try a.center(of: item).x
        try a.step()
        let mid = try a.center(of: item).x
        try a.step()
        let now = try a.center(of: item).x
        // backward estimate of the speed at `now`: (3 x2 - 4 x1 + x0) / 2h
        let h = a.stepDuration
        let vBefore = (3 * now - 4 * mid + before) / (2 * h)
        try a.beginAnimations(AnimationDefinition(duration: 0, timing: spring))
        try a.setCenter(Vec2(0, 0), of: item)              // back where it came from
        try a.commitAnimations()
        try a.step()
        let x1 = try a.center(of: item).x
        try a.step()
        let x2 = try a.center(of: item).x
        let vAfter = velocity(now, x1, x2, h)
        #expect(vBefore > 100, "moving fast before the retarget: \(vBefore)")
        #expect(abs(vAfter - vBefore) < 0.06 * abs(vBefore), "speed carried over: \(vBefore) -> \(vAfter)")
        var t = 0.0
        var farthest = max(now, x1, x2)
        while a.isRunning && t < 5 { try a.advance(1.0 / 60); t += 1.0 / 60; farthest = max(farthest, try a.center(of: item).x) }
        #expect(farthest > now, "it keeps going forward before turning back")
        #expect(try a.center(of: item) == Vec2(0, 0))
    }
}

/// UIViewPropertyAnimator: pause, scrub, reverse, continue, stop.
@Suite struct PropertyAnimatorTests {
    func setUp() throws -> (Animator, ItemID, ViewAnimation, Box) {
        let a = try makeAnimator()
        let item = try a.createItem(ItemDefinition(center: Vec2(0, 0), size: Size(width: 10, height: 10)))
        try a.beginAnimations(AnimationDefinition(duration: 1, timing: .curve(.linear)))
        try a.setCenter(Vec2(100, 0), of: item)
        let box = Box()
        let anim = try a.commitAnimations { finished in box.log.append(finished) }
        return (a, item, anim, box)
    }

    final class Box { var log: [Bool] = [] }

    @Test func pauseHoldsAndLetsTheAnimatorRest() throws {
        let (a, item, anim, _) = try setUp()
        for _ in 0..<30 { try a.step() }                         // 0.25 s
        try a.pauseAnimation(anim)
        for _ in 0..<120 { try a.advance(1.0 / 60) }
        #expect(abs(try a.center(of: item).x - 25) < 1e-9)
        #expect(!a.isRunning, "a paused animation does not keep the animator running")
        #expect(anim.isActive && anim.isPaused)
        try a.resumeAnimation(anim)
        for _ in 0..<45 { try a.advance(1.0 / 60) }              // 0.75 s more
        #expect(try a.center(of: item).x == 100)
    }

    @Test func scrubbingAppliesTheValueAtOnce() throws {
        let (a, item, anim, _) = try setUp()
        try a.pauseAnimation(anim)
        try a.setFractionComplete(0.6, of: anim)
        #expect(abs(try a.center(of: item).x - 60) < 1e-9)
        #expect(abs(anim.fractionComplete - 0.6) < 1e-12)
        try a.setFractionComplete(0.1, of: anim)
        #expect(abs(try a.center(of: item).x - 10) < 1e-9)
        #expect(throws: AnimaError.self) { try a.setFractionComplete(1.5, of: anim) }
        #expect(throws: AnimaError.self) { try a.setFractionComplete(.nan, of: anim) }
        try a.resumeAnimation(anim)
        #expect(throws: AnimaError.self) { try a.setFractionComplete(0.5, of: anim) }
    }

    @Test func reversingRunsBackToTheStart() throws {
        let (a, item, anim, box) = try setUp()
        for _ in 0..<60 { try a.step() }                         // half way
        try a.setReversed(true, of: anim)
        for _ in 0..<30 { try a.step() }
        #expect(abs(try a.center(of: item).x - 25) < 1e-9)
        for _ in 0..<31 { try a.step() }
        #expect(try a.center(of: item).x == 0)
        #expect(box.log == [true] && anim.position == .start)
    }

    @Test func reversedThenContinuedEndsAtTheStartAndStaysReversed() throws {
        // UIViewPropertyAnimator: paused, scrubbed to 0.25, reversed and continued, it returns to
        // its start over the remaining quarter and reports .start.
        let (a, item, anim, box) = try setUp()
        for _ in 0..<60 { try a.step() }
        try a.pauseAnimation(anim)
        try a.setFractionComplete(0.25, of: anim)
        try a.setReversed(true, of: anim)
        try a.continueAnimation(anim, timing: nil, durationFactor: 1)
        #expect(anim.isReversed && !anim.isPaused)
        for _ in 0..<15 { try a.step() }                         // half of the remaining 0.25 s
        #expect(abs(try a.center(of: item).x - 12.5) < 1e-9)
        for _ in 0..<20 { try a.step() }
        #expect(try a.center(of: item).x == 0)
        #expect(box.log == [true] && anim.position == .start)
    }

    @Test func stoppingAContinuedAnimationAtAnEndItsTracksDoNotReachStaysPut() throws {
        let (a, item, anim, box) = try setUp()
        for _ in 0..<60 { try a.step() }
        try a.setReversed(true, of: anim)
        try a.continueAnimation(anim, timing: nil, durationFactor: 1)
        for _ in 0..<12 { try a.step() }
        let x = try a.center(of: item).x
        try a.stopAnimation(anim, at: .end)
        try a.step()
        #expect(try a.center(of: item).x == x)
        #expect(box.log == [false] && anim.position == .current)
    }

    @Test func continuingWithASpringFinishesAtTheTarget() throws {
        let (a, item, anim, box) = try setUp()
        for _ in 0..<48 { try a.step() }                         // 0.4 s: x = 40, moving at 100 pt/s
        let x0 = try a.center(of: item).x
        try a.continueAnimation(anim, timing: .spring(try SpringParameters(mass: 1, stiffness: 20, damping: 4), initialVelocity: 0))
        try a.step()
        let x1 = try a.center(of: item).x
        try a.step()
        let x2 = try a.center(of: item).x
        let v = (-3 * x0 + 4 * x1 - x2) / (2 * a.stepDuration)
        #expect(abs(v - 100) < 0.5, "the spring continues at the tween's speed: \(v)")
        var t = 0.0
        while a.isRunning && t < 10 { try a.advance(1.0 / 60); t += 1.0 / 60 }
        #expect(try a.center(of: item).x == 100 && box.log == [true] && anim.position == .end)
    }

    @Test func continuingWithACurveScalesTheRemainingTime() throws {
        let (a, item, anim, _) = try setUp()
        for _ in 0..<60 { try a.step() }                         // half way, 0.5 s left
        try a.pauseAnimation(anim)
        try a.continueAnimation(anim, timing: .curve(.linear), durationFactor: 2)   // 1 s for the rest
        for _ in 0..<60 { try a.step() }
        #expect(abs(try a.center(of: item).x - 75) < 1e-9)
        for _ in 0..<60 { try a.step() }
        #expect(try a.center(of: item).x == 100)
    }

    @Test func stoppingLeavesThePropertiesWhereAsked() throws {
        for (position, expected) in [(AnimationPosition.end, 100.0), (.start, 0), (.current, 30)] {
            let (a, item, anim, box) = try setUp()
            for _ in 0..<36 { try a.step() }                     // x = 30
            try a.stopAnimation(anim, at: position)
            #expect(abs(try a.center(of: item).x - expected) < 1e-9)
            try a.step()
            #expect(box.log == [position == .end] && anim.position == position)
            #expect(throws: AnimaError.self) { try a.pauseAnimation(anim) }
        }
    }
}
