import Testing
@testable import Anima
#if canImport(Glibc)
import Glibc
#endif

/// Item groups (UIDynamicItemGroup): one rigid body made of several items. Checked against the
/// mechanics worked out by hand (the mass, the centre of mass, the parallel-axis inertia, the
/// fall of a free body, the momentum a collision keeps), against a single item in the same fall,
/// and against the contract: parts keep their relative poses exactly, never collide with each
/// other, follow the group, sleep with it; what a part or a group refuses; what destroying
/// either leaves; snapshots and determinism.
@Suite struct ItemGroupTests {
    /// A 100 x 60 card at (150, 100) and a 20 pt badge over its top-right corner.
    func card(_ a: Animator) throws -> (ItemID, ItemID) {
        let card = try a.createItem(ItemDefinition(center: Vec2(150, 100), size: Size(width: 100, height: 60)))
        let badge = try a.createItem(ItemDefinition(center: Vec2(195, 75), size: Size(width: 20, height: 20), shape: .ellipse))
        return (card, badge)
    }

    /// The distance between two parts' centres and their relative angle.
    func relative(_ a: Animator, _ p: ItemID, _ q: ItemID) throws -> (Double, Double) {
        (length(try a.center(of: p) - a.center(of: q)), try a.rotation(of: p) - a.rotation(of: q))
    }

    @Test func massCentreAndInertiaAreThePartsJoined() throws {
        let a = try makeAnimator()
        let (c, b) = try card(a)
        let g = try a.createGroup(of: [c, b])
        try a.addBehavior(GravityBehavior(owner: a, items: [g]))
        let mc = 100.0 * 60 / 10_000, mb = Double.pi * 100 / 10_000
        let com = (mc * Vec2(150, 100) + mb * Vec2(195, 75)) / (mc + mb)
        #expect(try a.mass(of: g) == mc + mb || abs(try a.mass(of: g) - (mc + mb)) < 1e-15)
        #expect(length(try a.center(of: g) - com) < 1e-12)
        // I = sum (I_own + m d^2): a box m (w^2 + h^2) / 12, a disc m r^2 / 2
        let inertia = mc * (100 * 100 + 60 * 60) / 12 + mc * lengthSquared(Vec2(150, 100) - com)
            + mb * 100 / 2 + mb * lengthSquared(Vec2(195, 75) - com)
        let s = Int(g.slot)
        #expect(abs(1 / a.store.invInertia[s] - inertia) < 1e-9 * inertia)
        #expect(try a.isGroup(g) && !a.isGroup(c))
        #expect(try a.parts(of: g) == [c, b] && a.parts(of: c).isEmpty)
        #expect(try a.group(of: b) == g && a.group(of: g) == nil)
        #expect(length(try a.partPose(of: b).offset - (Vec2(195, 75) - com)) < 1e-12)
        // the enclosing rectangle of the two
        #expect(try a.size(of: g) == Size(width: 105, height: 65))
    }

