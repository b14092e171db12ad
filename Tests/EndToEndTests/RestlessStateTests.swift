import Foundation
import Testing

/// A state that is new on every read (`TestApps/ValuesREPL`'s restless screen: a getter that
/// counts its reads in a tracked property, and one that reads the clock) settles: reading it is
/// no change, so nothing is pushed for it, and the fields are named once in a log line.
struct RestlessStateTests {
    static let binary = VMReplProcess.binaryURL.deletingLastPathComponent().appendingPathComponent("values-repl")

    @Test(.timeLimit(.minutes(1)))
    func readingTheStateIsNoChangeAndTheRestlessFieldsAreNamedOnce() async throws {
        let result = try await Transcript.run(["use restless", "event press", "wait", "advance 5s", "state"], binary: Self.binary)
        #expect(result.status == 0, "\(result.standardError)")
        // Each request answered once, the log line once, and no state pushed: before, `use` alone pushed without end.
        let pushedStates = result.lines.filter { $0["push"] as? Bool == true && $0["type"] as? String == "state" }
        #expect(pushedStates.isEmpty, "\(pushedStates.prefix(3))")
        let logs = result.lines.filter { $0["type"] as? String == "log" }
        #expect(logs.count == 1)
        #expect((logs.first?["message"] as? String)?.hasPrefix("stamp, uptime change every time the state is read") == true, "\(logs)")
        #expect(result.lines.count == 7)
        let last = try #require(result.lines.last)
        #expect((last["state"] as? [String: Any])?["presses"] as? Int == 1)
    }
}
