#if ANIMA_PHASE_CLOCK
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#endif

/// Wall time per stage of the step, on the thread that steps; per stage, the workers' jobs, what
/// they cost that thread beyond its own blocks, and the other threads' time in blocks (the rest
/// of the stage's time they waited): the figures of `make phase-profile` (bench/phases.py), which
/// show where a step's time goes with one thread and with workers. Compiled in only with
/// `-D ANIMA_PHASE_CLOCK` (never in a shipped library): without it every function here is empty
/// and inlined away. With it, an animator's deinit writes the totals to standard error as one
/// line of JSON when the environment has `ANIMA_PHASES` set. The totals are the process's, for a
/// profile of one animator stepped on one thread.
enum PhaseClock {
    /// The stages, in the order a step runs them; `mark(_:)` adds the time since the last mark.
    enum Stage: Int, CaseIterable {
        case geometry, refit, contactUpdate, queue, treeCopy, search, newContacts, contactsKept
        case gather, prepare, pack, substeps, impulses, writeBack, afterSolve

        var name: String {
            switch self {
            case .geometry: "view animations, outlines and swept boxes"
            case .refit: "fat boxes moved"
            case .contactUpdate: "contact update and constraints"
            case .queue: "pair search: moved proxies ordered and marked"
            case .treeCopy: "pair search: tree rebuilt and copied"
            case .search: "pair search: tree walks"
            case .newContacts: "new contacts"
            case .contactsKept: "contact lists kept"
            case .gather: "bodies gathered, colours"
            case .prepare: "constraints and joints prepared"
            case .pack: "lanes packed"
            case .substeps: "sub-steps"
            case .impulses: "impulses stored, touching states"
            case .writeBack: "bodies written back"
            case .afterSolve: "events, callbacks, rest"
            }
        }
    }

    #if ANIMA_PHASE_CLOCK
    nonisolated(unsafe) private static var totals = [Double](repeating: 0, count: Stage.allCases.count)
    nonisolated(unsafe) private static var last = 0.0
    nonisolated(unsafe) private static var steps = 0
    /// The stage running now (the one after the last mark), for the blocks' times.
    nonisolated(unsafe) private static var current = 0
    /// Per worker thread (1...; the last row shared by any beyond it), per stage, the time in
    /// the blocks it ran: a row of 16 entries (128 bytes) each, so that threads write apart.
    nonisolated(unsafe) private static var workerBlocks = [Double](repeating: 0, count: 16 * 16)
    /// Per stage, the jobs run in it and the stepping thread's time in them beyond its blocks.
    nonisolated(unsafe) private static var stageJobs = [Int](repeating: 0, count: Stage.allCases.count)
    nonisolated(unsafe) private static var stageBeyond = [Double](repeating: 0, count: Stage.allCases.count)
    /// The same since the last mark, not yet given to a stage (reported in the totals, so that a
    /// job outside the marked stages shows).
    nonisolated(unsafe) private static var pendingJobs = 0
    nonisolated(unsafe) private static var pendingBeyond = 0.0

    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }
    #endif

    /// A step begins: the next mark counts from here.
    @inline(__always) static func beginStep() {
        #if ANIMA_PHASE_CLOCK
        steps += 1
        last = now()
        current = 0
        #endif
    }

    /// `stage` ends: the time since the last mark is added to it.
    @inline(__always) static func mark(_ stage: Stage) {
        #if ANIMA_PHASE_CLOCK
        let t = now()
        totals[stage.rawValue] += t - last
        last = t
        current = (stage.rawValue + 1) % Stage.allCases.count
        stageJobs[stage.rawValue] += pendingJobs
        stageBeyond[stage.rawValue] += pendingBeyond
        pendingJobs = 0
        pendingBeyond = 0
        #endif
    }

    /// A job of the workers began at `start` (`now()`) on the stepping thread and ends now.
    @inline(__always) static func job(from start: Double) {
        #if ANIMA_PHASE_CLOCK
        pendingJobs += 1
        pendingBeyond += now() - start
        #endif
    }

    /// Runs block `body` of a job on thread `worker`; on the stepping thread (0) its time is
    /// taken out of the job's time beyond that thread's blocks, on a worker it is added to that
    /// worker's time in blocks of the stage.
    @inline(__always) static func block(on worker: Int, _ body: () -> Void) {
        #if ANIMA_PHASE_CLOCK
        let t = now()
        body()
        let spent = now() - t
        if worker == 0 {
            pendingBeyond -= spent
        } else {
            workerBlocks[16 * min(worker, 15) + current] += spent
        }
        #else
        body()
        #endif
    }

    /// The time now, for `job(from:)` (0 without the clock).
    @inline(__always) static func start() -> Double {
        #if ANIMA_PHASE_CLOCK
        return now()
        #else
        return 0
        #endif
    }

    /// Writes the totals as one line of JSON to standard error, when `ANIMA_PHASES` is set.
    static func report() {
        #if ANIMA_PHASE_CLOCK
        guard getenv("ANIMA_PHASES") != nil, steps > 0 else { return }
        /// A JSON object of one figure per stage.
        func byStage(_ figure: (Int) -> String) -> String {
            "{" + Stage.allCases.map { "\"\($0.name)\": \(figure($0.rawValue))" }.joined(separator: ", ") + "}"
        }
        let jobs = stageJobs.reduce(pendingJobs, +), beyond = stageBeyond.reduce(pendingBeyond, +)
        let line = "{\"steps\": \(steps), \"jobs\": \(jobs), \"beyond_seconds\": \(beyond)"
            + ", \"stages\": " + byStage { "\(totals[$0])" }
            + ", \"worker_block_seconds\": " + byStage { k in "\((1..<16).reduce(0.0) { $0 + workerBlocks[16 * $1 + k] })" }
            + ", \"stage_jobs\": " + byStage { "\(stageJobs[$0])" }
            + ", \"stage_beyond_seconds\": " + byStage { "\(stageBeyond[$0])" } + "}\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
        #endif
    }
}
