/// What ``Animator/restore(_:)`` gives back: the animator and the objects it rebuilt.
public struct RestoredAnimator {
    /// The restored animator. Its items keep their identifiers (slot and generation).
    public let animator: Animator
    /// Every behavior of the snapshot, in its order: first those given to
    /// ``Animator/snapshot(behaviors:timelines:hostData:)`` (in that order), then the others of
    /// the behavior tree (depth first), then those the physics still referred to. Its
    /// top-level behaviors are in `animator.behaviors`.
    public let behaviors: [Behavior]
    /// The timelines given to the snapshot, in their order.
    public let timelines: [Timeline]
    /// The callbacks (and item user data) that were set when the snapshot was made. Restore
    /// leaves them unset: set each again (``Animator/detachedCallbacks`` lists those not set yet).
    public let detachedCallbacks: [DetachedCallback]
    /// The bytes given as `hostData` to the snapshot (empty if none).
    public let hostData: [UInt8]
}

/// A callback (or an item's user data) that was set when a snapshot was made. A snapshot
/// records that it was set, not the callback itself; restore leaves it unset.
public struct DetachedCallback {
    /// Which callback.
    public enum Kind: Int32, Sendable, CaseIterable {
        /// The animator's ``Animator/onWillResume``.
        case willResume = 0
        /// The animator's ``Animator/onDidPause``.
        case didPause = 1
        /// The animator's ``Animator/onStep``.
        case step = 2
        /// A behavior's ``Behavior/action``.
        case action = 3
        /// A collision behavior's ``CollisionBehavior/onBeganContact``.
        case beganContact = 4
        /// A collision behavior's ``CollisionBehavior/onEndedContact``.
        case endedContact = 5
        /// A custom field's ``FieldBehavior/evaluate``.
        case fieldEvaluation = 6
        /// An animation's ``ViewAnimation/completion``.
        case completion = 7
        /// An item's user data pointer.
        case itemUserData = 8
        /// A value's change callback (``Animator/setOnChange(_:of:)``).
        case valueChange = 9
        /// A collision behavior's ``CollisionBehavior/preSolve``.
        case preSolve = 10
    }

    /// Which callback.
    public let kind: Kind
    /// The item, for `.itemUserData`.
    public let item: ItemID?
    /// The behavior, for `.action`, `.beganContact`, `.endedContact`, `.fieldEvaluation` and `.preSolve`.
    public let behavior: Behavior?
    /// The animation, for `.completion`.
    public let animation: ViewAnimation?
    /// The value, for `.valueChange`.
    public var value: ValueID? = nil
}

/// Callbacks recorded by a snapshot: one bit each. In a snapshot, a behavior's byte holds the
/// behavior bits (action 1, began 2, ended 4, evaluation 8, pre-solve 16) and the animator's byte its own
/// (will resume 1, did pause 2, step 4): see `behaviorFlags` and `animatorFlags`.
struct DetachedCallbackSet: OptionSet {
    let rawValue: UInt8
    static let action = DetachedCallbackSet(rawValue: 1)
    static let beganContact = DetachedCallbackSet(rawValue: 2)
    static let endedContact = DetachedCallbackSet(rawValue: 4)
    static let fieldEvaluation = DetachedCallbackSet(rawValue: 8)
    static let willResume = DetachedCallbackSet(rawValue: 16)
    static let didPause = DetachedCallbackSet(rawValue: 32)
    static let step = DetachedCallbackSet(rawValue: 64)
    static let preSolve = DetachedCallbackSet(rawValue: 128)

    /// The animator's bits as a snapshot stores them (will resume 1, did pause 2, step 4).
    var animatorFlags: UInt8 { (rawValue >> 4) & 7 }
    init(animatorFlags: UInt8) { rawValue = (animatorFlags & 7) << 4 }
    /// A behavior's bits as a snapshot stores them.
    var behaviorFlags: UInt8 { (rawValue & 15) | (rawValue & 128 != 0 ? 16 : 0) }
    init(behaviorFlags: UInt8) { rawValue = (behaviorFlags & 15) | (behaviorFlags & 16 != 0 ? 128 : 0) }
    init(rawValue: UInt8) { self.rawValue = rawValue }
}

