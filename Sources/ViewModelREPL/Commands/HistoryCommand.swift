/// `history`: the session's steps so far, numbered: the commands that did something, with their line.
package struct HistoryCommand: ReplCommand {
    package static let spec = CommandSpec(
        HistoryCommand.self, name: "history", usage: "history",
        summary: "the session's steps so far, numbered (the commands that changed something, with their line); undo goes back over them",
        leavesNoStep: true,
        tool: .init("List the steps", returns: "the steps so far, numbered as undo counts them", example: "{}"))

    /// The most steps a reply lists: the last ones.
    static let shownLimit = 1_000

    package init() {}
    package init(_: CommandMembers) {}

    package func run(in evaluator: Evaluator, tag: RequestTag) throws(ReplError) -> Reply {
        guard evaluator.history.isKept else { throw ReplError(.undoNotHere) }
        let steps = evaluator.history.steps
        // Numbered as undo counts them: a command that trapped has no number.
        var number = 0
        let numbered = steps.map { step -> Listed.Step in
            if !step.trapped { number += 1 }
            return Listed.Step(number: step.trapped ? nil : number, command: step.text, line: step.line)
        }
        let shown = Array(numbered.suffix(Self.shownLimit))
        return .ok(Acknowledgement(Self.spec.name, change: Listed(steps: shown, count: evaluator.history.count)))
    }

    /// The steps listed, and how many there are.
    package struct Listed: AcknowledgedChange {
        package struct Step: Sendable {
            /// `nil` for a command that trapped.
            package var number: Int?
            package var command: String
            package var line: Int
        }

        package var steps: [Step]
        package var count: Int

        @MainActor package func writeMembers<Line: ProtocolLineTarget>(to line: Line) {
            line.field(
                "steps",
                .array(
                    steps.map { step in
                        let place: [(key: String, value: JSONValue)] = [("command", .string(step.command)), ("line", .int(step.line))]
                        return .object(step.number.map { [("step", .int($0))] + place } ?? place + [("trapped", .bool(true))])
                    }))
            line.field("count", count)
        }

        package var humanText: String { Messages.history(steps.map { ($0.number, $0.command, $0.line) }, count: count) }
    }
}
