import ExampleScreens
import Foundation
import TestSupport
import Testing

@testable import ViewModelREPL

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

    /// Declaring N invariants checks each once, not each after every later line (N²/2); a line
    /// that changes the state checks all N. Counted in conditions evaluated, not timed.
    @MainActor
    @Test(arguments: [250, 1000])
    func checkingCostsWhatChangedNotTheSquareOfTheInvariants(count: Int) async throws {
        let session = Session(registry: ExampleScreens.registry(), options: Evaluator.Options(), consumer: ProtocolWriter(output: OutputChannel { _ in true }))
        var lines = ["use foo"] + (0..<count).map { #"invariant text != "v\#($0)""# }
        lines += ["state", "describe", "event hello", "event goodbye", #"invariant text != "😢""#, "event hello"]
        for (index, line) in lines.enumerated() { await session.handle(line: line, number: index + 1) }
        // Each once as it is declared (state and describe change nothing), all of them after each
        // event, and the last one once as it is declared and again after the last event.
        let invariants = session.evaluator.invariants
        #expect(invariants.evaluations == count + 3 * count + 2, "\(invariants.evaluations)")
        // The one broken as it is declared is reported then, on its line, and held after the hello.
        let violations = session.accounting.takeViolations()
        #expect(violations.map(\.message) == [#"invariant text != "😢" broken by 'invariant text != "😢"': text is "😢""#])
    }

    /// An invariant on `@events` or `@calls` is checked on every line: they change with no new state.
    @MainActor
    @Test func invariantsPastTheStateAreCheckedOnEveryLine() async throws {
        let session = Session(registry: ExampleScreens.registry(), options: Evaluator.Options(), consumer: ProtocolWriter(output: OutputChannel { _ in true }))
        for (index, line) in ["use foo", "invariant @model exists", "invariant text exists", "state", "state"].enumerated() {
            await session.handle(line: line, number: index + 1)
        }
        #expect(session.evaluator.invariants.evaluations == 1 + 2 + 1 + 1)
    }
}
