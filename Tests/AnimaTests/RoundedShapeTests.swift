import Testing
@testable import Anima
#if canImport(Glibc)
import Glibc
#endif

/// Capsules and rounded rectangles: their mass properties against formulas worked out another
/// way, their rest on a floor and on each other, the corner-to-corner contact, the queries, the
/// hit test, the sensors, the debug drawing, snapshots and the checks of the corner radius.
@Suite struct RoundedShapeTests {
    /// A 400 x 300 pt screen whose edges are a boundary, gravity and one collision behavior.
    func floorScene(_ defs: [ItemDefinition], corner: Double = 0) throws -> (Animator, [ItemID]) {
        let a = try makeAnimator(bounds: Rect(x: 0, y: 0, width: 400, height: 300))
        let items = try defs.map { d throws(AnimaError) in try a.createItem(d) }
        try a.addBehavior(GravityBehavior(owner: a, items: items))
        let collision = try CollisionBehavior(owner: a, items: items)
        try collision.setTranslatesReferenceBoundsIntoBoundary(true)
        try a.addBehavior(collision)
        return (a, items)
    }

    func capsule(_ c: Vec2, _ w: Double, _ h: Double, rotation: Double = 0) -> ItemDefinition {
        ItemDefinition(center: c, size: Size(width: w, height: h), transform: ItemTransform(rotation: rotation), shape: .capsule)
    }

    func rounded(_ c: Vec2, _ w: Double, _ h: Double, _ r: Double, rotation: Double = 0) -> ItemDefinition {
        ItemDefinition(center: c, size: Size(width: w, height: h), transform: ItemTransform(rotation: rotation),
                       shape: .roundedRectangle, cornerRadius: r)
    }

    /// An item's collision shape placed where it is, as a step places it, in storage it keeps.
    final class Placed {
        let vertices = UnsafeMutablePointer<Vec2>.allocate(capacity: maxPolygonVertices)
        let normals = UnsafeMutablePointer<Vec2>.allocate(capacity: maxPolygonVertices)
        var shape: WorldShape

        init(_ a: Animator, _ item: ItemID) {
            let s = Int(item.slot), g = a.store.geometry[s], base = Int(a.store.outlineStart[s])
            let q = a.store.rotation[s], c = a.store.position[s]
            for k in 0..<Int(g.count) {
                vertices[k] = c + q.rotate(a.store.localVertices[base + k])
                normals[k] = q.rotate(a.store.localNormals[base + k])
            }
            shape = WorldShape(center: c, radius: g.radius, isCircle: g.isCircle, vertices: vertices, normals: normals,
                               count: Int(g.count), halfSize: g.halfSize)
        }

        deinit {
            vertices.deallocate()
            normals.deallocate()
        }
    }

    /// The angle folded into -pi/2 ... pi/2 (a capsule lying either way round).
    func folded(_ angle: Double) -> Double {
        var x = angle.truncatingRemainder(dividingBy: Double.pi)
        if x > Double.pi / 2 { x -= Double.pi }
        if x < -Double.pi / 2 { x += Double.pi }
        return x
    }

    // MARK: mass

