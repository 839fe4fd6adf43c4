#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The gate every checked growth of the engine's storage passes before it changes any state.
///
/// A Swift array that cannot get memory ends the process. So storage that a call can grow is
/// grown only here, in two moves: first all of the new buffers' bytes are asked of `malloc` at
/// once, while the old buffers are held (and given back), which is where a failure can be seen
/// and reported as `.outOfMemory`; then the arrays reserve their room one by one, which needs no
/// more than the trial held (each array's old buffer is freed as its new one is made). Until the
/// next growth, appends stay inside the reserved room and allocate nothing.
///
/// Tests fail the n-th checked allocation of a thread from a given moment
/// (`failAllocation(after:)`), as SQLite's tests fail its n-th `malloc`, and see that the call
/// reports `.outOfMemory` and leaves the animator as it was.
enum MemoryGate {
    /// Checked allocations left on this thread before the injected failure (0: none armed),
    /// kept per thread so that one test's failure never falls on another's animator.
    private static let countdownKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
    /// Checked allocations the thread has asked for.
    private static let madeKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Arms a failure on the calling thread: its `n`-th checked allocation from now fails
    /// (n >= 1), and every one after it succeeds again; `n == 0` disarms.
    static func failAllocation(after n: Int) {
        pthread_setspecific(countdownKey, UnsafeRawPointer(bitPattern: max(0, n)))
    }

    /// How many checked allocations the calling thread has asked for so far (the failure points
    /// a test can arm, one by one).
    static var allocationsAsked: Int { Int(bitPattern: pthread_getspecific(madeKey)) }

    /// Whether `bytes` can be had now, for a growth that adds `counted` bytes to what the
    /// animator holds as its budget counts it (the new buffers less the old ones they replace,
    /// and what the budget counts ahead, such as an item slot's share of the step's storage).
    /// Throws `.outOfMemory`, naming `what` and the size, when an injected failure falls on this
    /// allocation, when the growth would take `budget`'s animator past its limit, or when
    /// `malloc` refuses the bytes.
    static func check(bytes: Int, counted: Int = 0, budget: MemoryBudget? = nil,
                      _ what: @autoclosure () -> String) throws(AnimaError) {
        pthread_setspecific(madeKey, UnsafeRawPointer(bitPattern: allocationsAsked &+ 1))
        let armed = Int(bitPattern: pthread_getspecific(countdownKey))
        if armed > 0 {
            pthread_setspecific(countdownKey, UnsafeRawPointer(bitPattern: armed - 1))
            if armed == 1 { throw refusal(bytes, what(), injected: true) }
        }
        if let budget, budget.limit > 0 {
            let held = budget.held()
            let after = held &+ max(0, counted)
            if after > budget.limit {
                throw AnimaError(.outOfMemory, "out of memory: \(what()) needs \(bytes) bytes, past the animator's memory budget of \(budget.limit) bytes (\(held) held); nothing was changed")
            }
        }
        guard bytes > 0 else { return }
        guard let trial = malloc(bytes) else { throw refusal(bytes, what(), injected: false) }
        // the address escapes into memory others can read, so the optimiser cannot fold the
        // trial away as an allocation nobody uses (it would, and the check would pass always)
        trialSink.store(Int(bitPattern: trial), ordering: .relaxed)
        free(trial)
    }

    private static let trialSink = Atomic<Int>(0)

    private static func refusal(_ bytes: Int, _ what: String, injected: Bool) -> AnimaError {
        AnimaError(.outOfMemory, "out of memory: \(what) needs \(bytes) bytes, which could not be had\(injected ? " (an injected failure)" : ""); nothing was changed")
    }

    /// For a store of per-slot arrays holding `count` slots in room for `reserved`: the room it
    /// must grow to before one more slot, already checked (the new buffers' bytes, whole, since
    /// each old buffer is held until its new one is made), or nil when it has room.
    /// `countedPerSlot` is what the budget counts for a slot (`bytesPerSlot` and any storage
    /// counted ahead for it).
    static func slotRoom(count: Int, reserved: Int, limit: Int, bytesPerSlot: Int, countedPerSlot: Int? = nil,
                         budget: MemoryBudget? = nil, _ what: @autoclosure () -> String) throws(AnimaError) -> Int? {
        guard count >= reserved else { return nil }
        let grown = grownCapacity(count: count, extra: 1, limit: limit)
        try check(bytes: grown * bytesPerSlot, counted: (grown - reserved) * (countedPerSlot ?? bytesPerSlot), budget: budget,
                  "\(what()), grown from \(reserved) to \(grown) slots,")
        return grown
    }

    /// The capacity a storage of `count` elements grows to when it needs room for `extra` more:
    /// at least double (16 at first), capped at `limit`.
    static func grownCapacity(count: Int, extra: Int, limit: Int = Int.max / 2) -> Int {
        let needed = count + extra
        return min(max(needed, count * 2, 16), max(needed, limit))
    }
}

/// An animator's limit on the bytes its storage may hold (0: none), and how to count what it holds
/// now; `MemoryGate.check` refuses a growth that would take it past the limit.
final class MemoryBudget {
    /// The most bytes the animator's storage may hold; 0 for no limit.
    var limit = 0
    /// What the animator's storage holds now, in bytes (set by the animator).
    var held: () -> Int = { 0 }
}

/// Fault injection for tests of out-of-memory handling, from Swift and through the C and Python
/// interfaces: the calling thread's n-th checked growth of the engine's storage fails with
/// `.outOfMemory`, as a refused `malloc` would (docs/reliability.md, "Out of memory").
public enum AllocationFaults {
    /// Makes the calling thread's `n`-th checked growth from now fail (n >= 1); 0 disarms.
    /// Throws `.invalidArgument` for a negative `n`.
    public static func failAllocation(after n: Int) throws(AnimaError) {
        guard n >= 0 else { throw AnimaError(.invalidArgument, "the allocation to fail must be 1 or more, or 0 to disarm (got \(n))") }
        MemoryGate.failAllocation(after: n)
    }

    /// How many checked growths the calling thread has asked for.
    public static var allocationCount: Int { MemoryGate.allocationsAsked }

    /// A growth of `bytes` outside the engine's own storage (the C interface's handle tables and
    /// event arrays), checked as the engine's are: throws `.outOfMemory` naming `what` when an
    /// injected failure falls on it or `malloc` refuses the bytes.
    public static func checkRoom(bytes: Int, _ what: @autoclosure () -> String) throws(AnimaError) {
        try MemoryGate.check(bytes: bytes, what())
    }
}
