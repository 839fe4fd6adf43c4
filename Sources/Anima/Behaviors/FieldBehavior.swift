/// The kinds of field (UIFieldBehavior's factories).
public enum FieldKind: Int32, Sendable, CaseIterable {
    case linearGravity = 0, radialGravity, drag, velocity, vortex, spring, electric, magnetic, noise, turbulence, custom
}

/// Where a field acts, around its position.
public enum FieldRegion: Sendable, Equatable {
    /// Everywhere (the default).
    case infinite
    /// A rectangle of this size centred on the field's position.
    case rectangle(Size)
    /// A circle of this radius centred on the field's position.
    case circle(radius: Double)
    /// Everywhere except inside the given region.
    indirect case inverse(FieldRegion)

    /// Whether a point at offset `d` from the field's position is inside.
    func contains(_ d: Vec2) -> Bool {
        switch self {
        case .infinite: return true
        case .rectangle(let s): return abs(d.x) <= s.width / 2 && abs(d.y) <= s.height / 2
        case .circle(let r): return d.x * d.x + d.y * d.y <= r * r
        case .inverse(let inner): return !inner.contains(d)
        }
    }

    /// How deeply `.inverse` may nest (each level turns the region inside out once more).
    public static let maximumDepth = 16

    /// Checks the sizes (finite, >= 0) and the nesting (at most `maximumDepth` inverses).
    public func validate() throws(AnimaError) {
        var region = self, depth = 0
        while case .inverse(let inner) = region {
            depth += 1
            if depth > FieldRegion.maximumDepth {
                throw AnimaError(.invalidArgument, "a region nests .inverse at most \(FieldRegion.maximumDepth) deep (got more)")
            }
            region = inner
        }
        switch region {
        case .infinite, .inverse: return
        case .rectangle(let s):
            guard s.width.isFinite && s.height.isFinite && s.width >= 0 && s.height >= 0 else {
                throw AnimaError(.invalidArgument, "a region's size must be finite and >= 0")
            }
        case .circle(let r):
            guard r.isFinite && r >= 0 else { throw AnimaError(.invalidArgument, "a region's radius must be finite and >= 0 (got \(r))") }
        }
    }
}

/// What a custom field is given: the item's offset from the field (pt), its velocity (pt/s), mass,
/// charge and the time step; it returns a force in mass x pt / s^2.
public struct FieldSample: Sendable {
    public let position: Vec2
    public let velocity: Vec2
    public let mass: Double
    public let charge: Double
    public let deltaTime: Double
}

/// UIFieldBehavior. Forces are UIKit's (in newtons on metres, kilograms and seconds, 100 pt per
/// metre), applied as accelerations in points: a = 100 F / m pt/s^2. With r the distance from the
/// field's position in metres (at least `minimumRadius`), fall = r^-falloff and S the strength:
///   linear gravity  F = m S fall direction        (direction 1 with S = 1: 100 pt/s^2)
///   radial gravity  F = -m S fall r^             (falloff 2 by default: inverse square)
///   drag            F = -S fall |u| u, u = v - direction (m/s)
///   velocity        v = 100 direction pt/s, inside the region
///   vortex          F = (S fall / m) (u_y, -u_x) along the circle about the position (u = r^)
///   spring          F = -S fall r^              (falloff -1 by default: Hooke, -S r)
///   electric        F = q S fall r^
///   magnetic        F = q S fall (v_y, -v_x)    (v in m/s; applied as the exact turn over the step)
///   noise           a = 100 S fall N(x, t)     (a smooth random field; mass is ignored)
///   turbulence      F = m S fall |v|^2 N(x, t)
public final class FieldBehavior: Behavior {
    /// Which field, fixed at creation.
    public let fieldKind: FieldKind
    /// The field's origin in reference coordinates.
    public private(set) var position = Vec2.zero
    /// Where the field acts; default everywhere.
    public private(set) var region = FieldRegion.infinite
    /// Strength; default 1; negative inverts.
    public private(set) var strength = 1.0
    /// Exponent of the distance fall-off; defaults per kind (radial gravity 2, spring -1, electric and magnetic 1, others 0).
    public private(set) var falloff: Double
    /// Distances below this (points) count as this; default 0.01 pt.
    public private(set) var minimumRadius = 0.01
    /// Linear gravity, velocity and drag: the direction vector (UIKit units: 1 = 1 m/s^2 or 1 m/s).
    public private(set) var direction = Vec2.zero
    /// Noise and turbulence: 0 (noisy) ... 1 (smooth); default 0.
    public private(set) var smoothness = 0.0
    /// Noise and turbulence: how fast the noise changes (Hz); 0 freezes it; default 0.
    public private(set) var animationSpeed = 0.0
    /// A custom field's evaluation: force in mass x pt / s^2.
    public var evaluate: ((FieldSample) -> Vec2)? {
        didSet { detachedCallbacks.remove(.fieldEvaluation) }
    }
    /// Seconds the noise has advanced.
    var noiseTime = 0.0

