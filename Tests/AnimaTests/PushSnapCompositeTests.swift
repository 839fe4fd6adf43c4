import Testing
@testable import Anima

@Suite struct PushTests {
    func pushed(_ mode: PushMode, magnitude: Double = 0.5) throws -> (Animator, ItemID, PushBehavior) {
        let a = try makeAnimator(bounds: nil)
        let b = try ball(a, at: Vec2(0, 0))
        let push = try PushBehavior(owner: a, items: [b], mode: mode)
        try push.setAngle(-Double.pi / 2, magnitude: magnitude)   // up, as listing 13-23
        try a.addBehavior(push)
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [b]))   // no damping
        return (a, b, push)
    }

    @Test func continuousPushAcceleratesAtHundredTimesMagnitudeOverMass() throws {
        let (a, b, push) = try pushed(.continuous)
        let m = try a.mass(of: b)                       // pi/4 x 64^2 / 10 000 = 0.3217
        try a.advance(1)
        let accel = 100 * 0.5 / m
        let v = try a.linearVelocity(of: b)
        #expect(abs(-v.y - accel) / accel < 1e-9, "v = \(v), a = \(accel) pt/s^2")
        #expect(abs(-(try a.center(of: b).y) - accel / 2) / (accel / 2) < 0.01)
        #expect(push.active && a.isRunning)
    }

    @Test func instantaneousPushChangesVelocityOnceThenTurnsOff() throws {
        let (a, b, push) = try pushed(.instantaneous)
        let m = try a.mass(of: b)
        try a.step()
        #expect(!push.active)
        let v1 = try a.linearVelocity(of: b)
        try a.advance(1)
        let v2 = try a.linearVelocity(of: b)
        #expect(abs(-v1.y - 100 * 0.5 / m) < 1e-9, "dv = 100 x 0.5 / m")
        #expect(v1 == v2, "constant speed afterwards")
        push.setActive(true)   // pushes again
        try a.step()
        #expect(abs(-(try a.linearVelocity(of: b)).y - 2 * 100 * 0.5 / m) < 1e-9)
    }

    @Test func offCentrePushTurnsTheItem() throws {
        let a = try makeAnimator(bounds: nil)
        let box = try a.createItem(ItemDefinition(size: Size(width: 100, height: 100)))
        let push = try PushBehavior(owner: a, items: [box], mode: .instantaneous)
        try push.setPushDirection(Vec2(1, 0))
        try push.setTargetOffset(Vec2(0, -50), for: box)   // push the top edge to the right
        try a.addBehavior(push)
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [box]))
        try a.step()
        // J = 100 (mass pt/s) at r = (0, -50): w = (r x J) / I = 5000 / (1 x (100^2 + 100^2) / 12) = 3 rad/s
        #expect(abs(try a.angularVelocity(of: box) - 3) < 1e-9)
        #expect(abs(try a.linearVelocity(of: box).x - 100) < 1e-9)
    }

    @Test func pushKeepsAngleWhenMagnitudeIsZero() throws {
        let (_, _, push) = try pushed(.continuous, magnitude: 0)
        try push.setAngle(1.2)
        try push.setMagnitude(2)
        #expect(abs(push.angle - 1.2) < 1e-12 && push.magnitude == 2)
        #expect(throws: AnimaError.self) { try push.setMagnitude(.nan) }
    }
}

@Suite struct SnapTests {
    @Test func snapArrivesWithASlightOscillationAndRestsWithinASecond() throws {
        let a = try makeAnimator()
        let b = try ball(a, at: Vec2(60, 60))
        let target = Vec2(250, 400)
        try a.setTransform(ItemTransform(rotation: 0.7), of: b)
        try a.addBehavior(SnapBehavior(owner: a, item: b, snapTo: target))
        var overshoot = 0.0
        let distance = length(target - Vec2(60, 60))
        let t = try runUntilRest(a, limit: 3) { _ in
            let p = try a.center(of: b)
            // how far past the target along the approach direction
            let along = dot(p - target, (target - Vec2(60, 60)) / distance)
            overshoot = max(overshoot, along)
        }
        #expect(t != nil && t! < 1.2, "rested after \(String(describing: t)) s")
        #expect(length(try a.center(of: b) - target) < 0.5)
        #expect(overshoot > 0 && overshoot < 0.15 * distance, "overshoot \(overshoot) of \(distance)")
        #expect(abs(try a.rotation(of: b)) < 0.01, "turned upright")
    }

    @Test func movingTheSnapPointMovesTheItem() throws {
        let a = try makeAnimator()
        let b = try ball(a, at: Vec2(100, 100))
        let snap = try SnapBehavior(owner: a, item: b, snapTo: Vec2(100, 100))
        try a.addBehavior(snap)
        try runUntilRest(a)
        try snap.setSnapPoint(Vec2(200, 300))
        #expect(a.isRunning)
        try runUntilRest(a)
        #expect(length(try a.center(of: b) - Vec2(200, 300)) < 0.5)
        #expect(throws: AnimaError.self) { try snap.setDamping(1.5) }
    }
}

