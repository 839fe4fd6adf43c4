/// Material and motion properties that item behaviors give an item.
public struct ItemProperties: Equatable, Sendable {
    /// Coefficient of restitution, 0 (no bounce) ... 1 (elastic).
    public var elasticity: Double
    /// Coulomb friction coefficient, >= 0.
    public var friction: Double
    /// Relative density, > 0; mass = density x area / 10 000.
    public var density: Double
    /// Linear damping in 1/s, >= 0.
    public var resistance: Double
    /// Angular damping in 1/s, >= 0.
    public var angularResistance: Double
    /// Charge, used by electric and magnetic fields.
    public var charge: Double
    /// Whether the item may rotate.
    public var allowsRotation: Bool
    /// An anchored item collides but never moves.
    public var anchored: Bool

    /// Creates properties; defaults are UIDynamicItemBehavior's.
    public init(elasticity: Double = 0, friction: Double = 0, density: Double = 1, resistance: Double = 0,
                angularResistance: Double = 0, charge: Double = 0, allowsRotation: Bool = true, anchored: Bool = false) {
        self.elasticity = elasticity
        self.friction = friction
        self.density = density
        self.resistance = resistance
        self.angularResistance = angularResistance
        self.charge = charge
        self.allowsRotation = allowsRotation
        self.anchored = anchored
    }

    /// What an item governed by no item behavior uses, as measured on iOS: it bounces a little
    /// (elasticity 0.2), has friction 0.2 and slows by 0.1/s linearly and angularly.
    public static let implicit = ItemProperties(elasticity: 0.2, friction: 0.2, density: 1, resistance: 0.1,
                                                angularResistance: 0.1)

    /// Checks every field's range.
    public func validate() throws(AnimaError) {
        try requireRange(elasticity, 0, 1, "elasticity")
        try requireNonNegative(friction, "friction")
        try requireRange(density, 1e-6, 1e6, "density")
        try requireNonNegative(resistance, "resistance")
        try requireNonNegative(angularResistance, "angularResistance")
        try requireFinite(charge, "charge")
    }
}

/// How to create an item.
public struct ItemDefinition: Sendable {
    /// Centre in points.
    public var center: Vec2
    /// Bounds size in points (both > 0).
    public var size: Size
    /// Rotation, scale and drawing offset.
    public var transform: ItemTransform
    /// Opacity 0...1 (not used by dynamics).
    public var alpha: Double
    /// Collision bounds.
    public var shape: CollisionShape
    /// Initial linear velocity in pt/s.
    public var linearVelocity: Vec2
    /// Initial angular velocity in rad/s.
    public var angularVelocity: Double
    /// The collision outline when `shape` is `.path`.
    public var path: ItemPath?
    /// How far a `.roundedRectangle`'s corners are rounded, in points (0...1e7; at most half the
    /// shorter side counts); default 0.
    public var cornerRadius: Double

    /// Creates a definition; the defaults make a 100 x 100 pt rectangle at the origin, at rest.
    public init(center: Vec2 = Vec2(0, 0), size: Size = Size(width: 100, height: 100),
                transform: ItemTransform = .identity, alpha: Double = 1, shape: CollisionShape = .rectangle,
                linearVelocity: Vec2 = Vec2(0, 0), angularVelocity: Double = 0, path: ItemPath? = nil,
                cornerRadius: Double = 0) {
        self.center = center
        self.size = size
        self.transform = transform
        self.alpha = alpha
        self.shape = shape
        self.linearVelocity = linearVelocity
        self.angularVelocity = angularVelocity
        self.path = path
        self.cornerRadius = cornerRadius
    }

    func validate() throws(AnimaError) {
        if shape == .path && path == nil {
            throw AnimaError(.invalidArgument, "a path shape needs the path's points")
        }
        try requireCoordinate(center, "center")
        try validateSize(size)
        try validateTransform(transform)
        try requireRange(alpha, 0, 1, "alpha")
        try requireSpeed(linearVelocity, "linearVelocity")
        try requireAngularSpeed(angularVelocity, "angularVelocity")
        try validateCornerRadius(cornerRadius)
    }
}

func validateCornerRadius(_ radius: Double) throws(AnimaError) {
    if !(radius.isFinite && radius >= 0 && radius <= maximumItemDimension) {
        throw AnimaError(.invalidArgument, "corner radius must be 0...\(maximumItemDimension) pt (got \(radius))")
    }
}

/// The largest width or height an item may have, in points.
public let maximumItemDimension = 1.0e7

/// The smallest width or height an item may have, in points (scale included).
public let minimumItemDimension = 1.0e-3

