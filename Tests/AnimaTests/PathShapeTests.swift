import Testing
@testable import Anima

@Suite struct PathShapeTests {
    /// A square path counter-clockwise on screen (y down): top-left, bottom-left, bottom-right, top-right.
    let square = [Vec2(-50, -50), Vec2(-50, 50), Vec2(50, 50), Vec2(50, -50)]

    @Test func squarePathWeighsAndTurnsLikeTheRectangle() throws {
        let a = try makeAnimator(bounds: nil)
        let box = try a.createItem(ItemDefinition(size: Size(width: 100, height: 100)))
        let poly = try a.createItem(ItemDefinition(size: Size(width: 100, height: 100), shape: .path, path: try ItemPath(square)))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [box, poly]))
        #expect(try a.mass(of: poly) == a.mass(of: box))
        let s = Int(poly.slot), r = Int(box.slot)
        #expect(abs(a.store.geometry[s].inertiaPerMass - a.store.geometry[r].inertiaPerMass) < 1e-9)
    }

    @Test func triangleHasTheTextbookAreaAndInertia() throws {
        // right triangle legs 60 (x) and 30 (y): area 900; about its own centroid I/m = (a^2 + b^2) / 18
        // corner, then up the short leg, then out along the long leg... the order that is
        // counter-clockwise on a y-down screen: (0, 0) -> (60, 0) -> (0, -30)
        let onScreenCCW = [Vec2(0, 0), Vec2(60, 0), Vec2(0, -30)]
        let centroid = Vec2(20, -10)
        let centred = onScreenCCW.map { $0 - centroid }
        let a = try makeAnimator(bounds: nil)
        let t = try a.createItem(ItemDefinition(size: Size(width: 60, height: 30), shape: .path, path: try ItemPath(centred)))
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [t]))
        #expect(abs(try a.mass(of: t) - 900.0 / 10_000) < 1e-12)
        let ipm = a.store.geometry[Int(t.slot)].inertiaPerMass
        #expect(abs(ipm - (60.0 * 60 + 30 * 30) / 18) < 1e-9, "I/m = \(ipm)")
    }

    @Test func badPathsAreRefusedWithAReason() throws {
        #expect(throws: AnimaError.self) { try ItemPath([Vec2(0, 0), Vec2(1, 1)]) }                      // too few
        #expect(throws: AnimaError.self) { try ItemPath(square.reversed()) }                              // clockwise
        #expect(throws: AnimaError.self) { try ItemPath([Vec2(-50, -50), Vec2(0, 0), Vec2(-50, 50), Vec2(50, 50), Vec2(50, -50)]) } // concave
        #expect(throws: AnimaError.self) { try ItemPath([Vec2(-50, -50), Vec2(-50, 0), Vec2(-50, 50), Vec2(50, 50)]) } // collinear
        #expect(throws: AnimaError.self) { try ItemPath([Vec2(0, 0), Vec2(.nan, 1), Vec2(1, 0)]) }
        // a pentagram: every turn the same way, but it winds twice
        var star: [Vec2] = []
        for k in 0..<5 {
            let angle = -Double.pi / 2 - Double(k) * 4 * Double.pi / 5
            star.append(Vec2(50 * cosine(angle), 50 * sine(angle)))
        }
        #expect(throws: AnimaError.self) { try ItemPath(star) }
        do {
            _ = try ItemPath(square.reversed())
        } catch {
            #expect(error.message.contains("clockwise"))
        }
        let a = try makeAnimator(bounds: nil)
        let item = try a.createItem()
        #expect(throws: AnimaError.self) { try a.setShape(.path, of: item) }
    }

    @Test func droppedTriangleRestsOnAFlatSide() throws {
        let a = try makeAnimator(bounds: Rect(x: 0, y: 0, width: 300, height: 300))
        // an equilateral triangle with side 60, tipped 20 degrees, point up
        let h = 60 * 3.0.squareRoot() / 2
        let tri = [Vec2(0, -2 * h / 3), Vec2(-30, h / 3), Vec2(30, h / 3)]
        let t = try a.createItem(ItemDefinition(center: Vec2(150, 100), size: Size(width: 60, height: h),
                                                transform: ItemTransform(rotation: 0.35), shape: .path, path: try ItemPath(tri)))
        try a.addBehavior(GravityBehavior(owner: a, items: [t]))
        let c = try CollisionBehavior(owner: a, items: [t])
        try c.setTranslatesReferenceBoundsIntoBoundary(true)
        try a.addBehavior(c)
        try a.addBehavior(DynamicItemBehavior(owner: a, items: [t], properties: ItemProperties(friction: 0.5)))
        #expect(try runUntilRest(a, limit: 10) != nil)
        // at rest a side lies on the floor: the rotation is a multiple of 120 degrees, and the
        // centroid (the centre) is h/3 above the floor
        let rotation = try a.rotation(of: t)
        let turn = rotation / (2 * Double.pi / 3)
        #expect(abs(turn - turn.rounded()) < 0.01, "rotation \(rotation)")
        #expect(abs(try a.center(of: t).y - (300 - h / 3)) < 0.5)
    }
}
