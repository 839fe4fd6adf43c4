/// UIDynamicItemBehavior: material and motion properties of its items. With several item
/// behaviors on one item, the last one in depth-first order of the behavior tree wins.
public final class DynamicItemBehavior: Behavior {
    /// The properties given to every item of this behavior.
    public private(set) var properties: ItemProperties

    /// Creates an item behavior for `owner` over `items`.
    public init(owner: Animator, items: [ItemID] = [], properties: ItemProperties = ItemProperties()) throws(AnimaError) {
        try properties.validate()
        self.properties = properties
        try super.init(owner: owner, kind: .itemBehavior, items: items)
    }

    /// An item behavior rebuilt from a snapshot.
    init(restoring owner: Animator, properties: ItemProperties) {
        self.properties = properties
        super.init(restoringOwner: owner, kind: .itemBehavior)
    }

    /// Replaces every property (validated first; nothing changes on error).
    public func setProperties(_ p: ItemProperties) throws(AnimaError) {
        try p.validate()
        properties = p
        graphChanged()
    }

    /// Adds a linear velocity (pt/s) to one of this behavior's items.
    public func addLinearVelocity(_ v: Vec2, for item: ItemID) throws(AnimaError) {
        try requireFinite(v, "velocity")
        let animator = try memberAnimator(item)
        try animator.setLinearVelocity(try animator.linearVelocity(of: item) + v, of: item)
    }

    /// The linear velocity (pt/s) of one of this behavior's items.
    public func linearVelocity(for item: ItemID) throws(AnimaError) -> Vec2 {
        try memberAnimator(item).linearVelocity(of: item)
    }

    /// Adds an angular velocity (rad/s) to one of this behavior's items.
    public func addAngularVelocity(_ w: Double, for item: ItemID) throws(AnimaError) {
        try requireFinite(w, "angular velocity")
        let animator = try memberAnimator(item)
        try animator.setAngularVelocity(try animator.angularVelocity(of: item) + w, of: item)
    }

    /// The angular velocity (rad/s) of one of this behavior's items.
    public func angularVelocity(for item: ItemID) throws(AnimaError) -> Double {
        try memberAnimator(item).angularVelocity(of: item)
    }

    private func memberAnimator(_ item: ItemID) throws(AnimaError) -> Animator {
        guard let owner else { throw AnimaError(.invalidHandle, "the behavior's animator was destroyed") }
        guard owner.isLive(item) else { throw AnimaError(.invalidHandle, "item \(item) is not alive") }
        guard contains(item) else { throw AnimaError(.notFound, "item \(item) is not governed by this item behavior") }
        return owner
    }
}
