import Foundation
import TestSupport
import Testing

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
        #expect(
            result.reply(2)?["message"] as? String == "cannot record to /dev/full: it is not a regular file (a FIFO, a device or a folder); nothing changed")
        #expect((result.reply(3)?["message"] as? String)?.contains("not a regular file") == true)
        #expect(value(result.reply(4), "state.text") as? String == "👋")
    }

    /// A trace page, a JUnit report or explore's script is never written over a FIFO or through
    /// /dev/stdout (which would replace whatever this process's output was redirected to).
    @Test(.timeLimit(.minutes(1)))
    func reportsAreNeverWrittenOverWhatIsNoFile() async throws {
        let dir = try Self.folder()
        let fifo = dir.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        for arguments in [["--trace=\(fifo)"], ["--trace=/dev/stdout"]] {
            let result = try await Transcript.run(["use foo"], arguments: arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.standardError.contains("not a regular file"), "\(arguments): \(result.standardError)")
        }
        let script = dir.appendingPathComponent("s.vmrepl")
        try "use foo\n".write(to: script, atomically: true, encoding: .utf8)
        _ = try await Transcript.run([], arguments: ["run", "--junit=\(fifo)", script.path])
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO, "the FIFO is still a FIFO")
    }

    /// `vmrepl run FIFO` with no writer: refused at once instead of blocking in open(), out of
    /// reach of signals.
    @Test(.timeLimit(.minutes(1)))
    func runningAFIFONobodyWritesToEndsAtOnce() async throws {
        let fifo = try Self.folder().appendingPathComponent("script").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = try await Transcript.run([], arguments: ["run", fifo])
        #expect(result.status == 1)
        #expect(result.standardError.contains(fifo))
    }

    /// `vmrepl run FIFO` while a writer keeps the FIFO open and writes nothing: the read waits, and
    /// SIGTERM still ends the process as documented (status 143), as it does at any other time.
    @Test(.timeLimit(.minutes(1)))
    func aSignalEndsAScriptReadThatWaitsOnAFIFO() async throws {
        let fifo = try Self.folder().appendingPathComponent("held").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // Read and write, so this open does not wait for a reader; the FIFO then never ends.
        let writer = open(fifo, O_RDWR)
        #expect(writer >= 0)
        defer { close(writer) }
        let process = try VMReplProcess(["run", fifo])
        // Synchronise on what can be seen: vmrepl has the FIFO open, so its read is under way.
        let descriptors = "/proc/\(process.processIdentifier)/fd"
        while !((try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? []).contains(where: {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: descriptors + "/" + $0)) == fifo
        }) {
            try await Task.sleep(for: .milliseconds(5))
        }
        process.send(signal: SIGTERM)
        #expect(await process.exitStatus() == 128 + SIGTERM)
        #expect(process.exitedNormally)
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
        // The header, then the screen the recording started on, then whole lines only.
        #expect(saved.split(separator: "\n").dropFirst(3).first == "use foo")
        #expect(saved.split(separator: "\n").dropFirst(4).allSatisfy { $0 == "event hello" })
    }

    /// Numeric ids of every JSON form are answered as given; a message nested too deep is answered
    /// with its id when the id can be read; tool arguments nest as deep as a line's values may.
    @Test func mcpAnswersEveryNumericIDAndTheIDOfAMessageNestedTooDeep() async throws {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        let nested = String(repeating: "[", count: 60) + "1" + String(repeating: "]", count: 60)
        let process = try VMReplProcess(["--mcp"])
        process.send(
            [
                #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
                #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
                #"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#,
                #"{"jsonrpc":"2.0","id":1e3,"method":"ping"}"#,
                #"{"jsonrpc":"2.0","id":7,"method":"ping","params":{"deep":\#(deep)}}"#,
                #"{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"use","arguments":{"screen":"foo"}}}"#,
                #"{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"expect","arguments":{"path":"text","op":"==","value":\#(nested)}}}"#,
            ].joined(separator: "\n"))
        process.closeInput()
        var answers: [[String: Any]] = []
        while let line = await process.nextLine() {
            if let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] { answers.append(object) }
        }
        let ids = answers.compactMap { $0["id"] as? Double }
        #expect(ids.contains(1.5) && ids.contains(1000))
        let deepAnswer = answers.first { $0["id"] as? Int == 7 }
        #expect(value(deepAnswer, "error.code") as? Int == -32700)
        // Nested 64 levels inside the arguments: a failed expect, not a message that is not JSON.
        let expectAnswer = answers.first { $0["id"] as? Int == 9 }
        #expect(value(expectAnswer, "result.isError") as? Bool == true)
        #expect(value(expectAnswer, "error") == nil)
    }

    /// An agent writes files only in its folder: `record` through MCP refuses `..`, absolute paths
    /// and links, and writes a relative path there.
    @Test func mcpRecordsOnlyInItsFolder() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vmrepl-mcp-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(symlink("/tmp", folder + "/out") == 0)
        let process = try VMReplProcess(["--mcp", "--files=\(folder)"])
        func call(_ id: Int, _ path: String) -> String {
            #"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"record","arguments":{"path":"\#(path)"}}}"#
        }
        process.send(
            [
                #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
                #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
                call(2, "../escaped.vmrepl"), call(3, "/tmp/absolute.vmrepl"), call(4, "out/linked.vmrepl"), call(5, "agent.vmrepl"),
            ].joined(separator: "\n"))
        process.closeInput()
        var answers: [Int: [String: Any]] = [:]
        while let line = await process.nextLine() {
            if let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], let id = object["id"] as? Int { answers[id] = object }
        }
        for id in 2...4 {
            #expect(value(answers[id], "result.structuredContent.reply.code") as? String == "path_not_allowed", "call \(id)")
        }
        #expect(value(answers[5], "result.isError") as? Bool == false)
        #expect(FileManager.default.fileExists(atPath: folder + "/agent.vmrepl"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/absolute.vmrepl") && !FileManager.default.fileExists(atPath: "/tmp/linked.vmrepl"))
    }

}
