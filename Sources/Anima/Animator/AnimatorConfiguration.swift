/// Creation parameters of an ``Animator``.
public struct AnimatorConfiguration: Sendable {
    /// The reference bounds (points), or nil for an abstract coordinate space.
    public var referenceBounds: Rect?
    /// Internal steps per second; 30...1000. Default 120.
    public var stepRate: Double
    /// Solver sub-steps per internal step; 1...16. Default 4.
    public var substeps: Int
    /// Speed (pt/s) below which an item may come to rest. Default 2.
    public var restSpeed: Double
    /// Angular speed (rad/s) below which an item may come to rest. Default 0.035 (2 deg/s).
    public var restAngularSpeed: Double
    /// Seconds an item must stay below both speeds to come to rest. Default 0.25.
    public var restTime: Double
    /// The longest time one `advance` may consume, in seconds; 1e-3...86 400. Default 60.
    /// It bounds the work of one call (at most `maximumAdvance x stepRate` internal steps):
    /// a longer advance is refused with `.invalidArgument` instead of running for minutes.
    public var maximumAdvance: Double
    /// Threads that solve the contacts, the stepping thread included; 1...16. Default 1.
    /// Results are bit-identical for any count: each colour of the contact graph is split into
    /// fixed shares of independent lane groups (see docs/solver.md, "Workers").
    public var workers: Int

    /// Creates a configuration with the defaults above.
    public init(referenceBounds: Rect? = nil, stepRate: Double = 120, substeps: Int = 4,
                restSpeed: Double = 2, restAngularSpeed: Double = 0.035, restTime: Double = 0.25,
                maximumAdvance: Double = 60, workers: Int = 1) {
        self.referenceBounds = referenceBounds
        self.stepRate = stepRate
        self.substeps = substeps
        self.restSpeed = restSpeed
        self.restAngularSpeed = restAngularSpeed
        self.restTime = restTime
        self.maximumAdvance = maximumAdvance
        self.workers = workers
    }

    /// The largest `workers`.
    public static let maximumWorkers = 16

    func validate() throws(AnimaError) {
        if let b = referenceBounds { try validateBounds(b) }
        try requireRange(stepRate, 30, 1000, "stepRate")
        guard substeps >= 1 && substeps <= 16 else {
            throw AnimaError(.invalidArgument, "substeps must be in 1...16 (got \(substeps))")
        }
        try requirePositive(restSpeed, "restSpeed")
        try requirePositive(restAngularSpeed, "restAngularSpeed")
        try requireNonNegative(restTime, "restTime")
        if restTime > 1e7 { throw AnimaError(.invalidArgument, "restTime must be at most 1e7 s (got \(restTime))") }
        try requireRange(maximumAdvance, 1e-3, 86_400, "maximumAdvance")
        guard workers >= 1 && workers <= AnimatorConfiguration.maximumWorkers else {
            throw AnimaError(.invalidArgument, "workers must be in 1...\(AnimatorConfiguration.maximumWorkers) (got \(workers))")
        }
    }
}

func validateBounds(_ b: Rect) throws(AnimaError) {
    guard b.isFinite, b.width > 0, b.height > 0, abs(b.x) <= maximumCoordinate, abs(b.y) <= maximumCoordinate,
          b.width <= maximumCoordinate, b.height <= maximumCoordinate else {
        throw AnimaError(.invalidArgument, "reference bounds must be finite with width and height > 0 (got \(b.x), \(b.y), \(b.width), \(b.height))")
    }
}
