import Foundation
import Testing

/// `--trace=FILE.html` over real pipes: the page is written at the end of the session, whole,
/// with the session's steps, states and failures in its embedded data, and nothing a state holds
/// can end that data's element early.
struct TracePageTests {
    /// A folder of its own for each test.
    private static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vmrepl-trace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The data the page embeds, parsed by Foundation: the text between the data element's tags.
    private static func data(inPageAt url: URL) throws -> [String: Any] {
        let page = try String(contentsOf: url, encoding: .utf8)
        let open = #"<script type="application/json" id="trace-data">"#
        let start = try #require(page.range(of: open))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        // No `</script>` from a state comes before the real end: the data parses whole.
        let json = Data(page[start.upperBound..<end.lowerBound].utf8)
        return try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
    }

    @Test(.timeLimit(.minutes(1)))
    func aPipeSessionWritesItsStepsStatesAndFailures() async throws {
        let folder = try Self.folder()
        let page = folder.appendingPathComponent("session.html")
        let process = try VMReplProcess(["--trace=\(page.path)"])
        process.send(
            """
            use users
            load
            wait
            expect users.phase == "failed"
            {"id":"q1","cmd":"state"}
            mock users.failure={"attempt":1,"message":"</script><b>"} users.phase="failed"
            """)
        process.closeInput()
        _ = try await process.rest()
        #expect(await process.exitStatus() == 3)
        let data = try Self.data(inPageAt: page)
        let steps = try #require(data["steps"] as? [[String: Any]])
        #expect(
            steps.compactMap { $0["cmd"] as? String } == [
                "use users", "load", "wait", #"expect users.phase == "failed""#, #"{"id":"q1","cmd":"state"}"#,
                #"mock users.failure={"attempt":1,"message":"</script><b>"} users.phase="failed""#,
            ])
        let load = try #require(steps.first { $0["cmd"] as? String == "load" })
        let pushes = try #require(load["pushes"] as? [[String: Any]])
        #expect(pushes.map { $0["push"] as? Bool } == [true])
        #expect(load["pushClocks"] as? [Double] == [2], "the load's state came when the clock reached 2 s")
        #expect(steps.first { $0["cmd"] as? String == "wait" }?["clock"] as? Double == 2)
        #expect(steps.first { ($0["cmd"] as? String)?.hasPrefix("expect") == true }?["failure"] as? String == "expect")
        #expect(steps.first { $0["id"] as? String == "q1" } != nil)
        // The states: the last one is the mocked failure, rebuilt from its entry (whole or a patch).
        let states = try #require(data["states"] as? [[String: Any]])
        let last = try #require(steps.last?["state"] as? Int)
        #expect(states[last]["model"] as? String == "preview")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(!html.contains("<b>"))
        #expect(!html.contains("http://") && !html.contains("https://"), "the page loads nothing from the network")
    }

    @Test(.timeLimit(.minutes(1)))
    func aScriptRunWritesItsPage() async throws {
        let folder = try Self.folder()
        let script = folder.appendingPathComponent("s.vmrepl")
        try "use foo\nevent goodbye\nexpect text == \"nope\"\n".write(to: script, atomically: true, encoding: .utf8)
        let page = folder.appendingPathComponent("run.html")
        let process = try VMReplProcess(["run", "--trace=\(page.path)", script.path])
        process.closeInput()
        _ = try await process.rest()
        #expect(await process.exitStatus() == 3)
        let steps = try #require(try Self.data(inPageAt: page)["steps"] as? [[String: Any]])
        #expect(steps.compactMap { $0["cmd"] as? String } == ["use foo", "event goodbye", #"expect text == "nope""#])
        #expect(steps.last?["failure"] as? String == "expect")
    }

    /// `run` with several scripts: each step names its script, so "line 1" is not ambiguous.
    @Test(.timeLimit(.minutes(1)))
    func aRunOfSeveralScriptsNamesEachStepsScript() async throws {
        let folder = try Self.folder()
        let first = folder.appendingPathComponent("a.vmrepl")
        let second = folder.appendingPathComponent("b.vmrepl")
        try "use foo\n".write(to: first, atomically: true, encoding: .utf8)
        try "use foo\nexpect text == \"nope\"\n".write(to: second, atomically: true, encoding: .utf8)
        let page = folder.appendingPathComponent("runs.html")
        let process = try VMReplProcess(["run", "--keep-going", "--trace=\(page.path)", first.path, second.path])
        process.closeInput()
        _ = try await process.rest()
        let steps = try #require(try Self.data(inPageAt: page)["steps"] as? [[String: Any]])
        let named = steps.filter { $0["cmd"] != nil }.map { "\($0["file"] as? String ?? "?"):\($0["line"] as? Int ?? 0)" }
        #expect(named == ["\(first.path):1", "\(second.path):1", "\(second.path):2"])
    }

    @Test(.timeLimit(.minutes(1)), arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130))])
    func aSessionEndedByASignalStillWritesItsPage(signal: Int32, status: Int32) async throws {
        let folder = try Self.folder()
        let page = folder.appendingPathComponent("signal.html")
        let process = try VMReplProcess(["--trace=\(page.path)"])
        _ = try await process.next()
        _ = try await process.request("use foo", line: 1)
        process.send(signal: signal)
        #expect(await process.exitStatus() == status)
        let steps = try #require(try Self.data(inPageAt: page)["steps"] as? [[String: Any]])
        #expect(steps.compactMap { $0["cmd"] as? String } == ["use foo"])
    }

    @Test(.timeLimit(.minutes(1)))
    func quitWritesThePageWithTheLinesBeforeIt() async throws {
        let folder = try Self.folder()
        let page = folder.appendingPathComponent("quit.html")
        let process = try VMReplProcess(["--trace=\(page.path)"])
        process.send("use foo\nquit\nevent hello")
        _ = try await process.rest()
        #expect(await process.exitStatus() == 0)
        let steps = try #require(try Self.data(inPageAt: page)["steps"] as? [[String: Any]])
        #expect(steps.compactMap { $0["cmd"] as? String } == ["use foo", "quit"])
    }

    @Test(.timeLimit(.minutes(1)))
    func aPageOutsideTheFilesFolderIsRefused() async throws {
        let folder = try Self.folder()
        let process = try VMReplProcess(["--files=\(folder.path)", "--trace=../escaped.html"])
        process.closeInput()
        _ = try await process.rest()
        #expect(await process.exitStatus() == 1)
        #expect(await process.standardError(containing: "--trace"))
        #expect(!FileManager.default.fileExists(atPath: folder.deletingLastPathComponent().appendingPathComponent("escaped.html").path))
    }

    /// `explore`: the page holds the shrunk counterexample's run, replayed, its break marked, then the result.
    @Test(.timeLimit(.minutes(1)))
    func exploreWritesTheCounterexamplesRun() async throws {
        let folder = try Self.folder()
        let setup = folder.appendingPathComponent("setup.vmrepl")
        try "use foo\ninvariant text != \"😢\"\n".write(to: setup, atomically: true, encoding: .utf8)
        let page = folder.appendingPathComponent("explore.html")
        let process = try VMReplProcess(["explore", "--trace=\(page.path)", setup.path])
        process.closeInput()
        _ = try await process.rest()
        #expect(await process.exitStatus() == 3)
        let steps = try #require(try Self.data(inPageAt: page)["steps"] as? [[String: Any]])
        #expect(steps.compactMap { $0["cmd"] as? String } == ["use foo", #"invariant text != "😢""#, "event goodbye"])
        #expect(steps.first { $0["cmd"] as? String == "event goodbye" }?["failure"] as? String == "invariant")
        #expect((steps.last?["reply"] as? [String: Any])?["type"] as? String == "counterexample")
    }

    /// `test` and `--mcp`: the transcripts' replays, and the tool calls, each a step with its request.
    @Test(.timeLimit(.minutes(1)), arguments: ["test", "mcp"])
    func otherModesWriteTheirPages(mode: String) async throws {
        let folder = try Self.folder()
        let page = folder.appendingPathComponent("\(mode).html")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let process: VMReplProcess
        if mode == "test" {
            process = try VMReplProcess(["test", "--trace=\(page.path)", root.appendingPathComponent("Examples/transcripts/foo.vmt").path])
        } else {
            process = try VMReplProcess(["--mcp", "--trace=\(page.path)"])
            process.send(
                #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#
                    + "\n" + #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#
                    + "\n" + #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"use","arguments":{"screen":"foo"}}}"#)
        }
        process.closeInput()
        while await process.nextLine() != nil {}
        #expect(await process.exitStatus() == 0)
        let steps = try #require(try Self.data(inPageAt: page)["steps"] as? [[String: Any]])
        let commands = steps.compactMap { $0["cmd"] as? String }
        #expect(mode == "test" ? commands.first == "use foo" : commands == [#"{"cmd":"use","screen":"foo"}"#])
        #expect(steps.contains { $0["state"] != nil })
    }

    /// `--mcp`: each step names the JSON-RPC id of its call, and a call refused before it is read
    /// still shows its tool.
    @Test(.timeLimit(.minutes(1)))
    func mcpStepsNameTheirCallAndTool() async throws {
        let folder = try Self.folder()
        let page = folder.appendingPathComponent("mcp-ids.html")
        let process = try VMReplProcess(["--mcp", "--trace=\(page.path)"])
        process.send(
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#
                + "\n" + #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#
                + "\n" + #"{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{"name":"use","arguments":{"screen":"foo"}}}"#
                + "\n" + #"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"use","arguments":{"id":3,"screen":"foo"}}}"#)
        process.closeInput()
        while await process.nextLine() != nil {}
        let steps = try #require(try Self.data(inPageAt: page)["steps"] as? [[String: Any]]).filter { $0["call"] != nil }
        #expect(steps.map { $0["call"] as? String } == [#""a""#, "7"])
        #expect((steps.last?["cmd"] as? String)?.contains(#""cmd":"use""#) == true)
    }
}
