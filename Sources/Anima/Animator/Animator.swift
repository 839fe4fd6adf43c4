/// UIDynamicAnimator: owns items and behaviors, advances time at a fixed internal rate, runs
/// the physics until everything comes to rest, then pauses and tells its delegate.
public final class Animator {
    // configuration
    /// The configuration, as the world steps with it.
    public var configuration: AnimatorConfiguration { world.configuration }
    /// The internal step length in seconds (1 / stepRate).
    public var stepDuration: Double { world.stepDuration }

    // clock
    /// True while anything moves or is active; false once everything has come to rest.
    public internal(set) var isRunning = false
    /// Simulated seconds spent running.
    public internal(set) var elapsedTime = 0.0
    /// Internal steps run so far.
    public internal(set) var stepCount: UInt64 = 0
    var accumulator = 0.0
    var pendingResumeNotification = false
    /// Simulated seconds per second given to advance (see ``setTimeScale(_:)``).
    public internal(set) var timeScale = 1.0
    var reducesMotionSetting = false

    /// Called before the animator starts running again (at the start of the next advance or step).
    public var onWillResume: ((Animator) -> Void)? {
        didSet { detachedCallbackMarks.remove(.willResume) }
    }
    /// Called after the animator came to rest.
    public var onDidPause: ((Animator) -> Void)? {
        didSet { detachedCallbackMarks.remove(.didPause) }
    }
    /// Called at the end of every internal step, after every other callback of that step: the
    /// place for per-step work, and for ``interrupt()`` to end a long ``advance(_:)`` early.
    public var onStep: ((Animator) -> Void)? {
        didSet { detachedCallbackMarks.remove(.step) }
    }
    /// What a restored snapshot recorded as set and is not set again yet (see ``DetachedCallback``):
    /// the animator's own callbacks, item slots whose user data was set, and the behaviors and
    /// animations that had callbacks.
    var detachedCallbackMarks: DetachedCallbackSet = []
    var detachedUserData: Set<Int32> = []
    var detachedOwners = DetachedOwners()

    // objects
    let store: ItemStore
    /// The animated values (Animator+Values.swift).
    let values = ValueStore()
    /// The top-level behaviors, in the order added.
    public private(set) var behaviors: [Behavior] = []
    var graphDirty = true
    /// The behaviors of the tree that have an action or are not at rest, in the tree's order:
    /// what the end of a step looks at, instead of walking the whole tree (20 000 attachments
    /// made that walk, twice a step, a fifth of the step). Rebuilt when `behaviorHooksDirty`.
    var behaviorHooks: [Behavior] = []
    var behaviorHooksDirty = true
    var nextSegmentID: UInt32 = 0
    /// Behaviors made for this animator and not yet freed (counted by the memory budget).
    var objectsHeld = 0

    /// The physics: the step and everything it keeps between steps (World.swift).
    let world: World
    /// Began contacts of the last advance or step, in order.
    public var beganContacts: [ContactEvent] { world.beganContacts }
    /// Ended contacts of the last advance or step, in order.
    public var endedContacts: [ContactEvent] { world.endedContacts }
    /// Hits of the last advance or step (every internal step's, in order): see `HitEvent`.
    public var hitEvents: [HitEvent] { world.hitEvents }
    /// Callbacks running now (see `World.callbackDepth`).
    var inCallback: Int {
        get { world.callbackDepth }
        set { world.callbackDepth = newValue }
    }
    /// Every item's pose at the start of the last internal step, for poses at display time
    /// (Animator+Display.swift).
    var displayFrom = DisplayPoses()
    /// The pointers holding items, by their attachment (Gestures/Animator+Gestures.swift).
    var drags: [ObjectIdentifier: Drag] = [:]
    /// The pointers dragging values and items along detents (Gestures/Animator+Detents.swift).
    var detentDrags: [DetentDrag] = []
    /// True from the start to the end of an internal step (callbacks included). While it is set,
    /// nothing rebuilds the per-step structures the step is using: graph edits wait for the next
    /// step, reads see the state as of the last rebuild, and freed item slots are not reused.
    var isStepping = false
    /// Slots of items destroyed during the current step, reusable once it ends.
    var slotsFreedInStep: [Int32] = []
    var interruptRequested = false
    var pendingPauseNotification = false
    var pendingCallbackEvents: [ContactEvent] = []

