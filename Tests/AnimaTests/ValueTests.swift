import Testing
@testable import Anima

/// Animated values: numbers that view animations move on the animator's clock.
@Suite struct ValueTests {
    func run(_ a: Animator, _ seconds: Double, hz: Double = 60) throws {
        for _ in 0..<Int((seconds * hz).rounded()) { try a.advance(1.0 / hz) }
    }

    @Test func scalarTweenPassesTheMidpointAndEndsExactlyWithItsCompletion() throws {
        let a = try makeAnimator()
        let offset = try a.createValue(ValueDefinition(0))
        try a.beginAnimations(AnimationDefinition(duration: 1))
        try a.setComponents([300], of: offset)
        #expect(try a.components(of: offset) == [0], "recording leaves the value where it is")
        var finished: Bool? = nil
        try a.commitAnimations { finished = $0 }
        try run(a, 0.5)
        #expect(abs(try a.components(of: offset)[0] - 150) < 1e-9, "ease-in-out is symmetric")
        // the velocity is the curve's slope at the middle times the mean speed (300 pt/s)
        let slope = TimingCurve.easeInOut.slope(at: 0.5)
        #expect(abs(try a.velocity(of: offset)[0] - 300 * slope) < 1e-6)
        try run(a, 0.5)
        #expect(try a.components(of: offset) == [300])
        #expect(finished == true)
        #expect(try a.velocity(of: offset) == [0])
        try a.advance(1.0 / 60)
        #expect(!a.isRunning)
    }

    @Test func valuesPassTheSameNumbersAtAnyFrameRate() throws {
        var seen: [[Double]] = []
        for hz in [30.0, 60.0, 120.0] {
            let a = try makeAnimator()
            let v = try a.createValue(ValueDefinition([10, 20, 30, 40]))
            try a.beginAnimations(AnimationDefinition(duration: 0, timing: .spring(try SpringParameters(mass: 1, stiffness: 170, damping: 12), initialVelocity: 0)))
            try a.setComponents([110, -20, 30.5, 400], of: v)
            try a.commitAnimations()
            try run(a, 0.5, hz: hz)
            seen.append(try a.components(of: v))
        }
        #expect(seen[0] == seen[1] && seen[1] == seen[2], "\(seen)")
    }

    @Test func aSpringTakingOverAMovingValueKeepsEachComponentsVelocity() throws {
        let a = try makeAnimator()
        let p = try a.createValue(ValueDefinition([0, 0]))
        try a.beginAnimations(AnimationDefinition(duration: 1, timing: .curve(.linear)))
        try a.setComponents([100, -50], of: p)
        var first: Bool? = nil
        try a.commitAnimations { first = $0 }
        try run(a, 0.5)
        #expect(try a.velocity(of: p) == [100, -50])
        let before = try a.components(of: p)
        try a.beginAnimations(AnimationDefinition(duration: 0, timing: .spring(try SpringParameters(mass: 1, stiffness: 200, damping: 20), initialVelocity: 0)))
        try a.setComponents([0, 100], of: p)
        try a.commitAnimations()
        let after = try a.velocity(of: p)
        #expect(abs(after[0] - 100) < 1e-9 && abs(after[1] + 50) < 1e-9, "no kink at the takeover: \(after)")
        try a.advance(1.0 / 120)
        let moved = try a.components(of: p)
        // one step on, each component moved v h + a h^2 / 2 (a = -k x - c v, x from the new target)
        // to second order; started from rest it would have moved a h^2 / 2 only, 0.8 pt less
        let h = 1.0 / 120
        let a0 = -200 * (before[0] - 0) - 20 * 100.0, a1 = -200 * (before[1] - 100) - 20 * -50.0
        #expect(abs(moved[0] - before[0] - (100 * h + a0 * h * h / 2)) < 0.1, "\(moved)")
        #expect(abs(moved[1] - before[1] - (-50 * h + a1 * h * h / 2)) < 0.1, "\(moved)")
        try a.advance(1.0 / 60)
        #expect(first == false, "the tween lost its only value")
        try runUntilRest(a)
        #expect(try a.components(of: p) == [0, 100])
    }

