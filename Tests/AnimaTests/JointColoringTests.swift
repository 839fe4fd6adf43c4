import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import Anima

/// Scenes with many joints solve them colour by colour (`Animator.orderJoints`), and the
/// workers share each colour.
@Suite struct JointColoringTests {
    /// A 40 x 40 net of boxes 25 pt apart pinned to their right and lower neighbours (3120
    /// pins), hung from five anchored boxes in the middle of its top row and from a rod to a
    /// fixed point at its top-left corner, falls under gravity for 120 steps. Returns its poses
    /// as bit patterns and the widest pin gap, in points.
    func net(workers: Int, colored: Bool = true, jointRows: Bool = true, plainPins: (Int) -> Void = { _ in },
             midway: ([AttachmentBehavior], Int) throws -> Void = { _, _ in }) throws
        -> (poses: [UInt64], widestGap: Double, colored: Bool) {
        let a = try Animator(configuration: AnimatorConfiguration(workers: workers))
        if !colored { a.world.minimumColoredJoints = .max }
        a.world.usesJointRows = jointRows
        let n = 40
        var grid: [[ItemID]] = []
        for row in 0..<n {
            grid.append(try (0..<n).map { column in
                try a.createItem(ItemDefinition(center: Vec2(25 * Double(column), 25 * Double(row)), size: Size(width: 10, height: 10)))
            })
        }
        var pins: [AttachmentBehavior] = []
        for row in 0..<n {
            for column in 0..<n {
                let here = grid[row][column], p = Vec2(25 * Double(column), 25 * Double(row))
                if column + 1 < n {
                    pins.append(try AttachmentBehavior(owner: a, item: here, to: grid[row][column + 1], kind: .pin,
                                                       anchor: p + Vec2(12.5, 0)))
                }
                if row + 1 < n {
                    pins.append(try AttachmentBehavior(owner: a, item: here, to: grid[row + 1][column], kind: .pin,
                                                       anchor: p + Vec2(0, 12.5)))
                }
            }
        }
        for pin in pins { try a.addBehavior(pin) }
        let corner = try AttachmentBehavior(owner: a, item: grid[0][0], anchor: Vec2(0, -30))
        try a.addBehavior(corner)
        let held = Array(grid[0][18..<23])
        let free = grid.joined().filter { !held.contains($0) }
        try a.addBehavior(GravityBehavior(owner: a, items: Array(free)))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: held, properties: ItemProperties(anchored: true)))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: Array(free)))
        for s in 0..<120 {
            if s == 60 || s == 90 { try midway(pins, s) }
            try a.step()
        }
        plainPins((0..<a.world.joints.count).filter { a.world.jointRowKind.base[$0].isPin }.count)
        var widest = 0.0
        for pin in pins {
            guard let other = pin.otherItem else { continue }
            let p = try a.worldPoint(of: pin.item, offset: pin.offset)
            let q = try a.worldPoint(of: other, offset: pin.otherOffset)
            widest = max(widest, length(p - q))
        }
        var poses: [UInt64] = []
        for item in grid.joined() {
            let c = try a.center(of: item)
            poses += [c.x.bitPattern, c.y.bitPattern, try a.rotation(of: item).bitPattern]
        }
        return (poses, widest, a.world.jointsColored)
    }

    /// The net is coloured and holds as well as with its joints in the order made (its pins
    /// open as far, every pose finite), and gives the same poses to the bit with one, two and
    /// three workers.
    @Test func aLargeNetIsColoredHoldsAndIsTheSameForAnyWorkerCount() throws {
        let one = try net(workers: 1)
        #expect(one.colored)
        let ordered = try net(workers: 1, colored: false)
        #expect(!ordered.colored)
        // as stiff as in the order made (5.13 and 5.17 pt measured), far from torn (25 pt apart)
        #expect(one.widestGap < 8 && one.widestGap <= 1.1 * ordered.widestGap + 0.5,
                "a pin opened by \(one.widestGap) pt (\(ordered.widestGap) pt in the order made)")
        #expect(one.poses.allSatisfy { Double(bitPattern: $0).isFinite })
        #expect(try net(workers: 2).poses == one.poses)
        #expect(try net(workers: 3).poses == one.poses)
    }

    /// The net's pins are plain (no limit, friction, spring or bound) and solved from their
    /// compact rows, its corner rod from its constraint: 3116 of the 3120 (the 4 between the
    /// anchored boxes join nothing that moves and are not solved at all). The poses are the same
    /// to the bit as with every joint solved from its constraint, with one worker and with two.
    @Test func plainPinsSolvedFromTheirRowsChangeNoResult() throws {
        var plain = 0
        let rows = try net(workers: 1, plainPins: { plain = $0 })
        #expect(plain == 3116)
        let constraints = try net(workers: 1, jointRows: false, plainPins: { plain = $0 })
        #expect(plain == 0)
        #expect(rows.poses == constraints.poses)
        #expect(try net(workers: 2).poses == rows.poses)
        #expect(try net(workers: 2, jointRows: false).poses == rows.poses)
    }

    /// A plain pin's row is written straight from its attachment, with no constraint: pins that
    /// stop being plain midway (an angle range, angle friction, a force bound) and, two of them,
    /// plain again (the friction and the range taken away, their impulses dropped) carry their
    /// impulses through the attachment, and the poses stay those of every pin solved from its
    /// constraint, to the bit, with one worker and with two.
    @Test func pinsThatStopBeingPlainMidwayCarryTheirImpulses() throws {
        var plain = 0
        func change(_ pins: [AttachmentBehavior], _ step: Int) throws {
            if step == 60 {
                try pins[100].setAttachmentRange(-0.2...0.2)
                try pins[200].setFrictionTorque(500)
                try pins[300].setMaxForce(1e6)
                try pins[400].setAttachmentRange(-0.02...0.02)
            } else {
                try pins[200].setFrictionTorque(0)
                try pins[400].setAttachmentRange(-Double.infinity...Double.infinity)
            }
        }
        let rows = try net(workers: 1, plainPins: { plain = $0 }, midway: change)
        // 3116 plain at first; pins 100 and 300 no longer, 200 and 400 plain again
        #expect(plain == 3114, "\(plain) plain pins")
        let constraints = try net(workers: 1, jointRows: false, midway: change)
        #expect(rows.poses == constraints.poses)
        #expect(try net(workers: 2, midway: change).poses == rows.poses)
        #expect(rows.widestGap < 8)
    }

    /// A springy list: 1100 rows of 100 x 20 pt, 24 pt apart, each hung on a spring of length 0
    /// (2 to 4 Hz, damping ratio 0.3) from an anchor on a scroller that moves 150 pt up and down
    /// at 0.5 Hz, neighbours colliding; every 50th row is also held to the next by a spring of
    /// length 0 between their facing edges, every other row may turn, and one row's spring has a
    /// force bound. Runs 120 steps; returns the poses as bit patterns, the spring rows counted
    /// after the last step and the largest distance of a row's centre from its anchor.
    func springyList(workers: Int, jointRows: Bool = true, fixesArms: Bool = true) throws
        -> (poses: [UInt64], springRows: Int, stretch: Double, fixedArms: Int, fixedRows: Int) {
        let a = try Animator(configuration: AnimatorConfiguration(workers: workers))
        a.world.usesJointRows = jointRows
        a.world.fixesJointArms = fixesArms
        let n = 1100, pitch = 24.0
        let rows = try (0..<n).map { k in
            try a.createItem(ItemDefinition(center: Vec2(0, pitch * Double(k)), size: Size(width: 100, height: 20)))
        }
        var springs: [AttachmentBehavior] = []
        for k in 0..<n {
            let spring = try AttachmentBehavior(owner: a, item: rows[k], anchor: Vec2(0, pitch * Double(k)))
            try spring.setLength(0)
            try spring.setFrequency(2 + 2 * Double(k % 10) / 9)
            try spring.setDamping(0.3)
            if k == 7 { try spring.setMaxForce(50) }
            springs.append(spring)
            try a.addBehavior(spring)
        }
        for k in stride(from: 0, to: n - 1, by: 50) {
            let tie = try AttachmentBehavior(owner: a, item: rows[k], offset: Vec2(30, 10), to: rows[k + 1],
                                             otherOffset: Vec2(30, -10))
            try tie.setLength(0)
            try tie.setFrequency(3)
            try tie.setDamping(0.5)
            try a.addBehavior(tie)
        }
        let even = stride(from: 0, to: n, by: 2).map { rows[$0] }, odd = stride(from: 1, to: n, by: 2).map { rows[$0] }
        try a.addBehavior(DynamicItemBehavior(owner: a, items: even, properties: ItemProperties(allowsRotation: true)))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: odd, properties: ItemProperties(allowsRotation: false)))
        try a.addBehavior(CollisionBehavior(owner: a, items: rows))
        var scroll = 0.0
        for s in 1...120 {
            scroll = 150 * sin(2 * Double.pi * 0.5 * Double(s) / 60)
            for k in 0..<n { try springs[k].setAnchorPoint(Vec2(0, pitch * Double(k) + scroll)) }
            try a.step()
        }
        let springRows = (0..<a.world.joints.count).filter { a.world.jointRowKind.base[$0].isSpring }.count
        let fixedArms = (0..<a.world.joints.count).filter { a.armsFixed(joint: $0) }.count
        let fixedRows = (0..<a.world.joints.count).filter { a.world.jointRowKind.base[$0] == .fixedSpring }.count
        var poses: [UInt64] = [], stretch = 0.0
        for (k, item) in rows.enumerated() {
            let c = try a.center(of: item)
            poses += [c.x.bitPattern, c.y.bitPattern, try a.rotation(of: item).bitPattern]
            stretch = max(stretch, length(c - Vec2(0, pitch * Double(k) + scroll)))
        }
        return (poses, springRows, stretch, fixedArms, fixedRows)
    }

    /// The springy list's springs of length 0 are solved from their rows (1100 to anchors less
    /// the bounded one, and the 22 ties: 1121), and the poses are the same to the bit as with
    /// every spring solved from its constraint, with one worker and with two. The rows follow
    /// their anchors: a 4 Hz spring lags a 0.5 Hz scroll by a few points, a 2 Hz one by tens.
    @Test func pointSpringsSolvedFromTheirRowsChangeNoResult() throws {
        let rows = try springyList(workers: 1)
        #expect(rows.springRows == 1121)
        #expect(rows.poses.allSatisfy { Double(bitPattern: $0).isFinite })
        #expect(rows.stretch > 1 && rows.stretch < 100, "a row is \(rows.stretch) pt from its anchor")
        let constraints = try springyList(workers: 1, jointRows: false)
        #expect(constraints.springRows == 0)
        #expect(rows.poses == constraints.poses)
        #expect(try springyList(workers: 2).poses == rows.poses)
        #expect(try springyList(workers: 2, jointRows: false).poses == rows.poses)
    }

    /// The springy list's rows that may not rotate (every odd one: 550, the bounded spring's
    /// among them) keep their springs' arms fixed for the step (`JointSolver.fixArms`); the
    /// rows that may rotate and the ties between rows do not. Solved without the rotations and
    /// cross products, every pose has the same value as with them, and the rows still follow
    /// their anchors (that rows and constraints give the same bits with the fixed passes is
    /// `pointSpringsSolvedFromTheirRowsChangeNoResult`).
    @Test func pointJointsOfRowsThatCannotTurnKeepTheirArmsAndChangeNoValue() throws {
        let fixed = try springyList(workers: 1)
        #expect(fixed.fixedArms == 550)
        // all but the bounded one from their rows, which solves from its constraint
        #expect(fixed.fixedRows == 549)
        let full = try springyList(workers: 1, fixesArms: false)
        #expect(full.fixedArms == 0)
        // equal as numbers: a zero may differ in its sign
        let values = { (poses: [UInt64]) in poses.map { Double(bitPattern: $0) } }
        #expect(values(fixed.poses) == values(full.poses))
        #expect(fixed.stretch > 1 && fixed.stretch < 100)
    }

    /// `fixArms` takes a point joint only when neither side can turn: a side with inverse
    /// inertia, an anchored side that turns, angle friction or an angle range each keep the
    /// rotations.
    @Test func armsAreFixedOnlyWhenNeitherSideCanTurn() throws {
        let a = try Animator()
        func fixed(_ make: (ItemID, ItemID) throws -> AttachmentBehavior) throws -> Bool {
            let row = try a.createItem(ItemDefinition(center: Vec2(0, 0), size: Size(width: 100, height: 20)))
            let other = try a.createItem(ItemDefinition(center: Vec2(0, 40), size: Size(width: 100, height: 20)))
            try a.addBehavior(DynamicItemBehavior(owner: a, items: [row], properties: ItemProperties(allowsRotation: false)))
            let joint = try make(row, other)
            try a.addBehavior(joint)
            try a.step()
            let index = a.world.attachments.firstIndex { $0 === joint }.map(Int32.init)
            let found = (0..<a.world.joints.count).first { a.world.jointHeads.base[$0].behaviorIndex == index }
            a.removeBehavior(joint)
            return found.map { a.armsFixed(joint: $0) } ?? false
        }
        // a row that may not rotate on a spring of length 0 to an anchor: fixed
        #expect(try fixed { row, _ in
            let s = try AttachmentBehavior(owner: a, item: row, anchor: Vec2(0, -10))
            try s.setLength(0)
            try s.setFrequency(3)
            return s
        })
        // the same on a rod of length 10: no point joint
        #expect(try !fixed { row, _ in try AttachmentBehavior(owner: a, item: row, anchor: Vec2(0, -10)) })
        // pinned to an item that may rotate
        #expect(try !fixed { row, other in
            try a.addBehavior(DynamicItemBehavior(owner: a, items: [other]))
            return try AttachmentBehavior(owner: a, item: row, to: other, kind: .pin, anchor: Vec2(0, 20))
        })
        // pinned to an anchored item that turns
        #expect(try !fixed { row, other in
            try a.addBehavior(DynamicItemBehavior(owner: a, items: [other], properties: ItemProperties(anchored: true)))
            try a.setAngularVelocity(1, of: other)
            return try AttachmentBehavior(owner: a, item: row, to: other, kind: .pin, anchor: Vec2(0, 20))
        })
        // pinned to an anchored item at rest: fixed
        #expect(try fixed { row, other in
            try a.addBehavior(DynamicItemBehavior(owner: a, items: [other], properties: ItemProperties(anchored: true)))
            return try AttachmentBehavior(owner: a, item: row, to: other, kind: .pin, anchor: Vec2(0, 20))
        })
        // with angle friction
        #expect(try !fixed { row, other in
            try a.addBehavior(DynamicItemBehavior(owner: a, items: [other], properties: ItemProperties(anchored: true)))
            let pin = try AttachmentBehavior(owner: a, item: row, to: other, kind: .pin, anchor: Vec2(0, 20))
            try pin.setFrictionTorque(5)
            return pin
        })
    }

    /// A hub with 40 rods to 40 spokes (more joints on one item than there are colours) beside
    /// a 1024-rod chain: the joints no colour takes are solved after the colours, on the
    /// stepping thread, and the result is the same for one and two workers.
    @Test func jointsNoColourTakesAreSolvedAfterTheColours() throws {
        func run(workers: Int) throws -> (poses: [UInt64], uncolored: Int) {
            let a = try Animator(configuration: AnimatorConfiguration(workers: workers))
            let hub = try a.createItem(ItemDefinition(center: Vec2(0, 0), size: Size(width: 20, height: 20)))
            var items = [hub]
            for k in 0..<40 {
                let angle = Double(k) / 40 * 2 * Double.pi
                let spoke = try a.createItem(ItemDefinition(center: Vec2(100 * cos(angle), 100 * sin(angle)),
                                                            size: Size(width: 8, height: 8)))
                try a.addBehavior(AttachmentBehavior(owner: a, item: spoke, to: hub))
                items.append(spoke)
            }
            var previous = try a.createItem(ItemDefinition(center: Vec2(0, 300), size: Size(width: 6, height: 6)))
            items.append(previous)
            for k in 1...1024 {
                let next = try a.createItem(ItemDefinition(center: Vec2(10 * Double(k), 300), size: Size(width: 6, height: 6)))
                try a.addBehavior(AttachmentBehavior(owner: a, item: next, to: previous))
                items.append(next)
                previous = next
            }
            try a.addBehavior(GravityBehavior(owner: a, items: items))
            try a.addBehavior(DynamicItemBehavior(owner: a, items: [hub], properties: ItemProperties(angularResistance: 1)))
            for _ in 0..<60 { try a.step() }
            let start = a.world.jointColorStart
            var poses: [UInt64] = []
            for item in items {
                let c = try a.center(of: item)
                poses += [c.x.bitPattern, c.y.bitPattern, try a.rotation(of: item).bitPattern]
            }
            return (poses, start[start.count - 1] - start[start.count - 2])
        }
        let one = try run(workers: 1)
        // the hub's 40 rods need 40 colours: 16 go without one
        #expect(one.uncolored == 40 - ContactColoring.colorCount)
        #expect(one.poses.allSatisfy { Double(bitPattern: $0).isFinite })
        #expect(try run(workers: 2).poses == one.poses)
    }

    /// Under `minimumColoredJoints` joints keep the order they were made in: a small chain is
    /// not coloured.
    @Test func fewJointsKeepTheirOrder() throws {
        let a = try Animator()
        let items = try (0..<5).map { k in try a.createItem(ItemDefinition(center: Vec2(20 * Double(k), 0), size: Size(width: 10, height: 10))) }
        for k in 0..<4 { try a.addBehavior(AttachmentBehavior(owner: a, item: items[k], to: items[k + 1])) }
        try a.addBehavior(GravityBehavior(owner: a, items: items))
        try a.step()
        #expect(!a.world.jointsColored)
        #expect(a.world.jointColorStart == [0, 4])
        #expect((0..<4).map { a.world.jointOrder[$0] } == [0, 1, 2, 3])
    }
}

extension Animator {
    /// Whether joint k of the last step had its arms fixed (`JointSolver.fixArms`), read from
    /// its row or its constraint: a plain pin has no constraint.
    func armsFixed(joint k: Int) -> Bool {
        switch world.jointRowKind.base[k] {
        case .fixedPin, .fixedSpring: return true
        case .pin, .spring: return false
        case .constraint: return world.joints.base[k].fixedArms
        }
    }
}
