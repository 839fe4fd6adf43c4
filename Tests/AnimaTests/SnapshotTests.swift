import Testing
@testable import Anima

// Snapshots as specifications: a restored animator is the original, step for step and bit for
// bit; a snapshot of it is the original snapshot, byte for byte; and no byte string, however
// broken, makes restore trap.

/// Every live item's pose, velocity and alpha as bit patterns, in creation order.
private func bits(_ a: Animator) throws -> [UInt64] {
    var out: [UInt64] = []
    for item in a.items {
        let c = try a.center(of: item), v = try a.linearVelocity(of: item)
        out += [c.x.bitPattern, c.y.bitPattern, try a.rotation(of: item).bitPattern, v.x.bitPattern, v.y.bitPattern,
                try a.angularVelocity(of: item).bitPattern, try a.alpha(of: item).bitPattern]
    }
    return out
}

/// How a scene moves on: one internal step, or frames through the accumulator.
private enum Drive {
    case steps
    case frames(Double)

    func run(_ a: Animator) throws {
        switch self {
        case .steps: try a.step()
        case .frames(let dt): try a.advance(dt)
        }
    }
}

/// Snapshots `original` after `warmUp` moves, restores it, and moves both `count` more times,
/// checking after every move that every item's pose and velocity agree bit for bit; checks
/// that the restored animator's snapshot is the original's, at the cut and at the end.
/// `reattach` sets on the restored animator the callbacks the original has; `each` runs on
/// both after every move (the same edits on both).
private func expectReplay(_ original: Animator, warmUp: Int, count: Int, drive: Drive = .steps,
                          roster: [Behavior] = [], timelines: [Timeline] = [],
                          reattach: (RestoredAnimator) throws -> Void = { _ in },
                          each: (Animator, Int) throws -> Void = { _, _ in },
                          sourceLocation: SourceLocation = #_sourceLocation) throws {
    for k in 0..<warmUp {
        try drive.run(original)
        try each(original, k - warmUp)
    }
    let bytes = try original.snapshot(behaviors: roster, timelines: timelines)
    let restored = try Animator.restore(bytes)
    let copy = restored.animator
    let again = try copy.snapshot(behaviors: Array(restored.behaviors.prefix(roster.count)), timelines: restored.timelines)
    #expect(again == bytes, "the restored animator's snapshot differs (\(again.count) bytes against \(bytes.count))",
            sourceLocation: sourceLocation)
    try reattach(restored)
    #expect(try bits(copy) == bits(original), "restored state differs", sourceLocation: sourceLocation)
    for k in 0..<count {
        try drive.run(original)
        try drive.run(copy)
        try each(original, k)
        try each(copy, k)
        let expected = try bits(original), found = try bits(copy)
        if expected != found {
            Issue.record("diverged at move \(k + 1) after the cut (\(warmUp) before it)", sourceLocation: sourceLocation)
            return
        }
    }
    #expect(original.stepCount == copy.stepCount && original.isRunning == copy.isRunning, sourceLocation: sourceLocation)
    #expect(original.elapsedTime.bitPattern == copy.elapsedTime.bitPattern, sourceLocation: sourceLocation)
    let end = try original.snapshot(behaviors: roster, timelines: timelines)
    let endCopy = try copy.snapshot(behaviors: Array(restored.behaviors.prefix(roster.count)), timelines: restored.timelines)
    #expect(end == endCopy, "the two animators' snapshots differ after the replay", sourceLocation: sourceLocation)
}

// MARK: scenes

/// Balls and boxes under gravity in a box of boundaries: reference bounds, a sloped segment and
/// a curved path.
private func fallingScene(workers: Int = 1) throws -> Animator {
    let a = try Animator(configuration: AnimatorConfiguration(referenceBounds: screen, workers: workers))
    var items: [ItemID] = []
    for k in 0..<6 {
        let x = 40.0 + 45 * Double(k)
        items.append(try ball(a, at: Vec2(x, 60 + 7 * Double(k)), diameter: 30 + 3 * Double(k)))
        items.append(try a.createItem(ItemDefinition(center: Vec2(x + 10, 150), size: Size(width: 28, height: 20),
                                                     transform: ItemTransform(rotation: 0.3 * Double(k)))))
    }
    try a.setPath(ItemPath([Vec2(-15, -10), Vec2(-15, 10), Vec2(15, 12), Vec2(18, -8)]), of: items[3])
    try a.addBehavior(GravityBehavior(owner: a, items: items))
    let c = try CollisionBehavior(owner: a, items: items)
    try c.setTranslatesReferenceBoundsIntoBoundary(true, insets: EdgeInsets(top: 0, left: 2, bottom: 4, right: 2))
    try c.addBoundary(identifier: "ramp", from: Vec2(0, 380), to: Vec2(200, 430))
    try c.addBoundary(identifier: "bowl", path: [.move(Vec2(180, 500)), .quad(control: Vec2(250, 560), to: Vec2(320, 480))])
    try a.addBehavior(c)
    try a.addBehavior(DynamicItemBehavior(owner: a, items: Array(items.prefix(4)),
                                          properties: ItemProperties(elasticity: 0.6, friction: 0.3, density: 2)))
    return a
}

