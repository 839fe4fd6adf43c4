import AnimaWide

/// Packing the step's contact constraints for the wide solver (see WideContactSolver.swift),
/// and unpacking their impulses for restitution and the next step's warm start.
extension World {
    /// Packs each colour (found by `solve` while the bodies are gathered) into lane groups,
    /// `laneWidth` to a group: within a colour, with workers, by the range of body numbers of
    /// the first body each constraint moves (`packBodyRanges` ranges); in each range, or in the
    /// whole colour on one thread, the two-point manifolds solved as a block first, then the
    /// others, each kind in constraint order. The constraints are read in their order (with tens
    /// of thousands of them, reading them colour by colour missed the cache at every one), in
    /// blocks: a first pass counts each block's constraints of each colour, range and kind, and
    /// the counts of the blocks before a block give the ranks its constraints take (prefix
    /// sums), so that with workers each block finds its constraints' lanes by itself.
    ///
    /// Why by body range: with workers, each thread starts a colour at its own share of the
    /// colour's groups (SolverWorkers), the first thread at the first share. In contact order a
    /// share reaches bodies anywhere (contacts made late are listed last), so a body's record
    /// went from one core to the other between colours: in the 10 000-box pile, once it had
    /// landed, a sixth to a third of the body records a pass wrote had last been written by the
    /// other thread. Sorted by body range, the first share of every colour holds mostly the
    /// low-numbered bodies, so each thread keeps writing the bodies it wrote in the colour
    /// before. Within a colour no two constraints share a moving body: the order changes no
    /// result.
    func packWideContacts() {
        let cs = self.constraints.base
        let points = self.points.base
        let count = self.constraints.count
        let colors = ContactColoring.colorCount
        let pool = self.workers.flatMap { $0.count > 1 && count >= self.minimumItemsPerWorker * $0.count ? $0 : nil }
        let blocks = pool.map { $0.count * World.packBlocksPerWorker } ?? 1
        /// Runs `body` for every block, shared when there are workers.
        func forEachPackBlock(_ body: (Int) -> Void) {
            if let pool { pool.forEachBlock(blocks) { b, _ in body(b) } } else { body(0) }
        }
        @inline(__always) func constraints(of block: Int) -> Range<Int> {
            (block * count / blocks)..<((block + 1) * count / blocks)
        }
        // per block, per colour, per range of body numbers (of the first body the constraint
        // moves): the constraints solved as a block, then the others
        // (one range without workers: no other core writes the bodies)
        let ranges = (self.workers?.count ?? 1) > 1 ? World.packBodyRanges : 1
        let shift = World.bodyRangeShift(bodyCount: self.bodies.count)
        let ends = self.constraintEnds.base, kinds = self.constraintKinds.base
        @inline(__always) func slot(_ ci: Int, _ k: Int) -> Int {
            let kind = Int(kinds[ci])
            if ranges == 1 { return 2 * k + kind }
            let e = ends[ci]
            let body = e.x >= 0 ? e.x : e.y
            return 2 * (k * ranges + Int(UInt32(bitPattern: max(body, 0)) >> shift)) + kind
        }
        let rowSize = 2 * colors * ranges
        self.packRanks.resize(rowSize * blocks)
        let ranks = self.packRanks.base
        self.coloring.colorOf.withUnsafeBufferPointer { colorOf in
            forEachPackBlock { block in
                let row = ranks + rowSize * block
                row.update(repeating: 0, count: rowSize)
                for ci in constraints(of: block) {
                    let k = Int(colorOf[ci])
                    if k >= 0 { row[slot(ci, k)] += 1 }
                }
            }
        }
        // where each colour's groups start; then per block the rank in its colour of its first
        // constraint of each kind (the block-solved ones of a colour before its others)
        var firstGroup = [Int](repeating: 0, count: colors)
        var groupCount = 0
        for k in 0..<colors {
            firstGroup[k] = groupCount
            groupCount += (self.coloring.memberCount[k] + laneWidth - 1) / laneWidth
            if self.coloring.memberCount[k] == 0 { continue }
            // the colour's slots in order (by body range; in each, block-solved ones first), and
            // within a slot the blocks in order
            var next: Int32 = 0
            for s in (2 * k * ranges)..<((2 * k + 2) * ranges) {
                for block in 0..<blocks {
                    let here = ranks[rowSize * block + s]
                    ranks[rowSize * block + s] = next
                    next += here
                }
            }
            // every lane of the colour's groups but the padding at their end gets a constraint
            assert(Int(next) == self.coloring.memberCount[k], "colour \(k): \(next) constraints, \(self.coloring.memberCount[k]) members")
        }
        listWideBodies(cs, count)
        // then each constraint written to its lane, read once in order, every field of the lane
        // (its write-back indices: its body where the contact can move it, as the lane's
        // single-precision masses say, else -1 for the sink record of the worker that solves
        // the group); each block writes only its own lanes, so the workers share it. Only each
        // colour's last group, where lanes may be left over, is emptied first: emptying every
        // group wrote each group twice (the tumbler's 550 groups of 1376 bytes, 750 KB a step,
        // most of it out of the first-level cache by the time its lanes were filled).
        self.wide.resize(groupCount)
        let groups = self.wide.base
        let none = IndexLanes(repeating: -1)
        for k in 0..<colors where self.coloring.memberCount[k] % laneWidth != 0 {
            // padding as `WideContact()` has it, and no write-back; its other lanes are filled below
            let last = groups + (firstGroup[k] + (self.coloring.memberCount[k] - 1) / laneWidth)
            last.initialize(to: WideContact())
            last.pointee.writeA = none
            last.pointee.writeB = none
        }
        self.constraintLanes.resize(count)
        let lanes = self.constraintLanes.base
        self.coloring.colorOf.withUnsafeBufferPointer { colorOf in
            forEachPackBlock { block in
                let row = ranks + rowSize * block
                for ci in constraints(of: block) {
                    let k = Int(colorOf[ci])
                    if k < 0 {
                        lanes[ci] = -1
                        continue
                    }
                    let s = slot(ci, k)
                    let p = firstGroup[k] * laneWidth + Int(row[s])
                    row[s] += 1
                    lanes[ci] = Int32(p)
                    World.pack(ci, cs, points, into: groups + p / laneWidth, lane: p % laneWidth)
                }
            }
        }
        self.colorGroupStart.removeAll(keepingCapacity: true)
        self.colorGroupStart.append(contentsOf: firstGroup)
        self.colorGroupStart.append(groupCount)
        assert((0..<groupCount).allSatisfy { World.lanesShareNoMovingBody(groups[$0]) }, "a lane group writes one body twice")
    }

