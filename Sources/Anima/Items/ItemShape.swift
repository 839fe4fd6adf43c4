/// The collision bounds of an item.
public enum CollisionShape: Int32, Sendable, CaseIterable {
    /// The bounds rectangle (UIKit's default).
    case rectangle = 0
    /// The ellipse inscribed in the bounds; a true circle when width equals height.
    case ellipse = 1
    /// A convex polygon given in the item's own coordinates, (0, 0) being its centre
    /// (UIDynamicItem's collisionBoundingPath); see ``ItemPath``.
    case path = 2
    /// The stadium inscribed in the bounds (a pill): its diameter is the shorter side, its
    /// straight sides run along the longer one; a circle when width equals height (Box2D's
    /// capsule).
    case capsule = 3
    /// The bounds rectangle with its corners rounded by the item's corner radius (see
    /// ``Animator/setCornerRadius(_:of:)``), at most half the shorter side; a radius of 0 is the
    /// plain rectangle (Box2D's rounded box, fitted to the bounds).
    case roundedRectangle = 4
}

/// A convex collision outline: 3 to 16 points in the item's own coordinates (points, (0, 0) =
/// the item's centre), wound counter-clockwise as seen on screen (y down), no three in a line,
/// not self-intersecting. The item turns about its centre; its inertia is the polygon's second
/// moment about that centre.
public struct ItemPath: Equatable, Sendable {
    /// The points, as given.
    public let points: [Vec2]

    /// Validates a path. Errors name the first point that breaks a rule.
    public init(_ points: [Vec2]) throws(AnimaError) {
        guard points.count >= 3 && points.count <= maxPolygonVertices else {
            throw AnimaError(.invalidArgument, "a path needs 3 to \(maxPolygonVertices) points (got \(points.count))")
        }
        var extent = 0.0
        for (i, p) in points.enumerated() {
            try requireFinite(p, "path point \(i)")
            if abs(p.x) > maximumItemDimension || abs(p.y) > maximumItemDimension {
                throw AnimaError(.invalidArgument, "path point \(i) must be within +/-\(maximumItemDimension) pt of the centre")
            }
            extent = max(extent, abs(p.x), abs(p.y))
        }
        let n = points.count
        // signed area in raw (y-down) coordinates: negative when counter-clockwise on screen
        var twiceArea = 0.0
        for i in 0..<n { twiceArea += cross(points[i], points[(i + 1) % n]) }
        let tolerance = 1e-9 * max(extent * extent, 1e-12)
        guard abs(twiceArea) > tolerance else { throw AnimaError(.invalidArgument, "the path encloses no area") }
        guard twiceArea < 0 else {
            throw AnimaError(.invalidArgument, "the path winds clockwise on screen; give its points counter-clockwise (y grows downward)")
        }
        var turning = 0.0
        for i in 0..<n {
            let e1 = points[(i + 1) % n] - points[i]
            let e2 = points[(i + 2) % n] - points[(i + 1) % n]
            let c = cross(e1, e2)
            if length(e1) == 0 { throw AnimaError(.invalidArgument, "path points \(i) and \((i + 1) % n) coincide") }
            if abs(c) <= tolerance {
                throw AnimaError(.invalidArgument, "path points \(i), \((i + 1) % n) and \((i + 2) % n) are in a line")
            }
            if c > 0 {
                throw AnimaError(.invalidArgument, "the path is not convex: it turns the other way at point \((i + 1) % n)")
            }
            turning += arcTangent2(c, dot(e1, e2))
        }
        // a convex outline turns once around; a star-shaped one turns more
        guard abs(abs(turning) - 2 * Double.pi) < 1e-6 else {
            throw AnimaError(.invalidArgument, "the path intersects itself")
        }
        self.points = points
    }
}

/// The largest number of vertices of a polygon shape (ellipses are approximated by this many).
let maxPolygonVertices = 16

/// Vertices used to approximate a non-circular ellipse.
let ellipseVertexCount = 16

/// Local-space geometry of one item's collision shape (centred on the item's centre).
/// Circles have `radius > 0` and no vertices; polygons have `count` vertices and outward normals
/// stored in the store's flat vertex arrays. A rounded shape (a capsule, a rounded rectangle) is
/// a polygon with `radius > 0`: the points within `radius` of its core polygon, whose `count` is
/// 2 for a capsule (its core a segment, with one normal for each side) and 4 for a rounded
/// rectangle, as Box2D v3 rounds its polygons.
struct ShapeGeometry {
    var isCircle: Bool
    /// A circle's radius, or the rounding of a polygon (0 for a sharp one).
    var radius: Double
    var count: Int32
    /// Largest distance from the centre to any point of the shape.
    var extent: Double
    var area: Double
    /// Second moment of area about the centre divided by area (so inertia = mass * this).
    var inertiaPerMass: Double
    /// Half the width and height of a rectangle, whose outline is then known without reading
    /// its vertices and normals; zero for other shapes.
    var halfSize = Vec2.zero
    var isRectangle: Bool { halfSize.x > 0 }
}

