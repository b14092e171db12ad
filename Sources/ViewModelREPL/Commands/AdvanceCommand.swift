/// `advance DURATION`: move the virtual clock forward, waking what sleeps until then.
package struct AdvanceCommand: TimedCommand {
    package static let spec = CommandSpec(
        AdvanceCommand.self, name: "advance", usage: "advance DURATION", summary: "move the virtual clock forward, waking what sleeps until then",
        members: [.positional(.duration, .duration)], takesTime: true,
        tool: .init("Advance virtual time", returns: "the virtual clock's new time, with the states that changed on the way", example: #"{"duration":"2s"}"#))

    package var duration: Duration

    package init(_ duration: Duration) {
        self.duration = duration
    }

    package init(_ members: CommandMembers) throws(ReplError) {
        duration = try members.requiredDuration(.duration)
    }

    package var members: CommandMembers { CommandMembers((.duration, .duration(duration))) }

    package func runOverTime(in evaluator: Evaluator, tag: RequestTag) async throws(ReplError) -> Reply {
        .clock(now: try await evaluator.time.advance(by: duration))
    }
}