    @Test func colourMixesInTheChosenSpace() throws {
        let a = try makeAnimator()
        let red = [1.0, 0, 0, 1], blue = [0.0, 0, 1, 1]
        var mid: [ValueSpace: [Double]] = [:]
        for space in [ValueSpace.srgb, .linearSRGB, .oklab] {
            let c = try a.createValue(ValueDefinition(red, space: space))
            try a.beginAnimations(AnimationDefinition(duration: 1, timing: .curve(.linear)))
            try a.setComponents(blue, of: c)
            try a.commitAnimations()
            try run(a, 0.5)
            mid[space] = try a.components(of: c)
            try run(a, 0.5)
            #expect(try a.components(of: c) == blue, "the end is the target exactly")
        }
        #expect(mid[.srgb]! == [0.5, 0, 0.5, 1])
        // in linear light the middle is 0.5 of each primary's light: encoded 0.7354
        #expect(abs(mid[.linearSRGB]![0] - ColorMath.encoded(0.5)) < 1e-12 && abs(mid[.linearSRGB]![0] - 0.7353569830524495) < 1e-12)
        // in Oklab the middle's lightness is the mean of the ends' lightness
        func lab(_ c: [Double]) -> (Double, Double, Double) {
            ColorMath.oklab(ColorMath.linear(c[0]), ColorMath.linear(c[1]), ColorMath.linear(c[2]))
        }
        let m = lab(mid[.oklab]!), r = lab(red), b = lab(blue)
        #expect(abs(m.0 - (r.0 + b.0) / 2) < 1e-9 && abs(m.1 - (r.1 + b.1) / 2) < 1e-9 && abs(m.2 - (r.2 + b.2) / 2) < 1e-9)
        // white is L = 1, a = b = 0 (Ottosson's matrices are normalised to D65 white), and a
        // colour converted there and back is itself
        let w = ColorMath.oklab(1, 1, 1)
        #expect(abs(w.0 - 1) < 1e-6 && abs(w.1) < 1e-6 && abs(w.2) < 1e-6)
        let back = ColorMath.linearSRGB(m.0, m.1, m.2)
        let again = ColorMath.oklab(back.0, back.1, back.2)
        #expect(abs(again.0 - m.0) < 1e-14 && abs(again.1 - m.1) < 1e-14 && abs(again.2 - m.2) < 1e-14)
    }

    @Test func aColourFadingInFromTransparentKeepsItsTargetsHue() throws {
        // premultiplied, as CSS Color 4 mixes: transparent red to opaque blue has no red in between
        let a = try makeAnimator()
        let c = try a.createValue(ValueDefinition([1, 0, 0, 0], space: .srgb))
        try a.beginAnimations(AnimationDefinition(duration: 1, timing: .curve(.linear)))
        try a.setComponents([0, 0, 1, 1], of: c)
        try a.commitAnimations()
        try run(a, 0.5)
        #expect(try a.components(of: c) == [0, 0, 1, 0.5])
    }

