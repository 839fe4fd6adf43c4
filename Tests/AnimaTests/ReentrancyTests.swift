import Testing
@testable import Anima

/// Callbacks that edit the scene in the middle of a step, items destroyed while the broad phase
/// still had work queued for them, and inputs at the edge of the accepted ranges. Each test is
/// a sequence that once took the process down; the debug build also checks the engine's
/// structures after every step (`Animator.validate()`).
@Suite struct ReentrancyTests {
    /// Two items in one collision behavior with gravity: a step, a move (queues the proxy as
    /// moved), a destroy (frees the proxy), then steps.
    @Test func destroyingAMovedItemThenSteppingKeepsTheEngineSound() throws {
        let a = try makeAnimator(bounds: nil)
        let first = try ball(a, at: Vec2(100, 100), diameter: 40)
        let second = try ball(a, at: Vec2(200, 100), diameter: 40)
        try a.addBehavior(GravityBehavior(owner: a, items: [first, second]))
        try a.addBehavior(CollisionBehavior(owner: a, items: [first, second]))
        try a.step()
        try a.setCenter(Vec2(200, 60), of: first)
        try a.destroyItem(first)
        #expect(a.validate())
        for _ in 0..<10 { try a.step() }
        #expect(a.validate())
        #expect(try a.center(of: second).y > 100, "the other item still falls")
        #expect(!a.isLive(first))
    }

    /// A mass read rebuilds the graph outside a step (boundary proxies queued), then every
    /// boundary goes before the next step frees them.
    @Test func removingBoundariesAfterARebuildOutsideAStepKeepsTheEngineSound() throws {
        let a = try makeAnimator()
        let item = try ball(a, at: Vec2(160, 100))
        let collision = try CollisionBehavior(owner: a, items: [item])
        try collision.setTranslatesReferenceBoundsIntoBoundary(true)
        try collision.addBoundary(identifier: "shelf", from: Vec2(0, 300), to: Vec2(320, 300))
        try a.addBehavior(GravityBehavior(owner: a, items: [item]))
        try a.addBehavior(collision)
        _ = try a.mass(of: item)
        collision.removeAllBoundaries()
        try collision.setTranslatesReferenceBoundsIntoBoundary(false)
        for _ in 0..<10 { try a.step() }
        #expect(a.validate())
        #expect(try a.center(of: item).y > 100)
    }

    /// A custom field's evaluation runs inside the solver. Creating many items there, giving
    /// them gravity and reading a mass must not rebuild what the solver is using: the new items
    /// join the physics at the next step.
    @Test func aFieldEvaluationThatCreatesItemsAndReadsAMassWaitsForTheNextStep() throws {
        let a = try makeAnimator(bounds: nil)
        let probe = try ball(a, at: .zero)
        let gravity = try GravityBehavior(owner: a, items: [probe])
        try a.addBehavior(gravity)
        var made: [ItemID] = []
        var massesSeen: [Double] = []
        let field = try FieldBehavior(owner: a, kind: .custom, items: [probe])
        field.evaluate = { _ in
            if made.count < 140 {
                for k in 0..<70 {
                    let item = try! a.createItem(ItemDefinition(center: Vec2(Double(made.count + k) * 120, 0)))
                    made.append(item)
                    try! gravity.addItem(item)
                }
                massesSeen.append(try! a.mass(of: made[made.count - 1]))
            }
            return .zero
        }
        try a.addBehavior(field)
        try a.step()
        #expect(made.count == 70)
        #expect(massesSeen == [1], "a new 100 x 100 item of density 1 weighs 1")
        let firstStart = try a.center(of: made[0])
        try a.step()
        #expect(made.count == 140)
        #expect(try a.center(of: made[0]).y > firstStart.y, "items made in the first step fall from the second")
        for _ in 0..<5 { try a.step() }
        #expect(a.validate())
    }

    /// Items destroyed inside a field evaluation keep their slot until the step ends, so an item
    /// created right after cannot receive the destroyed one's solver results.
    @Test func destroyAndCreateInsideAFieldEvaluationDoNotShareASlot() throws {
        let a = try makeAnimator(bounds: nil)
        let probe = try ball(a, at: .zero)
        let victim = try ball(a, at: Vec2(300, 0))
        try a.addBehavior(GravityBehavior(owner: a, items: [probe, victim]))
        var created: ItemID? = nil
        let field = try FieldBehavior(owner: a, kind: .custom, items: [probe])
        field.evaluate = { _ in
            if created == nil {
                try! a.destroyItem(victim)
                created = try! a.createItem(ItemDefinition(center: Vec2(500, 500)))
            }
            return .zero
        }
        try a.addBehavior(field)
        try a.step()
        let fresh = try #require(created)
        #expect(fresh.slot != victim.slot)
        #expect(try a.center(of: fresh) == Vec2(500, 500), "an ungoverned item stays where it was made")
        try a.step()
        #expect(a.validate())
    }

