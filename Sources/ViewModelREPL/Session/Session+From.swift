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
        var start = start
        for step in start.steps {
            // Line 0: the session's own lines are numbered from 1, as a driver counts them.
            let reply = await handle(line: step.text, number: 0)
            guard let reply else {
                return Messages.fromDiverged(start.file, step: step.number, command: step.text, difference: Messages.fromNoReply)
            }
            writer.render(OutputValue(seq: 0, reply: reply, tag: nil, push: false))
            guard case .object(let members) = lines.line else { continue }
            let said = JSONValue.object(members.filter { !TraceStart.placeMembers.contains($0.key) })
            if let difference = Self.difference(recorded: step, state: start.state(of: step), now: said, showing: lines.line["state"]) {
                return Messages.fromDiverged(start.file, step: step.number, command: step.text, difference: difference)
            }
        }
        return nil
    }

    /// Where a reply replayed differs from the one recorded, in words; `nil` when it does not.
    private static func difference(recorded step: TraceStart.Step, state recordedState: JSONValue?, now said: JSONValue, showing state: JSONValue?) -> String? {
        if step.isCut { return step.reply["type"] == said["type"] ? nil : Messages.fromDifference(path: "type", was: step.reply["type"], now: said["type"]) }
        if let first = JSONPatch.differences(from: step.reply, to: said).first {
            return Messages.fromDifference(path: first.statePath(after: ""), was: first.old, now: first.new)
        }
        if let recordedState, let state, let first = JSONPatch.differences(from: recordedState, to: state).first {
            return Messages.fromDifference(path: first.statePath(after: "state"), was: first.old, now: first.new)
        }
        return nil
    }
}
