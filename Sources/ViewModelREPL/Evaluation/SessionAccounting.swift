/// Counts how a session's requests ended, for its exit status.
@MainActor
package final class SessionAccounting {
    /// How many requests got an error reply.
    package private(set) var errorCount = 0
    /// How many `expect` commands failed, and invariants broke.
    package private(set) var failedExpectations = 0
    /// Invariants broken since ``takeViolations()`` was last asked.
    private var violations: [ReplError] = []

    package init() {}

    /// Notes a request's final reply.
    func count(_ reply: Reply) {
        guard case .error(let error) = reply else { return }
        errorCount += 1
        if error.code == .expectationFailed { failedExpectations += 1 }
    }

    /// Notes a broken invariant: it fails the session like a failed `expect`.
    func count(violation: ReplError) {
        failedExpectations += 1
        violations.append(violation)
    }

    /// Counts as the session another process ran so far had (a session resumed after `undo`).
    package func resume(errors: Int, failedExpectations: Int) {
        errorCount = errors
        self.failedExpectations = failedExpectations
        violations.removeAll()
    }

    /// The invariants broken since the last call.
    package func takeViolations() -> [ReplError] {
        defer { violations.removeAll() }
        return violations
    }

    /// The exit status of a session that read requests until its input ended.
    package var exitStatus: ExitStatus {
        if failedExpectations > 0 { return .expectationFailed }
        return errorCount > 0 ? .requestFailed : .success
    }
}