func validateSize(_ size: Size) throws(AnimaError) {
    if !(size.width.isFinite && size.height.isFinite && size.width > 0 && size.height > 0) {
        throw AnimaError(.invalidArgument, "size must be finite with width and height > 0 (got \(size.width) x \(size.height))")
    }
    if size.width < minimumItemDimension || size.height < minimumItemDimension {
        throw AnimaError(.invalidArgument, "size must be at least \(minimumItemDimension) pt per side (got \(size.width) x \(size.height))")
    }
    if size.width > maximumItemDimension || size.height > maximumItemDimension {
        throw AnimaError(.invalidArgument, "size must be at most \(maximumItemDimension) pt per side (got \(size.width) x \(size.height))")
    }
}

func validateTransform(_ t: ItemTransform) throws(AnimaError) {
    try requireFinite(t.rotation, "transform rotation")
    if abs(t.rotation) > 1e9 { throw AnimaError(.invalidArgument, "transform rotation must be within +/-1e9 rad (got \(t.rotation))") }
    try requireFinite(t.translationX, "transform translation x")
    try requireFinite(t.translationY, "transform translation y")
    if !(t.scaleX.isFinite && t.scaleY.isFinite && t.scaleX != 0 && t.scaleY != 0) {
        throw AnimaError(.invalidArgument, "transform scale must be finite and non-zero (got \(t.scaleX), \(t.scaleY))")
    }
    if abs(t.scaleX) > 1e6 || abs(t.scaleY) > 1e6 || abs(t.scaleX) < 1e-6 || abs(t.scaleY) < 1e-6 {
        throw AnimaError(.invalidArgument, "transform scale must be 1e-6...1e6 in magnitude (got \(t.scaleX), \(t.scaleY))")
    }
}

/// Struct-of-arrays storage of every item of an animator. Slots of destroyed items are reused.
final class ItemStore {
    /// How many item slots an animator has at most: slots are Int32 in handles, proxies and
    /// contacts (with room left for one past the end), and a snapshot reads back this many.
    static let maximumSlots = Int(Int32.max) - 2

    // identity
    var generation: [UInt32] = []
    var alive: [Bool] = []
    var freeSlots: [Int32] = []
    /// Live slots in creation order.
    var order: [Int32] = []

    // state
    var position: [Vec2] = []
    var angle: [Double] = []
    var rotation: [Rotation] = []
    var velocity: [Vec2] = []
    var angularVelocity: [Double] = []
    var size: [Size] = []
    var transform: [ItemTransform] = []
    var alpha: [Double] = []
    var shape: [CollisionShape] = []
    var path: [ItemPath?] = []
    /// The corner radius a `.roundedRectangle` is rounded by (kept for any shape).
    var cornerRadius: [Double] = []
    var userData: [UnsafeMutableRawPointer?] = []

    // geometry (rebuilt when size, scale or shape change)
    var geometry: [ShapeGeometry] = []
    /// The collision outlines of all slots in two shared pools: slot i's `geometry[i].count`
    /// vertices and edge normals start at `outlineStart[i]`, in room for `outlineRoom[i]` (a
    /// rectangle takes 4, a circle none). An outline that outgrows its room moves to the end
    /// of the pools; the room it leaves is not reused (outlines rarely grow).
    var localVertices: [Vec2] = []
    var localNormals: [Vec2] = []
    var outlineStart: [Int32] = []
    var outlineRoom: [UInt8] = []
    /// Where `rebuildOutline` builds an outline before it goes to the pools.
    private var outlineScratch = [Vec2](repeating: .zero, count: 2 * maxPolygonVertices)

