extension World {
    /// Copies velocities of moving and kinematic items into solver bodies and precomputes
    /// gravity and the damping factors 1 / (1 + h c) for the sub-step h.
    func gatherBodies(_ hs: Double, alongside: () -> Void = {}, second: () -> Void = {}) {
        self.bodies.resize(store.count + 1, filling: .atRest)
        self.params.resize(store.count + 1, filling: BodyParams(gravity: .zero, linearDamping: 1, angularDamping: 1, locksRotation: true))
        self.solvedMoving = self.moving
        let bodies = self.bodies.base
        let params = self.params.base
        bodies[0] = .atRest
        params[0] = BodyParams(gravity: .zero, linearDamping: 1, angularDamping: 1, locksRotation: true)
        // one access per array for the whole loop, shared by the workers in blocks
        let store = self.store
        self.moving.withUnsafeBufferPointer { moving in
        store.properties.withUnsafeBufferPointer { properties in
        store.velocity.withUnsafeBufferPointer { velocity in
        store.angularVelocity.withUnsafeBufferPointer { angularVelocity in
        store.gravity.withUnsafeBufferPointer { gravity in
        store.invMass.withUnsafeBufferPointer { invMass in
        store.invInertia.withUnsafeBufferPointer { invInertia in
            forEachShare(moving.count, block: World.bodyBlock, minimum: self.minimumItemsPerWorker, alongside: alongside,
                         second: second) { range in
                for s in moving[range] {
                    let i = Int(s)
                    let p = properties[i]
                    bodies[i + 1] = SolverBody(v: velocity[i], w: angularVelocity[i], turned: 0, dp: .zero, dq: .identity)
                    params[i + 1] = BodyParams(gravity: gravity[i], linearDamping: 1 / (1 + hs * p.resistance),
                                               angularDamping: 1 / (1 + hs * p.angularResistance),
                                               locksRotation: invInertia[i] == 0,
                                               invMass: invMass[i], invInertia: invInertia[i])
                }
            }
        }}}}}}}
        applyPushes(bodies, params)
        applyFields(bodies, params, hs)
        for s in self.kinematic {
            let i = Int(s)
            bodies[i + 1] = SolverBody(v: store.velocity[i], w: store.angularVelocity[i], turned: 0, dp: .zero, dq: .identity)
        }
    }

    /// Pushes: a continuous push adds its force F = 100 x direction and torque r x F to the
    /// body's per-step force; an instantaneous one changes velocity once, dv = J / m and
    /// dw = (r x J) / I with J = 100 x direction, then turns inactive.
    func applyPushes(_ bodies: UnsafeMutablePointer<SolverBody>, _ params: UnsafeMutablePointer<BodyParams>) {
        for push in self.pushes where push.active {
            let F = PushBehavior.unitForce * push.pushDirection
            if F != .zero {
                for item in push.items where store.isLive(item) {
                    let i = Int(item.slot)
                    guard store.invMass[i] > 0 && !store.asleep[i] else { continue }
                    let r = store.rotation[i].rotate(push.targetOffset(for: item))
                    if push.mode == .continuous {
                        params[i + 1].force += F
                        params[i + 1].torque += cross(r, F)
                    } else {
                        bodies[i + 1].v += store.invMass[i] * F
                        bodies[i + 1].w += store.invInertia[i] * cross(r, F)
                    }
                }
            }
            if push.mode == .instantaneous { push.didAct() }
        }
    }

    /// Fields: each adds m x (its acceleration) to the body's per-step force; a velocity field
    /// then sets the velocity of the items inside its region and clears their accelerations.
    /// Animated noise advances its clock.
    func applyFields(_ bodies: UnsafeMutablePointer<SolverBody>, _ params: UnsafeMutablePointer<BodyParams>, _ hs: Double) {
        if self.fields.isEmpty { return }
        for field in self.fields {
            field.noiseTime += stepDuration * field.animationSpeed
            for item in field.items where store.isLive(item) {
                let i = Int(item.slot)
                guard store.invMass[i] > 0 && !store.asleep[i] else { continue }
                let p = store.position[i]
                if field.fieldKind == .velocity { continue }
                let m = store.mass[i]
                callbackDepth += field.fieldKind == .custom ? 1 : 0
                let a = field.acceleration(at: p, velocity: bodies[i + 1].v, mass: m,
                                           charge: store.properties[i].charge, h: stepDuration)
                callbackDepth -= field.fieldKind == .custom ? 1 : 0
                if isFinite(a) { params[i + 1].force += m * a }
            }
        }
        // a velocity field overrides every other acceleration of the step: gravity, pushes,
        // the other fields and resistance; contacts and attachments still act on the velocity
        for field in self.fields where field.fieldKind == .velocity {
            let v = 100 * field.direction
            for item in field.items where store.isLive(item) {
                let i = Int(item.slot)
                guard store.invMass[i] > 0 && !store.asleep[i] && field.region.contains(store.position[i] - field.position) else {
                    continue
                }
                bodies[i + 1].v = v
                params[i + 1].gravity = .zero
                params[i + 1].force = .zero
                params[i + 1].linearDamping = 1
            }
        }
    }