@Suite struct SnapshotReplayTests {
    @Test func fallingItemsReplayBitForBitFromEveryCut() throws {
        for cut in [0, 1, 30, 75, 140, 260] {
            try expectReplay(fallingScene(), warmUp: cut, count: 150)
        }
    }

    @Test func fallingItemsReplayThroughTheAccumulator() throws {
        // frames of 1/90 s leave time in the accumulator at every cut
        for cut in [7, 40, 133] {
            try expectReplay(fallingScene(), warmUp: cut, count: 120, drive: .frames(1.0 / 90))
        }
    }

    @Test func twoWorkersReplayAndKeepTheirCount() throws {
        let a = try fallingScene(workers: 2)
        try expectReplay(a, warmUp: 60, count: 60)
        let restored = try Animator.restore(try a.snapshot()).animator
        #expect(restored.configuration.workers == 2)
    }

    @Test func everyAttachmentKindReplays() throws {
        for cut in [0, 20, 90] {
            let a = try makeAnimator(bounds: nil)
            let it = try (0..<8).map { k in try a.createItem(ItemDefinition(center: Vec2(60 * Double(k), 100 + 9 * Double(k)),
                                                                            size: Size(width: 30, height: 24))) }
            let spring = try AttachmentBehavior(owner: a, item: it[0], offset: Vec2(5, 3), anchor: Vec2(0, 0))
            try spring.setFrequency(2.5)
            try spring.setDamping(0.3)
            let rod = try AttachmentBehavior(owner: a, item: it[1], offset: Vec2(4, 0), to: it[0], otherOffset: Vec2(-3, 2))
            let pin = try AttachmentBehavior(owner: a, item: it[2], to: it[1], kind: .pin, anchor: Vec2(90, 110))
            try pin.setAttachmentRange(-0.4...0.6)
            try pin.setFrictionTorque(50)
            let weld = try AttachmentBehavior(owner: a, item: it[3], to: it[2], kind: .fixed, anchor: Vec2(150, 120))
            let rope = try AttachmentBehavior(owner: a, item: it[4], to: it[3], kind: .limit)
            let slider = try AttachmentBehavior(owner: a, slidingItem: it[5], to: it[4], anchor: Vec2(280, 140), axis: Vec2(1, 1))
            try slider.setAttachmentRange(-30...40)
            let rail = try AttachmentBehavior(owner: a, slidingItem: it[6], anchor: Vec2(360, 150), axis: Vec2(0, 1))
            let hanging = try AttachmentBehavior(owner: a, item: it[7], anchor: Vec2(420, 60))
            for b in [spring, rod, pin, weld, rope, slider, rail, hanging] { try a.addBehavior(b) }
            try a.addBehavior(GravityBehavior(owner: a, items: it))
            try a.addBehavior(CollisionBehavior(owner: a, items: it))
            // a moving anchor: the item follows it over the steps
            try expectReplay(a, warmUp: cut, count: 120, each: { animator, k in
                let owner = animator.behaviors.compactMap { $0 as? AttachmentBehavior }.last
                if k % 10 == 0 { try owner?.setAnchorPoint(Vec2(420 + Double(k), 60)) }
            })
        }
    }

