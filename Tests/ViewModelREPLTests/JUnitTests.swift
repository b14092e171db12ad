import ExampleScreens
import Foundation
import TestSupport
import Testing

@testable import ViewModelREPL

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `--junit=FILE`: one test case per script or transcript, a failure naming FILE:LINE; checked with
/// Foundation's XML parser.
struct JUnitTests {
    private func temporary(_ name: String, _ contents: String? = nil) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vmrepl-\(UUID().uuidString)-\(name)").path
        if let contents { try contents.write(toFile: path, atomically: true, encoding: .utf8) }
        return path
    }

    @Test func aScriptRunReportsEachScriptAndTheFailingLine() async throws {
        let passing = try temporary("ok.vmrepl", "use foo\nevent hello\n")
        let failing = try temporary("bad.vmrepl", "use foo\nexpect text == \"<&>\"\n")
        let report = try temporary("report.xml")
        let result = try await SessionTranscript.runScripts([passing, failing], arguments: ["--keep-going", "--junit=\(report)"])
        #expect(result.status == 3)
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: report))
        let cases = try document.nodes(forXPath: "/testsuites/testsuite/testcase")
        #expect(cases.count == 2)
        #expect(try document.nodes(forXPath: "/testsuites/testsuite/@failures").first?.stringValue == "1")
        let failure = try #require(try document.nodes(forXPath: "//testcase[@name='\(failing)']/failure/@message").first?.stringValue)
        #expect(failure == #"\#(failing):2: expected text == "<&>", but it is "Nothing has happened yet.""#)
        #expect(try document.nodes(forXPath: "//testcase[@name='\(passing)']/failure").isEmpty)
    }

    @MainActor
    @Test func aTranscriptRunReportsTheTranscriptThatDiffered() async throws {
        let differing = try temporary(
            "t.vmt", "> use foo\n{\"type\":\"state\",\"screen\":\"foo\",\"model\":\"real\",\"state\":{\"sheetIsPresented\":true,\"text\":\"x\"}}\n")
        let report = try temporary("report.xml")
        let session = TranscriptSession(registry: ExampleScreens.registry(), options: Evaluator.Options(), update: false, junitPath: report, report: { _ in })
        #expect(await session.run([differing]) == .expectationFailed)
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: report))
        let message = try #require(try document.nodes(forXPath: "//failure/@message").first?.stringValue)
        #expect(message == "\(differing):1: output of 'use foo' differs")
        #expect(try document.nodes(forXPath: "//failure").first?.stringValue?.contains("state.text: expected \"x\", got \"Nothing has happened yet.\"") == true)
    }
}
