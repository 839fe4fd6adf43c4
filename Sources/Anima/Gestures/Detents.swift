/// Resting places along one axis: a bottom sheet's heights, a drawer's open and closed offsets,
/// the starts of a carousel's pages (UISheetPresentationController's detents, Compose's
/// `AnchoredDraggable`). On release the rest is chosen from where the motion would coast to
/// (``Momentum/project(position:velocity:rate:)``) and a velocity threshold, and a spring
/// takes the value there from the release velocity; past the first and last anchor a drag
/// rubber-bands.
public struct Detents: Sendable, Equatable {
    /// The anchors, strictly increasing, finite, at least one.
    public let anchors: [Double]
    /// A release at least this fast (units/s) moves on to the next anchor in its direction even
    /// when the projection falls short of it (a flick always changes detent). Default 300; >= 0.
    public var velocityThreshold: Double = 300
    /// The deceleration rate of the projection (velocity kept per millisecond); default
    /// UIScrollView's normal 0.998. In (0, 1).
    public var decelerationRate: Double = 0.998
    /// The spring that settles on the chosen anchor; default Compose's default spring (no
    /// bounce, stiffness 1500 at mass 1: damping ratio 1).
    public var spring: SpringParameters
    /// The length the rubber band is measured against (UIScrollView uses the view's size); default
    /// the anchors' span, at least 100. Finite and > 0.
    public var rubberBandDimension: Double
    /// The rubber band's constant (Apple's 0.55). Finite and > 0.
    public var rubberBandConstant: Double = 0.55

    /// Detents at `anchors` (sorted here is not done for you: they must increase). Throws
    /// `.invalidArgument` for an empty list, one that is not strictly increasing or a value that
    /// is not finite (within ±1e9).
    public init(anchors: [Double]) throws(AnimaError) {
        guard !anchors.isEmpty else { throw AnimaError(.invalidArgument, "a detent list needs at least one anchor") }
        for (k, a) in anchors.enumerated() {
            guard a.isFinite && abs(a) <= maximumCoordinate else {
                throw AnimaError(.invalidArgument, "anchor \(k) must be finite, within ±1e9 (got \(a))")
            }
            guard k == 0 || anchors[k - 1] < a else {
                throw AnimaError(.invalidArgument, "anchors must increase: anchor \(k) (\(a)) is not above anchor \(k - 1) (\(anchors[k - 1]))")
            }
        }
        self.anchors = anchors
        spring = try! SpringParameters(mass: 1, stiffness: 1500, damping: 2 * 1500.0.squareRoot())
        rubberBandDimension = max(anchors[anchors.count - 1] - anchors[0], 100)
    }

    /// Throws `.invalidArgument` for a threshold, rate or rubber band out of range.
    public func validate() throws(AnimaError) {
        guard velocityThreshold.isFinite && velocityThreshold >= 0 else {
            throw AnimaError(.invalidArgument, "velocity threshold must be finite and >= 0 (got \(velocityThreshold))")
        }
        guard decelerationRate > 0 && decelerationRate < 1 else {
            throw AnimaError(.invalidArgument, "deceleration rate must be in 0 < rate < 1 (got \(decelerationRate))")
        }
        guard rubberBandDimension.isFinite && rubberBandDimension > 0 else {
            throw AnimaError(.invalidArgument, "rubber band dimension must be finite and > 0 (got \(rubberBandDimension))")
        }
        guard rubberBandConstant.isFinite && rubberBandConstant > 0 else {
            throw AnimaError(.invalidArgument, "rubber band constant must be finite and > 0 (got \(rubberBandConstant))")
        }
    }

    /// The anchor a release at `position` with `velocity` (units/s) rests on, and its index: the
    /// anchor nearest the projected rest position (a tie goes the way of the motion, then down);
    /// and when the release is at least `velocityThreshold` fast and that anchor is not past the
    /// position in the motion's direction, the first anchor that is (the last one, when none is).
    public func target(position: Double, velocity: Double) throws(AnimaError) -> (index: Int, anchor: Double) {
        try validate()
        guard position.isFinite && velocity.isFinite else {
            throw AnimaError(.invalidArgument, "position and velocity must be finite (got \(position), \(velocity))")
        }
        let projected = try Momentum.project(position: Vec2(position, 0), velocity: Vec2(velocity, 0), rate: decelerationRate).x
        var best = 0
        for k in anchors.indices.dropFirst() {
            let d = abs(anchors[k] - projected), b = abs(anchors[best] - projected)
            if d < b || (d == b && velocity > 0) { best = k }
        }
        if abs(velocity) >= velocityThreshold && velocity != 0 {
            let ahead = (anchors[best] - position) * velocity > 0
            if !ahead {
                if velocity > 0 {
                    best = anchors.firstIndex(where: { $0 > position }) ?? anchors.count - 1
                } else {
                    best = anchors.lastIndex(where: { $0 < position }) ?? 0
                }
            }
        }
        return (best, anchors[best])
    }

    /// A dragged position as it shows: unchanged between the first and last anchor, rubber-banded
    /// past them (``Momentum/rubberBand(_:lower:upper:dimension:constant:)``).
    public func rubberBanded(_ raw: Double) throws(AnimaError) -> Double {
        try Momentum.rubberBand(raw, lower: anchors[0], upper: anchors[anchors.count - 1], dimension: rubberBandDimension,
                                constant: rubberBandConstant)
    }
}

/// What a detent drag moves: one component of a value, or an item's centre along one axis.
public enum DetentTarget: Sendable, Equatable {
    /// Component `component` (0...count - 1) of a value.
    case value(ValueID, component: Int)
    /// An item's centre x (`axis` 0) or y (`axis` 1).
    case item(ItemID, axis: Int)
}

/// A pointer dragging a value or an item along detents (``Animator/beginDetentDrag(_:detents:at:time:)``).
public final class DetentDrag {
    /// What it moves.
    public let target: DetentTarget
    /// Where it may rest.
    public let detents: Detents
    /// The pointer's samples along the axis (x holds the coordinate).
    var tracker = VelocityTracker()
    /// The dragged position less the pointer's coordinate, fixed at the grab.
    let grabOffset: Double
    /// False once ended.
    public internal(set) var isActive = true

    init(target: DetentTarget, detents: Detents, grabOffset: Double) {
        self.target = target
        self.detents = detents
        self.grabOffset = grabOffset
    }
}
