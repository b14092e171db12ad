import Foundation
import TestSupport
import Testing

/// `--mcp` under a client that does not keep up, through the built binary over real pipes.
struct MCPFaultTests {
    static let values = VMReplProcess.binaryURL.deletingLastPathComponent().appendingPathComponent("values-repl")
    static let initialize =
        #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#

    private static func call(_ id: Int, _ tool: String, _ arguments: String) -> String {
        #"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"\#(tool)","arguments":\#(arguments)}}"#
    }

    /// Every answer, by id, once the input is closed.
    private static func answers(_ process: VMReplProcess) async throws -> [Int: [String: Any]] {
        var answers: [Int: [String: Any]] = [:]
        while let line = await process.nextLine() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if let id = object["id"] as? Int { answers[id] = object }
        }
        return answers
    }

    /// 2,000 states pushed by a task an action started: the lines waiting for a call to take them
    /// are bounded, and the result that takes them says how many were dropped; its reply is kept.
    @Test(.timeLimit(.minutes(1)))
    func statesPushedWhileNoCallTakesThemAreBoundedAndCounted() async throws {
        let process = try VMReplProcess(["--mcp", "--clock=real"], binary: Self.values)
        process.send(
            [
                Self.initialize,
                Self.call(2, "use", #"{"screen":"faults"}"#),
                Self.call(3, "event", #"{"name":"flood"}"#),
                Self.call(4, "wait", #"{"until":"presses == 2000","timeout":"50s"}"#),
            ].joined(separator: "\n"))
        process.closeInput()
        let answers = try await Self.answers(process)
        let result = value(answers[4], "result.structuredContent") as? [String: Any]
        #expect(value(result, "reply.state.presses") as? Int == 2000)
        let lines = try #require(result?["lines"] as? [Any])
        #expect(lines.count <= 256)
        #expect((result?["dropped"] as? Int ?? 0) > 0)
        #expect((value(answers[4], "result.content") as? [[String: Any]])?.first?["text"].map { "\($0)".contains("older lines dropped") } == true)
        #expect(value(answers[3], "result.structuredContent.dropped") == nil)
    }

    /// Twelve states of 0.5 to 6 MB pushed by a task: the lines waiting for a call are bounded in
    /// bytes too (about 8 MiB, the newest state kept whole), and the result says how many went.
    @Test(.timeLimit(.minutes(1)))
    func largeStatesWaitingForACallAreBoundedInBytes() async throws {
        let process = try VMReplProcess(["--mcp", "--clock=real"], binary: Self.values)
        process.send(
            [
                Self.initialize,
                Self.call(2, "use", #"{"screen":"faults"}"#),
                Self.call(3, "event", #"{"name":"grow"}"#),
                Self.call(4, "wait", #"{"until":"ballast[11] exists","timeout":"50s"}"#),
            ].joined(separator: "\n"))
        process.closeInput()
        var answer: String?
        while answer == nil, let line = await process.nextLine() {
            if line.hasPrefix(#"{"jsonrpc":"2.0","id":4,"#) { answer = line }
        }
        let text = try #require(answer)
        #expect(text.utf8.count < 24 << 20)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let result = value(object, "result.structuredContent") as? [String: Any]
        #expect((value(result, "reply.state.ballast") as? [String])?.count == 12)
        #expect((result?["dropped"] as? Int ?? 0) > 0)
    }

    /// A hard link in the agent's folder to a file outside: `record … append=true` is refused,
    /// checked on the file opened, and the outside file is left as it was.
    @Test(.timeLimit(.minutes(1)))
    func aHardLinkOutOfTheFolderIsNeverAppendedTo() async throws {
        let manager = FileManager.default
        let folder = manager.temporaryDirectory.appendingPathComponent("vmrepl-mcp-\(UUID().uuidString)").path
        let outside = folder + "-outside.vmrepl"
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "kept\n".write(toFile: outside, atomically: true, encoding: .utf8)
        #expect(link(outside, folder + "/hard.vmrepl") == 0)
        let process = try VMReplProcess(["--mcp", "--files=\(folder)"])
        process.send(
            [
                Self.initialize,
                Self.call(2, "record", #"{"path":"hard.vmrepl","append":true}"#),
                Self.call(3, "use", #"{"screen":"foo"}"#),
            ].joined(separator: "\n"))
        process.closeInput()
        let answers = try await Self.answers(process)
        #expect(value(answers[2], "result.structuredContent.reply.code") as? String == "path_not_allowed")
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "kept\n")
    }

    /// An id comes back as the client wrote it, also where a JSON value would change it: a lone
    /// surrogate, an integer past a Double's precision, a number past its range.
    @Test(.timeLimit(.minutes(1)), arguments: [#""\ud800""#, "12345678901234567890", "1e400", "-0", "1.50", #""a\u0062""#])
    func anIdIsAnsweredAsItsOwnText(id: String) async throws {
        let process = try VMReplProcess(["--mcp"])
        process.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"ping"}"#)
        process.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"nope"}"#)
        process.closeInput()
        #expect(await process.nextLine() == #"{"jsonrpc":"2.0","id":\#(id),"result":{}}"#)
        #expect(await process.nextLine()?.hasPrefix(#"{"jsonrpc":"2.0","id":\#(id),"error":{"code":-32601,"#) == true)
    }

    /// An agent records 3,000 times into a folder that is swapped for a link to another, again and
    /// again, meanwhile: no recording lands outside.
    @Test(.timeLimit(.minutes(1)))
    func aFolderSwappedForALinkNeverLetsARecordingOut() async throws {
        let manager = FileManager.default
        let folder = manager.temporaryDirectory.appendingPathComponent("vmrepl-mcp-\(UUID().uuidString)").path
        let outside = folder + "-outside"
        try manager.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: outside, withIntermediateDirectories: true)
        let stop = NSCondition()
        nonisolated(unsafe) var stopped = false
        let swapper = Thread {
            while !stop.withLock({ stopped }) {
                rename(folder + "/sub", folder + "/real")
                symlink(outside, folder + "/sub")
                unlink(folder + "/sub")
                rename(folder + "/real", folder + "/sub")
            }
        }
        swapper.start()
        let process = try VMReplProcess(["--mcp", "--files=\(folder)"])
        var requests = [Self.initialize]
        for index in 0..<3_000 {
            requests.append(Self.call(2 + 2 * index, "record", #"{"path":"sub/r\#(index).vmrepl"}"#))
            requests.append(Self.call(3 + 2 * index, "record", #"{"path":"stop"}"#))
        }
        process.send(requests.joined(separator: "\n"))
        process.closeInput()
        let answers = try await Self.answers(process)
        stop.withLock { stopped = true }
        #expect(answers.count == 6_001)
        #expect(try manager.contentsOfDirectory(atPath: outside) == [])
    }
}
