/// The broad phase: every governed item and every boundary segment has a proxy in a dynamic AABB
/// tree, with a box fattened by a margin so that most steps move nothing. An item whose swept box
/// leaves its fat box is re-inserted and queued; only queued proxies look for new pairs. A pair's
/// contact lives until the two fat boxes stop overlapping (Box2D v3's scheme).
struct BroadPhase {
    /// How much a proxy's box is fattened when it is (re)inserted, in points (Box2D's 0.1 m): the
    /// margin of boundary segments and the most an item gets (see `margin(extent:)`).
    static let margin = 10.0

    /// An item's margin: a tenth of how far its shape reaches from its centre, between 1 pt and
    /// `margin`. Box2D's margin is one length for every shape, sized for bodies of a metre; UI
    /// items range from a 9 pt dot to a full screen. A margin as wide as a small item makes its
    /// fat box overlap those of items rows away in a crowd, each pair a contact record updated
    /// every step: a 10 x 10 grid of 9 pt boxes at a 10 pt pitch, at rest, holds 1632 pairs with
    /// 10 pt (each box reaches three rows away) and 342 with 1 pt (its eight neighbours alone).
    /// Jitter at rest is far below that, and steady motion is covered by the fat box reaching
    /// ahead (`stepsAhead`), so the margin only has to absorb changes of motion: with a tenth of
    /// the extent instead of a quarter, the tumbler's 25 pt boxes keep 17 400 pairs instead of
    /// 20 300 for 486 re-insertions a step instead of 412, 2 % less time (docs/performance.md).
    @inline(__always) static func margin(extent: Double) -> Double {
        min(margin, max(1, 0.1 * extent))
    }

    /// The tree of fat boxes. Set it with `restore(_:)`, which keeps `fatBoxes` in step.
    private(set) var tree = DynamicTree()
    /// Per proxy id: the proxy's fat box, the one its leaf in the tree holds or, after
    /// `moveDeferred`, will hold once `applyDeferredMoves` has run. The contact update
    /// reads the fat boxes here, so the tree can be rebuilt on another thread meanwhile (Box2D v3
    /// likewise keeps each shape's fat box apart from its tree, and rebuilds the trees in a task
    /// of their own while the narrow phase runs: `b2UpdateTreesTask`).
    private(set) var fatBoxes: [AABB] = []
    /// Proxies `moveDeferred` gave a new fat box, in order, whose leaves still hold
    /// the old one (see `applyDeferredMoves`).
    private(set) var deferredMoves: [Int32] = []
    /// Proxies re-inserted this step, in the order they moved.
    var moved: [Int32] = []
    var isMoved: [Bool] = []
    /// Per queued proxy: its fat box when pairs were last searched, before it moved since, or
    /// an empty box when it is new or its pairs' rules may have changed (see `searchPairs`).
    var searchedBoxes: [AABB] = []
    /// Per tree node, while pairs are searched: whether a queued proxy is it or lies below it.
    var queuedBelow: [Bool] = []
    /// Scratch for `sortMovedBySpace`: Morton key and proxy id per queued proxy.
    private var spatialKeys: [UInt64] = []
    /// Whether `searchPairs` leaves out the pairs the last search left in place (the same pairs
    /// are found either way; tests turn it off to show that).
    var skipsKnownPairs = true
    /// Whether `sortMovedBySpace` orders the queue (the same pairs are found either way; tests
    /// turn it off to show that).
    var sortsMovedBySpace = true
    /// Whether the queue was compacted, ordered and marked with the deferred moves, for the
    /// next `prepareQueue` (see `takeDeferredMoves(withQueue:)`).
    private var queueIsPrepared = false