    @Test func keyframesTimelinesAndStaggersMoveValues() throws {
        let a = try makeAnimator()
        let v = try a.createValue(ValueDefinition(0))
        try a.beginKeyframeAnimations(AnimationDefinition(duration: 1, timing: .curve(.linear)))
        try a.addKeyframe(relativeStart: 0, relativeDuration: 0.5)
        try a.setComponents([100], of: v)
        try a.addKeyframe(relativeStart: 0.5, relativeDuration: 0.5)
        try a.setComponents([40], of: v)
        try a.commitAnimations()
        try run(a, 0.25)
        #expect(abs(try a.components(of: v)[0] - 50) < 1e-9)
        try run(a, 0.5)
        #expect(abs(try a.components(of: v)[0] - 70) < 1e-9)
        try run(a, 0.25)
        #expect(try a.components(of: v) == [40])

        // a stagger counts values as it counts items
        let row = try (0..<3).map { _ in try a.createValue(ValueDefinition(0)) }
        var def = AnimationDefinition(duration: 0.5, timing: .curve(.linear))
        def.stagger = 0.25
        try a.beginAnimations(def)
        for r in row { try a.setComponents([1], of: r) }
        try a.commitAnimations()
        try run(a, 0.5)
        let shown = try row.map { try a.components(of: $0)[0] }
        #expect(abs(shown[0] - 1) < 1e-12 && abs(shown[1] - 0.5) < 1e-9 && shown[2] == 0, "\(shown)")

        // a timeline chains segments of one value
        let t = try a.createValue(ValueDefinition(0))
        try a.beginTimeline()
        try a.beginAnimations(AnimationDefinition(duration: 1, timing: .curve(.linear)))
        try a.setComponents([10], of: t)
        try a.commitAnimations()
        try a.beginAnimations(AnimationDefinition(duration: 1, delay: 1, timing: .curve(.linear)))
        try a.setComponents([30], of: t)
        try a.commitAnimations()
        let timeline = try a.commitTimeline()
        try a.seekTimeline(timeline, to: 1.5)
        #expect(abs(try a.components(of: t)[0] - 20) < 1e-9)
    }

    @Test func aFlungValueRestsWhereTheDecayEndsWithinItsBounds() throws {
        let a = try makeAnimator()
        let v = try a.createValue(ValueDefinition(0))
        var def = DecayDefinition(velocity: [1000])
        def.decayRate = 5
        var done: Bool? = nil
        try a.startDecay(of: v, def) { done = $0 }
        try runUntilRest(a)
        // x0 + v0 / lambda
        #expect(abs(try a.components(of: v)[0] - 200) < 1e-9)
        #expect(done == true)
        // a value's own bounds hold it
        var boundedDef = ValueDefinition(0)
        boundedDef.lowerBound = 0
        boundedDef.upperBound = 50
        let bounded = try a.createValue(boundedDef)
        try a.startDecay(of: bounded, def)
        var highest = 0.0
        try runUntilRest(a) { _ in highest = max(highest, try a.components(of: bounded)[0]) }
        #expect(highest == 50)
        #expect(try a.components(of: bounded) == [50])
        let colour = try a.createValue(ValueDefinition([0, 0, 0], space: .oklab))
        #expect(throws: AnimaError.self) { try a.startDecay(of: colour, DecayDefinition(velocity: [1, 1, 1])) }
    }

    @Test func theChangeCallbackRunsEveryStepTheValueMoves() throws {
        let a = try makeAnimator()
        let v = try a.createValue(ValueDefinition(0))
        var calls: [Double] = []
        var busy: AnimaError.Code? = nil
        try a.setOnChange({ _, c in
            calls.append(c[0])
            do throws(AnimaError) { try a.advance(0) } catch { busy = error.code }
        }, of: v)
        try a.setComponents([5], of: v)
        #expect(calls.isEmpty, "setting it yourself does not call back")
        try a.beginAnimations(AnimationDefinition(duration: 0.5, timing: .curve(.linear)))
        try a.setComponents([65], of: v)
        try a.commitAnimations()
        try run(a, 1)
        #expect(calls.count == 60, "one call for each of the 60 steps of 1/120 s that moved it")
        #expect(calls.last == 65 && abs(calls[0] - 6) < 1e-9)
        #expect(busy == .busy)
    }

