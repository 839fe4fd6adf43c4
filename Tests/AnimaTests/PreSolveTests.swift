import Testing
@testable import Anima

/// Pre-solve hooks (Box2D v3's pre-solve callback, pymunk's pre_solve): a collision behavior
/// decides, contact by contact and step by step, whether a contact is solved.
@Suite struct PreSolveTests {
    /// A 200 x 10 pt anchored shelf at (160, 300) and a 40 pt ball thrown up at it from
    /// (160, 450) at 650 pt/s under gravity (1000 pt/s^2): it would rise to y = 450 - 211 = 239.
    func shelfAndBall() throws -> (Animator, shelf: ItemID, ball: ItemID, CollisionBehavior) {
        let a = try makeAnimator()
        let shelf = try a.createItem(ItemDefinition(center: Vec2(160, 300), size: Size(width: 200, height: 10)))
        let ball = try ball(a, at: Vec2(160, 450), diameter: 40)
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [shelf], properties: ItemProperties(anchored: true)))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [ball]))
        try a.addBehavior(GravityBehavior(owner: a, items: [ball]))
        let collision = try CollisionBehavior(owner: a, items: [shelf, ball])
        try collision.setTranslatesReferenceBoundsIntoBoundary(true)
        try a.addBehavior(collision)
        try a.setLinearVelocity(Vec2(0, -650), of: ball)
        return (a, shelf, ball, collision)
    }

    /// A one-way rule: solve the contact only when the ball is above the shelf, the normal from
    /// the shelf toward the ball pointing up the screen.
    func oneWay(_ shelf: ItemID) -> (PreSolveContact) -> Bool {
        { contact in
            let fromShelf = contact.item == shelf ? contact.normal : -contact.normal
            return fromShelf.y < -0.5
        }
    }

    @Test func aOneWayShelfLetsTheBallUpThroughAndCatchesItComingDown() throws {
        let (a, shelf, ball, collision) = try shelfAndBall()
        var asked = 0
        let rule = oneWay(shelf)
        collision.preSolve = { contact in
            asked += 1
            #expect(contact.collision === collision && !contact.isBoundary && contact.pointCount >= 1)
            #expect(abs(length(contact.normal) - 1) < 1e-9)
            return rule(contact)
        }
        var highest = 450.0
        for _ in 0..<240 {
            try a.advance(1.0 / 60)
            highest = min(highest, try a.center(of: ball).y)
        }
        #expect(asked > 0)
        // up through the shelf to the top of its flight (a frame's rounding of 239 pt)
        #expect(highest < 245, "the ball rose to y = \(highest)")
        // and back down onto it, resting on its top (295) with its radius of 20 pt
        let rest = try a.center(of: ball)
        #expect(abs(rest.y - 275) < 0.5 && abs(rest.x - 160) < 1e-6, "the ball rests at \(rest)")
    }

    @Test func withoutTheHookTheShelfStopsTheBallFromBelow() throws {
        let (a, _, ball, _) = try shelfAndBall()
        var highest = 450.0
        for _ in 0..<120 {
            try a.advance(1.0 / 60)
            highest = min(highest, try a.center(of: ball).y)
        }
        // the shelf's underside is at 305: the ball's centre gets no higher than 325
        #expect(highest > 324, "the ball reached y = \(highest)")
    }

    @Test func aRefusedContactPushesNothingAndNeverTouches() throws {
        let (a, _, ball, collision) = try shelfAndBall()
        collision.preSolve = { _ in false }
        try a.setLinearVelocity(Vec2(0, 0), of: ball)
        try a.setCenter(Vec2(160, 200), of: ball)    // above the shelf: it falls through it
        var began = 0
        var velocities: [Double] = []
        for _ in 0..<60 {
            try a.advance(1.0 / 60)
            began += a.beganContacts.filter { $0.otherItem != nil }.count
            velocities.append(try a.linearVelocity(of: ball).y)
        }
        #expect(began == 0, "a refused contact does not begin")
        // in free fall the whole second through the shelf: v = g t, exactly as the solver's
        // sub-steps integrate it, with no impulse from the shelf (v grows by g h every step)
        let steps = Double(a.stepCount)
        #expect(abs(velocities.last! - 1000 * steps * a.stepDuration) < 1e-6, "v = \(velocities.last!)")
        #expect(zip(velocities, velocities.dropFirst()).allSatisfy { $1 > $0 }, "the ball never slowed")
    }

    @Test func theHookIsDetachedByASnapshotAndTheRestoredSceneReplaysWithItSetAgain() throws {
        let (a, shelf, _, collision) = try shelfAndBall()
        collision.preSolve = oneWay(shelf)
        try a.advance(0.1)
        let restored = try Animator.restore(try a.snapshot())
        let copy = try #require(restored.behaviors.compactMap { $0 as? CollisionBehavior }.first)
        #expect(restored.animator.detachedCallbacks.contains { $0.kind == .preSolve && $0.behavior === copy })
        copy.preSolve = oneWay(shelf)
        #expect(!restored.animator.detachedCallbacks.contains { $0.kind == .preSolve })
        for _ in 0..<120 {
            try a.advance(1.0 / 60)
            try restored.animator.advance(1.0 / 60)
        }
        let ballA = try #require(a.items.last), ballB = try #require(restored.animator.items.last)
        #expect(try a.center(of: ballA) == restored.animator.center(of: ballB))
        let x = try a.snapshot(), y = try restored.animator.snapshot()
        #expect(x == y, "the snapshots differ (\(x.count) and \(y.count) bytes)")
    }
}
