/// What a debug drawing includes (Box2D v3's `b2DebugDraw` flags).
public struct DebugDrawOptions: OptionSet, Sendable {
    /// The raw bits.
    public let rawValue: Int32
    /// Creates options from bits.
    public init(rawValue: Int32) { self.rawValue = rawValue }
    /// Every live item's collision shape: a polygon, or a circle with its turn.
    public static let shapes = DebugDrawOptions(rawValue: 1)
    /// Every attachment: a segment between its two points (a point for a pin).
    public static let attachments = DebugDrawOptions(rawValue: 2)
    /// Every boundary segment of the collision behaviors.
    public static let boundaries = DebugDrawOptions(rawValue: 4)
    /// The points of every touching contact, each with its normal (10 pt long).
    public static let contacts = DebugDrawOptions(rawValue: 8)
    /// Every live item's bounding box, as a polygon.
    public static let bounds = DebugDrawOptions(rawValue: 16)
    /// Shapes, attachments, boundaries and contacts (the default).
    public static let standard: DebugDrawOptions = [.shapes, .attachments, .boundaries, .contacts]
    /// Everything.
    public static let all: DebugDrawOptions = [.standard, .bounds]
}

/// One thing to draw, in reference coordinates (points), with a colour 0xRRGGBB from `DebugColor`.
public enum DebugPrimitive: Equatable, Sendable {
    /// A closed convex polygon, its vertices counter-clockwise on screen (y down).
    case polygon([Vec2], color: UInt32)
    /// A circle, turned by `angle` radians (a radius drawn along it shows the turn).
    case circle(center: Vec2, radius: Double, angle: Double, color: UInt32)
    /// A line segment.
    case segment(Vec2, Vec2, color: UInt32)
    /// A dot `size` points across.
    case point(Vec2, size: Double, color: UInt32)
}

/// The colours of a debug drawing, 0xRRGGBB (Box2D's choices of the same kinds, in spirit).
public enum DebugColor {
    /// An item that moves and is awake.
    public static let awake: UInt32 = 0xE6B31A
    /// An item asleep with its island.
    public static let asleep: UInt32 = 0x8C99B3
    /// An anchored item, or one no behavior governs.
    public static let anchored: UInt32 = 0x7F7F7F
    /// A sensor.
    public static let sensor: UInt32 = 0x33CC66
    /// A boundary segment.
    public static let boundary: UInt32 = 0xCC3333
    /// An attachment.
    public static let attachment: UInt32 = 0x3399FF
    /// A contact point.
    public static let contactPoint: UInt32 = 0xFF8000
    /// A contact normal.
    public static let contactNormal: UInt32 = 0xFFFFFF
    /// A bounding box.
    public static let bounds: UInt32 = 0xCC66CC
}

extension Animator {
    /// What the engine's state looks like, as primitives to draw (Box2D v3's debug draw), in
    /// this order: shapes (items in creation order), bounds, boundaries, attachments (in the
    /// behavior tree's order), contacts. A list, so that drawing it cannot change the animator
    /// while it is read. Not from inside a step.
    public func debugPrimitives(_ options: DebugDrawOptions = .standard) throws(AnimaError) -> [DebugPrimitive] {
        guard !isStepping else { throw AnimaError(.busy, "debug drawing is not available during a step") }
        prepareForQueries()
        var out: [DebugPrimitive] = []
        if options.contains(.shapes) {
            // a group has no shape of its own: its parts are drawn
            for slot in store.order where !store.isGroup(Int(slot)) { out.append(shapePrimitive(Int(slot))) }
        }
        if options.contains(.bounds) {
            for slot in store.order where !store.isGroup(Int(slot)) {
                let box = store.aabb(Int(slot))
                out.append(.polygon([box.lower, Vec2(box.upper.x, box.lower.y), box.upper, Vec2(box.lower.x, box.upper.y)],
                                    color: DebugColor.bounds))
            }
        }
        if options.contains(.boundaries) {
            for segment in world.segments { out.append(.segment(segment.p1, segment.p2, color: DebugColor.boundary)) }
        }
        if options.contains(.attachments) {
            for attachment in world.attachments { out.append(attachmentPrimitive(attachment)) }
        }
        if options.contains(.contacts) {
            for c in world.contacts where !c.isHole && c.touching {
                let n = c.manifold.normal
                for k in 0..<c.manifold.count {
                    let p = c.manifold.point(k).point
                    out.append(.point(p, size: 4, color: DebugColor.contactPoint))
                    out.append(.segment(p, p + 10 * n, color: DebugColor.contactNormal))
                }
            }
        }
        return out
    }

    /// A live slot's collision shape where it is.
    private func shapePrimitive(_ s: Int) -> DebugPrimitive {
        let color = store.isSensor[s] ? DebugColor.sensor
            : !store.governed[s] || store.invMass[s] == 0 ? DebugColor.anchored
            : store.asleep[s] ? DebugColor.asleep : DebugColor.awake
        let g = store.geometry[s], c = store.position[s]
        if g.isCircle { return .circle(center: c, radius: g.radius, angle: store.angle[s], color: color) }
        guard g.count >= 3 || g.radius > 0 else { return .point(c, size: 4, color: color) }
        let q = store.rotation[s]
        let vertices = withOutline(s) { v, n, count in
            (g.radius > 0 ? Animator.roundedOutline(v, n, count, g.radius) : (0..<count).map { v[$0] }).map { c + q.rotate($0) }
        }
        return .polygon(vertices, color: color)
    }

    /// The outline of a rounded polygon in its frame: about each core corner, an arc from the
    /// normal of the edge before it to the normal of the edge after it (the normals turn the way
    /// the outline runs), in steps of at most pi / 8; the edges join the arcs.
    static func roundedOutline(_ v: UnsafePointer<Vec2>, _ n: UnsafePointer<Vec2>, _ count: Int, _ radius: Double) -> [Vec2] {
        var points: [Vec2] = []
        for k in 0..<count {
            let before = n[(k + count - 1) % count], after = n[k]
            let start = arcTangent2(before.y, before.x)
            var sweep = arcTangent2(after.y, after.x) - start
            while sweep < 0 { sweep += 2 * Double.pi }
            let steps = max(1, Int((sweep / (Double.pi / 8)).rounded(.up)))
            for j in 0...steps {
                let angle = start + sweep * Double(j) / Double(steps)
                points.append(v[k] + radius * Vec2(cosine(angle), sine(angle)))
            }
        }
        return points
    }

    /// An attachment's two points: on its item and on its other item or its anchor.
    private func attachmentPrimitive(_ a: AttachmentBehavior) -> DebugPrimitive {
        func point(_ item: ItemID, _ offset: Vec2) -> Vec2 {
            guard store.isLive(item) else { return a.anchorPoint }
            let s = Int(item.slot)
            return store.position[s] + store.rotation[s].rotate(offset)
        }
        let from = point(a.item, a.offset)
        let to = a.otherItem.map { point($0, a.otherOffset) } ?? a.anchorPoint
        return .segment(from, to, color: DebugColor.attachment)
    }
}
