import Testing
@testable import Anima

/// The rectangle pair's separating-axis shortcut against the general polygon test it replaces.
@Suite struct CollideTests {
    /// A rectangle's world outline as the step writes it (corners (-w, -h), (w, -h), (w, h),
    /// (-w, h) turned by the angle, normals -v, +u, +v, -u), in storage the caller keeps alive.
    final class Outline {
        let vertices = UnsafeMutablePointer<Vec2>.allocate(capacity: 4)
        let normals = UnsafeMutablePointer<Vec2>.allocate(capacity: 4)
        let center: Vec2, half: Vec2

        init(center: Vec2, half: Vec2, angle: Double) {
            self.center = center
            self.half = half
            let q = Rotation(angle: angle)
            let corners = [Vec2(-half.x, -half.y), Vec2(half.x, -half.y), Vec2(half.x, half.y), Vec2(-half.x, half.y)]
            let local = [Vec2(0, -1), Vec2(1, 0), Vec2(0, 1), Vec2(-1, 0)]
            for k in 0..<4 {
                vertices[k] = center + q.rotate(corners[k])
                normals[k] = q.rotate(local[k])
            }
        }

        deinit {
            vertices.deallocate()
            normals.deallocate()
        }

        /// As a rectangle (with its half size), or as a general quadrilateral.
        func shape(asRectangle: Bool) -> WorldShape {
            WorldShape(center: center, radius: 0, isCircle: false, vertices: vertices, normals: normals, count: 4,
                       halfSize: asRectangle ? half : .zero)
        }
    }