    /// The tree copied for this step's pair search (`prepareMirror`), and whether it is current.
    private(set) var queryMirror = TreeQueryMirror()
    private(set) var mirrorIsCurrent = false
    /// How many searches used the copy (for tests).
    private(set) var mirrorSearches = 0
    /// Whether `prepareMirror` may copy the tree (the same pairs are found either way; tests
    /// turn it off to show that).
    var usesQueryMirror = true
    /// The tree is copied for the search when the queue holds at least one proxy in this many.
    static let queriesPerMirror = 32

    /// A box that overlaps and contains nothing.
    static let nothing = AABB(lower: Vec2(.infinity, .infinity), upper: Vec2(-.infinity, -.infinity))

    /// Creates a proxy fattened by `margin` and queues it to look for pairs.
    mutating func create(_ box: AABB, userData: Int32, margin: Double = BroadPhase.margin) -> Int32 {
        let fat = fatten(box, by: margin)
        let id = tree.createProxy(fat, userData: userData)
        if fatBoxes.count < tree.nodeCapacity {
            fatBoxes.append(contentsOf: repeatElement(BroadPhase.nothing, count: tree.nodeCapacity - fatBoxes.count))
        }
        fatBoxes[Int(id)] = fat
        queue(id, fresh: true)
        return id
    }

    /// Takes `tree` (a saved animator's), with the fat boxes its leaves hold.
    mutating func restore(_ tree: DynamicTree) {
        self.tree = tree
        deferredMoves.removeAll()
        fatBoxes = Array(repeating: BroadPhase.nothing, count: tree.nodeCapacity)
        for p in 0..<tree.nodeCapacity where tree.isProxy(Int32(p)) { fatBoxes[p] = tree.fatAABB(Int32(p)) }
    }

    /// Destroys a proxy. If it was queued as moved, it leaves the queue at once: its flag drops
    /// now and `compactMoved()` removes its entry before the queue is next read, so no step ever
    /// looks up a freed node (the id may even be reused by a new proxy meanwhile).
    mutating func destroy(_ proxy: Int32) {
        tree.destroyProxy(proxy)
        if Int(proxy) < isMoved.count { isMoved[Int(proxy)] = false }
    }

    /// Drops the queue entries of destroyed proxies and the duplicates left by an id that was
    /// destroyed and reused while queued; keeps the first entry of each live proxy, in order.
    mutating func compactMoved() {
        var kept = 0
        for k in 0..<moved.count {
            let p = moved[k]
            if isMoved[Int(p)] {
                isMoved[Int(p)] = false   // so a later duplicate of p is dropped
                moved[kept] = p
                kept += 1
            }
        }
        moved.removeLast(moved.count - kept)
        for p in moved { isMoved[Int(p)] = true }
    }

    /// Puts the queued proxies in the order of their fat boxes' centres along a Z-order curve
    /// (Morton order) over the tree's box: one proxy's search then walks the part of the tree
    /// the one before it walked, still in the first-level cache. Items queue in slot order,
    /// which a crowd that has moved no longer keeps in space (the tumbler's 486 searches a step
    /// read 48-byte tree nodes from the second-level cache). The pairs found are the same in any
    /// order, since they are sorted by key after the search; ties keep the smaller id first.
    mutating func sortMovedBySpace() {
        guard sortsMovedBySpace else { return }
        fatBoxes.withUnsafeBufferPointer { BroadPhase.sortBySpace(&moved, keys: &spatialKeys, tree, $0) }
    }

