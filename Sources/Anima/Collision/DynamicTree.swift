/// A dynamic AABB tree (bounding-volume hierarchy) for the broad phase, after Box2D's
/// `b2DynamicTree` (Erin Catto, "Dynamic Bounding Volume Hierarchies", GDC 2019).
///
/// Each proxy is a leaf holding a box and an `Int32` user value; every internal node holds the
/// union of its two children's boxes. Boxes are stored exactly as given: a caller that wants
/// fat boxes (a margin so that small motions need no tree update) enlarges them itself and calls
/// `moveProxy` only when the tight box leaves the fat one.
///
/// - Insertion picks the sibling by the surface-area heuristic with perimeter as the 2D "area":
///   descending from the root, at a node `N` the new leaf `L` either becomes `N`'s sibling, at cost
///   `2 P(N ∪ L)`, or goes down into the child `C` with the smaller cost
///   `P(C ∪ L) - [C internal] P(C) + 2 (P(N ∪ L) - P(N))`, where `P` is the perimeter and the last
///   term is the growth every ancestor inherits (Box2D 2.4's `InsertLeaf`).
/// - On the way back up, every ancestor is balanced with an AVL rotation when its children's
///   heights differ by more than one (Box2D 2.x's `Balance`), so heights stay O(log n) even for
///   sorted insertions.
/// - Nodes live in one contiguous array; freed nodes go onto a LIFO free list and are reused.
///   Proxy ids are node indices, so an id is stable for the life of its proxy. The storage is
///   a Swift array that insertion and removal edit through `withUnsafeMutableBufferPointer`
///   (measured 7-10% faster than plain subscripts for insert and move at 10 000 proxies);
///   `ScratchBuffer` is not used because it needs a manual free and a copied tree would alias it.
///
/// Deterministic: no hashing, no randomness; the same sequence of calls builds the same tree.
/// Preconditions: every proxy id passed in must be one returned by `createProxy` and not yet
/// destroyed (the engine only passes such ids). With valid ids no routine traps.
struct DynamicTree {
    /// The index meaning "no node": the parent of the root, the children of a leaf, the end of
    /// the free list, and the root of an empty tree.
    static let nullNode: Int32 = -1

    /// One tree node, 48 bytes. A leaf has `child1 == nullNode` and keeps its user value in
    /// `child2`; a free node has `height == -1` and keeps the next free index in `parent`.
    struct Node {
        /// The leaf's box as given, or the union of the children's boxes.
        var aabb: AABB
        /// The parent index (`nullNode` for the root); for a free node, the next free node.
        var parent: Int32
        /// The first child, or `nullNode` for a leaf.
        var child1: Int32
        /// The second child, or for a leaf the user value.
        var child2: Int32
        /// 0 for a leaf, 1 + max(children's heights) for an internal node, -1 for a free node.
        var height: Int32

        /// True for a leaf (a proxy): `child1 == nullNode`.
        @inline(__always) var isLeaf: Bool { child1 == DynamicTree.nullNode }
    }

    /// Node storage: live nodes and free ones, indexed by node id.
    private(set) var nodes: [Node] = []
    /// The root node, or `nullNode` when the tree is empty.
    private(set) var root: Int32 = DynamicTree.nullNode
    /// The head of the free-node list (LIFO), or `nullNode`.
    private var freeList: Int32 = DynamicTree.nullNode
    /// The number of live proxies (leaves).
    private(set) var proxyCount: Int = 0
    /// Per node: marked by `enlargeProxy` for `rebuildEnlarged` (all clear outside a step).
    private var enlarged: [Bool] = []
    /// Whether any node is marked.
    private(set) var anyEnlarged = false

    /// An empty tree with room for `capacity` nodes (a tree of n proxies uses 2n - 1 nodes).
    init(capacity: Int = 0) {
        if capacity > 0 { nodes.reserveCapacity(capacity) }
    }

    /// A tree rebuilt from a snapshot, node for node. The caller checks it with
    /// `validationFailure()` before using it.
    init(restoringNodes nodes: [Node], root: Int32, freeList: Int32, proxyCount: Int) {
        self.nodes = nodes
        self.root = root
        self.freeList = freeList
        self.proxyCount = proxyCount
    }