    // view animations (see Animator+Animations.swift)
    var capture: AnimationCapture? = nil
    /// The timeline being recorded (see Animator+Timeline.swift).
    var openTimeline: Timeline? = nil
    /// The running view animations, in the order committed.
    public internal(set) var animations: [ViewAnimation] = []
    var nextAnimationIdentifier: UInt64 = 0
    var finishedAnimations: [ViewAnimation] = []
    /// Whether the physics came to rest at the last step (the animator still runs while animations do).
    var physicsAtRest = false

    /// Creates an animator.
    public init(configuration: AnimatorConfiguration = AnimatorConfiguration()) throws(AnimaError) {
        try configuration.validate()
        let store = ItemStore()
        self.store = store
        self.world = World(store: store, stepDuration: 1 / configuration.stepRate, configuration: configuration)
        if configuration.workers > 1 { world.workers = SolverWorkers(count: configuration.workers) }
        connectMemoryBudget()
    }

    /// Takes every behavior out of the tree, so that a behavior outliving its animator says it
    /// is not added (and `Behavior.parameterChanged` never reaches a freed animator).
    deinit {
        for b in behaviors { b.setAdded(false) }
        PhaseClock.report()
    }

    /// Takes a restored snapshot's configuration and starts its worker threads (the animator
    /// was made with one worker while the snapshot was checked).
    func adoptRestoredConfiguration(_ restored: AnimatorConfiguration) {
        world.configuration = restored
        if restored.workers > 1 { world.workers = SolverWorkers(count: restored.workers) }
    }

    /// Takes a restored snapshot's top-level behaviors (already linked and marked added).
    func adoptRestoredTree(_ topLevel: [Behavior]) {
        behaviors = topLevel
    }

    /// Creates an animator with reference bounds and default settings.
    public convenience init(referenceBounds: Rect?) throws(AnimaError) {
        try self.init(configuration: AnimatorConfiguration(referenceBounds: referenceBounds))
    }

    // MARK: reference bounds

    /// The threads that solve the contacts, the stepping thread included: the configuration's
    /// `workers`, or fewer if the system refused to start a thread.
    public var workers: Int { world.workers?.count ?? 1 }

    /// The reference bounds, or nil.
    public var referenceBounds: Rect? { configuration.referenceBounds }

    /// Sets or clears the reference bounds; boundaries made from them follow.
    public func setReferenceBounds(_ bounds: Rect?) throws(AnimaError) {
        if let b = bounds { try validateBounds(b) }
        world.configuration.referenceBounds = bounds
        behaviorGraphDidChange()
    }

    // MARK: behaviors

    /// Adds a top-level behavior created for this animator. Adding one already added is ignored.
    public func addBehavior(_ behavior: Behavior) throws(AnimaError) {
        guard behavior.owner === self else {
            throw AnimaError(.invalidArgument, "the behavior belongs to another animator")
        }
        if behavior.isAdded && behavior.parent == nil { return }
        if behavior.parent != nil {
            throw AnimaError(.invalidState, "the behavior is a child of another behavior; remove it from its parent first")
        }
        behavior.walk { $0.pruneDeadItems(self) }
        behaviors.append(behavior)
        behavior.setAdded(true)
        behaviorGraphDidChange(waking: behavior.allItems)
    }

