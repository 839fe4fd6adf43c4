/// Which items a query considers.
public struct QueryFilter {
    /// The collision behaviors whose items are considered; empty (the default): every item a
    /// behavior governs. Each must belong to the animator queried.
    public var collisions: [CollisionBehavior]

    /// A filter over the items of `collisions` (empty: all governed items).
    public init(collisions: [CollisionBehavior] = []) {
        self.collisions = collisions
    }
}

/// Where a segment enters an item's collision shape.
public struct RayHit: Equatable, Sendable {
    /// The item hit.
    public var item: ItemID
    /// Where the segment enters its shape, reference coordinates.
    public var point: Vec2
    /// The shape's outward unit normal there.
    public var normal: Vec2
    /// How far along the segment, 0 (its start) ... 1 (its end).
    public var fraction: Double
}

/// The point of an item's collision shape nearest to a query point.
public struct PointHit: Equatable, Sendable {
    /// The item.
    public var item: ItemID
    /// The nearest point of its outline, reference coordinates.
    public var point: Vec2
    /// The distance to it in points: negative when the query point is inside the shape.
    public var distance: Double
}

/// A shape to find overlapping items with, in reference coordinates.
public enum QueryShape: Equatable, Sendable {
    /// A circle; radius >= 0 (0: a point).
    case circle(center: Vec2, radius: Double)
    /// A rectangle of `size` (each side >= 0) about `center`, turned by `rotation` radians
    /// (clockwise on screen).
    case rectangle(center: Vec2, size: Size, rotation: Double)
    /// A convex polygon of 3 to 16 points in either winding.
    case polygon([Vec2])
}

/// A query shape made ready: a circle, or a convex polygon about `center` with math-positive
/// vertices and outward normals (frame: the reference space translated to `center`), rounded by
/// `radius` (a rounded sensor's; 0 for the queries' polygons).
struct PreparedQueryShape {
    var center: Vec2
    var radius: Double
    var isCircle: Bool
    var vertices: [Vec2]
    var normals: [Vec2]
    var box: AABB
}

extension Animator {
    // MARK: public queries

    /// Every item whose collision shape the segment `start`...`end` enters, nearest first
    /// (ties in creation order), each with the entry point, the outward normal and the fraction
    /// along the segment. A shape the segment starts inside is not reported (as in Box2D). Runs
    /// on the broad phase: only the items whose boxes the segment crosses are tested. Items no
    /// behavior governs are not considered.
    public func rayCast(from start: Vec2, to end: Vec2, filter: QueryFilter = QueryFilter()) throws(AnimaError) -> [RayHit] {
        try requireCoordinate(start, "start")
        try requireCoordinate(end, "end")
        let allowed = try allowedSlots(filter)
        var hits: [(RayHit, UInt64)] = []
        rayCandidates(start, end - start, allowed, closest: false) { hit, slot in
            hits.append((hit, store.creation[slot]))
            return 1
        }
        hits.sort { $0.0.fraction != $1.0.fraction ? $0.0.fraction < $1.0.fraction : $0.1 < $1.1 }
        return hits.map { $0.0 }
    }

    /// The nearest hit of ``rayCast(from:to:filter:)``, or nil; ties go to the first created.
    public func rayCastClosest(from start: Vec2, to end: Vec2, filter: QueryFilter = QueryFilter()) throws(AnimaError) -> RayHit? {
        try requireCoordinate(start, "start")
        try requireCoordinate(end, "end")
        return closestHit(start, end - start, try allowedSlots(filter))
    }

    /// ``rayCastClosest(from:to:filter:)`` for many segments at once, in order: the filter is
    /// prepared once and the graph brought up to date once.
    public func rayCastClosest(_ segments: [(start: Vec2, end: Vec2)], filter: QueryFilter = QueryFilter()) throws(AnimaError) -> [RayHit?] {
        for (i, s) in segments.enumerated() {
            // the names are made only for a message
            let m = maximumCoordinate
            if !(abs(s.start.x) <= m && abs(s.start.y) <= m && abs(s.end.x) <= m && abs(s.end.y) <= m) {
                try requireCoordinate(s.start, "segment \(i) start")
                try requireCoordinate(s.end, "segment \(i) end")
            }
        }
        let allowed = try allowedSlots(filter)
        return segments.map { closestHit($0.start, $0.end - $0.start, allowed) }
    }

