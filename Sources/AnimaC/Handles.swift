import Anima
import CAnima
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// The handle tables: every animator's box with its behavior slots, the process-wide registry
// that resolves a handle (index, generation, kind) to its object or fails with a status, and the
// contact events' buffer.

/// One live animator and the C-side state that goes with it.
final class AnimatorBox {
    let animator: Animator
    let index1: UInt16
    let generation: UInt32

    /// The token of the thread inside the animator (ThreadGuard), or 0. Set under the registry's
    /// lock; given back with a releasing store when the call that entered it returns.
    let owner = Atomic<UInt>(0)
    /// Set by anima_animator_destroy, which keeps a reference for the thread guard to drop when
    /// the destroying call gives the box back.
    var keptUntilLeave = false
    var behaviors: [(generation: UInt32, behavior: Behavior)?] = []
    var freeBehaviorSlots: [Int] = []
    var behaviorSlot: [ObjectIdentifier: Int] = [:]

    /// Detent drags handed to C, by id (1, 2, ...; dropped when they end).
    var detentDrags: [UInt64: DetentDrag] = [:]
    var nextDetentDrag: UInt64 = 0

    /// Timelines handed to C, by id (1, 2, ...; released by anima_timeline_release).
    var timelines: [UInt64: Timeline] = [:]
    var nextTimeline: UInt64 = 0

    var willResume: anima_animator_event_fn?
    var didPause: anima_animator_event_fn?
    var delegateUserData: UnsafeMutableRawPointer?
    /// The delegate functions a restored snapshot recorded as set (1: will resume, 2: did pause),
    /// until anima_animator_set_delegate is called.
    var detachedDelegate: UInt8 = 0
    /// The largest generation this animator's behavior slots have had, so that a restored
    /// animator hands out none of them again.
    var highestGeneration: UInt32 = 0

    /// Contact, hit and sensor events converted for C, valid until the next advance or step.
    var eventsStale = true
    var beganEvents = EventBuffer<anima_contact_event>()
    var endedEvents = EventBuffer<anima_contact_event>()
    var hitEvents = EventBuffer<anima_hit_event>()
    var beganSensorEvents = EventBuffer<anima_sensor_event>()
    var endedSensorEvents = EventBuffer<anima_sensor_event>()
    var eventStrings: [UnsafeMutablePointer<CChar>] = []

    /// Boundary identifier strings handed out by anima_collision_get_boundary_identifier.
    var identifierStrings: [ObjectIdentifier: [UnsafeMutablePointer<CChar>]] = [:]

    init(animator: Animator, index1: UInt16, generation: UInt32) {
        self.animator = animator
        self.index1 = index1
        self.generation = generation
    }

    deinit {
        for p in eventStrings { free(p) }
        for (_, list) in identifierStrings { for p in list { free(p) } }
        beganEvents.release()
        endedEvents.release()
        hitEvents.release()
        beganSensorEvents.release()
        endedSensorEvents.release()
    }

    var handle: anima_animator { anima_animator(index1: UInt32(index1), generation: generation) }

    func itemHandle(_ id: ItemID) -> anima_item {
        anima_item(index1: UInt32(id.slot) + 1, generation: id.generation, animator: index1, kind: UInt16(ANIMA_KIND_ITEM.rawValue))
    }

    /// Makes sure the next `register` needs no new room: when no freed slot is left and the
    /// table is full, its room (and its index's) doubles once `AllocationFaults.checkRoom`
    /// passed. Throws `.outOfMemory` with nothing changed.
    func reserveBehaviorHandle() throws(Failure) {
        guard freeBehaviorSlots.isEmpty && behaviors.count == behaviors.capacity else { return }
        let grown = max(16, 2 * behaviors.capacity)
        let bytes = grown * (MemoryLayout<(UInt32, Behavior)?>.stride + 3 * MemoryLayout<Int>.stride)
        try engine { () throws(AnimaError) in try AllocationFaults.checkRoom(bytes: bytes, "the behavior handle table, grown to \(grown) handles,") }
        behaviors.reserveCapacity(grown)
        behaviorSlot.reserveCapacity(grown)
    }

