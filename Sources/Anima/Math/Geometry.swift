/// A size in points.
public struct Size: Equatable, Hashable, Sendable {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double
    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
    /// The zero size.
    public static let zero = Size(width: 0, height: 0)
}

/// A rectangle: top-left origin and size, in points.
public struct Rect: Equatable, Hashable, Sendable {
    /// Left edge.
    public var x: Double
    /// Top edge (y grows downward).
    public var y: Double
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double

    /// Creates a rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Left edge.
    public var minX: Double { x }
    /// Top edge.
    public var minY: Double { y }
    /// Right edge.
    public var maxX: Double { x + width }
    /// Bottom edge.
    public var maxY: Double { y + height }
    /// The centre point.
    public var center: Vec2 { Vec2(x + width / 2, y + height / 2) }

    /// True when every field is finite.
    public var isFinite: Bool { x.isFinite && y.isFinite && width.isFinite && height.isFinite }

    /// The rectangle moved inward by the insets.
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(x: x + insets.left, y: y + insets.top,
             width: width - insets.left - insets.right, height: height - insets.top - insets.bottom)
    }
}

/// Edge insets in points; positive values move an edge inward (as UIEdgeInsets).
public struct EdgeInsets: Equatable, Hashable, Sendable {
    /// Top inset.
    public var top: Double
    /// Left inset.
    public var left: Double
    /// Bottom inset.
    public var bottom: Double
    /// Right inset.
    public var right: Double
    /// Creates insets.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
    /// No insets.
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    /// True when every field is finite.
    public var isFinite: Bool { top.isFinite && left.isFinite && bottom.isFinite && right.isFinite }
}

/// An item's transform, decomposed. Dynamics use rotation and scale; translation only offsets
/// where the item is drawn.
public struct ItemTransform: Equatable, Hashable, Sendable {
    /// Rotation in radians; positive turns clockwise on screen.
    public var rotation: Double
    /// Horizontal scale (1 = none); never 0.
    public var scaleX: Double
    /// Vertical scale (1 = none); never 0.
    public var scaleY: Double
    /// Horizontal drawing offset in points.
    public var translationX: Double
    /// Vertical drawing offset in points.
    public var translationY: Double

    /// Creates a transform.
    public init(rotation: Double = 0, scaleX: Double = 1, scaleY: Double = 1,
                translationX: Double = 0, translationY: Double = 0) {
        self.rotation = rotation
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.translationX = translationX
        self.translationY = translationY
    }

    /// No rotation, unit scale, no translation.
    public static let identity = ItemTransform()
}

/// An axis-aligned bounding box.
struct AABB {
    var lower: Vec2
    var upper: Vec2

    /// Whether the boxes share a point (touching edges count). The four comparisons are made
    /// at once, two vector compares and one branch, where `||` made a branch of each: a tree
    /// query tests dozens of boxes against one and mispredicted those branches.
    @inline(__always) func overlaps(_ other: AABB) -> Bool {
        !any((other.lower .> upper) .| (lower .> other.upper))
    }
}
