import Testing
@testable import Anima

@Suite struct AttachmentTests {
    @Test func rigidRodPendulumHasPeriodTwoPiRootLOverG() throws {
        // small swing (5 degrees) of a 200 pt rod: T = 2 pi sqrt(L / g) = 2.810 s
        let a = try makeAnimator(bounds: nil)
        let L = 200.0, theta = 5.0 * Double.pi / 180
        let bob = try ball(a, at: Vec2(L * sine(theta), L * cosine(theta)), diameter: 10)
        let rod = try AttachmentBehavior(owner: a, item: bob, anchor: .zero)
        #expect(abs(rod.length - L) < 1e-9, "length defaults to the distance at creation")
        try a.addBehavior(rod)
        try a.addBehavior(GravityBehavior(owner: a, items: [bob]))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [bob]))
        var crossings: [Double] = []
        var lastX = try a.center(of: bob).x
        var worstStretch = 0.0
        while crossings.count < 5 && a.elapsedTime < 20 {
            try a.step()
            let p = try a.center(of: bob)
            worstStretch = max(worstStretch, abs(length(p) - L))
            if lastX > 0 && p.x <= 0 || lastX < 0 && p.x >= 0 {
                // interpolate the crossing time within the step
                let f = lastX / (lastX - p.x)
                crossings.append(a.elapsedTime - a.stepDuration * (1 - f))
            }
            lastX = p.x
        }
        let period = (crossings[4] - crossings[0]) / 2
        let expected = 2 * Double.pi * (L / 1000).squareRoot()
        #expect(abs(period - expected) / expected < 0.01, "period \(period) s, expected \(expected) s")
        #expect(worstStretch < 0.5, "the rod stretched by \(worstStretch) pt")
    }

    @Test func springOscillatesAtItsFrequency() throws {
        // no gravity: a spring of 2 Hz, pulled 50 pt past its length, oscillates at 2 Hz
        let a = try makeAnimator(bounds: nil)
        let bob = try ball(a, at: Vec2(150, 0), diameter: 10)
        let spring = try AttachmentBehavior(owner: a, item: bob, anchor: .zero)
        try spring.setLength(100)
        try spring.setFrequency(2)
        try a.addBehavior(spring)
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [bob]))
        var crossings: [Double] = []
        var last = try a.center(of: bob).x - 100
        while crossings.count < 5 && a.elapsedTime < 10 {
            try a.step()
            let x = try a.center(of: bob).x - 100
            if last > 0 && x <= 0 || last < 0 && x >= 0 {
                let f = last / (last - x)
                crossings.append(a.elapsedTime - a.stepDuration * (1 - f))
            }
            last = x
        }
        let frequency = 2 / (crossings[4] - crossings[0])
        #expect(abs(frequency - 2) / 2 < 0.02, "oscillates at \(frequency) Hz")
    }

    @Test func dampedSpringSettlesAtTheStaticStretch() throws {
        // k = m w^2, so gravity stretches the spring by g / w^2 = 1000 / (2 pi 2)^2 = 6.33 pt
        let a = try makeAnimator(bounds: nil)
        let bob = try ball(a, at: Vec2(0, 100), diameter: 10)
        let spring = try AttachmentBehavior(owner: a, item: bob, anchor: .zero)
        try spring.setFrequency(2)
        try spring.setDamping(0.7)
        try a.addBehavior(spring)
        try a.addBehavior(GravityBehavior(owner: a, items: [bob]))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [bob]))
        let t = try runUntilRest(a, limit: 10)
        #expect(t != nil, "a damped spring comes to rest")
        let stretch = try a.center(of: bob).y - 100
        let expected = 1000 / ((2 * Double.pi * 2) * (2 * Double.pi * 2))
        #expect(abs(stretch - expected) / expected < 0.02, "stretch \(stretch), expected \(expected)")
    }

    @Test func movingTheAnchorDragsTheItem() throws {
        let a = try makeAnimator(bounds: nil)
        let box = try a.createItem(ItemDefinition(center: Vec2(0, 50), size: Size(width: 20, height: 20)))
        let rope = try AttachmentBehavior(owner: a, item: box, anchor: .zero)
        try a.addBehavior(rope)
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [box], properties: ItemProperties(resistance: 5)))
        try runUntilRest(a, limit: 2)
        try rope.setAnchorPoint(Vec2(300, 0))
        #expect(a.isRunning)
        try runUntilRest(a, limit: 10)
        let d = length(try a.center(of: box) - Vec2(300, 0))
        #expect(abs(d - 50) < 0.5, "the item follows at the rod's length: \(d)")
    }

    @Test func pinnedItemsTurnAboutThePin() throws {
        let a = try makeAnimator(bounds: nil)
        let base = try a.createItem(ItemDefinition(center: Vec2(0, 0), size: Size(width: 40, height: 40)))
        let arm = try a.createItem(ItemDefinition(center: Vec2(60, 0), size: Size(width: 100, height: 10)))
        let pin = try AttachmentBehavior(owner: a, item: arm, to: base, kind: .pin, anchor: Vec2(20, 0))
        try a.addBehavior(pin)
        try a.addBehavior(GravityBehavior(owner: a, items: [arm]))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [base], properties: ItemProperties(anchored: true)))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [arm]))
        var worst = 0.0
        var swing = 0.0
        for _ in 0..<240 {
            try a.step()
            // the arm's attachment point stays on the pin
            let p = try a.worldPoint(of: arm, offset: pin.offset)
            worst = max(worst, length(p - Vec2(20, 0)))
            swing = max(swing, try a.rotation(of: arm))
        }
        #expect(worst < 0.5, "the pin opened by \(worst) pt")
        // released horizontal, the arm swings down through the vertical (pi/2, clockwise on screen)
        #expect(swing > 1.5, "the arm swung to \(swing) rad")
    }

    @Test func itemDraggedIntoABoundaryByAStiffAttachmentStaysOut() throws {
        // the anchor is pulled 300 pt past a wall; the rod drags the box into it but never through
        let a = try makeAnimator(bounds: nil)
        let box = try a.createItem(ItemDefinition(center: Vec2(0, 0), size: Size(width: 20, height: 20)))
        let rod = try AttachmentBehavior(owner: a, item: box, anchor: Vec2(0, 0))
        try rod.setLength(0)
        let c = try CollisionBehavior(owner: a, items: [box])
        try c.addBoundary(identifier: "wall", from: Vec2(100, -200), to: Vec2(100, 200))
        try a.addBehavior(rod)
        try a.addBehavior(c)
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [box]))
        var deepest = -Double.infinity
        for frame in 0..<240 {
            let x = min(Double(frame) * 10, 400)   // 600 pt/s, then held 300 pt past the wall
            try rod.setAnchorPoint(Vec2(x, 0))
            try a.advance(1.0 / 60)
            deepest = max(deepest, try a.center(of: box).x + 10 - 100)
        }
        #expect(deepest < 0.5, "the box went \(deepest) pt into the wall")
    }

    @Test func attachmentRejectsBadInput() throws {
        let a = try makeAnimator(bounds: nil)
        let x = try ball(a, at: .zero)
        let rod = try AttachmentBehavior(owner: a, item: x, anchor: Vec2(10, 0))
        #expect(throws: AnimaError.self) { try rod.setFrequency(-1) }
        #expect(throws: AnimaError.self) { try rod.setDamping(.nan) }
        #expect(throws: AnimaError.self) { try rod.setLength(-5) }
        #expect(throws: AnimaError.self) { try AttachmentBehavior(owner: a, item: x, to: x) }
        #expect(throws: AnimaError.self) { try AttachmentBehavior(owner: a, item: x, anchor: Vec2(.infinity, 0)) }
    }
}