    /// The handle of a new behavior, its room checked first (`reserveBehaviorHandle`).
    func register(_ behavior: Behavior) throws(Failure) -> anima_behavior {
        try reserveBehaviorHandle()
        return registerUnchecked(behavior)
    }

    /// `register` without the check, for a restored animator's behaviors (the restore checked
    /// the room for everything it makes from the snapshot's length).
    func registerUnchecked(_ behavior: Behavior) -> anima_behavior {
        let generation = Generation.next()
        highestGeneration = max(highestGeneration, generation)
        let slot: Int
        if let free = freeBehaviorSlots.popLast() {
            slot = free
            behaviors[slot] = (generation, behavior)
        } else {
            slot = behaviors.count
            behaviors.append((generation, behavior))
        }
        behaviorSlot[ObjectIdentifier(behavior)] = slot
        return anima_behavior(index1: UInt32(slot + 1), generation: generation, animator: index1,
                              kind: UInt16(behavior.kind.rawValue))
    }

    func unregister(_ behavior: Behavior) {
        guard let slot = behaviorSlot.removeValue(forKey: ObjectIdentifier(behavior)) else { return }
        behaviors[slot] = nil
        freeBehaviorSlots.append(slot)
        releaseIdentifierStrings(behavior)
    }

    func behaviorHandle(_ behavior: Behavior) -> anima_behavior {
        guard let slot = behaviorSlot[ObjectIdentifier(behavior)], let entry = behaviors[slot] else { return anima_behavior() }
        return anima_behavior(index1: UInt32(slot + 1), generation: entry.generation, animator: index1,
                              kind: UInt16(behavior.kind.rawValue))
    }

    func releaseIdentifierStrings(_ behavior: Behavior) {
        if let list = identifierStrings.removeValue(forKey: ObjectIdentifier(behavior)) {
            for p in list { free(p) }
        }
    }

    func invalidateEvents() {
        eventsStale = true
    }

    /// Converts the animator's event lists for C once per advance. Throws `.outOfMemory` (the
    /// lists left stale, to be converted at the next call) when their room cannot be had.
    func refreshEvents() throws(Failure) {
        guard eventsStale else { return }
        let events = animator.beganContacts.count + animator.endedContacts.count + animator.hitEvents.count
            + animator.beganSensorEvents.count + animator.endedSensorEvents.count
        if events > 0 {
            // each event's C record, twice (the converted list and the buffer it is copied into)
            let bytes = 2 * events * max(MemoryLayout<anima_hit_event>.stride, MemoryLayout<anima_contact_event>.stride)
            try engine { () throws(AnimaError) in try AllocationFaults.checkRoom(bytes: bytes, "the event lists for \(events) events") }
        }
        eventsStale = false
        for p in eventStrings { free(p) }
        eventStrings.removeAll()
        beganEvents.fill(animator.beganContacts.map(convert))
        endedEvents.fill(animator.endedContacts.map(convert))
        hitEvents.fill(animator.hitEvents.map(convert))
        beganSensorEvents.fill(animator.beganSensorEvents.map { anima_sensor_event(sensor: itemHandle($0.sensor), visitor: itemHandle($0.visitor)) })
        endedSensorEvents.fill(animator.endedSensorEvents.map { anima_sensor_event(sensor: itemHandle($0.sensor), visitor: itemHandle($0.visitor)) })
    }

    private func identifierString(_ s: String?) -> UnsafePointer<CChar>? {
        guard let s, let p = strdup(s) else { return nil }
        eventStrings.append(p)
        return UnsafePointer(p)
    }

    private func convert(_ e: HitEvent) -> anima_hit_event {
        anima_hit_event(collision: behaviorHandle(e.collision), item_a: itemHandle(e.item),
                        item_b: e.otherItem.map(itemHandle) ?? anima_item(), is_boundary: e.isBoundary,
                        boundary_identifier: identifierString(e.boundaryIdentifier),
                        point: anima_vec2(x: e.point.x, y: e.point.y), normal: anima_vec2(x: e.normal.x, y: e.normal.y),
                        approach_speed: e.approachSpeed, impulse: e.impulse)
    }

