import Testing
@testable import Anima

/// Physical laws the solver must meet, with numbers.
@Suite struct SolverTests {
    /// A 32 pt box resting on a 30 degree ramp (a boundary from the lower left up to the right? no:
    /// from the upper left down to the lower right, so "downhill" is +x, +y).
    func ramp(friction: Double) throws -> (Animator, ItemID) {
        let a = try makeAnimator(bounds: nil)
        let angle = Double.pi / 6
        let dir = Vec2(cosine(angle), sine(angle))          // downhill, y down
        let start = Vec2(0, 0), end = start + 2000 * dir
        let normal = Vec2(dir.y, -dir.x)                     // points up, away from the ramp
        let center = start + 200 * dir + 16 * normal
        let box = try a.createItem(ItemDefinition(center: center, size: Size(width: 32, height: 32),
                                                  transform: ItemTransform(rotation: angle)))
        try a.addBehavior(GravityBehavior(owner: a, items: [box]))
        let c = try CollisionBehavior(owner: a, items: [box])
        try c.addBoundary(identifier: "ramp", from: start, to: end)
        try a.addBehavior(c)
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [box], properties: ItemProperties(friction: friction)))
        return (a, box)
    }

    @Test func boxWithFriction08StaysOnA30DegreeRamp() throws {
        let (a, box) = try ramp(friction: 0.8)   // tan 30 = 0.577 < 0.8
        let start = try a.center(of: box)
        try a.advance(3)
        let moved = length(try a.center(of: box) - start)
        #expect(moved < 0.5, "slid \(moved) pt")
        #expect(a.isRunning == false, "it comes to rest")
    }

    @Test func frictionlessBoxSlidesAtGSin30() throws {
        let (a, box) = try ramp(friction: 0)
        try a.advance(0.1)   // let the contact settle
        let p0 = try a.center(of: box), v0 = try a.linearVelocity(of: box)
        let t = 0.5
        try a.advance(t)
        let p1 = try a.center(of: box)
        let along = Vec2(cosine(Double.pi / 6), sine(Double.pi / 6))
        // s = v0 t + a t^2 / 2  =>  a = 2 (s - v0 t) / t^2
        let s = dot(p1 - p0, along)
        let accel = 2 * (s - dot(v0, along) * t) / (t * t)
        #expect(abs(accel - 500) / 500 < 0.02, "a = \(accel) pt/s^2, expected g sin 30 = 500")
        #expect(abs(try a.rotation(of: box) - Double.pi / 6) < 0.01, "it slides flat")
    }

    @Test func elasticBallKeepsItsBounceHeightForTenBounces() throws {
        let a = try makeAnimator(bounds: Rect(x: 0, y: 0, width: 200, height: 600))
        let item = try ball(a, at: Vec2(100, 100), diameter: 20)
        try a.addBehavior(GravityBehavior(owner: a, items: [item]))
        let c = try CollisionBehavior(owner: a, items: [item])
        try c.setTranslatesReferenceBoundsIntoBoundary(true)
        try a.addBehavior(c)
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [item], properties: ItemProperties(elasticity: 1)))
        var apexes: [Double] = []
        var rising = false
        var top = Double.infinity
        while apexes.count < 10 && a.elapsedTime < 20 {
            try a.step()
            let v = try a.linearVelocity(of: item).y
            let y = try a.center(of: item).y
            if v < 0 { rising = true; top = min(top, y) }
            if rising && v >= 0 { apexes.append(top); rising = false; top = .infinity }
        }
        #expect(apexes.count == 10)
        let dropHeight = 590.0 - 100
        for (k, apex) in apexes.enumerated() {
            let height = 590 - apex
            #expect(abs(height - dropHeight) / dropHeight < 0.01, "bounce \(k + 1) reached \(height) of \(dropHeight)")
        }
    }

    @Test func halfElasticBallReachesAQuarterOfThePreviousHeight() throws {
        let a = try makeAnimator(bounds: Rect(x: 0, y: 0, width: 200, height: 1600))
        let item = try ball(a, at: Vec2(100, 100), diameter: 20)
        try a.addBehavior(GravityBehavior(owner: a, items: [item]))
        let c = try CollisionBehavior(owner: a, items: [item])
        try c.setTranslatesReferenceBoundsIntoBoundary(true)
        try a.addBehavior(c)
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [item], properties: ItemProperties(elasticity: 0.5)))
        var heights: [Double] = [1590 - 100]
        var rising = false
        var top = Double.infinity
        while heights.count < 4 && a.elapsedTime < 20 {
            try a.step()
            let v = try a.linearVelocity(of: item).y
            let y = try a.center(of: item).y
            if v < 0 { rising = true; top = min(top, y) }
            if rising && v >= 0 { heights.append(1590 - top); rising = false; top = .infinity }
        }
        #expect(heights.count == 4)
        for k in 1..<heights.count {
            let ratio = heights[k] / heights[k - 1]
            #expect(abs(ratio - 0.25) / 0.25 < 0.05, "bounce \(k): \(heights[k]) / \(heights[k - 1]) = \(ratio)")
        }
    }

    /// A box dropped flat on the floor, and a box dropped flat on a box, bounce straight: both
    /// corners get their rebound at once, so nothing starts to turn or drift sideways, and each
    /// bounce of the box on the floor reaches e^2 = 1/4 of the height before.
    @Test func boxesDroppedFlatBounceStraight() throws {
        let a = try makeAnimator(bounds: Rect(x: 0, y: 0, width: 400, height: 1600))
        let box = Size(width: 40, height: 40)
        let alone = try a.createItem(ItemDefinition(center: Vec2(100, 100), size: box))
        let low = try a.createItem(ItemDefinition(center: Vec2(300, 1500), size: box))
        let high = try a.createItem(ItemDefinition(center: Vec2(300, 1300), size: box))
        let items = [alone, low, high]
        try a.addBehavior(GravityBehavior(owner: a, items: items))
        let c = try CollisionBehavior(owner: a, items: items)
        try c.setTranslatesReferenceBoundsIntoBoundary(true)
        try a.addBehavior(c)
        try a.addBehavior(DynamicItemBehavior(owner: a, items: items, properties: ItemProperties(elasticity: 0.5)))
        var heights: [Double] = [1580 - 100]
        var rising = false
        var top = Double.infinity
        while a.isRunning && a.elapsedTime < 20 {
            try a.step()
            let v = try a.linearVelocity(of: alone).y, y = try a.center(of: alone).y
            if v < 0 { rising = true; top = min(top, y) }
            if rising && v >= 0 { heights.append(1580 - top); rising = false; top = .infinity }
        }
        #expect(!a.isRunning, "still moving after 20 s")
        for item in items {
            #expect(try a.rotation(of: item) == 0 && a.angularVelocity(of: item) == 0, "item \(item) turned")
        }
        #expect(try a.center(of: alone).x == 100 && a.center(of: low).x == 300 && a.center(of: high).x == 300)
        #expect(try abs(a.center(of: low).y - 1580) < 0.5 && abs(a.center(of: high).y - 1540) < 0.5)
        #expect(heights.count >= 4, "bounced \(heights.count - 1) times")
        for k in 1..<min(heights.count, 4) {
            let ratio = heights[k] / heights[k - 1]
            #expect(abs(ratio - 0.25) / 0.25 < 0.05, "bounce \(k): \(heights[k]) / \(heights[k - 1]) = \(ratio)")
        }
    }

    @Test func pyramidOfTwentyRowsStandsForThirtySeconds() throws {
        let a = try makeAnimator(bounds: nil)
        var boxes: [ItemID] = []
        let size = 32.0
        for row in 0..<20 {
            for k in 0..<(20 - row) {
                let x = (Double(row) * 0.5 + Double(k)) * size
                let y = -(Double(row) + 0.5) * size
                boxes.append(try a.createItem(ItemDefinition(center: Vec2(x, y), size: Size(width: size, height: size))))
            }
        }
        try a.addBehavior(GravityBehavior(owner: a, items: boxes))
        let c = try CollisionBehavior(owner: a, items: boxes)
        try c.addBoundary(identifier: "ground", from: Vec2(-1000, 0), to: Vec2(2000, 0))
        try a.addBehavior(c)
        try a.addBehavior(DynamicItemBehavior(owner: a, items: boxes, properties: ItemProperties(friction: 0.6)))
        let top = boxes[boxes.count - 1]
        let start = try a.center(of: top)
        // soft contacts (60 Hz here) give under load: each contact settles by (load / weight) g / w^2,
        // 0.007 pt per box carried, within the first moments; after that the pyramid must stand still
        try a.advance(0.5)
        let settled = try a.center(of: top)
        #expect(length(settled - start) < 1.5, "the pyramid settled by \(length(settled - start)) pt")
        var worst = 0.0
        for _ in 0..<(30 * 60) {
            try a.advance(1.0 / 60)
            worst = max(worst, length(try a.center(of: top) - settled))
        }
        #expect(worst < 1, "the top box moved up to \(worst) pt over 30 s")
        #expect(a.isRunning == false, "the pyramid sleeps")
    }

    @Test func droppedStackRestsAndPausesWithinTwoSecondsOfTheLastMotion() throws {
        let a = try makeAnimator()
        var boxes: [ItemID] = []
        for i in 0..<6 {
            boxes.append(try a.createItem(ItemDefinition(center: Vec2(160 + Double(i % 2) * 6, 400 - 45 * Double(i)),
                                                         size: Size(width: 40, height: 40))))
        }
        try a.addBehavior(GravityBehavior(owner: a, items: boxes))
        let c = try CollisionBehavior(owner: a, items: boxes)
        try c.setTranslatesReferenceBoundsIntoBoundary(true)
        try a.addBehavior(c)
        var last = try boxes.map { try a.center(of: $0) }
        var lastVisibleMotion = 0.0
        let t = try runUntilRest(a, limit: 20) { time in
            let now = try boxes.map { try a.center(of: $0) }
            // a tenth of a point per frame is the smallest motion a person sees on a 2x screen
            if zip(now, last).contains(where: { length($0 - $1) > 0.1 }) { lastVisibleMotion = time }
            last = now
        }
        #expect(t != nil, "the animator pauses")
        if let t { #expect(t - lastVisibleMotion < 2, "paused at \(t) s, last visible motion at \(lastVisibleMotion) s") }
    }

    /// Box2D's pyramid at a fifth of the rows: 20 rows of 100 pt boxes on a ground line, with
    /// gravity, collisions and friction 0.6; the boxes from the bottom row up.
    func twentyRowPyramid(_ a: Animator) throws -> [ItemID] {
        var boxes: [ItemID] = []
        let rows = 20
        for i in 0..<rows {
            for j in i..<rows {
                let x = 100 * (0.5 * Double(i + 1) + Double(j - i) - 0.5 * Double(rows))
                boxes.append(try a.createItem(ItemDefinition(center: Vec2(x, -100 * (Double(i) + 0.5)))))
            }
        }
        try a.addBehavior(GravityBehavior(owner: a, items: boxes))
        let c = try CollisionBehavior(owner: a, items: boxes)
        try c.addBoundary(identifier: "ground", from: Vec2(-5000, 0), to: Vec2(5000, 0))
        try a.addBehavior(c)
        try a.addBehavior(DynamicItemBehavior(owner: a, items: boxes, properties: ItemProperties(friction: 0.6)))
        return boxes
    }

    /// A pyramid of 20 rows of 100 pt boxes (friction 0.6, 60 Hz x 4, Box2D's pyramid at a
    /// fifth of the rows), 5 s: solved eight contacts at a time by colour, or one at a time in
    /// contact order, it stands: the top box settles by the same few points and stays within a
    /// point of its column. (Colours given first-fit in contact order once leaned Box2D's
    /// 100-row pyramid 40 pt sideways; the colouring offers colours in a scrambled order.)
    @Test func pyramidStandsWithWideAndScalarContacts() throws {
        func topBoxMotion(wide: Bool) throws -> Vec2 {
            var configuration = AnimatorConfiguration()
            configuration.stepRate = 60
            let a = try Animator(configuration: configuration)
            a.world.solvesContactsWide = wide
            let boxes = try twentyRowPyramid(a)
            let start = try a.center(of: boxes[boxes.count - 1])
            for _ in 0..<300 { try a.step() }
            return try a.center(of: boxes[boxes.count - 1]) - start
        }
        let wide = try topBoxMotion(wide: true), scalar = try topBoxMotion(wide: false)
        for motion in [wide, scalar] {
            #expect(abs(motion.x) < 1, "the top box moved \(motion.x) pt sideways")
            #expect(motion.y > 0 && motion.y < 40, "the top box settled \(motion.y) pt")
        }
        #expect(abs(wide.y - scalar.y) < 2, "settling: \(wide.y) pt wide, \(scalar.y) pt one at a time")
    }

    /// With no joint and every contact in a lane group, a sub-step's warm start and biased solve
    /// run between one load and one store of the bodies' velocities (`fusesWarmStart`) instead
    /// of each storing its change in double precision and the next loading it again: the
    /// 20-row pyramid of 100 pt boxes, 300 steps at 60 Hz, ends with every box within 0.05 pt
    /// and 0.001 rad of where it ends with two loads and stores, not to the bit (the path is
    /// taken), and with the same poses to the bit with one worker and two.
    @Test func warmStartAndSolveShareOneLoadOfTheBodies() throws {
        func poses(fused: Bool, workers: Int = 1) throws -> [Double] {
            var configuration = AnimatorConfiguration(workers: workers)
            configuration.stepRate = 60
            let a = try Animator(configuration: configuration)
            a.world.fusesWarmStart = fused
            if workers > 1 {
                a.world.minimumGroupsPerWorker = 1
                a.world.minimumItemsPerWorker = 1
            }
            let boxes = try twentyRowPyramid(a)
            for _ in 0..<300 { try a.step() }
            #expect(a.world.coloring.overflow.isEmpty && a.world.joints.count == 0)
            var out = [Double](repeating: 0, count: 3 * boxes.count)
            _ = out.withUnsafeMutableBufferPointer { a.copyPoses(into: $0.baseAddress, capacity: boxes.count) }
            return out
        }
        let fused = try poses(fused: true), separate = try poses(fused: false)
        var largest = (position: 0.0, angle: 0.0)
        for k in 0..<(fused.count / 3) {
            largest.position = max(largest.position, abs(fused[3 * k] - separate[3 * k]), abs(fused[3 * k + 1] - separate[3 * k + 1]))
            largest.angle = max(largest.angle, abs(fused[3 * k + 2] - separate[3 * k + 2]))
        }
        #expect(largest.position > 0 && largest.position < 0.05 && largest.angle < 0.001,
                "largest difference \(largest.position) pt, \(largest.angle) rad")
        #expect(try poses(fused: true, workers: 2) == fused)
    }

    /// A crowd that falls into a box and piles up, stepped 500 times, then a box dropped on it
    /// that wakes it, 300 steps more; its poses as bit patterns, then every step's contact
    /// events (began or ended, items, point). `shareEveryColour` makes the workers split every
    /// colour of two groups or more, and share every stage they can (outlines, pair search,
    /// contact update, packing, touch update). `holes` sees the contact list's holes after each
    /// step.
    func crowdPoses(workers: Int = 1, shareEveryColour: Bool = false,
                    kernel: WideKernelChoice = .preferred, closesEveryHole: Bool = false,
                    listsWideBodies: Bool? = nil, skipsKnownPairs: Bool = true, skipsSeparatedPairs: Bool = true,
                    sortsMovedBySpace: Bool = true, usesQueryMirror: Bool = true, holes: (Int) -> Void = { _ in }, gaps: (Int) -> Void = { _ in },
                    inspect: (Animator) -> Void = { _ in }) throws -> [UInt64] {
        let a = try Animator(configuration: AnimatorConfiguration(workers: workers))
        a.world.skipsSeparatedPairs = skipsSeparatedPairs
        a.world.broadPhase.skipsKnownPairs = skipsKnownPairs
        a.world.broadPhase.sortsMovedBySpace = sortsMovedBySpace
        a.world.broadPhase.usesQueryMirror = usesQueryMirror
        a.world.wideKernel = kernel
        a.world.closesEveryHole = closesEveryHole
        a.world.listsWideBodies = listsWideBodies
        // the contact events of every step, in order: items, boundary and point
        var events: [UInt64] = []
        func record() {
            for e in a.beganContacts + a.endedContacts {
                events.append(UInt64(e.began ? 1 : 0) << 63 | UInt64(UInt32(e.item.slot)) << 32 | UInt64(UInt32(bitPattern: e.otherItem?.slot ?? -1)))
                events.append(e.point.x.bitPattern)
                events.append(e.point.y.bitPattern)
            }
        }
        // no more threads than processors
        #expect(a.workers >= 1 && a.workers <= workers)
        if shareEveryColour {
            a.world.minimumGroupsPerWorker = 1
            a.world.minimumItemsPerWorker = 1
        }
        var items: [ItemID] = []
        for k in 0..<150 {
            let row = k / 12, column = k % 12
            let shape: CollisionShape = k % 3 == 0 ? .ellipse : .rectangle
            items.append(try a.createItem(ItemDefinition(center: Vec2(12 + 15 * Double(column) + Double(row % 2) * 3,
                                                                     -12 - 15 * Double(row)),
                                                         size: Size(width: 12, height: 10), shape: shape)))
        }
        try a.addBehavior(GravityBehavior(owner: a, items: items))
        let c = try CollisionBehavior(owner: a, items: items)
        try c.addBoundary(identifier: "floor", from: Vec2(0, 200), to: Vec2(190, 200))
        try c.addBoundary(identifier: "left", from: Vec2(0, -400), to: Vec2(0, 200))
        try c.addBoundary(identifier: "right", from: Vec2(190, -400), to: Vec2(190, 200))
        try a.addBehavior(c)
        try a.addBehavior(DynamicItemBehavior(owner: a, items: items, properties: ItemProperties(friction: 0.6)))
        for _ in 0..<500 {
            try a.step()
            holes(a.world.contactHoles)
            gaps(a.world.contacts.filter { !$0.isHole && $0.a >= 0 && $0.manifold.gapSide != 0 }.count)
            record()
        }
        // most of the pile sleeps by now; a box dropped on one side wakes islands mid-update
        let sleeping = items.filter { a.store.asleep[Int($0.slot)] }.count
        #expect(sleeping > 50)
        let late = try a.createItem(ItemDefinition(center: Vec2(30, -100), size: Size(width: 20, height: 20)))
        for behavior in a.behaviors { try behavior.addItem(late) }
        for _ in 0..<300 {
            try a.step()
            holes(a.world.contactHoles)
            record()
        }
        // asleep again, the pile gets an item set down inside one of its items: that new
        // contact wakes the island
        let sleeper = try #require(items.last { a.store.asleep[Int($0.slot)] })
        let setDown = try a.createItem(ItemDefinition(center: try a.center(of: sleeper) + Vec2(3, -2), size: Size(width: 6, height: 6)))
        for behavior in a.behaviors { try behavior.addItem(setDown) }
        for _ in 0..<60 {
            try a.step()
            holes(a.world.contactHoles)
            record()
        }
        items.append(late)
        items.append(setDown)
        inspect(a)
        var out = [Double](repeating: 0, count: 3 * items.count)
        _ = out.withUnsafeMutableBufferPointer { a.copyPoses(into: $0.baseAddress, capacity: items.count) }
        let finite = out.allSatisfy { $0.isFinite }
        // the crowd fell and piled up inside the box
        let inside = stride(from: 1, to: out.count, by: 3).allSatisfy { out[$0] > -200 && out[$0] < 200 }
        #expect(finite && inside)
        #expect(events.count > 300)
        return out.map(\.bitPattern) + events
    }

    /// A stack of 10 boxes settles the same with manifolds carried forward while the boxes are
    /// still (the default: 8 steps) as with every pair collided every step: heights within
    /// 0.05 pt, sideways within 0.05 pt, both stacks upright and at rest; once still, most
    /// contacts carry their manifold (ages 1 to 8), and a box pushed into a slide collides its
    /// pair with the floor again every step (age 0).
    @Test func stillPolygonsCarryTheirManifoldsForward() throws {
        func stack(reuse: UInt8) throws -> (Animator, [ItemID], CollisionBehavior) {
            let a = try Animator(referenceBounds: Rect(x: 0, y: 0, width: 400, height: 600))
            a.world.manifoldReuseSteps = reuse
            var items: [ItemID] = []
            for k in 0..<10 {
                items.append(try a.createItem(ItemDefinition(center: Vec2(200, 575 - 50 * Double(k)), size: Size(width: 60, height: 50))))
            }
            try a.addBehavior(GravityBehavior(owner: a, items: items))
            let c = try CollisionBehavior(owner: a, items: items)
            try c.setTranslatesReferenceBoundsIntoBoundary(true)
            try a.addBehavior(c)
            try a.addBehavior(DynamicItemBehavior(owner: a, items: items, properties: ItemProperties(friction: 0.6)))
            for _ in 0..<600 { try a.step() }
            return (a, items, c)
        }
        let (carried, items, _) = try stack(reuse: World.defaultManifoldReuseSteps)
        let (collided, same, _) = try stack(reuse: 0)
        for (k, item) in items.enumerated() {
            let p = try carried.center(of: item), q = try collided.center(of: same[k])
            #expect(abs(p.y - q.y) < 0.05 && abs(p.x - q.x) < 0.05, "box \(k): \(p) carried, \(q) collided")
            let turned = try carried.rotation(of: item)
            #expect(abs(p.x - 200) < 0.05 && abs(turned) < 1e-3)
        }
        // the top box stands where ten 50 pt boxes reach, less the contacts' give
        let top = try carried.center(of: items[9])
        #expect(abs(top.y - 125) < 1, "top box at \(top)")
        let ages = carried.world.contacts.filter { $0.manifold.count > 0 }.map(\.manifoldAge)
        #expect(ages.count >= 10 && ages.allSatisfy { $0 <= World.defaultManifoldReuseSteps })
        #expect(ages.filter { $0 > 0 }.count * 2 > ages.count, "ages \(ages)")
        #expect(collided.world.contacts.allSatisfy { $0.manifoldAge == 0 })

        // the bottom box pushed sideways slides: its floor contact is collided every step
        let floorKey = carried.world.contacts.first { $0.a < 0 && $0.b == items[0].slot && $0.manifold.count > 0 }!.key
        for _ in 0..<30 {
            try carried.setLinearVelocity(Vec2(120, 0), of: items[0])
            try carried.step()
            let floor = carried.world.contacts.first { $0.key == floorKey }!
            #expect(floor.manifoldAge == 0)
        }
    }

    /// A box riding an anchored platform that moves at 150 pt/s keeps its place on it: their
    /// pair keeps its manifold (ages above 0 in most steps, where a pair moving that fast was
    /// collided every step when only still items kept theirs), and the box rides the same as
    /// with every pair collided every step, within 0.05 pt. Pushed to slide along the
    /// platform, the pair is collided every step.
    @Test func aBoxRidingAMovingPlatformCarriesItsManifoldForward() throws {
        func ride(reuse: UInt8) throws -> (Animator, ItemID, ItemID) {
            let a = try Animator(configuration: AnimatorConfiguration(restTime: 1e7))
            a.world.manifoldReuseSteps = reuse
            let platform = try a.createItem(ItemDefinition(center: Vec2(0, 500), size: Size(width: 400, height: 20)))
            let box = try a.createItem(ItemDefinition(center: Vec2(0, 465), size: Size(width: 50, height: 50)))
            try a.addBehavior(GravityBehavior(owner: a, items: [box]))
            try a.addBehavior(CollisionBehavior(owner: a, items: [platform, box]))
            try a.addBehavior(DynamicItemBehavior(owner: a, items: [platform], properties: ItemProperties(friction: 0.8, anchored: true)))
            try a.addBehavior(DynamicItemBehavior(owner: a, items: [box], properties: ItemProperties(friction: 0.8)))
            for _ in 0..<60 { try a.step() }          // settle on the platform at rest
            for _ in 0..<240 {
                try a.setLinearVelocity(Vec2(150, 0), of: platform)
                try a.step()
            }
            return (a, platform, box)
        }
        let (carried, platform, box) = try ride(reuse: World.defaultManifoldReuseSteps)
        let (collided, _, same) = try ride(reuse: 0)
        let p = try carried.center(of: box), q = try collided.center(of: same)
        #expect(abs(p.x - q.x) < 0.05 && abs(p.y - q.y) < 0.05, "\(p) carried, \(q) collided")
        // it sits on the platform, behind where it started by the slip of the platform's
        // start (v^2 / 2 mu g = 150^2 / (2 x 0.8 x 1000) = 14 pt), and rides along
        let under = try carried.center(of: platform)
        let offset = p.x - under.x
        #expect(offset < 0 && offset > -20 && abs(under.y - p.y - 35) < 0.5, "box at \(p), platform at \(under)")
        func pair(_ a: Animator) -> Contact { a.world.contacts.first { !$0.isHole && $0.manifold.count > 0 }! }
        var ages = 0
        for _ in 0..<16 {
            try carried.setLinearVelocity(Vec2(150, 0), of: platform)
            try carried.step()
            ages += pair(carried).manifoldAge > 0 ? 1 : 0
        }
        #expect(ages >= 12, "carried in \(ages) of 16 steps")
        let rode = try carried.center(of: box).x - carried.center(of: platform).x
        #expect(abs(rode - offset) < 0.05, "offset \(offset) then \(rode)")
        // pushed to slide at 120 pt/s along the platform: collided every step
        for _ in 0..<20 {
            try carried.setLinearVelocity(Vec2(150, 0), of: platform)
            try carried.setLinearVelocity(Vec2(270, 0), of: box)
            try carried.step()
            #expect(pair(carried).manifoldAge == 0)
        }
    }

    /// One item under gravity inside a 400 x 600 pt box of boundaries (the reference bounds).
    private func fallingInABox(center: Vec2, size: Size) throws -> (Animator, ItemID, CollisionBehavior) {
        let a = try Animator(referenceBounds: Rect(x: 0, y: 0, width: 400, height: 600))
        let item = try a.createItem(ItemDefinition(center: center, size: size))
        try a.addBehavior(GravityBehavior(owner: a, items: [item]))
        let c = try CollisionBehavior(owner: a, items: [item])
        try c.setTranslatesReferenceBoundsIntoBoundary(true)
        try a.addBehavior(c)
        return (a, item, c)
    }

    /// The restitution passes are left out while no item is elastic; an item given elasticity
    /// 1 later, through its behavior (which rebuilds the graph, where elasticity is looked at
    /// again), bounces back to within 10 pt of the height it fell from.
    @Test func anItemMadeElasticLaterBouncesBack() throws {
        let (a, ball, _) = try fallingInABox(center: Vec2(200, 100), size: Size(width: 40, height: 40))
        let properties = try DynamicItemBehavior(owner: a, items: [ball], properties: ItemProperties(elasticity: 0))
        try a.addBehavior(properties)
        try a.step()
        #expect(!a.world.anyElastic)
        try properties.setProperties(ItemProperties(elasticity: 1))
        var bounced = false, highest = 600.0
        for _ in 0..<240 {
            let before = try a.linearVelocity(of: ball).y
            try a.step()
            let v = try a.linearVelocity(of: ball).y
            if before > 0 && v < 0 { bounced = true }
            if bounced { highest = min(highest, try a.center(of: ball).y) }
        }
        #expect(a.world.anyElastic && bounced)
        #expect(highest < 110, "back up to y = \(highest) after falling from 100")
    }

    /// A resting box whose pose or size is set from outside collides its shapes again at the
    /// next step rather than carry its manifold forward: moved 20 pt into the floor it measures
    /// that overlap at once, made 40 pt taller likewise, and it is pushed back out; so does its
    /// contact with a floor that moves into it (the reference bounds inset).
    @Test func aPoseSetFromOutsideIsCollidedAgain() throws {
        let (a, box, c) = try fallingInABox(center: Vec2(200, 575), size: Size(width: 60, height: 50))
        for _ in 0..<120 { try a.step() }
        func floor() -> Contact { a.world.contacts.first { $0.segment >= 0 && $0.manifold.count == 2 && $0.manifold.normal.y < -0.5 }! }
        // at rest its floor manifold is being carried forward
        var carried = false
        for _ in 0..<10 {
            try a.step()
            carried = carried || floor().manifoldAge > 0
        }
        #expect(carried)
        func deepest() -> Double { min(floor().manifold.p0.separation, floor().manifold.p1.separation) }
        let rest = try a.center(of: box)
        try a.setCenter(Vec2(rest.x, rest.y + 20), of: box)
        try a.step()
        #expect(floor().manifoldAge == 0 && deepest() < -10, "separation \(deepest()) after the move")
        for _ in 0..<120 { try a.step() }
        #expect(try abs(a.center(of: box).y - rest.y) < 0.5)
        try a.setSize(Size(width: 60, height: 90), of: box)
        try a.step()
        #expect(floor().manifoldAge == 0 && deepest() < -10, "separation \(deepest()) after the resize")
        for _ in 0..<120 { try a.step() }
        #expect(try abs(a.center(of: box).y - 555) < 0.5, "a 90 pt box rests with its centre 45 pt above the floor")
        // the floor itself moved 20 pt up into the resting box (the reference bounds' insets)
        for _ in 0..<10 { try a.step() }
        try c.setTranslatesReferenceBoundsIntoBoundary(true, insets: EdgeInsets(top: 0, left: 0, bottom: 20, right: 0))
        try a.step()
        #expect(floor().manifoldAge == 0 && deepest() < -10, "separation \(deepest()) after the floor moved")
        for _ in 0..<120 { try a.step() }
        #expect(try abs(a.center(of: box).y - 535) < 0.5, "the box rests on the raised floor")
    }

    /// A crowd falling together at 1500 pt/s (a 10 x 10 grid of 9 pt boxes, 20 pt apart) keeps
    /// pairs only with the boxes its motion may reach: each box's swept box runs along its
    /// displacement, not its length all round, so after 6 steps of the fall there are at most
    /// 1000 contacts (930; with the boxes grown all round 1710), and none has a point: they
    /// move together.
    @Test func aCrowdFallingTogetherKeepsFewPairs() throws {
        let a = try Animator(configuration: AnimatorConfiguration(restTime: 1e7))
        var items: [ItemID] = []
        for k in 0..<100 {
            items.append(try a.createItem(ItemDefinition(center: Vec2(20 * Double(k % 10), -20 * Double(k / 10)),
                                                         size: Size(width: 9, height: 9))))
        }
        try a.addBehavior(GravityBehavior(owner: a, items: items))
        try a.addBehavior(CollisionBehavior(owner: a, items: items))
        for item in items { try a.setLinearVelocity(Vec2(0, 1500), of: item) }
        for _ in 0..<6 { try a.step() }
        let contacts = a.world.contacts.filter { !$0.isHole }
        #expect(contacts.count <= 1000, "\(contacts.count) contacts for 100 boxes")
        #expect(contacts.allSatisfy { $0.manifold.count == 0 })
    }

    /// An item's fat box reaches a tenth of its extent beyond it, at least 1 pt and at most 10 pt:
    /// a grid of 9 pt boxes at a 10 pt pitch (1 pt gaps; a tenth of their 6.4 pt extent is under
    /// 1 pt) pairs each box with its eight neighbours and no others, 342 pairs for 10 x 10 (with
    /// 10 pt for every item, as Box2D's one margin, each fat box reached the boxes three rows
    /// away: 1632 pairs); a 100 pt box gets a tenth of its 70.7 pt extent, and a 300 pt box the
    /// 10 pt cap.
    @Test func anItemsFatBoxFollowsItsSize() throws {
        let a = try Animator(configuration: AnimatorConfiguration(restTime: 1e7))
        var items: [ItemID] = []
        for k in 0..<100 {
            items.append(try a.createItem(ItemDefinition(center: Vec2(10 * Double(k % 10), 10 * Double(k / 10)),
                                                         size: Size(width: 9, height: 9))))
        }
        let big = try a.createItem(ItemDefinition(center: Vec2(500, 0), size: Size(width: 100, height: 100)))
        let huge = try a.createItem(ItemDefinition(center: Vec2(1000, 0), size: Size(width: 300, height: 300)))
        try a.addBehavior(CollisionBehavior(owner: a, items: items + [big, huge]))
        try a.step()
        try a.step()
        let contacts = a.world.contacts.filter { !$0.isHole }
        #expect(contacts.count == 9 * 10 + 10 * 9 + 2 * 9 * 9)
        func fatBox(_ item: ItemID) throws -> AABB { a.world.broadPhase.tree.fatAABB(a.store.proxy[try a.slot(of: item)]) }
        // the box, the 2 pt contact distance, and the margin: made so, and kept at rest
        let small = try fatBox(items[0]), reach = 4.5 + 2 + 1
        #expect(abs(small.lower.x + reach) < 1e-9 && abs(small.upper.y - reach) < 1e-9, "\(small)")
        let large = try fatBox(big), half = 50 + 2 + 0.1 * (50 * 50 * 2).squareRoot()   // margin 7.07 pt
        #expect(abs(large.lower.x - (500 - half)) < 1e-9 && abs(large.upper.y - half) < 1e-9, "\(large)")
        let largest = try fatBox(huge)
        #expect(largest.lower.x == 838 && largest.upper.x == 1162 && largest.lower.y == -162 && largest.upper.y == 162, "\(largest)")
    }

    /// A small box inside the box of a long wall turned 45 degrees, 100 pt from the wall's
    /// side, has a pair with it (their fat boxes overlap) but is left out of the narrow phase:
    /// the wall's sides, grown by its sweep and the contact distance, miss the box's tight box.
    /// A box resting on the wall is not left out, and has points.
    @Test func aBoxFarFromATurnedWallsSidesIsNotCollided() throws {
        let a = try Animator(configuration: AnimatorConfiguration(restTime: 1e7))
        let wall = try a.createItem(ItemDefinition(center: Vec2(0, 0), size: Size(width: 1000, height: 20)))
        try a.setTransform(ItemTransform(rotation: Double.pi / 4, scaleX: 1, scaleY: 1, translationX: 0, translationY: 0), of: wall)
        // along the wall's normal (-sin, cos) 45 degrees: 100 pt off its side, and 10 pt + 5 pt (resting)
        let normal = Vec2(-(0.5).squareRoot(), (0.5).squareRoot())
        let far = try a.createItem(ItemDefinition(center: 200 * Vec2(1, 1) * (0.5).squareRoot() + 110 * normal,
                                                  size: Size(width: 10, height: 10)))
        let near = try a.createItem(ItemDefinition(center: -200 * Vec2(1, 1) * (0.5).squareRoot() + 15 * normal,
                                                   size: Size(width: 10, height: 10)))
        try a.setTransform(ItemTransform(rotation: Double.pi / 4, scaleX: 1, scaleY: 1, translationX: 0, translationY: 0), of: near)
        try a.addBehavior(CollisionBehavior(owner: a, items: [wall, far, near]))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [wall], properties: ItemProperties(anchored: true)))
        try a.step()
        let w = try a.slot(of: wall), f = try a.slot(of: far), n = try a.slot(of: near)
        func contact(_ s: Int) -> Contact? { a.world.contacts.first { !$0.isHole && $0.a == Int32(min(w, s)) && $0.b == Int32(max(w, s)) } }
        #expect(contact(f) != nil && contact(f)?.manifold.count == 0)
        #expect(contact(n)?.manifold.count == 2)
        a.world.withManifoldView { view in
            #expect(view.sidesMiss(w, view.tightBoxes[f]))
            #expect(!view.sidesMiss(w, view.tightBoxes[n]))
            #expect(!view.sidesMiss(f, view.tightBoxes[w]), "a box's sides reach into the wall's box")
        }
    }

    /// The pair search leaves out the pairs its last search found and the contact update kept;
    /// the crowd (falling, piling, sleeping, woken, an item added late) gives the same poses and
    /// events to the bit as with every overlap looked up, with one worker and with two.
    @Test func leavingOutKnownPairsChangesNoResult() throws {
        let all = try crowdPoses(skipsKnownPairs: false)
        #expect(try crowdPoses() == all)
        #expect(try crowdPoses(workers: 2, shareEveryColour: true) == all)
    }

    /// The moved proxies are searched in the Z order of their boxes, not in the order they
    /// moved: the crowd gives the same poses and events to the bit either way, with one worker
    /// and with two (the new pairs are sorted by key after the search).
    @Test func searchingInSpatialOrderChangesNoResult() throws {
        let unsorted = try crowdPoses(sortsMovedBySpace: false)
        #expect(try crowdPoses() == unsorted)
        #expect(try crowdPoses(workers: 2, shareEveryColour: true) == unsorted)
    }

    /// The pair search walks the tree's single-precision copy, several walks at once, when the
    /// queue is long (`TreeQueryMirror`): the crowd gives the same poses and events to the bit as
    /// with the tree's own walk, with one worker and with two, and the copy is used.
    @Test func searchingThroughTheTreesCopyChangesNoResult() throws {
        let walked = try crowdPoses(usesQueryMirror: false)
        var copied = 0
        #expect(try crowdPoses(inspect: { a in copied += a.world.broadPhase.mirrorSearches }) == walked)
        #expect(copied > 50)   // 72 of the 800 steps: the falling crowd's
        #expect(try crowdPoses(workers: 2, shareEveryColour: true) == walked)
    }

    /// The new pairs' radix sort orders keys as a comparison sort does: item pairs, boundary
    /// pairs (their segment bit set), repeated keys, lists under and over the 32 a comparison
    /// sort keeps, keys differing in one byte or in all eight.
    @Test func pairsSortedByKeyAsByComparison() {
        var rng = Mix(state: 41)
        var scratch: [Pair] = []
        for n in [0, 1, 2, 31, 32, 33, 100, 1000, 5000] {
            for spread in [UInt64(0xFF), 0xFFFF_FFFF, UInt64.max] {
                var pairs: [Pair] = []
                for _ in 0..<n {
                    var key = rng.next() & spread
                    if rng.next() % 4 == 0, let earlier = pairs.randomElement(using: &rng) { key = earlier.key }   // repeats
                    if rng.next() % 5 == 0 { key |= 0x8000_0000 }   // a boundary's segment bit
                    pairs.append(Pair(key: key, a: Int32(truncatingIfNeeded: key >> 32), b: Int32(truncatingIfNeeded: key), segment: -1))
                }
                let expected = pairs.map(\.key).sorted()
                World.sortByKey(&pairs, scratch: &scratch)
                #expect(pairs.map(\.key) == expected, "\(n) pairs, keys within \(spread)")
                // each pair keeps its own fields
                #expect(pairs.allSatisfy { $0.a == Int32(truncatingIfNeeded: $0.key >> 32) && $0.b == Int32(truncatingIfNeeded: $0.key) })
            }
        }
        // the scratch is given back once far larger than the lists sorted
        var few = (0..<40).map { Pair(key: UInt64(40 - $0), a: 0, b: 0, segment: -1) }
        World.sortByKey(&few, scratch: &scratch)
        #expect(few.map(\.key) == Array(1...40).map(UInt64.init))
        #expect(scratch.count == 40)
    }

    /// The Z-order key of a box centre: grid cells of 16 bits, NaN and values below the grid in
    /// cell 0, values past it in the last cell; x in the odd bits, y in the even.
    @Test func spatialOrderKeys() {
        #expect(BroadPhase.quantize(.nan) == 0)
        #expect(BroadPhase.quantize(-.infinity) == 0)
        #expect(BroadPhase.quantize(0.5) == 0)
        #expect(BroadPhase.quantize(1234.9) == 1234)
        #expect(BroadPhase.quantize(.infinity) == 65535)
        #expect(BroadPhase.quantize(1e300) == 65535)
        #expect(BroadPhase.interleave(0xFFFF) == 0x5555_5555)
        #expect(BroadPhase.interleave(0b1011) == 0b1000101)
        // boxes queued right to left and bottom to top are searched in Z order: left first
        var bp = BroadPhase()
        let right = bp.create(AABB(lower: Vec2(90, 0), upper: Vec2(100, 10)), userData: 0)
        let top = bp.create(AABB(lower: Vec2(-100, -50), upper: Vec2(-90, -40)), userData: 1)
        let left = bp.create(AABB(lower: Vec2(-100, 0), upper: Vec2(-90, 10)), userData: 2)
        bp.sortMovedBySpace()
        #expect(bp.moved == [top, left, right])
        // a box unbounded on both axes leaves the order to the ids (on one axis, to the other)
        let far = bp.create(AABB(lower: Vec2(-.infinity, -.infinity), upper: Vec2(.infinity, .infinity)), userData: -1)
        bp.sortMovedBySpace()
        #expect(bp.moved == [right, top, left, far].sorted())
    }

    /// The queue ordered and marked on the thread that applies the deferred moves, beside the
    /// contact update (`takeDeferredMoves(withQueue: true)`), ends as the pair search's own
    /// preparation leaves it after the moves are applied: the same entries in the same space
    /// order (a destroyed proxy and a proxy queued twice dropped), the same nodes marked, the
    /// same tree; and the search's `prepareQueue` then leaves it as it is.
    @Test func queuePreparedWithTheDeferredMovesMatchesTheSearchOwn() {
        var rng = Mix(state: 41)
        func box(_ rng: inout Mix) -> AABB {
            let c = Vec2(Double(rng.next() % 2000) - 1000, Double(rng.next() % 2000) - 1000)
            return AABB(lower: c - Vec2(8, 8), upper: c + Vec2(8, 8))
        }
        var one = BroadPhase()
        for k in 0..<300 { _ = one.create(box(&rng), userData: Int32(k)) }
        one.prepareQueue()
        one.unmarkQueued()
        one.clearMoved()
        // a step's moves, in scrambled order; one proxy also queued afresh, one destroyed
        for _ in 0..<120 {
            let p = Int32(rng.next() % 300)
            one.moveDeferred(p, to: box(&rng))
        }
        one.queue(7, fresh: true)
        let gone = one.moved[5]
        one.destroy(gone)
        var two = one

        one.applyDeferredMoves()
        one.prepareQueue()

        var work = two.takeDeferredMoves(withQueue: true)
        two.withFatBoxes { work.apply($0.fatBoxes) }
        two.putBack(work)
        two.prepareQueue()

        #expect(one.moved.count > 50 && !one.moved.contains(gone))
        #expect(one.moved != one.moved.sorted(), "the queue is in space order, not id order")
        #expect(two.moved == one.moved)
        #expect(two.queuedBelow == one.queuedBelow)
        #expect(one.queuedBelow.contains(true))
        #expect(two.tree.root == one.tree.root)
        #expect((0..<Int32(one.tree.nodeCapacity)).allSatisfy { two.tree.parent($0) == one.tree.parent($0) })
        // prepared once: the next preparation is the search's own again
        two.unmarkQueued()
        #expect(!two.queuedBelow.contains(true))
        two.prepareQueue()
        #expect(two.queuedBelow == one.queuedBelow)
    }

    /// After every step, every two items whose fat boxes overlap and that may collide have a
    /// contact, while the search leaves out known pairs and the scene does what could trip it:
    /// items thrown across the scene, two items swapped from outside, an item moved out of a
    /// collision behavior and back, an item anchored and freed, an item resized, and a small
    /// item put down from outside, every other step, inside the fat box of a large one that
    /// crosses the scene (made first, so its proxy's id is the smaller of the two) and is
    /// re-inserted in some of those steps. With one worker, and with two sharing the search.
    /// Conversely, no contact outlives the overlap of its fat boxes, whichever side moved (the
    /// contact update compares the boxes only when one of the two proxies was re-inserted).
    @Test(arguments: [1, 2]) func everyOverlappingPairHasAContactAfterEachStep(workers: Int) throws {
        let a = try Animator(configuration: AnimatorConfiguration(restTime: 1e7, workers: workers))
        a.world.minimumItemsPerWorker = 1
        var rng = Mix(state: 29)
        let large = try a.createItem(ItemDefinition(center: Vec2(-300, 50), size: Size(width: 60, height: 60)))
        var items: [ItemID] = []
        for k in 0..<64 {
            items.append(try a.createItem(ItemDefinition(center: Vec2(14 * Double(k % 8), 14 * Double(k / 8)),
                                                         size: Size(width: 10, height: 10))))
        }
        let small = try a.createItem(ItemDefinition(center: Vec2(0, 400), size: Size(width: 4, height: 4)))
        try a.addBehavior(CollisionBehavior(owner: a, items: [large, small]))
        // two items side by side, at rest, whose one collision behavior drops one and takes it back
        let still = [try a.createItem(ItemDefinition(center: Vec2(600, 600), size: Size(width: 10, height: 10))),
                     try a.createItem(ItemDefinition(center: Vec2(610.5, 600), size: Size(width: 10, height: 10)))]
        let pairRule = try CollisionBehavior(owner: a, items: still)
        try a.addBehavior(pairRule)
        let left = try CollisionBehavior(owner: a, items: Array(items[0..<40]))
        let right = try CollisionBehavior(owner: a, items: Array(items[24..<64]))
        try a.addBehavior(left)
        try a.addBehavior(right)
        let anchors = try DynamicItemBehavior(owner: a, items: [items[5]], properties: ItemProperties(anchored: true))
        func missing() -> Int {
            var count = 0
            for i in 0..<a.store.count where a.store.alive[i] && a.store.proxy[i] >= 0 {
                for j in (i + 1)..<a.store.count where a.store.alive[j] && a.store.proxy[j] >= 0 {
                    guard a.world.broadPhase.overlaps(a.store.proxy[i], a.store.proxy[j]), a.world.acceptsPair(i, j) else { continue }
                    if !a.world.contactKeys.contains(UInt64(UInt32(i)) << 32 | UInt64(UInt32(j))) { count += 1 }
                }
            }
            return count
        }
        func stale() -> Int {
            a.world.contacts.filter { c in
                !c.isHole && c.a >= 0 && !a.world.broadPhase.overlaps(a.store.proxy[Int(c.a)], a.store.proxy[Int(c.b)])
            }.count
        }
        var lost = 0, thrown = 0, outlived = 0, ended = 0
        for step in 0..<240 {
            for item in items where rng.next() % 16 == 0 {
                // some steps cross the scene (a jump of several boxes), others jostle
                let speed = rng.next() % 4 == 0 ? 3000.0 : 200.0
                let angle = Double(rng.next() % 628) / 100
                try a.setLinearVelocity(Vec2(speed * cosine(angle), speed * sine(angle)), of: item)
                thrown += 1
            }
            try a.setLinearVelocity(Vec2(step < 120 ? 600 : -600, 0), of: large)
            try a.setCenter(step % 2 == 0 ? try a.center(of: large) + Vec2(0, 20) : Vec2(0, 400), of: small)
            switch step % 40 {
            case 5: let c = try a.center(of: items[10]); try a.setCenter(try a.center(of: items[50]), of: items[10]); try a.setCenter(c, of: items[50])
            case 10: left.removeItem(items[30]); pairRule.removeItem(still[1])
            case 15: try left.addItem(items[30]); try pairRule.addItem(still[1])
            case 20: try a.addBehavior(anchors)
            case 25: a.removeBehavior(anchors)
            case 30: try a.setSize(Size(width: 30, height: 6), of: items[12])
            case 35: try a.setSize(Size(width: 10, height: 10), of: items[12])
            default: break
            }
            let before = a.world.contactKeys.count
            try a.step()
            lost += missing()
            outlived += stale()
            ended += max(0, before + a.world.newPairs.count - a.world.contactKeys.count)
        }
        #expect(thrown > 500)
        #expect(lost == 0, "\(lost) overlapping pairs without a contact")
        #expect(outlived == 0 && ended > 500, "\(outlived) contacts outlived their fat boxes' overlap; \(ended) ended")
    }

    /// A crowd exercises every part of the wide solver (dozens of colours, full and partial lane
    /// groups, the overflow, pairs made and dropped every step): the same scene twice gives the
    /// same poses to the bit after 500 steps.
    @Test func aCrowdRunsBitIdenticallyTwice() throws {
        let first = try crowdPoses(), second = try crowdPoses()
        #expect(first == second)
    }

    /// Contacts that end leave holes in the contact list, closed up once they are an eighth of
    /// it: the crowd meets holes on its way down and gives the same poses to the bit as with
    /// every hole closed in the step it appears (the list as it was kept before), with one
    /// worker and with two sharing every stage.
    @Test func holesInTheContactListChangeNoResult() throws {
        var most = 0, steps = 0
        let kept = try crowdPoses(holes: { most = max(most, $0); steps += $0 > 0 ? 1 : 0 })
        #expect(most > 0 && steps > 10, "at most \(most) holes, in \(steps) steps")
        var none = true
        #expect(try crowdPoses(closesEveryHole: true, holes: { none = none && $0 == 0 }) == kept)
        #expect(none)
        #expect(try crowdPoses(workers: 2, shareEveryColour: true, closesEveryHole: true) == kept)
        #expect(try crowdPoses(workers: 2, shareEveryColour: true) == kept)
    }

    /// Every contact record has its head beside it (`WorldState.contactHeads`), equal to what
    /// the record gives, through the crowd's holes, closings, woken islands and new pairs, with
    /// one worker and with two sharing every stage: a debug build checks it after every step
    /// (`validationFailure`), and here at the end, where most live pairs are apart, the pairs
    /// whose update reads the head alone. A head that no longer matches its record is reported.
    @Test func contactHeadsFollowTheirRecords() throws {
        for workers in [1, 2] {
            var checked = false
            _ = try crowdPoses(workers: workers, shareEveryColour: workers > 1, inspect: { a in
                let heads = a.world.contactHeads, contacts = a.world.contacts
                #expect(heads.count == contacts.count)
                #expect(a.validationFailure() == nil, "\(a.validationFailure() ?? "")")
                let live = heads.filter { !$0.isHole }
                let apart = live.filter { $0.pointCount == 0 && !$0.touching }
                #expect(live.count > 300 && apart.count > 0, "\(apart.count) of \(live.count) live pairs apart")
                guard let k = heads.firstIndex(where: { !$0.isHole && $0.pointCount > 0 }) else { return }
                a.world.contactHeads[k].pointCount = 0
                #expect(a.validationFailure()?.contains("head") == true)
                a.world.contactHeads[k] = heads[k]
                #expect(a.validationFailure() == nil)
                checked = true
            })
            #expect(checked)
        }
    }

    /// A pair of polygons the separating-axis test found apart is not tested again while it
    /// has not moved enough to come within the margin (`ManifoldView.staysSeparated`): the crowd
    /// keeps such gaps on most of its steps and gives the same poses and events to the bit as
    /// with every pair tested every step, with one worker and with two sharing every stage.
    @Test func skippingPairsFoundApartChangesNoResult() throws {
        var steps = 0, most = 0
        let skipping = try crowdPoses(gaps: { most = max(most, $0); steps += $0 > 0 ? 1 : 0 })
        #expect(steps > 400 && most > 50, "gaps kept in \(steps) steps, at most \(most)")
        #expect(try crowdPoses(skipsSeparatedPairs: false) == skipping)
        #expect(try crowdPoses(workers: 2, shareEveryColour: true) == skipping)
    }

    /// The solver passes load and store only the lane groups' bodies when those are few (a
    /// list whose rows rarely touch); the crowd gives the same poses and events to the bit
    /// with its bodies always listed as with none listed, with one worker and two.
    @Test func listingTheLaneGroupsBodiesChangesNoResult() throws {
        let all = try crowdPoses(listsWideBodies: false)
        #expect(try crowdPoses(listsWideBodies: true) == all)
        #expect(try crowdPoses(workers: 2, shareEveryColour: true, listsWideBodies: true) == all)
    }

    /// Workers split each colour into shares of lane groups that touch no common moving body:
    /// the crowd ends bit-identical with 1, 2 and 3 workers, every colour shared. Shared, the
    /// contact update and the new contacts take their ordered ways in the steps where a contact
    /// wakes an island (the box dropped on the sleeping pile), and their shared ways otherwise;
    /// while its islands may sleep, they are joined during the solve, and found from that.
    @Test func workersGiveBitIdenticalPoses() throws {
        let one = try crowdPoses()
        var inOrder = 0, remade = 0, joinedEarly = 0, joinsUsed = 0
        #expect(try crowdPoses(workers: 2, shareEveryColour: true, inspect: {
            inOrder = $0.world.contactUpdatesInOrder
            remade = $0.world.newContactsRemade
            joinedEarly = $0.world.islandsJoinedInSolve
            joinsUsed = $0.world.islandJoinsUsed
        }) == one)
        #expect(inOrder > 0 && remade > 0, "\(inOrder) contact updates in order, \(remade) steps' new contacts made again")
        #expect(inOrder < 100 && remade < 100, "the shared ways are the usual ones")
        #expect(joinsUsed > 100 && joinedEarly >= joinsUsed, "islands joined in \(joinedEarly) solves, used in \(joinsUsed) steps")
        #expect(try crowdPoses(workers: 3, shareEveryColour: true) == one)
        #expect(try crowdPoses(workers: 2) == one)
    }

    /// With workers, each colour's lanes are laid out by the range of body numbers of the body
    /// each constraint moves first (then block-solved before the others), so that every thread
    /// keeps to the same bodies from colour to colour; with one thread, by kind alone. The
    /// poses are those of one thread either way (`workersGiveBitIdenticalPoses`).
    @Test func packingWithWorkersSortsEachColourByBodyRange() throws {
        for workers in [1, 2] {
            var checked = 0, rangesSeen = Set<Int>()
            _ = try crowdPoses(workers: workers, shareEveryColour: workers > 1, inspect: { a in
                let shift = World.bodyRangeShift(bodyCount: a.world.bodies.count)
                let starts = a.world.colorGroupStart, groups = a.world.wide.base
                for k in 0..<(starts.count - 1) {
                    var last = -1
                    for g in starts[k]..<starts[k + 1] {
                        for lane in 0..<groups[g].index.scalarCount where groups[g].index[lane] >= 0 {
                            let first = groups[g].writeA[lane] >= 0 ? groups[g].writeA[lane] : groups[g].writeB[lane]
                            let range = Int(UInt32(first) >> shift)
                            let place = 2 * (a.workers > 1 ? range : 0) + (groups[g].block[lane] ? 0 : 1)
                            #expect(first >= 0 && place >= last, "colour \(k), group \(g), lane \(lane): \(place) after \(last)")
                            last = place
                            rangesSeen.insert(range)
                            checked += 1
                        }
                    }
                }
            })
            #expect(checked > 100 && rangesSeen.count > 4, "\(checked) lanes, \(rangesSeen.count) ranges")
        }
        #expect(World.bodyRangeShift(bodyCount: 1) == 0 && World.bodyRangeShift(bodyCount: 16) == 0)
        #expect(World.bodyRangeShift(bodyCount: 17) == 1 && World.bodyRangeShift(bodyCount: 10_001) == 10)
    }

    /// The wide kernel is one source built twice, for SSE2 and for AVX2 (picked at run time);
    /// neither fuses a multiply and an add, so the crowd ends bit-identical with each, with one
    /// worker and with two. (Where the processor lacks AVX2, only the SSE2 build can run.)
    @Test func sse2AndAVX2KernelsGiveBitIdenticalPoses() throws {
        #expect(WideKernelChoice.sse2.isAvailable)
        let sse2 = try crowdPoses(kernel: .sse2)
        #expect(try crowdPoses(workers: 2, shareEveryColour: true, kernel: .sse2) == sse2)
        guard WideKernelChoice.avx2.isAvailable else { return }
        #expect(try crowdPoses(kernel: .avx2) == sse2)
        #expect(try crowdPoses(workers: 2, shareEveryColour: true, kernel: .avx2) == sse2)
    }

    @Test func workerCountIsChecked() throws {
        for bad in [0, -1, AnimatorConfiguration.maximumWorkers + 1] {
            #expect(throws: AnimaError.self) { try Animator(configuration: AnimatorConfiguration(workers: bad)) }
        }
        #expect(try Animator(configuration: AnimatorConfiguration()).workers == 1)
    }

    @Test func overlappingItemsSeparateWithoutExploding() throws {
        let a = try makeAnimator(bounds: nil)
        var items: [ItemID] = []
        for i in 0..<8 {
            items.append(try a.createItem(ItemDefinition(center: Vec2(Double(i) * 3, Double(i % 3) * 2), size: Size(width: 40, height: 40))))
        }
        try a.addBehavior(CollisionBehavior(owner: a, items: items))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: items))
        var fastest = 0.0
        for _ in 0..<120 {
            try a.step()
            for item in items { fastest = max(fastest, length(try a.linearVelocity(of: item))) }
        }
        // each contact pushes its two items apart at up to the push-out speed relative to each
        // other, so an item at the end of a chain of overlaps may move faster than that alone
        // (450 pt/s here); an explosion would be orders of magnitude beyond twice the speed
        #expect(fastest <= Tolerances.maxPushOutSpeed * 2, "pushed apart at up to \(fastest) pt/s")
        // after a second nothing overlaps by more than the slop
        for i in 0..<items.count {
            for j in (i + 1)..<items.count {
                let d = try a.center(of: items[i]) - a.center(of: items[j])
                let overlapX = 40 - abs(d.x), overlapY = 40 - abs(d.y)
                #expect(min(overlapX, overlapY) < 1, "items \(i) and \(j) still overlap by \(min(overlapX, overlapY))")
            }
        }
    }
}

