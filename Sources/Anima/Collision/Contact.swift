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
    // The accumulated impulses per manifold point, carried across steps by point id, and the
    // pair's materials, stored in single precision: the wide solver works in it, so its
    // impulses keep every bit (and a contact record is 176 bytes, not 216, which counts in a
    // crowd of pairs: 10 000 boxes falling into a pile hold up to 220 000 of them).
    @SinglePrecision var normalImpulse0 = 0.0
    @SinglePrecision var tangentImpulse0 = 0.0
    @SinglePrecision var normalImpulse1 = 0.0
    @SinglePrecision var tangentImpulse1 = 0.0
    @SinglePrecision var maxNormalImpulse0 = 0.0
    @SinglePrecision var maxNormalImpulse1 = 0.0
    @SinglePrecision var friction = 0.0
    @SinglePrecision var restitution = 0.0
    var touching = false
    /// False while both sides sleep or are static: the manifold and touching state are kept as they were.
    var simulated = true
    /// Steps the manifold has been carried forward without colliding the shapes again (see
    /// `Animator.updateManifold`); 0 when it was just computed.
    var manifoldAge: UInt8 = 0
    var lastPoint = Vec2.zero

    /// Whether this record is a hole left by a contact that ended (see `WorldState.contactHoles`).
    @inline(__always) var isHole: Bool { key == 0 }

    /// Turns the record into a hole: key 0 (no pair has it: an item pair's key has a < b, a
    /// boundary's has its segment bit), no points, not touching or simulated, no segment.
    @inline(__always) mutating func makeHole() {
        key = 0
        a = -1
        segment = -1
        manifold = Manifold()
        touching = false
        simulated = false
        manifoldAge = 0
    }
}

/// What the contact update reads of every pair in every step, kept beside the contact records
/// (`WorldState.contactHeads`: one per record, at the record's index, always equal to
/// `ContactHead(record)`). Most live pairs of a crowd are pairs whose items are apart (their fat
/// boxes overlap, their shapes do not: 150 000 of the 180 000 pairs of the 10 000-box pile);
/// the update of such a pair reads these 16 bytes instead of the 176-byte record, and a pass
/// over them streams a ninth of the memory.
struct ContactHead: Equatable {
    var a: Int32
    var b: Int32
    var segment: Int32
    /// The manifold's point count.
    var pointCount: UInt8
    var touching: Bool
    var simulated: Bool
    var isHole: Bool

    @inline(__always) init(_ c: Contact) {
        a = c.a
        b = c.b
        segment = c.segment
        pointCount = UInt8(truncatingIfNeeded: c.manifold.count)
        touching = c.touching
        simulated = c.simulated
        isHole = c.isHole
    }
}

/// A `Double` property stored in four bytes, as a `Float`.
@propertyWrapper
struct SinglePrecision {
    private var stored: Float

    init(wrappedValue: Double) { stored = Float(wrappedValue) }

    var wrappedValue: Double {
        @inline(__always) get { Double(stored) }
        @inline(__always) set { stored = Float(newValue) }
    }
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

/// Who reports a touching contact, fixed when it began. The first reporter is kept apart from
/// any others: most contacts have one, and a list of one was an allocation for every contact
/// that began (thousands a step in a crowd that lands).
struct TouchRecord {
    var first: CollisionBehavior?
    var others: [CollisionBehavior] = []
    var identifier: String?

    init(identifier: String? = nil) {
        self.identifier = identifier
    }

    init(reporters: [CollisionBehavior], identifier: String?) {
        self.identifier = identifier
        for r in reporters { add(r) }
    }

    /// Every reporter, in order.
    var reporters: [CollisionBehavior] { first.map { [$0] + others } ?? [] }

    mutating func add(_ reporter: CollisionBehavior) {
        if first == nil { first = reporter } else { others.append(reporter) }
    }

    @inline(__always) func forEach(_ body: (CollisionBehavior) -> Void) {
        if let first { body(first) }
        for r in others { body(r) }
    }
}
