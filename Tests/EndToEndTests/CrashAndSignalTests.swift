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
        process.send("use faults\nevent press\nevent press\nevent crash")
        let lines = try await process.rest()
        for line in 1...3 {
            #expect(lines.contains { $0["line"] as? Int == line && $0["push"] == nil }, "the reply to line \(line)")
        }
        #expect(lines.last.map { value($0, "state.presses") as? Int } == 2)
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
