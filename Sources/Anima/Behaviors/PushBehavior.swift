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

/// UISnapBehavior: moves an item to a point with a damped spring (4 Hz, as UIKit's) and turns
/// it upright; it arrives with a slight, quickly fading oscillation and rests within about a second.
public final class SnapBehavior: Behavior {
    /// The spring frequency of a snap, in Hz.
    public static let frequency = 4.0

    /// The item.
    public let item: ItemID
    /// Where the item's centre goes, in reference coordinates. Movable while running.
    public private(set) var snapPoint: Vec2
    /// 0 (most oscillation) ... 1 (least); default 0.5. The spring's damping ratio is 0.1 + 0.9 damping.
    public private(set) var damping = 0.5

    // accumulated impulses for warm starting
    var linearImpulse = Vec2.zero
    var angularImpulse = 0.0

    /// Creates a snap of `item` to `point`.
    public init(owner: Animator, item: ItemID, snapTo point: Vec2) throws(AnimaError) {
        try requireCoordinate(point, "snap point")
        self.item = item
        snapPoint = point
        try super.init(owner: owner, kind: .snap, items: [item])
    }

    /// A snap rebuilt from a snapshot, with its accumulated impulses.
    init(restoring owner: Animator, item: ItemID, snapPoint: Vec2, damping: Double, linearImpulse: Vec2,
         angularImpulse: Double) {
        self.item = item
        self.snapPoint = snapPoint
        self.damping = damping
        self.linearImpulse = linearImpulse
        self.angularImpulse = angularImpulse
        super.init(restoringOwner: owner, kind: .snap)
    }

    /// Moves the snap point; the item follows.
    public func setSnapPoint(_ p: Vec2) throws(AnimaError) {
        try requireCoordinate(p, "snap point")
        snapPoint = p
        parameterChanged()
    }

    /// Sets the damping (0...1).
    public func setDamping(_ d: Double) throws(AnimaError) {
        try requireRange(d, 0, 1, "damping")
        damping = d
        parameterChanged()
    }

    /// The damping ratio of the snap's spring.
    var dampingRatio: Double { 0.1 + 0.9 * damping }
}
