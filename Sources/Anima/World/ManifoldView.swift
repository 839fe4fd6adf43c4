/// The per-step update of each contact's manifold.
///
/// The contact update runs once per live pair per step (15 000 pairs in a pyramid of 5050 boxes),
/// so it reads the item and world arrays through one view opened for the whole loop: no array
/// access, retain or bounds check per pair.
struct ManifoldView {
    let sweep: UnsafeBufferPointer<Double>
    let tightBoxes: UnsafeBufferPointer<AABB>
    let worldVertices: UnsafeBufferPointer<Vec2>
    let worldNormals: UnsafeBufferPointer<Vec2>
    let segmentVertices: UnsafeBufferPointer<Vec2>
    let segmentNormals: UnsafeBufferPointer<Vec2>
    let position: UnsafeBufferPointer<Vec2>
    let rotation: UnsafeBufferPointer<Rotation>
    let velocity: UnsafeBufferPointer<Vec2>
    let angularVelocity: UnsafeBufferPointer<Double>
    let gravity: UnsafeBufferPointer<Vec2>
    let invMass: UnsafeBufferPointer<Double>
    let invInertia: UnsafeBufferPointer<Double>
    let geometry: UnsafeBufferPointer<ShapeGeometry>
    let properties: UnsafeBufferPointer<ItemProperties>
    let poseEdited: UnsafeBufferPointer<Bool>
    let outlineStart: UnsafeBufferPointer<Int32>
    /// Each item's broad-phase proxy, and each boundary segment's.
    let proxy: UnsafeBufferPointer<Int32>
    let segmentProxies: UnsafeBufferPointer<Int32>
    /// `WorldState.skipsSeparatedPairs`.
    let skipsSeparated: Bool
    /// Per slot, the group a part belongs to or -1 (`ItemStore.groupOf`); nil when there are no
    /// groups. A contact with a part acts on its group's body.
    let groupOf: UnsafePointer<Int32>?

    /// Item `slot`'s shape in world space (its outline as `updateGeometry` left it this step).
    @inline(__always) func shape(_ slot: Int) -> WorldShape {
        let g = geometry[slot]
        let base = Int(outlineStart[slot])
        return WorldShape(center: position[slot], radius: g.radius, isCircle: g.isCircle,
                          vertices: worldVertices.baseAddress! + base, normals: worldNormals.baseAddress! + base,
                          count: Int(g.count), halfSize: g.halfSize)
    }

    /// `World.isActive` through the view, with the store's `asleep` flags.
    @inline(__always) func isActive(_ i: Int, _ asleep: UnsafeBufferPointer<Bool>) -> Bool {
        if asleep[i] { return false }
        if invMass[i] > 0 { return true }
        return properties[i].anchored && (velocity[i] != .zero || angularVelocity[i] != 0)
    }

    /// Whether item `i` moves less than `World.stillDistance` in a step of h at its velocity,
    /// and nothing set its pose or shape since the last contact update.
    @inline(__always) func isStill(_ i: Int, _ h: Double) -> Bool {
        !poseEdited[i] && ManifoldView.within(velocity[i], World.stillDistance / h - abs(angularVelocity[i]) * geometry[i].extent)
    }

    /// Whether |v| < m, without the square root: m > 0 and v . v < m^2. (|v| + r) h < d, the
    /// bounds of `isStill` and `keepTheirPlaces`, is |v| < d / h - r: the square root of |v|
    /// was half of the contact update's time in a resting pyramid, waiting on `sqrtsd`.
    @inline(__always) static func within(_ v: Vec2, _ m: Double) -> Bool {
        m > 0 && lengthSquared(v) < m * m
    }

    /// Whether items a and b, at their velocities, keep their places relative to each other in
    /// a step of h to within `World.relativeStillDistance`, neither turns by more than
    /// `World.stillTurn`, and nothing set the pose or shape of either since the last contact
    /// update. The motion bound is that of any point of b seen from a's frame: b's centre moves
    /// there at vB - vA - wA x (cB - cA), and a point r from it turns at (wB - wA) x r, |r|
    /// within the larger of the two extents. The turn bound keeps the carried normal, fixed in
    /// the world, within a few degrees of the pair's (Box2D v3 recycles a contact for 11.5).
    @inline(__always) func keepTheirPlaces(_ a: Int, _ b: Int, _ h: Double) -> Bool {
        if poseEdited[a] || poseEdited[b] { return false }
        let wA = angularVelocity[a], wB = angularVelocity[b]
        if max(abs(wA), abs(wB)) * h > World.stillTurn { return false }
        let d = position[b] - position[a]
        let v = velocity[b] - velocity[a] - Vec2(-wA * d.y, wA * d.x)
        let reach = max(geometry[a].extent, geometry[b].extent)
        return ManifoldView.within(v, World.relativeStillDistance / h - abs(wB - wA) * reach)
    }