    private func convert(_ e: ContactEvent) -> anima_contact_event {
        anima_contact_event(collision: behaviorHandle(e.collision), item_a: itemHandle(e.item),
                                   item_b: e.otherItem.map(itemHandle) ?? anima_item(), is_boundary: e.isBoundary,
                                   boundary_identifier: identifierString(e.boundaryIdentifier), point: anima_vec2(x: e.point.x, y: e.point.y))
    }
}

/// The process-wide table of animators. Creating and destroying animators is thread-safe.
enum Registry {
    private static let lock = RegistryLock()
    nonisolated(unsafe) private static var slots: [AnimatorBox?] = []
    nonisolated(unsafe) private static var freeSlots: [Int] = []

    static func add(_ animator: Animator) throws(Failure) -> AnimatorBox {
        lock.lock()
        defer { lock.unlock() }
        let generation = Generation.next()
        let slot: Int
        if let f = freeSlots.popLast() {
            slot = f
        } else {
            if slots.count >= Int(UInt16.max) {
                throw Failure(ANIMA_ERR_OUT_OF_MEMORY, "at most \(UInt16.max) animators can exist at once")
            }
            slot = slots.count
            slots.append(nil)
        }
        let box = AnimatorBox(animator: animator, index1: UInt16(slot + 1), generation: generation)
        #if !ANIMA_NO_THREAD_GUARD
        // the creating thread is inside the new animator until its call returns (a guessed
        // handle cannot reach a half-made box)
        let record = ThreadGuard.current
        box.owner.store(ThreadGuard.token(record), ordering: .relaxed)
        ThreadGuard.push(Unmanaged.passUnretained(box), record)
        #endif
        slots[slot] = box
        return box
    }

    /// Takes the box out of the table (by anima_animator_destroy, whose thread is inside it, so
    /// that no other thread can find it, or enter it, from now on).
    static func remove(_ box: AnimatorBox) {
        lock.lock()
        defer { lock.unlock() }
        let slot = Int(box.index1) - 1
        if slot < slots.count, slots[slot] === box {
            slots[slot] = nil
            freeSlots.append(slot)
        }
        #if !ANIMA_NO_THREAD_GUARD
        // the calling thread holds the box until its call returns: keep it alive until then
        if !box.keptUntilLeave {
            box.keptUntilLeave = true
            _ = Unmanaged.passRetained(box)
        }
        #endif
    }

    /// The box of a live animator, without entering it (anima_animator_is_valid).
    static func box(index1: UInt32, generation: UInt32?) -> AnimatorBox? {
        lock.lock()
        defer { lock.unlock() }
        return live(index1: index1, generation: generation)?.takeUnretainedValue()
    }

    /// The box at a handle's index and generation (any generation when nil), or nil; the caller
    /// holds the lock.
    @inline(__always)
    private static func live(index1: UInt32, generation: UInt32?) -> Unmanaged<AnimatorBox>? {
        slots.withUnsafeBufferPointer { slots in
            guard index1 >= 1, Int(index1) <= slots.count, let box = slots[Int(index1) - 1] else { return nil }
            if let generation, box.generation != generation { return nil }
            return Unmanaged.passUnretained(box)
        }
    }

    /// The box of a live animator, entered by the calling thread (ThreadGuard): nil when there is
    /// none, ANIMA_ERR_BUSY when another thread is inside it. Finding and entering are one
    /// critical section, so a box another thread destroys is either found held (BUSY) or not found.
    @inline(__always)
    static func enter(index1: UInt32, generation: UInt32?) throws(Failure) -> AnimatorBox? {
        try enterUnretained(index1: index1, generation: generation)?.takeUnretainedValue()
    }

