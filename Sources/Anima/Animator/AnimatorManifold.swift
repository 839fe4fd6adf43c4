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

    /// Item `slot`'s shape in world space (its outline as `updateGeometry` left it this step).
    @inline(__always) func shape(_ slot: Int) -> WorldShape {
        let g = geometry[slot]
        let base = Int(outlineStart[slot])
        return WorldShape(center: position[slot], radius: g.radius, isCircle: g.isCircle,
                          vertices: worldVertices.baseAddress! + base, normals: worldNormals.baseAddress! + base,
                          count: Int(g.count), halfSize: g.halfSize)
    }

    /// `Animator.isActive` through the view, with the store's `asleep` flags.
    @inline(__always) func isActive(_ i: Int, _ asleep: UnsafeBufferPointer<Bool>) -> Bool {
        if asleep[i] { return false }
        if invMass[i] > 0 { return true }
        return properties[i].anchored && (velocity[i] != .zero || angularVelocity[i] != 0)
    }

    /// Whether item `i` moves less than `Animator.stillDistance` in a step of h at its velocity,
    /// and nothing set its pose or shape since the last contact update.
    @inline(__always) func isStill(_ i: Int, _ h: Double) -> Bool {
        !poseEdited[i] && (length(velocity[i]) + abs(angularVelocity[i]) * geometry[i].extent) * h < Animator.stillDistance
    }

    /// Whether items a and b, at their velocities, keep their places relative to each other in
    /// a step of h to within `Animator.relativeStillDistance`, neither turns by more than
    /// `Animator.stillTurn`, and nothing set the pose or shape of either since the last contact
    /// update. The motion bound is that of any point of b seen from a's frame: b's centre moves
    /// there at vB - vA - wA x (cB - cA), and a point r from it turns at (wB - wA) x r, |r|
    /// within the larger of the two extents. The turn bound keeps the carried normal, fixed in
    /// the world, within a few degrees of the pair's (Box2D v3 recycles a contact for 11.5).
    @inline(__always) func keepTheirPlaces(_ a: Int, _ b: Int, _ h: Double) -> Bool {
        if poseEdited[a] || poseEdited[b] { return false }
        let wA = angularVelocity[a], wB = angularVelocity[b]
        if max(abs(wA), abs(wB)) * h > Animator.stillTurn { return false }
        let d = position[b] - position[a]
        let v = velocity[b] - velocity[a] - Vec2(-wA * d.y, wA * d.x)
        let reach = max(geometry[a].extent, geometry[b].extent)
        return (length(v) + abs(wB - wA) * reach) * h < Animator.relativeStillDistance
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

extension Animator {
    /// Runs `body` with a view of the arrays the manifold update reads. The body must not
    /// resize them or write to them (it may write other item state, such as waking islands).
    func withManifoldView<R>(_ body: (ManifoldView) -> R) -> R {
        let store = self.store, world = self.world
        return world.sweep.withUnsafeBufferPointer { sweep in
        world.tightBoxes.withUnsafeBufferPointer { tight in
        world.worldVertices.withUnsafeBufferPointer { worldVertices in
        world.worldNormals.withUnsafeBufferPointer { worldNormals in
        world.segmentVertices.withUnsafeBufferPointer { segmentVertices in
        world.segmentNormals.withUnsafeBufferPointer { segmentNormals in
        store.position.withUnsafeBufferPointer { position in
        store.rotation.withUnsafeBufferPointer { rotation in
        store.velocity.withUnsafeBufferPointer { velocity in
        store.angularVelocity.withUnsafeBufferPointer { angularVelocity in
        store.gravity.withUnsafeBufferPointer { gravity in
        store.invMass.withUnsafeBufferPointer { invMass in
        store.invInertia.withUnsafeBufferPointer { invInertia in
        store.geometry.withUnsafeBufferPointer { geometry in
        store.properties.withUnsafeBufferPointer { properties in
        store.poseEdited.withUnsafeBufferPointer { poseEdited in
        store.outlineStart.withUnsafeBufferPointer { outlineStart in
        store.proxy.withUnsafeBufferPointer { proxy in
        world.segmentProxies.withUnsafeBufferPointer { segmentProxies in
            body(ManifoldView(sweep: sweep, tightBoxes: tight, worldVertices: worldVertices, worldNormals: worldNormals,
                              segmentVertices: segmentVertices, segmentNormals: segmentNormals, position: position,
                              rotation: rotation, velocity: velocity, angularVelocity: angularVelocity, gravity: gravity, invMass: invMass,
                              invInertia: invInertia, geometry: geometry, properties: properties, poseEdited: poseEdited,
                              outlineStart: outlineStart, proxy: proxy, segmentProxies: segmentProxies,
                              skipsSeparated: world.skipsSeparatedPairs))
        }}}}}}}}}}}}}}}}}}}
    }

    /// Steps a still pair's manifold is carried forward (`manifoldReuseSteps`).
    static let defaultManifoldReuseSteps: UInt8 = 8
    /// How far an item may move in a step (its speed plus its turning at its farthest point,
    /// times the step) and still count as still: 0.05 pt, a tenth of the linear slop (6 pt/s at
    /// 120 steps a second).
    static let stillDistance = 0.05
    /// How far two items may move relative to each other in a step and keep their manifold
    /// (`keepTheirPlaces`): 0.25 pt, so that over `defaultManifoldReuseSteps` steps they move
    /// apart at most 2 pt, the speculative contact distance.
    static let relativeStillDistance = 0.25
    /// The most either item of a pair may turn in a step and keep the pair's manifold: 0.02 rad,
    /// so a manifold carried for `defaultManifoldReuseSteps` steps keeps its normal within 9.2
    /// degrees of the items' turn (Box2D v3 recycles a contact up to 11.5 degrees). 0.01 rad
    /// collided the tumbler's boxes, which turn with the drum at 0.007 rad a step and tumble
    /// on it, a fifth more often, for the same pyramid to the bit.
    static let stillTurn = 0.02

    /// Computes the manifold of one contact and carries impulses over by point id.
    func updateManifold(_ c: inout Contact, _ view: ManifoldView) {
        let b = Int(c.b)
        let h = stepDuration
        // pairs whose swept boxes are apart cannot touch this step: no narrow phase; nor can a
        // box beside a far larger rectangle (a wall, a floor) whose box, turned, covers it but
        // whose sides, swept, do not reach it. Most live pairs of a crowd are apart (their fat
        // boxes overlap, their items do not), so this comes before anything else is read.
        let apart = view.sweptApart(c.a, b, c.segment)
        // apart now and apart before: nothing to write (its impulses are already zero, and its
        // materials are mixed again when it gets points)
        if apart && c.manifold.count == 0 { return }
        // Two polygons that keep their places relative to each other (a polygon and a boundary:
        // that stands still) keep their manifold for up to `manifoldReuseSteps` steps: its
        // points moved with the items and its separations were measured as the solver left them
        // (`storeImpulses`), so what is carried forward is what colliding the shapes again would
        // give, to the distance the items moved apart (Bullet's persistent manifolds keep points
        // the same way; Box2D v3 recycles a contact whose relative pose barely changed). A
        // resting crowd, or one carried along together (boxes riding a turning drum), then
        // collides each pair once in that many steps. Circles are always collided: a rolling
        // ball's contact stays below it while its material turns.
        if !apart && c.manifold.count > 0 && c.manifoldAge < manifoldReuseSteps
            && !view.geometry[b].isCircle
            && (c.a < 0 ? view.isStill(b, h) : !view.geometry[Int(c.a)].isCircle && view.carriesForward(Int(c.a), b, h)) {
            c.manifoldAge += 1
        } else if apart {
            c.manifoldAge = 0
            collideShapes(&c, view, apart: true, margin: 0)
        } else {
            c.manifoldAge = 0
            let margin = contactMargin(c.a, b, view)
            // Two polygons the separating-axis test found apart stay apart while they have not
            // moved, relative to each other, by more than that gap less this step's margin: the
            // test would give no points again, so it is not run (a crowd's neighbours whose boxes
            // overlap but whose sides do not touch: the tumbler's boxes, a pile's). The result is
            // the test's to the bit, so a snapshot, which leaves the gap out, replays the same.
            if c.a < 0 || !view.staysSeparated(c.manifold, Int(c.a), b, margin: margin) {
                collideShapes(&c, view, apart: false, margin: margin)
                if c.a >= 0 && c.manifold.gapSide != 0 {
                    let a = Int(c.a)
                    let pose = c.manifold.gapSide == 1 ? view.pose(of: b, in: a) : view.pose(of: a, in: b)
                    c.manifold.noteGapPose(offset: pose.offset, turn: pose.turn)
                }
            }
        }
        c.maxNormalImpulse0 = 0
        c.maxNormalImpulse1 = 0

        // materials: item-item mixes (friction sqrt(fa fb), restitution max); a boundary takes the item's own
        let pb = view.properties[b]
        if c.a >= 0 {
            let pa = view.properties[Int(c.a)]
            c.friction = (pa.friction * pb.friction).squareRoot()
            c.restitution = max(pa.elasticity, pb.elasticity)
        } else {
            c.friction = pb.friction
            c.restitution = pb.elasticity
        }
    }

    /// How far apart the shapes of a contact between items a (-1 for a boundary) and b may be
    /// and still get speculative points: the contact distance plus how far they may close in on each other this step. Between two items that
    /// is (|vB - vA| + |gB - gA| h) h plus what their turning may sweep, so items moving
    /// together (a list, a falling stack) keep no far-away speculative points; against a
    /// boundary it is the item's own sweep.
    @inline(__always) func contactMargin(_ a: Int32, _ b: Int, _ view: ManifoldView) -> Double {
        guard a >= 0 else { return Tolerances.speculativeDistance + view.sweep[b] }
        let a = Int(a)
        let h = stepDuration
        let ga = view.invMass[a] > 0 ? view.gravity[a] : Vec2.zero
        let gb = view.invMass[b] > 0 ? view.gravity[b] : Vec2.zero
        let closing = (length(view.velocity[b] - view.velocity[a]) + length(gb - ga) * h) * h
        let turning = (abs(view.angularVelocity[a]) * view.geometry[a].extent
                       + abs(view.angularVelocity[b]) * view.geometry[b].extent) * h
        return Tolerances.speculativeDistance + closing + turning
    }

    /// The contact's manifold from its shapes as they are now (none when its swept boxes are
    /// apart), an old point's impulses going to the new point with the same id (warm starting).
    @inline(__always)
    private func collideShapes(_ c: inout Contact, _ view: ManifoldView, apart: Bool, margin: Double) {
        let b = Int(c.b)
        let m: Manifold
        if apart {
            m = Manifold()
        } else if c.a >= 0 {
            m = Collide.shapes(view.shape(Int(c.a)), view.shape(b), margin: margin)
        } else {
            m = Collide.shapes(view.segment(Int(c.segment)), view.shape(b), margin: margin)
        }
        var n0 = 0.0, t0 = 0.0, n1 = 0.0, t1 = 0.0
        let old = c.manifold
        for j in 0..<m.count {
            let id = m.point(j).id
            for k in 0..<old.count where old.point(k).id == id {
                let ni = k == 0 ? c.normalImpulse0 : c.normalImpulse1
                let ti = k == 0 ? c.tangentImpulse0 : c.tangentImpulse1
                if j == 0 { n0 = ni; t0 = ti } else { n1 = ni; t1 = ti }
            }
        }
        c.manifold = m
        c.normalImpulse0 = n0
        c.tangentImpulse0 = t0
        c.normalImpulse1 = n1
        c.tangentImpulse1 = t1
    }
}
