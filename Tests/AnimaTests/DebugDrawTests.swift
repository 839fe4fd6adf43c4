import Testing
@testable import Anima

/// The debug drawing (Box2D v3's b2DebugDraw): shapes, bounds, boundaries, attachments and
/// contacts as primitives, against geometry computed here.
@Suite struct DebugDrawTests {
    @Test func aTurnedBoxABallABoundaryAnAttachmentAndAContactAreDrawnWhereTheyAre() throws {
        let a = try makeAnimator()
        let angle = Double.pi / 6
        let box = try a.createItem(ItemDefinition(center: Vec2(100, 100), size: Size(width: 40, height: 20),
                                                  transform: ItemTransform(rotation: angle)))
        let ball = try ball(a, at: Vec2(200, 500), diameter: 40)
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [box], properties: ItemProperties(anchored: true)))
        try a.addBehavior(GravityBehavior(owner: a, items: [ball]))
        let walls = try CollisionBehavior(owner: a, items: [box, ball])
        try walls.setTranslatesReferenceBoundsIntoBoundary(true)
        try a.addBehavior(walls)
        try a.addBehavior(try AttachmentBehavior(owner: a, item: ball, anchor: Vec2(200, 400)))
        try a.setLinearVelocity(Vec2(300, 0), of: ball)   // it swings on its rod, awake
        try a.advance(1)
        let drawn = try a.debugPrimitives(.all)
        // the box: its corners turned by 30 degrees about its centre (clockwise on screen)
        let q = Rotation(angle: angle)
        let corners = [Vec2(-20, -10), Vec2(20, -10), Vec2(20, 10), Vec2(-20, 10)].map {
            Vec2(100 + q.c * $0.x - q.s * $0.y, 100 + q.s * $0.x + q.c * $0.y)
        }
        guard case let .polygon(vertices, color) = drawn[0] else { Issue.record("first: \(drawn[0])"); return }
        #expect(color == DebugColor.anchored && vertices.count == 4)
        #expect(zip(vertices, corners).allSatisfy { length($0 - $1) < 1e-9 }, "\(vertices) vs \(corners)")
        let centre = try a.center(of: ball)
        #expect(drawn[1] == .circle(center: centre, radius: 20, angle: try a.rotation(of: ball), color: DebugColor.awake))
        // bounds next: the box's is its turned corners' extent
        guard case let .polygon(box0, boundsColor) = drawn[2] else { Issue.record("\(drawn[2])"); return }
        #expect(boundsColor == DebugColor.bounds)
        #expect(abs(box0[0].x - corners.map(\.x).min()!) < 1e-9 && abs(box0[2].y - corners.map(\.y).max()!) < 1e-9)
        // the four reference-bounds segments, the attachment from the ball to its anchor
        let segments = drawn.compactMap { p -> (Vec2, Vec2, UInt32)? in
            if case let .segment(from, to, color) = p { return (from, to, color) } else { return nil }
        }
        #expect(segments.filter { $0.2 == DebugColor.boundary }.count == 4)
        let rod = try #require(segments.first { $0.2 == DebugColor.attachment })
        #expect(rod.0 == centre && rod.1 == Vec2(200, 400))
        // the ball hangs on its rod, touching nothing: no contact is drawn
        #expect(!drawn.contains { if case .point = $0 { return true } else { return false } })
        #expect(try a.debugPrimitives([]).isEmpty)
        #expect(try a.debugPrimitives(.shapes).count == 2)
    }

    @Test func aRestingBallsContactIsDrawnWithItsNormal() throws {
        let a = try makeAnimator()
        let ball = try ball(a, at: Vec2(160, 500), diameter: 40)
        try a.addBehavior(GravityBehavior(owner: a, items: [ball]))
        let walls = try CollisionBehavior(owner: a, items: [ball])
        try walls.setTranslatesReferenceBoundsIntoBoundary(true)
        try a.addBehavior(walls)
        try runUntilRest(a)
        let drawn = try a.debugPrimitives(.contacts)
        guard drawn.count == 2, case let .point(p, _, pc) = drawn[0], case let .segment(from, to, nc) = drawn[1] else {
            Issue.record("\(drawn)"); return
        }
        #expect(pc == DebugColor.contactPoint && nc == DebugColor.contactNormal)
        #expect(abs(p.y - screen.height) < 1 && abs(p.x - 160) < 1e-6 && from == p)
        // from the floor toward the ball: up the screen, 10 pt long
        #expect(abs(to.x - p.x) < 1e-9 && abs((p.y - to.y) - 10) < 1e-9)
        // asleep now, its shape is drawn in the asleep colour
        guard case let .circle(_, _, _, color) = try a.debugPrimitives(.shapes)[0] else { return }
        #expect(color == DebugColor.asleep)
    }
}