/// The restored behaviors and animations that had callbacks, held weakly, in snapshot order.
struct DetachedOwners {
    private struct WeakBehavior { weak var behavior: Behavior? }
    private struct WeakAnimation { weak var animation: ViewAnimation? }
    private var behaviorList: [WeakBehavior] = []
    private var animationList: [WeakAnimation] = []

    mutating func add(_ b: Behavior) { behaviorList.append(WeakBehavior(behavior: b)) }
    mutating func add(_ a: ViewAnimation) { animationList.append(WeakAnimation(animation: a)) }

    /// The behaviors with callbacks still detached; drops the others.
    mutating func behaviors() -> [Behavior] {
        behaviorList.removeAll { ($0.behavior?.detachedCallbacks ?? []).isEmpty }
        return behaviorList.compactMap(\.behavior)
    }

    /// The animations with a completion still detached; drops the others.
    mutating func animations() -> [ViewAnimation] {
        animationList.removeAll { !($0.animation?.completionDetached ?? false) }
        return animationList.compactMap(\.animation)
    }
}

extension Animator {
    /// The callbacks a restored snapshot recorded as set that have not been set (or cleared)
    /// since, in the snapshot's order: the animator's, the items' user data (creation order),
    /// the behaviors' and the animations' completions. Empty for an animator not restored.
    public var detachedCallbacks: [DetachedCallback] {
        var list: [DetachedCallback] = []
        let animatorKinds: [(DetachedCallbackSet, DetachedCallback.Kind)] = [(.willResume, .willResume), (.didPause, .didPause),
                                                                            (.step, .step)]
        for (bit, kind) in animatorKinds where detachedCallbackMarks.contains(bit) {
            list.append(DetachedCallback(kind: kind, item: nil, behavior: nil, animation: nil))
        }
        if !detachedUserData.isEmpty {
            for s in store.order where detachedUserData.contains(s) {
                list.append(DetachedCallback(kind: .itemUserData, item: ItemID(slot: s, generation: store.generation[Int(s)]),
                                             behavior: nil, animation: nil))
            }
        }
        let behaviorKinds: [(DetachedCallbackSet, DetachedCallback.Kind)] = [(.action, .action), (.beganContact, .beganContact),
                                                                            (.endedContact, .endedContact),
                                                                            (.fieldEvaluation, .fieldEvaluation),
                                                                            (.preSolve, .preSolve)]
        for b in detachedOwners.behaviors() {
            for (bit, kind) in behaviorKinds where b.detachedCallbacks.contains(bit) {
                list.append(DetachedCallback(kind: kind, item: nil, behavior: b, animation: nil))
            }
        }
        for a in detachedOwners.animations() {
            list.append(DetachedCallback(kind: .completion, item: nil, behavior: nil, animation: a))
        }
        for s in values.order where values.callbackDetached[Int(s)] {
            list.append(DetachedCallback(kind: .valueChange, item: nil, behavior: nil, animation: nil, value: values.id(s)))
        }
        return list
    }
}

/// Everything an attachment holds, for snapshots.
struct AttachmentRecord {
    var kind: AttachmentKind
    var item: ItemID
    var offset: Vec2
    var otherItem: ItemID?
    var otherOffset: Vec2
    var anchorPoint: Vec2
    var length: Double
    var frequency: Double
    var damping: Double
    var frictionTorque: Double
    /// Format version 3 on; infinity (no bound) in earlier snapshots.
    var maxForce = Double.infinity
    /// Format version 3 on; 0 (no glide) in earlier snapshots.
    var anchorGlide = 0.0
    var range: ClosedRange<Double>
    /// Format version 6 on (0 in earlier snapshots): motor, joint spring, minimum length.
    var motorSpeed = 0.0
    var maxMotorForce = 0.0
    var jointSpringFrequency = 0.0
    var jointSpringDamping = 0.0
    var jointSpringRest = 0.0
    var minimumLength = 0.0
    var motorImpulse = 0.0
    var springImpulse = 0.0
    var motorForce = 0.0
    var axis: Vec2
    var referenceAngle: Double
    var perpendicularImpulse: Double
    var lowerImpulse: Double
    var upperImpulse: Double
    var previousAnchor: Vec2?
    var axialImpulse: Double
    var linearImpulse: Vec2
    var angularImpulse: Double