    /// Blocks per thread of the packing's two passes (see `packWideContacts`).
    static let packBlocksPerWorker = 8

    /// Ranges of body numbers each colour's constraints are sorted into (see `packWideContacts`).
    static let packBodyRanges = 16

    /// The shift that takes a body number to its range: the number's highest bits, so that
    /// `bodyCount` bodies fall into at most `packBodyRanges` ranges.
    static func bodyRangeShift(bodyCount: Int) -> UInt32 {
        let bits = UInt32(Int.bitWidth - max(bodyCount - 1, 1).leadingZeroBitCount)
        let rangeBits = UInt32(packBodyRanges.trailingZeroBitCount)
        return bits > rangeBits ? bits - rangeBits : 0
    }

    /// Lists the bodies of the constraints given a lane (and the static body, which padding
    /// lanes read) when two bodies per lane are under half of all bodies; else the passes
    /// load and store every body (`WideContactSolver`'s `WideBodies`). A body no lane reads
    /// keeps its velocity either way, so the list changes no result. (Under a quarter, the
    /// springy list's 1000 rows, about 170 of them touching, were all loaded and stored in
    /// each of a step's twelve passes: 3 % of its instructions.)
    func listWideBodies(_ cs: UnsafeMutablePointer<ContactConstraint>, _ count: Int) {
        let bodyCount = self.bodies.count
        self.wideBodyList.count = 0
        guard self.listsWideBodies ?? (4 * count < bodyCount) else { return }
        self.wideBodyMarks.resize(bodyCount, filling: false)
        self.wideBodyList.resize(2 * count + 1)
        let listed = self.wideBodyMarks.base, list = self.wideBodyList.base
        var n = 0
        @inline(__always) func add(_ body: Int32) {
            if listed[Int(body)] { return }
            listed[Int(body)] = true
            list[n] = body
            n += 1
        }
        add(0)
        self.coloring.colorOf.withUnsafeBufferPointer { colorOf in
            for ci in 0..<count where colorOf[ci] >= 0 {
                add(cs[ci].a)
                add(cs[ci].b)
            }
        }
        self.wideBodyList.count = n
        // cleared for the next step's list
        for k in 0..<n { listed[Int(list[k])] = false }
    }

    /// Whether no body that contacts can move appears twice among a group's lanes.
    static func lanesShareNoMovingBody(_ g: WideContact) -> Bool {
        var seen: [Int32] = []
        for k in 0..<laneWidth where g.index[k] >= 0 {
            if g.mA[k] != 0 || g.iA[k] != 0 { seen.append(g.a[k]) }
            if g.mB[k] != 0 || g.iB[k] != 0 { seen.append(g.b[k]) }
        }
        return Set(seen).count == seen.count
    }

