#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Threads that share the heavy stages of one animator's step with the thread that steps it
/// (`AnimatorConfiguration.workers`): outlines, the pair search, the contact update and the
/// wide contact solver's passes. A stage is a job of numbered blocks of independent work, cut
/// into one run of blocks per thread; every thread in the job claims blocks from its own run's
/// atomic counter, then from the others' until none is left (`forEachBlock`). A counter is
/// written by one thread until its run is nearly done, so a claim seldom moves a cache line
/// between cores (one counter for all blocks did at every claim: 12 % of the samples of a
/// two-thread step with small blocks). Box2D v3's workers likewise start each stage at blocks
/// of their own and then take others'.
/// Anything a block writes depends on the block alone (and, for scratch records, on the thread's
/// own index), so the result does not depend on which thread did what, nor on how many there
/// are: Box2D v3's promise of identical results for any worker count, kept the same way (its
/// `solver.c` splits each colour of its constraint graph into blocks that workers claim).
///
/// The stepping thread never waits for a thread that has not joined a job: a worker joins only
/// while the job is open, and the stepping thread closes it once every block is claimed, then
/// waits for the blocks in progress. A worker that the system has not scheduled in time costs
/// nothing but its help. A worker with no job spins on an atomic word for about a hundred
/// microseconds, then blocks on a condition variable until the next job (a spinning thread would
/// take cycles from the stepping thread on machines whose cores share a physical core).
final class SolverWorkers: @unchecked Sendable {
    /// Threads in all, the stepping thread included (1 when no thread could be started).
    private(set) var count: Int
    private var threads: [pthread_t] = []
    /// The job word: generation in the high 32 bits, then the open bit, then how many workers
    /// are inside the job.
    private let state = Atomic<UInt64>(0)
    private static let openBit: UInt64 = 1 << 31
    private static let insideMask: UInt64 = (1 << 31) - 1
    /// Per thread, the run of blocks of the current job it starts with: the next block to
    /// hand out and the run's end, one cache line each (`BlockRun`). Raw memory, not objects:
    /// reading a class instance out of an array retained and released it, an atomic write to
    /// its reference count, which lay beside the counter in the same line (four such writes
    /// per thread and job, each taking the line from the other core).
    private let runs: UnsafeMutablePointer<BlockRun>
    private let runCapacity: Int
    /// Workers blocked on the condition variable, waiting for a job.
    private let sleepers = Atomic<Int>(0)
    private let stopping = Atomic<Bool>(false)
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// The job being run; written by the stepping thread before it opens the job.
    private var job: ((Int) -> Void)?
    /// Spins (about a hundred microseconds) before a worker with no job blocks, and before the
    /// stepping thread, waiting for blocks in progress, yields its core. A tenth of it let the
    /// worker fall asleep 28 times in each step of the 10 000-box pile, in the stepping
    /// thread's short serial stretches, each time to be woken by a system call; now twice.
    private static let spinLimit = 100_000

