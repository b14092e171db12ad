import ExampleScreens
import Testing
import ViewModelREPLTesting

/// A screen driven step by step from a Swift test, its state read as the app's own type, every
/// change stated unless exhaustivity is off.
@MainActor
@Suite struct ScreenTestTests {
    @Test func aStepThatStatesItsChangePasses() async throws {
        let screen = try await ScreenTest("foo", in: ExampleScreens.registry(), as: FooViewState.self)
        #expect(screen.state.text == "Nothing has happened yet.")
        try await screen.send("event hello") { $0.text = "👋" }
        try await screen.send("event present") { $0.sheetIsPresented = true }
        #expect(screen.state == FooViewState(text: "👋", sheetIsPresented: true))
    }

    @Test func anUnstatedChangeFailsTheStepNamingItsPath() async throws {
        let screen = try await ScreenTest("foo", in: ExampleScreens.registry(), as: FooViewState.self)
        try await withKnownIssue {
            try await screen.send("event hello")
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains(#"text: expected "Nothing has happened yet.", got "👋""#) }
        }
        // The state moves on to what the screen showed.
        #expect(screen.state.text == "👋")
    }

    @Test func withExhaustivityOffOnlyWhatIsStatedIsChecked() async throws {
        let screen = try await ScreenTest("foo", in: ExampleScreens.registry(), as: FooViewState.self, exhaustivity: .off)
        try await screen.send("event hello")
        try await screen.send("event present") { $0.sheetIsPresented = true }
        try await withKnownIssue {
            try await screen.send("event goodbye") { $0.text = "🙂" }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("text") }
        }
    }

    @Test func aLoadRunsToItsEndOnVirtualTimeAndAnErrorIsAnIssue() async throws {
        struct Users: Codable, Equatable {
            struct Load: Codable, Equatable { var phase: String }
            var users: Load
        }
        let screen = try await ScreenTest("users", in: ExampleScreens.registry(), as: Users.self, exhaustivity: .off)
        try await screen.send("load") { $0.users.phase = "loading" }
        try await screen.send("wait")
        #expect(["loaded", "failed"].contains(screen.state.users.phase))
        try await withKnownIssue {
            try await screen.send("event nonsense")
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("unknown") || $0.rawValue.contains("no event") }
        }
    }

    @Test func undoGoesBackAStepAndTheTestGoesOnFromThere() async throws {
        let screen = try await ScreenTest("foo", in: ExampleScreens.registry(), as: FooViewState.self)
        try await screen.send("event hello") { $0.text = "👋" }
        try await screen.send("event present") { $0.sheetIsPresented = true }
        try await screen.undo()
        #expect(screen.state == FooViewState(text: "👋", sheetIsPresented: false))
        try await screen.undo()
        #expect(screen.state == FooViewState(text: "Nothing has happened yet.", sheetIsPresented: false))
        // The next step is checked against the state there.
        try await screen.send("event present") { $0.sheetIsPresented = true }
        try await withKnownIssue {
            try await screen.undo(5)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("cannot go back 5 steps: 1 step since the screen was opened") }
        }
        #expect(screen.state.sheetIsPresented)
    }
}
