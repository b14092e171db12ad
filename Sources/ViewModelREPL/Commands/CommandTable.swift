/// The commands of the line protocol: the one list the parsers, `help`, completion, `--help`, the
/// MCP tools and the manual page's command list come from. Each command is a ``ReplCommand`` type
/// that declares its own name, members and run.
package enum CommandTable {
    package typealias Member = CommandSpec.Member

    /// Every command, in the order `help` lists them. A new command is its type and a line here.
    package static let commands: [any ReplCommand.Type] = [
        ScreensCommand.self, UseCommand.self, DescribeCommand.self, StateCommand.self, EventCommand.self, LoadCommand.self, ReloadCommand.self,
        RetryCommand.self, CancelCommand.self, MockCommand.self, WriteCommand.self, RealCommand.self, WaitCommand.self, AdvanceCommand.self,
        SleepCommand.self, ExpectCommand.self, SetCommand.self, RecordCommand.self, StubCommand.self, UnstubCommand.self, CallsCommand.self,
        InvariantCommand.self, InvariantsCommand.self, PreconditionCommand.self, WatchCommand.self, UnwatchCommand.self, HistoryCommand.self,
        UndoCommand.self, HelpCommand.self, QuitCommand.self,
    ]

    /// Every command's declaration, in the same order.
    package static let specs: [CommandSpec] = commands.map { $0.spec }

    /// Specs by every name and alias, for the parsers' one lookup per line.
    private static let byName: [String: CommandSpec] = {
        var byName: [String: CommandSpec] = [:]
        for spec in specs {
            for name in [spec.name] + spec.aliases { byName[name] = spec }
        }
        return byName
    }()

    /// The command named `name` (or one of its aliases).
    package static func spec(_ name: String) -> CommandSpec? {
        byName[name]
    }

    /// Every command name, for completion and suggestions.
    package static var names: [String] { specs.map(\.name) }
}