    @Test func snapAndPushesReplayWithPendingInstantaneousPush() throws {
        let a = try makeAnimator()
        let b0 = try ball(a, at: Vec2(60, 60)), b1 = try ball(a, at: Vec2(200, 300)), box = try a.createItem(ItemDefinition(center: Vec2(100, 400)))
        let snap = try SnapSnapshotScene.snap(a, b0)
        let push = try PushBehavior(owner: a, items: [b1, box], mode: .continuous)
        try push.setAngle(-1.2, magnitude: 0.7)
        try push.setTargetOffset(Vec2(10, -20), for: box)
        let kick = try PushBehavior(owner: a, items: [box], mode: .instantaneous)
        try kick.setPushDirection(Vec2(3, -1))
        try kick.setTargetOffset(Vec2(0, 30), for: box)
        for b in [snap, push, kick] as [Behavior] { try a.addBehavior(b) }
        try a.addBehavior(CollisionBehavior(owner: a, items: [b0, b1, box]))
        try expectReplay(a, warmUp: 25, count: 100, each: { animator, k in
            // the instantaneous push turned on again between steps: pending at the next cut
            if k == 40 { (animator.behaviors[2] as? PushBehavior)?.setActive(true) }
        })
        kick.setActive(true)   // pending now: the snapshot carries it
        try expectReplay(a, warmUp: 0, count: 60)
        try snap.setSnapPoint(Vec2(250, 100))
        try expectReplay(a, warmUp: 3, count: 80)
    }

    @Test func everyFieldKindReplaysWithItsNoiseClock() throws {
        let a = try makeAnimator(bounds: nil)
        let items = try (0..<5).map { k in try ball(a, at: Vec2(40 * Double(k) - 80, 25 * Double(k)), diameter: 20) }
        try a.addBehavior(DynamicItemBehavior(owner: a, items: items, properties: ItemProperties(charge: 1.5)))
        for kind in FieldKind.allCases where kind != .custom {
            let f = try FieldBehavior(owner: a, kind: kind, items: items)
            try f.setPosition(Vec2(10, 20))
            try f.setStrength(kind == .velocity ? 1 : 0.3)
            try f.setDirection(Vec2(0.3, -0.2))
            try f.setRegion(kind == .drag ? .inverse(.circle(radius: 30)) : .rectangle(Size(width: 400, height: 300)))
            if kind == .noise || kind == .turbulence {
                try f.setAnimationSpeed(2)
                try f.setSmoothness(0.4)
            }
            try a.addBehavior(f)
        }
        let custom = try FieldBehavior(owner: a, kind: .custom, items: items)
        let pull: (FieldSample) -> Vec2 = { s in -0.5 * s.position * s.mass }
        custom.evaluate = pull
        try a.addBehavior(custom)
        try expectReplay(a, warmUp: 45, count: 90, reattach: { restored in
            let field = restored.animator.behaviors.compactMap { $0 as? FieldBehavior }.first { $0.fieldKind == .custom }
            field?.evaluate = pull
        })
    }

    @Test func jellyGridReplays() throws {
        let a = try makeAnimator()
        let view = try a.createItem(ItemDefinition(center: Vec2(160, 200), size: Size(width: 200, height: 120)))
        var grid: [ItemID] = []
        for row in 0..<3 {
            for column in 0..<3 {
                grid.append(try a.createItem(ItemDefinition(center: Vec2(60 + 100 * Double(column), 140 + 60 * Double(row)),
                                                            size: Size(width: 10, height: 10))))
            }
        }
        func tie(_ p: ItemID, _ q: ItemID) throws {
            let t = try AttachmentBehavior(owner: a, item: p, to: q)
            try t.setFrequency(3)
            try t.setDamping(0.4)
            try a.addBehavior(t)
        }
        for row in 0..<3 {
            for column in 0..<3 {
                let k = 3 * row + column
                if column < 2 { try tie(grid[k], grid[k + 1]) }
                if row < 2 { try tie(grid[k], grid[k + 3]) }
            }
        }
        try tie(view, grid[4])
        try a.addBehavior(DynamicItemBehavior(owner: a, items: grid + [view],
                                              properties: ItemProperties(elasticity: 0.3, allowsRotation: false)))
        try a.addBehavior(GravityBehavior(owner: a, items: grid + [view]))
        let c = try CollisionBehavior(owner: a, items: grid)
        try c.addBoundary(identifier: "ledge", from: Vec2(0, 400), to: Vec2(320, 400))
        try a.addBehavior(c)
        for cut in [10, 60, 35] { try expectReplay(a, warmUp: cut, count: 100, drive: .frames(1.0 / 60)) }
    }

