extension World {
    /// Brings the body lists up to date after islands woke or slept: at once, or, from inside a
    /// callback (the solver or the step may be using the lists), when the callback returns.
    func refreshBodyLists() {
        if callbackDepth > 0 {
            bodyListsDirty = true
        } else {
            rebuildBodyLists()
        }
    }

    /// Recomputes which slots the solver moves (governed, finite mass, awake), which are kinematic
    /// (anchored) and which collide.
    func rebuildBodyLists() {
        bodyListsDirty = false
        // sleeping items' outlines are made once more (see updateGeometry)
        outlineEpoch &+= 1
        if outlineEpoch == 0 {
            outlineSettled.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            outlineEpoch = 1
        }
        self.moving.removeAll(keepingCapacity: true)
        self.kinematic.removeAll(keepingCapacity: true)
        self.colliding.removeAll(keepingCapacity: true)
        self.notColliding.removeAll(keepingCapacity: true)
        let anyGroups = !store.groupSlots.isEmpty
        for i in 0..<store.count where store.alive[i] && store.governed[i] {
            // a group's body moves and its parts' shapes collide
            if anyGroups && store.groupOf[i] >= 0 {
                if (store.collisionMask[i] | store.boundaryMask[i]) != 0 {
                    self.colliding.append(Int32(i))
                } else {
                    self.notColliding.append(Int32(i))
                }
                continue
            }
            if anyGroups && store.isGroup(i) {
                if store.invMass[i] > 0 && !store.asleep[i] { self.moving.append(Int32(i)) }
                if store.properties[i].anchored { self.kinematic.append(Int32(i)) }
                continue
            }
            if store.invMass[i] > 0 && !store.asleep[i] { self.moving.append(Int32(i)) }
            if store.properties[i].anchored { self.kinematic.append(Int32(i)) }
            if (store.collisionMask[i] | store.boundaryMask[i]) != 0 {
                self.colliding.append(Int32(i))
            } else {
                self.notColliding.append(Int32(i))
            }
        }
    }
}