    /// Writes constraint `ci` (and its points) into lane k of a group in place, with the lane's
    /// write-back indices: its body where the contact can move it (as the lane's
    /// single-precision masses say), else -1 for the sink record of the worker that solves the
    /// group. Only lane k's own bytes are written (`setLane`): the other lanes of the group may be
    /// written by another thread at the same time.
    @inline(__always)
    private static func pack(_ ci: Int, _ cs: UnsafeMutablePointer<ContactConstraint>,
                             _ points: UnsafeMutablePointer<ConstraintPoint>,
                             into g: UnsafeMutablePointer<WideContact>, lane k: Int) {
        let c = cs + ci
        let g = UnsafeMutableRawPointer(g)
        let mA = Float(c.pointee.invMassA), iA = Float(c.pointee.invIA)
        let mB = Float(c.pointee.invMassB), iB = Float(c.pointee.invIB)
        setLane(g, \WideContact.index, k, Int32(ci))
        setLane(g, \WideContact.a, k, c.pointee.a)
        setLane(g, \WideContact.b, k, c.pointee.b)
        setLane(g, \WideContact.writeA, k, mA != 0 || iA != 0 ? c.pointee.a : -1)
        setLane(g, \WideContact.writeB, k, mB != 0 || iB != 0 ? c.pointee.b : -1)
        setLane(g, \WideContact.nx, k, Float(c.pointee.normal.x))
        setLane(g, \WideContact.ny, k, Float(c.pointee.normal.y))
        setLane(g, \WideContact.friction, k, Float(c.pointee.friction))
        setLane(g, \WideContact.mA, k, mA)
        setLane(g, \WideContact.iA, k, iA)
        setLane(g, \WideContact.mB, k, mB)
        setLane(g, \WideContact.iB, k, iB)
        setLane(g, \WideContact.biasRate, k, Float(c.pointee.softness.biasRate))
        setLane(g, \WideContact.softMass, k, Float(c.pointee.softness.massScale))
        setLane(g, \WideContact.softImpulse, k, Float(c.pointee.softness.impulseScale))
        setLane(g, \WideContact.hard, k, Float(c.pointee.hardApproach))
        if c.pointee.pointCount == 2 && c.pointee.blockSolve {
            // a true lane of a mask is all ones
            setLane(g, \WideContact.block, k, Int32(-1))
            setLane(g, \WideContact.k11, k, Float(c.pointee.k11))
            setLane(g, \WideContact.k12, k, Float(c.pointee.k12))
            setLane(g, \WideContact.k22, k, Float(c.pointee.k22))
            setLane(g, \WideContact.invDet, k, Float(c.pointee.inverseDeterminant))
        } else {
            setLane(g, \WideContact.block, k, Int32(0))
            setLane(g, \WideContact.k11, k, Float(0))
            setLane(g, \WideContact.k12, k, Float(0))
            setLane(g, \WideContact.k22, k, Float(0))
            setLane(g, \WideContact.invDet, k, Float(0))
        }
        pack(points + 2 * ci, into: g + MemoryLayout<WideContact>.offset(of: \.p0)!, lane: k)
        let p1 = g + MemoryLayout<WideContact>.offset(of: \.p1)!
        if c.pointee.pointCount == 2 {
            pack(points + (2 * ci + 1), into: p1, lane: k)
        } else {
            // padding: a point whose every value is zero
            withUnsafePointer(to: ConstraintPoint()) { pack($0, into: p1, lane: k) }
        }
    }

    /// A constraint point into lane k of the group's point at `w` (lane k's bytes alone).
    @inline(__always)
    private static func pack(_ p: UnsafePointer<ConstraintPoint>, into w: UnsafeMutableRawPointer, lane k: Int) {
        setLane(w, \WidePoint.ax, k, Float(p.pointee.anchorA.x))
        setLane(w, \WidePoint.ay, k, Float(p.pointee.anchorA.y))
        setLane(w, \WidePoint.bx, k, Float(p.pointee.anchorB.x))
        setLane(w, \WidePoint.by, k, Float(p.pointee.anchorB.y))
        setLane(w, \WidePoint.base, k, Float(p.pointee.baseSeparation))
        setLane(w, \WidePoint.normalMass, k, Float(p.pointee.normalMass))
        setLane(w, \WidePoint.tangentMass, k, Float(p.pointee.tangentMass))
        setLane(w, \WidePoint.normalImpulse, k, Float(p.pointee.normalImpulse))
        setLane(w, \WidePoint.tangentImpulse, k, Float(p.pointee.tangentImpulse))
        setLane(w, \WidePoint.totalImpulse, k, Float(p.pointee.totalNormalImpulse))
    }

