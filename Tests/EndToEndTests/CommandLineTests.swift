import Foundation
import TestSupport
import Testing

/// Whether the tests run on Linux, whose file names are bytes.
#if os(Linux)
    private let isLinux = true
#else
    private let isLinux = false
#endif

/// Command-line conventions: --help, --version, usage errors and their statuses.
struct CommandLineTests {
    @Test func helpListsEveryCommandTheSessionKnows() async throws {
        let help = try await Transcript.run(["help"])
        let names = (help.reply(1)?["commands"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
        #expect(names.count > 10)
        let (text, status) = try await output(["--help"])
        #expect(status == 0)
        for name in names { #expect(text.contains("\n  \(name)"), "--help lacks \(name)") }
        #expect(text.contains("--posts-url=URL"))
    }

    /// A path with a byte that is not UTF-8 is refused by name, not read with U+FFFD in its place
    /// (which names another file, and said "no such file" of a file that is there). Linux only:
    /// APFS refuses such a name.
    @Test(.enabled(if: isLinux)) func anArgumentThatIsNotUTF8IsRefusedWithItsBytes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vmrepl-bytes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = Array(folder.path.utf8) + Array("/a".utf8) + [0xFF] + Array(".vmrepl".utf8)
        // The file is there: made through the C call, which takes its bytes as they are.
        let file = path + [0]
        let created = file.withUnsafeBufferPointer { bytes in
            bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { creat($0, 0o644) }
        }
        #expect(created >= 0)
        if created >= 0 { close(created) }
        let result = try Subprocess.run(bytes: [Array(VMReplProcess.binaryURL.path.utf8), Array("run".utf8), path], capturing: 2)
        #expect(result.status == 2)
        #expect(result.output.hasPrefix("vmrepl: an argument is not UTF-8 text (\(folder.path)/a\\xFF.vmrepl)"), "\(result.output)")
    }

    /// A trace page that cannot be written is said before the session runs (it ran the whole
    /// script first), under the option the user gave.
    @Test(arguments: [
        (
            ["run", "--trace=/nonexistent-folder/x.html", "-"],
            "vmrepl: --trace: cannot write /nonexistent-folder/x.html: there is no folder /nonexistent-folder"
        ),
        (["trace", "-o", "/", "log"], "vmrepl: -o: cannot write /: it is a folder"),
    ])
    func aTracePageThatCannotBeWrittenStopsFirst(arguments: [String], message: String) async throws {
        let result = try await Transcript.run(["use foo"], arguments: arguments)
        #expect(result.status == 2)
        #expect(result.lines.isEmpty)
        #expect(result.standardError == message + "\n")
    }

    @Test func versionNamesTheProtocol() async throws {
        let (text, status) = try await output(["--version"])
        #expect(status == 0)
        #expect(text.hasPrefix("vmrepl ") && text.hasSuffix("(protocol 1)\n"))
    }

    @Test(arguments: [
        (["--bogus"], "vmrepl: unknown option '--bogus'"),
        (["--clock=sideways"], "vmrepl: --clock takes virtual or real, not 'sideways'"),
        (["--seed"], "vmrepl: --seed needs a value"),
        (["extra"], "vmrepl: unexpected argument 'extra'"),
        (["run"], "vmrepl: run needs a script file (or - for stdin)"),
        (["--", "file"], "vmrepl: unexpected argument 'file'"),
        (["run", "--update", "x"], "vmrepl: unknown option '--update'"),
        (["trace"], "vmrepl: trace needs one saved session (a file of protocol lines, or - for stdin)"),
        (["trace", "-"], "vmrepl: trace - (stdin) needs -o FILE.html"),
        (["trace", "-o", "x.html", "--runs=3", "log"], "vmrepl: unknown option '--runs=3'"),
        (["run", ""], "vmrepl: an empty argument names no file"),
    ])
    func usageErrorsAreShortAndExitWithTwo(arguments: [String], message: String) async throws {
        let result = try await Transcript.run([], arguments: arguments)
        #expect(result.status == 2)
        #expect(result.lines.isEmpty)
        #expect(result.standardError.hasPrefix(message + "\nusage: vmrepl"))
    }

    /// `vmrepl trace LOG` over real pipes: a log with no protocol line, or none at all, writes
    /// no page and says why; a log of one session writes its page beside it.
    @Test func traceTurnsALogIntoAPageAndSaysWhyWhenItCannot() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trace-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let session = try await Transcript.run(["use foo", "event hello"])
        let log = folder.appendingPathComponent("session.jsonl")
        let output = try session.lines.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
        try Data((["use foo", "event hello"] + output).joined(separator: "\n").utf8).write(to: log)
        let made = try await Transcript.run([], arguments: ["trace", log.path])
        #expect(made.status == 0 && made.standardError.isEmpty)
        let page = try String(contentsOf: folder.appendingPathComponent("session.html"), encoding: .utf8)
        #expect(page.contains(#""cmd":"event hello""#))
        let requestsOnly = folder.appendingPathComponent("requests.txt")
        try Data("use foo\n".utf8).write(to: requestsOnly)
        let refused = try await Transcript.run([], arguments: ["trace", requestsOnly.path])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("holds no protocol line"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("requests.html").path))
        let missing = try await Transcript.run([], arguments: ["trace", folder.appendingPathComponent("none.jsonl").path])
        #expect(missing.status == 1 && missing.standardError.hasSuffix("none.jsonl: no such file\n"))
    }

