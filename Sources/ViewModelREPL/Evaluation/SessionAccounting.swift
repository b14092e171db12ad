/// Counts how a session's requests ended, for its exit status and for reports of what failed.
@MainActor
package final class SessionAccounting {
    /// How many requests got an error reply.
    package private(set) var errorCount = 0
    /// How many `expect` commands failed.
    package private(set) var failedExpectations = 0
    /// The last error reply and the request it answered.
    package private(set) var lastError: (error: ReplError, tag: RequestTag)?

    package init() {}

    /// Notes the final reply to the request `tag`.
    func count(_ reply: Reply, tag: RequestTag) {
        guard case .error(let error) = reply else { return }
        lastError = (error, tag)
        errorCount += 1
        if error.code == .expectationFailed { failedExpectations += 1 }
    }

    /// The exit status of a session that read requests until its input ended.
    package var exitStatus: ExitStatus {
        if failedExpectations > 0 { return .expectationFailed }
        return errorCount > 0 ? .requestFailed : .success
    }
}
