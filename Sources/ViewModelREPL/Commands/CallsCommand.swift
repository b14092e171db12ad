/// `calls NAME`: every call of the dependency NAME so far.
package struct CallsCommand: ReplCommand {
    package static let spec = CommandSpec(
        CallsCommand.self, name: "calls", usage: "calls NAME",
        summary: "every call of the dependency NAME so far: input, start and end on the session clock, outcome",
        members: [.positional(.name, .dependency)], needsScreen: true,
        leavesNoStep: true,
        tool: .init(
            "List a dependency's calls", returns: "every call so far: input, start and end on the session clock, outcome", example: #"{"name":"fetch"}"#))

    /// The dependency's name.
    package var name: String

    package init(_ name: String) {
        self.name = name
    }

    package init(_ members: CommandMembers) throws(ReplError) {
        name = try members.required(.name)
    }

    package var members: CommandMembers { CommandMembers((.name, .text(name))) }

    package func run(in evaluator: Evaluator, tag: RequestTag) throws(ReplError) -> Reply {
        let screen = try evaluator.requireScreen()
        let log = try screen.dependencies.calls(of: name)
        return .calls(screen: screen.name, dependency: name, calls: log.calls, dropped: log.dropped)
    }
}
