import Foundation
import Testing
import ViewModelKit

/// A load's steps as a view model would see them.
@MainActor
private final class Recorder {
    var state = LoadState<String>()
    var phases: [LoadState<String>.Phase] = []
    lazy var runner = LoadRunner<String> { [unowned self] transition in
        state.apply(transition)
        phases.append(state.phase)
    }
}

@MainActor
struct LoadRunnerTests {
    @Test func loadCompletesOnlyWhenTheClockAdvances() async {
        let clock = ManualClock()
        let recorder = Recorder()
        recorder.runner.start {
            try await clock.sleep(for: .seconds(2))
            return "done"
        }
        await clock.waitForSleepers()
        clock.advance(by: .seconds(1))
        #expect(recorder.runner.isRunning)
        #expect(recorder.state.phase == .loading)
        clock.advance(by: .seconds(1))
        await recorder.runner.waitUntilIdle()
        #expect(recorder.state == .loaded("done"))
    }

    @Test func failureBecomesAMessage() async {
        let recorder = Recorder()
        recorder.runner.start { throw URLError(.badServerResponse) }
        await recorder.runner.waitUntilIdle()
        #expect(recorder.state.phase == .failed)
        #expect(recorder.state.failure?.attempt == 1)
        #expect(recorder.state.failure?.message.isEmpty == false)
    }

    @Test(arguments: [
        CancellationError() as any Error,
        URLError(.cancelled) as any Error,
    ])
    func cancellationErrorsAreNeverShownAsFailures(error: any Error) async {
        let recorder = Recorder()
        recorder.runner.start { throw error }
        await recorder.runner.waitUntilIdle()
        #expect(recorder.phases == [.loading, .initial])
        #expect(recorder.state == LoadState(phase: .initial))
    }

    @Test func cancelStopsTheLoadWithoutAnError() async {
        let clock = ManualClock()
        let recorder = Recorder()
        recorder.runner.start {
            try await clock.sleep(for: .seconds(2))
            return "late"
        }
        await clock.waitForSleepers()
        recorder.runner.cancel()
        #expect(!recorder.runner.isRunning)
        clock.advance(by: .seconds(5))
        #expect(recorder.phases == [.loading, .initial])
        #expect(clock.sleeperCount == 0)
    }

    @Test func startingALoadCancelsTheOneInFlight() async {
        let clock = ManualClock()
        let recorder = Recorder()
        recorder.runner.start {
            try await clock.sleep(for: .seconds(10))
            return "first"
        }
        await clock.waitForSleepers()
        recorder.runner.start {
            try await clock.sleep(for: .seconds(1))
            return "second"
        }
        await clock.waitForSleepers()
        clock.advance(by: .seconds(10))
        await recorder.runner.waitUntilIdle()
        #expect(recorder.state == .loaded("second"))
        #expect(recorder.phases == [.loading, .loading, .loaded])
    }

    @Test func retryRunsTheLastLoadAgain() async {
        let attempts = Counter()
        let recorder = Recorder()
        #expect(!recorder.runner.retry())
        recorder.runner.start {
            if attempts.increment() == 1 { throw URLError(.timedOut) }
            return "second try"
        }
        await recorder.runner.waitUntilIdle()
        #expect(recorder.state.phase == .failed)
        #expect(recorder.runner.retry())
        await recorder.runner.waitUntilIdle()
        #expect(recorder.state == .loaded("second try"))
        #expect(attempts.value == 2)
    }
}

/// A thread-safe counter for operations that run off the main actor.
final class Counter: @unchecked Sendable {
    /// Guards `count`.
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
}
