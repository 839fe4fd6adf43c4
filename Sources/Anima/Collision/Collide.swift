/// Narrow-phase collision between convex shapes. Every routine returns a manifold whose normal
/// points from A to B and keeps only points whose separation is below `margin` (speculative
/// contacts: points that are not touching yet but may touch within the step).
enum Collide {
    @inline(__always)
    static func shapes(_ a: WorldShape, _ b: WorldShape, margin: Double) -> Manifold {
        switch (a.isCircle, b.isCircle) {
        case (true, true): return circles(a.center, a.radius, b.center, b.radius, margin: margin)
        case (false, true): return polygonCircle(a, b.center, b.radius, margin: margin)
        case (true, false):
            var m = polygonCircle(b, a.center, a.radius, margin: margin)
            m.normal = -m.normal
            return m
        case (false, false): return polygons(a, b, margin: margin)
        }
    }

    /// Circle-circle: normal along the line of centres, separation = distance - rA - rB.
    static func circles(_ ca: Vec2, _ ra: Double, _ cb: Vec2, _ rb: Double, margin: Double) -> Manifold {
        var m = Manifold()
        let d = cb - ca
        let dist = length(d)
        let separation = dist - ra - rb
        if separation > margin { return m }
        let n = dist > 1e-12 ? d / dist : Vec2(0, 1)
        let pa = ca + ra * n
        let pb = cb - rb * n
        m.normal = n
        m.add(ManifoldPoint(point: (pa + pb) * 0.5, separation: separation, id: 0))
        return m
    }

    /// Polygon A (rounded by `a.radius`, 0 for a sharp one) against circle B. Finds the polygon
    /// edge facing the centre, then decides between the edge's face region and its two vertex
    /// regions; the rounding adds to the circle's radius.
    static func polygonCircle(_ a: WorldShape, _ c: Vec2, _ r: Double, margin: Double) -> Manifold {
        var m = Manifold()
        let n = a.count
        let rA = a.radius
        let (edge, best) = QueryGeometry.deepestEdge(c, a.vertices, a.normals, n)
        if best - r - rA > margin { return m }
        let v1 = a.vertices[edge]
        let v2 = a.vertices[edge + 1 < n ? edge + 1 : 0]
        var normal = a.normals[edge]
        var surface: Vec2
        var separation: Double
        if best <= 0 {
            // centre inside: push out through the nearest face
            separation = best - r - rA
            surface = c - best * normal
        } else {
            let u1 = dot(c - v1, v2 - v1)
            let u2 = dot(c - v2, v1 - v2)
            if u1 <= 0 || u2 <= 0 {
                let v = u1 <= 0 ? v1 : v2
                let d = c - v
                let dist = length(d)
                separation = dist - r - rA
                if separation > margin { return m }
                if dist > 1e-12 { normal = d / dist }
                surface = v
            } else {
                separation = best - r - rA
                surface = c - best * normal
            }
        }
        // A's surface lies rA out from its core's
        surface = surface + rA * normal
        let pb = c - r * normal
        m.normal = normal
        m.add(ManifoldPoint(point: (surface + pb) * 0.5, separation: separation, id: UInt32(edge)))
        return m
    }

    /// The edge of `p1` along whose normal `p2` is farthest out: max over edges i of
    /// min over vertices j of n_i . (v2_j - v1_i). Positive means separated.
    @inline(__always)
    static func maxSeparation(_ p1: WorldShape, _ count1: Int, _ p2: WorldShape, _ count2: Int) -> (edge: Int, separation: Double) {
        var bestEdge = 0
        var best = -Double.infinity
        for i in 0..<count1 {
            let n = p1.normals[i]
            let v = p1.vertices[i]
            var si = Double.infinity
            for j in 0..<count2 {
                let s = dot(n, p2.vertices[j] - v)
                if s < si { si = s }
            }
            if si > best {
                best = si
                bestEdge = i
            }
        }
        return (bestEdge, best)
    }

    /// Polygon-polygon by the separating-axis test and reference-face clipping
    /// (Sutherland-Hodgman against the reference edge's side planes), as in Box2D 2.x.
    /// Gives two points for face-to-face contact.
    static func polygons(_ a: WorldShape, _ b: WorldShape, margin: Double) -> Manifold {
        // two quadrilaterals (boxes, the common case) take a copy of the code with the vertex
        // counts known, so the loops unroll
        if a.count == 4 && b.count == 4 {
            if a.halfSize.x > 0 && b.halfSize.x > 0 { return polygons(a, b, 4, 4, rectangles: true, margin: margin) }
            return polygons(a, b, 4, 4, margin: margin)
        }
        return polygons(a, b, a.count, b.count, margin: margin)
    }

