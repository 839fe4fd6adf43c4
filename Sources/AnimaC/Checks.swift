import Anima
import CAnima

// The checks every export makes of what a C caller gives before it reaches the engine: finite
// numbers, buffers and their capacities, strings, and the cookies of the def structs.

func finite(_ x: Double, _ name: String) throws(Failure) {
    if !x.isFinite { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "\(name) must be finite (got \(x))") }
}

func finite(_ v: anima_vec2, _ name: String) throws(Failure) -> Vec2 {
    if !v.x.isFinite || !v.y.isFinite {
        throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "\(name) must be finite (got (\(v.x), \(v.y)))")
    }
    return Vec2(v.x, v.y)
}

func capacityCheck(_ capacity: Int32, _ pointer: UnsafeMutableRawPointer?, _ name: String) throws(Failure) {
    if capacity < 0 { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "capacity must be >= 0 (got \(capacity))") }
    if capacity > 0 && pointer == nil { throw Failure.null(name) }
}

/// Copies `values` into a caller array (capacity elements) and reports the count.
func copyOut<C, S>(_ values: [S], _ convert: (S) -> C, _ out: UnsafeMutablePointer<C>?, _ capacity: Int32,
                   _ outCount: UnsafeMutablePointer<Int32>?, _ name: String) throws(Failure) {
    guard let outCount else { throw Failure.null("out_count") }
    try capacityCheck(capacity, UnsafeMutableRawPointer(out), name)
    outCount.pointee = Int32(clamping: values.count)
    if values.count > Int(capacity) {
        throw Failure(ANIMA_ERR_BUFFER_TOO_SMALL, "\(name) holds \(capacity) but \(values.count) are needed")
    }
    if let out {
        for (i, v) in values.enumerated() { out[i] = convert(v) }
    }
}

func cString(_ p: UnsafePointer<CChar>?, _ name: String) throws(Failure) -> String {
    guard let p else { throw Failure.null(name) }
    // invalid UTF-8 is refused rather than repaired, so two different byte strings never name one boundary
    guard let s = String(validatingCString: p) else {
        throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "\(name) must be UTF-8 text (it holds an invalid byte sequence)")
    }
    if s.isEmpty { throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "\(name) must not be empty") }
    return s
}

// MARK: cookies

enum Cookie {
    static let animator: UInt32 = 0x414E_0001
    static let item: UInt32 = 0x414E_0002
    static let gravity: UInt32 = 0x414E_0003
    static let collision: UInt32 = 0x414E_0004
    static let itemBehavior: UInt32 = 0x414E_0005
    static let attachment: UInt32 = 0x414E_0006
    static let push: UInt32 = 0x414E_0007
    static let field: UInt32 = 0x414E_0008

    static func check(_ cookie: UInt32, _ expected: UInt32, _ what: String) throws(Failure) {
        if cookie != expected {
            throw Failure(ANIMA_ERR_INVALID_ARGUMENT, "def was not initialised by anima_default_\(what)_def() (bad cookie)")
        }
    }
}
