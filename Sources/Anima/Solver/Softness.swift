/// Soft-constraint coefficients for one sub-step (Catto, "Solver2D", 2024; also Box2D v3).
/// A constraint of stiffness `hertz` and damping ratio `zeta`, solved implicitly over a
/// sub-step h, gives, with w = 2 pi hertz:
///   a1 = 2 zeta + h w,  a2 = h w a1,  a3 = 1 / (1 + a2)
///   biasRate = w / a1,  massScale = a2 a3,  impulseScale = a3.
/// hertz = 0 means rigid: biasRate 0, massScale 1, impulseScale 0.
struct Softness {
    var biasRate: Double
    var massScale: Double
    var impulseScale: Double

    init(biasRate: Double, massScale: Double, impulseScale: Double) {
        self.biasRate = biasRate
        self.massScale = massScale
        self.impulseScale = impulseScale
    }

    init(hertz: Double, dampingRatio zeta: Double, substep h: Double) {
        if hertz == 0 {
            biasRate = 0
            massScale = 1
            impulseScale = 0
            return
        }
        let omega = 2 * Double.pi * hertz
        let a1 = 2 * zeta + h * omega
        let a2 = h * omega * a1
        let a3 = 1 / (1 + a2)
        biasRate = omega / a1
        massScale = a2 * a3
        impulseScale = a3
    }
}
