import Observation

/// What a screen that shows asynchronously loaded content is told by its view.
public enum AsyncContentEvent: Codable, Sendable, CaseIterable {
    /// The screen appeared: load the content.
    case appeared
    /// The retry button under an error was tapped.
    case retryTapped
}

/// A reusable view model for a screen that loads one piece of content, shows an error with a
/// retry button when that fails, and never shows cancellation as an error.
@MainActor
@Observable
public final class AsyncContentViewModel<Value: Sendable>: LoadingViewModel {
    /// The content's load state: a placeholder while loading, the content, or an error.
    public var viewState = LoadState<Value>()

    @ObservationIgnored private let operation: LoadRunner<Value>.Operation
    @ObservationIgnored private lazy var runner = LoadRunner<Value> { [weak self] in self?.viewState.apply($0) }

    /// Creates a view model that runs `load` each time the content is (re)loaded.
    public init(load: @escaping LoadRunner<Value>.Operation) {
        self.operation = load
    }

    public func handle(event: AsyncContentEvent) {
        switch event {
        case .appeared: load()
        case .retryTapped: _ = retry()
        }
    }

    public func load() { runner.start(operation) }
    public func retry() -> Bool { runner.retry() }
    public func cancelLoad() { runner.cancel() }
    public var isLoading: Bool { runner.isRunning }
    public func waitUntilIdle() async { await runner.waitUntilIdle() }
}
