/// A command read from a line or given as a value, with its declaration and, for the JSON form,
/// the request's `id`.
package struct ParsedCommand: Equatable, Sendable {
    package var command: any ReplCommand
    /// The declaration of the command's type, looked up once.
    package var spec: CommandSpec
    package var id: JSONValue?

    package init(command: any ReplCommand, id: JSONValue? = nil) {
        self.command = command
        self.spec = type(of: command).spec
        self.id = id
    }

    /// A command a parser built from `spec`'s members.
    init(command: any ReplCommand, spec: CommandSpec, id: JSONValue? = nil) {
        self.command = command
        self.spec = spec
        self.id = id
    }

    package static func == (lhs: ParsedCommand, rhs: ParsedCommand) -> Bool {
        lhs.command.isSame(as: rhs.command) && lhs.id == rhs.id
    }
}