    /// Creates a field of `kind` over `items`.
    public init(owner: Animator, kind: FieldKind, items: [ItemID] = []) throws(AnimaError) {
        fieldKind = kind
        switch kind {
        case .radialGravity: falloff = 2
        case .spring: falloff = -1
        case .electric, .magnetic: falloff = 1
        default: falloff = 0
        }
        try super.init(owner: owner, kind: .field, items: items)
    }

    /// A field rebuilt from a snapshot (a custom field's evaluation unset), with its noise clock.
    init(restoring owner: Animator, record r: FieldRecord) {
        fieldKind = r.kind
        position = r.position
        region = r.region
        strength = r.strength
        falloff = r.falloff
        minimumRadius = r.minimumRadius
        direction = r.direction
        smoothness = r.smoothness
        animationSpeed = r.animationSpeed
        noiseTime = r.noiseTime
        super.init(restoringOwner: owner, kind: .field)
    }

    /// Moves the field.
    public func setPosition(_ p: Vec2) throws(AnimaError) {
        try requireCoordinate(p, "position")
        position = p
        parameterChanged()
    }

    /// Sets the region.
    public func setRegion(_ r: FieldRegion) throws(AnimaError) {
        try r.validate()
        region = r
        parameterChanged()
    }

    /// Sets the strength (finite, within +/-1e9).
    public func setStrength(_ s: Double) throws(AnimaError) {
        try requireFinite(s, "strength")
        if abs(s) > 1e9 { throw AnimaError(.invalidArgument, "strength must be within +/-1e9 (got \(s))") }
        strength = s
        parameterChanged()
    }

    /// Sets the fall-off exponent (-10...10).
    public func setFalloff(_ f: Double) throws(AnimaError) {
        try requireRange(f, -10, 10, "falloff")
        falloff = f
        parameterChanged()
    }

    /// Sets the minimum radius (points, finite, > 0).
    public func setMinimumRadius(_ r: Double) throws(AnimaError) {
        try requirePositive(r, "minimum radius")
        minimumRadius = r
        parameterChanged()
    }

    /// Sets the direction (finite, components within +/-1e6).
    public func setDirection(_ d: Vec2) throws(AnimaError) {
        try requireFinite(d, "direction")
        if abs(d.x) > 1e6 || abs(d.y) > 1e6 { throw AnimaError(.invalidArgument, "direction must be within +/-1e6") }
        direction = d
        parameterChanged()
    }

    /// Sets the smoothness (0...1).
    public func setSmoothness(_ s: Double) throws(AnimaError) {
        try requireRange(s, 0, 1, "smoothness")
        smoothness = s
        parameterChanged()
    }

    /// Sets the animation speed (Hz, finite, >= 0).
    public func setAnimationSpeed(_ s: Double) throws(AnimaError) {
        try requireNonNegative(s, "animation speed")
        if s > 1e6 { throw AnimaError(.invalidArgument, "animation speed must be at most 1e6 Hz") }
        animationSpeed = s
        parameterChanged()
    }

