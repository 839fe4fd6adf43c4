/// A compact copy of a `DynamicTree` for one step's pair search, walked without branches.
///
/// The tree's own walk (`DynamicTree.query`) decides at every node whether the box overlaps and
/// whether it is a leaf, and each decision goes either way about as often: the processor
/// mispredicts and discards its work about once a node. In the tumbler that walk was a tenth of
/// a step (a plain query of every re-inserted box, without the search's bookkeeping, took 9.6 %
/// of the samples). Here each internal node holds its two children's boxes, so one visit tests
/// both, and the outcome only moves two counters: a child that is a leaf and overlaps is written
/// to a list of candidates, one that is a node and must be walked to the stack, each slot
/// written every time and the counter advanced by 0 or 1. The candidates are then tested with
/// their exact boxes, in a short loop of their own. Two walks advance together, so that their
/// node loads overlap. The tumbler's search, the copy included, went from 11.2 to 12.1 % of the
/// samples to 9.5 to 10.4 % (docs/performance.md).
///
/// The boxes are single precision, each lower corner rounded down and each upper corner up, so a
/// child whose copy misses the query box cannot overlap it, and every candidate is tested again
/// with its exact box: a search through the mirror finds exactly the leaves the tree's search
/// finds (in another order, which the pair search sorts away). A node inside the searched box
/// with no queued proxy below is not entered; that test takes the searched box rounded inward,
/// so it leaves out no node the exact test keeps. Build it after the tree changed and after
/// `BroadPhase.markQueued` (it copies the marks), and use it until the queue is cleared.
struct TreeQueryMirror {
    /// Per internal node: child 1's box as (lower x, lower y, -upper x, -upper y), then child 2's
    /// (`corners`). Entries of leaves and free nodes are not read.
    private(set) var boxes: [SIMD8<Float>] = []
    /// Per internal node: its children's ids (a leaf's as its bitwise complement, negative), then
    /// for each child 1 when a queued proxy is it or lies below it, else 0.
    private(set) var children: [SIMD4<Int32>] = []
    /// The tree's root when built: an internal node, or `nullNode` when the tree has fewer than
    /// two proxies (the search then walks the tree itself).
    private(set) var root: Int32 = DynamicTree.nullNode

    /// `x` in single precision, at or below it (`outward` -1) or at or above it (+1). The nearest
    /// float is off by at most half a unit in the last place, |f| 2^-24; moving it by |f| 2^-22
    /// (and a least normal float, for values near zero) covers that and the rounding of the move
    /// itself. A double beyond the float range is first held at the largest float, which the move
    /// then carries past it.
    @inline(__always) static func widened(_ x: Double, _ outward: Float) -> Float {
        let nearest = Swift.min(Swift.max(Float(x), -.greatestFiniteMagnitude), .greatestFiniteMagnitude)
        return nearest + outward * (nearest.magnitude * 0x1p-22 + .leastNormalMagnitude)
    }

    /// A box as (lower x, lower y, -upper x, -upper y), grown to the nearest floats outside it:
    /// box `a` overlaps box `q` when all of `corners(a) .<= (q.upper x, q.upper y, -q.lower x,
    /// -q.lower y)`.
    @inline(__always) static func corners(_ box: AABB) -> SIMD4<Float> {
        SIMD4(widened(box.lower.x, -1), widened(box.lower.y, -1), -widened(box.upper.x, 1), -widened(box.upper.y, 1))
    }

    /// Internal nodes copied per block of a shared `build`.
    static let buildBlock = 2048

