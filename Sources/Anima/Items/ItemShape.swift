/// The collision bounds of an item.
public enum CollisionShape: Int32, Sendable, CaseIterable {
    /// The bounds rectangle (UIKit's default).
    case rectangle = 0
    /// The ellipse inscribed in the bounds; a true circle when width equals height.
    case ellipse = 1
}

/// The largest number of vertices of a polygon shape (ellipses are approximated by this many).
let maxPolygonVertices = 16

/// Vertices used to approximate a non-circular ellipse.
let ellipseVertexCount = 16

/// Local-space geometry of one item's collision shape (centred on the item's centre).
/// Circles have `radius > 0` and no vertices; polygons have `count` vertices and outward normals
/// stored in the store's flat vertex arrays.
struct ShapeGeometry {
    var isCircle: Bool
    var radius: Double
    var count: Int32
    /// Largest distance from the centre to any point of the shape.
    var extent: Double
    var area: Double
    /// Second moment of area about the centre divided by area (so inertia = mass * this).
    var inertiaPerMass: Double
}

enum ShapeBuilder {
    /// Builds the geometry of a `shape` of size `size` scaled by (sx, sy). Writes polygon vertices and
    /// normals into `vertices` / `normals` (each of capacity `maxPolygonVertices`).
    ///
    /// Rectangle w x h: area w h, I/m = (w^2 + h^2) / 12.
    /// Ellipse with semi-axes a, b: area pi a b, I/m = (a^2 + b^2) / 4 (exact, also when the
    /// collision outline is a polygon).
    static func build(shape: CollisionShape, size: Size, scaleX: Double, scaleY: Double,
                      vertices: UnsafeMutablePointer<Vec2>, normals: UnsafeMutablePointer<Vec2>) -> ShapeGeometry {
        let w = abs(size.width * scaleX)
        let h = abs(size.height * scaleY)
        switch shape {
        case .rectangle:
            let hw = w / 2, hh = h / 2
            vertices[0] = Vec2(-hw, -hh)
            vertices[1] = Vec2(hw, -hh)
            vertices[2] = Vec2(hw, hh)
            vertices[3] = Vec2(-hw, hh)
            normals[0] = Vec2(0, -1)
            normals[1] = Vec2(1, 0)
            normals[2] = Vec2(0, 1)
            normals[3] = Vec2(-1, 0)
            return ShapeGeometry(isCircle: false, radius: 0, count: 4, extent: (hw * hw + hh * hh).squareRoot(),
                                 area: w * h, inertiaPerMass: (w * w + h * h) / 12)
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

    /// Outward normals of a polygon with positive signed area (math orientation): edge e -> (e.y, -e.x).
    static func computeNormals(_ vertices: UnsafeMutablePointer<Vec2>, _ normals: UnsafeMutablePointer<Vec2>, _ n: Int) {
        for i in 0..<n {
            let e = vertices[i + 1 < n ? i + 1 : 0] - vertices[i]
            let len = length(e)
            normals[i] = len > 0 ? Vec2(e.y / len, -e.x / len) : Vec2(0, 0)
        }
    }
}
