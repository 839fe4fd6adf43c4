import Anima
import CAnima

// The two shapes most getters and setters have: read one value into an out pointer, or hand the
// object one value. Each resolves the handle first (its errors: INVALID_HANDLE, or for a
// behavior INVALID_ARGUMENT naming the kind the export takes), then checks the out pointer or
// the value, then calls the engine, whose errors become statuses.

/// Reads one value of an object: the handle resolved by `find`, `out` checked (NULL is named
/// `name`), then `get`'s value written.
@inline(__always)
func readValue<Handle, Object, T>(_ function: StaticString, _ find: (Handle) throws(Failure) -> Object, _ handle: Handle,
                                  _ out: UnsafeMutablePointer<T>?, _ name: String, _ get: (Object) -> T) -> anima_status {
    run(function) { () throws(Failure) in
        let b = try find(handle)
        guard let out else { throw Failure.null(name) }
        out.pointee = get(b)
    }
}

/// Changes an object: the handle resolved by `find`, then `set`.
@inline(__always)
func writeValue<Handle, Object>(_ function: StaticString, _ find: (Handle) throws(Failure) -> Object, _ handle: Handle,
                                _ set: (Object) throws(AnimaError) -> Void) -> anima_status {
    run(function) { () throws(Failure) in
        let b = try find(handle)
        try engine { () throws(AnimaError) in try set(b) }
    }
}

/// Changes an object with a point: the handle resolved by `find`, the point checked finite
/// (named `name`), then `set`.
@inline(__always)
func writeValue<Handle, Object>(_ function: StaticString, _ find: (Handle) throws(Failure) -> Object, _ handle: Handle,
                                _ point: anima_vec2, _ name: String, _ set: (Object, Vec2) throws(AnimaError) -> Void) -> anima_status {
    run(function) { () throws(Failure) in
        let b = try find(handle)
        let p = try finite(point, name)
        try engine { () throws(AnimaError) in try set(b, p) }
    }
}

/// The start of every `anima_<kind>_create` that takes a def: the animator resolved, then `def`
/// and `out` checked (NULL gives INVALID_ARGUMENT naming "def" or "out_behavior").
@inline(__always)
func creation<Def>(_ animator: anima_animator, _ def: UnsafePointer<Def>?, _ out: UnsafeMutablePointer<anima_behavior>?)
    throws(Failure) -> (AnimatorBox, UnsafePointer<Def>, UnsafeMutablePointer<anima_behavior>) {
    let box = try resolve(animator)
    guard let def else { throw Failure.null("def") }
    guard let out else { throw Failure.null("out_behavior") }
    return (box, def, out)
}

extension anima_vec2 {
    /// The C form of an engine vector.
    init(_ v: Vec2) { self.init(x: v.x, y: v.y) }
}
