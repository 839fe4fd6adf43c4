import Testing
@testable import Anima
#if canImport(Glibc)
import Glibc
#endif

@Suite struct VelocityTrackerTests {
    /// Samples of x(t) every `interval` seconds over `duration`, y = 0.
    func track(_ x: (Double) -> Double, interval: Double = 0.008, duration: Double = 0.2) throws -> (VelocityTracker, Double) {
        var tracker = VelocityTracker()
        var t = 0.0
        while t <= duration + 1e-12 {
            try tracker.add(time: t, point: Vec2(x(t), 0))
            t += interval
        }
        return (tracker, t - interval)
    }

    @Test func constantVelocityIsExact() throws {
        let (tracker, end) = try track { 1200 * $0 + 30 }
        #expect(abs(tracker.velocity(at: end).x - 1200) < 1e-6)
        #expect(tracker.velocity.y == 0)
    }

    @Test func aQuadraticFitFollowsAnAcceleratingPointer() throws {
        // x = 5000 t^2: the velocity at the newest sample is 10000 t, which the LSQ2 fit gets exactly
        let (tracker, end) = try track { 5000 * $0 * $0 }
        #expect(abs(tracker.velocity.x - 10_000 * end) < 1e-6 * 10_000 * end)
        // a two-sample difference would be off by half an interval's worth of acceleration
        let last = tracker.samples.suffix(2).map(\.point.x)
        let difference = (last[1] - last[0]) / 0.008
        #expect(abs(difference - 10_000 * end) > 30)
    }

    @Test func onlyTheLast100MillisecondsCount() throws {
        // 200 pt/s, then 1000 pt/s for the last 120 ms: the early samples are out of the window
        let (tracker, end) = try track { $0 < 0.08 ? 200 * $0 : 16 + 1000 * ($0 - 0.08) }
        #expect(abs(tracker.velocity(at: end).x - 1000) < 1e-6)
    }

    @Test func aLateSampleTakesItsPlaceInTime() throws {
        var ordered = VelocityTracker(), late = VelocityTracker()
        let times = (0..<12).map { Double($0) * 0.008 }
        for t in times { try ordered.add(time: t, point: Vec2(800 * t, -300 * t)) }
        for t in times where t != times[9] { try late.add(time: t, point: Vec2(800 * t, -300 * t)) }
        try late.add(time: times[9], point: Vec2(800 * times[9], -300 * times[9]))   // arrives after the 11th
        #expect(late == ordered)
        #expect(abs(late.velocity.x - 800) < 1e-6 && abs(late.velocity.y + 300) < 1e-6)
    }

    @Test func aStoppedPointerFlingsNothing() throws {
        let (tracker, end) = try track { 1000 * $0 }
        #expect(abs(tracker.velocity(at: end + 0.03).x - 1000) < 1e-6)
        #expect(tracker.velocity(at: end + 0.05) == .zero)
        var resumed = tracker
        try resumed.add(time: end + 0.5, point: Vec2(0, 0))
        #expect(resumed.samples.count == 1 && resumed.velocity == .zero, "a pause of 40 ms starts a new gesture")
    }

    @Test func fewSamplesAndBadInput() throws {
        var tracker = VelocityTracker()
        #expect(tracker.velocity == .zero)
        try tracker.add(time: 1, point: Vec2(10, 10))
        #expect(tracker.velocity == .zero)
        try tracker.add(time: 1.01, point: Vec2(20, 10))
        #expect(abs(tracker.velocity.x - 1000) < 1e-9)
        #expect(throws: AnimaError.self) { try tracker.add(time: .nan, point: .zero) }
        #expect(throws: AnimaError.self) { try tracker.add(time: 2, point: Vec2(.infinity, 0)) }
        #expect(throws: AnimaError.self) { try VelocityTracker(samples: [(1, .zero), (1, .zero)]) }
        for k in 0..<30 { try tracker.add(time: 1.02 + Double(k) * 0.001, point: Vec2(Double(k), 0)) }
        #expect(tracker.samples.count == VelocityTracker.capacity)
    }
}

@Suite struct MomentumTests {
    @Test func projectionIsWhereAFlingComesToRest() throws {
        let p = try Momentum.project(position: Vec2(100, 200), velocity: Vec2(1000, -500), rate: 0.998)
        let lambda = -1000 * log(0.998)
        #expect(abs(p.x - (100 + 1000 / lambda)) < 1e-9 && abs(p.y - (200 - 500 / lambda)) < 1e-9)
        // Apple's per-millisecond series, v / 1000 x rate / (1 - rate) = 499 pt: 0.1 % shorter
        #expect(abs((p.x - 100) / 499 - 1) < 1.5e-3)
        #expect(throws: AnimaError.self) { try Momentum.project(position: .zero, velocity: .zero, rate: 1) }
        #expect(throws: AnimaError.self) { try Momentum.project(position: .zero, velocity: Vec2(.nan, 0), rate: 0.99) }
    }

