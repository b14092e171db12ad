import Foundation
import TestSupport
import Testing

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
    ])
    func usageErrorsAreShortAndExitWithTwo(arguments: [String], message: String) async throws {
        let result = try await Transcript.run([], arguments: arguments)
        #expect(result.status == 2)
        #expect(result.lines.isEmpty)
        #expect(result.standardError.hasPrefix(message + "\nusage: vmrepl"))
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
