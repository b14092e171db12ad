import Observation

/// An `@Observable` class whose count changes where no command and no tracked work changes it:
/// a `Task.detached` (which carries no task-local), as a timer or a notification would.
@MainActor
@Observable
final class Ticker {
    private(set) var ticks = 0
    var label = "ticks"

    /// Counts one tick from a detached task, after this action has returned.
    func tickElsewhere() {
        Task.detached { [weak self] in
            await MainActor.run { self?.ticks += 1 }
        }
    }
}