enum ShapeBuilder {
    /// Builds the geometry of a `shape` of size `size` scaled by (sx, sy). Writes polygon vertices and
    /// normals into `vertices` / `normals` (each of capacity `maxPolygonVertices`).
    ///
    /// Rectangle w x h: area w h, I/m = (w^2 + h^2) / 12.
    /// Ellipse with semi-axes a, b: area pi a b, I/m = (a^2 + b^2) / 4 (exact, also when the
    /// collision outline is a polygon).
    ///
    /// Capsules and rounded rectangles: see `rounded`. The corner radius, in the item's own
    /// coordinates, is scaled by the smaller of the two scales.
    static func build(shape: CollisionShape, size: Size, scaleX: Double, scaleY: Double, path: ItemPath?,
                      cornerRadius: Double = 0,
                      vertices: UnsafeMutablePointer<Vec2>, normals: UnsafeMutablePointer<Vec2>) -> ShapeGeometry {
        let w = abs(size.width * scaleX)
        let h = abs(size.height * scaleY)
        switch shape {
        case .capsule:
            return rounded(width: w, height: h, radius: min(w, h) / 2, vertices: vertices, normals: normals)
        case .roundedRectangle:
            let r = min(cornerRadius * min(abs(scaleX), abs(scaleY)), min(w, h) / 2)
            if !(r > 0) {
                return build(shape: .rectangle, size: size, scaleX: scaleX, scaleY: scaleY, path: nil,
                             vertices: vertices, normals: normals)
            }
            return rounded(width: w, height: h, radius: r, vertices: vertices, normals: normals)
        case .rectangle:
            let hw = w / 2, hh = h / 2
            box(hw, hh, vertices: vertices, normals: normals)
            return ShapeGeometry(isCircle: false, radius: 0, count: 4, extent: (hw * hw + hh * hh).squareRoot(),
                                 area: w * h, inertiaPerMass: (w * w + h * h) / 12,
                                 halfSize: hw > 0 && hh > 0 ? Vec2(hw, hh) : .zero)
        case .path:
            guard let path else { return build(shape: .rectangle, size: size, scaleX: scaleX, scaleY: scaleY, path: nil,
                                               vertices: vertices, normals: normals) }
            return polygon(path.points, scaleX: scaleX, scaleY: scaleY, vertices: vertices, normals: normals)
        case .ellipse:
            let a = w / 2, b = h / 2
            let area = Double.pi * a * b
            let ipm = (a * a + b * b) / 4
            if a == b {
                return ShapeGeometry(isCircle: true, radius: a, count: 0, extent: a, area: area, inertiaPerMass: ipm)
            }
            // A regular-angle polygon whose edges lie halfway between the inscribed polygon and
            // the tangent one, so the outline error is split both ways.
            let n = ellipseVertexCount
            let grow = (1 + 1 / cosine(Double.pi / Double(n))) / 2
            for i in 0..<n {
                let t = 2 * Double.pi * Double(i) / Double(n)
                vertices[i] = Vec2(a * grow * cosine(t), b * grow * sine(t))
            }
            computeNormals(vertices, normals, n)
            return ShapeGeometry(isCircle: false, radius: 0, count: Int32(n), extent: max(a, b) * grow,
                                 area: area, inertiaPerMass: ipm)
        }
    }

    /// A scaled polygon in math-positive order (reversed when needed: the path is given counter-
    /// clockwise on a y-down screen, and a mirroring scale flips it again). Mass properties about
    /// the item's centre (0, 0), for edges (p, q) with c = p x q:
    ///   area = sum(c) / 2,  second moment = sum(c (p.p + p.q + q.q)) / 12.
    static func polygon(_ points: [Vec2], scaleX: Double, scaleY: Double,
                        vertices: UnsafeMutablePointer<Vec2>, normals: UnsafeMutablePointer<Vec2>) -> ShapeGeometry {
        let n = points.count
        var scaled = points.map { Vec2($0.x * scaleX, $0.y * scaleY) }
        var twiceArea = 0.0
        for i in 0..<n { twiceArea += cross(scaled[i], scaled[(i + 1) % n]) }
        if twiceArea < 0 { scaled.reverse() }
        var area = 0.0, moment = 0.0, extent = 0.0
        for i in 0..<n {
            let p = scaled[i], q = scaled[(i + 1) % n]
            let c = cross(p, q)
            area += c / 2
            moment += c * (dot(p, p) + dot(p, q) + dot(q, q)) / 12
            vertices[i] = p
            extent = max(extent, length(p))
        }
        computeNormals(vertices, normals, n)
        return ShapeGeometry(isCircle: false, radius: 0, count: Int32(n), extent: extent, area: area,
                             inertiaPerMass: area > 0 ? moment / area : 0)
    }