    /// Copies `tree`'s internal nodes and the queue's marks (`queuedBelow`, one per node), in
    /// blocks shared by `pool`'s threads when it has more than one.
    mutating func build(from tree: borrowing DynamicTree, queuedBelow: UnsafeBufferPointer<Bool>, pool: SolverWorkers? = nil) {
        let capacity = tree.nodeCapacity
        if boxes.count < capacity {
            boxes.append(contentsOf: repeatElement(SIMD8<Float>(), count: capacity - boxes.count))
            children.append(contentsOf: repeatElement(SIMD4<Int32>(), count: capacity - children.count))
        }
        let top = tree.root
        root = DynamicTree.nullNode
        guard top != DynamicTree.nullNode, !tree.nodes[Int(top)].isLeaf, queuedBelow.count >= capacity else { return }
        root = top
        tree.nodes.withUnsafeBufferPointer { n in
            boxes.withUnsafeMutableBufferPointer { boxes in
                children.withUnsafeMutableBufferPointer { children in
                    let b = boxes, c = children
                    let copy = { (nodes: Range<Int>) in
                        for i in nodes where n[i].height > 0 {
                            let node = n[i]
                            let one = n[Int(node.child1)], two = n[Int(node.child2)]
                            b[i] = SIMD8(lowHalf: TreeQueryMirror.corners(one.aabb), highHalf: TreeQueryMirror.corners(two.aabb))
                            c[i] = SIMD4(one.isLeaf ? ~node.child1 : node.child1, two.isLeaf ? ~node.child2 : node.child2,
                                         queuedBelow[Int(node.child1)] ? 1 : 0, queuedBelow[Int(node.child2)] ? 1 : 0)
                        }
                    }
                    let blocks = (capacity + TreeQueryMirror.buildBlock - 1) / TreeQueryMirror.buildBlock
                    if let pool, pool.count > 1, blocks > 1 {
                        pool.forEachBlock(blocks) { k, _ in
                            copy((k * TreeQueryMirror.buildBlock)..<min(capacity, (k + 1) * TreeQueryMirror.buildBlock))
                        }
                    } else {
                        copy(0..<capacity)
                    }
                }
            }
        }
    }

    /// Candidates gathered before they are tested with their exact boxes.
    static let candidateBatch = 64

