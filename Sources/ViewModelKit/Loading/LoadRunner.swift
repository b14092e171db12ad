import Foundation

/// Runs a screen's loads one at a time and reports each step on the main actor.
///
/// Starting a load cancels the one in flight, and a cancelled load never reports a failure:
/// cancellation (`CancellationError`, or a URL load's `cancelled` error) is filtered out, as it
/// means the user moved on, not that something went wrong. ``retry()`` runs the last load again.
@MainActor
public final class LoadRunner<Value: Sendable> {
    /// The work of one load: fetch, decode, wait on a clock.
    public typealias Operation = @Sendable () async throws -> Value

    private let apply: @MainActor (LoadTransition<Value>) -> Void
    private var lastOperation: Operation?
    private var task: Task<Void, Never>?
    private var generation: UInt64 = 0
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []

    /// Creates a runner that reports each step of a load to `apply`.
    ///
    /// - Parameter apply: Called on the main actor with every transition, typically
    ///   `{ [weak self] in self?.viewState.items.apply($0) }`.
    public init(apply: @escaping @MainActor (LoadTransition<Value>) -> Void) {
        self.apply = apply
    }

    /// Whether a load is in flight.
    public var isRunning: Bool { task != nil }

    /// Whether there is a previous load that ``retry()`` can run again.
    public var canRetry: Bool { lastOperation != nil }

    /// Starts `operation`, cancelling the load in flight first.
    public func start(_ operation: @escaping Operation) {
        cancelInFlight(report: false)
        lastOperation = operation
        generation &+= 1
        let current = generation
        apply(.start)
        let run = Self.body(of: operation, generation: current, reportingTo: self)
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *), let executor = LoadExecution.preferredExecutor {
            task = Task(executorPreference: executor, operation: run)
        } else {
            task = Task(operation: run)
        }
    }

    /// What a load's task runs: `operation` off the main actor, then its outcome reported on it.
    /// A cancelled load reports nothing: the runner moved on when it cancelled it.
    private nonisolated static func body(
        of operation: @escaping Operation, generation: UInt64, reportingTo runner: LoadRunner
    ) -> @Sendable () async -> Void {
        { [weak runner] in
            let outcome: LoadTransition<Value>
            do {
                outcome = .succeed(try await operation())
            } catch  where Self.isCancellation(error) {
                outcome = .cancel
            } catch {
                outcome = .fail(Self.message(for: error))
            }
            guard !Task.isCancelled else { return }
            await runner?.finish(generation: generation, with: outcome)
        }
    }

    /// Runs the last load again; returns `false` when there was none.
    @discardableResult
    public func retry() -> Bool {
        guard let lastOperation else { return false }
        start(lastOperation)
        return true
    }

    /// Cancels the load in flight, going back to what was shown before it; not an error.
    public func cancel() {
        cancelInFlight(report: true)
    }

    /// Suspends until no load is in flight.
    public func waitUntilIdle() async {
        guard isRunning else { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    private func cancelInFlight(report: Bool) {
        guard let task else { return }
        task.cancel()
        self.task = nil
        // A later completion of the cancelled task carries an old generation and is dropped.
        generation &+= 1
        if report {
            apply(.cancel)
            resumeIdleWaiters()
        }
    }

    private func finish(generation finished: UInt64, with outcome: LoadTransition<Value>) {
        guard finished == generation else { return }
        task = nil
        apply(outcome)
        resumeIdleWaiters()
    }

    private func resumeIdleWaiters() {
        let waiters = idleWaiters
        idleWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }

    /// Whether `error` only says the load was cancelled.
    nonisolated static func isCancellation(_ error: any Error) -> Bool {
        ErrorMeaning.isCancellation(error)
    }

    /// A message a person can read for `error`.
    nonisolated static func message(for error: any Error) -> String {
        ErrorMeaning.message(for: error)
    }
}
