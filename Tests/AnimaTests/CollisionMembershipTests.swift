import Testing
@testable import Anima

// Any number of collision behaviors: UIKit's pairing rule (two items collide when one collision
// behavior whose mode includes items holds both; an item meets the boundaries of the collision
// behaviors that hold it with a mode including boundaries) checked against a brute-force
// reading of the behaviors themselves, below and above the 64 behaviors the items' summary
// bits can tell apart.

/// Items in a row, 20 pt circles 15 pt apart so that neighbours overlap, and `count` collision
/// behaviors of 2 to 5 items drawn from a neighbourhood, with random modes; every fifth
/// behavior sits inside a composite parent, and some have the reference bounds or a boundary.
private func randomMemberships(count: Int, items itemCount: Int, seed: UInt64)
    throws -> (Animator, [ItemID], [CollisionBehavior]) {
    var rng = Mix(state: seed)
    let a = try Animator(referenceBounds: Rect(x: 0, y: 0, width: 15 * Double(itemCount) + 40, height: 200))
    var items: [ItemID] = []
    for k in 0..<itemCount {
        items.append(try ball(a, at: Vec2(20 + 15 * Double(k), 100), diameter: 20))
    }
    let modes: [CollisionMode] = [.items, .boundaries, .everything]
    var collisions: [CollisionBehavior] = []
    for k in 0..<count {
        let first = Int.random(in: 0..<itemCount, using: &rng)
        let size = Int.random(in: 2...5, using: &rng)
        var members: [ItemID] = []
        while members.count < size {
            let j = min(max(first + Int.random(in: -4...4, using: &rng), 0), itemCount - 1)
            if !members.contains(items[j]) { members.append(items[j]) }
        }
        let c = try CollisionBehavior(owner: a, items: members)
        try c.setMode(modes[Int.random(in: 0..<3, using: &rng)])
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: try c.setTranslatesReferenceBoundsIntoBoundary(true)
        case 1: try c.addBoundary(identifier: "wall \(k)", from: Vec2(15 * Double(first), 0), to: Vec2(15 * Double(first), 200))
        default: break
        }
        if k % 5 == 4 {
            let parent = try Behavior(owner: a)
            try parent.addChild(c)
            try a.addBehavior(parent)
        } else {
            try a.addBehavior(c)
        }
        collisions.append(c)
    }
    return (a, items, collisions)
}

/// Checks acceptsPair and acceptsSegment for every pair of items and every (item, segment)
/// against the behaviors' own item lists and modes; returns how many pairs may collide.
@discardableResult
private func expectPairingRule(_ a: Animator, _ items: [ItemID], _ collisions: [CollisionBehavior],
                               sourceLocation: SourceLocation = #_sourceLocation) -> Int {
    var accepted = 0, wrong: [String] = []
    for i in 0..<items.count {
        for j in (i + 1)..<items.count {
            let shared = collisions.contains { $0.mode.contains(.items) && $0.items.contains(items[i]) && $0.items.contains(items[j]) }
            let found = a.world.acceptsPair(Int(items[i].slot), Int(items[j].slot))
            if found { accepted += 1 }
            if found != shared { wrong.append("items \(i) and \(j): \(found) instead of \(shared)") }
        }
    }
    for (k, segment) in a.world.segments.enumerated() {
        for (i, item) in items.enumerated() {
            let holds = segment.owner.mode.contains(.boundaries) && segment.owner.items.contains(item)
            let found = a.world.acceptsSegment(Int(item.slot), k)
            if found != holds { wrong.append("item \(i) and segment \(k): \(found) instead of \(holds)") }
        }
    }
    #expect(wrong.isEmpty, "\(wrong.count) answers differ, first \(wrong.prefix(3))", sourceLocation: sourceLocation)
    return accepted
}

@Suite struct CollisionMembershipTests {
    /// 1 000 collision behaviors of 2 to 5 items over 40 items (each item in about 90 of them),
    /// and smaller counts on both sides of 64, on twelve random scenes.
    @Test(arguments: [10, 64, 65, 200, 1000])
    func pairingFollowsSharedCollisionBehaviors(count: Int) throws {
        for seed in 0..<UInt64(12) {
            let (a, items, collisions) = try randomMemberships(count: count, items: 40, seed: seed &* 7919 &+ UInt64(count))
            a.rebuildGraph()
            #expect(a.world.foldsMasks == (count > 64))
            let accepted = expectPairingRule(a, items, collisions)
            #expect(accepted > 0 && accepted < 40 * 39 / 2, "\(accepted) pairs accepted: the scene tests nothing")
        }
    }

    /// Membership edits after the first rebuild (items leave and join behaviors, behaviors go,
    /// an item is destroyed and its slot reused) are seen by the next rebuild.
    @Test func editsBetweenStepsChangeThePairing() throws {
        let (a, items, collisions) = try randomMemberships(count: 300, items: 40, seed: 99)
        try a.step()
        expectPairingRule(a, items, collisions)
        var rng = Mix(state: 5)
        var live = collisions
        for _ in 0..<50 {
            let c = live[Int.random(in: 0..<live.count, using: &rng)]
            if let first = c.items.first { c.removeItem(first) }
            try c.addItem(items[Int.random(in: 0..<items.count, using: &rng)])
        }
        for _ in 0..<40 {
            let c = live.remove(at: Int.random(in: 0..<live.count, using: &rng))
            if let parent = c.parent { parent.removeChild(c) } else { a.removeBehavior(c) }
        }
        try a.destroyItem(items[7])
        var now = items
        now[7] = try ball(a, at: Vec2(125, 100), diameter: 20)
        #expect(now[7].slot == items[7].slot, "the slot is reused")
        try live[0].addItem(now[7])
        try live[1].addItem(now[7])
        try a.step()
        expectPairingRule(a, now, live)
    }

