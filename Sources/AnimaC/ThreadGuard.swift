import CAnima
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// The thread guard: one animator, one thread at a time, enforced (docs/c-api.md, "Threading").
//
// Every animator's box has an owner: 0, or the token of the thread that is inside it. A handle
// is resolved and its animator entered in one critical section of the registry's lock
// (Registry.enter): a free animator becomes the calling thread's, one the calling thread owns
// already is used as it is (a callback calling the API during advance, or two handles of one
// animator in one call), and one another thread owns gives ANIMA_ERR_BUSY. The thread keeps the
// animator until the exported function that entered it returns: `run` opens a scope that notes
// how many animators the thread holds, and closes it by giving back those entered since. A
// callback's own calls open scopes inside the outer call's, so they never give back what the
// outer call holds. Destroying an animator removes it from the registry while its thread holds
// it, so no other thread can find it, let alone enter it, afterwards.
//
// The cost on the calls that do least (a getter) is two reads of the thread's record
// (pthread_getspecific), a load and a store of the owner inside the lock the registry took
// already, and a releasing store when the call returns: `make bench`'s call_cost measures it
// against a library built with -D ANIMA_NO_THREAD_GUARD, which leaves the guard out.

/// The calling thread's record: the animators it holds, in the order it entered them.
struct ThreadRecord {
    /// The boxes entered and not yet given back (unretained: the registry keeps a box alive
    /// while it is registered, and a destroyed box is kept alive for its thread until it leaves).
    var entered: UnsafeMutablePointer<Unmanaged<AnimatorBox>>
    var count: Int
    var capacity: Int
    #if ANIMA_VALIDATE
    /// Exported calls in progress on this thread; entering outside one would hold the animator for ever.
    var scopes: Int
    #endif
}

private let recordKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { p in
        // a thread that exits holds no animator: every call it made has returned
        guard let record = p?.assumingMemoryBound(to: ThreadRecord.self) else { return }
        record.pointee.entered.deallocate()
        record.deinitialize(count: 1)
        record.deallocate()
    }
    return key
}()

enum ThreadGuard {
    /// The message of ANIMA_ERR_BUSY for a call made while another thread is inside the animator.
    static let busyMessage = "another thread is using this animator (one animator, one thread at a time; docs/c-api.md, Threading)"

    static var busy: Failure { Failure(ANIMA_ERR_BUSY, busyMessage) }

    /// The calling thread's record, made on its first call.
    @inline(__always)
    static var current: UnsafeMutablePointer<ThreadRecord> {
        if let p = pthread_getspecific(recordKey) { return p.assumingMemoryBound(to: ThreadRecord.self) }
        return makeRecord()
    }

    @inline(never)
    private static func makeRecord() -> UnsafeMutablePointer<ThreadRecord> {
        let record = UnsafeMutablePointer<ThreadRecord>.allocate(capacity: 1)
        let capacity = 8
        #if ANIMA_VALIDATE
        record.initialize(to: ThreadRecord(entered: .allocate(capacity: capacity), count: 0, capacity: capacity, scopes: 0))
        #else
        record.initialize(to: ThreadRecord(entered: .allocate(capacity: capacity), count: 0, capacity: capacity))
        #endif
        pthread_setspecific(recordKey, record)
        return record
    }

    /// The token that marks a box as the calling thread's: the address of its record.
    @inline(__always)
    static func token(_ record: UnsafeMutablePointer<ThreadRecord>) -> UInt { UInt(bitPattern: record) }

    /// Notes that the thread now holds `box` (called under the registry's lock, once per box).
    @inline(__always)
    static func push(_ box: Unmanaged<AnimatorBox>, _ record: UnsafeMutablePointer<ThreadRecord>) {
        #if ANIMA_VALIDATE
        precondition(record.pointee.scopes > 0, "an animator was entered outside an exported call's scope")
        #endif
        if record.pointee.count == record.pointee.capacity { grow(record) }
        record.pointee.entered[record.pointee.count] = box
        record.pointee.count += 1
    }

    @inline(never)
    private static func grow(_ record: UnsafeMutablePointer<ThreadRecord>) {
        let capacity = 2 * record.pointee.capacity
        let entered = UnsafeMutablePointer<Unmanaged<AnimatorBox>>.allocate(capacity: capacity)
        entered.moveInitialize(from: record.pointee.entered, count: record.pointee.count)
        record.pointee.entered.deallocate()
        record.pointee.entered = entered
        record.pointee.capacity = capacity
    }

    /// A scope: the thread's record and how many boxes it held when the scope opened.
    struct Scope {
        let record: UnsafeMutablePointer<ThreadRecord>
        let mark: Int
    }

    /// Opens the scope of an exported call.
    @inline(__always)
    static func open() -> Scope {
        let record = current
        #if ANIMA_VALIDATE
        record.pointee.scopes += 1
        #endif
        return Scope(record: record, mark: record.pointee.count)
    }

    /// Closes the scope of an exported call: gives back every box entered since it opened.
    @inline(__always)
    static func close(_ scope: Scope) {
        #if ANIMA_VALIDATE
        scope.record.pointee.scopes -= 1
        #endif
        if scope.record.pointee.count > scope.mark { leave(scope) }
    }

    @inline(never)
    private static func leave(_ scope: Scope) {
        let record = scope.record
        while record.pointee.count > scope.mark {
            record.pointee.count -= 1
            let entry = record.pointee.entered[record.pointee.count]
            let destroyed = entry._withUnsafeGuaranteedRef { box in
                let destroyed = box.keptUntilLeave
                box.owner.store(0, ordering: .releasing)
                return destroyed
            }
            // the reference anima_animator_destroy kept for this moment: the box may go now
            if destroyed { entry.release() }
        }
    }
}

/// Runs an export's body; on failure records "function: message" and returns the status.
@inline(__always)
private func status(_ function: StaticString, _ body: () throws(Failure) -> Void) -> anima_status {
    do {
        try body()
        return ANIMA_OK
    } catch {
        setLastError("\(function): \(error.message)")
        return error.status
    }
}

#if ANIMA_NO_THREAD_GUARD
/// Runs an export's body (the build without the thread guard, for `make bench`'s comparison only).
@inline(__always)
func run(_ function: StaticString, _ body: () throws(Failure) -> Void) -> anima_status { status(function, body) }

/// Runs the body of an export that returns a value without a status.
@inline(__always)
func guarded<T>(_ body: () -> T) -> T { body() }
#else
/// Runs an export's body in a scope of the thread guard (see `status`). Every animator the body
/// enters is given back when it returns.
@inline(__always)
func run(_ function: StaticString, _ body: () throws(Failure) -> Void) -> anima_status {
    let scope = ThreadGuard.open()
    defer { ThreadGuard.close(scope) }
    return status(function, body)
}

/// Runs the body of an export that returns a value without a status (anima_item_is_valid and
/// the like) in a scope of the thread guard.
@inline(__always)
func guarded<T>(_ body: () -> T) -> T {
    let scope = ThreadGuard.open()
    defer { ThreadGuard.close(scope) }
    return body()
}

#endif