    /// Removes a top-level behavior (it can be added again). Removing one not added is ignored.
    public func removeBehavior(_ behavior: Behavior) {
        guard let i = behaviors.firstIndex(where: { $0 === behavior }) else { return }
        behaviors.remove(at: i)
        behavior.setAdded(false)
        behaviorGraphDidChange(waking: behavior.allItems)
        if !drags.isEmpty, let drag = drags[ObjectIdentifier(behavior)] { finish(drag) }
    }

    /// Removes every top-level behavior.
    public func removeAllBehaviors() {
        if behaviors.isEmpty { return }
        for b in behaviors { b.setAdded(false) }
        behaviors.removeAll()
        behaviorGraphDidChange()
        for drag in drags.values { finish(drag) }
    }

    /// The behavior graph changed: rebuild it at the next step and wake everything.
    func behaviorGraphDidChange() {
        graphDirty = true
        wake()
    }

    /// A behavior parameter read every step changed: wake its items (their islands) and resume.
    func behaviorParameterDidChange(waking items: [ItemID]) {
        for item in items { wakeForChange(item) }
        resume()
    }

    /// `behaviorParameterDidChange` of a behavior with one item (a moved anchor, every frame of
    /// a scroll or a drag: no array passed).
    func behaviorParameterDidChange(waking item: ItemID) {
        wakeForChange(item)
        resume()
    }

    /// Wakes a live item's island, or starts its rest over when it is awake.
    @inline(__always)
    private func wakeForChange(_ item: ItemID) {
        guard store.isLive(item) else { return }
        let s = Int(item.slot)
        if store.asleep[s] { world.wakeIsland(of: s) } else { store.restTime[s] = 0 }
    }

    /// The behavior graph changed in a way that concerns only `items`: wake those (their
    /// islands), leave other sleeping islands asleep.
    func behaviorGraphDidChange(waking items: [ItemID]) {
        graphDirty = true
        for item in items where store.isLive(item) {
            let s = Int(item.slot)
            if store.asleep[s] { world.wakeIsland(of: s) } else { store.restTime[s] = 0 }
        }
        resume()
    }

    func makeSegmentID() -> UInt32 {
        nextSegmentID &+= 1
        return nextSegmentID
    }

    /// Wakes every item and starts running if paused; the will-resume callback fires at the next
    /// advance or step.
    func wake() {
        world.wakeAllIslands()
        resume()
    }

    /// Wakes one item's island (after its state was changed from outside) and resumes.
    func wake(slot: Int) {
        // a sleeping item wakes its island; an awake one keeps its rest time: whether it now moves
        // faster than the rest speeds is for the next step to tell (as Box2D does), so a steady
        // trickle of tiny nudges does not keep the animator running for ever
        if store.asleep[slot] { world.wakeIsland(of: slot) }
        resume()
    }

    func resume() {
        if !isRunning {
            isRunning = true
            pendingResumeNotification = true
        }
    }

    // MARK: items

    /// Creates an item; it moves once a behavior governs it.
    public func createItem(_ def: ItemDefinition = ItemDefinition()) throws(AnimaError) -> ItemID {
        try def.validate()
        if store.freeSlots.isEmpty && store.count >= ItemStore.maximumSlots {
            throw AnimaError(.outOfMemory, "an animator holds at most \(ItemStore.maximumSlots) items at once (it holds \(store.count))")
        }
        try store.reserveSlot("createItem")
        return store.allocate(def)
    }