    /// The head of the free-node list (for snapshots), or `nullNode`.
    var freeListHead: Int32 { freeList }

    /// The height of the tree: the longest root-to-leaf path in edges; 0 for an empty tree or a
    /// single proxy.
    var height: Int {
        root == DynamicTree.nullNode ? 0 : Int(nodes[Int(root)].height)
    }

    /// The number of node slots ever allocated (live plus free); does not shrink.
    var nodeCapacity: Int { nodes.count }

    /// Σ P(internal node) / P(root), with `P` the perimeter: the surface-area cost of the tree
    /// relative to its root (lower is better; 0 for fewer than two proxies).
    var perimeterRatio: Double {
        guard root != DynamicTree.nullNode else { return 0 }
        let rootPerimeter = DynamicTree.perimeter(nodes[Int(root)].aabb)
        guard rootPerimeter > 0 else { return 0 }
        var total = 0.0
        for node in nodes where node.height > 0 { total += DynamicTree.perimeter(node.aabb) }
        return total / rootPerimeter
    }

    // MARK: Proxies

    /// Adds a leaf with box `aabb` and user value `userData`; returns its proxy id (≥ 0), valid
    /// until `destroyProxy`. Rule: take a node from the free list or append one, then insert it
    /// by the surface-area heuristic and rebalance its ancestors (see the type's comment).
    /// Limit: at most 2^31 - 1 nodes (about a billion proxies).
    mutating func createProxy(_ aabb: AABB, userData: Int32) -> Int32 {
        let leaf = allocateNode()
        nodes[Int(leaf)] = Node(aabb: aabb, parent: DynamicTree.nullNode,
                                child1: DynamicTree.nullNode, child2: userData, height: 0)
        insertLeaf(leaf)
        proxyCount += 1
        return leaf
    }

    /// Removes the proxy `proxy`; its id may be handed out again by a later `createProxy`.
    /// Rule: the leaf's parent is replaced by the leaf's sibling and freed, then the ancestors
    /// are refitted and rebalanced. Precondition: `proxy` is a live id from `createProxy`.
    mutating func destroyProxy(_ proxy: Int32) {
        removeLeaf(proxy)
        freeNode(proxy)
        proxyCount -= 1
    }

    /// Gives the proxy `proxy` the box `aabb`, keeping its id and user value. Rule: a box still
    /// inside the parent's box is stored in place and the ancestors refitted; any other is
    /// inserted again by the surface-area heuristic (remove the leaf, store the box, insert).
    /// Always moves; the caller decides when a move is worth it. Precondition: `proxy` is a
    /// live id.
    mutating func moveProxy(_ proxy: Int32, _ aabb: AABB) {
        let parent = nodes[Int(proxy)].parent
        if parent != DynamicTree.nullNode && DynamicTree.contains(nodes[Int(parent)].aabb, aabb) {
            // still inside its parent's box: it stays beside its sibling, the boxes above shrink to fit
            nodes[Int(proxy)].aabb = aabb
            var root = self.root
            nodes.withUnsafeMutableBufferPointer { n in DynamicTree.refitAncestors(from: parent, root: &root, n) }
            self.root = root
            return
        }
        removeLeaf(proxy)
        nodes[Int(proxy)].aabb = aabb
        insertLeaf(proxy)
    }

    /// The box stored for `proxy` (the fat box, when the caller fattens its boxes).
    /// Precondition: `proxy` is a live id.
    @inline(__always) func fatAABB(_ proxy: Int32) -> AABB {
        nodes[Int(proxy)].aabb
    }

    /// True when `proxy` names a live proxy (a leaf); never traps.
    func isProxy(_ proxy: Int32) -> Bool {
        proxy >= 0 && Int(proxy) < nodes.count && nodes[Int(proxy)].height == 0
    }

    /// The user value given to `createProxy` for `proxy`. Precondition: `proxy` is a live id.
    @inline(__always) func userData(_ proxy: Int32) -> Int32 {
        nodes[Int(proxy)].child2
    }

    // MARK: Query

