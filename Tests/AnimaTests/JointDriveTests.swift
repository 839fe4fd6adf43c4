import Testing
@testable import Anima

/// Motors and springs on pin and sliding attachments, and a limit attachment's minimum length
/// (Box2D v3's revolute, prismatic and distance joints; pymunk's SimpleMotor, DampedRotarySpring
/// and SlideJoint).
@Suite struct JointDriveTests {
    /// A 100 pt disc of mass 1 pinned at its centre to an anchored base: it can only turn.
    func knob(angularResistance: Double = 0) throws -> (Animator, ItemID, AttachmentBehavior) {
        let a = try makeAnimator(bounds: nil)
        let base = try a.createItem(ItemDefinition(center: Vec2(0, 0), size: Size(width: 20, height: 20)))
        let disc = try a.createItem(ItemDefinition(center: Vec2(0, 0), size: Size(width: 100, height: 100), shape: .ellipse))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [base], properties: ItemProperties(anchored: true)))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [disc], properties: ItemProperties(density: 1 / (Double.pi / 4),
                                                                                      angularResistance: angularResistance)))
        let pin = try AttachmentBehavior(owner: a, item: disc, to: base, kind: .pin, anchor: Vec2(0, 0))
        try a.addBehavior(pin)
        return (a, disc, pin)
    }

    func inertia(_ a: Animator, _ item: ItemID) throws -> Double { 1 / a.store.invInertia[try a.slot(of: item)] }

    @Test func pinMotorAcceleratesAtItsTorqueLimitThenHoldsItsSpeed() throws {
        let (a, disc, pin) = try knob()
        #expect(abs(try a.mass(of: disc) - 1) < 1e-12)
        let I = try inertia(a, disc)
        // I = m r^2 / 2 for a disc of radius 50 pt
        #expect(abs(I - 1250) / 1250 < 1e-9, "I = \(I)")
        let torque = 5000.0, speed = 2 * Double.pi
        try pin.setMotorSpeed(speed)
        try pin.setMaxMotorForce(torque)
        // alpha = T / I = 4 rad/s^2: the speed is reached after pi / 2 s
        try a.advance(1)
        let w1 = try a.angularVelocity(of: disc)
        #expect(abs(w1 - 4) < 1e-9, "after 1 s under the torque limit: w = \(w1) rad/s, expected 4")
        #expect(abs(pin.motorForce - torque) < 1e-6, "the motor pulls at its limit: \(pin.motorForce)")
        try a.advance(1)
        let w2 = try a.angularVelocity(of: disc)
        #expect(abs(w2 - speed) < 1e-9, "at 2 s the motor holds its speed: w = \(w2)")
        #expect(abs(pin.motorForce) < 1e-6, "no torque is needed to hold a free disc's speed: \(pin.motorForce)")
        // under an angular resistance c the motor holds the speed against the damping torque
        // c I w (0.5 x 1250 x 2 pi = 3927, within its 5000); at the limit it would approach
        // T / (c I) = 8 rad/s with the time constant 1 / c = 2 s, so it gets to 2 pi in 3.1 s
        let (b, damped, pin2) = try knob(angularResistance: 0.5)
        try pin2.setMotorSpeed(speed)
        try pin2.setMaxMotorForce(torque)
        try b.advance(3)
        #expect(try b.angularVelocity(of: damped) < speed && pin2.motorForce == torque)
        try b.advance(1)
        #expect(abs(try b.angularVelocity(of: damped) - speed) < 1e-9)
        #expect(abs(pin2.motorForce - 0.5 * 1250 * speed) / 3927 < 0.01, "motor torque \(pin2.motorForce)")
    }

    @Test func pinMotorAtSpeedZeroIsAFrictionThatHoldsUpToItsTorque() throws {
        let (a, disc, pin) = try knob()
        try pin.setMaxMotorForce(1000)
        try a.setAngularVelocity(10, of: disc)
        // the motor takes 1000 x h of angular impulse a sub-step: 10 rad/s x 1250 / 1000 = 12.5 s... stopped in 12.5 s
        try a.advance(12.4)
        #expect(try a.angularVelocity(of: disc) > 0)
        try a.advance(0.2)
        #expect(abs(try a.angularVelocity(of: disc)) < 1e-9)
    }

    @Test func pinSpringSwingsAtItsFrequency() throws {
        let (a, disc, pin) = try knob()
        try pin.setJointSpringFrequency(2)
        try pin.setJointSpringRest(0.5)
        // released at rest 0.5 rad from the spring's rest angle: theta - 0.5 = -0.5 cos(2 pi f t)
        var crossings: [Double] = []
        var last = -0.5
        while crossings.count < 5 && a.elapsedTime < 5 {
            try a.step()
            let x = try a.rotation(of: disc) - 0.5
            if last < 0 && x >= 0 || last > 0 && x <= 0 {
                crossings.append(a.elapsedTime - a.stepDuration * (x / (x - last)))
            }
            last = x
        }
        #expect(crossings.count == 5)
        let period = (crossings[4] - crossings[0]) / 2
        #expect(abs(period - 0.5) / 0.5 < 0.01, "T = \(period) s, expected 0.5")
        // with damping 1 it settles at the rest angle
        try pin.setJointSpringDamping(1)
        try a.advance(3)
        #expect(abs(try a.rotation(of: disc) - 0.5) < 1e-3)
    }

    /// A 40 x 40 box of mass 1 on a vertical sliding attachment at the origin, under gravity.
    func lift() throws -> (Animator, ItemID, AttachmentBehavior) {
        let a = try makeAnimator(bounds: nil)
        let box = try a.createItem(ItemDefinition(center: Vec2(0, 0), size: Size(width: 40, height: 40)))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [box], properties: ItemProperties(density: 1 / 0.16)))
        let slide = try AttachmentBehavior(owner: a, slidingItem: box, anchor: Vec2(0, 0), axis: Vec2(0, 1))
        try a.addBehavior(slide)
        try a.addBehavior(GravityBehavior(owner: a, items: [box]))
        return (a, box, slide)
    }

    @Test func slidingMotorLiftsAtItsSpeedWhenStrongEnoughAndSlipsWhenNot() throws {
        // gravity pulls 1000 pt/s^2 x 1 along +y; the motor drives at -100 pt/s (up on screen)
        let (a, box, slide) = try lift()
        #expect(abs(try a.mass(of: box) - 1) < 1e-12)
        try slide.setMotorSpeed(-100)
        try slide.setMaxMotorForce(1500)
        try a.advance(1)
        let v = try a.linearVelocity(of: box)
        #expect(abs(v.y + 100) < 1e-6 && abs(v.x) < 1e-9, "v = \(v)")
        // holding a constant speed against gravity takes m g
        #expect(abs(slide.motorForce + 1000) < 1e-3, "motor force \(slide.motorForce)")
        // a motor weaker than the weight: the box falls at (g - F / m)
        let (b, weak, slide2) = try lift()
        try slide2.setMotorSpeed(-100)
        try slide2.setMaxMotorForce(400)
        try b.advance(1)
        let vy = try b.linearVelocity(of: weak).y
        #expect(abs(vy - 600) < 1e-6, "v = \(vy), expected (1000 - 400) x 1 s")
        #expect(abs(slide2.motorForce + 400) < 1e-6)
    }

    @Test func slidingSpringHangsAtItsStretchAndBouncesAtItsFrequency() throws {
        // k = m (2 pi f)^2; under gravity it rests at rest + m g / k
        let (a, box, slide) = try lift()
        let f = 1.5
        try slide.setJointSpringFrequency(f)
        try slide.setJointSpringRest(20)
        let k = (2 * Double.pi * f) * (2 * Double.pi * f)
        let hang = 20 + 1000 / k
        var ys: [Double] = []
        for _ in 0..<Int(4 / a.stepDuration) {
            try a.step()
            ys.append(try a.center(of: box).y)
        }
        // it swings about the hanging point: between 0 and about twice the stretch
        // (the soft step's implicit integration takes a little of the swing: under 5 % here)
        #expect(ys.min()! > -1e-9 && ys.max()! < 2 * hang && ys.max()! > 0.95 * 2 * hang, "swung over \(ys.min()!)...\(ys.max()!)")
        var upward: [Double] = []
        for i in 1..<ys.count where ys[i - 1] < hang && ys[i] >= hang { upward.append(Double(i) * a.stepDuration) }
        let period = (upward.last! - upward.first!) / Double(upward.count - 1)
        #expect(abs(period - 1 / f) / (1 / f) < 0.01, "T = \(period)")
        // damped critically, it comes to rest there (asleep within 0.1 pt of it)
        try slide.setJointSpringDamping(1)
        try a.advance(4)
        let rest = try a.center(of: box).y
        #expect(abs(rest - hang) < 0.1, "rests at \(rest), expected \(hang)")
        #expect(abs(try a.center(of: box).x) < 1e-9)
    }

    @Test func limitKeepsItsPointsBetweenItsMinimumAndItsLength() throws {
        let a = try makeAnimator(bounds: nil)
        let left = try ball(a, at: Vec2(0, 0), diameter: 20)
        let right = try ball(a, at: Vec2(100, 0), diameter: 20)
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [left, right]))
        let rope = try AttachmentBehavior(owner: a, item: left, to: right, kind: .limit)
        try a.addBehavior(rope)
        #expect(rope.minimumLength == 0)
        try rope.setMinimumLength(60)
        try a.setLinearVelocity(Vec2(-200, 0), of: right)
        var shortest = 100.0, longest = 0.0
        for _ in 0..<240 {
            try a.step()
            let d = length(try a.center(of: right) - a.center(of: left))
            shortest = min(shortest, d)
            longest = max(longest, d)
        }
        #expect(shortest > 59.5, "came to \(shortest) pt, minimum 60")
        #expect(longest < 100.5, "stretched to \(longest) pt, length 100")
        // the stop at the minimum is inelastic (a rigid row, as Box2D's): the pair then moves as
        // one, at the velocity of their centre of mass, -100 pt/s
        #expect(abs(try a.linearVelocity(of: left).x + 100) < 1e-6)
        let vm = (try a.linearVelocity(of: left) + a.linearVelocity(of: right)) / 2
        #expect(abs(vm.x + 100) < 1e-6, "centre of mass at \(vm)")
    }

    @Test func drivesRefuseBadValuesAndKindsWithoutTheConcept() throws {
        let (a, _, pin) = try knob()
        #expect(throws: AnimaError.self) { try pin.setMotorSpeed(.nan) }
        #expect(throws: AnimaError.self) { try pin.setMotorSpeed(2e4) }
        #expect(throws: AnimaError.self) { try pin.setMaxMotorForce(-1) }
        #expect(throws: AnimaError.self) { try pin.setMaxMotorForce(.infinity) }
        #expect(throws: AnimaError.self) { try pin.setJointSpringFrequency(-1) }
        #expect(throws: AnimaError.self) { try pin.setJointSpringDamping(.nan) }
        #expect(throws: AnimaError.self) { try pin.setJointSpringRest(.infinity) }
        #expect(throws: AnimaError.self) { try pin.setMinimumLength(1) }
        #expect(pin.motorSpeed == 0 && pin.maxMotorForce == 0 && pin.jointSpringFrequency == 0 && pin.jointSpringRest == 0)
        let x = try ball(a, at: Vec2(200, 0)), y = try ball(a, at: Vec2(300, 0))
        let rod = try AttachmentBehavior(owner: a, item: x, to: y)
        for set in [{ try rod.setMotorSpeed(1) }, { try rod.setMaxMotorForce(1) }, { try rod.setJointSpringFrequency(1) }] {
            do { try set(); Issue.record("an items attachment took a joint drive") } catch let e as AnimaError {
                #expect(e.code == .invalidState)
            }
        }
        let rope = try AttachmentBehavior(owner: a, item: x, to: y, kind: .limit)
        #expect(throws: AnimaError.self) { try rope.setMinimumLength(101) }   // longer than its 100 pt
        try rope.setMinimumLength(50)
        #expect(throws: AnimaError.self) { try rope.setLength(40) }
        #expect(rope.length == 100)
    }

    @Test func drivenJointsReplayBitForBitFromASnapshot() throws {
        let (a, disc, pin) = try knob()
        try pin.setMotorSpeed(3)
        try pin.setMaxMotorForce(2000)
        try pin.setJointSpringFrequency(1)
        try pin.setJointSpringDamping(0.2)
        try pin.setJointSpringRest(-0.3)
        try a.advance(0.5)
        let copy = try Animator.restore(a.snapshot()).animator
        try a.advance(1)
        try copy.advance(1)
        #expect(try a.rotation(of: disc).bitPattern == copy.rotation(of: disc).bitPattern)
        #expect(try a.angularVelocity(of: disc).bitPattern == copy.angularVelocity(of: disc).bitPattern)
        let restored = try #require(copy.behaviors.compactMap { $0 as? AttachmentBehavior }.first)
        #expect(restored.motorSpeed == 3 && restored.maxMotorForce == 2000 && restored.jointSpringFrequency == 1
                && restored.jointSpringDamping == 0.2 && restored.jointSpringRest == -0.3)
        #expect(restored.motorForce.bitPattern == pin.motorForce.bitPattern)
    }
}
