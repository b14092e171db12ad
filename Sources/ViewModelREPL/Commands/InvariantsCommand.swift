/// `invariants`: list the session's invariants.
package struct InvariantsCommand: ReplCommand {
    package static let spec = CommandSpec(
        InvariantsCommand.self, name: "invariants", usage: "invariants", summary: "list the invariants",
        tool: .init("List invariants", returns: "the invariants"))

    package init() {}
    package init(_: CommandMembers) {}

    package func run(in evaluator: Evaluator, tag: RequestTag) -> Reply {
        .ok(Acknowledgement(Self.spec.name, change: .invariants(evaluator.invariants.descriptions)))
    }
}
