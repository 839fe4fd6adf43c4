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

    /// A contact record is 176 bytes (impulses and materials in single precision), as
    /// Contact.swift and docs/performance.md say: a crowd holds hundreds of thousands.
    @Test func aContactRecordIs176Bytes() {
        #expect(MemoryLayout<Contact>.stride == 176)
    }
}