@Suite struct ZeroLengthSpringTests {
    @Test func zeroLengthSpringOscillatesAtItsFrequencyInBothDirections() throws {
        let a = try makeAnimator(bounds: nil)
        let bob = try ball(a, at: Vec2(30, 40), diameter: 10)
        let spring = try AttachmentBehavior(owner: a, item: bob, anchor: .zero)
        try spring.setLength(0)
        try spring.setFrequency(2)
        try a.addBehavior(spring)
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [bob]))
        var crossings: [Double] = []
        var last = try a.center(of: bob).x
        while crossings.count < 5 && a.elapsedTime < 10 {
            try a.step()
            let p = try a.center(of: bob)
            if last > 0 && p.x <= 0 || last < 0 && p.x >= 0 {
                let f = last / (last - p.x)
                crossings.append(a.elapsedTime - a.stepDuration * (1 - f))
            }
            last = p.x
        }
        let frequency = 2 / (crossings[4] - crossings[0])
        #expect(abs(frequency - 2) / 2 < 0.02, "oscillates at \(frequency) Hz")
        // a point spring pulls straight at the anchor: the orbit stays on the line through it
        let p = try a.center(of: bob)
        #expect(abs(cross(p, Vec2(30, 40))) < 1e-6 * 50 * 50, "left the line: \(p)")
    }
}

