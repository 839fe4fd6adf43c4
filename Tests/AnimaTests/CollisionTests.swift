import Testing
@testable import Anima

@Suite struct CollisionTests {
    /// Two resting boxes that overlap but share no collision behavior; one joins the other's
    /// behavior: the pair is found although neither proxy moved, and the boxes push apart.
    @Test func itemsThatComeToShareACollisionBehaviorCollide() throws {
        let a = try makeAnimator(bounds: nil)
        let box = Size(width: 50, height: 50)
        let first = try a.createItem(ItemDefinition(center: Vec2(200, 60), size: box))
        let second = try a.createItem(ItemDefinition(center: Vec2(200, 70), size: box))
        let mine = try CollisionBehavior(owner: a, items: [first])
        try a.addBehavior(mine)
        try a.addBehavior(CollisionBehavior(owner: a, items: [second]))
        for _ in 0..<60 { try a.step() }
        #expect(try a.center(of: second).y - a.center(of: first).y == 10, "no contact while apart")
        try mine.addItem(second)
        for _ in 0..<120 { try a.step() }
        let gap = try a.center(of: second).y - a.center(of: first).y
        #expect(gap > 49, "pushed apart to \(gap) pt between centres")
    }

    /// The scene of listing 13-12: gravity plus the reference bounds as boundary.
    func droppedBall(elasticity: Double?) throws -> (Animator, ItemID, CollisionBehavior) {
        let a = try makeAnimator()
        let item = try ball(a, at: Vec2(160, 52))
        try a.addBehavior(GravityBehavior(owner: a, items: [item]))
        let c = try CollisionBehavior(owner: a, items: [item])
        try c.setTranslatesReferenceBoundsIntoBoundary(true)
        try a.addBehavior(c)
        if let elasticity {
            try a.addBehavior(DynamicItemBehavior(owner: a, items: [item], properties: ItemProperties(elasticity: elasticity)))
        }
        return (a, item, c)
    }

    @Test func droppedBallBouncesThenRestsOnTheFloorAndTheAnimatorPauses() throws {
        let (a, item, c) = try droppedBall(elasticity: nil)
        var began = 0, ended = 0
        var identifiers: [String?] = []
        var points: [Vec2] = []
        c.onBeganContact = { e in began += 1; identifiers.append(e.boundaryIdentifier); points.append(e.point) }
        c.onEndedContact = { _ in ended += 1 }
        var deepest = 0.0
        let t = try runUntilRest(a) { _ in deepest = max(deepest, try a.center(of: item).y) }
        #expect(t != nil, "the animator never paused")
        let y = try a.center(of: item).y
        #expect(abs(y - (568 - 32)) < 0.5, "rests at y = \(y)")
        #expect(deepest < 568 - 32 + 1, "sank to \(deepest)")
        #expect(began >= 2 && ended >= 1, "began \(began) ended \(ended)")
        #expect(identifiers.allSatisfy { $0 == nil }, "the reference boundary has no identifier")
        // the ball touches the floor straight below its centre
        #expect(points.allSatisfy { abs($0.y - 568) < 0.5 && abs($0.x - 160) < 1e-6 }, "began at \(points)")
        #expect(a.isRunning == false)
    }

    @Test func restingBallDoesNotJitter() throws {
        let (a, item, _) = try droppedBall(elasticity: nil)
        try runUntilRest(a)
        let y0 = try a.center(of: item).y
        try a.setLinearVelocity(Vec2(0, 0), of: item)  // wakes the animator
        #expect(a.isRunning)
        var spread = 0.0
        for _ in 0..<120 {
            try a.advance(1.0 / 60)
            spread = max(spread, abs(try a.center(of: item).y - y0))
        }
        #expect(spread < 0.05, "moved \(spread) pt while resting")
        #expect(a.isRunning == false)
    }

    @Test func elasticBallBouncesHigherAndMoreOften() throws {
        func measure(_ e: Double?) throws -> (rebound: Double, contacts: Int) {
            let (a, item, c) = try droppedBall(elasticity: e)
            var contacts = 0
            var firstImpact = false
            var highest = Double.infinity
            c.onBeganContact = { _ in contacts += 1; firstImpact = true }
            try runUntilRest(a) { _ in
                if firstImpact { highest = min(highest, try a.center(of: item).y) }
            }
            return (536 - highest, contacts)
        }
        let plain = try measure(nil)
        let elastic = try measure(0.75)
        #expect(elastic.rebound > 4 * plain.rebound, "rebounds \(elastic.rebound) vs \(plain.rebound)")
        #expect(elastic.contacts > plain.contacts, "contacts \(elastic.contacts) vs \(plain.contacts)")
    }

