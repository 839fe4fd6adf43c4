/// The kinds of attachment (UIAttachmentBehavior and its iOS 9 factories).
public enum AttachmentKind: Int32, Sendable {
    /// An item tied to a point in the reference space, at `length` (a rod when frequency is 0,
    /// a spring otherwise).
    case anchor = 0
    /// Two items tied together at `length`.
    case items = 1
    /// Two items pinned at one point (a hinge: both turn about it).
    case pin = 2
    /// Two items fused at a point: they move and turn as one.
    case fixed = 3
    /// Two items tied by a rope: at most `length` apart, free to come closer.
    case limit = 4
    /// An item sliding along an axis (relative to another item or to a point), without turning.
    case sliding = 5
}

/// UIAttachmentBehavior: ties an item to an anchor point or to another item. Offsets are in
/// the item's own coordinates (they turn with the item) and measured from its centre.
public final class AttachmentBehavior: Behavior {
    /// Which kind of attachment this is (fixed at creation).
    public let attachmentKind: AttachmentKind
    /// The first item.
    public let item: ItemID
    /// Attachment point on the first item, from its centre, in its own coordinates.
    public let offset: Vec2
    /// The second item (items and pin kinds).
    public let otherItem: ItemID?
    /// Attachment point on the second item, from its centre, in its own coordinates.
    public let otherOffset: Vec2
    /// The anchor point in reference coordinates (anchor kind; for pin: where the pin was made).
    public private(set) var anchorPoint: Vec2
    /// Distance kept between the attachment points, in points. Default: the distance at creation.
    public private(set) var length: Double
    /// Spring frequency in Hz; 0 = rigid. Default 0.
    public private(set) var frequency: Double = 0
    /// Spring damping ratio (1 = critical). Default 0, as UIKit.
    public private(set) var damping: Double = 0
    /// Torque (mass x pt^2 / s^2) resisting rotation about a pin. Default 0.
    public private(set) var frictionTorque: Double = 0
    /// The largest force (mass x pt/s^2) an anchor, items or pin attachment exerts (a rod or
    /// spring along its length, a point attachment in any direction): past it the attachment
    /// stretches instead of pulling harder, as Box2D's mouse joint does, so an item held against
    /// a wall is pushed into it with a bounded force and the contact holds. Default infinity.
    public private(set) var maxForce: Double = .infinity
    /// Pin: the range of the relative angle (radians); sliding: of the translation along the
    /// axis (points). Must contain 0. Default infinite (no limit).
    public private(set) var attachmentRange: ClosedRange<Double> = -Double.infinity...Double.infinity
    /// Sliding: the axis of translation, a unit vector in the first item's own coordinates
    /// (in reference coordinates when sliding against a point).
    public private(set) var axis = Vec2(1, 0)
    /// Pin and sliding: the motor's target speed of the joint, rad/s about a pin (the first
    /// item relative to the second, counter-clockwise on screen positive) or pt/s along a
    /// sliding axis. Default 0: with a max motor force, the motor then holds the joint still up
    /// to that force (a friction).
    public private(set) var motorSpeed = 0.0
    /// Pin and sliding: the largest torque (mass x pt^2 / s^2, pin) or force (mass x pt/s^2,
    /// sliding) the motor exerts to reach `motorSpeed`; 0 (default) for no motor.
    public private(set) var maxMotorForce = 0.0
    /// Pin and sliding: the frequency (Hz) of a spring on the joint's angle (pin) or travel
    /// (sliding) toward `jointSpringRest`; 0 (default) for none. Distinct from `frequency`, the
    /// spring along the length of anchor and items attachments.
    public private(set) var jointSpringFrequency = 0.0
    /// Pin and sliding: the damping ratio of that spring (1 = critical); default 0.
    public private(set) var jointSpringDamping = 0.0
    /// Pin and sliding: where that spring rests, radians (pin) or points (sliding) from the
    /// pose at creation; default 0.
    public private(set) var jointSpringRest = 0.0
    /// Limit: the shortest distance the rope lets the attachment points come to, in points,
    /// at most `length`; default 0 (free to come together).
    public private(set) var minimumLength = 0.0
    /// The motor's torque or force over the last step (mass x pt^2 / s^2 or mass x pt/s^2), in
    /// `maxMotorForce`'s units and sign convention; 0 without a motor.
    public internal(set) var motorForce = 0.0
    var motorImpulse = 0.0
    var springImpulse = 0.0
    /// Relative angle (second item minus first, or item minus 0 for a point) at creation.
    var referenceAngle = 0.0
    var perpendicularImpulse = 0.0
    var lowerImpulse = 0.0
    var upperImpulse = 0.0

