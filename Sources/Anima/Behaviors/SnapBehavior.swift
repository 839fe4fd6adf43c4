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
