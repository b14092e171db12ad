import Foundation
import Testing
import TestSupport

/// What a careless or hostile client found, each now a clear error that changes nothing: over
/// real pipes, against the built binary.
@Suite struct HostileProbeTests {
    /// A fresh folder for one test's files.
    private static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vmrepl-probe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func recordingToADeviceOrAFIFOIsRefusedAtOnce() async throws {
        let dir = try Self.folder()
        let fifo = dir.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = try await Transcript.run(["use foo", "record /dev/full append=true", "record \(fifo) append=true", "event hello"])
        #expect(result.reply(2)?["message"] as? String == "cannot record to /dev/full: it is not a regular file (a FIFO, a device or a folder); nothing changed")
        #expect((result.reply(3)?["message"] as? String)?.contains("not a regular file") == true)
        #expect(value(result.reply(4), "state.text") as? String == "👋")
    }

    @Test func aPathThatCannotBeCreatedOrHoldsANewlineCreatesNothing() async throws {
        let dir = try Self.folder()
        let result = try await Transcript.run(
            ["use foo", "record \(dir.path)/nodir/../x", #"{"cmd":"record","path":"\#(dir.path)/nl\nuse foo"}"#, "state"])
        #expect(result.reply(2)?["code"] as? String == "bad_arguments")
        #expect((result.reply(3)?["message"] as? String)?.contains("control character") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [])
    }

    /// A full disk, made with a file-size limit: the recording ends with an error line, every reply is
    /// still written, and the file keeps only whole lines. (ThreadSanitizer's runtime cannot start
    /// under a file-size limit, so `make tsan-test`, which sets `TSAN_OPTIONS`, leaves it to the debug run.)
    @Test(.enabled(if: ProcessInfo.processInfo.environment["TSAN_OPTIONS"] == nil))
    func aFullDiskEndsTheRecordingAndLosesNoReply() async throws {
        let dir = try Self.folder()
        let script = dir.appendingPathComponent("long.vmrepl").path
        let input = ["use foo", "record \(script)"] + Array(repeating: "event hello", count: 300) + ["state"]
        let process = try VMReplProcess(
            ["-c", "ulimit -f 2; exec \"$0\"", VMReplProcess.binaryURL.path], binary: URL(fileURLWithPath: "/bin/sh"))
        process.send(input.joined(separator: "\n"))
        process.closeInput()
        let lines = try await process.rest()
        #expect(await process.exitStatus() == 0)
        #expect(lines.filter { $0["push"] == nil && $0["type"] as? String != "ready" }.count == input.count)
        let failures = lines.filter { $0["code"] as? String == "record_failed" }
        #expect(failures.count == 1)
        #expect(failures.first?["push"] as? Bool == true)
        let saved = try String(contentsOfFile: script, encoding: .utf8)
        #expect(saved.hasSuffix("\n"))
        #expect(saved.split(separator: "\n").dropFirst(2).allSatisfy { $0 == "event hello" })
    }
}