    /// Where the anchor was at the last step (it slides from there to `anchorPoint` during a step).
    var previousAnchor: Vec2? = nil
    /// Seconds over which the anchor glides to `anchorPoint` (a drag: the time the pointer took to
    /// get there), or 0: it gets there in the next step. Each step covers its share.
    var anchorGlide = 0.0
    // accumulated impulses, kept across steps for warm starting
    var axialImpulse = 0.0
    var linearImpulse = Vec2.zero
    var angularImpulse = 0.0

    /// An item tied to an anchor point. `offset` is on the item, from its centre.
    public init(owner: Animator, item: ItemID, offset: Vec2 = .zero, anchor: Vec2) throws(AnimaError) {
        try requireCoordinate(anchor, "anchor")
        try requireCoordinate(offset, "offset")
        let itemPoint = try owner.worldPoint(of: item, offset: offset)
        attachmentKind = .anchor
        self.item = item
        self.offset = offset
        otherItem = nil
        otherOffset = .zero
        anchorPoint = anchor
        length = Anima.length(itemPoint - anchor)
        try super.init(owner: owner, kind: .attachment, items: [item])
    }

    /// Two items tied together (`kind` .items) or pinned at `anchor` (`kind` .pin, offsets ignored).
    public init(owner: Animator, item: ItemID, offset: Vec2 = .zero, to other: ItemID, otherOffset: Vec2 = .zero,
                kind: AttachmentKind = .items, anchor: Vec2? = nil) throws(AnimaError) {
        guard item != other else { throw AnimaError(.invalidArgument, "an item cannot be attached to itself") }
        try requireCoordinate(offset, "offset")
        try requireCoordinate(otherOffset, "other offset")
        switch kind {
        case .items, .limit:
            // tied at the two offsets, as far apart as they are now
            let p = try owner.worldPoint(of: item, offset: offset)
            let q = try owner.worldPoint(of: other, offset: otherOffset)
            self.offset = offset
            self.otherOffset = otherOffset
            anchorPoint = p
            length = Anima.length(q - p)
        case .pin, .fixed, .sliding:
            // joined at one point of both, where the anchor is now
            guard let anchor else { throw AnimaError(.invalidArgument, "a \(kind) attachment needs an anchor point") }
            try requireCoordinate(anchor, "anchor")
            self.offset = try owner.localOffset(of: item, worldPoint: anchor)
            self.otherOffset = try owner.localOffset(of: other, worldPoint: anchor)
            anchorPoint = anchor
            length = 0
        case .anchor:
            throw AnimaError(.invalidArgument, "use the anchor initialiser for an item-to-anchor attachment")
        }
        attachmentKind = kind
        self.item = item
        otherItem = other
        referenceAngle = try owner.rotation(of: item) - owner.rotation(of: other)
        try super.init(owner: owner, kind: .attachment, items: [item, other])
    }

    /// An item sliding along `axis` (a non-zero vector, normalised; in the other item's own
    /// coordinates, or in reference coordinates without one) through `anchor`, without turning.
    public init(owner: Animator, slidingItem item: ItemID, to other: ItemID? = nil, anchor: Vec2, axis: Vec2) throws(AnimaError) {
        try requireCoordinate(anchor, "anchor")
        try requireFinite(axis, "axis")
        let axisLength = Anima.length(axis)
        guard axisLength > 1e-12 && axisLength < 1e12 else {
            throw AnimaError(.invalidArgument, "axis must be a non-zero vector (got (\(axis.x), \(axis.y)))")
        }
        if let other, other == item { throw AnimaError(.invalidArgument, "an item cannot be attached to itself") }
        attachmentKind = .sliding
        self.item = item
        otherItem = other
        anchorPoint = anchor
        offset = try owner.localOffset(of: item, worldPoint: anchor)
        otherOffset = try other.map { (o) throws(AnimaError) in try owner.localOffset(of: o, worldPoint: anchor) } ?? .zero
        length = 0
        self.axis = axis / axisLength
        referenceAngle = try owner.rotation(of: item) - (other.map { (o) throws(AnimaError) in try owner.rotation(of: o) } ?? 0)
        try super.init(owner: owner, kind: .attachment, items: other.map { [item, $0] } ?? [item])
    }

