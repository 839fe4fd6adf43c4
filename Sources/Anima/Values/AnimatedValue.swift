/// Identifies an animated value inside its animator (see ``Animator/createValue(_:)``). Its
/// generation comes from the process-wide counter items use, so an identifier never matches a
/// value of another animator, nor a later value that reuses a destroyed value's slot.
public struct ValueID: Hashable, Sendable, CustomStringConvertible {
    /// Slot index inside the animator (0-based).
    public let slot: Int32
    /// Generation of the value in that slot.
    public let generation: UInt32

    /// Creates an identifier from its parts (as a C handle carries them).
    public init(slot: Int32, generation: UInt32) {
        self.slot = slot
        self.generation = generation
    }

    /// "value#slot.generation".
    public var description: String { "value#\(slot).\(generation)" }
}

/// The most components a value has (a rect, an RGBA colour).
public let maximumValueComponents = 4

/// How to create an animated value: a number, or a vector of up to four, that view animations,
/// springs, keyframes and flings move as they move an item's properties (a scroll offset, a
/// sheet's height, a colour, a progress).
public struct ValueDefinition: Sendable {
    /// The initial components, 1 to 4 of them; each finite and within `range` (colours: 3 or 4
    /// components, red, green, blue and alpha, each in 0...1).
    public var components: [Double]
    /// Where the components mix (default `.components`: as they are).
    public var space: ValueSpace
    /// The smallest change a user can see, in the value's units: a spring rests once every
    /// component stays within min(0.1 % of its distance, this) of its target. Default 0.1 (a
    /// tenth of a point, for offsets and lengths) for plain values and 0.001 for colours; > 0.
    public var visibleChange: Double?
    /// The lower and upper bound of every component: an animation that would carry one past it
    /// (an overshooting spring, a fling) holds it there, and setting one outside is refused.
    /// Default -1e9...1e9 (colours: 0...1). Finite, lower < upper.
    public var lowerBound: Double?
    public var upperBound: Double?

    /// A value of `components` (1 to 4 numbers) mixing in `space`.
    public init(_ components: [Double], space: ValueSpace = .components) {
        self.components = components
        self.space = space
    }

    /// A scalar.
    public init(_ x: Double) { self.init([x]) }

    /// The visible change this definition resolves to.
    var resolvedVisibleChange: Double { visibleChange ?? (space.isColor ? 0.001 : 0.1) }
    /// The bounds this definition resolves to.
    var resolvedBounds: (Double, Double) {
        (lowerBound ?? (space.isColor ? 0 : -maximumCoordinate), upperBound ?? (space.isColor ? 1 : maximumCoordinate))
    }

    /// Throws `.invalidArgument` for a count outside 1...4 (3 or 4 for a colour), a component
    /// that is not finite or outside the bounds, bounds that are not finite and ordered, or a
    /// visible change that is not > 0.
    public func validate() throws(AnimaError) {
        let n = components.count
        guard n >= 1 && n <= maximumValueComponents else {
            throw AnimaError(.invalidArgument, "a value has 1 to \(maximumValueComponents) components (got \(n))")
        }
        if space.isColor && n < 3 {
            throw AnimaError(.invalidArgument, "a colour has 3 components (red, green, blue) or 4 (with alpha), not \(n)")
        }
        if let v = visibleChange {
            guard v.isFinite && v > 0 else { throw AnimaError(.invalidArgument, "visible change must be finite and > 0 (got \(v))") }
        }
        let (low, high) = resolvedBounds
        guard low.isFinite && high.isFinite && low < high && abs(low) <= 1e15 && abs(high) <= 1e15 else {
            throw AnimaError(.invalidArgument, "value bounds must be finite, within ±1e15, lower < upper (got \(low)...\(high))")
        }
        try ValueStore.check(components, low, high, space)
    }
}

/// The animator's values, in slots (like ``ItemStore``): a slot's components, its mixing space,
/// its bounds and its change callback.
final class ValueStore {
    /// At most this many values live at once in one animator.
    static let maximumSlots = 1 << 20

    var components: [[Double]] = []
    var generation: [UInt32] = []
    var live: [Bool] = []
    var space: [ValueSpace] = []
    var visibleChange: [Double] = []
    var lowerBound: [Double] = []
    var upperBound: [Double] = []
    var onChange: [((ValueID, [Double]) -> Void)?] = []
    /// A restored snapshot recorded a callback this slot has not been given again.
    var callbackDetached: [Bool] = []
    /// Set when a step's animation wrote the value (its callback runs in that step's callback phase).
    var changed: [Bool] = []
    var freeSlots: [Int32] = []
    /// Live slots in creation order.
    var order: [Int32] = []
    /// Slots whose value an animation wrote in the current step, in the order they were first written.
    var changedSlots: [Int32] = []

    var count: Int { order.count }

