import Testing
@testable import Anima

// The limits docs/units.md lists: passing one gives an error whose message names the limit and
// the value given, and leaves nothing changed.

/// The message of the error `body` throws, or a recorded issue when it throws none.
private func message(_ body: () throws(AnimaError) -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> String {
    do {
        try body()
    } catch {
        return error.message
    }
    Issue.record("no error", sourceLocation: sourceLocation)
    return ""
}

@Suite struct LimitsTests {
    @Test func collisionPathsHoldThreeToSixteenPoints() throws {
        let circle = (0..<17).map { k in Vec2(10 * cosine(-Double(k) * .pi / 8.5), 10 * sine(-Double(k) * .pi / 8.5)) }
        #expect(try ItemPath(Array(circle.prefix(16))).points.count == 16)
        #expect(message { () throws(AnimaError) in _ = try ItemPath(circle) } == "a path needs 3 to 16 points (got 17)")
    }

    @Test func animationTimesStopAtTenMillionSeconds() throws {
        var d = AnimationDefinition(duration: 1e7, delay: 1e7)
        d.stagger = 1e7
        try d.validate()
        #expect(message { () throws(AnimaError) in try AnimationDefinition(duration: 2e7).validate() }
                == "duration must be at most 1e7 s (got 20000000.0)")
        #expect(message { () throws(AnimaError) in try AnimationDefinition(duration: 1, delay: 3e7).validate() }
                == "delay must be at most 1e7 s (got 30000000.0)")
        d.stagger = 1.5e7
        #expect(message { () throws(AnimaError) in try d.validate() } == "stagger must be at most 1e7 s (got 15000000.0)")
    }

    @Test func substepsAndWorkersAreOneToSixteen() throws {
        _ = try Animator(configuration: AnimatorConfiguration(substeps: 16, workers: 16))
        #expect(message { () throws(AnimaError) in _ = try Animator(configuration: AnimatorConfiguration(substeps: 17)) }
                == "substeps must be in 1...16 (got 17)")
        #expect(message { () throws(AnimaError) in _ = try Animator(configuration: AnimatorConfiguration(workers: 17)) }
                == "workers must be in 1...16 (got 17)")
    }
}