/// Fast items never pass through thin things.
@Suite struct ContinuousCollisionTests {
    @Test func fastSmallItemDoesNotCrossAOnePointBoundary() throws {
        for speed in [5_000.0, 20_000.0] {
            let a = try makeAnimator(bounds: nil)
            let bullet = try a.createItem(ItemDefinition(center: Vec2(0, 0), size: Size(width: 10, height: 10),
                                                         linearVelocity: Vec2(speed, 0)))
            let c = try CollisionBehavior(owner: a, items: [bullet])
            try c.addBoundary(identifier: "wall", from: Vec2(500, -300), to: Vec2(500, 300))
            try a.addBehavior(c)
            try a.addBehavior(DynamicItemBehavior(owner: a, items: [bullet]))
            for _ in 0..<60 {
                try a.step()
                #expect(try a.center(of: bullet).x <= 495 + 0.5, "crossed at \(speed) pt/s")
            }
        }
    }

    @Test func fastSmallItemDoesNotCrossAThinItem() throws {
        let a = try makeAnimator(bounds: nil)
        let bullet = try a.createItem(ItemDefinition(center: Vec2(0, 0), size: Size(width: 10, height: 10),
                                                     linearVelocity: Vec2(20_000, 0)))
        let wall = try a.createItem(ItemDefinition(center: Vec2(500, 0), size: Size(width: 1, height: 400)))
        try a.addBehavior(CollisionBehavior(owner: a, items: [bullet, wall]))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [bullet]))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [wall], properties: ItemProperties(anchored: true)))
        for _ in 0..<60 {
            try a.step()
            #expect(try a.center(of: bullet).x <= 499.5 - 5 + 0.5)
        }
    }

    @Test func fastItemDoesNotCrossAThinDynamicItem() throws {
        let a = try makeAnimator(bounds: nil)
        let bullet = try a.createItem(ItemDefinition(center: Vec2(0, 0), size: Size(width: 10, height: 10),
                                                     linearVelocity: Vec2(20_000, 0)))
        let plank = try a.createItem(ItemDefinition(center: Vec2(500, 0), size: Size(width: 1, height: 200)))
        try a.addBehavior(CollisionBehavior(owner: a, items: [bullet, plank]))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [bullet, plank]))
        for _ in 0..<30 {
            try a.step()
            let gap = try a.center(of: plank).x - 0.5 - (a.center(of: bullet).x + 5)
            #expect(gap > -0.5, "bullet passed into the plank (gap \(gap))")
        }
    }
}

