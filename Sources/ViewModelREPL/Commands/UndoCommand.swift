/// `undo [N]`: the screen as it was before the last N steps (1 by default): the steps before them
/// are replayed in a fresh worker process, quietly, and compared with what they did the first time.
package struct UndoCommand: TimedCommand {
    package static let spec = CommandSpec(
        UndoCommand.self, name: "undo", usage: "undo [N]",
        summary: "go back N steps (default 1): the steps before are replayed in a fresh process and compared; the reply is the state there",
        members: [.positional(.steps, .json, required: false)], takesTime: true, leavesNoStep: true,
        tool: .init(
            "Go back", returns: "the state before the last N steps, replayed in a fresh process; undo_diverged where a step does not repeat",
            example: #"{"steps":2}"#))

    package var steps: Int

    package init(steps: Int = 1) {
        self.steps = steps
    }

    package init(_ members: CommandMembers) throws(ReplError) {
        guard let given = members.json(.steps) else {
            steps = 1
            return
        }
        guard case .int(let count) = given, count >= 1 else { throw ReplError(.usage(of: Self.spec)) }
        steps = count
    }

    package var members: CommandMembers { CommandMembers((.steps, steps == 1 ? nil : .json(.int(steps)))) }

    /// Checks there are `steps` steps to go back over and asks the session to: it answers.
    package func runOverTime(in evaluator: Evaluator, tag: RequestTag) async throws(ReplError) -> Reply {
        guard evaluator.history.isKept else { throw ReplError(.undoNotHere) }
        guard steps <= evaluator.history.count else { throw ReplError(.nothingToUndo(asked: steps, steps: evaluator.history.count)) }
        evaluator.undoRequested = UndoRequest(steps: steps, tag: tag)
        return .ok(Acknowledgement(Self.spec.name))
    }
}