    /// `sortMovedBySpace` on a queue and tree held apart from a broad phase (`keys` is scratch).
    static func sortBySpace(_ moved: inout [Int32], keys: inout [UInt64], _ tree: borrowing DynamicTree,
                            _ fatBoxes: UnsafeBufferPointer<AABB>) {
        guard moved.count > 1, tree.root != DynamicTree.nullNode else { return }
        let bounds = tree.fatAABB(tree.root)
        let span = bounds.upper - bounds.lower
        let sx = span.x > 0 && span.x.isFinite ? 65535 / span.x : 0
        let sy = span.y > 0 && span.y.isFinite ? 65535 / span.y : 0
        keys.removeAll(keepingCapacity: true)
        for p in moved {
            let box = fatBoxes[Int(p)]
            let cx = ((box.lower.x + box.upper.x) * 0.5 - bounds.lower.x) * sx
            let cy = ((box.lower.y + box.upper.y) * 0.5 - bounds.lower.y) * sy
            let qx = BroadPhase.quantize(cx), qy = BroadPhase.quantize(cy)
            keys.append(BroadPhase.interleave(qx) << 33 | BroadPhase.interleave(qy) << 32 | UInt64(UInt32(bitPattern: p)))
        }
        keys.sort()
        for k in keys.indices { moved[k] = Int32(bitPattern: UInt32(truncatingIfNeeded: keys[k])) }
    }

    /// `v` as a 16-bit grid cell: below 1 (NaN too, from an unbounded box) is cell 0, past
    /// 65535 the last; never traps.
    @inline(__always) static func quantize(_ v: Double) -> UInt64 {
        v >= 1 ? (v < 65535 ? UInt64(v) : 65535) : 0
    }

    /// The 16 low bits of `v` spread to the even bits of a 32-bit value.
    @inline(__always) static func interleave(_ v: UInt64) -> UInt64 {
        var x = v & 0xFFFF
        x = (x | (x << 8)) & 0x00FF_00FF
        x = (x | (x << 4)) & 0x0F0F_0F0F
        x = (x | (x << 2)) & 0x3333_3333
        x = (x | (x << 1)) & 0x5555_5555
        return x
    }

    /// Debug check: every queued proxy is a live leaf and flagged, and every flag is queued.
    func validateMoved() -> Bool {
        var flagged = 0
        for f in isMoved where f { flagged += 1 }
        var queued = Set<Int32>()
        for p in moved where isMoved[Int(p)] {
            guard tree.isProxy(p) else { return false }
            queued.insert(p)
        }
        return queued.count == flagged
    }

    /// How many steps of its motion a moving proxy's fat box reaches ahead (Box2D 2.4's
    /// `b2_aabbMultiplier`): an item that moves every step, a list row or a falling box, is
    /// re-inserted every few steps instead of every step.
    static let stepsAhead = 4.0

    /// Re-inserts a proxy whose box left its fat box, or whose fat box has grown far larger than
    /// its motion needs: the new fat box is the box enlarged by `margin` all around and, ahead of
    /// `motion` (the displacement expected in one step), by `stepsAhead` times it. Any fat box
    /// that contains the box keeps the pairs right: a pair is looked for whenever one of its two
    /// fat boxes is re-inserted.
    ///
    /// A fat box made while the item moved fast still reaches far ahead once it has stopped (a
    /// box that fell into a pile); kept, it would hold pairs with every item in that reach, each
    /// a contact record, for as long as the item rests. So the fat box is also remade when it
    /// reaches out of the one its motion now needs by more than `margin` plus that motion's lead
    /// (Box2D 2.4's "huge AABB" check, `b2DynamicTree::MoveProxy`, with the lead added so that an
    /// item moving steadily is not remade any sooner than it leaves its fat box).
    ///
    /// The proxy is removed and inserted again at once; the step moves its proxies with
    /// `refit` and `moveDeferred` instead, and rebuilds that part of the tree once.
    @inline(__always) mutating func update(_ proxy: Int32, _ box: AABB, motion: Vec2 = .zero, margin: Double = BroadPhase.margin) {
        guard let wanted = BroadPhase.refit(fatBoxes[Int(proxy)], box, motion: motion, margin: margin) else { return }
        queue(proxy)   // first, while the proxy still has the box pairs were searched with
        fatBoxes[Int(proxy)] = wanted
        tree.moveProxy(proxy, wanted)
    }