    /// Destroys an item: it leaves every behavior; contacts it had end (with events) at the next
    /// step. Its broad-phase proxy and its place in a sleeping island go in this call, so nothing
    /// in the engine refers to the slot afterwards; during a step the slot is not reused before
    /// the step ends.
    public func destroyItem(_ item: ItemID) throws(AnimaError) {
        let slot = try slot(of: item)
        for drag in drags.values where drag.item == item { finish(drag) }
        if store.groupOf[slot] >= 0 { leaveGroup(slot) }
        if store.isGroup(slot) { dissolveGroup(slot) }
        let proxy = store.proxy[slot]
        if proxy >= 0 {
            world.broadPhase.destroy(proxy)
            store.proxy[slot] = -1
        }
        if store.asleep[slot] {
            let id = store.island[slot]
            world.sleepingIslands[id]?.removeAll { $0 == Int32(slot) }
            if world.sleepingIslands[id]?.isEmpty == true { world.sleepingIslands[id] = nil }
            store.asleep[slot] = false
            store.island[slot] = -1
        }
        store.free(slot, reusable: !isStepping)
        detachedUserData.remove(Int32(slot))
        if isStepping { slotsFreedInStep.append(Int32(slot)) }
        for b in behaviors { b.walk { $0.pruneDeadItems(self) } }
        behaviorGraphDidChange()
    }

    /// True when `item` names a live item of this animator.
    public func isLive(_ item: ItemID) -> Bool { store.isLive(item) }

    /// Live items in creation order.
    public var items: [ItemID] {
        store.order.map { ItemID(slot: $0, generation: store.generation[Int($0)]) }
    }

    /// The number of live items.
    public var itemCount: Int { store.order.count }

    @inline(__always) func slot(of item: ItemID) throws(AnimaError) -> Int {
        guard store.isLive(item) else {
            throw AnimaError(.invalidHandle, "\(item) is not a live item of this animator (destroyed or stale)")
        }
        return Int(item.slot)
    }

    /// Centre in points.
    public func center(of item: ItemID) throws(AnimaError) -> Vec2 { store.position[try slot(of: item)] }

    /// Moves the centre and wakes the animator.
    public func setCenter(_ c: Vec2, of item: ItemID) throws(AnimaError) {
        let s = try slot(of: item)
        try requireCoordinate(c, "center")
        try requireNotPart(s, "centre")
        if capture != nil { capture!.record(item, .center, AnimatableValue([c.x, c.y])); return }
        if store.position[s] == c { return }   // nothing changes: nothing to wake
        store.position[s] = c
        displayFrom.jump(s, store)
        touchProxy(s)
        partsFollow(s)
        wake(slot: s)
    }

    /// Bounds size in points.
    public func size(of item: ItemID) throws(AnimaError) -> Size { store.size[try slot(of: item)] }

    /// Resizes the bounds; collision outline and mass follow.
    public func setSize(_ size: Size, of item: ItemID) throws(AnimaError) {
        let s = try slot(of: item)
        try validateSize(size)
        try requireNotPart(s, "size")
        try requireNotGroup(s, "size")
        if capture != nil { capture!.record(item, .size, AnimatableValue([size.width, size.height])); return }
        if store.size[s] == size { return }
        try store.reserveOutline("setSize")
        store.size[s] = size
        store.rebuildGeometry(s)
        touchProxy(s)
        wake(slot: s)
    }

    /// The transform (rotation is the current physical angle).
    public func transform(of item: ItemID) throws(AnimaError) -> ItemTransform {
        let s = try slot(of: item)
        var t = store.transform[s]
        t.rotation = store.angle[s]
        return t
    }

    /// Sets the transform; rotation and scale reach the collision outline.
    public func setTransform(_ t: ItemTransform, of item: ItemID) throws(AnimaError) {
        let s = try slot(of: item)
        try validateTransform(t)
        try requireNotPart(s, "transform")
        if store.isGroup(s) && (t.scaleX != 1 || t.scaleY != 1) {
            throw AnimaError(.invalidState, "the item is a group, whose scale its parts make: a group's scale stays 1")
        }
        if capture != nil {
            capture!.record(item, .transform, AnimatableValue([t.rotation, t.scaleX, t.scaleY, t.translationX, t.translationY]))
            return
        }
        var current = store.transform[s]
        current.rotation = store.angle[s]
        if current == t { return }
        try store.reserveOutline("setTransform")
        store.transform[s] = t
        store.angle[s] = t.rotation
        store.rotation[s] = Rotation(angle: t.rotation)
        displayFrom.jump(s, store)
        if !store.isGroup(s) { store.rebuildGeometry(s) }
        touchProxy(s)
        partsFollow(s)
        wake(slot: s)
    }

