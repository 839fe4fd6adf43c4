/// The kinds of behavior.
public enum BehaviorKind: Int32, Sendable {
    /// ``GravityBehavior``.
    case gravity = 3
    /// ``CollisionBehavior``.
    case collision = 4
    /// ``DynamicItemBehavior``.
    case itemBehavior = 5
    /// ``AttachmentBehavior``.
    case attachment = 6
}

/// Base class of every behavior. A behavior belongs to one animator (its owner) from creation;
/// it acts once added to that animator. Items are identified by ``ItemID``.
public class Behavior {
    /// The animator this behavior was created for.
    public private(set) weak var owner: Animator?
    /// The kind of behavior.
    public let kind: BehaviorKind
    /// The items this behavior governs, in the order added.
    public private(set) var items: [ItemID] = []
    private var members: Set<ItemID> = []
    /// True while the behavior is added to its animator.
    public internal(set) var isAdded = false

    init(owner: Animator, kind: BehaviorKind, items: [ItemID]) throws(AnimaError) {
        self.owner = owner
        self.kind = kind
        for item in items { try addItem(item) }
    }

    /// Adds an item of the owner animator; adding one already present is ignored.
    public func addItem(_ item: ItemID) throws(AnimaError) {
        guard let owner else { throw AnimaError(.invalidHandle, "the behavior's animator was destroyed") }
        guard owner.isLive(item) else {
            throw AnimaError(.invalidArgument, "item \(item) is not a live item of this behavior's animator")
        }
        if !members.insert(item).inserted { return }
        items.append(item)
        graphChanged(waking: [item])
    }

    /// Removes an item; removing one not present is ignored.
    public func removeItem(_ item: ItemID) {
        if members.remove(item) != nil, let i = items.firstIndex(of: item) {
            items.remove(at: i)
            graphChanged(waking: items + [item])
        }
    }

    /// True when the behavior governs the item.
    public func contains(_ item: ItemID) -> Bool { members.contains(item) }

    /// Drops items that are no longer alive (after an item was destroyed).
    func pruneDeadItems(_ animator: Animator) {
        items.removeAll { !animator.isLive($0) }
        members = Set(items)
    }

    /// Marks the behavior graph dirty and wakes this behavior's items (or the given ones), if
    /// the behavior is in use.
    func graphChanged(waking: [ItemID]? = nil) {
        if isAdded { owner?.behaviorGraphDidChange(waking: waking ?? items) }
    }

    /// A value the solver reads every step changed (no rebuild needed): wake this behavior's items.
    func parameterChanged() {
        if isAdded { owner?.behaviorParameterDidChange(waking: items) }
    }
}