    /// The fat box `update` gives a proxy whose fat box is `current` and whose box is `box`, or
    /// nil when it keeps `current`. Reads nothing else, so workers may check many proxies at once.
    @inline(__always) static func refit(_ current: AABB, _ box: AABB, motion: Vec2, margin: Double) -> AABB? {
        let fat = AABB(lower: box.lower - Vec2(margin, margin), upper: box.upper + Vec2(margin, margin))
        let ahead = BroadPhase.stepsAhead * motion
        let wanted = AABB(lower: fat.lower + pointwiseMin(ahead, .zero), upper: fat.upper + pointwiseMax(ahead, .zero))
        if DynamicTree.contains(current, box) {
            let slack = Vec2(margin + abs(ahead.x), margin + abs(ahead.y))
            if DynamicTree.contains(AABB(lower: wanted.lower - slack, upper: wanted.upper + slack), current) { return nil }
        }
        return wanted
    }

    /// Gives a proxy the fat box `refit` gave it, its leaf left in place in the tree (the boxes
    /// above it grown) until `applyDeferredMoves` rebuilds that part of the tree.
    @inline(__always) mutating func moveDeferred(_ proxy: Int32, to wanted: AABB) {
        queue(proxy)   // first, while the proxy still has the box pairs were searched with
        fatBoxes[Int(proxy)] = wanted
        deferredMoves.append(proxy)
    }

    /// What `moveDeferred` writes per proxy, through pointers, so that workers move many proxies
    /// at once (each writes its own proxy's entries); `appendMove` then lists the moves in order.
    struct MoveAccess {
        let fatBoxes: UnsafeMutableBufferPointer<AABB>
        let isMoved: UnsafeMutableBufferPointer<Bool>
        let searchedBoxes: UnsafeMutableBufferPointer<AABB>

        /// `moveDeferred` without its lists: true when the proxy was not queued yet.
        @inline(__always) func move(_ proxy: Int32, to wanted: AABB) -> Bool {
            let i = Int(proxy)
            let queues = !isMoved[i]
            if queues {
                isMoved[i] = true
                searchedBoxes[i] = fatBoxes[i]
            }
            fatBoxes[i] = wanted
            return queues
        }
    }

    /// Gives `body` the move access (every proxy is queued at creation, so each has its flag).
    mutating func withMoveAccess<R>(_ body: (MoveAccess) -> R) -> R {
        fatBoxes.withUnsafeMutableBufferPointer { fat in
            isMoved.withUnsafeMutableBufferPointer { moved in
                searchedBoxes.withUnsafeMutableBufferPointer { searched in
                    body(MoveAccess(fatBoxes: fat, isMoved: moved, searchedBoxes: searched))
                }
            }
        }
    }

    /// Lists a move made through `MoveAccess.move` (`queued`: what it returned).
    @inline(__always) mutating func appendMove(_ proxy: Int32, queued: Bool) {
        if queued { moved.append(proxy) }
        deferredMoves.append(proxy)
    }

    /// Working storage of `applyDeferredMoves`.
    var rebuildScratch = DynamicTree.RebuildScratch()

    /// Gives the leaves of the proxies moved with `moveDeferred` their new fat boxes
    /// and rebuilds the part of the tree above them, at once (a crowd moves hundreds a step).
    /// Call before the tree is next read or changed.
    mutating func applyDeferredMoves() {
        var work = takeDeferredMoves()
        fatBoxes.withUnsafeBufferPointer { work.apply($0) }
        putBack(work)
    }

    /// The tree with the deferred moves to apply to it, taken out of the broad phase so that
    /// one thread applies them (`apply`) while others read the fat boxes and the queue.
    struct DeferredMoves {
        fileprivate var tree: DynamicTree
        fileprivate var moves: [Int32]
        fileprivate var scratch: DynamicTree.RebuildScratch
        /// The queue and what ordering and marking it needs, when it came along
        /// (`takeDeferredMoves(withQueue: true)`); the contact update reads neither.
        fileprivate var queue: QueueWork? = nil