    /// Rotation in radians (positive = clockwise on screen).
    public func rotation(of item: ItemID) throws(AnimaError) -> Double { store.angle[try slot(of: item)] }

    /// Opacity 0...1.
    public func alpha(of item: ItemID) throws(AnimaError) -> Double { store.alpha[try slot(of: item)] }

    /// Sets the opacity (0...1).
    public func setAlpha(_ a: Double, of item: ItemID) throws(AnimaError) {
        let s = try slot(of: item)
        try requireRange(a, 0, 1, "alpha")
        if capture != nil { capture!.record(item, .alpha, AnimatableValue([a])); return }
        store.alpha[s] = a
    }

    /// The collision shape.
    public func shape(of item: ItemID) throws(AnimaError) -> CollisionShape { store.shape[try slot(of: item)] }

    /// Sets the collision shape (`.path` needs a path set first, or use ``setPath(_:of:)``).
    public func setShape(_ shape: CollisionShape, of item: ItemID) throws(AnimaError) {
        let s = try slot(of: item)
        try requireNotPart(s, "shape")
        try requireNotGroup(s, "shape")
        if shape == .path && store.path[s] == nil {
            throw AnimaError(.invalidState, "the item has no collision path yet: give it one first")
        }
        if store.shape[s] == shape { return }
        try store.reserveOutline("setShape")
        store.shape[s] = shape
        store.rebuildGeometry(s)
        touchProxy(s)
        wake(slot: s)
    }

    /// How far a `.roundedRectangle`'s corners are rounded, in points (kept whatever the shape).
    public func cornerRadius(of item: ItemID) throws(AnimaError) -> Double { store.cornerRadius[try slot(of: item)] }

    /// Sets the corner radius of a `.roundedRectangle` (points, 0...1e7; it rounds by at most
    /// half the shorter side, scaled as the item is). Any shape keeps it; only a rounded
    /// rectangle's outline and mass follow.
    public func setCornerRadius(_ radius: Double, of item: ItemID) throws(AnimaError) {
        let s = try slot(of: item)
        try validateCornerRadius(radius)
        try requireNotPart(s, "shape")
        try requireNotGroup(s, "shape")
        if store.cornerRadius[s] == radius { return }
        try store.reserveOutline("setCornerRadius")
        store.cornerRadius[s] = radius
        guard store.shape[s] == .roundedRectangle else { return }
        store.rebuildGeometry(s)
        touchProxy(s)
        wake(slot: s)
    }

    /// The collision path, if one was set.
    public func path(of item: ItemID) throws(AnimaError) -> ItemPath? { store.path[try slot(of: item)] }

    /// Gives the item a convex collision outline and makes it its shape.
    public func setPath(_ path: ItemPath, of item: ItemID) throws(AnimaError) {
        let s = try slot(of: item)
        try requireNotPart(s, "shape")
        try requireNotGroup(s, "shape")
        try store.reserveOutline("setPath")
        store.path[s] = path
        store.shape[s] = .path
        store.rebuildGeometry(s)
        touchProxy(s)
        wake(slot: s)
    }

    /// Linear velocity in pt/s.
    public func linearVelocity(of item: ItemID) throws(AnimaError) -> Vec2 { store.velocity[try slot(of: item)] }

    /// Sets the linear velocity (pt/s) and wakes the animator.
    public func setLinearVelocity(_ v: Vec2, of item: ItemID) throws(AnimaError) {
        let s = try slot(of: item)
        try requireSpeed(v, "velocity")
        try requireNotPart(s, "velocity")
        if store.velocity[s] == v && !store.asleep[s] { return }
        store.velocity[s] = v
        store.velocityGiven[s] = true
        store.placeParts(of: s)
        wake(slot: s)
    }

