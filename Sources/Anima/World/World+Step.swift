extension World {
    /// One internal step of the physics, in Box2D's order: the items' outlines and sweeps
    /// (below), the pair search and contact update (`collide`, World+ContactUpdate.swift and
    /// World+PairSearch.swift), then the solve (World+Solve.swift), which also finds which
    /// contacts began or stopped touching (World+ContactEvents.swift). The animator runs its view
    /// animations before and its callbacks and the rest update (World+Islands.swift) after.
    func step(_ h: Double) {
        updateGeometry(h)
        PhaseClock.mark(.geometry)
        collide()
        if anyPreSolve { applyPreSolve() }
        solve(h)
        for s in self.kinematic { store.velocityGiven[Int(s)] = false }
        for s in self.moving { store.velocityGiven[Int(s)] = false }
    }

    /// World-space outlines of colliding items and how far each moving item may travel this step:
    /// sweep = (|v| + |g| h) h + |w| extent h.
    func updateGeometry(_ h: Double) {
        let n = store.count
        if self.sweep.count < n {
            self.sweep.append(contentsOf: repeatElement(0, count: n - self.sweep.count))
        }
        if self.tightBoxes.count < n {
            self.tightBoxes.append(contentsOf: repeatElement(AABB(lower: .zero, upper: .zero), count: n - self.tightBoxes.count))
        }
        if self.outlineSettled.count < n {
            self.outlineSettled.append(contentsOf: repeatElement(0, count: n - self.outlineSettled.count))
        }
        let epoch = self.outlineEpoch
        let grow = Tolerances.speculativeDistance
        let needed = store.localVertices.count
        if self.worldVertices.count < needed {
            self.worldVertices.append(contentsOf: repeatElement(.zero, count: needed - self.worldVertices.count))
            self.worldNormals.append(contentsOf: repeatElement(.zero, count: needed - self.worldNormals.count))
        }
        // one access per array for the whole loop (no per-element bookkeeping in the hot loop)
        let store = self.store
        store.geometry.withUnsafeBufferPointer { geometry in
        store.velocity.withUnsafeBufferPointer { velocity in
        store.angularVelocity.withUnsafeBufferPointer { angular in
        store.gravity.withUnsafeBufferPointer { gravity in
        store.rotation.withUnsafeBufferPointer { rotation in
        store.position.withUnsafeBufferPointer { position in
        store.localVertices.withUnsafeBufferPointer { localVertices in
        store.localNormals.withUnsafeBufferPointer { localNormals in
        store.outlineStart.withUnsafeBufferPointer { outlineStart in
        self.sweep.withUnsafeMutableBufferPointer { sweep in
        self.worldVertices.withUnsafeMutableBufferPointer { worldVertices in
        self.worldNormals.withUnsafeMutableBufferPointer { worldNormals in
        self.tightBoxes.withUnsafeMutableBufferPointer { tight in
        self.colliding.withUnsafeBufferPointer { colliding in
        store.asleep.withUnsafeBufferPointer { asleep in
        store.poseEdited.withUnsafeBufferPointer { poseEdited in
        self.outlineSettled.withUnsafeMutableBufferPointer { settled in
            // per item, into its own slots only: workers may share the items
            func outline(_ s: Int32) {
                let i = Int(s)
                // a sleeping item does not move: once its outline and boxes are made at rest, they
                // stay as they are until it wakes, its pose is set, or the body lists change, so a
                // crowd at rest costs no outline (the values are those a new making would give)
                if asleep[i] && !poseEdited[i] {
                    if settled[i] == epoch { return }
                    settled[i] = epoch
                }
                let g = geometry[i]
                let reach = (length(velocity[i]) + length(gravity[i]) * h) * h + abs(angular[i]) * g.extent * h
                sweep[i] = reach
                let p = position[i]
                var lower = p - Vec2(g.radius, g.radius), upper = p + Vec2(g.radius, g.radius)
                if g.isRectangle {
                    // the same arithmetic as rotating the stored outline, without reading it:
                    // corners (-+hw, -+hh) turned by q, and the normals q (0, -1), q (1, 0), ...
                    let q = rotation[i]
                    let base = Int(outlineStart[i])
                    let hw = g.halfSize.x, hh = g.halfSize.y
                    let corners = (Vec2(-hw, -hh), Vec2(hw, -hh), Vec2(hw, hh), Vec2(-hw, hh))
                    let v0 = p + q.rotate(corners.0), v1 = p + q.rotate(corners.1)
                    let v2 = p + q.rotate(corners.2), v3 = p + q.rotate(corners.3)
                    worldVertices[base] = v0
                    worldVertices[base + 1] = v1
                    worldVertices[base + 2] = v2
                    worldVertices[base + 3] = v3
                    worldNormals[base] = q.rotate(Vec2(0, -1))
                    worldNormals[base + 1] = q.rotate(Vec2(1, 0))
                    worldNormals[base + 2] = q.rotate(Vec2(0, 1))
                    worldNormals[base + 3] = q.rotate(Vec2(-1, 0))
                    lower = pointwiseMin(pointwiseMin(v0, v1), pointwiseMin(v2, v3))
                    upper = pointwiseMax(pointwiseMax(v0, v1), pointwiseMax(v2, v3))
                } else if !g.isCircle {
                    let q = rotation[i]
                    let base = Int(outlineStart[i])
                    lower = Vec2(Double.infinity, Double.infinity)
                    upper = -lower
                    for k in 0..<Int(g.count) {
                        let v = p + q.rotate(localVertices[base + k])
                        worldVertices[base + k] = v
                        worldNormals[base + k] = q.rotate(localNormals[base + k])
                        lower = pointwiseMin(lower, v)
                        upper = pointwiseMax(upper, v)
                    }
                    // a rounded polygon reaches its radius past its core (0 for a sharp one)
                    lower = lower - Vec2(g.radius, g.radius)
                    upper = upper + Vec2(g.radius, g.radius)
                }
                // the box the item may occupy during the step: swept along its expected
                // displacement (velocity and gravity over the step), grown all round by what its
                // turning may sweep and the contact distance. (Grown by the displacement's length
                // all round instead, a crowd falling together kept pairs with everything beside
                // and above it: the 10 000-box pile held a fifth more memory at its peak and took
                // 15 % longer a step, the tumbler 14 %.)
                let d = (velocity[i] + gravity[i] * h) * h
                let e = abs(angular[i]) * g.extent * h + grow
                tight[i] = AABB(lower: lower + pointwiseMin(d, .zero) - Vec2(e, e), upper: upper + pointwiseMax(d, .zero) + Vec2(e, e))
            }
            if let pool = self.workers, pool.count > 1, colliding.count >= self.minimumItemsPerWorker * pool.count {
                let block = 256
                pool.forEachBlock((colliding.count + block - 1) / block) { b, _ in
                    for j in (b * block)..<min(colliding.count, (b + 1) * block) { outline(colliding[j]) }
                }
            } else {
                for s in colliding { outline(s) }
            }
        }}}}}}}}}}}}}}}}}
    }
}
