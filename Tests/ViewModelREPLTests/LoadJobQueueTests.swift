import ExampleScreens
import Testing
import TestSupport
@testable import ViewModelREPL

/// On virtual time a load's own work runs on the session's thread: a load is asleep on the clock
/// by the time its line has been handled, with no wait for another thread.
@MainActor
struct LoadJobQueueTests {
    /// Writes nothing; these tests look at the session, not at its lines.
    private final class Discard: ReplyRenderer {
        func render(_ reply: Reply, tag: RequestTag?, push: Bool) {}
        func flush() {}
        var isClosed: Bool { false }
    }

    private func usersSession() -> Session {
        let session = Session(registry: ExampleScreens.registry(postsURL: nil), options: Evaluator.Options(), renderer: Discard())
        _ = session.handleImmediately(line: "use users", number: 1)
        return session
    }

    @Test func aLoadIsAsleepOnTheClockWhenItsLineHasBeenHandled() throws {
        let session = usersSession()
        guard case .handled(let reply, let settle) = session.handleImmediately(line: "load", number: 2) else {
            Issue.record("load should be handled at once")
            return
        }
        if case .error(let error)? = reply { Issue.record("load failed: \(error.message)") }
        #expect(!settle)
        #expect(session.evaluator.time.manualClock?.sleeperCount == 1)
    }

    @Test func eachLoadOfAStormEndsTheOneBeforeItBeforeTheNextLine() async throws {
        let session = usersSession()
        let loads = 300
        for number in 2..<(2 + loads) {
            guard case .handled(_, let settle) = session.handleImmediately(line: "load", number: number) else {
                Issue.record("load should be handled at once")
                return
            }
            #expect(!settle)
        }
        #expect(session.evaluator.time.manualClock?.sleeperCount == 1)
        guard case .handled(.calls(_, _, let calls)?, _) = session.handleImmediately(line: "calls fetch", number: loads + 2) else {
            Issue.record("calls should list the calls")
            return
        }
        let cancelled = calls.dropLast().filter { if case .cancelled = $0.outcome { true } else { false } }
        #expect(calls.count == loads)
        #expect(cancelled.count == loads - 1)
        if case .running? = calls.last?.outcome {} else { Issue.record("the last load should still be running") }
    }
}
