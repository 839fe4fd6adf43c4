import Anima
import CAnima

// The snapshots section of anima.h: the engine's snapshot carries the handle tables of the
// animator's box as its host data, so that a restored animator's behaviors and timelines keep
// their handles (docs/snapshot.md, "The C library's host data").

/// The box's tables as host data (version 1): behavior slots (present, generation), the free
/// slots in the order they are reused, the largest generation, timeline ids, the next timeline
/// id, and the delegate functions that were set.
private func hostData(_ box: AnimatorBox, timelineIDs: [UInt64]) -> [UInt8] {
    var out: [UInt8] = []
    func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) } }
    func u64(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) } }
    u32(1)
    u32(UInt32(box.behaviors.count))
    for entry in box.behaviors {
        out.append(entry == nil ? 0 : 1)
        if let entry { u32(entry.generation) }
    }
    u32(UInt32(box.freeBehaviorSlots.count))
    for slot in box.freeBehaviorSlots { u32(UInt32(slot)) }
    u32(box.highestGeneration)
    u32(UInt32(timelineIDs.count))
    for id in timelineIDs { u64(id) }
    u64(box.nextTimeline)
    out.append((box.willResume != nil || box.detachedDelegate & 1 != 0 ? 1 : 0)
               | (box.didPause != nil || box.detachedDelegate & 2 != 0 ? 2 : 0))
    return out
}

/// The host data read back, checked against the restored animator.
private struct HostTables {
    var slots: [UInt32?] = []
    var free: [Int] = []
    var highestGeneration: UInt32 = 0
    var timelineIDs: [UInt64] = []
    var nextTimeline: UInt64 = 0
    var delegate: UInt8 = 0

    init(_ data: [UInt8], behaviors: Int, timelines: Int) throws(Failure) {
        var at = 0
        func fail(_ what: String) -> Failure { Failure(ANIMA_ERR_INVALID_ARGUMENT, "snapshot is corrupt: host data: \(what)") }
        func take(_ n: Int) throws(Failure) -> Int {
            guard n <= data.count - at else { throw fail("truncated") }
            at += n
            return at - n
        }
        func u8() throws(Failure) -> UInt8 { data[try take(1)] }
        func u32() throws(Failure) -> UInt32 {
            let k = try take(4)
            return (0..<4).reduce(UInt32(0)) { $0 | UInt32(data[k + $1]) << (8 * UInt32($1)) }
        }
        func u64() throws(Failure) -> UInt64 { UInt64(try u32()) | UInt64(try u32()) << 32 }
        guard try u32() == 1 else { throw fail("unknown version") }
        let count = Int(try u32())
        guard count <= data.count else { throw fail("\(count) behavior slots") }
        var present = 0
        for _ in 0..<count {
            switch try u8() {
            case 0: slots.append(nil)
            case 1:
                let generation = try u32()
                guard generation != 0 else { throw fail("a behavior of generation 0") }
                slots.append(generation)
                present += 1
            default: throw fail("a behavior slot flag")
            }
        }
        guard present <= behaviors else { throw fail("\(present) behaviors for a table of \(behaviors)") }
        let freeCount = Int(try u32())
        guard freeCount == count - present else { throw fail("\(freeCount) free slots for \(count - present)") }
        var seen = Set<Int>()
        for _ in 0..<freeCount {
            let slot = Int(try u32())
            guard slot < count, slots[slot] == nil, seen.insert(slot).inserted else { throw fail("free slot \(slot)") }
            free.append(slot)
        }
        highestGeneration = try u32()
        let timelineCount = Int(try u32())
        guard timelineCount == timelines else { throw fail("\(timelineCount) timeline ids for \(timelines) timelines") }
        var ids = Set<UInt64>()
        for _ in 0..<timelineCount {
            let id = try u64()
            guard id != 0, ids.insert(id).inserted else { throw fail("timeline id \(id)") }
            timelineIDs.append(id)
        }
        nextTimeline = try u64()
        guard ids.allSatisfy({ $0 <= nextTimeline }) else { throw fail("a timeline id above the next one") }
        delegate = try u8()
        guard delegate <= 3, at == data.count else { throw fail("delegate flags or trailing bytes") }
    }
}

/// What a snapshot of the animator holds beside the tree: every behavior with a handle, in slot
/// order (the roster), and the timelines, by id (with their ids, in that order).
private func snapshotContents(_ box: AnimatorBox) -> (roster: [Behavior], timelineIDs: [UInt64], timelines: [Timeline]) {
    let ids = box.timelines.keys.sorted()
    return (box.behaviors.compactMap { $0?.behavior }, ids, ids.compactMap { box.timelines[$0] })
}