        /// Enlarges each moved leaf to its fat box, then rebuilds the tree above them; then, when
        /// the queue came along, puts it in space order and marks its nodes in the rebuilt tree
        /// (`sortMovedBySpace`, `markQueued`).
        mutating func apply(_ fatBoxes: UnsafeBufferPointer<AABB>) {
            for p in moves { tree.enlargeProxy(p, fatBoxes[Int(p)]) }
            tree.rebuildEnlarged(&scratch)
            moves.removeAll(keepingCapacity: true)
            guard var work = queue.take() else { return }
            if work.sorts { BroadPhase.sortBySpace(&work.moved, keys: &work.keys, tree, fatBoxes) }
            BroadPhase.mark(work.moved, &work.queuedBelow, tree, work.searchedBoxes, fatBoxes)
            queue = work
        }
    }

    /// The queue's part of `DeferredMoves`.
    fileprivate struct QueueWork {
        var moved: [Int32]
        var queuedBelow: [Bool]
        var keys: [UInt64]
        var searchedBoxes: [AABB]
        let sorts: Bool
    }

    /// Takes the tree out, with the deferred moves; `putBack` returns it. Meanwhile the broad
    /// phase has an empty tree: only the fat boxes and the queue's flags may be read. With
    /// `withQueue`, the queue is compacted here and taken too, to be ordered and marked once the
    /// moves are applied (`DeferredMoves.apply`), on the same thread: the step's pair search
    /// then finds it ready (`prepareQueue`).
    mutating func takeDeferredMoves(withQueue: Bool = false) -> DeferredMoves {
        var work = DeferredMoves(tree: DynamicTree(), moves: [], scratch: DynamicTree.RebuildScratch())
        swap(&work.tree, &tree)
        swap(&work.moves, &deferredMoves)
        swap(&work.scratch, &rebuildScratch)
        if withQueue {
            compactMoved()
            var queue = QueueWork(moved: [], queuedBelow: [], keys: [], searchedBoxes: [], sorts: sortsMovedBySpace)
            exchangeQueue(&queue)
            work.queue = queue
        }
        return work
    }

    /// Puts back a tree taken by `takeDeferredMoves`, once its moves are applied.
    mutating func putBack(_ work: consuming DeferredMoves) {
        tree = work.tree
        deferredMoves = work.moves
        rebuildScratch = work.scratch
        if var queue = work.queue {
            exchangeQueue(&queue)
            queueIsPrepared = true
        }
    }

    /// Trades the queue's arrays with `work`'s: out of the broad phase into empty ones, and back.
    private mutating func exchangeQueue(_ work: inout QueueWork) {
        swap(&work.moved, &moved)
        swap(&work.queuedBelow, &queuedBelow)
        swap(&work.keys, &spatialKeys)
        swap(&work.searchedBoxes, &searchedBoxes)
    }

    /// Readies the queue for the pair search: compacted, in space order, its nodes marked
    /// (`compactMoved`, `sortMovedBySpace`, `markQueued`), unless the deferred moves did it
    /// beside the contact update (`takeDeferredMoves(withQueue: true)`). The same queue and
    /// marks either way.
    mutating func prepareQueue() {
        if queueIsPrepared {
            queueIsPrepared = false
            return
        }
        compactMoved()
        sortMovedBySpace()
        markQueued()
    }

    /// Queues a proxy to look for pairs, keeping the fat box it has now as the one pairs were
    /// last searched with, unless it is `fresh`: new, or its pairs' rules may have changed, so
    /// that no pair it overlaps may be taken as known.
    mutating func queue(_ proxy: Int32, fresh: Bool = false) {
        let i = Int(proxy)
        if i >= isMoved.count {
            isMoved.append(contentsOf: repeatElement(false, count: i + 1 - isMoved.count))
            searchedBoxes.append(contentsOf: repeatElement(BroadPhase.nothing, count: i + 1 - searchedBoxes.count))
        }
        if !isMoved[i] {
            isMoved[i] = true
            moved.append(proxy)
            searchedBoxes[i] = fresh ? BroadPhase.nothing : fatBoxes[i]
        } else if fresh {
            searchedBoxes[i] = BroadPhase.nothing
        }
    }

