/// The geometry behind the animator's queries: a segment against a circle, a convex polygon and
/// a box; the signed distance from a point to a shape; and whether two convex shapes overlap.
///
/// A polygon here is convex with its vertices in math-positive order and outward unit normals,
/// `normals[i]` belonging to the edge from `vertices[i]` to `vertices[i + 1]`, as the item store
/// keeps them. The formulas follow Box2D v3's `b2RayCastCircle` / `b2RayCastPolygon` (clipping
/// the segment by each edge's half-plane) and Christer Ericson, "Real-Time Collision Detection",
/// ch. 5 (closest points) and 4.4 (separating axes), written anew here.
///
/// A rounded polygon (a capsule, a rounded rectangle) is the set of points within its radius of
/// a core polygon, which may be a segment (2 vertices, one normal for each side).
enum QueryGeometry {
    /// Where a segment first enters a shape: its fraction along the segment (0...1) and the
    /// shape's outward normal there.
    struct Entry {
        var fraction: Double
        var normal: Vec2
    }

    /// The segment `p + t d` (t in 0...1) against the circle of `center` and `radius`: the first
    /// crossing of its outline from outside. A segment starting inside gives none (Box2D's rule).
    static func segmentCircle(_ p: Vec2, _ d: Vec2, _ center: Vec2, _ radius: Double) -> Entry? {
        let length2 = lengthSquared(d)
        guard length2 > 0 else { return nil }
        let s = p - center
        // |s + t d|^2 = r^2: a t^2 + 2 b t + c = 0 with a = d.d, b = s.d, c = s.s - r^2
        let b = dot(s, d), c = lengthSquared(s) - radius * radius
        if c < 0 { return nil }                       // starts inside
        let discriminant = b * b - length2 * c
        guard discriminant >= 0 else { return nil }
        let t = (-b - discriminant.squareRoot()) / length2
        guard t >= 0 && t <= 1 else { return nil }
        let hit = s + t * d
        let r = length(hit)
        return Entry(fraction: t, normal: r > 0 ? hit / r : Vec2(0, 0))
    }

    /// The segment `p + t d` against a convex polygon, both in the polygon's frame: the fraction
    /// where it enters and the normal of the edge it enters by. Starting inside gives none.
    static func segmentPolygon(_ p: Vec2, _ d: Vec2, _ vertices: UnsafePointer<Vec2>, _ normals: UnsafePointer<Vec2>,
                               _ count: Int) -> Entry? {
        var lower = 0.0, upper = 1.0
        var entering = -1
        for i in 0..<count {
            // the half-plane n.(x - v) <= 0 holds p + t d where t * (n.d) <= n.(v - p)
            let numerator = dot(normals[i], vertices[i] - p)
            let denominator = dot(normals[i], d)
            if denominator == 0 {
                if numerator < 0 { return nil }     // parallel to the edge, outside it
            } else if denominator < 0 {
                if numerator < lower * denominator {  // enters later than the last entry
                    lower = numerator / denominator
                    entering = i
                }
            } else if numerator < upper * denominator {
                upper = numerator / denominator       // leaves sooner
            }
            if upper < lower { return nil }
        }
        return entering >= 0 ? Entry(fraction: lower, normal: normals[entering]) : nil
    }

    /// The fraction (0...1) at which the segment `p + t d` enters the box, or nil when it misses
    /// it (the slab test; a segment starting inside enters at 0).
    @inline(__always) static func segmentBox(_ p: Vec2, _ d: Vec2, _ box: AABB) -> Double? {
        var lower = 0.0, upper = 1.0
        for axis in 0..<2 {
            let start = p[axis], delta = d[axis], low = box.lower[axis], high = box.upper[axis]
            if delta == 0 {
                if start < low || start > high { return nil }
            } else {
                var t0 = (low - start) / delta, t1 = (high - start) / delta
                if t0 > t1 { swap(&t0, &t1) }
                lower = max(lower, t0)
                upper = min(upper, t1)
                if lower > upper { return nil }
            }
        }
        return lower
    }

    /// The point of a convex polygon's outline nearest to `p`, and the signed distance to it
    /// (negative inside), all in the polygon's frame.
    static func nearestOnPolygon(_ p: Vec2, _ vertices: UnsafePointer<Vec2>, _ normals: UnsafePointer<Vec2>,
                                 _ count: Int) -> (point: Vec2, distance: Double) {
        let (deepestEdge, deepest) = deepestEdge(p, vertices, normals, count)
        if deepest <= 0 {
            // inside: the nearest edge line is the one of greatest separation, and p's projection
            // on it lies on the edge (a point on another edge's side would be nearer that edge)
            return (p - deepest * normals[deepestEdge], deepest)
        }
        return nearestOnEdges(p, vertices, count)
    }

    /// The edge of a convex polygon whose line `p` lies farthest out of (the first of equals), and
    /// that separation: at most 0 when `p` is inside.
    @inline(__always)
    static func deepestEdge(_ p: Vec2, _ vertices: UnsafePointer<Vec2>, _ normals: UnsafePointer<Vec2>,
                            _ count: Int) -> (edge: Int, separation: Double) {
        var deepest = -Double.infinity, edge = 0
        for i in 0..<count {
            let s = dot(normals[i], p - vertices[i])
            if s > deepest { deepest = s; edge = i }
        }
        return (edge, deepest)
    }

