/// Errors about a command, with what the command table knows of it: its usage line, the names there are.
extension ReplError.Reason {
    /// `usage` for `command`, with its usage line.
    package static func usage(of command: String) -> Self {
        .usage(command: command, line: CommandTable.spec(command)?.usage ?? command)
    }

    /// An argument `command` does not take, with its usage line.
    package static func unexpectedArgument(to command: String) -> Self {
        .unexpectedArgument(command: command, line: CommandTable.spec(command)?.usage ?? command)
    }

    /// A word that names no command, with the names there are.
    package static func noCommand(named name: String) -> Self {
        .unknownCommand(name, known: CommandTable.names)
    }

    /// A help topic that names no command, with the names there are.
    package static func noHelpTopic(named topic: String) -> Self {
        .unknownHelpTopic(topic, known: CommandTable.names)
    }
}
