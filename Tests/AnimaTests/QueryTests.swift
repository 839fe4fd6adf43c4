import Testing
@testable import Anima
#if canImport(Glibc)
import Glibc
#endif

/// The queries against geometry worked out here another way: edge-by-edge segment intersection
/// for rays, distances to corners and edges for the nearest point, and edge crossings or a
/// contained vertex for overlaps.
@Suite struct QueryTests {
    /// An animator with items under one collision behavior, nothing moving (no gravity).
    func scene(_ defs: [ItemDefinition]) throws -> (Animator, [ItemID], CollisionBehavior) {
        let a = try Animator(referenceBounds: nil)
        let items = try defs.map { d throws(AnimaError) in try a.createItem(d) }
        let collision = try CollisionBehavior(owner: a, items: items)
        try a.addBehavior(collision)
        return (a, items, collision)
    }

    func box(_ c: Vec2, _ w: Double, _ h: Double, rotation: Double = 0) -> ItemDefinition {
        ItemDefinition(center: c, size: Size(width: w, height: h), transform: ItemTransform(rotation: rotation))
    }

    func circle(_ c: Vec2, _ r: Double) -> ItemDefinition {
        ItemDefinition(center: c, size: Size(width: 2 * r, height: 2 * r), shape: .ellipse)
    }

    /// The corners of a w x h box about c turned by `angle` (clockwise on screen, as the engine's).
    func corners(_ c: Vec2, _ w: Double, _ h: Double, _ angle: Double) -> [Vec2] {
        [Vec2(-w / 2, -h / 2), Vec2(w / 2, -h / 2), Vec2(w / 2, h / 2), Vec2(-w / 2, h / 2)].map {
            c + Vec2(cos(angle) * $0.x - sin(angle) * $0.y, sin(angle) * $0.x + cos(angle) * $0.y)
        }
    }

    /// Where segments p...p+d and a...b cross, as a fraction along the first (Cramer's rule).
    func crossing(_ p: Vec2, _ d: Vec2, _ a: Vec2, _ b: Vec2) -> Double? {
        let e = b - a, denominator = d.x * e.y - d.y * e.x
        guard denominator != 0 else { return nil }
        let w = a - p
        let t = (w.x * e.y - w.y * e.x) / denominator, u = (w.x * d.y - w.y * d.x) / denominator
        return t >= 0 && t <= 1 && u >= 0 && u <= 1 ? t : nil
    }

    @Test func aRayEntersACircleWhereTheQuadraticSays() throws {
        let (a, items, _) = try scene([circle(Vec2(100, 100), 20)])
        let hit = try #require(try a.rayCastClosest(from: Vec2(0, 112), to: Vec2(200, 112)))
        // x^2 + 12^2 = 20^2: enters at x = 100 - 16
        #expect(hit.item == items[0])
        #expect(abs(hit.point.x - 84) < 1e-9 && abs(hit.point.y - 112) < 1e-12)
        #expect(abs(hit.fraction - 84.0 / 200) < 1e-12)
        #expect(abs(hit.normal.x + 0.8) < 1e-12 && abs(hit.normal.y - 0.6) < 1e-12)
        #expect(try a.rayCastClosest(from: Vec2(0, 121), to: Vec2(200, 121)) == nil)   // passes above
        #expect(try a.rayCastClosest(from: Vec2(0, 100), to: Vec2(79, 100)) == nil)    // stops short
        #expect(try a.rayCastClosest(from: Vec2(100, 100), to: Vec2(300, 100)) == nil) // starts inside
    }

