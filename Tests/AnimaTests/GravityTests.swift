import Testing
@testable import Anima

@Suite struct GravityTests {
    @Test func defaultGravityPointsDownWithMagnitudeOne() throws {
        let a = try makeAnimator()
        let g = try GravityBehavior(owner: a)
        #expect(g.direction == Vec2(0, 1))
        #expect(abs(g.angle - Double.pi / 2) < 1e-12)
        #expect(g.magnitude == 1)
    }

    @Test func settingMagnitudeZeroResetsAngleToZero() throws {
        let g = try GravityBehavior(owner: try makeAnimator())
        try g.setAngle(1.0, magnitude: 2)
        #expect(abs(g.angle - 1.0) < 1e-12)
        #expect(abs(g.magnitude - 2) < 1e-12)
        try g.setMagnitude(0)
        #expect(g.direction == .zero)
        #expect(g.angle == 0)
    }

    @Test func undampedItemFallsHalfGTSquared() throws {
        let a = try makeAnimator(bounds: nil)
        let item = try ball(a, at: Vec2(0, 0))
        try a.addBehavior(GravityBehavior(owner: a, items: [item]))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [item]))  // resistance 0
        try a.advance(0.5)
        let y = try a.center(of: item).y
        let expected = 0.5 * 1000 * 0.25
        #expect(abs(y - expected) / expected < 0.01, "fell \(y) pt, expected \(expected)")
        let v = try a.linearVelocity(of: item).y
        #expect(abs(v - 500) < 1e-6, "v = \(v) pt/s after 0.5 s at 1000 pt/s^2")
    }

    @Test func gravityAcceleratesEveryMassAlike() throws {
        let a = try makeAnimator(bounds: nil)
        let light = try a.createItem(ItemDefinition(center: Vec2(0, 0), size: Size(width: 10, height: 10)))
        let heavy = try a.createItem(ItemDefinition(center: Vec2(100, 0), size: Size(width: 200, height: 200)))
        try a.addBehavior(GravityBehavior(owner: a, items: [light, heavy]))
        try a.advance(1)
        #expect(try a.center(of: light).y == a.center(of: heavy).y)
    }

    @Test func plainItemIsDampedByTheImplicitResistance() throws {
        // an item without an item behavior keeps the implicit 0.1/s damping, so after 1 s it
        // is slower than g t: v = g (1 - e^(-c t)) / c = 990.0 pt/s for c = 0.1/s
        let a = try makeAnimator(bounds: nil)
        let item = try ball(a, at: .zero)
        try a.addBehavior(GravityBehavior(owner: a, items: [item]))
        try a.advance(1)
        let v = try a.linearVelocity(of: item).y
        let expected = 1000 * (1 - exponential(-0.1)) / 0.1
        #expect(abs(v - expected) / expected < 0.002, "v = \(v), expected \(expected)")
    }

    @Test func ballFallsOffScreenWithoutCollision() throws {
        let a = try makeAnimator()
        let item = try ball(a, at: Vec2(160, 52))
        try a.addBehavior(GravityBehavior(owner: a, items: [item]))
        try a.advance(1.5)
        #expect(try a.center(of: item).y > 568 + 32)
        #expect(a.isRunning)
    }
}