    /// Angular velocity in rad/s.
    public func angularVelocity(of item: ItemID) throws(AnimaError) -> Double { store.angularVelocity[try slot(of: item)] }

    /// Sets the angular velocity (rad/s) and wakes the animator.
    public func setAngularVelocity(_ w: Double, of item: ItemID) throws(AnimaError) {
        let s = try slot(of: item)
        try requireAngularSpeed(w, "angular velocity")
        try requireNotPart(s, "angular velocity")
        if store.angularVelocity[s] == w && !store.asleep[s] { return }
        store.angularVelocity[s] = w
        store.velocityGiven[s] = true
        store.placeParts(of: s)
        wake(slot: s)
    }

    /// Mass: density x area / 10 000 with the density in effect.
    public func mass(of item: ItemID) throws(AnimaError) -> Double {
        let s = try slot(of: item)
        if graphDirty && !isStepping { rebuildGraph() }
        return store.mass[s]
    }

    /// The properties in effect for the item (from its item behaviors, or the implicit ones).
    public func effectiveProperties(of item: ItemID) throws(AnimaError) -> ItemProperties {
        let s = try slot(of: item)
        if graphDirty && !isStepping { rebuildGraph() }
        return store.properties[s]
    }

    /// Puts an item to sleep, or wakes it (Box2D's `b2Body_SetAwake`). A sleeping item is at
    /// rest: its velocities are zero, the solver skips it and it costs a crowd at rest almost
    /// nothing, until an awake item touches it (which wakes it and, in turn, what it touches),
    /// a setter changes it, or it joins a behavior. A part sleeps and wakes with its group.
    /// Put items to sleep after adding them to their behaviors, since joining one wakes an item:
    /// a screen of resting views, or a wall that waits for a blow. An item put to sleep while an
    /// awake item touches it wakes at the next step. Waking an item wakes its island and the
    /// animator. Throws `.busy` during a step.
    public func setAwake(_ awake: Bool, of item: ItemID) throws(AnimaError) {
        var s = try slot(of: item)
        if store.groupOf[s] >= 0 { s = Int(store.groupOf[s]) }
        if awake {
            wake(slot: s)
            return
        }
        guard !isStepping else { throw AnimaError(.busy, "an item cannot be put to sleep during a step") }
        if store.asleep[s] { return }
        world.sleepAlone(s)
    }

    /// False while the item sleeps (see ``setAwake(_:of:)``); a part reads its group's.
    public func isAwake(_ item: ItemID) throws(AnimaError) -> Bool {
        var s = try slot(of: item)
        if store.groupOf[s] >= 0 { s = Int(store.groupOf[s]) }
        return !store.asleep[s]
    }

    /// True when the item is at rest (or nothing moves it).
    public func isResting(_ item: ItemID) throws(AnimaError) -> Bool {
        var s = try slot(of: item)
        if store.groupOf[s] >= 0 { s = Int(store.groupOf[s]) }   // a part rests with its group
        if !isRunning || !store.governed[s] || store.asleep[s] { return true }
        return store.restTime[s] >= configuration.restTime
    }

    /// Opaque user data.
    public func userData(of item: ItemID) throws(AnimaError) -> UnsafeMutableRawPointer? { store.userData[try slot(of: item)] }

    /// Replaces the opaque user data.
    public func setUserData(_ p: UnsafeMutableRawPointer?, of item: ItemID) throws(AnimaError) {
        let s = try slot(of: item)
        store.userData[s] = p
        detachedUserData.remove(Int32(s))
    }

