/// `precondition EVENT PATH OP VALUE | precondition clear`: an event the screen sends only while a
/// condition holds, as the UI enables its button; or none any more.
package struct PreconditionCommand: ReplCommand {
    package static let spec = CommandSpec(
        PreconditionCommand.self, name: "precondition", usage: "precondition EVENT PATH OP VALUE | precondition clear",
        summary: "send EVENT only while the condition holds (an enabled button): elsewhere event refuses it",
        members: [.positional(.name, .event, required: false), .positional(.when, .condition, required: false), .keyword(.clear, .flag)],
        needsScreen: true,
        tool: .init(
            "Add a precondition",
            returns: "the precondition added; event refuses the event where it does not hold",
            example: #"{"name":"save","when":"valid == true"}"#))

    /// What the command does to the screen's preconditions.
    package enum Change: Equatable, Sendable {
        /// Sends `event` only while `condition` holds.
        case add(event: String, condition: StateCondition)
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
        guard let event = members.text(.name), let condition = members.condition(.when) else { throw ReplError(.usage(of: Self.spec)) }
        change = .add(event: event, condition: condition)
    }

    package var members: CommandMembers {
        switch change {
        case .clear: CommandMembers((.clear, .flag(true)))
        case .add(let event, let condition): CommandMembers((.name, .text(event)), (.when, .condition(condition)))
        }
    }

    package func run(in evaluator: Evaluator, tag: RequestTag) throws(ReplError) -> Reply {
        let screen = try evaluator.requireScreen()
        switch change {
        case .add(let event, let condition):
            let catalog = screen.host.catalog
            guard catalog.event(event) != nil else { throw ReplError(.unknownEvent(event, screen: screen.name, known: catalog.names)) }
            evaluator.preconditions.add(.init(screen: screen.name, event: event, condition: condition))
            return .ok(Acknowledgement(Self.spec.name, change: Added(precondition: "\(event) \(condition.text)", count: evaluator.preconditions.count)))
        case .clear:
            evaluator.preconditions.clear(on: screen.name)
            return .ok(Acknowledgement(Self.spec.name, change: Added(precondition: nil, count: evaluator.preconditions.count)))
        }
    }

    /// The precondition added (none after `clear`), and how many there are now.
    package struct Added: AcknowledgedChange {
        package var precondition: String?
        package var count: Int

        @MainActor package func writeMembers<Line: ProtocolLineTarget>(to line: Line) {
            if let precondition { line.field("precondition", precondition) }
            line.field("count", count)
        }

        package var humanText: String { Messages.preconditionAdded(precondition, count: count) }
    }
}
