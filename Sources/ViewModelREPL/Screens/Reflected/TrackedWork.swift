import Dispatch

/// The work one command started on a hosted screen: alive while any task started under it runs.
///
/// The session runs the command with the token bound to a task-local. Swift copies task-locals
/// into every unstructured `Task` made while they are bound (an action's own task, the `Task` a
/// `didSet` starts, the tasks those start), and releases them when each task finishes, so the
/// token lives exactly as long as the last of them: no handle to any task is needed. A
/// `Task.detached` copies nothing and is not tracked.
final class WorkToken: @unchecked Sendable {
    /// The task-local the session binds while a command runs model code.
    @TaskLocal static var current: WorkToken?

    private let ended: @Sendable () -> Void
    /// Cleared when the command held the only reference at its end: nothing ran on, nobody is told.
    /// Only written while one reference exists, so no other thread can be reading it.
    nonisolated(unsafe) private var armed = true

    /// A token that calls `ended` on the main queue when the last task holding it has finished.
    init(ended: @escaping @Sendable () -> Void) {
        self.ended = ended
    }

    /// Says nothing at its end: call only while holding the one reference there is.
    func disarm() {
        armed = false
    }

    /// Says its end again, for a token used once more: call only while holding the one reference there is.
    func arm() {
        armed = true
    }

    deinit {
        guard armed else { return }
        let ended = self.ended
        DispatchQueue.main.async { ended() }
    }
}

/// A weak reference to a command's work, kept while the work runs.
struct WeakWork {
    weak var token: WorkToken?
}
