import Foundation
import TestSupport
import Testing

/// vmrepl at a real terminal (tmux): completion, history, output while typing, Ctrl-C, colour.
@Suite(.timeLimit(.minutes(1)))
struct InteractiveTests {
    @Test func tabCompletesCommandsScreensAndEvents() async throws {
        let terminal = try TerminalSession(arguments: ["--output=json"])
        try await terminal.waitForStart()
        try terminal.type("scr")
        try terminal.send("Tab")
        try await terminal.waitFor("screens completed") { $0.last == "vmrepl> screens" }
        try terminal.send("C-u")
        try terminal.type("use f")
        try terminal.send("Tab")
        try await terminal.waitFor("foo completed") { $0.last == "vmrepl> use foo" }
        try terminal.send("Enter")
        try await terminal.waitFor("the foo prompt") { $0.last == "foo>" }
        try terminal.type("event hel")
        try terminal.send("Tab")
        try await terminal.waitFor("hello completed") { $0.last == "foo> event hello" }
        try terminal.send("Enter")
        try await terminal.waitFor("hello handled") { $0.contains { $0.contains(#""text":"👋""#) } }
    }

    @Test func historyIsRecalledInTheNextRunFromAPrivateFile() async throws {
        let first = try TerminalSession()
        try await first.waitForStart()
        try first.enter("use foo")
        try await first.waitFor("foo") { $0.last == "foo>" }
        try first.enter("event goodbye")
        try await first.waitFor("goodbye handled") { $0.contains { $0.contains("😢") } }
        try first.send("C-d")
        try await first.waitUntilEnded()

        let history = first.stateHome.appendingPathComponent("vmrepl/history").path
        let mode = try FileManager.default.attributesOfItem(atPath: history)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        let second = try TerminalSession(stateHome: first.stateHome)
        try await second.waitForStart()
        try second.send("Up")
        try await second.waitFor("the last command recalled") { $0.last == "vmrepl> event goodbye" }
        try second.send("Up")
        try await second.waitFor("the command before it") { $0.last == "vmrepl> use foo" }
    }

    /// `vmrepl --help` at a 70-column terminal fits it, broken between words: every word on the
    /// screen is a word of the help as a pipe gets it (unbroken).
    @Test func helpWrapsAtTheTerminalsWidthBetweenWords() async throws {
        let process = try VMReplProcess(["--help"])
        process.closeInput()
        var piped = ""
        while let line = await process.nextLine() { piped += line + "\n" }
        let words = Set(piped.split(whereSeparator: \.isWhitespace).map(String.init))
        let terminal = try TerminalSession(arguments: ["--help"], columns: 70, markingTheEnd: true)
        let screen = try await terminal.waitFor("the help, then the end") { $0.contains { $0.hasSuffix("[ended]") } }
        let shown = screen.prefix { !$0.hasSuffix("[ended]") }
        #expect(shown.count > 20)
        for line in shown {
            #expect(line.count <= 70, "\(line)")
            for word in line.split(whereSeparator: \.isWhitespace) { #expect(words.contains(String(word)), "split: \(word) in \(line)") }
        }
    }

    /// Ctrl-D ends the session with the prompt's line ended, so what the shell prints next starts a line of its own.
    @Test func ctrlDEndsThePromptsLine() async throws {
        let terminal = try TerminalSession(markingTheEnd: true)
        try await terminal.waitForStart()
        try terminal.enter("use foo")
        try await terminal.waitFor("foo") { $0.last == "foo>" }
        try terminal.send("C-d")
        let screen = try await terminal.waitFor("the end marked") { $0.contains { $0.hasSuffix("[ended]") } }
        #expect(screen.contains("[ended]"), "\(screen)")
    }

    /// A trap in the screen's own code at a terminal is said in words, naming the line, after the
    /// runtime's message, and the session carries on in a fresh process at the step before, the
    /// state there shown and the command that trapped marked in the history; `undo` goes back on.
    @Test func aTrapAtATerminalIsSurvivedAtTheStepBeforeAndUndoGoesBackFurther() async throws {
        let binary = VMReplProcess.binaryURL.deletingLastPathComponent().appendingPathComponent("values-repl")
        let terminal = try TerminalSession(environment: ["SWIFT_BACKTRACE": "enable=no"], markingTheEnd: true, binary: binary)
        try await terminal.waitForStart()
        try terminal.enter("use short-list")
        try await terminal.waitFor("short-list") { $0.last == "short-list>" }
        try terminal.enter("event next")
        try await terminal.waitFor("next") { $0.contains("selected: 0 → 1") }
        try terminal.enter("event remove")
        let screen = try await terminal.waitFor("the session carried on") { lines in
            lines.contains { $0.contains("carrying on at the step before") } && lines.last == "short-list>"
        }
        let text = screen.joined(separator: " ")
        #expect(text.contains("trapped (the runtime's message is above) while running line 3;"), "\(screen)")
        // The state before the trap: the row is still there, the selection past it.
        let after = screen.drop { !$0.contains("carrying on at the step before") }
        #expect(after.contains("  selected: 1") && after.contains(#"    [0]: "only""#), "\(screen)")
        try terminal.enter("history")
        try await terminal.waitFor("the trap marked") { $0.contains { $0.hasPrefix("✗  event remove") && $0.contains("trapped") } }
        try terminal.enter("undo")
        try await terminal.waitFor("back before next") { lines in lines.last == "short-list>" && lines.suffix(3).contains("  selected: 0") }
        try terminal.enter("event remove")
        try await terminal.waitFor("removed") { $0.contains { $0.contains(#"- rows[0]: "only""#) } }
        try terminal.enter("quit")
        try await terminal.waitFor("the end") { $0.contains { $0.hasSuffix("[ended]") } }
    }

    @Test(arguments: [false, true])
    func concurrentSessionsKeepEachOthersHistory(killingOne: Bool) async throws {
        let first = try TerminalSession(arguments: ["--output=json"])
        let second = try TerminalSession(arguments: ["--output=json"], stateHome: first.stateHome)
        try await first.waitForStart()
        try await second.waitForStart()
        try first.enter("use foo")
        try await first.waitFor("foo") { $0.last == "foo>" }
        try second.enter("use users")
        try await second.waitFor("users") { $0.last == "users>" }
        try first.enter("event hello")
        try await first.waitFor("hello handled") { $0.contains { $0.contains("👋") } }
        try second.enter("describe")
        try await second.waitFor("described") { $0.contains { $0.contains(#""type":"describe""#) } }
        try first.send("C-d")
        try await first.waitUntilEnded()
        if killingOne {
            try second.killProcess()
        } else {
            try second.send("C-d")
        }
        try await second.waitUntilEnded()

        let history = first.stateHome.appendingPathComponent("vmrepl/history").path
        let lines = try String(contentsOfFile: history, encoding: .utf8).split(separator: "\n").map { $0.replacingOccurrences(of: "\\040", with: " ") }
        #expect(lines.first == "_HiStOrY_V2_")
        #expect(Set(lines.dropFirst()) == ["use foo", "use users", "event hello", "describe"])
        let mode = try FileManager.default.attributesOfItem(atPath: history)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    /// A session on real time whose users screen has a 2-second load in flight (input lines 1 and 2).
    private func usersLoading() async throws -> TerminalSession {
        let terminal = try TerminalSession(arguments: ["--clock=real", "--output=json"])
        try await terminal.waitForStart()
        try terminal.enter("use users")
        try await terminal.waitFor("users") { $0.last == "users>" }
        try terminal.enter("load")
        try await terminal.waitFor("loading") { $0.contains { $0.contains(#""loading":true"#) } }
        return terminal
    }

    @Test func lineArrivingWhileTypingLeavesTheHalfTypedCommandIntact() async throws {
        let terminal = try await usersLoading()
        try terminal.type("event load")
        // The 2-second load finishes while the command is half typed. The pushed line and the
        // prompt redrawn under it are two writes, so the screen is polled until both are there.
        try await terminal.waitFor("the pushed state, then the half-typed command redrawn under it") { lines in
            lines.contains { $0.contains(#""push":true"#) } && lines.last == "users> event load"
        }
        try terminal.enter("Tapped")
        try await terminal.waitFor("the event handled as line 3") { $0.contains { $0.contains(#""line":3,"screen":"users""#) } }
    }

    @Test func ctrlCCancelsTheLoadOrClearsTheLineAndNeverEndsTheSession() async throws {
        // The posts load asks a server that never answers: it is in flight until Ctrl-C, however
        // slow the machine (the users screen's 2-second load could end before the keys arrived).
        let server = try SilentServer()
        let terminal = try TerminalSession(
            arguments: ["--clock=real", "--output=json"],
            environment: ["VMREPL_POSTS_URL": "http://127.0.0.1:\(server.port)/posts.json"])
        try await terminal.waitForStart()
        try terminal.enter("use posts")
        try await terminal.waitFor("posts") { $0.last == "posts>" }
        try terminal.enter("load")
        try await terminal.waitFor("loading") { $0.contains { $0.contains(#""loading":true"#) } }
        try terminal.send("C-c")
        try await terminal.waitFor("the cancelled load back at initial, and a word that Ctrl-C cancelled it") { lines in
            lines.contains { $0.contains(#""push":true"#) && $0.contains(#""phase":"initial""#) }
                && lines.contains { $0.contains("load cancelled (Ctrl-C): posts") }
        }
        try terminal.type("half typed")
        try terminal.send("C-c")
        try await terminal.waitFor("the line cleared") { $0.last == "posts>" }
        try terminal.enter("state")
        try await terminal.waitFor("the session still answering") { $0.contains { $0.contains(#""line":3"#) } }
        #expect(!terminal.hasEnded())
        withExtendedLifetime(server) {}
    }

    @Test(arguments: [[], ["--output=json"]])
    func noColorTurnsColourOff(arguments: [String]) async throws {
        let coloured = try TerminalSession(arguments: arguments)
        try await coloured.waitForStart()
        try coloured.enter("use foo")
        try coloured.enter("event hello")
        try await coloured.waitFor("coloured output", escapes: true) { $0.contains { $0.contains("\u{1B}[3") && $0.contains("👋") } }
        let plain = try TerminalSession(arguments: arguments, environment: ["NO_COLOR": "1"])
        try await plain.waitForStart()
        try plain.enter("use foo")
        try plain.enter("event hello")
        let screen = try await plain.waitFor("the hello handled", escapes: true) { $0.contains { $0.contains("👋") } }
        #expect(!screen.joined().contains("\u{1B}["))
    }
}

extension InteractiveTests {
    @Test func unusableHistoryIsReportedNotFatal() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vmrepl-history-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let corrupt = folder.appendingPathComponent("history")
        try Data([0xFF, 0x00, 0x13, 0x37]).write(to: corrupt)
        for path in [folder.path, corrupt.path] {
            let terminal = try TerminalSession(arguments: ["--history=\(path)"])
            try await terminal.waitForStart()
            try terminal.enter("use foo")
            try await terminal.waitFor("the session working") { $0.last == "foo>" }
        }
        let terminal = try TerminalSession(arguments: ["--history=\(folder.path)"])
        let screen = try await terminal.waitFor("the report") { $0.contains { $0.hasPrefix("vmrepl: history: ") } }
        #expect(screen.contains { $0.hasPrefix("vmrepl: history: ") })
    }
}

extension InteractiveTests {
    @Test func typedEmojiSurviveTheEditor() async throws {
        let terminal = try TerminalSession(arguments: ["--output=json"])
        try await terminal.waitForStart()
        try terminal.enter("use foo")
        try await terminal.waitFor("foo") { $0.last == "foo>" }
        try terminal.enter(#"mock text="日本 🙂""#)
        try await terminal.waitFor("the text back in the state") { $0.contains { $0.contains(#""text":"日本 🙂""#) } }
    }
}

extension InteractiveTests {
    @Test func prettyOutputIndentsAndJSONGoesBack() async throws {
        let terminal = try TerminalSession(environment: ["NO_COLOR": "1"])
        try await terminal.waitForStart()
        try terminal.enter("set output=pretty")
        try terminal.enter("use foo")
        try await terminal.waitFor("an indented state") { $0.contains(#"    "text": "Nothing has happened yet.""#) }
        try terminal.enter("set output=json")
        try terminal.enter("event hello")
        try await terminal.waitFor("a protocol line again") { $0.contains { $0.contains(#""state":{"sheetIsPresented":false,"text":"👋"}"#) } }
    }
}

extension InteractiveTests {
    @Test func tabCompletesArgumentsFieldsAndHelpTopics() async throws {
        let terminal = try TerminalSession()
        try await terminal.waitForStart()
        try terminal.type("help lo")
        try terminal.send("Tab")
        try await terminal.waitFor("load completed") { $0.last == "vmrepl> help load" }
        try terminal.send("C-u")
        try terminal.enter("use posts")
        try await terminal.waitFor("posts") { $0.last == "posts>" }
        try terminal.type("event select i")
        try terminal.send("Tab")
        try await terminal.waitFor("the argument name") { $0.last == "posts> event select id=" }
        try terminal.send("C-u")
        try terminal.type("mock sel")
        try terminal.send("Tab")
        try await terminal.waitFor("the state field") { $0.last == "posts> mock selectedPostID=" }
    }
}
