import ExampleScreens
import Foundation
import Testing

@testable import ViewModelREPL

/// `vmrepl test`: a transcript line passes when every member it holds matches, so what a later
/// vmrepl adds to its lines breaks no transcript; `--strict` compares whole lines; `# vary:` names
/// paths whose values change from run to run; `--update` rewrites only the lines that differ.
@MainActor
struct TranscriptMatchingTests {
    private func transcript(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vmrepl-\(UUID().uuidString).transcript").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func test(_ path: String, strict: Bool = false, update: Bool = false) async -> (ViewModelREPL.ExitStatus, [String]) {
        var reports: [String] = []
        let session = TranscriptSession(
            registry: ExampleScreens.registry(), options: Evaluator.Options(), update: update, strict: strict, report: { reports.append($0) })
        return (await session.run([path]), reports)
    }

    /// Written before `model` and `sheetIsPresented` were in the output: a line of today's vmrepl holds more.
    private let older = """
        > use foo
        {"type":"state","screen":"foo","state":{"text":"Nothing has happened yet."}}
        > event hello
        {"type":"state","screen":"foo","state":{"text":"👋"}}

        """

    @Test func aLineHoldingFewerMembersPassesAndFailsOnlyWhenStrict() async throws {
        let path = try transcript(older)
        #expect(await test(path).0 == .success)
        let (status, reports) = await test(path, strict: true)
        #expect(status == .expectationFailed)
        #expect(reports.contains { $0.contains("state.sheetIsPresented: expected nothing, got false") })
    }

    @Test func aStatedMemberThatDiffersStillFailsAndNamesItsPath() async throws {
        let path = try transcript(older.replacingOccurrences(of: "👋", with: "🙂"))
        let (status, reports) = await test(path)
        #expect(status == .expectationFailed)
        #expect(reports.contains { $0.contains(#"state.text: expected "🙂", got "👋""#) })
        #expect(!reports.contains { $0.contains("sheetIsPresented") })
    }

    @Test func pathsThatVaryFromRunToRunAreNotCompared() async throws {
        let varying = "# vary: state.text\n" + older.replacingOccurrences(of: "👋", with: "anything at all")
        #expect(await test(try transcript(varying)).0 == .success)
        #expect(await test(try transcript(varying), strict: true).0 == .expectationFailed)
        #expect(Transcript.path("state.items[*].id") == [.key("state"), .key("items"), .anyElement, .key("id")])
        #expect(Transcript.path("items[2]") == [.key("items"), .element(2)])
        #expect(Transcript.path("items[x]") == nil)
    }

    @Test func updateRewritesOnlyTheLinesThatDiffer() async throws {
        let path = try transcript(older.replacingOccurrences(of: "👋", with: "🙂"))
        #expect(await test(path, update: true).0 == .success)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        // The first line still matches and is kept as written; the second is today's output.
        #expect(text.contains(#"{"type":"state","screen":"foo","state":{"text":"Nothing has happened yet."}}"#))
        #expect(text.contains(#""model":"real""#) && text.contains(#""text":"👋""#))
        #expect(await test(path).0 == .success)
    }

    /// A `# vary:` path that does not parse is an error naming its line, and the transcript is not
    /// run (before, it was dropped and the value it meant compared, or a typo left it compared).
    @Test(arguments: ["state.items[x]", "state..id", "state.items[*", ""])
    func aVaryPathThatDoesNotParseIsAnErrorNamingItsLine(bad: String) async throws {
        let path = try transcript("# a comment\n# vary: state.text, \(bad)\n" + older.replacingOccurrences(of: "👋", with: "anything"))
        let (status, reports) = await test(path)
        #expect(status == .requestFailed)
        #expect(reports.first == "\(path):2: # vary: '\(bad)' is not a path; write paths such as state.id, state.items[*].createdAt, separated by commas")
        #expect(reports.last == "vmrepl test: 0 passed, 1 failed")
    }

    /// A comment or blank line between a command and its output leaves the output the command's:
    /// compared, and kept in place by `--update`.
    @Test func aCommentBetweenACommandAndItsOutputDoesNotDetachIt() async throws {
        let text = """
            > use foo
            # what foo shows first

            {"type":"state","screen":"foo","state":{"text":"Nothing has happened yet."}}
            # then
            > event hello
            # the wave
            {"type":"state","screen":"foo","state":{"text":"🙂"}}
            # the end

            """
        let path = try transcript(text)
        let (status, reports) = await test(path)
        #expect(status == .expectationFailed)
        #expect(reports.contains { $0.contains(#"state.text: expected "🙂", got "👋""#) }, "\(reports)")
        #expect(await test(path, update: true).0 == .success)
        let updated = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            updated
                == text.replacingOccurrences(
                    of: #"{"type":"state","screen":"foo","state":{"text":"🙂"}}"#,
                    with: #"{"type":"state","screen":"foo","model":"real","state":{"sheetIsPresented":false,"text":"👋"}}"#), "\(updated)")
        #expect(await test(path).0 == .success)
    }
}