    @Test func rubberBandFollowsApplesFormula() throws {
        let d = 568.0, c = 0.55
        for x in [0.0, 1, 10, 100, 1000, 1e6] {
            let expected = (1 - 1 / (x * c / d + 1)) * d
            #expect(abs(try Momentum.rubberBand(offset: x, dimension: d) - expected) < 1e-9 * max(1, expected))
            #expect(try Momentum.rubberBand(offset: -x, dimension: d) == -(try Momentum.rubberBand(offset: x, dimension: d)))
        }
        #expect(abs(try Momentum.rubberBand(offset: d / c, dimension: d) - d / 2) < 1e-9, "x = d / c shows half the dimension")
        let slope = try Momentum.rubberBand(offset: 1e-6, dimension: d) / 1e-6
        #expect(abs(slope - c) < 1e-6, "the band starts with slope c")
        #expect(try Momentum.rubberBand(offset: 1e12, dimension: d) < d)
        #expect(try Momentum.rubberBand(150, lower: 0, upper: 200, dimension: d) == 150)
        #expect(abs(try Momentum.rubberBand(250, lower: 0, upper: 200, dimension: d) - (200 + (1 - 1 / (50 * c / d + 1)) * d)) < 1e-9)
        #expect(throws: AnimaError.self) { try Momentum.rubberBand(offset: 1, dimension: 0) }
        #expect(throws: AnimaError.self) { try Momentum.rubberBand(.nan, lower: 0, upper: 1, dimension: 1) }
        #expect(throws: AnimaError.self) { try Momentum.rubberBand(1, lower: 2, upper: 1, dimension: 1) }
    }
}

@Suite struct HitTestTests {
    @Test func shapesAreTestedThemselvesNotTheirFrames() throws {
        let a = try makeAnimator()
        let disc = try ball(a, at: Vec2(100, 100), diameter: 100)
        #expect(try a.item(at: Vec2(100, 145)) == disc)
        #expect(try a.item(at: Vec2(140, 140)) == nil, "a corner of the frame is outside the ellipse")
        let box = try a.createItem(ItemDefinition(center: Vec2(250, 100), size: Size(width: 80, height: 80),
                                                  transform: ItemTransform(rotation: .pi / 4)))
        #expect(try a.item(at: Vec2(250, 100 - 55)) == box, "the rotated square reaches 56.6 pt up")
        #expect(try a.item(at: Vec2(250 + 38, 100 - 38)) == nil, "the unrotated frame's corner is outside")
        let triangle = try a.createItem(ItemDefinition(center: Vec2(100, 300), size: Size(width: 100, height: 100), shape: .path,
                                                       path: try ItemPath([Vec2(-50, 50), Vec2(50, 50), Vec2(0, -50)])))
        #expect(try a.item(at: Vec2(100, 330)) == triangle)
        #expect(try a.item(at: Vec2(60, 270)) == nil, "inside the frame, outside the triangle")
    }

    @Test func theLastCreatedIsOnTopAndHiddenItemsAreSkipped() throws {
        let a = try makeAnimator()
        let below = try ball(a, at: Vec2(100, 100), diameter: 80)
        let above = try ball(a, at: Vec2(120, 100), diameter: 80)
        #expect(try a.item(at: Vec2(110, 100)) == above)
        try a.setAlpha(0, of: above)
        #expect(try a.item(at: Vec2(110, 100)) == below)
        let scaled = try a.createItem(ItemDefinition(center: Vec2(250, 400), size: Size(width: 20, height: 20),
                                                     transform: ItemTransform(scaleX: 3, scaleY: 3, translationX: 10)))
        #expect(try a.item(at: Vec2(288, 400)) == scaled, "scaled to 60 pt wide and moved 10 pt right")
        #expect(try a.item(at: Vec2(228, 400)) == nil)
        #expect(throws: AnimaError.self) { try a.item(at: Vec2(.nan, 0)) }
    }
}

@Suite struct DragTests {
    /// A 64 pt ball in the screen, colliding with its edges, without gravity.
    func scene() throws -> (Animator, ItemID) {
        let a = try makeAnimator()
        let item = try ball(a, at: Vec2(100, 300))
        let c = try CollisionBehavior(owner: a, items: [item])
        try c.setTranslatesReferenceBoundsIntoBoundary(true)
        try a.addBehavior(c)
        return (a, item)
    }

