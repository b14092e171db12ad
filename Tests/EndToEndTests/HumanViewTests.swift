import Foundation
import Testing

/// The human view at a real terminal (tmux): what changed, tables, carets, loads above the prompt.
@Suite(.timeLimit(.minutes(1)))
struct HumanViewTests {
    private func started(_ arguments: [String] = [], columns: Int = 160) async throws -> TerminalSession {
        let terminal = try TerminalSession(arguments: arguments, environment: ["NO_COLOR": "1"], columns: columns)
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

    /// At 70 columns nothing runs past the width: a long value is elided to what fits, a long
    /// error and a long line are broken between words (the terminal would break mid-word), and a
    /// long input is echoed as the part around the caret.
    @Test func seventyColumnsAreNeverOverrun() async throws {
        let terminal = try await started(columns: 70)
        try terminal.enter("use foo")
        try await terminal.waitFor("foo") { $0.last == "foo>" }
        let long = "hello there this is a rather long greeting string that should be elided at the width"
        try terminal.enter("mock text=\"\(long)\"")
        try await terminal.waitFor("the mock's change") { $0.contains { $0.contains("chars)") } }
        try terminal.enter("state")
        try terminal.enter("use a_screen_whose_name_is_long_enough_to_need_a_second_line")
        try await terminal.waitFor("the error") { $0.contains { $0.hasPrefix("error: no screen named") } }
        try terminal.enter("event hello x=1 y=2 z=3 and some more words after it to pass the width \"open")
        let screen = try await terminal.waitFor("the caret") { $0.contains { $0.hasSuffix("^") } }
        // What was typed is the person's own line, which the line editor wraps.
        for line in screen where !line.hasPrefix("foo") { #expect(line.count <= 70, "\(line)") }
        // The value it replaced is whole: it fits beside the new one, which is cut to what is left.
        #expect(screen.contains { $0.hasPrefix(#"[preview] text: "Nothing has happened yet." → "hello"#) && $0.hasSuffix("(86 chars)") })
        // The screens the error lists are whole words on its lines.
        #expect(screen.contains { $0.split(separator: " ").contains("viewstate-example,") })
        // The echo ends at the unterminated string's column, the caret under it.
        let caret = try #require(screen.lastIndex { $0.hasSuffix("^") })
        #expect(screen[caret - 1].hasSuffix(#""open"#), "\(screen[caret - 1])")
        #expect(screen[caret].count == screen[caret - 1].count + 1, "\(screen[caret])")
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