    /// Marks every queued proxy's leaf and the nodes above it, for `searchPairs` (call after
    /// `compactMoved`, and `unmarkQueued` before the tree changes again).
    mutating func markQueued() {
        fatBoxes.withUnsafeBufferPointer { BroadPhase.mark(moved, &queuedBelow, tree, searchedBoxes, $0) }
    }

    /// `markQueued` on a queue and tree held apart from a broad phase.
    static func mark(_ moved: [Int32], _ queuedBelow: inout [Bool], _ tree: borrowing DynamicTree, _ searchedBoxes: [AABB],
                     _ fatBoxes: UnsafeBufferPointer<AABB>) {
        let n = tree.nodeCapacity
        if queuedBelow.count < n { queuedBelow.append(contentsOf: repeatElement(false, count: n - queuedBelow.count)) }
        for p in moved where !searchedBoxes[Int(p)].overlaps(fatBoxes[Int(p)]) {
            var node = p
            while node != DynamicTree.nullNode && !queuedBelow[Int(node)] {
                queuedBelow[Int(node)] = true
                node = tree.parent(node)
            }
        }
    }

    mutating func unmarkQueued() {
        for p in moved {
            var node = p
            while node != DynamicTree.nullNode && queuedBelow[Int(node)] {
                queuedBelow[Int(node)] = false
                node = tree.parent(node)
            }
        }
    }

    /// Calls `found` with every proxy whose pair with queued proxy `proxy` may be new: their fat
    /// boxes overlap, and either box changed since the last search or they did not overlap then.
    /// The pairs this leaves out are the ones the last search left with a contact that the
    /// contact update has kept (a contact lives while its fat boxes overlap and its rules hold;
    /// a change of rules queues the proxy fresh), so it finds what a search of every overlap
    /// filtered by the contacts finds. A pair of two queued proxies is given once, from the
    /// smaller id. Subtrees inside the proxy's last searched box with no queued proxy below are
    /// not entered: a rotating wall's box, re-inserted every step, looks only at its new edges.
    /// Needs `markQueued`.
    @inline(__always) func searchPairs(of proxy: Int32, _ found: (Int32) -> Void) {
        let known = knownBox(proxy)
        tree.query(fatBoxes[Int(proxy)], skipping: { node, box in
            !queuedBelow[Int(node)] && DynamicTree.contains(known, box)
        }) { other in
            if isNewPair(proxy, other, known) { found(other) }
            return true
        }
    }

    /// `searchPairs(of:)` for each of `proxies`: `found(proxy, other)`, two walks at a time
    /// through the mirror when it is current (`prepareMirror`), else the tree's walk for each.
    @inline(__always) func searchPairs(of proxies: UnsafeBufferPointer<Int32>, _ found: (Int32, Int32) -> Void) {
        guard mirrorIsCurrent else {
            for proxy in proxies { searchPairs(of: proxy) { found(proxy, $0) } }
            return
        }
        queuedBelow.withUnsafeBufferPointer { below in
            queryMirror.queryAll(tree, count: proxies.count, { fatBoxes[Int(proxies[$0])] },
                                 searched: { knownBox(proxies[$0]) }, queuedBelow: below) { k, other in
                let proxy = proxies[k]
                if isNewPair(proxy, other, knownBox(proxy)) { found(proxy, other) }
            }
        }
    }

    /// The box whose pairs a queued proxy's search may take as known: the fat box it had when
    /// pairs were last searched (empty when it is new, or when tests turn `skipsKnownPairs` off).
    @inline(__always) func knownBox(_ proxy: Int32) -> AABB {
        skipsKnownPairs ? searchedBoxes[Int(proxy)] : BroadPhase.nothing
    }

