/// `history`: the session's steps so far, numbered: the commands that did something, with their line.
package struct HistoryCommand: ReplCommand {
    package static let spec = CommandSpec(
        HistoryCommand.self, name: "history", usage: "history",
        summary: "the session's steps so far, numbered (the commands that changed something, with their line); undo goes back over them",
        leavesNoStep: true,
        // Not an MCP tool yet: an MCP session does not serve undo.
        tool: nil)

    /// The most steps a reply lists: the last ones.
    static let shownLimit = 1_000

    package init() {}
    package init(_: CommandMembers) {}

    package func run(in evaluator: Evaluator, tag: RequestTag) throws(ReplError) -> Reply {
        guard evaluator.history.isKept else { throw ReplError(.undoNotHere) }
        let steps = evaluator.history.steps
        let first = max(0, steps.count - Self.shownLimit)
        let shown = steps[first...].enumerated().map { Listed.Step(number: first + $0.offset + 1, command: $0.element.text, line: $0.element.line) }
        return .ok(Acknowledgement(Self.spec.name, change: Listed(steps: shown, count: steps.count)))
    }

    /// The steps listed, and how many there are.
    package struct Listed: AcknowledgedChange {
        package struct Step: Sendable {
            package var number: Int
            package var command: String
            package var line: Int
        }

        package var steps: [Step]
        package var count: Int

        @MainActor package func writeMembers<Line: ProtocolLineTarget>(to line: Line) {
            line.field(
                "steps",
                .array(steps.map { .object([("step", .int($0.number)), ("command", .string($0.command)), ("line", .int($0.line))]) }))
            line.field("count", count)
        }

        package var humanText: String { Messages.history(steps.map { ($0.number, $0.command, $0.line) }, count: count) }
    }
}