    /// `enter` without a retain of the box: the calling thread is inside it until its export
    /// returns, and until then the box lives (in the table, or kept by anima_animator_destroy
    /// for the thread guard to drop), so a per-frame setter may read it without counting.
    @inline(__always)
    static func enterUnretained(index1: UInt32, generation: UInt32?) throws(Failure) -> Unmanaged<AnimatorBox>? {
        #if ANIMA_NO_THREAD_GUARD
        return box(index1: index1, generation: generation).map { Unmanaged.passUnretained($0) }
        #else
        let record = ThreadGuard.current
        let me = ThreadGuard.token(record)
        lock.lock()
        defer { lock.unlock() }
        guard let box = live(index1: index1, generation: generation) else { return nil }
        let owner = box._withUnsafeGuaranteedRef { $0.owner.load(ordering: .acquiring) }
        if owner != me {
            if owner != 0 { throw ThreadGuard.busy }
            box._withUnsafeGuaranteedRef { $0.owner.store(me, ordering: .relaxed) }
            ThreadGuard.push(box, record)
        }
        return box
        #endif
    }
}

final class RegistryLock: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    init() { pthread_mutex_init(&mutex, nil) }
    func lock() { pthread_mutex_lock(&mutex) }
    func unlock() { pthread_mutex_unlock(&mutex) }
}

// MARK: resolving handles

func resolve(_ h: anima_animator) throws(Failure) -> AnimatorBox {
    if h.index1 == 0 { throw Failure(ANIMA_ERR_INVALID_HANDLE, "animator is a null handle") }
    guard let box = try Registry.enter(index1: h.index1, generation: h.generation) else {
        throw Failure(ANIMA_ERR_INVALID_HANDLE, "animator handle is stale or destroyed")
    }
    return box
}

func resolve(_ h: anima_item) throws(Failure) -> (AnimatorBox, ItemID) {
    if h.index1 == 0 { throw Failure(ANIMA_ERR_INVALID_HANDLE, "item is a null handle") }
    if h.kind != UInt16(ANIMA_KIND_ITEM.rawValue) {
        throw Failure(ANIMA_ERR_WRONG_KIND, "handle of kind \(h.kind) given where an item is expected")
    }
    guard h.index1 <= UInt32(Int32.max), let box = try Registry.enter(index1: UInt32(h.animator), generation: nil) else {
        throw Failure(ANIMA_ERR_INVALID_HANDLE, "item handle is stale or its animator was destroyed")
    }
    let id = ItemID(slot: Int32(h.index1 - 1), generation: h.generation)
    guard box.animator.isLive(id) else {
        throw Failure(ANIMA_ERR_INVALID_HANDLE, "item handle is stale or destroyed")
    }
    return (box, id)
}

func resolve(_ h: anima_behavior) throws(Failure) -> (AnimatorBox, Behavior) {
    let box = try enteredBox(h)
    return (box.takeUnretainedValue(), try behavior(h, in: box))
}

func resolve<B: Behavior>(_ h: anima_behavior, as type: B.Type, _ what: String) throws(Failure) -> (AnimatorBox, B) {
    let box = try enteredBox(h)
    return (box.takeUnretainedValue(), try behavior(h, in: box, as: type, what))
}

/// A behavior handle's behavior as `B`, for exports that need only the behavior (its box is
/// entered and not counted: see `Registry.enterUnretained`).
func resolveBehavior<B: Behavior>(_ h: anima_behavior, as type: B.Type, _ what: String) throws(Failure) -> B {
    try behavior(h, in: try enteredBox(h), as: type, what)
}

/// Runs `body` with a behavior handle's behavior as `B` without counting a reference to it (a
/// per-frame setter: an anchor moved for each row of a list). The behavior table holds it while
/// the calling thread is inside its animator, which it is until its export returns.
@inline(__always)
func withBehavior<B: Behavior>(_ h: anima_behavior, as type: B.Type, _ what: String,
                               _ body: (B) throws(Failure) -> Void) throws(Failure) {
    let found = try unretainedBehavior(h, in: try enteredBox(h))
    var failure: Failure? = nil
    found._withUnsafeGuaranteedRef { behavior in
        guard behavior is B else {
            failure = wrongKind(behavior, what)
            return
        }
        // the same object, borrowed as its own class: `as? B` gave a counted reference, a
        // retain and a release in each call (a list's rows are set every frame)
        Unmanaged<B>.fromOpaque(found.toOpaque())._withUnsafeGuaranteedRef { typed in
            do throws(Failure) { try body(typed) } catch { failure = error }
        }
    }
    if let failure { throw failure }
}