    /// Copies the lanes' impulses back into the constraint points. With workers, each colour's
    /// groups are cut into one share per thread as the solver's passes start them (thread w at
    /// share w, `SolverWorkers`), so that a thread mostly reads the groups it solved last
    /// instead of taking their lines from the other core (cutting all groups in halves gave the
    /// first thread the first colours whole).
    func unpackWideContacts() {
        let points = self.points.base
        let groups = self.wide.base
        func unpack(_ range: Range<Int>) {
            for g in range {
                let group = groups + g
                for k in 0..<laneWidth where group.pointee.index[k] >= 0 {
                    let ci = Int(group.pointee.index[k])
                    World.unpack(group.pointee.p0, lane: k, into: points + 2 * ci)
                    World.unpack(group.pointee.p1, lane: k, into: points + (2 * ci + 1))
                }
            }
        }
        let count = self.wide.count
        guard let pool = self.workers, pool.count > 1, count >= self.minimumItemsPerWorker / laneWidth * pool.count else {
            unpack(0..<count)
            return
        }
        let starts = self.colorGroupStart, threads = pool.count
        let colors = starts.count - 1, cuts = World.unpackBlocksPerShare
        pool.forEachBlock(threads * colors * cuts) { b, _ in
            let w = b / (colors * cuts), k = b / cuts % colors, j = b % cuts
            let n = starts[k + 1] - starts[k]
            let shareStart = starts[k] + w * n / threads, shareCount = starts[k] + (w + 1) * n / threads - shareStart
            unpack((shareStart + j * shareCount / cuts)..<(shareStart + (j + 1) * shareCount / cuts))
        }
    }

    /// The impulses of lane k of a group into copies of its constraint's two points (for
    /// `storeImpulses`, which reads them there instead of after `unpackWideContacts`).
    @inline(__always)
    static func takeImpulses(_ group: UnsafeMutablePointer<WideContact>, lane k: Int,
                             _ p0: inout ConstraintPoint, _ p1: inout ConstraintPoint) {
        let g = UnsafeRawPointer(group)
        @inline(__always) func take(_ point: KeyPath<WideContact, WidePoint>, into p: inout ConstraintPoint) {
            let w = g + MemoryLayout<WideContact>.offset(of: point)!
            p.normalImpulse = Double(lane(w, \WidePoint.normalImpulse, k))
            p.tangentImpulse = Double(lane(w, \WidePoint.tangentImpulse, k))
            p.totalNormalImpulse = Double(lane(w, \WidePoint.totalImpulse, k))
        }
        take(\.p0, into: &p0)
        take(\.p1, into: &p1)
    }

    /// Blocks each thread's share of a colour is unpacked in (see `unpackWideContacts`).
    static let unpackBlocksPerShare = 4

    @inline(__always)
    private static func unpack(_ w: WidePoint, lane k: Int, into p: UnsafeMutablePointer<ConstraintPoint>) {
        p.pointee.normalImpulse = Double(w.normalImpulse[k])
        p.pointee.tangentImpulse = Double(w.tangentImpulse[k])
        p.pointee.totalNormalImpulse = Double(w.totalImpulse[k])
    }
}

/// Stores x in lane k of the vector `field` of the record (a lane group or one of its points) at
/// `record`: one scalar store at the lane's byte offset, no access to the rest of the vector,
/// which other lanes' writers may be writing.
@inline(__always)
private func setLane<Record, V: SIMD>(_ record: UnsafeMutableRawPointer, _ field: KeyPath<Record, V>, _ k: Int, _ x: V.Scalar) {
    let offset = MemoryLayout<Record>.offset(of: field)! + k * MemoryLayout<V.Scalar>.stride
    record.storeBytes(of: x, toByteOffset: offset, as: V.Scalar.self)
}

/// Lane k of the vector `field` of the record at `record`: one scalar load (see `setLane`).
@inline(__always)
private func lane<Record, V: SIMD>(_ record: UnsafeRawPointer, _ field: KeyPath<Record, V>, _ k: Int) -> V.Scalar {
    let offset = MemoryLayout<Record>.offset(of: field)! + k * MemoryLayout<V.Scalar>.stride
    return record.load(fromByteOffset: offset, as: V.Scalar.self)
}

/// `setLane` for a lane of a mask field (its lanes stored as `Int32`, all ones for true).
@inline(__always)
private func setLane<Record>(_ record: UnsafeMutableRawPointer, _ field: KeyPath<Record, LaneMask>, _ k: Int, _ x: Int32) {
    let offset = MemoryLayout<Record>.offset(of: field)! + k * MemoryLayout<Int32>.stride
    record.storeBytes(of: x, toByteOffset: offset, as: Int32.self)
}
