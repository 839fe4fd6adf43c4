extension World {
    /// Joints in a step from which they are solved colour by colour (see `orderJoints`).
    static let minimumColoredJoints = 1024
    /// Joints per block of a shared colour.
    static let jointBlock = 128

    /// The order the joints are solved in this step. Up to `minimumColoredJoints` they are
    /// solved in the order they were made (the attachments' order in the behavior tree). From
    /// there, as Box2D v3 does with its constraint graph, they are coloured greedily in that
    /// order so that no two joints of a colour move one body (24 colours; a joint no colour
    /// takes is solved after them), and solved colour by colour: the joints of a colour may then
    /// run on several threads at once with the same result. The order depends on the joints
    /// alone, never on the worker count.
    func orderJoints(bodyCount: Int) {
        let count = self.joints.count
        self.jointOrder.resize(count)
        let order = self.jointOrder.base
        self.jointsColored = count >= self.minimumColoredJoints
        guard self.jointsColored else {
            for k in 0..<count { order[k] = Int32(k) }
            self.jointColorStart = [0, count]
            return
        }
        let heads = self.jointHeads.base
        let colors = ContactColoring.colorCount
        self.jointColor.resize(count)
        let colorOf = self.jointColor.base
        // per colour (the last for no colour) its count, then where it starts
        var start = [Int](repeating: 0, count: colors + 2)
        self.jointTaken.removeAll(keepingCapacity: true)
        self.jointTaken.append(contentsOf: repeatElement(0, count: bodyCount))
        self.jointTaken.withUnsafeMutableBufferPointer { taken in
            for k in 0..<count {
                let head = heads[k]
                let a = Int(head.a), b = Int(head.b)
                let aMoves = head.aMoves, bMoves = head.bMoves
                let used = (aMoves ? taken[a] : 0) | (bMoves ? taken[b] : 0)
                let free = ~used & (1 << UInt32(colors) - 1)
                var c = colors
                if free != 0 {
                    c = free.trailingZeroBitCount
                    if aMoves { taken[a] |= 1 << UInt32(c) }
                    if bMoves { taken[b] |= 1 << UInt32(c) }
                }
                colorOf[k] = UInt8(c)
                start[c + 1] += 1
            }
        }
        for c in 0...colors { start[c + 1] += start[c] }
        var next = start
        for k in 0..<count {
            let c = Int(colorOf[k])
            order[next[c]] = Int32(k)
            next[c] += 1
        }
        self.jointColorStart = start
    }

    /// Builds the step's joints from the attachments: each joint's head (`JointHead`), and a
    /// plain pin's row (`PinRow`) or else its constraint, then the row of a plain spring
    /// (`SpringRow`) and the list of moving anchors. An anchor is the static body 0 placed at
    /// the anchor point; an item without mass (anchored) keeps its own body so its motion
    /// counts. The joints' buffers are sized for every attachment and snap first (`prepareSnaps`
    /// adds the snaps after the attachments).
    func prepareJoints(_ hs: Double) {
        self.joints.count = 0
        let h = stepDuration
        let attachments = self.attachments
        let room = attachments.count + self.snaps.count
        self.jointHeads.resize(room)
        self.jointRowKind.resize(room)
        self.pinRows.resize(room)
        self.springRows.resize(room)
        self.movingAnchors.count = 0
        let heads = self.jointHeads.base, kind = self.jointRowKind.base, pins = self.pinRows.base
        let springs = self.springRows.base
        let rows = self.usesJointRows, fixesArms = self.fixesJointArms
        let bodies = self.bodies.base
        for index in attachments.indices {
            // the array keeps every attachment alive through the loop: no retain and release per
            // attachment (they were a seventh of a step of the 100 x 100 joint grid)
            unowned(unsafe) let att = attachments[index]
            let slotB = Int(att.item.slot)
            if store.asleep[slotB] { continue }
            let bodyB: Int32 = store.invMass[slotB] > 0 || store.properties[slotB].anchored ? Int32(slotB + 1) : 0
            let anchorB = store.rotation[slotB].rotate(att.offset)
            var bodyA: Int32 = 0
            var anchorA = Vec2.zero
            var centerA = att.anchorPoint
            var anchorVelocity = Vec2.zero
            if att.attachmentKind == .anchor, let previous = att.previousAnchor, previous != att.anchorPoint {
                // the anchor slides from where it was toward its point during the step: all the way,
                // or, gliding (a drag), by this step's share of the time left
                var reached = att.anchorPoint
                if att.anchorGlide > h * (1 + 1e-9) {
                    reached = previous + (att.anchorPoint - previous) * (h / att.anchorGlide)
                    att.anchorGlide -= h
                } else {
                    att.anchorGlide = 0
                }
                centerA = previous
                anchorVelocity = (reached - previous) / h
                att.previousAnchor = reached
            } else {
                // (written only when they change: most attachments' records are then only read)
                if att.anchorGlide != 0 { att.anchorGlide = 0 }
                if att.previousAnchor != att.anchorPoint { att.previousAnchor = att.anchorPoint }
            }
            var mA = 0.0, iA = 0.0
            if let other = att.otherItem {
                let slotA = Int(other.slot)
                if store.asleep[slotA] { continue }
                bodyA = store.invMass[slotA] > 0 || store.properties[slotA].anchored ? Int32(slotA + 1) : 0
                anchorA = store.rotation[slotA].rotate(att.otherOffset)
                centerA = store.position[slotA]
                mA = store.invMass[slotA]
                iA = store.invInertia[slotA]
            }
            let mB = store.invMass[slotB], iB = store.invInertia[slotB]
            if mA == 0 && iA == 0 && mB == 0 && iB == 0 { continue }
            let k = self.joints.count
            self.joints.extend(by: 1)
            heads[k] = JointHead(a: bodyA, b: bodyB, behaviorIndex: Int32(index), invMassA: mA, invIA: iA, invMassB: mB,
                                 invIB: iB, isSnap: false)
            // a plain pin: no angle range, friction torque or force bound (a pin's anchor never
            // slides, and it is never a spring; an angular or limit impulse left from a friction
            // or range taken away is dropped, below and in `storeJointImpulses`). The
            // attachment's fields are read here, not through a method, which would retain it.
            let range = att.attachmentRange, friction = att.frictionTorque * hs > 0
            let motor = att.maxMotorForce * hs > 0, jointSpring = att.jointSpringFrequency > 0
            if rows && att.attachmentKind == .pin && range.lowerBound == -.infinity && range.upperBound == .infinity
                && !friction && att.maxForce * hs == .infinity && !motor && !jointSpring {
                // its row alone: the 104 bytes the passes read (a constraint is over 300), its
                // arms fixed as `JointSolver.fixArms` would fix them
                let fixed = fixesArms && JointSolver.sidesCannotTurn(invIA: iA, invIB: iB, bodyA, bodyB, bodies)
                (pins + k).initialize(to: PinRow(
                    a: bodyA, b: bodyB, fixedArms: fixed, anchorA: anchorA, anchorB: anchorB,
                    deltaCenter: store.position[slotB] - centerA, invMassA: mA, invIA: iA, invMassB: mB, invIB: iB,
                    impulse: att.linearImpulse))
                kind[k] = fixed ? .fixedPin : .pin
                continue
            }
            let spring = att.frequency > 0 && (att.attachmentKind == .anchor || att.attachmentKind == .items)
            let drives = att.attachmentKind == .pin || att.attachmentKind == .sliding
            let springHertz = spring ? att.frequency : (drives && jointSpring ? att.jointSpringFrequency : 0)
            let dampingRatio = spring ? att.damping : att.jointSpringDamping
            // a rope's minimum length is its lower limit (none at 0)
            let lower = att.attachmentKind == .limit ? (att.minimumLength > 0 ? att.minimumLength : -.infinity) : range.lowerBound
            let angleA = att.otherItem.map { store.angle[Int($0.slot)] } ?? 0
            var axisWorld = att.axis
            if att.attachmentKind == .sliding, let other = att.otherItem {
                axisWorld = store.rotation[Int(other.slot)].rotate(att.axis)
            }
            // An impulse whose row this step does not have (the friction torque or a limit taken
            // away since it was accumulated) is dropped: warm-started with no row to correct it,
            // it would act every sub-step as a torque or force of its own, holding a hinge
            // where its friction or its limit left it. Fixed and sliding joints always have
            // their angular row.
            let angularRow = friction || att.attachmentKind == .fixed || att.attachmentKind == .sliding
            // written in place: the record is over 300 bytes
            (self.joints.base + k).initialize(to: JointConstraint(
                kind: att.attachmentKind, a: bodyA, b: Int32(bodyB), anchorA: anchorA, anchorB: anchorB,
                deltaCenter: store.position[slotB] - centerA, invMassA: mA, invIA: iA, invMassB: mB, invIB: iB,
                length: att.length, isSpring: spring,
                springSoftness: Softness(hertz: springHertz, dampingRatio: dampingRatio, substep: hs),
                axialImpulse: att.axialImpulse, linearImpulse: att.linearImpulse,
                angularImpulse: angularRow ? att.angularImpulse : 0,
                maxFrictionImpulse: att.frictionTorque * hs, maxLinearImpulse: att.maxForce * hs,
                behaviorIndex: Int32(index), anchorVelocity: anchorVelocity,
                relativeAngle: store.angle[slotB] - angleA - att.referenceAngle, axis: axisWorld,
                lower: lower, upper: range.upperBound,
                perpendicularImpulse: att.perpendicularImpulse,
                lowerImpulse: lower > -.infinity ? att.lowerImpulse : 0,
                upperImpulse: range.upperBound < .infinity ? att.upperImpulse : 0,
                motorSpeed: att.motorSpeed, maxMotorImpulse: drives && motor ? att.maxMotorForce * hs : 0,
                motorImpulse: drives && motor ? att.motorImpulse : 0,
                hasJointSpring: drives && jointSpring, jointSpringRest: att.jointSpringRest,
                springImpulse: drives && jointSpring ? att.springImpulse : 0))
            finishJoint(k, self.joints.base, bodies, kind, springs, rows: rows, fixesArms: fixesArms)
        }
    }

    /// The rest of a joint with a constraint: its arms fixed when they can be
    /// (`JointSolver.fixArms`), listed when its anchor moves, and its row when it is a plain
    /// point spring (`rows`); else it is solved from the constraint.
    @inline(__always)
    private func finishJoint(_ k: Int, _ js: UnsafeMutablePointer<JointConstraint>, _ bodies: UnsafePointer<SolverBody>,
                             _ kind: UnsafeMutablePointer<JointRowKind>, _ springs: UnsafeMutablePointer<SpringRow>,
                             rows: Bool, fixesArms: Bool) {
        let j = js + k
        JointSolver.fixArms(j, bodies, allowed: fixesArms)
        if j.pointee.anchorVelocity != .zero { self.movingAnchors.append(Int32(k)) }
        if rows, let row = SpringRow(j) {
            (springs + k).initialize(to: row)
            kind[k] = row.fixedArms ? .fixedSpring : .spring
        } else {
            kind[k] = .constraint
        }
    }

    /// Keeps the joints' accumulated impulses for the next step's warm start (a row's point
    /// impulse from its row, where the solve passes kept it).
    func storeJointImpulses() {
        let attachments = self.attachments, snaps = self.snaps
        let heads = self.jointHeads.base, js = self.joints.base
        let kind = self.jointRowKind.base, pins = self.pinRows.base, springs = self.springRows.base
        @inline(__always) func finite(_ v: Vec2) -> Vec2 { v.x.isFinite && v.y.isFinite ? v : .zero }
        let invSubstep = Double(configuration.substeps) / stepDuration
        for k in 0..<self.joints.count {
            let head = heads[k]
            if head.isSnap {
                unowned(unsafe) let snap = snaps[Int(head.behaviorIndex)]
                snap.linearImpulse = finite(js[k].linearImpulse)
                snap.angularImpulse = finiteOrZero(js[k].angularImpulse)
                continue
            }
            // kept alive by the array, as in prepareJoints
            unowned(unsafe) let att = attachments[Int(head.behaviorIndex)]
            // an impulse that overflowed is not carried into the next step's warm start
            switch kind[k] {
            case .pin, .fixedPin:
                // a plain pin's passes change its point impulse alone; it has no angular or limit
                // row, so what an earlier friction or range left there is dropped (`prepareJoints`)
                att.linearImpulse = finite(pins[k].impulse)
                // the others written only if they must be cleared
                if !att.axialImpulse.isFinite { att.axialImpulse = 0 }
                if !att.perpendicularImpulse.isFinite { att.perpendicularImpulse = 0 }
                if att.angularImpulse != 0 { att.angularImpulse = 0 }
                if att.lowerImpulse != 0 { att.lowerImpulse = 0 }
                if att.upperImpulse != 0 { att.upperImpulse = 0 }
                if att.motorImpulse != 0 { att.motorImpulse = 0 }
                if att.springImpulse != 0 { att.springImpulse = 0 }
                if att.motorForce != 0 { att.motorForce = 0 }
                continue
            case .spring, .fixedSpring: att.linearImpulse = finite(springs[k].impulse)
            case .constraint: att.linearImpulse = finite(js[k].linearImpulse)
            }
            let j = js + k
            att.axialImpulse = finiteOrZero(j.pointee.axialImpulse)
            att.angularImpulse = finiteOrZero(j.pointee.angularImpulse)
            att.perpendicularImpulse = finiteOrZero(j.pointee.perpendicularImpulse)
            att.lowerImpulse = finiteOrZero(j.pointee.lowerImpulse)
            att.upperImpulse = finiteOrZero(j.pointee.upperImpulse)
            if j.pointee.maxMotorImpulse > 0 || att.motorImpulse != 0 {
                att.motorImpulse = finiteOrZero(j.pointee.motorImpulse)
                // the impulse of a sub-step over its duration (Box2D's motor torque)
                att.motorForce = j.pointee.maxMotorImpulse > 0 ? att.motorImpulse * invSubstep : 0
            }
            if j.pointee.hasJointSpring || att.springImpulse != 0 { att.springImpulse = finiteOrZero(j.pointee.springImpulse) }
        }
    }

    /// A snap is a zero-length spring (4 Hz, damping ratio 0.1 + 0.9 damping) from its point to
    /// the item's centre, plus the same spring turning the item upright.
    func prepareSnaps(_ hs: Double) {
        for (index, snap) in self.snaps.enumerated() {
            let slot = Int(snap.item.slot)
            guard store.isLive(snap.item), !store.asleep[slot], store.invMass[slot] > 0 else { continue }
            if !heldSlots.isEmpty && heldSlots[Int32(slot)] != nil { continue }   // a pointer holds it
            var j = JointConstraint(
                kind: .anchor, a: 0, b: Int32(slot + 1), anchorA: .zero, anchorB: .zero,
                deltaCenter: store.position[slot] - snap.snapPoint, invMassA: 0, invIA: 0,
                invMassB: store.invMass[slot], invIB: store.invInertia[slot], length: 0, isSpring: true,
                springSoftness: Softness(hertz: SnapBehavior.frequency, dampingRatio: snap.dampingRatio, substep: hs),
                axialImpulse: 0, linearImpulse: snap.linearImpulse, angularImpulse: snap.angularImpulse,
                maxFrictionImpulse: 0, behaviorIndex: Int32(index))
            j.uprights = true
            j.startAngle = store.angle[slot]
            j.isSnap = true
            let k = self.joints.count
            self.joints.append(j)
            self.jointHeads.base[k] = JointHead(a: j.a, b: j.b, behaviorIndex: Int32(index), invMassA: j.invMassA,
                                                 invIA: j.invIA, invMassB: j.invMassB, invIB: j.invIB, isSnap: true)
            finishJoint(k, self.joints.base, self.bodies.base, self.jointRowKind.base, self.springRows.base,
                        rows: self.usesJointRows, fixesArms: self.fixesJointArms)
        }
    }
}
