/// How a push acts.
public enum PushMode: Int32, Sendable {
    /// A force applied every step while active.
    case continuous = 0
    /// A velocity change applied once, at the next step; the push then turns inactive.
    case instantaneous = 1
}

/// UIPushBehavior. Magnitude 1.0 on a 100 x 100 pt item of density 1 (mass 1) gives
/// 100 pt/s^2 (continuous) or a velocity change of 100 pt/s (instantaneous): the force is
/// F = 100 x direction (mass x pt / s^2) and the impulse J = 100 x direction (mass x pt / s),
/// so a = F / m and dv = J / m. A target offset from an item's centre (in its own coordinates)
/// also turns it: torque = r x F.
public final class PushBehavior: Behavior {
    /// Force (or impulse) of magnitude 1, in mass x pt / s^2 (or mass x pt / s): UIKit's Newton.
    public static let unitForce = 100.0

    /// The push mode, fixed at creation.
    public let mode: PushMode
    /// The push angle in radians (0 = +x, pi/2 = down); default 0. Kept when the magnitude is 0.
    public private(set) var angle = 0.0
    /// The push magnitude (negative reverses); default 0 (no push).
    public private(set) var magnitude = 0.0
    /// Whether the push acts. An instantaneous push turns false after it has acted.
    public private(set) var active = true
    var offsets: [ItemID: Vec2] = [:]   // looked up per item, never iterated

    /// Creates a push for `owner` over `items`, active, with no magnitude yet.
    public init(owner: Animator, items: [ItemID] = [], mode: PushMode) throws(AnimaError) {
        self.mode = mode
        try super.init(owner: owner, kind: .push, items: items)
    }

    /// A push rebuilt from a snapshot.
    init(restoring owner: Animator, mode: PushMode, angle: Double, magnitude: Double, active: Bool,
         offsets: [ItemID: Vec2]) {
        self.mode = mode
        self.angle = angle
        self.magnitude = magnitude
        self.active = active
        self.offsets = offsets
        super.init(restoringOwner: owner, kind: .push)
    }

    /// The push vector, magnitude x (cos angle, sin angle). Each unit is 100 pt/s^2 on a mass of 1.
    public var pushDirection: Vec2 { magnitude == 0 ? .zero : Vec2(magnitude * cosine(angle), magnitude * sine(angle)) }

    /// Sets the push vector (finite, components within +/-1e6); angle and magnitude follow.
    public func setPushDirection(_ d: Vec2) throws(AnimaError) {
        try requireFinite(d, "push direction")
        if abs(d.x) > 1e6 || abs(d.y) > 1e6 {
            throw AnimaError(.invalidArgument, "push direction must be within +/-1e6 (got (\(d.x), \(d.y)))")
        }
        magnitude = length(d)
        if magnitude > 0 { angle = arcTangent2(d.y, d.x) }
        parameterChanged()
    }

    /// Sets angle and magnitude together (magnitude within +/-1e6).
    public func setAngle(_ a: Double, magnitude m: Double) throws(AnimaError) {
        try requireFinite(a, "angle")
        try requireFinite(m, "magnitude")
        if abs(m) > 1e6 { throw AnimaError(.invalidArgument, "magnitude must be within +/-1e6 (got \(m))") }
        angle = a
        magnitude = m
        parameterChanged()
    }

    /// Sets the angle, keeping the magnitude.
    public func setAngle(_ a: Double) throws(AnimaError) { try setAngle(a, magnitude: magnitude) }

    /// Sets the magnitude, keeping the angle.
    public func setMagnitude(_ m: Double) throws(AnimaError) { try setAngle(angle, magnitude: m) }

    /// Turns the push on or off. Turning an instantaneous push on makes it act once more.
    public func setActive(_ on: Bool) {
        active = on
        parameterChanged()
    }

    /// The point the push acts at, from an item's centre in its own coordinates (default the centre).
    public func targetOffset(for item: ItemID) -> Vec2 { offsets[item] ?? .zero }

    /// Sets the point the push acts at on one item (finite, within the item dimension limit).
    public func setTargetOffset(_ offset: Vec2, for item: ItemID) throws(AnimaError) {
        try requireFinite(offset, "target offset")
        if abs(offset.x) > maximumItemDimension || abs(offset.y) > maximumItemDimension {
            throw AnimaError(.invalidArgument, "target offset must be within +/-\(maximumItemDimension) pt")
        }
        guard contains(item) else { throw AnimaError(.notFound, "item \(item) is not pushed by this behavior") }
        offsets[item] = offset
        parameterChanged()
    }

    /// Called by the animator once an instantaneous push has acted.
    func didAct() { active = false }
}