    @Test func compositeAndCustomBehaviorsReplayWithTheirActions() throws {
        let a = try makeAnimator()
        let items = try (0..<3).map { k in try ball(a, at: Vec2(60 + 90 * Double(k), 80)) }
        let composite = try Behavior(owner: a)
        let gravity = try GravityBehavior(owner: a, items: items)
        let collision = try CollisionBehavior(owner: a, items: items)
        try collision.setTranslatesReferenceBoundsIntoBoundary(true)
        try composite.addChild(gravity)
        try composite.addChild(collision)
        let spinner = try Behavior(owner: a)
        spinner.isAtRest = false
        // an action that tilts gravity a little every step, as a custom behavior would
        let action: (Behavior) -> Void = { b in
            guard let g = b.owner?.behaviors.first?.children.first as? GravityBehavior else { return }
            try? g.setAngle(g.angle + 0.002)
        }
        spinner.action = action
        try composite.addChild(spinner)
        try a.addBehavior(composite)
        var began = 0
        collision.onBeganContact = { _ in began += 1 }
        try expectReplay(a, warmUp: 50, count: 150, reattach: { restored in
            let detached = restored.detachedCallbacks.map(\.kind)
            #expect(detached == [.beganContact, .action])
            restored.behaviors.first { $0.kind == .custom && !$0.isAtRest }?.action = action
            (restored.behaviors.first { $0.kind == .collision } as? CollisionBehavior)?.onBeganContact = { _ in }
            #expect(restored.animator.detachedCallbacks.isEmpty)
        })
        #expect(began > 0)
    }

    @Test func viewAnimationsReplayMidFlight() throws {
        let a = try makeAnimator()
        let items = try (0..<5).map { k in try a.createItem(ItemDefinition(center: Vec2(40 + 60 * Double(k), 100))) }
        var definition = AnimationDefinition(duration: 1.2, delay: 0.1, timing: .curve(.back(.inOut)), repeatCount: 2, autoreverses: true)
        definition.stagger = 0.05
        try a.beginAnimations(definition)
        try a.setCenter(Vec2(200, 400), of: items[0])
        try a.setAlpha(0.2, of: items[1])
        try a.setTransform(ItemTransform(rotation: 1, scaleX: 1.5, scaleY: 0.5, translationX: 4, translationY: -2), of: items[1])
        let wave = try a.commitAnimations()
        let spring = try SpringParameters(mass: 1, stiffness: 170, damping: 9)
        try a.beginAnimations(AnimationDefinition(duration: 0, timing: .spring(spring, initialVelocity: 0.5)))
        try a.setSize(Size(width: 60, height: 150), of: items[2])
        try a.commitAnimations()
        try a.beginKeyframeAnimations(AnimationDefinition(duration: 2, timing: .curve(.steps(7, .jumpBoth))), mode: .cubic)
        try a.addKeyframe(relativeStart: 0, relativeDuration: 0.4)
        try a.setCenter(Vec2(100, 300), of: items[3])
        try a.addKeyframe(relativeStart: 0.4, relativeDuration: 0.6)
        try a.setCenter(Vec2(250, 50), of: items[3])
        try a.commitAnimations()
        var fling = DecayDefinition(velocity: [900, -300])
        fling.upper = [260, .infinity]
        try a.startDecay(of: items[4], property: .center, fling)
        try a.advance(0.3)
        try a.pauseAnimation(wave)
        try a.setFractionComplete(0.3, of: wave)
        try a.setReversed(true, of: wave)
        try a.resumeAnimation(wave)
        for cut in [0, 13, 50] { try expectReplay(a, warmUp: cut, count: 90) }
        // a continued animation (new timing, inherited velocity) replays too
        try a.beginAnimations(AnimationDefinition(duration: 2, timing: .curve(.expo(.out))))
        try a.setCenter(Vec2(30, 500), of: items[0])
        let slide = try a.commitAnimations()
        for _ in 0..<30 { try a.step() }
        try a.continueAnimation(slide, timing: .spring(spring, initialVelocity: 0), durationFactor: 0.5)
        try expectReplay(a, warmUp: 5, count: 120)
    }

