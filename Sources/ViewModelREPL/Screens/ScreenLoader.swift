import ViewModelKit

/// What `load`, `reload`, `retry` and `cancel` drive on a screen, and whether work is in flight.
@MainActor
package protocol ScreenLoader: AnyObject {
    /// Whether `load`, `reload` and `retry` drive anything here; a screen can have work in flight
    /// (an action's task) without loading.
    var loads: Bool { get }
    /// Whether work is in flight: a load, or a task the screen's actions started.
    var isLoading: Bool { get }
    /// How many pieces of work are in flight, for telling whether all of them are asleep on the clock.
    var workCount: Int { get }
    /// Starts a load (`reload` when `isReload`), cancelling the one in flight.
    func load(isReload: Bool)
    /// Runs the last load again; `false` when there was none.
    func retry() -> Bool
    /// Cancels the work in flight; never an error.
    func cancelLoad()
}

/// A ``LoadingViewModel`` as a screen loader: the protocol path's loads.
@MainActor
final class ViewModelLoader: ScreenLoader {
    private let model: any LoadingViewModel

    init(_ model: any LoadingViewModel) {
        self.model = model
    }

    var loads: Bool { true }
    var isLoading: Bool { model.isLoading }
    var workCount: Int { model.isLoading ? 1 : 0 }
    func load(isReload: Bool) { model.load() }
    func retry() -> Bool { model.retry() }
    func cancelLoad() { model.cancelLoad() }
}