    /// An attachment rebuilt from a snapshot, with its accumulated impulses.
    init(restoring owner: Animator, record r: AttachmentRecord) {
        attachmentKind = r.kind
        item = r.item
        offset = r.offset
        otherItem = r.otherItem
        otherOffset = r.otherOffset
        anchorPoint = r.anchorPoint
        length = r.length
        frequency = r.frequency
        damping = r.damping
        frictionTorque = r.frictionTorque
        maxForce = r.maxForce
        attachmentRange = r.range
        axis = r.axis
        referenceAngle = r.referenceAngle
        perpendicularImpulse = r.perpendicularImpulse
        lowerImpulse = r.lowerImpulse
        upperImpulse = r.upperImpulse
        previousAnchor = r.previousAnchor
        anchorGlide = r.anchorGlide
        axialImpulse = r.axialImpulse
        linearImpulse = r.linearImpulse
        angularImpulse = r.angularImpulse
        motorSpeed = r.motorSpeed
        maxMotorForce = r.maxMotorForce
        jointSpringFrequency = r.jointSpringFrequency
        jointSpringDamping = r.jointSpringDamping
        jointSpringRest = r.jointSpringRest
        minimumLength = r.minimumLength
        motorImpulse = r.motorImpulse
        springImpulse = r.springImpulse
        motorForce = r.motorForce
        super.init(restoringOwner: owner, kind: .attachment)
    }

    /// Sets the attachment range (pin: radians; sliding: points). It must contain 0; an infinite
    /// bound means no limit on that side.
    public func setAttachmentRange(_ range: ClosedRange<Double>) throws(AnimaError) {
        guard !range.lowerBound.isNaN && !range.upperBound.isNaN && range.contains(0) else {
            throw AnimaError(.invalidArgument, "the attachment range must contain 0 (got \(range.lowerBound)...\(range.upperBound))")
        }
        guard attachmentKind == .pin || attachmentKind == .sliding else {
            throw AnimaError(.invalidState, "only pin and sliding attachments have a range")
        }
        attachmentRange = range
        parameterChanged()
    }

    /// Moves the anchor point (anchor kind): the item follows.
    public func setAnchorPoint(_ p: Vec2) throws(AnimaError) {
        try requireCoordinate(p, "anchor point")
        guard attachmentKind == .anchor else {
            throw AnimaError(.invalidState, "only an item-to-anchor attachment has a movable anchor point")
        }
        anchorPoint = p
        anchorGlide = 0
        // an anchor's attachment has one item
        parameterChanged(waking: item)
    }

    /// Sets the length kept between the attachment points (finite, >= 0).
    public func setLength(_ l: Double) throws(AnimaError) {
        try requireNonNegative(l, "length")
        if l > maximumCoordinate { throw AnimaError(.invalidArgument, "length must be at most \(maximumCoordinate) pt") }
        guard attachmentKind == .anchor || attachmentKind == .items || attachmentKind == .limit else {
            throw AnimaError(.invalidState, "a \(attachmentKind) attachment has no length")
        }
        if l < minimumLength {
            throw AnimaError(.invalidArgument, "a rope's length may not be shorter than its minimum length \(minimumLength) pt (got \(l))")
        }
        length = l
        parameterChanged()
    }

    /// Sets the spring frequency in Hz (0 = rigid; finite, >= 0).
    public func setFrequency(_ f: Double) throws(AnimaError) {
        try requireNonNegative(f, atMost: 1e4, "frequency", unit: "Hz")
        frequency = f
        parameterChanged()
    }

    /// Sets the spring damping ratio (finite, >= 0; 1 = critical).
    public func setDamping(_ d: Double) throws(AnimaError) {
        try requireNonNegative(d, atMost: 1e4, "damping")
        damping = d
        parameterChanged()
    }

    /// Sets the friction torque about a pin (finite, >= 0).
    public func setFrictionTorque(_ t: Double) throws(AnimaError) {
        try requireNonNegative(t, "friction torque")
        frictionTorque = t
        parameterChanged()
    }

