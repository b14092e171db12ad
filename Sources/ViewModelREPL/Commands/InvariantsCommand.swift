/// `invariants`: list the session's invariants.
package struct InvariantsCommand: ReplCommand {
    package static let spec = CommandSpec(
        InvariantsCommand.self, name: "invariants", usage: "invariants", summary: "list the invariants",
        leavesNoStep: true, tool: .init("List invariants", returns: "the invariants"))

    package init() {}
    package init(_: CommandMembers) {}

    package func run(in evaluator: Evaluator, tag: RequestTag) -> Reply {
        .ok(Acknowledgement(Self.spec.name, change: Listed(invariants: evaluator.invariants.descriptions)))
    }

    /// The invariants now (after `invariants`, or none after `invariant clear`).
    package struct Listed: AcknowledgedChange {
        package var invariants: [String]

        @MainActor package func writeMembers<Line: ProtocolLineTarget>(to line: Line) {
            line.field("invariants", .array(invariants.map(JSONValue.string)))
        }

        package var humanText: String { Messages.invariants(invariants) }
    }
}
