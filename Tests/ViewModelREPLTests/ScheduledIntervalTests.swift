import Testing

@testable import ViewModelREPL

/// How a held timer's interval is read from the real time around its scheduling: the time a
/// loaded machine (or a person between commands) spends around the scheduling is not counted.
struct ScheduledIntervalTests {
    @Test(arguments: [
        // (from the look before scheduling, from when it was found, expected)
        (1.0001, 0.97, 1.0),
        (1.012, 0.96, 1.0),
        (1.049, 0.9, 1.0),
        (0.5004, 0.49, 0.5),
        (0.518, 0.47, 0.5),
        (0.2502, 0.24, 0.25),
        (0.2531, 0.25, 0.25),
        (2.071, 2.03, 2.07),
        (0.0003, 0.0, 0.0),
        // Found a minute after it was scheduled (a person between commands): a second is a second.
        (1.0002, -59.0, 1.0),
        (0.2501, -60.0, 0.25),
        // The last look long before: as far ahead as when it was found.
        (75.537, 0.2337, 0.23),
    ])
    func aRoundIntervalIsKeptThoughTimePassedAroundItsScheduling(upper: Double, lower: Double, expected: Double) {
        #expect(abs(TimeDriver.scheduledInterval(from: lower, to: upper) - expected) < 1e-9)
    }

    @Test func theIntervalIsNeverBelowWhatTheTimeAfterSchedulingAllows() {
        // A whole second is 40 ms below, but the timer was found too soon for that.
        #expect(TimeDriver.scheduledInterval(from: 1.03, to: 1.04) > 1.02)
        #expect(TimeDriver.scheduledInterval(from: -3, to: -1) == 0)
    }

    /// A command's timer, found as the command ends: a round interval found late is kept; one
    /// that is not round, found at once, is kept too (not taken for the next tenth or second).
    @Test(arguments: [
        (0.99, 1.0), (0.9999, 1.0), (1.982, 2.0), (0.493, 0.5), (0.2499, 0.25), (0.7499, 0.75), (2.9799, 2.98), (0.2311, 0.23), (0.0, 0.0),
    ])
    func aCommandsTimerIsAsFarAheadAsFoundRoundedWhereItIsJustShortOfARoundInterval(found: Double, expected: Double) {
        #expect(abs(TimeDriver.foundInterval(found) - expected) < 1e-9)
    }
}
