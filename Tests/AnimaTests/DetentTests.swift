import Testing
@testable import Anima

/// Detents: a bottom sheet's heights and a carousel's pages (UISheetPresentationController,
/// Compose's AnchoredDraggable).
@Suite struct DetentTests {
    /// A sheet's top edge at y = 100 (full), 350 (half) or 700 (closed).
    func sheet() throws -> Detents { try Detents(anchors: [100, 350, 700]) }

    @Test func detentListsAreChecked() throws {
        #expect(throws: AnimaError.self) { try Detents(anchors: []) }
        #expect(throws: AnimaError.self) { try Detents(anchors: [100, 100]) }
        #expect(throws: AnimaError.self) { try Detents(anchors: [700, 350]) }
        #expect(throws: AnimaError.self) { try Detents(anchors: [0, .nan]) }
        var d = try sheet()
        d.decelerationRate = 1
        #expect(throws: AnimaError.self) { try d.target(position: 0, velocity: 0) }
    }

    @Test func theTargetFollowsTheProjectionAndTheVelocityThreshold() throws {
        let d = try sheet()
        // at rest: the nearest
        #expect(try d.target(position: 400, velocity: 0) == (1, 350))
        // 200 pt/s down from 500 coasts to 500 + 200 / 2.002 = 599.9: nearest the closed detent
        #expect(try d.target(position: 500, velocity: 200) == (2, 700))
        // 290 pt/s from just past half coasts to 499.9: still half (under the threshold)
        #expect(try d.target(position: 355, velocity: 290) == (1, 350))
        // 310 pt/s is over the 300 threshold: a flick always moves on, here to closed
        #expect(try d.target(position: 355, velocity: 310) == (2, 700))
        // a hard flick up from closed projects far past full: full, the last anchor that way
        #expect(try d.target(position: 700, velocity: -3000) == (0, 100))
    }

    @Test func aDragRubberBandsPastTheEndsAndSpringsFromTheReleaseVelocity() throws {
        let a = try makeAnimator()
        let top = try a.createValue(ValueDefinition(700))
        let drag = try a.beginDetentDrag(.value(top, component: 0), detents: try sheet(), at: 600, time: 0)
        // the finger moves up 700 pt in 0.35 s at 2000 pt/s: the sheet follows, then bands past 100
        for k in 1...35 {
            try a.moveDetentDrag(drag, to: 600 - 20 * Double(k), time: Double(k) / 100)
        }
        let raw = 700.0 - 700
        let shown = try a.components(of: top)[0]
        let band = (1 - 1 / ((100 - raw) * 0.55 / 600 + 1)) * 600
        #expect(abs(shown - (100 - band)) < 1e-9, "past full by \(100 - raw) pt, the sheet shows \(100 - band)")
        let (index, anchor, spring) = try a.endDetentDrag(drag, time: 0.35)
        #expect(index == 0 && anchor == 100)
        let v = try a.animatedState(of: spring, value: top).velocity[0]
        #expect(abs(v + 2000) < 1, "the spring starts at the finger's velocity: \(v)")
        var steps = 0
        while a.isRunning && steps < 600 {
            try a.advance(1.0 / 120)
            steps += 1
        }
        #expect(try a.components(of: top) == [100])
        #expect(Double(steps) / 120 < 1, "settled in \(Double(steps) / 120) s")
    }

    @Test func aNewDragInterruptsASettleWhereItIs() throws {
        let a = try makeAnimator()
        let sheetItem = try a.createItem(ItemDefinition(center: Vec2(160, 700), size: Size(width: 320, height: 100)))
        var ended: Bool? = nil
        let (_, anchor, _) = try a.settle(.item(sheetItem, axis: 1), onto: try sheet(), velocity: -1500) { ended = $0 }
        #expect(anchor == 100, "1500 pt/s up from 700 projects to 700 - 749 = -49: full is the nearest")
        for _ in 0..<6 { try a.advance(1.0 / 120) }
        let caught = try a.center(of: sheetItem).y
        let drag = try a.beginDetentDrag(.item(sheetItem, axis: 1), detents: try sheet(), at: 0, time: 1)
        try a.advance(1.0 / 120)
        #expect(try a.center(of: sheetItem).y == caught, "held where the finger caught it")
        #expect(ended == false)
        try a.moveDetentDrag(drag, to: 50, time: 1.05)
        #expect(try a.center(of: sheetItem).y == caught + 50)
    }

    @Test func aCarouselOfPagesOfDifferentWidths() throws {
        // pages 320, 200 and 280 pt wide: the offset rests at 0, -320 or -520
        let pages = try Detents(anchors: [-520, -320, 0])
        let a = try makeAnimator()
        let offset = try a.createValue(ValueDefinition(0))
        let drag = try a.beginDetentDrag(.value(offset, component: 0), detents: pages, at: 300, time: 0)
        for k in 1...10 { try a.moveDetentDrag(drag, to: 300 - 8 * Double(k), time: Double(k) / 100) }
        // 80 pt left at 800 pt/s: projected -80 - 400 = -480, nearest the third page
        let (index, anchor, _) = try a.endDetentDrag(drag, time: 0.1)
        #expect(index == 0 && anchor == -520)
        try runUntilRest(a)
        #expect(try a.components(of: offset) == [-520])
    }
}
