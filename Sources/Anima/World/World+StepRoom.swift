import AnimaWide

extension World {
    /// The bytes the step's storage takes for one item slot: its per-slot lists (sweep, boxes,
    /// body lists, islands, welds), its solver body and parameters, and its broad-phase proxy
    /// (two tree nodes, their fat boxes and queue marks, the query mirror's share).
    static let stepBytesPerItem: Int = {
        func b<T>(_: T.Type) -> Int { MemoryLayout<T>.stride }
        let lists = b(Double.self) + b(AABB.self) + b(UInt32.self) + 5 * b(Int32.self) + 2 * b(Double.self)
            + 3 * b(Int32.self) + b(Bool.self) + 4 * b(Vec2.self)
        let solver = b(SolverBody.self) + b(BodyParams.self) + b(SolverBody.self)
        let proxy = 2 * (b(DynamicTree.Node.self) + b(AABB.self) + 2 * b(Bool.self)) + b(AABB.self)
            + 3 * b(Int32.self) + b(UInt64.self) + b(SIMD8<Float>.self) + b(SIMD4<Int32>.self)
        return lists + solver + proxy
    }()

    /// The bytes the step's storage takes for one contact: its record, head and key, its place
    /// in the step's lists, its constraint with two points and their separations, its share of
    /// the wide lanes, and its pair and candidate on the way in.
    static let stepBytesPerContact: Int = {
        func b<T>(_: T.Type) -> Int { MemoryLayout<T>.stride }
        let record = b(Contact.self) + b(ContactHead.self) + 2 * b(UInt64.self) + 2 * b(Int32.self) + 2 * b(UInt8.self)
        let constraint = b(ContactConstraint.self) + 2 * b(ConstraintPoint.self) + 2 * b(Double.self)
            + 2 * b(SIMD2<Int32>.self) + b(UInt8.self) + b(WideContact.self) / 4 + b(Int32.self)
        let arrival = 3 * b(Pair.self) + b(SIMD2<Int32>.self) + b(Contact.self)
        return record + constraint + arrival
    }()

    /// What the step's storage holds, in bytes, as the memory budget counts it: its per-item
    /// part for every slot the item store has room for (counted when the slot is reserved) or
    /// that the step was checked for, whichever is more, and the contacts' room.
    var heldStepBytes: Int {
        countedItemRoom * World.stepBytesPerItem + max(contacts.capacity, contactHeads.capacity) * World.stepBytesPerContact
    }

    /// The item slots whose step storage the budget counts.
    var countedItemRoom: Int { max(checkedItemRoom, store.reservedSlots) }

    /// Checks, before a step changes anything, that its storage can grow to what the step may
    /// need: room for every item slot and boundary segment, and for the contacts it has with
    /// half as many again (at least 256) for those it may find. When the room it has is less,
    /// the new room's bytes go through `MemoryGate` (one check for the whole step), and the
    /// contacts and their heads reserve their new capacity then, so that the step's own appends stay
    /// within it and a refusal comes before the step changes anything. Throws `.outOfMemory`
    /// with nothing changed; the step may be run again. A step that finds more new contacts
    /// than that room is checked again where it adds them (`admitNewContacts`). The room costs
    /// a copy when a crowd's contacts jump: a million falling items that found a million pairs
    /// in one step copied their lists into room for twice as many, and their peak resident
    /// memory was 160 MB (10 %) above what it was without the reservation.
    func reserveStepRoom() throws(AnimaError) {
        let items = store.count + segments.count + 4
        let wanted = contacts.count + max(256, contacts.count / 2)
        // (the list of active contacts gives back its spare room on its own: it is not counted here)
        let contactRoom = min(contacts.capacity, contactHeads.capacity)
        let itemsGrow = items > checkedItemRoom
        let contactsGrow = wanted > contactRoom
        guard itemsGrow || contactsGrow else { return }
        let grownItems = itemsGrow ? MemoryGate.grownCapacity(count: checkedItemRoom, extra: items - checkedItemRoom) : checkedItemRoom
        let grownContacts = contactsGrow ? MemoryGate.grownCapacity(count: contacts.count, extra: wanted - contacts.count) : contactRoom
        // the trial asks for the new room whole; the budget counts what it adds to what is held
        var bytes = 0, counted = 0
        if itemsGrow {
            bytes += grownItems * World.stepBytesPerItem
            counted += max(0, grownItems - countedItemRoom) * World.stepBytesPerItem
        }
        if contactsGrow {
            bytes += grownContacts * World.stepBytesPerContact
            counted += max(0, grownContacts - max(contacts.capacity, contactHeads.capacity)) * World.stepBytesPerContact
        }
        try MemoryGate.check(bytes: bytes, counted: counted, budget: memoryBudget,
                             "step: the step's storage, grown to room for \(grownItems) items and \(grownContacts) contacts,")
        checkedItemRoom = grownItems
        if contactsGrow {
            // on this thread: the check runs before the step's stages begin, and the workers'
            // jobs belong to the stages (bench/phases.py --check counts them there)
            contacts.reserveCapacity(grownContacts)
            contactHeads.reserveCapacity(grownContacts)
        }
    }

    /// Whether the step may add `n` new contacts to the `count` it holds: true when the lists
    /// have the room, or when the gate grants the growth (`MemoryGate`); false, with the
    /// refusal kept for the animator to report after the step, when it does not. The pairs
    /// not added are looked for again at the next step (`deferNewPairs`).
    func admitNewContacts(_ n: Int, count: Int, capacity: Int) -> Bool {
        guard count + n > capacity else { return true }
        let grown = MemoryGate.grownCapacity(count: count, extra: n)
        do {
            try MemoryGate.check(bytes: grown * World.stepBytesPerContact, counted: (grown - capacity) * World.stepBytesPerContact,
                                 budget: memoryBudget, "step: the contact storage, grown from \(capacity) to \(grown) contacts for \(n) new ones,")
            return true
        } catch {
            stepRefusal = error
            return false
        }
    }

    /// Queues again, as new, the proxies of pairs the step found and could not hold, so that
    /// the next step's search finds them again.
    func deferNewPairs(_ pairs: [Pair]) {
        func requeue(_ slot: Int32) {
            guard slot >= 0 else { return }
            let proxy = store.proxy[Int(slot)]
            if proxy >= 0 { broadPhase.queue(proxy, fresh: true) }
        }
        for pair in pairs {
            requeue(pair.a)
            requeue(pair.b)
        }
    }
}