    /// Sets the shortest distance of a limit attachment (finite, 0 ... `length`).
    public func setMinimumLength(_ l: Double) throws(AnimaError) {
        try requireNonNegative(l, "minimum length")
        guard attachmentKind == .limit else {
            throw AnimaError(.invalidState, "only a limit attachment has a minimum length (this one is \(attachmentKind))")
        }
        guard l <= length else {
            throw AnimaError(.invalidArgument, "a rope's minimum length must be at most its length \(length) pt (got \(l))")
        }
        minimumLength = l
        parameterChanged()
    }

    private func requireJoint(_ what: String) throws(AnimaError) {
        guard attachmentKind == .pin || attachmentKind == .sliding else {
            throw AnimaError(.invalidState, "only pin and sliding attachments have a \(what) (this one is \(attachmentKind))")
        }
    }

    /// Sets the motor's target speed (finite; rad/s about a pin, within +/-1e4, or pt/s along a
    /// sliding axis, within +/-1e7).
    public func setMotorSpeed(_ speed: Double) throws(AnimaError) {
        try requireFinite(speed, "motor speed")
        try requireJoint("motor")
        let bound = attachmentKind == .pin ? 1e4 : 1e7
        if abs(speed) > bound {
            throw AnimaError(.invalidArgument, "motor speed must be within +/-\(bound) \(attachmentKind == .pin ? "rad/s" : "pt/s") (got \(speed))")
        }
        motorSpeed = speed
        parameterChanged()
    }

    /// Sets the motor's largest torque (pin) or force (sliding): finite, >= 0; 0 turns the motor off.
    public func setMaxMotorForce(_ f: Double) throws(AnimaError) {
        try requireNonNegative(f, "max motor force")
        try requireJoint("motor")
        maxMotorForce = f
        if f == 0 { motorForce = 0 }
        parameterChanged()
    }

    /// Sets the frequency of the angle or travel spring (Hz, finite, 0...1e4; 0 for none).
    public func setJointSpringFrequency(_ f: Double) throws(AnimaError) {
        try requireNonNegative(f, atMost: 1e4, "spring frequency", unit: "Hz")
        try requireJoint("joint spring")
        jointSpringFrequency = f
        parameterChanged()
    }

    /// Sets the damping ratio of the angle or travel spring (finite, 0...1e4).
    public func setJointSpringDamping(_ d: Double) throws(AnimaError) {
        try requireNonNegative(d, atMost: 1e4, "spring damping")
        try requireJoint("joint spring")
        jointSpringDamping = d
        parameterChanged()
    }

    /// Sets where the angle or travel spring rests (radians for a pin, points for a sliding
    /// attachment, from the pose at creation; finite, within +/-1e7).
    public func setJointSpringRest(_ r: Double) throws(AnimaError) {
        try requireFinite(r, "spring rest")
        if abs(r) > 1e7 { throw AnimaError(.invalidArgument, "spring rest must be within +/-1e7 (got \(r))") }
        try requireJoint("joint spring")
        jointSpringRest = r
        parameterChanged()
    }

    /// Sets the largest force of an anchor, items or pin attachment (> 0; infinity for no
    /// bound). Throws `.invalidState` for the other types, which have no such bound.
    public func setMaxForce(_ f: Double) throws(AnimaError) {
        guard f > 0 && !f.isNaN else { throw AnimaError(.invalidArgument, "max force must be > 0 or infinity (got \(f))") }
        guard attachmentKind == .anchor || attachmentKind == .items || attachmentKind == .pin else {
            throw AnimaError(.invalidState, "only anchor, items and pin attachments have a max force (this one is \(attachmentKind))")
        }
        maxForce = f
        parameterChanged()
    }
}

extension Animator {
    /// The reference-space position of a point given in an item's own coordinates.
    func worldPoint(of item: ItemID, offset: Vec2) throws(AnimaError) -> Vec2 {
        let s = try slot(of: item)
        return store.position[s] + store.rotation[s].rotate(offset)
    }

    /// A reference-space point expressed in an item's own coordinates, from its centre.
    func localOffset(of item: ItemID, worldPoint p: Vec2) throws(AnimaError) -> Vec2 {
        let s = try slot(of: item)
        return store.rotation[s].inverseRotate(p - store.position[s])
    }
}
