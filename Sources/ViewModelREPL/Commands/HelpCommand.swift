/// `help [COMMAND]`: the commands, or one command.
package struct HelpCommand: ReplCommand {
    package static let spec = CommandSpec(
        HelpCommand.self, name: "help", usage: "help [COMMAND]", summary: "the commands, or one command",
        members: [.positional(.topic, .command, required: false)], leavesNoStep: true, tool: nil)

    /// The command asked about; `nil` for all of them.
    package var topic: String?

    package init(topic: String? = nil) {
        self.topic = topic
    }

    package init(_ members: CommandMembers) {
        topic = members.text(.topic)
    }

    package var members: CommandMembers { CommandMembers((.topic, topic.map(CommandMembers.MemberValue.text))) }

    package func run(in evaluator: Evaluator, tag: RequestTag) throws(ReplError) -> Reply {
        guard let topic else { return .help(CommandTable.specs.map(\.helpEntry)) }
        guard let spec = CommandTable.spec(topic) else { throw ReplError(.noHelpTopic(named: topic)) }
        return .help([spec.helpEntry])
    }
}
