/// What a collision behavior's items collide with.
public struct CollisionMode: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: Int32
    /// Creates a mode from bits.
    public init(rawValue: Int32) { self.rawValue = rawValue }
    /// Items collide with each other.
    public static let items = CollisionMode(rawValue: 1)
    /// Items collide with the boundaries.
    public static let boundaries = CollisionMode(rawValue: 2)
    /// Both (the default).
    public static let everything: CollisionMode = [.items, .boundaries]
}

/// A began or ended contact, reported by a collision behavior.
public struct ContactEvent {
    /// The collision behavior reporting it.
    public let collision: CollisionBehavior
    /// True for began, false for ended.
    public let began: Bool
    /// The first item.
    public let item: ItemID
    /// The second item, or nil for a boundary contact.
    public let otherItem: ItemID?
    /// True for an item-boundary contact.
    public var isBoundary: Bool { otherItem == nil }
    /// The boundary identifier; nil for the reference-bounds boundary and for item pairs.
    public let boundaryIdentifier: String?
    /// The contact point in points (for ended: the last known point).
    public let point: Vec2
}

/// A hit: a contact of a collision behavior's items that was pushed apart in a step while its
/// surfaces approached faster than the behavior's `hitThreshold` (Box2D v3's hit events). It is
/// made in the step of the impact, for sounds and haptics; a contact resting or sliding makes none.
public struct HitEvent {
    /// The collision behavior reporting it.
    public let collision: CollisionBehavior
    /// The first item.
    public let item: ItemID
    /// The second item, or nil for a boundary contact.
    public let otherItem: ItemID?
    /// True for an item-boundary contact.
    public var isBoundary: Bool { otherItem == nil }
    /// The boundary identifier; nil for the reference-bounds boundary and for item pairs.
    public let boundaryIdentifier: String?
    /// Where the fastest point touched, in points, after the step's motion.
    public let point: Vec2
    /// The contact's unit normal, from `item` toward the other item or the boundary.
    public let normal: Vec2
    /// How fast the surfaces approached along the normal at the start of the step (pt/s,
    /// positive; the fastest of the contact's points that were pushed).
    public let approachSpeed: Double
    /// The normal impulse the solver applied over the step, summed over the contact's points
    /// (mass x pt/s; a 100 x 100 pt item of density 1 has mass 1).
    public let impulse: Double
}

/// A contact about to be solved, for a collision behavior's `preSolve` hook to keep or ignore
/// for this step (Box2D v3's pre-solve callback, pymunk's pre_solve): a one-way shelf ignores an
/// item below it, or one moving up through it.
public struct PreSolveContact {
    /// The collision behavior asking.
    public let collision: CollisionBehavior
    /// The first item.
    public let item: ItemID
    /// The second item, or nil for a boundary contact.
    public let otherItem: ItemID?
    /// True for an item-boundary contact.
    public var isBoundary: Bool { otherItem == nil }
    /// The boundary identifier; nil for the reference-bounds boundary and for item pairs.
    public let boundaryIdentifier: String?
    /// The contact's unit normal, from `item` toward the other item or the boundary.
    public let normal: Vec2
    /// The deepest of its points, at the start of the step (points).
    public let point: Vec2
    /// That point's separation along the normal (pt): negative when the shapes overlap, positive
    /// for a point still apart that the solver would stop from closing.
    public let separation: Double
    /// How many points the contact has (1 or 2).
    public let pointCount: Int
}

/// A named boundary: a polyline of points (two for a straight segment).
struct NamedBoundary {
    var identifier: String
    var points: [Vec2]
    var segmentIDs: [UInt32]
}

/// UICollisionBehavior: its items collide with each other and with its boundaries. Items in
/// different collision behaviors do not collide with each other.
public final class CollisionBehavior: Behavior {
    /// What the items collide with. Default everything.
    public private(set) var mode: CollisionMode = .everything
    /// Whether the animator's reference bounds (inset by `referenceBoundsInsets`) are a boundary.
    public private(set) var translatesReferenceBoundsIntoBoundary = false
    /// Insets applied to the reference bounds when they are a boundary.
    public private(set) var referenceBoundsInsets = EdgeInsets.zero
    /// Called after a step in which a contact began.
    public var onBeganContact: ((ContactEvent) -> Void)? {
        didSet { detachedCallbacks.remove(.beganContact) }
    }
    /// Called after a step in which a contact ended.
    public var onEndedContact: ((ContactEvent) -> Void)? {
        didSet { detachedCallbacks.remove(.endedContact) }
    }
    /// Called during each step, before the solver, for every contact of its items that has
    /// points and is about to be solved; false ignores the contact for this step (it pushes
    /// nothing and does not touch: no began event, and a touching one ends). Set it to nil for
    /// none (the default). The hook runs on the stepping thread, in contact order; it may read
    /// the animator, and what it changes takes effect from the next step. It is not in
    /// snapshots: a restored animator lists it in `detachedCallbacks` to set again.
    public var preSolve: ((PreSolveContact) -> Bool)? {
        didSet {
            detachedCallbacks.remove(.preSolve)
            // no graph change (that would rebuild the broad phase's queue): the step's flags only
            owner?.world.readCollisionOptions()
        }
    }