    /// The acceleration (pt/s^2) the field gives an item at `p` moving at `v` (pt/s), of mass m
    /// and charge q; `nil` for the velocity field inside its region (it sets velocity instead).
    func acceleration(at p: Vec2, velocity v: Vec2, mass m: Double, charge q: Double, h: Double) -> Vec2 {
        let offset = p - position
        guard region.contains(offset) else { return .zero }
        let rPoints = max(length(offset), minimumRadius)
        let r = rPoints / 100
        let fall = falloff == 0 ? 1 : exponential(-falloff * logarithm(r))
        let u = rPoints > 0 && length(offset) > 0 ? offset / length(offset) : Vec2(0, 0)
        let vm = v / 100
        let S = strength
        guard m > 0 else { return .zero }
        var force = Vec2.zero   // newtons
        switch fieldKind {
        case .linearGravity: force = m * S * fall * direction
        case .radialGravity: force = -m * S * fall * u
        case .drag:
            let w = vm - direction
            force = -S * fall * length(w) * w
        case .velocity: return .zero
        case .vortex: force = (S * fall / m) * Vec2(u.y, -u.x)
        case .spring: force = -S * fall * u
        case .electric: force = q * S * fall * u
        case .magnetic:
            // dv/dt = w (v_y, -v_x) with w = q S fall / m turns v at the rate -w and keeps its
            // speed. Held over the step, that acceleration would add h |a| at right angles each
            // step and the speed would grow by sqrt(1 + (w h)^2) a step (5 % a turn at 60 Hz).
            // The field gives instead the chord: the constant acceleration that takes v to v
            // turned by -w h over the step, so a free charge keeps its speed to rounding.
            if q == 0 { return .zero }
            let w = q * S * fall / m
            guard h > 0 else { return w * Vec2(v.y, -v.x) }
            let turn = Rotation(angle: -w * h)
            return (turn.rotate(v) - v) / h
        case .noise:
            return 100 * S * fall * Noise.vector(p / noiseScale, noiseTime)
        case .turbulence: force = m * S * fall * lengthSquared(vm) * Noise.vector(p / noiseScale, noiseTime)
        case .custom:
            guard let evaluate else { return .zero }
            let f = evaluate(FieldSample(position: offset, velocity: v, mass: m, charge: q, deltaTime: h))
            return isFinite(f) ? f / m : .zero
        }
        return 100 * force / m
    }

    /// Spatial scale of the noise in points: smoother noise varies over longer distances.
    var noiseScale: Double { 100 / (1.25 / (smoothness + 1.0 / 12) - 1) }
}

/// Smooth gradient noise (Perlin's improved noise in 3D, x, y and time), deterministic, with a
/// fixed permutation. `vector` gives two decorrelated channels in -1...1.
enum Noise {
    static let permutation: [Int] = {
        // a fixed shuffle of 0...255 (a linear congruential sequence), repeated
        var p = Array(0..<256)
        var state: UInt32 = 12345
        for i in stride(from: 255, to: 0, by: -1) {
            state = state &* 1_664_525 &+ 1_013_904_223
            let j = Int(state >> 8) % (i + 1)
            p.swapAt(i, j)
        }
        return p + p
    }()

    @inline(__always) static func fade(_ t: Double) -> Double { t * t * t * (t * (t * 6 - 15) + 10) }

    @inline(__always) static func grad(_ hash: Int, _ x: Double, _ y: Double, _ z: Double) -> Double {
        let h = hash & 15
        let u = h < 8 ? x : y
        let v = h < 4 ? y : (h == 12 || h == 14 ? x : z)
        return (h & 1 == 0 ? u : -u) + (h & 2 == 0 ? v : -v)
    }

    static func noise(_ x: Double, _ y: Double, _ z: Double) -> Double {
        let fx = floorValue(x), fy = floorValue(y), fz = floorValue(z)
        let X = clampedInt(fx) & 255, Y = clampedInt(fy) & 255, Z = clampedInt(fz) & 255
        let xf = x - fx, yf = y - fy, zf = z - fz
        let u = fade(xf), v = fade(yf), w = fade(zf)
        let p = permutation
        let A = p[X] + Y, AA = p[A] + Z, AB = p[A + 1] + Z
        let B = p[X + 1] + Y, BA = p[B] + Z, BB = p[B + 1] + Z
        func lerp(_ t: Double, _ a: Double, _ b: Double) -> Double { a + t * (b - a) }
        return lerp(w,
                    lerp(v, lerp(u, grad(p[AA], xf, yf, zf), grad(p[BA], xf - 1, yf, zf)),
                         lerp(u, grad(p[AB], xf, yf - 1, zf), grad(p[BB], xf - 1, yf - 1, zf))),
                    lerp(v, lerp(u, grad(p[AA + 1], xf, yf, zf - 1), grad(p[BA + 1], xf - 1, yf, zf - 1)),
                         lerp(u, grad(p[AB + 1], xf, yf - 1, zf - 1), grad(p[BB + 1], xf - 1, yf - 1, zf - 1))))
    }

    /// Two channels of noise at a point and time.
    static func vector(_ p: Vec2, _ t: Double) -> Vec2 {
        // keep the lattice coordinates in range (the noise repeats every 256 cells anyway)
        let x = p.x.truncatingRemainder(dividingBy: 256), y = p.y.truncatingRemainder(dividingBy: 256)
        let z = t.truncatingRemainder(dividingBy: 256)
        return Vec2(noise(x, y, z), noise(x + 101.7, y + 37.3, z + 59.1))
    }
}