    @Test func aRayEntersATurnedBoxByTheEdgeItCrossesFirst() throws {
        var generator = Mix(state: 7)
        var entered = 0, startedInside = 0
        for _ in 0..<200 {
            let c = Vec2(Double.random(in: 50...250, using: &generator), Double.random(in: 50...250, using: &generator))
            let w = Double.random(in: 5...80, using: &generator), h = Double.random(in: 5...80, using: &generator)
            let angle = Double.random(in: -3...3, using: &generator)
            let (a, items, _) = try scene([box(c, w, h, rotation: angle)])
            let p = Vec2(Double.random(in: 0...300, using: &generator), Double.random(in: 0...300, using: &generator))
            let q = Vec2(Double.random(in: 0...300, using: &generator), Double.random(in: 0...300, using: &generator))
            let k = corners(c, w, h, angle)
            var first: (Double, Int)?
            for i in 0..<4 {
                if let t = crossing(p, q - p, k[i], k[(i + 1) % 4]), first == nil || t < first!.0 { first = (t, i) }
            }
            let inside = try a.items(overlapping: .circle(center: p, radius: 0)) == items
            let hit = try a.rayCastClosest(from: p, to: q)
            if inside || first == nil {
                #expect(hit == nil)
                if inside { startedInside += 1 }
                continue
            }
            let found = try #require(hit)
            entered += 1
            #expect(abs(found.fraction - first!.0) < 1e-9)
            let edge = k[(first!.1 + 1) % 4] - k[first!.1]
            let outward = Vec2(edge.y, -edge.x) / (edge.x * edge.x + edge.y * edge.y).squareRoot()
            #expect(abs(found.normal.x - outward.x) < 1e-9 && abs(found.normal.y - outward.y) < 1e-9)
        }
        #expect(entered > 20 && startedInside > 0)
    }

    @Test func everyHitOfARayComesNearestFirstWithinTheFilter() throws {
        let (a, items, _) = try scene([circle(Vec2(300, 50), 10), box(Vec2(100, 50), 20, 20), circle(Vec2(200, 50), 10)])
        let other = try a.createItem(box(Vec2(150, 50), 10, 10))
        let second = try CollisionBehavior(owner: a, items: [other])
        try a.addBehavior(second)
        let loose = try a.createItem(box(Vec2(250, 50), 10, 10))   // no behavior: never found
        let hits = try a.rayCast(from: Vec2(0, 50), to: Vec2(400, 50))
        #expect(hits.map(\.item) == [items[1], other, items[2], items[0]])
        let fractions: [Double] = [90, 145, 190, 290].map { $0 / 400 }
        #expect(hits.map(\.fraction) == fractions)
        #expect(!hits.contains { $0.item == loose })
        let only = try a.rayCast(from: Vec2(0, 50), to: Vec2(400, 50), filter: QueryFilter(collisions: [second]))
        #expect(only.map(\.item) == [other])
        // the batch gives each ray's nearest
        let batch = try a.rayCastClosest([(Vec2(0, 50), Vec2(400, 50)), (Vec2(400, 50), Vec2(0, 50)), (Vec2(0, 0), Vec2(400, 0))])
        #expect(batch.map { $0?.item } == [items[1], items[0], nil])
    }

    @Test func theNearestItemIsTheNearestOutlineAndInsideIsNegative() throws {
        let (a, items, _) = try scene([box(Vec2(100, 100), 40, 20, rotation: 0.5), circle(Vec2(200, 100), 15)])
        let k = corners(Vec2(100, 100), 40, 20, 0.5)
        var generator = Mix(state: 11)
        for _ in 0..<300 {
            let p = Vec2(Double.random(in: 40...260, using: &generator), Double.random(in: 40...160, using: &generator))
            // outside the box: the least distance to its four edges; inside: minus the least
            var edgeDistance = Double.infinity
            for i in 0..<4 {
                let q = QueryGeometry.nearestOnSegment(p, k[i], k[(i + 1) % 4])
                edgeDistance = min(edgeDistance, length(p - q))
            }
            let inside = (0..<4).allSatisfy { i in cross(k[(i + 1) % 4] - k[i], p - k[i]) >= 0 }
            let toBox = inside ? -edgeDistance : edgeDistance
            let toCircle = length(p - Vec2(200, 100)) - 15
            let hit = try #require(try a.nearestItem(to: p, maxDistance: 1000))
            #expect(hit.item == (toBox <= toCircle ? items[0] : items[1]))
            #expect(abs(hit.distance - min(toBox, toCircle)) < 1e-9)
            #expect(abs(length(hit.point - p) - abs(hit.distance)) < 1e-9)
        }
        #expect(try a.nearestItem(to: Vec2(200, 140), maxDistance: 24.9) == nil)
        #expect(try a.nearestItem(to: Vec2(200, 140), maxDistance: 25.1)?.item == items[1])
    }

