import Foundation
import Testing
import TestSupport

/// Invariants: checked after every command and every pushed state, reported once per break.
struct InvariantTests {
    private func violations(_ transcript: SessionTranscript) -> [[String: Any]] {
        transcript.lines.filter { $0["code"] as? String == "invariant_violated" }
    }

    @Test func theCommandThatBreaksAnInvariantIsNamedOnceAndTheSessionFails() async throws {
        let transcript = try await SessionTranscript.run(
            ["use foo", #"invariant text != "😢""#, "event goodbye", "event goodbye", "event hello", "event goodbye"])
        let found = violations(transcript)
        #expect(found.map { $0["line"] as? Int } == [3, 6])
        #expect(found.first?["push"] as? Bool == true)
        #expect(found.first?["cause"] as? String == "'event goodbye'")
        #expect(found.first?["invariant"] as? String == #"text != "😢""#)
        // The request's reply is still its own line, before the report.
        #expect(transcript.reply(3)?["type"] as? String == "state")
        #expect(transcript.status == 3)
    }

    @Test func aLoadThatBreaksAnInvariantIsNamedWithTheRequestThatStartedIt() async throws {
        let transcript = try await SessionTranscript.run(
            ["use users", #"stub fetch error="offline""#, #"invariant users.phase != "failed""#, #"{"id":"L","cmd":"load"}"#, "wait"])
        let violation = try #require(violations(transcript).first)
        #expect(violation["id"] as? String == "L")
        #expect(violation["cause"] as? String == "the load started on line 4")
    }

    @Test func whenLimitsAnInvariantAndClearRemovesThem() async throws {
        let transcript = try await SessionTranscript.run([
            "use users", #"stub fetch value=[]"#, #"invariant users.value exists when users.phase == "loaded""#,
            "load", "wait", "invariants", "invariant clear", "invariants",
        ])
        #expect(violations(transcript).isEmpty)
        #expect((transcript.reply(6)?["invariants"] as? [String])?.count == 1)
        #expect((transcript.reply(8)?["invariants"] as? [String]) == [])
        #expect(transcript.status == 0)
    }

    @Test func aScriptStopsAtABrokenInvariantNamingFileAndLine() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vmrepl-\(UUID().uuidString).vmrepl").path
        try "use foo\ninvariant text != \"😢\"\nevent goodbye\nevent hello\n".write(toFile: path, atomically: true, encoding: .utf8)
        let result = try await SessionTranscript.runScripts([path])
        #expect(result.status == 3)
        #expect(result.reports == [#"\#(path):3: invariant text != "😢" broken by 'event goodbye': text is "😢""#])
    }
}
