import ExampleScreens
import Observation
import TestSupport
import Testing
import ViewModelKit

@testable import ViewModelREPL

/// On virtual time a load's own work runs on the session's thread: a load is asleep on the clock
/// by the time its line has been handled, with no wait for another thread.
@MainActor
struct LoadJobQueueTests {
    /// Writes nothing; these tests look at the session, not at its lines.
    final class Discard: OutputConsumer {
        func consume(_ value: OutputValue, settings: OutputSettings) {}
        func flush() {}
        var isClosed: Bool { false }
    }

    /// A session whose waits end at once leaves no task asleep until a real-time deadline behind:
    /// explore runs thousands of sessions a second, and each such task held its memory for 10 s.
    @Test func waitsThatEndAtOnceLeaveNoWatchdogAsleep() async {
        let session = Session(registry: ExampleScreens.registry(postsURL: nil), options: Evaluator.Options(), consumer: Discard())
        for (number, line) in ["use users", "load", "wait", "event loadTapped", "advance 1s"].enumerated() {
            _ = await session.handle(line: line, number: number + 1)
        }
        await session.finish()
        #expect(!session.evaluator.time.isWatching)
    }

    private func usersSession() -> Session {
        let session = Session(registry: ExampleScreens.registry(postsURL: nil), options: Evaluator.Options(), consumer: Discard())
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
        guard case .handled(.calls(_, _, let calls, _)?, _) = session.handleImmediately(line: "calls fetch", number: loads + 2) else {
            Issue.record("calls should list the calls")
            return
        }
        let cancelled = calls.dropLast().filter { if case .cancelled = $0.outcome { true } else { false } }
        #expect(calls.count == loads)
        #expect(cancelled.count == loads - 1)
        if case .running? = calls.last?.outcome {} else { Issue.record("the last load should still be running") }
    }
}

/// A load that keeps working and never sleeps on the clock.
@MainActor
@Observable
final class RestlessViewModel: LoadingViewModel {
    var viewState = PlantedState()
    @ObservationIgnored private lazy var runner = LoadRunner<Int> { _ in }

    func handle(event: PlantedEvent) {}
    func load() {
        runner.start {
            while true {
                try Task.checkCancellation()
                await Task.yield()
            }
        }
    }
    func retry() -> Bool { runner.retry() }
    func cancelLoad() { runner.cancel() }
    var isLoading: Bool { runner.isRunning }
    func waitUntilIdle() async { await runner.waitUntilIdle() }
}

extension LoadJobQueueTests {
    @Test(.timeLimit(.minutes(1)))
    func aLoadThatNeverSleepsEndsInATimeoutNotAHang() async throws {
        var registry = ScreenRegistry()
        registry.register("restless", summary: "a load that never sleeps", events: PlantedEvent.allCases) { _ in RestlessViewModel() }
        let session = Session(registry: registry, options: Evaluator.Options(defaultTimeout: .milliseconds(300)), consumer: Discard())
        _ = await session.handle(line: "use restless", number: 1)
        _ = await session.handle(line: "load", number: 2)
        guard case .error(let error)? = await session.handle(line: "wait timeout=300ms", number: 3) else {
            Issue.record("the wait should time out")
            return
        }
        #expect(error.code == .timeout)
        // The queue never emptied (the task queues itself again as it runs): the jobs it ran were
        // dropped as it went, so what it holds is bounded by what waits, not by what ran (about
        // 50 MB a second before).
        if #available(macOS 15.0, *) { #expect(LoadJobQueue.shared.storedJobCount < 4096) }
        #expect(session.interrupt())
    }
}
