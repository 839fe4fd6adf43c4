@testable import Anima

/// A 320 x 568 pt screen, UIKit's reference view in the seed listings.
let screen = Rect(x: 0, y: 0, width: 320, height: 568)

func makeAnimator(bounds: Rect? = screen) throws -> Animator {
    try Animator(referenceBounds: bounds)
}

func ball(_ a: Animator, at c: Vec2, diameter: Double = 64) throws -> ItemID {
    try a.createItem(ItemDefinition(center: c, size: Size(width: diameter, height: diameter), shape: .ellipse))
}

/// Advances in 1/60 s frames until the animator pauses or `limit` seconds pass; returns the time.
@discardableResult
func runUntilRest(_ a: Animator, limit: Double = 10, each: (Double) throws -> Void = { _ in }) throws -> Double? {
    var t = 0.0
    while t < limit {
        try a.advance(1.0 / 60)
        t += 1.0 / 60
        try each(t)
        if !a.isRunning { return t }
    }
    return nil
}

/// A small deterministic generator (SplitMix64: Steele, Lea and Flood, "Fast splittable
/// pseudorandom number generators", OOPSLA 2014).
struct Mix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