/// The error for a behavior handle of another kind than the export takes ("behavior is a
/// gravity behavior, not an attachment").
private func wrongKind(_ found: Behavior, _ what: String) -> Failure {
    func article(_ word: String) -> String { "aeiou".contains(word.first ?? "x") ? "an" : "a" }
    let kind = "\(found.kind)"
    return Failure(ANIMA_ERR_WRONG_KIND, "behavior is \(article(kind)) \(kind) behavior, not \(article(what)) \(what)")
}

/// The box of a behavior handle's animator, entered by the calling thread.
@inline(__always)
private func enteredBox(_ h: anima_behavior) throws(Failure) -> Unmanaged<AnimatorBox> {
    if h.index1 == 0 { throw Failure(ANIMA_ERR_INVALID_HANDLE, "behavior is a null handle") }
    guard let box = try Registry.enterUnretained(index1: UInt32(h.animator), generation: nil) else {
        throw Failure(ANIMA_ERR_INVALID_HANDLE, "behavior handle is stale or its animator was destroyed")
    }
    return box
}

/// The behavior in the slot a handle names, if its generation matches.
@inline(__always)
private func behavior(_ h: anima_behavior, in box: Unmanaged<AnimatorBox>) throws(Failure) -> Behavior {
    try unretainedBehavior(h, in: box).takeUnretainedValue()
}

/// `behavior(_:in:)` not counted: the table keeps it alive while the animator is entered.
@inline(__always)
private func unretainedBehavior(_ h: anima_behavior, in box: Unmanaged<AnimatorBox>) throws(Failure) -> Unmanaged<Behavior> {
    let slot = Int(h.index1) - 1
    let found: Unmanaged<Behavior>? = box._withUnsafeGuaranteedRef { box in
        box.behaviors.withUnsafeBufferPointer { table in
            guard slot < table.count, let entry = table[slot], entry.generation == h.generation else { return nil }
            return Unmanaged.passUnretained(entry.behavior)
        }
    }
    guard let found else { throw Failure(ANIMA_ERR_INVALID_HANDLE, "behavior handle is stale or destroyed") }
    return found
}

@inline(__always)
private func behavior<B: Behavior>(_ h: anima_behavior, in box: Unmanaged<AnimatorBox>, as type: B.Type,
                                   _ what: String) throws(Failure) -> B {
    let found = try behavior(h, in: box)
    guard let typed = found as? B else {
        throw wrongKind(found, what)
    }
    return typed
}

/// Resolves an item array of the given animator.
func resolveItems(_ box: AnimatorBox, _ items: UnsafePointer<anima_item>?, _ count: Int32) throws(Failure) -> [ItemID] {
    if count < 0 { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "item_count must be >= 0 (got \(count))") }
    if count == 0 { return [] }
    guard let items else { throw Failure.null("items") }
    var ids: [ItemID] = []
    ids.reserveCapacity(Int(count))
    for i in 0..<Int(count) {
        let (itemBox, id) = try resolve(items[i])
        if itemBox !== box {
            throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "items[\(i)] belongs to another animator")
        }
        ids.append(id)
    }
    return ids
}

/// A malloc'd array of C events whose address stays fixed until the next fill.
struct EventBuffer<Event> {
    var base: UnsafeMutablePointer<Event>? = nil
    var capacity = 0
    var count = 0

    mutating func fill(_ events: [Event]) {
        if events.count > capacity {
            base?.deallocate()
            capacity = max(events.count, 2 * capacity, 16)
            base = UnsafeMutablePointer<Event>.allocate(capacity: capacity)
        }
        count = events.count
        if let base { for (i, e) in events.enumerated() { base[i] = e } }
    }

    mutating func release() {
        base?.deallocate()
        base = nil
        capacity = 0
        count = 0
    }
}
