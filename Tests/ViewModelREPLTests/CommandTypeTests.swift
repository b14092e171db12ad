import ExampleScreens
import Testing

@testable import ViewModelREPL

/// A command written here, in one type, as a new command is: `opened [SCREEN]` lists the screens
/// opened so far, or says whether one is. Its declaration alone is what the human form is read by
/// and written back with, and its run is all it adds to evaluation; the only other line a real
/// command needs is its entry in `CommandTable.commands`, which makes it found by name.
struct OpenedCommand: ReplCommand {
    static let spec = CommandSpec(
        OpenedCommand.self, name: "opened", usage: "opened [SCREEN]", summary: "the screens opened so far, or whether SCREEN is one",
        members: [.positional(.screen, .screen, required: false)], tool: nil)

    var screen: String?

    init(screen: String? = nil) {
        self.screen = screen
    }

    init(_ members: CommandMembers) {
        screen = members.text(.screen)
    }

    var members: CommandMembers { CommandMembers((.screen, screen.map(CommandMembers.MemberValue.text))) }

    func run(in evaluator: Evaluator, tag: RequestTag) throws(ReplError) -> Reply {
        let opened = evaluator.screens.keys.sorted().filter { screen == nil || $0 == screen }
        if let screen, opened.isEmpty { throw ReplError(.unknownScreen(screen, known: evaluator.screens.keys.sorted())) }
        return .screens(opened.map { ScreenSummary(name: $0, summary: "") }, current: evaluator.current?.name)
    }
}

struct CommandTypeTests {
    /// The human form is read by the type's declaration, and written back by it.
    @Test func aCommandTypeReadsAndWritesItsOwnLine() throws {
        for (line, expected) in [("opened", OpenedCommand()), ("opened foo", OpenedCommand(screen: "foo"))] {
            let read = try LineScanner.scan(line) { scanner throws(ReplError) -> any ReplCommand in
                _ = scanner.word()
                return try OpenedCommand.spec.build(HumanFormReader.read(OpenedCommand.spec, &scanner))
            }
            #expect(read.isSame(as: expected))
            #expect(CommandWriter.line(for: expected) == line)
        }
        #expect(throws: ReplError(.unexpectedArgument(command: "opened", line: "opened [SCREEN]"), column: 12)) {
            try LineScanner.scan("opened foo bar") { scanner throws(ReplError) in
                _ = scanner.word()
                _ = try HumanFormReader.read(OpenedCommand.spec, &scanner)
            }
        }
    }

    /// Run by the session as any command is: its reply goes out like the others', and its errors too.
    @MainActor
    @Test func aCommandTypeRunsInASession() async throws {
        let session = Session(registry: ExampleScreens.registry(), options: Evaluator.Options(), consumer: ProtocolWriter(output: OutputChannel { _ in true }))
        await session.handle(line: "use users", number: 1)
        await session.handle(line: "use foo", number: 2)
        guard case .screens(let opened, let current) = await session.handle(OpenedCommand(), number: 3) else {
            Issue.record("opened did not reply with screens")
            return
        }
        #expect(opened.map(\.name) == ["foo", "users"])
        #expect(current == "foo")
        guard case .error(let error) = await session.handle(OpenedCommand(screen: "posts"), number: 4) else {
            Issue.record("opened posts was not refused")
            return
        }
        #expect(error.code == .unknownScreen)
    }
}