    @Test func timelinesAndCompletionsReplay() throws {
        let a = try makeAnimator()
        let item = try a.createItem(ItemDefinition(center: Vec2(50, 50)))
        try a.beginTimeline()
        try a.beginAnimations(AnimationDefinition(duration: 0.5, timing: .curve(.easeOut)))
        try a.setCenter(Vec2(250, 50), of: item)
        try a.commitAnimations()
        try a.beginAnimations(AnimationDefinition(duration: 0.5, delay: 0.5, timing: .curve(.cubicBezier(0.2, 1.4, 0.6, -0.2))))
        try a.setCenter(Vec2(250, 400), of: item)
        try a.setAlpha(0.4, of: item)
        try a.commitAnimations()
        let timeline = try a.commitTimeline()
        try a.seekTimeline(timeline, to: 0.4)
        a.playTimeline(timeline)
        var done: [Bool] = []
        try a.beginAnimations(AnimationDefinition(duration: 0.3))
        try a.setSize(Size(width: 40, height: 40), of: item)
        let shrink = try a.commitAnimations { done.append($0) }
        try expectReplay(a, warmUp: 20, count: 100, timelines: [timeline], reattach: { restored in
            #expect(restored.timelines.count == 1 && restored.timelines[0].segments.count == 2)
            #expect(restored.detachedCallbacks.map(\.kind) == [.completion])
            restored.detachedCallbacks.first?.animation?.completion = { _ in }
            #expect(restored.animator.animation(withIdentifier: shrink.identifier) != nil || !shrink.isActive)
        })
        #expect(done == [true])
        // sought again after both ended: the segments come back, paused
        try a.seekTimeline(timeline, to: 0.7)
        try expectReplay(a, warmUp: 0, count: 30, timelines: [timeline], each: { animator, k in
            if k == 3 { try animator.advance(0) }
        })
    }
}

/// The scenes the engine's other suites build, each replayed from a cut mid-motion.
@Suite struct SnapshotOfTheSuitesScenesTests {
    @Test func droppedBallReplaysMidBounce() throws {
        for elasticity in [nil, 0.8] as [Double?] {
            let (a, _, c) = try CollisionTests().droppedBall(elasticity: elasticity)
            var began = 0
            c.onBeganContact = { _ in began += 1 }
            try expectReplay(a, warmUp: 50, count: 200, drive: .frames(1.0 / 60), reattach: { restored in
                (restored.behaviors.first { $0.kind == .collision } as? CollisionBehavior)?.onBeganContact = { _ in }
            })
            #expect(began > 0)
        }
    }

    @Test func pushesRampAndFieldsReplay() throws {
        try expectReplay(PushTests().pushed(.continuous).0, warmUp: 10, count: 60)
        let (kicked, _, kick) = try PushTests().pushed(.instantaneous)
        try expectReplay(kicked, warmUp: 0, count: 20)
        kick.setActive(true)
        try expectReplay(kicked, warmUp: 0, count: 20)
        try expectReplay(SolverTests().ramp(friction: 0.3).0, warmUp: 40, count: 120)
        for kind in FieldKind.allCases where kind != .custom {
            let (a, _, field) = try FieldTests().scene(kind, charge: 1, velocity: Vec2(30, -10))
            try field.setAnimationSpeed(1)
            try expectReplay(a, warmUp: 7, count: 40)
        }
    }

    @Test func keyframesTimelinesAndPropertyAnimatorsReplay() throws {
        for mode in [KeyframeMode.linear, .paced, .cubic] {
            let (a, _) = try KeyframeTests().keyframes(mode) { a, item in
                try a.addKeyframe(relativeStart: 0, relativeDuration: 0.3)
                try a.setCenter(Vec2(100, 0), of: item)
                try a.addKeyframe(relativeStart: 0.3, relativeDuration: 0.5)
                try a.setCenter(Vec2(100, 100), of: item)
                try a.setAlpha(0.5, of: item)
            }
            try expectReplay(a, warmUp: 40, count: 140)
        }
        let (a, _, timeline, _) = try TimelineTests().make()
        try a.seekTimeline(timeline, to: 0.8)
        a.playTimeline(timeline)
        try expectReplay(a, warmUp: 10, count: 200, timelines: [timeline], reattach: { restored in
            for d in restored.detachedCallbacks { d.animation?.completion = { _ in } }
        })
        let (b, _, animation, _) = try PropertyAnimatorTests().setUp()
        for _ in 0..<30 { try b.step() }
        try b.setReversed(true, of: animation)
        try expectReplay(b, warmUp: 10, count: 60, reattach: { restored in
            for d in restored.detachedCallbacks { d.animation?.completion = { _ in } }
        })
    }
}

