internal import CRuntimeHooks
import Dispatch
import Synchronization

/// Owns the Swift runtime's global executor while a session runs on virtual time: every job it
/// would run on a thread of its pool (a `Task` started off the main actor, a `Task.detached`, an
/// actor's work) is queued on ``LoadJobQueue`` instead, and the session runs it on its own thread.
///
/// So work started off the main actor runs before the reply to the command that started it is
/// written, in the order it was started, and never while a state is read: the same bytes every
/// run (a delayed enqueue, such as a `Task.sleep` on the real clock, is not hooked: it resumes on
/// the pool). Only a program that owns its process turns it on (``REPLMain``, outside the
/// terminal); a test that runs a session inside a test runner leaves the runtime's pool as it is.
///
/// The jobs run on the main thread: work off the main actor that blocks waiting for the main
/// thread (`DispatchQueue.main.sync`, a semaphore a main-actor task signals) cannot finish there.
///
/// On real time the jobs run on the threads of a global dispatch queue, as the runtime's would,
/// but counted (``isRunning``): a `wait` waits while work off the main actor runs, and is woken
/// when the last of it ends (a job that ends by hopping to the main actor has queued that hop by then).
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
package enum GlobalJobs {
    /// Whether the hook is installed (once per process).
    private static let installed = Atomic<Bool>(false)
    /// Whether the jobs go to the session's queue now; otherwise they go to the runtime's pool.
    private static let capturing = Atomic<Bool>(false)
    /// Whether the jobs the pool runs are counted (real time).
    private static let counting = Atomic<Bool>(false)
    /// How many counted jobs are queued or running.
    private static let running = Atomic<Int>(0)

    /// Installs the hook, leaving the runtime's pool in use until ``capture(_:)``; `false` where
    /// the runtime has no hook.
    @discardableResult
    package static func install() -> Bool {
        if installed.load(ordering: .acquiring) { return true }
        let done = vmrepl_capture_global_jobs { job in
            if GlobalJobs.capturing.load(ordering: .acquiring) {
                LoadJobQueue.shared.enqueue(unsafeBitCast(job, to: UnownedJob.self))
            } else if GlobalJobs.counting.load(ordering: .acquiring) {
                GlobalJobs.runCounted(unsafeBitCast(job, to: UnownedJob.self))
            } else {
                vmrepl_enqueue_global(job)
            }
        }
        installed.store(done != 0, ordering: .releasing)
        return done != 0
    }

    /// Sends the runtime's global jobs to the session's queue (`true`, on virtual time) or to
    /// counted threads of the pool (real time); does nothing where the hook is not installed.
    static func capture(_ on: Bool) {
        guard installed.load(ordering: .acquiring) else { return }
        capturing.store(on, ordering: .releasing)
        counting.store(!on, ordering: .releasing)
    }

    /// Whether a counted job (work off the main actor, on real time) is queued or running.
    static var isRunning: Bool { running.load(ordering: .acquiring) > 0 }

    /// Told on the main actor when the last counted job ended; set by the session.
    /// Written and read on the main actor only.
    nonisolated(unsafe) static var whenIdle: (@MainActor () -> Void)?

    private static func runCounted(_ job: UnownedJob) {
        running.add(1, ordering: .acquiringAndReleasing)
        DispatchQueue.global().async {
            job.runSynchronously(on: globalConcurrentExecutor.asUnownedTaskExecutor())
            guard running.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 else { return }
            DispatchQueue.main.async { MainActor.assumeIsolated { whenIdle?() } }
        }
    }

    /// Whether the session's queue runs the runtime's global jobs now.
    static var isCapturing: Bool { capturing.load(ordering: .acquiring) }
}
