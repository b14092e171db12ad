import Foundation
import TestSupport
import Testing

/// `vmrepl run`: demos, failures named by file and line, --keep-going, files that are not scripts;
/// run in-process through the same script session the executable uses.
struct ScriptRunTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let demos = ["foo", "users", "greeting", "posts", "tour", "seeds"].map { root.appendingPathComponent("Examples/demos/\($0).vmrepl").path }

    @Test(arguments: demos)
    func demoRunsCleanly(path: String) async throws {
        let result = try await SessionTranscript.runScripts([path])
        #expect(result.status == 0, "\(result.reports)")
        #expect(result.reports.isEmpty)
        #expect(!result.lines.contains { $0["type"] as? String == "error" })
    }

    @Test func virtualTimeGivesTheSameOutputEveryRun() async throws {
        let first = try await SessionTranscript.runScripts([Self.demos[1]])
        let second = try await SessionTranscript.runScripts([Self.demos[1]])
        #expect(first.text == second.text)
        #expect(first.lines.contains { value($0, "state.users.phase") as? String == "loaded" })
    }

    @Test func failedExpectationStopsTheRunNamingFileAndLine() async throws {
        let script = try temporaryFile("use foo\nevent hello\nexpect text == \"hi\"\nevent goodbye\n")
        let result = try await SessionTranscript.runScripts([script])
        #expect(result.status == 3)
        #expect(result.reports == ["\(script):3: expected text == \"hi\", but it is \"👋\""])
        #expect(result.lines.last?["code"] as? String == "expectation_failed")
        #expect(value(result.lines.last, "expected") as? String == "hi")
        #expect(value(result.lines.last, "actual") as? String == "👋")
        #expect(result.lines.count == 4)
    }

    @Test func keepGoingRunsPastErrors() async throws {
        let script = try temporaryFile("use foo\nevent nope\nexpect text == \"hi\"\nevent goodbye\n")
        let result = try await SessionTranscript.runScripts([script], arguments: ["--keep-going"])
        #expect(result.status == 3)
        #expect(result.reports.count == 2)
        #expect(value(result.lines.last, "state.text") as? String == "😢")
    }

    @Test func hugeScriptOrAFolderIsRefusedNotRead() async throws {
        let huge = FileManager.default.temporaryDirectory.appendingPathComponent("vmrepl-huge-\(UUID().uuidString).vmrepl").path
        #expect(FileManager.default.createFile(atPath: huge, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: huge))
        try handle.truncate(atOffset: 17 << 20)
        try handle.close()
        defer { try? FileManager.default.removeItem(atPath: huge) }
        let result = try await SessionTranscript.runScripts([huge, "/tmp"], arguments: ["--keep-going"])
        #expect(result.status == 1)
        #expect(result.reports == ["vmrepl: \(huge): larger than 16 MiB; not a script", "vmrepl: /tmp: is a directory"])
    }

    @Test func unreadableScriptIsReportedNotFatal() async throws {
        let result = try await SessionTranscript.runScripts(["/nonexistent/script.vmrepl", Self.demos[0]])
        #expect(result.status == 1)
        #expect(result.reports == ["vmrepl: /nonexistent/script.vmrepl: no such file"])
    }

    private func temporaryFile(_ contents: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vmrepl-\(UUID().uuidString).vmrepl").path
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