@Suite struct CompositeAndCustomTests {
    @Test func compositeBehaviorActsThroughItsChildren() throws {
        // listing 13-28's BouncingSpringBehavior: gravity, collision and two springs as children
        let a = try makeAnimator()
        let ballItem = try ball(a, at: Vec2(160, 150))
        let star = try a.createItem(ItemDefinition(center: Vec2(160, 250), size: Size(width: 64, height: 64)))
        let composite = try Behavior(owner: a)
        let collision = try CollisionBehavior(owner: a, items: [ballItem, star])
        try collision.setTranslatesReferenceBoundsIntoBoundary(true)
        let ballSpring = try AttachmentBehavior(owner: a, item: ballItem, anchor: Vec2(160, 20))
        let starSpring = try AttachmentBehavior(owner: a, item: star, offset: Vec2(-20, 0), to: ballItem)
        for s in [ballSpring, starSpring] { try s.setFrequency(1); try s.setDamping(0.65) }
        for child in [try GravityBehavior(owner: a, items: [ballItem, star]), collision, ballSpring, starSpring] as [Behavior] {
            try composite.addChild(child)
        }
        try a.addBehavior(composite)
        #expect(collision.isAdded && ballSpring.isAdded)
        // the springs' damping stops the bouncing along them quickly; the swing sideways is only
        // damped by the plain items' 0.1/s resistance, so it fades slowly, as on iOS
        func speed() throws -> Double { length(try a.linearVelocity(of: ballItem)) + length(try a.linearVelocity(of: star)) }
        var early = 0.0, late = 0.0
        for k in 0..<(40 * 60) {
            try a.advance(1.0 / 60)
            if k < 10 * 60 { early = max(early, try speed()) }
            if k >= 30 * 60 { late = max(late, try speed()) }
        }
        #expect(late < 0.5 * early, "motion fades: \(early) -> \(late) pt/s")
        // the star hangs below the ball, which hangs below the anchor near its spring's length
        #expect(try a.center(of: star).y > a.center(of: ballItem).y + 20)
        #expect(abs(try a.center(of: ballItem).y - 20 - 130) < 80)
        a.removeBehavior(composite)
        #expect(!collision.isAdded)
        #expect(throws: AnimaError.self) { try a.addBehavior(collision) ; try composite.addChild(collision) }
    }

    @Test func customBehaviorKeepsTheAnimatorRunningUntilItRests() throws {
        // seed 000's resizable behavior: a damped sinusoid scale, done after 1.5 s
        let a = try makeAnimator()
        let view = try a.createItem(ItemDefinition(center: Vec2(160, 284), size: Size(width: 100, height: 100)))
        let custom = try Behavior(owner: a)
        var clock = 0.0
        var calls = 0
        custom.isAtRest = false
        custom.action = { b in
            calls += 1
            clock += a.stepDuration
            let scale = 1 + 0.5 * sine(clock * Double.pi * 2) * exponential(-clock * 2)
            try? a.setTransform(ItemTransform(scaleX: scale, scaleY: scale), of: view)
            if clock > 1.5 {
                try? a.setTransform(.identity, of: view)
                b.isAtRest = true
            }
        }
        try a.addBehavior(custom)
        let t = try runUntilRest(a, limit: 5)
        #expect(t != nil)
        #expect(abs(t! - 1.5) < 0.1, "paused at \(t!) s")
        #expect(calls >= 180)
        #expect(try a.transform(of: view) == .identity)
    }

    /// The animator keeps a list of the behaviors with an action or not at rest; actions set,
    /// cleared or changed on a behavior already in the tree (here a child of a composite) and a
    /// rest flag flipped there take effect at the next step.
    @Test func actionsAndRestChangedInTheTreeTakeEffect() throws {
        let a = try makeAnimator()
        let view = try a.createItem(ItemDefinition(center: Vec2(160, 284), size: Size(width: 100, height: 100)))
        let parent = try Behavior(owner: a), child = try Behavior(owner: a)
        try parent.addChild(child)
        try a.addBehavior(parent)
        try a.addBehavior(GravityBehavior(owner: a, items: [view]))
        var first = 0, second = 0
        for _ in 0..<3 { try a.step() }
        child.action = { _ in first += 1 }
        for _ in 0..<4 { try a.step() }
        #expect(first == 4)
        child.action = { _ in second += 1 }
        for _ in 0..<2 { try a.step() }
        child.action = nil
        for _ in 0..<3 { try a.step() }
        #expect(first == 4 && second == 2)

        // a pause-blocking child keeps an otherwise resting scene running until it rests
        let idle = try makeAnimator()
        let holder = try Behavior(owner: idle), blocker = try Behavior(owner: idle)
        try holder.addChild(blocker)
        try idle.addBehavior(holder)
        for _ in 0..<3 { try idle.step() }
        #expect(!idle.isRunning)
        blocker.isAtRest = false
        for _ in 0..<30 { try idle.step() }
        #expect(idle.isRunning)
        blocker.isAtRest = true
        for _ in 0..<30 { try idle.step() }
        #expect(!idle.isRunning)
    }

