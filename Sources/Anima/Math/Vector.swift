/// A 2D vector or point in points (pt/s for velocities). y grows downward.
public typealias Vec2 = SIMD2<Double>

@inline(__always) func dot(_ a: Vec2, _ b: Vec2) -> Double { a.x * b.x + a.y * b.y }

/// The z component of the 3D cross product a x b.
@inline(__always) func cross(_ a: Vec2, _ b: Vec2) -> Double { a.x * b.y - a.y * b.x }

/// w x r for a scalar angular velocity w: the velocity of a point at offset r.
@inline(__always) func cross(_ w: Double, _ r: Vec2) -> Vec2 { Vec2(-w * r.y, w * r.x) }

/// The vector turned by -90 degrees in math orientation: (y, -x). Used as the contact tangent.
@inline(__always) func rightPerp(_ v: Vec2) -> Vec2 { Vec2(v.y, -v.x) }

@inline(__always) func lengthSquared(_ v: Vec2) -> Double { v.x * v.x + v.y * v.y }

@inline(__always) func length(_ v: Vec2) -> Double { (v.x * v.x + v.y * v.y).squareRoot() }

@inline(__always) func isFinite(_ v: Vec2) -> Bool { v.x.isFinite && v.y.isFinite }

/// A rotation stored as cosine and sine. rotate((1, 0)) = (c, s); with y down a positive
/// angle turns clockwise on screen.
struct Rotation {
    var c: Double
    var s: Double

    static let identity = Rotation(c: 1, s: 0)

    @inline(__always) init(c: Double, s: Double) {
        self.c = c
        self.s = s
    }

    @inline(__always) init(angle: Double) {
        (s, c) = sineAndCosine(angle)
    }

    /// q v: [c -s; s c] v.
    @inline(__always) func rotate(_ v: Vec2) -> Vec2 { Vec2(c * v.x - s * v.y, s * v.x + c * v.y) }

    /// q^T v.
    @inline(__always) func inverseRotate(_ v: Vec2) -> Vec2 { Vec2(c * v.x + s * v.y, -s * v.x + c * v.y) }

    /// First-order update q + dθ q⊥, renormalised (the sub-step rotation update of
    /// Catto's soft step; the exact angle is accumulated separately).
    @inline(__always) func integrated(by deltaAngle: Double) -> Rotation {
        let nc = c - deltaAngle * s
        let ns = s + deltaAngle * c
        let mag = (nc * nc + ns * ns).squareRoot()
        let inv = mag > 0 ? 1 / mag : 0
        return Rotation(c: nc * inv, s: ns * inv)
    }
}