    /// 20 000 random pairs (sizes 2 to 200 pt, any angle, a third of them at exact quarter
    /// turns, centres close enough to touch, overlap or miss): the shortcut finds the same best
    /// edge of each rectangle with the same separation to 1e-9 pt (or an edge whose general
    /// separation is as good, to rounding), and the manifold is the same: point count, normal
    /// and points to 1e-9 pt.
    @Test func rectangleShortcutMatchesTheGeneralTest() {
        var random = Mix(state: 29)
        func uniform(_ low: Double, _ high: Double) -> Double { Double.random(in: low..<high, using: &random) }
        var touching = 0
        for k in 0..<20_000 {
            let quarter = k % 3 == 0
            let angleA = quarter ? Double(Int.random(in: 0..<4, using: &random)) * .pi / 2 : uniform(-4, 4)
            let angleB = quarter ? Double(Int.random(in: 0..<4, using: &random)) * .pi / 2 : uniform(-4, 4)
            let halfA = Vec2(uniform(1, 100), uniform(1, 100)), halfB = Vec2(uniform(1, 100), uniform(1, 100))
            let reach = length(halfA) + length(halfB)
            let a = Outline(center: Vec2(uniform(-500, 500), uniform(-500, 500)), half: halfA, angle: angleA)
            let b = Outline(center: a.center + Vec2(uniform(-reach, reach), uniform(-reach, reach)), half: halfB, angle: angleB)
            let ra = a.shape(asRectangle: true), rb = b.shape(asRectangle: true)
            let ga = a.shape(asRectangle: false), gb = b.shape(asRectangle: false)

            let fast = Collide.rectangleSeparations(ra, rb)
            let slowA = Collide.maxSeparation(ga, 4, gb, 4), slowB = Collide.maxSeparation(gb, 4, ga, 4)
            #expect(abs(fast.separationA - slowA.separation) < 1e-9 && abs(fast.separationB - slowB.separation) < 1e-9,
                    "pair \(k): separations \(fast.separationA), \(fast.separationB) against \(slowA.separation), \(slowB.separation)")
            if fast.edgeA != slowA.edge {
                #expect(abs(separation(ga, fast.edgeA, gb) - slowA.separation) < 1e-9, "pair \(k): A's edge \(fast.edgeA) against \(slowA.edge)")
            }
            if fast.edgeB != slowB.edge {
                #expect(abs(separation(gb, fast.edgeB, ga) - slowB.separation) < 1e-9, "pair \(k): B's edge \(fast.edgeB) against \(slowB.edge)")
            }

            let margin = Tolerances.speculativeDistance
            let m = Collide.polygons(ra, rb, margin: margin), g = Collide.polygons(ga, gb, margin: margin)
            guard fast.edgeA == slowA.edge && fast.edgeB == slowB.edge else { continue }
            #expect(m.count == g.count, "pair \(k): \(m.count) points against \(g.count)")
            guard m.count == g.count, m.count > 0 else { continue }
            touching += 1
            #expect(length(m.normal - g.normal) < 1e-12, "pair \(k): normal \(m.normal) against \(g.normal)")
            for j in 0..<m.count {
                #expect(length(m.point(j).point - g.point(j).point) < 1e-9 && abs(m.point(j).separation - g.point(j).separation) < 1e-9
                        && m.point(j).id == g.point(j).id, "pair \(k) point \(j)")
            }
        }
        // the sample is not all misses
        #expect(touching > 4000, "\(touching) touching pairs")
    }

    /// The general test's separation of `other` along edge `edge` of `shape`.
    func separation(_ shape: WorldShape, _ edge: Int, _ other: WorldShape) -> Double {
        (0..<other.count).map { dot(shape.normals[edge], other.vertices[$0] - shape.vertices[edge]) }.min()!
    }

    /// A pair the separating-axis test finds apart keeps the gap, its edge's side and the
    /// pair's relative pose; `gapHolds` then says whether the test would find them apart again
    /// after each has moved and turned. 20 000 random pairs (rectangles taken as rectangles and
    /// as general quadrilaterals, any angle, margins 0 to 6 pt), each moved 4 times by up to
    /// 1.5 times its gap and turned by up to 0.5 rad: wherever the gap holds, colliding the moved
    /// pair gives no point (the skip changes no result); the gap holds in thousands of cases,
    /// and moves that break it reach points in thousands of others.
    @Test func aGapThatHoldsMeansTheTestStillFindsNoPoints() {
        var random = Mix(state: 47)
        func uniform(_ low: Double, _ high: Double) -> Double { Double.random(in: low..<high, using: &random) }
        func direction() -> Vec2 { let t = uniform(-.pi, .pi); return Vec2(cosine(t), sine(t)) }
        var held = 0, reached = 0, kept = 0
        for k in 0..<20_000 {
            let asRectangle = k % 2 == 0
            let halfA = Vec2(uniform(1, 60), uniform(1, 60)), halfB = Vec2(uniform(1, 60), uniform(1, 60))
            let reach = 1.5 * (length(halfA) + length(halfB))
            let angleA = uniform(-4, 4), angleB = uniform(-4, 4)
            let centerA = Vec2(uniform(-500, 500), uniform(-500, 500))
            let centerB = centerA + Vec2(uniform(-reach, reach), uniform(-reach, reach))
            let a = Outline(center: centerA, half: halfA, angle: angleA), b = Outline(center: centerB, half: halfB, angle: angleB)
            var m = Collide.polygons(a.shape(asRectangle: asRectangle), b.shape(asRectangle: asRectangle), margin: uniform(0, 6))
            guard m.count == 0, m.gapSide != 0 else { continue }
            kept += 1
            let onA = m.gapSide == 1
            let pose = onA ? Manifold.relativePose(centerA, Rotation(angle: angleA), centerB, Rotation(angle: angleB))
                           : Manifold.relativePose(centerB, Rotation(angle: angleB), centerA, Rotation(angle: angleA))
            m.noteGapPose(offset: pose.offset, turn: pose.turn)
            for _ in 0..<4 {
                let scale = uniform(0, 1.5) * m.gap
                let movedA = centerA + uniform(0, scale) * direction(), movedB = centerB + uniform(0, scale) * direction()
                let turnedA = angleA + uniform(-0.5, 0.5) * uniform(0, 1), turnedB = angleB + uniform(-0.5, 0.5) * uniform(0, 1)
                let a2 = Outline(center: movedA, half: halfA, angle: turnedA), b2 = Outline(center: movedB, half: halfB, angle: turnedB)
                let margin = uniform(0, 6)
                let now = onA ? Manifold.relativePose(movedA, Rotation(angle: turnedA), movedB, Rotation(angle: turnedB))
                              : Manifold.relativePose(movedB, Rotation(angle: turnedB), movedA, Rotation(angle: turnedA))
                let holds = m.gapHolds(offset: now.offset, turn: now.turn, otherExtent: length(onA ? halfB : halfA), margin: margin,
                                       rounding: onA ? Manifold.gapRounding(movedA, movedB) : Manifold.gapRounding(movedB, movedA))
                let again = Collide.polygons(a2.shape(asRectangle: asRectangle), b2.shape(asRectangle: asRectangle), margin: margin)
                if holds {
                    held += 1
                    #expect(again.count == 0, "pair \(k): the gap \(m.gap) held, yet colliding gives \(again.count) points")
                } else if again.count > 0 {
                    reached += 1
                }
            }
        }
        #expect(kept > 5000 && held > 5000 && reached > 1000, "\(kept) gaps kept, \(held) held, \(reached) moved into reach")
    }

    /// `sineAndCosine`, which turns every turning item's rotation from its angle each step in
    /// one call to the C library, gives the bits of the library's own sin and cos: 2 000 000
    /// angles from 1e-6 to 1e12 rad in size, both signs, and the edge cases.
    @Test func sineAndCosineGiveTheLibrarysBits() {
        var random = Mix(state: 61)
        let sizes = [1e-6, 0.01, 1.0, 3.2, 10.0, 1000.0, 1e6, 1e12]
        var angles: [Double] = [0, -0.0, .pi, -.pi / 2, 1e300, .infinity, -.infinity, .nan]
        for k in 0..<2_000_000 { angles.append(Double.random(in: -1..<1, using: &random) * sizes[k % sizes.count]) }
        var different = 0
        for x in angles {
            let both = sineAndCosine(x)
            if both.sin.bitPattern != sine(x).bitPattern || both.cos.bitPattern != cosine(x).bitPattern { different += 1 }
        }
        #expect(different == 0, "\(different) angles differ")
    }

    /// A contact record is 176 bytes (impulses and materials in single precision), as
    /// Contact.swift and docs/performance.md say: a crowd holds hundreds of thousands.
    @Test func aContactRecordIs176Bytes() {
        #expect(MemoryLayout<Contact>.stride == 176)
    }
}