    /// The item whose collision shape is nearest to `point` within `maxDistance` points
    /// (pymunk's point query): the nearest point of its outline and the signed distance to it,
    /// negative when `point` is inside (the deepest shape then wins). Ties go to the first
    /// created; nil when no shape is that near.
    public func nearestItem(to point: Vec2, maxDistance: Double, filter: QueryFilter = QueryFilter()) throws(AnimaError) -> PointHit? {
        try requireCoordinate(point, "point")
        guard maxDistance >= 0, maxDistance <= maximumCoordinate else {
            throw AnimaError(.invalidArgument, "max distance must be 0...\(maximumCoordinate) pt (got \(maxDistance))")
        }
        let allowed = try allowedSlots(filter)
        let box = AABB(lower: point - Vec2(maxDistance, maxDistance), upper: point + Vec2(maxDistance, maxDistance))
        var best: PointHit?
        var bestCreation = UInt64.max
        candidates(in: box, allowed) { s in
            let (nearest, distance) = nearestPoint(s, point)
            guard distance <= maxDistance else { return }
            let creation = store.creation[s]
            if best == nil || distance < best!.distance || (distance == best!.distance && creation < bestCreation) {
                best = PointHit(item: ItemID(slot: Int32(s), generation: store.generation[s]), point: nearest, distance: distance)
                bestCreation = creation
            }
        }
        return best
    }

    /// The items whose collision shapes overlap `shape` (touching counts), in creation order.
    /// Runs on the broad phase.
    public func items(overlapping shape: QueryShape, filter: QueryFilter = QueryFilter()) throws(AnimaError) -> [ItemID] {
        let query = try prepare(shape)
        let allowed = try allowedSlots(filter)
        var found: [Int32] = []
        candidates(in: query.box, allowed) { s in
            if overlaps(s, query) { found.append(Int32(s)) }
        }
        found.sort { store.creation[Int($0)] < store.creation[Int($1)] }
        return found.map { ItemID(slot: $0, generation: store.generation[Int($0)]) }
    }

    // MARK: candidates

    /// The slots a filter lets through, or nil for every governed slot.
    func allowedSlots(_ filter: QueryFilter) throws(AnimaError) -> [Bool]? {
        guard !filter.collisions.isEmpty else { return nil }
        var allowed = [Bool](repeating: false, count: store.count)
        for (i, collision) in filter.collisions.enumerated() {
            guard collision.owner === self else {
                throw AnimaError(.invalidArgument, "filter collision \(i) belongs to another animator")
            }
            for item in collision.items where store.isLive(item) { allowed[Int(item.slot)] = true }
        }
        return allowed
    }

    /// Brings the behavior graph and the body lists up to date for a query (not from inside a step).
    func prepareForQueries() {
        if graphDirty && !isStepping { rebuildGraph() }
        if world.bodyListsDirty && !isStepping { world.rebuildBodyLists() }
    }

    /// Whether slot `s` is live, governed and let through by `allowed` (nil: every slot).
    @inline(__always) func isQueryable(_ s: Int, _ allowed: [Bool]?) -> Bool {
        store.alive[s] && store.governed[s] && (allowed.map { $0[s] } ?? true)
    }

    /// Whether slot `s` collides with anything, and so has a proxy the step keeps up to date.
    @inline(__always) func collidesWithAnything(_ s: Int) -> Bool { (store.collisionMask[s] | store.boundaryMask[s]) != 0 }

    /// Calls `body` with every governed, allowed slot whose shape's box overlaps `box`: the
    /// colliding items from the broad-phase tree, whose boxes the step keeps around them; the
    /// others, which keep their proxies where they were made (nothing pairs with them, and a step
    /// moving ten thousand of them would pay for it), one by one.
    func candidates(in box: AABB, _ allowed: [Bool]?, _ body: (Int) -> Void) {
        prepareForQueries()
        @inline(__always) func wanted(_ s: Int) -> Bool { isQueryable(s, allowed) }
        @inline(__always) func collides(_ s: Int) -> Bool { collidesWithAnything(s) }
        world.broadPhase.tree.query(box) { proxy in
            let s = Int(world.broadPhase.tree.userData(proxy))
            if s >= 0 && wanted(s) && collides(s) && store.aabb(s).overlaps(box) { body(s) }
            return true
        }
        for slot in world.notColliding {
            let s = Int(slot)
            if wanted(s) && !collides(s) && store.aabb(s).overlaps(box) { body(s) }
        }
    }

