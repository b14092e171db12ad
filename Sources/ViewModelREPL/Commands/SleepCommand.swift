/// `sleep DURATION`: pause for real time, for paced demos.
package struct SleepCommand: TimedCommand {
    package static let spec = CommandSpec(
        SleepCommand.self, name: "sleep", usage: "sleep DURATION", summary: "pause for real time, for paced demos",
        members: [.positional(.duration, .duration)], takesTime: true, tool: nil)

    package var duration: Duration

    package init(_ duration: Duration) {
        self.duration = duration
    }

    package init(_ members: CommandMembers) throws(ReplError) {
        duration = try members.requiredDuration(.duration)
    }

    package var members: CommandMembers { CommandMembers((.duration, .duration(duration))) }

    package func runOverTime(in evaluator: Evaluator, tag: RequestTag) async throws(ReplError) -> Reply {
        evaluator.pushes.armWatches()
        try? await Task.sleep(for: duration)
        return .ok(Acknowledgement(Self.spec.name))
    }
}
