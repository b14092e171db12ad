import Foundation
import Testing

/// `explore` with its trials in workers (`TestApps/ValuesREPL`'s report form, short list and
/// settler, whose own code traps or never returns on a reachable path): each is a counterexample
/// naming what stopped the worker, shrunk, whose script stops at the same step under `run`.
struct ExploreWorkerTests {
    static let binary = VMReplProcess.binaryURL.deletingLastPathComponent().appendingPathComponent("values-repl")
    /// Under the thread sanitizer a trap is the sanitizer's report and exit, not the runtime's signal.
    static let sanitized = ProcessInfo.processInfo.environment["TSAN_OPTIONS"] != nil

    private func setup(_ text: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vmrepl-workers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let setup = folder.appendingPathComponent("setup.vmrepl")
        try text.write(to: setup, atomically: true, encoding: .utf8)
        return setup
    }

    private func explore(_ setup: URL, _ options: [String] = []) async throws -> Transcript {
        try await Transcript.run([], arguments: ["explore"] + options + [setup.path], binary: Self.binary)
    }

    @Test(.timeLimit(.minutes(1)))
    func aForceUnwrapBehindADisabledButtonIsATrapShrunkToItsOneStepAndItsScriptStopsThere() async throws {
        let setup = try setup("use report-form\n")
        let result = try await explore(setup)
        #expect(result.status == 3, "\(result.standardError)")
        let found = try #require(result.lines.last)
        #expect(result.lines.count == 1 && found["type"] as? String == "counterexample")
        #expect(found["steps"] as? [String] == ["event save"])
        let script = try #require(found["file"] as? String)
        #expect(script == setup.deletingPathExtension().path + ".counterexample.vmrepl")
        if !Self.sanitized {
            #expect(found["found"] as? String == "trap")
            #expect(found["message"] as? String == "Fatal error: Unexpectedly found nil while unwrapping an Optional value")
            #expect((found["place"] as? String)?.hasSuffix("Traps.swift:24") == true, "\(found)")
            #expect([Int(SIGILL), Int(SIGTRAP)].contains(found["signal"] as? Int ?? 0))
        }
        // The script replays it: `run` stops at its last line, answered as a trap.
        let lines = try String(contentsOfFile: script, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.last == "event save")
        let run = try await Transcript.run([], arguments: ["run", script], environment: ["SWIFT_BACKTRACE": "enable=no"], binary: Self.binary)
        let answer = try #require(run.lines.last)
        if !Self.sanitized {
            #expect(answer["code"] as? String == "crashed" && answer["line"] as? Int == lines.count, "\(answer)")
        }
        #expect(run.status != 0)
    }

    @Test(.timeLimit(.minutes(1)))
    func theSameButtonWithItsPreconditionFindsNothingInTwoHundredRuns() async throws {
        let setup = try setup("use report-form\nprecondition save saveEnabled == true\n")
        let result = try await explore(setup, ["--runs=200"])
        #expect(result.status == 0, "\(result.standardError)")
        let explored = try #require(result.lines.last)
        #expect(explored["type"] as? String == "explored" && explored["runs"] as? Int == 200)
        // Save was tried, where it is enabled: the rule keeps explore to what a user can reach.
        #expect(((explored["events"] as? [String: Int])?["save"] ?? 0) > 0, "\(explored)")
    }

    @Test(.timeLimit(.minutes(1)))
    func anIndexOutOfRangeIsShrunkToTwoStepsAndTheSameSeedFindsTheSame() async throws {
        let setup = try setup("use short-list\n")
        let first = try await explore(setup, ["--seed=7"])
        #expect(first.status == 3, "\(first.standardError)")
        let found = try #require(first.lines.last)
        #expect(found["steps"] as? [String] == ["event next", "event remove"])
        if !Self.sanitized { #expect(found["message"] as? String == "Fatal error: Index out of range") }
        let again = try await explore(setup, ["--seed=7"])
        #expect(again.lines.last.map { NSDictionary(dictionary: $0) } == NSDictionary(dictionary: found))
    }

    @Test(.timeLimit(.minutes(2)))
    func aStepThatNeverReturnsIsAHangStoppedAtItsTimeLimitAndShrunk() async throws {
        let setup = try setup("use settler\n")
        // Real time: under the thread sanitizer, with every other test running, a step that returns may take a second.
        let limit = Self.sanitized ? 8 : 1
        let result = try await explore(setup, ["--step-timeout=\(limit)s"])
        #expect(result.status == 3, "\(result.standardError)")
        let found = try #require(result.lines.last)
        #expect(found["found"] as? String == "hang" && found["seconds"] as? Double == Double(limit))
        #expect(found["steps"] as? [String] == ["event tap", "event settle"])
    }

    @Test(.timeLimit(.minutes(1)))
    func aScreenThatNeverTrapsExploresInAWorkerAsItDoesInProcess() async throws {
        let setup = try setup("use report-form\nprecondition save saveEnabled == true\ninvariant sent != null\n")
        let worker = try await explore(setup, ["--runs=30"])
        let inProcess = try await explore(setup, ["--runs=30", "--in-process"])
        #expect(worker.status == 0 && inProcess.status == 0)
        #expect(worker.lines.map { NSDictionary(dictionary: $0) } == inProcess.lines.map { NSDictionary(dictionary: $0) })
    }

    @Test(.timeLimit(.minutes(1)))
    func aDisabledEventIsRefusedNamingItsConditionAndDescribeListsIt() async throws {
        let process = try VMReplProcess(binary: Self.binary)
        _ = try await process.request("use report-form", line: 1)
        _ = try await process.request("precondition save saveEnabled == true", line: 2)
        let refused = try await process.request("event save", line: 3).reply
        #expect(refused["code"] as? String == "event_disabled")
        #expect((refused["message"] as? String)?.contains("saveEnabled == true does not hold (saveEnabled is false)") == true)
        let described = try await process.request("describe", line: 4).reply
        let save = (described["events"] as? [[String: Any]])?.first { $0["name"] as? String == "save" }
        #expect(save?["preconditions"] as? [String] == ["saveEnabled == true"])
        _ = try await process.request("event choose spam", line: 5)
        let sent = try await process.request("event save", line: 6).reply
        #expect((sent["state"] as? [String: Any])?["sent"] as? [String] == ["spam: "])
        process.closeInput()
        _ = try await process.rest()
    }
}
