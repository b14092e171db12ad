import Foundation
import TestSupport
import Testing

/// `vmrepl run` through a shebang, `vmrepl test` and `record`, through the built binary.
struct ScriptTests {
    /// The package's root, found from this file's place in it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let demo = root.appendingPathComponent("Examples/demos/foo.vmrepl").path
    static let transcripts = ["foo", "users"].map { root.appendingPathComponent("Examples/transcripts/\($0).vmt").path }

    /// Runs vmrepl with `arguments` and no input; returns its lines, status and stderr.
    private func vmrepl(_ arguments: [String], input: String = "", environment: [String: String] = [:]) async throws -> Transcript {
        try await Transcript.run(input.isEmpty ? [] : [input], arguments: arguments, environment: environment)
    }

    @Test func scriptRunsDirectlyThroughItsShebang() throws {
        let path = VMReplProcess.binaryURL.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let result = try Subprocess.run(["env", "PATH=\(path)", Self.demo])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix(#"{"type":"ready""#))
    }

    @Test func checkedInTranscriptsPass() async throws {
        let result = try await vmrepl(["test"] + Self.transcripts)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError == "vmrepl test: 2 passed, 0 failed\n")
    }

    @Test func differingTranscriptShowsADiffAndUpdateRewritesIt() async throws {
        let original = try String(contentsOfFile: Self.transcripts[0], encoding: .utf8)
        let path = try temporaryFile(original.replacingOccurrences(of: "👋", with: "🙂"))
        let failed = try await vmrepl(["test", path])
        #expect(failed.status == 3)
        // State lines that differ are shown path by path.
        #expect(failed.standardError.contains("\(path):4: output of 'event hello' differs\n  state.text: expected \"🙂\", got \"👋\"\n"))
        #expect(failed.standardError.hasSuffix("vmrepl test: 0 passed, 1 failed\n"))
        let updated = try await vmrepl(["test", "--update", path])
        #expect(updated.status == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == original)
    }

    @Test func recordedSessionReplaysToTheSameTranscript() async throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("vmrepl-record-\(UUID().uuidString).vmrepl").path
        let commands = ["use users", "load", "wait", "event loadTapped", "advance 2s", "use foo", "mock text=\"hi\"", "event hello", "bogus", "real"]
        let session = try await Transcript.run(["record \(script)"] + commands + ["record stop"])
        let recorded = session.lines.filter { ($0["line"] as? Int).map { $0 > 1 && $0 <= commands.count + 1 } ?? false }
        let replay = try await vmrepl(["run", "--keep-going", script])
        #expect(replay.status == 0)
        #expect(json(session.reply(commands.count + 2)?["commands"]) == "9")
        let strip: ([String: Any]) -> String = { line in
            var line = line
            line["seq"] = nil
            line["line"] = nil
            return json(line)
        }
        #expect(replay.lines.dropFirst().map(strip) == recorded.filter { $0["type"] as? String != "error" }.map(strip))
    }

    private func temporaryFile(_ contents: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vmrepl-\(UUID().uuidString).vmrepl").path
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