    /// The approach speed (pt/s) above which a contact of its items, pushed in a step, makes a
    /// `HitEvent`; nil (the default) makes none. Box2D's default threshold is 1 m/s, 100 pt/s.
    public private(set) var hitThreshold: Double?

    var boundaries: [NamedBoundary] = []
    var referenceSegmentIDs: [UInt32] = []

    /// Creates a collision behavior for `owner` over `items` (mode everything, no boundaries).
    public init(owner: Animator, items: [ItemID] = []) throws(AnimaError) {
        try super.init(owner: owner, kind: .collision, items: items)
    }

    /// A collision behavior rebuilt from a snapshot (its contact callbacks unset).
    init(restoring owner: Animator, mode: CollisionMode, translatesReferenceBounds: Bool, insets: EdgeInsets,
         boundaries: [NamedBoundary], referenceSegmentIDs: [UInt32], hitThreshold: Double?) {
        self.mode = mode
        self.hitThreshold = hitThreshold
        translatesReferenceBoundsIntoBoundary = translatesReferenceBounds
        referenceBoundsInsets = insets
        self.boundaries = boundaries
        self.referenceSegmentIDs = referenceSegmentIDs
        super.init(restoringOwner: owner, kind: .collision)
    }

    /// Sets the mode; it must be items, boundaries or both.
    public func setMode(_ m: CollisionMode) throws(AnimaError) {
        guard m.rawValue >= 1 && m.rawValue <= 3 else {
            throw AnimaError(.invalidArgument, "mode must be items (1), boundaries (2) or everything (3) (got \(m.rawValue))")
        }
        mode = m
        graphChanged()
    }

    /// Sets the approach speed above which its contacts make hit events: finite, 0 to
    /// `maximumSpeed` pt/s, or nil for none.
    public func setHitThreshold(_ threshold: Double?) throws(AnimaError) {
        if let t = threshold, !(t >= 0 && t <= maximumSpeed) {
            throw AnimaError(.invalidArgument, "hit threshold must be within 0 to \(maximumSpeed) pt/s, or none (got \(t))")
        }
        hitThreshold = threshold
        graphChanged()
    }

    /// Turns the reference-bounds boundary on or off with insets (finite).
    public func setTranslatesReferenceBoundsIntoBoundary(_ enabled: Bool, insets: EdgeInsets = .zero) throws(AnimaError) {
        guard insets.isFinite, max(abs(insets.top), abs(insets.left), abs(insets.bottom), abs(insets.right)) <= maximumCoordinate else {
            throw AnimaError(.invalidArgument, "insets must be finite and within +/-\(maximumCoordinate) pt")
        }
        translatesReferenceBoundsIntoBoundary = enabled
        referenceBoundsInsets = insets
        graphChanged()
    }

    /// The identifiers of the named boundaries, in the order added.
    public var boundaryIdentifiers: [String] { boundaries.map(\.identifier) }

    /// Adds, or replaces, a named straight boundary.
    public func addBoundary(identifier: String, from: Vec2, to: Vec2) throws(AnimaError) {
        try addBoundary(identifier: identifier, points: [from, to])
    }

    /// Adds, or replaces, a named boundary made of a polyline (at least 2 finite points, consecutive points distinct).
    public func addBoundary(identifier: String, points: [Vec2]) throws(AnimaError) {
        guard !identifier.isEmpty else { throw AnimaError(.invalidArgument, "identifier must not be empty") }
        guard points.count >= 2 else { throw AnimaError(.invalidArgument, "a boundary needs at least 2 points (got \(points.count))") }
        for p in points { try requireCoordinate(p, "boundary point") }
        for i in 1..<points.count where points[i] == points[i - 1] {
            throw AnimaError(.invalidArgument, "boundary points \(i - 1) and \(i) coincide at (\(points[i].x), \(points[i].y))")
        }
        var ids: [UInt32] = []
        for _ in 1..<points.count { ids.append(owner?.makeSegmentID() ?? 0) }
        let boundary = NamedBoundary(identifier: identifier, points: points, segmentIDs: ids)
        if let i = boundaries.firstIndex(where: { $0.identifier == identifier }) {
            boundaries[i] = boundary
        } else {
            boundaries.append(boundary)
        }
        graphChanged()
    }

    /// Adds, or replaces, a named boundary from a path (lines, quadratic and cubic Bezier
    /// curves, flattened; one continuous path).
    public func addBoundary(identifier: String, path: [PathElement]) throws(AnimaError) {
        try addBoundary(identifier: identifier, points: try BoundaryPath.flatten(path))
    }

    /// The points of a named boundary.
    public func boundary(identifier: String) throws(AnimaError) -> [Vec2] {
        guard let b = boundaries.first(where: { $0.identifier == identifier }) else {
            throw AnimaError(.notFound, "no boundary named \"\(identifier)\"")
        }
        return b.points
    }

    /// Removes a named boundary.
    public func removeBoundary(identifier: String) throws(AnimaError) {
        guard let i = boundaries.firstIndex(where: { $0.identifier == identifier }) else {
            throw AnimaError(.notFound, "no boundary named \"\(identifier)\"")
        }
        boundaries.remove(at: i)
        graphChanged()
    }

    /// Removes every named boundary (the reference-bounds boundary stays).
    public func removeAllBoundaries() {
        boundaries.removeAll()
        graphChanged()
    }
}
