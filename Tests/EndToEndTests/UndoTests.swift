import Foundation
import Testing

/// `history` and `undo` in a pipe session over real pipes (`TestApps/ValuesREPL`'s tally, whose
/// taps also land in the app's global statistics, and dice, rolled with the system's randomness):
/// going back replays the steps before in a fresh process, so the app's own state goes back too.
struct UndoTests {
    static let binary = VMReplProcess.binaryURL.deletingLastPathComponent().appendingPathComponent("values-repl")

    private func state(_ line: [String: Any]?) -> [String: Int]? {
        line?["state"] as? [String: Int]
    }

    @Test(.timeLimit(.minutes(1)))
    func undoTakesTheAppsGlobalStateBackAndTheLinesAfterItAreAnsweredInOrder() async throws {
        // One write: the lines after each undo are read already when it is served, and must still be answered.
        let input = [
            "use tally", "event tap", "event tap", "event tap", "undo", "event tap", "history", "undo 2", "undo 9", #"{"id":"u","cmd":"undo"}"#,
            "undo", "event tap",
        ]
        let result = try await Transcript.run(input, binary: Self.binary)
        // Requests failed (an undo too far, an event with no screen): the status says so, across the workers.
        #expect(result.status == 1, "\(result.standardError)")
        let lines = result.lines.dropFirst()
        #expect(lines.map { $0["line"] as? Int } == Array(1...12))
        #expect(result.lines.map { $0["seq"] as? Int } == Array(0...12))
        let byLine = Dictionary(uniqueKeysWithValues: lines.map { ($0["line"] as? Int ?? 0, $0) })
        #expect(state(byLine[4]!) == ["taps": 3, "total": 3])
        // Back one: the state and the process's own statistics; the next tap counts from there.
        #expect(state(byLine[5]!) == ["taps": 2, "total": 2])
        #expect(state(byLine[6]!) == ["taps": 3, "total": 3])
        let steps = try #require(byLine[7]?["steps"] as? [[String: Any]])
        #expect(steps.map { $0["command"] as? String } == ["use tally", "event tap", "event tap", "event tap"])
        #expect(steps.map { $0["line"] as? Int } == [1, 2, 3, 6])
        #expect(state(byLine[8]!) == ["taps": 1, "total": 1])
        #expect(byLine[9]?["code"] as? String == "nothing_to_undo")
        #expect(byLine[10]?["id"] as? String == "u" && state(byLine[10]!) == ["taps": 0, "total": 0])
        // Back past the screen's opening: no screen, an acknowledgement.
        #expect(byLine[11]?["type"] as? String == "ok" && byLine[11]?["cmd"] as? String == "undo")
        #expect(byLine[12]?["code"] as? String == "no_screen")
    }

