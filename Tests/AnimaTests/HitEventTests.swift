import Testing
@testable import Anima

/// Hit events (Box2D v3's contact hit events): the approach speed, normal, point and impulse of a
/// contact in the step of its impact, for the collision behaviors that ask for them.
@Suite struct HitEventTests {
    /// A 40 pt ball dropped from rest with its bottom `drop` pt above the screen's floor, under
    /// gravity, in a collision behavior with the reference bounds as its boundary.
    func droppedBall(drop: Double, elasticity: Double = 0) throws -> (Animator, ItemID, CollisionBehavior) {
        let a = try makeAnimator()
        let floor = screen.height
        let ball = try ball(a, at: Vec2(160, floor - 20 - drop), diameter: 40)
        try a.addBehavior(GravityBehavior(owner: a, items: [ball]))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [ball], properties: ItemProperties(elasticity: elasticity)))
        let collision = try CollisionBehavior(owner: a, items: [ball])
        try collision.setTranslatesReferenceBoundsIntoBoundary(true)
        try a.addBehavior(collision)
        return (a, ball, collision)
    }

    @Test func aFallingBallHitsTheFloorOnceAtTheSpeedOfItsFall() throws {
        let (a, ball, collision) = try droppedBall(drop: 200)
        try collision.setHitThreshold(100)
        var hits: [HitEvent] = []
        for _ in 0..<120 {
            try a.advance(1.0 / 60)
            hits += a.hitEvents
        }
        #expect(hits.count == 1, "one impact, then rest: \(hits.count) hits")
        let hit = try #require(hits.first)
        // v = sqrt(2 g h) with g = 1000 pt/s^2 and h = 200 pt
        let expected = (2 * 1000 * 200.0).squareRoot()
        #expect(abs(hit.approachSpeed - expected) / expected < 0.01, "approach \(hit.approachSpeed) pt/s, expected \(expected)")
        #expect(hit.item == ball && hit.otherItem == nil && hit.isBoundary && hit.boundaryIdentifier == nil)
        #expect(hit.collision === collision)
        // from the ball toward the floor: down, in UIKit's y-down coordinates
        #expect(abs(hit.normal.x) < 1e-9 && abs(hit.normal.y - 1) < 1e-9, "normal \(hit.normal)")
        #expect(abs(hit.point.y - screen.height) < 1 && abs(hit.point.x - 160) < 1e-6, "point \(hit.point)")
        // an inelastic ball is stopped: the impulse is its momentum m v (and a step of gravity)
        let m = try a.mass(of: ball)
        #expect(abs(hit.impulse - m * expected) / (m * expected) < 0.05, "impulse \(hit.impulse), m v = \(m * expected)")
        // the ball rests on the floor now: no more hits
        try a.advance(1)
        #expect(a.hitEvents.isEmpty)
    }

    @Test func anElasticBallHitsAtEveryBounceWhileItIsFastEnough() throws {
        let (a, _, collision) = try droppedBall(drop: 200, elasticity: 0.5)
        try collision.setHitThreshold(100)
        var speeds: [Double] = []
        for _ in 0..<600 {
            try a.advance(1.0 / 60)
            speeds += a.hitEvents.map(\.approachSpeed)
        }
        // each bounce leaves at half the speed it came: 632, 316, 158 pt/s; the next, 79, is below the threshold
        #expect(speeds.count == 3, "\(speeds)")
        if speeds.count == 3 {
            #expect(abs(speeds[1] / speeds[0] - 0.5) < 0.02 && abs(speeds[2] / speeds[1] - 0.5) < 0.04, "\(speeds)")
        }
    }

    @Test func aSlowImpactOrAnUnsetThresholdMakesNoHit() throws {
        let (a, _, collision) = try droppedBall(drop: 200)
        // 632 pt/s is below a threshold of 700
        try collision.setHitThreshold(700)
        var count = 0
        for _ in 0..<120 { try a.advance(1.0 / 60); count += a.hitEvents.count }
        #expect(count == 0)
        let (b, _, unset) = try droppedBall(drop: 200)
        #expect(unset.hitThreshold == nil)
        count = 0
        for _ in 0..<120 { try b.advance(1.0 / 60); count += b.hitEvents.count }
        #expect(count == 0, "no threshold, no hit")
        // asking for hits changes no motion: the two balls are where each other is, to the bit
        let ballA = try #require(a.items.first), ballB = try #require(b.items.first)
        #expect(try a.center(of: ballA) == b.center(of: ballB) && a.linearVelocity(of: ballA) == b.linearVelocity(of: ballB))
    }

    @Test func twoItemsMeetingHeadOnReportTheirClosingSpeedAndTheNormalBetweenThem() throws {
        let a = try makeAnimator(bounds: nil)
        let left = try ball(a, at: Vec2(0, 0), diameter: 40)
        let right = try ball(a, at: Vec2(100, 0), diameter: 40)
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [left, right], properties: ItemProperties(elasticity: 1)))
        try a.setLinearVelocity(Vec2(300, 0), of: left)
        try a.setLinearVelocity(Vec2(-300, 0), of: right)
        let collision = try CollisionBehavior(owner: a, items: [left, right])
        try collision.setHitThreshold(0)
        try a.addBehavior(collision)
        // a second collision behavior over the same pair without a threshold reports nothing
        try a.addBehavior(CollisionBehavior(owner: a, items: [left, right]))
        var hits: [HitEvent] = []
        for _ in 0..<30 { try a.advance(1.0 / 60); hits += a.hitEvents }
        #expect(hits.count == 1, "\(hits.count) hits")
        let hit = try #require(hits.first)
        #expect(hit.collision === collision && !hit.isBoundary)
        #expect(abs(hit.approachSpeed - 600) < 1e-6, "closing speed \(hit.approachSpeed)")
        let pair = [hit.item, try #require(hit.otherItem)]
        #expect(Set(pair.map(\.slot)) == Set([left.slot, right.slot]))
        let from = try a.center(of: hit.item), to = try a.center(of: try #require(hit.otherItem))
        let along = (to - from)
        // the balls swapped velocities after the elastic hit; the normal still points item to other
        #expect(abs(dot(hit.normal, along) / length(along) - 1) < 1e-6, "normal \(hit.normal), centres \(from) -> \(to)")
        // each ball's momentum turned from +-300 m to -+300 m: the impulse is 2 m v
        let m = try a.mass(of: left)
        #expect(abs(hit.impulse - 2 * m * 300) / (2 * m * 300) < 0.01, "impulse \(hit.impulse), 2 m v = \(2 * m * 300)")
        #expect(abs(hit.point.x - 50) < 1 && abs(hit.point.y) < 1e-6, "point \(hit.point)")
    }

    @Test func theThresholdIsValidatedAndSurvivesASnapshot() throws {
        let (a, _, collision) = try droppedBall(drop: 200)
        for bad in [-1.0, .nan, .infinity, 2e7] {
            #expect(throws: AnimaError.self) { try collision.setHitThreshold(bad) }
        }
        #expect(collision.hitThreshold == nil, "a refused threshold changes nothing")
        try collision.setHitThreshold(150)
        try a.advance(0.1)
        let restored = try Animator.restore(try a.snapshot())
        let copy = try #require(restored.behaviors.compactMap { $0 as? CollisionBehavior }.first)
        #expect(copy.hitThreshold == 150)
        // the copy hits as the original does, to the bit
        var original: [Double] = [], replayed: [Double] = []
        for _ in 0..<60 {
            try a.advance(1.0 / 60)
            try restored.animator.advance(1.0 / 60)
            original += a.hitEvents.flatMap { [$0.approachSpeed, $0.impulse, $0.point.x, $0.point.y] }
            replayed += restored.animator.hitEvents.flatMap { [$0.approachSpeed, $0.impulse, $0.point.x, $0.point.y] }
        }
        #expect(original.count == 4 && original.map(\.bitPattern) == replayed.map(\.bitPattern))
        try collision.setHitThreshold(nil)
        #expect(collision.hitThreshold == nil)
    }
}
