import Testing
import Anima

/// The README's Swift quickstart, verbatim apart from the print.
@Suite struct QuickstartTests {
    @Test func readmeQuickstartRestsTheBallOnTheFloor() throws {
        let animator = try Animator(referenceBounds: Rect(x: 0, y: 0, width: 320, height: 568))
        let ball = try animator.createItem(ItemDefinition(center: Vec2(160, 52),
                                                          size: Size(width: 64, height: 64), shape: .ellipse))
        let collision = try CollisionBehavior(owner: animator, items: [ball])
        try collision.setTranslatesReferenceBoundsIntoBoundary(true)
        try animator.addBehavior(GravityBehavior(owner: animator, items: [ball]))
        try animator.addBehavior(collision)
        var frames = 0
        while animator.isRunning && frames < 600 { try animator.advance(1.0 / 60); frames += 1 }
        let center = try animator.center(of: ball)
        #expect(!animator.isRunning)
        #expect(abs(center.x - 160) < 1e-9 && abs(center.y - 536) < 0.05, "rests at \(center)")
    }
}