    /// Calls `callback(proxy, reach)` for every proxy whose box the segment `p + t d`, t in
    /// 0...reach, may cross; `callback` returns the new reach (a hit's fraction to look no further
    /// than it, the same to go on, 0 to stop), and the walk then drops every box the shorter
    /// segment misses. After Box2D's `b2DynamicTree_RayCast`: a node is left out when its box
    /// misses the segment's box or when the segment's line passes it by, `|v.(p - c)| > |v|.h` for
    /// the line's normal v and the box's centre c and half size h. A segment of length 0 crosses
    /// nothing. The tree must not be changed from inside `callback`.
    func rayCast(from p: Vec2, _ d: Vec2, reach maxFraction: Double, _ callback: (Int32, Double) -> Double) {
        let length = (d.x * d.x + d.y * d.y).squareRoot()
        guard length > 0, maxFraction > 0 else { return }
        let r = d / length
        let v = Vec2(-r.y, r.x), absV = Vec2(abs(r.y), abs(r.x))
        var reach = maxFraction
        var box = AABB(lower: pointwiseMin(p, p + reach * d), upper: pointwiseMax(p, p + reach * d))
        query(box, skipping: { _, nodeBox in
            let centre = (nodeBox.lower + nodeBox.upper) * 0.5, half = (nodeBox.upper - nodeBox.lower) * 0.5
            return !nodeBox.overlaps(box) || abs(dot(v, p - centre)) - dot(absV, half) > 0
        }) { leaf in
            let value = callback(leaf, reach)
            if value <= 0 { return false }
            if value < reach {
                reach = value
                box = AABB(lower: pointwiseMin(p, p + reach * d), upper: pointwiseMax(p, p + reach * d))
            }
            return true
        }
    }

    /// Calls `callback` with the id of every proxy whose box overlaps `aabb` (touching counts,
    /// as `AABB.overlaps`), in depth-first order, child1 before child2; `callback` returns false
    /// to stop the query. Rule: depth-first walk with an explicit stack, descending only into
    /// nodes whose box overlaps `aabb`. A depth-first walk never holds more than height + 1
    /// pending nodes (one sibling per level plus the two children just pushed), so the stack is
    /// a temporary allocation of that size on the call stack and nothing is allocated. The tree
    /// must not be changed from inside `callback`.
    func query(_ aabb: AABB, _ callback: (Int32) -> Bool) {
        query(aabb, skipping: { _, _ in false }, callback)
    }