    // derived from the behavior graph (see Animator.rebuildGraph)
    var governed: [Bool] = []
    var properties: [ItemProperties] = []
    var gravity: [Vec2] = []
    var collisionMask: [UInt64] = []
    var boundaryMask: [UInt64] = []
    var invMass: [Double] = []
    var invInertia: [Double] = []
    var mass: [Double] = []
    var restTime: [Double] = []
    /// Whether the slot was anchored at the last graph rebuild (an item that becomes anchored stops).
    var wasAnchored: [Bool] = []
    /// Whether the item sleeps with its island (see World+Islands.swift), and which island.
    var asleep: [Bool] = []
    var island: [Int32] = []
    /// Whether the caller set the velocity since the last step (an item that becomes anchored
    /// then keeps that velocity instead of stopping).
    var velocityGiven: [Bool] = []
    /// Whether the item's pose or shape was set from outside the solver (a setter, an animation,
    /// `updateItemUsingCurrentState`) since the last contact update: its contacts then collide
    /// their shapes again instead of carrying their manifolds forward.
    var poseEdited: [Bool] = []
    /// Whether the item is a sensor: it collides with nothing and reports the items that overlap
    /// it (Animator+Sensors.swift).
    var isSensor: [Bool] = []
    /// Per slot, the item's collision group, 0 for none: two items of the same group other than
    /// 0 never collide (Animator.setCollisionGroup). `collisionGroupCount` counts the live items
    /// with one, so that the pair rules read the groups only when there are any.
    var collisionGroup: [Int32] = []
    var collisionGroupCount = 0
    /// Broad-phase proxy of the slot, or -1.
    var proxy: [Int32] = []
    /// Item groups (UIDynamicItemGroup): per slot, the group a part belongs to (the group's
    /// slot), or -1; a part's pose in its group's frame (centre offset from the group's centre
    /// of mass, unturned, and angle). A group is an item with no shape of its own: its parts'
    /// shapes collide, its body is theirs joined (see Animator+Groups.swift).
    var groupOf: [Int32] = []
    var partOffset: [Vec2] = []
    var partAngle: [Double] = []
    /// Each group's parts in the order given, by the group's slot, and the group slots, ascending.
    var groupParts: [Int32: [Int32]] = [:]
    var groupSlots: [Int32] = []
    /// Changes whenever a slot is made, freed or its mass rebuilt, and whenever the behavior graph
    /// is rebuilt: what decides whether an existing contact's two items may still collide (see
    /// `Animator.contactStillValid`).
    var pairRulesVersion: UInt64 = 0
    /// Order of creation, for listing items in the order they were made.
    var creation: [UInt64] = []
    var created: UInt64 = 0

    var count: Int { alive.count }

    func isLive(_ id: ItemID) -> Bool {
        id.slot >= 0 && Int(id.slot) < alive.count && alive[Int(id.slot)] && generation[Int(id.slot)] == id.generation
    }

    /// Slots every per-slot array has room for (see `reserveSlot`).
    private(set) var reservedSlots = 0
    /// The animator's memory budget, which growths through the gate are checked against.
    var budget: MemoryBudget? = nil
    /// The bytes of the step's storage a slot takes (`World.stepBytesPerItem`): the budget
    /// counts them when the slot is reserved, so that items that could be made can be stepped.
    var stepBytesPerSlot = 0

    /// What the store's checked storage holds, in bytes: its per-slot arrays and outline pools.
    var heldBytes: Int {
        reservedSlots * ItemStore.bytesPerSlot + (localVertices.capacity + localNormals.capacity) * MemoryLayout<Vec2>.stride
    }

    /// Makes sure the next `allocate` allocates nothing: when no freed slot is left and the
    /// arrays are full, their room grows (to twice the slots) through `MemoryGate`, and the
    /// outline pools get room for one more outline of the most vertices. Throws `.outOfMemory`
    /// with nothing changed when the memory cannot be had.
    func reserveSlot(_ caller: String) throws(AnimaError) {
        try reserveOutline(caller)
        // a reused slot needs room in `order` only (a restored store's lists are exactly full)
        let count = freeSlots.isEmpty || order.count >= order.capacity ? alive.count : 0
        guard let grown = try MemoryGate.slotRoom(count: count, reserved: reservedSlots, limit: ItemStore.maximumSlots,
                                                  bytesPerSlot: ItemStore.bytesPerSlot,
                                                  countedPerSlot: ItemStore.bytesPerSlot + stepBytesPerSlot, budget: budget,
                                                  "\(caller): the item storage")
        else { return }
        func room<T>(_ array: inout [T]) { array.reserveCapacity(grown) }
        room(&generation); room(&alive); room(&freeSlots); room(&order)
        room(&position); room(&angle); room(&rotation); room(&velocity); room(&angularVelocity)
        room(&size); room(&transform); room(&alpha); room(&shape); room(&path); room(&cornerRadius)
        room(&userData); room(&geometry); room(&outlineStart); room(&outlineRoom); room(&governed)
        room(&properties); room(&gravity); room(&collisionMask); room(&boundaryMask); room(&invMass)
        room(&invInertia); room(&mass); room(&restTime); room(&wasAnchored); room(&asleep)
        room(&island); room(&proxy); room(&creation); room(&velocityGiven); room(&poseEdited)
        room(&isSensor); room(&collisionGroup); room(&groupOf); room(&partOffset); room(&partAngle)
        reservedSlots = grown
    }

