/// `expect PATH OP VALUE`: check the state; a failure is an error.
package struct ExpectCommand: ReplCommand {
    package static let spec = CommandSpec(
        ExpectCommand.self, name: "expect", usage: "expect PATH OP VALUE",
        summary: "check the state (OP is ==, !=, <, <=, >, >=, contains or exists); a failure is an error",
        members: [.positional(.path, .path), .positional(.op, .comparison, required: false), .positional(.value, .json, required: false)],
        humanForm: .condition, needsScreen: true,
        leavesNoStep: true,
        tool: .init(
            "Check the state", returns: "ok when the condition holds; an error with expected, actual and a diff when not",
            example: #"{"path":"message","op":"==","value":"👋"}"#))

    package var condition: StateCondition

    package init(_ condition: StateCondition) {
        self.condition = condition
    }

    package init(_ members: CommandMembers) throws(ReplError) {
        condition = try members.stateCondition()
    }

    package var members: CommandMembers { CommandMembers(condition) }

    package func run(in evaluator: Evaluator, tag: RequestTag) throws(ReplError) -> Reply {
        let screen = try evaluator.requireScreen()
        if let failure = ConditionCheck.failure(of: condition, in: try screen.root(for: condition.path)) {
            throw failure
        }
        return .ok(Acknowledgement(Self.spec.name))
    }
}
