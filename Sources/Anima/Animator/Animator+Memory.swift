extension Animator {
    /// The bytes counted for a behavior or a view animation beside the storage it grows: the
    /// object, its item list and its place in the animator's lists.
    static let objectBytes = 512

    /// The most bytes this animator's storage may hold, or nil for no limit (the default).
    /// A growth that would take it past the limit (more items, values, contacts, behaviors,
    /// animations) is refused with `.outOfMemory`, as a refused allocation is, and changes
    /// nothing; lowering the limit below what is held frees nothing, it only refuses growth.
    /// Throws `.invalidArgument` for a limit below 1.
    public var memoryBudget: Int? {
        world.memoryBudget.limit > 0 ? world.memoryBudget.limit : nil
    }

    /// Sets or clears (nil) the memory budget; see ``memoryBudget``.
    public func setMemoryBudget(_ bytes: Int?) throws(AnimaError) {
        if let bytes, bytes < 1 {
            throw AnimaError(.invalidArgument, "a memory budget must be 1 byte or more, or none (got \(bytes))")
        }
        world.memoryBudget.limit = bytes ?? 0
    }

    /// What this animator's storage holds, in bytes, as the memory budget counts it: the item
    /// and value stores' arrays, the step's storage (each item slot's share counted from the
    /// moment the slot is reserved, and the contacts' room at their largest, constraint and
    /// all), and a fixed share for each behavior and view animation. It is counted from the
    /// arrays' room, not asked of the allocator, and errs high: a million falling items with
    /// their speculative contacts count 3 116 MB where the process holds 1 655 MB resident.
    public var memoryHeld: Int {
        store.heldBytes + values.heldBytes + world.heldStepBytes
            + (objectsHeld + animations.count) * Animator.objectBytes
    }

    /// Wires the stores to the budget (at creation).
    func connectMemoryBudget() {
        let budget = world.memoryBudget
        store.budget = budget
        values.budget = budget
        budget.held = { [unowned self] in self.memoryHeld }
    }

    /// Checks, before anything changes, that an object of about `bytes` (a behavior, an
    /// animation) can be had and fits the budget; `what` names the call.
    func admitObject(_ bytes: Int, _ what: @autoclosure () -> String) throws(AnimaError) {
        try MemoryGate.check(bytes: bytes, counted: bytes, budget: world.memoryBudget, what())
    }

    /// For tests: checks the animator's structures against each other, as debug builds do after
    /// every step (see `validationFailure()`). Throws `.invalidState` naming the first
    /// cross-reference that does not hold (a bug of the engine), and `.busy` inside a step.
    public func checkConsistency() throws(AnimaError) {
        guard !isStepping else { throw AnimaError(.busy, "the consistency check cannot run inside a step") }
        if let failure = validationFailure() { throw AnimaError(.invalidState, "inconsistent: \(failure)") }
    }
}