    @Test func behaviorsCannotAppearTwiceInTheTree() throws {
        let a = try makeAnimator()
        let p = try Behavior(owner: a), q = try Behavior(owner: a)
        try p.addChild(q)
        #expect(throws: AnimaError.self) { try q.addChild(p) }
        #expect(throws: AnimaError.self) { try a.addBehavior(q) }
        let other = try makeAnimator()
        #expect(throws: AnimaError.self) { try p.addChild(try Behavior(owner: other)) }
    }
}

@Suite struct BoundaryPathTests {
    @Test func curvedBoundaryFromAQuadraticBezierHoldsABall() throws {
        // a bowl: from (0, 0) down to (200, 0) through a control point at (100, 200) (lowest point y = 100)
        let a = try makeAnimator(bounds: nil)
        let b = try ball(a, at: Vec2(60, 20), diameter: 20)
        let c = try CollisionBehavior(owner: a, items: [b])
        try c.addBoundary(identifier: "bowl", path: [.move(Vec2(0, 0)), .quad(control: Vec2(100, 200), to: Vec2(200, 0))])
        try a.addBehavior(c)
        try a.addBehavior(GravityBehavior(owner: a, items: [b]))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [b], properties: ItemProperties(friction: 0.3, resistance: 1)))
        #expect(try runUntilRest(a, limit: 20) != nil)
        let p = try a.center(of: b)
        // it rolls to the bottom: x = 100, resting on the curve (y = 100 at x = 100) with its radius
        #expect(abs(p.x - 100) < 2 && abs(p.y - (100 - 10)) < 1, "rests at \(p)")
        let points = try c.boundary(identifier: "bowl")
        #expect(points.count > 10 && points.first == Vec2(0, 0) && points.last == Vec2(200, 0))
    }

    @Test func badBoundaryPathsAreRefused() throws {
        let a = try makeAnimator(bounds: nil)
        let c = try CollisionBehavior(owner: a)
        #expect(throws: AnimaError.self) { try c.addBoundary(identifier: "x", path: [.line(Vec2(1, 1))]) }
        #expect(throws: AnimaError.self) { try c.addBoundary(identifier: "x", path: [.move(.zero), .line(Vec2(1, 0)), .move(Vec2(5, 5)), .line(Vec2(6, 6))]) }
        #expect(throws: AnimaError.self) { try c.addBoundary(identifier: "x", path: [.move(.zero), .close, .line(Vec2(1, 0))]) }
        #expect(throws: AnimaError.self) { try c.addBoundary(identifier: "x", path: [.move(.zero), .line(Vec2(.nan, 0))]) }
        #expect(c.boundaryIdentifiers.isEmpty)
    }
}

@Suite struct UpdateItemTests {
    @Test func resizingThroughUpdateItemUsingCurrentStateIsHonoured() throws {
        let a = try makeAnimator()
        let box = try a.createItem(ItemDefinition(center: Vec2(160, 500), size: Size(width: 40, height: 40)))
        let c = try CollisionBehavior(owner: a, items: [box])
        try c.setTranslatesReferenceBoundsIntoBoundary(true)
        try a.addBehavior(c)
        try a.addBehavior(GravityBehavior(owner: a, items: [box]))
        try runUntilRest(a)
        #expect(abs(try a.center(of: box).y - 548) < 0.5)
        try a.setTransform(ItemTransform(scaleX: 2, scaleY: 2), of: box)
        try a.updateItemUsingCurrentState(box)
        #expect(a.isRunning)
        try runUntilRest(a)
        // twice the size: it now rests 40 pt above the floor, and weighs four times as much
        #expect(abs(try a.center(of: box).y - 528) < 0.5)
        #expect(abs(try a.mass(of: box) - 4 * 0.16) < 1e-12)
    }
}

@Suite struct QuietWriteTests {
    @Test func rewritingUnchangedStateDoesNotKeepTheAnimatorAwake() throws {
        let a = try makeAnimator()
        let item = try a.createItem(ItemDefinition(center: Vec2(100, 100)))
        try a.addBehavior(SnapBehavior(owner: a, item: item, snapTo: Vec2(150, 100)))
        let custom = try Behavior(owner: a)
        custom.action = { _ in
            try? a.setTransform(.identity, of: item)
            try? a.setSize(Size(width: 100, height: 100), of: item)
            try? a.updateItemUsingCurrentState(item)
        }
        try a.addBehavior(custom)
        #expect(try runUntilRest(a, limit: 3) != nil, "writes that change nothing let the animator pause")
    }
}
