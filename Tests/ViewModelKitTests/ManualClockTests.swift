import Testing
import ViewModelKit

struct ManualClockTests {
    @Test func sleepEndsOnlyWhenTheClockReachesTheDeadline() async throws {
        let clock = ManualClock()
        let woke = Counter()
        let sleeper = Task {
            try await clock.sleep(for: .seconds(3))
            _ = woke.increment()
        }
        await clock.waitForSleepers()
        #expect(clock.nextDeadline == .init(offset: .seconds(3)))
        clock.advance(by: .seconds(2))
        #expect(woke.value == 0)
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(1))
        try await sleeper.value
        #expect(woke.value == 1)
        #expect(clock.now == .init(offset: .seconds(3)))
    }

    @Test func cancelledSleepThrowsCancellation() async {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
        await clock.waitForSleepers()
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test func pastDeadlineReturnsAtOnce() async throws {
        let clock = ManualClock()
        clock.advance(by: .seconds(5))
        try await clock.sleep(until: .init(offset: .seconds(1)))
        #expect(clock.sleeperCount == 0)
    }
}
