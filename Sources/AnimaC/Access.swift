import Anima
import CAnima

// The two shapes most behavior exports have: read one value into an out pointer, or hand the
// behavior one value. Each resolves the handle first (its errors: INVALID_HANDLE, or
// INVALID_ARGUMENT naming the kind the export takes), then checks the out pointer or the
// value, then calls the engine, whose errors become statuses.

/// Reads one value of a behavior: the handle resolved by `find`, `out` checked (NULL is named
/// `name`), then `get`'s value written.
@inline(__always)
func readBehavior<B, T>(_ function: StaticString, _ find: (anima_behavior) throws(Failure) -> B, _ behavior: anima_behavior,
                        _ out: UnsafeMutablePointer<T>?, _ name: String, _ get: (B) -> T) -> anima_status {
    run(function) { () throws(Failure) in
        let b = try find(behavior)
        guard let out else { throw Failure.null(name) }
        out.pointee = get(b)
    }
}

/// Changes a behavior: the handle resolved by `find`, then `set`.
@inline(__always)
func writeBehavior<B>(_ function: StaticString, _ find: (anima_behavior) throws(Failure) -> B, _ behavior: anima_behavior,
                      _ set: (B) throws(AnimaError) -> Void) -> anima_status {
    run(function) { () throws(Failure) in
        let b = try find(behavior)
        try engine { () throws(AnimaError) in try set(b) }
    }
}

/// Changes a behavior with a point: the handle resolved by `find`, the point checked finite
/// (named `name`), then `set`.
@inline(__always)
func writeBehavior<B>(_ function: StaticString, _ find: (anima_behavior) throws(Failure) -> B, _ behavior: anima_behavior,
                      _ point: anima_vec2, _ name: String, _ set: (B, Vec2) throws(AnimaError) -> Void) -> anima_status {
    run(function) { () throws(Failure) in
        let b = try find(behavior)
        let p = try finite(point, name)
        try engine { () throws(AnimaError) in try set(b, p) }
    }
}

extension anima_vec2 {
    /// The C form of an engine vector.
    init(_ v: Vec2) { self.init(x: v.x, y: v.y) }
}