    /// Whether a pair of items keeps its manifold this step: they keep their places relative to
    /// each other (`keepTheirPlaces`) when one can move, since the solver then moves the
    /// manifold's points with the items at the end of each step (`storeImpulses`); two items
    /// that cannot move have no constraint to do that, and keep it only while both are still.
    @inline(__always) func carriesForward(_ a: Int, _ b: Int, _ h: Double) -> Bool {
        let moves = invMass[a] != 0 || invInertia[a] != 0 || invMass[b] != 0 || invInertia[b] != 0
        return moves ? keepTheirPlaces(a, b, h) : isStill(a, h) && isStill(b, h)
    }

    /// Whether rectangle item `r` (false for any other shape), grown by how far it may move
    /// this step and the contact distance as its tight box is, lies apart from `box` along one
    /// of its two axes: the oriented-box test (Gottschalk et al., "OBBTree", 1996) against the
    /// other item's tight box. Any shape in that box is then farther than the contact margin
    /// (the box holds its sweep and contact distance too), so colliding the two would give no
    /// point. A turned rectangle's own box can be far larger than it: a drum's walls.
    @inline(__always) func sidesMiss(_ r: Int, _ box: AABB) -> Bool {
        let g = geometry[r]
        guard g.isRectangle else { return false }
        let base = Int(outlineStart[r])
        let u = worldNormals[base + 1], v = worldNormals[base + 2]
        let half = 0.5 * (box.upper - box.lower), d = 0.5 * (box.upper + box.lower) - position[r]
        let grow = sweep[r] + Tolerances.speculativeDistance
        return abs(dot(d, u)) - g.halfSize.x - grow > abs(u.x) * half.x + abs(u.y) * half.y
            || abs(dot(d, v)) - g.halfSize.y - grow > abs(v.x) * half.x + abs(v.y) * half.y
    }

    /// Whether the items of a contact between item a (-1 for boundary `segment`) and item b
    /// cannot touch this step: their tight boxes, which hold what each sweeps, are apart; or a
    /// box beside a far larger rectangle (a wall, a floor) whose box, turned, covers it but whose
    /// sides, swept, do not reach it (`sidesMiss`).
    @inline(__always) func sweptApart(_ a: Int32, _ b: Int, _ segment: Int32) -> Bool {
        if a >= 0 {
            let a = Int(a)
            if !tightBoxes[a].overlaps(tightBoxes[b]) { return true }
            let ea = geometry[a].extent, eb = geometry[b].extent
            return (ea > 2 * eb && sidesMiss(a, tightBoxes[b])) || (eb > 2 * ea && sidesMiss(b, tightBoxes[a]))
        }
        let k = 2 * Int(segment)
        let p1 = segmentVertices[k], p2 = segmentVertices[k + 1]
        return !AABB(lower: pointwiseMin(p1, p2), upper: pointwiseMax(p1, p2)).overlaps(tightBoxes[b])
    }

    /// Item `j`'s centre and rotation in item `i`'s frame (`Manifold.relativePose`).
    @inline(__always) func pose(of j: Int, in i: Int) -> (offset: Vec2, turn: Vec2) {
        Manifold.relativePose(position[i], rotation[i], position[j], rotation[j])
    }

    /// Whether colliding items a and b with `margin` would give no points again, as the
    /// separating-axis test found them apart when `m` (no points) was made and they have not
    /// moved, relative to each other, by the gap less the margin since (`Manifold.gapHolds`).
    /// Never for a pose or shape set from outside since the last contact update.
    @inline(__always) func staysSeparated(_ m: Manifold, _ a: Int, _ b: Int, margin: Double) -> Bool {
        let side = m.gapSide
        if side == 0 || !skipsSeparated || poseEdited[a] || poseEdited[b] { return false }
        let (i, j) = side == 1 ? (a, b) : (b, a)
        let now = pose(of: j, in: i)
        return m.gapHolds(offset: now.offset, turn: now.turn, otherExtent: geometry[j].extent, margin: margin,
                          rounding: Manifold.gapRounding(position[i], position[j]))
    }

    /// Boundary segment `k` as a two-vertex polygon.
    @inline(__always) func segment(_ k: Int) -> WorldShape {
        let v = segmentVertices.baseAddress! + 2 * k
        return WorldShape(center: (v[0] + v[1]) * 0.5, radius: 0, isCircle: false,
                          vertices: v, normals: segmentNormals.baseAddress! + 2 * k, count: 2)
    }
}
