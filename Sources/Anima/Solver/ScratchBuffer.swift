/// A manually managed array of trivial values for the solver's per-step data: a fixed address,
/// no copy-on-write and no exclusivity bookkeeping in the hot loops. Its owner frees it.
struct ScratchBuffer<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int
    var count = 0

    init() {
        capacity = 16
        base = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
    }

    /// Makes room for `n` elements (contents are not preserved) and sets the count to `n`.
    mutating func resize(_ n: Int) {
        if n > capacity {
            base.deallocate()
            capacity = max(n, 2 * capacity)
            base = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        }
        count = n
    }

    /// Appends one element, growing (and keeping the contents) when full.
    @inline(__always) mutating func append(_ value: Element) {
        if count == capacity {
            let bigger = UnsafeMutablePointer<Element>.allocate(capacity: 2 * capacity)
            bigger.moveInitialize(from: base, count: count)
            base.deallocate()
            base = bigger
            capacity *= 2
        }
        (base + count).initialize(to: value)
        count += 1
    }

    @inline(__always) subscript(i: Int) -> Element {
        get { base[i] }
        nonmutating set { base[i] = newValue }
    }

    func free() { base.deallocate() }
}