    /// Writes velocities, positions (start + dp) and angles (start + turned) back to the store;
    /// `alongside` runs once on the stepping thread meanwhile (first, without workers).
    func scatterBodies(alongside: () -> Void = {}) {
        let bodies = self.bodies.base
        store.position.withUnsafeMutableBufferPointer { position in
            store.angle.withUnsafeMutableBufferPointer { angle in
                store.velocity.withUnsafeMutableBufferPointer { velocity in
                    store.angularVelocity.withUnsafeMutableBufferPointer { angular in
                        store.rotation.withUnsafeMutableBufferPointer { rotation in
                            // each body writes its own item: shared in blocks
                            func write(_ list: UnsafeBufferPointer<Int32>, _ range: Range<Int>) {
                                for s in list[range] {
                                    let i = Int(s)
                                    let b = bodies[i + 1]
                                    // the last guard against a solve that overflowed: an item
                                    // keeps a finite velocity whatever the constraints did
                                    velocity[i] = b.v.x.isFinite && b.v.y.isFinite ? b.v : .zero
                                    angular[i] = b.w.isFinite ? b.w : 0
                                    position[i] += b.dp
                                    if b.turned != 0 {
                                        angle[i] += b.turned
                                        rotation[i] = Rotation(angle: angle[i])
                                    }
                                }
                            }
                            let minimum = self.minimumItemsPerWorker
                            self.moving.withUnsafeBufferPointer { list in
                                forEachShare(list.count, block: World.bodyBlock, minimum: minimum, alongside: alongside) {
                                    write(list, $0)
                                }
                            }
                            self.kinematic.withUnsafeBufferPointer { list in
                                forEachShare(list.count, block: World.bodyBlock, minimum: minimum) { write(list, $0) }
                            }
                        }
                    }
                }
            }
        }
    }

    /// v = v / (1 + h c) + h g (gravity acts whatever the mass); w = w / (1 + h c_w); speeds capped.
    static func integrateVelocities(_ moving: UnsafeBufferPointer<Int32>, _ bodies: UnsafeMutablePointer<SolverBody>,
                                    _ params: UnsafeMutablePointer<BodyParams>, _ h: Double) {
        let maxSpeed = Tolerances.maxLinearSpeed
        let maxAngular = Tolerances.maxAngularSpeed
        for s in moving {
            let body = bodies + (Int(s) + 1)
            let p = params[Int(s) + 1]
            var v = body.pointee.v * p.linearDamping + h * (p.gravity + p.invMass * p.force)
            let speed2 = lengthSquared(v)
            if speed2 > maxSpeed * maxSpeed { v *= maxSpeed / speed2.squareRoot() }
            body.pointee.v = v
            body.pointee.w = p.locksRotation ? 0
                : min(max(body.pointee.w * p.angularDamping + h * p.invInertia * p.torque, -maxAngular), maxAngular)
        }
    }

    /// dp += h v; turned += h w; dq advanced by h w. With `capped` (moving items), v and w are
    /// first brought back under the speed caps: the velocity solve that runs between the two
    /// integrations can exceed them (a stiff attachment with a long lever arm, an impulse
    /// applied from a callback), and a position must never run away to infinity.
    static func integratePositions(_ list: UnsafeBufferPointer<Int32>, _ bodies: UnsafeMutablePointer<SolverBody>, _ h: Double,
                                   capped: Bool = false) {
        let maxSpeed = Tolerances.maxLinearSpeed
        let maxAngular = Tolerances.maxAngularSpeed
        for s in list {
            let body = bodies + (Int(s) + 1)
            var v = body.pointee.v
            if capped {
                let speed2 = lengthSquared(v)
                if !(speed2 <= maxSpeed * maxSpeed) {
                    // an overflowed or undefined velocity stops rather than poisoning the pose
                    v = speed2.isFinite ? v * (maxSpeed / speed2.squareRoot()) : .zero
                    body.pointee.v = v
                }
                let w = body.pointee.w
                if !(abs(w) <= maxAngular) { body.pointee.w = w.isNaN ? 0 : (w < 0 ? -maxAngular : maxAngular) }
            }
            let dw = h * body.pointee.w
            body.pointee.dp += h * v
            if dw != 0 {
                body.pointee.turned += dw
                body.pointee.dq = body.pointee.dq.integrated(by: dw)
            }
        }
    }
}
