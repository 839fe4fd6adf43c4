/// A persistent pair of colliding shapes: item-item (a and b are slots) or boundary-item
/// (a = -1, segment names the boundary segment, b is the item's slot).
struct Contact {
    var key: UInt64
    var a: Int32
    var b: Int32
    var generationA: UInt32
    var generationB: UInt32
    var segmentID: UInt32
    var segment: Int32
    var manifold = Manifold()
    // accumulated impulses per manifold point, carried across steps by point id
    var normalImpulse0 = 0.0
    var tangentImpulse0 = 0.0
    var normalImpulse1 = 0.0
    var tangentImpulse1 = 0.0
    var maxNormalImpulse0 = 0.0
    var maxNormalImpulse1 = 0.0
    var friction = 0.0
    var restitution = 0.0
    var touching = false
    var lastPoint = Vec2.zero
    /// False while both sides sleep or are static: the manifold and touching state are kept as they were.
    var simulated = true
}

/// A candidate pair from the broad phase.
struct Pair {
    var key: UInt64
    var a: Int32
    var b: Int32
    var segment: Int32
}

/// A static boundary segment collected from the collision behaviors.
struct BoundarySegment {
    var p1: Vec2
    var p2: Vec2
    var owner: CollisionBehavior
    /// The owner's index in `WorldState.collisionBehaviors`.
    var ownerIndex: Int
    var id: UInt32
    var identifier: String?
}

/// Who reports a touching contact, fixed when it began.
struct TouchRecord {
    var reporters: [CollisionBehavior]
    var identifier: String?
}