/// Small scene helpers shared by the suites.
private enum SnapSnapshotScene {
    static func snap(_ a: Animator, _ item: ItemID) throws -> SnapBehavior {
        let s = try SnapBehavior(owner: a, item: item, snapTo: Vec2(160, 284))
        try s.setDamping(0.3)
        return s
    }
}

@Suite struct SnapshotStateTests {
    /// Contacts that ended leave holes in the engine's contact list (closed up later); the
    /// snapshot holds the live contacts in their order, and the restored animator, whose list
    /// has no holes, goes on to the bit.
    @Test func aCutWithHolesInTheContactListReplays() throws {
        let a = try fallingScene()
        var cut = 0
        while a.world.contactHoles == 0 && cut < 400 {
            try a.step()
            cut += 1
        }
        #expect(a.world.contactHoles > 0, "no contact ended in \(cut) steps")
        try expectReplay(a, warmUp: 0, count: 150)
    }

    @Test func sleepingPileReplaysAfterItWakes() throws {
        let a = try makeAnimator()
        let boxes = try (0..<6).map { k in try a.createItem(ItemDefinition(center: Vec2(160 + 3 * Double(k % 2), 540 - 31 * Double(k)),
                                                                          size: Size(width: 60, height: 30))) }
        try a.addBehavior(GravityBehavior(owner: a, items: boxes))
        let c = try CollisionBehavior(owner: a, items: boxes)
        try c.setTranslatesReferenceBoundsIntoBoundary(true)
        try a.addBehavior(c)
        try a.addBehavior(DynamicItemBehavior(owner: a, items: boxes, properties: ItemProperties(friction: 0.6)))
        _ = try runUntilRest(a, limit: 20)
        #expect(!a.isRunning)
        try expectReplay(a, warmUp: 0, count: 60, each: { animator, k in
            if k == 5 { try animator.setLinearVelocity(Vec2(0, -400), of: animator.items[5]) }
        })
    }

    @Test func destroyedItemsAndAGraphEditedBeforeTheCutReplay() throws {
        let a = try fallingScene()
        for _ in 0..<80 { try a.step() }
        let items = a.items
        try a.destroyItem(items[2])
        try a.destroyItem(items[7])
        let extra = try ball(a, at: Vec2(150, 40), diameter: 24)   // reuses a freed slot
        try a.behaviors[0].addItem(extra)
        try a.behaviors[1].addItem(extra)
        #expect(a.graphDirty)
        try expectReplay(a, warmUp: 0, count: 120)
        // the next item takes the same slot in both, and identifiers of live items are kept
        let restored = try Animator.restore(try a.snapshot()).animator
        #expect(restored.items == a.items)
        #expect(try restored.createItem().slot == a.createItem().slot)
    }

    @Test func behaviorsOutsideTheTreeTravelInTheRoster() throws {
        let a = try fallingScene()
        let spare = try GravityBehavior(owner: a, items: [a.items[0]])
        try spare.setDirection(Vec2(1, 0))
        let removed = a.behaviors[2]
        a.removeBehavior(removed)
        try expectReplay(a, warmUp: 30, count: 40, roster: [spare, removed])
        let restored = try Animator.restore(try a.snapshot(behaviors: [spare, removed]))
        #expect(restored.behaviors.count >= 2)
        #expect((restored.behaviors[0] as? GravityBehavior)?.direction == Vec2(1, 0))
        #expect(restored.behaviors[1].kind == removed.kind && !restored.behaviors[1].isAdded)
        try restored.animator.addBehavior(restored.behaviors[1])
        try a.addBehavior(removed)
        for _ in 0..<40 {
            try a.step()
            try restored.animator.step()
        }
        #expect(try bits(a) == bits(restored.animator))
    }

    @Test func callbacksAreRecordedNotCarried() throws {
        let a = try makeAnimator()
        let item = try ball(a, at: Vec2(100, 100))
        let other = try ball(a, at: Vec2(200, 100))
        try a.setUserData(UnsafeMutableRawPointer(bitPattern: 0x1234), of: other)
        a.onStep = { _ in }
        a.onDidPause = { _ in }
        let c = try CollisionBehavior(owner: a, items: [item, other])
        c.onEndedContact = { _ in }
        let f = try FieldBehavior(owner: a, kind: .custom, items: [item])
        f.evaluate = { _ in .zero }
        try a.addBehavior(c)
        try a.addBehavior(f)
        let bytes = try a.snapshot()
        let restored = try Animator.restore(bytes)
        let kinds = restored.detachedCallbacks.map(\.kind)
        #expect(kinds == [.didPause, .step, .itemUserData, .endedContact, .fieldEvaluation])
        #expect(restored.detachedCallbacks[2].item == other)
        #expect(restored.animator.onStep == nil && (restored.behaviors[0] as? CollisionBehavior)?.onEndedContact == nil)
        #expect(try restored.animator.userData(of: other) == nil)
        // until they are set again, a snapshot still says they were set
        #expect(try restored.animator.snapshot() == bytes)
        restored.animator.onStep = nil
        try restored.animator.setUserData(nil, of: other)
        #expect(restored.animator.detachedCallbacks.map(\.kind) == [.didPause, .endedContact, .fieldEvaluation])
        #expect(try restored.animator.snapshot() != bytes)
    }

