import Testing
@testable import Anima

/// Sensors (Box2D v3's sensor shapes and events): an item that collides with nothing and reports
/// the items of its collision behaviors that overlap it.
@Suite struct SensorTests {
    /// A 100 x 100 pt anchored drop zone centred at (160, 300), and a 40 pt ball above it at
    /// (160, 100) falling under gravity, both in one collision behavior with the screen's edges.
    func dropZone() throws -> (Animator, zone: ItemID, ball: ItemID, CollisionBehavior) {
        let a = try makeAnimator()
        let zone = try a.createItem(ItemDefinition(center: Vec2(160, 300), size: Size(width: 100, height: 100)))
        let ball = try ball(a, at: Vec2(160, 100), diameter: 40)
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [zone], properties: ItemProperties(anchored: true)))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [ball]))
        try a.addBehavior(GravityBehavior(owner: a, items: [ball]))
        let collision = try CollisionBehavior(owner: a, items: [zone, ball])
        try collision.setTranslatesReferenceBoundsIntoBoundary(true)
        try a.addBehavior(collision)
        try a.setSensor(true, of: zone)
        return (a, zone, ball, collision)
    }

    @Test func aFallingBallPassesThroughASensorAndIsReportedEnteringAndLeaving() throws {
        let (a, zone, ball, _) = try dropZone()
        #expect(try a.isSensor(zone) && !(try a.isSensor(ball)))
        var began: [(Double, SensorEvent)] = [], ended: [(Double, SensorEvent)] = []
        var inside: [Double] = []
        var t = 0.0
        var contacts = 0
        while t < 1.2 {
            try a.advance(1.0 / 60)
            t += 1.0 / 60
            let y = try a.center(of: ball).y
            began += a.beganSensorEvents.map { (y, $0) }
            ended += a.endedSensorEvents.map { (y, $0) }
            if !(try a.visitors(ofSensor: zone)).isEmpty { inside.append(y) }
            contacts += a.beganContacts.filter { $0.otherItem != nil }.count
        }
        #expect(contacts == 0, "a sensor makes no contact")
        #expect(began.count == 1 && ended.count == 1, "began \(began.count), ended \(ended.count)")
        guard let (yIn, first) = began.first, let (yOut, last) = ended.first else { return }
        #expect(first == SensorEvent(sensor: zone, visitor: ball) && last == first)
        // the ball (radius 20) overlaps the zone (y 250...350) while its centre is within 230...370;
        // a frame of the fall there is about 1/60 s x 900 pt/s = 15 pt
        #expect(yIn >= 230 && yIn < 230 + 20, "entered with its centre at \(yIn)")
        #expect(yOut > 370 && yOut < 370 + 25, "left with its centre at \(yOut)")
        #expect(inside.allSatisfy { $0 >= 230 && $0 <= 370 })
        // and it fell on through, unhindered by the zone: to the floor at 568 - 20
        try a.advance(2)
        let rest = try a.center(of: ball).y
        #expect(abs(rest - 548) < 1, "the ball rests on the floor: \(rest)")
        #expect(try a.center(of: zone) == Vec2(160, 300))
    }

    @Test func anItemOutsideTheSensorsCollisionBehaviorsIsNotAVisitor() throws {
        let (a, zone, _, _) = try dropZone()
        // a second ball in the zone from the start, in a collision behavior of its own
        let stranger = try ball(a, at: Vec2(160, 300), diameter: 20)
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [stranger], properties: ItemProperties(anchored: true)))
        try a.addBehavior(CollisionBehavior(owner: a, items: [stranger]))
        try a.advance(1.0 / 60)
        #expect(try a.visitors(ofSensor: zone).isEmpty)
        // put in the sensor's collision behavior, it is reported
        let shared = try CollisionBehavior(owner: a, items: [zone, stranger])
        try a.addBehavior(shared)
        try a.advance(1.0 / 60)
        #expect(try a.visitors(ofSensor: zone) == [stranger])
        #expect(a.beganSensorEvents == [SensorEvent(sensor: zone, visitor: stranger)])
        // destroyed, it ends
        try a.destroyItem(stranger)
        try a.advance(1.0 / 60)
        #expect(a.endedSensorEvents == [SensorEvent(sensor: zone, visitor: stranger)])
        #expect(try a.visitors(ofSensor: zone).isEmpty)
    }

    @Test func aSensorMadeOrdinaryCollidesAgainAndItsVisitorsEnd() throws {
        let (a, zone, ball, _) = try dropZone()
        // hold the ball inside the zone
        try a.setCenter(Vec2(160, 300), of: ball)
        try a.advance(1.0 / 60)
        #expect(try a.visitors(ofSensor: zone) == [ball])
        try a.setSensor(false, of: zone)
        try a.advance(1.0 / 60)
        #expect(a.endedSensorEvents == [SensorEvent(sensor: zone, visitor: ball)])
        #expect(try a.visitors(ofSensor: zone).isEmpty)
        // the zone pushes the ball out now: an anchored box overlapping a ball
        try a.advance(1)
        let y = try a.center(of: ball).y
        #expect(y < 250 - 20 + 1 || y > 350 + 20 - 1, "the ball was pushed out of the box: y = \(y)")
    }

    @Test func aRotatedSensorTestsTheItemsOutlinesNotTheirBoxes() throws {
        let a = try makeAnimator(bounds: nil)
        // a 100 x 100 diamond (a square turned 45 degrees) about the origin
        let zone = try a.createItem(ItemDefinition(center: Vec2(0, 0), size: Size(width: 100, height: 100),
                                                   transform: ItemTransform(rotation: Double.pi / 4)))
        // a ball in the diamond's bounding box corner, outside the diamond: |x| + |y| > 70.7 + r sqrt 2
        let corner = try ball(a, at: Vec2(55, 55), diameter: 10)
        let edge = try ball(a, at: Vec2(35, 35), diameter: 10)
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [zone, corner, edge], properties: ItemProperties(anchored: true)))
        try a.addBehavior(CollisionBehavior(owner: a, items: [zone, corner, edge]))
        try a.setSensor(true, of: zone)
        try a.step()
        #expect(try a.visitors(ofSensor: zone) == [edge])
    }

    @Test func sensorsReplayFromASnapshotToTheBit() throws {
        let (a, zone, _, _) = try dropZone()
        try a.advance(0.6)    // the ball is inside the zone now
        #expect(try a.visitors(ofSensor: zone).count == 1)
        let restored = try Animator.restore(try a.snapshot())
        let b = restored.animator
        #expect(try b.isSensor(zone) && (try b.visitors(ofSensor: zone)) == (try a.visitors(ofSensor: zone)))
        var mine: [SensorEvent] = [], theirs: [SensorEvent] = []
        for _ in 0..<60 {
            try a.advance(1.0 / 60)
            try b.advance(1.0 / 60)
            mine += a.beganSensorEvents + a.endedSensorEvents
            theirs += b.beganSensorEvents + b.endedSensorEvents
        }
        #expect(mine.count == 1 && mine == theirs)
        #expect(try a.snapshot() == b.snapshot())
    }

    @Test func aStaleItemIsRefused() throws {
        let (a, zone, _, _) = try dropZone()
        try a.destroyItem(zone)
        #expect(throws: AnimaError.self) { try a.setSensor(false, of: zone) }
        #expect(throws: AnimaError.self) { try a.visitors(ofSensor: zone) }
    }
}