    @Test(.timeLimit(.minutes(1)))
    func undoOverTheSystemsRandomnessSaysItDivergedAndTheSessionStaysWhereItWas() async throws {
        let process = try VMReplProcess(binary: Self.binary)
        _ = try await process.request("use dice", line: 1)
        _ = try await process.request("event roll", line: 2)
        let rolled = try await process.request("event roll", line: 3).reply
        let refused = try await process.request("undo", line: 4).reply
        #expect(refused["code"] as? String == "undo_diverged")
        #expect(
            (refused["message"] as? String)?.contains("step 2 ('event roll', line 2) did not do what it did the first time: state.rolls[0] was ") == true,
            "\(refused)")
        let after = try await process.request("state", line: 5).reply
        #expect((after["state"] as? [String: [Int]]) == (rolled["state"] as? [String: [Int]]))
        let nothing = try VMReplProcess(binary: Self.binary)
        let refusedAtStart = try await nothing.request("undo", line: 1).reply
        #expect(refusedAtStart["code"] as? String == "nothing_to_undo")
        for process in [process, nothing] {
            process.closeInput()
            _ = try await process.rest()
            #expect(await process.exitStatus() == 1)
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aSessionThatWentBackEndsWithTheStatusOfEveryRequest() async throws {
        let clean = try await Transcript.run(["use tally", "event tap", "undo", "event tap", "quit"], binary: Self.binary)
        #expect(clean.status == 0, "\(clean.standardError)")
        #expect(clean.lines.last?["cmd"] as? String == "quit" && clean.lines.last?["line"] as? Int == 5)
        let failedBefore = try await Transcript.run(["use tally", "event nope", "event tap", "undo"], binary: Self.binary)
        #expect(failedBefore.status == 1)
    }

    /// After an undo the worker answers: a signal to the process a driver started reaches it, and
    /// the session ends as that signal ends one, with the lines owed written.
    @Test(.timeLimit(.minutes(1)), arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130))])
    func aSignalAfterAnUndoReachesTheWorker(signal: Int32, status: Int32) async throws {
        let process = try VMReplProcess(binary: Self.binary)
        _ = try await process.request("use tally", line: 1)
        _ = try await process.request("event tap", line: 2)
        let back = try await process.request("undo", line: 3).reply
        #expect(state(back) == ["taps": 0, "total": 0])
        process.send(signal: signal)
        _ = try await process.rest()
        // Ended as a pipe session is by that signal: before, the process a driver started trapped.
        #expect(await process.exitStatus() == status)
    }

    @Test(.timeLimit(.minutes(1)))
    func aScriptRunRefusesUndoForNowAndChangesNothing() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vmrepl-undo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let script = folder.appendingPathComponent("undo.vmrepl")
        try "use tally\nevent tap\nundo\n".write(to: script, atomically: true, encoding: .utf8)
        let result = try await Transcript.run([], arguments: ["run", script.path], binary: Self.binary)
        #expect(result.lines.last?["code"] as? String == "undo_unavailable")
        #expect(result.status == 1)
    }
    /// Over MCP: an agent's `undo` call is answered by the fresh process, which serves every call
    /// after it, those sent before the answer came included; `history` numbers the steps.
    @Test(.timeLimit(.minutes(1)))
    func overMCPUndoIsAToolAndTheCallsAfterItAreAnsweredInOrder() async throws {
        var messages = [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        ]
        let calls = [
            #""name":"use","arguments":{"screen":"tally"}"#, #""name":"event","arguments":{"name":"tap"}"#, #""name":"event","arguments":{"name":"tap"}"#,
            #""name":"undo","arguments":{}"#, #""name":"event","arguments":{"name":"tap"}"#, #""name":"history","arguments":{}"#,
            #""name":"undo","arguments":{"steps":9}"#,
        ]
        for (index, call) in calls.enumerated() {
            messages.append(#"{"jsonrpc":"2.0","id":\#(10 + index),"method":"tools/call","params":{\#(call)}}"#)
        }
        // One write: the calls after the undo are read already when it is served.
        let process = try VMReplProcess(["--mcp"], binary: Self.binary)
        process.send(messages.joined(separator: "\n"))
        process.closeInput()
        var lines: [[String: Any]] = []
        while let line = await process.nextLine() {
            lines.append(try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]))
        }
        #expect(await process.exitStatus() == 0, "\(process.standardError)")
        let replies = lines.compactMap { line -> (Int, [String: Any])? in
            guard let id = line["id"] as? Int, let content = (line["result"] as? [String: Any])?["structuredContent"] as? [String: Any],
                let reply = content["reply"] as? [String: Any]
            else { return nil }
            return (id, reply)
        }
        #expect(replies.map(\.0) == Array(10...16))
        let byID = Dictionary(uniqueKeysWithValues: replies)
        #expect(state(byID[12]) == ["taps": 2, "total": 2])
        // Back one, the app's global statistics too; the next tap counts from there.
        #expect(state(byID[13]) == ["taps": 1, "total": 1])
        #expect(state(byID[14]) == ["taps": 2, "total": 2])
        #expect((byID[15]?["steps"] as? [[String: Any]])?.map { $0["step"] as? Int } == [1, 2, 3])
        #expect(byID[16]?["code"] as? String == "nothing_to_undo")
    }
}