    /// Every hit of the segment `p + t d` on the allowed slots; `body` returns the fraction up to
    /// which later candidates still matter (1 for all hits, the hit's own for the closest), and
    /// the tree walk drops the boxes that the segment reaches only beyond it (`DynamicTree.rayCast`).
    /// Items that collide with nothing have no up-to-date proxy and are tested one by one.
    func rayCandidates(_ p: Vec2, _ d: Vec2, _ allowed: [Bool]?, closest: Bool, _ body: (RayHit, Int) -> Double) {
        prepareForQueries()
        @inline(__always) func wanted(_ s: Int) -> Bool { isQueryable(s, allowed) }
        @inline(__always) func collides(_ s: Int) -> Bool { collidesWithAnything(s) }
        @inline(__always) func test(_ s: Int, _ reach: Double) -> Double {
            guard let entry = segmentEntry(s, p, d), entry.fraction <= reach else { return reach }
            let hit = RayHit(item: ItemID(slot: Int32(s), generation: store.generation[s]), point: p + entry.fraction * d,
                             normal: entry.normal, fraction: entry.fraction)
            let limit = body(hit, s)
            return closest ? min(reach, limit) : reach
        }
        var reach = 1.0
        world.broadPhase.tree.rayCast(from: p, d, reach: 1) { proxy, current in
            let s = Int(world.broadPhase.tree.userData(proxy))
            guard s >= 0, wanted(s), collides(s) else { return current }
            reach = test(s, current)
            return reach
        }
        for slot in world.notColliding {
            let s = Int(slot)
            if wanted(s) && !collides(s) { reach = test(s, reach) }
        }
    }

    func closestHit(_ p: Vec2, _ d: Vec2, _ allowed: [Bool]?) -> RayHit? {
        var best: RayHit?
        var bestCreation = UInt64.max
        rayCandidates(p, d, allowed, closest: true) { hit, s in
            let creation = store.creation[s]
            if best == nil || hit.fraction < best!.fraction || (hit.fraction == best!.fraction && creation < bestCreation) {
                best = hit
                bestCreation = creation
            }
            return best!.fraction
        }
        return best
    }

    // MARK: one item's shape

    /// Calls `body` with slot `s`'s polygon in its own frame (vertices, normals, count).
    @inline(__always)
    func withOutline<R>(_ s: Int, _ body: (UnsafePointer<Vec2>, UnsafePointer<Vec2>, Int) -> R) -> R {
        let base = Int(store.outlineStart[s]), count = Int(store.geometry[s].count)
        return store.localVertices.withUnsafeBufferPointer { v in
            store.localNormals.withUnsafeBufferPointer { n in body(v.baseAddress! + base, n.baseAddress! + base, count) }
        }
    }

    /// Where the segment `p + t d` enters slot `s`'s shape.
    func segmentEntry(_ s: Int, _ p: Vec2, _ d: Vec2) -> QueryGeometry.Entry? {
        let g = store.geometry[s], c = store.position[s]
        if g.isCircle { return QueryGeometry.segmentCircle(p, d, c, g.radius) }
        guard g.count >= 3 || g.radius > 0 else { return nil }
        let q = store.rotation[s]
        let local = withOutline(s) { v, n, count in
            g.radius > 0 ? QueryGeometry.segmentRounded(q.inverseRotate(p - c), q.inverseRotate(d), v, n, count, g.radius)
                : QueryGeometry.segmentPolygon(q.inverseRotate(p - c), q.inverseRotate(d), v, n, count)
        }
        return local.map { QueryGeometry.Entry(fraction: $0.fraction, normal: q.rotate($0.normal)) }
    }

    /// The point of slot `s`'s outline nearest to `point`, and the signed distance.
    func nearestPoint(_ s: Int, _ point: Vec2) -> (Vec2, Double) {
        let g = store.geometry[s], c = store.position[s]
        if g.isCircle {
            let r = point - c, distance = length(r)
            let direction = distance > 0 ? r / distance : Vec2(1, 0)
            return (c + g.radius * direction, distance - g.radius)
        }
        guard g.count >= 3 || g.radius > 0 else { return (c, length(point - c)) }
        let q = store.rotation[s]
        let (local, distance) = withOutline(s) { v, n, count in
            g.radius > 0 ? QueryGeometry.nearestOnRounded(q.inverseRotate(point - c), v, n, count, g.radius)
                : QueryGeometry.nearestOnPolygon(q.inverseRotate(point - c), v, n, count)
        }
        return (c + q.rotate(local), distance)
    }

