/// The exit statuses vmrepl documents.
package enum ExitStatus: Int32, Sendable, CaseIterable {
    /// Every request succeeded.
    case success = 0
    /// At least one request got an error reply (piped input), or a script stopped at an error.
    case requestFailed = 1
    /// The command line was wrong.
    case usage = 2
    /// An `expect` failed.
    case expectationFailed = 3
    /// Hung up (SIGHUP), handled as SIGTERM: stopped after the line being written.
    case hungUp = 129
    /// Interrupted (SIGINT): loads in flight were cancelled and their lines printed.
    case interrupted = 130
    /// Terminated (SIGTERM) after the line being written.
    case terminated = 143

    /// The status of a run that ended so far with `self` and then met `other`: the first failure
    /// counts, except that a failed expectation outranks any other error.
    func combined(with other: ExitStatus) -> ExitStatus {
        if self == .success || other == .expectationFailed { return other }
        return self
    }
}
