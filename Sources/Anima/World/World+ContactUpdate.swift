extension World {
    /// Broad phase (re-insert items that left their fat boxes, find new pairs for them), then the
    /// narrow phase of every contact; contacts persist by pair key so their impulses warm-start
    /// the next step, and live until their fat boxes part.
    func collide() {
        let h = stepDuration
        // the proxies whose items left their fat boxes, moved (each item checked and its proxy
        // moved alone, so workers share them), then listed in the order of the items
        let colliding = self.colliding
        if let pool = self.workers, pool.count > 1, colliding.count >= self.minimumItemsPerWorker * pool.count {
            self.proxyMoved.resize(colliding.count)
            let moved = self.proxyMoved.base
            self.broadPhase.withMoveAccess { access in
                colliding.withUnsafeBufferPointer { colliding in
                    let block = 256
                    pool.forEachBlock((colliding.count + block - 1) / block) { b, _ in
                        for j in (b * block)..<min(colliding.count, (b + 1) * block) {
                            moved[j] = 0
                            guard let refit = proxyRefit(colliding[j], h, { access.fatBoxes[Int($0)] }) else { continue }
                            moved[j] = access.move(store.proxy[Int(colliding[j])], to: refit) ? 2 : 1
                        }
                    }
                }
            }
            for j in 0..<colliding.count where moved[j] != 0 {
                self.broadPhase.appendMove(store.proxy[Int(colliding[j])], queued: moved[j] == 2)
            }
        } else {
            for s in colliding {
                let refit = proxyRefit(s, h) { self.broadPhase.fatBoxes[Int($0)] }
                if let refit { self.broadPhase.moveDeferred(store.proxy[Int(s)], to: refit) }
            }
        }

        PhaseClock.mark(.refit)
        // existing contacts, in place: drop those whose fat boxes parted or whose items no longer
        // collide, refresh the others; then new contacts go at the end in key order, so the order
        // only depends on the history of the scene
        var pairs: [Pair] = []
        var woke = false
        var contacts: [Contact] = []
        swap(&contacts, &self.contacts)   // updated in place, put back below
        var heads: [ContactHead] = []
        swap(&heads, &self.contactHeads)  // kept beside the records, put back below
        let count = contacts.count
        var kept = 0
        // this step's contact constraints, made as each contact is refreshed (see ContactConstraintBuilder)
        var builder = contactConstraintBuilder()
        // the contacts with points or touching, listed on the way (see listActiveContacts)
        var active: [Int32] = []
        swap(&active, &self.activeContacts)
        active.removeAll(keepingCapacity: true)
        // contacts that end leave holes; once the holes are an eighth of the list, this pass
        // closes them up (moving each kept contact down), else it leaves them (see contactHoles)
        let closing = self.closesEveryHole || self.contactHoles > count / 8
        // every contact is checked against the pair rules only when they may have changed
        let recheck = store.pairRulesVersion != self.checkedPairRulesVersion
        self.checkedPairRulesVersion = store.pairRulesVersion
        // shared when there is enough to share (the two ways give the same result)
        let pool = self.workers.flatMap { $0.count > 1 && count >= self.minimumItemsPerWorker * $0.count ? $0 : nil }
        // the holes the shared update leaves for the pair search to close (see below)
        var holesToClose = 0
        if let pool {
            // the moved proxies' part of the tree is rebuilt by one thread while the others
            // begin the contact update, which reads the fat boxes beside the tree; that thread
            // then orders and marks the queue for the pair search (the update reads neither)
            var moves = self.broadPhase.takeDeferredMoves(withQueue: true)
            self.broadPhase.withFatBoxes { boxes in
                holesToClose = updateContactsShared(pool, closing: closing, recheck: recheck, boxes,
                                                    alongside: { moves.apply(boxes.fatBoxes) }, &contacts, &heads, &builder,
                                                    &active, &woke)
            }
            self.broadPhase.putBack(moves)
        } else {
            self.broadPhase.applyDeferredMoves()
        }
        withManifoldView { view in
            if pool == nil { self.broadPhase.withFatBoxes { boxes in
                contacts.withUnsafeMutableBufferPointer { cb in heads.withUnsafeMutableBufferPointer { hb in
                    var holes = 0
                    for k in 0..<count {
                        let c = cb.baseAddress! + k, h = hb.baseAddress! + k
                        if h.pointee.isHole { holes += 1; continue }
                        if !pairStays(c, h, recheck: recheck, boxes, view) {
                            endContact(&c.pointee, &h.pointee)
                            holes += 1
                            continue
                        }
                        // its place once the holes are closed, or where it is
                        let index = closing ? kept : k
                        let simulated = (h.pointee.a >= 0 && isActive(Int(h.pointee.a))) || isActive(Int(h.pointee.b))
                        if updatePair(c, h, simulated: simulated, view) && h.pointee.pointCount > 0 {
                            wakeSleepingSides(h.pointee.a, h.pointee.b, &woke)
                        }
                        if h.pointee.pointCount > 0 || h.pointee.touching { active.append(Int32(index)) }
                        if h.pointee.pointCount > 0 && needsConstraint(c.pointee) { builder.add(c, index: index, view) }
                        if closing && kept != k {
                            cb[kept] = c.pointee
                            hb[kept] = h.pointee
                        }
                        kept += 1
                    }
                    self.contactHoles = closing ? 0 : holes
                }}
                if closing {
                    contacts.removeLast(count - kept)
                    heads.removeLast(count - kept)
                }
            }}
            PhaseClock.mark(.contactUpdate)
            // new pairs; the holes left to close are closed by one thread meanwhile (the search
            // reads no contact)
            pairs = findNewPairs(alongside: {
                if holesToClose > 0 { closeListedHoles(&contacts, &heads, count: count, ended: holesToClose) }
            })
            // holes at the end go at once
            while let last = heads.last, last.isHole {
                contacts.removeLast()
                heads.removeLast()
                self.contactHoles -= 1
            }
            // pairs the contact storage has no room for, and cannot get, wait for the next step
            if !pairs.isEmpty && !admitNewContacts(pairs.count, count: contacts.count, capacity: min(contacts.capacity, heads.capacity)) {
                deferNewPairs(pairs)
                pairs.removeAll(keepingCapacity: true)
            }
            // then the new pairs' contacts at the end, in key order
            if let pool = self.workers, pool.count > 1, pairs.count >= self.minimumItemsPerWorker * pool.count {
                addNewContactsShared(pool, &pairs, view, &contacts, &heads, &builder, &active, &woke)
            } else {
                var previous: UInt64? = nil
                for pair in pairs where pair.key != previous {
                    previous = pair.key
                    addNewContact(pair, view, &contacts, &heads, &builder, &active, &woke)
                }
            }
        }
        PhaseClock.mark(.newContacts)
        swap(&active, &self.activeContacts)
        // what a crowd needed on its way down is given back once it rests
        World.releaseSpareCapacity(&contacts, self.workers)
        World.releaseSpareCapacity(&heads, self.workers)
        World.releaseSpareCapacity(&self.activeContacts)
        World.releaseSpareCapacity(&self.candidates)
        World.releaseSpareCapacity(&pairs)
        self.contactKeys.releaseSpareSlots()
        // poses set from outside have been collided again
        if anyPoseEdited {
            store.poseEdited.withUnsafeMutableBufferPointer { $0.update(repeating: false) }
            anyPoseEdited = false
        }
        swap(&contacts, &self.contacts)
        swap(&heads, &self.contactHeads)
        self.newPairs = pairs
        finishWaking(woke, &builder)
        keep(builder)
        PhaseClock.mark(.contactsKept)
    }

    /// Contacts per block of the shared contact update (their cost varies: workers claim blocks).
    static let contactBlock = 64

    /// What the shared contact update's first pass found of a contact it lists.
    enum ListedFlag {
        /// An active side: the manifold was refreshed.
        static let simulated: UInt8 = 1
        /// It has points or was touching: an active contact of the step.
        static let active: UInt8 = 2
        /// Refreshed with points while a side sleeps: that island wakes.
        static let wakes: UInt8 = 4
        /// Refreshed with points, both sides awake and one that can move: it makes a constraint.
        static let constrained: UInt8 = 8
    }

    /// What the first pass of the shared contact update found in a block of contacts: how many
    /// entries it listed, and of those how many end (or are holes to close), are active and
    /// make constraints, and how many wake an island. Once every block is counted, `ended`,
    /// `active` and `constrained` become the counts in the blocks before (where the block's
    /// entries go in the step's lists); `listed` stays the block's own.
    struct ContactBlockTally {
        var listed: Int32 = 0
        var ended: Int32 = 0
        var active: Int32 = 0
        var constrained: Int32 = 0
        var wakes: Int32 = 0

        /// Turns each of `blocks` tallies' `ended`, `active` and `constrained` into the counts of
        /// the blocks before it (prefix sums), and returns the totals, `wakes` included.
        static func placeBlocks(_ tally: UnsafeMutablePointer<ContactBlockTally>, _ blocks: Int) -> ContactBlockTally {
            var total = ContactBlockTally()
            for block in 0..<blocks {
                let t = tally[block]
                tally[block].ended = total.ended
                tally[block].active = total.active
                tally[block].constrained = total.constrained
                total.listed += t.listed
                total.ended += t.ended
                total.active += t.active
                total.constrained += t.constrained
                total.wakes += t.wakes
            }
            return total
        }
    }

    /// Calls `body`, in contact order, with each contact the shared contact update's first pass
    /// listed as ended (or as a hole to close), from the lists of its `blocks` blocks.
    @inline(__always) func forEachListedEnd(blocks: Int, _ body: (Int) -> Void) {
        let listed = self.listed.base, tally = self.listedTally.base
        for block in 0..<blocks {
            let start = block * World.contactBlock
            for j in start..<(start + Int(tally[block].listed)) where listed[j] < 0 { body(-Int(listed[j]) - 1) }
        }
    }

    /// For a refreshed contact with points: `wakes` when a side sleeps (that island wakes), else
    /// `constrained` when it makes a constraint, else 0; counted in `t`.
    @inline(__always)
    static func wakeOrConstraintFlag(_ c: UnsafePointer<Contact>, _ view: ManifoldView, _ asleep: UnsafeBufferPointer<Bool>,
                                     _ t: inout ContactBlockTally) -> UInt8 {
        if (c.pointee.a >= 0 && asleep[Int(c.pointee.a)]) || asleep[Int(c.pointee.b)] {
            t.wakes += 1
            return ListedFlag.wakes
        }
        if ContactConstraintBuilder.makesConstraint(c, view) {
            t.constrained += 1
            return ListedFlag.constrained
        }
        return 0
    }

    /// The update of the existing contacts with several workers, with the result of the loop in
    /// `collide` to the bit. (1) Shared, in blocks of `contactBlock` contacts: check that each
    /// contact goes on, refresh the manifolds of those with an active side, and list what the
    /// next pass must see (contacts that ended, and holes when `closing`, as -(index + 1);
    /// those with points, touching, or not refreshed), counting per block. (2) When no contact
    /// wakes an island, shared again: each block's active contacts and constraints are written
    /// at the places the counts of the blocks before it give (prefix sums, as Box2D v3 places
    /// its constraints), while one thread ends the contacts that ended, in order (their keys
    /// leave the key set, touching ones emit ended events, their records become holes). When one
    /// does wake an island, this thread does pass (2) in contact order instead, as the loop does
    /// (`orderedContactPass`). (3) When `closing`, the holes are closed, keeping the order, by
    /// `closeListedHoles`, which the caller runs beside the pair search; this returns how many
    /// there are to close (0 when not `closing`). `alongside` runs on one thread during pass (1).
    func updateContactsShared(_ pool: SolverWorkers, closing: Bool, recheck: Bool, _ boxes: FatBoxView, alongside: () -> Void,
                              _ contacts: inout [Contact], _ heads: inout [ContactHead], _ builder: inout ContactConstraintBuilder,
                              _ active: inout [Int32], _ woke: inout Bool) -> Int {
        let count = contacts.count
        if count == 0 {
            alongside()
            if closing { self.contactHoles = 0 }
            return 0
        }
        let blockSize = World.contactBlock
        let blocks = (count + blockSize - 1) / blockSize
        self.listed.resize(count)
        self.listedFlags.resize(count)
        self.listedTally.resize(blocks)
        let listed = self.listed.base, flags = self.listedFlags.base, tally = self.listedTally.base
        withManifoldView { view in
            store.asleep.withUnsafeBufferPointer { asleep in
                contacts.withUnsafeMutableBufferPointer { cb in heads.withUnsafeMutableBufferPointer { hb in
                    let base = cb.baseAddress!, headBase = hb.baseAddress!
                    // block 0 is `alongside`, taken first by the stepping thread
                    pool.forEachBlock(blocks + 1) { job, _ in
                        if job == 0 { alongside(); return }
                        let block = job - 1
                        let share = (block * blockSize)..<min(count, (block + 1) * blockSize)
                        var t = ContactBlockTally()
                        for k in share {
                            let c = base + k, h = headBase + k
                            if h.pointee.isHole {
                                // closed up in pass (3) when closing, else left alone
                                if closing {
                                    listed[share.lowerBound + Int(t.listed)] = -Int32(k) - 1
                                    t.listed += 1
                                    t.ended += 1
                                }
                                continue
                            }
                            if !pairStays(c, h, recheck: recheck, boxes, view) {
                                listed[share.lowerBound + Int(t.listed)] = -Int32(k) - 1
                                t.listed += 1
                                t.ended += 1
                                continue
                            }
                            let activeA = h.pointee.a >= 0 && view.isActive(Int(h.pointee.a), asleep)
                            let simulated = activeA || view.isActive(Int(h.pointee.b), asleep)
                            updatePair(c, h, simulated: simulated, view)
                            let hasPoints = h.pointee.pointCount > 0
                            if !simulated || hasPoints || h.pointee.touching {
                                // what pass (2) needs to know without reading the contact again
                                var f: UInt8 = 0
                                if simulated { f |= ListedFlag.simulated }
                                if hasPoints || h.pointee.touching {
                                    f |= ListedFlag.active
                                    t.active += 1
                                }
                                if simulated && hasPoints { f |= World.wakeOrConstraintFlag(c, view, asleep, &t) }
                                listed[share.lowerBound + Int(t.listed)] = Int32(k)
                                flags[share.lowerBound + Int(t.listed)] = f
                                t.listed += 1
                            }
                        }
                        tally[block] = t
                    }
                }}
            }
        }
        // the counts of the blocks before each block
        let total = ContactBlockTally.placeBlocks(tally, blocks)
        let ended = Int(total.ended), activeCount = Int(total.active), constrainedCount = Int(total.constrained)
        if total.wakes > 0 {
            self.contactUpdatesInOrder += 1
            orderedContactPass(pool, closing: closing, blocks: blocks, &contacts, &heads, &builder, &active, &woke)
        } else {
            // (2) shared: no island wakes, so no contact's state depends on one before it
            let firstActive = active.count
            active.append(contentsOf: repeatElement(0, count: activeCount))
            builder.reserve(constrainedCount)
            withManifoldView { view in
                contacts.withUnsafeMutableBufferPointer { cb in heads.withUnsafeMutableBufferPointer { hb in
                    active.withUnsafeMutableBufferPointer { activeList in
                        let base = cb.baseAddress!, headBase = hb.baseAddress!, b = builder
                        pool.forEachBlock(blocks + 1) { job, _ in
                            if job == 0 {
                                // the contacts that ended, in order, on one thread: they change
                                // the key set and the event lists; no other block reads them.
                                // Their records and key slots are read first, all at once:
                                // independent reads the processor overlaps, where the removals,
                                // one miss after another in a key set of megabytes, wait for
                                // each (77 -> 55 ms of the pile's 300 steps)
                                var warmth: UInt64 = 0
                                self.contactKeys.withSlots { slot in
                                    forEachListedEnd(blocks: blocks) { k in warmth &+= slot(base[k].key) }
                                }
                                self.keyWarmth &+= warmth
                                forEachListedEnd(blocks: blocks) { k in
                                    if !headBase[k].isHole { endContact(&base[k], &headBase[k]) }
                                }
                                return
                            }
                            var b = b   // `write` is mutating (it writes only through the buffers' pointers)
                            let block = job - 1, start = block * blockSize
                            var endedBefore = Int(tally[block].ended)
                            var nextActive = firstActive + Int(tally[block].active)
                            var nextConstraint = Int(tally[block].constrained)
                            for j in start..<(start + Int(tally[block].listed)) {
                                let k = Int(listed[j])
                                if k < 0 {
                                    endedBefore += 1
                                    continue
                                }
                                // its place once the holes are closed, or where it is
                                let index = closing ? k - endedBefore : k
                                let f = flags[j]
                                if f & ListedFlag.active != 0 {
                                    activeList[nextActive] = Int32(index)
                                    nextActive += 1
                                }
                                if f & ListedFlag.constrained != 0 {
                                    b.write(base + k, index: index, at: nextConstraint, view)
                                    nextConstraint += 1
                                }
                            }
                        }
                    }
                }}
            }
        }
        if !closing {
            self.contactHoles += ended
            return 0
        }
        if ended == 0 { self.contactHoles = 0 }
        return ended
    }

    /// Closes the holes the shared contact update listed (`ended` of them, in a list of `count`
    /// contacts): the kept contacts move down, in order.
    func closeListedHoles(_ contacts: inout [Contact], _ heads: inout [ContactHead], count: Int, ended: Int) {
        let blocks = (count + World.contactBlock - 1) / World.contactBlock
        contacts.withUnsafeMutableBufferPointer { cb in heads.withUnsafeMutableBufferPointer { hb in
            var kept = 0, next = 0
            forEachListedEnd(blocks: blocks) { k in
                while next < k {
                    if kept != next {
                        cb[kept] = cb[next]
                        hb[kept] = hb[next]
                    }
                    kept += 1
                    next += 1
                }
                next = k + 1
            }
            while next < count {
                if kept != next {
                    cb[kept] = cb[next]
                    hb[kept] = hb[next]
                }
                kept += 1
                next += 1
            }
        }}
        contacts.removeLast(ended)
        heads.removeLast(ended)
        self.contactHoles = 0
    }

    /// Pass (2) of `updateContactsShared` on this thread, in contact order, when an island wakes:
    /// which contacts end, wake, are active and make constraints (those are listed with their
    /// places, then written by the workers). A contact is read again here only when it ends,
    /// wakes an island or may have been woken; an island woken here makes contacts later in the
    /// order active, and they are refreshed here, as in the loop of `collide`.
    private func orderedContactPass(_ pool: SolverWorkers, closing: Bool, blocks: Int, _ contacts: inout [Contact],
                                    _ heads: inout [ContactHead], _ builder: inout ContactConstraintBuilder,
                                    _ active: inout [Int32], _ woke: inout Bool) {
        let blockSize = World.contactBlock
        let listed = self.listed.base, flags = self.listedFlags.base, tally = self.listedTally.base
        var ended = 0
        var constrained: [SIMD2<Int32>] = []
        swap(&constrained, &self.constrainedContacts)
        constrained.removeAll(keepingCapacity: true)
        withManifoldView { view in
            contacts.withUnsafeMutableBufferPointer { cb in heads.withUnsafeMutableBufferPointer { hb in
                for block in 0..<blocks {
                    let start = block * blockSize
                    for j in start..<(start + Int(tally[block].listed)) {
                        let entry = Int(listed[j])
                        if entry < 0 {
                            let k = -entry - 1
                            if !hb[k].isHole { endContact(&cb[k], &hb[k]) }
                            ended += 1
                            continue
                        }
                        // its place once the holes are closed, or where it is
                        let k = entry, index = closing ? k - ended : k
                        let f = flags[j]
                        let simulated = f & ListedFlag.simulated != 0
                        if (!simulated && woke) || f & ListedFlag.wakes != 0 {
                            if !simulated {
                                // an island woken earlier in this pass made it active
                                refresh(&cb[k], view, &woke)
                                hb[k] = ContactHead(cb[k])
                            } else {
                                wakeSleepingSides(cb[k].a, cb[k].b, &woke)
                            }
                            if cb[k].manifold.count > 0 || cb[k].touching { active.append(Int32(index)) }
                            if needsConstraint(cb[k]) && ContactConstraintBuilder.makesConstraint(cb.baseAddress! + k, view) {
                                constrained.append(SIMD2(Int32(k), Int32(index)))
                            }
                            continue
                        }
                        if f & ListedFlag.active != 0 { active.append(Int32(index)) }
                        if f & ListedFlag.constrained != 0 { constrained.append(SIMD2(Int32(k), Int32(index))) }
                    }
                }
            }}
        }
        // the constraints, shared: each is written at its place in contact order
        builder.reserve(constrained.count)
        withManifoldView { view in
            contacts.withUnsafeBufferPointer { cb in
                constrained.withUnsafeBufferPointer { list in
                    let base = cb.baseAddress!, b = builder
                    let block = World.constraintBlock
                    pool.forEachBlock((list.count + block - 1) / block) { blockIndex, _ in
                        var b = b   // `write` is mutating (it writes only through the buffers' pointers)
                        for j in (blockIndex * block)..<min(list.count, (blockIndex + 1) * block) {
                            b.write(base + Int(list[j].x), index: Int(list[j].y), at: j, view)
                        }
                    }
                }
            }
        }
        swap(&constrained, &self.constrainedContacts)
    }

    /// The new pairs' contacts with several workers, with the result of `addNewContact` for
    /// each distinct pair in order, to the bit. `pairs` (sorted by key) keeps one of each pair.
    /// (1) Shared, in blocks of `contactBlock` pairs: each contact's record and first manifold,
    /// written to a scratch list, and per block how many are active and make constraints, while
    /// one thread puts the keys in the key set. (2) When none would wake an island, shared
    /// again: the records are appended to the contact list by one thread while the others write
    /// the active entries and the constraints at the places the blocks before give (prefix
    /// sums). When one would, the contacts before it are taken as they are, and from it on
    /// each is made again on this thread as `addNewContact` makes it: an island woken makes
    /// later contacts active.
    func addNewContactsShared(_ pool: SolverWorkers, _ pairs: inout [Pair], _ view: ManifoldView, _ contacts: inout [Contact],
                              _ heads: inout [ContactHead], _ builder: inout ContactConstraintBuilder, _ active: inout [Int32],
                              _ woke: inout Bool) {
        // a pair found twice was found side by side
        var distinct = 0
        for j in pairs.indices where j == 0 || pairs[j].key != pairs[j - 1].key {
            pairs[distinct] = pairs[j]
            distinct += 1
        }
        pairs.removeLast(pairs.count - distinct)
        let n = pairs.count
        let blockSize = World.contactBlock
        let blocks = (n + blockSize - 1) / blockSize
        self.newContactRecords.resize(n)
        self.listedFlags.resize(n)
        self.listedTally.resize(blocks)
        let records = self.newContactRecords.base, flags = self.listedFlags.base, tally = self.listedTally.base
        pairs.withUnsafeBufferPointer { pairList in
            store.asleep.withUnsafeBufferPointer { asleep in
                pool.forEachBlock(blocks) { block, _ in
                    var t = ContactBlockTally()
                    for j in (block * blockSize)..<min(n, (block + 1) * blockSize) {
                        let c = records + j
                        c.initialize(to: contactRecord(pairList[j]))
                        // what `refresh` does, but for the waking
                        let activeA = c.pointee.a >= 0 && view.isActive(Int(c.pointee.a), asleep)
                        c.pointee.simulated = activeA || view.isActive(Int(c.pointee.b), asleep)
                        var f: UInt8 = 0
                        if c.pointee.simulated {
                            updateManifold(&c.pointee, view)
                            if c.pointee.manifold.count > 0 {
                                f |= ListedFlag.active | World.wakeOrConstraintFlag(c, view, asleep, &t)
                                t.active += 1
                            }
                        }
                        flags[j] = f
                    }
                    tally[block] = t
                }
            }
        }
        let total = ContactBlockTally.placeBlocks(tally, blocks)
        let activeCount = Int(total.active), constrainedCount = Int(total.constrained)
        if total.wakes > 0 {
            // the first that wakes an island: the contacts before it stand, the rest are made again
            var firstWake = 0
            while flags[firstWake] & ListedFlag.wakes == 0 { firstWake += 1 }
            self.newContactsRemade += 1
            for j in 0..<n {
                if j < firstWake {
                    let c = records + j
                    self.contactKeys.insert(c.pointee.key)
                    if flags[j] & ListedFlag.active != 0 { active.append(Int32(contacts.count)) }
                    if flags[j] & ListedFlag.constrained != 0 { builder.add(c, index: contacts.count, view) }
                    contacts.append(c.pointee)
                    heads.append(ContactHead(c.pointee))
                } else {
                    addNewContact(pairs[j], view, &contacts, &heads, &builder, &active, &woke)
                }
            }
        } else {
            let first = contacts.count, firstActive = active.count, firstConstraint = builder.count
            // a list that must grow for them is copied into its new storage by every thread
            World.reserveShared(&contacts, first + n, pool)
            active.append(contentsOf: repeatElement(0, count: activeCount))
            builder.extend(by: constrainedCount)
            active.withUnsafeMutableBufferPointer { activeList in pairs.withUnsafeBufferPointer { pairList in
                let b = builder
                // the records join the list on the stepping thread (job 0), the keys the key set on
                // the next thread (the first job of its run), and the heads their list in the
                // last job; no other job reads any of them
                let jobs = blocks + 3, keysJob = max(1, jobs / pool.count)
                pool.forEachBlock(jobs) { job, _ in
                    if job == 0 {
                        contacts.append(contentsOf: UnsafeBufferPointer(start: records, count: n))
                        return
                    }
                    if job == keysJob {
                        for pair in pairList { self.contactKeys.insert(pair.key) }
                        return
                    }
                    if job == jobs - 1 {
                        for j in 0..<n { heads.append(ContactHead(records[j])) }
                        return
                    }
                    var b = b   // `write` is mutating (it writes only through the buffers' pointers)
                    let block = job - (job < keysJob ? 1 : 2)
                    var nextActive = firstActive + Int(tally[block].active)
                    var nextConstraint = firstConstraint + Int(tally[block].constrained)
                    for j in (block * blockSize)..<min(n, (block + 1) * blockSize) {
                        let f = flags[j]
                        if f & ListedFlag.active != 0 {
                            activeList[nextActive] = Int32(first + j)
                            nextActive += 1
                        }
                        if f & ListedFlag.constrained != 0 {
                            b.write(records + j, index: first + j, at: nextConstraint, view)
                            nextConstraint += 1
                        }
                    }
                }
            }}
        }
        // a crowd's first contacts are thousands; later steps make far fewer
        self.newContactRecords.releaseIfMostlyUnused(used: n)
    }

    /// Whether a refreshed contact makes a constraint this step: it has points and both its
    /// items are awake (a contact between an awake and a sleeping item woke the sleeper).
    @inline(__always) func needsConstraint(_ c: Contact) -> Bool {
        c.manifold.count > 0 && c.simulated && !(c.a >= 0 && store.asleep[Int(c.a)]) && !store.asleep[Int(c.b)]
    }

    /// Lists the contacts the solver and the touch update of this step look at: those with
    /// manifold points and those that were touching (they may end). In a crowd most pairs
    /// have neither (fat boxes that overlap, shapes apart), and passes over the whole contact
    /// array would cost more than the work on the few that matter. `collide` builds the list
    /// as it goes; this pass rebuilds it after islands woke.
    func listActiveContacts() {
        var active: [Int32] = []
        swap(&active, &self.activeContacts)
        active.removeAll(keepingCapacity: true)
        self.contacts.withUnsafeBufferPointer { cb in
            for k in cb.indices where cb[k].manifold.count > 0 || cb[k].touching {
                active.append(Int32(k))
            }
        }
        swap(&active, &self.activeContacts)
    }

    /// After islands woke during the contact update: refresh the body lists and bring the
    /// contacts inside those islands (skipped while they slept) up to date.
    func finishWaking(_ woke: Bool, _ builder: inout ContactConstraintBuilder) {
        if woke {
            rebuildBodyLists()
            // contacts inside the islands just woken were skipped above: bring them up to date
            var contacts: [Contact] = []
            swap(&contacts, &self.contacts)
            withManifoldView { view in
                contacts.withUnsafeMutableBufferPointer { cb in
                    for k in cb.indices where !self.contactHeads[k].simulated && !self.contactHeads[k].isHole {
                        if (cb[k].a >= 0 && isActive(Int(cb[k].a))) || isActive(Int(cb[k].b)) {
                            cb[k].simulated = true
                            updateManifold(&cb[k], view)
                            self.contactHeads[k] = ContactHead(cb[k])
                            if needsConstraint(cb[k]) { builder.add(cb.baseAddress! + k, index: k, view) }
                        }
                    }
                }
            }
            swap(&contacts, &self.contacts)
            listActiveContacts()
        }
    }

    /// A contact for a new pair, with its first manifold.
    func newContact(_ pair: Pair, _ view: ManifoldView, _ woke: inout Bool) -> Contact {
        var c = contactRecord(pair)
        self.contactKeys.insert(c.key)
        refresh(&c, view, &woke)
        return c
    }

    /// A new pair's contact record, before its first refresh.
    @inline(__always) func contactRecord(_ pair: Pair) -> Contact {
        Contact(key: pair.key, a: pair.a, b: pair.b,
                generationA: pair.a >= 0 ? store.generation[Int(pair.a)] : 0,
                generationB: store.generation[Int(pair.b)],
                segmentID: pair.segment >= 0 ? self.segments[Int(pair.segment)].id : 0,
                segment: pair.segment)
    }

    /// Makes a new pair's contact at the end of the list: listed as active when it has points,
    /// its constraint made when it needs one.
    func addNewContact(_ pair: Pair, _ view: ManifoldView, _ contacts: inout [Contact], _ heads: inout [ContactHead],
                       _ builder: inout ContactConstraintBuilder, _ active: inout [Int32], _ woke: inout Bool) {
        var c = newContact(pair, view, &woke)
        if c.manifold.count > 0 { active.append(Int32(contacts.count)) }
        if needsConstraint(c) { builder.add(&c, index: contacts.count, view) }
        contacts.append(c)
        heads.append(ContactHead(c))
    }

    /// Whether a contact stays: its items still collide and their fat boxes still overlap.
    /// Without `recheck` (nothing changed the pair rules since the last check: see
    /// `WorldState.checkedPairRulesVersion`) only the fat boxes are looked at, from the head.
    @inline(__always)
    func pairStays(_ c: UnsafeMutablePointer<Contact>, _ h: UnsafeMutablePointer<ContactHead>, recheck: Bool,
                   _ boxes: FatBoxView, _ view: ManifoldView) -> Bool {
        guard recheck else { return fatBoxesStillOverlap(h.pointee, boxes, view) }
        guard contactStillValid(&c.pointee, boxes) else { return false }
        h.pointee.segment = c.pointee.segment   // a boundary's segment is looked up again
        return true
    }

    /// Whether the fat boxes of a contact's pair, which overlapped at the last update (or when
    /// it was found), still do. Read through the view's pointers: through the store and the
    /// world, each array was found again and its bounds checked for every contact.
    @inline(__always)
    func fatBoxesStillOverlap(_ h: ContactHead, _ boxes: FatBoxView, _ view: ManifoldView) -> Bool {
        let proxyB = view.proxy[Int(h.b)]
        if h.a >= 0 {
            // an item's tight box lies in its fat box (the broad-phase update above re-inserts
            // a proxy whose tight box left it), so overlapping tight boxes settle it without
            // reading the tree: a pair of a moving crowd whose proxies were re-inserted
            if view.tightBoxes[Int(h.a)].overlaps(view.tightBoxes[Int(h.b)]) { return true }
            return boxes.stillOverlap(view.proxy[Int(h.a)], proxyB)
        }
        return boxes.stillOverlap(view.segmentProxies[Int(h.segment)], proxyB)
    }

    /// Whether a contact's items still collide (alive, the same generation, allowed by the pair
    /// rules) and their fat boxes overlap; a boundary contact's segment is looked up again.
    func contactStillValid(_ c: inout Contact, _ boxes: FatBoxView) -> Bool {
        let b = Int(c.b)
        guard store.alive[b], store.generation[b] == c.generationB, store.proxy[b] >= 0 else { return false }
        if c.a >= 0 {
            let a = Int(c.a)
            guard store.alive[a], store.generation[a] == c.generationA, store.proxy[a] >= 0, acceptsPair(a, b) else { return false }
            return boxes.overlaps(store.proxy[a], store.proxy[b])
        }
        guard let k = self.segmentIndex[c.segmentID] else { return false }
        c.segment = k
        guard acceptsSegment(b, Int(k)) else { return false }
        return boxes.overlaps(self.segmentProxies[Int(k)], store.proxy[b])
    }

    /// The update of a contact that stays: its `simulated` flag, then its manifold unless its
    /// items are apart this step and it has none (what `updateManifold` leaves as it is). Such
    /// a pair, most of a crowd's, is read and written in its head alone. Returns whether the
    /// manifold was updated.
    @discardableResult @inline(__always)
    func updatePair(_ c: UnsafeMutablePointer<Contact>, _ h: UnsafeMutablePointer<ContactHead>, simulated: Bool,
                    _ view: ManifoldView) -> Bool {
        if h.pointee.simulated != simulated {
            h.pointee.simulated = simulated
            c.pointee.simulated = simulated
        }
        guard simulated, h.pointee.pointCount > 0 || !view.sweptApart(h.pointee.a, Int(h.pointee.b), h.pointee.segment) else {
            return false
        }
        updateManifold(&c.pointee, view)
        // (written only when it changes, as `simulated`: a resting crowd's heads are then only read)
        let pointCount = UInt8(truncatingIfNeeded: c.pointee.manifold.count)
        if h.pointee.pointCount != pointCount { h.pointee.pointCount = pointCount }
        return true
    }

    /// Recomputes the manifold of a contact with an active side; a sleeping side it reaches wakes.
    func refresh(_ c: inout Contact, _ view: ManifoldView, _ woke: inout Bool) {
        let activeA = c.a >= 0 && isActive(Int(c.a))
        let activeB = isActive(Int(c.b))
        c.simulated = activeA || activeB
        guard c.simulated else { return }
        updateManifold(&c, view)
        if c.manifold.count > 0 { wakeSleepingSides(c.a, c.b, &woke) }
    }

    /// Wakes the island of each side of a contact, a (-1 for a boundary) and b, that sleeps (a
    /// contact with points reached it).
    @inline(__always) func wakeSleepingSides(_ a: Int32, _ b: Int32, _ woke: inout Bool) {
        // the lists are rebuilt once, by `finishWaking`, however many islands wake
        if a >= 0 && store.asleep[Int(a)] { wakeIsland(of: Int(a), refreshingLists: false); woke = true }
        if store.asleep[Int(b)] { wakeIsland(of: Int(b), refreshingLists: false); woke = true }
    }

    /// True for an awake moving item and for a kinematic item that moves.
    @inline(__always) func isActive(_ i: Int) -> Bool {
        if store.asleep[i] { return false }
        if store.invMass[i] > 0 { return true }
        return store.properties[i].anchored && (store.velocity[i] != .zero || store.angularVelocity[i] != 0)
    }

    /// Ends a contact whose pair left the broad phase (moved apart, item destroyed, behavior
    /// removed): its key goes, a touching contact's ended event is emitted, and its record
    /// becomes a hole (see `WorldState.contactHoles`).
    func endContact(_ c: inout Contact, _ head: inout ContactHead) {
        self.contactKeys.remove(c.key)
        if c.touching { emitContact(&c, began: false, behaviors: self.collisionBehaviors) }
        c.makeHole()
        head = ContactHead(c)
    }
}