    @Test func fallsAsOneRigidBodyLikeASingleItem() throws {
        let a = try makeAnimator(bounds: nil)
        let (c, b) = try card(a)
        try a.setLinearVelocity(Vec2(30, -50), of: c)
        try a.setLinearVelocity(Vec2(30, -50), of: b)
        let g = try a.createGroup(of: [c, b])
        // (the parts' common velocity, to the rounding of their area-weighted mean)
        #expect(length(try a.linearVelocity(of: g) - Vec2(30, -50)) < 1e-12)
        try a.setLinearVelocity(Vec2(30, -50), of: g)
        try a.setAngularVelocity(2, of: g)
        let lone = try a.createItem(ItemDefinition(center: try a.center(of: g), size: Size(width: 10, height: 10),
                                                   linearVelocity: Vec2(30, -50)))
        try a.addBehavior(GravityBehavior(owner: a, items: [g, lone]))
        let before = try relative(a, c, b)
        let offsetC = try a.center(of: c) - a.center(of: g)
        let x0 = try a.center(of: g).x
        for _ in 0..<120 {
            try a.advance(1.0 / 60)
            let now = try relative(a, c, b)
            #expect(abs(now.0 - before.0) < 1e-9 && abs(now.1 - before.1) < 1e-12)
        }
        // the group's centre falls exactly as a lone item's
        #expect(try a.center(of: g) == a.center(of: lone))
        #expect(try a.linearVelocity(of: g) == a.linearVelocity(of: lone))
        // 30 pt/s to the right for 2 s under the implicit resistance (0.1/s): 300 (1 - e^-0.2) pt
        #expect(abs(try a.center(of: g).x - x0 - 300 * (1 - exp(-0.2))) < 0.1)
        // it turned from 2 rad/s for 2 s under the implicit angular resistance (0.1/s):
        // 20 (1 - e^-0.2) rad, the parts with it
        #expect(abs(try a.rotation(of: g) - 20 * (1 - exp(-0.2))) < 0.01)
        #expect(abs(try a.rotation(of: c) - a.rotation(of: g)) < 1e-12)
        let q = Rotation(angle: try a.rotation(of: g))
        #expect(length(try a.center(of: c) - a.center(of: g) - q.rotate(offsetC)) < 1e-9)
        // each part moves at the velocity of its point of the body
        let r = try a.center(of: b) - a.center(of: g)
        #expect(length(try a.linearVelocity(of: b) - (a.linearVelocity(of: g) + cross(a.angularVelocity(of: g), r))) < 1e-9)
    }

    @Test func restsOnTheFloorAsOneBodyAndSleepsWithItsParts() throws {
        let a = try makeAnimator(bounds: Rect(x: 0, y: 0, width: 400, height: 300))
        // a dumbbell of two discs (r = 20), one end higher: it lands tilted and rolls flat
        let left = try a.createItem(ItemDefinition(center: Vec2(100, 100), size: Size(width: 40, height: 40), shape: .ellipse))
        let right = try a.createItem(ItemDefinition(center: Vec2(200, 60), size: Size(width: 40, height: 40), shape: .ellipse))
        let g = try a.createGroup(of: [left, right])
        try a.addBehavior(GravityBehavior(owner: a, items: [g]))
        let collision = try CollisionBehavior(owner: a, items: [g])
        try collision.setTranslatesReferenceBoundsIntoBoundary(true)
        try a.addBehavior(collision)
        let span = length(Vec2(100, 40))
        var touched = Set<ItemID>()
        let rested = try runUntilRest(a, limit: 20) { _ in
            for e in a.beganContacts { touched.insert(e.item); if let b = e.otherItem { touched.insert(b) } }
            let d = length(try a.center(of: left) - a.center(of: right))
            #expect(abs(d - span) < 1e-9)
        }
        #expect(rested != nil)
        // both discs on the floor (y = 300 - 20, less the contact slop)
        #expect(abs(try a.center(of: left).y - 280) < 0.6)
        #expect(abs(try a.center(of: right).y - 280) < 0.6)
        // contacts name the parts, never the group
        #expect(touched.isSubset(of: [left, right]) && !touched.isEmpty)
        #expect(try a.isResting(left) && a.isResting(right) && a.isResting(g))
        #expect(a.store.asleep[Int(left.slot)] && a.store.asleep[Int(g.slot)])
        // a ball dropped on one end wakes the whole body
        let ball = try a.createItem(ItemDefinition(center: Vec2(200, 150), size: Size(width: 20, height: 20), shape: .ellipse))
        try a.addBehavior(GravityBehavior(owner: a, items: [ball]))
        try collision.addItem(ball)
        try a.advance(0.6)
        #expect(!a.store.asleep[Int(left.slot)] && !a.store.asleep[Int(g.slot)])
    }

