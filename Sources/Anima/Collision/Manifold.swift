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

    // A manifold with no points may keep what the separating-axis test found, in the fields its
    // points and normal would use: how far apart the polygons were along the edge normal that
    // separated them (a lower bound of that axis's separation, and of their distance), which
    // polygon that edge belongs to, and the other polygon's pose in that one's frame when it
    // was found (`Animator.updateManifold` writes it). From these, a later step can tell that
    // the test would still find the same edge farther apart than its margin, without running
    // it (see `ManifoldView.staysSeparated`). Nothing else reads these fields, and a snapshot
    // leaves them out: a pair without them is simply collided.

    /// Which polygon's edge separated the shapes: 1 for A's, 2 for B's, 0 when nothing is kept.
    @inline(__always) var gapSide: UInt32 { count == 0 ? p0.id : 0 }
    /// How far apart the separating edge found the polygons, in pt.
    @inline(__always) var gap: Double { p0.separation }
    /// The other polygon's centre in the separating one's frame when the gap was found.
    @inline(__always) var gapOffset: Vec2 { normal }
    /// The other polygon's rotation relative to the separating one's (cos, sin) then.
    @inline(__always) var gapTurn: Vec2 { p0.point }

    /// Keeps the separating-axis test's finding on a manifold left with no points.
    @inline(__always) mutating func noteGap(_ separation: Double, onA: Bool) {
        p0.separation = separation
        p0.id = onA ? 1 : 2
    }

    /// Keeps the pose the gap was found at (see `gapOffset`, `gapTurn`).
    @inline(__always) mutating func noteGapPose(offset: Vec2, turn: Vec2) {
        normal = offset
        p0.point = turn
    }

    /// Polygon j's centre and rotation in polygon i's frame: R_i^T (c_j - c_i), and R_i^T R_j
    /// as (cos, sin).
    @inline(__always)
    static func relativePose(_ ci: Vec2, _ qi: Rotation, _ cj: Vec2, _ qj: Rotation) -> (offset: Vec2, turn: Vec2) {
        (qi.inverseRotate(cj - ci), Vec2(qi.c * qj.c + qi.s * qj.s, qi.c * qj.s - qi.s * qj.c))
    }

    /// What `gapHolds` allows for rounding between centres ci and cj: 1e-6 pt plus 1e-12 of
    /// their coordinates (the outlines are rounded to a few units in the last place of those).
    @inline(__always) static func gapRounding(_ ci: Vec2, _ cj: Vec2) -> Double {
        1e-6 + 1e-12 * (abs(ci.x) + abs(ci.y) + abs(cj.x) + abs(cj.y))
    }

    /// Whether the separating-axis test would again find the polygons apart by more than
    /// `margin` along the edge that separated them, the other polygon being now at `offset`,
    /// turned by `turn`, in the separating one's frame. In that frame the edge is fixed and each
    /// vertex v = c + R u of the other polygon (|u| <= `otherExtent`) has moved by at most
    /// |dc| + |dR u| <= |dc| + |dq| extent, where dc and dq are the changes of its centre and of
    /// its rotation as (cos, sin), |dq| = 2 |sin(dtheta / 2)| being how far a unit vector
    /// turns. The edge's separation, the least over those vertices, has fallen by no more than
    /// that, and the test takes the largest separation over the edges. `rounding` covers the
    /// rounding of the poses and outlines.
    @inline(__always)
    func gapHolds(offset: Vec2, turn: Vec2, otherExtent: Double, margin: Double, rounding: Double) -> Bool {
        if gapSide == 0 { return false }
        let moved = length(offset - gapOffset) + length(turn - gapTurn) * otherExtent
        return gap - moved > margin + rounding
    }
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