@Suite struct MoreAttachmentTests {
    @Test func fixedAttachmentFusesTwoItems() throws {
        let a = try makeAnimator()
        let left = try a.createItem(ItemDefinition(center: Vec2(130, 100), size: Size(width: 40, height: 40)))
        let right = try a.createItem(ItemDefinition(center: Vec2(170, 90), size: Size(width: 40, height: 20)))
        let weld = try AttachmentBehavior(owner: a, item: right, to: left, kind: .fixed, anchor: Vec2(150, 95))
        try a.addBehavior(weld)
        try a.addBehavior(GravityBehavior(owner: a, items: [left, right]))
        let c = try CollisionBehavior(owner: a, items: [left, right])
        try c.setTranslatesReferenceBoundsIntoBoundary(true)
        try a.addBehavior(c)
        func relative() throws -> (Vec2, Double) {
            let q = Rotation(angle: try a.rotation(of: left))
            return (q.inverseRotate(try a.center(of: right) - a.center(of: left)), try a.rotation(of: right) - a.rotation(of: left))
        }
        let (d0, r0) = try relative()
        func deviation() throws -> (Double, Double) {
            let (d, r) = try relative()
            return (length(d - d0), abs(r - r0))
        }
        // in free fall the pair moves as one
        var worst = (0.0, 0.0)
        for _ in 0..<30 {
            try a.advance(1.0 / 60)
            let dv = try deviation()
            worst = (max(worst.0, dv.0), max(worst.1, dv.1))
        }
        #expect(worst.0 < 0.05 && worst.1 < 0.001, "in flight the weld gave \(worst)")
        // landing at about 1000 pt/s the soft weld flexes a little, then it is whole again
        var impact = (0.0, 0.0)
        for _ in 0..<210 {
            try a.advance(1.0 / 60)
            let dv = try deviation()
            impact = (max(impact.0, dv.0), max(impact.1, dv.1))
        }
        #expect(impact.0 < 1.5 && impact.1 < 0.06, "on impact the weld gave \(impact)")
        let rest = try deviation()
        #expect(rest.0 < 0.1 && rest.1 < 0.002, "afterwards it gives \(rest)")
        #expect(try a.center(of: left).y > 500, "the pair fell to the floor")
    }