    @Test func restoredIdentifiersContinue() throws {
        let a = try fallingScene()
        try a.beginAnimations(AnimationDefinition(duration: 1))
        try a.setAlpha(0, of: a.items[0])
        let animation = try a.commitAnimations()
        for _ in 0..<10 { try a.step() }
        let restored = try Animator.restore(try a.snapshot()).animator
        #expect(restored.items == a.items)
        #expect(restored.animation(withIdentifier: animation.identifier) != nil)
        try restored.beginAnimations(AnimationDefinition(duration: 1))
        try a.beginAnimations(AnimationDefinition(duration: 1))
        #expect(try restored.commitAnimations().identifier == a.commitAnimations().identifier)
        // generations handed out after the restore are new
        let fresh = try restored.createItem()
        #expect(!a.items.contains(fresh))
    }

    @Test func snapshotsAreRefusedMidRecordingAndInsideCallbacks() throws {
        let a = try fallingScene()
        try a.beginAnimations(AnimationDefinition(duration: 1))
        #expect(throws: AnimaError(.invalidState, "a snapshot cannot be taken while an animation or a timeline is being recorded")) {
            try a.snapshot()
        }
        try a.discardAnimations()
        var inside: AnimaError? = nil
        a.onStep = { animator in
            do throws(AnimaError) { _ = try animator.snapshot() } catch { inside = error }
        }
        try a.step()
        #expect(inside?.code == .busy)
        let other = try makeAnimator()
        #expect(throws: AnimaError.self) { try a.snapshot(behaviors: [GravityBehavior(owner: other)]) }
    }

    @Test func snapshotSizesStayProportionate() throws {
        let falling = try fallingScene()
        for _ in 0..<100 { try falling.step() }
        let bytes = try falling.snapshot()
        // 12 items, 4 + 1 + 2 segments' worth of boundaries, a few contacts
        #expect(bytes.count > 3000 && bytes.count < 40_000, "\(bytes.count) bytes")
        print("snapshot of the falling scene after 100 steps: \(bytes.count) bytes")
    }

    @Test func stateHashIgnoresGenerationsButNotOneBitOfState() throws {
        // the second scene's items get later generations from the process-wide counter
        let first = try fallingScene(), second = try fallingScene()
        #expect(try first.snapshot() != second.snapshot())
        #expect(try first.stateHash() == second.stateHash())
        for _ in 0..<90 {
            try first.step()
            try second.step()
        }
        #expect(try first.stateHash() == second.stateHash())
        let restored = try Animator.restore(try first.snapshot()).animator
        #expect(try restored.stateHash() == first.stateHash())
        try first.step()
        #expect(try first.stateHash() != second.stateHash())
        try second.step()
        #expect(try first.stateHash() == second.stateHash())
        // one ulp of one velocity component
        let item = second.items[5]
        let v = try second.linearVelocity(of: item)
        try second.setLinearVelocity(Vec2(v.x.nextUp, v.y), of: item)
        #expect(try first.stateHash() != second.stateHash())
    }

    @Test func stateHashDigestsWordsTailAndLength() {
        func digest(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBytes { StateHash.digest($0) } }
        let base = (0..<29).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        var seen = Set<UInt64>([digest(base)])
        for i in base.indices {            // every single-bit change, in the words and the tail
            var flipped = base
            flipped[i] ^= 0x10
            #expect(seen.insert(digest(flipped)).inserted, "flipping byte \(i) gave a digest seen before")
        }
        #expect(seen.insert(digest(base + [0])).inserted, "a trailing zero byte is not the same bytes")
        #expect(seen.insert(digest([])).inserted)
        #expect(digest(base) == digest(base))
    }
}
