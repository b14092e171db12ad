import Foundation
import Testing

/// `--from=FILE@STEP` over real pipes: a session opened at a step of a recorded trace page or
/// protocol log, its requests replayed in this fresh process and compared with what was recorded.
struct FromTraceTests {
    static let binary = UndoTests.binary

    /// A folder of its own for one test's files.
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vmrepl-from-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func state(_ line: [String: Any]?) -> [String: Int]? {
        line?["state"] as? [String: Int]
    }

    @Test(.timeLimit(.minutes(1)))
    func aPagesThirdStepOpensThereWithTheAppsOwnStateAndUndoGoesBackFurther() async throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("taps.html").path
        let recorded = try await Transcript.run(["use tally", "event tap", "event tap", "event tap"], arguments: ["--trace=\(page)"], binary: Self.binary)
        #expect(recorded.status == 0, "\(recorded.standardError)")
        let opened = try await Transcript.run(["state", "event tap", "undo 2"], arguments: ["--from=\(page)@3"], binary: Self.binary)
        #expect(opened.status == 0, "\(opened.standardError)")
        // The ready line first, then each request's reply, numbered as this session's own lines.
        #expect(opened.lines.first?["type"] as? String == "ready")
        #expect(opened.lines.dropFirst().map { $0["line"] as? Int } == [1, 2, 3])
        #expect(state(opened.lines[1]) == ["taps": 2, "total": 2])
        #expect(state(opened.lines[2]) == ["taps": 3, "total": 3])
        // The trace's steps are the session's: undo goes back past where it opened.
        #expect(state(opened.lines[3]) == ["taps": 1, "total": 1])
    }

    @Test(.timeLimit(.minutes(1)))
    func aProtocolLogOfRequestsAndRepliesOpensAtItsStep() async throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A harness's log: each request, then its reply, as `vmrepl trace` reads one.
        let process = try VMReplProcess(binary: Self.binary)
        var log = [try #require(await process.nextLine())]
        for request in ["use tally", "event tap", "event tap"] {
            // The tally pushes nothing: the next line is the reply, kept as written.
            process.send(request)
            log += [request, try #require(await process.nextLine())]
        }
        process.closeInput()
        _ = try await process.rest()
        let path = dir.appendingPathComponent("session.jsonl").path
        try (log.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let opened = try await Transcript.run(["state"], arguments: ["--from=\(path)@2"], binary: Self.binary)
        #expect(opened.status == 0, "\(opened.standardError)")
        #expect(state(opened.lines.last) == ["taps": 1, "total": 1])
    }

    @Test(.timeLimit(.minutes(1)))
    func aStepThatDoesNotRepeatIsNamedWithWhatDifferedAndNothingOpens() async throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("dice.html").path
        _ = try await Transcript.run(["use dice", "event roll", "event roll"], arguments: ["--trace=\(page)"], binary: Self.binary)
        let opened = try await Transcript.run(["state"], arguments: ["--from=\(page)@3"], binary: Self.binary)
        #expect(opened.status == 1)
        #expect(opened.lines.isEmpty)
        #expect(opened.standardError.contains("step 2 ('event roll')") && opened.standardError.contains("state.rolls[0] was"), "\(opened.standardError)")
    }

    @Test(arguments: [
        ("@9", "has 3 steps; there is no step 9"), ("@0", "steps are numbered from 1"), ("", "is not a trace page"),
    ])
    func aStepOrFileThatIsNotThereIsAUsageError(suffix: String, words: String) async throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("taps.html").path
        _ = try await Transcript.run(["use tally", "event tap", "event tap"], arguments: ["--trace=\(page)"], binary: Self.binary)
        let target = suffix.isEmpty ? Self.binary.path : page + suffix
        let opened = try await Transcript.run(["state"], arguments: ["--from=\(target)"], binary: Self.binary)
        #expect(opened.status == 2)
        #expect(opened.standardError.contains(words), "\(opened.standardError)")
    }

    /// A worker an undo starts replays the session's own steps: the trace is not read again, so
    /// it may be gone; a chain of many patches is made whole one state at a time.
    @Test(.timeLimit(.minutes(1)))
    func undoAfterOpeningNeedsTheTraceNoMoreAndALongChainOpens() async throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("taps.html").path
        let taps = 150
        _ = try await Transcript.run(["use tally"] + Array(repeating: "event tap", count: taps), arguments: ["--trace=\(page)"], binary: Self.binary)
        let process = try VMReplProcess(["--from=\(page)@\(taps + 1)"], binary: Self.binary)
        _ = try await process.next()
        let opened = try await process.request("state", line: 1).reply
        #expect(state(opened) == ["taps": taps, "total": taps])
        try FileManager.default.removeItem(atPath: page)
        let back = try await process.request("undo 3", line: 2).reply
        #expect(state(back) == ["taps": taps - 3, "total": taps - 3], "\(back)")
        let history = try await process.request("history", line: 3).reply
        // The trace's steps are line 0: this session's own lines are numbered from 1.
        #expect((history["steps"] as? [[String: Any]])?.first?["line"] as? Int == 0)
        process.closeInput()
        _ = try await process.rest()
        #expect(await process.exitStatus() == 0)
    }
}