    /// A weld whose anchor is far (5 600 pt) from one item, made while that item flies at
    /// 10 900 pt/s and spins at 121 rad/s: solved as two parts in turn, the point and the angle
    /// fought until the pair ran away to infinite speed (a fuzzer finding). Solved as one block,
    /// the pair moves as one from the first step, keeping its length and momentum (no
    /// resistance, no gravity: nothing else acts).
    @Test func longLeverWeldMadeInFlightHolds() throws {
        let a = try makeAnimator()
        let flying = try a.createItem(ItemDefinition(center: Vec2(-5575.25, -198.87), shape: .ellipse,
                                                     linearVelocity: Vec2(-10_898.04, -385.98), angularVelocity: -121.24))
        let still = try a.createItem(ItemDefinition(center: Vec2(0, 0)))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [flying, still], properties: ItemProperties(resistance: 0)))
        try a.addBehavior(AttachmentBehavior(owner: a, item: flying, to: still, kind: .fixed, anchor: Vec2(510, 0)))
        let items = [flying, still]
        let m = try items.map { try a.mass(of: $0) }
        // moments of inertia about the centers: the 100 pt circle m r^2 / 2, the square m (w^2 + h^2) / 12
        let inertia = [m[0] * 50 * 50 / 2, m[1] * (100 * 100 + 100 * 100) / 12]
        func momenta() throws -> (Vec2, Double) {
            var p = Vec2.zero, l = 0.0
            for (k, item) in items.enumerated() {
                let v = try a.linearVelocity(of: item)
                p += m[k] * v
                l += inertia[k] * (try a.angularVelocity(of: item)) + m[k] * cross(try a.center(of: item), v)
            }
            return (p, l)
        }
        let (p0, _) = try momenta()
        let length0 = length(try a.center(of: flying) - a.center(of: still))
        var worstStretch = 0.0
        var settled = 0.0
        for step in 0..<240 {
            try a.advance(1.0 / 120)
            worstStretch = max(worstStretch, abs(length(try a.center(of: flying) - a.center(of: still)) - length0))
            if step == 9 { settled = try momenta().1 }
        }
        let (p, l) = try momenta()
        #expect(worstStretch < 2, "the weld stretched by \(worstStretch) pt")
        #expect(length(p - p0) < 1e-9 * length(p0), "momentum \(p0) became \(p)")
        // the soft weld's first sub-steps, while the spin is taken up, apply its impulses a few
        // points apart and so change the angular momentum; once whole, the pair keeps it
        #expect(abs(l - settled) < 1e-6 * abs(settled), "angular momentum \(settled) became \(l)")
        for item in items {
            #expect(length(try a.linearVelocity(of: item)) < 6_000, "the pair moves at the shared speed, no faster")
        }
    }

    /// Fixed attachments make one rigid body of the items they join, directly or through a
    /// chain, and a rigid body does not collide with itself. Two welded 50 pt boxes on the same
    /// spot, and a third welded to one of them, in one collision behavior: no contact begins
    /// and nothing moves (the contact used to fight the welds until the three flew apart at the
    /// speed cap, and a fuzzer saw them turn NaN). A pin still lets its items collide (UIKit's
    /// item attachments collide), and so do the boxes again once the weld is removed.
    @Test func weldedItemsDoNotCollideWithEachOther() throws {
        let a = try makeAnimator(bounds: nil)
        let box = Size(width: 50, height: 50)
        let first = try a.createItem(ItemDefinition(center: Vec2(200, 60), size: box))
        let second = try a.createItem(ItemDefinition(center: Vec2(200, 60), size: box))
        let third = try a.createItem(ItemDefinition(center: Vec2(0, 0)))
        let collision = try CollisionBehavior(owner: a, items: [first, second, third])
        var began = 0
        collision.onBeganContact = { _ in began += 1 }
        try a.addBehavior(collision)
        let weld = try AttachmentBehavior(owner: a, item: second, to: first, kind: .fixed, anchor: Vec2(-510, -512))
        try a.addBehavior(AttachmentBehavior(owner: a, item: first, to: third, kind: .fixed, anchor: Vec2(0, 0)))
        try a.addBehavior(weld)
        for _ in 0..<120 { try a.step() }
        #expect(began == 0, "\(began) contacts began between welded items")
        for item in [first, second, third] {
            let v = try a.linearVelocity(of: item), w = try a.angularVelocity(of: item)
            #expect(v == .zero && w == 0, "welded item moves: \(v), \(w)")
        }
        let p1 = try a.center(of: first), p2 = try a.center(of: second)
        #expect(p1 == Vec2(200, 60) && p2 == Vec2(200, 60))
        // without the weld the two boxes on one spot collide and push apart
        a.removeBehavior(weld)
        for _ in 0..<120 { try a.step() }
        #expect(began >= 1)
        let apart = length(try a.center(of: first) - a.center(of: second))
        #expect(apart >= 49, "the boxes parted: \(apart) pt")
        // a pin joins without welding: its items collide
        let b = try makeAnimator(bounds: nil)
        let left = try b.createItem(ItemDefinition(center: Vec2(200, 60), size: box))
        let right = try b.createItem(ItemDefinition(center: Vec2(200, 70), size: box))
        try b.addBehavior(CollisionBehavior(owner: b, items: [left, right]))
        try b.addBehavior(AttachmentBehavior(owner: b, item: right, to: left, kind: .pin, anchor: Vec2(-300, 60)))
        for _ in 0..<120 { try b.step() }
        let pinnedApart = length(try b.center(of: left) - b.center(of: right))
        #expect(pinnedApart > 30, "pinned boxes pushed each other apart: \(pinnedApart) pt")
    }

    @Test func limitAttachmentIsARope() throws {
        let a = try makeAnimator(bounds: nil)
        let hook = try a.createItem(ItemDefinition(center: .zero, size: Size(width: 10, height: 10)))
        let bob = try ball(a, at: Vec2(0, 100), diameter: 10)
        let rope = try AttachmentBehavior(owner: a, item: bob, to: hook, kind: .limit)
        #expect(abs(rope.length - 100) < 1e-9)
        try a.addBehavior(rope)
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [hook], properties: ItemProperties(anchored: true)))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [bob]))
        try a.addBehavior(GravityBehavior(owner: a, items: [bob]))
        try a.advance(1)
        #expect(abs(try a.center(of: bob).y - 100) < 0.5, "hangs at the rope's length")
        // thrown up, the bob rises freely (the rope goes slack) and is caught again at 100 pt
        try a.setLinearVelocity(Vec2(0, -500), of: bob)
        try a.step()
        var highest = 100.0
        for _ in 0..<120 { try a.step(); highest = min(highest, try a.center(of: bob).y) }
        #expect(highest < 0, "rose above the hook: \(highest)")
        var longest = 0.0
        for _ in 0..<240 { try a.step(); longest = max(longest, length(try a.center(of: bob))) }
        #expect(longest < 101, "never beyond the rope: \(longest)")
    }

    @Test func slidingAttachmentMovesAlongItsAxisOnly() throws {
        let a = try makeAnimator(bounds: nil)
        let bead = try a.createItem(ItemDefinition(center: Vec2(0, 0), size: Size(width: 20, height: 20)))
        let axis = Vec2(cosine(Double.pi / 6), sine(Double.pi / 6))
        let slide = try AttachmentBehavior(owner: a, slidingItem: bead, anchor: Vec2(0, 0), axis: 2 * axis)
        try a.addBehavior(slide)
        try a.addBehavior(GravityBehavior(owner: a, items: [bead]))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [bead]))
        try a.advance(0.5)
        let p = try a.center(of: bead)
        // a frictionless bead on a 30 degree wire: s = g sin 30 t^2 / 2 = 62.5 pt
        #expect(abs(cross(axis, p)) < 0.5, "left the wire: \(p)")
        #expect(abs(dot(axis, p) - 62.5) / 62.5 < 0.02, "slid \(dot(axis, p)) pt")
        #expect(abs(try a.rotation(of: bead)) < 1e-6)
        try slide.setAttachmentRange(-10...80)
        try a.advance(2)
        #expect(abs(dot(axis, try a.center(of: bead)) - 80) < 1, "stopped at the end of the range")
        #expect(throws: AnimaError.self) { try slide.setAttachmentRange(5...10) }
    }

    @Test func pinRangeLimitsTheSwing() throws {
        let a = try makeAnimator(bounds: nil)
        let base = try a.createItem(ItemDefinition(center: .zero, size: Size(width: 40, height: 40)))
        let arm = try a.createItem(ItemDefinition(center: Vec2(60, 0), size: Size(width: 100, height: 10)))
        let pin = try AttachmentBehavior(owner: a, item: arm, to: base, kind: .pin, anchor: Vec2(20, 0))
        try pin.setAttachmentRange(-0.5...0.5)
        try a.addBehavior(pin)
        try a.addBehavior(GravityBehavior(owner: a, items: [arm]))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [base], properties: ItemProperties(anchored: true)))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [arm]))
        var largest = 0.0
        for _ in 0..<240 { try a.step(); largest = max(largest, try a.rotation(of: arm)) }
        #expect(largest < 0.52 && largest > 0.45, "swung to \(largest) rad against a 0.5 rad limit")
    }

    /// A hinge held by its friction torque, or at its angle limit, swings freely once the friction
    /// or the limit is taken away: the impulse that held it is not applied again (a warm start
    /// with no row left to correct it would keep holding the arm up, as a phantom torque).
    @Test func aHingeSwingsOnceItsFrictionOrLimitIsRemoved() throws {
        func arm(_ hold: (AttachmentBehavior) throws -> Void, _ release: (AttachmentBehavior) throws -> Void) throws
            -> (held: Double, released: Double) {
            let a = try makeAnimator(bounds: nil)
            let base = try a.createItem(ItemDefinition(center: .zero, size: Size(width: 40, height: 40)))
            let arm = try a.createItem(ItemDefinition(center: Vec2(60, 0), size: Size(width: 100, height: 10)))
            let pin = try AttachmentBehavior(owner: a, item: arm, to: base, kind: .pin, anchor: Vec2(20, 0))
            try hold(pin)
            try a.addBehavior(pin)
            try a.addBehavior(GravityBehavior(owner: a, items: [arm]))
            try a.addBehavior(DynamicItemBehavior(owner: a, items: [base], properties: ItemProperties(anchored: true)))
            try a.addBehavior(DynamicItemBehavior(owner: a, items: [arm]))
            for _ in 0..<120 { try a.step() }
            let held = try a.rotation(of: arm)
            try release(pin)
            var swing = held
            for _ in 0..<240 { try a.step(); swing = max(swing, try a.rotation(of: arm)) }
            return (held, swing)
        }
        // friction torque well above gravity's (about 1000 pt/s^2 x mass x 40 pt)
        let friction = try arm({ try $0.setFrictionTorque(1e9) }, { try $0.setFrictionTorque(0) })
        #expect(friction.held < 0.05, "friction held the arm at \(friction.held) rad")
        #expect(friction.released > 1.5, "without friction the arm swung to \(friction.released) rad")
        let limit = try arm({ try $0.setAttachmentRange(-0.1...0.1) },
                            { try $0.setAttachmentRange(-Double.infinity...Double.infinity) })
        #expect(limit.held < 0.12, "the limit held the arm at \(limit.held) rad")
        #expect(limit.released > 1.5, "without the limit the arm swung to \(limit.released) rad")
    }

    /// A behavior may outlive its animator: once the animator is gone it is no longer added,
    /// and its setters (which reach the animator without a weak load while it is added) only
    /// store their value.
    @Test func anAttachmentOutlivingItsAnimatorIsNoLongerAdded() throws {
        weak var gone: Animator?
        let spring: AttachmentBehavior
        let child: GravityBehavior
        do {
            let a = try makeAnimator(bounds: nil)
            let bob = try ball(a, at: Vec2(100, 0), diameter: 10)
            spring = try AttachmentBehavior(owner: a, item: bob, anchor: .zero)
            child = try GravityBehavior(owner: a, items: [bob])
            let group = try Behavior(owner: a)
            try group.addChild(child)
            try a.addBehavior(spring)
            try a.addBehavior(group)
            try a.step()
            #expect(spring.isAdded && child.isAdded)
            gone = a
        }
        #expect(gone == nil, "the animator was freed")
        #expect(!spring.isAdded && !child.isAdded, "its behaviors were taken out of its tree")
        try spring.setAnchorPoint(Vec2(5, 5))
        try spring.setFrequency(3)
        #expect(spring.anchorPoint == Vec2(5, 5))
        #expect(spring.owner == nil)
    }
}
