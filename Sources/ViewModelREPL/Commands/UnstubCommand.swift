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
        guard let name else { return .ok(Acknowledgement(Self.spec.name, change: Unstubbed(screen: screen.name))) }
        return .ok(Acknowledgement(Self.spec.name, change: Stubs(screen: screen.name, dependency: name, stubs: [])))
    }

    /// What one dependency is stubbed to now, newest first (nothing, after `unstub NAME`).
    package struct Stubs: AcknowledgedChange {
        package var screen: String
        package var dependency: String
        package var stubs: [DependencyTable.Stub]

        @MainActor package func writeMembers<Line: ProtocolLineTarget>(to line: Line) {
            line.field("screen", screen)
            line.field("dependency", dependency)
            line.field("stubs", .array(stubs.map(\.json)))
        }

        package var humanText: String { Messages.stubs(of: dependency, stubs.map { JSONWriter.string($0.json) }) }
    }

    /// Every dependency of a screen goes to its live function again.
    package struct Unstubbed: AcknowledgedChange {
        package var screen: String

        @MainActor package func writeMembers<Line: ProtocolLineTarget>(to line: Line) {
            line.field("screen", screen)
        }

        package var humanText: String { Messages.unstubbed(screen) }
    }
}
