/// A manually managed array of trivial values for the solver's per-step data: a fixed address,
/// no copy-on-write and no exclusivity bookkeeping in the hot loops. Its owner frees it.
struct ScratchBuffer<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int
    var count = 0
    /// Whether all `capacity` elements hold a value (see `resize(_:filling:)`).
    private var filled = false

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
            filled = false
        }
        count = n
    }

    /// Makes room for `n` elements and sets the count to `n`. Memory it allocates is filled with
    /// `value`, so a slot the caller has not written since reads as a defined value, never as
    /// uninitialised memory; contents are otherwise kept only up to the old capacity's worth of
    /// what the caller wrote (they are not copied on growth).
    mutating func resize(_ n: Int, filling value: Element) {
        if n > capacity {
            base.deallocate()
            capacity = max(n, 2 * capacity)
            base = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
            filled = false
        }
        if !filled {
            base.initialize(repeating: value, count: capacity)
            filled = true
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
            filled = false
        }
        (base + count).initialize(to: value)
        count += 1
    }

    /// Adds `k` elements at the end for the caller to write next (trivial element types only:
    /// they are not initialised), growing and keeping the contents when full.
    @inline(__always) mutating func extend(by k: Int) {
        if count + k > capacity {
            let bigger = UnsafeMutablePointer<Element>.allocate(capacity: max(2 * capacity, count + k))
            bigger.moveInitialize(from: base, count: count)
            base.deallocate()
            base = bigger
            capacity = max(2 * capacity, count + k)
            filled = false
        }
        count += k
    }

    @inline(__always) subscript(i: Int) -> Element {
        get { base[i] }
        nonmutating set { base[i] = newValue }
    }

    /// Gives the storage back, keeping none of the contents, when it holds room for more than
    /// four times `used` elements and more than 16 384 in all.
    mutating func releaseIfMostlyUnused(used: Int) {
        guard capacity > 16_384 && capacity > 4 * used else { return }
        base.deallocate()
        capacity = max(16, used)
        base = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        count = 0
        filled = false
    }

    func free() { base.deallocate() }
}