    /// `vmrepl trace` never writes its page over the log it reads (by its own name, `-o` naming
    /// it, or a link to it), and refuses a log whose patch the page could not apply; the log is
    /// left as it was.
    @Test func traceRefusesToOverwriteItsLogOrToShowAnIllTypedPatch() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trace-guard-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("session.html")
        let text = #"{"type":"ready","seq":0,"protocol":"vmrepl","version":1,"screens":["foo"],"clock":"virtual"}"# + "\n"
        try Data(text.utf8).write(to: log)
        let link = folder.appendingPathComponent("link.html")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: log)
        for arguments in [["trace", log.path], ["trace", "-o", log.path, log.path], ["trace", "-o", link.path, log.path]] {
            let refused = try await Transcript.run([], arguments: arguments)
            #expect(refused.status == 2, "\(arguments)")
            #expect(refused.standardError.contains("would overwrite the log"), "\(arguments)")
            #expect(try String(contentsOf: log, encoding: .utf8) == text)
        }
        let patched = folder.appendingPathComponent("patched.jsonl")
        for (patch, reason) in [
            ("5", "the patch: it is int, not an array of operations"),
            (#"[{"op":"move","path":"/a"}]"#, #"operation 0 of the patch: its "op""#),
            (#"[{"op":"add","path":"a","value":1}]"#, #"operation 0 of the patch: its "path" is not a JSON pointer"#),
            (#"[{"op":"replace","path":"/a"}]"#, #"operation 0 of the patch: replace needs a "value""#),
        ] {
            try Data((text + #"{"type":"state","seq":1,"screen":"foo","model":"real","patch":\#(patch)}"#).utf8).write(to: patched)
            let refused = try await Transcript.run([], arguments: ["trace", patched.path])
            #expect(refused.status == 1, "\(patch)")
            #expect(refused.standardError.contains("patched.jsonl:2: \(reason)"), "\(refused.standardError)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("patched.html").path))
        }
    }

    @Test func doubleDashEndsOptionsForRun() async throws {
        let result = try await Transcript.run([], arguments: ["run", "--", "-"])
        #expect(result.status == 0)
        #expect(result.lines.first?["type"] as? String == "ready")
    }

    @Test func embeddedREPLServesTheAppsOwnScreens() async throws {
        let counter = VMReplProcess.binaryURL.deletingLastPathComponent().appendingPathComponent("counter-repl")
        let result = try await Transcript.run(["use counter", "event stepChanged step=5", "event incrementTapped"], binary: counter)
        #expect(json(result.lines.first?["screens"]) == #"["counter"]"#)
        #expect(json(result.reply(3)?["state"]) == #"{"count":5,"step":5}"#)
        // The app's print() went to stderr: every stdout line parsed as protocol JSON above.
        #expect(result.standardError.contains("Handle event: incrementTapped"))
    }

    /// Runs vmrepl with `arguments` and returns what it printed on stdout and its status.
    private func output(_ arguments: [String]) async throws -> (String, Int32) {
        let process = try VMReplProcess(arguments)
        process.closeInput()
        var text = ""
        while let line = await process.nextLine() { text += line + "\n" }
        return (text, await process.exitStatus())
    }
}
