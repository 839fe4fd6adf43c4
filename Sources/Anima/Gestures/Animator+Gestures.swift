extension Animator {
    // MARK: hit testing

    /// The item drawn at `point` (reference coordinates), or nil: the last created of the items
    /// whose shape holds the point, tested on the shape itself (a rectangle, an ellipse, a path, a
    /// capsule, a rounded rectangle),
    /// after the item's transform (translation, rotation, scale). Items of alpha 0 are skipped,
    /// as UIKit's hit testing skips hidden views.
    public func item(at point: Vec2) throws(AnimaError) -> ItemID? {
        try requireCoordinate(point, "point")
        for slot in store.order.reversed() where contains(Int(slot), point) {
            return ItemID(slot: slot, generation: store.generation[Int(slot)])
        }
        return nil
    }

    /// Whether the drawn shape of slot `s` holds `p`.
    func contains(_ s: Int, _ p: Vec2) -> Bool {
        // a group is hit through its parts
        if store.alpha[s] <= 0 || store.isGroup(s) { return false }
        let t = store.transform[s]
        let d = p - store.position[s] - Vec2(t.translationX, t.translationY)
        let local = store.rotation[s].inverseRotate(d)
        guard t.scaleX != 0 && t.scaleY != 0 else { return false }
        let x = local.x / t.scaleX, y = local.y / t.scaleY
        let half = Vec2(store.size[s].width / 2, store.size[s].height / 2)
        switch store.shape[s] {
        case .rectangle:
            return abs(x) <= half.x && abs(y) <= half.y
        case .ellipse:
            let u = x / half.x, v = y / half.y
            return u * u + v * v <= 1
        case .path:
            guard let path = store.path[s] else { return abs(x) <= half.x && abs(y) <= half.y }
            return polygonContains(path.points, Vec2(x, y))
        case .capsule, .roundedRectangle:
            // within r of the core rectangle (half sizes less r)
            let r = min(store.shape[s] == .capsule ? .infinity : store.cornerRadius[s], half.x, half.y)
            let outside = Vec2(max(abs(x) - (half.x - r), 0), max(abs(y) - (half.y - r), 0))
            return lengthSquared(outside) <= r * r
        }
    }

    // MARK: dragging

    /// A pointer grabs `item` at `point` (reference coordinates) at `time` (seconds, the pointer's
    /// clock): an anchor attachment of length 0 from that point of the item to the pointer, with a
    /// max force of `definition.maxAcceleration` x the item's mass, is added to the animator
    /// (UIKit's pan recipe, bounded as Box2D's mouse joint). What moved the item gives way without
    /// a jump: running view animations drop the item's centre and transform where they are (an
    /// animation left with nothing to animate ends at `.current`, not finished), and its snaps let
    /// go while it is held. Throws `.invalidArgument` for a non-finite point or time or a bad
    /// definition, `.invalidHandle` for an item that is not live.
    public func beginDrag(_ item: ItemID, at point: Vec2, time: Double,
                          definition: DragDefinition = DragDefinition()) throws(AnimaError) -> Drag {
        // a pointer on a part holds its group
        let item = try group(of: item) ?? item
        let s = try slot(of: item)
        try requireCoordinate(point, "point")
        guard time.isFinite else { throw AnimaError(.invalidArgument, "time must be finite (got \(time))") }
        guard definition.maxAcceleration > 0 && !definition.maxAcceleration.isNaN else {
            throw AnimaError(.invalidArgument, "max acceleration must be > 0 or infinity (got \(definition.maxAcceleration))")
        }
        let offset = try localOffset(of: item, worldPoint: point)
        let attachment = try AttachmentBehavior(owner: self, item: item, offset: offset, anchor: point)
        try attachment.setLength(0)
        try attachment.setFrequency(definition.frequency)
        try attachment.setDamping(definition.damping)
        // the store keeps density x area / 10 000 for every item, governed or not yet
        try attachment.setMaxForce(definition.maxAcceleration * max(store.mass[s], 1e-12))
        let drag = Drag(item: item, attachment: attachment)
        try drag.tracker.add(time: time, point: point)
        releaseAnimations(of: item)
        try addBehavior(attachment)
        drags[ObjectIdentifier(attachment)] = drag
        world.heldSlots[Int32(s), default: 0] += 1
        return drag
    }

    /// The pointer moved: the attachment's anchor follows (the item with it, through the
    /// solver) and the sample is kept for the release velocity. The anchor glides to the new
    /// point over the time the pointer took since its last sample (at most 0.1 s), so the item
    /// moves at the pointer's pace in every step, not all at once in the first step after a
    /// sample.
    public func moveDrag(_ drag: Drag, to point: Vec2, time: Double) throws(AnimaError) {
        try requireActive(drag)
        try requireCoordinate(point, "point")
        let previous = drag.tracker.samples.last?.time
        try drag.tracker.add(time: time, point: point)
        try drag.attachment.setAnchorPoint(point)
        if let previous, time > previous {
            drag.attachment.anchorGlide = min(time - previous, 0.1)
        }
    }

    /// The pointer let go at `time`: the attachment is removed and the item leaves with the
    /// pointer's velocity (least squares over its last 100 ms; zero when it had stopped for
    /// 40 ms, ``VelocityTracker``), which is returned, in pt/s. Its snaps take hold again.
    @discardableResult
    public func endDrag(_ drag: Drag, time: Double) throws(AnimaError) -> Vec2 {
        try requireActive(drag)
        guard time.isFinite else { throw AnimaError(.invalidArgument, "time must be finite (got \(time))") }
        let velocity = drag.tracker.velocity(at: time)
        finish(drag)
        if store.isLive(drag.item) { try setLinearVelocity(velocity, of: drag.item) }
        return velocity
    }

    /// The drag that `attachment` belongs to, if it is an active drag's.
    public func drag(of attachment: AttachmentBehavior) -> Drag? { drags[ObjectIdentifier(attachment)] }

    private func requireActive(_ drag: Drag) throws(AnimaError) {
        guard drag.isActive, drags[ObjectIdentifier(drag.attachment)] === drag else {
            throw AnimaError(.invalidState, "the drag has ended")
        }
        guard drag.attachment.isAdded, store.isLive(drag.item) else {
            finish(drag)
            throw AnimaError(.invalidState, "the drag has ended: its attachment was removed or its item destroyed")
        }
    }

    /// Ends a drag without giving the item a velocity (also when its attachment was removed).
    func finish(_ drag: Drag) {
        guard drag.isActive else { return }
        drag.isActive = false
        drags[ObjectIdentifier(drag.attachment)] = nil
        if drag.attachment.isAdded && drag.attachment.parent == nil { removeBehavior(drag.attachment) }
        let slot = drag.item.slot
        if let count = world.heldSlots[slot] { world.heldSlots[slot] = count > 1 ? count - 1 : nil }
        wake()
    }

    /// Running view animations let go of an item's centre and transform where they are.
    func releaseAnimations(of item: ItemID) {
        for a in animations where a.isActive {
            let before = a.tracks.count
            a.tracks.removeAll { $0.moves(item, .center) || $0.moves(item, .transform) }
            if a.tracks.count != before && a.tracks.isEmpty {
                try? stopAnimation(a, at: .current)
            }
        }
    }
}

/// Even-odd rule: whether `p` lies inside the polygon `points` (any winding, concave too).
func polygonContains(_ points: [Vec2], _ p: Vec2) -> Bool {
    var inside = false
    var j = points.count - 1
    for i in 0..<points.count {
        let a = points[i], b = points[j]
        if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
            inside.toggle()
        }
        j = i
    }
    return inside
}
