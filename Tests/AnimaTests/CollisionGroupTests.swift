import Testing
@testable import Anima

/// Collision groups (pymunk's `ShapeFilter.group`, Box2D's negative `groupIndex`): two items of
/// the same group other than 0 never collide; everything else about their pairs, and their
/// boundaries, stays.
@Suite struct CollisionGroupTests {
    /// Ball A (mass m) thrown at 200 pt/s along y = 100 at ball B of the same mass at rest 200 pt
    /// ahead, elasticity 1, no gravity, in the given groups; the animator after 2 s and the balls.
    func throwBall(groups: (Int32, Int32)) throws -> (Animator, ItemID, ItemID) {
        let a = try makeAnimator(bounds: nil)
        let left = try ball(a, at: Vec2(0, 100), diameter: 40)
        let right = try ball(a, at: Vec2(200, 100), diameter: 40)
        try a.addBehavior(CollisionBehavior(owner: a, items: [left, right]))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [left, right], properties: ItemProperties(elasticity: 1)))
        try a.setCollisionGroup(groups.0, of: left)
        try a.setCollisionGroup(groups.1, of: right)
        try a.setLinearVelocity(Vec2(200, 0), of: left)
        try a.advance(2)
        return (a, left, right)
    }

    @Test func itemsOfOneGroupPassThroughEachOtherAndOthersMeet() throws {
        // the same group: A passes through B untouched, 200 pt/s for 2 s
        let (a, left, right) = try throwBall(groups: (4, 4))
        #expect(abs(try a.center(of: left).x - 400) < 1e-9)
        #expect(try a.center(of: right) == Vec2(200, 100))
        #expect(try a.linearVelocity(of: right) == .zero)
        // groups 0 (none), and two different groups: an elastic hit between equal masses, so A
        // stops and B leaves at A's speed, momentum kept
        for groups in [(Int32(0), Int32(0)), (4, 5), (4, 0)] {
            let (b, l, r) = try throwBall(groups: groups)
            let vl = try b.linearVelocity(of: l).x, vr = try b.linearVelocity(of: r).x
            // (to single precision: the contact kernel stores its impulses as floats)
            #expect(abs(vl + vr - 200) < 1e-4, "groups \(groups): momentum \(vl + vr)")
            #expect(abs(vr - 200) < 2 && abs(vl) < 2, "groups \(groups): \(vl), \(vr) pt/s after the hit")
            #expect(try b.center(of: l).x < 200)
        }
    }

    @Test func aGroupKeepsItsBoundariesAndEndsItsContactsWhenSet() throws {
        // two boxes stacked on a floor boundary, touching; put in one group, the top one falls
        // through the bottom one onto the floor, and their contact ends with an ended event
        let a = try makeAnimator(bounds: nil)
        let bottom = try a.createItem(ItemDefinition(center: Vec2(0, 280), size: Size(width: 40, height: 40)))
        let top = try a.createItem(ItemDefinition(center: Vec2(0, 240), size: Size(width: 40, height: 40)))
        try a.addBehavior(GravityBehavior(owner: a, items: [bottom, top]))
        let collision = try CollisionBehavior(owner: a, items: [bottom, top])
        try collision.addBoundary(identifier: "floor", from: Vec2(-500, 300), to: Vec2(500, 300))
        try a.addBehavior(collision)
        try a.advance(0.5)
        let stacked = try a.center(of: top)
        #expect(abs(stacked.y - 240) < 1, "stacked: \(stacked)")
        try a.setCollisionGroup(9, of: bottom)
        try a.setCollisionGroup(9, of: top)
        #expect(try a.collisionGroup(of: top) == 9)
        var ended = false
        for _ in 0..<60 {
            try a.advance(1.0 / 60)
            ended = ended || a.endedContacts.contains {
                ($0.item == top && $0.otherItem == bottom) || ($0.item == bottom && $0.otherItem == top)
            }
        }
        #expect(ended, "the pair's contact ended with an event")
        // both rest on the floor now, overlapping: the boundary still holds each of them
        let sunk = (try a.center(of: top), try a.center(of: bottom))
        #expect(abs(sunk.0.y - 280) < 1 && abs(sunk.1.y - 280) < 1, "on the floor: \(sunk)")
        // out of the group again, the pair is found afresh and pushed apart
        try a.setCollisionGroup(0, of: top)
        try a.advance(2)
        let apart = length(try a.center(of: top) - (try a.center(of: bottom)))
        #expect(apart > 39, "pushed out of each other: \(apart) pt apart")
    }

    @Test func refusesWhatIsNotAGroupAndChangesNothing() throws {
        let a = try makeAnimator()
        let item = try a.createItem(ItemDefinition())
        let other = try a.createItem(ItemDefinition(center: Vec2(200, 0)))
        try a.setCollisionGroup(3, of: item)
        #expect(throws: AnimaError.self) { try a.setCollisionGroup(-1, of: item) }
        #expect(try a.collisionGroup(of: item) == 3)
        let group = try a.createGroup(of: [item, other])
        #expect(throws: AnimaError.self) { try a.setCollisionGroup(2, of: group) }
        #expect(try a.collisionGroup(of: group) == 0)
        try a.setCollisionGroup(Int32.max, of: other)
        #expect(try a.collisionGroup(of: other) == Int32.max)
        // a destroyed item's group is gone with it
        try a.destroyItem(group)
        try a.destroyItem(item)
        #expect(a.store.collisionGroupCount == 1)
        #expect(throws: AnimaError.self) { try a.collisionGroup(of: item) }
    }

    @Test func aSnapshotKeepsTheGroupsAndReplaysToTheBit() throws {
        let a = try makeAnimator()
        let items = try (0..<6).map { k in
            try ball(a, at: Vec2(60 + 40 * Double(k), 100 + 30 * Double(k % 2)), diameter: 50)
        }
        try a.addBehavior(GravityBehavior(owner: a, items: items))
        let collision = try CollisionBehavior(owner: a, items: items)
        try collision.setTranslatesReferenceBoundsIntoBoundary(true)
        try a.addBehavior(collision)
        for (k, item) in items.enumerated() { try a.setCollisionGroup(Int32(k % 3), of: item) }
        try a.advance(0.5)
        let copy = try Animator.restore(try a.snapshot()).animator
        for item in items { #expect(try copy.collisionGroup(of: item) == a.collisionGroup(of: item)) }
        try a.advance(1)
        try copy.advance(1)
        #expect(try a.snapshot() == copy.snapshot())
    }
}