    /// Starts up to `count - 1` threads, no more than the processors online less one: more
    /// threads than processors only wait for each other. If the system refuses a thread, fewer
    /// run (the results are the same for any count).
    init(count: Int) {
        self.count = 1
        runCapacity = max(count, 1)
        runs = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<BlockRun>.stride * runCapacity, alignment: 64)
            .bindMemory(to: BlockRun.self, capacity: runCapacity)
        assert(MemoryLayout<BlockRun>.stride == 64, "a run takes one cache line")
        for w in 0..<runCapacity { (runs + w).initialize(to: BlockRun()) }
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
        let processors = max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1)
        for index in 1..<max(min(count, processors), 1) {
            let start = Unmanaged.passRetained(WorkerStart(pool: self, index: index)).toOpaque()
            var thread = pthread_t()
            let status = pthread_create(&thread, nil, { argument in
                let start = Unmanaged<WorkerStart>.fromOpaque(argument!).takeRetainedValue()
                start.pool.work(start.index)
                return nil
            }, start)
            if status != 0 {
                Unmanaged<WorkerStart>.fromOpaque(start).release()
                break
            }
            threads.append(thread)
            self.count += 1
        }
    }

    deinit {
        stopping.store(true, ordering: .releasing)
        pthread_mutex_lock(mutex)
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
        for thread in threads { pthread_join(thread, nil) }
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        condition.deallocate()
        _ = runs.deinitialize(count: runCapacity)
        UnsafeMutableRawPointer(runs).deallocate()
    }

    /// Runs `body(block, worker)` for every block 0..<blocks, each exactly once, on whichever
    /// thread claims it first; `worker` is the thread's index (0 for the calling thread), for
    /// scratch space of its own. Returns when every block is done. Writes made before the call
    /// are visible to every block, and the blocks' writes to the caller afterwards.
    func forEachBlock(_ blocks: Int, _ body: (_ block: Int, _ worker: Int) -> Void) {
        if threads.isEmpty || blocks <= 1 {
            for b in 0..<blocks { body(b, 0) }
            return
        }
        let jobStart = PhaseClock.start()
        defer { PhaseClock.job(from: jobStart) }
        withoutActuallyEscaping(body) { body in
            let runs = self.runs, threads = count
            let claim = { (worker: Int) in
                // its own run first, then the others' (each block is handed out once: a run's
                // counter gives each number once, and numbers past the run's end are dropped).
                // A run is read before it is counted on: the last look at an emptied run, most
                // often the other thread's, then shares its line instead of taking it.
                for r in 0..<threads {
                    let run = runs + (worker + r) % threads
                    let end = run.pointee.end
                    while run.pointee.next.load(ordering: .relaxed) < end {
                        let b = run.pointee.next.wrappingAdd(1, ordering: .relaxed).oldValue
                        if b >= end { break }
                        PhaseClock.block(on: worker) { body(b, worker) }
                    }
                }
            }
            withoutActuallyEscaping(claim) { claim in
                job = claim
                for w in 0..<threads {
                    runs[w].next.store(w * blocks / threads, ordering: .relaxed)
                    runs[w].end = (w + 1) * blocks / threads
                }
                let generation = (state.load(ordering: .relaxed) >> 32) &+ 1
                state.store(generation << 32 | SolverWorkers.openBit, ordering: .sequentiallyConsistent)
                // a worker blocks only after it has counted itself and seen no new job, so one of
                // the two sees the other (both sequentially consistent)
                if sleepers.load(ordering: .sequentiallyConsistent) > 0 {
                    pthread_mutex_lock(mutex)
                    pthread_cond_broadcast(condition)
                    pthread_mutex_unlock(mutex)
                }
                claim(0)
                // every block is claimed: close the job, then wait for those inside it
                var current = state.bitwiseAnd(~SolverWorkers.openBit, ordering: .acquiringAndReleasing).newValue
                var spins = 0
                while current & SolverWorkers.insideMask != 0 {
                    spins += 1
                    if spins > SolverWorkers.spinLimit { sched_yield() }
                    current = state.load(ordering: .acquiring)
                }
                job = nil
            }
        }
    }

    /// A worker's loop: join each job that is still open when it sees it, claim its blocks,
    /// leave; block when no job comes for a while.
    private func work(_ index: Int) {
        var seen = state.load(ordering: .acquiring) >> 32
        var spins = 0
        while !stopping.load(ordering: .acquiring) {
            var current = state.load(ordering: .acquiring)
            if current >> 32 != seen {
                seen = current >> 32
                spins = 0
                // join while the job is open (another worker joining at the same time only retries)
                while current >> 32 == seen && current & SolverWorkers.openBit != 0 {
                    let (joined, found) = state.compareExchange(expected: current, desired: current + 1,
                                                                ordering: .acquiringAndReleasing)
                    if joined {
                        job?(index)
                        state.wrappingSubtract(1, ordering: .releasing)
                        break
                    }
                    current = found
                }
                continue
            }
            spins += 1
            if spins <= SolverWorkers.spinLimit { continue }
            // no job for a while (the stepping thread works alone, or the animator is not
            // stepping): block until the next one
            pthread_mutex_lock(mutex)
            sleepers.wrappingAdd(1, ordering: .sequentiallyConsistent)
            while state.load(ordering: .sequentiallyConsistent) >> 32 == seen && !stopping.load(ordering: .acquiring) {
                pthread_cond_wait(condition, mutex)
            }
            sleepers.wrappingSubtract(1, ordering: .sequentiallyConsistent)
            pthread_mutex_unlock(mutex)
            spins = 0
        }
    }
}

/// A thread's run of blocks in a job: the next block to hand out and the run's end (written
/// before the job opens). 64 bytes, in memory aligned to 64, so that each has a cache line.
private struct BlockRun: ~Copyable {
    let next = Atomic<Int>(0)
    var end = 0
    private let padding: (Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0)
}

/// What a worker thread starts with.
private final class WorkerStart {
    unowned(unsafe) let pool: SolverWorkers
    let index: Int
    init(pool: SolverWorkers, index: Int) {
        self.pool = pool
        self.index = index
    }
}