    @Test func bounceHeightFollowsElasticitySquared() throws {
        // a ball dropped from rest at height H rebounds to e^2 H (above the restitution threshold)
        let a = try makeAnimator(bounds: Rect(x: 0, y: 0, width: 400, height: 1000))
        let item = try ball(a, at: Vec2(200, 100), diameter: 20)
        try a.addBehavior(GravityBehavior(owner: a, items: [item]))
        let c = try CollisionBehavior(owner: a, items: [item])
        try c.setTranslatesReferenceBoundsIntoBoundary(true)
        try a.addBehavior(c)
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [item], properties: ItemProperties(elasticity: 0.5)))
        let floor = 1000.0 - 10
        let drop = floor - 100
        var bounced = false
        var apex = Double.infinity
        for _ in 0..<(120 * 3) {
            try a.step()
            let v = try a.linearVelocity(of: item).y
            let y = try a.center(of: item).y
            if v < 0 { bounced = true }
            if bounced { apex = min(apex, y) }
            if bounced && v > 0 { break }
        }
        let rebound = floor - apex
        #expect(abs(rebound - 0.25 * drop) / (0.25 * drop) < 0.05, "rebound \(rebound) of \(drop)")
    }

    @Test func namedBoundaryReportsItsIdentifier() throws {
        let a = try makeAnimator(bounds: nil)
        let item = try ball(a, at: Vec2(0, 0), diameter: 20)
        try a.addBehavior(GravityBehavior(owner: a, items: [item]))
        let c = try CollisionBehavior(owner: a, items: [item])
        try c.addBoundary(identifier: "ledge", from: Vec2(-100, 100), to: Vec2(100, 100))
        try a.addBehavior(c)
        var seen: [String?] = []
        c.onBeganContact = { seen.append($0.boundaryIdentifier) }
        try runUntilRest(a)
        #expect(seen.first == "ledge")
        #expect(abs(try a.center(of: item).y - 90) < 0.5)
        #expect(c.boundaryIdentifiers == ["ledge"])
        #expect(try c.boundary(identifier: "ledge") == [Vec2(-100, 100), Vec2(100, 100)])
        #expect(throws: AnimaError.self) { try c.boundary(identifier: "nope") }
    }

    @Test func itemsInDifferentCollisionBehaviorsPassThroughEachOther() throws {
        for shared in [true, false] {
            let a = try makeAnimator(bounds: nil)
            let left = try ball(a, at: Vec2(0, 0), diameter: 20)
            let right = try ball(a, at: Vec2(100, 0), diameter: 20)
            try a.setLinearVelocity(Vec2(200, 0), of: left)
            try a.addBehavior(DynamicItemBehavior(owner: a, items: [left, right]))
            if shared {
                try a.addBehavior(CollisionBehavior(owner: a, items: [left, right]))
            } else {
                try a.addBehavior(CollisionBehavior(owner: a, items: [left]))
                try a.addBehavior(CollisionBehavior(owner: a, items: [right]))
            }
            try a.advance(1)
            let leftX = try a.center(of: left).x
            let rightX = try a.center(of: right).x
            if shared {
                // an inelastic hit at t = 0.4 s: both then move at 100 pt/s (momentum 200 m shared by 2 m)
                #expect(abs(leftX - 140) < 1 && abs(rightX - 160) < 1, "left \(leftX), right \(rightX)")
            } else {
                #expect(abs(leftX - 200) < 1e-9 && rightX == 100, "left \(leftX), right \(rightX)")
            }
        }
    }

    @Test func frictionlessCollisionConservesMomentum() throws {
        let a = try makeAnimator(bounds: nil)
        let left = try a.createItem(ItemDefinition(center: Vec2(0, 0), size: Size(width: 40, height: 40), shape: .ellipse))
        let right = try a.createItem(ItemDefinition(center: Vec2(200, 3), size: Size(width: 60, height: 60), shape: .ellipse))
        try a.setLinearVelocity(Vec2(300, 0), of: left)
        try a.setLinearVelocity(Vec2(-100, 0), of: right)
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [left, right], properties: ItemProperties(elasticity: 1)))
        try a.addBehavior(CollisionBehavior(owner: a, items: [left, right]))
        func momentum() throws -> Vec2 {
            try a.mass(of: left) * a.linearVelocity(of: left) + a.mass(of: right) * a.linearVelocity(of: right)
        }
        let before = try momentum()
        try a.advance(1)
        let after = try momentum()
        #expect(try a.linearVelocity(of: left).x < 0, "the light ball bounced back")
        #expect(length(after - before) / length(before) < 0.001, "momentum \(before) -> \(after)")
    }

    @Test func boxesStackAndComeToRest() throws {
        let a = try makeAnimator()
        var boxes: [ItemID] = []
        for i in 0..<5 {
            boxes.append(try a.createItem(ItemDefinition(center: Vec2(160, 500 - Double(i) * 40), size: Size(width: 32, height: 32))))
        }
        try a.addBehavior(GravityBehavior(owner: a, items: boxes))
        let c = try CollisionBehavior(owner: a, items: boxes)
        try c.setTranslatesReferenceBoundsIntoBoundary(true)
        try a.addBehavior(c)
        let t = try runUntilRest(a)
        #expect(t != nil)
        for (i, b) in boxes.enumerated() {
            let p = try a.center(of: b)
            #expect(abs(p.y - (568 - 16 - 32 * Double(i))) < 1.0, "box \(i) at \(p.y)")
            #expect(abs(p.x - 160) < 1.0, "box \(i) drifted to x = \(p.x)")
            #expect(abs(try a.rotation(of: b)) < 0.01)
        }
    }
}

