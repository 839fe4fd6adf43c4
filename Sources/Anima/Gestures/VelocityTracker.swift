/// The velocity of a pointer from its recent samples, as Android's VelocityTracker finds it: a
/// least-squares fit of x(t) and y(t) over the samples of the last ``horizon`` (100 ms), here a
/// quadratic (Android's "LSQ2" strategy) when three or more samples span the window and a straight
/// line for two, differentiated at the newest sample.
///
/// Timing noise does not pull the estimate around the way a two-sample difference does, and a
/// single sample that arrives late (with a time before the newest one's) is put in time order
/// rather than read as a jump backward; a sample with the same time as one already held replaces
/// it. A pause longer than ``stopTime`` (40 ms, Android's ASSUME_POINTER_STOPPED_TIME) between two
/// samples starts a new gesture, and ``velocity(at:)`` reads zero once the pointer has not moved
/// for that long, so a finger that stops before it lifts flings nothing.
///
/// Times are in seconds (any origin, increasing), points in any unit; velocities in units/s.
public struct VelocityTracker: Sendable, Equatable {
    /// The most samples kept (Android keeps 20).
    public static let capacity = 20
    /// The window of the fit: samples older than the newest by more than this are ignored.
    public static let horizon = 0.1
    /// A gap between samples after which the pointer counts as having stopped.
    public static let stopTime = 0.04

    /// The samples held, oldest first: (time, point).
    public private(set) var samples: [(time: Double, point: Vec2)] = []

    public init() { samples.reserveCapacity(Self.capacity) }

    /// A tracker holding `samples` as they are, checked: at most ``capacity``, finite, in strictly
    /// increasing time (the form ``add(time:point:)`` keeps). Throws `.invalidArgument` otherwise.
    public init(samples: [(time: Double, point: Vec2)]) throws(AnimaError) {
        guard samples.count <= Self.capacity else {
            throw AnimaError(.invalidArgument, "a tracker holds at most \(Self.capacity) samples (got \(samples.count))")
        }
        for (k, sample) in samples.enumerated() {
            guard sample.time.isFinite && sample.point.x.isFinite && sample.point.y.isFinite else {
                throw AnimaError(.invalidArgument, "sample \(k) is not finite")
            }
            guard k == 0 || samples[k - 1].time < sample.time else {
                throw AnimaError(.invalidArgument, "sample \(k) is not later than sample \(k - 1)")
            }
        }
        self.samples = samples
    }

    public static func == (a: VelocityTracker, b: VelocityTracker) -> Bool {
        a.samples.count == b.samples.count && zip(a.samples, b.samples).allSatisfy { $0.time == $1.time && $0.point == $1.point }
    }

    /// Forgets every sample.
    public mutating func reset() { samples.removeAll(keepingCapacity: true) }

    /// Adds a pointer sample. Throws `.invalidArgument` for a time or point that is not finite.
    public mutating func add(time: Double, point: Vec2) throws(AnimaError) {
        guard time.isFinite else { throw AnimaError(.invalidArgument, "time must be finite (got \(time))") }
        guard point.x.isFinite && point.y.isFinite else {
            throw AnimaError(.invalidArgument, "point must be finite (got (\(point.x), \(point.y)))")
        }
        if let newest = samples.last?.time, time - newest > Self.stopTime {
            samples.removeAll(keepingCapacity: true)     // the pointer had stopped: a new gesture
        }
        // in time order; a late sample slides back to its place, an equal time replaces
        var index = samples.count
        while index > 0 && samples[index - 1].time > time { index -= 1 }
        if index > 0 && samples[index - 1].time == time {
            samples[index - 1].point = point
            return
        }
        if index == 0 && samples.count == Self.capacity { return }   // older than everything kept
        samples.insert((time, point), at: index)
        if samples.count > Self.capacity { samples.removeFirst() }
    }

    /// The velocity at the newest sample; zero with fewer than two samples in the window.
    public var velocity: Vec2 { fit() }

    /// The velocity at `time` (the moment the pointer lifted, say): zero when the newest sample
    /// is more than ``stopTime`` older than `time` (the pointer had stopped), else ``velocity``.
    public func velocity(at time: Double) -> Vec2 {
        guard let newest = samples.last?.time, time.isFinite, time - newest <= Self.stopTime else { return .zero }
        return fit()
    }

    /// Least squares over the window, in times relative to the newest sample (s = t - t_newest,
    /// all in [-horizon, 0]): x(s) = a0 + a1 s (+ a2 s^2); the velocity is a1, the slope at s = 0.
    private func fit() -> Vec2 {
        guard let newest = samples.last else { return .zero }
        var n = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0
        var x0 = 0.0, x1 = 0.0, x2 = 0.0, y0 = 0.0, y1 = 0.0, y2 = 0.0
        var oldest = 0.0
        for sample in samples.reversed() {
            let s = sample.time - newest.time
            if s < -Self.horizon { break }
            let dx = sample.point.x - newest.point.x, dy = sample.point.y - newest.point.y
            n += 1; s1 += s; s2 += s * s; s3 += s * s * s; s4 += s * s * s * s
            x0 += dx; x1 += dx * s; x2 += dx * s * s
            y0 += dy; y1 += dy * s; y2 += dy * s * s
            oldest = s
        }
        if n < 2 || oldest == 0 { return .zero }
        // the quadratic needs three samples spread over at least 10 ms to be better posed than
        // the line; normal equations [n s1 s2; s1 s2 s3; s2 s3 s4] a = [x0 x1 x2], a1 by Cramer
        if n >= 3 && oldest <= -0.01 {
            let det = n * (s2 * s4 - s3 * s3) - s1 * (s1 * s4 - s3 * s2) + s2 * (s1 * s3 - s2 * s2)
            if det > 0 {
                let c1 = -(s1 * s4 - s2 * s3), c2 = n * s4 - s2 * s2, c3 = -(n * s3 - s1 * s2)
                return Vec2((c1 * x0 + c2 * x1 + c3 * x2) / det, (c1 * y0 + c2 * y1 + c3 * y2) / det)
            }
        }
        // the straight line: slope = (n sum(s x) - sum(s) sum(x)) / (n sum(s^2) - sum(s)^2)
        let d = n * s2 - s1 * s1
        if d <= 0 { return .zero }
        return Vec2((n * x1 - s1 * x0) / d, (n * y1 - s1 * y0) / d)
    }
}
