import Dispatch
import Foundation
import Synchronization
import ViewModelKit

/// Runs the nonisolated work of loads started on virtual time on the session's own thread: the
/// executor those loads prefer (see `LoadExecution`).
///
/// A session on virtual time waits after each command until the loads it started are asleep on
/// the clock. With their work queued here, it runs them there and then (``runPending()``), so a
/// load reaches its sleep with no hand-off between threads; work queued while no command runs
/// (a network answer, a sleeper the clock woke) is run from the main queue.
@available(macOS 15.0, *)
final class LoadJobQueue: TaskExecutor, @unchecked Sendable {
    /// The one queue every session shares: they all run on the main actor.
    static let shared = LoadJobQueue()

    /// At most this many jobs run in one go on the session's thread; a load that never stops
    /// working is left to the main queue rather than holding up the session.
    private static let jobsPerTurn = 256

    /// How many jobs wait: read without the lock, so a command that queued nothing pays two loads.
    private let queued = Atomic<Int>(0)
    /// A session is handling a command and runs what is queued before it finishes.
    private let hostIsRunning = Atomic<Bool>(false)
    /// What the lock guards.
    private struct State {
        var jobs: [UnownedJob] = []
        var head = 0
        /// A drain from the main queue is on its way.
        var drainScheduled = false
        /// The thread running jobs in ``runPending()`` now, if any.
        var drainingThread: pthread_t?
    }

    /// Guards ``unguardedState``. An `NSLock` (a pthread mutex), not a `Mutex`: on Linux a `Mutex`
    /// is a futex the thread sanitizer cannot see, so every job queued from another thread was
    /// reported as a data race and the sanitized run stopped (one run in about sixty).
    private let lock = NSLock()
    /// Read and written only with ``lock`` held (``withState(_:)``).
    nonisolated(unsafe) private var state = State()

    /// Runs `body` on the state with the lock held.
    private func withState<Result>(_ body: (inout State) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        enqueue(UnownedJob(job))
    }

    /// Queues a job: a load's, or one the runtime would have run on its global executor (``GlobalJobs``).
    func enqueue(_ job: UnownedJob) {
        let schedule: Bool = withState { state in
            state.jobs.append(job)
            queued.add(1, ordering: .sequentiallyConsistent)
            // Either this sees the host running, or the host sees this job when it stops.
            guard !hostIsRunning.load(ordering: .sequentiallyConsistent), !state.drainScheduled else { return false }
            state.drainScheduled = true
            return true
        }
        if schedule { scheduleDrain() }
    }

    /// Runs `body` (a command) with the loads it starts preferring this queue and the queue's jobs
    /// left to the caller, then runs them.
    @MainActor
    func running<Result>(_ body: () -> Result) -> Result {
        let outer = LoadExecution.prefer(self)
        defer { _ = LoadExecution.prefer(outer) }
        hostIsRunning.store(true, ordering: .sequentiallyConsistent)
        let result = body()
        runPending()
        hostIsRunning.store(false, ordering: .sequentiallyConsistent)
        if queued.load(ordering: .sequentiallyConsistent) > 0 { scheduleDrainIfNeeded() }
        return result
    }

    /// Runs the jobs queued now and those they queue, up to ``jobsPerTurn``; `true` if any ran.
    @MainActor
    @discardableResult
    func runPending() -> Bool {
        guard queued.load(ordering: .sequentiallyConsistent) > 0 else { return false }
        let me = pthread_self()
        withState { $0.drainingThread = me }
        var ran = 0
        while ran < Self.jobsPerTurn, let job = next() {
            job.runSynchronously(on: asUnownedTaskExecutor())
            ran += 1
        }
        withState { $0.drainingThread = nil }
        return ran > 0
    }

    /// Whether the calling thread is running this queue's jobs: a load falling asleep there needs
    /// to wake nobody, as the session looks at the clock as soon as the job returns.
    var isRunningOnThisThread: Bool {
        let me = pthread_self()
        return withState { $0.drainingThread.map { pthread_equal($0, me) != 0 } ?? false }
    }

    /// How many jobs the queue holds, those already run and not yet dropped included (for tests).
    var storedJobCount: Int {
        withState { $0.jobs.count }
    }

    private func next() -> UnownedJob? {
        withState { state in
            guard state.head < state.jobs.count else {
                state.jobs.removeAll(keepingCapacity: true)
                state.head = 0
                return nil
            }
            let job = state.jobs[state.head]
            state.head += 1
            // A queue that never empties (a task that yields for ever, queued again as it runs) drops
            // the jobs it ran once they are half of it: its memory stays bounded by what waits.
            if state.head >= 1024, state.head * 2 >= state.jobs.count {
                state.jobs.removeFirst(state.head)
                state.head = 0
            }
            queued.subtract(1, ordering: .sequentiallyConsistent)
            return job
        }
    }

    private func scheduleDrainIfNeeded() {
        let schedule: Bool = withState { state in
            guard state.head < state.jobs.count, !hostIsRunning.load(ordering: .sequentiallyConsistent), !state.drainScheduled else { return false }
            state.drainScheduled = true
            return true
        }
        if schedule { scheduleDrain() }
    }

    private func scheduleDrain() {
        DispatchQueue.main.async { MainActor.assumeIsolated { self.drainFromMainQueue() } }
    }

    @MainActor
    private func drainFromMainQueue() {
        withState { $0.drainScheduled = false }
        // A job run here (work resumed by outside input) may have gone to sleep on the clock:
        // whatever waits for that is told, as no command is looking.
        if runPending() { afterDrain?() }
        scheduleDrainIfNeeded()
    }

    /// Called after jobs ran from the main queue; set by the session on virtual time.
    /// Written and read on the main actor only.
    nonisolated(unsafe) var afterDrain: (@MainActor () -> Void)?
}