    @Test func badValuesAreRefusedAndLeaveTheAnimatorUnchanged() throws {
        let a = try makeAnimator()
        #expect(throws: AnimaError.self) { try a.createValue(ValueDefinition([1, 2, 3, 4, 5])) }
        #expect(throws: AnimaError.self) { try a.createValue(ValueDefinition([])) }
        #expect(throws: AnimaError.self) { try a.createValue(ValueDefinition([.nan, 0, 0], space: .oklab)) }
        #expect(throws: AnimaError.self) { try a.createValue(ValueDefinition([1.5, 0, 0], space: .srgb)) }
        #expect(throws: AnimaError.self) { try a.createValue(ValueDefinition([0, 0], space: .srgb)) }
        var bad = ValueDefinition(0)
        bad.lowerBound = 1
        bad.upperBound = 0
        #expect(throws: AnimaError.self) { try a.createValue(bad) }
        #expect(a.liveValues.isEmpty)
        let v = try a.createValue(ValueDefinition([1, 2]))
        #expect(throws: AnimaError.self) { try a.setComponents([1], of: v) }
        #expect(throws: AnimaError.self) { try a.setComponents([1, .infinity], of: v) }
        #expect(try a.components(of: v) == [1, 2])
        // a destroyed value: its handle is stale, its animation ends unfinished
        try a.beginAnimations(AnimationDefinition(duration: 1))
        try a.setComponents([3, 4], of: v)
        var finished: Bool? = nil
        try a.commitAnimations { finished = $0 }
        try a.advance(1.0 / 60)
        try a.destroyValue(v)
        try a.advance(1.0 / 60)
        #expect(finished == false)
        do throws(AnimaError) { _ = try a.components(of: v); Issue.record("a destroyed value was read") } catch { #expect(error.code == .invalidHandle) }
        let reused = try a.createValue(ValueDefinition(7))
        #expect(reused.slot == v.slot && !a.isLive(v) && a.isLive(reused))
    }

    @Test func propertyAnimatorControlsDriveValues() throws {
        let a = try makeAnimator()
        let v = try a.createValue(ValueDefinition(0))
        try a.beginAnimations(AnimationDefinition(duration: 1, timing: .curve(.linear)))
        try a.setComponents([100], of: v)
        var finished: Bool? = nil
        let anim = try a.commitAnimations { finished = $0 }
        try a.pauseAnimation(anim)
        try a.setFractionComplete(0.25, of: anim)
        #expect(try a.components(of: v) == [25])
        try a.setReversed(true, of: anim)
        try a.resumeAnimation(anim)
        try run(a, 0.5)
        #expect(try a.components(of: v) == [0])
        #expect(finished == true && anim.position == .start)
    }

    @Test func snapshotsCarryValuesAndReplayBitForBit() throws {
        let a = try makeAnimator()
        let v = try a.createValue(ValueDefinition([0.2, 0.4, 0.6, 1], space: .oklab))
        let s = try a.createValue(ValueDefinition(0))
        try a.setOnChange({ _, _ in }, of: s)
        try a.beginAnimations(AnimationDefinition(duration: 0, timing: .spring(try SpringParameters(mass: 1, stiffness: 120, damping: 9), initialVelocity: 2)))
        try a.setComponents([0.9, 0.1, 0.3, 0.5], of: v)
        try a.setComponents([42], of: s)
        try a.commitAnimations()
        try run(a, 0.3)
        let bytes = try a.snapshot()
        let restored = try Animator.restore(bytes)
        let b = restored.animator
        #expect(restored.detachedCallbacks.contains { $0.kind == .valueChange && $0.value == s })
        #expect(try b.components(of: v) == a.components(of: v))
        #expect(try b.space(of: v) == .oklab)
        #expect(try b.snapshot() == bytes, "a restored animator snapshots to the same bytes")
        for _ in 0..<50 {
            try a.advance(1.0 / 60)
            try b.advance(1.0 / 60)
        }
        #expect(try b.components(of: v) == a.components(of: v))
        #expect(try b.components(of: s) == a.components(of: s))
        #expect(try a.stateHash() == b.stateHash())
        let fresh = try b.createValue(ValueDefinition(1))
        #expect(fresh.slot == 2 && fresh.generation > s.generation)
    }
}
