/// Errors about a command, with what its declaration and the command list know: its usage line, the names there are.
extension ReplError.Reason {
    /// `usage` for the command `spec` declares, with its usage line.
    package static func usage(of spec: CommandSpec) -> Self {
        .usage(command: spec.name, line: spec.usage)
    }

    /// An argument the command `spec` declares does not take, with its usage line.
    package static func unexpectedArgument(to spec: CommandSpec) -> Self {
        .unexpectedArgument(command: spec.name, line: spec.usage)
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
