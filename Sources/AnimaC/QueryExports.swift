import Anima
import CAnima

extension Cookie {
    static let queryFilter: UInt32 = 0x414E_000E
    static let queryShape: UInt32 = 0x414E_000F
}

/// A C query filter as the engine's: its collision behaviors resolved and checked to be the animator's.
func queryFilter(_ box: AnimatorBox, _ filter: UnsafePointer<anima_query_filter>?) throws(Failure) -> QueryFilter {
    guard let f = filter?.pointee else { return QueryFilter() }
    if f.cookie != Cookie.queryFilter {
        throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "filter was not initialised by anima_default_query_filter() (bad cookie)")
    }
    if f.collisions_count < 0 {
        throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "filter collisions_count must be >= 0 (got \(f.collisions_count))")
    }
    var collisions: [CollisionBehavior] = []
    if f.collisions_count > 0 {
        guard let list = f.collisions else { throw Failure.null("filter collisions") }
        for i in 0..<Int(f.collisions_count) {
            let (owner, c) = try collisionInBox(list[i])
            if owner !== box { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "filter collisions[\(i)] belongs to another animator") }
            collisions.append(c)
        }
    }
    return QueryFilter(collisions: collisions)
}

/// A C query shape as the engine's.
func queryShape(_ shape: UnsafePointer<anima_query_shape>?) throws(Failure) -> QueryShape {
    guard let s = shape?.pointee else { throw Failure.null("shape") }
    if s.cookie != Cookie.queryShape {
        throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "shape was not initialised by anima_default_query_shape() (bad cookie)")
    }
    switch s.type {
    case ANIMA_QUERY_CIRCLE:
        return .circle(center: Vec2(s.center.x, s.center.y), radius: s.radius)
    case ANIMA_QUERY_RECTANGLE:
        return .rectangle(center: Vec2(s.center.x, s.center.y), size: Size(width: s.size.width, height: s.size.height),
                          rotation: s.rotation)
    case ANIMA_QUERY_POLYGON:
        guard s.points_count >= 3 && s.points_count <= 16 else {
            throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "shape points_count must be 3...16 (got \(s.points_count))")
        }
        guard let points = s.points else { throw Failure.null("shape points") }
        return .polygon((0..<Int(s.points_count)).map { Vec2(points[$0].x, points[$0].y) })
    default:
        throw Failure(ANIMA_ERR_INVALID_ARGUMENT,
                      "shape type must be ANIMA_QUERY_CIRCLE, ANIMA_QUERY_RECTANGLE or ANIMA_QUERY_POLYGON (got \(s.type.rawValue))")
    }
}

func rayHit(_ box: AnimatorBox, _ hit: RayHit?) -> anima_ray_hit {
    guard let hit else { return anima_ray_hit() }
    return anima_ray_hit(item: box.itemHandle(hit.item), point: anima_vec2(x: hit.point.x, y: hit.point.y),
                         normal: anima_vec2(x: hit.normal.x, y: hit.normal.y), fraction: hit.fraction)
}

@c @implementation
public func anima_default_query_filter() -> anima_query_filter {
    anima_query_filter(cookie: Cookie.queryFilter, collisions: nil, collisions_count: 0)
}

@c @implementation
public func anima_default_query_shape() -> anima_query_shape {
    anima_query_shape(cookie: Cookie.queryShape, type: ANIMA_QUERY_CIRCLE, center: anima_vec2(x: 0, y: 0), radius: 0,
                      size: anima_size(width: 0, height: 0), rotation: 0, points: nil, points_count: 0)
}

@c @implementation
public func anima_animator_ray_cast(_ animator: anima_animator, _ start: anima_vec2, _ end: anima_vec2, _ filter: UnsafePointer<anima_query_filter>?, _ out: UnsafeMutablePointer<anima_ray_hit>?, _ capacity: Int32, _ outCount: UnsafeMutablePointer<Int32>?) -> anima_status {
    run("anima_animator_ray_cast") { () throws(Failure) in
        let box = try resolve(animator)
        let f = try queryFilter(box, filter)
        let a = try finite(start, "start"), b = try finite(end, "end")
        let hits = try engine { () throws(AnimaError) in try box.animator.rayCast(from: a, to: b, filter: f) }
        try copyOut(hits, { rayHit(box, $0) }, out, capacity, outCount, "out_hits")
    }
}