    /// The point of a polygon's edges nearest to `p`, and the distance to it.
    static func nearestOnEdges(_ p: Vec2, _ vertices: UnsafePointer<Vec2>, _ count: Int) -> (point: Vec2, distance: Double) {
        var best = Vec2(0, 0), bestDistance2 = Double.infinity
        for i in 0..<count {
            let a = vertices[i], b = vertices[(i + 1) % count]
            let q = nearestOnSegment(p, a, b)
            let d2 = lengthSquared(p - q)
            if d2 < bestDistance2 { bestDistance2 = d2; best = q }
        }
        return (best, bestDistance2.squareRoot())
    }

    /// The point of the segment a...b nearest to p.
    @inline(__always) static func nearestOnSegment(_ p: Vec2, _ a: Vec2, _ b: Vec2) -> Vec2 {
        let e = b - a
        let e2 = lengthSquared(e)
        guard e2 > 0 else { return a }
        let t = min(max(dot(p - a, e) / e2, 0), 1)
        return a + t * e
    }

    /// The greatest separation of polygon b from polygon a along a's edge normals (both in one
    /// frame): > 0 when one of a's edges separates them.
    static func separation(_ va: UnsafePointer<Vec2>, _ na: UnsafePointer<Vec2>, _ countA: Int,
                           _ vb: UnsafePointer<Vec2>, _ countB: Int) -> Double {
        var greatest = -Double.infinity
        for i in 0..<countA {
            var least = Double.infinity
            for j in 0..<countB { least = min(least, dot(na[i], vb[j] - va[i])) }
            greatest = max(greatest, least)
        }
        return greatest
    }

    // MARK: rounded polygons

    /// The segment `p + t d` against a rounded polygon, in its frame: the first crossing of its
    /// outline from outside. The outline is made of the core's edges pushed out by the radius and
    /// of arcs about its corners; each is part of a piece of the shape (an edge's band, a corner's
    /// disc), so the first crossing of any of them is the shape's. Starting inside gives none.
    static func segmentRounded(_ p: Vec2, _ d: Vec2, _ vertices: UnsafePointer<Vec2>, _ normals: UnsafePointer<Vec2>,
                               _ count: Int, _ radius: Double) -> Entry? {
        guard lengthSquared(d) > 0, nearestOnRounded(p, vertices, normals, count, radius).distance >= 0 else { return nil }
        var best: Entry? = nil
        for i in 0..<count {
            let n = normals[i]
            let a = vertices[i] + radius * n, b = vertices[i + 1 < count ? i + 1 : 0] + radius * n
            let approach = dot(n, d)
            if approach < 0 {
                let t = dot(n, a - p) / approach
                if t >= 0 && t <= 1 && t < (best?.fraction ?? .infinity) {
                    let e = b - a, u = dot(p + t * d - a, e)
                    if u >= 0 && u <= dot(e, e) { best = Entry(fraction: t, normal: n) }
                }
            }
            if let hit = segmentCircle(p, d, vertices[i], radius), hit.fraction < (best?.fraction ?? .infinity) { best = hit }
        }
        return best
    }

    /// The point of a rounded polygon's outline nearest to `p`, and the signed distance (negative
    /// inside), in its frame.
    static func nearestOnRounded(_ p: Vec2, _ vertices: UnsafePointer<Vec2>, _ normals: UnsafePointer<Vec2>,
                                 _ count: Int, _ radius: Double) -> (point: Vec2, distance: Double) {
        let q: Vec2, coreDistance: Double
        if count >= 3 {
            // inside the polygon core: out through the nearest edge, then the radius
            let (edge, deepest) = deepestEdge(p, vertices, normals, count)
            if deepest <= 0 { return (p + (radius - deepest) * normals[edge], deepest - radius) }
            (q, coreDistance) = nearestOnEdges(p, vertices, count)
        } else {
            q = nearestOnSegment(p, vertices[0], vertices[count > 1 ? 1 : 0])
            coreDistance = length(p - q)
        }
        // on a segment core: either side's normal
        let direction = coreDistance > 0 ? (p - q) / coreDistance : normals[0]
        return (q + radius * direction, coreDistance - radius)
    }

    /// The distance between two convex cores, 0 when they meet: each a polygon (3 or more
    /// vertices), a segment (2) or a point (1), in one frame. Apart, two convex sets are nearest
    /// between an edge of one and an edge of the other (a point being an edge of no length); they
    /// meet when two edges cross or one lies inside the other, which a vertex of it shows.
    static func coreDistance(_ va: UnsafePointer<Vec2>, _ na: UnsafePointer<Vec2>, _ countA: Int,
                             _ vb: UnsafePointer<Vec2>, _ nb: UnsafePointer<Vec2>, _ countB: Int) -> Double {
        if countB >= 3 && deepestEdge(va[0], vb, nb, countB).separation <= 0 { return 0 }
        if countA >= 3 && deepestEdge(vb[0], va, na, countA).separation <= 0 { return 0 }
        let edgesA = countA >= 3 ? countA : 1, edgesB = countB >= 3 ? countB : 1
        var nearest = Double.infinity
        for i in 0..<edgesA {
            let a0 = va[i], a1 = va[countA > 1 ? (i + 1) % countA : 0]
            for j in 0..<edgesB {
                let b0 = vb[j], b1 = vb[countB > 1 ? (j + 1) % countB : 0]
                let (pa, pb, _) = Collide.nearestPoints(a0, a1, b0, b1)
                nearest = min(nearest, length(pb - pa))
            }
        }
        return nearest
    }
}