    /// For `searchPairs`: whether the pair of queued `proxy`, searched last with box `known`,
    /// and `other`, whose fat boxes overlap, may be new.
    @inline(__always) func isNewPair(_ proxy: Int32, _ other: Int32, _ known: AABB) -> Bool {
        if isMoved[Int(other)] {
            return other > proxy && !known.overlaps(searchedBoxes[Int(other)])
        }
        return !known.overlaps(fatBoxes[Int(other)])
    }

    /// Copies the tree and the queue's marks into `queryMirror` for this step's searches, when
    /// the queue holds at least one proxy in `queriesPerMirror` (a copy costs about what a few
    /// dozen searches save) and the tree has an internal node. Call after `markQueued`;
    /// `clearMoved` ends the copy's use.
    mutating func prepareMirror(pool: SolverWorkers? = nil) {
        mirrorIsCurrent = false
        guard usesQueryMirror, moved.count * BroadPhase.queriesPerMirror >= tree.proxyCount else { return }
        var mirror = TreeQueryMirror()
        swap(&mirror, &queryMirror)
        queuedBelow.withUnsafeBufferPointer { mirror.build(from: tree, queuedBelow: $0, pool: pool) }
        swap(&mirror, &queryMirror)
        mirrorIsCurrent = queryMirror.root != DynamicTree.nullNode
        if mirrorIsCurrent { mirrorSearches &+= 1 }   // (a mark list too short leaves `root` null)
    }

    mutating func clearMoved() {
        mirrorIsCurrent = false
        for p in moved where Int(p) < isMoved.count { isMoved[Int(p)] = false }
        moved.removeAll(keepingCapacity: true)
    }

    @inline(__always) func fatten(_ box: AABB, by margin: Double = BroadPhase.margin) -> AABB {
        AABB(lower: box.lower - Vec2(margin, margin), upper: box.upper + Vec2(margin, margin))
    }

    @inline(__always) func overlaps(_ p: Int32, _ q: Int32) -> Bool {
        fatBoxes[Int(p)].overlaps(fatBoxes[Int(q)])
    }

    /// Reads the fat boxes and the queue flags, for `FatBoxView`.
    func withFatBoxes<R>(_ body: (FatBoxView) -> R) -> R {
        fatBoxes.withUnsafeBufferPointer { fat in
            isMoved.withUnsafeBufferPointer { moved in body(FatBoxView(fatBoxes: fat, isMoved: moved)) }
        }
    }

    /// The proxy check on debug builds: every leaf's fat box is its `fatBoxes` entry, and no
    /// move waits.
    func validateFatBoxes() -> Bool {
        guard deferredMoves.isEmpty, fatBoxes.count >= tree.nodeCapacity else { return false }
        for p in 0..<tree.nodeCapacity where tree.isProxy(Int32(p)) {
            let a = fatBoxes[p], b = tree.fatAABB(Int32(p))
            guard a.lower == b.lower && a.upper == b.upper else { return false }
        }
        return true
    }
}

/// What the contact update reads of the broad phase, through pointers: it runs while another
/// thread may be rebuilding the tree (`BroadPhase.DeferredMoves`).
struct FatBoxView {
    let fatBoxes: UnsafeBufferPointer<AABB>
    let isMoved: UnsafeBufferPointer<Bool>

    @inline(__always) func overlaps(_ p: Int32, _ q: Int32) -> Bool {
        fatBoxes[Int(p)].overlaps(fatBoxes[Int(q)])
    }

    /// `overlaps` for two proxies whose fat boxes overlapped when last compared, before the
    /// queue is cleared: a fat box changes only when its proxy is re-inserted, which queues it,
    /// so when neither is queued the answer stands without reading the boxes.
    @inline(__always) func stillOverlap(_ p: Int32, _ q: Int32) -> Bool {
        if !isMoved[Int(p)] && !isMoved[Int(q)] { return true }
        return overlaps(p, q)
    }
}