@c @implementation
public func anima_animator_ray_cast_closest(_ animator: anima_animator, _ start: anima_vec2, _ end: anima_vec2, _ filter: UnsafePointer<anima_query_filter>?, _ outHit: UnsafeMutablePointer<anima_ray_hit>?, _ outFound: UnsafeMutablePointer<Bool>?) -> anima_status {
    run("anima_animator_ray_cast_closest") { () throws(Failure) in
        let box = try resolve(animator)
        guard let outHit else { throw Failure.null("out_hit") }
        guard let outFound else { throw Failure.null("out_found") }
        let f = try queryFilter(box, filter)
        let a = try finite(start, "start"), b = try finite(end, "end")
        let hit = try engine { () throws(AnimaError) in try box.animator.rayCastClosest(from: a, to: b, filter: f) }
        outHit.pointee = rayHit(box, hit)
        outFound.pointee = hit != nil
    }
}

@c @implementation
public func anima_animator_ray_cast_closest_batch(_ animator: anima_animator, _ rays: UnsafePointer<anima_ray>?, _ rayCount: Int32, _ filter: UnsafePointer<anima_query_filter>?, _ outHits: UnsafeMutablePointer<anima_ray_hit>?) -> anima_status {
    run("anima_animator_ray_cast_closest_batch") { () throws(Failure) in
        let box = try resolve(animator)
        if rayCount < 0 { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "ray_count must be >= 0 (got \(rayCount))") }
        if rayCount == 0 { return }
        guard let rays else { throw Failure.null("rays") }
        guard let outHits else { throw Failure.null("out_hits") }
        let f = try queryFilter(box, filter)
        var segments: [(start: Vec2, end: Vec2)] = []
        segments.reserveCapacity(Int(rayCount))
        for i in 0..<Int(rayCount) {
            segments.append((try finite(rays[i].start, "rays[\(i)].start"), try finite(rays[i].end, "rays[\(i)].end")))
        }
        let hits = try engine { () throws(AnimaError) in try box.animator.rayCastClosest(segments, filter: f) }
        for (i, hit) in hits.enumerated() { outHits[i] = rayHit(box, hit) }
    }
}

@c @implementation
public func anima_animator_nearest_item(_ animator: anima_animator, _ point: anima_vec2, _ maxDistance: Double, _ filter: UnsafePointer<anima_query_filter>?, _ outHit: UnsafeMutablePointer<anima_point_hit>?, _ outFound: UnsafeMutablePointer<Bool>?) -> anima_status {
    run("anima_animator_nearest_item") { () throws(Failure) in
        let box = try resolve(animator)
        guard let outHit else { throw Failure.null("out_hit") }
        guard let outFound else { throw Failure.null("out_found") }
        let f = try queryFilter(box, filter)
        let p = try finite(point, "point")
        let hit = try engine { () throws(AnimaError) in try box.animator.nearestItem(to: p, maxDistance: maxDistance, filter: f) }
        outHit.pointee = hit.map {
            anima_point_hit(item: box.itemHandle($0.item), point: anima_vec2(x: $0.point.x, y: $0.point.y), distance: $0.distance)
        } ?? anima_point_hit()
        outFound.pointee = hit != nil
    }
}

@c @implementation
public func anima_animator_items_overlapping(_ animator: anima_animator, _ shape: UnsafePointer<anima_query_shape>?, _ filter: UnsafePointer<anima_query_filter>?, _ out: UnsafeMutablePointer<anima_item>?, _ capacity: Int32, _ outCount: UnsafeMutablePointer<Int32>?) -> anima_status {
    run("anima_animator_items_overlapping") { () throws(Failure) in
        let box = try resolve(animator)
        let s = try queryShape(shape)
        let f = try queryFilter(box, filter)
        let found = try engine { () throws(AnimaError) in try box.animator.items(overlapping: s, filter: f) }
        try copyOut(found, box.itemHandle, out, capacity, outCount, "out_items")
    }
}
