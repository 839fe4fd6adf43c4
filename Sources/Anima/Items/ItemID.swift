/// Identifies an item inside its animator. Generations come from one process-wide counter,
/// so an identifier never matches an item of another animator, nor a later item that
/// reuses a destroyed item's slot.
public struct ItemID: Hashable, Sendable, CustomStringConvertible {
    /// Slot index inside the animator (0-based).
    public let slot: Int32
    /// Generation of the object in that slot.
    public let generation: UInt32

    /// Creates an identifier from its parts (as a C handle carries them).
    public init(slot: Int32, generation: UInt32) {
        self.slot = slot
        self.generation = generation
    }

    /// "item#slot.generation".
    public var description: String { "item#\(slot).\(generation)" }
}

/// The process-wide generation counter shared by every animator (and by the C layer's
/// handle tables). Thread-safe.
public enum Generation {
    private static let counter = GenerationCounter()

    /// A fresh, never zero generation.
    public static func next() -> UInt32 { counter.next() }

    /// Moves the counter on to at least `generation`, so that every later `next()` is larger
    /// (until the counter wraps): a restored snapshot's generations are never handed out again.
    public static func advance(past generation: UInt32) { counter.advance(past: generation) }
}

final class GenerationCounter: @unchecked Sendable {
    private var value: UInt32 = 0
    private let lock = SpinLock()

    func next() -> UInt32 {
        lock.lock()
        defer { lock.unlock() }
        value &+= 1
        if value == 0 { value = 1 }
        return value
    }

    func advance(past generation: UInt32) {
        lock.lock()
        defer { lock.unlock() }
        if value < generation { value = generation }
    }
}
