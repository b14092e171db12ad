internal import CRuntimeHooks
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
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
package enum GlobalJobs {
    /// Whether the hook is installed (once per process).
    private static let installed = Atomic<Bool>(false)
    /// Whether the jobs go to the session's queue now; otherwise they go to the runtime's pool.
    private static let capturing = Atomic<Bool>(false)

    /// Installs the hook, leaving the runtime's pool in use until ``capture(_:)``; `false` where
    /// the runtime has no hook.
    @discardableResult
    package static func install() -> Bool {
        if installed.load(ordering: .acquiring) { return true }
        let done = vmrepl_capture_global_jobs { job in
            if GlobalJobs.capturing.load(ordering: .acquiring) {
                LoadJobQueue.shared.enqueue(unsafeBitCast(job, to: UnownedJob.self))
            } else {
                vmrepl_enqueue_global(job)
            }
        }
        installed.store(done != 0, ordering: .releasing)
        return done != 0
    }

    /// Sends the runtime's global jobs to the session's queue (`true`, on virtual time) or to the
    /// runtime's pool; does nothing where the hook is not installed.
    static func capture(_ on: Bool) {
        guard installed.load(ordering: .acquiring) else { return }
        capturing.store(on, ordering: .releasing)
    }

    /// Whether the session's queue runs the runtime's global jobs now.
    static var isCapturing: Bool { capturing.load(ordering: .acquiring) }
}
