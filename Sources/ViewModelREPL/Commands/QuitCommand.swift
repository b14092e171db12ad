/// `quit` (or `exit`): finish what is in flight and end the session.
package struct QuitCommand: TimedCommand {
    /// It takes time: the session finishes the loads in flight before it ends.
    package static let spec = CommandSpec(
        QuitCommand.self, name: "quit", aliases: ["exit"], usage: "quit", summary: "finish what is in flight and end the session", takesTime: true,
        leavesNoStep: true, tool: nil)

    package init() {}
    package init(_: CommandMembers) {}

    package func runOverTime(in evaluator: Evaluator, tag: RequestTag) async throws(ReplError) -> Reply {
        evaluator.quitRequested = true
        return .ok(Acknowledgement(Self.spec.name))
    }
}