    /// The scene of a new user: 100 collision behaviors of two boxes each. The two boxes of a
    /// pair stack on the floor, straight below where they fell (they do not bounce); boxes of other pairs pass through them, as they share no
    /// behavior: those of the neighbouring columns overlap, and pair k + 64 (whose summary bit
    /// is pair k's) falls in pair k's own column.
    @Test func aHundredCollisionBehaviorsOfTwoItemsEach() throws {
        let a = try Animator(referenceBounds: Rect(x: 0, y: 0, width: 64 * 30 + 60, height: 400))
        let gravity = try GravityBehavior(owner: a)
        var pairs: [(ItemID, ItemID)] = []
        for k in 0..<100 {
            // 40 pt wide boxes 30 pt apart: each overlaps its neighbours' column
            let x = 30 + 30 * Double(k % 64)
            let low = try a.createItem(ItemDefinition(center: Vec2(x, 300), size: Size(width: 40, height: 40)))
            let high = try a.createItem(ItemDefinition(center: Vec2(x, 200 - Double(k % 7) * 10), size: Size(width: 40, height: 40)))
            let c = try CollisionBehavior(owner: a, items: [low, high])
            try c.setTranslatesReferenceBoundsIntoBoundary(true)
            try a.addBehavior(c)
            try gravity.addItem(low)
            try gravity.addItem(high)
            pairs.append((low, high))
        }
        try a.addBehavior(gravity)
        try a.addBehavior(DynamicItemBehavior(owner: a, items: pairs.flatMap { [$0.0, $0.1] }, properties: ItemProperties(elasticity: 0)))
        let t = try runUntilRest(a, limit: 20)
        #expect(t != nil, "did not come to rest")
        for (k, (low, high)) in pairs.enumerated() {
            let yl = try a.center(of: low).y, yh = try a.center(of: high).y
            #expect(abs(yl - 380) < 0.5 && abs(yh - 340) < 0.5, "pair \(k) rests at y = \(yl), \(yh)")
            let x = 30 + 30 * Double(k % 64)
            #expect(try abs(a.center(of: low).x - x) < 0.01 && abs(a.center(of: high).x - x) < 0.01, "pair \(k) was pushed sideways")
        }
    }

    /// A snapshot of an animator with more than 64 collision behaviors replays bit for bit.
    @Test func snapshotsKeepMoreThanSixtyFourBehaviors() throws {
        let (a, items, _) = try randomMemberships(count: 150, items: 30, seed: 3)
        let gravity = try GravityBehavior(owner: a, items: items)
        try a.addBehavior(gravity)
        for _ in 0..<30 { try a.advance(1.0 / 60) }
        let bytes = try a.snapshot()
        let copy = try Animator.restore(bytes).animator
        #expect(try copy.snapshot() == bytes)
        #expect(copy.world.collisionBehaviors.count == 150)
        for _ in 0..<90 {
            try a.advance(1.0 / 60)
            try copy.advance(1.0 / 60)
        }
        for item in items {
            #expect(try a.center(of: item) == copy.center(of: item))
            #expect(try a.rotation(of: item).bitPattern == copy.rotation(of: item).bitPattern)
        }
        expectPairingRule(copy, items, copy.world.collisionBehaviors)
    }

    /// A snapshot in format version 1 (64-bit masks) still restores: the memberships read from
    /// the masks give the pairing of the behaviors it holds, it writes itself again in version 2
    /// and both copies move on bit for bit; 2 s later its items are where the library that wrote
    /// it had them, within 5 pt and 0.15 rad (not to the bit: the solver has changed since, in
    /// how a two-point manifold rebounds and how stiff its soft block solve is, and a rolling
    /// ellipse and a tilted box magnify that).
    @Test func aVersionOneSnapshotRestoresAndReplays() throws {
        let a = try Animator.restore(snapshotVersion1).animator
        #expect(a.items.count == 5 && a.world.collisionBehaviors.count == 2)
        expectPairingRule(a, a.items, a.world.collisionBehaviors)
        let again = try a.snapshot()
        #expect(Array(again[8..<12]) == [UInt8(SnapshotFormat.version), 0, 0, 0], "written in the current format version")
        let copy = try Animator.restore(again).animator
        for _ in 0..<120 {
            try a.advance(1.0 / 60)
            try copy.advance(1.0 / 60)
        }
        #expect(try copy.snapshot() == a.snapshot())
        for (k, item) in a.items.enumerated() {
            let c = try a.center(of: item), angle = try a.rotation(of: item)
            let x = Double(bitPattern: snapshotVersion1Poses[3 * k]), y = Double(bitPattern: snapshotVersion1Poses[3 * k + 1])
            let original = Double(bitPattern: snapshotVersion1Poses[3 * k + 2])
            #expect(abs(c.x - x) < 5 && abs(c.y - y) < 5 && abs(angle - original) < 0.15,
                    "item \(k) at (\(c.x), \(c.y)) turned \(angle); the original at (\(x), \(y)) turned \(original)")
        }
    }
}
