extension World {
    /// Empties `list`; its storage goes too when it is large and was less than a quarter used.
    static func clearKeepingWhatWasUsed<T>(_ list: inout [T]) {
        if list.capacity > 4096 && 4 * list.count < list.capacity {
            list = []
        } else {
            list.removeAll(keepingCapacity: true)
        }
    }

    /// Gives back the spare storage of an array that holds less than a third of what it has
    /// room for (a crowd that fell and came to rest keeps a third of the pairs it had on the
    /// way down): the array is copied into storage for 1.5 times its count. Growing past that
    /// doubles it to 3 times the count it was cut at, so it is cut again only once it holds
    /// fewer than then. (Cut at half full into 1.25 times the count, a list whose count went up
    /// and down by a few percent around the cut was copied every few steps: the contacts of the
    /// 10 000-box pile, 17 MB, 1 % of its step.) With `pool`, the copy is shared by the workers
    /// (`moveShared`): the pile's contact list, cut as the pile settled, was copied on the
    /// stepping thread alone while the worker waited.
    static func releaseSpareCapacity<T>(_ array: inout [T], _ pool: SolverWorkers? = nil) {
        let count = array.count
        guard array.capacity > 3 * count && array.capacity > 4096 else { return }
        if let pool, pool.count > 1 {
            moveShared(&array, capacity: count + count / 2, pool)
            return
        }
        var slim: [T] = []
        slim.reserveCapacity(count + count / 2)
        slim.append(contentsOf: array)
        array = slim
    }

    /// Makes room in `array` for `count` elements as an append would (twice the capacity, or
    /// `count` when that is more), the elements copied into the new storage in blocks shared by
    /// the workers: a crowd's contact list (tens of megabytes) otherwise grew on one thread, its
    /// copy and the first touch of each new page while the other threads waited.
    static func reserveShared<T>(_ array: inout [T], _ count: Int, _ pool: SolverWorkers) {
        guard count > array.capacity else { return }
        moveShared(&array, capacity: max(count, 2 * array.capacity), pool)
    }

    /// Moves `array` into new storage for at least `capacity` elements (no fewer than it holds),
    /// its elements copied in blocks the workers share.
    static func moveShared<T>(_ array: inout [T], capacity: Int, _ pool: SolverWorkers) {
        let kept = array.count
        let chunk = max(1, (1 << 18) / max(1, MemoryLayout<T>.stride))   // 256 KiB a block
        let grown = array.withUnsafeBufferPointer { old in
            [T](unsafeUninitializedCapacity: capacity) { storage, initialized in
                if let from = old.baseAddress, let to = storage.baseAddress {
                    pool.forEachBlock((kept + chunk - 1) / chunk) { b, _ in
                        let start = b * chunk
                        (to + start).initialize(from: from + start, count: min(chunk, kept - start))
                    }
                }
                initialized = kept
            }
        }
        array = grown
    }
}
