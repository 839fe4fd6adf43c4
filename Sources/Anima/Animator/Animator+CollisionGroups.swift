/// Collision groups: items that share a collision behavior yet must never meet each other, as
/// the bones of one rag doll or the parts of one control (pymunk's `ShapeFilter.group`, Box2D's
/// negative `groupIndex`). Two items of the same group other than 0 never collide; every other
/// rule of the pair still holds. Sensors' visitors and the queries do not look at groups.
extension Animator {
    /// The largest collision group.
    public static let maximumCollisionGroup = Int32.max

    /// Puts the item in a collision group (0, the default, for none; 0...`Int32.max`). From the
    /// next step it no longer collides with the items of its new group (their contacts end, with
    /// their ended events) and may again collide with those of its old one. A group of items
    /// (UIDynamicItemGroup) has no shape of its own: give its parts a collision group instead.
    public func setCollisionGroup(_ group: Int32, of item: ItemID) throws(AnimaError) {
        let s = try slot(of: item)
        guard group >= 0 else {
            throw AnimaError(.invalidArgument, "collision group must be 0...\(Animator.maximumCollisionGroup) (got \(group))")
        }
        if store.isGroup(s) {
            throw AnimaError(.invalidState, "a group has no shape of its own: give its parts a collision group")
        }
        let old = store.collisionGroup[s]
        if old == group { return }
        store.collisionGroup[s] = group
        store.collisionGroupCount += (group != 0 ? 1 : 0) - (old != 0 ? 1 : 0)
        // its contacts are checked against the pair rules again at the next step, and its pairs
        // looked for afresh (those its old group refused)
        if store.proxy[s] >= 0 { world.broadPhase.queue(store.proxy[s], fresh: true) }
        behaviorGraphDidChange(waking: [item])
    }

    /// The item's collision group (0 for none).
    public func collisionGroup(of item: ItemID) throws(AnimaError) -> Int32 {
        store.collisionGroup[try slot(of: item)]
    }
}