    @Test func theItemFollowsThePointerAndLeavesWithItsVelocity() throws {
        let (a, item) = try scene()
        let grab = Vec2(110, 290)                      // 10 pt right of and above the centre
        let drag = try a.beginDrag(item, at: grab, time: 0)
        var worst = 0.0
        for frame in 1...12 {                          // 120 pt right in 0.2 s at 60 Hz: 600 pt/s
            let t = Double(frame) / 60
            try a.moveDrag(drag, to: grab + Vec2(600 * t, 0), time: t)
            try a.advance(1.0 / 60)
            let held = try a.worldPoint(of: item, offset: drag.attachment.offset)
            worst = max(worst, length(held - (grab + Vec2(600 * t, 0))))
        }
        #expect(worst < 12, "the grabbed point stays within a few points of the pointer (worst \(worst))")
        let v = try a.endDrag(drag, time: 0.2)
        #expect(abs(v.x - 600) < 1e-6 && abs(v.y) < 1e-6)
        #expect(abs(try a.linearVelocity(of: item).x - 600) < 1e-6)
        #expect(!drag.isActive && !a.behaviors.contains { $0 === drag.attachment })
        #expect(throws: AnimaError.self) { try a.moveDrag(drag, to: .zero, time: 1) }
    }

    @Test func aDraggedItemMovesAtThePointersPaceInEveryStep() throws {
        // pointer samples once a 60 Hz frame, two 120 Hz steps a frame: the anchor glides over
        // both steps, so the item moves 5 pt a step and ends each frame at the pointer's velocity
        let (a, item) = try scene()
        let drag = try a.beginDrag(item, at: Vec2(100, 300), time: 0)
        var stepMoves: [Double] = []
        var last = try a.center(of: item).x
        for frame in 1...15 {                          // 150 pt right, short of the wall at 288
            let t = Double(frame) / 60
            try a.moveDrag(drag, to: Vec2(100 + 600 * t, 300), time: t)
            for _ in 0..<2 {
                try a.step()
                let x = try a.center(of: item).x
                if frame > 3 { stepMoves.append(x - last) }
                last = x
            }
            if frame > 3 { #expect(abs(try a.linearVelocity(of: item).x - 600) < 30, "frame \(frame)") }
        }
        #expect(stepMoves.allSatisfy { abs($0 - 5) < 0.25 }, "steps of 5 pt: \(stepMoves)")
        try a.endDrag(drag, time: 15.0 / 60)
    }

    @Test func onlyAnchorItemsAndPinAttachmentsTakeAMaxForce() throws {
        let a = try makeAnimator()
        let one = try ball(a, at: Vec2(100, 100)), two = try ball(a, at: Vec2(200, 100))
        let rope = try AttachmentBehavior(owner: a, item: one, to: two, kind: .limit)
        #expect(throws: AnimaError.self) { try rope.setMaxForce(10) }
        let rod = try AttachmentBehavior(owner: a, item: one, to: two)
        try rod.setMaxForce(10)
        #expect(rod.maxForce == 10)
        #expect(throws: AnimaError.self) { try rod.setMaxForce(0) }
        #expect(throws: AnimaError.self) { try rod.setMaxForce(.nan) }
    }

    @Test func aGrabTakesOverARunningAnimationWithoutAJump() throws {
        let a = try makeAnimator()
        let item = try ball(a, at: Vec2(60, 100))
        try a.beginAnimations(AnimationDefinition(duration: 1, timing: .curve(.linear)))
        try a.setCenter(Vec2(260, 100), of: item)
        var ended: [Bool] = []
        let animation = try a.commitAnimations { ended.append($0) }
        for _ in 0..<30 { try a.advance(1.0 / 60) }
        let before = try a.center(of: item)
        let drag = try a.beginDrag(item, at: before, time: 0.5)
        try a.advance(1.0 / 60)
        #expect(length(try a.center(of: item) - before) < 1e-6, "no jump: the item stays under the finger")
        #expect(ended == [false] && animation.position == .current)
        try a.endDrag(drag, time: 0.52)
    }

    @Test func snapsLetGoWhileHeldAndTakeHoldAgain() throws {
        let a = try makeAnimator()
        let item = try ball(a, at: Vec2(160, 100))
        try a.addBehavior(try SnapBehavior(owner: a, item: item, snapTo: Vec2(160, 100)))
        let drag = try a.beginDrag(item, at: Vec2(160, 100), time: 0)
        for frame in 1...30 {
            let t = Double(frame) / 60
            try a.moveDrag(drag, to: Vec2(160, 100 + 600 * min(t, 0.25)), time: t)
            try a.advance(1.0 / 60)
        }
        #expect(abs(try a.center(of: item).y - 250) < 3, "held at the pointer, not pulled back by the snap")
        try a.endDrag(drag, time: 1)                   // the pointer had stopped: no fling
        #expect(try a.linearVelocity(of: item) == .zero)
        try runUntilRest(a)
        #expect(length(try a.center(of: item) - Vec2(160, 100)) < 1, "the snap brings it back")
    }

    @Test func aHeldItemIsNotPushedThroughAWall() throws {
        let (a, item) = try scene()
        let drag = try a.beginDrag(item, at: Vec2(100, 300), time: 0)
        for frame in 1...120 {                         // the pointer goes 1000 pt past the bottom edge
            let t = Double(frame) / 60
            try a.moveDrag(drag, to: Vec2(100, 300 + 1200 * min(t, 1)), time: t)
            try a.advance(1.0 / 60)
            #expect(try a.center(of: item).y < 568 - 32 + 2)
        }
        try a.endDrag(drag, time: 2)
    }

    @Test func destroyingTheItemOrRemovingTheAttachmentEndsTheDrag() throws {
        let (a, item) = try scene()
        let drag = try a.beginDrag(item, at: Vec2(100, 300), time: 0)
        a.removeBehavior(drag.attachment)
        #expect(!drag.isActive && a.drag(of: drag.attachment) == nil)
        #expect(throws: AnimaError.self) { try a.endDrag(drag, time: 1) }
        let again = try a.beginDrag(item, at: Vec2(100, 300), time: 2)
        try a.destroyItem(item)
        #expect(!again.isActive && a.world.heldSlots.isEmpty)
        #expect(throws: AnimaError.self) { try a.beginDrag(item, at: .zero, time: 3) }
    }
}

@Suite struct DisplayPoseTests {
    /// Frame-to-frame displacement of a ball gliding at 600 pt/s, drawn at `rate` Hz for 2 s, from
    /// the display poses or the stepped ones: (largest / smallest) - 1 over the frames after the
    /// first 0.1 s (the display lags the simulation by less than a step, so the first frame or two
    /// show the ball before it started).
    func unevenness(rate: Double, display: Bool) throws -> Double {
        let a = try Animator(referenceBounds: nil)
        let item = try ball(a, at: Vec2(0, 0))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [item], properties: ItemProperties(resistance: 0)))
        try a.setLinearVelocity(Vec2(600, 0), of: item)
        var last: Double? = nil, steps: [Double] = []
        for frame in 0..<Int(2 * rate) {
            try a.advance(1 / rate)
            let x = display ? try a.displayPose(of: item).center.x : try a.center(of: item).x
            if let last, Double(frame) >= 0.1 * rate { steps.append(x - last) }
            last = x
        }
        return steps.max()! / steps.min()! - 1
    }

    @Test func displayPosesMoveEvenlyAtAnyRefreshRate() throws {
        for rate in [144.0, 75.0, 90.0, 60.0] {
            let smooth = try unevenness(rate: rate, display: true)
            #expect(smooth < 0.01, "\(rate) Hz: display poses vary by \(smooth * 100) %")
        }
        #expect(try unevenness(rate: 144, display: false) > 0.5, "stepped poses at 144 Hz move 0 or 1 step a frame")
        #expect(try unevenness(rate: 75, display: false) > 0.5, "stepped poses at 75 Hz move 1 or 2 steps a frame")
    }

    @Test func atRestAndAfterATeleportTheDisplayShowsTheItemWhereItIs() throws {
        let a = try makeAnimator()
        let item = try ball(a, at: Vec2(160, 100))
        try a.addBehavior(try GravityBehavior(owner: a, items: [item]))
        try a.advance(1.0 / 144)
        try a.setCenter(Vec2(10, 10), of: item)
        #expect(try a.displayPose(of: item).center == Vec2(10, 10))
        let created = try ball(a, at: Vec2(300, 300))
        #expect(try a.displayPose(of: created).center == Vec2(300, 300))
        var buffer = [Double](repeating: 0, count: 6)
        #expect(a.copyDisplayPoses(into: &buffer, capacity: 2) == 2)
        #expect(buffer[0] == 10 && buffer[3] == 300)
        let still = try makeAnimator()
        let resting = try ball(still, at: Vec2(50, 50))
        #expect(!still.isRunning && still.displayFraction == 1)
        #expect(try still.displayPose(of: resting).center == Vec2(50, 50))
    }
}