    /// `maxSeparation` both ways for two rectangles, from their centres, half sizes and axes
    /// (the separating-axis test of two oriented boxes, Gottschalk et al., "OBBTree", 1996):
    /// along A's edge normal n, B's nearest corner lies n . (cB - cA) - hA - (wB |n . uB| +
    /// hB |n . vB|) out, with uB, vB B's axes. Eight products instead of thirty-two dot products;
    /// the edges are tried in the outline's order with the same strict comparison, so the same
    /// edge wins as in `maxSeparation` unless two separations differ by rounding alone.
    @inline(__always)
    static func rectangleSeparations(_ a: WorldShape, _ b: WorldShape)
        -> (edgeA: Int, separationA: Double, edgeB: Int, separationB: Double) {
        // axes: normals[1] = q (1, 0), normals[2] = q (0, 1)
        let uA = a.normals[1], vA = a.normals[2], uB = b.normals[1], vB = b.normals[2]
        let d = b.center - a.center
        let uu = abs(dot(uA, uB)), uv = abs(dot(uA, vB)), vu = abs(dot(vA, uB)), vv = abs(dot(vA, vB))
        let hA = a.halfSize, hB = b.halfSize
        /// The best of the four edges, normals in outline order: -v, +u, +v, -u.
        @inline(__always)
        func best(_ du: Double, _ dv: Double, _ h: Vec2, _ reachU: Double, _ reachV: Double) -> (Int, Double) {
            let sides = (-dv - h.y - reachV, du - h.x - reachU, dv - h.y - reachV, -du - h.x - reachU)
            var edge = 0, separation = sides.0
            if sides.1 > separation { edge = 1; separation = sides.1 }
            if sides.2 > separation { edge = 2; separation = sides.2 }
            if sides.3 > separation { edge = 3; separation = sides.3 }
            return (edge, separation)
        }
        // B's reach along A's axes, and A's along B's
        let (edgeA, sepA) = best(dot(uA, d), dot(vA, d), hA, hB.x * uu + hB.y * uv, hB.x * vu + hB.y * vv)
        let (edgeB, sepB) = best(-dot(uB, d), -dot(vB, d), hB, hA.x * uu + hA.y * vu, hA.x * uv + hA.y * vv)
        return (edgeA, sepA, edgeB, sepB)
    }

    @inline(__always)
    private static func polygons(_ a: WorldShape, _ b: WorldShape, _ countA: Int, _ countB: Int,
                                 rectangles: Bool = false, margin: Double) -> Manifold {
        var m = Manifold()
        let edgeA: Int, sepA: Double, edgeB: Int, sepB: Double
        // the cores' separation less the roundings (0 for sharp polygons) is the shapes'
        let radii = a.radius + b.radius
        if rectangles {
            (edgeA, sepA, edgeB, sepB) = rectangleSeparations(a, b)
            if sepA > margin || sepB > margin {
                m.noteGap(sepA >= sepB ? sepA : sepB, onA: sepA >= sepB)
                return m
            }
        } else {
            (edgeA, sepA) = maxSeparation(a, countA, b, countB)
            if sepA - radii > margin {
                m.noteGap(sepA - radii, onA: true)
                return m
            }
            (edgeB, sepB) = maxSeparation(b, countB, a, countA)
            if sepB - radii > margin {
                m.noteGap(sepB - radii, onA: false)
                return m
            }
        }

        // Prefer A as reference unless B is clearly better (keeps the choice stable frame to frame).
        let flip = sepB > sepA + 0.1 * Tolerances.linearSlop
        let ref = flip ? b : a
        let inc = flip ? a : b
        let refEdge = flip ? edgeB : edgeA

        let refCount = flip ? countB : countA, incCount = flip ? countA : countB
        let r1 = ref.vertices[refEdge]
        let r2 = ref.vertices[refEdge + 1 < refCount ? refEdge + 1 : 0]
        let refNormal = ref.normals[refEdge]

        // incident edge: the one whose normal is most anti-parallel to the reference normal
        var incEdge = 0
        var minDot = Double.infinity
        for i in 0..<incCount {
            let d = dot(refNormal, inc.normals[i])
            if d < minDot {
                minDot = d
                incEdge = i
            }
        }
        let i2Index = incEdge + 1 < incCount ? incEdge + 1 : 0
        var c0 = inc.vertices[incEdge]
        var c1 = inc.vertices[i2Index]
        let rRef = ref.radius, rInc = inc.radius
        if !rectangles && radii > 0 && max(sepA, sepB) > 0.1 * Tolerances.linearSlop {
            // Rounded cores apart: where their nearest points are two corners, the shapes meet
            // along the line between them, not along a face normal (Box2D v3's b2CollidePolygons
            // does the same with b2SegmentDistance); otherwise the faces are clipped below.
            let (pRef, pInc, cornerToCorner) = nearestPoints(r1, r2, c0, c1)
            if cornerToCorner {
                let d = pInc - pRef
                let distance = length(d)
                let separation = distance - rRef - rInc
                if separation > margin {
                    m.noteGap(separation, onA: !flip)
                    return m
                }
                // (the cores are apart, so distance > 0)
                let n = d / distance
                m.normal = flip ? -n : n
                let id = (UInt32(refEdge) << 16) | (UInt32(incEdge) << 4) | 0x4000_0000 | (flip ? 0x8000_0000 : 0)
                m.add(ManifoldPoint(point: pRef + (rRef + 0.5 * separation) * n, separation: separation, id: id))
                return m
            }
        }
        let edgeLength: Double, tangent: Vec2
        if rectangles {
            // a rectangle's edges run along +u, +v, -u, -v (u = normals[1], v = normals[2]),
            // 2 w and 2 h long: no square root
            let axis = refEdge & 1 == 0 ? ref.normals[1] : ref.normals[2]
            tangent = refEdge < 2 ? axis : -axis
            edgeLength = 2 * (refEdge & 1 == 0 ? ref.halfSize.x : ref.halfSize.y)
        } else {
            let edgeVector = r2 - r1
            edgeLength = length(edgeVector)
            if edgeLength <= 0 { return m }
            tangent = edgeVector / edgeLength
        }

        // clip against the side plane at r1 (keep t >= 0) then at r2 (keep t <= edgeLength)
        if !clip(&c0, &c1, tangent, r1, 0, keepAbove: true) { return m }
        if !clip(&c0, &c1, tangent, r1, edgeLength, keepAbove: false) { return m }

        let normal = flip ? -refNormal : refNormal
        m.normal = normal
        // ids name the reference edge, the incident edge and the end of it, whether or not the
        // end was clipped, so a point keeps its id (and its warm-start impulse) as it slides
        let base = (UInt32(refEdge) << 16) | (UInt32(incEdge) << 4) | (flip ? 0x8000_0000 : 0)
        let id0 = UInt32(0), id1 = UInt32(1)
        // keep clipped incident points within the margin; the contact point is midway between the
        // incident vertex and its projection on the reference face
        // (rounded polygons: the separation less both roundings, the point midway between the
        // two surfaces, rRef out from the reference core and rInc in from the incident one)
        let lift = rInc - rRef
        let s0 = dot(c0 - r1, refNormal) - radii
        if s0 <= margin { m.add(ManifoldPoint(point: c0 - 0.5 * (s0 + radii + lift) * refNormal, separation: s0, id: base | id0)) }
        let s1 = dot(c1 - r1, refNormal) - radii
        if s1 <= margin { m.add(ManifoldPoint(point: c1 - 0.5 * (s1 + radii + lift) * refNormal, separation: s1, id: base | id1)) }
        return m
    }

