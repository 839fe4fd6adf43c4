/// UIGravityBehavior: accelerates its items at `direction` x 1000 pt/s^2, whatever their mass.
public final class GravityBehavior: Behavior {
    /// Acceleration of gravity magnitude 1.0, in pt/s^2 (UIKit's "gravity").
    public static let unitAcceleration = 1000.0

    /// The gravity vector; each unit is 1000 pt/s^2. Default (0, 1): down.
    public private(set) var direction = Vec2(0, 1)

    /// Creates a gravity behavior for `owner` over `items`, with direction (0, 1).
    public init(owner: Animator, items: [ItemID] = []) throws(AnimaError) {
        try super.init(owner: owner, kind: .gravity, items: items)
    }

    /// A gravity behavior rebuilt from a snapshot.
    init(restoring owner: Animator, direction: Vec2) {
        self.direction = direction
        super.init(restoringOwner: owner, kind: .gravity)
    }

    /// The angle of the direction in radians (pi/2 = down). 0 when the magnitude is 0.
    public var angle: Double { direction == .zero ? 0 : arcTangent2(direction.y, direction.x) }

    /// The length of the direction (1.0 = 1000 pt/s^2).
    public var magnitude: Double { length(direction) }

    /// Sets the direction vector (finite); angle and magnitude follow.
    public func setDirection(_ d: Vec2) throws(AnimaError) {
        try requireFinite(d, "direction")
        if abs(d.x) > 1e6 || abs(d.y) > 1e6 { throw AnimaError(.invalidArgument, "direction must be within +/-1e6 (got (\(d.x), \(d.y)))") }
        direction = d
        graphChanged()
    }

    /// Sets the angle (radians), keeping the magnitude.
    public func setAngle(_ a: Double) throws(AnimaError) {
        try setAngle(a, magnitude: magnitude)
    }

    /// Sets the magnitude (negative reverses), keeping the angle; 0 also resets the angle to 0
    /// (UIKit's documented behaviour).
    public func setMagnitude(_ m: Double) throws(AnimaError) {
        try setAngle(angle, magnitude: m)
    }

    /// Sets angle and magnitude together.
    public func setAngle(_ a: Double, magnitude m: Double) throws(AnimaError) {
        try requireFinite(a, "angle")
        try requireFinite(m, "magnitude")
        if abs(m) > 1e6 { throw AnimaError(.invalidArgument, "magnitude must be within +/-1e6 (got \(m))") }
        direction = m == 0 ? .zero : Vec2(m * cosine(a), m * sine(a))
        graphChanged()
    }
}