    @Test func aCapsuleHasTheAreaAndInertiaOfARectangleAndTwoHalfDiscs() throws {
        // 100 x 40: a 60 x 40 rectangle and two half discs of radius 20 whose flat sides sit 30
        // either side of the centre; a half disc's centroid lies 4r / (3 pi) from its flat side
        let a = try makeAnimator(bounds: nil)
        let pill = try a.createItem(capsule(Vec2(0, 0), 100, 40))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [pill]))
        let r = 20.0, half = 30.0
        let rectangleArea = 60.0 * 40, discArea = Double.pi * r * r
        let area = rectangleArea + discArea
        let d = 4 * r / (3 * Double.pi)
        let halfDisc = discArea / 2 * (r * r / 2) - discArea / 2 * d * d + discArea / 2 * (half + d) * (half + d)
        let moment = rectangleArea * (60.0 * 60 + 40 * 40) / 12 + 2 * halfDisc
        #expect(abs(try a.mass(of: pill) - area / 10_000) < 1e-12)
        let ipm = a.store.geometry[Int(pill.slot)].inertiaPerMass
        #expect(abs(ipm - moment / area) < 1e-9, "I/m = \(ipm), expected \(moment / area)")
        // standing up, the same pill
        let upright = try a.createItem(capsule(Vec2(0, 0), 40, 100))
        #expect(abs(a.store.geometry[Int(upright.slot)].inertiaPerMass - ipm) < 1e-9)
        // square: a circle
        let round = try a.createItem(capsule(Vec2(0, 0), 40, 40))
        #expect(a.store.geometry[Int(round.slot)].isCircle && a.store.geometry[Int(round.slot)].radius == 20)
    }

    @Test func aRoundedRectangleIsItsBoundsLessFourCornerPieces() throws {
        // 120 x 80 with corners of 10: the full rectangle less, at each corner, an r x r square
        // with a quarter disc left in it (moments about the centre, integrated directly for the
        // square and by the parallel-axis theorem for the quarter disc)
        let a = try makeAnimator(bounds: nil)
        let card = try a.createItem(rounded(Vec2(0, 0), 120, 80, 10))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [card]))
        let w = 120.0, h = 80.0, r = 10.0, hx = 50.0, hy = 30.0
        let square = r * (pow(hx + r, 3) - pow(hx, 3)) / 3 + r * (pow(hy + r, 3) - pow(hy, 3)) / 3
        let k = 4 * r / (3 * Double.pi), quarterArea = Double.pi * r * r / 4
        let quarter = Double.pi * pow(r, 4) / 8 - quarterArea * 2 * k * k + quarterArea * (pow(hx + k, 2) + pow(hy + k, 2))
        let area = w * h - 4 * (r * r - quarterArea)
        let moment = w * h * (w * w + h * h) / 12 - 4 * (square - quarter)
        #expect(abs(try a.mass(of: card) - area / 10_000) < 1e-12)
        let ipm = a.store.geometry[Int(card.slot)].inertiaPerMass
        #expect(abs(ipm - moment / area) < 1e-9, "I/m = \(ipm), expected \(moment / area)")
        // the radius is held to half the shorter side: a rounded rectangle of 1000 is the pill
        try a.setCornerRadius(1000, of: card)
        let pill = try a.createItem(capsule(Vec2(0, 0), 120, 80))
        #expect(abs(a.store.geometry[Int(card.slot)].inertiaPerMass - a.store.geometry[Int(pill.slot)].inertiaPerMass) < 1e-9)
        #expect(try a.mass(of: card) == a.mass(of: pill))
        // and 0 is the plain rectangle
        try a.setCornerRadius(0, of: card)
        #expect(abs(try a.mass(of: card) - w * h / 10_000) < 1e-15)
        #expect(a.store.geometry[Int(card.slot)].radius == 0)
    }

    // MARK: rest

    @Test func aCapsuleDroppedOnTheFloorRestsFlatOnIt() throws {
        let (a, items) = try floorScene([capsule(Vec2(200, 100), 120, 40, rotation: 0.3)])
        #expect(try runUntilRest(a) != nil)
        let c = try a.center(of: items[0])
        #expect(abs(c.y - 280) < 0.05, "rests at y = \(c.y), the floor 300 less the radius 20")
        #expect(abs(folded(try a.rotation(of: items[0]))) < 1e-3)
    }

    @Test func aCapsuleStoodOnItsEndFallsOverOntoItsSide() throws {
        let (a, items) = try floorScene([capsule(Vec2(200, 200), 40, 150, rotation: 0.05)])
        #expect(try runUntilRest(a, limit: 15) != nil)
        let c = try a.center(of: items[0])
        #expect(abs(c.y - 280) < 0.05, "rests at y = \(c.y)")
        #expect(abs(abs(folded(try a.rotation(of: items[0]))) - Double.pi / 2) < 1e-3)
    }

    @Test func aPillRestsOnARoundedCardOnTheFloor() throws {
        // a 160 x 60 card with 16 pt corners, a 100 x 30 pill dropped onto its middle
        let (a, items) = try floorScene([rounded(Vec2(200, 250), 160, 60, 16), capsule(Vec2(200, 150), 100, 30)])
        #expect(try runUntilRest(a) != nil)
        let card = try a.center(of: items[0]), pill = try a.center(of: items[1])
        #expect(abs(card.y - 270) < 0.05, "the card rests at y = \(card.y)")
        #expect(abs(pill.y - (300 - 60 - 15)) < 0.1, "the pill rests at y = \(pill.y)")
        #expect(abs(pill.x - 200) < 0.5)
    }

    // MARK: the contact between rounded corners

    @Test func roundedCornersMeetAlongTheLineBetweenThem() throws {
        // two 60 x 60 squares with corners of 10 (cores 40 x 40), one up and to the right of the
        // other: their nearest core corners are (20, 20) and (c - 20, c - 20)
        let a = try makeAnimator(bounds: nil)
        for c in [60.0, 50.0, 44.0] {
            let low = try a.createItem(rounded(Vec2(0, 0), 60, 60, 10))
            let high = try a.createItem(rounded(Vec2(c, c), 60, 60, 10))
            let (first, second) = (Placed(a, low), Placed(a, high))
            let m = Collide.shapes(first.shape, second.shape, margin: 20)
            let expected = 2.0.squareRoot() * (c - 40) - 20
            #expect(m.count == 1, "c = \(c): \(m.count) points")
            #expect(abs(m.p0.separation - expected) < 1e-9, "c = \(c): separation \(m.p0.separation), expected \(expected)")
            #expect(abs(m.normal.x - 0.5.squareRoot()) < 1e-12 && abs(m.normal.y - 0.5.squareRoot()) < 1e-12)
            // midway between the two surfaces
            let mid = (20 + 10 * 0.5.squareRoot() + (c - 20 - 10 * 0.5.squareRoot())) / 2
            #expect(abs(m.p0.point.x - mid) < 1e-9 && abs(m.p0.point.y - mid) < 1e-9)
            try a.destroyItem(low)
            try a.destroyItem(high)
        }
    }

    @Test func sharpPolygonsCollideAsBeforeAndRoundedFacesByTheirSurfaces() throws {
        // a 100 x 20 pill above a 200 x 40 box, both flat: two points, each at the pill's
        // separation from the box (its core 10 above its bottom)
        let a = try makeAnimator(bounds: nil)
        let box = try a.createItem(ItemDefinition(center: Vec2(0, 0), size: Size(width: 200, height: 40)))
        let pill = try a.createItem(capsule(Vec2(0, -31), 100, 20))
        let (first, second) = (Placed(a, box), Placed(a, pill))
        let m = Collide.shapes(first.shape, second.shape, margin: 5)
        #expect(m.count == 2)
        for k in 0..<m.count {
            #expect(abs(m.point(k).separation - 1) < 1e-9, "separation \(m.point(k).separation)")
            #expect(abs(m.point(k).point.y - -20.5) < 1e-9)
            #expect(abs(abs(m.point(k).point.x) - 40) < 1e-9)
        }
        #expect(m.normal == Vec2(0, -1))
    }

    // MARK: queries, hit test, sensors

    @Test func queriesMeetTheRoundedOutline() throws {
        let a = try Animator(referenceBounds: nil)
        // a pill 100 x 40 about (0, 0): core from (-30, 0) to (30, 0), radius 20; a card 80 x 80
        // with corners of 20 about (200, 0): corner centres at (200 +- 20, +-20)
        let pill = try a.createItem(capsule(Vec2(0, 0), 100, 40))
        let card = try a.createItem(rounded(Vec2(200, 0), 80, 80, 20))
        try a.addBehavior(CollisionBehavior(owner: a, items: [pill, card]))
        // straight down onto the round end at x = 40: y = -sqrt(20^2 - 10^2)
        let hit = try #require(try a.rayCastClosest(from: Vec2(40, -100), to: Vec2(40, 100)))
        #expect(hit.item == pill)
        #expect(abs(hit.point.y + 300.0.squareRoot()) < 1e-9 && abs(hit.point.x - 40) < 1e-12)
        #expect(abs(hit.normal.x - 0.5) < 1e-9 && abs(hit.normal.y + 300.0.squareRoot() / 20) < 1e-9)
        // onto its flat top
        let top = try #require(try a.rayCastClosest(from: Vec2(10, -100), to: Vec2(10, 100)))
        #expect(abs(top.point.y + 20) < 1e-12 && top.normal == Vec2(0, -1))
        // a turned pill (90 degrees): its end is now at the top, at y = -50
        let a2 = try Animator(referenceBounds: nil)
        let turned = try a2.createItem(capsule(Vec2(0, 0), 100, 40, rotation: Double.pi / 2))
        try a2.addBehavior(CollisionBehavior(owner: a2, items: [turned]))
        let end = try #require(try a2.rayCastClosest(from: Vec2(0, -100), to: Vec2(0, 100)))
        #expect(abs(end.point.y + 50) < 1e-9)
        // the nearest point beyond the card's corner: on the line to the corner's centre
        let p = Vec2(260, -60), corner = Vec2(220, -20)
        let near = try #require(try a.nearestItem(to: p, maxDistance: 100))
        #expect(near.item == card)
        #expect(abs(near.distance - (length(p - corner) - 20)) < 1e-9)
        #expect(length(near.point - (corner + 20 * (p - corner) / length(p - corner))) < 1e-9)
        // inside the card, 5 pt from its right side
        let inside = try #require(try a.nearestItem(to: Vec2(235, 0), maxDistance: 10))
        #expect(abs(inside.distance + 5) < 1e-12 && abs(inside.point.x - 240) < 1e-12)
        // a circle just clear of the corner's arc overlaps nothing, one just over it the card
        let gap = length(p - corner) - 20
        #expect(try a.items(overlapping: .circle(center: p, radius: gap - 0.01)).isEmpty)
        #expect(try a.items(overlapping: .circle(center: p, radius: gap + 0.01)) == [card])
        // a square whose corner is within the arc's reach of the bounds' corner but not the arc
        let beside = QueryShape.rectangle(center: Vec2(238, -38), size: Size(width: 4, height: 4), rotation: 0)
        #expect(try a.items(overlapping: beside).isEmpty)
        let over = QueryShape.rectangle(center: Vec2(234, -34), size: Size(width: 10, height: 10), rotation: 0)
        #expect(try a.items(overlapping: over) == [card])
    }

    @Test func theHitTestLeavesTheCutCornersOut() throws {
        let a = try Animator(referenceBounds: nil)
        let card = try a.createItem(rounded(Vec2(100, 100), 100, 60, 20))
        let pill = try a.createItem(capsule(Vec2(300, 100), 100, 40))
        // inside the bounds but outside the 20 pt corners: (52, 72) is 25.5 from the corner's
        // centre (70, 90), (252, 82) as far from the pill's end centre (270, 100)
        #expect(try a.item(at: Vec2(52, 72)) == nil)
        #expect(try a.item(at: Vec2(60, 80)) == card)
        #expect(try a.item(at: Vec2(100, 71)) == card)
        #expect(try a.item(at: Vec2(252, 82)) == nil)
        #expect(try a.item(at: Vec2(255, 100)) == pill)
    }

    @Test func aCapsuleSensorCountsAVisitorOnceItReachesTheRoundedEnd() throws {
        let a = try makeAnimator(bounds: nil)
        let zone = try a.createItem(capsule(Vec2(0, 0), 200, 60))
        // the zone's core runs from (-70, 0) to (70, 0), radius 30; a ball of radius 10 off its
        // right end touches it at x = 110
        let visitor = try a.createItem(ItemDefinition(center: Vec2(110.5, 0), size: Size(width: 20, height: 20), shape: .ellipse))
        try a.addBehavior(CollisionBehavior(owner: a, items: [zone, visitor]))
        try a.setSensor(true, of: zone)
        try a.advance(1.0 / 60)
        #expect(try a.visitors(ofSensor: zone).isEmpty, "0.5 pt apart")
        try a.setCenter(Vec2(109.5, 0), of: visitor)
        try a.advance(1.0 / 60)
        #expect(try a.visitors(ofSensor: zone) == [visitor])
        // diagonally off the end: within the zone's bounds, 0.5 pt clear of its arc, then 0.5 over it
        let diagonal = 0.5.squareRoot()
        try a.setCenter(Vec2(70 + 40.5 * diagonal, -40.5 * diagonal), of: visitor)
        try a.advance(1.0 / 60)
        #expect(try a.visitors(ofSensor: zone).isEmpty)
        try a.setCenter(Vec2(70 + 39.5 * diagonal, -39.5 * diagonal), of: visitor)
        try a.advance(1.0 / 60)
        #expect(try a.visitors(ofSensor: zone) == [visitor])
    }

    // MARK: drawing, snapshots, checks

    @Test func theDebugDrawingTracesTheRoundedOutline() throws {
        let a = try makeAnimator(bounds: nil)
        let pill = try a.createItem(capsule(Vec2(50, 60), 100, 40, rotation: 0.4))
        let card = try a.createItem(rounded(Vec2(300, 60), 80, 60, 12))
        try a.addBehavior(CollisionBehavior(owner: a, items: [pill, card]))
        let primitives = try a.debugPrimitives(DebugDrawOptions(rawValue: 1))
        #expect(primitives.count == 2)
        guard case let .polygon(outline, _) = primitives[0], case let .polygon(cardOutline, _) = primitives[1] else {
            Issue.record("not polygons: \(primitives)")
            return
        }
        // every point 20 from the core segment, turned 0.4
        let q = Rotation(angle: 0.4), e0 = Vec2(50, 60) + q.rotate(Vec2(-30, 0)), e1 = Vec2(50, 60) + q.rotate(Vec2(30, 0))
        #expect(outline.count == 18)
        for p in outline { #expect(abs(length(p - QueryGeometry.nearestOnSegment(p, e0, e1)) - 20) < 1e-9) }
        // every point of the card on its straight sides or 12 from a corner centre
        #expect(cardOutline.count == 20)
        for p in cardOutline {
            let d = Vec2(max(abs(p.x - 300) - 28, 0), max(abs(p.y - 60) - 18, 0))
            #expect(abs(length(d) - 12) < 1e-9, "\(p)")
        }
    }

    @Test func snapshotsKeepTheShapesAndReplayBitForBit() throws {
        let (a, items) = try floorScene([capsule(Vec2(150, 50), 90, 30, rotation: 0.7), rounded(Vec2(250, 80), 70, 50, 14),
                                         rounded(Vec2(200, 150), 60, 60, 8)])
        for _ in 0..<40 { try a.advance(1.0 / 60) }
        let bytes = try a.snapshot()
        #expect(bytes[8] == 10, "format version \(bytes[8])")
        let copy = try Animator.restore(bytes).animator
        #expect(try copy.shape(of: items[0]) == .capsule && copy.cornerRadius(of: items[1]) == 14)
        #expect(try copy.snapshot() == bytes)
        for _ in 0..<120 {
            try a.advance(1.0 / 60)
            try copy.advance(1.0 / 60)
        }
        for item in items {
            let p = try a.center(of: item), q = try copy.center(of: item)
            #expect(p.x.bitPattern == q.x.bitPattern && p.y.bitPattern == q.y.bitPattern)
            #expect(try a.rotation(of: item).bitPattern == copy.rotation(of: item).bitPattern)
        }
    }

    @Test func badCornerRadiiAreRefusedAndChangeNothing() throws {
        let a = try makeAnimator(bounds: nil)
        let card = try a.createItem(rounded(Vec2(0, 0), 100, 60, 10))
        for bad in [-1.0, .nan, .infinity, 2e7] {
            #expect(throws: AnimaError.self) { try a.setCornerRadius(bad, of: card) }
            #expect(throws: AnimaError.self) { try a.createItem(self.rounded(Vec2(0, 0), 10, 10, bad)) }
        }
        #expect(try a.cornerRadius(of: card) == 10)
        do { try a.setCornerRadius(-1, of: card) } catch { #expect(error.message.contains("corner radius")) }
        // a rectangle keeps a radius without being rounded by it
        let box = try a.createItem(ItemDefinition(size: Size(width: 50, height: 50)))
        try a.setCornerRadius(10, of: box)
        #expect(a.store.geometry[Int(box.slot)].radius == 0 && a.store.geometry[Int(box.slot)].isRectangle)
        try a.setShape(.roundedRectangle, of: box)
        #expect(a.store.geometry[Int(box.slot)].radius == 10)
    }
}
