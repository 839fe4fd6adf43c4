import Testing
@testable import Anima

@Suite struct FieldTests {
    /// One item of mass `mass` (a 100 x 100 box of density `mass`) at `at`, in a field of `kind`.
    func scene(_ kind: FieldKind, at p: Vec2 = Vec2(100, 0), mass: Double = 1, charge: Double = 0,
               velocity: Vec2 = .zero) throws -> (Animator, ItemID, FieldBehavior) {
        let a = try makeAnimator(bounds: nil)
        let item = try a.createItem(ItemDefinition(center: p, size: Size(width: 100, height: 100), linearVelocity: velocity))
        let field = try FieldBehavior(owner: a, kind: kind, items: [item])
        try a.addBehavior(field)
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [item], properties: ItemProperties(density: mass, charge: charge)))
        return (a, item, field)
    }

    /// The acceleration over the first step: dv / h.
    func firstAcceleration(_ a: Animator, _ item: ItemID) throws -> Vec2 {
        let v0 = try a.linearVelocity(of: item)
        try a.step()
        return (try a.linearVelocity(of: item) - v0) / a.stepDuration
    }

    @Test func linearGravityFieldGivesAHundredPointsPerSecondSquaredPerUnit() throws {
        for mass in [0.5, 4.0] {
            let (a, item, field) = try scene(.linearGravity, mass: mass)
            try field.setDirection(Vec2(0, 1))
            let acc = try firstAcceleration(a, item)
            #expect(abs(acc.y - 100) < 1e-6 && abs(acc.x) < 1e-9, "a = \(acc) for mass \(mass)")
        }
    }

    @Test func radialGravityFallsOffWithTheSquareOfDistance() throws {
        for r in [100.0, 200.0] {
            let (a, item, _) = try scene(.radialGravity, at: Vec2(r, 0))
            let acc = try firstAcceleration(a, item)
            let expected = 100 / ((r / 100) * (r / 100))   // S r^-2 m/s^2 in pt/s^2
            #expect(abs(-acc.x - expected) / expected < 0.01, "a = \(acc.x) at \(r) pt, expected \(expected)")
        }
    }

    @Test func springFieldOscillatesWithPeriodTwoPiRootMOverS() throws {
        let (a, item, field) = try scene(.spring, at: Vec2(50, 0), mass: 1)
        try field.setStrength(4)   // k = 4 N/m on 1 kg: w = 2 rad/s, T = pi s
        var crossings: [Double] = []
        var last = 50.0
        while crossings.count < 3 && a.elapsedTime < 10 {
            try a.step()
            let x = try a.center(of: item).x
            if last > 0 && x <= 0 || last < 0 && x >= 0 {
                crossings.append(a.elapsedTime - a.stepDuration * (1 - last / (last - x)))
            }
            last = x
        }
        let period = crossings[2] - crossings[0]
        #expect(abs(period - Double.pi) / Double.pi < 0.01, "T = \(period) s")
    }

    @Test func electricFieldPushesChargesOfTheSameSignAway() throws {
        let (a, item, _) = try scene(.electric, at: Vec2(100, 0), mass: 1, charge: 2)
        let acc = try firstAcceleration(a, item)
        // F = q S r^-1 = 2 N at 1 m, on 1 kg: 200 pt/s^2 away from the field
        #expect(abs(acc.x - 200) < 1, "a = \(acc)")
        let (b, neutral, _) = try scene(.electric, at: Vec2(100, 0), mass: 1, charge: 0)
        #expect(try firstAcceleration(b, neutral) == .zero)
    }

    @Test func magneticFieldTurnsAMovingChargeWithoutChangingItsSpeed() throws {
        // q = 1, S = 1, fall 1, m = 1 kg: w = q S / m = 1 rad/s, so a turn takes 2 pi s and the
        // circle's radius is |v| / w = 200 pt about (300, 0) (the charge turns clockwise on screen)
        let (a, item, field) = try scene(.magnetic, at: Vec2(100, 0), mass: 1, charge: 1, velocity: Vec2(0, 200))
        try field.setFalloff(0)
        let centre = Vec2(300, 0)
        var worst = 0.0, turns = 0.0, lastAngle = Double.pi   // the charge starts left of the centre
        while turns < 10 {
            try a.step()
            let v = try a.linearVelocity(of: item)
            worst = max(worst, abs(length(v) - 200) / 200)
            let d = try a.center(of: item) - centre
            let angle = arcTangent2(d.y, d.x)
            var delta = angle - lastAngle
            if delta > Double.pi { delta -= 2 * Double.pi }
            if delta < -Double.pi { delta += 2 * Double.pi }
            turns += abs(delta) / (2 * Double.pi)
            lastAngle = angle
        }
        #expect(worst < 0.001, "the speed strayed by \(worst * 100) % over ten turns")
        // ten turns at 1 rad/s take 20 pi s
        #expect(abs(a.elapsedTime - 20 * Double.pi) < 0.05, "ten turns took \(a.elapsedTime) s")
        let r = length(try a.center(of: item) - centre)
        #expect(abs(r - 200) < 1, "radius after ten turns \(r) pt")
    }

    @Test func dragFieldSlowsQuadratically() throws {
        let (a, item, _) = try scene(.drag, mass: 1, velocity: Vec2(300, 0))
        let acc = try firstAcceleration(a, item)
        // F = -|u| u = -9 N at 3 m/s on 1 kg: -900 pt/s^2
        #expect(abs(acc.x + 900) / 900 < 0.02, "a = \(acc)")
    }

    @Test func velocityFieldSetsTheVelocityInsideItsRegionOnly() throws {
        let (a, item, field) = try scene(.velocity, at: Vec2(0, 0))
        try field.setDirection(Vec2(1, 0))   // 1 m/s = 100 pt/s
        try field.setRegion(.circle(radius: 50))
        try a.step()
        #expect(abs(try a.linearVelocity(of: item).x - 100) < 1e-9)
        let (b, outside, f2) = try scene(.velocity, at: Vec2(200, 0))
        try f2.setDirection(Vec2(1, 0))
        try f2.setRegion(.circle(radius: 50))
        try b.step()
        #expect(try b.linearVelocity(of: outside) == .zero)
        try f2.setRegion(.inverse(.circle(radius: 50)))
        try b.step()
        #expect(abs(try b.linearVelocity(of: outside).x - 100) < 1e-9)
    }

    @Test func velocityFieldOverridesGravityAndTheOtherFields() throws {
        // UIKit: a velocity field overrides every other acceleration; under gravity (1000 pt/s^2)
        // and a linear gravity field the item inside still moves at exactly 100 pt/s to the right
        let (a, item, field) = try scene(.velocity, at: Vec2(0, 0))
        try field.setDirection(Vec2(1, 0))
        try a.addBehavior(GravityBehavior(owner: a, items: [item]))
        let pull = try FieldBehavior(owner: a, kind: .linearGravity, items: [item])
        try pull.setDirection(Vec2(0, 5))
        try a.addBehavior(pull)
        try a.advance(1)
        let v = try a.linearVelocity(of: item)
        #expect(v == Vec2(100, 0), "v = \(v)")
        let c = try a.center(of: item)
        #expect(abs(c.y) < 1e-12, "drifted to \(c)")
        // leaving the region gives gravity back
        try field.setRegion(.circle(radius: 10))
        try a.step()
        #expect(try a.linearVelocity(of: item).y > 10)
    }

    @Test func vortexTurnsItemsAroundThePosition() throws {
        let (a, item, _) = try scene(.vortex, at: Vec2(100, 0))
        let acc = try firstAcceleration(a, item)
        #expect(abs(acc.x) < 1e-9 && abs(acc.y) > 1, "tangential: \(acc)")
    }

    @Test func animatedNoiseKeepsItemsMovingAndIsDeterministic() throws {
        func run() throws -> Vec2 {
            let (a, item, field) = try scene(.noise)
            try field.setAnimationSpeed(1)
            try field.setSmoothness(0.5)
            try a.advance(2)
            #expect(a.isRunning)
            return try a.center(of: item)
        }
        let first = try run(), second = try run()
        #expect(first == second)
        #expect(length(first - Vec2(100, 0)) > 1, "the noise moved the item")
    }

    @Test func customFieldForceActsThroughTheMass() throws {
        let (a, item, field) = try scene(.custom, mass: 2)
        field.evaluate = { sample in Vec2(0, 100 * sample.mass) }   // 100 pt/s^2 downwards
        let acc = try firstAcceleration(a, item)
        #expect(abs(acc.y - 100) < 1e-6)
    }

    @Test func fieldsRefuseBadValues() throws {
        let (_, _, field) = try scene(.radialGravity)
        #expect(throws: AnimaError.self) { try field.setStrength(.nan) }
        #expect(throws: AnimaError.self) { try field.setMinimumRadius(0) }
        #expect(throws: AnimaError.self) { try field.setSmoothness(2) }
        #expect(throws: AnimaError.self) { try field.setRegion(.circle(radius: -1)) }
        #expect(throws: AnimaError.self) { try field.setAnimationSpeed(-1) }
        #expect(field.falloff == 2 && field.strength == 1)
    }

    /// A region nests `.inverse` at most 16 deep, as deep as a snapshot reads back; deeper is
    /// refused with the limit in the message, and the field keeps its region.
    @Test func regionsNestAsDeepAsASnapshotReads() throws {
        let (a, _, field) = try scene(.radialGravity)
        var region = FieldRegion.circle(radius: 50)
        for _ in 0..<FieldRegion.maximumDepth { region = .inverse(region) }
        try field.setRegion(region)
        let copy = try Animator.restore(try a.snapshot()).animator
        let restored = copy.behaviors.compactMap { $0 as? FieldBehavior }.first
        #expect(restored?.region == region)
        do {
            try field.setRegion(.inverse(region))
            Issue.record("a region 17 deep was accepted")
        } catch {
            #expect(error.message.contains("at most 16 deep"), "\(error.message)")
        }
        #expect(field.region == region)
    }
}

@Suite struct FieldCallbackTests {
    @Test func interruptFromACustomFieldEndsThatStepAndNoLater() throws {
        let a = try makeAnimator(bounds: nil)
        let item = try a.createItem()
        let field = try FieldBehavior(owner: a, kind: .custom, items: [item])
        var calls = 0
        field.evaluate = {
            calls += 1
            if calls == 1 { a.interrupt() }
            return Vec2(0, 100 * $0.mass)   // keeps the item moving, so the animator keeps running
        }
        try a.addBehavior(field)
        #expect(throws: AnimaError.self) { try a.advance(0.5) }
        #expect(a.stepCount == 1)
        try a.advance(0.5)
        #expect(a.stepCount == 61, "the next advance runs whole: \(a.stepCount)")
    }
}