/// Existing contacts are checked against the pair rules (live items, shared collision behavior,
/// a side that can move) only in steps after those rules may have changed; in the others only
/// their fat boxes are compared (`Animator.contactStillValid`).
@Suite struct PairRuleTests {
    /// A box resting on another; the upper one destroyed and a new item made in its slot and
    /// place between two steps: the old pair's contact does not carry over to the new item, and
    /// the new pair gets a contact of its own with the new generation.
    @Test func aSlotReusedBetweenStepsGetsAContactOfItsOwn() throws {
        let a = try Animator(referenceBounds: Rect(x: 0, y: 0, width: 400, height: 600))
        let lower = try a.createItem(ItemDefinition(center: Vec2(200, 575), size: Size(width: 60, height: 50)))
        let upper = try a.createItem(ItemDefinition(center: Vec2(200, 525), size: Size(width: 60, height: 50)))
        let gravity = try GravityBehavior(owner: a, items: [lower, upper])
        let collision = try CollisionBehavior(owner: a, items: [lower, upper])
        try collision.setTranslatesReferenceBoundsIntoBoundary(true)
        try a.addBehavior(gravity)
        try a.addBehavior(collision)
        for _ in 0..<60 { try a.step() }
        let key = UInt64(UInt32(lower.slot)) << 32 | UInt64(UInt32(upper.slot))
        #expect(a.world.contacts.contains { $0.key == key && $0.touching && $0.generationB == upper.generation })
        try a.destroyItem(upper)
        let again = try a.createItem(ItemDefinition(center: Vec2(200, 525), size: Size(width: 60, height: 50)))
        #expect(again.slot == upper.slot && again.generation != upper.generation)
        try gravity.addItem(again)
        try collision.addItem(again)
        try a.step()
        let pair = a.world.contacts.filter { $0.key == key }
        #expect(pair.count == 1 && pair.allSatisfy { $0.generationB == again.generation })
        // and the steps after, with nothing changed, keep that contact
        for _ in 0..<30 { try a.step() }
        #expect(a.world.contacts.contains { $0.key == key && $0.touching && $0.generationB == again.generation })
        #expect(a.world.checkedPairRulesVersion == a.store.pairRulesVersion)
    }
}
