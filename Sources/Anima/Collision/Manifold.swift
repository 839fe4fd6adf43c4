/// One point of a contact manifold, in world space.
struct ManifoldPoint {
    /// The contact point: midway between the two surfaces.
    var point: Vec2
    /// Signed distance between the surfaces along the normal (negative = overlap).
    var separation: Double
    /// Feature key used to carry impulses from one step to the next.
    var id: UInt32
}

/// Up to two contact points sharing one normal, which points from shape A to shape B.
struct Manifold {
    var normal: Vec2 = .zero
    var count: Int = 0
    var p0 = ManifoldPoint(point: .zero, separation: 0, id: 0)
    var p1 = ManifoldPoint(point: .zero, separation: 0, id: 0)

    @inline(__always) mutating func add(_ p: ManifoldPoint) {
        if count == 0 { p0 = p } else { p1 = p }
        count += 1
    }

    @inline(__always) func point(_ i: Int) -> ManifoldPoint { i == 0 ? p0 : p1 }
}

/// A convex shape placed in the world: a circle (centre and radius) or a polygon whose
/// world-space vertices and outward normals are given (a line segment is a two-vertex polygon).
struct WorldShape {
    var center: Vec2
    var radius: Double
    var isCircle: Bool
    var vertices: UnsafePointer<Vec2>
    var normals: UnsafePointer<Vec2>
    var count: Int
    /// Half width and height of a rectangle (its outline in the order the store keeps it:
    /// corners (-w, -h), (w, -h), (w, h), (-w, h) turned about `center`), else zero.
    var halfSize = Vec2.zero
}