    /// A w x h rectangle whose corners are rounded by r (0 < r <= min(w, h) / 2): the core
    /// rectangle of half sizes (w/2 - r, h/2 - r) grown by r; its core a segment when one half size
    /// is 0 (a capsule) and a point when both are (a circle).
    ///
    /// Area w h - (4 - pi) r^2. The second moment about the centre sums the core rectangle, the
    /// four r-thick strips along its sides and the four quarter discs at its corners, each by the
    /// parallel-axis theorem: a quarter disc of radius r has area pi r^2 / 4, polar moment
    /// pi r^4 / 8 about its corner and its centroid 4 r / (3 pi) out from the corner along each
    /// axis.
    static func rounded(width w: Double, height h: Double, radius r: Double,
                        vertices: UnsafeMutablePointer<Vec2>, normals: UnsafeMutablePointer<Vec2>) -> ShapeGeometry {
        let hx = max(w / 2 - r, 0), hy = max(h / 2 - r, 0)
        let core = Vec2(hx, hy)
        let area = w * h - (4 - Double.pi) * r * r
        // core rectangle 2hx x 2hy
        let coreArea = 4 * hx * hy
        var moment = coreArea * (4 * hx * hx + 4 * hy * hy) / 12
        // strips above and below (2hx x r at distance hy + r/2) and beside (r x 2hy at hx + r/2)
        let across = 2 * hx * r, along = 2 * hy * r
        moment += 2 * (across * (4 * hx * hx + r * r) / 12 + across * (hy + r / 2) * (hy + r / 2))
        moment += 2 * (along * (r * r + 4 * hy * hy) / 12 + along * (hx + r / 2) * (hx + r / 2))
        // quarter discs at (+-hx, +-hy)
        let quarter = Double.pi * r * r / 4, k = 4 * r / (3 * Double.pi)
        moment += 4 * (Double.pi * r * r * r * r / 8 - quarter * 2 * k * k
                       + quarter * ((hx + k) * (hx + k) + (hy + k) * (hy + k)))
        let inertiaPerMass = moment / area
        if hx == 0 && hy == 0 {
            return ShapeGeometry(isCircle: true, radius: r, count: 0, extent: r, area: area, inertiaPerMass: inertiaPerMass)
        }
        let count: Int32
        if hx == 0 || hy == 0 {
            // the core segment along the longer side, one normal for each side of it
            let end = hx > 0 ? Vec2(hx, 0) : Vec2(0, hy)
            vertices[0] = -end
            vertices[1] = end
            computeNormals(vertices, normals, 2)
            count = 2
        } else {
            box(hx, hy, vertices: vertices, normals: normals)
            count = 4
        }
        return ShapeGeometry(isCircle: false, radius: r, count: count, extent: length(core) + r, area: area,
                             inertiaPerMass: inertiaPerMass)
    }

    /// The outline of a box of half sizes hx x hy about the centre: corners (-hx, -hy), (hx, -hy),
    /// (hx, hy), (-hx, hy) and their edges' normals, the order the step's rectangle shortcuts read.
    static func box(_ hx: Double, _ hy: Double, vertices: UnsafeMutablePointer<Vec2>, normals: UnsafeMutablePointer<Vec2>) {
        vertices[0] = Vec2(-hx, -hy)
        vertices[1] = Vec2(hx, -hy)
        vertices[2] = Vec2(hx, hy)
        vertices[3] = Vec2(-hx, hy)
        normals[0] = Vec2(0, -1)
        normals[1] = Vec2(1, 0)
        normals[2] = Vec2(0, 1)
        normals[3] = Vec2(-1, 0)
    }

    /// Outward normals of a polygon with positive signed area (math orientation): edge e -> (e.y, -e.x).
    static func computeNormals(_ vertices: UnsafeMutablePointer<Vec2>, _ normals: UnsafeMutablePointer<Vec2>, _ n: Int) {
        for i in 0..<n {
            let e = vertices[i + 1 < n ? i + 1 : 0] - vertices[i]
            let len = length(e)
            normals[i] = len > 0 ? Vec2(e.y / len, -e.x / len) : Vec2(0, 0)
        }
    }
}