    /// An action that wakes a sleeping island mid-step, and one that destroys the item whose
    /// contact it is reporting.
    @Test func actionsThatWakeIslandsAndDestroyItemsLeaveTheEngineSound() throws {
        let a = try makeAnimator()
        let resting = try ball(a, at: Vec2(80, 536))
        let falling = try ball(a, at: Vec2(240, 100))
        let collision = try CollisionBehavior(owner: a, items: [resting, falling])
        try collision.setTranslatesReferenceBoundsIntoBoundary(true)
        try a.addBehavior(GravityBehavior(owner: a, items: [resting, falling]))
        try a.addBehavior(collision)
        var destroyed = false
        collision.onBeganContact = { event in
            if event.item == falling && !destroyed {
                destroyed = true
                try! a.destroyItem(falling)
                try! a.setLinearVelocity(Vec2(0, -300), of: resting)
            }
        }
        try runUntilRest(a, limit: 10)
        #expect(destroyed)
        #expect(a.validate())
        #expect(!a.isRunning)
    }

    @Test func tinyAnimationDurationsAreRefusedAndSamplingNeverTraps() throws {
        let a = try makeAnimator(bounds: nil)
        let item = try a.createItem(ItemDefinition())
        var definition = AnimationDefinition(duration: .leastNonzeroMagnitude, repeatCount: .infinity, autoreverses: true)
        #expect(throws: AnimaError.self) { try definition.validate() }
        definition.duration = minimumAnimationDuration
        try a.beginAnimations(definition)
        try a.setCenter(Vec2(100, 100), of: item)
        _ = try a.commitAnimations()
        try a.advance(1)
        let c = try a.center(of: item)
        #expect(c.x.isFinite && c.y.isFinite)
    }

    @Test func advanceRefusesMoreThanItsMaximumAndSaysSo() throws {
        let a = try Animator(configuration: AnimatorConfiguration(maximumAdvance: 2))
        let item = try a.createItem(ItemDefinition())
        try a.addBehavior(GravityBehavior(owner: a, items: [item]))
        do {
            try a.advance(1e300)
            Issue.record("advance(1e300) was accepted")
        } catch {
            #expect(error.code == .invalidArgument)
            #expect(error.message.contains("maximum advance of 2.0 s"))
        }
        try a.advance(2)
        #expect(a.stepCount == 240)
        #expect(throws: AnimaError.self) { try Animator(configuration: AnimatorConfiguration(maximumAdvance: 0)) }
        #expect(throws: AnimaError.self) { try Animator(configuration: AnimatorConfiguration(maximumAdvance: .infinity)) }
    }

    /// The step callback runs once per internal step, after the others, and can end an advance.
    @Test func theStepCallbackCanInterruptALongAdvance() throws {
        let a = try makeAnimator(bounds: nil)
        let item = try a.createItem(ItemDefinition())
        try a.addBehavior(GravityBehavior(owner: a, items: [item]))
        var steps = 0
        a.onStep = { animator in
            steps += 1
            if steps == 100 { animator.interrupt() }
        }
        #expect(throws: AnimaError.self) { try a.advance(30) }
        #expect(steps == 100 && a.stepCount == 100)
        try a.advance(1.0 / 60)
        #expect(a.stepCount == 102, "the interrupted time was dropped; the animator goes on")
    }

    @Test func noiseFieldsFarFromTheOriginStayFinite() throws {
        let a = try makeAnimator(bounds: nil)
        let item = try a.createItem(ItemDefinition(center: Vec2(9e8, -9e8)))
        let field = try FieldBehavior(owner: a, kind: .noise, items: [item])
        try field.setPosition(Vec2(-9e8, 9e8))
        try field.setStrength(1e9)
        try a.addBehavior(field)
        for _ in 0..<10 { try a.step() }
        let c = try a.center(of: item)
        #expect(c.x.isFinite && c.y.isFinite)
    }

    @Test func floatToIntegerConversionsSaturate() {
        #expect(clampedInt(.nan) == 0)
        #expect(clampedInt(.infinity) == 1 << 53)
        #expect(clampedInt(-.infinity) == -(1 << 53))
        #expect(clampedInt(1e300) == 1 << 53)
        #expect(clampedInt(-2.9) == -2)
        #expect(clampedInt(.leastNonzeroMagnitude) == 0)
    }
}
