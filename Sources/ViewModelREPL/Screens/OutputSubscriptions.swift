/// Where outputs' subscriptions to a view model's sequences run: the session's queue of jobs,
/// which the session names as it starts (so an element a command yields is handled before its
/// reply); the runtime's executors where none is named.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
package enum OutputSubscriptions {
    /// Set and read on the main actor only.
    nonisolated(unsafe) package static var executor: (any TaskExecutor)?
}