    /// `DynamicTree.query(aabbs(k), skipping:callback)` for each of `count` boxes with the pair
    /// search's rule: a node is left out, with all below it, when no queued proxy is it or lies
    /// below it and its box lies inside `searched(k)`. Two walks at once:
    /// each turn of the loop advances both by a node, so the processor waits for their node
    /// loads together rather than one after the other (a walk's next node is known only once
    /// its last node is loaded). `callback(k, leaf)` is called with the same leaves as the tree's
    /// query gives for box k, in another order. Precondition: built from `tree` since it last
    /// changed, and `queuedBelow` holds the marks it was built with; with `root` `nullNode` (never
    /// built, or fewer than two proxies) it finds nothing, and the caller walks the tree instead.
    @inline(__always)
    func queryAll(_ tree: borrowing DynamicTree, count total: Int, _ aabbs: (Int) -> AABB, searched: (Int) -> AABB,
                  queuedBelow: UnsafeBufferPointer<Bool>, _ callback: (Int, Int32) -> Void) {
        // not built, or from a tree of fewer than two proxies: nothing to walk
        guard root != DynamicTree.nullNode else { return }
        let batch = TreeQueryMirror.candidateBatch
        let depth = tree.height + 3
        tree.nodes.withUnsafeBufferPointer { n in
            boxes.withUnsafeBufferPointer { b in
                children.withUnsafeBufferPointer { c in
                    withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * batch) { found in
                        let listA = UnsafeMutableBufferPointer(rebasing: found[0..<batch])
                        let listB = UnsafeMutableBufferPointer(rebasing: found[batch..<(2 * batch)])
                        var next = 0
                        var one = Walk(depth: depth), two = Walk(depth: depth)
                        defer {
                            one.stack.deallocate()
                            two.stack.deallocate()
                        }
                        if next < total { one.start(next, root, aabbs(next), searched(next)); next += 1 }
                        if next < total { two.start(next, root, aabbs(next), searched(next)); next += 1 }
                        while one.count > 0 || two.count > 0 {
                            if one.count > 0 {
                                advance(&one, listA, &next, total, aabbs, searched, b, c, n, queuedBelow, callback)
                            }
                            if two.count > 0 {
                                advance(&two, listB, &next, total, aabbs, searched, b, c, n, queuedBelow, callback)
                            }
                        }
                    }
                }
            }
        }
    }

    /// Advances `walk` by a node (`Walk.step`); once its candidates fill `list` or the walk
    /// ends, tests them (`test`), and gives an ended walk box number `next`, if any is left.
    @inline(__always)
    func advance(_ walk: inout Walk, _ list: UnsafeMutableBufferPointer<Int32>, _ next: inout Int, _ total: Int,
                 _ aabbs: (Int) -> AABB, _ searched: (Int) -> AABB,
                 _ b: UnsafeBufferPointer<SIMD8<Float>>, _ c: UnsafeBufferPointer<SIMD4<Int32>>,
                 _ n: UnsafeBufferPointer<DynamicTree.Node>, _ queuedBelow: UnsafeBufferPointer<Bool>,
                 _ callback: (Int, Int32) -> Void) {
        walk.step(b, c, list)
        guard walk.candidates + 2 > list.count || walk.count == 0 else { return }
        let query = walk.query
        TreeQueryMirror.test(list, walk.candidates, walk.aabb, walk.searched, n, queuedBelow) { callback(query, $0) }
        walk.candidates = 0
        if walk.count == 0 && next < total {
            walk.start(next, root, aabbs(next), searched(next))
            next += 1
        }
    }

    /// One walk of `queryAll`: its box, the pending nodes and the candidates found.
    struct Walk {
        var query = -1
        var aabb = BroadPhase.nothing
        var searched = BroadPhase.nothing
        /// A child overlaps `aabb` when its corners are at most these.
        var reach = SIMD4<Float>()
        /// A child lies inside `searched` (rounded inward) when its corners are at least these.
        var within = SIMD4<Float>()
        var stack: UnsafeMutablePointer<Int32>
        var capacity: Int
        var count = 0
        var candidates = 0

        /// A walk with room for `depth` pending nodes (the tree's height + 3: one sibling a
        /// level, and the two slots written past the top).
        init(depth: Int) {
            capacity = max(depth, 3)
            stack = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        }

        /// Starts the walk of box number `query` from `root`.
        @inline(__always) mutating func start(_ query: Int, _ root: Int32, _ aabb: AABB, _ searched: AABB) {
            self.query = query
            self.aabb = aabb
            self.searched = searched
            reach = SIMD4(TreeQueryMirror.widened(aabb.upper.x, 1), TreeQueryMirror.widened(aabb.upper.y, 1),
                          -TreeQueryMirror.widened(aabb.lower.x, -1), -TreeQueryMirror.widened(aabb.lower.y, -1))
            within = SIMD4(TreeQueryMirror.widened(searched.lower.x, 1), TreeQueryMirror.widened(searched.lower.y, 1),
                           -TreeQueryMirror.widened(searched.upper.x, -1), -TreeQueryMirror.widened(searched.upper.y, -1))
            stack[0] = root
            count = 1
        }

        /// Visits the node on top of the stack: its children that overlap are pushed (nodes) or
        /// listed (leaves). Precondition: `count > 0`, room in `list` for two more candidates.
        @inline(__always) mutating func step(_ b: UnsafeBufferPointer<SIMD8<Float>>, _ c: UnsafeBufferPointer<SIMD4<Int32>>,
                                             _ list: UnsafeMutableBufferPointer<Int32>) {
            if count + 2 > capacity {
                // a damaged height: the stack moves to larger storage
                let larger = UnsafeMutablePointer<Int32>.allocate(capacity: 2 * capacity)
                larger.update(from: stack, count: count)
                stack.deallocate()
                stack = larger
                capacity *= 2
            }
            count -= 1
            let index = Int(stack[count])
            let box = b[index], kids = c[index]
            let one = box.lowHalf, two = box.highHalf
            let meetsOne = all(one .<= reach) ? 1 : 0, meetsTwo = all(two .<= reach) ? 1 : 0
            // entered when outside the searched box or when a queued proxy is below
            let entersOne = meetsOne & ((all(within .<= one) ? 0 : 1) | Int(kids[2]))
            let entersTwo = meetsTwo & ((all(within .<= two) ? 0 : 1) | Int(kids[3]))
            let leafOne = kids[0] < 0 ? 1 : 0, leafTwo = kids[1] < 0 ? 1 : 0
            // child 2 below child 1 on the stack, so that child 1's subtree is walked first
            list[candidates] = ~kids[1]
            candidates += meetsTwo & leafTwo
            stack[count] = kids[1]
            count += entersTwo & (1 - leafTwo)
            list[candidates] = ~kids[0]
            candidates += meetsOne & leafOne
            stack[count] = kids[0]
            count += entersOne & (1 - leafOne)
        }
    }

    /// Gives `callback` each of `count` candidate leaves whose exact box overlaps `aabb` and is
    /// not left out as inside `searched` with no queued proxy (the tree walk's test at a leaf).
    @inline(__always)
    static func test(_ found: UnsafeMutableBufferPointer<Int32>, _ count: Int, _ aabb: AABB, _ searched: AABB,
                     _ n: UnsafeBufferPointer<DynamicTree.Node>, _ queuedBelow: UnsafeBufferPointer<Bool>,
                     _ callback: (Int32) -> Void) {
        for j in 0..<count {
            let leaf = found[j]
            let exact = n[Int(leaf)].aabb
            if exact.overlaps(aabb) && (queuedBelow[Int(leaf)] || !DynamicTree.contains(searched, exact)) {
                callback(leaf)
            }
        }
    }
}
