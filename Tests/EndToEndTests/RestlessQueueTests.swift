import Foundation
import TestSupport
import Testing

/// `TestApps/SchedulingREPL`'s spinner: a block that posts itself to the main queue again never
/// lets it go quiet. A wait says so and replies after a few rounds of turns, on either clock,
/// where it waited to its timeout pushing tens of thousands of lines, and said nothing.
@Suite struct RestlessQueueTests {
    static let binary = VMReplProcess.binaryURL.deletingLastPathComponent().appendingPathComponent("scheduling-repl")

    /// The block re-posts itself through `DispatchQueue.main`, `RunLoop.main.perform` or `OperationQueue.main`.
    @Test(.timeLimit(.minutes(1)), arguments: [[String](), ["--clock=real"]], ["spin", "spinRunLoop", "spinOperations"])
    func aWaitOnAMainQueueThatNeverGoesQuietSaysSoAndEnds(arguments: [String], spin: String) async throws {
        let process = try VMReplProcess(arguments, binary: Self.binary)
        process.send(["use spinner", "event \(spin)", "wait timeout=1h", "event stop"].joined(separator: "\n"))
        process.closeInput()
        var lines: [[String: Any]] = []
        while let line = await process.nextLine() {
            lines.append(try #require((try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any], "\(line)"))
        }
        #expect(await process.exitStatus() == 0)
        let reply = try #require(lines.first { $0["line"] as? Int == 3 && $0["push"] == nil && $0["type"] as? String == "state" })
        #expect((reply["pending"] as? [String])?.first?.hasPrefix("the main queue was still busy after 64 turns") == true, "\(reply)")
        #expect(lines.contains { $0["type"] as? String == "log" && $0["line"] as? Int == 3 })
        #expect(lines.count < 5000, "\(lines.count) lines")
    }

    /// The end of input while the block still spins: the session ends without waiting out its timeout.
    @Test(.timeLimit(.minutes(1)), arguments: ["spin", "spinRunLoop", "spinOperations"])
    func theEndOfInputWhileTheMainQueueNeverGoesQuietEndsTheSession(spin: String) async throws {
        let result = try await Transcript.run(["use spinner", "event \(spin)"], arguments: ["--timeout=1h"], binary: Self.binary)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.lines.contains { $0["line"] as? Int == 2 && $0["push"] == nil })
        #expect(result.lines.count < 5000, "\(result.lines.count) lines")
    }
}