@c @implementation
public func anima_animator_snapshot(_ animator: anima_animator, _ buffer: UnsafeMutableRawPointer?, _ capacity: Int64, _ outSize: UnsafeMutablePointer<Int64>?) -> anima_status {
    run("anima_animator_snapshot") { () throws(Failure) in
        let box = try resolve(animator)
        guard let outSize else { throw Failure.null("out_size") }
        if capacity < 0 { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "capacity must be >= 0 (got \(capacity))") }
        if capacity > 0 && buffer == nil { throw Failure.null("buffer") }
        let (roster, ids, timelines) = snapshotContents(box)
        let host = hostData(box, timelineIDs: ids)
        let bytes = try engine { () throws(AnimaError) in
            try box.animator.snapshot(behaviors: roster, timelines: timelines, hostData: host)
        }
        outSize.pointee = Int64(bytes.count)
        if Int64(bytes.count) > capacity {
            throw Failure(ANIMA_ERR_BUFFER_TOO_SMALL, "buffer holds \(capacity) bytes but the snapshot is \(bytes.count)")
        }
        if let buffer { bytes.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) } }
    }
}

@c @implementation
public func anima_animator_state_hash(_ animator: anima_animator, _ outHash: UnsafeMutablePointer<UInt64>?) -> anima_status {
    run("anima_animator_state_hash") { () throws(Failure) in
        let box = try resolve(animator)
        guard let outHash else { throw Failure.null("out_hash") }
        // the snapshot's roster and timelines, without the handle tables (their generations)
        let (roster, _, timelines) = snapshotContents(box)
        outHash.pointee = try engine { () throws(AnimaError) in
            try box.animator.stateHash(behaviors: roster, timelines: timelines)
        }
    }
}

@c @implementation
public func anima_animator_restore(_ bytes: UnsafeRawPointer?, _ size: Int64, _ out: UnsafeMutablePointer<anima_animator>?) -> anima_status {
    run("anima_animator_restore") { () throws(Failure) in
        guard let out else { throw Failure.null("out_animator") }
        if size < 0 { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "size must be >= 0 (got \(size))") }
        if size > 0 && bytes == nil { throw Failure.null("bytes") }
        guard size <= Int64(Int.max) else { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "size \(size) is too large") }
        let raw = UnsafeRawBufferPointer(start: size > 0 ? bytes : nil, count: Int(size))
        let restored = try engine { () throws(AnimaError) in try Animator.restore(raw) }
        // a snapshot made through the Swift interface has no tables: every behavior gets a handle
        let tables = restored.hostData.isEmpty ? nil
            : try HostTables(restored.hostData, behaviors: restored.behaviors.count, timelines: restored.timelines.count)
        let box = try Registry.add(restored.animator)
        installDelegate(box)
        if let tables {
            var next = 0
            for generation in tables.slots {
                guard let generation else {
                    box.behaviors.append(nil)
                    continue
                }
                let b = restored.behaviors[next]
                next += 1
                box.behaviorSlot[ObjectIdentifier(b)] = box.behaviors.count
                box.behaviors.append((generation, b))
            }
            box.freeBehaviorSlots = tables.free
            box.highestGeneration = tables.highestGeneration
            Generation.advance(past: tables.highestGeneration)
            for (id, t) in zip(tables.timelineIDs, restored.timelines) { box.timelines[id] = t }
            box.nextTimeline = tables.nextTimeline
            box.detachedDelegate = tables.delegate
        } else {
            for b in restored.behaviors { _ = box.registerUnchecked(b) }
            for t in restored.timelines {
                box.nextTimeline &+= 1
                box.timelines[box.nextTimeline] = t
            }
        }
        out.pointee = box.handle
    }
}

/// A stable id as the C interface gives it: the handle's generation in the high 32 bits, its
/// index1 in the low 32 bits.
private func stableID(index1: UInt32, generation: UInt32) -> UInt64 {
    UInt64(generation) << 32 | UInt64(index1)
}

/// The (index1, generation) of a stable id.
private func handleParts(of id: UInt64) -> (index1: UInt32, generation: UInt32) {
    (UInt32(truncatingIfNeeded: id), UInt32(truncatingIfNeeded: id >> 32))
}

@c @implementation
public func anima_item_get_id(_ item: anima_item, _ out: UnsafeMutablePointer<UInt64>?) -> anima_status {
    run("anima_item_get_id") { () throws(Failure) in
        _ = try resolve(item)
        guard let out else { throw Failure.null("out_id") }
        out.pointee = stableID(index1: item.index1, generation: item.generation)
    }
}

