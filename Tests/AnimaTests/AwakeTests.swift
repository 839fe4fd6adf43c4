import Testing
@testable import Anima

/// Items put to sleep from outside (Box2D's `b2Body_SetAwake`): a sleeping item holds still under
/// gravity and costs no solve, an awake item's touch wakes it and then what it touches, waking it
/// by hand lets it fall as an awake one does, and a part sleeps with its group.
@Suite struct AwakeTests {
    /// Five 40 pt boxes stacked on the floor of a 320 x 568 pt screen, touching, under gravity.
    func wall(_ a: Animator) throws -> [ItemID] {
        let boxes = try (0..<5).map { k throws(AnimaError) in
            try a.createItem(ItemDefinition(center: Vec2(160, 548 - 40 * Double(k)), size: Size(width: 40, height: 40)))
        }
        try a.addBehavior(GravityBehavior(owner: a, items: boxes))
        let collision = try CollisionBehavior(owner: a, items: boxes)
        try collision.setTranslatesReferenceBoundsIntoBoundary(true)
        try a.addBehavior(collision)
        return boxes
    }

    @Test func aSleepingWallHoldsStillUntilABallStrikesItThenWakesFromTheTop() throws {
        let a = try makeAnimator()
        let boxes = try wall(a)
        for box in boxes { try a.setAwake(false, of: box) }
        let before = try boxes.map { b throws(AnimaError) in try a.center(of: b) }
        for _ in 0..<60 { try a.advance(1.0 / 60) }
        // not a step's sag: asleep, nothing moved, and the animator paused at once
        #expect(try boxes.map { b throws(AnimaError) in try a.center(of: b) } == before)
        #expect(!a.isRunning)
        for b in boxes { #expect(try !a.isAwake(b) && a.isResting(b)) }
        // a ball dropped on the top box wakes it, and the boxes under it in turn
        let ball = try a.createItem(ItemDefinition(center: Vec2(160, 200), size: Size(width: 30, height: 30), shape: .ellipse,
                                                   linearVelocity: Vec2(0, 600)))
        try a.addBehavior(GravityBehavior(owner: a, items: [ball]))
        for c in a.behaviors.compactMap({ $0 as? CollisionBehavior }) { try c.addItem(ball) }
        var wokeAt: [Int: Int] = [:]
        for frame in 0..<120 {
            try a.advance(1.0 / 60)
            for (k, b) in boxes.enumerated() where wokeAt[k] == nil {
                if try a.isAwake(b) { wokeAt[k] = frame }
            }
        }
        #expect(wokeAt.count == 5, "woken: \(wokeAt)")
        // the top box first; none before the one above it
        #expect(wokeAt[4] != nil && (0..<4).allSatisfy { wokeAt[$0]! >= wokeAt[4]! })
        // the wall took the blow and stands: each box within 1 pt of its place
        for (k, b) in boxes.enumerated() {
            let c = try a.center(of: b)
            #expect(length(c - before[k]) < 1, "box \(k) at \(c)")
        }
    }

    @Test func aSleepingItemDoesNotFallUntilWokenThenFallsAsAnAwakeOne() throws {
        let a = try makeAnimator(bounds: nil)
        let item = try a.createItem(ItemDefinition(center: Vec2(0, 0), linearVelocity: Vec2(50, 0)))
        let twin = try a.createItem(ItemDefinition(center: Vec2(0, 0)))
        try a.addBehavior(GravityBehavior(owner: a, items: [item, twin]))
        try a.setAwake(false, of: item)
        try a.setAwake(false, of: twin)
        #expect(try a.linearVelocity(of: item) == .zero)
        try a.advance(1)
        #expect(try a.center(of: item) == Vec2(0, 0))
        try a.setAwake(true, of: item)
        #expect(try a.isAwake(item) && a.isRunning)
        // it falls, and as an item that never slept would: the same bits as a fresh one
        let fresh = try a.createItem(ItemDefinition(center: Vec2(0, 0)))
        try a.behaviors.compactMap({ $0 as? GravityBehavior }).first!.addItem(fresh)
        try a.advance(0.5)
        #expect(try a.center(of: item) == a.center(of: fresh))
        #expect(try a.center(of: item).y > 100)
        #expect(try a.center(of: twin) == Vec2(0, 0) && !a.isAwake(twin))
    }

    @Test func aPartSleepsAndWakesWithItsGroup() throws {
        let a = try makeAnimator(bounds: nil)
        let p = try a.createItem(ItemDefinition(center: Vec2(0, 0)))
        let q = try a.createItem(ItemDefinition(center: Vec2(100, 0)))
        let g = try a.createGroup(of: [p, q])
        try a.addBehavior(GravityBehavior(owner: a, items: [g]))
        try a.setAwake(false, of: q)
        #expect(try !a.isAwake(g) && !a.isAwake(p) && a.store.asleep[Int(p.slot)])
        try a.advance(0.5)
        #expect(try a.center(of: g).y == 0)
        try a.setAwake(true, of: p)
        try a.advance(0.5)
        #expect(try a.center(of: g).y > 50 && a.center(of: p).y == a.center(of: q).y)
        if let failure = a.validationFailure() { Issue.record("\(failure)") }
    }

    /// Where a ray along y = 100 from the left enters a 100 x 40 pt box centred at (cx, 100),
    /// turned by `angle`: the centre less the distance to the nearer pair of sides along the ray.
    func entry(_ cx: Double, _ angle: Double) -> Double {
        cx - min(50 / abs(cosine(angle)), 20 / abs(sine(angle)))
    }

    @Test func anItemPutToSleepBeforeItsFirstStepIsWhereItStandsAndStaysSoWhenMoved() throws {
        // a sleeping item's outline is made once and then kept: it must be made where the item
        // stands even when it never stepped awake, and made again when its pose is set
        let a = try makeAnimator(bounds: nil)
        let box = try a.createItem(ItemDefinition(center: Vec2(200, 100), size: Size(width: 100, height: 40),
                                                  transform: ItemTransform(rotation: 0.5)))
        let ball = try a.createItem(ItemDefinition(center: Vec2(0, 300), size: Size(width: 20, height: 20), shape: .ellipse))
        try a.addBehavior(CollisionBehavior(owner: a, items: [box, ball]))
        try a.setAwake(false, of: box)
        for _ in 0..<30 { try a.step() }
        #expect(try !a.isAwake(box))
        let hit = try #require(try a.rayCastClosest(from: Vec2(0, 100), to: Vec2(400, 100)))
        #expect(hit.item == box && abs(hit.point.x - entry(200, 0.5)) < 1e-9, "hit \(hit)")
        // moved while asleep: it wakes, and is found and struck at its new place
        try a.setCenter(Vec2(300, 100), of: box)
        try a.step()
        let moved = try #require(try a.rayCastClosest(from: Vec2(0, 100), to: Vec2(400, 100)))
        #expect(moved.item == box && abs(moved.point.x - entry(300, 0.5)) < 1e-9, "hit \(moved)")
        // asleep again there; a ball thrown along the ray is struck by the box's face there (at
        // its old place the ball would have met it some 100 pt sooner), and wakes it
        try a.setAwake(false, of: box)
        for _ in 0..<5 { try a.step() }
        try a.setCenter(Vec2(100, 100), of: ball)
        try a.setLinearVelocity(Vec2(300, 0), of: ball)
        var struckAt: Double? = nil
        for _ in 0..<120 where struckAt == nil {
            try a.step()
            if try a.linearVelocity(of: ball).x < 250 { struckAt = try a.center(of: ball).x }
        }
        let x = try #require(struckAt)
        #expect(x > entry(300, 0.5) - 30 && x < entry(300, 0.5), "the ball was struck at x = \(x)")
        #expect(try a.isAwake(box))
    }
    /// A bar moving down at 300 pt/s, 400 x 20 pt, over a row of `count` 16 pt boxes 4 pt apart
    /// (each its own island), no gravity; with `asleep`, the boxes sleep until the bar strikes.
    func barOverRow(asleep: Bool, count: Int = 20) throws -> (Animator, [ItemID]) {
        let a = try makeAnimator(bounds: nil)
        let bar = try a.createItem(ItemDefinition(center: Vec2(200, 0), size: Size(width: 400, height: 20),
                                                  linearVelocity: Vec2(0, 300)))
        let row = try (0..<count).map { k throws(AnimaError) in
            try a.createItem(ItemDefinition(center: Vec2(10 + 20 * Double(k), 40), size: Size(width: 16, height: 16)))
        }
        try a.addBehavior(CollisionBehavior(owner: a, items: [bar] + row))
        if asleep { for box in row { try a.setAwake(false, of: box) } }
        return (a, row)
    }

    @Test func islandsWokenTogetherInOneStepAreAllSolvedInThatStep() throws {
        // the contact update wakes every island the bar reaches and brings the body lists up to
        // date once: each box woken must be moved in the step that woke it
        let (a, row) = try barOverRow(asleep: true)
        var wokeAt: [Int] = []
        for frame in 0..<60 {
            try a.step()
            let awake = try row.filter { b throws(AnimaError) in try a.isAwake(b) }.count
            if awake > 0 { wokeAt.append(frame); #expect(awake == row.count, "\(awake) of \(row.count) woke"); break }
        }
        #expect(wokeAt.count == 1)
        for box in row {
            // pushed along with the bar in that very step
            let v = try a.linearVelocity(of: box)
            #expect(v.y > 100, "box \(box): \(v)")
        }
        if let failure = a.validationFailure() { Issue.record("\(failure)") }
        // and struck as an awake row is: within a thousandth of the pt/s after 30 more steps
        let (b, awakeRow) = try barOverRow(asleep: false)
        for _ in 0...wokeAt[0] { try b.step() }
        for _ in 0..<30 { try a.step(); try b.step() }
        for (p, q) in zip(row, awakeRow) {
            let d = try length(a.linearVelocity(of: p) - b.linearVelocity(of: q))
            #expect(d < 1e-3, "box \(p): \(d) pt/s apart")
        }
    }
}
