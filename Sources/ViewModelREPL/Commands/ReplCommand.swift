/// One command of the line protocol as one type: its declaration, how it reads from its members
/// and writes back to them, and how it runs.
///
/// ``spec`` is the parsers', `help`'s, completion's, `--help`'s, the manual check's and the MCP
/// tool list's source; `init(_:)` builds the command from the members a line gave, checked and
/// converted by type; ``members`` is that build's inverse, from which ``CommandWriter`` writes the
/// command back as its line; ``run(in:tag:)`` evaluates it against the session's ``Evaluator``.
/// A new command is one type and one line in ``CommandTable/commands``.
package protocol ReplCommand: Equatable, Sendable {
    /// How the command is declared: its name, usage, summary, members and tool.
    static var spec: CommandSpec { get }
    /// Builds the command from its members.
    /// - Throws: ``ReplError`` when the members given do not make a command (`record stop overwrite=true`).
    init(_ members: CommandMembers) throws(ReplError)
    /// The members the command is written back with: `init(_:)`'s inverse.
    var members: CommandMembers { get }
    /// Runs the command start to finish and returns its reply.
    /// - Throws: ``ReplError`` when it is refused; a refused command changes nothing.
    @MainActor func run(in evaluator: Evaluator, tag: RequestTag) throws(ReplError) -> Reply
}

/// A command that lets time pass (`wait`, `advance`, `sleep`, `quit`): its spec says `takesTime`,
/// and it is awaited instead of run at once.
package protocol TimedCommand: ReplCommand {
    /// Runs the command, letting time pass, and returns its reply.
    @MainActor func runOverTime(in evaluator: Evaluator, tag: RequestTag) async throws(ReplError) -> Reply
}

extension ReplCommand {
    /// A command without members is written back as its name alone.
    package var members: CommandMembers { CommandMembers(isJSON: false) }

    /// Whether `other` is this command with the same members.
    package func isSame(as other: any ReplCommand) -> Bool {
        (other as? Self) == self
    }
}

extension TimedCommand {
    /// Never called: a command that takes time is awaited through ``runOverTime(in:tag:)``, as its spec's `takesTime` says.
    package func run(in evaluator: Evaluator, tag: RequestTag) throws(ReplError) -> Reply {
        preconditionFailure("\(Self.spec.name) takes time: runOverTime(in:tag:) runs it")
    }
}
