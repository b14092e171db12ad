import Foundation
import TestSupport
import Testing

/// `Examples/SearchREPL`: a view model as app teams write it, hosted in a few lines, driven over pipes.
@Suite struct HostedViewModelTests {
    static let binary = VMReplProcess.binaryURL.deletingLastPathComponent().appendingPathComponent("search-repl")
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func aBindingsDidSetTaskIsTrackedAndPushedWithItsLine() async throws {
        let result = try await Transcript.run(["use search", #"write query="swift""#, "wait", "describe"], binary: Self.binary)
        #expect(result.status == 0)
        // The write's own reply shows the query; the debounced search its didSet started is pushed with line 2.
        #expect(value(result.reply(2), "state.query") as? String == "swift")
        #expect(result.pushes.allSatisfy { $0["line"] as? Int == 2 })
        #expect(json(value(result.reply(3), "state.results")) == #"["Swift","SwiftUI","Swift Testing"]"#)
        #expect(json(value(result.reply(3), "state.lastError")) == "null")
        #expect(json(value(result.reply(4), "bindings")) == #"[{"name":"query","type":"String"}]"#)
        let fields = (value(result.reply(4), "fields") as? [[String: Any]] ?? []).map { "\($0["name"]!): \($0["type"]!)" }
        #expect(fields.contains("lastError: Error?"))
        #expect(fields.contains("favorites: Set<String>"))
        #expect(fields.contains("lastSearched: Date?"))
    }

    @Test func itsScriptPassesAndAFailedExpectNamesTheLine() async throws {
        let demo = Self.root.appendingPathComponent("Examples/SearchREPL/search.vmrepl").path
        let passing = try await Transcript.run([], arguments: ["run", demo], binary: Self.binary)
        #expect(passing.status == 0, "\(passing.standardError)")
        let failing = try await Transcript.run(
            ["use search", "write query=\"obs\"", "wait", "expect results == []"], arguments: ["run", "-"], binary: Self.binary)
        #expect(failing.status == 3)
        #expect(failing.standardError.contains(":4:"))
    }

    @Test func anActionWithAnArgumentAndTheWorkItStarts() async throws {
        let result = try await Transcript.run(
            [
                "use search", "event toggleFavorite name=\"Swift\"", "event toggleFavorite name=3", "event search", "wait",
            ], binary: Self.binary)
        #expect(json(value(result.reply(2), "state.favorites")) == #"["Swift"]"#)
        #expect(result.reply(3)?["code"] as? String == "bad_event_arguments")
        // An empty query fails with the view model's own error, shown by type and description.
        #expect(value(result.reply(5), "state.lastError.type") as? String == "SearchError")
    }

    @Test func anAgentDrivesItOverMCP() async throws {
        let process = try VMReplProcess(["--mcp"], binary: Self.binary)
        process.send(
            [
                #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
                #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
                #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"use","arguments":{"screen":"search"}}}"#,
                #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"write","arguments":{"set":{"query":"swift"}}}}"#,
                #"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"event","arguments":{"name":"toggleFavorite","args":{"name":"Swift"}}}}"#,
            ].joined(separator: "\n"))
        process.closeInput()
        var answers: [Int: [String: Any]] = [:]
        while let line = await process.nextLine() {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            if let object, let id = object["id"] as? Int { answers[id] = object }
        }
        #expect(await process.exitStatus() == 0)
        #expect(value(answers[3], "result.isError") as? Bool == false)
        // The write's call folds in the states its didSet's search pushed, on virtual time.
        #expect(json(value(answers[3], "result.structuredContent.lines")).contains("Swift Testing"))
        #expect(json(value(answers[4], "result.structuredContent.reply.state.favorites")) == #"["Swift"]"#)
    }
}