    @Test func overlapsAgreeWithEdgeCrossingsAndContainedCorners() throws {
        var generator = Mix(state: 3)
        var overlapping = 0
        for _ in 0..<300 {
            let c = Vec2(Double.random(in: 80...120, using: &generator), Double.random(in: 80...120, using: &generator))
            let angle = Double.random(in: -3...3, using: &generator)
            let (a, items, _) = try scene([box(c, 40, 25, rotation: angle)])
            let qc = Vec2(Double.random(in: 40...160, using: &generator), Double.random(in: 40...160, using: &generator))
            let qw = Double.random(in: 5...60, using: &generator), qh = Double.random(in: 5...60, using: &generator)
            let qa = Double.random(in: -3...3, using: &generator)
            let k1 = corners(c, 40, 25, angle), k2 = corners(qc, qw, qh, qa)
            func contains(_ k: [Vec2], _ p: Vec2) -> Bool { (0..<4).allSatisfy { cross(k[($0 + 1) % 4] - k[$0], p - k[$0]) >= 0 } }
            var meet = k1.contains { contains(k2, $0) } || k2.contains { contains(k1, $0) }
            for i in 0..<4 { for j in 0..<4 where crossing(k1[i], k1[(i + 1) % 4] - k1[i], k2[j], k2[(j + 1) % 4]) != nil { meet = true } }
            let found = try a.items(overlapping: .rectangle(center: qc, size: Size(width: qw, height: qh), rotation: qa))
            #expect(found == (meet ? items : []))
            let polygon = try a.items(overlapping: .polygon(k2.reversed()))
            #expect(polygon == found)
            if meet { overlapping += 1 }
        }
        #expect(overlapping > 50 && overlapping < 250)
    }

    @Test func aCircleQueryMeetsCirclesAndBoxesByDistance() throws {
        let (a, items, _) = try scene([circle(Vec2(0, 0), 10), box(Vec2(100, 0), 20, 20)])
        #expect(try a.items(overlapping: .circle(center: Vec2(25, 0), radius: 15)) == [items[0]])
        #expect(try a.items(overlapping: .circle(center: Vec2(25, 0), radius: 14.9)) == [])
        #expect(try a.items(overlapping: .circle(center: Vec2(50, 0), radius: 40)) == items)
        // the box's corner (90, -10) is sqrt(200) from (80, -20)
        #expect(try a.items(overlapping: .circle(center: Vec2(80, -20), radius: 14.2)) == [items[1]])
        #expect(try a.items(overlapping: .circle(center: Vec2(80, -20), radius: 14.1)) == [])
    }

    @Test func badQueriesAreRefused() throws {
        let (a, _, _) = try scene([circle(Vec2(0, 0), 10)])
        let b = try Animator(referenceBounds: nil)
        let foreign = try CollisionBehavior(owner: b)
        #expect(throws: AnimaError.self) { try a.rayCast(from: Vec2(.nan, 0), to: Vec2(1, 1)) }
        #expect(throws: AnimaError.self) { try a.nearestItem(to: Vec2(0, 0), maxDistance: -1) }
        #expect(throws: AnimaError.self) { try a.items(overlapping: .circle(center: Vec2(0, 0), radius: -1)) }
        #expect(throws: AnimaError.self) { try a.items(overlapping: .polygon([Vec2(0, 0), Vec2(1, 0)])) }
        #expect(throws: AnimaError.self) {
            try a.items(overlapping: .polygon([Vec2(0, 0), Vec2(10, 0), Vec2(0, 10), Vec2(10, 10)]))   // crosses itself
        }
        #expect(throws: AnimaError.self) { try a.rayCast(from: Vec2(0, 0), to: Vec2(1, 1), filter: QueryFilter(collisions: [foreign])) }
    }

    @Test func queriesSeeItemsMovedSinceTheLastStep() throws {
        let (a, items, _) = try scene([circle(Vec2(0, 0), 10)])
        try a.advance(1.0 / 60)
        try a.setCenter(Vec2(500, 500), of: items[0])
        #expect(try a.rayCastClosest(from: Vec2(400, 500), to: Vec2(600, 500))?.item == items[0])
        #expect(try a.nearestItem(to: Vec2(0, 0), maxDistance: 50) == nil)
    }
}