    @Test func partsOfAGroupOverlapWithoutContactAndKeepTheirPlacesInACollision() throws {
        let a = try makeAnimator(bounds: nil)
        let (c, b) = try card(a)
        let g = try a.createGroup(of: [c, b])
        // a ball (mass pi 0.04) hits the badge at 400 pt/s, no gravity, no friction, no bounce
        let ball = try a.createItem(ItemDefinition(center: Vec2(195, -20), size: Size(width: 20, height: 20), shape: .ellipse,
                                                   linearVelocity: Vec2(0, 400)))
        let collision = try CollisionBehavior(owner: a, items: [g, ball])
        try a.addBehavior(collision)
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [g, ball], properties: ItemProperties(elasticity: 0, friction: 0)))
        let mg = try a.mass(of: g), mb = try a.mass(of: ball)
        let before = try relative(a, c, b)
        var partsTouched = false
        for _ in 0..<60 {
            try a.advance(1.0 / 60)
            for e in a.beganContacts where (e.item == c && e.otherItem == b) || (e.item == b && e.otherItem == c) { partsTouched = true }
        }
        #expect(!partsTouched)
        let now = try relative(a, c, b)
        #expect(abs(now.0 - before.0) < 1e-9 && abs(now.1 - before.1) < 1e-12)
        // the group took the ball's momentum: total p = mb 400, downward
        let p = mg * (try a.linearVelocity(of: g)) + mb * (try a.linearVelocity(of: ball))
        #expect(abs(p.y - mb * 400) < 1e-6 * mb * 400 && abs(p.x) < 1e-6 * mb * 400)
        #expect(try a.linearVelocity(of: g).y > 1)
        // hit off-centre, it turns
        #expect(try abs(a.angularVelocity(of: g)) > 0.01)
    }

    @Test func refusesWhatAGroupCannotHoldAndWhatAPartCannotBeGiven() throws {
        let a = try makeAnimator()
        let (c, b) = try card(a)
        let sensor = try a.createItem()
        try a.setSensor(true, of: sensor)
        #expect(throws: AnimaError.self) { try a.createGroup(of: []) }
        #expect(throws: AnimaError.self) { try a.createGroup(of: [c, c]) }
        #expect(throws: AnimaError.self) { try a.createGroup(of: [c, sensor]) }
        #expect(throws: AnimaError.self) { try a.createGroup(of: [c, ItemID(slot: 99, generation: 1)]) }
        let g = try a.createGroup(of: [c, b])
        #expect(throws: AnimaError.self) { try a.createGroup(of: [g]) }
        #expect(throws: AnimaError.self) { try a.createGroup(of: [b]) }
        do {
            _ = try GravityBehavior(owner: a, items: [b])
            Issue.record("a part was added to a behavior")
        } catch let e { #expect(e.code == .invalidState && e.message.contains("group")) }
        for set in [{ try a.setCenter(Vec2(1, 1), of: b) }, { try a.setSize(Size(width: 5, height: 5), of: b) },
                    { try a.setLinearVelocity(Vec2(1, 0), of: b) }, { try a.setAngularVelocity(1, of: b) },
                    { try a.setTransform(ItemTransform(rotation: 1), of: b) }, { try a.setShape(.ellipse, of: b) },
                    { try a.setSize(Size(width: 5, height: 5), of: g) }, { try a.setShape(.ellipse, of: g) },
                    { try a.setTransform(ItemTransform(scaleX: 2), of: g) }, { try a.setSensor(true, of: b) }] as [() throws -> Void] {
            #expect(throws: AnimaError.self) { try set() }
        }
        // what stays possible: the part's opacity, the group's pose; taking a part's state as it
        // is leaves it moved through its group
        try a.setAlpha(0.5, of: b)
        try a.addBehavior(GravityBehavior(owner: a, items: [g]))
        _ = try a.mass(of: g)
        try a.updateItemUsingCurrentState(b)
        #expect(a.store.invMass[Int(b.slot)] == a.store.invMass[Int(g.slot)] && a.store.invMass[Int(g.slot)] > 0)
        let offset = try a.center(of: b) - a.center(of: g)
        try a.setCenter(Vec2(10, 20), of: g)
        #expect(length(try a.center(of: b) - Vec2(10, 20) - offset) < 1e-12)
        try a.setTransform(ItemTransform(rotation: Double.pi / 2), of: g)
        #expect(abs(try a.rotation(of: b) - Double.pi / 2) < 1e-15)
        #expect(length(try a.center(of: b) - Vec2(10, 20) - Rotation(angle: Double.pi / 2).rotate(offset)) < 1e-12)
        // a tap on a part finds the part; a pointer on it holds the group
        let tap = try a.center(of: b)
        #expect(try a.item(at: tap) == b)
        let drag = try a.beginDrag(b, at: tap, time: 0)
        #expect(drag.item == g)
    }

    @Test func destroyingAPartMovesTheCentreAndDestroyingTheGroupFreesTheParts() throws {
        let a = try makeAnimator(bounds: nil)
        let (c, b) = try card(a)
        let g = try a.createGroup(of: [c, b])
        try a.addBehavior(GravityBehavior(owner: a, items: [g]))
        try a.setAngularVelocity(1, of: g)
        try a.advance(0.25)
        let cardPose = (try a.center(of: c), try a.rotation(of: c))
        let cardVelocity = try a.linearVelocity(of: c)
        try a.destroyItem(b)
        // the group is now the card alone: its centre the card's
        #expect(try a.parts(of: g) == [c])
        #expect(length(try a.center(of: g) - cardPose.0) < 1e-9)
        #expect(length(try a.linearVelocity(of: g) - cardVelocity) < 1e-9)
        #expect(abs(try a.mass(of: g) - 0.6) < 1e-12)
        #expect(try a.center(of: c) == cardPose.0 || length(try a.center(of: c) - cardPose.0) < 1e-9)
        try a.destroyItem(g)
        #expect(try a.group(of: c) == nil)
        #expect(length(try a.center(of: c) - cardPose.0) < 1e-9)
        #expect(length(try a.linearVelocity(of: c) - cardVelocity) < 1e-9)
        // free again: it may join behaviors and be moved
        try a.addBehavior(GravityBehavior(owner: a, items: [c]))
        try a.setCenter(Vec2(0, 0), of: c)
    }

    @Test func sameSceneSameBits() throws {
        func run() throws -> [Double] {
            let a = try makeAnimator(bounds: Rect(x: 0, y: 0, width: 400, height: 300))
            var items: [ItemID] = []
            for k in 0..<4 {
                let (c, b) = try card(a)
                try a.setCenter(Vec2(80 + 70 * Double(k), 60 - 40 * Double(k)), of: c)
                try a.setTransform(ItemTransform(rotation: 0.3 * Double(k)), of: b)
                items.append(try a.createGroup(of: [c, b]))
            }
            try a.addBehavior(GravityBehavior(owner: a, items: items))
            let collision = try CollisionBehavior(owner: a, items: items)
            try collision.setTranslatesReferenceBoundsIntoBoundary(true)
            try a.addBehavior(collision)
            try a.advance(2)
            var out = [Double](repeating: 0, count: 7 * a.itemCount)
            _ = a.copyStates(into: &out, capacity: a.itemCount)
            return out
        }
        #expect(try run() == run())
    }

    @Test func aSnapshotKeepsTheGroupsAndReplaysToTheBit() throws {
        let a = try makeAnimator(bounds: Rect(x: 0, y: 0, width: 400, height: 300))
        let (c, b) = try card(a)
        let g = try a.createGroup(of: [c, b])
        try a.addBehavior(GravityBehavior(owner: a, items: [g]))
        let collision = try CollisionBehavior(owner: a, items: [g])
        try collision.setTranslatesReferenceBoundsIntoBoundary(true)
        try a.addBehavior(collision)
        try a.setAngularVelocity(3, of: g)
        try a.advance(0.3)
        let bytes = try a.snapshot()
        let copy = try Animator.restore(bytes).animator
        #expect(try copy.parts(of: g) == [c, b] && copy.group(of: b) == g)
        #expect(try copy.partPose(of: b).offset == a.partPose(of: b).offset)
        try a.advance(1)
        try copy.advance(1)
        var x = [Double](repeating: 0, count: 21), y = x
        _ = a.copyStates(into: &x, capacity: 3)
        _ = copy.copyStates(into: &y, capacity: 3)
        #expect(x == y)
        #expect(throws: AnimaError.self) { try copy.setCenter(.zero, of: b) }
    }
}
