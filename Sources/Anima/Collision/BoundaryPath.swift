/// One element of a boundary path, as in a UIBezierPath / CGPath.
public enum PathElement: Sendable, Equatable {
    /// Starts the path at a point (only as the first element).
    case move(Vec2)
    /// A straight line to a point.
    case line(Vec2)
    /// A quadratic Bezier curve to a point with one control point.
    case quad(control: Vec2, to: Vec2)
    /// A cubic Bezier curve to a point with two control points.
    case cubic(control1: Vec2, control2: Vec2, to: Vec2)
    /// A line back to the start.
    case close
}

/// Flattens a path into a polyline. Curves are cut into straight pieces of `BoundaryPath.maxPiece`
/// points along their control polygon, at least 4 and at most 64 per curve (so a curve longer than
/// 256 pt gets longer pieces), which keeps the chord within a fraction of a point of the curve for
/// UI-sized curves.
/// B(t) = (1-t)^2 P0 + 2 (1-t) t C + t^2 P1 for a quadratic; the cubic likewise.
public enum BoundaryPath {
    /// Longest straight piece of a flattened curve, in points (measured on the control polygon).
    public static let maxPiece = 4.0

    /// The polyline of a single continuous path (one `.move`, first).
    public static func flatten(_ elements: [PathElement]) throws(AnimaError) -> [Vec2] {
        guard case .move(let start)? = elements.first else {
            throw AnimaError(.invalidArgument, "a boundary path starts with a move")
        }
        try requireCoordinate(start, "path point 0")
        var points = [start]
        var current = start
        for (k, e) in elements.enumerated().dropFirst() {
            switch e {
            case .move:
                throw AnimaError(.invalidArgument, "a boundary path is one continuous path (element \(k) moves); give each piece its own identifier")
            case .line(let p):
                try requireCoordinate(p, "path element \(k)")
                points.append(p)
                current = p
            case .quad(let c, let p):
                try requireCoordinate(c, "path element \(k) control")
                try requireCoordinate(p, "path element \(k)")
                let n = pieces(length(c - current) + length(p - c))
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    points.append(u * u * current + 2 * u * t * c + t * t * p)
                }
                current = p
            case .cubic(let c1, let c2, let p):
                try requireCoordinate(c1, "path element \(k) control 1")
                try requireCoordinate(c2, "path element \(k) control 2")
                try requireCoordinate(p, "path element \(k)")
                let n = pieces(length(c1 - current) + length(c2 - c1) + length(p - c2))
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    points.append(u * u * u * current + 3 * u * u * t * c1 + 3 * u * t * t * c2 + t * t * t * p)
                }
                current = p
            case .close:
                if k != elements.count - 1 {
                    throw AnimaError(.invalidArgument, "close must be the last element of a boundary path")
                }
                points.append(start)
                current = start
            }
        }
        // drop zero-length pieces (a curve ending where it began, a line to the same point)
        var cleaned: [Vec2] = []
        for p in points where cleaned.last != p { cleaned.append(p) }
        guard cleaned.count >= 2 else { throw AnimaError(.invalidArgument, "a boundary path needs at least two distinct points") }
        return cleaned
    }

    static func pieces(_ controlLength: Double) -> Int {
        min(64, max(4, clampedInt((controlLength / maxPiece).rounded(.up))))
    }
}
