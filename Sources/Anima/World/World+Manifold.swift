extension World {
    /// Runs `body` with a view of the arrays the manifold update reads. The body must not
    /// resize them or write to them (it may write other item state, such as waking islands).
    func withManifoldView<R>(_ body: (ManifoldView) -> R) -> R {
        let store = self.store
        return self.sweep.withUnsafeBufferPointer { sweep in
        self.tightBoxes.withUnsafeBufferPointer { tight in
        self.worldVertices.withUnsafeBufferPointer { worldVertices in
        self.worldNormals.withUnsafeBufferPointer { worldNormals in
        self.segmentVertices.withUnsafeBufferPointer { segmentVertices in
        self.segmentNormals.withUnsafeBufferPointer { segmentNormals in
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
        self.segmentProxies.withUnsafeBufferPointer { segmentProxies in
        store.groupOf.withUnsafeBufferPointer { groupOf in
            body(ManifoldView(sweep: sweep, tightBoxes: tight, worldVertices: worldVertices, worldNormals: worldNormals,
                              segmentVertices: segmentVertices, segmentNormals: segmentNormals, position: position,
                              rotation: rotation, velocity: velocity, angularVelocity: angularVelocity, gravity: gravity, invMass: invMass,
                              invInertia: invInertia, geometry: geometry, properties: properties, poseEdited: poseEdited,
                              outlineStart: outlineStart, proxy: proxy, segmentProxies: segmentProxies,
                              skipsSeparated: self.skipsSeparatedPairs,
                              groupOf: store.groupSlots.isEmpty ? nil : groupOf.baseAddress))
        }}}}}}}}}}}}}}}}}}}}
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
