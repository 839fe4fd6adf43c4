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
    /// A plain ``Behavior``: composite (children) and custom (an action, a rest report).
    case custom = 7
    /// ``PushBehavior``.
    case push = 8
    /// ``SnapBehavior``.
    case snap = 9
    /// ``FieldBehavior``.
    case field = 10
}

/// Base class of every behavior. A behavior belongs to one animator (its owner) from creation;
/// it acts once it is in that animator's tree: added at top level, or a child of a behavior that
/// is. Items are identified by ``ItemID``. Any behavior can have an action, run after every
/// internal step, and child behaviors (a composite behavior); a custom behavior says whether it
/// is at rest, and the animator keeps running while one is not.
public class Behavior {
    /// The animator this behavior was created for.
    public private(set) weak var owner: Animator?
    /// The owner without a weak load or a retain (an animator's count lives in a side table,
    /// for its weak references, so either costs as much as the rest of a per-frame setter): to
    /// be used only while `isAdded`, which holds only while the owner lives, since its deinit
    /// takes every behavior out of its tree.
    private let addedOwner: Unmanaged<Animator>
    /// The kind of behavior.
    public let kind: BehaviorKind
    /// The items this behavior governs, in the order added.
    public private(set) var items: [ItemID] = []
    private var members: Set<ItemID> = []
    /// True while the behavior is in its animator's tree (added, or a child of one that is).
    public internal(set) var isAdded = false
    /// The child behaviors, in the order added.
    public private(set) var children: [Behavior] = []
    /// The behavior this one is a child of, if any.
    public private(set) weak var parent: Behavior?
    /// Called after every internal step while the behavior is in the animator's tree (UIKit's action block).
    public var action: ((Behavior) -> Void)? {
        didSet {
            if (oldValue == nil) != (action == nil) { owner?.behaviorHooksDirty = true }
            detachedCallbacks.remove(.action)
        }
    }
    /// The callbacks a restored snapshot recorded as set that have not been set (or cleared)
    /// since: a snapshot records them as set still (see ``DetachedCallback``).
    var detachedCallbacks: DetachedCallbackSet = []
    /// Whether this behavior lets the animator pause. Default true; a custom behavior animating
    /// something on its own sets it to false until it is done (then the animator pauses by itself).
    public var isAtRest = true {
        didSet {
            if isAtRest != oldValue { owner?.behaviorHooksDirty = true }
            if !isAtRest && isAdded { owner?.resume() }
        }
    }

    init(owner: Animator, kind: BehaviorKind, items: [ItemID]) throws(AnimaError) {
        self.owner = owner
        self.addedOwner = Unmanaged.passUnretained(owner)
        self.kind = kind
        try owner.admitObject(Animator.objectBytes + 16 * items.count, "\(kind) behavior: the behavior and its \(items.count) items")
        owner.objectsHeld += 1
        counted = true
        for item in items { try addItem(item) }
    }

    /// Whether the owner counts this behavior in its memory (see `Animator.memoryHeld`).
    private var counted = false

    deinit {
        if counted, let owner { owner.objectsHeld -= 1 }
    }

    /// A behavior rebuilt from a snapshot, with no items yet: `restoreMembership` gives it
    /// what the snapshot recorded, without waking or rebuilding anything.
    init(restoringOwner owner: Animator, kind: BehaviorKind) {
        self.owner = owner
        self.addedOwner = Unmanaged.passUnretained(owner)
        self.kind = kind
        owner.objectsHeld += 1
        counted = true
    }

    /// Sets the items, the children (and their parent links) and the rest flag a snapshot
    /// recorded. Called before the behavior is marked added, so nothing resumes.
    func restoreMembership(items: [ItemID], children: [Behavior], isAtRest: Bool) {
        self.items = items
        members = Set(items)
        self.children = children
        for child in children { child.parent = self }
        self.isAtRest = isAtRest
    }

    /// A plain behavior for `owner`: give it children (a composite) and an action (a custom behavior).
    public convenience init(owner: Animator) throws(AnimaError) {
        try self.init(owner: owner, kind: .custom, items: [])
    }

    /// Adds a child behavior of the same animator. Adding one already a child of this behavior is
    /// ignored; one that is in the tree elsewhere (top level, or another parent) is refused.
    public func addChild(_ child: Behavior) throws(AnimaError) {
        guard child.owner === owner else { throw AnimaError(.invalidArgument, "the child belongs to another animator") }
        if child.parent === self { return }
        if child === self || isDescendant(of: child) {
            throw AnimaError(.invalidArgument, "a behavior cannot be its own descendant")
        }
        if child.parent != nil || (child.isAdded && child.parent == nil) {
            throw AnimaError(.invalidState, "the behavior is already in the tree elsewhere; remove it first")
        }
        children.append(child)
        child.parent = self
        if isAdded {
            child.setAdded(true)
            owner?.behaviorGraphDidChange(waking: child.allItems)
        }
    }

    /// Removes a child behavior (ignored when it is not a child).
    public func removeChild(_ child: Behavior) {
        guard let i = children.firstIndex(where: { $0 === child }) else { return }
        children.remove(at: i)
        child.parent = nil
        if isAdded {
            child.setAdded(false)
            owner?.behaviorGraphDidChange(waking: child.allItems)
        }
    }

    /// Marks this behavior and its subtree as in (or out of) the animator's tree.
    func setAdded(_ added: Bool) {
        isAdded = added
        for c in children { c.setAdded(added) }
    }

    func isDescendant(of other: Behavior) -> Bool {
        var p = parent
        while let q = p {
            if q === other { return true }
            p = q.parent
        }
        return false
    }

    /// Items of this behavior and of its subtree.
    var allItems: [ItemID] {
        var result = items
        for c in children { result += c.allItems }
        return result
    }

    /// Depth-first walk of this behavior and its subtree.
    func walk(_ body: (Behavior) -> Void) {
        body(self)
        for c in children { c.walk(body) }
    }

    /// Adds an item of the owner animator; adding one already present is ignored.
    public func addItem(_ item: ItemID) throws(AnimaError) {
        guard let owner else { throw AnimaError(.invalidHandle, "the behavior's animator was destroyed") }
        guard owner.isLive(item) else {
            throw AnimaError(.invalidArgument, "item \(item) is not a live item of this behavior's animator")
        }
        if let group = try? owner.group(of: item) {
            throw AnimaError(.invalidState, "item \(item) is part of group \(group): add the group to behaviors, not its parts")
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
        if isAdded { addedOwner._withUnsafeGuaranteedRef { $0.behaviorGraphDidChange(waking: waking ?? items) } }
    }

    /// A value the solver reads every step changed (no rebuild needed): wake this behavior's items.
    func parameterChanged() {
        if isAdded { addedOwner._withUnsafeGuaranteedRef { $0.behaviorParameterDidChange(waking: items) } }
    }

    /// `parameterChanged` of a behavior whose only item is `item`.
    func parameterChanged(waking item: ItemID) {
        if isAdded { addedOwner._withUnsafeGuaranteedRef { $0.behaviorParameterDidChange(waking: item) } }
    }
}
