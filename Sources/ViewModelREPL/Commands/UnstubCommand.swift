/// `unstub [NAME]`: send the calls of NAME, or of every dependency, to the live function again.
package struct UnstubCommand: ReplCommand {
    package static let spec = CommandSpec(
        UnstubCommand.self, name: "unstub", usage: "unstub [NAME]", summary: "send the calls of NAME, or of every dependency, to the live function again",
        members: [.positional(.name, .dependency, required: false)], needsScreen: true, tool: .init("Remove stubs", returns: "ok with the screen"))

    /// The dependency's name; `nil` for every dependency.
    package var name: String?

    package init(_ name: String?) {
        self.name = name
    }

    package init(_ members: CommandMembers) {
        name = members.text(.name)
    }

    package var members: CommandMembers { CommandMembers((.name, name.map(CommandMembers.MemberValue.text))) }

    package func run(in evaluator: Evaluator, tag: RequestTag) throws(ReplError) -> Reply {
        let screen = try evaluator.requireScreen()
        try screen.dependencies.unstub(name)
        guard let name else { return .ok(Acknowledgement(Self.spec.name, change: .unstubbed(screen: screen.name))) }
        return .ok(Acknowledgement(Self.spec.name, change: .stubs(screen: screen.name, dependency: name, stubs: [])))
    }
}