    /// Makes sure the outline pools can take one more outline of `maxPolygonVertices` without
    /// allocating (a shape, size or path change may move an outline to the pools' end).
    func reserveOutline(_ caller: String) throws(AnimaError) {
        let needed = localVertices.count + maxPolygonVertices
        guard needed > localVertices.capacity || needed > localNormals.capacity else { return }
        let grown = MemoryGate.grownCapacity(count: localVertices.count, extra: maxPolygonVertices)
        try MemoryGate.check(bytes: 2 * grown * MemoryLayout<Vec2>.stride,
                             counted: (2 * grown - localVertices.capacity - localNormals.capacity) * MemoryLayout<Vec2>.stride,
                             budget: budget, "\(caller): the outline pools, grown to \(grown) vertices,")
        localVertices.reserveCapacity(grown)
        localNormals.reserveCapacity(grown)
    }

    /// The bytes one slot takes in the arrays `reserveSlot` grows.
    static let bytesPerSlot: Int = {
        func b<T>(_: T.Type) -> Int { MemoryLayout<T>.stride }
        return b(UInt32.self) + b(Bool.self) + 2 * b(Int32.self) + b(Vec2.self) + b(Double.self) + b(Rotation.self)
            + b(Vec2.self) + b(Double.self) + b(Size.self) + b(ItemTransform.self) + b(Double.self)
            + b(CollisionShape.self) + b(ItemPath?.self) + b(Double.self) + b(UnsafeMutableRawPointer?.self)
            + b(ShapeGeometry.self) + b(Int32.self) + b(UInt8.self) + b(Bool.self) + b(ItemProperties.self)
            + b(Vec2.self) + 2 * b(UInt64.self) + 4 * b(Double.self) + 2 * b(Bool.self) + 2 * b(Int32.self)
            + b(UInt64.self) + 3 * b(Bool.self) + 2 * b(Int32.self) + b(Vec2.self) + b(Double.self)
    }()

    func allocate(_ def: ItemDefinition) -> ItemID {
        pairRulesVersion &+= 1
        let gen = Generation.next()
        let slot: Int
        if let reused = freeSlots.popLast() {
            slot = Int(reused)
            generation[slot] = gen
            alive[slot] = true
        } else {
            slot = alive.count
            generation.append(gen)
            alive.append(true)
            position.append(.zero)
            angle.append(0)
            rotation.append(.identity)
            velocity.append(.zero)
            angularVelocity.append(0)
            size.append(.zero)
            transform.append(.identity)
            alpha.append(1)
            shape.append(.rectangle)
            path.append(nil)
            cornerRadius.append(0)
            userData.append(nil)
            geometry.append(ShapeGeometry(isCircle: true, radius: 0, count: 0, extent: 0, area: 0, inertiaPerMass: 0))
            outlineStart.append(Int32(localVertices.count))
            outlineRoom.append(0)
            governed.append(false)
            properties.append(.implicit)
            gravity.append(.zero)
            collisionMask.append(0)
            boundaryMask.append(0)
            invMass.append(0)
            invInertia.append(0)
            mass.append(0)
            restTime.append(0)
            wasAnchored.append(false)
            asleep.append(false)
            island.append(-1)
            proxy.append(-1)
            creation.append(0)
            velocityGiven.append(false)
            poseEdited.append(false)
            isSensor.append(false)
            collisionGroup.append(0)
            groupOf.append(-1)
            partOffset.append(.zero)
            partAngle.append(0)
        }
        created += 1
        creation[slot] = created
        position[slot] = def.center
        angle[slot] = def.transform.rotation
        rotation[slot] = Rotation(angle: def.transform.rotation)
        velocity[slot] = def.linearVelocity
        angularVelocity[slot] = def.angularVelocity
        size[slot] = def.size
        transform[slot] = def.transform
        alpha[slot] = def.alpha
        shape[slot] = def.shape
        path[slot] = def.path
        cornerRadius[slot] = def.cornerRadius
        userData[slot] = nil
        governed[slot] = false
        properties[slot] = .implicit
        gravity[slot] = .zero
        collisionMask[slot] = 0
        boundaryMask[slot] = 0
        restTime[slot] = 0
        wasAnchored[slot] = false
        asleep[slot] = false
        island[slot] = -1
        velocityGiven[slot] = false
        poseEdited[slot] = false
        isSensor[slot] = false
        collisionGroup[slot] = 0
        groupOf[slot] = -1
        partOffset[slot] = .zero
        partAngle[slot] = 0
        rebuildGeometry(slot)
        order.append(Int32(slot))
        return ItemID(slot: Int32(slot), generation: gen)
    }

