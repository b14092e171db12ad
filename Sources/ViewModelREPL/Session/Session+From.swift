extension Session {
    /// Opens the session at a step of a trace (`--from=FILE@STEP`): replays the steps up to it
    /// quietly, each reply compared with the one recorded (its state too, where the trace kept
    /// it). `nil` when every step repeated; else, in words, the first that did not and what differed.
    package func open(from start: TraceStart) async -> String? {
        output.isQuiet = true
        // A trap while replaying answers no line of this session's input.
        EmergencyFlush.answerCrashes(false)
        defer {
            EmergencyFlush.answerCrashes()
            output.isQuiet = false
        }
        let lines = JSONLineBuilder()
        let writer = ProtocolWriter(output: lines)
        for (index, step) in start.steps.enumerated() {
            let reply = await handle(line: step.text, number: index + 1)
            guard let reply else {
                return Messages.fromDiverged(start.file, step: step.number, command: step.text, difference: Messages.fromNoReply)
            }
            writer.render(OutputValue(seq: 0, reply: reply, tag: nil, push: false))
            guard case .object(let members) = lines.line else { continue }
            let said = JSONValue.object(members.filter { !TraceStart.placeMembers.contains($0.key) })
            if let difference = Self.difference(recorded: step, now: said, state: lines.line["state"]) {
                return Messages.fromDiverged(start.file, step: step.number, command: step.text, difference: difference)
            }
        }
        return nil
    }

    /// Where a reply replayed differs from the one recorded, in words; `nil` when it does not.
    private static func difference(recorded step: TraceStart.Step, now said: JSONValue, state: JSONValue?) -> String? {
        if step.isCut { return step.reply["type"] == said["type"] ? nil : Messages.fromDifference(path: "type", was: step.reply["type"], now: said["type"]) }
        if let first = JSONPatch.differences(from: step.reply, to: said).first {
            return Messages.fromDifference(path: first.statePath(after: ""), was: first.old, now: first.new)
        }
        if let recordedState = step.state, let state, let first = JSONPatch.differences(from: recordedState, to: state).first {
            return Messages.fromDifference(path: first.statePath(after: "state"), was: first.old, now: first.new)
        }
        return nil
    }
}
