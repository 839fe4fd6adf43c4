import Synchronization

/// A minimal lock over an atomic flag (no Foundation). Holds are a few instructions long.
final class SpinLock: @unchecked Sendable {
    private let flag = Atomic<Bool>(false)

    func lock() {
        while true {
            if flag.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged { return }
            while flag.load(ordering: .relaxed) {}
        }
    }

    func unlock() {
        flag.store(false, ordering: .releasing)
    }
}