    /// Marks a slot dead. A slot that is not `reusable` yet (freed during a step) goes to the
    /// free list later, through `release(_:)`.
    func free(_ slot: Int, reusable: Bool = true) {
        pairRulesVersion &+= 1
        alive[slot] = false
        governed[slot] = false
        collisionMask[slot] = 0
        boundaryMask[slot] = 0
        proxy[slot] = -1
        groupOf[slot] = -1
        if collisionGroup[slot] != 0 {
            collisionGroup[slot] = 0
            collisionGroupCount -= 1
        }
        if reusable { freeSlots.append(Int32(slot)) }
        if let i = order.firstIndex(of: Int32(slot)) { order.remove(at: i) }
    }

    /// Makes dead slots reusable.
    func release(_ slots: [Int32]) {
        freeSlots.append(contentsOf: slots)
    }

    /// Rebuilds the collision outline and the mass properties of one slot.
    func rebuildGeometry(_ slot: Int) {
        pairRulesVersion &+= 1
        rebuildOutline(slot)
        updateMass(slot)
    }

    /// Rebuilds the collision outline of one slot from its shape, size, scale and path.
    func rebuildOutline(_ slot: Int) {
        if isGroup(slot) {
            // a group has no shape of its own: a zero-area circle, which nothing collides with
            // or finds (its parts' shapes collide)
            geometry[slot] = ShapeGeometry(isCircle: true, radius: 0, count: 0, extent: 0, area: 0, inertiaPerMass: 0)
            return
        }
        let t = transform[slot]
        let shapeKind = shape[slot]
        let sz = size[slot]
        let outline = path[slot]
        let g = outlineScratch.withUnsafeMutableBufferPointer { scratch in
            ShapeBuilder.build(shape: shapeKind, size: sz, scaleX: t.scaleX, scaleY: t.scaleY, path: outline,
                               cornerRadius: cornerRadius[slot], vertices: scratch.baseAddress!, normals: scratch.baseAddress! + maxPolygonVertices)
        }
        let count = Int(g.count)
        if count > Int(outlineRoom[slot]) {
            outlineStart[slot] = Int32(localVertices.count)
            outlineRoom[slot] = UInt8(count)
            localVertices.append(contentsOf: repeatElement(Vec2.zero, count: count))
            localNormals.append(contentsOf: repeatElement(Vec2.zero, count: count))
        }
        let base = Int(outlineStart[slot])
        for k in 0..<count {
            localVertices[base + k] = outlineScratch[k]
            localNormals[base + k] = outlineScratch[maxPolygonVertices + k]
        }
        geometry[slot] = g
    }

    /// mass = density x area / 10 000; inertia = mass x (second moment per unit mass).
    func updateMass(_ slot: Int) {
        let p = properties[slot]
        let g = geometry[slot]
        let m = p.density * g.area / 10_000
        mass[slot] = m
        if p.anchored || !governed[slot] || !(m > 0) {
            invMass[slot] = 0
            invInertia[slot] = 0
        } else {
            invMass[slot] = 1 / m
            let inertia = m * g.inertiaPerMass
            invInertia[slot] = (p.allowsRotation && inertia > 0) ? 1 / inertia : 0
        }
    }

    /// Whether slot s is a group (an item whose body is its parts').
    @inline(__always) func isGroup(_ s: Int) -> Bool { !groupSlots.isEmpty && groupParts[Int32(s)] != nil }

    /// Puts group g's parts where its pose says, moving at its velocity: centre c + q r, angle
    /// + the part's, velocity v + w x (q r), the group's angular velocity.
    func placeParts(of g: Int) {
        guard !groupSlots.isEmpty, let parts = groupParts[Int32(g)] else { return }
        let c = position[g], q = rotation[g], a = angle[g], v = velocity[g], w = angularVelocity[g]
        for m in parts {
            let i = Int(m)
            let r = q.rotate(partOffset[i])
            position[i] = c + r
            angle[i] = a + partAngle[i]
            rotation[i] = Rotation(angle: angle[i])
            velocity[i] = v + cross(w, r)
            angularVelocity[i] = w
        }
    }

    /// The world-space bounding box of a slot's collision shape.
    func aabb(_ slot: Int) -> AABB {
        let g = geometry[slot]
        let p = position[slot]
        let r = Vec2(g.radius, g.radius)
        if g.isCircle { return AABB(lower: p - r, upper: p + r) }
        let q = rotation[slot]
        let base = Int(outlineStart[slot])
        var lower = Vec2(Double.infinity, Double.infinity)
        var upper = -lower
        for i in 0..<Int(g.count) {
            let v = p + q.rotate(localVertices[base + i])
            lower = pointwiseMin(lower, v)
            upper = pointwiseMax(upper, v)
        }
        return AABB(lower: lower - r, upper: upper + r)
    }
}