    /// `query`, leaving out every node (and all below it) for which `skip(node, box)` is true.
    @inline(__always)
    func query(_ aabb: AABB, skipping skip: (Int32, AABB) -> Bool, _ callback: (Int32) -> Bool) {
        guard root != DynamicTree.nullNode else { return }
        let capacity = height + 1
        // Pending nodes moved to the heap if the stack ever fills; cannot happen while the
        // stored heights are right, but keeps a damaged height from writing past the stack.
        var spill: [Int32] = []
        let finished = nodes.withUnsafeBufferPointer { n in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: capacity) { stack -> Bool in
                stack[0] = root
                var count = 1
                while count > 0 {
                    count -= 1
                    let index = stack[count]
                    let node = n[Int(index)]
                    guard node.aabb.overlaps(aabb), !skip(index, node.aabb) else { continue }
                    if node.isLeaf {
                        if !callback(index) { return true }
                    } else if count + 2 <= capacity {
                        stack[count] = node.child2
                        stack[count + 1] = node.child1
                        count += 2
                    } else {
                        spill = Array(stack[0..<count])
                        spill.append(node.child2)
                        spill.append(node.child1)
                        return false
                    }
                }
                return true
            }
        }
        if finished { return }
        while let index = spill.popLast() {
            let node = nodes[Int(index)]
            guard node.aabb.overlaps(aabb), !skip(index, node.aabb) else { continue }
            if node.isLeaf {
                if !callback(index) { return }
            } else {
                spill.append(node.child2)
                spill.append(node.child1)
            }
        }
    }

    /// The parent of a live node (`nullNode` for the root).
    @inline(__always) func parent(_ node: Int32) -> Int32 { nodes[Int(node)].parent }

    // MARK: Enlarging and rebuilding

    /// Gives `proxy` the box `aabb` without moving it in the tree: the boxes above it grow to
    /// contain the new one, and the leaf and every node above it are marked, for
    /// `rebuildEnlarged` to rebuild that part of the tree (Box2D v3's `b2DynamicTree_EnlargeProxy`).
    /// The tree stays valid meanwhile (every box contains its children's), only looser.
    /// Precondition: `proxy` is a live id.
    mutating func enlargeProxy(_ proxy: Int32, _ aabb: AABB) {
        if enlarged.count < nodes.count { enlarged.append(contentsOf: repeatElement(false, count: nodes.count - enlarged.count)) }
        nodes[Int(proxy)].aabb = aabb
        enlarged[Int(proxy)] = true
        anyEnlarged = true
        var node = nodes[Int(proxy)].parent
        // grow the boxes until one already holds the new box
        while node != DynamicTree.nullNode {
            let old = nodes[Int(node)].aabb
            let grown = DynamicTree.union(old, aabb)
            nodes[Int(node)].aabb = grown
            enlarged[Int(node)] = true
            node = nodes[Int(node)].parent
            if grown.lower == old.lower && grown.upper == old.upper { break }
        }
        // and mark the rest of the way up, to the first node marked already
        while node != DynamicTree.nullNode && !enlarged[Int(node)] {
            enlarged[Int(node)] = true
            node = nodes[Int(node)].parent
        }
    }

    /// Rebuilds the part of the tree `enlargeProxy` marked, top down, and clears the marks.
    /// The marked internal nodes form the top of the tree; what hangs below them, unmarked
    /// subtrees and marked leaves, is kept whole and rearranged: each node's share is split at
    /// the middle of their boxes' centres along the longer side of the centres' box (Box2D
    /// v3's `b2PartitionMid`), or in two halves by count when that leaves a side empty. Leaves
    /// keep their ids; the marked internal nodes are reused. Removing and inserting each moved
    /// proxy by the surface-area heuristic, in a crowd that moves every step, lets the boxes of
    /// the tree grow loose (a query visits twice the nodes); rebuilt, they are tight again.
    /// Deterministic: the parts are taken depth first, child 1 before child 2. `scratch` is
    /// working storage the caller keeps between rebuilds.
    mutating func rebuildEnlarged(_ scratch: inout RebuildScratch) {
        guard anyEnlarged else { return }
        anyEnlarged = false
        guard root != DynamicTree.nullNode else { return }
        // the scratch arrays as locals, put back at the end
        var parts: [Int32] = [], spareNodes: [Int32] = [], centers: [Vec2] = []
        var tasks: [RebuildTask] = [], pending: [Int32] = []
        swap(&parts, &scratch.parts)
        swap(&spareNodes, &scratch.spare)
        swap(&centers, &scratch.centers)
        swap(&tasks, &scratch.tasks)
        swap(&pending, &scratch.pending)
        defer {
            swap(&parts, &scratch.parts)
            swap(&spareNodes, &scratch.spare)
            swap(&centers, &scratch.centers)
            swap(&tasks, &scratch.tasks)
            swap(&pending, &scratch.pending)
        }
        parts.removeAll(keepingCapacity: true)
        spareNodes.removeAll(keepingCapacity: true)
        centers.removeAll(keepingCapacity: true)
        tasks.removeAll(keepingCapacity: true)
        pending.removeAll(keepingCapacity: true)
        var newRoot = DynamicTree.nullNode
        nodes.withUnsafeMutableBufferPointer { n in
        enlarged.withUnsafeMutableBufferPointer { marked in
            // the marked internal nodes, and the parts below them
            pending.append(root)
            while let i = pending.popLast() {
                let node = n[Int(i)]
                if marked[Int(i)] && !node.isLeaf {
                    spareNodes.append(i)
                    pending.append(node.child2)
                    pending.append(node.child1)
                } else {
                    parts.append(i)
                    centers.append(0.5 * (node.aabb.lower + node.aabb.upper))
                }
                marked[Int(i)] = false
            }
            let partCount = parts.count
            parts.withUnsafeMutableBufferPointer { lv in
            centers.withUnsafeMutableBufferPointer { ct in
            spareNodes.withUnsafeBufferPointer { spare in
                // pending ranges, each with the node it hangs from and which child it is;
                // internal nodes are taken from `spare` as they are made, parents first
                tasks.append(RebuildTask(lo: 0, hi: Int32(partCount), parent: DynamicTree.nullNode, first: true))
                var made = 0
                while let task = tasks.popLast() {
                    let lo = Int(task.lo), hi = Int(task.hi)
                    let node: Int32
                    if hi - lo == 1 {
                        node = lv[lo]
                    } else {
                        // the centres' box (plain comparisons: the boxes are finite)
                        var lx = ct[lo].x, ly = ct[lo].y, ux = lx, uy = ly
                        for k in (lo + 1)..<hi {
                            let c = ct[k]
                            lx = c.x < lx ? c.x : lx
                            ly = c.y < ly ? c.y : ly
                            ux = c.x > ux ? c.x : ux
                            uy = c.y > uy ? c.y : uy
                        }
                        let alongX = ux - lx >= uy - ly
                        let mid = alongX ? 0.5 * (lx + ux) : 0.5 * (ly + uy)
                        // centres below the middle first
                        var i = lo, j = hi - 1
                        while i <= j {
                            if (alongX ? ct[i].x : ct[i].y) < mid {
                                i += 1
                            } else {
                                lv.swapAt(i, j)
                                ct.swapAt(i, j)
                                j -= 1
                            }
                        }
                        let split = i == lo || i == hi ? (lo + hi) / 2 : i
                        node = spare[made]
                        made += 1
                        tasks.append(RebuildTask(lo: Int32(split), hi: Int32(hi), parent: node, first: false))
                        tasks.append(RebuildTask(lo: Int32(lo), hi: Int32(split), parent: node, first: true))
                    }
                    n[Int(node)].parent = task.parent
                    if task.parent == DynamicTree.nullNode {
                        newRoot = node
                    } else if task.first {
                        n[Int(task.parent)].child1 = node
                    } else {
                        n[Int(task.parent)].child2 = node
                    }
                }
                // boxes and heights bottom up: a node was made before its children
                for k in stride(from: made - 1, through: 0, by: -1) {
                    let node = Int(spare[k])
                    let c1 = Int(n[node].child1), c2 = Int(n[node].child2)
                    n[node].aabb = DynamicTree.union(n[c1].aabb, n[c2].aabb)
                    n[node].height = 1 + max(n[c1].height, n[c2].height)
                }
            }}}
        }}
        root = newRoot
    }

    /// One pending range of `rebuildEnlarged`.
    struct RebuildTask {
        var lo: Int32, hi: Int32
        var parent: Int32
        var first: Bool
    }

    /// Working storage of `rebuildEnlarged`.
    struct RebuildScratch {
        var parts: [Int32] = []
        var spare: [Int32] = []
        var centers: [Vec2] = []
        var tasks: [RebuildTask] = []
        var pending: [Int32] = []
    }

    // MARK: Validation

    /// True when the structure is consistent, for tests: the root has no parent; every live
    /// node's parent points back at it; an internal node's children point up at it, its box
    /// contains both children's boxes and its height is 1 + max(children's heights); leaves
    /// have height 0; the nodes reachable from the root plus the free list account for every
    /// slot, and the leaves number `proxyCount`. Never traps, even on a damaged tree.
    func validate() -> Bool { validationFailure() == nil }

    /// The first inconsistency found, described, or nil (see `validate()`).
    func validationFailure() -> String? {
        let count = nodes.count
        guard !anyEnlarged else { return "nodes marked for a rebuild remain" }
        func valid(_ i: Int32) -> Bool { i >= 0 && Int(i) < count }
        var free = 0
        var cursor = freeList
        while cursor != DynamicTree.nullNode {
            guard valid(cursor), nodes[Int(cursor)].height == -1, free < count else {
                return "free list broken at node \(cursor)"
            }
            free += 1
            cursor = nodes[Int(cursor)].parent
        }
        if root == DynamicTree.nullNode {
            return free == count && proxyCount == 0 ? nil : "empty tree with \(proxyCount) proxies, \(count - free) nodes in use"
        }
        guard valid(root), nodes[Int(root)].parent == DynamicTree.nullNode else { return "root \(root) invalid" }
        var reached = 0, leaves = 0
        var stack: [Int32] = [root]
        while let i = stack.popLast() {
            reached += 1
            guard reached <= count else { return "a cycle through node \(i)" }
            let node = nodes[Int(i)]
            if node.isLeaf {
                guard node.height == 0 else { return "leaf \(i) has height \(node.height)" }
                leaves += 1
                continue
            }
            let c1 = node.child1, c2 = node.child2
            guard valid(c1), valid(c2), c1 != c2 else { return "node \(i) has children \(c1), \(c2)" }
            let a = nodes[Int(c1)], b = nodes[Int(c2)]
            guard a.parent == i, b.parent == i, a.height >= 0, b.height >= 0,
                  node.height == 1 + max(a.height, b.height) else {
                return "node \(i): parent links or heights of children \(c1), \(c2) wrong"
            }
            guard DynamicTree.contains(node.aabb, a.aabb), DynamicTree.contains(node.aabb, b.aabb) else {
                return "node \(i) box \(node.aabb) does not contain its children's \(a.aabb), \(b.aabb)"
            }
            stack.append(c1)
            stack.append(c2)
        }
        guard reached + free == count, leaves == proxyCount else {
            return "\(reached) nodes reached and \(free) free of \(count); \(leaves) leaves, \(proxyCount) proxies"
        }
        return nil
    }

    // MARK: Node storage

    /// Takes the head of the free list, or appends a new slot. The node's fields are left for
    /// the caller to set.
    private mutating func allocateNode() -> Int32 {
        if freeList != DynamicTree.nullNode {
            let index = freeList
            freeList = nodes[Int(index)].parent
            return index
        }
        let index = Int32(nodes.count)
        nodes.append(Node(aabb: AABB(lower: .zero, upper: .zero), parent: DynamicTree.nullNode,
                          child1: DynamicTree.nullNode, child2: DynamicTree.nullNode, height: -1))
        return index
    }

    /// Pushes `index` onto the free list (LIFO) and marks it free (height -1).
    private mutating func freeNode(_ index: Int32) {
        nodes[Int(index)].parent = freeList
        nodes[Int(index)].child1 = DynamicTree.nullNode
        nodes[Int(index)].child2 = DynamicTree.nullNode
        nodes[Int(index)].height = -1
        freeList = index
    }

    // MARK: Insertion and removal

    /// Links the detached leaf `leaf` (box already set) into the tree. A new parent node is
    /// taken first, when the tree is not empty, so the linking itself runs on a fixed buffer.
    private mutating func insertLeaf(_ leaf: Int32) {
        if root == DynamicTree.nullNode {
            root = leaf
            nodes[Int(leaf)].parent = DynamicTree.nullNode
            return
        }
        let newParent = allocateNode()
        var root = self.root
        nodes.withUnsafeMutableBufferPointer { n in
            DynamicTree.link(leaf, newParent: newParent, root: &root, n)
        }
        self.root = root
    }

    /// Unlinks the leaf `leaf` from the tree and frees its parent; the leaf keeps its box and
    /// user value. Rule: the sibling takes the parent's place, then every ancestor above is
    /// balanced and refitted.
    private mutating func removeLeaf(_ leaf: Int32) {
        var root = self.root
        let freed = nodes.withUnsafeMutableBufferPointer { n in
            DynamicTree.unlink(leaf, root: &root, n)
        }
        self.root = root
        if freed != DynamicTree.nullNode { freeNode(freed) }
    }

    /// Surface-area-heuristic insertion (Box2D 2.4 `InsertLeaf`). At node N with box B(N), for a
    /// leaf box L: cost of making N the sibling = 2 P(B(N) ∪ L); inherited cost
    /// I = 2 (P(B(N) ∪ L) - P(B(N))); cost of descending into child C =
    /// P(B(C) ∪ L) + I for a leaf C, P(B(C) ∪ L) - P(B(C)) + I for an internal C. Descend into
    /// the cheaper child until stopping here is cheaper than both. Then `newParent` takes the
    /// sibling's place with children (sibling, leaf), and the ancestors are balanced and refitted.
    private static func link(_ leaf: Int32, newParent: Int32, root: inout Int32,
                             _ n: UnsafeMutableBufferPointer<Node>) {
        let leafBox = n[Int(leaf)].aabb
        var index = root
        while !n[Int(index)].isLeaf {
            let node = n[Int(index)]
            let perimeterHere = perimeter(node.aabb)
            let combinedPerimeter = perimeter(union(node.aabb, leafBox))
            let siblingCost = 2 * combinedPerimeter
            let inheritanceCost = 2 * (combinedPerimeter - perimeterHere)
            let cost1 = descentCost(n[Int(node.child1)], leafBox) + inheritanceCost
            let cost2 = descentCost(n[Int(node.child2)], leafBox) + inheritanceCost
            if siblingCost < cost1 && siblingCost < cost2 { break }
            index = cost1 < cost2 ? node.child1 : node.child2
        }
        let sibling = index
        let oldParent = n[Int(sibling)].parent
        n[Int(newParent)] = Node(aabb: union(leafBox, n[Int(sibling)].aabb), parent: oldParent,
                                 child1: sibling, child2: leaf, height: n[Int(sibling)].height + 1)
        if oldParent == nullNode {
            root = newParent
        } else if n[Int(oldParent)].child1 == sibling {
            n[Int(oldParent)].child1 = newParent
        } else {
            n[Int(oldParent)].child2 = newParent
        }
        n[Int(sibling)].parent = newParent
        n[Int(leaf)].parent = newParent
        refitAncestors(from: oldParent, root: &root, n)
    }

    /// The SAH cost of pushing a leaf box `leafBox` down into `child`, without the inherited
    /// part: P(B(C) ∪ L), less P(B(C)) when C is internal (its own box is already paid for).
    @inline(__always)
    private static func descentCost(_ child: Node, _ leafBox: AABB) -> Double {
        let grown = perimeter(union(child.aabb, leafBox))
        return child.isLeaf ? grown : grown - perimeter(child.aabb)
    }

    /// Detaches `leaf`; returns its former parent, now unlinked for the caller to free, or
    /// `nullNode` when the leaf was the root. The grandparent (if any) adopts the sibling.
    private static func unlink(_ leaf: Int32, root: inout Int32,
                               _ n: UnsafeMutableBufferPointer<Node>) -> Int32 {
        if leaf == root {
            root = nullNode
            return nullNode
        }
        let parent = n[Int(leaf)].parent
        let grandParent = n[Int(parent)].parent
        let sibling = n[Int(parent)].child1 == leaf ? n[Int(parent)].child2 : n[Int(parent)].child1
        n[Int(sibling)].parent = grandParent
        n[Int(leaf)].parent = nullNode
        if grandParent == nullNode {
            root = sibling
        } else {
            if n[Int(grandParent)].child1 == parent {
                n[Int(grandParent)].child1 = sibling
            } else {
                n[Int(grandParent)].child2 = sibling
            }
            refitAncestors(from: grandParent, root: &root, n)
        }
        return parent
    }

    /// Walks from `start` up to the root; at each node: balance it, then set
    /// height = 1 + max(children's heights) and box = union of the children's boxes. Stops at
    /// the first node that keeps its place, height and box: nothing above it changes.
    private static func refitAncestors(from start: Int32, root: inout Int32,
                                       _ n: UnsafeMutableBufferPointer<Node>) {
        var index = start
        while index != nullNode {
            let top = balance(index, root: &root, n)
            let c1 = n[Int(top)].child1, c2 = n[Int(top)].child2
            let height = 1 + max(n[Int(c1)].height, n[Int(c2)].height)
            let box = union(n[Int(c1)].aabb, n[Int(c2)].aabb)
            // unchanged here (no rotation, same height and box): unchanged above
            let old = n[Int(top)].aabb
            if top == index && n[Int(top)].height == height && old.lower == box.lower && old.upper == box.upper { return }
            n[Int(top)].height = height
            n[Int(top)].aabb = box
            index = n[Int(top)].parent
        }
    }

    /// AVL rotation (Box2D 2.x `Balance`). With A's children B = child1 and C = child2 and
    /// balance = h(C) - h(B): if balance > 1, C rises to A's place with A as its child1; C's
    /// taller child stays under C and its shorter child moves under A into C's old slot.
    /// Mirror image for balance < -1 (B rises). Returns the node now at A's place (A itself
    /// when no rotation). Expects A's children's heights and boxes to be up to date.
    private static func balance(_ iA: Int32, root: inout Int32,
                                _ n: UnsafeMutableBufferPointer<Node>) -> Int32 {
        let a = n[Int(iA)]
        if a.isLeaf || a.height < 2 { return iA }
        let iB = a.child1, iC = a.child2
        let difference = n[Int(iC)].height - n[Int(iB)].height
        if difference > 1 {
            rotateUp(iC, over: iA, keeping: iB, aTakesChild2: true, root: &root, n)
            return iC
        }
        if difference < -1 {
            rotateUp(iB, over: iA, keeping: iC, aTakesChild2: false, root: &root, n)
            return iB
        }
        return iA
    }

    /// Raises `iUp` (a child of `iA`) into `iA`'s place. `iA` becomes `iUp`'s child1 and keeps
    /// `iStay` (its other child); `iUp` keeps its taller child as child2, and its shorter child
    /// moves under `iA` in the slot `iUp` left (child2 when `aTakesChild2`, else child1).
    /// Heights and boxes of `iA` and `iUp` are recomputed.
    @inline(__always)
    private static func rotateUp(_ iUp: Int32, over iA: Int32, keeping iStay: Int32,
                                 aTakesChild2: Bool, root: inout Int32,
                                 _ n: UnsafeMutableBufferPointer<Node>) {
        let iF = n[Int(iUp)].child1, iG = n[Int(iUp)].child2
        // iUp rises to iA's place.
        let aParent = n[Int(iA)].parent
        n[Int(iUp)].child1 = iA
        n[Int(iUp)].parent = aParent
        n[Int(iA)].parent = iUp
        if aParent == nullNode {
            root = iUp
        } else if n[Int(aParent)].child1 == iA {
            n[Int(aParent)].child1 = iUp
        } else {
            n[Int(aParent)].child2 = iUp
        }
        // The taller grandchild stays with iUp; the shorter one moves under iA.
        let (iTall, iShort) = n[Int(iF)].height > n[Int(iG)].height ? (iF, iG) : (iG, iF)
        n[Int(iUp)].child2 = iTall
        if aTakesChild2 { n[Int(iA)].child2 = iShort } else { n[Int(iA)].child1 = iShort }
        n[Int(iShort)].parent = iA
        n[Int(iA)].aabb = union(n[Int(iStay)].aabb, n[Int(iShort)].aabb)
        n[Int(iA)].height = 1 + max(n[Int(iStay)].height, n[Int(iShort)].height)
        n[Int(iUp)].aabb = union(n[Int(iA)].aabb, n[Int(iTall)].aabb)
        n[Int(iUp)].height = 1 + max(n[Int(iA)].height, n[Int(iTall)].height)
    }

    // MARK: Box helpers

    /// The smallest box containing `a` and `b`: componentwise min of lowers, max of uppers.
    @inline(__always) static func union(_ a: AABB, _ b: AABB) -> AABB {
        AABB(lower: pointwiseMin(a.lower, b.lower), upper: pointwiseMax(a.upper, b.upper))
    }

    /// The perimeter 2 (width + height), the 2D stand-in for surface area in the SAH.
    @inline(__always) static func perimeter(_ box: AABB) -> Double {
        2 * ((box.upper.x - box.lower.x) + (box.upper.y - box.lower.y))
    }

    /// True when `outer` contains `inner` (boundaries included).
    @inline(__always) static func contains(_ outer: AABB, _ inner: AABB) -> Bool {
        // the four comparisons at once, as `AABB.overlaps`
        all((outer.lower .<= inner.lower) .& (inner.upper .<= outer.upper))
    }
}
