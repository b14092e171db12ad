#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
    /// The output could not be written (a full disk, an I/O error); a line on stderr says why.
    case outputFailed = 4
    /// Hung up (SIGHUP), handled as SIGTERM: stopped after the line being written.
    case hungUp = 129
    /// Interrupted (SIGINT): loads in flight were cancelled and their lines printed.
    case interrupted = 130
    /// The reader of the output went away (EPIPE), as a shell tool killed by SIGPIPE ends.
    case brokenPipe = 141
    /// Terminated (SIGTERM) after the line being written.
    case terminated = 143

    /// The status of a run that ended so far with `self` and then met `other`: the first failure
    /// counts, except that a failed expectation outranks any other error.
    /// The status for output that could not be written with `error` (an `errno`): ``brokenPipe``
    /// when the reader left, ``outputFailed`` otherwise.
    static func forWriteError(_ error: Int32) -> ExitStatus {
        error == EPIPE ? .brokenPipe : .outputFailed
    }

    func combined(with other: ExitStatus) -> ExitStatus {
        if self == .success || other == .expectationFailed { return other }
        return self
    }
}