    init(kind: AttachmentKind, item: ItemID, offset: Vec2, otherItem: ItemID?, otherOffset: Vec2, anchorPoint: Vec2,
         length: Double, frequency: Double, damping: Double, frictionTorque: Double, range: ClosedRange<Double>,
         axis: Vec2, referenceAngle: Double, perpendicularImpulse: Double, lowerImpulse: Double, upperImpulse: Double,
         previousAnchor: Vec2?, axialImpulse: Double, linearImpulse: Vec2, angularImpulse: Double) {
        self.kind = kind
        self.item = item
        self.offset = offset
        self.otherItem = otherItem
        self.otherOffset = otherOffset
        self.anchorPoint = anchorPoint
        self.length = length
        self.frequency = frequency
        self.damping = damping
        self.frictionTorque = frictionTorque
        self.range = range
        self.axis = axis
        self.referenceAngle = referenceAngle
        self.perpendicularImpulse = perpendicularImpulse
        self.lowerImpulse = lowerImpulse
        self.upperImpulse = upperImpulse
        self.previousAnchor = previousAnchor
        self.axialImpulse = axialImpulse
        self.linearImpulse = linearImpulse
        self.angularImpulse = angularImpulse
    }

    init(_ a: AttachmentBehavior) {
        self.init(kind: a.attachmentKind, item: a.item, offset: a.offset, otherItem: a.otherItem, otherOffset: a.otherOffset,
                  anchorPoint: a.anchorPoint, length: a.length, frequency: a.frequency, damping: a.damping,
                  frictionTorque: a.frictionTorque, range: a.attachmentRange, axis: a.axis, referenceAngle: a.referenceAngle,
                  perpendicularImpulse: a.perpendicularImpulse, lowerImpulse: a.lowerImpulse, upperImpulse: a.upperImpulse,
                  previousAnchor: a.previousAnchor, axialImpulse: a.axialImpulse, linearImpulse: a.linearImpulse,
                  angularImpulse: a.angularImpulse)
        maxForce = a.maxForce
        anchorGlide = a.anchorGlide
        motorSpeed = a.motorSpeed
        maxMotorForce = a.maxMotorForce
        jointSpringFrequency = a.jointSpringFrequency
        jointSpringDamping = a.jointSpringDamping
        jointSpringRest = a.jointSpringRest
        minimumLength = a.minimumLength
        motorImpulse = a.motorImpulse
        springImpulse = a.springImpulse
        motorForce = a.motorForce
    }
}

/// Everything a field holds but its evaluation, for snapshots.
struct FieldRecord {
    var kind: FieldKind
    var position: Vec2
    var region: FieldRegion
    var strength: Double
    var falloff: Double
    var minimumRadius: Double
    var direction: Vec2
    var smoothness: Double
    var animationSpeed: Double
    var noiseTime: Double

    init(kind: FieldKind, position: Vec2, region: FieldRegion, strength: Double, falloff: Double, minimumRadius: Double,
         direction: Vec2, smoothness: Double, animationSpeed: Double, noiseTime: Double) {
        self.kind = kind
        self.position = position
        self.region = region
        self.strength = strength
        self.falloff = falloff
        self.minimumRadius = minimumRadius
        self.direction = direction
        self.smoothness = smoothness
        self.animationSpeed = animationSpeed
        self.noiseTime = noiseTime
    }

    init(_ f: FieldBehavior) {
        self.init(kind: f.fieldKind, position: f.position, region: f.region, strength: f.strength, falloff: f.falloff,
                  minimumRadius: f.minimumRadius, direction: f.direction, smoothness: f.smoothness,
                  animationSpeed: f.animationSpeed, noiseTime: f.noiseTime)
    }
}