@c @implementation
public func anima_animator_find_item(_ animator: anima_animator, _ id: UInt64, _ out: UnsafeMutablePointer<anima_item>?) -> anima_status {
    run("anima_animator_find_item") { () throws(Failure) in
        let box = try resolve(animator)
        guard let out else { throw Failure.null("out_item") }
        let (index1, generation) = handleParts(of: id)
        let item = ItemID(slot: Int32(truncatingIfNeeded: Int64(index1) - 1), generation: generation)
        guard index1 >= 1, index1 <= UInt32(Int32.max), box.animator.isLive(item) else {
            throw Failure(ANIMA_ERR_NOT_FOUND, "no live item has id 0x\(String(id, radix: 16))")
        }
        out.pointee = box.itemHandle(item)
    }
}

@c @implementation
public func anima_behavior_get_id(_ behavior: anima_behavior, _ out: UnsafeMutablePointer<UInt64>?) -> anima_status {
    run("anima_behavior_get_id") { () throws(Failure) in
        _ = try resolve(behavior)
        guard let out else { throw Failure.null("out_id") }
        out.pointee = stableID(index1: behavior.index1, generation: behavior.generation)
    }
}

@c @implementation
public func anima_animator_find_behavior(_ animator: anima_animator, _ id: UInt64, _ out: UnsafeMutablePointer<anima_behavior>?) -> anima_status {
    run("anima_animator_find_behavior") { () throws(Failure) in
        let box = try resolve(animator)
        guard let out else { throw Failure.null("out_behavior") }
        let (index1, generation) = handleParts(of: id)
        guard index1 >= 1, Int(index1) <= box.behaviors.count, let entry = box.behaviors[Int(index1) - 1],
              entry.generation == generation else {
            throw Failure(ANIMA_ERR_NOT_FOUND, "no behavior has id 0x\(String(id, radix: 16))")
        }
        out.pointee = box.behaviorHandle(entry.behavior)
    }
}

@c @implementation
public func anima_animator_get_detached_callbacks(_ animator: anima_animator, _ out: UnsafeMutablePointer<anima_detached_callback>?, _ capacity: Int32, _ outCount: UnsafeMutablePointer<Int32>?) -> anima_status {
    run("anima_animator_get_detached_callbacks") { () throws(Failure) in
        let box = try resolve(animator)
        var list: [anima_detached_callback] = []
        func record(_ kind: anima_callback_kind, item: anima_item = anima_item(), behavior: anima_behavior = anima_behavior(),
                    animation: anima_animation = 0) -> anima_detached_callback {
            anima_detached_callback(kind: kind, item: item, behavior: behavior, animation: animation)
        }
        // the delegate is the box's (the engine's own will-resume and did-pause call into it)
        if box.detachedDelegate & 1 != 0 { list.append(record(ANIMA_CALLBACK_WILL_RESUME)) }
        if box.detachedDelegate & 2 != 0 { list.append(record(ANIMA_CALLBACK_DID_PAUSE)) }
        for d in box.animator.detachedCallbacks {
            switch d.kind {
            case .willResume, .didPause: continue
            // listed by anima_animator_get_detached_value_callbacks (the record has no value field)
            case .valueChange: continue
            case .step: list.append(record(ANIMA_CALLBACK_STEP))
            case .itemUserData:
                if let item = d.item { list.append(record(ANIMA_CALLBACK_ITEM_USER_DATA, item: box.itemHandle(item))) }
            case .completion:
                if let a = d.animation { list.append(record(ANIMA_CALLBACK_COMPLETION, animation: a.identifier)) }
            case .action, .beganContact, .endedContact, .fieldEvaluation, .preSolve:
                guard let b = d.behavior else { continue }
                let kinds: [DetachedCallback.Kind: anima_callback_kind] = [
                    .action: ANIMA_CALLBACK_ACTION, .beganContact: ANIMA_CALLBACK_CONTACT_BEGAN,
                    .endedContact: ANIMA_CALLBACK_CONTACT_ENDED, .fieldEvaluation: ANIMA_CALLBACK_FIELD_EVALUATION,
                    .preSolve: ANIMA_CALLBACK_PRE_SOLVE,
                ]
                if let kind = kinds[d.kind] { list.append(record(kind, behavior: box.behaviorHandle(b))) }
            }
        }
        try copyOut(list, { $0 }, out, capacity, outCount, "out_callbacks")
    }
}