    /// Whether slot `s`'s shape overlaps the prepared query shape (touching counts).
    func overlaps(_ s: Int, _ query: PreparedQueryShape) -> Bool {
        let g = store.geometry[s]
        if query.isCircle {
            return nearestPoint(s, query.center).1 <= query.radius
        }
        // a rounded shape on either side: the cores within the two roundings
        let rounded = g.radius > 0 && !g.isCircle || query.radius > 0
        if !rounded && (g.isCircle || g.count < 3) {
            // the item's circle (or centre) against the query polygon
            let radius = g.isCircle ? g.radius : 0
            let (_, distance) = query.vertices.withUnsafeBufferPointer { v in
                query.normals.withUnsafeBufferPointer { n in
                    QueryGeometry.nearestOnPolygon(store.position[s] - query.center, v.baseAddress!, n.baseAddress!, v.count)
                }
            }
            return distance <= radius
        }
        // the item's outline in the query's frame (a circle's core is its centre); two sharp
        // polygons are separated when an edge normal of either parts them
        let q = store.rotation[s], offset = store.position[s] - query.center
        return withOutline(s) { v, n, count in
            let points = max(count, 1)
            return withUnsafeTemporaryAllocation(of: Vec2.self, capacity: 2 * points) { buffer in
                let vertices = buffer.baseAddress!, normals = buffer.baseAddress! + points
                if count == 0 { vertices[0] = offset; normals[0] = .zero }
                for k in 0..<count {
                    vertices[k] = offset + q.rotate(v[k])
                    normals[k] = q.rotate(n[k])
                }
                return query.vertices.withUnsafeBufferPointer { qv in
                    query.normals.withUnsafeBufferPointer { qn in
                        rounded
                            ? QueryGeometry.coreDistance(qv.baseAddress!, qn.baseAddress!, qv.count, vertices, normals, points)
                                <= g.radius + query.radius
                            : QueryGeometry.separation(qv.baseAddress!, qn.baseAddress!, qv.count, vertices, count) <= 0
                                && QueryGeometry.separation(vertices, normals, count, qv.baseAddress!, qv.count) <= 0
                    }
                }
            }
        }
    }

    /// Checks a query shape and brings it to the form the tests take.
    func prepare(_ shape: QueryShape) throws(AnimaError) -> PreparedQueryShape {
        switch shape {
        case let .circle(center, radius):
            try requireCoordinate(center, "center")
            guard radius >= 0, radius <= maximumCoordinate else {
                throw AnimaError(.invalidArgument, "radius must be 0...\(maximumCoordinate) pt (got \(radius))")
            }
            return PreparedQueryShape(center: center, radius: radius, isCircle: true, vertices: [], normals: [],
                                      box: AABB(lower: center - Vec2(radius, radius), upper: center + Vec2(radius, radius)))
        case let .rectangle(center, size, rotation):
            try requireCoordinate(center, "center")
            try requireFinite(rotation, "rotation")
            guard size.width >= 0, size.height >= 0, size.width <= maximumCoordinate, size.height <= maximumCoordinate else {
                throw AnimaError(.invalidArgument, "size must be 0...\(maximumCoordinate) pt a side (got \(size.width) x \(size.height))")
            }
            let q = Rotation(angle: rotation), h = Vec2(size.width / 2, size.height / 2)
            let corners = [Vec2(-h.x, -h.y), Vec2(h.x, -h.y), Vec2(h.x, h.y), Vec2(-h.x, h.y)].map { q.rotate($0) }
            let normals = [Vec2(0, -1), Vec2(1, 0), Vec2(0, 1), Vec2(-1, 0)].map { q.rotate($0) }
            return prepared(center, corners, normals)
        case let .polygon(points):
            guard points.count >= 3 && points.count <= maxPolygonVertices else {
                throw AnimaError(.invalidArgument, "a query polygon needs 3 to \(maxPolygonVertices) points (got \(points.count))")
            }
            for (i, p) in points.enumerated() { try requireCoordinate(p, "polygon point \(i)") }
            let center = points.reduce(Vec2(0, 0), +) / Double(points.count)
            let relative = points.map { $0 - center }
            // ItemPath's checks (convex, no three in a line, not crossing), in whichever winding
            let path: ItemPath
            do { path = try ItemPath(relative) } catch { path = try ItemPath(relative.reversed()) }
            var vertices = [Vec2](repeating: .zero, count: maxPolygonVertices)
            var normals = vertices
            let geometry = vertices.withUnsafeMutableBufferPointer { v in
                normals.withUnsafeMutableBufferPointer { n in
                    ShapeBuilder.polygon(path.points, scaleX: 1, scaleY: 1, vertices: v.baseAddress!, normals: n.baseAddress!)
                }
            }
            let count = Int(geometry.count)
            return prepared(center, Array(vertices[0..<count]), Array(normals[0..<count]))
        }
    }

    func prepared(_ center: Vec2, _ vertices: [Vec2], _ normals: [Vec2], radius: Double = 0) -> PreparedQueryShape {
        var lower = Vec2(Double.infinity, Double.infinity), upper = -lower
        for v in vertices {
            lower = pointwiseMin(lower, center + v)
            upper = pointwiseMax(upper, center + v)
        }
        let r = Vec2(radius, radius)
        return PreparedQueryShape(center: center, radius: radius, isCircle: false, vertices: vertices, normals: normals,
                                  box: AABB(lower: lower - r, upper: upper + r))
    }
}
