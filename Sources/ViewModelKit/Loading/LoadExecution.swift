/// Where the loads a ``LoadRunner`` starts do their nonisolated work.
///
/// By default that is Swift's global pool. A host that drives time itself (the REPL on a virtual
/// clock) sets a preferred executor while it runs a command, so the loads that command starts keep
/// to the host's own thread and reach their first sleep without a hand-off between threads.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
@MainActor
package enum LoadExecution {
    /// The executor loads started now prefer; `nil` for the global pool. Main actor only, so no
    /// dynamic exclusivity check on the per-line path.
    @exclusivity(unchecked) private(set) static var preferredExecutor: (any TaskExecutor)?

    /// Makes loads started from now on prefer `executor`; returns the preference it replaces.
    package static func prefer(_ executor: (any TaskExecutor)?) -> (any TaskExecutor)? {
        let outer = preferredExecutor
        preferredExecutor = executor
        return outer
    }
}
