import Testing
@testable import Anima

@Suite struct AnimatorTests {
    @Test func massIsDensityTimesAreaOverTenThousand() throws {
        let a = try makeAnimator()
        let square = try a.createItem(ItemDefinition(size: Size(width: 100, height: 100)))
        let wide = try a.createItem(ItemDefinition(size: Size(width: 100, height: 200)))
        let round = try a.createItem(ItemDefinition(size: Size(width: 100, height: 100), shape: .ellipse))
        let dense = try a.createItem(ItemDefinition(size: Size(width: 100, height: 100)))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [dense], properties: ItemProperties(density: 3)))
        #expect(try a.mass(of: square) == 1)
        #expect(try a.mass(of: wide) == 2)
        #expect(abs(try a.mass(of: round) - Double.pi / 4) < 1e-12)
        #expect(try a.mass(of: dense) == 3)
    }

    @Test func lastItemBehaviorWins() throws {
        let a = try makeAnimator()
        let item = try ball(a, at: Vec2(10, 10))
        #expect(try a.effectiveProperties(of: item) == .implicit)
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [item], properties: ItemProperties(elasticity: 0.3)))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [item], properties: ItemProperties(elasticity: 0.9)))
        #expect(try a.effectiveProperties(of: item).elasticity == 0.9)
    }

    @Test func delegateHearsResumeAndPause() throws {
        let a = try makeAnimator()
        var log: [String] = []
        a.onWillResume = { _ in log.append("resume") }
        a.onDidPause = { _ in log.append("pause") }
        #expect(a.isRunning == false)
        let item = try ball(a, at: Vec2(160, 500))
        let c = try CollisionBehavior(owner: a, items: [item])
        try c.setTranslatesReferenceBoundsIntoBoundary(true)
        try a.addBehavior(try GravityBehavior(owner: a, items: [item]))
        try a.addBehavior(c)
        #expect(a.isRunning)
        try runUntilRest(a)
        #expect(log == ["resume", "pause"])
        let paused = a.elapsedTime
        try a.advance(1)
        #expect(a.elapsedTime == paused, "paused time does not count")
    }

    @Test func advanceIsFrameRateIndependent() throws {
        func run(frame: Double) throws -> Vec2 {
            let a = try makeAnimator()
            let item = try ball(a, at: Vec2(160, 52))
            try a.addBehavior(GravityBehavior(owner: a, items: [item]))
            var t = 0.0
            while t < 0.5 - 1e-9 { try a.advance(frame); t += frame }
            return try a.center(of: item)
        }
        let at30 = try run(frame: 1.0 / 30)
        let at60 = try run(frame: 1.0 / 60)
        let at120 = try run(frame: 1.0 / 120)
        #expect(at30 == at60 && at60 == at120)
    }

    @Test func sameSceneTwiceIsBitIdentical() throws {
        func scene() throws -> [Double] {
            let a = try makeAnimator()
            var items: [ItemID] = []
            for i in 0..<12 {
                let shape: CollisionShape = i % 2 == 0 ? .ellipse : .rectangle
                items.append(try a.createItem(ItemDefinition(center: Vec2(40 + Double(i % 4) * 70, 60 + Double(i / 4) * 70),
                                                             size: Size(width: 40, height: 30), shape: shape,
                                                             angularVelocity: Double(i) * 0.3)))
            }
            try a.addBehavior(GravityBehavior(owner: a, items: items))
            let c = try CollisionBehavior(owner: a, items: items)
            try c.setTranslatesReferenceBoundsIntoBoundary(true)
            try a.addBehavior(c)
            try a.advance(3)
            var poses = [Double](repeating: 0, count: 3 * items.count)
            _ = poses.withUnsafeMutableBufferPointer { a.copyPoses(into: $0.baseAddress, capacity: items.count) }
            return poses
        }
        let first = try scene()
        let second = try scene()
        #expect(first.map(\.bitPattern) == second.map(\.bitPattern))
    }

    /// copyStates writes 7 values per live item in creation order (the order of copyPoses),
    /// the same values the per-item getters read, and nothing when the capacity is too small.
    @Test func copyStatesWritesEveryLiveItemInCreationOrder() throws {
        let a = try makeAnimator()
        var items: [ItemID] = []
        for k in 0..<4 {
            let item = try ball(a, at: Vec2(40 + 60 * Double(k), 80))
            try a.setLinearVelocity(Vec2(10 * Double(k), -5), of: item)
            try a.setAngularVelocity(0.5 * Double(k), of: item)
            try a.setAlpha(0.25 * Double(k), of: item)
            items.append(item)
        }
        try a.addBehavior(GravityBehavior(owner: a, items: items))
        try a.advance(0.25)
        try a.destroyItem(items[1])
        let live = [items[0], items[2], items[3]]

        var states = [Double](repeating: -1, count: 7 * 4)
        let tooSmall = states.withUnsafeMutableBufferPointer { a.copyStates(into: $0.baseAddress, capacity: 2) }
        #expect(tooSmall == 3)
        #expect(states.allSatisfy { $0 == -1 })
        #expect(a.copyStates(into: nil, capacity: 0) == 3)

        let n = states.withUnsafeMutableBufferPointer { a.copyStates(into: $0.baseAddress, capacity: 4) }
        #expect(n == 3)
        for (k, item) in live.enumerated() {
            let record = Array(states[7 * k ..< 7 * k + 7])
            let center = try a.center(of: item), velocity = try a.linearVelocity(of: item)
            #expect(record == [center.x, center.y, try a.rotation(of: item), velocity.x, velocity.y,
                               try a.angularVelocity(of: item), try a.alpha(of: item)])
        }
        #expect(states[7 * 3 ..< 7 * 4].allSatisfy { $0 == -1 })

        var poses = [Double](repeating: 0, count: 3 * 3)
        _ = poses.withUnsafeMutableBufferPointer { a.copyPoses(into: $0.baseAddress, capacity: 3) }
        let posesFromStates = (0..<3).flatMap { k in states[7 * k ..< 7 * k + 3] }
        #expect(poses == posesFromStates)
    }

    @Test func invalidInputThrowsAndChangesNothing() throws {
        let a = try makeAnimator()
        let item = try ball(a, at: Vec2(1, 2))
        #expect(throws: AnimaError.self) { try a.setCenter(Vec2(.nan, 0), of: item) }
        #expect(throws: AnimaError.self) { try a.setSize(Size(width: -1, height: 5), of: item) }
        #expect(throws: AnimaError.self) { try a.advance(-1) }
        #expect(throws: AnimaError.self) { try a.advance(.infinity) }
        #expect(throws: AnimaError.self) { try a.createItem(ItemDefinition(size: Size(width: 0, height: 1))) }
        #expect(throws: AnimaError.self) { try DynamicItemBehavior(owner: a, properties: ItemProperties(elasticity: 1.5)) }
        #expect(throws: AnimaError.self) { try Animator(configuration: AnimatorConfiguration(substeps: 0)) }
        #expect(try a.center(of: item) == Vec2(1, 2))
        try a.destroyItem(item)
        #expect(throws: AnimaError.self) { try a.center(of: item) }
        let other = try makeAnimator()
        let foreign = try ball(other, at: .zero)
        #expect(throws: AnimaError.self) { try GravityBehavior(owner: a, items: [foreign]) }
    }

    @Test func advanceFromACallbackIsRefused() throws {
        let a = try makeAnimator()
        let item = try ball(a, at: Vec2(160, 500))
        let c = try CollisionBehavior(owner: a, items: [item])
        try c.setTranslatesReferenceBoundsIntoBoundary(true)
        var refused = false
        c.onBeganContact = { _ in
            do { try a.advance(0.1) } catch let e as AnimaError { refused = e.code == .busy } catch {}
        }
        try a.addBehavior(GravityBehavior(owner: a, items: [item]))
        try a.addBehavior(c)
        try runUntilRest(a)
        #expect(refused)
    }

    @Test func itemsInRectFindsGovernedItems() throws {
        let a = try makeAnimator()
        let inside = try ball(a, at: Vec2(50, 50), diameter: 20)
        let outside = try ball(a, at: Vec2(300, 300), diameter: 20)
        let loose = try ball(a, at: Vec2(55, 55), diameter: 20)
        try a.addBehavior(CollisionBehavior(owner: a, items: [inside, outside]))
        let found = try a.items(in: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(found == [inside])
        _ = loose
    }

    /// An item that collides with nothing keeps the broad-phase proxy it was made with (the step
    /// moves only colliding items' proxies), yet `items(in:)` finds it where it is: a ball
    /// under gravity alone, 1 s later 500 pt lower, is in a rect around its new place and not in
    /// one around its old place; made to collide, it is found in the tree where it is.
    @Test func itemsInRectFindsItemsThatCollideWithNothingWhereTheyAre() throws {
        let a = try makeAnimator()
        let falling = try ball(a, at: Vec2(50, 50), diameter: 20)
        try a.addBehavior(GravityBehavior(owner: a, items: [falling]))
        for _ in 0..<120 { try a.step() }
        let center = try a.center(of: falling)
        #expect(center.y > 500, "the ball is at \(center.y) pt")
        #expect(try a.items(in: Rect(x: center.x - 15, y: center.y - 15, width: 30, height: 30)) == [falling])
        #expect(try a.items(in: Rect(x: 0, y: 0, width: 100, height: 100)).isEmpty)
        try a.addBehavior(CollisionBehavior(owner: a, items: [falling]))
        let now = try a.center(of: falling)
        #expect(try a.items(in: Rect(x: now.x - 15, y: now.y - 15, width: 30, height: 30)) == [falling])
        #expect(try a.items(in: Rect(x: 0, y: 0, width: 100, height: 100)).isEmpty)
    }

    @Test func destroyingATouchingItemEndsItsContact() throws {
        let a = try makeAnimator()
        let item = try ball(a, at: Vec2(160, 500))
        let c = try CollisionBehavior(owner: a, items: [item])
        try c.setTranslatesReferenceBoundsIntoBoundary(true)
        var began = 0, ended = 0
        c.onBeganContact = { _ in began += 1 }
        c.onEndedContact = { _ in ended += 1 }
        try a.addBehavior(GravityBehavior(owner: a, items: [item]))
        try a.addBehavior(c)
        try runUntilRest(a)
        #expect(began == ended + 1)
        try a.destroyItem(item)
        try a.advance(1.0 / 60)
        #expect(began == ended)
    }
}
