extension World {
    /// The pre-solve hooks (Box2D v3's pre-solve callback, pymunk's pre_solve): for each contact
    /// constraint of the step, in order, the collision behaviors sharing the contact that have a
    /// hook are asked, in the tree's order, until one refuses it. A refused contact is solved as
    /// a speculative contact still far apart: its points no impulse, warm start dropped, so it
    /// pushes nothing, gives no friction, no bounce and no hit, and does not touch (its began
    /// event waits, a touching one ends). Its shapes are collided afresh at the next step, so
    /// nothing of the refusal is carried forward. Runs on the stepping thread after `collide`;
    /// a hook is a callback (`callbackDepth`), as a custom field's evaluation is.
    func applyPreSolve() {
        let behaviors = self.collisionBehaviors
        let count = self.constraints.count
        for ci in 0..<count {
            let cc = self.constraints.base[ci]
            let index = Int(cc.contactIndex)
            guard index < self.contacts.count else { continue }
            // a copy: the hooks below may change the animator (not this step's contacts)
            let c = self.contacts[index]
            var askers: [CollisionBehavior] = []
            let sides = withUnsafePointer(to: c) { p in
                forEachReporter(p, behaviors) { _, collision in
                    if collision.preSolve != nil { askers.append(collision) }
                }
                return EventSides(p, self)
            }
            if askers.isEmpty { continue }
            // the deepest point, the normal from the event's item toward the other side
            var deepest = 0
            for k in 1..<max(1, c.manifold.count) where c.manifold.point(k).separation < c.manifold.point(deepest).separation {
                deepest = k
            }
            let mp = c.manifold.point(deepest)
            var kept = true
            for collision in askers {
                guard let hook = collision.preSolve else { continue }
                let contact = PreSolveContact(collision: collision, item: sides.item, otherItem: sides.other,
                                              boundaryIdentifier: sides.identifier, normal: sides.fromItem(c.manifold.normal),
                                              point: mp.point, separation: mp.separation, pointCount: Int(c.manifold.count))
                callbackDepth += 1
                kept = hook(contact)
                callbackDepth -= 1
                if !kept { break }
            }
            if !kept { refuseConstraint(ci) }
        }
    }

    /// Makes constraint `ci` a speculative contact far apart for this step (see `applyPreSolve`).
    private func refuseConstraint(_ ci: Int) {
        let cc = self.constraints.base[ci]
        let points = self.points.base, separations = self.separations.base
        for j in 0..<Int(cc.pointCount) {
            let p = points + (2 * ci + j)
            p.pointee.normalImpulse = 0
            p.pointee.tangentImpulse = 0
            p.pointee.totalNormalImpulse = 0
            p.pointee.baseSeparation = World.refusedSeparation
            separations[2 * ci + j] = World.refusedSeparation
        }
        // collided again at the next step, not carried forward with the separation above
        let index = Int(cc.contactIndex)
        if index < self.contacts.count { self.contacts[index].manifoldAge = 15 }   // past the reuse limit; the most a snapshot holds
    }

    /// How far apart a refused contact's points are made to be (pt): far enough that no step's
    /// motion closes the gap, so the solver never pushes on them.
    static let refusedSeparation = 1.0e9
}
