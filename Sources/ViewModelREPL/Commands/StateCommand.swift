/// `state [PATH]`: the current state, always whole; at a terminal PATH shows one part in full.
package struct StateCommand: ReplCommand {
    package static let spec = CommandSpec(
        StateCommand.self, name: "state", usage: "state [PATH]", summary: "print the current state; at a terminal PATH shows one part of it in full",
        members: [.positional(.path, .path, required: false)], needsScreen: true,
        leavesNoStep: true, tool: .init("Read the state", returns: "the current screen's whole state", example: #"{"path":"users.value"}"#))

    /// The part a terminal shows in full; it must exist.
    package var focus: StatePath?

    package init(focus: StatePath? = nil) {
        self.focus = focus
    }

    package init(_ members: CommandMembers) {
        focus = members.path(.path)
    }

    package var members: CommandMembers { CommandMembers((.path, focus.map(CommandMembers.MemberValue.path))) }

    package func run(in evaluator: Evaluator, tag: RequestTag) throws(ReplError) -> Reply {
        let screen = try evaluator.requireScreen()
        var part: JSONValue?
        if let focus {
            part = focus.lookup(in: try screen.root(for: focus))
            guard part != nil else {
                var known: [String] = []
                if case .object(let members) = try screen.stateValue() { known = members.map(\.key) }
                throw ReplError(.nothingAt(focus.description, screen: screen.name, known: known))
            }
        }
        let reply = try evaluator.stateReply(screen, whole: true, focus: focus)
        // The part asked for as the path reads it, through a shared object's or a cycle's mark.
        guard case .state(var snapshot) = reply else { return reply }
        snapshot.focusedValue = part
        return .state(snapshot)
    }
}
