/// `invariant PATH OP VALUE [when PATH OP VALUE] | invariant clear`: a condition that must hold
/// from now on, or none any more.
package struct InvariantCommand: ReplCommand {
    package static let spec = CommandSpec(
        InvariantCommand.self, name: "invariant", usage: "invariant PATH OP VALUE [when PATH OP VALUE] | invariant clear",
        summary: "a condition that must hold after every command and load from now on, while the when-condition holds; a break is an error",
        members: [
            // The path is required unless `clear` is given: the build says which is missing.
            .positional(.path, .path, required: false), .positional(.op, .comparison, required: false), .positional(.value, .json, required: false),
            .keyword(.when, .condition), .keyword(.clear, .flag),
        ],
        humanForm: .condition, needsScreen: true,
        tool: .init(
            "Add an invariant",
            returns:
                "the invariant added and how many there are (the invariants tool lists them); from then on a break is an error in the call that broke it",
            example: #"{"path":"count","op":"!=","value":-1}"#))

    /// What the command does to the session's invariants.
    package enum Change: Equatable, Sendable {
        /// Adds one, checked only while `when` holds.
        case add(StateCondition, when: StateCondition?)
        /// Removes them all.
        case clear
    }

    package var change: Change

    package init(_ change: Change) {
        self.change = change
    }

    package init(_ members: CommandMembers) throws(ReplError) {
        if members.flag(.clear) == true {
            guard members.count == 1 else { throw ReplError(.usage(of: Self.spec)) }
            change = .clear
            return
        }
        change = .add(try members.stateCondition(), when: members.condition(.when))
    }

    package var members: CommandMembers {
        switch change {
        case .clear:
            return CommandMembers((.clear, .flag(true)))
        case .add(let condition, let when):
            var members = CommandMembers(condition)
            if let when { members.add(.when, .condition(when)) }
            return members
        }
    }

    package func run(in evaluator: Evaluator, tag: RequestTag) throws(ReplError) -> Reply {
        switch change {
        case .add(let condition, let when):
            let invariant = InvariantTracker.Invariant(screen: try evaluator.requireScreen().name, condition: condition, when: when)
            evaluator.invariants.add(invariant)
            return .ok(Acknowledgement(Self.spec.name, change: Added(invariant: invariant.description, count: evaluator.invariants.count)))
        case .clear:
            evaluator.invariants.clear()
            return .ok(Acknowledgement(Self.spec.name, change: InvariantsCommand.Listed(invariants: [])))
        }
    }

    /// The invariant added, and how many there are now.
    package struct Added: AcknowledgedChange {
        package var invariant: String
        package var count: Int

        @MainActor package func writeMembers<Line: ProtocolLineTarget>(to line: Line) {
            line.field("invariant", invariant)
            line.field("count", count)
        }

        package var humanText: String { Messages.invariantAdded(invariant, count: count) }
    }
}
