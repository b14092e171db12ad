import Foundation
import Testing

/// The human view at a real terminal (tmux): what changed, tables, carets, loads above the prompt.
@Suite(.timeLimit(.minutes(1)))
struct HumanViewTests {
    private func started(_ arguments: [String] = []) async throws -> TerminalSession {
        let terminal = try TerminalSession(arguments: arguments, environment: ["NO_COLOR": "1"])
        try await terminal.waitForStart()
        return terminal
    }

    @Test func anEventShowsWhatChangedNotTheProtocol() async throws {
        let terminal = try await started()
        try terminal.enter("use foo")
        try await terminal.waitFor("foo") { $0.last == "foo>" }
        try terminal.enter("event hello")
        let screen = try await terminal.waitFor("the change") { $0.contains(#"text: "Nothing has happened yet." → "👋""#) }
        #expect(!screen.contains { $0.contains(#""seq""#) })
        try terminal.enter("event hello")
        try await terminal.waitFor("no change") { $0.contains("(no change)") }
    }

    /// In colour, the preview's prompt reads clean: libedit once printed `foo[33m[0m` for it.
    @Test func thePreviewsPromptInColourIsCleanText() async throws {
        let terminal = try TerminalSession(arguments: ["--color=always"])
        try await terminal.waitForStart()
        try terminal.enter("use foo")
        try await terminal.waitFor("foo") { $0.last == "foo>" }
        try terminal.enter(#"mock text="x""#)
        try await terminal.waitFor("the preview's prompt") { $0.last == "foo [preview]>" }
        try terminal.type("event refresh")
        let screen = try await terminal.waitFor("the typed line") { $0.last?.hasSuffix("event refresh") == true }
        #expect(screen.last == "foo [preview]> event refresh")
        #expect(!screen.contains { $0.contains("[33m") || $0.contains("[0m") })
    }

    /// At 100 columns, help's summaries wrap on word boundaries under where they start, so no line
    /// is broken by the terminal mid-word.
    @Test func helpWrapsItsSummariesToTheTerminalsWidth() async throws {
        let terminal = try TerminalSession(environment: ["NO_COLOR": "1"], columns: 100)
        try await terminal.waitForStart()
        try terminal.enter("help")
        let screen = try await terminal.waitFor("help's table") { $0.contains { $0.hasPrefix("  quit") } }
        let table = screen.filter { $0.hasPrefix("  ") }
        #expect(table.allSatisfy { $0.count < 100 }, "\(table.filter { $0.count >= 100 })")
        // A long usage stands alone; its summary follows in the summary column, wrapped under itself.
        let record = try #require(table.firstIndex { $0.hasPrefix("  record FILE") })
        #expect(table[record].trimmingCharacters(in: .whitespaces).hasPrefix("record FILE [overwrite=true | append=true] | record stop"))
        let column = table[record + 1].prefix { $0 == " " }.count
        #expect(column > 2 && column <= 2 + 33 + 2)
        #expect(table[record + 2].prefix { $0 == " " }.count == column)
    }

    @Test func describeIsATableWithAnEventsArgumentsOnItsRow() async throws {
        let terminal = try await started()
        try terminal.enter("use posts")
        try await terminal.waitFor("posts") { $0.last == "posts>" }
        try terminal.enter("describe")
        try await terminal.waitFor("select with id: int") { $0.contains { $0.hasPrefix("  select") && $0.hasSuffix("id: int") } }
    }

    @Test func anErrorPutsACaretUnderTheColumn() async throws {
        let terminal = try await started()
        try terminal.enter("use foo")
        try terminal.enter(#"event hello x="open"#)
        let screen = try await terminal.waitFor("the caret") { $0.contains { $0.hasSuffix("^") } }
        let echo = try #require(screen.firstIndex(of: #"  event hello x="open"#))
        // The string is unterminated at column 20, the end of the line.
        #expect(screen[echo + 1] == "  " + String(repeating: " ", count: 19) + "^")
    }

    @Test func theProtocolIsOneSettingAway() async throws {
        let terminal = try await started()
        try terminal.enter("use foo")
        try terminal.enter("set output=json")
        try terminal.enter("event hello")
        try await terminal.waitFor("a protocol line") { $0.contains { $0.contains(#""state":{"sheetIsPresented":false,"text":"👋"}"#) } }
        try terminal.enter("set output=human")
        try terminal.enter("event goodbye")
        try await terminal.waitFor("the human view back") { $0.contains(#"text: "👋" → "😢""#) }
    }

    @Test func aLoadsLaterChangesAppearAboveThePromptAndKeepTheTypedLine() async throws {
        let terminal = try await started(["--clock=real"])
        try terminal.enter("use users")
        try await terminal.waitFor("users") { $0.last == "users>" }
        try terminal.enter("load")
        try await terminal.waitFor("loading") { $0.contains(#"users.phase: "initial" → "loading""#) }
        try terminal.type("state us")
        try await terminal.waitFor("the load's change") { lines in
            lines.contains { $0.hasPrefix("⟳ users.phase: \"loading\" → ") } && lines.last == "users> state us"
        }
    }
}