    func isLive(_ id: ValueID) -> Bool {
        id.slot >= 0 && Int(id.slot) < live.count && live[Int(id.slot)] && generation[Int(id.slot)] == id.generation
    }

    func id(_ slot: Int32) -> ValueID { ValueID(slot: slot, generation: generation[Int(slot)]) }

    /// Throws `.invalidArgument` unless every component is finite and within the bounds.
    static func check(_ c: [Double], _ low: Double, _ high: Double, _ space: ValueSpace) throws(AnimaError) {
        let what = space.isColor ? "colour component" : "value component"
        for (i, x) in c.enumerated() {
            guard x.isFinite else { throw AnimaError(.invalidArgument, "\(what) \(i) must be finite (got \(x))") }
            guard x >= low && x <= high else {
                throw AnimaError(.invalidArgument, "\(what) \(i) must be in \(low)...\(high) (got \(x))")
            }
        }
    }

    /// Slots every per-slot array has room for (see `reserveSlot`).
    private(set) var reservedSlots = 0
    /// The animator's memory budget, which growths through the gate are checked against.
    var budget: MemoryBudget? = nil

    /// What the store's checked storage holds, in bytes: its per-slot arrays.
    var heldBytes: Int { reservedSlots * ValueStore.bytesPerSlot }

    /// Makes sure the next `allocate` allocates nothing (a value's components are its
    /// definition's array, shared, not copied): when the arrays are full, their room doubles
    /// through `MemoryGate`, the list of changed slots with them, so that a step writing every
    /// value allocates nothing either. Throws `.outOfMemory` with nothing changed.
    func reserveSlot(_ caller: String) throws(AnimaError) {
        let count = freeSlots.isEmpty || order.count >= order.capacity ? components.count : 0
        guard let grown = try MemoryGate.slotRoom(count: count, reserved: reservedSlots, limit: ValueStore.maximumSlots,
                                                  bytesPerSlot: ValueStore.bytesPerSlot, budget: budget,
                                                  "\(caller): the value storage")
        else { return }
        func room<T>(_ array: inout [T]) { array.reserveCapacity(grown) }
        room(&components); room(&generation); room(&live); room(&space); room(&visibleChange)
        room(&lowerBound); room(&upperBound); room(&onChange); room(&callbackDetached); room(&changed)
        room(&freeSlots); room(&order); room(&changedSlots)
        reservedSlots = grown
    }

    /// The bytes one slot takes in the arrays `reserveSlot` grows.
    static let bytesPerSlot: Int = {
        func b<T>(_: T.Type) -> Int { MemoryLayout<T>.stride }
        return b([Double].self) + b(UInt32.self) + b(Bool.self) + b(ValueSpace.self) + 3 * b(Double.self)
            + b(((ValueID, [Double]) -> Void)?.self) + 2 * b(Bool.self) + 3 * b(Int32.self)
    }()

    func allocate(_ def: ValueDefinition, generation g: UInt32 = Generation.next()) -> ValueID {
        let (low, high) = def.resolvedBounds
        let slot: Int32
        if let free = freeSlots.popLast() {
            slot = free
            let s = Int(slot)
            components[s] = def.components
            generation[s] = g
            live[s] = true
            space[s] = def.space
            visibleChange[s] = def.resolvedVisibleChange
            lowerBound[s] = low
            upperBound[s] = high
            onChange[s] = nil
            callbackDetached[s] = false
            changed[s] = false
        } else {
            slot = Int32(components.count)
            components.append(def.components)
            generation.append(g)
            live.append(true)
            space.append(def.space)
            visibleChange.append(def.resolvedVisibleChange)
            lowerBound.append(low)
            upperBound.append(high)
            onChange.append(nil)
            callbackDetached.append(false)
            changed.append(false)
        }
        order.append(slot)
        return ValueID(slot: slot, generation: g)
    }

    func free(_ slot: Int) {
        live[slot] = false
        onChange[slot] = nil
        callbackDetached[slot] = false
        if changed[slot] {
            changed[slot] = false
            changedSlots.removeAll { $0 == Int32(slot) }
        }
        order.removeAll { $0 == Int32(slot) }
        freeSlots.append(Int32(slot))
    }

    /// Writes components held within the slot's bounds; marks the slot changed when they differ.
    /// Components that are not finite are not written.
    func write(_ slot: Int, _ v: [Double]) {
        let low = lowerBound[slot], high = upperBound[slot]
        var c = components[slot]
        var differs = false
        for i in c.indices where i < v.count {
            let x = min(max(v[i], low), high)
            guard x.isFinite else { return }
            if x != c[i] { c[i] = x; differs = true }
        }
        guard differs else { return }
        components[slot] = c
        if !changed[slot] {
            changed[slot] = true
            changedSlots.append(Int32(slot))
        }
    }
}
