import Foundation
import TestSupport
import Testing

/// A view model's own action that traps or never returns (`TestApps/ValuesREPL`'s `faults`
/// screen), over real pipes: the replies already produced still reach the reader, and a signal
/// still ends the process.
struct CrashAndSignalTests {
    static let binary = VMReplProcess.binaryURL.deletingLastPathComponent().appendingPathComponent("values-repl")

    /// The lines before the crash come in one write, so their replies are still buffered (a batch
    /// is flushed when it is done) when the action traps.
    @Test(.timeLimit(.minutes(1)))
    func aCrashInAnActionKeepsTheRepliesToEveryEarlierLine() async throws {
        // Without the runtime's backtracer: what is checked is vmrepl's own flush, and a backtracer
        // that outlives the crashed process (seen under the thread sanitizer) holds its stdout open.
        let process = try VMReplProcess(environment: ["SWIFT_BACKTRACE": "enable=no"], binary: Self.binary)
        process.send("use faults\nevent press\nevent press\n" + #"{"id":"c1","cmd":"event","name":"crash"}"#)
        let lines = try await process.rest()
        for line in 1...3 {
            #expect(lines.contains { $0["line"] as? Int == line && $0["push"] == nil }, "the reply to line \(line)")
        }
        #expect(lines.dropLast().last.map { value($0, "state.presses") as? Int } == 2)
        // The request that trapped is answered: an error line naming it, the next seq, and the signal.
        // (Under the thread sanitizer, which reports the crash itself, the process may end first.)
        if ProcessInfo.processInfo.environment["TSAN_OPTIONS"] != nil, lines.last?["code"] as? String != "crashed" { return }
        let answer = try #require(lines.last)
        #expect(answer["type"] as? String == "error" && answer["code"] as? String == "crashed")
        #expect(answer["line"] as? Int == 4 && answer["id"] as? String == "c1")
        #expect(answer["seq"] as? Int == (lines.dropLast().last?["seq"] as? Int).map { $0 + 1 })
        // The runtime's own message and place, taken from standard error as it passed through (and still there).
        #expect(answer["message"] as? String == "Fatal error: faults: crash asked for")
        #expect((answer["place"] as? String)?.hasSuffix("Faults.swift:47") == true, "\(answer)")
        #expect(await process.standardError(containing: "Fatal error: faults: crash asked for"))
        #expect([Int(SIGILL), Int(SIGTRAP)].contains(answer["signal"] as? Int ?? 0))
        let status = await process.exitStatus()
        // Ended by the signal, or (under a sanitizer, which reports the crash itself) with its failure status.
        #expect(!process.exitedNormally || status != 0)
    }

    /// An action that never returns holds the main actor, where signals are acted on: the watchdog
    /// ends the process after the last whole line, with the signal's status.
    @Test(.timeLimit(.minutes(1)), arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130))])
    func aSignalEndsAProcessWhoseMainActorIsBusy(signal: Int32, status: Int32) async throws {
        let process = try VMReplProcess(binary: Self.binary)
        process.send("use faults\nevent press\nevent spin")
        #expect(await process.standardError(containing: "faults: spinning"))
        process.send(signal: signal)
        let lines = try await process.rest()
        for line in 1...2 {
            #expect(lines.contains { $0["line"] as? Int == line && $0["push"] == nil }, "the reply to line \(line)")
        }
        #expect(!lines.contains { $0["line"] as? Int == 3 })
        #expect(await process.exitStatus() == status)
    }
}
