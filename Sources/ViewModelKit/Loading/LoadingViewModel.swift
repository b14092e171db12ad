/// A view model whose screen loads content: the REPL's `load`, `reload`, `retry` and `cancel` drive it.
@MainActor
public protocol LoadingViewModel: ViewModel {
    /// Starts a load, cancelling the one in flight; a reload when something is already shown.
    func load()
    /// Runs the last load again; returns `false` when nothing was loaded before.
    func retry() -> Bool
    /// Cancels the load in flight; the screen goes back to what it showed before.
    func cancelLoad()
    /// Whether a load is in flight.
    var isLoading: Bool { get }
}
