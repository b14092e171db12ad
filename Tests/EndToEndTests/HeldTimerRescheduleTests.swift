import Foundation
import Testing

/// `TestApps/SchedulingREPL`'s countdown: a held `Timer` whose block schedules the next one, then
/// works 30 ms of real time (as a loaded machine would). On virtual time each second is one second:
/// the next timer is dated from the moment its block was fired, not from when it was found.
struct HeldTimerRescheduleTests {
    static let binary = VMReplProcess.binaryURL.deletingLastPathComponent().appendingPathComponent("scheduling-repl")

    @Test(.timeLimit(.minutes(1)))
    func aTimerScheduledFromItsOwnBlockIsDueItsWholeIntervalLater() async throws {
        let result = try await Transcript.run(["use countdown", "event start seconds=3", "wait until left == 0", "advance 0s"], binary: Self.binary)
        #expect(result.status == 0, "\(result.standardError)")
        let clock = try #require(result.lines.last)
        #expect(clock["type"] as? String == "clock" && clock["now"] as? Double == 3, "\(clock)")
    }
}
