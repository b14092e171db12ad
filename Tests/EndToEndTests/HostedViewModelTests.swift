import Foundation
import Testing
import TestSupport

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
        let demo = Self.root.appendingPathComponent("Examples/demos/search.vmrepl").path
        let passing = try await Transcript.run([], arguments: ["run", demo], binary: Self.binary)
        #expect(passing.status == 0, "\(passing.standardError)")
        let failing = try await Transcript.run(["use search", "write query=\"obs\"", "wait", "expect results == []"], arguments: ["run", "-"], binary: Self.binary)
        #expect(failing.status == 3)
        #expect(failing.standardError.contains(":4:"))
    }

    @Test func anActionWithAnArgumentAndTheWorkItStarts() async throws {
        let result = try await Transcript.run([
            "use search", "event toggleFavorite name=\"Swift\"", "event toggleFavorite name=3", "event search", "wait",
        ], binary: Self.binary)
        #expect(json(value(result.reply(2), "state.favorites")) == #"["Swift"]"#)
        #expect(result.reply(3)?["code"] as? String == "bad_event_arguments")
        // An empty query fails with the view model's own error, shown by type and description.
        #expect(value(result.reply(5), "state.lastError.type") as? String == "SearchError")
    }
}