@Suite struct AnchoredItemTests {
    @Test func anchoredItemStopsThenFollowsTheVelocityItIsGiven() throws {
        let a = try makeAnimator(bounds: nil)
        let paddle = try a.createItem(ItemDefinition(center: Vec2(0, 0), size: Size(width: 20, height: 100),
                                                     linearVelocity: Vec2(50, 0)))
        let box = try a.createItem(ItemDefinition(center: Vec2(100, 0), size: Size(width: 20, height: 20)))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [paddle], properties: ItemProperties(anchored: true)))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [box]))
        try a.addBehavior(CollisionBehavior(owner: a, items: [paddle, box]))
        try a.advance(0.5)
        #expect(try a.center(of: paddle) == Vec2(0, 0), "anchoring stops the item")
        try a.setLinearVelocity(Vec2(200, 0), of: paddle)
        try a.advance(1)
        let paddleX = try a.center(of: paddle).x
        #expect(abs(paddleX - 200) < 1e-6, "anchored item moves at its own velocity: \(paddleX)")
        // the paddle reached the box (gap 80 pt) after 0.4 s and pushes it ahead without being pushed back
        let boxX = try a.center(of: box).x
        #expect(boxX >= paddleX + 20 - 0.5 && boxX < paddleX + 20 + 2, "box at \(boxX), paddle at \(paddleX)")
    }
}

@Suite struct SleepTests {
    /// Two separate stacks on a floor; a ball dropped on one wakes only that stack.
    @Test func islandsSleepAndAFallingBallWakesOnlyItsIsland() throws {
        let a = try makeAnimator(bounds: Rect(x: 0, y: 0, width: 600, height: 400))
        var left: [ItemID] = [], right: [ItemID] = []
        for i in 0..<3 {
            left.append(try a.createItem(ItemDefinition(center: Vec2(100, 380 - 40 * Double(i)), size: Size(width: 40, height: 40))))
            right.append(try a.createItem(ItemDefinition(center: Vec2(450, 380 - 40 * Double(i)), size: Size(width: 40, height: 40))))
        }
        let all = left + right
        let gravity = try GravityBehavior(owner: a, items: all)
        let collision = try CollisionBehavior(owner: a, items: all)
        try collision.setTranslatesReferenceBoundsIntoBoundary(true)
        try a.addBehavior(gravity)
        try a.addBehavior(collision)
        #expect(try runUntilRest(a, limit: 5) != nil)
        let rightBefore = try right.map { try a.center(of: $0) }

        // a ball falls on the left stack: the animator resumes, the right island stays asleep
        let ball = try ball(a, at: Vec2(100, 100), diameter: 30)
        try gravity.addItem(ball)
        try collision.addItem(ball)
        #expect(a.isRunning)
        var rightStayedAsleep = true
        var leftWoke = false
        try runUntilRest(a, limit: 5) { _ in
            if try right.contains(where: { try !a.isResting($0) }) { rightStayedAsleep = false }
            if try left.contains(where: { try !a.isResting($0) }) { leftWoke = true }
        }
        _ = rightStayedAsleep
        #expect(leftWoke)
        #expect(!a.isRunning)
        #expect(try right.map { try a.center(of: $0) } == rightBefore, "the right stack did not move")
        #expect(abs(try a.center(of: ball).y - (400 - 120 - 15)) < 1, "ball rests on the left stack")
    }
}

@Suite struct AnchoredVelocityTests {
    @Test func velocityGivenToANewlyAnchoredItemIsKept() throws {
        let a = try makeAnimator(bounds: nil)
        let wall = try a.createItem(ItemDefinition(size: Size(width: 100, height: 20)))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [wall], properties: ItemProperties(anchored: true)))
        try a.setAngularVelocity(1, of: wall)
        try a.setLinearVelocity(Vec2(60, 0), of: wall)
        try a.step()
        #expect(abs(try a.rotation(of: wall) - 1.0 / 120) < 1e-12)
        #expect(abs(try a.center(of: wall).x - 0.5) < 1e-12)
    }
}