    /// Items governed by a behavior whose collision bounds intersect `rect`, in creation order:
    /// the broad-phase tree's colliding items and the others one by one (`candidates(in:_:_:)`).
    public func items(in rect: Rect) throws(AnimaError) -> [ItemID] {
        guard rect.isFinite, rect.width >= 0, rect.height >= 0 else {
            throw AnimaError(.invalidArgument, "rect must be finite with width and height >= 0")
        }
        let query = AABB(lower: Vec2(rect.minX, rect.minY), upper: Vec2(rect.maxX, rect.maxY))
        var found: [Int32] = []
        candidates(in: query, nil) { found.append(Int32($0)) }
        found.sort { store.creation[Int($0)] < store.creation[Int($1)] }
        return found.map { ItemID(slot: $0, generation: store.generation[Int($0)]) }
    }

    /// UIDynamicAnimator's updateItem(usingCurrentState:): the item's centre, bounds and
    /// transform may have been changed from outside the animator; take them as they are now
    /// (collision outline and mass included) and wake it.
    public func updateItemUsingCurrentState(_ item: ItemID) throws(AnimaError) {
        let s = try slot(of: item)
        if store.isGroup(s) {
            store.rotation[s] = Rotation(angle: store.angle[s])
            partsFollow(s)
            return
        }
        // a part's outline cannot change, and its mass is its group's share
        if store.groupOf[s] >= 0 { return }
        let before = store.geometry[s]
        store.rebuildGeometry(s)
        store.rotation[s] = Rotation(angle: store.angle[s])
        touchProxy(s)
        // Anima's items hold their own state, so the setters have already woken a changed item;
        // an unchanged one is left to rest
        let after = store.geometry[s]
        if before.area != after.area || before.extent != after.extent || before.count != after.count
            || before.radius != after.radius || before.inertiaPerMass != after.inertiaPerMass {
            wake(slot: s)
        }
    }

    /// Keeps an item's broad-phase box around it after its state was changed from outside.
    func touchProxy(_ s: Int) {
        store.poseEdited[s] = true
        world.anyPoseEdited = true
        let proxy = store.proxy[s]
        if proxy >= 0 {
            world.broadPhase.update(proxy, world.restingProxyBox(s), margin: world.proxyMargin(s))
            // its shape or mass may have changed what it pairs with: its pairs are all looked for
            world.broadPhase.queue(proxy, fresh: true)
        }
    }

    /// Writes (x, y, rotation) of every live item in creation order, 3 values per item, when
    /// `capacity` (in items) holds them all; returns the number of live items.
    public func copyPoses(into buffer: UnsafeMutablePointer<Double>?, capacity: Int) -> Int {
        copyLiveItems(into: buffer, capacity: capacity, stride: 3) { i, out in
            out[0] = store.position[i].x
            out[1] = store.position[i].y
            out[2] = store.angle[i]
        }
    }

    /// Writes (x, y, rotation, vx, vy, angular velocity, alpha) of every live item in creation
    /// order, 7 values per item (points, radians, pt/s, rad/s, 0...1), when `capacity` (in items)
    /// holds them all; returns the number of live items.
    public func copyStates(into buffer: UnsafeMutablePointer<Double>?, capacity: Int) -> Int {
        copyLiveItems(into: buffer, capacity: capacity, stride: 7) { i, out in
            out[0] = store.position[i].x
            out[1] = store.position[i].y
            out[2] = store.angle[i]
            out[3] = store.velocity[i].x
            out[4] = store.velocity[i].y
            out[5] = store.angularVelocity[i]
            out[6] = store.alpha[i]
        }
    }

    /// Calls `write(slot, record)` for every live item in creation order, record k starting at
    /// `buffer + stride * k`, if `capacity` records fit; returns the number of live items.
    @inline(__always)
    func copyLiveItems(into buffer: UnsafeMutablePointer<Double>?, capacity: Int, stride: Int,
                               _ write: (Int, UnsafeMutablePointer<Double>) -> Void) -> Int {
        let n = store.order.count
        if let buffer, capacity >= n {
            for (k, s) in store.order.enumerated() { write(Int(s), buffer + stride * k) }
        }
        return n
    }
}
