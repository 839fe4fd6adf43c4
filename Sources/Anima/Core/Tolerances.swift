/// Solver tolerances, in points (Box2D's metre values x 100, UIKit's 100 pt per metre).
enum Tolerances {
    /// Allowed overlap that the solver does not fight: 0.005 m.
    static let linearSlop = 0.5
    /// Contacts closer than this are kept as speculative points: 4 x slop.
    static let speculativeDistance = 2.0
    /// Bounce only above this approach speed (1 m/s).
    static let restitutionThreshold = 100.0
    /// Largest speed the solver uses to push overlapping items apart (3 m/s).
    static let maxPushOutSpeed = 300.0
    /// Contact stiffness (Hz) and damping ratio of the soft contact constraint. The stiffness is
    /// an eighth of the sub-step rate (60 Hz at the default 120 x 4; Box2D's 30 Hz at 60 x 4),
    /// capped at `contactHertz`. Stiffer contacts make Gauss-Seidel creep sideways in tall
    /// stacks; at this ratio a stack settles by (load / weight) x g / w^2 per contact, 0.007 pt
    /// per box carried at 60 Hz, and stands.
    static let contactHertz = 120.0
    static let contactStiffnessPerSubstepRate = 0.125
    static let contactDampingRatio = 10.0
    /// Speed cap (pt/s) that keeps the integration finite.
    static let maxLinearSpeed = 1.0e5
    /// Angular speed cap (rad/s).
    static let maxAngularSpeed = 1.0e3
}