    /// The nearest points of the segments p1...q1 and p2...q2 (Ericson, "Real-Time Collision
    /// Detection", 5.1.9), and whether each lies at an end of its segment. Parallel segments take
    /// the first's start and project it, so overlapping ones meet inside the second.
    static func nearestPoints(_ p1: Vec2, _ q1: Vec2, _ p2: Vec2, _ q2: Vec2) -> (Vec2, Vec2, Bool) {
        let d1 = q1 - p1, d2 = q2 - p2, r = p1 - p2
        let a = dot(d1, d1), e = dot(d2, d2), f = dot(d2, r)
        var s = 0.0, t = 0.0
        if a > 0 && e > 0 {
            let c = dot(d1, r), b = dot(d1, d2)
            let denominator = a * e - b * b
            if denominator > 0 { s = min(max((b * f - c * e) / denominator, 0), 1) }
            t = (b * s + f) / e
            if t < 0 {
                t = 0
                s = min(max(-c / a, 0), 1)
            } else if t > 1 {
                t = 1
                s = min(max((b - c) / a, 0), 1)
            }
        } else if e > 0 {
            t = min(max(f / e, 0), 1)
        } else if a > 0 {
            s = min(max(-dot(d1, r) / a, 0), 1)
        }
        let atEnds = (s == 0 || s == 1) && (t == 0 || t == 1)
        return (p1 + s * d1, p2 + t * d2, atEnds)
    }

    /// Clips the segment (c0, c1) to the half-plane t.(x - origin) >= offset (keepAbove) or <= offset.
    /// Returns false when nothing is left.
    @inline(__always)
    static func clip(_ c0: inout Vec2, _ c1: inout Vec2, _ t: Vec2, _ origin: Vec2, _ offset: Double,
                     keepAbove: Bool) -> Bool {
        var d0 = dot(t, c0 - origin) - offset
        var d1 = dot(t, c1 - origin) - offset
        if !keepAbove {
            d0 = -d0
            d1 = -d1
        }
        if d0 >= 0 && d1 >= 0 { return true }
        if d0 < 0 && d1 < 0 { return false }
        let f = d0 / (d0 - d1)
        let x = c0 + f * (c1 - c0)
        if d0 < 0 { c0 = x } else { c1 = x }
        return true
    }
}
