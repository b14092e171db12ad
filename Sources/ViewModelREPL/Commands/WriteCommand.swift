/// `write FIELD=VALUE...`: set bound properties of the real view model, as a view's binding would.
package struct WriteCommand: ReplCommand {
    package static let spec = CommandSpec(
        WriteCommand.self, name: "write", usage: "write FIELD=VALUE...",
        summary: "set properties the screen binds on the real view model, as a view's binding would ($model.query = \"swift\"); its didSet runs",
        members: [.rest(.set, .fields)], needsScreen: true,
        tool: .init(
            "Write bound properties", returns: "the new state; on virtual time also every state the work it started went through",
            example: #"{"set":{"query":"swift"}}"#))

    package var fields: [NamedValue]

    package init(_ fields: [NamedValue]) {
        self.fields = fields
    }

    package init(_ members: CommandMembers) throws(ReplError) {
        guard let fields = members.fields(.set), !fields.isEmpty else {
            throw ReplError(members.isJSON ? .missingMember(MemberKey.set.name) : .usage(of: Self.spec))
        }
        self.fields = fields
    }

    package var members: CommandMembers { CommandMembers((.set, .fields(fields))) }

    package func run(in evaluator: Evaluator, tag: RequestTag) throws(ReplError) -> Reply {
        let screen = try evaluator.requireScreen()
        // Only a class hosted as written binds properties; a protocol view model takes events.
        guard let host = screen.asWritten else { throw ReplError(.notWritable(fields.first?.key ?? "", screen: screen.name, writable: [])) }
        try host.write(fields)
        screen.stateMayHaveChanged()
        if host.takeStartedWork() { screen.pushTag = tag }
        return try evaluator.stateReply(screen)
    }
}
