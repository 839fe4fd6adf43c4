import Testing
import Synchronization
@testable import Anima

/// The worker threads' jobs (`SolverWorkers.forEachBlock`): every block of a job runs exactly
/// once, whatever the number of blocks against the number of threads, on a thread whose index
/// is in range, and every block's writes are seen by the caller when the job returns.
@Suite struct SolverWorkersTests {
    @Test func everyBlockRunsExactlyOnce() {
        for threads in [2, 3, 4] {
            let pool = SolverWorkers(count: threads)
            #expect(pool.count >= 1 && pool.count <= threads)
            // fewer blocks than threads, a few per thread, uneven cuts, many small blocks
            for blocks in [0, 1, 2, 3, 5, 7, 8, 63, 64, 65, 1000, 4097] {
                let hits = UnsafeMutablePointer<Int>.allocate(capacity: max(blocks, 1))
                hits.initialize(repeating: 0, count: max(blocks, 1))
                defer { hits.deallocate() }
                let badWorker = Atomic<Int>(0)
                pool.forEachBlock(blocks) { b, w in
                    hits[b] += 1
                    if w < 0 || w >= pool.count { badWorker.wrappingAdd(1, ordering: .relaxed) }
                }
                let once = (0..<blocks).allSatisfy { hits[$0] == 1 }
                #expect(once, "\(blocks) blocks on \(pool.count) threads: counts \((0..<min(blocks, 16)).map { hits[$0] })")
                #expect(badWorker.load(ordering: .relaxed) == 0)
            }
        }
    }

    /// Many jobs one after the other (a step runs hundreds): each sums its blocks' values, and
    /// every sum is the one thread's.
    @Test func consecutiveJobsEachSeeEveryBlock() {
        let pool = SolverWorkers(count: 2)
        let blocks = 37
        let values = UnsafeMutablePointer<Int>.allocate(capacity: blocks)
        defer { values.deallocate() }
        for job in 0..<500 {
            values.initialize(repeating: 0, count: blocks)
            pool.forEachBlock(blocks) { b, _ in values[b] = job * 100 + b }
            var sum = 0
            for b in 0..<blocks { sum += values[b] }
            #expect(sum == blocks * job * 100 + blocks * (blocks - 1) / 2, "job \(job)")
        }
    }

    /// Pools made and released one after the other, each with its runs of blocks in memory of
    /// its own (one cache line a thread) and its threads joined on release: each job still runs
    /// every block once, and a pool asked for one thread or none runs on the caller alone.
    @Test func poolsComeAndGo() {
        for round in 0..<40 {
            let asked = round % 5   // 0 and 1: no worker thread
            let pool = SolverWorkers(count: asked)
            #expect(pool.count >= 1 && pool.count <= max(asked, 1))
            let blocks = 17 + round
            let hits = Atomic<Int>(0)
            pool.forEachBlock(blocks) { b, _ in hits.wrappingAdd(b + 1, ordering: .relaxed) }
            #expect(hits.load(ordering: .relaxed) == blocks * (blocks + 1) / 2, "round \(round)")
        }
    }

    /// The cut of a thread's share of a colour (`Animator.shrinkingCut`) covers the share's lane
    /// groups once, in order, with blocks that never grow: from about 2 / 16 of a large share
    /// down to at most a group or two at its end.
    @Test func shrinkingBlocksCoverAShareOnceAndShrink() {
        let blocks = World.colorBlocksPerWorker
        for size in [0, 1, 3, 7, 16, 100, 257, 1000, 4096] {
            let cuts = (0...blocks).map { World.shrinkingCut($0, of: size, blocks: blocks) }
            #expect(cuts.first == 0 && cuts.last == size, "share of \(size): cuts \(cuts)")
            let sizes = zip(cuts, cuts.dropFirst()).map { $1 - $0 }
            #expect(sizes.allSatisfy { $0 >= 0 }, "share of \(size): blocks \(sizes)")
            // each block at most one group larger than the one before (integer rounding)
            #expect(zip(sizes, sizes.dropFirst()).allSatisfy { $1 <= $0 + 1 }, "share of \(size): blocks \(sizes)")
            if size >= 1000 {
                #expect(sizes[0] >= size / blocks && sizes[blocks - 1] <= size / blocks / 4,
                        "share of \(size): first \(sizes[0]), last \(sizes[blocks - 1])")
            }
        }
    }
}
