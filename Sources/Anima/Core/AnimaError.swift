/// An error from the engine: a code a C caller can map to a status, and a sentence.
public struct AnimaError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, in categories that match the C status codes.
    public enum Code: Int32, Sendable {
        /// A value was NaN, infinite, out of range or otherwise unusable.
        case invalidArgument = 1
        /// A handle or identifier names nothing alive (destroyed, stale, or of another animator).
        case invalidHandle = 2
        /// A handle of another kind was given.
        case wrongKind = 3
        /// A capacity limit was reached.
        case outOfMemory = 4
        /// The call is not allowed from inside a callback.
        case busy = 5
        /// An identifier or member is not there.
        case notFound = 6
        /// The object cannot do that in its current state.
        case invalidState = 7
        /// An output buffer is too small.
        case bufferTooSmall = 8
        /// A callback interrupted the running advance or step.
        case interrupted = 9
    }

    /// The category.
    public var code: Code
    /// A human sentence naming the argument and the value.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

@inline(__always) func requireFinite(_ value: Double, _ name: String) throws(AnimaError) {
    if !value.isFinite { throw AnimaError(.invalidArgument, "\(name) must be finite (got \(value))") }
}

@inline(__always) func requireFinite(_ value: Vec2, _ name: String) throws(AnimaError) {
    if !value.x.isFinite || !value.y.isFinite {
        throw AnimaError(.invalidArgument, "\(name) must be finite (got (\(value.x), \(value.y)))")
    }
}

@inline(__always) func requireRange(_ value: Double, _ low: Double, _ high: Double, _ name: String) throws(AnimaError) {
    if !(value >= low && value <= high) {
        throw AnimaError(.invalidArgument, "\(name) must be in \(low)...\(high) (got \(value))")
    }
}

@inline(__always) func requireNonNegative(_ value: Double, _ name: String) throws(AnimaError) {
    if !(value.isFinite && value >= 0) {
        throw AnimaError(.invalidArgument, "\(name) must be finite and >= 0 (got \(value))")
    }
}

/// `requireNonNegative`, then at most `high` (a whole number, named with its unit if it has one).
@inline(__always) func requireNonNegative(_ value: Double, atMost high: Double, _ name: String, unit: String = "") throws(AnimaError) {
    try requireNonNegative(value, name)
    if value > high {
        throw AnimaError(.invalidArgument, "\(name) must be at most \(Int(high))\(unit.isEmpty ? "" : " " + unit) (got \(value))")
    }
}

@inline(__always) func requirePositive(_ value: Double, _ name: String) throws(AnimaError) {
    if !(value.isFinite && value > 0) {
        throw AnimaError(.invalidArgument, "\(name) must be finite and > 0 (got \(value))")
    }
}

/// The largest coordinate magnitude accepted, in points. Beyond it Double spacing is coarser than
/// a thousandth of a point and sums may overflow.
public let maximumCoordinate = 1.0e9

/// The largest speed accepted from callers, in pt/s.
public let maximumSpeed = 1.0e7

@inline(__always) func requireCoordinate(_ value: Vec2, _ name: String) throws(AnimaError) {
    try requireFinite(value, name)
    if abs(value.x) > maximumCoordinate || abs(value.y) > maximumCoordinate {
        throw AnimaError(.invalidArgument, "\(name) must be within +/-\(maximumCoordinate) pt (got (\(value.x), \(value.y)))")
    }
}

@inline(__always) func requireSpeed(_ value: Vec2, _ name: String) throws(AnimaError) {
    try requireFinite(value, name)
    if abs(value.x) > maximumSpeed || abs(value.y) > maximumSpeed {
        throw AnimaError(.invalidArgument, "\(name) must be within +/-\(maximumSpeed) pt/s (got (\(value.x), \(value.y)))")
    }
}

@inline(__always) func requireAngularSpeed(_ value: Double, _ name: String) throws(AnimaError) {
    try requireFinite(value, name)
    if abs(value) > 1.0e6 {
        throw AnimaError(.invalidArgument, "\(name) must be within +/-1e6 rad/s (got \(value))")
    }
}
